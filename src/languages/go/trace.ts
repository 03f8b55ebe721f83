// Go runtime traces: `panic: msg` (or `fatal error: msg`), with ` [recovered]` panics and the
// `\tpanic: …` lines of panics raised while one was being handled, an optional `[signal …]` line,
// then the panicking goroutine: `goroutine N [running]:` and pairs of lines, the call
// (`pkg.Func(...)`, `pkg.(*T).Method(0xc000…)`) and its place (`\t/path/file.go:123 +0x1d`), down
// to `created by pkg.fn`. Frames are printed innermost first; links keep them outermost first.
// Only the first goroutine is read (GOTRACEBACK=all prints the others after a blank line: they
// did not panic).

import type { TraceSyntax } from '../../core/pack.js';
import type { ErrorLink, Frame } from '../../core/trace.js';
import { isBlank, type LineSource, MAX_LOG_PREFIX } from '../../core/text/lines.js';

const PANIC = 'panic: ';
const FATAL = 'fatal error: ';
const RECOVERED = ' [recovered]';
/** Lines between the header and the goroutine line, at most (a panic's message may span lines). */
const MAX_MESSAGE_LINES = 200;
/** Frames of one goroutine read, at most (a deep recursion prints 100 and an elision line). */
const MAX_FRAMES = 400;

const GOROUTINE = /^goroutine \d+ \[[^\]\n]{1,80}\]:$/;
/** `\t/path/file.go:123 +0x1d` (the offset is absent on inlined frames). */
const PLACE = /^\t(.+?):(\d+)(?: \+0x[0-9a-f]+)?(?: fp=0x[0-9a-f]+ sp=0x[0-9a-f]+ pc=0x[0-9a-f]+)?$/;

/** The header at `line` (a prefix up to MAX_LOG_PREFIX allowed): its kind, where the text starts and the message. */
function header(line: string): { at: number; fatal: boolean; message: string } | null {
  let at = line.indexOf(PANIC);
  let fatal = false;
  if (at < 0 || at > MAX_LOG_PREFIX) {
    at = line.indexOf(FATAL);
    fatal = true;
    if (at < 0 || at > MAX_LOG_PREFIX) return null;
  }
  if (at > 0 && /[\w.]/.test(line[at - 1])) return null;
  return { at, fatal, message: line.slice(at + (fatal ? FATAL.length : PANIC.length)) };
}

/** `pkg.Func(...)` → `pkg.Func`; `created by pkg.fn in goroutine 1` → `pkg.fn`. */
export function callName(line: string): string | null {
  const t = line.trim();
  if (t.startsWith('created by ')) return t.slice(11).replace(/ in goroutine \d+$/, '') || null;
  if (!t.endsWith(')')) return null;
  // the arguments are the last parenthesized group (`(*T)` in a method's name is not)
  let depth = 0;
  for (let i = t.length - 1; i >= 0; i--) {
    if (t[i] === ')') depth++;
    else if (t[i] === '(' && --depth === 0) return i > 0 ? t.slice(0, i) : null;
  }
  return null;
}

export function parsePlace(line: string): { file: string; line: number } | null {
  const m = PLACE.exec(line);
  return m ? { file: m[1], line: Number(m[2]) } : null;
}

/** Read a trace whose header is at `start`; null when no goroutine follows it. */
export function parseGoAt(src: LineSource, start: number): { links: ErrorLink[]; end: number } | null {
  const h = header(src.get(start));
  if (!h) return null;
  const prefix = src.get(start).slice(0, h.at);
  const strip = (l: string) => (prefix && l.startsWith(prefix) ? l.slice(prefix.length) : l);
  // the messages: the first line's, then `\tpanic: …` lines (a panic during the handling of the one before)
  const messages: { text: string[]; recovered: boolean }[] = [{ text: [h.message], recovered: false }];
  let i = start + 1;
  let g = -1;
  for (; i < src.length && i - start <= MAX_MESSAGE_LINES; i++) {
    const l = strip(src.get(i));
    if (GOROUTINE.test(l)) {
      g = i;
      break;
    }
    if (l.startsWith('\t' + PANIC) || l.startsWith('\t' + FATAL)) {
      messages.push({ text: [l.slice(1 + (l.startsWith('\t' + PANIC) ? PANIC.length : FATAL.length))], recovered: false });
      continue;
    }
    if (l.startsWith('[signal ') || isBlank(l)) continue;
    if (header(l)) return null;
    messages[messages.length - 1].text.push(l);
  }
  if (g < 0) return null;
  const frames: Frame[] = [];
  let func: string | null = null;
  let end = g + 1;
  for (let j = g + 1; j < src.length && frames.length < MAX_FRAMES; j++) {
    const l = strip(src.get(j));
    if (isBlank(l)) break;
    const place = parsePlace(l);
    if (place) {
      frames.push({ file: place.file, line: place.line, column: null, func });
      func = null;
      end = j + 1;
      continue;
    }
    const name = callName(l);
    if (name === null && !l.startsWith('...')) break;
    func = name;
    end = j + 1;
  }
  const links: ErrorLink[] = [];
  // (innermost first as printed; a recovered panic's own frames are those below the runtime's `panic(` frame)
  const panicAt = frames.findIndex((f) => f.func === 'panic' && /\/runtime\/panic\.go$/.test(f.file));
  messages.forEach((m, k) => {
    let text = m.text.join('\n').trimEnd();
    if (text.endsWith(RECOVERED)) text = text.slice(0, -RECOVERED.length);
    const own = k === messages.length - 1 || panicAt < 0 ? frames : frames.slice(panicAt + 1);
    links.push({
      errorClass: null,
      message: text,
      errorCode: null,
      frames: [...own].reverse(),
      language: 'go',
      relation: k === 0 ? null : 'context',
      inputLine: start + 1,
    });
  });
  void h.fatal;
  return { links, end };
}

export const goTrace: TraceSyntax = {
  scanAt(src, i, scan) {
    const r = parseGoAt(src, i);
    if (!r) return -1;
    scan.begin(i);
    for (const link of r.links) scan.links.push(link);
    scan.end();
    return Math.max(r.end, i + 1);
  },
  isTraceLine: (line) => GOROUTINE.test(line) || PLACE.test(line) || (line.startsWith(PANIC) && line.endsWith(RECOVERED)) || line.startsWith('\t' + PANIC),
  escapedMarkers: ['[running]:\\n', '\\ngoroutine '],
  // (the runtime's own machinery: the frame of `panic(…)` itself, the scheduler, cgo's trampolines)
  isInternalFile: (file) => /\/src\/runtime\/[^/]+\.go$/.test(file) || file.startsWith('_cgo_') || file === '<autogenerated>',
  indexedFrame: (frame) => (frame.file === '<autogenerated>' || frame.file.startsWith('_cgo_') ? null : frame),
};
