// Shared CLI plumbing: the index, colors, output streams, usage errors.

import { badInput, type ErrdexError } from '../core/errors.js';
import { errRaw, isTerminal, term, type Safe } from './terminal.js';

export { err, json, jsonText, out, term, type Safe } from './terminal.js';

let color: boolean | undefined;
const useColor = () => (color ??= !process.env.NO_COLOR && isTerminal(1));
const paint = (code: number) => (s: Safe): Safe => (useColor() ? term`\x1b[${code}m${s}\x1b[0m` : s);
export const bold = paint(1);
export const dim = paint(2);
export const green = paint(32);
export const yellow = paint(33);
export const red = paint(31);

const USAGE = new WeakMap<ErrdexError, { message: string; help: Safe }>();

/** A bad-argument error followed by the command's usage text (kept apart, so that only the message is escaped). */
export function usage(message: string, help: Safe): ErrdexError {
  const e = badInput(`${message}\n\n${help}`);
  USAGE.set(e, { message, help });
  return e;
}

/** What the CLI prints for an error it stops on: its message made visible, and the usage text if any. */
export function errorText(e: ErrdexError): Safe {
  const u = USAGE.get(e);
  return u ? term`errdex: ${u.message}\n\n${u.help}` : term`errdex: ${e.message}`;
}

/** A one-line progress bar on stderr, only when stderr is a terminal. */
export function progressBar(label: string, unit = 'files'): { update(done: number, total: number): void; end(): void } {
  if (!isTerminal(2)) return { update() {}, end() {} };
  let last = 0;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - last < 80 && done < total) return;
      last = now;
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      errRaw(term`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${unit}`);
    },
    end() {
      errRaw(term`\r\x1b[K`);
    },
  };
}

export function positiveInt(v: string, flag: string, allowZero = false): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) throw badInput(`${flag} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${v}"`);
  return n;
}
