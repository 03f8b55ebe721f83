// Node/V8 stack parser.
//
// Handles: the header `Class: message`, `Class [ERR_X]: message`, `Uncaught Class: …`,
// `[Class: message]` (inspect's form for an error printed without its stack),
// multi-line messages up to the first `    at ` line; frames
// `at fn (file:line:col)`, `at file:line:col`, `at new Foo (…)`, `at async fn (…)`,
// `at fn [as alias] (…)`, `at Array.forEach (<anonymous>)`, eval frames
// (`at f (eval at g (file:1:1), <anonymous>:1:20)` → the eval call site);
// `... N lines matching cause stack trace ...` elisions; the inspect properties
// block after the stack (`{ code: 'ERR_X', … }` → errorCode), `[cause]: …`
// blocks (V8 prints the cause after its error: its link goes before, and the
// error's relation is 'cause') and AggregateError `[errors]: [ … ]` (one link
// per member after the aggregate, relation 'member').
// Frames are returned outermost first (V8 prints innermost first).

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import {
  isBlank,
  isLooseErrorClass,
  isStrictErrorClass,
  joinMessage,
  leadingErrnoCode,
  leadingSpaces,
  type LineSource,
  MAX_LOG_PREFIX,
  prefixStripped,
  splitClassHeader,
  textSource,
} from '../../core/text/lines.js';
import { parseLogLine } from '../../core/text/log.js';
import { decodeEscapes } from './escapes.js';

// As long as the other packs' messages (a generated parser lists every token it expected, one a
// line); a lookback never goes below the previous stack's end, so the cost stays linear.
const MAX_MESSAGE_LINES = 200;
const MAX_HEADER_LOOKBACK = 200;

function stripFileUrl(file: string): string {
  if (!file.startsWith('file://')) return file;
  let p = file.slice(7);
  if (/^\/[A-Za-z]:\//.test(p)) p = p.slice(1); // file:///C:/x → C:/x
  if (p.includes('%')) {
    try {
      p = decodeURIComponent(p);
    } catch {
      /* keep as printed */
    }
  }
  return p;
}

function isDigits(s: string): boolean {
  if (s.length === 0 || s.length > 9) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** `path:line:col` / `path:line` / `path` → parts (splits from the right, so `C:\x.js:1:2` works). */
export function parseLocation(loc: string): { file: string; line: number | null; column: number | null } {
  let file = loc;
  let line: number | null = null;
  let column: number | null = null;
  const c1 = file.lastIndexOf(':');
  if (c1 > 0 && isDigits(file.slice(c1 + 1))) {
    const last = Number(file.slice(c1 + 1));
    file = file.slice(0, c1);
    const c2 = file.lastIndexOf(':');
    if (c2 > 0 && isDigits(file.slice(c2 + 1))) {
      line = Number(file.slice(c2 + 1));
      column = last;
      file = file.slice(0, c2);
    } else {
      line = last;
    }
  }
  return { file: stripFileUrl(file), line, column };
}

/** The location inside `eval at g (file:1:1), <anonymous>:1:20`: the innermost eval origin. */
function evalOrigin(loc: string): string {
  const close = loc.indexOf(')');
  if (close < 0) return loc;
  const open = loc.lastIndexOf('(', close);
  return open < 0 ? loc : loc.slice(open + 1, close);
}

/** Parse the text after `at ` (one V8 frame). */
export function parseV8Frame(text: string): Frame | null {
  let t = text.trim();
  if (t.endsWith(' {')) t = t.slice(0, -2);
  else if (t.endsWith(',')) t = t.slice(0, -1);
  if (t.startsWith('at ')) t = t.slice(3);
  if (t.startsWith('async ')) t = t.slice(6);
  if (t.length === 0) return null;
  let func: string | null = null;
  let loc = t;
  let generated = false;
  if (t.endsWith(')')) {
    const open = t.indexOf(' (');
    if (open < 0) return null;
    func = t.slice(0, open);
    loc = t.slice(open + 2, -1);
    const alias = func.indexOf(' [as ');
    if (alias > 0 && func.endsWith(']')) func = func.slice(0, alias);
    if (loc.startsWith('eval at ')) {
      loc = evalOrigin(loc);
      generated = true;
    }
  }
  const { file, line, column } = parseLocation(loc);
  return generated ? { file, line, column, func, generated } : { file, line, column, func };
}

/** Is this line a V8 frame (`    at …`)? Requires indentation and a frame-shaped tail. */
export function isV8FrameLine(line: string): boolean {
  const ws = leadingSpaces(line);
  if (ws === 0 || !line.startsWith('at ', ws)) return false;
  let t = line.trimEnd();
  if (t.endsWith(' {')) t = t.slice(0, -2);
  else if (t.endsWith(',')) t = t.slice(0, -1);
  if (t.endsWith(')')) return t.includes(' (', ws);
  // bare location: `at /x/y.js:1:2`, `at node:internal/x:1:2`, `at [eval]:1:1`, `at async file:///x.mjs:8:1`
  const from = t.startsWith('async ', ws + 3) ? ws + 9 : ws + 3;
  const c = t.lastIndexOf(':');
  return c > from && isDigits(t.slice(c + 1)) && !t.includes(' ', from);
}

function isElision(line: string): boolean {
  const t = line.trim();
  return t.startsWith('... ') && (t.endsWith('...') || t.endsWith(' more'));
}

export interface V8Header {
  errorClass: string | null;
  errorCode: string | null;
  message: string;
  /** `[Class: message]` — inspect printed the error without a stack. */
  bracketed: boolean;
  /** The header line ends with ` {` (a properties block follows directly). */
  opensBlock: boolean;
  /** `[Error: x] { code: 'E1' }` on one line: the code found in the inline properties. */
  inlineCode: string | null;
}

/**
 * Parse a V8 error header. `strict` requires a confidently-error class name
 * (`…Error`, `…Exception`); otherwise any capitalised identifier is accepted.
 * Returns null when the text is not a header under that rule.
 */
export function parseV8Header(text: string, strict: boolean): V8Header | null {
  let t = text.trimStart();
  const trimmed = t.trimEnd();
  const trail = t.slice(trimmed.length); // kept on the message: templates match whitespace literally
  t = trimmed;
  if (t.startsWith('Uncaught ')) t = t.slice(9);
  let bracketed = false;
  let opensBlock = false;
  let inlineCode: string | null = null;
  if (t[0] === '[' && t.endsWith('}')) {
    const k = t.indexOf('] { ');
    if (k > 0) {
      const props = t.slice(k + 3);
      const c = props.indexOf('code: ');
      if (c >= 0) inlineCode = quotedValue(props.slice(c + 6).split(',')[0].replace(/ ?}$/, ''));
      t = t.slice(0, k + 1);
    }
  }
  if (t.endsWith(' {')) {
    opensBlock = true;
    t = t.slice(0, -2);
  }
  if (t.startsWith('[') && t.endsWith(']') && t.length > 2) {
    bracketed = true;
    t = t.slice(1, -1);
  } else if (t.startsWith('[') && t.endsWith('],') && t.length > 3) {
    bracketed = true;
    t = t.slice(1, -2);
  }
  const accept = strict ? isStrictErrorClass : isLooseErrorClass;
  const h = splitClassHeader(t, accept);
  if (h.errorClass === null) return null;
  const message = !bracketed && !opensBlock && h.message !== '' ? h.message + trail : h.message;
  // (spelled out: an object spread here cost ~15 µs a header, most of a log's scan of many stacks)
  return { errorClass: h.errorClass, errorCode: h.errorCode, message, bracketed, opensBlock, inlineCode };
}

/**
 * Find an error header embedded in a longer line (`… ERROR Unhandled rejection TypeError: x`),
 * strict classes only. Returns the text from the class name on.
 */
export function findEmbeddedHeader(line: string): string | null {
  for (const marker of ['Error: ', 'Error [', 'Exception: ', 'Rejection: ']) {
    let from = 0;
    for (let guard = 0; guard < 8; guard++) {
      const k = line.indexOf(marker, from);
      if (k < 0) break;
      let s = k;
      while (s > 0 && k - s < 200) {
        const c = line.charCodeAt(s - 1);
        const ident = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c === 46;
        if (!ident) break;
        s--;
      }
      const cand = line.slice(s);
      if (parseV8Header(cand, true) !== null) return cand;
      from = k + 1;
    }
  }
  return null;
}

/** Header text for a candidate line of a lookback, or null. */
function headerText(line: string, strictOnly: boolean): { text: string; strict: boolean } | null {
  const t = line.trim();
  if (t.length === 0) return null;
  if (parseV8Header(t, true) !== null) return { text: t, strict: true };
  if (!strictOnly && leadingSpaces(line) === 0 && parseV8Header(t, false) !== null) return { text: t, strict: false };
  const log = parseLogLine(t);
  if (log !== null && log.message !== t) {
    if (parseV8Header(log.message, true) !== null) return { text: log.message, strict: true };
  }
  const emb = findEmbeddedHeader(t);
  return emb !== null ? { text: emb, strict: true } : null;
}

/**
 * From the first frame line `atIdx`, look back (not below `floor`) for the
 * header of this stack. Returns the header line index and text; when none is
 * found the line just above is used as a class-less message.
 */
export function findV8Header(src: LineSource, atIdx: number, floor: number): { index: number; text: string } {
  const lowest = Math.max(floor, atIdx - MAX_HEADER_LOOKBACK);
  // 1. the contiguous block right above the frames. The message may span several
  //    lines, some of which look like headers (`Char: >`), so take the topmost
  //    strict header, else the topmost loose one. A log-prefixed line ends the
  //    block (it is either the header itself or an unrelated line).
  let strict: { index: number; text: string } | null = null;
  let loose: { index: number; text: string } | null = null;
  let i = atIdx - 1;
  for (; i >= lowest; i--) {
    const l = src.get(i);
    if (isBlank(l) || isV8FrameLine(l)) break;
    const log = leadingSpaces(l) === 0 ? parseLogLine(l) : null;
    const logged = log !== null && (log.level !== null || log.message !== l);
    if (logged && (strict !== null || loose !== null)) break;
    const h = headerText(l, false);
    if (h !== null) {
      if (h.strict) strict = { index: i, text: h.text };
      else loose = { index: i, text: h.text };
    }
    if (logged) break;
  }
  if (strict !== null) return strict;
  if (loose !== null) return loose;
  // 2. across blank lines (multi-line messages such as assert's): strict headers only
  for (; i >= lowest; i--) {
    const l = src.get(i);
    if (isV8FrameLine(l)) break;
    if (isBlank(l)) continue;
    const h = headerText(l, true);
    if (h !== null) return { index: i, text: h.text };
  }
  // 3. nothing: the line just above, verbatim
  if (atIdx - 1 >= floor && !isBlank(src.get(atIdx - 1))) {
    const l = src.get(atIdx - 1).trim();
    const log = parseLogLine(l);
    return { index: atIdx - 1, text: log !== null ? log.message : l };
  }
  return { index: atIdx, text: '' };
}

/**
 * Parse one V8 error whose header is on line `idx` (header text given, as the
 * line may carry a log prefix). Pushes the error and its causes onto `links`
 * and returns the index of the first line after it.
 */
export function parseV8At(
  src: LineSource,
  idx: number,
  text: string,
  relation: ErrorLink['relation'],
  links: ErrorLink[],
  depth = 0,
): number {
  const h = parseV8Header(text, false);
  const link: ErrorLink = {
    errorClass: h?.errorClass ?? null,
    message: h?.message ?? text.trim(),
    errorCode: h?.errorCode ?? h?.inlineCode ?? null,
    frames: [],
    language: 'javascript',
    relation,
    inputLine: idx + 1,
  };
  const at = links.length;
  links.push(link);
  // no header at all: `idx` is the first frame
  let j = isV8FrameLine(src.get(idx)) ? idx : idx + 1;
  let blockOpen = h?.opensBlock ?? false;
  if (h === null || !h.bracketed) {
    // message continuation lines up to the first frame
    let k = j;
    while (k < src.length && k - j < MAX_MESSAGE_LINES && !isV8FrameLine(src.get(k))) {
      if (depth > 0 && endsNestedMessage(src.get(k))) break;
      k++;
    }
    if (k < src.length && isV8FrameLine(src.get(k))) {
      const more: string[] = [link.message];
      for (let m = j; m < k; m++) more.push(src.get(m));
      link.message = joinMessage(more);
      j = k;
    }
    const frames: Frame[] = [];
    while (j < src.length) {
      const l = src.get(j);
      if (isV8FrameLine(l)) {
        const f = parseV8Frame(l);
        if (f !== null) frames.push(f);
        blockOpen = l.trimEnd().endsWith(' {');
        j++;
      } else if (isElision(l)) {
        blockOpen = l.trimEnd().endsWith(' {');
        j++;
      } else if (EMITTED.test(l)) {
        // An uncaught 'error' event: Node prints where it was emitted after the error's own stack
        // (`Emitted 'error' event on Writable instance at:`, then frames of the emitter, destroy.js's
        // emitErrorNT). Those frames say who emitted the error, not where it was built: skipped.
        j++;
        while (j < src.length && isV8FrameLine(src.get(j))) j++;
      } else {
        break;
      }
    }
    frames.reverse();
    link.frames = frames;
  }
  const causes: ErrorLink[] = [];
  if (blockOpen) j = parseBlock(src, j, link, links, causes, depth);
  if (causes.length > 0) {
    // Raised first, listed first: the chain starts where this error would have, and this error
    // was raised from the last of its causes.
    causes[0].relation = relation;
    link.relation = 'cause';
    links.splice(at, 0, ...causes);
  }
  if (link.errorCode === null) link.errorCode = leadingErrnoCode(link.message);
  return j;
}

/** Node's line before the frames of an uncaught 'error' event's emitter. */
const EMITTED = /^Emitted '[^']{1,40}' event (?:on .{1,200} )?at:$/;

/** Inside an inspect block, these lines cannot continue a cause's message. */
function endsNestedMessage(line: string): boolean {
  const t = line.trim();
  return t === '' || t[0] === '}' || t[0] === ']' || t.startsWith('[cause]') || t.startsWith('[errors]');
}

function quotedValue(s: string): string | null {
  let v = s.trim();
  if (v.endsWith(',')) v = v.slice(0, -1);
  if (v.length >= 2 && (v[0] === "'" || v[0] === '"' || v[0] === '`') && v[v.length - 1] === v[0]) return v.slice(1, -1);
  if (/^[A-Za-z0-9_.-]+$/.test(v)) return v;
  return null;
}

/** Pieces of one split string util.inspect prints, read at most. */
const MAX_PIECES = 64;

/**
 * A string util.inspect printed as a property's value (`message: 'Syntax error\nMismatched'`): its
 * text, escapes decoded, and a long one's pieces joined (`'Syntax error\n' +` then `'{{if}} block …'`
 * on the next lines, one a line). `first` is the value on line `j`; `last` is the line it ends on.
 * Null when the value is no quoted string.
 */
function inspectedString(src: LineSource, j: number, first: string): { text: string; last: number } | null {
  let text = '';
  let v = first.trim();
  for (let k = 0; k < MAX_PIECES; k++) {
    const more = v.endsWith(' +');
    const piece = quotedValue(more ? v.slice(0, -2) : v);
    if (piece === null) return k === 0 ? null : { text, last: j - 1 };
    text += decodeEscapes(piece);
    if (!more || j + 1 >= src.length) return { text, last: j };
    v = src.get(++j).trim();
  }
  return { text, last: j };
}

/**
 * The `util.inspect` properties block after a stack: `{ code: 'X', [cause]: …, [errors]: [ … ] }`.
 * `j` is the first line inside the block; returns the index after its closing brace. The cause
 * chain goes to `causes`, group members to `links`.
 */
function parseBlock(src: LineSource, j: number, owner: ErrorLink, links: ErrorLink[], causes: ErrorLink[], depth: number): number {
  let level = 1;
  let errorsLevel = -1; // level inside an `[errors]: [` array
  while (j < src.length) {
    const raw = src.get(j);
    const t = raw.trim();
    if (t.length === 0) return j;
    if (leadingSpaces(raw) === 0 && t[0] !== '}' && t[0] !== ']') return j; // block cut short
    if (t[0] === '}' || t[0] === ']') {
      if (errorsLevel === level) errorsLevel = -1;
      level--;
      j++;
      if (level === 0) return j;
      continue;
    }
    if (level === 1 && t.startsWith('code: ')) {
      const v = quotedValue(t.slice(6));
      if (v !== null && owner.errorCode === null) owner.errorCode = v;
    }
    if (level === 1 && t.startsWith('message: ') && owner.message === '') {
      // an error whose stack was captured before its message was set (`Error\n at new IndexError…`)
      const v = inspectedString(src, j, t.slice(9));
      if (v !== null) {
        owner.message = v.text;
        j = v.last;
      }
    }
    if (depth < 20) {
      if (t.startsWith('[cause]: ')) {
        const rest = t.slice(9);
        if (parseV8Header(rest, false) !== null) {
          j = parseV8At(src, j, rest, null, causes, depth + 1);
          continue;
        }
      } else if (errorsLevel === level && parseV8Header(t, false) !== null) {
        j = parseV8At(src, j, t, 'member', links, depth + 1);
        continue;
      }
    }
    if (t === '[errors]: [') {
      level++;
      errorsLevel = level;
      j++;
      continue;
    }
    if (t.endsWith('{') || t.endsWith('[')) level++;
    j++;
  }
  return j;
}

/** Is this line a `[SomeError: message] {` / `[SomeError: message]` inspect header (strict class)? */
export function isBracketHeader(line: string): boolean {
  if (line[0] !== '[' || !(line.endsWith(']') || line.endsWith('] {') || line.endsWith('}'))) return false;
  const h = parseV8Header(line, true);
  return h !== null && h.bracketed;
}

/** Parse every V8 stack in `text` (a convenience wrapper; parseInput does this inside logs). */
export function parseNodeStack(text: string): ErrorLink[] {
  const src = textSource(text);
  const out: ErrorLink[] = [];
  let floor = 0;
  for (let i = 0; i < src.length; ) {
    const l = src.get(i);
    if (isV8FrameLine(l)) {
      const h = findV8Header(src, i, floor);
      i = Math.max(parseV8At(src, h.index, h.text, null, out), i + 1);
      floor = i;
    } else if (isBracketHeader(l)) {
      i = Math.max(parseV8At(src, i, l, null, out), i + 1);
      floor = i;
    } else {
      i++;
    }
  }
  return out;
}

export const v8Trace: TraceSyntax = {
  scanAt(src, i, scan) {
    // A V8 stack is found by its first frame; the header is looked up behind it.
    const stack = (s: LineSource): number => {
      const h = findV8Header(s, i, scan.floor);
      scan.begin(h.index);
      const end = parseV8At(s, h.index, h.text, null, scan.links);
      scan.end();
      return Math.max(end, i + 1);
    };
    const l = src.get(i);
    if (isV8FrameLine(l)) return stack(src);
    if (l[0] !== ' ' && l[0] !== '\t') {
      const q = l.indexOf('    at ');
      if (q > 0 && q <= MAX_LOG_PREFIX && isV8FrameLine(l.slice(q))) return stack(prefixStripped(src, l.slice(0, q), true));
    }
    if (isBracketHeader(l)) {
      scan.begin(i);
      const end = parseV8At(src, i, l, null, scan.links);
      scan.end();
      return Math.max(end, i + 1);
    }
    return -1;
  },
  isTraceLine: isV8FrameLine,
  escapedMarkers: ['\\n    at '],
  isInternalFile: (file) =>
    file.startsWith('node:') || (file.startsWith('<') && file.endsWith('>')) || file === 'native' || file === '[eval]-wrapper' ||
    (file.startsWith('index ') && /^index \d+$/.test(file)), // `at async Promise.all (index 0)`
  /** Node's own frames and other code no index holds: `node:`, `internal/`, `<anonymous>`. */
  indexedFrame: (f) => (f.file.startsWith('node:') || f.file.startsWith('internal/') || f.file.startsWith('<') ? null : f),
};
