// The packs of issues 15 and 16 on real trees installed on this machine: the JDK's java.base
// sources read in place from src.zip, a Ruby standard library, PHP libraries (/usr/share/php),
// the Go standard library and Rust crates (Debian's cargo registry). For each: cold analysis
// against a bare parse of the same files with the same grammars in the same run (goal ≤ 3×), a
// warm re-run (goal ≥ 50× faster than cold); for Go and Rust, explain of a composed message (two
// real messages joined as the language wraps errors) against a plain one at p99 (goal ≤ 2×).
// A source that is not installed is skipped and said so.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { analyzeTrees } from '../src/pipeline/analyze-trees.js';
import { DEFAULT_MAX_FILE_SIZE } from '../src/pipeline/analyze-tree.js';
import { createPool } from '../src/scan/pool.js';
import { decodeSource } from '../src/scan/detect.js';
import { walkArchive, walkTree } from '../src/scan/walk.js';
import { readGuarded } from '../src/scan/read.js';
import { archivePath } from '../src/scan/zip.js';
import { explain, loadIndex } from '../src/service/explain.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { feedAll, pctl } from './inputs.js';

interface Source {
  name: string;
  roots: string[];
  /** What of the install is benched, when it is a subset. */
  note: string;
  /** Evaluation corpus whose messages are composed as this language wraps errors. */
  compose?: { corpus: string; join: (outer: string, inner: string) => string };
}

const firstExisting = (...ps: string[]) => ps.find((p) => fs.existsSync(p));
const subdirs = (dir: string) => fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => path.join(dir, d.name)).sort();

/** The trees, as installed here (ERRDEX_BENCH_LANG_MB caps the Rust crates and PHP libraries read, default 10 MB each). */
function sources(): (Source | { name: string; missing: string })[] {
  const capMb = Number(process.env.ERRDEX_BENCH_LANG_MB ?? 10);
  const out: (Source | { name: string; missing: string })[] = [];
  const zip = firstExisting('/usr/lib/jvm/openjdk-17/lib/src.zip', ...globJdks());
  out.push(zip ? { name: 'Java: java.base from src.zip', roots: [`${zip}/java.base`], note: `${zip}/java.base, read in place` } : { name: 'Java', missing: 'no JDK src.zip under /usr/lib/jvm' });
  const rubyDir = fs.existsSync('/usr/lib/ruby') ? fs.readdirSync('/usr/lib/ruby').filter((d) => /^\d+\.\d+\.\d+$/.test(d)).sort().pop() : undefined;
  out.push(rubyDir ? { name: 'Ruby standard library', roots: [`/usr/lib/ruby/${rubyDir}`], note: `/usr/lib/ruby/${rubyDir}` } : { name: 'Ruby', missing: 'no /usr/lib/ruby/<version>' });
  if (fs.existsSync('/usr/share/php')) {
    const libs = capped(subdirs('/usr/share/php'), capMb);
    out.push({ name: 'PHP libraries', roots: libs.roots, note: `${libs.roots.length} of ${libs.of} directories of /usr/share/php (${libs.mb.toFixed(0)} MB on disk; cap ${capMb} MB)` });
  } else out.push({ name: 'PHP', missing: 'no /usr/share/php' });
  const goSrc = firstExisting('/usr/lib/go/src', ...(fs.existsSync('/usr/share') ? fs.readdirSync('/usr/share').filter((d) => /^go-\d/.test(d)).sort().reverse().map((d) => `/usr/share/${d}/src`) : []));
  out.push(goSrc ? {
    name: 'Go standard library', roots: [fs.realpathSync(goSrc)], note: fs.realpathSync(goSrc),
    compose: { corpus: 'go.jsonl', join: (outer, inner) => `${outer}: ${inner}` },
  } : { name: 'Go', missing: 'no /usr/lib/go/src or /usr/share/go-*/src' });
  if (fs.existsSync('/usr/share/cargo/registry')) {
    const crates = capped(subdirs('/usr/share/cargo/registry'), capMb);
    out.push({
      name: 'Rust crates', roots: crates.roots, note: `${crates.roots.length} of ${crates.of} crates of /usr/share/cargo/registry, in name order (${crates.mb.toFixed(0)} MB on disk; cap ${capMb} MB)`,
      compose: { corpus: 'rust.jsonl', join: (outer, inner) => `Error: ${outer}\n\nCaused by:\n    ${inner}` },
    });
  } else out.push({ name: 'Rust', missing: 'no /usr/share/cargo/registry' });
  return out;
}

function globJdks(): string[] {
  if (!fs.existsSync('/usr/lib/jvm')) return [];
  return fs.readdirSync('/usr/lib/jvm').sort().map((d) => `/usr/lib/jvm/${d}/lib/src.zip`);
}

/** Directories in order until their files on disk reach `capMb`. */
function capped(dirs: string[], capMb: number): { roots: string[]; of: number; mb: number } {
  const roots: string[] = [];
  let bytes = 0;
  for (const d of dirs) {
    if (bytes >= capMb * 1024 * 1024) break;
    roots.push(d);
    bytes += duBytes(d);
  }
  return { roots, of: dirs.length, mb: bytes / 1024 / 1024 };
}

function duBytes(dir: string): number {
  let n = 0;
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop()!;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) stack.push(p);
      else if (e.isFile()) n += fs.statSync(p).size;
    }
  }
  return n;
}

/** Every file the analysis walks in these roots (a root inside a zip walked in place), read and decoded as the analysis reads it. */
function* readFiles(roots: string[]): Generator<{ rel: string; language: string; text: string }> {
  const opts = { includeTests: false, maxFileSize: DEFAULT_MAX_FILE_SIZE };
  for (const root of roots) {
    const archive = archivePath(root);
    const walk = archive ? walkArchive(archive.archive, { ...opts, under: archive.under }) : walkTree(root, opts);
    for (const f of walk.files) {
      const r = walk.read ? walk.read(f, DEFAULT_MAX_FILE_SIZE) : readGuarded(f.abs, root, DEFAULT_MAX_FILE_SIZE);
      if (!('data' in r)) continue;
      const d = decodeSource(r.data);
      if ('text' in d) yield { rel: f.rel, language: f.language, text: d.text };
    }
  }
}

interface Timed { wall: number; cpu: number }

/** Wall and CPU time (the process's: the workers' threads included) of `run`. */
async function timed<T>(run: () => Promise<T>): Promise<Timed & { value: T }> {
  const c0 = process.cpuUsage();
  const w0 = performance.now();
  const value = await run();
  const c = process.cpuUsage(c0);
  return { wall: performance.now() - w0, cpu: (c.user + c.system) / 1000, value };
}

/** The bare parse: the same files, the same grammars, the same pool and feeding as the analysis (bench/parse-worker.ts). */
async function bareParse(roots: string[]): Promise<Timed & { files: number; bytes: number }> {
  const pool = createPool(undefined, new URL('./parse-worker.js', import.meta.url));
  const r = await timed(() => feedAll(pool, readFiles(roots)));
  await pool.close();
  return { wall: r.wall, cpu: r.cpu, ...r.value };
}

async function analyzeOnce(store: SqliteStore, roots: string[], cold: boolean) {
  const pool = cold ? createPool() : undefined;
  const r = await timed(async () => {
    let files = 0, records = 0, parsed = 0;
    for (const s of await analyzeTrees(roots, store, { pool })) {
      files += s.files; records += s.records; parsed += s.parsed;
    }
    return { files, records, parsed };
  });
  await pool?.close();
  return { wall: r.wall, cpu: r.cpu, ...r.value };
}

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : ms < 10 ? `${ms.toFixed(2)} ms` : ms < 10_000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

export async function benchLanguages(repo: string): Promise<void> {
  // ERRDEX_BENCH_LANG_ROUNDS: bare parse and cold analysis alternated this many times each (default 1)
  const rounds = Math.max(1, Number(process.env.ERRDEX_BENCH_LANG_ROUNDS ?? 1));
  const only = process.env.ERRDEX_BENCH_LANGS?.split(',');
  console.log(`\nlanguage packs (issues 15, 16): cold analysis against a bare parse of the same files with the same grammars, warm re-run; ${rounds} round(s) of bare parse then cold analysis, medians; warm: median of 5 re-runs:`);
  console.log('| tree | files, MB | bare parse wall / CPU | cold wall / CPU | cold ÷ bare, wall / CPU (goal ≤ 3×) | warm | cold ÷ warm (goal ≥ 50×) | records | load |\n|---|---|---|---|---|---|---|---|---|');
  const composed: string[] = [];
  for (const s of sources()) {
    if (only && !only.some((o) => s.name.toLowerCase().includes(o.toLowerCase()))) continue;
    if ('missing' in s) {
      console.log(`| ${s.name} | (skipped: ${s.missing}) | | | | | | | |`);
      continue;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-lang-'));
    try {
      const bare: Timed[] = [], cold: Timed[] = [];
      let info = { files: 0, bytes: 0 };
      let last: Awaited<ReturnType<typeof analyzeOnce>> | null = null;
      let store: SqliteStore | null = null;
      for (let k = 0; k < rounds; k++) {
        const b = await bareParse(s.roots);
        bare.push(b);
        info = b;
        await store?.close();
        for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { force: true });
        store = new SqliteStore(path.join(dir, 'lang.sqlite'));
        last = await analyzeOnce(store, s.roots, true);
        cold.push(last);
      }
      // (median of 5: one warm run is a few tens of milliseconds, where a single sample is mostly noise)
      const warms: Awaited<ReturnType<typeof analyzeOnce>>[] = [];
      for (let k = 0; k < 5; k++) warms.push(await analyzeOnce(store!, s.roots, false));
      const warm = { wall: pctl(warms.map((w) => w.wall), 50), parsed: Math.max(...warms.map((w) => w.parsed)) };
      const med = (xs: Timed[], k: 'wall' | 'cpu') => pctl(xs.map((x) => x[k]), 50);
      const [bw, bc, cw, cc] = [med(bare, 'wall'), med(bare, 'cpu'), med(cold, 'wall'), med(cold, 'cpu')];
      console.log(`| ${s.name} | ${info.files}, ${(info.bytes / 1024 / 1024).toFixed(1)} | ${fmt(bw)} / ${fmt(bc)} | ${fmt(cw)} / ${fmt(cc)} | ${(cw / bw).toFixed(2)}× / ${(cc / bc).toFixed(2)}× | ${fmt(warm.wall)} (${warm.parsed} parsed) | ${(cw / warm.wall).toFixed(0)}× | ${last!.records} | ${load()} |`);
      console.log(`|   (${s.note}) | | | | | | | | |`);
      if (s.compose) composed.push(await composedExplain(repo, s, store!));
      await store!.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  if (composed.length) {
    console.log('\ncomposed messages (two real messages of the language\'s corpus joined as it wraps errors: Go `outer: inner`, Rust `Error: outer` + `Caused by:`) against a plain one, explain in-process on the tree\'s index, median over 5 passes:');
    console.log('| language | inputs | plain p50 / p99 | composed p50 / p99 | composed ÷ plain at p99 (goal ≤ 2×) |\n|---|---|---|---|---|');
    for (const row of composed) console.log(row);
  }
}

/** Explain of each corpus message alone, then of pairs of them joined as the language wraps errors, on `store`'s index. */
async function composedExplain(repo: string, s: Source, store: SqliteStore): Promise<string> {
  const file = path.join(repo, 'eval/corpus', s.compose!.corpus);
  if (!fs.existsSync(file)) return `| ${s.name} | (skipped: no eval/corpus/${s.compose!.corpus}) | | | |`;
  const messages = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).message as string).filter((m) => m && !m.includes('\n'));
  const plain = messages;
  // (each message wrapped by the next one: as many composed inputs as plain ones)
  const composed = messages.map((m, i) => s.compose!.join(messages[(i + 1) % messages.length], m));
  // (the persisted match index, as `errdex analyze` leaves it and a process reads it)
  await store.writeMatchIndex();
  const index = await loadIndex(store);
  const time = async (inputs: string[]) => {
    const ms: number[] = [];
    for (const t of inputs) {
      const t0 = performance.now();
      await explain(store, t, { index });
      ms.push(performance.now() - t0);
    }
    return ms;
  };
  await time(plain);
  await time(composed);
  const passes = { plain: [] as number[][], composed: [] as number[][] };
  // (alternated pass by pass: the two inputs sets see the same load)
  for (let k = 0; k < 5; k++) {
    (globalThis as { gc?: () => void }).gc?.();
    passes.plain.push(await time(plain));
    passes.composed.push(await time(composed));
  }
  const at = (ps: number[][], p: number) => pctl(ps.map((xs) => pctl(xs, p)), 50);
  return `| ${s.name.split(' ')[0]} | ${plain.length} + ${composed.length} | ${fmt(at(passes.plain, 50))} / ${fmt(at(passes.plain, 99))} | ${fmt(at(passes.composed, 50))} / ${fmt(at(passes.composed, 99))} | ${(at(passes.composed, 99) / at(passes.plain, 99)).toFixed(2)}× |`;
}
