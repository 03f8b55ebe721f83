// Rust panics and error chains as printed.
//
// Handles: the panic header `thread 'main' panicked at src/x.rs:12:5:` (1.73+; 1.92+ adds the
// thread id, `thread 'main' (1234) panicked at …`) with the message on the lines after it, the older
// `thread 'main' panicked at 'msg', src/x.rs:12:5` (the message may span lines up to `', file:l:c`),
// the `stack backtrace:` that follows (RUST_BACKTRACE=1, `N: path::to::fn` then `at file:12:5`;
// full, `N: 0x55… - path::to::fn`), and the `note: run with …` lines. The panic's location is the
// innermost frame. anyhow/eyre's report of an error returned from `main`, `Error: msg`, then
// `Caused by:` and one cause per line (`    0: …`, or one unnumbered), gives one link per layer,
// innermost first (the order they were raised in), each later one a 'cause' of the one before.

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import { isBlank, joinMessage, type LineSource } from '../../core/text/lines.js';

const MAX_MESSAGE_LINES = 200;
const MAX_FRAMES = 400;

/** `thread 'main' panicked at src/x.rs:12:5:` / `… (1234) panicked at …` (new), or `… at 'msg', file:l:c` (old). */
const HEADER = /^thread '([^'\n]{0,200})'(?: \(\d{1,12}\))? panicked at (.*)$/;
const LOCATION = /^(.+?):(\d{1,9}):(\d{1,9}):?$/;
const OLD_TAIL = /', (.+?):(\d{1,9}):(\d{1,9})$/;
const FRAME_NUM = /^\s{0,8}(\d{1,5}):\s+(?:0x[0-9a-f]+ - )?(.+)$/;
const FRAME_AT = /^\s{4,}at (.+?):(\d{1,9})(?::(\d{1,9}))?$/;
const CAUSED_BY = 'Caused by:';

export function isPanicHeader(line: string): boolean {
  return HEADER.test(line.trimStart());
}

function location(text: string): Frame | null {
  const m = LOCATION.exec(text.trim());
  return m ? { file: m[1].replace(/^\.\//, ''), line: Number(m[2]), column: Number(m[3]), func: null } : null;
}

/** The backtrace's frames from line `i` (innermost first as printed), and the line after them. */
function backtrace(src: LineSource, i: number): { frames: Frame[]; end: number } {
  const frames: Frame[] = [];
  let j = i;
  for (; j < src.length && frames.length < MAX_FRAMES; j++) {
    const l = src.get(j);
    const at = FRAME_AT.exec(l);
    if (at && frames.length) {
      const f = frames[frames.length - 1];
      if (f.file === '') {
        f.file = at[1].replace(/^\.\//, '');
        f.line = Number(at[2]);
        f.column = at[3] ? Number(at[3]) : null;
      }
      continue;
    }
    const m = FRAME_NUM.exec(l);
    if (!m) break;
    frames.push({ file: '', line: null, column: null, func: m[2].trim().replace(/::h[0-9a-f]{16}$/, '') });
  }
  return { frames: frames.filter((f) => f.file !== ''), end: j };
}

/** One panic from its header at line `start`; null when the header is not one. */
export function parsePanicAt(src: LineSource, start: number): { link: ErrorLink; end: number } | null {
  const h = HEADER.exec(src.get(start).trimStart());
  if (!h) return null;
  let rest = h[2];
  let loc: Frame | null = null;
  const msg: string[] = [];
  let i = start + 1;
  if (rest.startsWith("'")) {
    // old: the message is quoted and may span lines up to `', file:line:col`
    rest = rest.slice(1);
    for (let k = 0; ; k++) {
      const t = OLD_TAIL.exec(rest);
      if (t) {
        msg.push(rest.slice(0, t.index));
        loc = { file: t[1].replace(/^\.\//, ''), line: Number(t[2]), column: Number(t[3]), func: null };
        break;
      }
      msg.push(rest);
      if (i >= src.length || k >= MAX_MESSAGE_LINES) return null;
      rest = src.get(i++);
    }
  } else {
    loc = location(rest);
    if (!loc) return null;
    for (let k = 0; i < src.length && k < MAX_MESSAGE_LINES; i++, k++) {
      const l = src.get(i);
      if (l.startsWith('stack backtrace:') || l.startsWith('note: ') || isPanicHeader(l)) break;
      // a blank line ends the message unless what follows is still the message (`Caused by:`, indented)
      if (isBlank(l)) {
        const n = i + 1 < src.length ? src.get(i + 1) : '';
        if (!(n.startsWith(CAUSED_BY) || /^\s+\S/.test(n))) break;
      }
      msg.push(l);
    }
  }
  let frames: Frame[] = [];
  for (; i < src.length; i++) {
    const l = src.get(i);
    if (l.startsWith('note: ')) continue;
    if (l.startsWith('stack backtrace:')) {
      const b = backtrace(src, i + 1);
      frames = b.frames.reverse();
      i = b.end - 1;
      continue;
    }
    break;
  }
  const last = frames[frames.length - 1];
  if (loc && !(last && last.file === loc.file && last.line === loc.line)) {
    // the location is where the panic is reported (a `#[track_caller]` caller): innermost of the frames outside std
    const k = frames.findIndex((f) => f.file === loc!.file && f.line === loc!.line);
    frames = k >= 0 ? frames.slice(0, k + 1).concat(frames.slice(k + 1).filter((f) => isStdFile(f.file))) : [...frames, loc];
  }
  return {
    link: { errorClass: null, message: joinMessage(msg), errorCode: null, frames, language: 'rust', relation: null, inputLine: start + 1 },
    end: i,
  };
}

/** `Error: msg` then a blank line and `Caused by:`: the chain's links, innermost first. */
export function parseChainAt(src: LineSource, start: number): { links: ErrorLink[]; end: number } | null {
  const first = src.get(start);
  if (!first.startsWith('Error: ')) return null;
  const head: string[] = [first.slice(7)];
  let i = start + 1;
  for (; i < src.length && head.length < MAX_MESSAGE_LINES; i++) {
    const l = src.get(i);
    // (another `Error: ` line is another report: a log of them is read in one pass, not one look-ahead each)
    if (isBlank(l) || l.startsWith(CAUSED_BY) || l.startsWith('Error: ')) break;
    head.push(l);
  }
  while (i < src.length && isBlank(src.get(i)) && i - start < MAX_MESSAGE_LINES) i++;
  if (i >= src.length || !src.get(i).startsWith(CAUSED_BY)) return null;
  i++;
  const causes: string[][] = [];
  for (; i < src.length && causes.length < MAX_MESSAGE_LINES; i++) {
    const l = src.get(i);
    const n = /^ {2,8}(\d{1,4}): (.*)$/.exec(l);
    if (n) causes.push([n[2]]);
    else if (/^ {4,}\S/.test(l)) {
      const text = l.replace(/^ {4,}/, '');
      if (causes.length && (/^ {6,}/.test(l) || !/^ {4}\d/.test(l))) {
        // a cause's message on more lines (deeper indentation), or the single unnumbered cause
        if (causes.length === 1 && !/^ {6,}/.test(l) && !/^ {2,8}\d/.test(src.get(i - 1))) causes[0].push(text);
        else causes[causes.length - 1].push(text);
      } else causes.push([text]);
    } else break;
  }
  if (!causes.length) return null;
  const messages = [joinMessage(head), ...causes.map((c) => joinMessage(c))].reverse();
  const links: ErrorLink[] = messages.map((message, k) => ({
    errorClass: null, message, errorCode: null, frames: [], language: 'rust', relation: k === 0 ? null : 'cause', inputLine: start + 1,
  }));
  return { links, end: i };
}

const isStdFile = (file: string): boolean => file.startsWith('/rustc/') || /(^|\/)library\/(?:std|core|alloc|proc_macro|test)\/src\//.test(file);

export const rustTrace: TraceSyntax = {
  scanAt(src, i, scan) {
    const l = src.get(i);
    const at = l.indexOf("thread '");
    if (at >= 0 && at <= 300 && l.includes(' panicked at ')) {
      // (a log prefix in front of the header: the header's line only)
      const p = parsePanicAt(at === 0 ? src : { length: src.length, get: (k) => (k === i ? l.slice(at) : src.get(k)) }, i);
      if (!p) return -1;
      scan.begin(i);
      scan.links.push(p.link);
      scan.end();
      return Math.max(p.end, i + 1);
    }
    if (l.startsWith('Error: ')) {
      const c = parseChainAt(src, i);
      if (!c) return -1;
      scan.begin(i);
      for (const link of c.links) scan.links.push(link);
      scan.end();
      return Math.max(c.end, i + 1);
    }
    return -1;
  },
  isTraceLine: (line) => isPanicHeader(line) || line.startsWith(CAUSED_BY) || (FRAME_AT.test(line) && /\.rs:\d/.test(line)),
  escapedMarkers: [' panicked at '],
  // the toolchain's own sources (`/rustc/<commit>/library/…`) are indexed only from a rust-src copy
  isInternalFile: (file) => file.startsWith('/rustc/'),
  indexedFrame(frame) {
    // `/rustc/<hash>/library/core/src/option.rs` names the toolchain's library tree (rust-src's `library/`)
    const m = /^\/rustc\/[0-9a-f]{7,40}\/(library\/.*)$/.exec(frame.file);
    return m ? { ...frame, file: m[1] } : frame;
  },
};
