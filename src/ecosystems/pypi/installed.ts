// The packages installed in a project's Python environments: `.venv`, `venv`,
// `env` in the project, and `$VIRTUAL_ENV`, each a directory with a
// `pyvenv.cfg`. Their site-packages are read through the distributions'
// metadata (`*.dist-info/METADATA` or `*.egg-info/PKG-INFO` for name and
// version, `top_level.txt` or `RECORD` for the import names), never by running
// the environment's Python.

import fs from 'node:fs';
import path from 'node:path';
import type { InstalledPackage } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { CAPS, isInside, readGuardedText } from '../../scan/read.js';
import { listDir, MAX_PACKAGES, shown, validName, validVersion } from '../installed.js';

const VENV_NAMES = ['.venv', 'venv', 'env'];

/** A distribution's metadata directory in site-packages: `PyJWT-2.6.0.dist-info` → name, version, kind. */
export const DIST_DIR = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/;

/** The project's environments (real paths): directories holding a pyvenv.cfg. */
export function environments(project: string): string[] {
  const dirs = VENV_NAMES.map((n) => path.join(project, n));
  const active = process.env.VIRTUAL_ENV;
  if (active && path.isAbsolute(active)) dirs.push(active);
  const out: string[] = [];
  for (const d of dirs) {
    try {
      const real = fs.realpathSync(d);
      if (!out.includes(real) && fs.statSync(path.join(real, 'pyvenv.cfg')).isFile()) out.push(real);
    } catch {
      /* not an environment */
    }
  }
  return out;
}

export function pypiInstalled(project: string, problems: Problem[]): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  for (const env of environments(project)) {
    const cfg = readGuardedText(path.join(env, 'pyvenv.cfg'), env, CAPS.metadata);
    const home = cfg === null ? null : /^home\s*=\s*(.+)$/m.exec(cfg)?.[1].trim();
    if (home && !fs.existsSync(home)) {
      problems.push({ path: shown(project, env), problem: `pyvenv.cfg names an interpreter that is not on this machine (${home.slice(0, 200)}); its packages are read, no interpreter is run` });
    }
    for (const sp of sitePackages(env)) {
      for (const d of listDir(sp)) {
        if (out.length >= MAX_PACKAGES) return out;
        const m = DIST_DIR.exec(d);
        if (m) out.push(...distribution(project, sp, d, m[3] === 'dist-info', problems));
      }
    }
  }
  return out;
}

/** The package of one of the project's environments a file is in, by the metadata of the distribution that installed it. */
export function pypiInstalledAt(file: string, project: string): InstalledPackage | null {
  let real: string;
  try {
    real = fs.realpathSync(file);
  } catch {
    return null;
  }
  for (const env of environments(project)) {
    for (const sp of sitePackages(env)) {
      if (!isInside(real, sp) || real === sp) continue;
      const top = path.relative(sp, real).split(path.sep)[0].replace(/\.py$/, '');
      for (const d of listDir(sp)) {
        const m = DIST_DIR.exec(d);
        if (!m || !importNames(sp, d).includes(top)) continue;
        return distribution(project, sp, d, m[3] === 'dist-info', []).find((p) => path.basename(p.root).replace(/\.py$/, '') === top) ?? null;
      }
    }
  }
  return null;
}

/** `lib/python3.X/site-packages` (and lib64, Windows' `Lib`) of an environment. */
function sitePackages(env: string): string[] {
  const out: string[] = [];
  for (const lib of ['lib', 'lib64']) for (const py of listDir(path.join(env, lib))) if (/^python3(\.\d+)?$/.test(py)) out.push(path.join(env, lib, py, 'site-packages'));
  out.push(path.join(env, 'Lib', 'site-packages'));
  const real: string[] = [];
  for (const p of out) {
    try {
      const r = fs.realpathSync(p);
      if (!real.includes(r) && isInside(r, env)) real.push(r);
    } catch {
      /* absent */
    }
  }
  return real;
}

/** One installed distribution: a package per import name it installs (a directory or a one-module file). */
function distribution(project: string, sp: string, dir: string, distInfo: boolean, problems: Problem[]): InstalledPackage[] {
  const meta = readGuardedText(path.join(sp, dir, distInfo ? 'METADATA' : 'PKG-INFO'), sp, CAPS.manifest);
  // (the headers end at the first blank line; the description after them can be long)
  const head = meta === null ? '' : meta.slice(0, meta.search(/\r?\n\r?\n/) >>> 0);
  const name = /^Name:\s*(.+)$/m.exec(head)?.[1].trim();
  const version = /^Version:\s*(.+)$/m.exec(head)?.[1].trim();
  if (!validName(name) || !validVersion(version)) {
    problems.push({ path: shown(project, path.join(sp, dir)), problem: 'metadata has no usable Name and Version (missing, path separators or `..`); skipped' });
    return [];
  }
  const out: InstalledPackage[] = [];
  for (const top of importNames(sp, dir)) {
    for (const candidate of [path.join(sp, top), path.join(sp, `${top}.py`)]) {
      let real: string;
      try {
        real = fs.realpathSync.native(candidate);
      } catch {
        continue;
      }
      if (!isInside(real, sp)) {
        problems.push({ path: shown(project, candidate), problem: 'symlink points outside the environment; not read' });
        break;
      }
      out.push({ name, version, root: real });
      break;
    }
  }
  return out;
}

/** The import names a distribution installs: top_level.txt, else the first components of RECORD's paths. */
function importNames(sp: string, dir: string): string[] {
  const valid = (n: string) => /^[A-Za-z_][\w]*$/.test(n);
  const top = readGuardedText(path.join(sp, dir, 'top_level.txt'), sp, CAPS.metadata);
  if (top !== null) return [...new Set(top.split(/\r?\n/).map((s) => s.trim()).filter(valid))];
  const record = readGuardedText(path.join(sp, dir, 'RECORD'), sp, CAPS.manifest);
  const names = new Set<string>();
  for (const line of (record ?? '').split(/\r?\n/)) {
    const first = line.split(',')[0].split('/')[0].replace(/\.py$/, '');
    if (valid(first) && first !== '__pycache__') names.add(first);
  }
  return [...names];
}
