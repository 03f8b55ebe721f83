// Ruby messages a method returns rather than the raise writes, end to end on real installed gems:
// an early `return "…" unless …` of a same-file method (minitest's `diff`, the interpreter's bundled
// gem), and a message-named method each subclass overrides in a file of its own (json-schema's
// `error_message`); and the text `PP.pp(obj, "…")` returns (Debian's temple). Each message is produced
// by running the gem with bad input, then explained alone. And rspec-expectations' failures: the
// raise is `notify_failure(ExpectationNotMetError.new(message))` in fail_with.rb, the text each
// matcher's `failure_message`, reached through `message ||= matcher.__send__(failure_message_method)`.
// CI needs the Debian packages ruby (minitest ships with it), ruby-json-schema, ruby-temple and
// ruby-rspec-expectations.
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

describe('ruby: an overridden message-named method gives each subclass\'s text (Debian ruby-json-schema)', () => {
  // LimitAttribute.validate: `description = error_message(schema)` (its own `def self.error_message`
  // raises NotImplementedError), `format("The property '%s' %s", property, description)`, passed to
  // `validation_error`; each limit's subclass defines `self.error_message` in a file of its own.
  const GEM = '/usr/share/rubygems-integration/all/gems/json-schema-2.8.1';
  const run = (schema: string, data: string) => execFileSync(RUBY, ['-I', path.join(GEM, 'lib'), '-rjson-schema', '-e',
    `begin; JSON::Validator.validate!(${schema}, ${data}); rescue JSON::Schema::ValidationError => e; print e.message; end`], { encoding: 'utf8' });

  it('answers the limit messages by the raise, their text defined in the subclass\'s file', () => {
    const db = path.join(tmpDir('ruby-overridden-db'), 'index.sqlite');
    expect(errdex(['analyze', GEM, '--db', db]).code).toBe(0);
    for (const [schema, data, file] of [
      ['{"type"=>"string","maxLength"=>2}', '"abc"', 'lib/json-schema/attributes/limits/max_length.rb'],
      ['{"type"=>"array","minItems"=>3}', '[1]', 'lib/json-schema/attributes/limits/min_items.rb'],
    ]) {
      const message = run(schema, data);
      expect(message).toMatch(/^The property '#\/' /);
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const hits = explainOutput(r.stdout).hits;
      expect(hits[0].matchType).toBe('template');
      expect(hits[0].record).toMatchObject({ filePath: 'lib/json-schema/attribute.rb', errorClass: 'ValidationError' });
      expect(hits[0].record.definedAt).toMatchObject({ filePath: file });
      // (the text is the subclass's, not only the generic `The property '{p}' {message}`)
      expect(hits[0].record.errorMessage).not.toMatch(/' \{\w+\}$/);
    }
  });
});

describe('ruby: PP.pp(obj, text) is the text, the object pretty-printed, a newline (Debian ruby-temple)', () => {
  // GrammarDSL#validate!: `raise(InvalidExpression, PP.pp(entry.last, "#{@grammar}::#{entry.first} did not match\n"))`
  const TEMPLE = '/usr/lib/ruby/vendor_ruby/temple';
  it('answers the validator\'s message by its raise', () => {
    const db = path.join(tmpDir('ruby-temple-db'), 'index.sqlite');
    expect(errdex(['analyze', TEMPLE, '--db', db]).code).toBe(0);
    const code = 'begin; Temple::Filters::Validator.new.compile([:html, :tag, "a"]); rescue Temple::InvalidExpression => e; print e.message; end';
    const message = execFileSync(RUBY, ['-rtemple', '-e', code], { encoding: 'utf8' });
    expect(message).toBe('Temple::Grammar::HTMLAttr did not match\n[:html, :tag, "a"]\n');
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'temple/mixins/grammar_dsl.rb', lineNumber: 70, errorClass: 'InvalidExpression' });
    expect(hit.captures).toMatchObject({ last: '[:html, :tag, "a"]' });
  });
});

describe('ruby: a matcher protocol\'s failure_message at the helper raising it (Debian ruby-rspec-expectations)', () => {
  const GEM = '/usr/share/rubygems-integration/all/gems/rspec-expectations-3.12.1';
  it('answers eq\'s and be_truthy\'s failures by fail_with, their text defined in the matcher', () => {
    const db = path.join(tmpDir('ruby-rspec-db'), 'index.sqlite');
    expect(errdex(['analyze', GEM, '--db', db]).code).toBe(0);
    const run = (expectation: string) => execFileSync(RUBY, ['-e',
      `require "rspec/expectations"; include RSpec::Matchers; begin; ${expectation}; rescue RSpec::Expectations::ExpectationNotMetError => e; print e.message; end`], { encoding: 'utf8' });
    for (const [expectation, file] of [
      ['expect("a").to eq("b")', 'lib/rspec/matchers/built_in/eq.rb'],
      ['expect(false).to be_truthy', 'lib/rspec/matchers/built_in/be.rb'],
    ]) {
      const message = run(expectation);
      expect(message).toMatch(/expected: /);
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const hit = explainOutput(r.stdout).hits[0];
      expect(hit.matchType).toBe('template');
      expect(hit.record).toMatchObject({ filePath: 'lib/rspec/expectations/fail_with.rb', lineNumber: 35, errorClass: 'RSpec::Expectations::ExpectationNotMetError' });
      expect(hit.record.definedAt).toMatchObject({ filePath: file });
    }
  });
});
