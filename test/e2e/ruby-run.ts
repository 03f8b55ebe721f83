// Ruby libraries Debian installs, copied into a tree of their own and analyzed by the CLI, and the
// messages the real interpreter raises from them: the Ruby pack's end-to-end tests.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

export const RUBY = '/usr/bin/ruby';
/** Where Debian's ruby-* packages install their libraries. */
export const VENDOR = '/usr/lib/ruby/vendor_ruby';

/** The message `code` raises, with `lib` required first (run with `ruby -r lib`). */
export function rubyMessage(lib: string, code: string): string {
  const r = spawnSync(RUBY, [`-r${lib}`, '-e', `begin; ${code}; rescue => e; $stdout.write(e.message); end`]);
  expect(r.status).toBe(0);
  return r.stdout.toString();
}

/** The message `code` raises (any Exception), with nothing required first. */
export function rubyRaised(code: string): string {
  const r = spawnSync(RUBY, ['-e', `begin; ${code}; rescue Exception => e; $stdout.write(e.message); end`]);
  expect(r.status, r.stderr.toString()).toBe(0);
  return r.stdout.toString();
}

/** A hit of `errdex explain --json`, as these tests read it. */
export interface RubyHit { line: number; score: number; record: { filePath: string; errorMessage: string; errorClass: string } }

/** The hits `errdex explain` gives for a message, against the index `db`. */
export function explainHits(msg: string, db: string): RubyHit[] {
  const r = errdex(['explain', msg, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits;
}

/** The index of a copy of the library directory `from/name`, in a tree holding only it: the index file. */
export function indexCopy(from: string, name: string): string {
  const tree = tmpDir(`ruby-${name}-tree`);
  cpSync(path.join(from, name), path.join(tree, name), { recursive: true });
  const db = path.join(tmpDir(`ruby-${name}-db`), 'index.sqlite');
  const r = errdex(['analyze', tree, '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return db;
}
