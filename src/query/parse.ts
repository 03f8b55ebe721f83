// parseInput: the query entry point. Given a bare message, a traceback/stack or
// a whole log, return one ErrorLink per error (chained exceptions contribute
// one link per section). A log is scanned in one pass; every helper is linear
// in the line it looks at, and each line is looked at a bounded number of times
// (trace parsers consume their lines; header lookback is capped).

import type { TraceScan } from '../core/pack.js';
import type { ErrorLink, Frame, ParsedInput } from '../core/trace.js';
import { packForLanguage, PACKS } from '../languages/registry.js';
import {
  isBlank,
  isNamedClass,
  isStrictErrorClass,
  leadingErrnoCode,
  type LineSource,
  splitClassHeader,
  textSource,
} from '../core/text/lines.js';
import { detectTransport, fromLogfmt, parseJsonLog, parseLogfmt, parseLogLine, type StructuredLog } from '../core/text/log.js';

/** Inputs with at most this many non-empty lines and nothing log-like are one bare message. */
const BARE_MAX_LINES = 10;
/**
 * An input nothing else reads (no trace, no log line, no error line) is one message of its first
 * this many non-empty lines: a message may carry a whole backtrace of the error it wraps
 * (`#<RuntimeError: …>` and 15 frame lines, then its own text).
 */
const BARE_TRUNCATE_LINES = 64;
/** Every pack's trace syntax, in registry order: the first that reads a line takes it. */
const TRACES = PACKS.map((p) => p.trace);
const ESCAPED_MARKERS = TRACES.flatMap((t) => t.escapedMarkers);

export function parseInput(text: string): ParsedInput {
  const raw = textSource(text);
  const transport = detectTransport(firstLines(raw, 50));
  const src = transport === null ? raw : textSource(text, transport);
  const res = scan(src, 0);
  if (!res.sawTrace && (!res.sawLogLine || levelWordHead(src, res.links))) {
    // A long message that is nothing else (an error whose message lists its properties on extra
    // lines) is still a message: read its first lines.
    const bare = bareInput(src, res.links.length === 0, res.sawLogLine);
    if (bare !== null) return { links: [bare] };
  }
  return { links: res.links };
}

/** Paths that are not source files anyone indexed (runtime internals, pseudo-files), as the language's trace parser tells. */
export function isInternalFile(file: string, language: string | null): boolean {
  return packForLanguage(language)?.trace.isInternalFile(file) ?? false;
}

/** `new PatchError`, `new IndexError`, `new <the link's class>`: the error object's constructor. */
function isErrorConstructorFrame(frame: Frame, errorClass: string | null): boolean {
  const f = frame.func;
  if (f === null || !f.startsWith('new ')) return false;
  const name = f.slice(4).split('.').pop() ?? '';
  const cls = errorClass === null ? null : errorClass.split('.').pop();
  return name === cls || name.endsWith('Error') || name.endsWith('Exception');
}

/**
 * The innermost frame that is not runtime-internal, or null. Frames of an error
 * class's own constructor (`at new PatchError (helpers.js:170)` above the real
 * `throw` site) are stepped over when a frame remains under them.
 */
export function innermostFrame(link: ErrorLink): Frame | null {
  let ctor: Frame | null = null;
  for (let i = link.frames.length - 1; i >= 0; i--) {
    const f = link.frames[i];
    if (isInternalFile(f.file, link.language)) continue;
    if (isErrorConstructorFrame(f, link.errorClass)) {
      ctor ??= f;
      continue;
    }
    return f;
  }
  return ctor;
}

// ---------------------------------------------------------------------------

interface ScanResult {
  links: ErrorLink[];
  sawTrace: boolean;
  sawLogLine: boolean;
}

/** A link made from a message alone: class split only when the prefix is confidently a class. */
export function messageLink(message: string, inputLine: number): ErrorLink {
  let t = message.trim();
  if (t.startsWith('Uncaught ')) t = t.slice(9);
  const firstNl = t.indexOf('\n');
  const first = firstNl < 0 ? t : t.slice(0, firstNl);
  const rest = firstNl < 0 ? '' : t.slice(firstNl);
  let head = first;
  if (head.startsWith('[') && (head.endsWith(']') || head.endsWith('] {'))) {
    const inner = head.slice(1, head.lastIndexOf(']'));
    if (splitClassHeader(inner, isNamedClass).errorClass !== null) head = inner;
  }
  const h = splitClassHeader(head, isNamedClass);
  const msg = h.errorClass === null ? t : (h.message + rest).trim();
  return {
    errorClass: h.errorClass,
    message: msg,
    errorCode: h.errorCode ?? leadingErrnoCode(msg),
    frames: [],
    language: null,
    relation: null,
    inputLine,
  };
}

/** The lines of `src` up to its `n`-th non-empty one (what detectTransport samples). */
function firstLines(src: LineSource, n: number): string[] {
  const out: string[] = [];
  for (let i = 0, seen = 0; i < src.length && seen < n; i++) {
    const l = src.get(i);
    out.push(l);
    if (l.length > 0) seen++;
  }
  return out;
}

/**
 * Whether the one error the scan read is the first line of a short input, read as a log line only
 * for a bare level word before it (`ERROR: "-e go" was called with arguments ["a"]`, then `Usage:
 * …`), and no other line is a log line: a message that begins with a level word and goes on past
 * its first line (thor's `ERROR: … \nUsage: …`), not a log. It is read whole, the level word kept:
 * a template that writes the word matches it, and one that does not matches the rest once the
 * word is taken off as a prefix (match/decorations.ts).
 */
function levelWordHead(src: LineSource, links: readonly ErrorLink[]): boolean {
  if (links.length !== 1) return false;
  let count = 0;
  let head = '';
  for (let i = 0; i < src.length; i++) {
    const l = src.get(i);
    if (isBlank(l)) continue;
    if (++count > BARE_MAX_LINES) return false;
    const log = parseLogLine(l);
    if (count === 1) {
      if (links[0].inputLine !== i + 1 || log === null || log.level === null) return false;
      head = l.slice(0, l.length - log.message.length).trim();
      if (!/^\[?[A-Za-z]{3,10}\]?:?$/.test(head)) return false;
    } else if (log !== null && log.level !== null) return false;
  }
  // (one line led by `error:` in lower case, `error: conflicting key 'k' …`, is read whole too: a
  // message may write the word itself (an error type's text), and one that does not still matches
  // once it is peeled off; a log's level is written `ERROR`, `[error]` or after a time, and a
  // runtime's `panic: …` is no part of the message)
  return count > 1 || head === 'error:';
}

/**
 * The input as one message; null when it has over BARE_MAX_LINES lines, unless `truncate` (then its
 * first BARE_TRUNCATE_LINES). `whole`: its first line as written, a log level word and all.
 */
function bareInput(src: LineSource, truncate: boolean, whole = false): ErrorLink | null {
  let first = -1;
  let last = -1;
  let count = 0;
  const lines: string[] = []; // (the lines read, by index: at most BARE_TRUNCATE_LINES of them are not blank)
  for (let i = 0; i < src.length; i++) {
    lines[i] = src.get(i);
    if (isBlank(lines[i])) continue;
    if (count === (truncate ? BARE_TRUNCATE_LINES : BARE_MAX_LINES)) {
      if (truncate) break;
      return null;
    }
    // A trace the parsers could not read is not a message either.
    if (truncate && TRACES.some((t) => t.isTraceLine(lines[i]))) return null;
    if (first < 0) first = i;
    last = i;
    count++;
  }
  if (first < 0) return null;
  const head = whole ? null : parseLogLine(lines[first]);
  // (a line that is all prefix is the message itself: a date-time a library raises as its message,
  // pytz's `AmbiguousTimeError: 2002-10-27 01:30:00`)
  const body = [head !== null && head.message.trim() !== '' ? head.message : lines[first], ...lines.slice(first + 1, last + 1)];
  return messageLink(body.join('\n'), first + 1);
}

/** A line that, with no level, reads as an error on its own: `ValueError: x`, `Error [ERR_X]: y`. */
function classLine(l: string): boolean {
  const c = l[0];
  if (c === ' ' || c === '\t' || c === undefined) return false;
  const t = l.startsWith('Uncaught ') ? l.slice(9) : l;
  if (t[0] === '[') return false;
  const colon = t.indexOf(': ');
  if (colon <= 0 || colon > 200) return false;
  return splitClassHeader(t, isStrictErrorClass).errorClass !== null;
}

function scan(src: LineSource, depth: number): ScanResult {
  const links: ErrorLink[] = [];
  let tailBare = 0; // how many links at the end of `links` came from lone log lines
  let sawTrace = false;
  let sawLogLine = false;
  let floor = 0;

  /** A trace starting at line `h` absorbs the bare log line that introduced it. */
  const absorb = (h: number) => {
    while (tailBare > 0) {
      const line = links[links.length - 1].inputLine - 1;
      if (line < h - 1 || line < floor) break;
      links.pop();
      tailBare--;
    }
  };
  const addBare = (link: ErrorLink) => {
    links.push(link);
    tailBare++;
  };
  const traceScan: TraceScan = {
    get floor() {
      return floor;
    },
    links,
    begin: absorb,
    end() {
      tailBare = 0;
      sawTrace = true;
    },
  };

  let i = 0;
  while (i < src.length) {
    const l = src.get(i);
    if (l.length === 0) {
      i++;
      continue;
    }

    // structured log lines (first: a JSON record may hold a whole traceback on one line)
    const c0 = l[0];
    if (depth === 0 && (c0 === '{' || (c0 >= 'a' && c0 <= 'z'))) {
      const s = c0 === '{' ? parseJsonLog(l) : fromLogfmtLine(l);
      if (s !== null) {
        // (a JSON object with neither a level nor a stack, `{"error":"no such invoice"}` on a line of
        // its own, is no log record: a response body a message quotes)
        if (s.level !== null || s.stack !== null) sawLogLine = true;
        const got = structured(s, i + 1);
        for (const link of got.links) links.push(link);
        if (got.links.length > 0) tailBare = 0;
        if (got.trace) sawTrace = true;
        i++;
        continue;
      }
    }

    // a trace, as the first pack whose parser reads this line reads it
    let next = -1;
    for (let t = 0; t < TRACES.length && next < 0; t++) next = TRACES[t].scanAt(src, i, traceScan);
    if (next >= 0) {
      i = floor = next;
      continue;
    }

    // text log lines
    const log = parseLogLine(l);
    if (log !== null) {
      if (log.level !== null) sawLogLine = true;
      if (log.level === 'error' && log.message.trim().length > 0) {
        const escaped = depth === 0 ? escapedTrace(log.message, i + 1) : null;
        if (escaped !== null) {
          absorb(i);
          for (const link of escaped) links.push(link);
          tailBare = 0;
          sawTrace = true;
        } else {
          addBare(messageLink(log.message, i + 1));
        }
      }
    } else if (classLine(l)) {
      addBare(messageLink(l, i + 1));
    }
    i++;
  }
  return { links, sawTrace, sawLogLine };
}

/**
 * A trace flattened onto one log line with escaped newlines
 * (`… ERROR Traceback (most recent call last):\n  File …`): unescape and parse it.
 */
function escapedTrace(message: string, inputLine: number): ErrorLink[] | null {
  if (!message.includes('\\n')) return null;
  if (!ESCAPED_MARKERS.some((m) => message.includes(m))) return null;
  const text = message.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
  return nestedTrace(text, inputLine);
}

/** The links of a trace held inside one log line, all placed on that line; null when it holds none. */
function nestedTrace(text: string, inputLine: number): ErrorLink[] | null {
  const inner = scan(textSource(text), 1);
  if (!inner.sawTrace || inner.links.length === 0) return null;
  for (const link of inner.links) link.inputLine = inputLine;
  return inner.links;
}

function fromLogfmtLine(l: string): StructuredLog | null {
  const kv = parseLogfmt(l);
  return kv === null ? null : fromLogfmt(kv);
}

/** Links from one JSON/logfmt record: its stack when it carries one, else its message (and error). */
function structured(s: StructuredLog, inputLine: number): { links: ErrorLink[]; trace: boolean } {
  if (s.level !== 'error' && !(s.level === null && s.stack !== null)) return { links: [], trace: false };
  const trace = s.stack !== null ? nestedTrace(s.stack, inputLine) : null;
  if (trace) return { links: trace, trace: true };
  // The error field first: the logged message reports a failure raised from it.
  const out: ErrorLink[] = [];
  if (s.errorMessage !== null && s.errorMessage.trim().length > 0 && s.errorMessage !== s.message) {
    const e = messageLink(s.errorMessage, inputLine);
    if (e.errorClass === null && s.errorClass !== null) e.errorClass = s.errorClass;
    out.push(e);
  }
  if (s.message.trim().length > 0) {
    const m = messageLink(s.message, inputLine);
    if (out.length > 0) m.relation = 'cause';
    out.push(m);
  }
  return { links: out, trace: false };
}
