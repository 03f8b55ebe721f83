// The one way the CLI writes to a terminal. Text that comes from analyzed code or from
// the user (file names, messages, guards, symbols, package names, repo names, captured
// values, echoed input) may hold control characters: an OSC title, a reset (ESC c), a
// CSI sequence, an 8-bit C1 control. Written raw, the terminal would act on them.
//
// So the CLI writes only `Safe` text, and `Safe` is made only here:
// - `term\`...${value}\`` — the literal parts are the CLI's own (its line breaks, its
//   colors); every interpolated value is made visible (ESC as \x1b, other controls as
//   \xNN, \n \r \t as themselves escaped), unless it is already Safe;
// - `json(value)` — JSON text, with the controls JSON.stringify leaves raw (DEL, C1)
//   escaped as \u00NN: it parses back to the exact value;
// - `multiline(text)` — every line made visible, the line breaks kept (a stack trace).
// `out` and `err` take only Safe text, so printing a raw string is a type error.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import { EXIT } from './errors.js';

/** Controls a terminal acts on (C0, DEL, C1), line and paragraph separators, and bidi overrides (which reorder what is shown). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** What JSON.stringify leaves raw of those: it escapes U+0000-U+001F itself. */
const UNSAFE_IN_JSON = /[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');

/** `s` with every control character shown as an escape: `\x1b`, `\x9b`, `\n`, `\u202e`. */
export function visible(s: string): string {
  return s.replace(UNSAFE, (c) => NAMED[c] ?? (c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`));
}

let make: (text: string) => Safe;

/** Text fit for a terminal. Made only by this module's functions; `String(safe)` is its text. */
export class Safe {
  readonly #text: string;
  private constructor(text: string) {
    this.#text = text;
  }
  static {
    make = (text) => new Safe(text);
  }
  get text(): string {
    return this.#text;
  }
  toString(): string {
    return this.#text;
  }
}

/** What `term` interpolates: Safe text as it is, anything else made visible. */
export type TermValue = Safe | string | number;

/** A tagged template: the literal parts are the CLI's own text, every interpolation is made visible. */
export function term(strings: TemplateStringsArray, ...values: TermValue[]): Safe {
  // (only a template literal makes a frozen array with .raw: the literal text is code, never data)
  if (!Object.isFrozen(strings) || !Array.isArray(strings.raw)) throw new TypeError('term is a template tag');
  let s = strings[0];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    s += (v instanceof Safe ? v.text : visible(String(v))) + strings[i + 1];
  }
  return make(s);
}

/** Safe pieces joined by the CLI's own separator. */
export function joinSafe(parts: Safe[], sep: Safe): Safe {
  return make(parts.map((p) => p.text).join(sep.text));
}

/** Text of several lines (a stack trace): every line made visible, the line breaks kept. */
export function multiline(text: string): Safe {
  return make(text.split('\n').map(visible).join('\n'));
}

/** JSON text of `value`, exact when parsed back, with no raw control character in it. */
export function json(value: unknown): Safe {
  return jsonText(JSON.stringify(value, null, 2) ?? 'null');
}

/** JSON text serialized elsewhere (all of it, or a piece of it): exact, with what JSON.stringify leaves raw escaped. */
export function jsonText(text: string): Safe {
  // (these characters occur in JSON text only inside strings, where \u00NN stands for them)
  return make(text.replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`));
}

const require = createRequire(import.meta.url);

/**
 * Whether descriptor `fd` is a terminal. node:tty is loaded only when it may be one (a character
 * device): it loads net and the stream modules, ~3 ms of a command's start, and what explain reads
 * and writes is mostly a pipe or a file. Not process.stdin.isTTY and the like: those make the stream.
 */
export function isTerminal(fd: number): boolean {
  try {
    if (!fs.fstatSync(fd).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return (require('node:tty') as typeof import('node:tty')).isatty(fd);
}

const line = (s: Safe) => (s.text.endsWith('\n') ? s.text : s.text + '\n');

// A reader that stops reading (`errdex explain ... | head -1`) is no failure: what it read is
// what it wanted. Writing on to a closed pipe fails with EPIPE; end quietly, with the exit code
// the run already has (0 while it was still writing its output).
const closedPipe = (): never => process.exit(typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok);

const guarded = new WeakSet<NodeJS.WriteStream>();

/**
 * process.stdout or process.stderr, with a closed pipe ending the run quietly. Made on first use:
 * Node makes a pipe's stream with its net and stream modules, ~3 ms of a command's start.
 */
export function stdio(name: 'stdout' | 'stderr'): NodeJS.WriteStream {
  const stream = process[name];
  if (!guarded.has(stream)) {
    guarded.add(stream);
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE') throw e;
      closedPipe();
    });
  }
  return stream;
}

/** Whether stdout is written through its stream: after its descriptor would have blocked. */
let stdoutStream = false;

/**
 * Writes a line to stdout: straight to its descriptor, as Node's stream would on Linux (a pipe,
 * file or terminal is written synchronously), without making the stream (decision 0034). A
 * descriptor left non-blocking that would block (EAGAIN) is written through the stream from then
 * on, which waits for it.
 */
export const out = (s: Safe): void => {
  const text = line(s);
  if (stdoutStream) return void stdio('stdout').write(text);
  const bytes = Buffer.from(text);
  for (let done = 0; done < bytes.length; ) {
    try {
      done += fs.writeSync(1, bytes, done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') closedPipe();
      if (code !== 'EAGAIN') throw e;
      stdoutStream = true;
      stdio('stdout').write(bytes.subarray(done));
      return;
    }
  }
};

/** Writes a line to stderr. */
export const err = (s: Safe): void => {
  stdio('stderr').write(line(s));
};

/** Writes to stderr as it is (no line break added): the progress bar redrawing its line. */
export const errRaw = (s: Safe): void => {
  stdio('stderr').write(s.text);
};
