// Debian's PHP libraries run by the PHP CLI with bad input, and the message each printed explained
// alone in an index of that one library: the PHP pack's end-to-end tests of messages composed away
// from the raise.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { errdex, explainOutput, write } from './cli.js';

/** Runs PHP on a script written in `dir`; the uncaught exception's message and where PHP says it was constructed. */
export function uncaught(dir: string, script: string): { message: string; file: string; line: number } {
  const file = write(dir, `run-${Math.random().toString(36).slice(2)}.php`, script);
  const r = spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', file], { encoding: 'utf8' });
  const m = /PHP Fatal error: {2}Uncaught [\w\\]+: ([^]*?) in (\/\S+\.php):(\d+)\nStack trace:/.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  return { message: m![1], file: m![2], line: Number(m![3]) };
}

/** Indexes already analyzed, by file: each library is analyzed once however many messages ask. */
const analyzed = new Set<string>();

/** The hits for a bare message, in an index of the one library `lib` (kept in `dir`). */
export function hitsFor(dir: string, lib: string, message: string) {
  const db = path.join(dir, `${path.basename(lib)}.sqlite`);
  if (!analyzed.has(db)) {
    const a = errdex(['analyze', lib, '--db', db]);
    expect(a.code, a.stderr).toBe(0);
    analyzed.add(db);
  }
  return explainOutput(errdex(['explain', '--json', '--db', db, message]).stdout).hits;
}
