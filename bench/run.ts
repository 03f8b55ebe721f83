// `npm run bench`: analysis speed against a bare parse of the same files on all
// cores, cold vs warm re-analysis, and explain latency against a linear scan
// of every record's messagePattern as a RegExp. All ratios are measured in the
// same run; absolute times vary between machines.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchIndex } from '../src/match/index.js';
import { explain } from '../src/service/explain.js';
import { rankMessage } from '../src/match/wrap.js';
import { parseInput } from '../src/query/parse.js';
import type { ErrorLink } from '../src/core/trace.js';
import { analyzeTrees } from '../src/pipeline/analyze-trees.js';
import type { FileJob } from '../src/scan/analyze-file.js';
import { DEFAULT_MAX_FILE_SIZE } from '../src/pipeline/analyze-tree.js';
import { batchJobs, createPool, type Pool } from '../src/scan/pool.js';
import { decodeSource } from '../src/scan/detect.js';
import { walkTree } from '../src/scan/walk.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { renderPattern } from '../src/template/ir.js';
import { evaluationInputs, feedAll, pctl } from './inputs.js';
import { corpusTraces, mixedLog } from './mixed-log.js';
import { MAX_INPUT_BYTES } from '../src/service/explain.js';
import { spawnSync } from 'node:child_process';
import { benchStartup } from './startup.js';
import { benchIndex, benchLazyOnly } from './index-project.js';
import { benchLinear } from './linear.js';
import { benchServe } from './serve-load.js';
import { benchBaseline } from './baseline.js';
import { benchLanguages } from './languages.js';
import { childUsage, USAGE_HOOK } from './child-usage.js';
import { cliEntry } from './cli-entry.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const STDLIB = '/usr/lib/python3.11';
/**
 * Timed passes of the match stage, then of the linear scan; each percentile is the median over them.
 * A pass of the match stage lasts ~15 ms, so one burst from another job on a shared machine spoils it:
 * with 5 passes the ratio moved by ±10% from run to run, with 15 by about ±5%.
 */
const PASSES = 15;

/** The npm corpus's package trees (`root`: eval/node_modules/<pkg>, installed by `npm ci --prefix eval`). */
function npmRoots(): string[] {
  const f = path.join(REPO, 'eval/corpus/npm.jsonl');
  if (!fs.existsSync(f)) return [];
  const pkgs = new Set(fs.readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).root as string));
  const roots = [...pkgs].map((r) => path.resolve(REPO, r)).sort();
  const missing = roots.filter((r) => !fs.existsSync(r));
  if (missing.length) console.error(`warning: ${missing.length} of ${roots.length} npm corpus trees are not installed (npm ci --prefix eval), benched without them`);
  return roots.filter((r) => fs.existsSync(r));
}

/** Every file the analysis walks (with its defaults), read and decoded as it reads them. */
function* readFiles(roots: string[]): Generator<FileJob> {
  for (const root of roots) {
    for (const f of walkTree(root, { includeTests: false, maxFileSize: DEFAULT_MAX_FILE_SIZE }).files) {
      const d = decodeSource(fs.readFileSync(f.abs));
      if ('text' in d) yield { rel: f.rel, language: f.language, text: d.text };
    }
  }
}

/** The bench's baseline: a pool whose workers parse each file and do nothing else (parse-worker.ts). */
const parsePool = () => createPool(undefined, new URL('./parse-worker.js', import.meta.url));

/**
 * A bare parse of every file the analysis walks, read from disk as the analysis reads it: the tree
 * walked, each file read and decoded on the main thread and handed to the pool batch by batch while
 * the workers parse (BatchFeeder, as analyzeTree does).
 */
async function bareParse(roots: string[]): Promise<{ ms: number; files: number; bytes: number }> {
  const pool = parsePool();
  const t0 = performance.now();
  const { files, bytes } = await feedAll(pool, readFiles(roots));
  const ms = performance.now() - t0;
  await pool.close();
  return { ms, files, bytes };
}

/** The same parse with every text read beforehand: the parse alone (the baseline of earlier versions of this bench). */
async function bareParsePreloaded(roots: string[]): Promise<{ ms: number; files: number; bytes: number }> {
  const jobs = [...readFiles(roots)];
  const bytes = jobs.reduce((n, j) => n + Buffer.byteLength(j.text), 0);
  const pool = parsePool();
  const t0 = performance.now();
  await Promise.all(batchJobs(jobs).map((b) => pool.analyze(b)));
  const ms = performance.now() - t0;
  await pool.close();
  return { ms, files: jobs.length, bytes };
}

async function analyzeAll(store: SqliteStore, roots: string[], pool?: Pool, verify = false) {
  const t0 = performance.now();
  let files = 0, bytes = 0, sites = 0, records = 0, parsed = 0;
  // One pool for every tree, as one long-lived indexer would run (worker start-up counted once).
  for (const s of await analyzeTrees(roots, store, { pool, verify })) {
    files += s.files; bytes += s.bytes; parsed += s.parsed; records += s.records;
    if (s.sites > 0) sites += s.sites;
  }
  return { ms: performance.now() - t0, files, bytes, sites, records, parsed };
}

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`);

async function main() {
  // ERRDEX_BENCH_ONLY=linear runs the linear-growth section alone; ERRDEX_BENCH_LINEAR=0 leaves it out.
  if (process.env.ERRDEX_BENCH_ONLY === 'linear') return void (await linearSection());
  // ERRDEX_BENCH_ONLY=serve with ERRDEX_BENCH_DB: the load run alone, on a kept index.
  if (process.env.ERRDEX_BENCH_ONLY === 'serve' && process.env.ERRDEX_BENCH_DB) return void (await benchServe(REPO, path.resolve(process.env.ERRDEX_BENCH_DB)));
  if (process.env.ERRDEX_BENCH_ONLY === 'index') return void benchIndex();
  if (process.env.ERRDEX_BENCH_ONLY === 'lazy') return void benchLazyOnly();
  // ERRDEX_BENCH_ONLY=baseline / languages: the comparison with ERRDEX_BENCH_BASELINE, or the packs' trees, alone.
  if (process.env.ERRDEX_BENCH_ONLY === 'baseline') return void (await benchBaseline(REPO));
  if (process.env.ERRDEX_BENCH_ONLY === 'languages') return void (await benchLanguages(REPO));
  const roots = [STDLIB, ...npmRoots()].filter((r) => fs.existsSync(r));
  // ERRDEX_BENCH_DB=file keeps the analyzed index there; when the file already exists the analysis
  // section is skipped and only explain is timed (for iterating on the matcher).
  const keptDb = process.env.ERRDEX_BENCH_DB ? path.resolve(process.env.ERRDEX_BENCH_DB) : null;
  const reuse = !!keptDb && fs.existsSync(keptDb);
  const dbDir = keptDb ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-'));
  const store = new SqliteStore(keptDb ?? path.join(dbDir!, 'bench.sqlite'));
  // (the load average: a shared machine's other jobs slow every row, the whole-process ones most)
  console.log(`errdex bench on ${os.availableParallelism()} cores, Node ${process.version}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`trees: ${roots.map((r) => path.relative(REPO, r).startsWith('..') ? r : path.relative(REPO, r)).join(', ')}\n`);
  // ERRDEX_BENCH_ONLY=logs: only the log section (with ERRDEX_BENCH_DB, on a kept index).
  const only = process.env.ERRDEX_BENCH_ONLY ?? null;
  if (!reuse) await benchAnalysis(store, roots);
  else console.log(`(analysis skipped: reusing ${keptDb})`);
  if (only !== 'logs') await benchExplain(store);
  await store.close();
  benchLogs(keptDb ?? path.join(dbDir!, 'bench.sqlite'));
  // (after close: the index gets its persisted match index, as `errdex analyze` leaves it)
  if (only !== 'logs') await benchStartup(store.file);
  if (only !== 'logs' && process.env.ERRDEX_BENCH_SERVE !== '0') await benchServe(REPO, store.file);
  if (dbDir) fs.rmSync(dbDir, { recursive: true, force: true });
  if (process.env.ERRDEX_BENCH_LINEAR !== '0') await linearSection();
  if (process.env.ERRDEX_BENCH_INDEX !== '0') benchIndex();
  // (ERRDEX_BENCH_LANGS=0 leaves the packs' trees out; a list, e.g. go,rust, runs those)
  if (process.env.ERRDEX_BENCH_LANGS !== '0') await benchLanguages(REPO);
  await benchBaseline(REPO);
}

async function linearSection() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-linear-'));
  try {
    await benchLinear(tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * The first parse of a process runs 15-20% slower than any after it (the native parser is loaded,
 * and the process grows its heap for the trees: page faults that later runs reuse). Whatever section
 * ran first was handicapped by that, so an untimed parse of every file comes first.
 */
const warmUp = (roots: string[]) => bareParsePreloaded(roots);

async function benchAnalysis(store: SqliteStore, roots: string[]) {
  await warmUp(roots);
  const parse = await bareParse(roots);
  const preloaded = await bareParsePreloaded(roots);
  // Workers are started before the timer and stopped after it, as the bare parses' are (stopping them
  // takes a few hundred ms: their heaps are torn down); the warm run needs none and starts none.
  const pool = createPool();
  const cold = await analyzeAll(store, roots, pool);
  await pool.close();
  const warm = await analyzeAll(store, roots);
  const verified = await analyzeAll(store, roots, undefined, true);
  const mb = (b: number) => b / 1024 / 1024;
  const row = (name: string, r: { ms: number; files: number; bytes: number }, extra = '') =>
    console.log(`| ${name} | ${fmt(r.ms)} | ${(mb(r.bytes) / (r.ms / 1000)).toFixed(2)} MB/s | ${Math.round(r.files / (r.ms / 1000))} files/s | ${extra} |`);
  console.log('| run | time | throughput | files | notes |\n|---|---|---|---|---|');
  row('bare parse (all cores): walk, read, parse', parse, `${parse.files} files, ${mb(parse.bytes).toFixed(1)} MB`);
  row('bare parse (all cores): parse of texts read beforehand', preloaded, `${preloaded.files} files`);
  row('analyze, cold', cold,
    `${cold.sites} sites, ${cold.records} records; ${(cold.ms / parse.ms).toFixed(2)}× the bare parse (${(cold.ms / preloaded.ms).toFixed(2)}× the parse of texts read beforehand)`);
  row('analyze, warm (unchanged)', warm, `${warm.parsed} files parsed; ${(cold.ms / warm.ms).toFixed(1)}× faster than cold`);
  row('analyze, warm, --verify (every file read and hashed)', verified,
    `${verified.parsed} files parsed; ${(cold.ms / verified.ms).toFixed(1)}× faster than cold`);
}

async function benchExplain(store: SqliteStore) {
  // explain latency over the evaluation inputs, in-process.
  const inputs = evaluationInputs(REPO);
  const rows = await store.matchRows();
  const tIndex = performance.now();
  const index = new MatchIndex(rows);
  const indexMs = performance.now() - tIndex;
  for (const t of inputs.slice(0, 50)) await explain(store, t, { index }); // warm-up
  const full: number[] = [];
  for (const t of inputs) {
    const t0 = performance.now();
    await explain(store, t, { index });
    full.push(performance.now() - t0);
  }
  // The matching stage alone (candidates + verification + ranking) over already parsed inputs:
  // the same work the linear scan below does, without input parsing or record fetching.
  const parsed = inputs.map((t) => parseInput(t).links);
  // Baseline: every record's messagePattern as a RegExp, tested against each message (regexes compiled up front).
  const regexes = rows.map((r) => { try { return new RegExp(renderPattern(r.template)); } catch { return null; } });
  // Each is timed in PASSES passes in a row (the match stage first; alternating them lets each disturb the
  // other's caches and compiled code), starting from a collected heap (with --expose-gc, as `npm run
  // bench` runs it: neither pays for what the analysis, the whole-explain pass or the other side left
  // behind); each percentile is the median over the passes, as one pass is at the mercy of a
  // preemption at the wrong moment.
  const timePasses = (run: (links: ErrorLink[]) => void): number[][] => {
    (globalThis as { gc?: () => void }).gc?.();
    return Array.from({ length: PASSES }, () => parsed.map((links) => {
      const t0 = performance.now();
      run(links);
      return performance.now() - t0;
    }));
  };
  // (rankMessage: rankLink and, for a wrapped message, its inner message again — what explain ranks with)
  const matchPasses = timePasses((links) => {
    for (const l of links) rankMessage(index, l, 5);
  });
  const linearPasses = timePasses((links) => {
    for (const l of links) for (const re of regexes) re?.test(l.message);
  });
  // (the median over the passes: pctl's 50th, nearest rank)
  const pctlOver = (passes: number[][], p: number) => pctl(passes.map((xs) => pctl(xs, p)), 50);
  const ratio = (a: number[][], b: number[][], p: number) => `${(pctlOver(a, p) / pctlOver(b, p)).toFixed(1)}×`;
  console.log(`\nexplain over ${inputs.length} evaluation inputs (traces and messages), index of ${rows.length} records (index built in ${fmt(indexMs)}):`);
  console.log('| method | p50 | p99 | linear scan ÷ this (p50 / p99) |\n|---|---|---|---|');
  console.log(`| errdex match stage (candidates + verify + rank) | ${fmt(pctlOver(matchPasses, 50))} | ${fmt(pctlOver(matchPasses, 99))} | ${ratio(linearPasses, matchPasses, 50)} / ${ratio(linearPasses, matchPasses, 99)} |`);
  console.log(`| errdex explain, whole (parse input + match + fetch records) | ${fmt(pctl(full, 50))} | ${fmt(pctl(full, 99))} | ${ratio(linearPasses, [full], 50)} / ${ratio(linearPasses, [full], 99)} |`);
  console.log(`| linear RegExp scan of every messagePattern | ${fmt(pctlOver(linearPasses, 50))} | ${fmt(pctlOver(linearPasses, 99))} | 1× |`);
}

/** Size of the mixed log the scan is timed on (ERRDEX_BENCH_LOG_MB, default 100). */
const LOG_MB = Number(process.env.ERRDEX_BENCH_LOG_MB ?? 100);
const CLI = cliEntry(REPO);
/** Preloaded into the timed CLI process: its peak RSS, on stderr, as it exits. */

/**
 * Logs: parseInput alone over a big mixed log of real traces (one core: parseInput is one
 * synchronous pass), then `errdex explain --file LOG --json` as a process on logs at the input
 * cap (a bigger log is refused): time, peak RSS and output size.
 */
function benchLogs(db: string) {
  const traces = corpusTraces(REPO);
  if (traces.length === 0) return console.log('\n(logs skipped: no eval/corpus)');
  const t0 = performance.now();
  const big = mixedLog(traces, { bytes: LOG_MB * 1024 * 1024, seed: 1 });
  const genMs = performance.now() - t0;
  const bytes = Buffer.byteLength(big.text);
  const mb = bytes / 1024 / 1024;
  parseInput(big.text.slice(0, 4 << 20)); // warm-up (compiled code), untimed
  const passes: { wall: number; cpu: number; links: number }[] = [];
  for (let k = 0; k < 3; k++) {
    (globalThis as { gc?: () => void }).gc?.();
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    const links = parseInput(big.text).links.length;
    const c = process.cpuUsage(c0);
    passes.push({ wall: performance.now() - w0, cpu: (c.user + c.system) / 1000, links });
  }
  const wall = pctl(passes.map((p) => p.wall), 50);
  const cpu = pctl(passes.map((p) => p.cpu), 50);
  console.log(`\nlogs: a ${mb.toFixed(0)} MB mixed log (${big.lines} lines, ${big.errors} traces from eval/corpus, 5% of entries; the rest info/debug/JSON/logfmt lines; built in ${fmt(genMs)}):`);
  console.log('| run | time | throughput | notes |\n|---|---|---|---|');
  console.log(`| parseInput, whole log, one pass (median of 3) | ${fmt(wall)} | ${(mb / (wall / 1000)).toFixed(1)} MB/s | ${passes[0].links} links; ${(mb / (cpu / 1000)).toFixed(1)} MB per CPU-second (process CPU, GC threads included) |`);

  // The CLI reads at most MAX_INPUT_BYTES: the process runs on logs at the cap.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-logs-'));
  // (in bytes, as the CLI counts: the corpus's traces hold multi-byte characters)
  const cut = (text: string) => {
    const b = Buffer.from(text);
    return b.subarray(0, b.lastIndexOf(0x0a, MAX_INPUT_BYTES - 1) + 1).toString('utf8');
  };
  const logs: [string, string][] = [
    ['mixed log at the cap (5% errors)', cut(big.text)],
    ['dense log at the cap (every entry an error, half as one line)', cut(mixedLog(traces, { bytes: MAX_INPUT_BYTES + (64 << 10), seed: 7, errorRate: 1, oneLineRate: 0.5 }).text)],
  ];
  const runCli = (args: string[]) => {
    const w0 = performance.now();
    const r = spawnSync(process.execPath, ['--import', USAGE_HOOK, CLI, ...args], { maxBuffer: 1 << 30, encoding: 'buffer' });
    const ms = performance.now() - w0;
    return { ms, rssMb: childUsage(r.stderr.toString())?.rssMb ?? NaN, out: r.stdout.length, code: r.status };
  };
  const one = runCli(['explain', 'ValueError: bench', '--db', db, '--json']);
  console.log(`\nerrdex explain as a process (\`--db\` the bench's index; a one-message explain, for the index load every run pays: ${fmt(one.ms)}, peak RSS ${one.rssMb.toFixed(0)} MB):`);
  console.log('| input | time | throughput | peak RSS | output | exit |\n|---|---|---|---|---|---|');
  for (const [name, text] of logs) {
    const file = path.join(dir, 'bench.log');
    fs.writeFileSync(file, text);
    const inMb = Buffer.byteLength(text) / 1024 / 1024;
    for (const json of [true, false]) {
      const r = runCli(['explain', '--file', file, '--db', db, ...(json ? ['--json'] : [])]);
      console.log(`| ${name}, ${inMb.toFixed(1)} MB${json ? ', --json' : ''} | ${fmt(r.ms)} | ${(inMb / (r.ms / 1000)).toFixed(1)} MB/s | ${r.rssMb.toFixed(0)} MB | ${(r.out / 1024 / 1024).toFixed(1)} MB | ${r.code} |`);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
