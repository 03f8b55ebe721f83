// Line answers for explain: per error link, the innermost frame on a stored file
// when no site is on its line (match/line-answer.ts), as a record of that line
// (record/line.ts) with the symbol and guards its language pack reads there.
// Files are looked up once per frame path and parsed once per explain, and only
// so many: a log naming thousands of files costs what a bounded number does.

import { createHash } from 'node:crypto';
import type { LineContext, LinePosition } from '../core/pack.js';
import type { StoredSource, Store } from '../core/store.js';
import type { ErrorLink, Frame } from '../core/trace.js';
import { packForLanguage } from '../languages/registry.js';
import { innermostStored, lineAnswerScore, LINE_REASON, type LineFrame } from '../match/line-answer.js';
import type { Hit } from '../match/rank.js';
import { completeRecord } from '../record/complete.js';
import { lineRecord } from '../record/line.js';
import type { ErrRecord } from '../record/schema.js';

export interface LineHit {
  record: ErrRecord;
  line: number;
  /** The code of the line (from the index: the trace may not print it). */
  code: string;
  score: number;
  why: string[];
  frame: Frame;
}

/** Files parsed for symbols and guards per explain; further line answers have the frame's function name and no guards. */
const MAX_PARSED_FILES = 64;
/** Distinct frame files looked up in the store per explain. */
const MAX_LOOKUPS = 2000;

/**
 * Symbols and guards already read, by the file's text and the position, across explains: a
 * serving process sees the same library lines again and again (the same error recurring in
 * logs), and reading them costs a parse of the whole file. Keyed by a hash of the text, so a
 * re-analysed file is read anew; the oldest entries go first.
 */
const CONTEXTS_KEPT = 20_000;
const contextsRead = new Map<string, LineContext | null>();

function remember(key: string, ctx: LineContext | null): void {
  if (contextsRead.size >= CONTEXTS_KEPT) contextsRead.delete(contextsRead.keys().next().value!);
  contextsRead.set(key, ctx);
}

/** Per link, its line answer or null. */
export async function lineAnswers(store: Store, links: readonly ErrorLink[], ranked: readonly Hit[][]): Promise<(LineHit | null)[]> {
  const byKeys = new Map<string, Promise<StoredSource[]>>();
  const find = (keys: string[]) => {
    const k = keys.join('\u0000');
    let p = byKeys.get(k);
    if (!p) byKeys.set(k, (p = byKeys.size < MAX_LOOKUPS ? store.sourcesByKey(keys) : Promise.resolve([])));
    return p;
  };
  const wanted: ({ at: LineFrame; score: number } | null)[] = [];
  for (let i = 0; i < links.length; i++) {
    const l = links[i];
    const at = l.frames.length === 0 ? null : await innermostStored(l, find);
    const score = at && lineAnswerScore(ranked[i], at);
    wanted.push(at && score !== null ? { at, score } : null);
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
    const textKey = `${f.src.language}\u0000${createHash('sha1').update(f.text).digest('base64')}`;
    const keys = f.at.map((p) => `${textKey}\u0000${p.line}:${p.column}`);
    if (keys.every((k) => contextsRead.has(k))) f.contexts = keys.map((k) => contextsRead.get(k)!);
    else if (parsed++ < MAX_PARSED_FILES) {
      f.contexts = await contextsOf(f.src, f.text, f.at);
      keys.forEach((k, j) => remember(k, f.contexts[j] ?? null));
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
      record: completeRecord(built.record), line: frame.line!, code: built.code, score: w.score, frame,
      why: [LINE_REASON, `stack frame ${frame.file}:${frame.line} is this line${depth === 0 ? '' : ` (${depth} frames below are in code no index holds)`}`],
    };
    made.set(key, hit);
    return hit;
  });
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
