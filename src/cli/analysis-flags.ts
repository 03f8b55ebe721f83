// What the commands that analyze (analyze, index) share: their size and thread flags, and how
// their problems are listed. (Apart from common.ts; the default size is the scan's own, so that
// `index` loads no analysis pipeline until a tree is to be read.)

import type { Problem } from '../core/store.js';
import { DEFAULT_MAX_FILE_SIZE } from '../scan/read.js';
import { err, positiveInt, term, yellow } from './common.js';

export function analysisFlags(values: { 'max-file-size'?: string; threads?: string }): { maxFileSize: number; threads: number | undefined } {
  return {
    maxFileSize: values['max-file-size'] ? positiveInt(values['max-file-size'], '--max-file-size') : DEFAULT_MAX_FILE_SIZE,
    threads: values.threads !== undefined ? positiveInt(values.threads, '--threads', true) : undefined,
  };
}

/** The first 20 problems as `label: path: problem`, then how many more (`--json` has them all). */
export function printProblems(problems: Problem[], label: string, more: string): void {
  for (const p of problems.slice(0, 20)) err(yellow(term`${label}: ${p.path}: ${p.problem}`));
  if (problems.length > 20) err(yellow(term`... and ${problems.length - 20} more ${more} (see --json)`));
}
