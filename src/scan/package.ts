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
   * `main`, `exports` and `module`, `require` targets first (see loadedFrom for
   * the files those load). When a package ships the same code several times
   * (TypeScript sources, CJS, ESM, browser bundles), these name the copy that runs.
   */
  entryDirs: string[];
}

/**
 * An entry file or directory (ending in `/`) the package declares, or a file an
 * entry file loads (`from`: the index of that entry among the declared ones).
 */
export type EntryPoint = string | { file: string; from: number };

/**
 * How close a file is to the package's entry points: 1 for the first (require/main) entry, falling
 * to 0; a file an entry loads ranks just below that entry, and all files one entry loads rank alike.
 * A minified bundle counts only when an entry names it (it sits beside the copy that runs).
 */
export function entryRanker(entries: EntryPoint[]): (file: string) => number {
  const declared = entries.filter((e): e is string => typeof e === 'string');
  const loaded = new Map<string, number>();
  for (const e of entries) if (typeof e !== 'string' && !loaded.has(e.file)) loaded.set(e.file, 1 / (2 + e.from));
  return (file) => {
    const minified = /\.min\.[cm]?js$/.test(file);
    const i = declared.findIndex((e) => (e.endsWith('/') ? !minified && file.startsWith(e) : file === e));
    return Math.max(i < 0 ? 0 : 1 / (1 + i), loaded.get(file) ?? 0);
  };
}

export function detectPackage(root: string): PackageInfo | null {
  const pj = path.join(root, 'package.json');
  if (fs.existsSync(pj)) {
    let info: PackageInfo | null = null;
    try {
      const p = JSON.parse(fs.readFileSync(pj, 'utf8')) as {
        name?: string; version?: string; repository?: string | { url?: string }; main?: string; module?: string; exports?: unknown;
      };
      if (p.name) {
        const url = typeof p.repository === 'string' ? p.repository : p.repository?.url;
        // `"main": "index"` names index.js, as Node resolves it.
        const main = p.main ? (resolveRelative(root, p.main.replace(/^\.\//, '')) ?? p.main) : undefined;
        const entries = entryDirs({ ...p, main });
        info = { name: p.name, version: p.version ?? null, repo: url ? repoFromUrl(url) : null, pathPrefix: '', entryDirs: entries };
      }
    } catch {
      /* not a usable package.json */
    }
    if (info) return info;
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
    const dists = fs.readdirSync(sitePackages).flatMap((e) => {
      const m = /^(.+?)-([^-]+?)\.(dist-info|egg-info)$/.exec(e);
      return m ? [{ dir: e, dist: m[1], version: m[2] }] : [];
    });
    const named = dists.find((d) => d.dist.toLowerCase().replace(/[-_.]+/g, '_') === norm);
    if (named) return named.version;
    // Top-level module names often differ from distribution names (jwt ← PyJWT): read top_level.txt.
    for (const d of dists) {
      const tl = path.join(sitePackages, d.dir, 'top_level.txt');
      if (fs.existsSync(tl) && fs.readFileSync(tl, 'utf8').split('\n').map((s) => s.trim()).includes(name)) return d.version;
    }
  } catch {
    /* no version */
  }
  return null;
}

/**
 * Entry files and directories, best first: what `require('pkg')` loads in Node, then what
 * `import` loads, then the other exported subpaths, then `main`/`module` as bundlers read them.
 * Files are listed as themselves, directories end with `/`.
 */
function entryDirs(p: { main?: string; module?: string; exports?: unknown }): string[] {
  const targets: string[] = [];
  if (p.exports != null) {
    // Node ignores `main` once `exports` exists and takes the first condition, in the object's own
    // order, that it supports.
    const root = rootExport(p.exports);
    for (const conds of [REQUIRE, IMPORT]) {
      const t = resolveExport(root, conds, 0);
      if (t) targets.push(t);
    }
    if (isSubpathMap(p.exports)) {
      for (const [k, v] of Object.entries(p.exports as Record<string, unknown>)) {
        const t = k === '.' ? null : resolveExport(v, REQUIRE, 0) ?? resolveExport(v, IMPORT, 0);
        if (t) targets.push(t);
      }
    }
  }
  if (p.main) targets.push(p.main);
  if (p.module) targets.push(p.module);
  const out: string[] = [];
  for (const t of targets.filter((x) => /\.[cm]?js$/.test(x))) {
    const file = path.posix.normalize(t.replace(/^\.\//, ''));
    const dir = path.posix.dirname(file);
    for (const e of [file, dir === '.' ? null : `${dir}/`]) if (e && !out.includes(e)) out.push(e);
  }
  return out;
}

/** How many files the walk from the entry points reads at most. */
const MAX_LOADED = 400;
const RELATIVE_LOAD = /\brequire\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/**
 * Files the entry files load through relative `require`/`import`, nearest first
 * (read when a tree's records are stored, not for an unchanged tree)
 * (`index.js` → `./commonjs/core.js`): the copy of the code that runs, when a
 * package ships several and its entry points name only a file at the top.
 * Read as text, never executed; specifiers resolve as Node resolves them.
 * `known`: texts already read (relative path → text), looked up before the disk.
 */
export function loadedFrom(root: string, declared: string[], known: ReadonlyMap<string, string> = new Map()): EntryPoint[] {
  const seen = new Set(declared);
  const queue = declared.map((file, from) => ({ file, from })).filter((e) => !e.file.endsWith('/'));
  const out: EntryPoint[] = [];
  for (let i = 0; i < queue.length && seen.size < MAX_LOADED; i++) {
    let text = known.get(queue[i].file);
    try {
      text ??= fs.readFileSync(path.join(root, queue[i].file), 'utf8');
    } catch {
      continue;
    }
    for (const m of text.matchAll(RELATIVE_LOAD)) {
      const file = resolveRelative(root, path.posix.join(path.posix.dirname(queue[i].file), m[1] ?? m[2] ?? m[3]), known);
      if (!file || seen.has(file)) continue;
      seen.add(file);
      const e = { file, from: queue[i].from };
      queue.push(e);
      out.push(e);
    }
  }
  return out;
}

function resolveRelative(root: string, rel: string, known: ReadonlyMap<string, string> = new Map()): string | null {
  const base = path.posix.normalize(rel);
  if (base.startsWith('..')) return null;
  for (const f of [base, `${base}.js`, `${base}.cjs`, `${base}.mjs`, `${base}/index.js`]) {
    if (!/\.[cm]?js$/.test(f)) continue;
    if (known.has(f)) return f;
    try {
      if (fs.statSync(path.join(root, f)).isFile()) return f;
    } catch {
      /* not there (or a file where a directory would be) */
    }
  }
  return null;
}

const REQUIRE = new Set(['node', 'require', 'default']);
const IMPORT = new Set(['node', 'import', 'default']);

const isSubpathMap = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('.'));

const rootExport = (v: unknown): unknown => (isSubpathMap(v) ? v['.'] : v);

/** The target Node picks for a conditional export under the given conditions, or null. */
function resolveExport(v: unknown, conds: Set<string>, depth: number): string | null {
  if (depth > 8 || v == null) return null;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) {
    for (const x of v) {
      const t = resolveExport(x, conds, depth + 1);
      if (t) return t;
    }
    return null;
  }
  if (typeof v !== 'object') return null;
  for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
    if (!conds.has(k)) continue;
    const t = resolveExport(x, conds, depth + 1);
    if (t) return t;
  }
  return null;
}
