// Ruby end to end: messages that reach their raise through helpers, the text written in a table or in
// the caller. clamp 1.1 (Debian ruby-clamp): `signal_usage_error Clamp.message(:too_many_arguments)`,
// where `Clamp.message(key, options)` is `format(messages.fetch(key), options)`, `messages` returns
// `@messages`, which holds `DEFAULTS.dup` (a table of `%<name>s` formats); `signal_usage_error`
// does `e = UsageError.new(message, self); e.set_backtrace(caller); raise e`, so the trace's first
// frame is the call, where each message is a record. rspec-mocks 3.12 (Debian ruby-rspec-mocks):
// `__raise "#{intro} received unexpected message …"` builds `MockExpectationError.new(message)` and
// hands it to `notify(*args)`, which passes it to rspec-support's `notify_failure(*args)`: the
// messages are records at that line. The trees are analyzed by the CLI, the real interpreter raises.
// coderay 1.1: `Tokens#method_missing` falls back to `super`, where Ruby raises NoMethodError. test-unit
// (shipped with Ruby): `build_message(message, "<?> expected but was\n<?>.?", …)` handed to `assert_block`.
// parser 3.1: `raise Parser::SyntaxError, diagnostic`, the text a `MESSAGES` entry the diagnostic names.
// http.rb 4.4 (Debian ruby-http): `argument_error!(message)` raises with `caller(1..-1)`, so the trace starts
// at its call, where each message is a record. excon 0.88 (Debian ruby-excon): a message `puts` into a `StringIO`, then
// raised as `message.string`.
// CI needs the Debian packages ruby, ruby-clamp, ruby-rspec-mocks, ruby-coderay, ruby-whitequark-parser, ruby-http and ruby-excon.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, RUBY, rubyMessage, VENDOR } from './ruby-run.js';

const RSPEC_MOCKS = '/usr/share/rubygems-integration/all/gems/rspec-mocks-3.12.1';

/** The first hit for `input`: its record's file and message, and its line. */
function first(db: string, input: string): { file: string; line: number; message: string } {
  const r = errdex(['explain', input, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  const hit = explainOutput(r.stdout).hits[0];
  return { file: hit.record.filePath, line: hit.line, message: hit.record.errorMessage };
}

describe('ruby: a table lookup handed to a helper that raises with its caller\'s backtrace (Debian ruby-clamp)', () => {
  let db: string;
  const command = 'class C < Clamp::Command; option "--n", "N", "n", required: true; def execute; end; end';

  beforeAll(() => {
    db = indexCopy(VENDOR, 'clamp');
  }, 120_000);

  it('answers each usage error by the call that looks its text up, its format fields opened', () => {
    const cases: [string, string, string][] = [
      ['C.new("c").parse(["--bogus"])', 'clamp/option/parsing.rb', "Unrecognised option '{switch}'"],
      ['C.new("c").parse([])', 'clamp/option/parsing.rb', "option '{option}' is required"],
      ['C.new("c").parse(["--n", "1", "extra"])', 'clamp/command.rb', 'too many arguments'],
    ];
    for (const [code, file, template] of cases) {
      const message = rubyMessage('clamp', `${command}; ${code}`);
      expect(first(db, message), message).toMatchObject({ file, message: template });
    }
  });

  it('names the line the trace starts at, the call, not the helper\'s raise', () => {
    const r = spawnSync(RUBY, ['-rclamp', '-e', `${command}; C.new("c").parse(["--bogus"])`]);
    const trace = r.stderr.toString();
    const top = /clamp\/option\/parsing\.rb:(\d+)/.exec(trace);
    expect(top).not.toBeNull();
    expect(first(db, rubyMessage('clamp', `${command}; C.new("c").parse(["--bogus"])`)).line).toBe(Number(top![1]));
  });
});

describe('ruby: an error built by a helper and handed to a failure notifier (Debian ruby-rspec-mocks)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(RSPEC_MOCKS, 'lib');
  }, 120_000);

  it('answers the callers\' messages at the notifier\'s line', () => {
    // (MockExpectationError is an Exception, not a StandardError)
    const run = (code: string): string => {
      const r = spawnSync(RUBY, ['-rrspec/mocks/standalone', '-e', `begin; ${code}; rescue Exception => e; $stdout.write(e.message); end`]);
      expect(r.status).toBe(0);
      return r.stdout.toString();
    };
    const messages = [
      run('d = double("thing"); d.foo'),
      run('d = double("thing"); allow(d).to receive(:foo).with(1); d.foo(2)'),
    ];
    expect(messages[0]).toBe('#<Double "thing"> received unexpected message :foo with (no args)');
    for (const message of messages) {
      expect(first(db, message), message).toMatchObject({ file: 'lib/rspec/mocks/error_generator.rb', line: 348 });
    }
    expect(first(db, messages[0]).message).toBe('{intro} received unexpected message :{message} with (no args)');
  });
});

describe('ruby: a message builder\'s text with `?` markers, raised by the helper it is handed to (test-unit, shipped with Ruby)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy('/usr/lib/ruby/gems/3.1.0/gems/test-unit-3.5.3', 'lib');
  }, 120_000);

  it('answers assertion failures by assert_block\'s raise, each marker a value', () => {
    const run = (code: string) => rubyMessage('test/unit/assertions', `include Test::Unit::Assertions; ${code}`);
    const cases: [string, string][] = [
      ['assert_equal(200, 404)', '<{expected}> expected but was\n<{actual}>.{diff}'],
      ['assert_not_nil(nil)', '<{object}> was expected to not be nil.'],
    ];
    for (const [code, template] of cases) {
      const message = run(code);
      expect(first(db, message), message).toMatchObject({ file: 'lib/test/unit/assertions.rb', message: template });
    }
    expect(run('assert_equal(200, 404)')).toBe('<200> expected but was\n<404>.');
  });
});

describe('ruby: method_missing falling back to super raises the interpreter\'s NoMethodError there (Debian ruby-coderay)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'coderay');
  }, 120_000);

  it('answers the undefined method by the super of the class the message names', () => {
    const message = rubyMessage('coderay', 'CodeRay.scan("x", :ruby).nosuch_format');
    expect(message).toBe('undefined method `nosuch_format\' for ["x", :ident]:CodeRay::Tokens');
    expect(first(db, message)).toMatchObject({ file: 'coderay/tokens.rb', message: 'undefined method `{meth}\' for {self}:CodeRay::Tokens' });
    // (the form Ruby 3.4 prints)
    expect(first(db, 'undefined method \'nosuch_format\' for an instance of CodeRay::Tokens').file).toBe('coderay/tokens.rb');
  });
});

describe('ruby: an error built from an object\'s message that looks a table up by what the object holds (Debian ruby-whitequark-parser)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy('/usr/share/rubygems-integration/all/gems', 'parser-3.1.3.0');
  }, 180_000);

  it('answers each diagnostic by the engine\'s raise, the text an entry of Parser::MESSAGES', () => {
    // `raise Parser::SyntaxError, diagnostic`; SyntaxError's `super(diagnostic.message)`; Diagnostic's
    // `def message = Messages.compile(@reason, @arguments)`; `compile` formats `MESSAGES[reason]`
    const cases: [string, string][] = [
      ['def', 'unexpected token {token}'],
      ['"abc', 'unterminated string meets end of file'],
      ['@1 = 2', '`{name}\' is not allowed as an instance variable name'],
    ];
    for (const [source, template] of cases) {
      const message = rubyMessage('parser/current', `Parser::CurrentRuby.parse(${JSON.stringify(source)})`);
      expect(first(db, message), message).toMatchObject({ file: 'parser-3.1.3.0/lib/parser/diagnostic/engine.rb', message: template });
    }
  });
});

describe('ruby: a helper that raises with `caller(1..-1)` as the backtrace (Debian ruby-http)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'http');
  }, 120_000);

  it('answers each message at the call of `argument_error!`, the line the trace starts at, not the helper\'s raise', () => {
    // http.rb 4.4 HTTP::Options: `def argument_error!(message) raise(Error, message, caller(1..-1)) end`
    for (const code of ['HTTP.use(:brotli)', 'HTTP.follow("yes")']) {
      const r = spawnSync(RUBY, ['-rhttp', '-e', code]);
      const top = /^\/usr\/lib\/ruby\/vendor_ruby\/(http\/options\.rb):(\d+):/.exec(r.stderr.toString());
      expect(top, r.stderr.toString()).not.toBeNull();
      const hit = first(db, rubyMessage('http', code));
      expect(hit, code).toMatchObject({ file: 'http/options.rb', line: Number(top![2]) });
      expect(hit.line).not.toBe(194);
    }
    expect(first(db, rubyMessage('http', 'HTTP.use(:brotli)')).message).toBe('Unsupported feature: {name}');
  });
});

describe('ruby: a message written into a StringIO buffer and read whole (Debian ruby-excon)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy('/usr/share/rubygems-integration/all/gems/excon-0.88.0', 'lib');
  }, 120_000);

  it('answers the stub error by the raise of `message.string`, the buffer\'s first line its text', () => {
    // excon 0.88 Mock#request_call: `message = StringIO.new; message.puts('no stubs matched');
    // Excon::PrettyPrinter.pp(message, datum); raise(Excon::Errors::StubNotFound.new(message.string))`
    const message = rubyMessage('excon', 'Excon.get("http://example.invalid/items", mock: true)');
    expect(message.startsWith('no stubs matched\n')).toBe(true);
    expect(first(db, message)).toMatchObject({ file: 'lib/excon/middlewares/mock.rb', line: 53, message: 'no stubs matched\n{string}' });
  });
});
