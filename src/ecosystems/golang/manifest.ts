// A Go tree's identity and its installed modules, from files alone: `go.mod`'s `module` line,
// `vendor/modules.txt`'s `# module version` lines, the module cache's `<module>@<version>`
// directories, the Go root's `VERSION`. A `go.mod` names paths (`replace … => ../x`): none is
// followed, so nothing outside the project and the module cache is read. Imported on first use
// (golang.manifest()), by analyze and index only.

import { packageRevision } from '../revision.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InstalledPackage, ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import type { Problem } from '../../core/store.js';
import { CAPS, isInside, readGuardedText } from '../../scan/read.js';
import { MAX_PACKAGES, shown, validVersion } from '../installed.js';
import { moduleInPath, unescapeModule, vendoredModule } from './paths.js';

/** A module path as go.mod writes it: no `..`, no spaces, at most 300 characters. */
const validModule = (m: string): boolean => m.length <= 300 && /^[A-Za-z0-9][\w.~/-]*$/.test(m) && !m.split('/').includes('..');

/** `module example.com/x` of a go.mod text, or null. */
export function moduleOf(text: string): string | null {
  const m = /^module\s+"?([^\s"]+)"?\s*$/m.exec(text);
  return m && validModule(m[1]) ? m[1] : null;
}

/** `require` lines of a go.mod (block or single), as module → version. */
export function requiresOf(text: string): { module: string; version: string }[] {
  const out: { module: string; version: string }[] = [];
  const line = /^\s*(?:require\s+)?([A-Za-z0-9][\w.~/-]*)\s+(v[0-9][\w.+-]*)(?:\s*\/\/.*)?$/;
  let inBlock = false;
  for (const l of text.split('\n')) {
    const t = l.trim();
    if (/^require\s*\($/.test(t)) inBlock = true;
    else if (inBlock && t === ')') inBlock = false;
    else if (inBlock || t.startsWith('require ')) {
      const m = line.exec(t);
      if (m && validModule(m[1]) && validVersion(m[2])) out.push({ module: m[1], version: m[2] });
    }
  }
  return out;
}

const readText = (file: string, within: string): string | null => {
  try {
    return readGuardedText(file, within, CAPS.metadata);
  } catch {
    return null;
  }
};

function detect(root: string): PackageInfo | null {
  const r = root.replace(/\\/g, '/');
  const inCache = /^(.*\/pkg\/mod\/)((?:[^/@]+\/)*?[^/@]+)@([^/]+)(\/.*)?$/.exec(r);
  if (inCache) {
    const sub = (inCache[4] ?? '').replace(/^\//, '');
    const version = validVersion(inCache[3]) ? inCache[3] : null;
    const repo = repoOf(unescapeModule(inCache[2]));
    // (a pseudo-version ends in the commit it was cut from: v0.0.0-20230101000000-0123456789ab)
    const revision = packageRevision(repo, version && /-([0-9a-f]{12})$/.exec(version)?.[1], version);
    return { name: unescapeModule(inCache[2]), version, repo, revision, pathPrefix: sub ? `${sub}/` : '', entryDirs: [] };
  }
  const vendored = /\/vendor\/(.+)$/.exec(r);
  // (a vendor/ of Go's has its modules.txt; other layouts use the name too: Composer's)
  if (vendored && fs.existsSync(path.join(r.slice(0, vendored.index + '/vendor'.length), 'modules.txt'))) {
    const mod = vendoredModule(vendored[1]);
    const sub = vendored[1].slice(mod.length).replace(/^\//, '');
    return { name: mod, version: null, repo: repoOf(mod), revision: null, pathPrefix: sub ? `${sub}/` : '', entryDirs: [] };
  }
  let stat: fs.Stats;
  try {
    stat = fs.statSync(root);
  } catch {
    return null;
  }
  if (!stat.isDirectory()) return null;
  const gomod = readText(path.join(root, 'go.mod'), root);
  const mod = gomod === null ? null : moduleOf(gomod);
  if (mod === 'std') {
    // the Go root's src/: its VERSION is one directory up (`go1.19.8`)
    const v = readText(path.join(root, '..', 'VERSION'), path.dirname(root))?.split('\n')[0].trim() ?? null;
    // (the Go repository tags each release as its VERSION spells it)
    return { name: 'std', version: v && validVersion(v) ? v : null, repo: 'golang/go', revision: packageRevision('golang/go', null, v), pathPrefix: '', entryDirs: [] };
  }
  if (mod) return { name: mod, version: null, repo: repoOf(mod), revision: null, pathPrefix: '', entryDirs: [] };
  // GOPATH: `…/src/<import path>`
  const gopath = /\/src\/((?:[^/]+\.[^/]+)\/[^/]+\/[^/]+)(\/.*)?$/.exec(r);
  if (gopath && root.endsWith('.go') === false && fs.readdirSync(root).some((f) => f.endsWith('.go'))) {
    const sub = (gopath[2] ?? '').replace(/^\//, '');
    return { name: gopath[1], version: null, repo: repoOf(gopath[1]), revision: null, pathPrefix: sub ? `${sub}/` : '', entryDirs: [] };
  }
  return null;
}

/** `github.com/owner/name/…` → `owner/name`. */
function repoOf(mod: string): string | null {
  const m = /^github\.com\/([^/]+)\/([^/]+)/.exec(mod);
  return m ? `${m[1]}/${m[2]}` : null;
}

/** The module cache: $GOMODCACHE, else $GOPATH/pkg/mod, else ~/go/pkg/mod. */
function modCache(): string | null {
  const env = process.env.GOMODCACHE || (process.env.GOPATH ? path.join(process.env.GOPATH.split(path.delimiter)[0], 'pkg', 'mod') : path.join(os.homedir(), 'go', 'pkg', 'mod'));
  return env && path.isAbsolute(env) && fs.existsSync(env) ? env : null;
}

const escapeModule = (m: string): string => m.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);

function installed(project: string, problems: Problem[]): InstalledPackage[] {
  const out: InstalledPackage[] = [];
  const vendor = path.join(project, 'vendor');
  const txt = readText(path.join(vendor, 'modules.txt'), project);
  if (txt !== null) {
    for (const m of txt.matchAll(/^# (\S+) (v\S+)(?: => .*)?$/gm)) {
      if (out.length >= MAX_PACKAGES) break;
      if (!validModule(m[1]) || !validVersion(m[2])) continue;
      const dir = path.join(vendor, ...m[1].split('/'));
      if (fs.existsSync(dir) && isInside(fs.realpathSync(dir), fs.realpathSync(project))) out.push({ name: m[1], version: m[2], root: fs.realpathSync(dir) });
    }
    return out;
  }
  const gomod = readText(path.join(project, 'go.mod'), project);
  if (gomod === null) return out;
  const cache = modCache();
  for (const r of requiresOf(gomod)) {
    if (out.length >= MAX_PACKAGES) break;
    const dir = cache ? path.join(cache, ...`${escapeModule(r.module)}@${r.version}`.split('/')) : null;
    if (dir && fs.existsSync(dir)) out.push({ name: r.module, version: r.version, root: fs.realpathSync(dir) });
    else problems.push({ path: shown(project, path.join(project, 'go.mod')), problem: `${r.module} ${r.version} is required but not in the module cache or vendor/` });
  }
  return out;
}

function installRoots(project: string): string[] {
  const out: string[] = [];
  const vendor = path.join(project, 'vendor');
  if (fs.existsSync(vendor)) out.push(fs.realpathSync(vendor));
  return out;
}

function installedAt(file: string, project: string): InstalledPackage | null {
  const m = moduleInPath(file);
  if (!m) return null;
  const f = file.replace(/\\/g, '/');
  const cached = /^(.*\/pkg\/mod\/(?:[^/@]+\/)*?[^/@]+)@([^/]+)\//.exec(f);
  if (cached) return validVersion(cached[2]) ? { name: m.name, version: cached[2], root: `${cached[1]}@${cached[2]}` } : null;
  const vendor = path.join(project, 'vendor');
  const root = path.join(vendor, ...m.name.split('/'));
  const txt = readText(path.join(vendor, 'modules.txt'), project);
  const v = txt === null ? null : new RegExp(`^# ${m.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} (v\\S+)`, 'm').exec(txt)?.[1] ?? null;
  return f.startsWith(root.replace(/\\/g, '/') + '/') && v ? { name: m.name, version: v, root } : null;
}

export const manifest: ManifestReader = { detect, installed, installedAt, installRoots };
