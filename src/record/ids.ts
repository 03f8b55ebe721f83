// Fixed derivations from DESIGN.md; the seed record reproduces with each.

import { createRequire } from 'node:module';

// (node:crypto is loaded by the first hash: explain hashes only to build a line answer, and
// loading it costs a process ~11 ms of CPU at start, measured)
const require = createRequire(import.meta.url);
let crypto: typeof import('node:crypto') | undefined;
const cryptoModule = (): typeof import('node:crypto') => (crypto ??= require('node:crypto') as typeof import('node:crypto'));

/**
 * SHA-256 in hex. The one-shot `crypto.hash` (Node 20.12+) costs a quarter of a
 * Hash object for short inputs, and an analysis hashes every file and record id.
 */
export function sha256Hex(data: string | Buffer): string {
  const c = cryptoModule();
  return c.hash ? c.hash('sha256', data, 'hex') : c.createHash('sha256').update(data).digest('hex');
}

/** A SHA-1 of the text in base64: a key, not a security measure (node:crypto loaded on first use, as sha256Hex's). */
export const sha1Base64 = (text: string): string => cryptoModule().createHash('sha1').update(text).digest('base64');

export function recordId(repo: string, errorCode: string | null, errorMessage: string, filePath: string, errorClass?: string): string {
  // (the class only for a second class raising the message in the file: the rule's id is the first's)
  return sha256Hex(`${repo}\u0001${errorCode ?? errorMessage}\u0001${filePath}${errorClass === undefined ? '' : `\u0001${errorClass}`}`).slice(0, 16);
}

/** Lower-case, runs of non-alphanumerics → `-`, at most 60 characters cut at a word boundary. */
export function slugify(text: string, max = 60): string {
  const s = text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (s.length <= max) return s;
  const cut = s.slice(0, max + 1);
  const at = cut.lastIndexOf('-');
  return (at > 0 ? cut.slice(0, at) : s.slice(0, max)).replace(/-+$/, '');
}

export const WINDOW = 18;
export const MAX_WINDOW_LINE = 500;

/** Lines of a file's text, found on first use by their start offsets (not by splitting the whole text). */
export class SourceLines {
  private starts: number[] | null = null;

  constructor(private readonly text: string) {}

  private index(): number[] {
    if (this.starts) return this.starts;
    const starts = [0];
    for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
    return (this.starts = starts);
  }

  /** As `text.split('\n').length`. */
  get count(): number {
    return this.index().length;
  }

  /** Line `n` (1-based) without its `\n`, as `text.split('\n')[n - 1]`. */
  line(n: number): string {
    const s = this.index();
    return this.text.slice(s[n - 1], n < s.length ? s[n] - 1 : this.text.length);
  }
}

/** The source window around a line: 18 lines before to 18 after, clipped to the file. */
export function sourceWindow(lines: SourceLines, line: number, column = 1): { start: number; end: number; text: string } {
  const start = Math.max(1, line - WINDOW);
  const end = Math.min(lines.count, line + WINDOW);
  // Line length is capped so one data line cannot bloat every record of its file; the site's own
  // line (a whole minified file) is cut around the site's column.
  const out: string[] = [];
  for (let n = start; n <= end; n++) out.push(cutAround(lines.line(n), n === line ? column : 1, MAX_WINDOW_LINE));
  return { start, end, text: out.join('\n') };
}

/** At most `max` characters of a long line, around `column` (1-based; the line's start at 1), marked `…` where cut. */
export function cutAround(l: string, column: number, max: number): string {
  if (l.length <= max) return l;
  const from = Math.max(0, Math.min(column - 1 - max / 5, l.length - max));
  return (from > 0 ? '…' : '') + l.slice(from, from + max) + (from + max < l.length ? '…' : '');
}

export function permalink(repo: string, sha: string | null, filePath: string, start: number, end: number): string | null {
  if (!sha || !/^[^/\s]+\/[^/\s]+$/.test(repo)) return null;
  return `https://github.com/${repo}/blob/${sha}/${filePath.split('/').map(encodeURIComponent).join('/')}#L${start}-L${end}`;
}
