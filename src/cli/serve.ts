import cluster from 'node:cluster';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { createMcpServer } from '../mcp/server.js';
import { createApp, DEFAULT_TIME_LIMIT_MS, LOOPBACK_HOSTS } from '../server/app.js';
import { IndexHolder } from '../service/holder.js';
import { err, out, positiveInt, term } from './common.js';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: '7070' }, db: { type: 'string' }, quiet: { type: 'boolean', default: false },
      'time-limit': { type: 'string' }, 'max-concurrent': { type: 'string' }, workers: { type: 'string' },
    },
  });
  const workers = values.workers === undefined ? 1 : positiveInt(values.workers, '--workers');
  // (explain runs on the thread that serves: more cores serve through more processes, one index reader each)
  if (workers > 1 && cluster.isPrimary) return servePrimary(workers);
  const timeLimitMs = values['time-limit'] === undefined ? DEFAULT_TIME_LIMIT_MS : positiveInt(values['time-limit'], '--time-limit');
  const maxConcurrent = values['max-concurrent'] === undefined ? undefined : positiveInt(values['max-concurrent'], '--max-concurrent');
  const port = positiveInt(values.port!, '--port', true);
  const host = values.host!;
  const holder = new IndexHolder(values.db);
  const version = process.env.npm_package_version ?? '0.1.0';
  // (served on a loopback address, only loopback names are answered: a page of another site whose name resolves here is refused)
  const allowedHosts = LOOPBACK.test(host) ? LOOPBACK_HOSTS : null;
  // MCP over Streamable HTTP, stateless: a server and a transport per request (the tools keep no state)
  const mcp = async (req: Request): Promise<Response> => {
    const server = createMcpServer((fn) => holder.use(fn), version, timeLimitMs);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(req);
    } finally {
      void server.close();
    }
  };
  const app = createApp({ holder, allowedHosts, version, mcp, timeLimitMs, maxConcurrent, log: values.quiet ? null : (line) => err(term`${line}`) });
  const server = serve({ fetch: app.fetch, hostname: host, port });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const addr = server.address();
  const shown = typeof addr === 'object' && addr ? `http://${addr.family === 'IPv6' ? `[${addr.address}]` : addr.address}:${addr.port}/` : String(addr);
  if (cluster.isWorker) process.send!({ listening: shown });
  else out(term`errdex serve: listening on ${shown}`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await holder.close();
  return 0;
}

/**
 * `--workers N`: N processes serve the same address (node:cluster hands them the connections),
 * each with its own read-only index. A worker that dies is replaced; SIGINT/SIGTERM stop them all.
 */
async function servePrimary(workers: number): Promise<number> {
  let stopping = false;
  let shown = false;
  cluster.on('message', (_w, msg: { listening?: string }) => {
    if (msg.listening && !shown) {
      shown = true;
      out(term`errdex serve: listening on ${msg.listening} (${workers} workers)`);
    }
  });
  cluster.on('exit', (w, code, signal) => {
    if (stopping) return;
    err(term`errdex serve: worker ${w.process.pid ?? 0} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < workers; i++) cluster.fork();
  await new Promise<void>((resolve) => {
    const stop = () => {
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
      cluster.disconnect(() => resolve());
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
