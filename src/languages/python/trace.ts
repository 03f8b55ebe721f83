// CPython traceback parser.
//
// Handles: `Traceback (most recent call last):` sections with `File "…", line N, in f`
// frames (source lines and 3.11+ `~~~^^^` caret lines skipped), the final
// `pkg.mod.Class: message` line (multi-line messages up to the next blank line),
// chained sections ("The above exception was the direct cause…" → 'cause',
// "During handling of the above exception…" → 'context'), SyntaxError reports
// (`File "x", line 1` without `in`), and 3.11+ ExceptionGroup boxes (`  | `
// prefixed, `+-+---- 1 ----` member separators): the group is one link and each
// member one more link with relation 'member', in printed order.

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import {
  carriesPrefix,
  isBlank,
  isDottedIdent,
  isStrictErrorClass,
  joinMessage,
  leadingSpaces,
  type LineSource,
  MAX_LOG_PREFIX,
  prefixStripped,
  splitClassHeader,
  textSource,
} from '../../core/text/lines.js';
import { isStructuredLogLine, parseLogLine } from '../../core/text/log.js';

export const TRACEBACK_HEADER = 'Traceback (most recent call last):';
const CAUSE_SEP = 'The above exception was the direct cause of the following exception:';
const CONTEXT_SEP = 'During handling of the above exception, another exception occurred:';
const MAX_MESSAGE_LINES = 200;

/** `File "/x.py", line 12, in func` (leading spaces allowed) → frame, else null. */
export function parsePythonFrame(line: string): Frame | null {
  const t = line.trimStart();
  if (!t.startsWith('File "')) return null;
  const q = t.indexOf('", line ', 6);
  if (q < 0) return null;
  const file = t.slice(6, q);
  let p = q + 8;
  const ds = p;
  while (p < t.length && t.charCodeAt(p) >= 48 && t.charCodeAt(p) <= 57) p++;
  if (p === ds) return null;
  const lineNo = Number(t.slice(ds, p));
  let func: string | null = null;
  const rest = t.slice(p);
  if (rest.startsWith(', in ')) func = rest.slice(5).trimEnd();
  else if (rest.trim() !== '' && !rest.startsWith(',')) return null;
  return { file, line: lineNo, column: null, func };
}

/** Does this (prefix-free) line begin a Python traceback? */
export function isPythonTraceStart(line: string): boolean {
  const t = line.trimStart();
  if (t.startsWith(TRACEBACK_HEADER)) return true;
  if (t.startsWith('+ Exception Group Traceback (most recent call last):')) return true;
  if (t.startsWith('File "') && leadingSpaces(line) >= 1) return parsePythonFrame(line) !== null;
  return false;
}

/** `pkg.mod.Class: message` / `KeyError` / anything else (class null). */
export function parsePythonExceptionLine(t: string): { errorClass: string | null; message: string } {
  const colon = t.indexOf(': ');
  let cls: string | null = null;
  let message = t;
  if (colon > 0 && isDottedIdent(t.slice(0, colon))) {
    cls = t.slice(0, colon);
    message = t.slice(colon + 2);
  } else if (isDottedIdent(t.trimEnd())) {
    cls = t.trimEnd();
    message = '';
  } else if (t.trimEnd().endsWith(':') && isDottedIdent(t.trimEnd().slice(0, -1))) {
    cls = t.trimEnd().slice(0, -1);
    message = '';
  }
  return { errorClass: cls, message };
}

function groupSuffixStripped(cls: string | null, message: string): string {
  if (cls === null || !cls.endsWith('ExceptionGroup')) return message;
  const m = / \(\d+ sub-exceptions?\)$/.exec(message);
  return m ? message.slice(0, m.index) : message;
}

type GroupLine = { kind: 'sep' } | { kind: 'content'; text: string } | null;

/** Un-box a line of an ExceptionGroup display, or null when it is not part of one. */
function ungroup(line: string): GroupLine {
  const ws = leadingSpaces(line);
  const c = line[ws];
  if (c === '|') {
    return { kind: 'content', text: line[ws + 1] === ' ' ? line.slice(ws + 2) : line.slice(ws + 1) };
  }
  if (c === '+') {
    const next = line[ws + 1];
    if (next === '-') return { kind: 'sep' };
    if (next === ' ') return { kind: 'content', text: line.slice(ws + 2) };
  }
  return null;
}

export interface TraceResult {
  links: ErrorLink[];
  /** Index of the first line after the traceback. */
  end: number;
}

type State = 'frames' | 'message' | 'after' | 'await';

/**
 * Parse one traceback (with all its chained sections) starting at line `start`
 * of `src`, which must satisfy isPythonTraceStart. Returns its links and the
 * index of the first line that is not part of it.
 */
export function parsePythonAt(src: LineSource, start: number): TraceResult {
  const links: ErrorLink[] = [];
  let state: State = 'await' as State; // (cast: closures below change it)
  let cur: ErrorLink | null = null;
  let msgLines: string[] = [];
  let relation: ErrorLink['relation'] = null;
  let inGroup = false;
  let memberRelation = false; // `relation` was set by a group member separator
  let blanks = 0; // consecutive blank lines (bounded in every state, so a trace never scans far ahead)
  // (the blank lines after a message's text as printed, as many as `blanks` counts in state 'after': a
  // line of spaces is the message's own, `Search path:\n  \n…`)
  let blankLines: string[] = [];
  let end = start;
  let started = false;

  const finish = () => {
    if (cur !== null) {
      cur.message = groupSuffixStripped(cur.errorClass, joinMessage(msgLines));
      // a header with nothing under it (a cut-off paste) says nothing
      if (cur.errorClass !== null || cur.message !== '' || cur.frames.length > 0) links.push(cur);
    }
    cur = null;
    msgLines = [];
  };
  const open = (i: number) => {
    finish();
    cur = { errorClass: null, message: '', errorCode: null, frames: [], language: 'python', relation, inputLine: i + 1 };
    relation = null;
    memberRelation = false;
    blanks = 0;
    started = true;
    state = 'frames';
  };
  const exceptionLine = (line: string) => {
    // the message keeps its whitespace as printed: templates match it literally
    const e = parsePythonExceptionLine(line);
    cur!.errorClass = e.errorClass;
    msgLines = [e.message];
    state = 'message';
  };

  let i = start;
  for (; i < src.length; i++) {
    const raw = src.get(i);
    let line = raw;
    let isSep = false;
    if (inGroup) {
      const g = ungroup(raw);
      if (g === null) {
        inGroup = false;
        if (state === 'await' && memberRelation) {
          // the box closed: what follows belongs to this chain only after a separator
          state = 'after';
          relation = null;
          memberRelation = false;
        }
      } else if (g.kind === 'sep') isSep = true;
      else line = g.text;
    }
    const t = line.trim();
    end = i + 1;

    if (isSep) {
      // member boundary (or the closing rule of the box)
      if (cur !== null) finish();
      relation = 'member';
      memberRelation = true;
      blanks = 0;
      state = 'await';
      continue;
    }

    if (t.startsWith('+ Exception Group Traceback (most recent call last):') || t === 'Exception Group Traceback (most recent call last):') {
      if (started && (state === 'after' || state === 'frames' || state === 'message') && relation === null && !inGroup) {
        end = i;
        break;
      }
      open(i);
      inGroup = true;
      continue;
    }
    if (t === TRACEBACK_HEADER) {
      if (started && state !== 'await') {
        // A new traceback without a separator: a new, unrelated error.
        if (!(state === 'frames' && cur !== null && (cur as ErrorLink).frames.length === 0)) {
          end = i;
          break;
        }
      }
      open(i);
      continue;
    }
    if ((t === CAUSE_SEP || t === CONTEXT_SEP) && started) {
      finish();
      relation = t === CAUSE_SEP ? 'cause' : 'context';
      memberRelation = false;
      blanks = 0;
      state = 'await';
      continue;
    }

    switch (state) {
      case 'await': {
        if (t === '') {
          if (++blanks > 3) {
            end = i;
            break;
          }
          continue;
        }
        const f = parsePythonFrame(line);
        if (f !== null) {
          open(i);
          cur!.frames.push(f);
          continue;
        }
        if (inGroup && leadingSpaces(line) === 0 && started) {
          if (/^and \d+ more exceptions?$/.test(t) || t.startsWith('...')) continue;
          open(i);
          exceptionLine(line);
          continue;
        }
        end = i;
        break;
      }
      case 'frames': {
        const f = parsePythonFrame(line);
        if (f !== null) {
          blanks = 0;
          cur!.frames.push(f);
          continue;
        }
        if (t === '') {
          // tracebacks have no blank lines between frames; tolerate a stray one or two
          if (++blanks > 2) {
            end = i;
            break;
          }
          continue;
        }
        blanks = 0;
        if (leadingSpaces(line) > 0) continue; // source, carets, "[Previous line repeated…]"
        if (!inGroup && isLogLike(line)) {
          end = i;
          break;
        }
        exceptionLine(line);
        continue;
      }
      case 'message': {
        if (t === '') {
          state = 'after';
          blanks = 1;
          blankLines = [line];
          continue;
        }
        if (
          msgLines.length >= MAX_MESSAGE_LINES ||
          (!inGroup && leadingSpaces(line) === 0 && isLogLike(line)) ||
          isPythonTraceStart(line) ||
          isFrameLike(t)
        ) {
          end = i;
          break;
        }
        msgLines.push(line);
        continue;
      }
      case 'after': {
        if (t === '') {
          if (++blanks > 3) {
            end = i;
            break;
          }
          blankLines.push(line);
          continue;
        }
        // Python prints str(exc) verbatim, blank lines included: text after a blank
        // line that is not a new trace or a log line still belongs to the message.
        if (
          cur !== null &&
          msgLines.length < MAX_MESSAGE_LINES &&
          !isPythonTraceStart(line) &&
          !(!inGroup && isLogLike(line)) &&
          !isFrameLike(t) &&
          !(!inGroup && startsAnotherError(line))
        ) {
          msgLines.push(...blankLines);
          blanks = 0;
          msgLines.push(line);
          state = 'message';
          continue;
        }
        end = i;
        break;
      }
    }
    // a `break` inside the switch lands here: stop the traceback
    break;
  }
  if (i >= src.length) end = src.length;
  finish();
  // trailing blank lines are not part of the traceback
  while (end > start + 1 && isBlank(src.get(end - 1))) end--;
  return { links, end };
}

/** `SomeError: …` at column 0 after a blank line: another error's header, not more message. */
function startsAnotherError(line: string): boolean {
  if (leadingSpaces(line) > 0) return false;
  const t = line.startsWith('Uncaught ') ? line.slice(9) : line;
  return splitClassHeader(t.trimEnd(), isStrictErrorClass).errorClass !== null;
}

/** A V8 frame (`at f (x.js:1:2)`): a Node stack follows, not more message. */
function isFrameLike(t: string): boolean {
  return t.startsWith('at ') && (t.endsWith(')') || /:\d+$/.test(t));
}

function isLogLike(line: string): boolean {
  const l = parseLogLine(line);
  return (l !== null && (l.level !== null || l.message !== line)) || isStructuredLogLine(line);
}

/** Parse every traceback in `text` (a convenience wrapper over parsePythonAt). */
export function parsePythonTraceback(text: string): ErrorLink[] {
  const src = textSource(text);
  const out: ErrorLink[] = [];
  for (let i = 0; i < src.length; ) {
    if (isPythonTraceStart(src.get(i))) {
      const r = parsePythonAt(src, i);
      for (const link of r.links) out.push(link);
      i = Math.max(r.end, i + 1);
    } else {
      i++;
    }
  }
  return out;
}

/** CPython prints frozen stdlib modules as `<frozen os>`; their source is `os.py`. */
function unfreeze(f: Frame): Frame {
  const m = f.file.startsWith('<frozen ') ? /^<frozen ([\w.]+)>$/.exec(f.file) : null;
  return m ? { ...f, file: m[1].replace(/\./g, '/') + '.py' } : f;
}

export const pythonTrace: TraceSyntax = {
  scanAt(src, i, scan) {
    // Lines the parser consumed are never read again, even when they produced no link.
    const read = (s: LineSource): number => {
      const r = parsePythonAt(s, i);
      if (r.links.length === 0) return r.end > i + 1 ? r.end : -1;
      scan.begin(i);
      for (const link of r.links) scan.links.push(link);
      scan.end();
      return Math.max(r.end, i + 1);
    };
    const l = src.get(i);
    const pi = l.indexOf(TRACEBACK_HEADER);
    if (pi >= 0 && pi <= MAX_LOG_PREFIX) {
      const prefix = l.slice(0, pi);
      const p = prefix.trim();
      if (pi === 0 || p === '+ Exception Group' || p === 'Exception Group') return read(src);
      // A prefix (indentation, or a log prefix) in front of the header. When the
      // next line carries it too, every line of the trace does: a line without it
      // ends the trace. Otherwise only the header had it (`log.error(format_exc())`).
      const strict = i + 1 < src.length && carriesPrefix(src.get(i + 1), prefix);
      return read(prefixStripped(src, prefix, strict));
    }
    if (l[0] === ' ' && isPythonTraceStart(l)) return read(src);
    return -1;
  },
  isTraceLine: isPythonTraceStart,
  escapedMarkers: [TRACEBACK_HEADER],
  // `<frozen genericpath>`, `<frozen os>`… are real stdlib modules (frozen for start-up): not
  // internal. The import machinery is. Everything else in <…> is a pseudo-file.
  isInternalFile: (file) => file.startsWith('<') && file.endsWith('>') && (!file.startsWith('<frozen ') || file.startsWith('<frozen importlib.')),
  indexedFrame(frame) {
    const f = unfreeze(frame);
    return f.file.startsWith('<') ? null : f;
  },
};
