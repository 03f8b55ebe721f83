// The analyze pipeline: walk → read + hash → cache or parse (worker pool) →
// assemble → store. An unchanged tree (same files, same analyzer) is detected
// by its fingerprint and nothing is parsed or rewritten; when the walk's file
// stats are as at the last full read, not even read (see statFingerprint).

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { badInput } from '../core/errors.js';
import type { FileAnalysis } from '../core/site.js';
import type { Problem, ReplacedTree, StatCheck, Store } from '../core/store.js';
import { detectPackage, isInstalledPath } from '../ecosystems/registry.js';
import { languageFor, loadAnalyzers } from '../languages/registry.js';
import { fileKey } from '../match/row.js';
import { assemble, type AssembleFile } from '../record/assemble.js';
import { analyzerVersion, pipelineStamp, pipelineVersion } from './code-version.js';
import { addImportedCalls } from './imported-calls.js';
import { RACY_MS, treeCheck } from './tree-check.js';
import { sha256Hex } from '../record/ids.js';
import { localeTable } from '../record/locale.js';
import type { FileJob, FileOutcome } from '../scan/analyze-file.js';
import { decodeSource } from '../scan/detect.js';
import { findGit } from '../scan/git.js';
import { BatchFeeder, createPool, type Pool } from '../scan/pool.js';
import { DEFAULT_MAX_FILE_SIZE, readGuarded } from '../scan/read.js';
import { walkArchive, walkTree, type FileEntry } from '../scan/walk.js';
import { archivePath } from '../scan/zip.js';

export interface AnalyzeOptions {
  repo?: string;
  includeTests?: boolean;
  maxFileSize?: number;
  threads?: number;
  onProgress?: (done: number, total: number) => void;
  /** Reuse a pool across runs (benchmarks); otherwise one is created and closed. */
  pool?: Pool;
  /** Assemble and store only once this settles (analyzeTrees: trees are written in order). */
  writeAfter?: Promise<unknown>;
  /** Read and hash every file even when their stats say the tree is unchanged. */
  verify?: boolean;
  /** Directories not walked, by real path (see WalkOptions.exclude). */
  exclude?: ReadonlySet<string>;
  /**
   * The tree is this installed package (`errdex index`): it is identified by ecosystem, name,
   * version and its file list (paths and sizes), wherever it is installed, and a tree stored
   * under that identity is reused without reading a file.
   */
  asPackage?: { ecosystem: string; name: string; version: string };
  /** Take the tree's check (pipeline/tree-check.ts) with this salt: `errdex index` keeps it, and trusts it next time. */
  checkSalt?: string;
}

export interface AnalyzeSummary {
  repo: string;
  sha: string | null;
  /**
   * Where the tree is, which with repo and sha is what it is (see TreeKey): with a commit, the path
   * of PATH inside the repository ('' the top); without, PATH's absolute path.
   */
  path: string;
  package: string | null;
  version: string | null;
  /** Put in front of paths relative to PATH to get record file paths. */
  pathPrefix: string;
  files: number;
  bytes: number;
  parsed: number;
  cached: number;
  /** Files whose text cannot hold a site (see Language.cannotRaise): not parsed. */
  cannotRaise: number;
  sites: number;
  records: number;
  unchanged: boolean;
  /**
   * How an unchanged tree was recognised: by its files' stats (nothing read), by their contents,
   * or as the same package version with the same files, stored from another install (asPackage).
   */
  unchangedBy: 'stats' | 'contents' | 'package' | null;
  /** The trees whose records this analysis replaced (this tree's previous records; the same checkout stored under another name). */
  replaced: ReplacedTree[];
  /** With `checkSalt`: the stats this walk read, for the next run to trust (null: an archive, or something unreadable). */
  check?: string | null;
  /** The stored tree's fingerprint (its records are those of these contents); null for an empty tree not compared. */
  fingerprint?: string;
  problems: Problem[];
  skipped: Record<string, number>;
  ms: number;
}

interface Loaded {
  rel: string;
  language: string;
  text: string;
  generated: boolean;
  minified: boolean;
  /** File cache key: content hash, language, extension, analyzer version. */
  key: string;
}

export { DEFAULT_MAX_FILE_SIZE };

export async function analyzeTree(rootArg: string, store: Store, opts: AnalyzeOptions = {}): Promise<AnalyzeSummary> {
  const t0 = performance.now();
  const target = path.resolve(rootArg);
  // An archive (a JDK's src.zip, a -sources.jar) is a tree of the files it holds, read in place;
  // a directory inside one is a tree of its own.
  const archive = archivePath(toPosix(target));
  if (!archive && !fs.existsSync(target)) throw badInput(`path not found: ${rootArg}`);
  // A single file (a one-module package such as site-packages/six.py) is a tree of one file.
  const single = !archive && fs.statSync(target).isFile() ? path.basename(target) : null;
  const root = single ? path.dirname(target) : target;
  if (single && !languageFor(single)) throw badInput(`not a supported source file: ${rootArg}`);

  const detected = await detectPackage(target);
  const pkg = detected?.info;
  // An installed dependency is identified as its package, not as the project whose git repo holds it.
  const installed = isInstalledPath(target);
  // (a repository above the analyzed path only when the user named none)
  const git = (installed && pkg) || archive ? null : findGit(root, { parents: !opts.repo });
  const repo = opts.repo ?? git?.repo ?? pkg?.repo ?? pkg?.name ?? path.basename(root);
  if (opts.repo && !/^[^\s/]+(\/[^\s/]+)?$/.test(opts.repo)) throw badInput(`--repo must look like owner/name, got "${opts.repo}"`);
  const sha = git?.sha ?? null;
  // File paths are relative to the repository top (so permalinks work), or read as in the package's repo.
  const pathPrefix = git ? toPosix(path.relative(git.top, root)).replace(/^(.+)$/, '$1/') : pkg?.pathPrefix ?? '';
  // What the tree is: its repository, commit and where its root is. A commit fixes the files of a
  // path inside the repository wherever it is checked out; without one only the place on this
  // machine tells two trees apart (a one-file tree is named by the file).
  // (taken before the walk: a file changed from here on has a newer time than this)
  const statAt = Date.now();
  const maxFileSize = opts.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const walkOpts = { includeTests: !!opts.includeTests, maxFileSize, only: single ?? undefined, exclude: opts.exclude };
  const walk = archive ? walkArchive(archive.archive, { ...walkOpts, under: archive.under }) : walkTree(root, walkOpts);
  const readFile = (f: FileEntry) => (walk.read ? walk.read(f, maxFileSize) : readGuarded(f.abs, root, maxFileSize));
  const problems = [...walk.problems];
  const skipped = { ...walk.skipped };
  const version = analyzerVersion();
  const asPackage = opts.asPackage;
  const treePath = asPackage ? packageIdentity(asPackage, [...walk.files, ...walk.locales], pathPrefix)
    : git && sha ? toPosix(path.relative(git.top, target)) : target;
  const treeKey = { repo, sha, path: treePath, root, package: pkg?.name ?? null };
  const walked = opts.checkSalt && walk.watch ? treeCheck(fs.realpathSync.native(root), walk.watch, statAt, opts.checkSalt) : null;

  const previous = await store.getTree(treeKey);
  if (previous && asPackage && !opts.verify) {
    return {
      repo, sha, path: treePath, package: pkg?.name ?? null, version: pkg?.version ?? null, pathPrefix, files: previous.files, bytes: previous.statCheck?.bytes ?? 0,
      problems: previous.statCheck?.problems ?? [], skipped: previous.statCheck?.skipped ?? {}, parsed: 0, cached: previous.files, cannotRaise: 0, sites: -1,
      records: previous.records, unchanged: true, unchangedBy: 'package', replaced: [], check: walked, fingerprint: previous.fingerprint, ms: performance.now() - t0,
    };
  }
  const statPrint = statFingerprint([...walk.files, ...walk.locales], pathPrefix);
  const check = previous?.statCheck;
  if (previous && check && !opts.verify && trustStats(check, previous.fingerprint, statPrint, walk.newestChange)) {
    return {
      repo, sha, path: treePath, package: pkg?.name ?? null, version: pkg?.version ?? null, pathPrefix, files: previous.files, bytes: check.bytes,
      problems: check.problems, skipped: check.skipped, parsed: 0, cached: previous.files, cannotRaise: 0, sites: -1,
      records: previous.records, unchanged: true, unchangedBy: 'stats', replaced: [], check: walked, fingerprint: previous.fingerprint, ms: performance.now() - t0,
    };
  }
  // (imported here, once a tree is to be read: an unchanged tree and the read-only commands load none of it)
  const analyzers = await loadAnalyzers(walk.files.map((f) => f.language));
  // Kept as the JSON text the workers send (parsed only when the tree is assembled): held as objects
  // from their batch until then, they outlived the young generation and cost the main thread's GC.
  const analyses = new Map<string, string | FileAnalysis>();
  const keyOf = new Map<string, string>();
  /** Cache key of a queued file → the other files with that key, which get its analysis. */
  const sameContent = new Map<string, string[]>();
  let done = 0;
  let cannotRaise = 0;
  let readDone = false;
  /** Cache writes of parsed batches, awaited before the tree is stored. */
  const writes: Promise<void>[] = [];
  let writeError: unknown = null;
  const onBatch = (outcomes: FileOutcome[]) => {
    const fresh: [string, string][] = [];
    for (const o of outcomes) {
      const key = keyOf.get(o.rel)!;
      const rels = [o.rel, ...(sameContent.get(key) ?? [])];
      // Copies read from now on find the analysis in the cache (or, after an error, are parsed themselves).
      sameContent.delete(key);
      done += rels.length;
      for (const rel of rels) {
        if ('error' in o) {
          problems.push({ path: rel, problem: o.error });
          continue;
        }
        analyses.set(rel, o.json);
        if (o.syntaxErrorLine) problems.push({ path: rel, problem: `syntax error near line ${o.syntaxErrorLine}; analyzed what parsed` });
      }
      if (!('error' in o)) fresh.push([key, o.json]);
    }
    writes.push(store.putCached(fresh).catch((e: unknown) => {
      writeError ??= e;
    }));
    if (readDone) opts.onProgress?.(done, loaded.length);
  };

  // Starting workers costs more than parsing a small tree: below ~1 MB of changed source, stay in-process.
  // A tree never analyzed before is parsed while it is read (the workers need not wait for the
  // main thread to hash every file); otherwise the fingerprint is checked first.
  let pool: Pool | null = null;
  let feeder: BatchFeeder | null = null;
  const misses: FileJob[] = [];
  let missBytes = 0;
  const startPool = (threads?: number) => {
    pool = opts.pool ?? createPool(threads);
    feeder = new BatchFeeder(pool, onBatch);
    for (const m of misses) feeder.add(m);
  };
  /** A cached analysis, or the file is queued for parsing (sent right away once the pool runs). */
  const lookup = async (l: Loaded) => {
    // A file that cannot hold a site is not parsed (nor cached: telling is cheaper than a cache read).
    if (analyzers.language(l.language)?.cannotRaise?.(l.text, l.rel)) {
      analyses.set(l.rel, { sites: [], classes: [] });

      cannotRaise++;
      done++;
      return;
    }
    const hit = await store.getCached(l.key);
    if (hit) {
      analyses.set(l.rel, hit);
      done++;
      return;
    }
    // A copy of a file already queued (same content, language and extension) takes its analysis.
    const copies = sameContent.get(l.key);
    if (copies) {
      copies.push(l.rel);
      return;
    }
    sameContent.set(l.key, []);
    const job = { rel: l.rel, language: l.language, text: l.text };
    keyOf.set(l.rel, l.key);
    misses.push(job);
    missBytes += job.text.length;
    if (feeder) feeder.add(job);
    else if (!previous && (opts.pool || missBytes >= 1024 * 1024)) startPool(opts.threads);
  };

  // Read, hash and decode every file; the fingerprint covers contents and the analyzer.
  // (The fingerprint also covers the code that turns analyses into records: an upgrade re-assembles.)
  const fp = createHash('sha256').update(pipelineVersion()).update(pathPrefix);
  const loaded: Loaded[] = [];
  let bytes = 0;
  try {
    for (const f of walk.files) {
      const read = readFile(f);
      if ('problem' in read) {
        problems.push({ path: f.rel, problem: read.problem });
        continue;
      }
      const buf = read.data;
      const decoded = decodeSource(buf);
      if ('problem' in decoded) {
        if (decoded.skipReason) skipped[decoded.skipReason] = (skipped[decoded.skipReason] ?? 0) + 1;
        problems.push({ path: f.rel, problem: decoded.problem });
        continue;
      }
      if (decoded.minified) problems.push({ path: f.rel, problem: `${decoded.minified}; analyzed, records tagged minified` });
      bytes += buf.length;
      const key = `${sha256Hex(buf)}:${f.language}:${path.extname(f.rel)}:${version}`;
      fp.update(f.rel).update('\0').update(key).update('\0');
      const l = { rel: f.rel, language: f.language, text: decoded.text, generated: decoded.generated, minified: !!decoded.minified, key };
      loaded.push(l);
      if (!previous) await lookup(l);
    }
    // Locale files: message tables the tree's lookups by key read (record/locale.ts), in the fingerprint too.
    const locales: AssembleFile[] = [];
    for (const f of walk.locales) {
      const read = readFile(f);
      if ('problem' in read) continue;
      const table = localeTable(read.data.toString('utf8'), f.rel);
      fp.update(f.rel).update('\0').update(sha256Hex(read.data)).update('\0');
      if (table) locales.push({ rel: f.rel, language: f.language, text: '', analysis: { sites: [], classes: [], tables: [table] } });
    }
    readDone = true;
    const fingerprint = fp.digest('hex');
    const base = { repo, sha, path: treePath, package: pkg?.name ?? null, version: pkg?.version ?? null, pathPrefix, files: loaded.length, bytes, problems, skipped };
    const statCheck: StatCheck = { print: statPrint, fingerprint, at: statAt, bytes, problems, skipped };

    if (previous) {
      if (previous.fingerprint === fingerprint) {
        // (also when only the time moved: files changed just before the last read are trusted from now on)
        await store.setStatCheck(previous.treeId, statCheck, treePath);
        return {
          ...base, parsed: 0, cached: loaded.length, cannotRaise: 0, sites: -1, records: previous.records, unchanged: true, unchangedBy: 'contents', replaced: [],
          check: walked, fingerprint, ms: performance.now() - t0,
        };
      }
      for (const l of loaded) await lookup(l);
    }

    opts.onProgress?.(done, loaded.length);
    if (!feeder && misses.length) startPool(missBytes < 1024 * 1024 ? 0 : opts.threads);
    if (feeder) await (feeder as BatchFeeder).done();
    await Promise.all(writes);
    if (writeError) throw writeError;
    if (opts.writeAfter) await opts.writeAfter;

    const files: AssembleFile[] = [];
    for (const l of loaded) {
      const analysis = analyses.get(l.rel);
      if (analysis) {
        files.push({
          rel: l.rel, language: l.language, text: l.text, generated: l.generated, minified: l.minified,
          analysis: typeof analysis === 'string' ? (JSON.parse(analysis) as FileAnalysis) : analysis,
        });
      }
    }
    addImportedCalls(files, analyzers);
    const meta = { repo, sha, package: pkg?.name ?? null, version: pkg?.version ?? null, analyzedAt: new Date().toISOString() };
    // (a checkout links its commit; an installed package what its metadata names, into its own repository)
    const revision = sha ? { ref: sha, basis: 'commit' as const } : repo === pkg?.repo ? (pkg.revision ?? null) : null;
    const out = assemble({ ...meta, pathPrefix, revision }, [...files, ...locales], analyzers);
    const declared = pkg?.entryDirs ?? [];
    const texts = new Map(single ? [] : loaded.map((l) => [toPosix(l.rel), l.text]));
    const loadedByEntries = detected?.manifest.loadedFrom?.(target, declared, texts) ?? [];
    const entryDirs = [...declared, ...loadedByEntries].map((d) => (typeof d === 'string' ? pathPrefix + d : { file: pathPrefix + d.file, from: d.from }));
    // Every file's text, also of files with no site: a frame on any of their lines is answered with it.
    const sources = loaded.map((l) => {
      const filePath = pathPrefix + l.rel;
      return { filePath, key: fileKey({ filePath, package: meta.package, language: l.language }), language: l.language, text: l.text };
    });
    const replaced = await store.replaceTree({ ...meta, path: treePath, root, entryDirs }, fingerprint, statCheck, sources, out.records, out.templates);
    return {
      ...base, parsed: misses.length, cached: loaded.length - misses.length - cannotRaise, cannotRaise, sites: out.sites, records: out.records.length, unchanged: false,
      unchangedBy: null, replaced, check: walked, fingerprint, ms: performance.now() - t0,
    };
  } finally {
    if (pool && !opts.pool) await (pool as Pool).close();
  }
}

/**
 * An installed package's tree identity: `ecosystem:name@version#files`, the last a hash of the
 * paths and sizes the walk found (stats only, nothing read) with the analyzer's code: the same
 * version installed elsewhere is the same tree, and a version patched in place is another.
 */
function packageIdentity(p: { ecosystem: string; name: string; version: string }, files: FileEntry[], pathPrefix: string): string {
  return `${p.ecosystem}:${p.name}@${p.version}#${listingHash(files, pathPrefix, (f) => String(f.size)).slice(0, 16)}`;
}

/**
 * Every file as at the last full read, the tree's records still those that read left, and no file
 * changed so close before that read that it could have changed again unseen: the tree is
 * unchanged, and no file need be read.
 */
const trustStats = (check: StatCheck, fingerprint: string, print: string, newestChange: number): boolean =>
  check.print === print && check.fingerprint === fingerprint && newestChange < check.at - RACY_MS;

/** The stats of every file listed, with the pipeline's code: equal, the tree is taken as unchanged without reading it. */
// (the code by its files' stats: equal stamps, equal code; a rebuild of the same code costs one read of the tree)
const statFingerprint = (files: FileEntry[], pathPrefix: string): string => listingHash(files, pathPrefix, (f) => f.stat, pipelineStamp());

/** A hash of the pipeline's code, the path prefix and each listed file's path with `fact` of it (read by the walk, no file opened). */
function listingHash(files: FileEntry[], pathPrefix: string, fact: (f: FileEntry) => string, code = pipelineVersion()): string {
  const h = createHash('sha256').update(code).update(pathPrefix);
  for (const f of files) h.update(f.rel).update('\0').update(fact(f)).update('\0');
  return h.digest('hex');
}

const toPosix = (p: string) => p.split(path.sep).join('/');
