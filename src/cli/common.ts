// Shared CLI plumbing: the index, colors, output streams.

import { badInput } from '../core/errors.js';

export { openStore } from '../service/store.js';

const useColor = () => !process.env.NO_COLOR && process.stdout.isTTY === true;
const paint = (code: number) => (s: string) => (useColor() ? `\x1b[${code}m${s}\x1b[0m` : s);
export const bold = paint(1);
export const dim = paint(2);
export const green = paint(32);
export const yellow = paint(33);
export const red = paint(31);

export const out = (s: string) => process.stdout.write(s.endsWith('\n') ? s : s + '\n');
export const err = (s: string) => process.stderr.write(s.endsWith('\n') ? s : s + '\n');

/** A one-line progress bar on stderr, only when stderr is a terminal. */
export function progressBar(label: string): { update(done: number, total: number): void; end(): void } {
  if (!process.stderr.isTTY) return { update() {}, end() {} };
  let last = 0;
  return {
    update(done, total) {
      const now = Date.now();
      if (now - last < 80 && done < total) return;
      last = now;
      const width = 30;
      const filled = total ? Math.round((done / total) * width) : width;
      process.stderr.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} files`);
    },
    end() {
      process.stderr.write('\r\x1b[K');
    },
  };
}

export function positiveInt(v: string, flag: string, allowZero = false): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < (allowZero ? 0 : 1)) throw badInput(`${flag} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got "${v}"`);
  return n;
}
