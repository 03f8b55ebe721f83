// npm's manifests: a package.json names the package, its version and repository, and its entry
// points (`main`, `exports`, `module`); the files those load name the copy of the code that runs.
// Imported on first use (npm.manifest()), by analyze only.

import fs from 'node:fs';
import path from 'node:path';
import type { ManifestReader, PackageInfo } from '../../core/ecosystem.js';
import type { EntryPoint } from '../../core/store.js';
import { repoFromUrl } from '../../scan/git.js';
import { packageRevision, vTag } from '../revision.js';
import { npmInstalled, npmInstalledAt } from './installed.js';
import { CAPS, readGuardedText } from '../../scan/read.js';

function detect(root: string): PackageInfo | null {
  const text = readGuardedText(path.join(root, 'package.json'), root, CAPS.manifest);
  if (text !== null) {
    let info: PackageInfo | null = null;
    try {
      const p = JSON.parse(text) as {
        name?: string; version?: string; repository?: string | { url?: string }; gitHead?: unknown; main?: string; module?: string; exports?: unknown;
      };
      if (p.name) {
        const url = typeof p.repository === 'string' ? p.repository : p.repository?.url;
        // `"main": "index"` names index.js, as Node resolves it; with neither `main` nor `exports`,
        // `require('pkg')` loads the package's index.js.
        const main = p.main ? (resolveRelative(root, p.main.replace(/^\.\//, '')) ?? p.main)
          : p.exports === undefined ? (resolveRelative(root, 'index') ?? undefined) : undefined;
        const entries = entryDirs({ ...p, main });
        const repo = url ? repoFromUrl(url) : null;
        // (`gitHead` is what npm publish records of the commit it packed)
        const revision = packageRevision(repo, p.gitHead, vTag(p.version ?? null));
        info = { name: p.name, version: p.version ?? null, repo, revision, pathPrefix: '', entryDirs: entries };
      }
    } catch {
      /* not a usable package.json */
    }
    if (info) return info;
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
function loadedFrom(root: string, declared: string[], known: ReadonlyMap<string, string> = new Map()): EntryPoint[] {
  const seen = new Set(declared);
  const queue = declared.map((file, from) => ({ file, from })).filter((e) => !e.file.endsWith('/'));
  const out: EntryPoint[] = [];
  for (let i = 0; i < queue.length && seen.size < MAX_LOADED; i++) {
    const text = known.get(queue[i].file) ?? readGuardedText(path.join(root, queue[i].file), root, CAPS.source);
    if (text === null) continue;
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

export const manifest: ManifestReader = {
  detect, loadedFrom, installed: npmInstalled, installedAt: npmInstalledAt, installRoots: (project) => [path.join(project, 'node_modules')],
};
