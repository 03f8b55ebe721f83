// `npm run eval`: analyze the libraries behind the evaluation corpus, then ask
// errdex for the throw site of every real error, twice: from the printed trace
// as a log from another machine would show it (install prefixes rewritten),
// and from the message alone. Reports top-1/top-5 per ecosystem, per category
// (message literal at the raise or not) and per kind, and explains every miss
// by cause. Writes eval/results/latest.{json,md}.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MatchIndex } from '../src/match/index.js';
import { explain, type HitOut } from '../src/service/explain.js';
import { analyzeTree } from '../src/pipeline/analyze-tree.js';
import { createPool } from '../src/scan/pool.js';
import { archivePath } from '../src/scan/zip.js';
import { SqliteStore } from '../src/store/sqlite.js';
import { matchTemplate } from '../src/template/match.js';

interface Case {
  id: string;
  /** `python-stdlib`, `python-debian`, `npm`, or another language's (each has its RELOCATIONS entry). */
  ecosystem: string;
  package: string;
  root: string;
  errorClass: string;
  message: string;
  trace: string;
  site: { file: string; line: number; rel: string };
  /** Whether the message's text is written within a few lines of the site (eval/gen/classify.mjs). */
  category: 'literal' | 'not-at-raise';
  /** How a message not written at the raise gets there: native, table, wrapped, built-elsewhere, helper, computed. */
  kind: string | null;
  /**
   * For a composed message (a wrapper whose template holds another error's message): the creation
   * site of each layer, outermost first, innermost (the site) last, named by the generator from the
   * code path (eval/README.md, "Composed messages").
   */
  chain?: { rel: string; line: number }[];
}

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TOLERANCE = 3;

/**
 * Where an npm case's packages were installed on the machine that generated it, as its trace shows
 * it (`/work/main/node_modules/`): `site.file` less the package directory's path inside the
 * install (what follows the last `node_modules/` of `root`) and `site.rel`. Not this checkout's
 * `eval/node_modules/`: the corpus keeps the generating machine's paths.
 */
export function generatedInstallPrefix(c: Pick<Case, 'id' | 'root' | 'site'>): string {
  const at = c.root.lastIndexOf('node_modules/');
  const tail = `/${c.root.slice(at + 'node_modules/'.length)}/${c.site.rel}`;
  if (at < 0 || !c.site.file.endsWith(tail)) throw new Error(`${c.id}: site.file ${c.site.file} is not <prefix>${tail}`);
  return c.site.file.slice(0, -tail.length + 1);
}

/**
 * Install prefixes of the generating machine and what another machine would print instead, per
 * ecosystem (npm's own prefix is read from each case: generatedInstallPrefix). A language's corpus
 * adds its ecosystems here.
 */
const RELOCATIONS: Record<string, [from: string, to: string][]> = {
  'python-stdlib': [['/usr/lib/python3.11/', '/usr/local/lib/python3.11/']],
  'python-debian': [['/usr/lib/python3/dist-packages/', '/opt/venv/lib/python3.11/site-packages/'], ['/usr/lib/python3.11/', '/usr/local/lib/python3.11/']],
  npm: [],
  'go-stdlib': [['/usr/lib/go-1.19/', '/usr/local/go/']],
  'go-debian': [['/usr/share/gocode/src/', '/home/dev/go/src/'], ['/usr/lib/go-1.19/', '/usr/local/go/']],
  // JVM frames name no directory (`at pkg.Cls.m(File.java:12)`): nothing to rewrite.
  'jvm-jdk': [],
  'jvm-kotlin': [],
  'jvm-debian': [],
  // Debian's PHP libraries as a Docker image's PHP keeps them on its include path
  'php-debian': [['/usr/share/php/', '/usr/local/lib/php/']],
  // Ruby: the standard library of a Ruby built from source, gems under a user's GEM_HOME, Debian's
  // vendor_ruby libraries as a site_ruby directory
  'ruby-stdlib': [['/usr/lib/ruby/3.1.0/', '/usr/local/lib/ruby/3.1.0/']],
  'ruby-gems': [
    ['/usr/share/rubygems-integration/all/gems/', '/home/app/.gem/ruby/3.1.0/gems/'],
    ['/usr/lib/ruby/gems/3.1.0/gems/', '/usr/local/lib/ruby/gems/3.1.0/gems/'],
    ['/usr/lib/ruby/vendor_ruby/', '/usr/local/lib/site_ruby/3.1.0/'],
    ['/usr/lib/ruby/3.1.0/', '/usr/local/lib/ruby/3.1.0/'],
  ],
  'ruby-debian': [['/usr/lib/ruby/vendor_ruby/', '/usr/local/lib/site_ruby/3.1.0/'], ['/usr/lib/ruby/3.1.0/', '/usr/local/lib/ruby/3.1.0/']],
  // Debian's registry → a Cargo home's registry source cache, as `cargo build` leaves it
  'rust-debian': [['/usr/share/cargo/registry/', '/home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/']],
};

/** Rewrites the generating machine's install prefixes in a case's trace to those of another machine. */
export function relocate(c: Pick<Case, 'id' | 'ecosystem' | 'root' | 'site' | 'trace'>): string {
  const pairs = RELOCATIONS[c.ecosystem];
  if (!pairs) throw new Error(`${c.id}: no RELOCATIONS entry for ecosystem ${c.ecosystem} (eval/run.ts)`);
  const trace = c.ecosystem === 'npm' ? c.trace.split(generatedInstallPrefix(c)).join('/srv/app/node_modules/') : c.trace;
  return pairs.reduce((t, [from, to]) => t.split(from).join(to), trace);
}

/** ERRDEX_EVAL_ONLY=ruby,php-debian: only the cases whose ecosystem starts with one of these, against an index of their trees alone (results go to latest-<filter>.*). */
const ONLY = process.env.ERRDEX_EVAL_ONLY?.split(',').map((s) => s.trim()).filter(Boolean) ?? [];

function loadCorpus(): Case[] {
  const dir = path.join(REPO, 'eval/corpus');
  return fs.readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort().flatMap((f) =>
    fs.readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Case))
    .filter((c) => !ONLY.length || ONLY.some((o) => c.ecosystem.startsWith(o)));
}

const absRoot = (c: Case) => path.resolve(REPO, c.root);
/** Record file path prefix each analyzed root got (the package directory for site-packages). */
const prefixes = new Map<string, string>();
const expectedPath = (c: Case) => (prefixes.get(absRoot(c)) ?? '') + c.site.rel;

function isSite(c: Case, h: HitOut): boolean {
  // Any line raising the matched message: the same text at two lines of a file is one answer.
  // A hit names the copies of its code in the package's other builds (CJS, ESM): naming the
  // expected copy among them counts.
  const near = (l: number) => Math.abs(l - c.site.line) <= TOLERANCE;
  return (h.record.filePath === expectedPath(c) && h.lines.some(near)) || h.copies.some((k) => k.filePath === expectedPath(c) && (near(k.line) || !!k.lines?.some(near)));
}

interface Outcome {
  top1: boolean; top5: boolean; rank: number | null; /** Why a top-1 miss missed (null on a hit). */ cause: string | null; best: string | null;
  /** The runtime's text the answer told the message is (LinkOut.runtimeTexts), as `runtime: text`. */
  runtimeText?: string;
  /** The first hit (read for the chain, not written out). */ first?: HitOut;
}

/** A layer of an answer: the record's file and the lines it answers with. */
interface Layer { filePath: string; lines: number[] }

/**
 * The layers the first hit names, outermost first: the wrapper records around the text it matched
 * (match/wrap.ts `wrappedBy`; decorations taken off are no layer), then the hit itself.
 */
export function layersOf(h: HitOut): Layer[] {
  const around = (h.wrappedBy ?? []).flatMap((w) => (w.kind === 'record' ? [{ filePath: w.record.filePath, lines: w.lines }] : []));
  return [...around, { filePath: h.record.filePath, lines: h.lines }];
}

/**
 * Whether the layers name the expected chain: as many layers, each on its layer's site, in order
 * (`prefix` is the record path prefix of the case's root). A chain counts whole or not at all.
 */
export function chainRight(chain: NonNullable<Case['chain']>, layers: Layer[], prefix: string): boolean {
  return layers.length === chain.length && chain.every((want, i) =>
    layers[i].filePath === prefix + want.rel && layers[i].lines.some((l) => Math.abs(l - want.line) <= TOLERANCE));
}

async function main() {
  const corpus = loadCorpus();
  // (a filtered run has its own index: its cases rank against their trees alone, whatever ran before)
  const dbFile = path.join(REPO, ONLY.length ? `.errdex/eval-${ONLY.join('+')}.sqlite` : '.errdex/eval.sqlite');
  fs.mkdirSync(path.dirname(dbFile), { recursive: true });
  const store = new SqliteStore(dbFile);
  const pool = createPool();
  const roots = [...new Set(corpus.map(absRoot))].sort();
  // (a directory inside an archive, a JDK module of src.zip, exists as the archive's entries)
  const missing = roots.filter((r) => !fs.existsSync(r) && !archivePath(r));
  // (the npm libraries: `npm ci --prefix eval`, which `npm run eval` runs when eval/node_modules is missing)
  if (missing.length) throw new Error(`corpus roots not installed (npm: npm ci --prefix eval; Python: eval/setup.sh): ${missing.join(', ')}`);
  const t0 = performance.now();
  // (the records of this run's trees: the index may also hold a tree of the repository analyzed at
  // an earlier commit, eval/jvm-kit's, whose copies of a raise are one hit)
  let records = 0;
  for (const root of roots) {
    const s = await analyzeTree(root, store, { pool });
    records += s.records;
    prefixes.set(root, s.pathPrefix);
    process.stderr.write(`analyzed ${root}: ${s.files} files, ${s.records} records${s.unchanged ? ' (unchanged)' : ''}\n`);
  }
  await pool.close();
  const analyzeMs = performance.now() - t0;
  const rows = await store.matchRows();
  const index = new MatchIndex(rows);

  const results: { case: Case; trace: Outcome; message: Outcome; /** For a composed message: whether the first hit names its whole chain (null otherwise). */ chain: boolean | null; chainNamed: string | null }[] = [];
  for (const c of corpus) {
    const judge = async (text: string, useLast: boolean): Promise<Outcome> => {
      const r = await explain(store, text, { index, limit: 5 });
      // A chained trace: the error that finally propagated is the last link.
      const hits = useLast && r.links.length ? r.links[r.links.length - 1].hits : r.hits;
      const rank = hits.findIndex((h) => isSite(c, h));
      const ok1 = rank === 0;
      const told = r.links[useLast ? r.links.length - 1 : 0]?.runtimeTexts[0];
      return {
        top1: ok1, top5: rank >= 0 && rank < 5, rank: rank >= 0 ? rank + 1 : null,
        cause: ok1 ? null : categorize(c, hits),
        best: hits[0] ? `${hits[0].record.filePath}:${hits[0].record.lineNumber} (${hits[0].matchType} ${hits[0].score})` : null,
        ...(told ? { runtimeText: `${told.runtime}: ${told.text}` } : {}),
        first: hits[0],
      };
    };
    const trace = await judge(relocate(c), true);
    const message = await judge(c.message, false);
    let chain: boolean | null = null;
    let chainNamed: string | null = null;
    if (c.chain?.length) {
      const layers = message.first ? layersOf(message.first) : [];
      chain = chainRight(c.chain, layers, prefixes.get(absRoot(c)) ?? '');
      chainNamed = layers.map((l) => `${path.basename(l.filePath)}:${l.lines[0]}`).join(' > ') || null;
    }
    delete message.first;
    delete trace.first;
    results.push({ case: c, trace, message, chain, chainNamed });
  }

  function categorize(c: Case, hits: HitOut[]): string {
    const atSite = rows.filter((r) => r.filePath === expectedPath(c) && r.lines.some((l) => Math.abs(l - c.site.line) <= TOLERANCE));
    if (atSite.length === 0) return 'no record at the throw site (site not extracted)';
    const specific = atSite.filter((r) => !r.generic);
    if (specific.length === 0) return 'site found, message built elsewhere (generic template: helper, parameter or table)';
    if (!specific.some((r) => matchTemplate(r.template, c.message))) return 'site found, template does not match the message';
    if (hits.length && hits[0].score === hits.find((h) => isSite(c, h))?.score) return 'tie with an identical template elsewhere';
    return 'site found and template matches, ranked below another record';
  }

  const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '-');
  const summary: Record<string, unknown> = {};
  /** One table of top-1/top-5 rows, one per group of cases; also fills `summary[key]`. */
  const table = (title: string, groups: [string, (c: Case) => boolean][]) => {
    const out = [`| ${title} | cases | trace top-1 | trace top-5 | message top-1 | message top-5 |`, '|---|---|---|---|---|---|'];
    for (const [name, pick] of groups) {
      const rs = results.filter((r) => pick(r.case));
      const n = rs.length;
      if (!n) continue;
      const f = (k: 'trace' | 'message', t: 'top1' | 'top5') => rs.filter((r) => r[k][t]).length;
      summary[name] = { cases: n, traceTop1: f('trace', 'top1') / n, traceTop5: f('trace', 'top5') / n, messageTop1: f('message', 'top1') / n, messageTop5: f('message', 'top5') / n };
      out.push(`| ${name} | ${n} | ${pct(f('trace', 'top1'), n)} | ${pct(f('trace', 'top5'), n)} | ${pct(f('message', 'top1'), n)} | ${pct(f('message', 'top5'), n)} |`);
    }
    return out;
  };
  const ecosystems = [...new Set(corpus.map((c) => c.ecosystem))];
  const kinds = [...new Set(corpus.map((c) => c.kind).filter((k): k is string => k != null))].sort();
  const lines = table('ecosystem', [...ecosystems.map((e): [string, (c: Case) => boolean] => [e, (c) => c.ecosystem === e]), ['all', () => true]]);
  const categoryLines = table('category', [
    ['literal', (c) => c.category === 'literal'],
    ['not-at-raise', (c) => c.category === 'not-at-raise'],
    ...ecosystems.flatMap((e) => (['literal', 'not-at-raise'] as const).map((k): [string, (c: Case) => boolean] => [`${e} ${k}`, (c) => c.ecosystem === e && c.category === k])),
  ]);
  const kindLines = table('not-at-raise kind', kinds.map((k): [string, (c: Case) => boolean] => [`not-at-raise/${k}`, (c) => c.kind === k]));
  // Composed messages: how often the first answer to the message names every layer, in order
  const chainLines = ['| language | composed messages | whole chain right | innermost right (message top-1) |', '|---|---|---|---|'];
  const chained = results.filter((r) => r.chain !== null);
  const chainGroups = [...new Set(chained.map((r) => r.case.ecosystem.split('-')[0]))].map((l): [string, typeof chained] => [l, chained.filter((r) => r.case.ecosystem.split('-')[0] === l)]);
  for (const [name, rs] of [...chainGroups, ['all', chained] as [string, typeof chained]]) {
    if (!rs.length) continue;
    const right = rs.filter((r) => r.chain).length;
    summary[`chain ${name}`] = { cases: rs.length, wholeChain: right / rs.length };
    chainLines.push(`| ${name} | ${rs.length} | ${pct(right, rs.length)} | ${pct(rs.filter((r) => r.message.top1).length, rs.length)} |`);
  }
  // Runtime texts told for the message alone: of the native texts (no source writes them), and of
  // the others (a library writing a runtime's text, which a site's template did not read first)
  const runtimeLines = ['| cases | count | told as a runtime\'s own text |', '|---|---|---|'];
  for (const [name, rs] of [['native text', results.filter((r) => r.case.kind === 'native')], ['others', results.filter((r) => r.case.kind !== 'native')]] as const) {
    const told = rs.filter((r) => r.message.runtimeText).length;
    summary[`runtime texts ${name}`] = { cases: rs.length, told };
    runtimeLines.push(`| ${name} | ${rs.length} | ${told} (${pct(told, rs.length)}) |`);
  }
  const cats = new Map<string, string[]>();
  for (const r of results) for (const k of ['trace', 'message'] as const) {
    if (r[k].top1) continue;
    const key = `${k}: ${r[k].cause}`;
    cats.set(key, [...(cats.get(key) ?? []), r.case.id]);
  }
  const md = [
    `# errdex evaluation: ${corpus.length} real errors`,
    '',
    `Analyzed ${roots.length} trees (${records} records) in ${(analyzeMs / 1000).toFixed(1)} s.`,
    '',
    ...lines,
    '',
    '## Per category',
    '',
    'Literal: the message\'s text is written within 5 lines of the site; not-at-raise: it is not (eval/README.md, "Category and kind").',
    '',
    ...categoryLines,
    '',
    ...kindLines,
    '',
    '## Composed messages',
    '',
    'A case with a `chain` (the creation site of each layer, outermost first): right when the first answer to the message names every layer in order (its wrapper records, then the hit).',
    '',
    ...chainLines,
    '',
    ...chained.filter((r) => !r.chain).map((r) => `- ${r.case.id}: expected ${r.case.chain!.map((l) => `${path.basename(l.rel)}:${l.line}`).join(' > ')}, named ${r.chainNamed ?? 'nothing'}`),
    '',
    '## Runtime texts',
    '',
    'The message alone read whole as a text a runtime writes itself (`runtimeTexts`, decision 0155): told beside the hits, ranked by none.',
    '',
    ...runtimeLines,
    '',
    ...results.filter((r) => r.case.kind !== 'native' && r.message.runtimeText).map((r) => `- ${r.case.id}: ${r.message.runtimeText}`),
    '',
    '## Misses by cause (top-1)',
    '',
    ...[...cats.entries()].sort((a, b) => b[1].length - a[1].length).map(([k, ids]) => `- ${k}: ${ids.length} (${ids.join(', ')})`),
    '',
    '## Every miss',
    '',
    ...results.flatMap((r) => (['trace', 'message'] as const).filter((k) => !r[k].top1).map((k) =>
      `- ${r.case.id} [${k}] (${r.case.kind ? `not-at-raise/${r.case.kind}` : r.case.category}) expected ${path.basename(r.case.site.file)}:${r.case.site.line}, rank ${r[k].rank ?? '>5'}, best ${r[k].best}; ${r[k].cause}`)),
  ].join('\n');
  const outDir = path.join(REPO, 'eval/results');
  fs.mkdirSync(outDir, { recursive: true });
  const stem = ONLY.length ? `latest-${ONLY.join('+')}` : 'latest';
  fs.writeFileSync(path.join(outDir, `${stem}.md`), md + '\n');
  fs.writeFileSync(path.join(outDir, `${stem}.json`), JSON.stringify({ summary, results }, null, 2) + '\n');
  process.stdout.write([lines, categoryLines, kindLines, chainLines].map((t) => t.join('\n')).join('\n\n') + '\n\n' + [...cats.entries()].map(([k, ids]) => `${k}: ${ids.length}`).join('\n') + '\n');
  await store.close();
}

main().catch((e) => {
  process.stderr.write(`${e.stack ?? e}\n`);
  process.exitCode = 1;
});
