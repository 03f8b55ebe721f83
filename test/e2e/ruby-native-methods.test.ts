// Messages Ruby raises in C at calls of a String's or an object's methods: Thread::Mutex's at the
// calls of a mutex's methods in a file that constructs one (real code of rake, bundled with the
// interpreter, run into recursive locking), and `invalid base64` at `str.unpack1("m0")` (the
// standard library's base64.rb). Each message is printed by the real interpreter and explained
// alone. The catalogue's dlopen, TCPSocket and IO.for_fd texts at fiddle.rb's, drb.rb's and tty-command's
// calls. CI needs the Debian packages ruby and ruby-tty-command.
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

describe('ruby: the runtime\'s texts at the calls that hand it the caller\'s value (catalogue: dlopen, TCPSocket, IO.for_fd)', () => {
  /** The first hit for a bare message in an index of `files` (copied from `from`, paths kept). */
  function first(from: string, files: string[], message: string): { filePath: string; lineNumber: number; errorClass: string } {
    const tree = tmpDir('ruby-native-tree');
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(tree, f)), { recursive: true });
      fs.copyFileSync(path.join(from, f), path.join(tree, f));
    }
    const db = path.join(tmpDir('ruby-native-db'), 'index.sqlite');
    expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return explainOutput(r.stdout).hits[0].record;
  }
  const raised = (code: string): string => {
    const r = spawnSync(RUBY, ['-e', `begin; ${code}; rescue Exception => e; $stdout.write(e.class.name + "\\n" + e.message); end`]);
    return r.stdout.toString();
  };

  it('answers the dynamic loader\'s text by Fiddle.dlopen\'s `Fiddle::Handle.new library` (fiddle.rb)', () => {
    const out = raised('require "fiddle"; Fiddle.dlopen("libnosuch-errdex.so.9")');
    expect(out).toBe('Fiddle::DLError\nlibnosuch-errdex.so.9: cannot open shared object file: No such file or directory');
    const hit = first('/usr/lib/ruby/3.1.0', ['fiddle.rb'], out.split('\n')[1]);
    expect(hit).toMatchObject({ filePath: 'fiddle.rb', errorClass: 'Fiddle::DLError' });
    expect(fs.readFileSync('/usr/lib/ruby/3.1.0/fiddle.rb', 'utf8').split('\n')[hit.lineNumber - 1]).toContain('Fiddle::Handle.new library');
  });

  it('answers a refused TCPSocket connection by the call (drb.rb)', () => {
    const out = raised('require "socket"; TCPSocket.open("127.0.0.1", 1)');
    expect(out).toBe('Errno::ECONNREFUSED\nConnection refused - connect(2) for "127.0.0.1" port 1');
    const hit = first('/usr/lib/ruby/3.1.0', ['drb/drb.rb'], out.split('\n')[1]);
    expect(hit).toMatchObject({ filePath: 'drb/drb.rb', errorClass: 'Errno::ECONNREFUSED' });
    expect(fs.readFileSync('/usr/lib/ruby/3.1.0/drb/drb.rb', 'utf8').split('\n')[hit.lineNumber - 1]).toContain('TCPSocket.open(host, port)');
  });

  it('answers a bad descriptor by IO.for_fd\'s call (Debian ruby-tty-command)', () => {
    const gem = '/usr/share/rubygems-integration/all/gems/tty-command-0.10.1';
    const out = raised('require "tty-command"; TTY::Command.new(printer: :null).run("true", in: 97)');
    expect(out).toBe('Errno::EBADF\nBad file descriptor');
    const hit = first(gem, ['lib/tty/command/child_process.rb'], 'Bad file descriptor');
    expect(hit).toMatchObject({ filePath: 'lib/tty/command/child_process.rb', errorClass: 'Errno::EBADF' });
    expect(fs.readFileSync(path.join(gem, 'lib/tty/command/child_process.rb'), 'utf8').split('\n')[hit.lineNumber - 1]).toContain('IO.for_fd');
  });
});
