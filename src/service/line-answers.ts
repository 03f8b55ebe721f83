// Line answers for explain: per error link, the innermost frame on a stored file
// when no site is on its line (match/line-answer.ts), as a record of that line
// (record/line.ts) with the symbol and guards its language pack reads there.
// Files are looked up once per frame path and parsed once per explain, and only
// so many: a log naming thousands of files costs what a bounded number does.
// A message with no frame on a stored file that quotes a line of code (match/decorations.ts
// quotedSourceLine: Ruby's error_highlight) is answered with that line when the sources of the
// languages that quote hold it once: the runtime printed the line that raised.

import type { LineContext, LinePosition } from '../core/pack.js';
import { remember } from '../core/remember.js';
import type { StoredSource, Store } from '../core/store.js';
import type { ErrorLink, Frame } from '../core/trace.js';
import { languagesWith, packForLanguage } from '../languages/registry.js';
import { quotedSourceLine } from '../match/decorations.js';
import { innermostStored, lineAnswerScore, LINE_FIRST, LINE_REASON, type LineFrame } from '../match/line-answer.js';
import type { Hit } from '../match/rank.js';
import { completeRecord } from '../record/complete.js';
import { sha1Base64 } from '../record/ids.js';
import { lineRecord } from '../record/line.js';
import type { ErrRecord } from '../record/schema.js';

export interface LineHit {
  record: ErrRecord;
  line: number;
  /** The code of the line (from the index: the trace may not print it). */
  code: string;
  score: number;
  why: string[];
  /** The frame on the line; null for a line the message quotes. */
  frame: Frame | null;
}

/** Files parsed for symbols and guards per explain; further line answers have the frame's function name and no guards. */
const MAX_PARSED_FILES = 64;
/** Distinct frame files looked up in the store per explain. */
const MAX_LOOKUPS = 2000;
/** Messages per explain whose quoted line is looked for (each a scan of the quoting languages' sources). */
const MAX_QUOTE_SCANS = 4;

const QUOTING = [...languagesWith('messagesQuoteSource')];

/**
 * Symbols and guards already read, by the file's text and the position, across explains: a
 * serving process sees the same library lines again and again (the same error recurring in
 * logs), and reading them costs a parse of the whole file. Keyed by a hash of the text, so a
 * re-analysed file is read anew; the oldest entries go first.
 */
const CONTEXTS_KEPT = 20_000;
const contextsRead = new Map<string, LineContext | null>();

/** Answers kept per store across explains: a store opened anew after a commit starts afresh (service/holder.ts). */
function perStore<V>(): (store: Store) => Map<string, V> {
  const maps = new WeakMap<Store, Map<string, V>>();
  return (store) => {
    let m = maps.get(store);
    if (!m) maps.set(store, (m = new Map()));
    return m;
  };
}

/**
 * The stored files of a frame's path keys, remembered per store across explains: a trace's frames
 * are mostly the same library files again, and each lookup was a statement of its own (1.1 per
 * explain over the evaluation inputs, a fifth of the statements). A store opened anew after a
 * commit starts afresh (service/holder.ts), as the match index does.
 */
const sourcesFound = perStore<Promise<StoredSource[]>>();
const SOURCES_KEPT = 20_000;

function sourcesOnce(store: Store, keys: string[], k: string): Promise<StoredSource[]> {
  const found = sourcesFound(store);
  const had = found.get(k);
  if (had) return had;
  const p = store.sourcesByKey(keys);
  // (a failed read is not remembered)
  p.catch(() => found.get(k) === p && found.delete(k));
  return remember(found, SOURCES_KEPT, k, p);
}

/** Per link, its line answer or null. */
export async function lineAnswers(store: Store, links: readonly ErrorLink[], ranked: readonly Hit[][]): Promise<(LineHit | null)[]> {
  const byKeys = new Map<string, Promise<StoredSource[]>>();
  const find = (keys: string[]) => {
    const k = keys.join('\u0000');
    let p = byKeys.get(k);
    if (!p) byKeys.set(k, (p = byKeys.size < MAX_LOOKUPS ? sourcesOnce(store, keys, k) : Promise.resolve([])));
    return p;
  };
  const wanted: ({ at: LineFrame; score: number; quoted: boolean } | null)[] = [];
  const scans = new Map<string, Promise<LineFrame | null>>();
  for (let i = 0; i < links.length; i++) {
    const l = links[i];
    let at = l.frames.length === 0 ? null : await innermostStored(l, find);
    let quoted = false;
    const q = at === null && QUOTING.length > 0 ? quotedSourceLine(l.message) : null;
    if (q) {
      let p = scans.get(q.code);
      if (!p) scans.set(q.code, (p = scans.size < MAX_QUOTE_SCANS ? quotedLineOnce(store, q.code, q.column) : Promise.resolve(null)));
      at = await p;
      // (a site on the line whose template explains the message is the answer: it ranks itself)
      if (at && ranked[i].some((h) => h.explains && h.row.filePath === at!.source.filePath && h.lines.includes(at!.frame.line!))) at = null;
      quoted = at !== null;
    }
    const score = at && (quoted ? LINE_FIRST : lineAnswerScore(ranked[i], at));
    wanted.push(at && score !== null ? { at, score, quoted } : null);
  }
  // Per stored file: its text and the positions asked for, each read once.
  const files = new Map<number, { src: StoredSource; at: LinePosition[]; slot: Map<string, number>; text: string | null; contexts: (LineContext | null)[] }>();
  const position = (frame: Frame) => `${frame.line}:${frame.column}`;
  for (const w of wanted) {
    if (!w) continue;
    const { source, frame } = w.at;
    let f = files.get(source.id);
    if (!f) files.set(source.id, (f = { src: source, at: [], slot: new Map(), text: null, contexts: [] }));
    if (!f.slot.has(position(frame))) {
      f.slot.set(position(frame), f.at.length);
      f.at.push({ line: frame.line!, column: frame.column });
    }
  }
  let parsed = 0;
  for (const f of files.values()) {
    f.text = await store.sourceText(f.src.id);
    if (f.text === null) continue;
    const textKey = `${f.src.language}\u0000${sha1Base64(f.text)}`;
    const keys = f.at.map((p) => `${textKey}\u0000${p.line}:${p.column}`);
    if (keys.every((k) => contextsRead.has(k))) f.contexts = keys.map((k) => contextsRead.get(k)!);
    else if (parsed++ < MAX_PARSED_FILES) {
      f.contexts = await contextsOf(f.src, f.text, f.at);
      keys.forEach((k, j) => remember(contextsRead, CONTEXTS_KEPT, k, f.contexts[j] ?? null));
    }
  }
  const made = new Map<string, LineHit | null>();
  return wanted.map((w, i) => {
    if (!w) return null;
    const { source, frame, depth } = w.at;
    const l = links[i];
    const key = `${source.id}\u0000${frame.line}\u0000${frame.column}\u0000${l.errorClass}\u0000${l.errorCode}\u0000${l.message}\u0000${w.score}`;
    if (made.has(key)) return made.get(key)!;
    const f = files.get(source.id)!;
    const ctx = f.contexts[f.slot.get(position(frame))!] ?? (frame.func ? { symbol: frame.func, guards: [] } : null);
    const built = f.text === null ? null : lineRecord(source, f.text, frame.line!, frame.column, ctx, l);
    const hit = built && {
      record: completeRecord(built.record), line: frame.line!, code: built.code, score: w.score, frame: w.quoted ? null : frame,
      why: [LINE_REASON, w.quoted ? `the message quotes this line (${frame.file}:${frame.line}), and no other line of the index`
        : `stack frame ${frame.file}:${frame.line} is this line${depth === 0 ? '' : ` (${depth} frames below are in code no index holds)`}`],
    };
    made.set(key, hit);
    return hit;
  });
}

/**
 * quotedLine, remembered per store across explains (a scan reads every stored source of the
 * quoting languages; a store opened anew after a commit starts afresh).
 */
const quotedFound = perStore<Promise<LineFrame | null>>();
const QUOTED_KEPT = 2000;

function quotedLineOnce(store: Store, code: string, column: number): Promise<LineFrame | null> {
  const found = quotedFound(store);
  const key = `${column}\u0000${code}`;
  return found.get(key) ?? remember(found, QUOTED_KEPT, key, quotedLine(store, code, column));
}

/**
 * The one line of the quoting languages' stored sources that is `code` (as written, indentation
 * included), as a frame on it; null when no file or more than one line holds it.
 */
async function quotedLine(store: Store, code: string, column: number): Promise<LineFrame | null> {
  const needle = `\n${code}\n`;
  const found = await store.sourcesHolding(needle, QUOTING, 2);
  if (found.length !== 1) return null;
  const text = await store.sourceText(found[0].id);
  const at = text?.indexOf(needle) ?? -1;
  if (text == null || at < 0 || text.indexOf(needle, at + 1) >= 0) return null;
  let line = 2; // (the needle starts with the newline ending the line above)
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return { frame: { file: found[0].filePath, line, column, func: null }, depth: 0, source: found[0] };
}

/** Symbols and guards at the positions, from the language's analyzer (loaded here: only line answers need a parser at explain time). */
async function contextsOf(src: StoredSource, text: string, at: LinePosition[]): Promise<(LineContext | null)[]> {
  const pack = packForLanguage(src.language);
  const lang = pack && (await pack.analyzer()).languages[src.language];
  try {
    return lang ? lang.lineContexts(text, src.filePath, at) : [];
  } catch {
    return []; // (a parse that fails leaves the frame's own function name)
  }
}
