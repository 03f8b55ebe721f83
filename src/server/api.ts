// The JSON API under /v1: each route reads its arguments, calls one service function and answers
// its value (explain: the text of `errdex explain --json`, streamed in pieces).

import type { Context } from 'hono';
import { Hono } from 'hono';
import { badInput } from '../core/errors.js';
import { explain, MAX_INPUT_BYTES } from '../service/explain.js';
import { explainJsonBytes, explainJsonChunks } from '../service/explain-json.js';
import { search, type SearchOptions } from '../service/search.js';
import { checkRecordId, show } from '../service/show.js';
import { stats } from '../service/stats.js';
import { listTrees, treeDetail } from '../service/trees.js';
import { HttpError } from './errors.js';
import type { IndexHolder } from '../service/holder.js';

export const MAX_EXPLAIN_LIMIT = 50;

/** The explain input of a request: its text body, or JSON {text, limit}. */
export async function explainInput(c: Context): Promise<{ text: string; limit: number }> {
  const type = c.req.header('content-type') ?? '';
  let text: unknown;
  let limit: unknown;
  if (/^application\/json\b/i.test(type)) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw badInput('the body is not valid JSON; send {"text": "..."} or the text itself as text/plain');
    }
    if (typeof body !== 'object' || body === null) throw badInput('the JSON body must be an object {"text": "...", "limit": N}');
    ({ text, limit } = body as Record<string, unknown>);
  } else {
    text = await c.req.text();
    limit = c.req.query('limit');
  }
  if (typeof text !== 'string') throw badInput('"text" must be a string: an error message, a stack trace or a log');
  return { text: checkSize(text), limit: explainLimit(limit) };
}

/** Text over the service's input limit: 413 (a body over it never gets this far). */
export function checkSize(text: string): string {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_INPUT_BYTES) throw new HttpError('too-large', `input is ${bytes} bytes, over the ${MAX_INPUT_BYTES}-byte limit; pass the relevant part of the log`);
  return text;
}

export function explainLimit(v: unknown): number {
  if (v === undefined || v === null || v === '') return 5;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > MAX_EXPLAIN_LIMIT) throw badInput(`limit must be an integer from 1 to ${MAX_EXPLAIN_LIMIT}`);
  return n;
}

function intParam(v: string | undefined, name: string): number | undefined {
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,6}$/.test(v)) throw badInput(`${name} must be a positive integer, got "${v.slice(0, 40)}"`);
  return Number(v);
}

/** The search options a query string gives (`class` is errorClass). */
export function searchOptions(c: Context): SearchOptions {
  const p = (k: string) => c.req.query(k) || undefined;
  return {
    q: p('q'), language: p('language'), type: p('type'), repo: p('repo'), package: p('package'), errorClass: p('class'), file: p('file'),
    limit: intParam(c.req.query('limit'), 'limit'), cursor: p('cursor'),
  };
}

/** Answers with at most this many links are one compact body. */
const ONE_PIECE_LINKS = 200;

export function apiRoutes(holder: IndexHolder, timeLimitMs?: number): Hono {
  const api = new Hono();
  api.post('/explain', async (c) => {
    const { text, limit } = await explainInput(c);
    const result = await holder.use((store) => explain(store, text, { limit, timeLimitMs }));
    const type = { 'content-type': 'application/json; charset=utf-8' };
    // (an answer of a few links, nearly all of them, is written at once and compact; a log's
    // thousands go out in pieces, as the CLI prints them: a web stream costs more than one write)
    // (as bytes, each record's encoded once: a string would be measured for its length and encoded as it is written)
    if (result.links.length <= ONE_PIECE_LINKS) return c.body(explainJsonBytes(result), 200, type);
    const chunks = explainJsonChunks(result);
    const body = new ReadableStream<Uint8Array>({
      pull(ctl) {
        const n = chunks.next();
        if (n.done) ctl.close();
        else ctl.enqueue(new TextEncoder().encode(n.value));
      },
    });
    return c.body(body, 200, type);
  });
  api.get('/records/:id', async (c) => {
    const id = c.req.param('id');
    checkRecordId(id);
    return c.json({ records: await holder.use((store) => show(store, id)) });
  });
  api.get('/search', async (c) => {
    const opts = searchOptions(c);
    return c.json(await holder.use((store) => search(store, opts)));
  });
  api.get('/trees', async (c) => c.json({ trees: await holder.use(listTrees) }));
  api.get('/trees/:name{.+}', async (c) => {
    const name = c.req.param('name');
    const opts = { ...searchOptions(c), repo: undefined, package: undefined };
    return c.json(await holder.use((store) => treeDetail(store, name, opts)));
  });
  api.get('/stats', async (c) => c.json(await holder.use(stats)));
  return api;
}
