// The JSON form of an explain result (`errdex explain --json`; the HTTP API's
// shape): every record once, in a top-level `records` object, and every hit
// naming its record by `recordId`:
//
//   { "matched", "reason", "indexed", "ms",
//     "hits":    [Hit],                       best first across all links
//     "links":   [{ errorClass, message, errorCode, language, relation,
//                   inputLine, frames, noMatch, namedCode, runtimeTexts, "hits": [Hit] }],
//     "records": { "<recordId>": Record } }
//   Hit = { recordId, line, lines, message, score, matchType, captures, why,
//           frame, copies, link, [code], [wrappedBy, inner], [certain], [tied] }
//   code: on a hit of matchType `line`, a frame on a line no site is on (the
//           error was raised inside a call there: native code or another
//           package); its record is that line's (errorType `call`, the message
//           as printed), and `code` is the line
//   namedCode: { code, languages } when the message is a runtime's own text
//           naming code (`.strip`) that too many indexed lines hold to answer
//           with: one of them raised it, which a stack trace tells; else null
//   runtimeTexts: [{ runtime, languages, text, meaning, captures }], the runtime
//           texts the message is (CPython's `'NoneType' object has no attribute
//           'x'`): what it means and which line raises it; empty when none is,
//           or when a site's template reads the message certainly
//   tied: true on a hit nothing in the input ranks below the link's first (no
//           frame, the same score and text: one message raised in several
//           files); its place after the first is the order's, not evidence
//   certain: true on a hit that is certain (a frame on the site, or a full
//           template match with much literal text: match/quiet.ts); the human
//           output then leaves out the weak hits a clear gap below it
//   wrappedBy = [Layer], outermost first, only on a hit that matched a message
//           inside the one given (a wrapped message; `inner` is that message):
//     { kind: "record", recordId, line, message, hole }   a wrapper record whose
//           template holds the inner message in its hole `hole` (its own hit is
//           among the link's hits unless cut by --limit; its record is in `records`)
//     { kind: "decoration", decoration, text }   a generic decoration taken off:
//           "position" (`…, line 3, column 7`), "location" (`a.js:3:7: `, `Line 3: `),
//           "prefix" (`Error: `, `TypeError: `), "excerpt" (input lines with a caret)
//
// `recordId` is the record's id (`errdex show ID`); when two analyzed trees hold
// a record with the same id and both are hit, the second is `<id>#2`, and so on.
// The text is produced in pieces (explainJsonChunks) so that a result with
// thousands of links is never one string: what is held at once is a piece (a
// hit, a link or a record), not the output.

import type { ErrRecord } from '../record/schema.js';
import type { ExplainResult, HitOut, LinkOut } from './explain.js';

export type LayerJson =
  | { kind: 'record'; recordId: string; line: number; message: string; hole: string }
  | Extract<NonNullable<HitOut['wrappedBy']>[number], { kind: 'decoration' }>;
export type HitJson = Omit<HitOut, 'record' | 'wrappedBy'> & { recordId: string; wrappedBy?: LayerJson[] };
export type LinkJson = Omit<LinkOut, 'hits'> & { hits: HitJson[] };

export interface ExplainJson {
  matched: boolean;
  reason: string | null;
  /** Records in the index. */
  indexed: number;
  ms: number;
  hits: HitJson[];
  links: LinkJson[];
  /** Every record a hit names, by recordId. */
  records: Record<string, ErrRecord>;
}

/** A recordId for each record object of the result (records are shared objects: one per store row). */
function recordIds(r: ExplainResult): Map<ErrRecord, string> {
  const ids = new Map<ErrRecord, string>();
  const taken = new Map<string, number>();
  const name = (rec: ErrRecord) => {
    if (ids.has(rec)) return;
    const n = (taken.get(rec.id) ?? 0) + 1;
    taken.set(rec.id, n);
    ids.set(rec, n === 1 ? rec.id : `${rec.id}#${n}`);
  };
  const visit = (h: HitOut) => {
    name(h.record);
    for (const w of h.wrappedBy ?? []) if (w.kind === 'record') name(w.record);
  };
  for (const l of r.links) for (const h of l.hits) visit(h);
  for (const h of r.hits) visit(h);
  return ids;
}

function hitJson(h: HitOut, ids: Map<ErrRecord, string>): HitJson {
  const out: HitJson = {
    recordId: ids.get(h.record)!, line: h.line, lines: h.lines, message: h.message, score: h.score, matchType: h.matchType,
    captures: h.captures, why: h.why, frame: h.frame, copies: h.copies, link: h.link,
  };
  if (h.code !== undefined) out.code = h.code;
  if (h.wrappedBy) {
    out.wrappedBy = h.wrappedBy.map((w): LayerJson => (w.kind === 'record'
      ? { kind: 'record', recordId: ids.get(w.record)!, line: w.line, message: w.message, hole: w.hole } : w));
    out.inner = h.inner;
  }
  if (h.certain) out.certain = true;
  if (h.tied) out.tied = true;
  return out;
}

function linkJson(l: LinkOut, ids: Map<ErrRecord, string>): LinkJson {
  return {
    errorClass: l.errorClass, message: l.message, errorCode: l.errorCode, language: l.language, relation: l.relation,
    inputLine: l.inputLine, frames: l.frames, noMatch: l.noMatch, namedCode: l.namedCode, runtimeTexts: l.runtimeTexts, hits: l.hits.map((h) => hitJson(h, ids)),
  };
}

/** The JSON form as one object (for a caller that wants the value, not the text). */
export function toExplainJson(r: ExplainResult): ExplainJson {
  const ids = recordIds(r);
  const records: Record<string, ErrRecord> = {};
  for (const [rec, id] of ids) records[id] = rec;
  return {
    matched: r.matched, reason: r.reason, indexed: r.indexed, ms: r.ms,
    hits: r.hits.map((h) => hitJson(h, ids)), links: r.links.map((l) => linkJson(l, ids)), records,
  };
}

/**
 * Each record's compact JSON text, as UTF-8 bytes, encoded once per record object: a long-lived
 * reader's store hands out the same record objects again (store/sqlite.ts keeps them across
 * explains), and the records are most of an answer (their source windows and prose: 18 of 21 KB
 * on average over the evaluation inputs). Records are shared, read and never changed once made,
 * so the bytes once written stay the record's.
 */
const recordBytes = new WeakMap<ErrRecord, Buffer>();

function bytesOf(rec: ErrRecord): Buffer {
  let b = recordBytes.get(rec);
  if (b === undefined) recordBytes.set(rec, (b = Buffer.from(JSON.stringify(rec))));
  return b;
}

/** A key JSON.stringify writes before the others (an array index), whatever the order it was set in. */
const INDEX_KEY = /^(0|[1-9]\d{0,9})$/;

/**
 * The UTF-8 bytes of `JSON.stringify(toExplainJson(r))` (compact: the HTTP API's body), byte for
 * byte, with each record's part encoded once per record object (bytesOf).
 */
export function explainJsonBytes(r: ExplainResult): Uint8Array<ArrayBuffer> {
  const ids = recordIds(r);
  // (an index-like id would go first in JSON.stringify's order: none is, 16 hex digits; if one were, the plain way)
  for (const id of ids.values()) if (INDEX_KEY.test(id)) return Buffer.from(JSON.stringify(toExplainJson(r))) as Uint8Array<ArrayBuffer>;
  const head = JSON.stringify({ matched: r.matched, reason: r.reason, indexed: r.indexed, ms: r.ms });
  // (each hit's text written once: the top hits are the links' hit objects again; an array's text
  // is its elements' joined by commas, and a link's `hits` is its last member)
  const hitText = new Map<HitOut, string>();
  const textOf = (h: HitOut) => {
    let t = hitText.get(h);
    if (t === undefined) hitText.set(h, (t = JSON.stringify(hitJson(h, ids))));
    return t;
  };
  const hits = `[${r.hits.map(textOf).join(',')}]`;
  const links = `[${r.links.map((l) => `${JSON.stringify(linkJson({ ...l, hits: [] }, ids)).slice(0, -3)}[${l.hits.map(textOf).join(',')}]}`).join(',')}]`;
  // (the answer's bytes in one buffer of its exact size, written in place: a Buffer per record's
  // `"id":` and a concatenation after were a tenth of a served explain's serialisation, measured)
  const start = `${head.slice(0, -1)},"hits":${hits},"links":${links},"records":{`;
  const recs = [...ids].map(([rec, id]) => [JSON.stringify(id), bytesOf(rec)] as const);
  let size = Buffer.byteLength(start) + 2 + Math.max(recs.length - 1, 0);
  for (const [key, bytes] of recs) size += Buffer.byteLength(key) + 1 + bytes.length;
  // (a plain ArrayBuffer of its own, never a shared one nor the pool's; every byte is written, checked below)
  const out = Buffer.allocUnsafeSlow(size);
  let at = out.write(start, 0);
  recs.forEach(([key, bytes], i) => {
    if (i > 0) at = out.writeUInt8(0x2c, at);
    at += out.write(key, at);
    at = out.writeUInt8(0x3a, at);
    at += bytes.copy(out, at);
  });
  at += out.write('}}', at);
  if (at !== size) throw new Error(`explain JSON: wrote ${at} of ${size} bytes`);
  return out as Uint8Array<ArrayBuffer>;
}

/** The text of explainJsonBytes: `JSON.stringify(toExplainJson(r))`. */
export const explainJsonText = (r: ExplainResult): string => Buffer.from(explainJsonBytes(r)).toString('utf8');

/**
 * The text of `JSON.stringify(toExplainJson(r), null, 2)`, in pieces of about `chunk`
 * characters, each ending with a newline.
 */
export function* explainJsonChunks(r: ExplainResult, chunk = 1 << 20): Generator<string> {
  const ids = recordIds(r);
  let parts: string[] = [];
  let size = 0;
  // Every piece put ends with a newline, so every chunk does.
  const put = (s: string): string | null => {
    parts.push(s);
    size += s.length;
    if (size < chunk) return null;
    const out = parts.join('');
    parts = [];
    size = 0;
    return out;
  };
  /** `value` as an element of an array or object at depth 2 (4 spaces). */
  const nested = (value: unknown) => '    ' + JSON.stringify(value, null, 2).replace(/\n/g, '\n    ');
  /** `"name": [ … ]` or `"name": { … }`, one element a piece (the separator goes after it, with its newline). */
  function* members<T>(name: string, open: string, close: string, items: Iterable<T>, write: (x: T) => string, last: boolean): Generator<string> {
    let prev: string | null = null;
    const flush = (end: string) => (prev === null ? null : put(prev + end));
    for (const x of items) {
      const c = prev === null ? put(`  "${name}": ${open}\n`) : flush(',\n');
      if (c !== null) yield c;
      prev = write(x);
    }
    const c = prev === null ? put(`  "${name}": ${open}${close}${last ? '' : ','}\n`) : flush(`\n  ${close}${last ? '' : ','}\n`);
    if (c !== null) yield c;
  }
  put(`{\n  "matched": ${JSON.stringify(r.matched)},\n  "reason": ${JSON.stringify(r.reason)},\n`);
  put(`  "indexed": ${JSON.stringify(r.indexed)},\n  "ms": ${JSON.stringify(r.ms)},\n`);
  yield* members('hits', '[', ']', r.hits, (h) => nested(hitJson(h, ids)), false);
  yield* members('links', '[', ']', r.links, (l) => nested(linkJson(l, ids)), false);
  yield* members('records', '{', '}', ids, ([rec, id]) => `    ${JSON.stringify(id)}: ${JSON.stringify(rec, null, 2).replace(/\n/g, '\n    ')}`, true);
  put('}\n');
  if (size > 0) yield parts.join('');
}
