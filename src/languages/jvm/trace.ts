// JVM stack traces (Throwable.printStackTrace, the default uncaught-exception handler), as Java
// and Kotlin print them alike.
//
// Handles: `Exception in thread "main" pkg.X: msg` and bare `pkg.X: msg` headers (the message may
// span lines, up to the first frame), `\tat pkg.Class.method(File.java:123)` frames with module
// and class-loader prefixes (`java.base/`, `app//`, `java.base@17.0.2/`), `(Native Method)`,
// `(Unknown Source)` and `(File.java)` without a line, `Caused by:` chains (printed outermost
// first: the links come deepest cause first), `... N more` (the enclosing trace's last N frames,
// appended), and `Suppressed:` errors (indented with their frames; each its own error, before
// the one that suppressed it). A thread's header whose text is no class name (a Throwable whose
// `toString()` is its own: `Exception in thread "main" Parse error at line 1 …`) starts a trace with
// no class when a frame follows it.
//
// Frames name the package and the file, not the directory: indexedFrame rewrites a frame to the
// path its source has under a source root (`javax/swing/text/GapContent.java`), which records'
// paths end with. Frames of an error class's own constructor (`FooException.<init>`) are not the
// site: the site is the `new` that called them.

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import { isBlank, isDottedIdent, joinMessage, type LineSource, MAX_LOG_PREFIX, textSource } from '../../core/text/lines.js';

const THREAD_HEADER = /^Exception in thread "(?:[^"\\]|\\.){0,200}" /;
const MAX_MESSAGE_LINES = 100;
const MAX_FRAMES = 5000;
/** How far past a header line its first frame may be (a message of several lines). */
const MAX_LOOKAHEAD = 40;

/** An error class's own constructor, by how error classes are named. */
const ERROR_CTOR = /(?:Exception|Error|Throwable|Failure|Fault)\.<init>$/;

/** `at pkg.C.m(F.java:12)` after its indentation → frame (func without the module prefix), else null. */
export function parseJvmFrame(line: string): Frame | null {
  let p = 0;
  while (p < line.length && (line[p] === '\t' || line[p] === ' ')) p++;
  if (!line.startsWith('at ', p)) return null;
  const open = line.indexOf('(', p + 3);
  if (open < 0 || !line.endsWith(')')) return null;
  let func = line.slice(p + 3, open);
  if (func.includes(' ') || func.length === 0) return null;
  // `java.base/…`, `app//…`, `java.base@17.0.2/…`, `loader/module@1.0/…`: the class follows the last `/`
  const slash = func.lastIndexOf('/');
  if (slash >= 0) func = func.slice(slash + 1);
  if (!/^[\p{L}\p{N}_$.<>-]+$/u.test(func) || !func.includes('.')) return null;
  const where = line.slice(open + 1, -1);
  const colon = where.lastIndexOf(':');
  if (colon > 0 && /^\d{1,9}$/.test(where.slice(colon + 1))) {
    return { file: where.slice(0, colon), line: Number(where.slice(colon + 1)), column: null, func };
  }
  if (where.length === 0 || where.length > 300) return null;
  return { file: where, line: null, column: null, func };
}

/** `pkg.Cls: message` / `pkg.Cls` (a dotted class name with a package or an error-like name). */
function parseHeader(t: string): { errorClass: string; message: string } | null {
  const colon = t.indexOf(': ');
  const cls = colon > 0 ? t.slice(0, colon) : t.endsWith(':') ? t.slice(0, -1) : t.trimEnd();
  if (!isDottedIdent(cls) || cls.length > 300) return null;
  return { errorClass: cls, message: colon > 0 ? t.slice(colon + 2) : '' };
}

const isFrameLine = (l: string): boolean => parseJvmFrame(l) !== null;
const isMoreLine = (t: string): boolean => /^\.\.\. \d+ more$/.test(t) || /^\.\.\. \d+ common frames omitted$/.test(t);

interface Section {
  errorClass: string | null;
  message: string;
  /** Innermost first, as printed. */
  frames: Frame[];
  /** `... N more`: the enclosing trace's last N frames. */
  more: number;
  kind: 'top' | 'cause' | 'suppressed';
  inputLine: number;
  /** The section this one is the cause or suppressed error of; null for the top. */
  parent: Section | null;
  indent: number;
}

/** The language of a trace by its frames' files (`.kt` → kotlin). */
function languageOf(frames: Frame[]): string {
  for (const f of frames) {
    if (f.file.endsWith('.kt') || f.file.endsWith('.kts')) return 'kotlin';
    if (f.file.endsWith('.java')) return 'java';
  }
  return 'java';
}

export interface JvmTrace {
  links: ErrorLink[];
  end: number;
}

/** The header at line `i` when a trace starts there (its first frame within a few lines), else null. */
function headerAt(src: LineSource, i: number): { cls: string | null; message: string; thread: boolean } | null {
  const l = src.get(i);
  const m = THREAD_HEADER.exec(l);
  const rest = m ? l.slice(m[0].length) : l;
  if (rest.startsWith('\t') || rest.startsWith(' ')) return null;
  const h = parseHeader(rest) ?? (m && rest.length > 0 ? ownText(src, i, rest) : null);
  if (!h) return null;
  if (h.errorClass === null) return { cls: null, message: h.message, thread: true };
  if (!m && !h.errorClass.includes('.')) return null;
  // a frame must follow within a few lines (a message of several lines)
  for (let k = i + 1; k < src.length && k <= i + MAX_LOOKAHEAD; k++) {
    const next = src.get(k);
    if (isFrameLine(next)) return { cls: h.errorClass, message: h.message, thread: !!m };
    if (THREAD_HEADER.test(next)) break;
  }
  return m ? { cls: h.errorClass, message: h.message, thread: true } : null;
}

/**
 * A thread's header whose text is not `Class: message` (an error whose `toString()` is its own): the
 * text is the message, with no class, when a frame follows within a few lines; else null.
 */
function ownText(src: LineSource, i: number, rest: string): { errorClass: null; message: string } | null {
  for (let k = i + 1; k < src.length && k <= i + MAX_LOOKAHEAD; k++) {
    const next = src.get(k);
    if (isFrameLine(next)) return { errorClass: null, message: rest };
    if (THREAD_HEADER.test(next)) break;
  }
  return null;
}

/** One trace (with its causes and suppressed errors) starting at line `start`; null when none starts there. */
export function parseJvmAt(src: LineSource, start: number): JvmTrace | null {
  const h = headerAt(src, start);
  if (!h) return null;
  const sections: Section[] = [];
  let cur: Section = { errorClass: h.cls, message: '', frames: [], more: 0, kind: 'top', inputLine: start + 1, parent: null, indent: 0 };
  sections.push(cur);
  let msgLines = [h.message];
  let inMessage = true;
  let frames = 0;
  let i = start + 1;
  const close = () => {
    if (inMessage) cur.message = joinMessage(msgLines);
    inMessage = false;
  };
  for (; i < src.length; i++) {
    const l = src.get(i);
    const f = parseJvmFrame(l);
    if (f) {
      close();
      if (++frames > MAX_FRAMES) break;
      cur.frames.push(f);
      continue;
    }
    const indent = /^[\t ]*/.exec(l)![0].length;
    const t = l.slice(indent);
    if (isMoreLine(t.trimEnd())) {
      close();
      cur.more = Number(/\d+/.exec(t)![0]);
      continue;
    }
    const caused = t.startsWith('Caused by: ') ? 'cause' : t.startsWith('Suppressed: ') ? 'suppressed' : null;
    if (caused) {
      const head = parseHeader(t.slice(caused === 'cause' ? 11 : 12));
      if (!head) break;
      close();
      // a cause follows the latest error printed at its indentation; a suppressed error is printed one level in
      const level = caused === 'cause' ? indent : indent - 1;
      let parent: Section = cur;
      for (let k = sections.length - 1; k >= 0; k--) {
        if (sections[k].indent <= level) {
          parent = sections[k];
          break;
        }
      }
      cur = { errorClass: head.errorClass, message: '', frames: [], more: 0, kind: caused, inputLine: i + 1, parent, indent };
      sections.push(cur);
      msgLines = [head.message];
      inMessage = true;
      continue;
    }
    // a message of several lines, printed as is up to the first frame
    if (inMessage && cur.frames.length === 0 && msgLines.length < MAX_MESSAGE_LINES && !THREAD_HEADER.test(l)) {
      msgLines.push(l);
      continue;
    }
    break;
  }
  close();
  const links: ErrorLink[] = [];
  const framesOf = (s: Section): Frame[] => {
    const own = [...s.frames];
    if (s.more > 0 && s.parent) {
      const up = framesOf(s.parent);
      own.push(...up.slice(Math.max(0, up.length - s.more)));
    }
    return own;
  };
  const link = (s: Section, relation: ErrorLink['relation']): ErrorLink => {
    const fs = framesOf(s);
    return { errorClass: s.errorClass, message: s.message, errorCode: null, frames: fs.reverse(), language: languageOf(fs), relation, inputLine: s.inputLine };
  };
  // Errors in the order they were raised: suppressed ones first, then each chain from its deepest cause.
  for (const s of sections) if (s.kind === 'suppressed') links.push(link(s, null));
  const chain: Section[] = [];
  for (let s: Section | undefined = sections[0]; s; s = sections.find((c) => c.kind === 'cause' && c.parent === chain[chain.length - 1])) {
    chain.push(s);
    if (chain.length > sections.length) break;
  }
  chain.reverse().forEach((s, k) => links.push(link(s, k === 0 ? null : 'cause')));
  let end = i;
  while (end > start + 1 && isBlank(src.get(end - 1))) end--;
  return { links, end };
}

/** Every trace in `text`. */
export function parseJvmTraces(text: string): ErrorLink[] {
  const src = textSource(text);
  const out: ErrorLink[] = [];
  for (let i = 0; i < src.length; ) {
    const r = parseJvmAt(src, i);
    if (r) {
      out.push(...r.links);
      i = Math.max(r.end, i + 1);
    } else i++;
  }
  return out;
}

/** A frame's package as a path: `javax.swing.text.GapContent.remove` → `javax/swing/text/`. */
function packagePath(func: string): string {
  const parts = func.split('.');
  // the method is last, the class before it (`Outer$Inner`, `FileKt`); the rest is the package
  return parts.length > 2 ? parts.slice(0, -2).join('/') + '/' : '';
}

export const jvmTrace: TraceSyntax = {
  scanAt(src, i, scan) {
    const l = src.get(i);
    let r = parseJvmAt(src, i);
    if (!r) {
      // a log prefix in front of the header (`2024-01-01 ERROR Main - Exception in thread …`)
      const at = l.indexOf('Exception in thread "');
      if (at <= 0 || at > MAX_LOG_PREFIX) return -1;
      const first = i;
      const view: LineSource = { length: src.length, get: (k) => (k === first ? l.slice(at) : src.get(k)) };
      r = parseJvmAt(view, i);
      if (!r) return -1;
    }
    if (r.links.length === 0) return -1;
    scan.begin(i);
    for (const link of r.links) scan.links.push(link);
    scan.end();
    return Math.max(r.end, i + 1);
  },
  isTraceLine: (line) => isFrameLine(line) || THREAD_HEADER.test(line) || /^\s*Caused by: [\w$.]+(?::|$)/.test(line),
  escapedMarkers: ['\\tat ', '\\n\\tat '],
  isInternalFile: (file) => file === 'Native Method' || file === 'Unknown Source' || !/\.(?:java|kts?)$/.test(file),
  indexedFrame(frame) {
    if (!frame.func || !/\.(?:java|kts?)$/.test(frame.file) || frame.file.includes('/')) return frame.file.includes('/') ? frame : null;
    if (ERROR_CTOR.test(frame.func)) return null;
    return { ...frame, file: packagePath(frame.func) + frame.file };
  },
};
