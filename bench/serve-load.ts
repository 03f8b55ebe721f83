// Load on `errdex serve`: autocannon against POST /v1/explain with the evaluation inputs (50
// connections, 20 s by default), beside in-process explain throughput measured in the same run on
// the same index; and the record page's render time. The server is the built CLI in its own process.
// Before the load, every input is asked once (the server's first touches of match rows, records and
// line indexes: 2.8–46 ms an input, once in a server's life), so that the figures are the steady
// state's; CPU per request is counted for the server (every process and thread) and for the load
// tool apart, since both share the cores.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { SqliteStore } from '../src/store/sqlite.js';
import { explain, loadIndex } from '../src/service/explain.js';
import { evaluationInputs, pctl } from './inputs.js';
import { cliEntry } from './cli-entry.js';

const SECONDS = Number(process.env.ERRDEX_BENCH_LOAD_S ?? 20);
const CONNECTIONS = Number(process.env.ERRDEX_BENCH_LOAD_CONN ?? 50);

/** CPU seconds (user + system) of a process and its live children, from /proc (0 where there is none). */
function cpuSeconds(pid: number): number {
  const ticks = (p: number) => {
    try {
      const f = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // (no /proc: counted as 0)
  }
  return [pid, ...children].reduce((t, p) => t + ticks(p), 0) / 100;
}

const loadAverage = () => os.loadavg().map((x) => x.toFixed(1)).join(' ');

function startServer(cli: string, db: string, workers: number): Promise<{ url: string; pid: number; stop: () => void }> {
  // (every connection in hand at once: the load measures latency, not the busy answer past --max-concurrent)
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--quiet', '--db', db, '--workers', String(workers), '--max-concurrent', String(CONNECTIONS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`errdex serve exited ${code}`)));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1].replace(/\/$/, ''), pid: proc.pid!, stop: () => proc.kill('SIGTERM') });
    });
  });
}

export async function benchServe(repo: string, db: string): Promise<void> {
  const inputs = evaluationInputs(repo).filter((t) => t.trim() !== '');
  if (inputs.length === 0) return void console.log('\n(serve load skipped: no evaluation corpus)');
  // In-process explain throughput: one process explaining the inputs back to back for as long.
  const store = new SqliteStore(db, 'read');
  await loadIndex(store);
  // (every input once first, as the server is warmed below: both sides measured in their steady state)
  for (const t of inputs) await explain(store, t);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < Math.min(SECONDS, 10) * 1000) await explain(store, inputs[n++ % inputs.length]);
  const inProcess = n / ((performance.now() - t0) / 1000);
  const id = (await store.queryRecords({ offset: 0, limit: 1 })).records[0]?.id;
  await store.close();

  console.log(`\nerrdex serve under load: POST /v1/explain, ${inputs.length} evaluation inputs in turn, ${CONNECTIONS} connections, ${SECONDS} s (the load tool on the same cores):`);
  console.log('| workers | requests/s | p50 | p99 | errors | in-process explain/s | served ÷ in-process | record page p50 | server CPU / request | load tool CPU / request | load average |\n|---|---|---|---|---|---|---|---|---|---|---|');
  for (const workers of [...new Set([1, os.cpus().length])]) await loadRun(repo, db, inputs, inProcess, id, workers);
}

async function loadRun(repo: string, db: string, inputs: string[], inProcess: number, id: string | undefined, workers: number): Promise<void> {
  const srv = await startServer(cliEntry(repo), db, workers);
  try {
    // warm: every input once, from as many clients as there are workers (each worker loads its
    // index and meets its records on its own; the cluster hands connections round-robin)
    await Promise.all(Array.from({ length: 2 * workers }, async (_, k) => {
      for (let i = k; i < inputs.length; i += 2 * workers) await fetch(srv.url + '/v1/explain', { method: 'POST', body: inputs[i] });
    }));
    const load = loadAverage();
    const server0 = cpuSeconds(srv.pid);
    const tool0 = process.cpuUsage();
    let next = 0;
    const result = await autocannon({
      url: srv.url, connections: CONNECTIONS, duration: SECONDS,
      requests: [{ method: 'POST', path: '/v1/explain', headers: { 'content-type': 'text/plain' }, setupRequest: (req) => ({ ...req, body: inputs[next++ % inputs.length] }) }],
    });
    const tool = process.cpuUsage(tool0);
    const perRequest = (seconds: number) => `${((seconds * 1000) / result.requests.total).toFixed(2)} ms`;
    const serverCpu = perRequest(cpuSeconds(srv.pid) - server0);
    const toolCpu = perRequest((tool.user + tool.system) / 1e6);
    const errors = result.errors + result.timeouts + result.non2xx;
    // Record page render: sequential requests, one at a time.
    const page: number[] = [];
    if (id) {
      for (let i = 0; i < 200; i++) {
        const s = performance.now();
        await (await fetch(`${srv.url}/r/${id}`)).text();
        page.push(performance.now() - s);
      }
    }
    console.log(`| ${workers} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${errors} | ${inProcess.toFixed(0)} | ${((result.requests.average / inProcess) * 100).toFixed(0)} % | ${page.length ? pctl(page, 50).toFixed(1) + ' ms' : '-'} | ${serverCpu} | ${toolCpu} | ${load} |`);
  } finally {
    srv.stop();
  }
}
