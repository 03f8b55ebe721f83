// `errdex index` bench: whole processes as a user runs them, over this repository's own
// dependencies (a copy of the project with its node_modules): `errdex index` cold and warm, beside
// the sum of one `errdex analyze` per package in the same run, and lazy indexing from a trace into
// one unindexed package (cold, then once indexed). The warm and once-indexed runs are repeated,
// alternated with `node -e 0` (Node's own start-up, not errdex's), and their medians reported
// beside it with the load average: on a shared machine a lone run says little.
//
//   ERRDEX_BENCH_ONLY=index npm run bench   (or node dist-tools/bench/index-project.js)
//   ERRDEX_BENCH_INDEX_SUM=0 leaves out the per-package sum (an hour of processes on 2 cores).
//   ERRDEX_BENCH_ONLY=lazy: the lazy indexing row alone, in a project holding that one package
//   (what explain reads of a project does not grow with its node_modules).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cliEntry } from './cli-entry.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// (ERRDEX_BENCH_CLI: another build's main.js, to measure before and after in one way)
const CLI = process.env.ERRDEX_BENCH_CLI ?? cliEntry(REPO);

/**
 * Writes the process's CPU time at its exit to $ERRDEX_BENCH_CPU_FILE, in µs (preloaded with
 * --require, into errdex and `node -e 0` alike): GNU time's is in hundredths of a second, too
 * coarse for a ~30 ms difference.
 */
const CPU_PRELOAD = `process.on('exit', () => {
  const u = process.cpuUsage();
  require('node:fs').writeFileSync(process.env.ERRDEX_BENCH_CPU_FILE, String(u.user + u.system));
});
`;

interface Run { ms: number; cpuMs: number; stdout: string; stderr: string }

function run(args: string[], cwd: string, input?: string, script: string[] = [CLI]): Run {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-cpu-'));
  try {
    const preload = path.join(dir, 'cpu.cjs');
    const cpuFile = path.join(dir, 'cpu');
    fs.writeFileSync(preload, CPU_PRELOAD);
    const t0 = performance.now();
    const r = spawnSync(process.execPath, ['--require', preload, ...script, ...args], {
      cwd, input, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1', ERRDEX_BENCH_CPU_FILE: cpuFile },
    });
    const ms = performance.now() - t0;
    if (r.status !== 0 && r.status !== 4) throw new Error(`errdex ${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
    return { ms, cpuMs: Number(fs.readFileSync(cpuFile, 'utf8')) / 1000, stdout: r.stdout, stderr: r.stderr };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const cpu = (ms: number | null) => (ms === null ? '-' : ms < 1000 ? `${ms.toFixed(0)} ms` : secs(ms));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** `n` runs of `f` alternated with `node -e 0`: the medians of each, wall and CPU. */
function paired(n: number, f: () => Run, cwd: string): { it: { ms: number; cpuMs: number }; node: { ms: number; cpuMs: number }; last: Run } {
  const its: Run[] = [];
  const nodes: Run[] = [];
  for (let i = 0; i < n; i++) {
    its.push(f());
    nodes.push(run(['-e', '0'], cwd, undefined, []));
  }
  const med = (rs: Run[]) => ({ ms: median(rs.map((r) => r.ms)), cpuMs: median(rs.map((r) => r.cpuMs)) });
  return { it: med(its), node: med(nodes), last: its[its.length - 1] };
}

const load = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function benchIndex(): void {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-index-'));
  try {
    const project = path.join(tmp, 'project');
    fs.mkdirSync(project);
    fs.copyFileSync(path.join(REPO, 'package.json'), path.join(project, 'package.json'));
    // (by its real path: a worktree's node_modules may be a link to another checkout's)
    fs.cpSync(fs.realpathSync(path.join(REPO, 'node_modules')), path.join(project, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    const db = path.join(tmp, 'index.sqlite');
    const cold = run(['index', project, '--db', db, '--json'], project);
    const summary = JSON.parse(cold.stdout) as { packages: { path: string; status: string }[]; records: number };
    const loadCold = load();
    const warm = paired(5, () => run(['index', project, '--db', db, '--json'], project), project);
    const walked = (JSON.parse(warm.last.stdout) as { packages: { walked: boolean }[] }).packages.filter((p) => p.walked).length;
    const loadWarm = load();
    // The same packages, one `errdex analyze` process each, into a fresh index.
    const perDb = path.join(tmp, 'per-package.sqlite');
    let sum: number | null = null;
    let sumCpu: number | null = null;
    if (process.env.ERRDEX_BENCH_INDEX_SUM !== '0') {
      sum = 0;
      sumCpu = 0;
      for (const p of summary.packages) {
        const r = run(['analyze', path.join(project, p.path), '--db', perDb, '--json'], project);
        sum += r.ms;
        sumCpu += r.cpuMs;
      }
    }
    const ratio = (a: number | null, b: number | null, digits: number) => (a === null || b === null ? '-' : `${(a / b).toFixed(digits)}×`);
    console.log(`\nerrdex index over this repository's dependencies (${summary.packages.length} packages, ${summary.records} records), whole processes:`);
    console.log('| run | wall time | ÷ sum | CPU time | ÷ sum | load average |\n|---|---|---|---|---|---|');
    console.log(`| errdex index, cold (all cores) | ${secs(cold.ms)} | ${ratio(cold.ms, sum, 2)} | ${cpu(cold.cpuMs)} | ${ratio(cold.cpuMs, sumCpu, 2)} | ${loadCold} |`);
    console.log(`| errdex index, warm (every package reused; ${walked} walked), median of 5 | ${secs(warm.it.ms)} | ${ratio(warm.it.ms, sum, 3)} | ${cpu(warm.it.cpuMs)} | ${ratio(warm.it.cpuMs, sumCpu, 3)} | ${loadWarm} |`);
    console.log(`| node -e 0, alternated with the warm runs, median | ${secs(warm.node.ms)} | | ${cpu(warm.node.cpuMs)} | | |`);
    if (sum !== null) console.log(`| ${summary.packages.length} × errdex analyze PACKAGE | ${secs(sum)} | 1× | ${cpu(sumCpu)} | 1× | ${load()} |`);
    benchLazy(project, tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** Runs of the once-indexed lazy explain, each alternated with `node -e 0`. */
const LAZY_RUNS = Number(process.env.ERRDEX_BENCH_LAZY_RUNS ?? 15);

/** Lazy indexing: a real Node stack into a package the index lacks (ignore), in a fresh index in `tmp`. */
function benchLazy(project: string, tmp: string): void {
  const lazyDb = path.join(tmp, 'lazy.sqlite');
  const thrown = spawnSync(process.execPath, ['-e', `require('ignore')().ignores(1)`], { cwd: project, encoding: 'utf8' });
  const stack = thrown.stderr.slice(thrown.stderr.search(/^\w*Error/m));
  const first = run(['explain', '--db', lazyDb], project, stack);
  const again = paired(LAZY_RUNS, () => run(['explain', '--db', lazyDb], project, stack), project);
  const over = (a: number, b: number) => `${(a - b).toFixed(0)} ms`;
  console.log(`\nlazy indexing from a trace into one unindexed package (ignore): cold ${secs(first.ms)} (CPU ${cpu(first.cpuMs)}; ${/indexing/.test(first.stderr) ? 'indexed it' : 'NOT indexed'}); once indexed, median of ${LAZY_RUNS}: ${again.it.ms.toFixed(0)} ms wall, CPU ${cpu(again.it.cpuMs)}; node -e 0 alternated: ${again.node.ms.toFixed(0)} ms wall, CPU ${cpu(again.node.cpuMs)}; errdex over Node: ${over(again.it.ms, again.node.ms)} wall, ${over(again.it.cpuMs, again.node.cpuMs)} CPU (load average ${load()})`);
}

/** The lazy indexing row alone, in a project whose node_modules holds the one package (ERRDEX_BENCH_ONLY=lazy). */
export function benchLazyOnly(): void {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-lazy-'));
  try {
    const project = path.join(tmp, 'project');
    fs.mkdirSync(path.join(project, 'node_modules'), { recursive: true });
    fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "app", "version": "1.0.0", "dependencies": { "ignore": "*" } }\n');
    fs.cpSync(fs.realpathSync(path.join(REPO, 'node_modules/ignore')), path.join(project, 'node_modules/ignore'), { recursive: true });
    benchLazy(project, tmp);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchIndex();
