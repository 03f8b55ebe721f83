// Is this tree an installed package? npm packages carry package.json; Python
// packages sit in site-packages/dist-packages next to their *.dist-info.

import fs from 'node:fs';
import path from 'node:path';
import { repoFromUrl } from './git.js';

export interface PackageInfo {
  name: string;
  version: string | null;
  /** `owner/name` from package metadata, when it names a repository. */
  repo: string | null;
  /** Prefix for file paths so they read as in the package's repository (Python: the package directory). */
  pathPrefix: string;
  /**
   * Directories holding the files Node loads for this package (from `main`,
   * `exports`, `module`), `require` targets first. When a package ships the same
   * code several times (TypeScript sources, CJS, ESM, browser bundles), these
   * name the copy that runs.
   */
  entryDirs: string[];
}

export function detectPackage(root: string): PackageInfo | null {
  const pj = path.join(root, 'package.json');
  if (fs.existsSync(pj)) {
    try {
      const p = JSON.parse(fs.readFileSync(pj, 'utf8')) as {
        name?: string; version?: string; repository?: string | { url?: string }; main?: string; module?: string; exports?: unknown;
      };
      if (p.name) {
        const url = typeof p.repository === 'string' ? p.repository : p.repository?.url;
        return { name: p.name, version: p.version ?? null, repo: url ? repoFromUrl(url) : null, pathPrefix: '', entryDirs: entryDirs(p) };
      }
    } catch {
      /* not a usable package.json */
    }
  }
  // Inside site-packages (at any depth: `lazr/uri`): paths start at site-packages.
  for (let dir = path.dirname(root), rel = path.basename(root); dir !== path.dirname(dir); rel = `${path.basename(dir)}/${rel}`, dir = path.dirname(dir)) {
    if (!/(site|dist)-packages$/.test(dir)) continue;
    const top = rel.split('/')[0];
    const isFile = fs.statSync(root).isFile();
    const name = isFile && !rel.includes('/') ? top.replace(/\.py$/, '') : top;
    const prefix = isFile ? rel.split('/').slice(0, -1).join('/') : rel;
    return { name, version: pythonVersion(dir, name), repo: null, pathPrefix: prefix ? `${prefix}/` : '', entryDirs: [] };
  }
  return null;
}

function pythonVersion(sitePackages: string, name: string): string | null {
  const norm = name.toLowerCase().replace(/[-_.]+/g, '_');
  try {
    for (const e of fs.readdirSync(sitePackages)) {
      const m = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/.exec(e);
      if (m && m[1].toLowerCase().replace(/[-_.]+/g, '_') === norm) return m[2];
    }
    // Top-level module names often differ from distribution names (jwt ← PyJWT): read top_level.txt.
    for (const e of fs.readdirSync(sitePackages)) {
      const m = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/.exec(e);
      if (!m) continue;
      const tl = path.join(sitePackages, e, 'top_level.txt');
      if (fs.existsSync(tl) && fs.readFileSync(tl, 'utf8').split('\n').map((s) => s.trim()).includes(name)) return m[2];
    }
  } catch {
    /* no version */
  }
  return null;
}

function entryDirs(p: { main?: string; module?: string; exports?: unknown }): string[] {
  const targets: string[] = [];
  // `require` and `node` conditions first: that is what a CommonJS caller (and most traces) run.
  const walk = (v: unknown, depth: number) => {
    if (depth > 6 || v == null) return;
    if (typeof v === 'string') targets.push(v);
    else if (Array.isArray(v)) v.forEach((x) => walk(x, depth + 1));
    else if (typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      const order = (k: string) => (k === 'require' ? 0 : k === 'node' ? 1 : k === 'default' ? 2 : k === 'import' ? 3 : 4);
      entries.sort((a, b) => order(a[0]) - order(b[0])).forEach(([k, x]) => k !== 'types' && walk(x, depth + 1));
    }
  };
  walk(p.exports, 0);
  if (p.main) targets.push(p.main);
  if (p.module) targets.push(p.module);
  const dirs = targets.filter((t) => /\.[cm]?js$/.test(t)).map((t) => path.posix.dirname(path.posix.normalize(t.replace(/^\.\//, ''))));
  return [...new Set(dirs)].filter((d) => d !== '.');
}
