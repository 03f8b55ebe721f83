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
   * Files and directories (ending in `/`) Node loads for this package, from
   * `main`, `exports` and `module`, `require` targets first. When a package
   * ships the same code several times (TypeScript sources, CJS, ESM, browser
   * bundles), these name the copy that runs.
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

/**
 * Entry files and directories, best first: what `require` (or `main`) loads,
 * then `node`/`default`, then `import`/`module`. Files are listed as
 * themselves, directories end with `/`.
 */
function entryDirs(p: { main?: string; module?: string; exports?: unknown }): string[] {
  const targets: { path: string; rank: number }[] = [];
  const rankOf = (k: string) => (k === 'require' ? 0 : k === 'node' ? 1 : k === 'default' ? 2 : k === 'import' ? 3 : 2);
  const walk = (v: unknown, rank: number, depth: number) => {
    if (depth > 6 || v == null) return;
    if (typeof v === 'string') targets.push({ path: v, rank });
    else if (Array.isArray(v)) v.forEach((x) => walk(x, rank, depth + 1));
    else if (typeof v === 'object') {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        if (k !== 'types' && k !== 'browser') walk(x, k.startsWith('.') ? rank : Math.max(rank, rankOf(k)), depth + 1);
      }
    }
  };
  if (p.main) targets.push({ path: p.main, rank: 0 });
  walk(p.exports, 0, 0);
  if (p.module) targets.push({ path: p.module, rank: 3 });
  const out: string[] = [];
  for (const t of targets.filter((x) => /\.[cm]?js$/.test(x.path)).sort((a, b) => a.rank - b.rank)) {
    const file = path.posix.normalize(t.path.replace(/^\.\//, ''));
    const dir = path.posix.dirname(file);
    for (const e of [file, dir === '.' ? null : `${dir}/`]) if (e && !out.includes(e)) out.push(e);
  }
  return out;
}
