// Thread::Mutex's own messages (raised in C) at the calls of a mutex's methods, in a file that
// constructs one: real code of rake (bundled with the interpreter), run into recursive locking by
// the real interpreter, its message explained alone. CI needs the Debian package ruby.
import { spawnSync } from 'node:child_process';
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
