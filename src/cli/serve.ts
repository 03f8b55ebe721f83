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
      'time-limit': { type: 'string' }, 'max-concurrent': { type: 'string' },
    },
  });
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
  out(term`errdex serve: listening on ${shown}`);
  await new Promise<void>((resolve) => {
    const stop = () => server.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await holder.close();
  return 0;
}
