// The analyze pipeline: walk → read + hash → cache or parse (worker pool) →
// assemble → store. An unchanged tree (same files, same analyzer) is detected
// by its fingerprint and nothing is parsed or rewritten.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble, type AssembleFile } from '../record/assemble.js';
import type { FileAnalysis } from '../languages/types.js';
import type { SqliteStore } from '../store/sqlite.js';
import { decodeSource } from './detect.js';
import { findGit } from './git.js';
import { detectPackage } from './package.js';
import { createPool, type Pool } from './pool.js';
import { walkTree, type Problem } from './walk.js';
import { UserError } from '../cli/errors.js';
import { languageFor } from '../languages/index.js';

export interface AnalyzeOptions {
  repo?: string;
  includeTests?: boolean;
  maxFileSize?: number;
  threads?: number;
  onProgress?: (done: number, total: number) => void;
  /** Reuse a pool across runs (benchmarks); otherwise one is created and closed. */
  pool?: Pool;
}

export interface AnalyzeSummary {
  repo: string;
  sha: string | null;
  package: string | null;
  version: string | null;
  /** Put in front of paths relative to PATH to get record file paths. */
  pathPrefix: string;
  files: number;
  bytes: number;
  parsed: number;
  cached: number;
  sites: number;
  records: number;
  unchanged: boolean;
  problems: Problem[];
  skipped: Record<string, number>;
  ms: number;
}

export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;

export async function analyzeTree(rootArg: string, store: SqliteStore, opts: AnalyzeOptions = {}): Promise<AnalyzeSummary> {
  const t0 = performance.now();
  const target = path.resolve(rootArg);
  if (!fs.existsSync(target)) throw new UserError(`path not found: ${rootArg}`);
  // A single file (a one-module package such as site-packages/six.py) is a tree of one file.
  const single = fs.statSync(target).isFile() ? path.basename(target) : null;
  const root = single ? path.dirname(target) : target;
  if (single && !languageFor(single)) throw new UserError(`not a supported source file: ${rootArg}`);

  const pkg = detectPackage(target);
  // An installed dependency is identified as its package, not as the project whose git repo holds it.
  const installed = /(^|[/\\])(node_modules|site-packages|dist-packages)[/\\]/.test(target);
  const git = installed && pkg ? null : findGit(root);
  const repo = opts.repo ?? git?.repo ?? pkg?.repo ?? pkg?.name ?? path.basename(root);
  if (opts.repo && !/^[^\s/]+(\/[^\s/]+)?$/.test(opts.repo)) throw new UserError(`--repo must look like owner/name, got "${opts.repo}"`);
  const sha = git?.sha ?? null;
  // File paths are relative to the repository top (so permalinks work), or read as in the package's repo.
  const pathPrefix = git ? toPosix(path.relative(git.top, root)).replace(/^(.+)$/, '$1/') : pkg?.pathPrefix ?? '';

  const walk = walkTree(root, { includeTests: !!opts.includeTests, maxFileSize: opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE, only: single ?? undefined });
  const problems = [...walk.problems];
  const skipped = { ...walk.skipped };
  const version = analyzerVersion();

  // Read, hash and decode every file; the fingerprint covers contents and the analyzer.
  const fp = createHash('sha256').update(version).update(pathPrefix);
  const loaded: { rel: string; language: string; text: string; generated: boolean; minified: boolean; key: string }[] = [];
  let bytes = 0;
  for (const f of walk.files) {
    let buf: Buffer;
    try {
      buf = fs.readFileSync(f.abs);
    } catch (e) {
      problems.push({ path: f.rel, problem: `cannot read: ${(e as NodeJS.ErrnoException).code ?? e}` });
      continue;
    }
    const decoded = decodeSource(buf);
    if ('problem' in decoded) {
      if (decoded.skipReason) skipped[decoded.skipReason] = (skipped[decoded.skipReason] ?? 0) + 1;
      problems.push({ path: f.rel, problem: decoded.problem });
      continue;
    }
    if (decoded.minified) problems.push({ path: f.rel, problem: `${decoded.minified}; analyzed, records tagged minified` });
    bytes += buf.length;
    const key = `${createHash('sha256').update(buf).digest('hex')}:${f.language}:${path.extname(f.rel)}:${version}`;
    fp.update(f.rel).update('\0').update(key).update('\0');
    loaded.push({ rel: f.rel, language: f.language, text: decoded.text, generated: decoded.generated, minified: !!decoded.minified, key });
  }
  const fingerprint = fp.digest('hex');
  const base = { repo, sha, package: pkg?.name ?? null, version: pkg?.version ?? null, pathPrefix, files: loaded.length, bytes, problems, skipped };

  const previous = store.getTree(repo, sha);
  if (previous && previous.fingerprint === fingerprint) {
    return { ...base, parsed: 0, cached: loaded.length, sites: -1, records: previous.records, unchanged: true, ms: performance.now() - t0 };
  }

  const cached = store.getCached(loaded.map((l) => l.key));
  const misses = loaded.filter((l) => !cached.has(l.key));
  const analyses = new Map<string, FileAnalysis>();
  for (const l of loaded) if (cached.has(l.key)) analyses.set(l.rel, cached.get(l.key)!);

  // Starting workers costs more than parsing a small tree: below ~1 MB of changed source, stay in-process.
  const missBytes = misses.reduce((n, m) => n + m.text.length, 0);
  const pool = opts.pool ?? createPool(missBytes < 1024 * 1024 ? 0 : opts.threads);
  try {
    let done = loaded.length - misses.length;
    opts.onProgress?.(done, loaded.length);
    const keyOf = new Map(misses.map((m) => [m.rel, m.key]));
    await pool.run(misses.map(({ rel, language, text }) => ({ rel, language, text })), (outcomes) => {
      const fresh: [string, FileAnalysis][] = [];
      for (const o of outcomes) {
        if ('error' in o) {
          problems.push({ path: o.rel, problem: o.error });
          continue;
        }
        analyses.set(o.rel, o.analysis);
        if (o.analysis.syntaxErrorLine) problems.push({ path: o.rel, problem: `syntax error near line ${o.analysis.syntaxErrorLine}; analyzed what parsed` });
        fresh.push([keyOf.get(o.rel)!, o.analysis]);
      }
      store.putCached(fresh);
      done += outcomes.length;
      opts.onProgress?.(done, loaded.length);
    });
  } finally {
    if (!opts.pool) await pool.close();
  }

  const files: AssembleFile[] = [];
  for (const l of loaded) {
    const analysis = analyses.get(l.rel);
    if (analysis) files.push({ rel: l.rel, language: l.language, text: l.text, generated: l.generated, minified: l.minified, analysis });
  }
  const analyzedAt = new Date().toISOString();
  const out = assemble({ repo, sha, package: pkg?.name ?? null, version: pkg?.version ?? null, pathPrefix, analyzedAt }, files);
  const entryDirs = (pkg?.entryDirs ?? []).map((d) => pathPrefix + d);
  store.replaceTree({ repo, sha, root, package: pkg?.name ?? null, version: pkg?.version ?? null, entryDirs }, fingerprint, loaded.length, out.records, out.templates);
  return { ...base, parsed: misses.length, cached: loaded.length - misses.length, sites: out.sites, records: out.records.length, unchanged: false, ms: performance.now() - t0 };
}

let cachedVersion: string | undefined;
/**
 * The analyzer's identity: a hash of the code that turns source into analyses.
 * Any change to a frontend or the template IR invalidates the file cache.
 */
export function analyzerVersion(): string {
  if (cachedVersion) return cachedVersion;
  const h = createHash('sha256');
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const dir of [path.join(here, '../languages'), path.join(here, '../template')]) {
    for (const f of fs.readdirSync(dir).sort()) if (/\.[jt]s$/.test(f)) h.update(f).update(fs.readFileSync(path.join(dir, f)));
  }
  return (cachedVersion = h.digest('hex').slice(0, 16));
}

const toPosix = (p: string) => p.split(path.sep).join('/');
