// The bench against a baseline checkout in the same run (ERRDEX_BENCH_BASELINE=/path/to/checkout,
// its dist/ built): whole-process cold `errdex analyze` of the Python standard library, base and
// current in alternated rounds (base, current, then current, base: a burst of load from another
// job spoils one run of each side rather than all runs of one), wall and CPU time (user + system of
// the whole process, its workers included, read from the child's own process.resourceUsage() at
// exit); then explain p50/p99 over the evaluation inputs on each side's own index, in a process of
// its own running that checkout's dist/. Ratios are current ÷ base.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childUsage, USAGE_HOOK } from './child-usage.js';
import { cliEntry } from './cli-entry.js';
import { evaluationInputs, pctl } from './inputs.js';

const STDLIB = '/usr/lib/python3.11';

interface Run { wall: number; cpu: number; rssMb: number }

function analyzeOnce(checkout: string, db: string): Run {
  for (const f of [db, `${db}-wal`, `${db}-shm`]) fs.rmSync(f, { force: true });
  const w0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', USAGE_HOOK, cliEntry(checkout), 'analyze', STDLIB, '--db', db],
    { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wall = performance.now() - w0;
  const u = childUsage(r.stderr);
  if (r.status !== 0 || !u) throw new Error(`analyze with ${checkout} failed (exit ${r.status}): ${r.stderr.slice(-500)}`);
  return { wall, cpu: u.cpuMs, rssMb: u.rssMb };
}

/**
 * Explain timed in a process running `checkout`'s dist/ on its own index (loadIndex, as a process
 * uses it): one untimed pass over every input (the persisted index loads the rows its lookups
 * select), then PASSES timed passes; each percentile is the median over the passes.
 */
const EXPLAIN_SCRIPT = `
import fs from 'node:fs';
const [checkout, db, inputsFile, passes] = process.argv.slice(2);
const { SqliteStore } = await import(checkout + '/dist/store/sqlite.js');
const { explain, loadIndex } = await import(checkout + '/dist/service/explain.js');
const inputs = JSON.parse(fs.readFileSync(inputsFile, 'utf8'));
const store = new SqliteStore(db, 'read');
const index = await loadIndex(store);
const run = async () => {
  const ms = [];
  for (const t of inputs) {
    const t0 = performance.now();
    try { await explain(store, t, { index }); } catch {}
    ms.push(performance.now() - t0);
  }
  return ms;
};
await run();
const out = [];
for (let k = 0; k < Number(passes); k++) { globalThis.gc?.(); out.push(await run()); }
process.stdout.write(JSON.stringify(out));
`;

function explainTimes(checkout: string, db: string, inputsFile: string, script: string, passes: number): number[][] {
  const r = spawnSync(process.execPath, ['--expose-gc', script, checkout, db, inputsFile, String(passes)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`explain with ${checkout} failed (exit ${r.status}): ${r.stderr.slice(-500)}`);
  return JSON.parse(r.stdout) as number[][];
}

const median = (xs: number[]) => pctl(xs, 50);
const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');
const fmtMs = (ms: number) => (ms < 1 ? `${(ms * 1000).toFixed(0)} µs` : ms < 10 ? `${ms.toFixed(2)} ms` : ms < 10_000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`);

export async function benchBaseline(repo: string): Promise<void> {
  const base = process.env.ERRDEX_BENCH_BASELINE;
  if (!base) return console.log('\n(baseline skipped: set ERRDEX_BENCH_BASELINE=/path/to/checkout, its dist/ built, to compare with it in the same run)');
  const baseDir = path.resolve(base);
  if (!fs.existsSync(path.join(baseDir, 'dist/cli/main.js'))) return console.log(`\n(baseline skipped: ${baseDir}/dist/cli/main.js is missing: run npm run build there)`);
  if (!fs.existsSync(STDLIB)) return console.log(`\n(baseline skipped: no ${STDLIB})`);
  const rounds = Number(process.env.ERRDEX_BENCH_BASELINE_ROUNDS ?? 3);
  const passes = Number(process.env.ERRDEX_BENCH_BASELINE_PASSES ?? 5);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-base-'));
  try {
    const sides = { base: { dir: baseDir, db: path.join(tmp, 'base.sqlite'), runs: [] as Run[] }, current: { dir: repo, db: path.join(tmp, 'current.sqlite'), runs: [] as Run[] } };
    const loads: string[] = [load()];
    for (let k = 0; k < rounds; k++) {
      const order = k % 2 === 0 ? [sides.base, sides.current] : [sides.current, sides.base];
      for (const s of order) s.runs.push(analyzeOnce(s.dir, s.db));
      loads.push(load());
    }
    console.log(`\nbaseline ${baseDir} against this checkout, in the same run (${rounds} alternated rounds; load average before and after each round: ${loads.join(' → ')}):`);
    console.log(`whole-process cold \`errdex analyze ${STDLIB}\` into a fresh index, median of ${rounds}:`);
    console.log('| | wall | CPU (user + sys, all threads) | peak RSS | runs (wall / CPU) |\n|---|---|---|---|---|');
    const m = (s: typeof sides.base) => ({ wall: median(s.runs.map((r) => r.wall)), cpu: median(s.runs.map((r) => r.cpu)), rss: median(s.runs.map((r) => r.rssMb)) });
    const b = m(sides.base), c = m(sides.current);
    const runs = (s: typeof sides.base) => s.runs.map((r) => `${fmtMs(r.wall)} / ${fmtMs(r.cpu)}`).join(', ');
    console.log(`| base | ${fmtMs(b.wall)} | ${fmtMs(b.cpu)} | ${b.rss.toFixed(0)} MB | ${runs(sides.base)} |`);
    console.log(`| current | ${fmtMs(c.wall)} | ${fmtMs(c.cpu)} | ${c.rss.toFixed(0)} MB | ${runs(sides.current)} |`);
    console.log(`| current ÷ base | ${(c.wall / b.wall).toFixed(3)}× | ${(c.cpu / b.cpu).toFixed(3)}× | ${(c.rss / b.rss).toFixed(2)}× | goal ≤ 1.10× |`);

    const inputs = evaluationInputs(repo);
    if (inputs.length === 0) return console.log('\n(baseline explain skipped: no eval/corpus)');
    const inputsFile = path.join(tmp, 'inputs.json');
    fs.writeFileSync(inputsFile, JSON.stringify(inputs));
    const script = path.join(tmp, 'explain.mjs');
    fs.writeFileSync(script, EXPLAIN_SCRIPT);
    // (alternated: base, current, current, base, each a process of PASSES passes)
    const times = { base: [] as number[][], current: [] as number[][] };
    for (const [name, s] of [['base', sides.base], ['current', sides.current], ['current', sides.current], ['base', sides.base]] as const) {
      times[name].push(...explainTimes(s.dir, s.db, inputsFile, script, Math.ceil(passes / 2)));
    }
    const at = (ps: number[][], p: number) => median(ps.map((xs) => pctl(xs, p)));
    console.log(`\nexplain over ${inputs.length} evaluation inputs, in-process on each side's own index of the stdlib (its persisted match index), median over ${times.base.length} passes (load average ${load()}):`);
    console.log('| | p50 | p99 |\n|---|---|---|');
    console.log(`| base | ${fmtMs(at(times.base, 50))} | ${fmtMs(at(times.base, 99))} |`);
    console.log(`| current | ${fmtMs(at(times.current, 50))} | ${fmtMs(at(times.current, 99))} |`);
    console.log(`| current ÷ base | ${(at(times.current, 50) / at(times.base, 50)).toFixed(2)}× | ${(at(times.current, 99) / at(times.base, 99)).toFixed(2)}× |`);
    // (each input's median over the passes, then the percentiles over inputs: what an input costs,
    // without the pauses (a collection, a re-optimization) that land on some input of every pass)
    const perInput = (ps: number[][]) => ps[0].map((_, i) => median(ps.map((xs) => xs[i])));
    const [pb, pc] = [perInput(times.base), perInput(times.current)];
    console.log(`| per input (its median over the passes): base | ${fmtMs(pctl(pb, 50))} | ${fmtMs(pctl(pb, 99))} |`);
    console.log(`| per input: current | ${fmtMs(pctl(pc, 50))} | ${fmtMs(pctl(pc, 99))} |`);
    console.log(`| per input: current ÷ base | ${(pctl(pc, 50) / pctl(pb, 50)).toFixed(2)}× | ${(pctl(pc, 99) / pctl(pb, 99)).toFixed(2)}× |`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}
