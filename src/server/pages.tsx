// The server-rendered pages: no client script at all (every page is a document and its forms).
// Every value shown comes from analyzed code or pasted text: it reaches the page only as a
// hono/jsx child or attribute, which escapes it; the one unescaped text is the JSON-LD block,
// whose every `<`, `>` and `&` is written as a JSON escape (jsonLd).

import { highlightLines, type Span } from '../service/highlight.js';
import type { Child, FC } from 'hono/jsx';
import { Hono } from 'hono';
import type { ErrRecord } from '../record/schema.js';
import { explain, namedCodeNote, runtimeTextNote, type ExplainResult, type HitOut } from '../service/explain.js';
import { search, type SearchResult } from '../service/search.js';
import { checkRecordId, show } from '../service/show.js';
import { stats } from '../service/stats.js';
import { treeDetail } from '../service/trees.js';
import { checkSize, explainLimit, searchOptions } from './api.js';
import type { IndexHolder } from '../service/holder.js';
import { operations } from './openapi.js';
import { ICON, STYLE } from './style.js';

/** Lines of a pasted input shown annotated; past this the page says where it stopped. */
const MAX_SHOWN_LINES = 5000;

const jsonLd = (value: unknown) => JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const Layout: FC<{ title: string; description?: string; ld?: unknown; children?: Child }> = ({ title, description, ld, children }) => (
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <title>{title}</title>
      {description ? <meta name="description" content={description} /> : null}
      <link rel="stylesheet" href="/static/style.css" />
      <link rel="icon" href="/static/icon.svg" type="image/svg+xml" />
      {ld ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(ld) }} /> : null}
    </head>
    <body>
      <header class="top">
        <a href="/" class="brand">errdex</a>
        <nav aria-label="Site">
          <a href="/search">Search</a> <a href="/api">API</a>
        </nav>
      </header>
      <main>{children}</main>
    </body>
  </html>
);

const clip = (s: string, n: number) => (s.length > n ? s.slice(0, n) + '…' : s);

/**
 * A message template with the values the input gave its placeholders shown in their place. A
 * `{name}` is a placeholder only when the record or the hit names it (`holes`, `captures`): the
 * rendered template does not tell a hole from literal braces (`{{7*7}}` raised as written).
 */
const Template: FC<{ template: string; captures?: Record<string, string>; holes?: Record<string, unknown> }> = ({ template, captures = {}, holes = {} }) => {
  const parts: Child[] = [];
  let last = 0;
  for (const m of template.matchAll(/\{([^{}]*)\}/g)) {
    if (!Object.hasOwn(captures, m[1]) && !Object.hasOwn(holes, m[1])) continue;
    parts.push(template.slice(last, m.index));
    const v = Object.hasOwn(captures, m[1]) ? captures[m[1]] : undefined;
    parts.push(v === undefined ? <span class="ph">{m[0]}</span> : <mark title={`{${m[1]}}`}>{clip(v, 500)}</mark>);
    last = m.index + m[0].length;
  }
  parts.push(template.slice(last));
  return <code class="tpl">{parts}</code>;
};

const where = (r: { filePath: string; repo: string; version?: string | null }, line: number) => `${r.filePath}:${line}`;

const HitView: FC<{ h: HitOut; n: number }> = ({ h, n }) => {
  const r = h.record;
  return (
    <li class="hit">
      <div class="hit-head">
        <span class={h.score >= 0.5 ? 'score good' : 'score'}>{h.score.toFixed(2)}</span> <span class="kind">{h.matchType}</span>{' '}
        <a href={`/r/${r.id}`} aria-label={`hit ${n}: record ${r.id}`}>{r.errorClass ? `${r.errorClass}: ` : ''}<Template template={h.message} captures={h.captures} holes={r.placeholders} /></a>
      </div>
      <div class="where">
        {where(r, h.line)}{h.line === r.lineNumber && r.symbol ? ` in ${r.symbol}` : ''} <span class="dim">{r.repo}{r.version ? `@${r.version}` : ''}</span>
      </div>
      {h.code !== undefined ? <pre class="code-line">{h.code}</pre> : null}
      {h.frame ? <div class="dim">frame: {h.frame.file}:{h.frame.line ?? '?'}{h.frame.func ? ` in ${h.frame.func}` : ''}</div> : null}
      <div class="dim">why: {h.why.join('; ')}</div>
    </li>
  );
};

const RELATION = { cause: 'raised from the error above', context: 'raised while handling the error above', member: 'in the group above' } as const;

const ExplainView: FC<{ r: ExplainResult; text: string }> = ({ r, text }) => {
  const starts = new Map<number, number>();
  r.links.forEach((l, i) => { if (!starts.has(l.inputLine)) starts.set(l.inputLine, i); });
  const lines = text.split('\n');
  const shown = lines.slice(0, MAX_SHOWN_LINES);
  return (
    <>
      <h1>{r.matched ? 'Explained' : 'No confident match'}</h1>
      <p class="summary">
        {r.links.length} error{r.links.length === 1 ? '' : 's'} found in the input, {r.hits.length} hit{r.hits.length === 1 ? '' : 's'}, over {r.indexed} indexed templates.
        {!r.matched && r.reason ? <> {clip(r.reason, 2000)}</> : null}
      </p>
      {r.links.map((l, i) => (
        <section class="link" id={`link-${i}`} aria-labelledby={`link-${i}-h`}>
          <h2 id={`link-${i}-h`}>
            <span class="dim">{i + 1}.</span> {l.errorClass ? `${l.errorClass}: ` : ''}{clip(l.message.split('\n')[0], 300)}
          </h2>
          <p class="dim">
            input line <a href={`#in-${l.inputLine}`}>{l.inputLine}</a>{l.language ? `, ${l.language}` : ''}, {l.frames} frame{l.frames === 1 ? '' : 's'}
            {l.relation ? `; ${RELATION[l.relation]}` : ''}
          </p>
          {l.noMatch ? <p class="warn">{clip(l.noMatch, 1000)}</p> : null}
          {l.namedCode ? <p class="warn">{clip(namedCodeNote(l.namedCode), 1000)}</p> : null}
          {l.runtimeTexts.map((t) => <p class="note">{clip(runtimeTextNote(t), 1000)}</p>)}
          <ol class="hits">{l.hits.map((h, k) => <HitView h={h} n={k + 1} />)}</ol>
        </section>
      ))}
      <section aria-labelledby="input-h">
        <h2 id="input-h">The input</h2>
        <pre class="input" tabindex={0}>
          {shown.map((line, k) => {
            const n = k + 1;
            const link = starts.get(n);
            return (
              <span id={`in-${n}`} class={link === undefined ? 'ln' : 'ln err'}>
                <span class="no" aria-hidden="true">{n}</span>
                {link === undefined ? line : <a href={`#link-${link}`}>{line === '' ? ' ' : line}</a>}
              </span>
            );
          })}
        </pre>
        {lines.length > shown.length ? <p class="dim">(the input is shown up to line {MAX_SHOWN_LINES} of {lines.length})</p> : null}
      </section>
    </>
  );
};

/** The record's prose fields, with what a reader calls them. */
const PROSE: [keyof ErrRecord, string][] = [
  ['documentation', 'What it is'], ['triggerScenarios', 'When it is raised'], ['commonSituations', 'Common situations'], ['handlingStrategy', 'How to handle it'],
  ['exampleFix', 'Example fix'], ['validationCode', 'Validation'], ['typeGuard', 'Type guard'], ['tryCatchPattern', 'Catching it'],
];

const Prov: FC<{ r: ErrRecord; field: string }> = ({ r, field }) => {
  const p = r.provenance?.[field];
  return p ? <span class={`prov prov-${p.startsWith('model:') ? 'model' : p}`}>{p === 'source' ? 'read from the code' : p === 'derived' ? 'derived' : `from a model (${p.slice(6)})`}</span> : null;
};

const RecordView: FC<{ r: ErrRecord; src: Span[][] }> = ({ r, src }) => {
  const guardLines = new Set((r.guards ?? []).map((g) => g.line));
  return (
    <article class="record">
      <h1>{r.errorClass ? `${r.errorClass}: ` : ''}{clip(r.errorMessage, 300)}</h1>
      <p class="where">
        {r.filePath}:{r.lineNumber}{r.symbol ? ` in ${r.symbol}` : ''} <span class="dim">{r.repo}{r.version ? `@${r.version}` : ''}{r.analyzedSha ? ` (${r.analyzedSha.slice(0, 12)})` : ''}</span>
        {r.githubUrl ? <> · <a href={r.githubUrl} rel="nofollow noopener">permalink</a></> : null}
      </p>
      <dl class="facts">
        <dt>Template</dt><dd><Template template={r.errorMessage} holes={r.placeholders} /> <Prov r={r} field="errorMessage" /></dd>
        <dt>Pattern</dt><dd><code>{r.messagePattern}</code> <Prov r={r} field="messagePattern" /></dd>
        <dt>Type</dt><dd>{r.errorType}{r.errorCode ? `, code ${r.errorCode}` : ''}, {r.severity}{r.language ? `, ${r.language}` : ''}</dd>
        {r.placeholders && Object.keys(r.placeholders).length ? (
          <><dt>Placeholders</dt><dd><ul>{Object.entries(r.placeholders).map(([k, v]) => <li><code>{`{${k}}`}</code> = <code>{v}</code></li>)}</ul></dd></>
        ) : null}
        {r.alsoAt?.length ? <><dt>Also raised at</dt><dd>{r.alsoAt.map((l) => `line ${l}`).join(', ')}</dd></> : null}
        {r.variants?.length ? <><dt>Other messages</dt><dd><ul>{r.variants.map((v) => <li>line {v.line}: <Template template={v.errorMessage} holes={r.placeholders} /></li>)}</ul></dd></> : null}
        {r.callers?.length ? <><dt>Callers</dt><dd><ul>{r.callers.map((c) => <li>{c.filePath}:{c.line}{c.symbol ? ` in ${c.symbol}` : ''}</li>)}</ul></dd></> : null}
        {r.guards?.length ? <><dt>Guards</dt><dd><ul>{r.guards.map((g) => <li><span class="kind">{g.kind}</span> <code>{g.text}</code> <span class="dim">line {g.line}</span></li>)}</ul></dd></> : null}
      </dl>
      <h2>Source</h2>
      <pre class="source" tabindex={0} aria-label={`source lines ${r.sourceCodeStart} to ${r.sourceCodeEnd}`}>
        {src.map((line, k) => {
          const n = r.sourceCodeStart + k;
          const cls = n === r.lineNumber ? 'ln site' : guardLines.has(n) ? 'ln guard' : 'ln';
          return <span class={cls}><span class="no" aria-hidden="true">{n}</span>{line.map((s) => (s.cls ? <span class={`tok-${s.cls}`}>{s.text}</span> : s.text))}</span>;
        })}
      </pre>
      <p class="dim legend"><span class="key site">site line</span> <span class="key guard">guard line</span></p>
      {PROSE.some(([f]) => r[f]) || r.solutions.length || r.preventionTips.length ? <h2>About this error</h2> : null}
      {PROSE.filter(([f]) => r[f]).map(([f, label]) => (
        <section class="prose"><h3>{label} <Prov r={r} field={f} /></h3><pre class="text">{String(r[f])}</pre></section>
      ))}
      {r.solutions.length ? <section class="prose"><h3>Solutions <Prov r={r} field="solutions" /></h3><ul>{r.solutions.map((s) => <li>{s}</li>)}</ul></section> : null}
      {r.preventionTips.length ? <section class="prose"><h3>Prevention <Prov r={r} field="preventionTips" /></h3><ul>{r.preventionTips.map((s) => <li>{s}</li>)}</ul></section> : null}
      <details>
        <summary>The record as JSON</summary>
        <pre class="json" tabindex={0}>{JSON.stringify(r, null, 2)}</pre>
        <p><a href={`/v1/records/${r.id}`}>/v1/records/{r.id}</a></p>
      </details>
    </article>
  );
};

const PasteForm: FC<{ text?: string }> = ({ text }) => (
  <form method="post" action="/explain" class="paste">
    <label for="text">An error message, a stack trace or a whole log</label>
    <textarea id="text" name="text" rows={12} required spellcheck={false}>{text ?? ''}</textarea>
    <button type="submit">Explain</button>
  </form>
);

const RecordTable: FC<{ page: SearchResult; next: string | null }> = ({ page, next }) => (
  <>
    {page.records.length === 0 ? <p>No records.</p> : (
      <table class="records">
        <thead><tr><th scope="col">Message</th><th scope="col">Class</th><th scope="col">Where</th><th scope="col">Tree</th></tr></thead>
        <tbody>
          {page.records.map((r) => (
            <tr>
              <td><a href={`/r/${r.id}`}><Template template={clip(r.message, 300)} /></a></td>
              <td>{r.errorClass ?? ''}</td>
              <td>{r.filePath}:{r.line}{r.symbol ? ` in ${r.symbol}` : ''}</td>
              <td>{r.package ?? r.repo}{r.version ? `@${r.version}` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
    {page.method === 'scan' ? <p class="dim">This index has no full-text table (an older errdex wrote it): words were found by reading every record. `errdex analyze` again adds it.</p> : null}
    {next ? <p><a href={next} rel="next">Next page</a></p> : null}
  </>
);

/** This page's URL with the cursor of the next page. */
const nextUrl = (url: string, page: SearchResult) => {
  if (!page.nextCursor) return null;
  const u = new URL(url);
  u.searchParams.set('cursor', page.nextCursor);
  return u.pathname + u.search;
};

export const errorPage = (message: string, status: number) => (
  <Layout title={`errdex: ${status}`}>
    <h1>{status === 404 ? 'Not found' : status === 503 ? 'The index is not available' : status === 413 ? 'Too large' : 'That did not work'}</h1>
    <p class="warn">{message}</p>
    <p><a href="/">Home</a></p>
  </Layout>
);

export function pageRoutes(holder: IndexHolder, doc: Record<string, unknown>, timeLimitMs?: number): Hono {
  const app = new Hono();
  app.get('/static/style.css', (c) => c.body(STYLE, 200, { 'content-type': 'text/css; charset=utf-8', 'cache-control': 'max-age=3600' }));
  app.get('/static/icon.svg', (c) => c.body(ICON, 200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=86400' }));
  // (a browser asks for it whatever the page says)
  app.get('/favicon.ico', (c) => c.redirect('/static/icon.svg', 301));
  app.get('/', async (c) => {
    const s = await holder.use(stats);
    return c.html(
      <Layout title="errdex: explain an error" description="Paste an error message, a stack trace or a log: errdex finds the code that raised it.">
        <h1>Explain an error</h1>
        <PasteForm />
        <h2>What the index holds</h2>
        <p>{s.records} records from {s.trees} tree{s.trees === 1 ? '' : 's'}; {Object.entries(s.byLanguage).map(([k, n]) => `${k} ${n}`).join(', ')}.</p>
        <table class="trees">
          <thead><tr><th scope="col">Repo or package</th><th scope="col">Version</th><th scope="col">Files</th><th scope="col">Records</th></tr></thead>
          <tbody>
            {s.treeList.map((t) => (
              <tr><td><a href={`/t/${encodeURIComponent(t.package ?? t.repo)}`}>{t.package ?? t.repo}</a></td><td>{t.version ?? t.sha?.slice(0, 12) ?? ''}</td><td>{t.files}</td><td>{t.records}</td></tr>
            ))}
          </tbody>
        </table>
        <form method="get" action="/search" class="search" role="search">
          <label for="q">Search records</label> <input id="q" name="q" type="search" /> <button type="submit">Search</button>
        </form>
      </Layout>,
    );
  });
  const explainPage = async (text: unknown, limit: unknown) => {
    if (typeof text !== 'string') text = '';
    const t = checkSize(text as string);
    const r = await holder.use((store) => explain(store, t, { limit: explainLimit(limit), timeLimitMs }));
    const first = r.links[0];
    return (
      <Layout title={`errdex: ${first ? clip(`${first.errorClass ? first.errorClass + ': ' : ''}${first.message.split('\n')[0]}`, 80) : 'explain'}`} description="Where this error was raised">
        <ExplainView r={r} text={t} />
        <h2>Explain another</h2>
        <PasteForm text={t.length <= 100_000 ? t : ''} />
      </Layout>
    );
  };
  app.post('/explain', async (c) => {
    const form = await c.req.parseBody();
    return c.html(await explainPage(form.text, form.limit));
  });
  app.get('/explain', async (c) => c.html(await explainPage(c.req.query('text'), c.req.query('limit'))));
  app.get('/r/:id', async (c) => {
    const id = c.req.param('id');
    checkRecordId(id);
    const recs = await holder.use((store) => show(store, id));
    const r = recs[0];
    const windows = await Promise.all(recs.map((rec) => highlightLines(rec.language, rec.sourceCode)));
    const title = `${r.errorClass ? r.errorClass + ': ' : ''}${clip(r.errorMessage, 80)}`;
    const ld = {
      '@context': 'https://schema.org', '@type': 'TechArticle', headline: title, about: r.errorClass ?? r.errorType,
      description: `${r.errorMessage} — raised in ${r.filePath}:${r.lineNumber} of ${r.repo}`, dateModified: r.contentChangedAt,
    };
    return c.html(
      <Layout title={`${title} — errdex`} description={clip(`${r.errorMessage} — raised at ${r.filePath}:${r.lineNumber}${r.symbol ? ` in ${r.symbol}` : ''} (${r.repo})`, 300)} ld={ld}>
        {recs.length > 1 ? <p class="dim">{recs.length} analyzed trees hold this record.</p> : null}
        {recs.map((rec, i) => <RecordView r={rec} src={windows[i]} />)}
      </Layout>,
    );
  });
  app.get('/search', async (c) => {
    const opts = searchOptions(c);
    const page = await holder.use((store) => search(store, opts));
    return c.html(
      <Layout title={opts.q ? `errdex: search ${clip(opts.q, 60)}` : 'errdex: search'}>
        <h1>Search records</h1>
        <form method="get" action="/search" class="search" role="search">
          <label for="q">Words</label> <input id="q" name="q" type="search" value={opts.q ?? ''} />
          <label for="language">Language</label> <input id="language" name="language" value={opts.language ?? ''} size={10} />
          <label for="type">Type</label> <input id="type" name="type" value={opts.type ?? ''} size={8} />
          <button type="submit">Search</button>
        </form>
        <RecordTable page={page} next={nextUrl(c.req.url, page)} />
      </Layout>,
    );
  });
  app.get('/t/:name{.+}', async (c) => {
    const name = c.req.param('name');
    const opts = { ...searchOptions(c), repo: undefined, package: undefined };
    const d = await holder.use((store) => treeDetail(store, name, opts));
    return c.html(
      <Layout title={`errdex: ${clip(name, 80)}`} description={`${d.records} error records of ${name}`}>
        <h1>{name}</h1>
        <ul>{d.trees.map((t) => <li>{t.version ?? t.sha?.slice(0, 12) ?? t.path ?? ''}: {t.records} records in {t.files} files <span class="dim">analyzed {t.analyzedAt}</span></li>)}</ul>
        <form method="get" class="search">
          <label for="type">Type</label> <input id="type" name="type" value={opts.type ?? ''} size={8} />
          <label for="class">Class</label> <input id="class" name="class" value={opts.errorClass ?? ''} size={14} />
          <label for="file">File</label> <input id="file" name="file" value={opts.file ?? ''} size={20} />
          <button type="submit">Filter</button>
        </form>
        <RecordTable page={d.page} next={nextUrl(c.req.url, d.page)} />
      </Layout>,
    );
  });
  app.get('/api', (c) => (
    c.html(
      <Layout title="errdex: HTTP API" description="The errdex JSON API">
        <h1>HTTP API</h1>
        <p>The OpenAPI 3.1 document: <a href="/openapi.json">/openapi.json</a>. Errors are <code>{'{"error": {"kind", "message"}}'}</code> with status 400, 404, 413 or 503.</p>
        {operations(doc).map((o) => (
          <section class="op">
            <h2><code>{o.method} {o.path}</code></h2>
            <p>{o.summary}</p>
            {Array.isArray(o.op.parameters) ? (
              <ul>{(o.op.parameters as { name: string; in: string; description?: string }[]).map((p) => <li><code>{p.name}</code> ({p.in}){p.description ? `: ${p.description}` : ''}</li>)}</ul>
            ) : null}
            <p class="dim">Responses: {Object.entries(o.op.responses as Record<string, { description: string }>).map(([k, v]) => `${k} ${v.description}`).join('; ')}</p>
          </section>
        ))}
      </Layout>,
    )
  ));
  return app;
}
