// Ruby messages a method returns rather than the raise writes, end to end on real installed gems:
// an early `return "…" unless …` of a same-file method (minitest's `diff`, the interpreter's bundled
// gem). Each message is produced by running the gem with bad input, then explained alone.
// CI needs the Debian package ruby (minitest ships with it).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const RUBY = '/usr/bin/ruby';
const MINITEST = '/usr/lib/ruby/gems/3.1.0/gems/minitest-5.15.0';

describe('ruby: a same-file method\'s early return gives the message (bundled minitest)', () => {
  // `assert_equal` → `msg = message(msg, E) { diff exp, act }` → `diff` returns
  // `"Expected: #{mu_pp exp}\n  Actual: #{mu_pp act}" unless expect` before computing a diff
  // (its last expression, `result`, has no text).
  it('answers assert_equal\'s message by the raise in `assert`', () => {
    const db = path.join(tmpDir('ruby-minitest-db'), 'index.sqlite');
    expect(errdex(['analyze', MINITEST, '--db', db]).code).toBe(0);
    const code = 'class T; include Minitest::Assertions; attr_accessor :assertions; def initialize; @assertions = 0; end; end; '
      + 'begin; T.new.assert_equal "admin", "guest"; rescue Minitest::Assertion => e; print e.message; end';
    const message = execFileSync(RUBY, ['-I', path.join(MINITEST, 'lib'), '-rminitest', '-e', code], { encoding: 'utf8' });
    expect(message).toBe('Expected: "admin"\n  Actual: "guest"');
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'lib/minitest/assertions.rb', lineNumber: 183, errorClass: 'Minitest::Assertion' });
    expect(hit.captures).toEqual({ exp: '"admin"', act: '"guest"' });
  });
});
