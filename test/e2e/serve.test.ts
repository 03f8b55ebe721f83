// `errdex serve` over real HTTP: every route of the JSON API and of the pages, every error status,
// escaping of hostile analyzed text, and an index rewritten by `errdex analyze` while serving.
import fs from 'node:fs';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorSchema, ExplainJsonSchema, RecordsSchema, SearchResultSchema, StatsSchema, TreeDetailSchema, TreesSchema } from '../../src/service/schemas.js';
import { errdex, write } from './cli.js';
import { buildFixture, ESC, HOSTILE_FILE, HOSTILE_MESSAGE, rawRequest, startServer, type Fixture, type Server } from './server.js';

let fx: Fixture;
let srv: Server;
const get = (p: string, init?: RequestInit) => fetch(srv.url + p, init);
const post = (p: string, body: string, type = 'text/plain') => get(p, { method: 'POST', body, headers: { 'content-type': type } });

async function errorOf(r: Response, status: number, kind: string) {
  expect(r.status).toBe(status);
  const body = ErrorSchema.parse(await r.json());
  expect(body.error.kind).toBe(kind);
  return body.error.message;
}

beforeAll(async () => {
  fx = buildFixture();
  srv = await startServer(['--db', fx.db]);
});
afterAll(async () => {
  await srv?.stop();
});

describe('JSON API', () => {
  it('answers /healthz with the record count', async () => {
    const r = await get('/healthz');
    expect(r.status).toBe(200);
    expect((await r.json()).records).toBeGreaterThanOrEqual(3);
  });

  it('POST /v1/explain answers exactly what explain --json prints (but its time)', async () => {
    expect(fx.pyTrace).toContain('ValueError: config file must be TOML, got settings.yaml');
    const r = await post('/v1/explain', fx.pyTrace);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    const api = ExplainJsonSchema.parse(await r.json());
    const cli = JSON.parse(errdex(['explain', '--db', fx.db, '--json'], { input: fx.pyTrace }).stdout);
    expect(api.matched).toBe(true);
    expect(api.records[api.hits[0].recordId].filePath).toMatch(/config\.py$/);
    expect(api.hits[0].captures).toEqual({ path: 'settings.yaml' });
    expect({ ...api, ms: 0 }).toEqual({ ...cli, ms: 0 });
  });

  it('POST /v1/explain takes JSON {text, limit}', async () => {
    expect(fx.nodeStack).toContain('TypeError: port must be a number, got string');
    const r = await post('/v1/explain', JSON.stringify({ text: fx.nodeStack, limit: 1 }), 'application/json');
    const body = ExplainJsonSchema.parse(await r.json());
    expect(body.matched).toBe(true);
    expect(body.links.every((l) => l.hits.length <= 1)).toBe(true);
    expect(body.records[body.hits[0].recordId].filePath).toMatch(/server\.js$/);
  });

  it('POST /v1/explain refuses bad input with 400', async () => {
    expect(await errorOf(await post('/v1/explain', '  \n'), 400, 'bad-input')).toMatch(/empty/);
    expect(await errorOf(await post('/v1/explain', '{"text": ', 'application/json'), 400, 'bad-input')).toMatch(/not valid JSON/);
    await errorOf(await post('/v1/explain', '{"text": 7}', 'application/json'), 400, 'bad-input');
    await errorOf(await post('/v1/explain', '"just a string"', 'application/json'), 400, 'bad-input');
    await errorOf(await post('/v1/explain', JSON.stringify({ text: 'x', limit: 0 }), 'application/json'), 400, 'bad-input');
  });

  it('POST /v1/explain answers 413 to a body over 10 MiB', async () => {
    // (a length announced over the limit: refused from the headers, before any of the body is read)
    const announced = await rawRequest(srv.url + '/v1/explain', { method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': String(10 * 1024 * 1024 + 1) }, headersOnly: true });
    expect(announced.status).toBe(413);
    expect(JSON.parse(announced.body).error.message).toMatch(/limit/);
    // (no length announced, chunked: counted as it is read; the last byte is the one over the limit)
    const chunks = [...Array.from({ length: 10 }, () => 'y'.repeat(1024 * 1024)), 'y'];
    const r = await rawRequest(srv.url + '/v1/explain', { method: 'POST', headers: { 'content-type': 'text/plain' }, chunks });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body).error.kind).toBe('too-large');
    expect((await get('/healthz')).status).toBe(200);
  });

  it('GET /v1/records/{id}: the record, 400 for a malformed id, 404 for an unknown one', async () => {
    const hit = ExplainJsonSchema.parse(await (await post('/v1/explain', fx.pyTrace)).json()).hits[0];
    const r = await get(`/v1/records/${hit.recordId}`);
    expect(r.status).toBe(200);
    const { records } = RecordsSchema.parse(await r.json());
    expect(records[0].id).toBe(hit.recordId);
    expect(records[0].errorClass).toBe('ValueError');
    await errorOf(await get('/v1/records/not-an-id'), 400, 'bad-input');
    expect(await errorOf(await get('/v1/records/0123456789abcdef'), 404, 'not-found')).toMatch(/no record with id 0123456789abcdef/);
  });

  it('GET /v1/search finds records by words and filters, paged with a cursor', async () => {
    const toml = SearchResultSchema.parse(await (await get('/v1/search?q=toml')).json());
    expect(toml.method).toBe('fts');
    expect(toml.records.map((r) => r.message)).toEqual(['config file must be TOML, got {path}']);
    // a prefix of the last word, a class, a symbol, a file path
    expect(SearchResultSchema.parse(await (await get('/v1/search?q=TypeErr')).json()).records[0].filePath).toMatch(/server\.js$/);
    expect(SearchResultSchema.parse(await (await get('/v1/search?q=load_config')).json()).records).toHaveLength(1);
    expect(SearchResultSchema.parse(await (await get('/v1/search?q=server.js')).json()).records[0].symbol).toBe('listen');
    const js = SearchResultSchema.parse(await (await get('/v1/search?language=javascript')).json());
    expect(js.records.every((r) => r.language === 'javascript')).toBe(true);
    expect(SearchResultSchema.parse(await (await get('/v1/search?repo=nobody/else')).json()).records).toEqual([]);
    // FTS syntax typed by a user is words, not syntax
    expect((await get('/v1/search?q=' + encodeURIComponent('"NEAR(a b) OR * ^col:'))).status).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ReturnType<typeof SearchResultSchema.parse> = SearchResultSchema.parse(await (await get(`/v1/search?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json());
      expect(page.records.length).toBe(1);
      seen.push(page.records[0].id);
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(3);
    await errorOf(await get('/v1/search?cursor=bogus'), 400, 'bad-input');
    await errorOf(await get('/v1/search?limit=1000'), 400, 'bad-input');
    await errorOf(await get('/v1/search?limit=-1'), 400, 'bad-input');
  });

  it('GET /v1/trees and /v1/trees/{repo}: the trees, one repo with its records, 404 for another', async () => {
    const { trees } = TreesSchema.parse(await (await get('/v1/trees')).json());
    expect(trees.map((t) => t.repo)).toEqual(['acme/app']);
    const d = TreeDetailSchema.parse(await (await get('/v1/trees/acme/app?limit=2')).json());
    expect(d.records).toBe(3);
    expect(d.page.records).toHaveLength(2);
    expect(d.page.hasMore).toBe(true);
    const filtered = TreeDetailSchema.parse(await (await get('/v1/trees/acme/app?class=TypeError')).json());
    expect(filtered.page.records.map((r) => r.errorClass)).toEqual(['TypeError']);
    await errorOf(await get('/v1/trees/acme/other'), 404, 'not-found');
  });

  it('GET /v1/stats', async () => {
    const s = StatsSchema.parse(await (await get('/v1/stats')).json());
    expect(s.records).toBe(3);
    expect(s.byLanguage).toMatchObject({ python: 2, javascript: 1 });
  });

  it('serves the OpenAPI 3.1 document built from the schemas, and its reference page', async () => {
    const doc = await (await get('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(['/healthz', '/v1/explain', '/v1/records/{id}', '/v1/search', '/v1/stats', '/v1/trees', '/v1/trees/{name}']);
    expect(doc.components.schemas.ExplainResult.properties.hits.items.properties.matchType.enum).toContain('frame');
    expect(doc.components.schemas.Error.properties.error.properties.kind.enum).toContain('too-large');
    const page = await (await get('/api')).text();
    expect(page).toContain('POST /v1/explain');
  });

  it('answers an unknown path 404: JSON under /v1, a page elsewhere', async () => {
    await errorOf(await get('/v1/nothing'), 404, 'not-found');
    const r = await get('/nothing/here');
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('refuses a Host that is not loopback (DNS rebinding) and a POST from another origin', async () => {
    expect((await rawRequest(srv.url + '/v1/stats', { headers: { host: 'attacker.example:80' } })).status).toBe(400);
    expect((await rawRequest(srv.url + '/v1/stats', { headers: { host: `localhost:${new URL(srv.url).port}` } })).status).toBe(200);
    const cross = await rawRequest(srv.url + '/v1/explain', { method: 'POST', headers: { origin: 'http://attacker.example', 'content-type': 'text/plain' }, body: 'KeyError: x' });
    expect(cross.status).toBe(400);
    expect(JSON.parse(cross.body).error.message).toMatch(/another origin/);
    const same = await rawRequest(srv.url + '/v1/explain', { method: 'POST', headers: { origin: srv.url, 'content-type': 'text/plain' }, body: 'KeyError: x' });
    expect(same.status).toBe(200);
    expect((await get('/v1/stats')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('logs one JSON line per request to stderr', () => {
    const lines = srv.stderr().trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.some((l) => l.method === 'GET' && l.path === '/v1/stats' && l.status === 200)).toBe(true);
  });
});

describe('pages', () => {
  it('home: a labelled paste box and what the index holds, under a CSP with no script', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const html = await r.text();
    expect(html).toMatch(/<label for="text">/);
    expect(html).toMatch(/<form method="post" action="\/explain"/);
    expect(html).toContain('href="/t/acme%2Fapp"');
    expect(html).not.toMatch(/<script(?![^>]*application\/ld\+json)/);
  });

  it('explain results from a form post: the hit, its captured value inside the template, the input annotated', async () => {
    const r = await get('/explain', { method: 'POST', body: new URLSearchParams({ text: fx.pyTrace }) });
    expect(r.status).toBe(200);
    const html = await r.text();
    const id = ExplainJsonSchema.parse(await (await post('/v1/explain', fx.pyTrace)).json()).hits[0].recordId;
    expect(html).toContain(`href="/r/${id}"`);
    expect(html).toContain('<mark title="{path}">settings.yaml</mark>');
    expect(html).toMatch(/class="ln err"><span class="no" aria-hidden="true">1<\/span><a href="#link-0">Traceback/);
  });

  it("explain results: a runtime's own text is told with what it means, on the page and in the API alike", async () => {
    const text = "invalid literal for int() with base 10: '<b>forty</b>'";
    const html = await (await get('/explain', { method: 'POST', body: new URLSearchParams({ text }) })).text();
    expect(html).toContain("<p class=\"note\">the message reads as CPython&#39;s own text: int() was given text that is not a whole number");
    const api = ExplainJsonSchema.parse(await (await post('/v1/explain', text)).json());
    expect(api.links[0].runtimeTexts.map((t) => [t.runtime, t.captures.value])).toEqual([['CPython', "'<b>forty</b>'"]]);
  });

  it('explain results: 400 page for empty input, 413 for a form over the limit', async () => {
    const r = await get('/explain', { method: 'POST', body: new URLSearchParams({ text: '' }) });
    expect(r.status).toBe(400);
    const big = await get('/explain', { method: 'POST', body: new URLSearchParams({ text: 'z'.repeat(10 * 1024 * 1024 + 10) }) });
    expect(big.status).toBe(413);
  });

  it('record page: template, source with the site line marked, JSON-LD, the record as JSON; 404 and 400 pages', async () => {
    const { records } = SearchResultSchema.parse(await (await get('/v1/search?q=toml')).json());
    const r = await get(`/r/${records[0].id}`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toMatch(/<title>ValueError: config file must be TOML, got \{path\} — errdex<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]*config\.py:6/);
    // highlighted on the server from the grammar: keywords, strings
    expect(html).toMatch(/<span class="ln site"><span class="no" aria-hidden="true">6<\/span>\s+<span class="tok-kw">raise<\/span> ValueError\(<span class="tok-str">f&quot;config file must be TOML, got \{path\}&quot;<\/span>\)/);
    expect(html).toMatch(/<span class="tok-kw">def<\/span> load_config/);
    expect(html).toMatch(/<span class="ln guard"><span class="no" aria-hidden="true">5<\/span>/);
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('read from the code');
    expect((await get('/r/0123456789abcdef')).status).toBe(404);
    expect((await get('/r/xyz')).status).toBe(400);
  });

  it('search and tree pages list records, with a next-page link', async () => {
    const s = await (await get('/search?q=port')).text();
    expect(s).toContain('port must be a number, got ');
    const t = await (await get('/t/acme/app?limit=1')).text();
    expect(t).toMatch(/<a href="\/t\/acme\/app\?limit=1&amp;cursor=[^"]+" rel="next">/);
    expect((await get('/t/nobody')).status).toBe(404);
  });
});

describe('hostile analyzed text', () => {
  it('is escaped on every page and kept as data in the API', async () => {
    const found = SearchResultSchema.parse(await (await get('/v1/search?q=alert')).json()).records;
    expect(found).toHaveLength(1);
    expect(found[0].filePath).toBe(HOSTILE_FILE);
    expect(found[0].message).toContain('</script><script>alert(1)</script>');
    expect(found[0].message).toContain(ESC);
    const id = found[0].id;
    const trace = `Traceback (most recent call last):\n  File "/x/${HOSTILE_FILE}", line 3, in hostile\nRuntimeError: ${HOSTILE_MESSAGE}`;
    const pages = [
      await (await get(`/r/${id}`)).text(),
      await (await get('/search?q=alert')).text(),
      await (await get('/t/acme/app')).text(),
      await (await get('/explain', { method: 'POST', body: new URLSearchParams({ text: trace }) })).text(),
    ];
    for (const html of pages) {
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('&lt;img src=x onerror=alert(');
      // (no template engine evaluated it)
      expect(html).toContain('{{7*7}}');
    }
    expect(pages[3]).toContain(`href="/r/${id}"`);
    // the JSON-LD block: no `<` at all inside it
    const ld = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(pages[0])![1];
    expect(ld).not.toContain('<');
    expect(JSON.parse(ld).description).toContain('</script><script>alert(1)</script>');
    const api = await get(`/v1/records/${id}`);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api.json()).records[0].errorMessage).toContain('<img src=x onerror=alert(2)>');
  });
});

describe('an index written while serving', () => {
  it('is read as it is now: records analyzed after the server started are found', async () => {
    expect(SearchResultSchema.parse(await (await get('/v1/search?q=quota')).json()).records).toEqual([]);
    write(fx.root, 'quota.py', 'def check(n):\n    if n > 10:\n        raise OverflowError(f"quota exceeded: {n}")\n');
    const a = errdex(['analyze', fx.root, '--db', fx.db, '--repo', 'acme/app']);
    expect(a.code).toBe(0);
    expect(SearchResultSchema.parse(await (await get('/v1/search?q=quota')).json()).records).toHaveLength(1);
    const e = ExplainJsonSchema.parse(await (await post('/v1/explain', 'OverflowError: quota exceeded: 12')).json());
    expect(e.matched).toBe(true);
    expect(e.records[e.hits[0].recordId].filePath).toBe('quota.py');
    fs.rmSync(path.join(fx.root, 'quota.py'));
  });
});

describe('an index written before the full-text table', () => {
  it('is searched by a scan, and gets the table when next analyzed', async () => {
    const old = path.join(path.dirname(fx.db), 'old.sqlite');
    fs.copyFileSync(fx.db, old);
    const d = new Database(old);
    d.exec('DROP TABLE records_fts');
    d.close();
    const s = await startServer(['--db', old, '--quiet']);
    try {
      const scan = SearchResultSchema.parse(await (await fetch(s.url + '/v1/search?q=TOML%20got')).json());
      expect(scan.method).toBe('scan');
      expect(scan.records.map((r) => r.errorClass)).toEqual(['ValueError']);
      expect(errdex(['analyze', fx.root, '--db', old, '--repo', 'acme/app']).code).toBe(0);
      const fts = SearchResultSchema.parse(await (await fetch(s.url + '/v1/search?q=TOML%20got')).json());
      expect(fts.method).toBe('fts');
      expect(fts.records.map((r) => r.errorClass)).toEqual(['ValueError']);
    } finally {
      await s.stop();
    }
  });
});

describe('no usable index', () => {
  it('answers 503 with what to do, as JSON and as a page', async () => {
    const missing = await startServer(['--db', path.join(path.dirname(fx.db), 'missing.sqlite'), '--quiet']);
    try {
      const r = await fetch(missing.url + '/healthz');
      expect(await errorOf(r, 503, 'index-unusable')).toMatch(/errdex analyze PATH/);
      await errorOf(await fetch(missing.url + '/v1/stats'), 503, 'index-unusable');
      await errorOf(await fetch(missing.url + '/v1/explain', { method: 'POST', body: 'KeyError: x' }), 503, 'index-unusable');
      const page = await fetch(missing.url + '/');
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('The index is not available');
      expect(missing.stderr()).toBe('');
    } finally {
      await missing.stop();
    }
  });
});

describe('a per-request time limit', () => {
  it('answers 503 timeout to an explain that runs past --time-limit, and serves on', async () => {
    const s = await startServer(['--db', fx.db, '--quiet', '--time-limit', '1']);
    try {
      // (a log of many real errors: each is ranked in turn, the limit is checked between them)
      const log = Array.from({ length: 3000 }, (_, i) => `${fx.pyTrace.trim()}\n2026-12-01 10:00:${String(i % 60).padStart(2, '0')} worker ${i} restarted`).join('\n');
      const r = await fetch(s.url + '/v1/explain', { method: 'POST', body: log });
      expect(await errorOf(r, 503, 'timeout')).toMatch(/over the 1 ms limit/);
      const small = await fetch(s.url + '/v1/explain', { method: 'POST', body: 'ValueError: config file must be TOML, got a.yaml' });
      expect(small.status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe('several worker processes', () => {
  it('--workers 2 serves the same answers from two processes, and stops them all', async () => {
    const s = await startServer(['--db', fx.db, '--quiet', '--workers', '2']);
    try {
      const bodies = await Promise.all(Array.from({ length: 6 }, () =>
        fetch(s.url + '/v1/explain', { method: 'POST', body: 'ValueError: config file must be TOML, got a.yaml' }).then(async (r) => [r.status, (await r.json()).hits[0].recordId])));
      expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
      expect(bodies[0][0]).toBe(200);
    } finally {
      await s.stop();
    }
    // (the primary exits once its workers have)
    expect(s.proc.exitCode).toBe(0);
  });
});
