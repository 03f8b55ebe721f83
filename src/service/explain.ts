// explain: text in (message, trace or log) → per error link, ranked hits with
// their records. The index is built from the store's match rows once per store
// (loadIndex); the records of the hits are fetched from the store, each once: a
// record hit by a thousand errors of a log is one object, which every hit
// refers to (explain-json.ts writes it out once). Links that read the same
// (a log repeats its errors) are ranked once.

import { installedFirst, useInstalledRecords, type InstalledVersion } from './installed-first.js';
import { originFirst } from './origin-first.js';
import { badInput, ErrdexError } from '../core/errors.js';
import type { Store } from '../core/store.js';
import type { ErrorLink } from '../core/trace.js';
import { LazyMatchIndex } from '../match/lazy.js';
import { CONFIDENT, type Hit } from '../match/rank.js';
import { CERTAIN_LITERAL_CHARS, CERTAIN_TEMPLATE_SCORE, isCertain } from '../match/quiet.js';
import type { MatchLookup } from '../match/row.js';
import { rankMessage, type RankedHit, type WrapLayer } from '../match/wrap.js';
import { parseInput } from '../query/parse.js';
import type { ErrRecord } from '../record/schema.js';
import { renderMessage } from '../template/ir.js';
import { LINE_FIRST } from '../match/line-answer.js';
import { lineAnswers, type NamedCode } from './line-answers.js';
import { nonSpace, runtimeTextsOf, type RuntimeTextOut } from '../match/runtime-texts.js';

export const MAX_INPUT_BYTES = 10 * 1024 * 1024;

export interface HitOut {
  record: ErrRecord;
  /**
   * The line of the site that matched: the record's own, or another site the record covers
   * (`alsoAt`, `variants`: one error code raised at several lines of a file is one record).
   */
  line: number;
  /** Every line of the file raising the matched message, `line` first. */
  lines: number[];
  /** The message template that matched: the record's, or the variant's at `line`. */
  message: string;
  score: number;
  matchType: Hit['matchType'];
  captures: Record<string, string>;
  why: string[];
  frame: Hit['frame'];
  /**
   * The same raise (same function, class and message) in other files of the tree: the package's
   * other builds. The message alone cannot tell them apart; a frame can.
   */
  copies: Hit['copies'];
  /** Index into `links` of the error this hit answers. */
  link: number;
  /** For a `line` hit (a frame on a line no site is on): the code of that line. */
  code?: string;
  /**
   * Set when the hit matched a message inside the one given (match/wrap.ts): the layers around
   * that message, outermost first: wrapper records (whose template holds it) and generic
   * decorations taken off (a position, a location, a prefix, an excerpt).
   */
  wrappedBy?: LayerOut[];
  /** The inner message the hit matched (set with wrappedBy). */
  inner?: string;
  /** Set when the hit is certain (match/quiet.ts: a frame on the site, or a full template match with much literal text). */
  certain?: true;
  /**
   * Set on a hit the input cannot tell from the link's first: no frame on either, the same score,
   * the same text but for placeholder names (one message raised in several files). Its place after
   * the first is the order's (which of the two raises runs first for one input, as the records
   * read, or the helper a message is handed to: origin-first.ts; else the class's package, then the
   * shorter path), not the input's.
   */
  tied?: true;
}

export type LayerOut =
  /** `lines`: every line of the file raising the wrapper's message, `line` first (as a hit's). */
  | { kind: 'record'; record: ErrRecord; line: number; lines: number[]; message: string; hole: string }
  | { kind: 'decoration'; decoration: Extract<WrapLayer, { kind: 'decoration' }>['decoration']; text: string };

export interface LinkOut {
  errorClass: string | null;
  message: string;
  errorCode: string | null;
  language: ErrorLink['language'];
  relation: ErrorLink['relation'];
  inputLine: number;
  frames: number;
  hits: HitOut[];
  /** Set when no hit is confident: why not. */
  noMatch: string | null;
  /**
   * Set when the message is a runtime's own text naming code (`'int' object has no attribute
   * 'strip'` names `.strip`) that too many lines of the index hold to answer with: the runtime
   * raised at one of them, which the message alone does not tell; a stack trace does.
   */
  namedCode: NamedCode | null;
  /**
   * The runtime texts the message is (match/runtime-texts.ts: CPython's `'NoneType' object has no
   * attribute 'x'`), with what each means and where its raising line is; empty when none is, when
   * a frame is on a site, or when a site's template reads the message whole with more literal text
   * than the runtime's, or as much when that is a few words (siteLiteral): the site wrote it.
   */
  runtimeTexts: RuntimeTextOut[];
}

export interface ExplainResult {
  /** Best first across all links; the answer for a single message or trace. */
  hits: HitOut[];
  links: LinkOut[];
  /** True when at least one hit is confident. */
  matched: boolean;
  reason: string | null;
  /** Records in the index. */
  indexed: number;
  ms: number;
}

/** Rankings of links longer than this (message and frames) are not kept for reuse. */
const MAX_MEMO_KEY = 8192;

/** What rankLink reads of a link; two links with the same key rank the same. */
function rankKey(l: ErrorLink): string | null {
  if (l.message.length > MAX_MEMO_KEY || l.frames.length > 200) return null;
  let k = `${l.language}\u0000${l.errorClass}\u0000${l.errorCode}\u0000${l.message}`;
  for (const f of l.frames) k += `\u0000${f.file}\u0001${f.line}\u0001${f.column}\u0001${f.func}`;
  return k.length > MAX_MEMO_KEY ? null : k;
}

/** The error for an input over the limit; `bytes` is omitted when reading stopped early. */
export function inputTooLarge(bytes?: number): ErrdexError {
  const size = bytes === undefined ? 'input is' : `input is ${bytes} bytes,`;
  return badInput(`${size} over the ${MAX_INPUT_BYTES}-byte limit; pass the relevant part of the log`);
}

export function checkInput(text: string): void {
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_INPUT_BYTES) throw inputTooLarge(bytes);
  if (text.trim() === '') throw badInput('input is empty: pass an error message, a stack trace or a log (argument, --file or stdin)');
}

const indexes = new WeakMap<Store, Promise<MatchLookup>>();

/**
 * The match index over every record of the store, on first use: the store's persisted one (which
 * reads only the rows a lookup selects), else one built in memory from every row.
 */
export function loadIndex(store: Store): Promise<MatchLookup> {
  let index = indexes.get(store);
  if (!index) indexes.set(store, (index = openIndex(store)));
  return index;
}

async function openIndex(store: Store): Promise<MatchLookup> {
  const source = store.matchSource ? await store.matchSource() : null;
  if (source) return new LazyMatchIndex(source);
  // (an index without an up-to-date persisted one: the in-memory builder is loaded only then)
  const { MatchIndex } = await import('../match/index.js');
  return new MatchIndex(await store.matchRows());
}

export interface ExplainOptions {
  /** Hits per error link (default 5). */
  limit?: number;
  /** Match against this index rather than the store's (a caller that keeps one). */
  index?: MatchLookup;
  /**
   * Give up (ErrdexError `timeout`) once this much time has passed, checked between the input's
   * errors (each is ranked in time linear in its text). A server's per-request limit.
   */
  timeLimitMs?: number;
  /** Package versions installed where the input's trace ran: their records go before other versions' (installed-first.ts). */
  installed?: readonly InstalledVersion[];
}

/** Milliseconds on a monotonic clock. (Not performance.now: the `performance` global loads perf_hooks on its first use, ~0.7 ms of every explain process.) */
const now = (): number => Number(process.hrtime.bigint()) / 1e6;

export async function explain(store: Store, text: string, opts: ExplainOptions = {}): Promise<ExplainResult> {
  checkInput(text);
  const index = opts.index ?? (await loadIndex(store));
  // (the time of the explain itself: loading the index is the store's, once)
  const t0 = now();
  const limit = opts.limit ?? 5;
  const installed = opts.installed ?? [];
  // (other versions of an installed package may fill the first hits: rank deeper, then cut)
  const depth = installed.length ? limit * 2 : limit;
  const parsed = parseInput(text);
  const memo = new Map<string, RankedHit[]>();
  const deadline = opts.timeLimitMs === undefined ? Infinity : t0 + opts.timeLimitMs;
  const ranked = parsed.links.map((l, i) => {
    // (between errors: the first is always ranked)
    if (i > 0 && now() > deadline) {
      throw new ErrdexError('timeout', `explaining this input took over the ${opts.timeLimitMs} ms limit (${parsed.links.length} errors found in it)`);
    }
    const key = rankKey(l);
    let hits = key === null ? undefined : memo.get(key);
    if (hits === undefined) {
      hits = rankMessage(index, l, depth);
      if (key !== null) memo.set(key, hits);
    }
    return hits;
  });
  const keys = new Set<number>();
  for (const hs of ranked) {
    for (const h of hs) {
      keys.add(h.row.key);
      for (const w of h.wrappedBy ?? []) if (w.kind === 'record') keys.add(w.hit.row.key);
    }
  }
  const records = await store.recordsByKeys([...keys]);
  await useInstalledRecords(store, records, installed);
  const lined = await lineAnswers(store, parsed.links, ranked, (filePath) => index.rowsForFile(filePath).length > 0);
  // (a log repeats its messages: each is read once)
  const runtimeRead = new Map<string, RuntimeTextOut[]>();
  const runtimeOnce = (message: string, language: string | null, minLiteral: number): RuntimeTextOut[] => {
    if (parsed.links.length === 1) return runtimeTextsOf(message, language, minLiteral);
    const k = `${language ?? ''}\u0000${minLiteral}\u0000${message}`;
    let r = runtimeRead.get(k);
    if (!r) runtimeRead.set(k, (r = runtimeTextsOf(message, language, minLiteral)));
    return r;
  };
  // One output per ranked hit, shared by the links that ranked alike but for the link index.
  const outs = new Map<RankedHit, Omit<HitOut, 'link'>>();
  const links: LinkOut[] = parsed.links.map((l, i) => {
    const all: HitOut[] = ranked[i].filter((h) => records.has(h.row.key)).map((h) => {
      let o = outs.get(h);
      if (o === undefined) outs.set(h, (o = toOut(h, records)));
      const out: HitOut = {
        record: o.record, line: o.line, lines: o.lines, message: o.message, score: o.score, matchType: o.matchType,
        captures: o.captures, why: o.why, frame: o.frame, copies: o.copies, link: i,
      };
      if (o.wrappedBy) {
        out.wrappedBy = o.wrappedBy;
        out.inner = o.inner;
      }
      if (o.certain) out.certain = true;
      return out;
    });
    const hits = originFirst(installedFirst(all, installed)).slice(0, limit);
    markTies(hits);
    for (const lh of lined.hits[i]) {
      // (placed by score: ties go to the site, which the line answer was scored against)
      const at = hits.findIndex((h) => h.score < lh.score);
      hits.splice(at < 0 ? hits.length : at, 0, {
        record: lh.record, line: lh.line, lines: [lh.line], message: l.message, score: lh.score, matchType: 'line', captures: {}, why: lh.why,
        frame: lh.frame, copies: [], link: i, code: lh.code, ...(lh.score === LINE_FIRST ? { certain: true as const } : {}),
      });
      if (hits.length > limit) hits.length = limit;
    }
    return {
      errorClass: l.errorClass, message: l.message, errorCode: l.errorCode, language: l.language, relation: l.relation,
      inputLine: l.inputLine, frames: l.frames.length, hits, noMatch: noMatchReason(l, hits, index), namedCode: lined.named[i],
      runtimeTexts: runtimeOnce(l.message, l.language, siteLiteral(hits[0])),
    };
  });
  // Equal scores: the error that propagated (the last link of a chain) first.
  const hits = links.flatMap((l) => l.hits).sort((a, b) => b.score - a.score || b.link - a.link).slice(0, Math.max(limit, links.length));
  const matched = hits.some((h) => h.score >= CONFIDENT);
  const reason = links.length === 0 ? 'no error message, stack trace or error log line found in the input'
    : matched ? null : links.map((l) => l.noMatch).filter(Boolean).join('; ');
  return { hits, links, matched, reason, indexed: index.size, ms: now() - t0 };
}

/** The human sentence for one of LinkOut.runtimeTexts (the CLI's and the pages'). */
export function runtimeTextNote(t: RuntimeTextOut): string {
  return `the message reads as ${t.runtime}'s own text: ${t.meaning}`;
}

/** The human sentence for LinkOut.namedCode (the CLI's and the pages'). */
export function namedCodeNote(n: NamedCode): string {
  return `the message is also the runtime's own text (${n.languages.join(', ')}) for \`${n.code}\`, on too many indexed lines to tell which raised it: a stack trace names the line`;
}

/**
 * The literal characters (spaces aside) a runtime text must have to be told beside the first hit
 * (LinkOut.runtimeTexts): none past a frame on a site (the site raised). Beside a template that
 * reads the message whole and well (match/quiet.ts's score for certain), more than the template
 * has: a runtime's text with no more is the site's to write as well (a crate's own `Division by
 * zero`, PHP's text too). But as many will do when they are words no message shares by chance
 * (quiet.ts's CERTAIN_LITERAL_CHARS): a library writing `'{type}' object has no attribute
 * '{name}'` word for word copies the runtime, whose reading stays likely.
 */
function siteLiteral(top: HitOut | undefined): number {
  if (top?.matchType === 'frame') return Infinity;
  if (top?.matchType !== 'template' || top.score < CERTAIN_TEMPLATE_SCORE) return 0;
  const literal = nonSpace(top.message.replace(/\{[^{}]*\}/g, ''));
  return literal >= CERTAIN_LITERAL_CHARS ? literal : literal + 1;
}

const shape = (message: string): string => message.replace(/\{[^{}]*\}/g, '{}');

/** HitOut.tied: the hits after the first that nothing in the input ranks below it. */
function markTies(hits: HitOut[]): void {
  const first = hits[0];
  if (!first || first.frame) return;
  let firstShape: string | undefined;
  for (const h of hits.slice(1)) {
    if (h.frame || h.score !== first.score || h.matchType !== first.matchType || shape(h.message) !== (firstShape ??= shape(first.message))) continue;
    h.tied = true;
  }
}

function layerOut(h: Hit, hole: string, record: ErrRecord): LayerOut {
  const line = lineOf(h);
  return { kind: 'record', record, line, lines: [line, ...h.lines.filter((l) => l !== line)], message: renderMessage(h.row.template), hole };
}

/** The matched row's line: with a frame, the one the frame is on (or nearest). */
function lineOf(h: Hit): number {
  const lines = h.lines;
  const at = h.frame?.line;
  return at == null ? lines[0] : lines.reduce((best, l) => (Math.abs(l - at) < Math.abs(best - at) ? l : best), lines[0]);
}

function toOut(h: RankedHit, records: Map<number, ErrRecord>): Omit<HitOut, 'link'> {
  const line = lineOf(h);
  const out: Omit<HitOut, 'link'> = {
    record: records.get(h.row.key)!, line, lines: [line, ...h.lines.filter((l) => l !== line)], message: renderMessage(h.row.template),
    score: Math.round(h.score * 1000) / 1000, matchType: h.matchType, captures: h.captures, why: h.why, frame: h.frame, copies: h.copies,
  };
  if (h.wrappedBy) {
    out.wrappedBy = h.wrappedBy.filter((w) => w.kind === 'decoration' || records.has(w.hit.row.key)).map((w): LayerOut => w.kind === 'decoration' ? { kind: 'decoration', decoration: w.decoration, text: w.text }
      : layerOut(w.hit, w.hole, records.get(w.hit.row.key)!));
    out.inner = h.inner;
  }
  if (isCertain(h)) out.certain = true;
  return out;
}

function noMatchReason(l: ErrorLink, hits: HitOut[], index: MatchLookup): string | null {
  if (hits.some((h) => h.score >= CONFIDENT)) return null;
  if (index.size === 0) return 'the index is empty: run `errdex index` in the project (or `errdex analyze PATH`) first';
  const what = `${l.errorClass ? l.errorClass + ': ' : ''}${l.message.slice(0, 80)}`;
  if (hits.length === 0) return `no indexed template shares words with "${what}" and no stack frame points into an indexed file`;
  return `best candidate for "${what}" scored ${hits[0].score} (below ${CONFIDENT}): ${hits[0].why.join('; ') || 'only weak word overlap'}`;
}
