// PHP's printed errors.
//
// Handles: uncaught exceptions as the CLI and error_log print them (`PHP Fatal error:  Uncaught
// X: msg in /path/file.php:12`, `Fatal error: Uncaught …`, a log's `[date] PHP Fatal error: …`
// prefix), `(string) $e` (`X: msg in /path/file.php:12` then `Stack trace:`), multi-line
// messages, `#0 /path/file.php(34): Class->method()` / `#1 [internal function]: f()` / `#2 {main}`
// frames, `Next X: …` chains (PHP prints the previous exception first: each `Next` link is raised
// from the one before it, relation 'cause'), the closing `thrown in … on line N`, warnings and
// other errors (`PHP Warning:  msg in /path/file.php on line 5`), and the two log styles of the
// frameworks: Monolog's `[object] (X(code: 0): msg at /path/file.php:12)` with `[stacktrace]`
// (Laravel) and `Uncaught PHP Exception X: "msg" at /path/file.php line 12` (Symfony), and PEAR's
// exceptions (`PEAR_Exception::__toString`): `X: msg in /path/file.php on line 12`, one such line per
// cause (each indented one more space: the exception, then what it wraps), then the frames with no
// `Stack trace:` line; that location is frame #0's, the construction's is the closing `thrown in`;
// and a class's own `__toString` text (PHPUnit's: the message, maybe a filtered stack trace of
// `FILE:LINE` lines) then the closing `thrown in`, the one location.
//
// The header's `in FILE:LINE` is where the exception object was constructed (getFile/getLine):
// the innermost frame, running the function frame #0 names. Frame #k's location runs the
// function frame #k+1 names. Class names keep their namespace, written with dots
// (`Symfony.Component.Finder.Exception.DirectoryNotFoundException`) as the other packs' are.

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import { isBlank, type LineSource, MAX_LOG_PREFIX, textSource } from '../../core/text/lines.js';

const MAX_MESSAGE_LINES = 200;
const MAX_FRAMES = 2000;
const UNCAUGHT = /(?:^|\s)(?:PHP )?Fatal error: +Uncaught (.*)$/;
const CLASS = String.raw`\\?[A-Za-z_][\w]*(?:\\[A-Za-z_]\w*)*`;
const CLASS_HEAD = new RegExp(`^(${CLASS})(?:: (.*)|:?)$`);
const FRAME = /^#(\d+) (.*)$/;
const FRAME_AT = /^(.+?)\((\d+)\): (.*)$/;
const NEXT = /^Next (.*)$/;
const THROWN = /^ {2}thrown in .+ on line \d+$/;
const THROWN_AT = /^ {2}thrown in (.+) on line (\d+)$/;
/** A cause's line of PEAR's text: indented by its depth, `X: msg in FILE on line N`. */
const PEAR_CAUSE = new RegExp(`^ +(${CLASS}): (.*) in (\\S.*?) on line (\\d+)$`);
const PLAIN_ERROR = /^(?:PHP )?(Warning|Notice|Deprecated|Fatal error|Parse error|Recoverable fatal error|Strict Standards|Catchable fatal error): +(.*) in (.+?) on line (\d+)$/;
/** (a JSON context escapes the namespace's backslashes: `Foo\\\\Bar`) */
const JSON_CLASS = String.raw`\\{0,2}[A-Za-z_]\w*(?:\\{1,2}[A-Za-z_]\w*)*`;
const MONOLOG = new RegExp(String.raw`\[object\] \((${JSON_CLASS})\(code: ([^)]*)\): (.*) at (.+?):(\d+)\)`);
const SYMFONY = new RegExp(String.raw`Uncaught PHP Exception (${CLASS}): "(.*)" at (.+?) line (\d+)`);

/** A class as printed (`Foo\BarException`, `\Foo`) → dotted (`Foo.BarException`). */
export const dottedClass = (c: string): string => c.replace(/^\\+/, '').replace(/\\+/g, '.');
/** `Foo\Bar->method('x', Object(Baz))` → `Foo\Bar->method`; `{main}` → null. */
export function frameFunc(call: string): string | null {
  const t = call.trim();
  if (t === '{main}' || t === '') return null;
  const p = t.indexOf('(');
  return p > 0 ? t.slice(0, p) : t;
}

interface RawFrame {
  file: string | null;
  line: number | null;
  func: string | null;
}

/** The `#N …` frame lines from line `k` on (MAX_FRAMES at most), and the line after them. */
function readFrames(src: LineSource, k: number): { printed: RawFrame[]; next: number } {
  const printed: RawFrame[] = [];
  for (; k < src.length && printed.length < MAX_FRAMES; k++) {
    const f = parseFrameLine(src.get(k));
    if (!f) break;
    printed.push(f);
  }
  return { printed, next: k };
}

/** `#0 /x.php(12): f()`, `#1 [internal function]: g()`, `#2 {main}` → the location and the function called there. */
export function parseFrameLine(line: string): RawFrame | null {
  const m = FRAME.exec(line.trim());
  if (!m) return null;
  const rest = m[2];
  if (rest === '{main}') return { file: null, line: null, func: null };
  if (rest.startsWith('[internal function]: ')) return { file: '[internal function]', line: null, func: frameFunc(rest.slice(21)) };
  const at = FRAME_AT.exec(rest);
  if (!at) return null;
  return { file: at[1], line: Number(at[2]), func: frameFunc(at[3]) };
}

/** The link's frames, outermost first, from the header's location and the printed frames (#0 first). */
function framesOf(file: string, line: number, printed: RawFrame[]): Frame[] {
  const out: Frame[] = [];
  for (let k = printed.length - 1; k >= 0; k--) {
    const p = printed[k];
    if (p.file === null) continue;
    out.push({ file: p.file, line: p.line, column: null, func: printed[k + 1]?.func ?? null });
  }
  const first = printed[0];
  // (an exception an internal function threw: PHP gives it its caller's location, frame #0's)
  if (!(first && first.file === file && first.line === line)) out.push({ file, line, column: null, func: first?.func ?? null });
  return out;
}

const isStop = (l: string): boolean => {
  const t = l.trim();
  return t === 'Stack trace:' || THROWN.test(l) || FRAME.test(t);
};

/** Per source, the lines last looked ahead over: [from, clear) holds no `Stack trace:`, thrown-in or frame line. */
const lookahead = new WeakMap<LineSource, { from: number; clear: number }>();

/**
 * The first line at or after `from` that ends a message (`Stack trace:`, a thrown-in or a frame
 * line), at most MAX_MESSAGE_LINES on; the end of the input if none. Every line of a log may
 * look like a header (`Error: x`): consecutive headers share the look-ahead, so each line is read
 * about once.
 */
function stopAfter(src: LineSource, from: number): number {
  const memo = lookahead.get(src);
  let j = memo && memo.from <= from && from <= memo.clear ? memo.clear : from;
  const cap = from + MAX_MESSAGE_LINES;
  for (; j < src.length && j < cap; j++) if (isStop(src.get(j))) break;
  lookahead.set(src, { from, clear: j });
  return j;
}

export interface TraceResult {
  links: ErrorLink[];
  end: number;
}

/**
 * The ` in FILE:LINE` that ends an exception's text, at its last ` in `: the message before it may
 * hold ` in ` itself (`Unable to find "x" in "y"`), the path does not.
 */
function atEnd(text: string): { index: number; file: string; line: number } | null {
  const m = /:(\d+)$/.exec(text);
  if (!m) return null;
  const i = text.lastIndexOf(' in ', m.index);
  const file = i < 0 ? '' : text.slice(i + 4, m.index);
  return file === '' || file.includes('\n') ? null : { index: i, file, line: Number(m[1]) };
}

/**
 * An exception's header and message from line `i` (`text` is the header's text after any
 * `Uncaught `/`Next `): lines up to the one before `Stack trace:`, which ends `in FILE:LINE`.
 */
function readException(src: LineSource, i: number, text: string, relation: ErrorLink['relation']): { link: ErrorLink; next: number; chain?: ErrorLink[] } | null {
  let j = stopAfter(src, i + 1);
  let stack = j < src.length && src.get(j).trim() === 'Stack trace:';
  // (a message that ends with a trace of its own, `$text . "\n" . (new \Exception())->getTraceAsString()`:
  // its frames, the last one's line then ` in FILE:LINE`, then `Stack trace:`)
  if (!stack && j < src.length && /^#0 /.test(src.get(j).trim())) {
    let e = j;
    while (e < src.length && e < j + MAX_FRAMES && FRAME.test(src.get(e).trim())) e++;
    if (e < src.length && src.get(e).trim() === 'Stack trace:' && atEnd(src.get(e - 1))) {
      j = e;
      stack = true;
    }
  }
  if (!stack && j < src.length && FRAME.test(src.get(j).trim())) return readPear(src, i, j, text, relation);
  if (!stack && j < src.length && j < i + 1 + MAX_MESSAGE_LINES && THROWN.test(src.get(j))) return readOwnText(src, i, j, text, relation);
  if (!stack) {
    // (a thrown-in or frame line before any stack: no exception of ours)
    if (j < src.length && j < i + 1 + MAX_MESSAGE_LINES) return null;
    // `… in FILE:LINE` alone, the trace cut off before its stack (a log keeping one line)
    if (j !== i + 1 || !atEnd(text)) return null;
    j = i;
  }
  const lines = [text];
  for (let k = i + 1; k < j; k++) lines.push(src.get(k));
  const joined = lines.join('\n');
  const at = atEnd(joined);
  if (!at) return null;
  const head = joined.slice(0, at.index);
  const nl = head.indexOf('\n');
  const first = nl < 0 ? head : head.slice(0, nl);
  const m = CLASS_HEAD.exec(first);
  if (!m) return null;
  const message = (m[2] ?? '') + (nl < 0 ? '' : head.slice(nl));
  const { printed, next: k } = stack ? readFrames(src, j + 1) : { printed: [], next: i + 1 };
  const link: ErrorLink = {
    errorClass: dottedClass(m[1]),
    message,
    errorCode: null,
    frames: framesOf(at.file, at.line, printed),
    language: 'php',
    relation,
    inputLine: i + 1,
  };
  return { link, next: k };
}

/** A frame line of an exception's own text (PHPUnit's filtered stack trace): `/path/file.php:12`. */
const OWN_FRAME = /^((?:\/|[A-Za-z]:\\)\S*?):(\d+)$/;

/**
 * An exception whose class overrides `__toString` (PHPUnit's): PHP prints `Uncaught ` then that text,
 * then the closing `thrown in FILE on line N` (at `j`), where the object was constructed, with no
 * `Stack trace:`. The text is the message, after a `X: ` that names a class (namespaced, or named
 * …Exception / …Error); lines of it that are `FILE:LINE` alone (a filtered stack trace, innermost
 * first) are frames.
 */
function readOwnText(src: LineSource, i: number, j: number, text: string, relation: ErrorLink['relation']): { link: ErrorLink; next: number } | null {
  const lines = [text];
  for (let k = i + 1; k < j; k++) lines.push(src.get(k));
  const printed: RawFrame[] = [];
  let end = lines.length;
  while (end > 1 && isBlank(lines[end - 1])) end--;
  for (; end > 1; end--) {
    const f = OWN_FRAME.exec(lines[end - 1].trim());
    if (!f) break;
    printed.unshift({ file: f[1], line: Number(f[2]), func: null });
  }
  while (end > 1 && isBlank(lines[end - 1])) end--;
  const joined = lines.slice(0, end).join('\n');
  if (joined.trim() === '') return null;
  const thrown = THROWN_AT.exec(src.get(j))!;
  const c = /^\\?[A-Za-z_][\w\\]*(?=: )/.exec(joined);
  const named = c && (c[0].includes('\\') || /(?:Exception|Error)$/.test(c[0])) ? c[0] : null;
  const frames: Frame[] = [];
  for (let k = printed.length - 1; k >= 0; k--) frames.push({ file: printed[k].file!, line: printed[k].line, column: null, func: null });
  const inner = frames[frames.length - 1];
  if (!(inner && inner.file === thrown[1] && inner.line === Number(thrown[2]))) frames.push({ file: thrown[1], line: Number(thrown[2]), column: null, func: null });
  const link: ErrorLink = {
    errorClass: named ? dottedClass(named) : null,
    message: named ? joined.slice(named.length + 2) : joined,
    errorCode: null,
    frames,
    language: 'php',
    relation,
    inputLine: i + 1,
  };
  return { link, next: j + 1 };
}

/**
 * PEAR's text of an exception (`PEAR_Exception::toText`) from line `i` to the frames at `j`: the header
 * `X: msg in FILE on line N` (FILE:N is frame #0's location), then one line per cause it wraps, each
 * indented one space more, `Y: msg in FILE on line N`. The causes come first, innermost first, each
 * raised from the one before (relation 'cause'), with its one location; the exception's frames are
 * the printed ones, its innermost the closing `thrown in … on line N` of an uncaught one, where the
 * object was constructed.
 */
function readPear(src: LineSource, i: number, j: number, text: string, relation: ErrorLink['relation']): { link: ErrorLink; next: number; chain: ErrorLink[] } | null {
  // (the message runs to the first cause line, or to the frames)
  let end = i + 1;
  while (end < j && !PEAR_CAUSE.test(src.get(end))) end++;
  const lines = [text];
  for (let k = i + 1; k < end; k++) lines.push(src.get(k));
  const joined = lines.join('\n');
  // (`… in FILE on line N`, at the last ` in `: the message may hold ` in ` itself)
  const ln = / on line (\d+)$/.exec(joined);
  const cut = ln ? joined.lastIndexOf(' in ', ln.index) : -1;
  const file = cut < 0 ? '' : joined.slice(cut + 4, ln!.index);
  if (!ln || file === '' || file.includes('\n')) return null;
  const head = joined.slice(0, cut);
  const nl = head.indexOf('\n');
  const m = CLASS_HEAD.exec(nl < 0 ? head : head.slice(0, nl));
  if (!m) return null;
  const causes: ErrorLink[] = [];
  for (let k = end; k < j; k++) {
    const c = PEAR_CAUSE.exec(src.get(k));
    if (!c) return null;
    causes.push({ errorClass: dottedClass(c[1]), message: c[2], errorCode: null, frames: [{ file: c[3], line: Number(c[4]), column: null, func: null }], language: 'php', relation: null, inputLine: k + 1 });
  }
  const { printed, next: k } = readFrames(src, j);
  const frames = framesOf(file, Number(ln[1]), printed);
  const thrown = k < src.length ? THROWN_AT.exec(src.get(k)) : null;
  const inner = frames[frames.length - 1];
  if (thrown && !(inner && inner.file === thrown[1] && inner.line === Number(thrown[2]))) {
    frames.push({ file: thrown[1], line: Number(thrown[2]), column: null, func: printed[0]?.func ?? null });
  }
  const link: ErrorLink = {
    errorClass: dottedClass(m[1]),
    message: (m[2] ?? '') + (nl < 0 ? '' : head.slice(nl)),
    errorCode: null,
    frames,
    language: 'php',
    relation: causes.length ? 'cause' : relation,
    inputLine: i + 1,
  };
  causes.reverse();
  causes.forEach((c, n) => (c.relation = n === 0 ? relation : 'cause'));
  return { link, next: k, chain: causes };
}

/**
 * A message and its trace as `$e->getMessage() . PHP_EOL . $e->getTraceAsString()` prints them (a log's
 * idiom, or a message that holds a trace of its own): the lines from `i` (the input's first, or after a
 * blank line) up to `#0 …` frames that end with `#N {main}`, with no header naming a class or a location.
 * Frame #0's location is the innermost known: the construction's is not printed.
 */
function readBare(src: LineSource, i: number): TraceResult | null {
  if ((i > 0 && !isBlank(src.get(i - 1))) || isStop(src.get(i))) return null;
  const j = stopAfter(src, i + 1);
  if (j >= src.length || !/^#0 /.test(src.get(j).trim())) return null;
  const { printed, next: k } = readFrames(src, j);
  const last = printed[printed.length - 1];
  if (!last || last.file !== null) return null;
  const lines: string[] = [];
  for (let n = i; n < j; n++) lines.push(src.get(n));
  const frames: Frame[] = [];
  for (let n = printed.length - 1; n >= 0; n--) {
    const p = printed[n];
    if (p.file !== null) frames.push({ file: p.file, line: p.line, column: null, func: printed[n + 1]?.func ?? null });
  }
  const link: ErrorLink = { errorClass: null, message: lines.join('\n'), errorCode: null, frames, language: 'php', relation: null, inputLine: i + 1 };
  return { links: [link], end: k };
}

/** One uncaught exception (with its `Next` chain) or `(string) $e` from line `i`; `text` the header after `Uncaught `. */
export function parsePhpAt(src: LineSource, i: number, text: string): TraceResult | null {
  const r = readException(src, i, text, null);
  if (!r) return null;
  const links = [...(r.chain ?? []), r.link];
  let k = r.next;
  for (;;) {
    let b = k;
    while (b < src.length && b - k < 2 && isBlank(src.get(b))) b++;
    if (b >= src.length) break;
    const l = src.get(b);
    const n = NEXT.exec(l);
    if (n) {
      const next = readException(src, b, n[1], 'cause');
      if (!next) break;
      if (next.chain) links.push(...next.chain);
      links.push(next.link);
      k = next.next;
      continue;
    }
    if (THROWN.test(l)) k = b + 1;
    break;
  }
  return { links, end: k };
}

/** `PHP Warning:  msg in /x.php on line 5` (and the other error levels). */
function plainError(line: string, i: number): ErrorLink | null {
  const m = PLAIN_ERROR.exec(line);
  if (!m) return null;
  return {
    errorClass: null,
    message: m[2],
    errorCode: null,
    frames: [{ file: m[3], line: Number(m[4]), column: null, func: null }],
    language: 'php',
    relation: null,
    inputLine: i + 1,
  };
}

/** Monolog's `[object] (X(code: 0): msg at /x.php:12)` then `[stacktrace]` (Laravel), or Symfony's `Uncaught PHP Exception X: "msg" at /x.php line 12`. */
function frameworkLog(src: LineSource, i: number, line: string): TraceResult | null {
  const mo = MONOLOG.exec(line);
  if (mo) {
    const { printed, next: k } = i + 1 < src.length && src.get(i + 1).trim() === '[stacktrace]' ? readFrames(src, i + 2) : { printed: [], next: i + 1 };
    const link: ErrorLink = {
      errorClass: dottedClass(mo[1]), message: mo[3], errorCode: null, frames: framesOf(mo[4], Number(mo[5]), printed),
      language: 'php', relation: null, inputLine: i + 1,
    };
    return { links: [link], end: k };
  }
  const sy = SYMFONY.exec(line);
  if (sy) {
    const link: ErrorLink = {
      errorClass: dottedClass(sy[1]), message: sy[2], errorCode: null, frames: [{ file: sy[3], line: Number(sy[4]), column: null, func: null }],
      language: 'php', relation: null, inputLine: i + 1,
    };
    return { links: [link], end: i + 1 };
  }
  return null;
}

/** The text after `Uncaught ` of a fatal error's header, or, for `(string) $e`, the whole line when it may be one. */
function headerText(line: string): string | null {
  const u = UNCAUGHT.exec(line);
  if (u && u.index <= MAX_LOG_PREFIX) return u[1];
  // (`(string) $e`: a class that says it is one, namespaced or named …Exception / …Error)
  const c = /^\\?[A-Za-z_][\w\\]*(?=: )/.exec(line);
  return c && (c[0].includes('\\') || /(?:Exception|Error)$/.test(c[0])) ? line : null;
}

/** Parse every PHP error in `text` (a convenience wrapper over the scanner, for tests). */
export function parsePhpTrace(text: string): ErrorLink[] {
  const src = textSource(text);
  const out: ErrorLink[] = [];
  const scan = { floor: 0, links: out, begin() {}, end() {} };
  for (let i = 0; i < src.length; ) {
    const next = src.get(i).trim() === '' ? -1 : phpTrace.scanAt(src, i, scan);
    i = next > i ? next : i + 1;
  }
  return out;
}

export const phpTrace: TraceSyntax = {
  scanAt(src, i, scan) {
    const line = src.get(i);
    const head = headerText(line);
    if (head !== null) {
      const r = parsePhpAt(src, i, head);
      if (r) {
        scan.begin(i);
        for (const l of r.links) scan.links.push(l);
        scan.end();
        return Math.max(r.end, i + 1);
      }
    }
    if (line.includes(' on line ')) {
      const p = plainError(line.slice(Math.max(0, line.indexOf('PHP ') >= 0 && line.indexOf('PHP ') <= MAX_LOG_PREFIX ? line.indexOf('PHP ') : 0)), i);
      if (p) {
        scan.begin(i);
        scan.links.push(p);
        scan.end();
        return i + 1;
      }
    }
    if (line.includes('[object] (') || line.includes('Uncaught PHP Exception ')) {
      const r = frameworkLog(src, i, line);
      if (r) {
        scan.begin(i);
        for (const l of r.links) scan.links.push(l);
        scan.end();
        return Math.max(r.end, i + 1);
      }
    }
    if (i === 0 || isBlank(src.get(i - 1))) {
      const r = readBare(src, i);
      if (r) {
        scan.begin(i);
        for (const l of r.links) scan.links.push(l);
        scan.end();
        return Math.max(r.end, i + 1);
      }
    }
    return -1;
  },
  isTraceLine: (line) =>
    UNCAUGHT.test(line) || line.trim() === 'Stack trace:' || /^#\d+ (?:\{main\}|\[internal function\]: |.+\(\d+\): )/.test(line.trim()) || THROWN.test(line) || PLAIN_ERROR.test(line),
  escapedMarkers: ['Stack trace:', '[stacktrace]'],
  isInternalFile: (file) => file === '[internal function]' || file === 'Standard input code' || file === 'Command line code',
  indexedFrame: (frame) => (frame.file.startsWith('[') ? null : frame),
};
