// Load on `errdex serve`: autocannon against POST /v1/explain with the evaluation inputs (50
// connections, 20 s by default), beside in-process explain throughput measured in the same run on
// the same index; and the record page's render time. The server is the built CLI in its own process.

import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { SqliteStore } from '../src/store/sqlite.js';
import { explain, loadIndex } from '../src/service/explain.js';
import { evaluationInputs, pctl } from './inputs.js';
import { cliEntry } from './cli-entry.js';

const SECONDS = Number(process.env.ERRDEX_BENCH_LOAD_S ?? 20);
const CONNECTIONS = Number(process.env.ERRDEX_BENCH_LOAD_CONN ?? 50);

function startServer(cli: string, db: string, workers: number): Promise<{ url: string; stop: () => void }> {
  // (every connection in hand at once: the load measures latency, not the busy answer past --max-concurrent)
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--quiet', '--db', db, '--workers', String(workers), '--max-concurrent', String(CONNECTIONS)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`errdex serve exited ${code}`)));
    proc.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ url: m[1].replace(/\/$/, ''), stop: () => proc.kill('SIGTERM') });
    });
  });
}

export async function benchServe(repo: string, db: string): Promise<void> {
  const inputs = evaluationInputs(repo).filter((t) => t.trim() !== '');
  if (inputs.length === 0) return void console.log('\n(serve load skipped: no evaluation corpus)');
  // In-process explain throughput: one process explaining the inputs back to back for as long.
  const store = new SqliteStore(db, 'read');
  await loadIndex(store);
  for (const t of inputs.slice(0, 50)) await explain(store, t);
  let n = 0;
  const t0 = performance.now();
  while (performance.now() - t0 < Math.min(SECONDS, 10) * 1000) await explain(store, inputs[n++ % inputs.length]);
  const inProcess = n / ((performance.now() - t0) / 1000);
  const id = (await store.queryRecords({ offset: 0, limit: 1 })).records[0]?.id;
  await store.close();

  console.log(`\nerrdex serve under load: POST /v1/explain, ${inputs.length} evaluation inputs in turn, ${CONNECTIONS} connections, ${SECONDS} s (the load tool on the same cores):`);
  console.log('| workers | requests/s | p50 | p99 | errors | in-process explain/s | served ÷ in-process | record page p50 |\n|---|---|---|---|---|---|---|---|');
  for (const workers of [...new Set([1, os.cpus().length])]) await loadRun(repo, db, inputs, inProcess, id, workers);
}

async function loadRun(repo: string, db: string, inputs: string[], inProcess: number, id: string | undefined, workers: number): Promise<void> {
  const srv = await startServer(cliEntry(repo), db, workers);
  try {
    // warm: each worker loads its index on its first request
    for (const t of inputs.slice(0, 50 * workers)) await fetch(srv.url + '/v1/explain', { method: 'POST', body: t });
    let next = 0;
    const result = await autocannon({
      url: srv.url, connections: CONNECTIONS, duration: SECONDS,
      requests: [{ method: 'POST', path: '/v1/explain', headers: { 'content-type': 'text/plain' }, setupRequest: (req) => ({ ...req, body: inputs[next++ % inputs.length] }) }],
    });
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
    console.log(`| ${workers} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${errors} | ${inProcess.toFixed(0)} | ${((result.requests.average / inProcess) * 100).toFixed(0)} % | ${page.length ? pctl(page, 50).toFixed(1) + ' ms' : '-'} |`);
  } finally {
    srv.stop();
  }
}
