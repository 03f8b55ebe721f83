// Line-scanning helpers shared by the trace and log parsers.
//
// Everything here is linear in the input: no regex in this module can backtrack
// on its own output (each one is anchored and its repeated classes are disjoint
// from what follows them).

import { lastSegment } from '../../template/ir.js';

/** Read-only view over the lines of an input; parsers take this, never a raw array. */
/** A per-line log prefix in front of a trace is at most this long. */
export const MAX_LOG_PREFIX = 300;

export interface LineSource {
  readonly length: number;
  /** Line `i` (0-based), already cleaned (no `\r`, no ANSI colour codes, transport prefix removed). */
  get(i: number): string;
}

// ESC [ params letter — the colour codes terminals and some loggers add
const ANSI = new RegExp(String.fromCharCode(27) + '\\[[0-9;?]*[A-Za-z]', 'g');

/** A line without its `\r` and ANSI colour sequences. */
function cleanLine(l: string): string {
  if (l.length > 0 && l.charCodeAt(l.length - 1) === 13) l = l.slice(0, -1);
  if (l.includes('\x1b[')) l = l.replace(ANSI, '');
  return l;
}

/**
 * The lines of `text` (without `\r` and ANSI colour sequences, then through `map`) without splitting it: only
 * the lines' start offsets are kept, and a line is sliced out when it is asked for. A log's
 * million lines are then not a million strings alive through the whole scan (which the garbage
 * collector copies from generation to generation); each lives as long as its reader needs it.
 */
export function textSource(text: string, map: ((line: string) => string) | null = null): LineSource {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  const starts = new Float64Array(n + 1);
  let k = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts[k++] = i + 1;
  starts[n] = text.length + 1;
  // (the parsers ask for the same line several times in a row: each pack's trace syntax, then the log reader)
  let last = -1;
  let lastLine = '';
  return {
    length: n,
    get(i) {
      if (i === last) return lastLine;
      const l = cleanLine(text.slice(starts[i], starts[i + 1] - 1));
      lastLine = map === null ? l : map(l);
      last = i;
      return lastLine;
    },
  };
}

/** Digits → '0', so that two timestamps of the same format have the same shape. */
export function shapeOf(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out += c >= 48 && c <= 57 ? '0' : s[i];
  }
  return out;
}

/**
 * A view of `src` where every line that starts with something shaped like
 * `prefix` (same length, same characters except digits) has it removed. Used
 * when each line of a trace carries a log prefix (`<timestamp> ERROR   File ...`).
 * Lines that do not carry it are returned unchanged, or as blank lines when
 * `strict` (used when the trace's own lines all carry the prefix, so a line
 * without it is something else).
 */
export function prefixStripped(src: LineSource, prefix: string, strict = false): LineSource {
  const len = prefix.length;
  const shape = shapeOf(prefix);
  return {
    length: src.length,
    get(i) {
      const l = src.get(i);
      if (len > 0 && l.length >= len && shapeOf(l.slice(0, len)) === shape) return l.slice(len);
      return strict ? '' : l;
    },
  };
}

/** Does `line` start with something shaped like `prefix`? */
export function carriesPrefix(line: string, prefix: string): boolean {
  return line.length >= prefix.length && shapeOf(line.slice(0, prefix.length)) === shapeOf(prefix);
}

export function isBlank(s: string): boolean {
  return s.trim().length === 0;
}

export function leadingSpaces(s: string): number {
  let i = 0;
  while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i++;
  return i;
}

function isIdentStartCode(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

function isIdentCode(c: number): boolean {
  return isIdentStartCode(c) || (c >= 48 && c <= 57);
}

/** `Foo`, `pkg.mod.FooError`, `$x` — dotted identifier, no spaces. */
export function isDottedIdent(s: string): boolean {
  if (s.length === 0 || s.length > 200) return false;
  let atStart = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (atStart) {
      if (!isIdentStartCode(c)) return false;
      atStart = false;
    } else if (c === 46) {
      atStart = true;
    } else if (!isIdentCode(c)) {
      return false;
    }
  }
  return !atStart;
}

const KNOWN_CLASSES = new Set([
  'StopIteration',
  'StopAsyncIteration',
  'BaseException',
  'ExceptionGroup',
  'BaseExceptionGroup',
  'UnhandledPromiseRejection',
]);

const CLASS_SUFFIXES = ['Error', 'Exception', 'Warning', 'Exit', 'Interrupt', 'ExceptionGroup'];

/**
 * A name that is confidently an exception class even without a trace around it:
 * a dotted identifier whose last segment ends with Error/Exception/Warning/Exit/
 * Interrupt (case-sensitive) or is a known builtin such as StopIteration.
 * `Invalid value` or `error` are not.
 */
export function isStrictErrorClass(name: string): boolean {
  if (!isDottedIdent(name)) return false;
  const last = lastSegment(name);
  if (KNOWN_CLASSES.has(last)) return true;
  return CLASS_SUFFIXES.some((s) => last.endsWith(s));
}

/**
 * A class named with its module in a notation prose and other messages do not use
 * (`SemanticRange::InvalidVersion`, `Symfony\Component\Yaml\Exception\ParseException`): two or
 * more identifiers joined by `::` or `\`, the last capitalised and in mixed case. So even a class
 * without an error suffix is read as one (`ERROR::X` is not). Dotted names are left to
 * isStrictErrorClass: Go's messages start with `bufio.Scanner: `, the message's own text.
 */
export function isQualifiedClass(name: string): boolean {
  if (name.length > 200 || (!name.includes('::') && !name.includes('\\'))) return false;
  const segs = name.split(/::|\\/);
  if (segs.length < 2 || !segs.every((s) => isDottedIdent(s) && !s.includes('.'))) return false;
  const last = segs[segs.length - 1];
  const c = last.charCodeAt(0);
  return c >= 65 && c <= 90 && /[a-z]/.test(last);
}

/** A strict class, or one named with its package (isQualifiedClass). */
export const isNamedClass = (name: string): boolean => isStrictErrorClass(name) || isQualifiedClass(name);

/** In a trace context any dotted identifier whose last segment is capitalised can be a class. */
export function isLooseErrorClass(name: string): boolean {
  if (!isDottedIdent(name)) return false;
  const c = lastSegment(name).charCodeAt(0);
  return c >= 65 && c <= 90;
}

/** `[ERR_X]` → `ERR_X` if the bracket holds an error-code-shaped token (upper case, digits, `_`). */
export function bracketCode(s: string): string | null {
  if (s.length < 3 || s[0] !== '[' || s[s.length - 1] !== ']') return null;
  const inner = s.slice(1, -1);
  return /^[A-Z][A-Z0-9_]{1,80}$/.test(inner) ? inner : null;
}

export interface ClassHeader {
  errorClass: string | null;
  errorCode: string | null;
  message: string;
}

/**
 * Parse `Class: message`, `Class [CODE]: message`, `Class`, `Class [CODE]`.
 * `accept` decides whether the candidate name counts as a class; when it does
 * not, the whole text is the message.
 */
export function splitClassHeader(text: string, accept: (name: string) => boolean): ClassHeader {
  const colon = text.indexOf(': ');
  const head = colon >= 0 ? text.slice(0, colon) : text.endsWith(':') ? text.slice(0, -1) : text;
  const message = colon >= 0 ? text.slice(colon + 2) : '';
  let name = head;
  let code: string | null = null;
  let bracket = false;
  const sp = head.indexOf(' [');
  if (sp > 0 && head.endsWith(']') && head.length - sp <= 102) {
    // `TypeError [ERR_X]` carries a code; `EtaParseError [EtaParser Error]` is
    // util.inspect naming the constructor, then err.name: keep the constructor.
    code = bracketCode(head.slice(sp + 1));
    name = head.slice(0, sp);
    bracket = true;
  }
  if (accept(name) && (colon >= 0 || bracket || name === text || name + ':' === text)) {
    return { errorClass: name, errorCode: code, message };
  }
  return { errorClass: null, errorCode: null, message: text };
}

/** `ENOENT: no such file…` → `ENOENT` (the code Node puts at the front of system-error messages). */
export function leadingErrnoCode(message: string): string | null {
  const m = /^(E[A-Z0-9]{2,20}): /.exec(message);
  return m ? m[1] : null;
}

/** Drop trailing blank lines of a message; keep inner ones. */
export function joinMessage(lines: string[]): string {
  let end = lines.length;
  while (end > 0 && isBlank(lines[end - 1])) end--;
  let start = 0;
  while (start < end && isBlank(lines[start])) start++;
  return lines.slice(start, end).join('\n');
}
