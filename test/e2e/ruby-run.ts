// Ruby libraries Debian installs, copied into a tree of their own and analyzed by the CLI, and the
// messages the real interpreter raises from them: the Ruby pack's end-to-end tests.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { errdex, tmpDir } from './cli.js';

export const RUBY = '/usr/bin/ruby';
/** Where Debian's ruby-* packages install their libraries. */
export const VENDOR = '/usr/lib/ruby/vendor_ruby';

/** The message `code` raises, with `lib` required first (run with `ruby -r lib`). */
export function rubyMessage(lib: string, code: string): string {
  const r = spawnSync(RUBY, [`-r${lib}`, '-e', `begin; ${code}; rescue => e; $stdout.write(e.message); end`]);
  expect(r.status).toBe(0);
  return r.stdout.toString();
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
