// `errdex serve`'s application: the JSON API (/v1), the OpenAPI document, and server-rendered
// pages, over one IndexHolder. Everything a page shows comes from analyzed code or pasted input
// and is hostile: pages are hono/jsx (which escapes every value), and the Content-Security-Policy
// allows no script and no inline style at all, so that markup that slipped through would do nothing.

import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_INPUT_BYTES } from '../service/explain.js';
import { apiRoutes } from './api.js';
import { errorBody, HttpError, STATUS_FOR_KIND } from './errors.js';
import type { IndexHolder } from '../service/holder.js';
import { openApiDocument } from './openapi.js';
import { pageRoutes, errorPage } from './pages.js';

export interface AppOptions {
  holder: IndexHolder;
  /** Requests handled at once; more are answered 503 (kind busy). */
  maxConcurrent?: number;
  /** How long one explain may run before it is answered 503 (kind timeout); default 10 s. */
  timeLimitMs?: number;
  /** Host header names accepted (DNS rebinding: a page of another site resolving its name to this server); null: any. */
  allowedHosts?: string[] | null;
  /** Where the access log goes (one JSON line per request); null: nowhere. */
  log?: ((line: string) => void) | null;
  version?: string;
  /** The MCP endpoint (Streamable HTTP) served at /mcp, if any. */
  mcp?: (req: Request) => Promise<Response>;
}

export const DEFAULT_TIME_LIMIT_MS = 10_000;

export const CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Loopback names: what a server bound to a loopback address accepts as Host by default. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

const hostName = (host: string) => host.replace(/:\d+$/, '').toLowerCase();

const wantsJson = (c: Context) => c.req.path.startsWith('/v1/') || c.req.path === '/mcp' || c.req.path === '/healthz' || c.req.path === '/openapi.json';

/**
 * Hono's bodyLimit, but a request that states its length (Content-Length, no Transfer-Encoding:
 * Node's HTTP parser then reads that many bytes and no more) is judged by the header alone, as
 * bodyLimit judges it, without touching the body first: bodyLimit reads `c.req.raw.body`, which
 * on @hono/node-server builds the web Request and a web stream over the socket for every request
 * (a fifth of a served explain's CPU time, measured), where `c.req.text()` alone reads the socket
 * directly. A chunked body is counted as it is read, by bodyLimit.
 */
function capBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    if (Number.parseInt(length, 10) > maxSize) return onError(c);
    await next();
  };
}

export function createApp(opts: AppOptions): Hono {
  const { holder } = opts;
  const maxConcurrent = opts.maxConcurrent ?? 32;
  const timeLimitMs = opts.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const app = new Hono();
  let inFlight = 0;

  const fail = (c: Context, e: unknown) => {
    const body = errorBody(e);
    const status = STATUS_FOR_KIND[body.error.kind];
    if (status === 500) opts.log?.(JSON.stringify({ level: 'error', path: c.req.path, error: String((e as Error)?.stack ?? e) }));
    return wantsJson(c) ? c.json(body, status) : c.html(errorPage(body.error.message, status), status);
  };

  app.use(async (c, next) => {
    const t0 = performance.now();
    c.header('content-security-policy', CSP);
    c.header('x-content-type-options', 'nosniff');
    c.header('referrer-policy', 'no-referrer');
    c.header('x-frame-options', 'DENY');
    const host = c.req.header('host');
    if (opts.allowedHosts && (!host || !opts.allowedHosts.includes(hostName(host)))) {
      return fail(c, new HttpError('bad-input', `Host "${(host ?? '').slice(0, 100)}" is not served here; start errdex serve with --host for it`));
    }
    const origin = c.req.header('origin');
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && origin && origin !== 'null') {
      let same = false;
      try {
        same = new URL(origin).host === host;
      } catch {
        // (not a URL: refused)
      }
      if (!same) return fail(c, new HttpError('bad-input', 'a request from another origin is refused'));
    }
    if (inFlight >= maxConcurrent) return fail(c, new HttpError('busy', `the server is handling ${maxConcurrent} requests; try again shortly`));
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
      opts.log?.(JSON.stringify({ time: new Date().toISOString(), method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - t0) * 10) / 10 }));
    }
  });

  // (the body is counted as it is read: a body over the limit is never buffered whole)
  // (and the connection closed: the client may still be sending the rest of the body)
  const tooLarge = (c: Context) => {
    c.header('connection', 'close');
    return fail(c, new HttpError('too-large', `the request body is over the ${MAX_INPUT_BYTES}-byte limit; pass the relevant part of the log`));
  };
  app.post('/v1/explain', capBody(MAX_INPUT_BYTES, tooLarge));
  // (a form's text is URL-encoded: up to three bytes a byte; the decoded text is checked again)
  app.post('/explain', capBody(3 * MAX_INPUT_BYTES, tooLarge));

  if (opts.mcp) {
    const mcp = opts.mcp;
    app.post('/mcp', capBody(2 * MAX_INPUT_BYTES, tooLarge));
    app.all('/mcp', (c) => mcp(c.req.raw));
  }
  app.get('/healthz', async (c) => c.json({ status: 'ok', ...(await holder.use(async (s) => ({ records: (await s.stats()).records }))) }));
  const doc = openApiDocument(opts.version ?? '0');
  app.get('/openapi.json', (c) => c.json(doc));
  app.route('/v1', apiRoutes(holder, timeLimitMs));
  app.route('/', pageRoutes(holder, doc, timeLimitMs));

  app.notFound((c) => fail(c, new HttpError('not-found', `nothing at ${c.req.path.slice(0, 200)}`)));
  app.onError((e, c) => fail(c, e));
  return app;
}
