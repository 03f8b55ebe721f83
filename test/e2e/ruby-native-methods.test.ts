// Messages Ruby raises in C at calls of a String's or an object's methods: Thread::Mutex's at the
// calls of a mutex's methods in a file that constructs one (real code of rake, bundled with the
// interpreter, run into recursive locking), and `invalid base64` at `str.unpack1("m0")` (the
// standard library's base64.rb). Each message is printed by the real interpreter and explained
// alone. CI needs the Debian package ruby.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const RUBY = '/usr/bin/ruby';
const RAKE = '/usr/lib/ruby/gems/3.1.0/gems/rake-13.0.6';

describe('ruby: a mutex\'s recursive locking answered by its synchronize call (bundled rake)', () => {
  it('answers the bare message by the line of Rake::Promise#value that locks', () => {
    const db = path.join(tmpDir('ruby-mutex-db'), 'index.sqlite');
    expect(errdex(['analyze', RAKE, '--db', db]).code).toBe(0);
    // (a promise whose chore asks for its own value: `@mutex.synchronize` inside `@mutex.synchronize`)
    const run = spawnSync(RUBY, ['-I', path.join(RAKE, 'lib'), '-e', 'require "rake"; require "rake/promise"; p = Rake::Promise.new([]) { p.value }; p.value']);
    const stderr = run.stderr.toString();
    expect(stderr).toContain("lib/rake/promise.rb:32:in `synchronize': deadlock; recursive locking (ThreadError)");
    const r = errdex(['explain', 'deadlock; recursive locking', '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'lib/rake/promise.rb', lineNumber: 32, errorClass: 'ThreadError' });
    // (an unlock not locked: `@mutex.unlock` in #work is a site of that message too)
    const unlock = explainOutput(errdex(['explain', 'Attempt to unlock a mutex which is not locked', '--db', db, '--json']).stdout).hits;
    expect(unlock.map((h: { record: { filePath: string; lineNumber: number } }) => `${h.record.filePath}:${h.record.lineNumber}`)).toContain('lib/rake/promise.rb:48');
  });
});

describe('ruby: `invalid base64` at a strict Base64 unpack (the standard library\'s base64.rb)', () => {
  it('answers the bare message by the unpack1("m0") line', () => {
    const tree = tmpDir('ruby-base64');
    fs.copyFileSync('/usr/lib/ruby/3.1.0/base64.rb', path.join(tree, 'base64.rb'));
    const db = path.join(tmpDir('ruby-base64-db'), 'index.sqlite');
    expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
    const run = spawnSync(RUBY, ['-I', tree, '-e', 'require "base64"; Base64.strict_decode64("a=b")']);
    expect(run.stderr.toString()).toContain("in `unpack1': invalid base64 (ArgumentError)");
    const r = errdex(['explain', 'invalid base64', '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.record).toMatchObject({ filePath: 'base64.rb', errorClass: 'ArgumentError', symbol: 'Base64.strict_decode64' });
    expect(fs.readFileSync(path.join(tree, 'base64.rb'), 'utf8').split('\n')[hit.record.lineNumber - 1]).toContain('str.unpack1("m0")');
  });
});
