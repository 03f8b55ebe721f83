// `errdex index` bench: whole processes as a user runs them, over this repository's own
// dependencies (a copy of the project with its node_modules): `errdex index` cold and warm, beside
// the sum of one `errdex analyze` per package in the same run, and lazy indexing from a trace into
// one unindexed package (cold, then once indexed).
//
//   ERRDEX_BENCH_ONLY=index npm run bench   (or node dist-tools/bench/index-project.js)

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(REPO, 'dist/cli/main.js');

// (GNU time gives the child's CPU time: on a loaded machine wall time says little, CPU time less so)
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

function run(args: string[], cwd: string, input?: string): { ms: number; cpuMs: number | null; stdout: string; stderr: string } {
  const cpuFile = path.join(os.tmpdir(), `errdex-bench-cpu-${process.pid}`);
  const argv = TIME ? [TIME, '-f', '%U %S', '-o', cpuFile, process.execPath, CLI, ...args] : [process.execPath, CLI, ...args];
  const t0 = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { cwd, input, encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, NO_COLOR: '1' } });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 4) throw new Error(`errdex ${args.join(' ')}: exit ${r.status}: ${r.stderr.slice(0, 500)}`);
  const cpuMs = TIME ? fs.readFileSync(cpuFile, 'utf8').trim().split(/\s+/).reduce((a, x) => a + Number(x) * 1000, 0) : null;
  return { ms, cpuMs, stdout: r.stdout, stderr: r.stderr };
}

const cpu = (ms: number | null) => (ms === null ? '-' : secs(ms));

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function benchIndex(): void {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-bench-index-'));
  try {
    const project = path.join(tmp, 'project');
    fs.mkdirSync(project);
    fs.copyFileSync(path.join(REPO, 'package.json'), path.join(project, 'package.json'));
    fs.cpSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'), { recursive: true, verbatimSymlinks: true });
    const db = path.join(tmp, 'index.sqlite');
    const cold = run(['index', project, '--db', db, '--json'], project);
    const summary = JSON.parse(cold.stdout) as { packages: { path: string; status: string }[]; records: number };
    const warm = run(['index', project, '--db', db, '--json'], project);
    // The same packages, one `errdex analyze` process each, into a fresh index.
    const perDb = path.join(tmp, 'per-package.sqlite');
    let sum = 0;
    let sumCpu: number | null = 0;
    for (const p of summary.packages) {
      const r = run(['analyze', path.join(project, p.path), '--db', perDb, '--json'], project);
      sum += r.ms;
      sumCpu = sumCpu === null || r.cpuMs === null ? null : sumCpu + r.cpuMs;
    }
    const ratio = (a: number | null, b: number | null, digits: number) => (a === null || b === null ? '-' : `${(a / b).toFixed(digits)}×`);
    console.log(`\nerrdex index over this repository's dependencies (${summary.packages.length} packages, ${summary.records} records), whole processes:`);
    console.log('| run | wall time | ÷ sum | CPU time | ÷ sum |\n|---|---|---|---|---|');
    console.log(`| errdex index, cold (all cores) | ${secs(cold.ms)} | ${ratio(cold.ms, sum, 2)} | ${cpu(cold.cpuMs)} | ${ratio(cold.cpuMs, sumCpu, 2)} |`);
    console.log(`| errdex index, warm (every package reused) | ${secs(warm.ms)} | ${ratio(warm.ms, sum, 3)} | ${cpu(warm.cpuMs)} | ${ratio(warm.cpuMs, sumCpu, 3)} |`);
    console.log(`| ${summary.packages.length} × errdex analyze PACKAGE | ${secs(sum)} | 1× | ${cpu(sumCpu)} | 1× |`);
    // Lazy indexing: a real Node stack into a package the index lacks (ignore), in a fresh index.
    const lazyDb = path.join(tmp, 'lazy.sqlite');
    const thrown = spawnSync(process.execPath, ['-e', `require('ignore')().ignores(1)`], { cwd: project, encoding: 'utf8' });
    const stack = thrown.stderr.slice(thrown.stderr.search(/^\w*Error/m));
    const first = run(['explain', '--db', lazyDb], project, stack);
    const again = run(['explain', '--db', lazyDb], project, stack);
    console.log(`\nlazy indexing from a trace into one unindexed package (ignore): cold ${secs(first.ms)} (CPU ${cpu(first.cpuMs)}; ${/indexing/.test(first.stderr) ? 'indexed it' : 'NOT indexed'}), once indexed ${(again.ms).toFixed(0)} ms (CPU ${cpu(again.cpuMs)})`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) benchIndex();
