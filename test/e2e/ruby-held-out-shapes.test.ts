// Ruby end to end: three shapes of message the Debian gems ruby-sass and ruby-sequel raise, each
// analyzed by the CLI, raised by the real interpreter and explained from the message alone.
// - a helper of the file given the error every caller rescued (sass's `rescue ArgumentError => e;
//   reformat_argument_error(e)`, which raises `"#{message} for `#{name}'"` after `message = e.message`):
//   the wrapper, its inner text read as a message of its own;
// - a local interpolated into the message whose text is written only under a condition (`after =
//   "..." + after[-15..-1] if after.size > 18`): the value before it reaches the message too;
// - `require "sequel/adapters/#{file}"`: the LoadError Ruby raises there says the path the code builds;
// and the interpreter's openssl, whose Ruby layer calls its C methods with no receiver from the class
// it reopens (`new(key, digest)` in `HMAC.hexdigest`).
// CI needs the Debian packages ruby, ruby-sass and ruby-sequel.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, explainOutput } from './cli.js';

const RUBY = '/usr/bin/ruby';
const SASS = '/usr/share/rubygems-integration/all/gems/sass-3.7.4';
const SEQUEL = '/usr/lib/ruby/vendor_ruby/sequel';
const OPENSSL = '/usr/lib/ruby/3.1.0/openssl';

/** The message the interpreter's error has after running `code` (which must raise). */
function messageOf(code: string): string {
  const r = spawnSync(RUBY, ['-e', `begin; ${code}; rescue Exception => e; $stdout.write(e.message); exit 3; end`]);
  expect(r.status, r.stderr.toString()).toBe(3);
  return r.stdout.toString();
}

/** The first five hits' file:line (an answer below the confidence threshold too: exit code 4). */
function best(db: string, message: string) {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect([0, 4], r.stderr).toContain(r.code);
  return explainOutput(r.stdout).hits.slice(0, 5).map((h: { record: { filePath: string; lineNumber: number } }) => `${h.record.filePath}:${h.record.lineNumber}`);
}

/** The first hit's file and every line of its record. */
function first(db: string, message: string) {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect([0, 4], r.stderr).toContain(r.code);
  const hit = explainOutput(r.stdout).hits[0];
  return { file: hit.record.filePath, lines: hit.lines };
}

describe('ruby: messages of Debian ruby-sass explained alone', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('ruby-sass-db'), 'index.sqlite');
    const r = errdex(['analyze', SASS, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('answers a message a helper given a rescued error wraps by the helper\'s raise, its inner text by the raise that wrote it', () => {
    const message = messageOf('require "sass"; Sass::Engine.new("a { b: darken(red, 200%) }", syntax: :scss).render');
    expect(message).toBe("Amount 200% must be between 0% and 100% for `darken'");
    const hits = best(db, message);
    expect(hits[0]).toBe('lib/sass/script/tree/funcall.rb:311');
    expect(hits).toContain('lib/sass/util.rb:412');
  });

  it('answers a message whose interpolated local keeps its first value when the rewrite\'s condition does not hold', () => {
    const message = messageOf('require "sass"; Sass::Engine.new("a { color: }", syntax: :scss).render');
    expect(message).toBe('Invalid CSS after "a { color: ": expected expression (e.g. 1px, bold), was "}"');
    expect(best(db, message)[0]).toBe('lib/sass/scss/parser.rb:1308');
  });
});

describe('ruby: a require of a path the code builds (Debian ruby-sequel)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('ruby-sequel-db'), 'index.sqlite');
    const r = errdex(['analyze', SEQUEL, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('answers LoadError\'s message by the require whose written path it holds', () => {
    const plugin = messageOf('require "sequel"; DB = Sequel.mock; class User < Sequel::Model(DB[:users]); end; User.plugin :nosuch');
    expect(plugin).toBe('cannot load such file -- sequel/plugins/nosuch');
    expect(best(db, plugin)[0]).toBe('sequel/model/base.rb:955');
    // (wrapped by Sequel.convert_exception_class, which keeps the LoadError's backtrace: the require is where it was raised)
    const adapter = messageOf('require "sequel"; Sequel.connect("nosuch://localhost/db")');
    expect(adapter).toBe('LoadError: cannot load such file -- sequel/adapters/nosuch');
    expect(best(db, adapter)).toContain('sequel/database/connecting.rb:87');
  });
});

describe('ruby: the interpreter\'s openssl calling its C methods from the classes it reopens', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('ruby-openssl-db'), 'index.sqlite');
    const r = errdex(['analyze', OPENSSL, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('answers the C method\'s message by the call with no receiver in the class\'s method', () => {
    const hmac = messageOf('require "openssl"; OpenSSL::HMAC.hexdigest("nosuch", "key", "data")');
    expect(hmac).toBe('Unsupported digest algorithm (nosuch).: unknown object name');
    // (HMAC.digest and HMAC.hexdigest both call `new(key, digest)`: one record of the file's two lines)
    expect(first(db, hmac)).toMatchObject({ file: 'hmac.rb', lines: [36, 55] });
    const version = messageOf('require "openssl"; OpenSSL::SSL::SSLContext.new.min_version = :TLS9');
    expect(version).toBe('unrecognized version "TLS9"');
    expect(first(db, version)).toMatchObject({ file: 'ssl.rb', lines: [176, 188, 216] });
  });
});
