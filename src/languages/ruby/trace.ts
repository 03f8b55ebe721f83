// Ruby's printed errors (`Exception#full_message`, what an uncaught error prints on stderr).
//
// The innermost frame is the header: `file.rb:12:in 'method': message (Class)` (Ruby 3.4 quotes
// the label `'Class#method'`; up to 3.3 it was written `` `method' ``), then `\tfrom file.rb:34:in
// ...` frames outward. A message of several lines has the class after its first line and the other
// lines below the header. An empty message prints as `unhandled exception`. `\t ... N levels...`
// (a backtrace limit) is skipped. A cause is printed after the error's frames as another header
// (Ruby 3.1–3.4; `Caused by:` lines some loggers print before it are read the same way): links are
// returned cause first, so the error that propagated is the last. `<internal:kernel>` frames are
// the runtime's own code (Ruby written in Ruby, shipped inside the interpreter). A template engine
// that raises for a line of its template sets that line as the error's innermost frame, with no
// label: `(haml):3: Inconsistent indentation: … (Haml::SyntaxError)` (Haml, Sass, Slim), then the
// library's `from` frames; such a header is read when frames follow it (after its message's other lines).

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import { type LineSource, MAX_LOG_PREFIX, prefixStripped, textSource } from '../../core/text/lines.js';

const MAX_MESSAGE_LINES = 200;
const MAX_FRAMES = 2000;
/** `file:line:in 'label'` or `` file:line:in `label' `` (label may be absent: `file:line`). */
const LOCATION = /^(.+?):(\d+)(?::in [`'](.*?)')?(?=: |$)/;
const CLASS_NAME = /^[A-Z]\w*(?:::[A-Z]\w*)*$/;
const FROM = /^[ \t]+from (.+?):(\d+)(?::in [`'](.*?)')?\s*$/;
const LEVELS = /^[ \t]+\.\.\. \d+ levels\.\.\.\s*$/;

export interface RubyHeader {
  frame: Frame;
  errorClass: string | null;
  /** The message's first line (`unhandled exception` read as empty). */
  message: string;
}

/**
 * A header line `file:line:in 'label': message (Class)`, or null. `framed`: whether a `from` frame
 * follows the line, which then needs no label (`(haml):3: … (Haml::SyntaxError)`); asked only then.
 */
export function parseRubyHeader(line: string, framed: () => boolean = () => false): RubyHeader | null {
  if (line.length > 20000 || line[0] === ' ' || line[0] === '\t') return null;
  const m = LOCATION.exec(line);
  // (a file that is not Ruby's needs the label or a frame below: `x:12: y (Z)` alone is too plain to be a trace)
  if (!m || m[0].length === line.length || (m[3] === undefined && !/\.(?:rb|rake|ru)$|^-e$|^<internal:[\w/.-]+>$/.test(m[1]) && !framed())) return null;
  // (a log prefix in front is not part of the path: a path with spaces is read when absolute)
  if (/\s/.test(m[1]) && !m[1].startsWith('/')) return null;
  const frame: Frame = { file: m[1], line: Number(m[2]), column: null, func: m[3] ?? null };
  const rest = line.slice(m[0].length + 2);
  let errorClass: string | null = null;
  let message = rest;
  if (rest.endsWith(')')) {
    const open = rest.lastIndexOf(' (');
    const cls = open >= 0 ? rest.slice(open + 2, -1) : '';
    if (CLASS_NAME.test(cls)) {
      errorClass = cls;
      message = rest.slice(0, open);
    }
  }
  if (errorClass === null && rest === 'unhandled exception') return { frame, errorClass: 'RuntimeError', message: '' };
  if (errorClass === null) return null;
  return { frame, errorClass, message };
}

/** `\tfrom file:line:in 'label'`, or null. */
export function parseRubyFrom(line: string): Frame | null {
  if (line.length > 5000) return null;
  const m = FROM.exec(line);
  return m ? { file: m[1], line: Number(m[2]), column: null, func: m[3] ?? null } : null;
}

const isCausedBy = (t: string) => t === 'Caused by:' || t.startsWith('Caused by: ');

/**
 * One printed error (and the causes printed after it) starting at line `start`, a header. Returns
 * the links, cause first, and the first line after them.
 */
export function parseRubyAt(src: LineSource, start: number): { links: ErrorLink[]; end: number } {
  const printed: ErrorLink[] = [];
  let i = start;
  while (i < src.length) {
    let line = src.get(i);
    if (printed.length && isCausedBy(line.trim())) {
      // `Caused by: file:line:in …` on one line, or alone above the cause's header
      const after = line.trim().slice('Caused by:'.length).trim();
      if (after && parseRubyHeader(after)) line = after;
      else if (i + 1 < src.length && parseRubyHeader(src.get(i + 1))) line = src.get(++i);
      else break;
    }
    const h = parseRubyHeader(line, () => framedAt(src, i));
    if (!h) break;
    const link: ErrorLink = { errorClass: h.errorClass, message: '', errorCode: null, frames: [h.frame], language: 'ruby', relation: null, inputLine: i + 1 };
    const msg = [h.message];
    i++;
    // the message's other lines, up to the first frame (or another header)
    for (; i < src.length && msg.length < MAX_MESSAGE_LINES; i++) {
      const l = src.get(i);
      if (parseRubyFrom(l) || LEVELS.test(l) || parseRubyHeader(l) || isCausedBy(l.trim())) break;
      // (a message's last lines and a following unrelated log line cannot be told apart without
      // frames: take further lines only when a frame follows them)
      if (!moreMessageThenFrames(src, i)) break;
      msg.push(l);
    }
    const frames: Frame[] = [];
    for (; i < src.length && frames.length < MAX_FRAMES; i++) {
      const l = src.get(i);
      if (LEVELS.test(l)) continue;
      const f = parseRubyFrom(l);
      if (!f) break;
      frames.push(f);
    }
    link.message = msg.join('\n');
    // outermost first: the header is the innermost frame
    link.frames = [...frames.reverse(), h.frame];
    printed.push(link);
  }
  // printed outer error first, then its cause: raised order is the reverse
  const links = printed.reverse();
  for (let k = 1; k < links.length; k++) links[k].relation = 'cause';
  return { links, end: Math.max(i, start + 1) };
}

/**
 * Whether line `i`, a header's, has `from` frames below it: right below (a one-line message), or
 * after the other lines of its message (Slim's `(__TEMPLATE__):3: Malformed indentation
 * (Slim::Parser::SyntaxError)`, then the template's line and a caret, then the frames), no other
 * header between. Bounded by MAX_UNLABELLED_LINES: it is asked of every plain `x:12: y (Z)` line.
 */
function framedAt(src: LineSource, i: number): boolean {
  for (let k = i + 1; k < src.length && k <= i + 1 + MAX_UNLABELLED_LINES; k++) {
    const l = src.get(k);
    if (parseRubyFrom(l)) return true;
    if (parseRubyHeader(l)) return false;
  }
  return false;
}
/** The message lines a header with no label may have above its frames. */
const MAX_UNLABELLED_LINES = 20;

/** Whether the lines from `i` on are message lines followed by a frame (within the message cap). */
function moreMessageThenFrames(src: LineSource, i: number): boolean {
  for (let k = i; k < src.length && k < i + MAX_MESSAGE_LINES; k++) {
    const l = src.get(k);
    if (parseRubyFrom(l) || LEVELS.test(l)) return true;
    if (parseRubyHeader(l)) return false;
  }
  return false;
}

const RB_LOCATION_REST = /\.rb:\d+:in [`']/y;

/**
 * Where a `path.rb:N:in '…'` header starts behind a log prefix, or -1. Linear in the line: from
 * each `.rb:` back to the start of its path (a path holds no space or colon, so the walks do not
 * overlap); a regex searching for the path's start instead retries at every character of a long
 * line of path characters.
 */
function prefixedHeaderAt(l: string): number {
  for (let at = l.indexOf('.rb:'); at >= 0; at = l.indexOf('.rb:', at + 4)) {
    let start = at;
    while (start > 0 && l[start - 1] !== ':' && !/\s/.test(l[start - 1])) start--;
    if (start > MAX_LOG_PREFIX) return -1;
    RB_LOCATION_REST.lastIndex = at;
    if (start < at && RB_LOCATION_REST.test(l)) return start;
  }
  return -1;
}

export const isRubyTraceLine = (line: string): boolean => parseRubyFrom(line) !== null || parseRubyHeader(line) !== null;

/** Every printed error in `text` (a convenience over parseRubyAt). */
export function parseRubyTrace(text: string): ErrorLink[] {
  const src = textSource(text);
  const out: ErrorLink[] = [];
  for (let i = 0; i < src.length; ) {
    if (parseRubyHeader(src.get(i), () => framedAt(src, i))) {
      const r = parseRubyAt(src, i);
      out.push(...r.links);
      i = r.end;
    } else i++;
  }
  return out;
}

const isInternal = (file: string): boolean => file.startsWith('<internal:') || file === '-e' || file.startsWith('(eval') || (file.startsWith('(') && file.endsWith(')'));

export const rubyTrace: TraceSyntax = {
  scanAt(src, i, scan) {
    const read = (s: LineSource): number => {
      const r = parseRubyAt(s, i);
      if (!r.links.length) return -1;
      scan.begin(i);
      for (const link of r.links) scan.links.push(link);
      scan.end();
      return r.end;
    };
    const l = src.get(i);
    if (parseRubyHeader(l, () => framedAt(src, i))) return read(src);
    // a log prefix in front of the header (`E, [2024-…] ERROR -- : x.rb:1:in …`): every line of the
    // trace carries it, or only the header does
    const q = prefixedHeaderAt(l);
    if (q > 0 && q <= MAX_LOG_PREFIX && parseRubyHeader(l.slice(q))) {
      const prefix = l.slice(0, q);
      const strict = i + 1 < src.length && src.get(i + 1).startsWith(prefix);
      return read(prefixStripped(src, prefix, strict));
    }
    return -1;
  },
  isTraceLine: isRubyTraceLine,
  escapedMarkers: ['\\n\\tfrom '],
  isInternalFile: isInternal,
  indexedFrame: (f) => (isInternal(f.file) ? null : f),
};
