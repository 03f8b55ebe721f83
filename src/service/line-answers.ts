// Line answers for explain: per error link, the innermost frame on a stored file
// when no site is on its line (match/line-answer.ts), as a record of that line
// (record/line.ts) with the symbol and guards its language pack reads there.
// Files are looked up once per frame path and parsed once per explain, and only
// so many: a log naming thousands of files costs what a bounded number does.
// A message with no frame on a stored file that quotes a line of code (match/decorations.ts
// quotedSourceLine: Ruby's error_highlight), or names an expression as code writes it (a
// language's quotedCode: the JVM's helpful NullPointerException, V8's `x.y is not a function`),
// is answered with the line that holds it when the stored sources of those languages hold it
// once; when they hold it on a few lines, each is an answer, below any site whose template
// explains the message: the runtime named the code that raised.

import type { LineContext, LinePosition } from '../core/pack.js';
import { remember } from '../core/remember.js';
import type { StoredSource, Store } from '../core/store.js';
import type { ErrorLink, Frame } from '../core/trace.js';
import type { QuotedCode } from '../core/pack.js';
import { codeQuoters, languagesWith, packForLanguage } from '../languages/registry.js';
import { quotedSourceLine } from '../match/decorations.js';
import { firstDereference } from './first-dereference.js';
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

/**
 * A message naming code its runtime raised at (a language's quotedCode, or a quoted source line)
 * that more lines of the index hold than are answers, or too short to look up: the message alone
 * cannot tell which line raised; a trace can.
 */
export interface NamedCode {
  code: string;
  /** The languages whose runtime writes the message this way. */
  languages: string[];
}

export interface LineAnswers {
  /** Per link, its line answers. */
  hits: LineHit[][];
  /** Per link, the code its message names when that gave no answer for being too common; else null. */
  named: (NamedCode | null)[];
}

/** Lines holding what a message quotes; `many` when more hold it than are answers (and none is). */
interface Quoted {
  lines: LineFrame[];
  many: boolean;
}
const NONE: Quoted = { lines: [], many: false };
const MANY: Quoted = { lines: [], many: true };

/** Files parsed for symbols and guards per explain; further line answers have the frame's function name and no guards. */
const MAX_PARSED_FILES = 64;
/** Distinct frame files looked up in the store per explain. */
const MAX_LOOKUPS = 2000;
/** Messages per explain whose quoted line is looked for (each a scan of the quoting languages' sources). */
const MAX_QUOTE_SCANS = 4;

const QUOTING = [...languagesWith('messagesQuoteSource')];
const CODE_QUOTERS = codeQuoters();

/** Lines of quoted code answered at most: past it the code says too little of where it is, and none is. */
const MAX_QUOTED_LINES = 8;
/**
 * The first of several lines holding the quoted code (the next a thousandth below each): above a
 * template that reads part of the message or a fuzzy match, below a site whose template reads it
 * whole (≥ 0.85).
 */
export const QUOTED_SEVERAL = 0.8;
/** Lines of a local's code read before they are narrowed to its first dereferences (QuotedCode.local). */
const MAX_LOCAL_LINES = 64;
/** Files read for the lines of an expression: past it, as past MAX_QUOTED_LINES. */
const MAX_CODE_FILES = 64;
/** Characters of quoted code with fewer, too many lines read the same (`a[`). */
const MIN_CODE = 6;

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

/**
 * Per link, its line answers (none, a frame's line, or the lines of code the message quotes).
 * `hasSites` tells whether the index holds sites of a file: of several lines quoted, those of
 * files with sites go first (a file with none is mostly text: racc's `parser-text.rb`, its
 * parser's source as one string).
 */
export async function lineAnswers(
  store: Store, links: readonly ErrorLink[], ranked: readonly Hit[][], hasSites: (filePath: string) => boolean = () => true,
): Promise<LineAnswers> {
  const byKeys = new Map<string, Promise<StoredSource[]>>();
  const find = (keys: string[]) => {
    const k = keys.join('\u0000');
    let p = byKeys.get(k);
    if (!p) byKeys.set(k, (p = byKeys.size < MAX_LOOKUPS ? sourcesOnce(store, keys, k) : Promise.resolve([])));
    return p;
  };
  const wanted: { at: LineFrame; score: number; quoted: boolean }[][] = [];
  const named: (NamedCode | null)[] = [];
  const scans = new Map<string, Promise<Quoted>>();
  const scanOnce = (key: string, scan: () => Promise<Quoted>) => {
    let p = scans.get(key);
    if (!p) scans.set(key, (p = scans.size < MAX_QUOTE_SCANS ? scan() : Promise.resolve(NONE)));
    return p;
  };
  for (let i = 0; i < links.length; i++) {
    const l = links[i];
    const at = l.frames.length === 0 ? null : await innermostStored(l, find);
    named.push(null);
    if (at) {
      const score = lineAnswerScore(ranked[i], at);
      wanted.push(score === null ? [] : [{ at, score, quoted: false }]);
      continue;
    }
    // The code the message quotes (a whole source line, else an expression), and the lines holding it.
    let found = NONE;
    let quoted: NamedCode | null = null;
    const q = QUOTING.length > 0 ? quotedSourceLine(l.message) : null;
    if (q) {
      found = await scanOnce(`line\u0000${q.column}\u0000${q.code}`, () => quotedLineOnce(store, q.code, q.column));
      quoted = { code: q.code.trim(), languages: QUOTING };
    } else {
      const code = quotedCodeOf(l.message);
      if (code) {
        found = await scanOnce(codeKey(code.q, code.languages), () => quotedCodeOnce(store, code.q, code.languages));
        quoted = { code: code.q.code, languages: code.languages };
      }
    }
    if (found.many) named[i] = quoted;
    let lines = found.lines;
    // (a site on the line whose template explains the message is the answer: it ranks itself)
    const explained = (f: LineFrame) => ranked[i].some((h) => h.explains && h.row.filePath === f.source.filePath && h.lines.includes(f.frame.line!));
    if (lines.some(explained)) lines = [];
    if (lines.length > 1) {
      const sited = new Map(lines.map((f) => [f.source.filePath, hasSites(f.source.filePath)]));
      lines = [...lines].sort((a, b) => Number(sited.get(b.source.filePath)) - Number(sited.get(a.source.filePath)));
    }
    wanted.push(lines.map((f, k) => ({ at: f, score: lines.length === 1 ? LINE_FIRST : QUOTED_SEVERAL - k / 1000, quoted: true })));
  }
  // Per stored file: its text and the positions asked for, each read once.
  const files = new Map<number, { src: StoredSource; at: LinePosition[]; slot: Map<string, number>; text: string | null; contexts: (LineContext | null)[] }>();
  const position = (frame: Frame) => `${frame.line}:${frame.column}`;
  for (const w of wanted.flat()) {
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
  const hits = wanted.map((ws, i) => ws.flatMap((w) => {
    const { source, frame, depth } = w.at;
    const l = links[i];
    const key = `${source.id}\u0000${frame.line}\u0000${frame.column}\u0000${l.errorClass}\u0000${l.errorCode}\u0000${l.message}\u0000${w.score}`;
    if (made.has(key)) return made.get(key) ?? [];
    const f = files.get(source.id)!;
    const ctx = f.contexts[f.slot.get(position(frame))!] ?? (frame.func ? { symbol: frame.func, guards: [] } : null);
    const built = f.text === null ? null : lineRecord(source, f.text, frame.line!, frame.column, ctx, l);
    const several = ws.length > 1 ? `, and ${ws.length - 1} other line${ws.length > 2 ? 's' : ''} of the index` : ', and no other line of the index';
    const hit = built && {
      record: completeRecord(built.record), line: frame.line!, code: built.code, score: w.score, frame: w.quoted ? null : frame,
      why: [LINE_REASON, w.quoted ? `the message quotes the code of this line (${frame.file}:${frame.line})${several}`
        : `stack frame ${frame.file}:${frame.line} is this line${depth === 0 ? '' : ` (${depth} frames below are in code no index holds)`}`],
    };
    made.set(key, hit);
    return hit ?? [];
  }));
  return { hits, named };
}

/** The code the message names, read by the first language that reads any, with the languages that read the same. */
function quotedCodeOf(message: string): { q: QuotedCode; languages: string[] } | null {
  let found: { q: QuotedCode; languages: string[] } | null = null;
  for (const [language, read] of CODE_QUOTERS) {
    const q = read(message);
    if (!q) continue;
    if (!found) found = { q, languages: [language] };
    else if (q.code === found.q.code) found.languages.push(language);
  }
  return found;
}

/**
 * quotedLine and quotedCode, remembered per store across explains (a scan reads the stored
 * sources of the quoting languages; a store opened anew after a commit starts afresh).
 */
const quotedFound = perStore<Promise<Quoted>>();
const QUOTED_KEPT = 2000;

function quotedLineOnce(store: Store, code: string, column: number): Promise<Quoted> {
  const found = quotedFound(store);
  const key = `line\u0000${column}\u0000${code}`;
  return found.get(key) ?? remember(found, QUOTED_KEPT, key, quotedLine(store, code, column));
}

function quotedCodeOnce(store: Store, q: QuotedCode, languages: string[]): Promise<Quoted> {
  const found = quotedFound(store);
  const key = codeKey(q, languages);
  return found.get(key) ?? remember(found, QUOTED_KEPT, key, quotedCode(store, q, languages));
}

const codeKey = (q: QuotedCode, languages: readonly string[]): string =>
  `code\u0000${languages.join(',')}\u0000${(q.notAfter ?? []).join(' ')}\u0000${q.near ?? ''}\u0000${(q.holds ?? []).join('\u0001')}\u0000${q.lacks?.source ?? ''}\u0000${q.local ? `${q.local.type ?? ''} ${q.local.name}` : ''}\u0000${q.code}` +
  (q.orElse ? `\u0002${codeKey(q.orElse, languages)}` : '');

/** The 1-based line of offset `at` of `text`, counting from line `line` at offset `from`. */
function lineAt(text: string, at: number, from = 0, line = 1): number {
  for (let i = text.indexOf('\n', from); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The lines of the quoting languages' stored sources that are `code` (as written, indentation
 * included), as frames on them; none when no file holds it, MANY when more than MAX_QUOTED_LINES lines do.
 */
async function quotedLine(store: Store, code: string, column: number): Promise<Quoted> {
  const needle = `\n${code}\n`;
  const found = await store.sourcesHolding(needle, QUOTING, MAX_QUOTED_LINES + 1);
  const out: LineFrame[] = [];
  for (const source of found) {
    const text = await store.sourceText(source.id);
    if (text == null) continue;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      // (the needle starts with the newline ending the line above)
      if (out.length === MAX_QUOTED_LINES) return MANY;
      out.push({ frame: { file: source.filePath, line: lineAt(text, at) + 1, column, func: null }, depth: 0, source });
    }
  }
  return { lines: out, many: false };
}

/**
 * Texts of quoted code the store narrows files by: its two longest pieces split before each `.`,
 * where code is broken across lines (`formatStr\n    .match(` holds `formatStr` and `.match(`).
 */
function piecesOf(code: string): string[] {
  const pieces = code.split(/(?=\??\.)/).map((p) => p.trim()).filter(Boolean);
  return [...new Set(pieces)].sort((a, b) => b.length - a.length).slice(0, 2);
}

/**
 * `code` as a pattern that also reads it with spaces and line breaks around its punctuation
 * (`formatStr\n    .match(`), not after a name or a member access (`x.src.get(` is not `src.get(`)
 * unless that is `this.`, nor after a word of `notAfter` (`def write(` declares what `write(` calls).
 * Code that begins with a member access (`.strip`) is a member of any value, and a name it ends
 * with is the whole name (`.strip` is not `.stripped`).
 */
function codePattern(code: string, notAfter: readonly string[] = []): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  let body = '';
  for (const t of code.match(/[\w$]+|\s+|[^\w$\s]/g) ?? []) {
    if (/^\s/.test(t)) body += '\\s+';
    else if (/^[\w$]/.test(t)) body += escape(t);
    else body += `${body.endsWith('\\s*') ? '' : '\\s*'}${escape(t)}\\s*`;
  }
  if (body.startsWith('\\s*')) body = body.slice(3);
  if (body.endsWith('\\s*')) body = body.slice(0, -3);
  // (a name the code ends with is the whole name: `enum Modifier` is not `enum ModifierValue`)
  const end = /[\w$]$/.test(code) ? '(?![\\w$])' : '';
  if (code.startsWith('.')) return new RegExp(`${body}${end}`, 'g');
  const declared = notAfter.map((w) => `(?<!\\b${escape(w)}\\s+)`).join('');
  return new RegExp(`(?:(?<=\\bthis\\.)|(?<![\\w$.]))${declared}${body}${end}`, 'g');
}

/**
 * The lines of the languages' stored sources that hold the code a message names (QuotedCode):
 * the files holding its longest pieces (one scan), read with codePattern; each answer is the line
 * of the code's last name (the member called: where the runtime says it raised). Lines of files
 * under `near` first. MANY when more than MAX_QUOTED_LINES hold it; when none does, those of `q.orElse`.
 */
async function quotedCode(store: Store, q: QuotedCode, languages: string[]): Promise<Quoted> {
  const found = await linesHolding(store, q, languages);
  return found === null && q.orElse ? quotedCode(store, q.orElse, languages) : found ?? NONE;
}

/**
 * quotedCode's lines of `q.code` alone; null when no line holds it. Too many, or code too short
 * to look up, is MANY: no answer either, but not a miss.
 */
async function linesHolding(store: Store, q: QuotedCode, languages: string[]): Promise<Quoted | null> {
  const pieces = piecesOf(q.code);
  if (pieces.join('').length < MIN_CODE) return MANY;
  const found = await store.sourcesHolding([...pieces, ...(q.holds ?? [])], languages, MAX_CODE_FILES + 1);
  if (found.length > MAX_CODE_FILES) return MANY;
  const pattern = codePattern(q.code, q.notAfter);
  const names = q.code.match(/[\w$]+/g)!;
  const last = names[names.length - 1];
  let out: (LineFrame & { first: boolean })[] = [];
  // (a local's lines are narrowed to its first dereferences before the cap applies: read up to MAX_LOCAL_LINES)
  const cap = q.local ? MAX_LOCAL_LINES : MAX_QUOTED_LINES;
  for (const source of found) {
    const text = await store.sourceText(source.id);
    if (text == null || q.lacks?.test(text)) continue;
    for (const m of text.matchAll(pattern)) {
      if (out.length === cap) return MANY;
      const first = !!q.local && firstDereference(text, m.index!, q.local);
      // (the line of the last name: `formatStr\n .match(` raised at `.match(`)
      out.push({ frame: { file: source.filePath, line: lineAt(text, m.index! + m[0].lastIndexOf(last)), column: null, func: null }, depth: 0, source, first });
    }
  }
  // (none a first dereference: the declarations were not read, every line stays)
  if (out.some((f) => f.first)) out = out.filter((f) => f.first);
  if (out.length > MAX_QUOTED_LINES) return MANY;
  if (q.near) {
    const near = q.near;
    out.sort((a, b) => Number(b.source.filePath.includes(near)) - Number(a.source.filePath.includes(near)));
  }
  return out.length === 0 ? null : { lines: out, many: false };
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
