// Start-up bench: whole processes as a user runs them (the `bin`, `node dist/bundle/main.js …`, spawned, the
// median of N runs, interleaved so that a burst of load spoils one run of each rather than every
// run of one), against `node -e 0` in the same run (the difference and the ratio to it); then the match stage on the 1M-record index
// (the persisted index, as a process uses it: a first pass loading the rows its lookups select,
// then passes over loaded rows), and a linear RegExp scan of 100k records' patterns.
//
//   node dist-tools/bench/startup.js [INDEX]   (INDEX: an analyzed index, default .errdex/eval.sqlite)
// Run by `npm run bench` after the analysis and explain sections, on the bench's index.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ErrorLink } from '../src/core/trace.js';
import { LazyMatchIndex } from '../src/match/lazy.js';
import { rankLink } from '../src/match/rank.js';
import { parseInput } from '../src/query/parse.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { renderPattern, type Template } from '../src/template/ir.js';
import { evaluationInputs, pctl } from './inputs.js';
import { cliEntry } from './cli-entry.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const CLI = cliEntry(REPO);
const BIG = 1_000_000;
const RUNS = Number(process.env.STARTUP_RUNS ?? 15);
/** A real message of the evaluation corpus (bson's deserializer); the trace is the corpus's first. */
const MESSAGE = 'Unrecognized type byte: 0xc1';

const fmt = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : `${ms.toFixed(ms < 10 ? 2 : 0)} ms`);

/** The persisted match index of an index, written when it has none (an index analyzed before it existed). */
async function withTables(db: string): Promise<void> {
  const store = new SqliteStore(db);
  if (!(await store.matchSource())) await store.writeMatchIndex();
  await store.close();
}

/** The 1M-record index synthesized from `seed` (bench/big-index.ts), built when missing. */
function bigIndex(seed: string): string {
  const r = spawnSync(process.execPath, ['--max-old-space-size=14000', path.join(HERE, 'big-index.js'), seed, String(BIG)], { stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('building the 1M-record index failed');
  return r.stdout.toString().trim();
}

function timeProcesses(cases: { name: string; args: string[] }[]): Map<string, number[]> {
  const times = new Map(cases.map((c) => [c.name, [] as number[]]));
  for (let i = 0; i < RUNS; i++) {
    for (const c of cases) {
      const t0 = performance.now();
      const r = spawnSync(process.execPath, c.args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      const ms = performance.now() - t0;
      if (r.status !== 0 && r.status !== 1) throw new Error(`${c.name}: exit ${r.status}: ${r.stderr}`);
      times.get(c.name)!.push(ms);
    }
  }
  return times;
}

/**
 * `db`: the index to time explain and stats on; the 1M-record index is synthesized from the
 * evaluation index when there is one (.errdex/eval.sqlite, `npm run eval`), else from `db`.
 */
export async function benchStartup(db: string): Promise<void> {
  await withTables(db);
  const { seedRecords, recordId } = await (async () => {
    const s = new SqliteStore(db);
    const n = (await s.stats()).records;
    const id = s.db.prepare(`SELECT id FROM records ORDER BY rowid LIMIT 1`).pluck().get() as string;
    await s.close();
    return { seedRecords: n, recordId: id };
  })();
  const evalDb = path.join(REPO, '.errdex/eval.sqlite');
  const big = bigIndex(fs.existsSync(evalDb) ? evalDb : db);
  const inputs = evaluationInputs(REPO);
  const trace = inputs[0] ?? MESSAGE;
  const cases = [
    { name: '`node -e 0` (baseline)', args: ['-e', '0'] },
    { name: `\`errdex stats\`, index of ${seedRecords} records`, args: [CLI, 'stats', '--db', db] },
    { name: `\`errdex show ID\`, index of ${seedRecords} records`, args: [CLI, 'show', recordId, '--db', db] },
    { name: `\`errdex explain '${MESSAGE}'\`, index of ${seedRecords} records`, args: [CLI, 'explain', MESSAGE, '--db', db] },
    { name: `\`errdex explain TRACE\` (a real traceback), index of ${seedRecords} records`, args: [CLI, 'explain', trace, '--db', db] },
    { name: '`errdex stats`, index of 1,000,000 records', args: [CLI, 'stats', '--db', big] },
    { name: `\`errdex explain '${MESSAGE}'\`, index of 1,000,000 records`, args: [CLI, 'explain', MESSAGE, '--db', big] },
    { name: '`errdex explain TRACE`, index of 1,000,000 records', args: [CLI, 'explain', trace, '--db', big] },
  ];
  const times = timeProcesses(cases);
  const base = pctl(times.get(cases[0].name)!, 50);
  console.log(`\nwhole processes (spawned, median of ${RUNS}, interleaved):`);
  console.log('| command | median | p90 | over `node -e 0` | ÷ `node -e 0` |\n|---|---|---|---|---|');
  for (const c of cases) {
    const xs = times.get(c.name)!;
    const med = pctl(xs, 50);
    console.log(`| ${c.name} | ${fmt(med)} | ${fmt(pctl(xs, 90))} | ${c === cases[0] ? '' : `+${fmt(med - base)}`} | ${(med / base).toFixed(2)}× |`);
  }
  await benchBigMatch(big, inputs);
}

async function benchBigMatch(big: string, inputs: string[]): Promise<void> {
  const store = new SqliteStore(big);
  const t0 = performance.now();
  const source = await store.matchSource();
  if (!source) throw new Error(`${big} has no persisted match index`);
  const index = new LazyMatchIndex(source);
  const openMs = performance.now() - t0;
  const parsed = inputs.map((t) => parseInput(t).links);
  const pass = () => parsed.map((links) => {
    const t = performance.now();
    for (const l of links) rankLink(index, l, 5);
    return performance.now() - t;
  });
  const cold = pass();
  const loaded = index.rows.length;
  const warm = Array.from({ length: 10 }, pass);
  const over = (passes: number[][], p: number) => pctl(passes.map((xs) => pctl(xs, p)), 50);
  // The baseline: the first 100k records' patterns as RegExps, each tested against each message.
  const templates = (store.db.prepare(`SELECT template FROM records ORDER BY rowid LIMIT 100000`).pluck().all() as string[])
    .flatMap((t) => (JSON.parse(t) as { template: Template }[]).map((v) => v.template));
  const regexes = templates.map((t) => { try { return new RegExp(renderPattern(t)); } catch { return null; } });
  const linear = Array.from({ length: 3 }, () => parsed.map((links: ErrorLink[]) => {
    const t = performance.now();
    for (const l of links) for (const re of regexes) re?.test(l.message);
    return performance.now() - t;
  }));
  console.log(`\nmatch stage on the 1,000,000-record index (persisted index opened in ${fmt(openMs)}; ${inputs.length} evaluation inputs; the first pass loaded ${loaded} rows of ${source.size}):`);
  console.log('| method | p50 | p99 | linear scan of 100k ÷ this (p50) |\n|---|---|---|---|');
  const lin50 = over(linear, 50);
  console.log(`| match stage, first pass (rows loaded from the index as lookups select them) | ${fmt(pctl(cold, 50))} | ${fmt(pctl(cold, 99))} | ${(lin50 / pctl(cold, 50)).toFixed(0)}× |`);
  console.log(`| match stage, rows loaded (median of 10 passes) | ${fmt(over(warm, 50))} | ${fmt(over(warm, 99))} | ${(lin50 / over(warm, 50)).toFixed(0)}× |`);
  console.log(`| linear RegExp scan of 100,000 records' patterns (${regexes.length} patterns) | ${fmt(lin50)} | ${fmt(over(linear, 99))} | 1× |`);
  await store.close();
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  const db = path.resolve(REPO, process.argv[2] ?? '.errdex/eval.sqlite');
  if (!fs.existsSync(db)) throw new Error(`no index at ${db}: build it with \`npm run eval\` or pass one`);
  benchStartup(db).catch((e) => {
    console.error(e);
    process.exitCode = 1;
  });
}
