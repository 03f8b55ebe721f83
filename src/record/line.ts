// The record of a line no site is on: the answer when a trace's innermost
// indexed frame is a call into native code or another package (match/line-answer.ts).
// It is built when explain needs it, from the file's stored text, with what a site's
// record holds: the window, the permalink, the symbol and guards at the line, and
// the message as the error printed it (the index has no template for it).

import type { LineContext } from '../core/pack.js';
import type { StoredSource } from '../core/store.js';
import { escapeRegex } from '../template/ir.js';
import type { StoredRecord } from './complete.js';
import { cutAround, permalink, sha256Hex, slugify, SourceLines, sourceWindow } from './ids.js';

export interface LineError {
  errorClass: string | null;
  errorCode: string | null;
  message: string;
}

/** The record for `line` of a stored file, and the code of the line; null when the file has no such line. */
export function lineRecord(
  src: StoredSource, text: string, line: number, column: number | null, ctx: LineContext | null, error: LineError,
): { record: StoredRecord; code: string } | null {
  const lines = new SourceLines(text);
  if (line < 1 || line > lines.count) return null;
  const win = sourceWindow(lines, line, column ?? 1);
  // (keyed by the place and the error: one line raises whatever its call raises)
  const id = sha256Hex(`${src.repo}\u0001${src.filePath}:${line}\u0001${error.errorClass ?? ''}\u0001${error.message}`).slice(0, 16);
  const record: StoredRecord = {
    id,
    repo: src.repo,
    slug: slugify(error.message),
    errorCode: error.errorCode,
    errorMessage: error.message,
    messagePattern: escapeRegex(error.message),
    errorType: 'call',
    errorClass: error.errorClass,
    httpStatus: null,
    severity: 'error',
    filePath: src.filePath,
    lineNumber: line,
    sourceCode: win.text,
    sourceCodeStart: win.start,
    sourceCodeEnd: win.end,
    githubUrl: permalink(src.repo, src.sha, src.filePath, win.start, win.end),
    analyzedSha: src.sha,
    analyzedAt: src.analyzedAt,
    contentChangedAt: src.analyzedAt,
    schemaVersion: 2 as const,
    language: src.language,
    symbol: ctx?.symbol ?? null,
    guards: ctx?.guards ?? [],
    placeholders: {},
    generic: false,
    alsoAt: [],
    package: src.package,
    version: src.version,
    tags: ['raised-in-call'],
  };
  return { record, code: codeAt(lines.line(line), column) };
}

const MAX_CODE = 300;

/** A line's code, trimmed; a longer line (a minified file's) is cut around the column. */
function codeAt(l: string, column: number | null): string {
  const t = l.trim();
  return t.length <= MAX_CODE ? t : cutAround(l, column ?? 1, MAX_CODE);
}
