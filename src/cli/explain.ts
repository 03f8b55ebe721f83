import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { badInput } from '../core/errors.js';
import type { Store } from '../core/store.js';
import { explain, inputTooLarge, MAX_INPUT_BYTES, namedCodeNote, runtimeTextNote, type ExplainResult, type HitOut } from '../service/explain.js';
import { QUIET_GAP, shownBesideRuntimeText, shownHits } from '../match/quiet.js';
import { framePackages, indexPackages, notIndexed, type FramePackage } from '../service/lazy-index.js';
import { EXIT } from './errors.js';
import { openStore, storePath } from '../service/store.js';
import { bold, dim, err, green, jsonText, out, positiveInt, term, usage, yellow } from './common.js';
import { isTerminal } from './terminal.js';
import { EXPLAIN_HELP } from './help.js';


export async function explainCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      file: { type: 'string', short: 'f' },
      db: { type: 'string' },
      limit: { type: 'string' },
      json: { type: 'boolean', default: false },
      'no-index': { type: 'boolean', default: false },
    },
  });
  const text = await readInput(positionals, values.file);
  const limit = values.limit ? positiveInt(values.limit, '--limit') : 5;
  // (the packages the frames run in, as installed around the working directory: read, never run)
  const found = await framePackages(text, process.cwd());
  // (the index is opened once: again only after lazy indexing wrote to it)
  let store = fs.existsSync(storePath(values.db)) ? openStore(values.db, 'read') : null;
  if (found && !values['no-index'] && (await indexFramePackages(found.project, found.packages, values.db, store))) {
    await store?.close();
    store = null;
  }
  store ??= openStore(values.db, 'read');
  try {
    const result = await explain(store, text, { limit, installed: found?.packages });
    if (values.json) {
      // (in pieces: a log's result is never one string; the writer is loaded only for --json)
      const { explainJsonChunks } = await import('../service/explain-json.js');
      for (const piece of explainJsonChunks(result)) out(jsonText(piece));
    } else printHuman(result);
    return result.matched ? EXIT.ok : EXIT.noMatch;
  } finally {
    await store.close();
  }
}

/**
 * Packages installed for the project around the working directory that the input's frames run
 * in and the index (`reader`, when there is one) lacks: indexed first (a line on stderr each), so
 * the match sees them. Whether it wrote to the index.
 */
async function indexFramePackages(project: string, packages: FramePackage[], db: string | undefined, reader: Store | null): Promise<boolean> {
  if (packages.length === 0) return false;
  const missing = await notIndexed(reader, packages);
  if (missing.length === 0) return false;
  for (const p of missing) err(dim(term`indexing ${p.ecosystem}:${p.name}@${p.version}: a frame of the input runs in it (--no-index turns this off)`));
  const writer = openStore(db, 'write');
  try {
    for (const r of await indexPackages(writer, project, missing)) if (r instanceof Error) err(yellow(term`could not index it: ${r.message}`));
  } finally {
    await writer.close();
  }
  return true;
}

async function readInput(positionals: string[], file: string | undefined): Promise<string> {
  if (file !== undefined && positionals.length) throw badInput('pass either TEXT or --file, not both');
  if (positionals.length > 1) throw badInput('pass the error text as one argument (quote it), or use --file / stdin');
  if (file !== undefined) return readCapped(file);
  if (positionals.length === 1 && positionals[0] !== '-') return positionals[0];
  if (positionals.length === 0 && isTerminal(0)) throw usage('nothing to explain', EXPLAIN_HELP);
  return readStdin();
}

function readCapped(file: string): string {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    throw badInput(`input file not found: ${file}`);
  }
  if (!st.isFile()) throw badInput(`input is not a file: ${file}`);
  if (st.size > MAX_INPUT_BYTES) throw inputTooLarge(st.size);
  return fs.readFileSync(file, 'utf8');
}

/**
 * Stdin, read with blocking reads: what a pipe or file holds needs no stream (making
 * process.stdin one, then iterating it, was ~2 ms of every piped explain). A descriptor left
 * non-blocking (EAGAIN) is read on as a stream.
 */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const add = (c: Buffer) => {
    size += c.length;
    // Stop reading early: a huge input is refused, not buffered whole.
    if (size > MAX_INPUT_BYTES) throw inputTooLarge();
    chunks.push(c);
  };
  const buf = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = fs.readSync(0, buf);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EOF') break;
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      for await (const c of process.stdin) add(c as Buffer);
      break;
    }
    if (n === 0) break;
    add(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks).toString('utf8');
}

const RELATION_LABEL = {
  none: '',
  cause: ' (raised from the error above)',
  context: ' (raised while handling the error above)',
  member: ' (in the group above)',
} as const;

/** A composed message's records, outermost first, ending with the hit (the innermost origin, the answer). */
function layersText(h: HitOut): string {
  const records = (h.wrappedBy ?? []).flatMap((w) => (w.kind === 'record' ? [`${w.record.filePath}:${w.line}`] : []));
  return [...records, `${h.record.filePath}:${h.line}`].join(' > ');
}

/** How a hit for an inner message was reached: the message, then what wraps it, innermost first. */
function wrappedText(h: HitOut): string {
  const layers = (h.wrappedBy ?? []).map((w) => (w.kind === 'record' ? `${w.record.filePath}:${w.line} (${w.message})` : `${DECORATION_LABEL[w.decoration]} ${JSON.stringify(w.text)}`));
  return `inner message ${JSON.stringify(h.inner ?? '')}, wrapped by ${layers.reverse().join(', then ')}`;
}

const DECORATION_LABEL = { position: 'the position', location: 'the location', prefix: 'the prefix', excerpt: 'the excerpt' } as const;

function printHuman(r: ExplainResult): void {
  r.links.forEach((l, i) => {
    if (r.links.length > 1) {
      const rel = RELATION_LABEL[l.relation ?? 'none'];
      out(bold(term`\n== error ${i + 1}${rel}, input line ${l.inputLine}: ${l.errorClass ? l.errorClass + ': ' : ''}${l.message.split('\n')[0].slice(0, 120)}`));
    }
    if (l.noMatch) out(yellow(term`no confident match: ${l.noMatch}`));
    if (l.namedCode) out(yellow(term`note: ${namedCodeNote(l.namedCode)}`));
    for (const t of l.runtimeTexts) out(yellow(term`note: ${runtimeTextNote(t)}`));
    const runtime = l.runtimeTexts.length > 0;
    const { shown, hidden } = runtime ? shownBesideRuntimeText(l.hits) : shownHits(l.hits);
    // (`tied` is with the link's first hit of the index's records: a line answer may stand before it)
    const tiedWith = shown.findIndex((h) => h.matchType !== 'line') + 1;
    shown.forEach((h, k) => {
      const rec = h.record;
      const head = term`${k + 1}. ${h.score.toFixed(2)} ${h.matchType}`;
      out(term`${h.score >= 0.5 ? green(head) : dim(head)}  ${rec.errorClass ? rec.errorClass + ': ' : ''}${h.message}${h.tied ? dim(term`  (tied with ${tiedWith}: the message alone does not tell them apart)`) : ''}`);
      const more = h.lines.length > 1 ? dim(term` (also line ${h.lines.slice(1).join(', ')})`) : '';
      // The symbol and guards are those of the record's own site: shown as such when another of its lines matched.
      const own = h.line === rec.lineNumber;
      out(term`   ${rec.filePath}:${h.line}${more}${own && rec.symbol ? ' in ' + rec.symbol : ''}  ${dim(term`${rec.repo + (rec.version ? '@' + rec.version : '')}`)}`);
      if (h.code !== undefined) out(term`   > ${h.code}`);
      if (own) for (const g of rec.guards ?? []) out(dim(term`   ${g.kind} ${g.text}  (line ${g.line})`));
      else out(dim(term`   (one of the record's ${1 + (rec.alsoAt?.length ?? 0)} sites in this file; first at line ${rec.lineNumber}${rec.symbol ? ' in ' + rec.symbol : ''})`));
      if (rec.definedAt) out(dim(term`   defined at ${rec.definedAt.filePath}:${rec.definedAt.line}`));
      if (rec.native) out(dim(term`   the runtime's message: raised inside ${rec.native}, called here`));
      if (rec.handedTo) out(dim(term`   the message is handed to ${rec.handedTo} here, which raises it`));
      if (h.copies.length) out(dim(term`   the same raise also at ${h.copies.map((c) => `${c.filePath}:${c.line}`).join(', ')}`));
      if (h.wrappedBy?.length) out(term`   ${wrappedText(h)}`);
      if (h.wrappedBy?.some((w) => w.kind === 'record')) out(term`   layers, outer to inner: ${layersText(h)}`);
      const caps = Object.entries(h.captures);
      if (caps.length) out(term`   captured: ${caps.map(([k2, v]) => `${k2} = ${v}`).join(', ')}`);
      out(dim(term`   why: ${h.why.join('; ')}`));
      if (rec.githubUrl) out(dim(term`   ${rec.githubUrl}`));
      // (a line hit's record is built for this answer, not stored: `show` has no id to find)
      if (h.matchType !== 'line') out(dim(term`   id ${rec.id}`));
    });
    if (hidden.length) {
      const n = hidden.length;
      const why = runtime ? "beside the runtime's own text (word overlaps, or below a certain answer)" : `${QUIET_GAP} or more below a certain answer`;
      out(dim(term`(${n} weaker candidate${n === 1 ? '' : 's'} hidden, ${why}; --json shows ${n === 1 ? 'it' : 'them'})`));
    }
  });
  if (!r.matched && r.reason && r.links.length === 0) out(yellow(term`no confident match: ${r.reason}`));
}
