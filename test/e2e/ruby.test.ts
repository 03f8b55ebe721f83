// Ruby end to end: real code of the Debian package ruby-money, installed as Bundler installs a gem
// (vendor/bundle/ruby/<abi>/gems/money-<version>/), analyzed by the CLI, run with bad input by the
// real interpreter, and its printed error explained (as printed here and as if from another
// machine), then the bare message. And one record of a small tree with a GitHub remote, checked
// field by field. CI needs the Debian packages ruby and ruby-money.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, write, explainOutput } from './cli.js';

const RUBY = '/usr/bin/ruby';
const MONEY = '/usr/share/rubygems-integration/all/gems/money-6.16.0';

describe('ruby: a Debian gem analyzed, run and explained', () => {
  let project: string;
  let gem: string;
  let db: string;
  let trace: string;

  beforeAll(() => {
    project = tmpDir('ruby-app');
    db = path.join(tmpDir('ruby-db'), 'index.sqlite');
    gem = path.join(project, 'vendor/bundle/ruby/3.1.0/gems/money-6.16.0');
    fs.mkdirSync(path.dirname(gem), { recursive: true });
    fs.cpSync(MONEY, gem, { recursive: true });
    write(project, 'Gemfile', "gem 'money'\n");
    write(project, 'app.rb', 'require "money"\n\ndef price(code)\n  Money::Currency.new(code)\nend\n\nprice(ARGV[0])\n');
    const run = spawnSync(RUBY, ['-I', path.join(gem, 'lib'), 'app.rb', 'ZZZ'], { cwd: project });
    trace = run.stderr.toString();
    expect(run.status).toBe(1);
    const r = errdex(['analyze', gem, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('the interpreter printed the error raised in the gem', () => {
    expect(trace).toContain(`${gem}/lib/money/currency.rb:40:in \`new': Unknown currency 'zzz' (Money::Currency::UnknownCurrency)`);
  });

  it('explains the trace by its frame, with the value captured', () => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input: trace });
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    const hit = out.links.at(-1).hits[0];
    expect(hit.record).toMatchObject({ filePath: 'lib/money/currency.rb', lineNumber: 40, errorClass: 'UnknownCurrency', errorMessage: "Unknown currency '{id}'", language: 'ruby', package: 'money' });
    expect(hit.record.symbol).toBe('Money::Currency.new');
    expect(hit.matchType).toBe('frame');
    expect(hit.captures).toEqual({ id: 'zzz' });
  });

  it('explains the trace relocated to another machine (a GEM_HOME elsewhere)', () => {
    const moved = trace.split(path.join(project, 'vendor/bundle/ruby/3.1.0/')).join('/home/deploy/.gem/ruby/3.1.0/');
    expect(moved).not.toContain(project + '/vendor');
    const out = explainOutput(errdex(['explain', '-', '--db', db, '--json'], { input: moved }).stdout);
    expect(out.links.at(-1).hits[0].record).toMatchObject({ filePath: 'lib/money/currency.rb', lineNumber: 40 });
  });

  it('explains the bare message by its template', () => {
    const r = errdex(['explain', "Unknown currency 'xyz'", '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'lib/money/currency.rb', lineNumber: 40 });
    expect(out.hits[0].matchType).toBe('template');
    expect(out.hits[0].captures).toEqual({ id: 'xyz' });
  });

  it('answers a bare NoMethodError message by the line of the gem its excerpt quotes (error_highlight)', () => {
    // (raised in C inside `curr.fetch`: no site of the gem says it; Ruby 3.1+ appends the line to the message)
    const run = spawnSync(RUBY, ['-I', path.join(gem, 'lib'), '-e',
      'require "money"; begin; Money::Currency.register(5); rescue NoMethodError => e; print e.message; end'], { cwd: project });
    const message = run.stdout.toString();
    expect(message).toContain('\n        key = curr.fetch(:iso_code).downcase.to_sym\n');
    const out = explainOutput(errdex(['explain', message, '--db', db, '--json']).stdout);
    expect(out.hits[0]).toMatchObject({ matchType: 'line', line: 171, record: { filePath: 'lib/money/currency.rb', errorType: 'call' } });
    expect(out.hits[0].record.symbol).toBe('Money::Currency.register');
    // (the same line's KeyError, raised by Hash#fetch in C, is a site of its own)
    const key = explainOutput(errdex(['explain', 'key not found: :iso_code', '--db', db, '--json']).stdout).hits[0];
    expect(key).toMatchObject({ matchType: 'template', line: 171, record: { filePath: 'lib/money/currency.rb', errorClass: 'KeyError' } });
    // (the first line alone quotes nothing: no line answer)
    const bare = explainOutput(errdex(['explain', message.split('\n')[0], '--db', db, '--json']).stdout);
    expect(bare.hits.some((h: { matchType: string }) => h.matchType === 'line')).toBe(false);
  });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
  }).toString().trim();

describe('ruby: a record, field by field', () => {
  it('has the id, slug, template, pattern, window and permalink of its site', () => {
    const repo = tmpDir('ruby-repo');
    const db = path.join(tmpDir('ruby-repo-db'), 'index.sqlite');
    write(repo, 'lib/shelf/store.rb', [
      'module Shelf',
      '  class Store',
      '    def fetch(key, limit)',
      '      if limit < 0',
      '        raise ArgumentError, "limit for #{key} must be positive, got %d" % limit',
      '      end',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'));
    git(repo, 'init', '-q');
    git(repo, 'remote', 'add', 'origin', 'git@github.com:acme/shelf.git');
    git(repo, 'add', '.');
    git(repo, 'commit', '-qm', 'shelf');
    const sha = git(repo, 'rev-parse', 'HEAD');
    expect(errdex(['analyze', repo, '--db', db]).code).toBe(0);
    const out = explainOutput(errdex(['explain', 'limit for books must be positive, got -3', '--db', db, '--json']).stdout);
    const rec = out.hits[0].record;
    expect(rec).toMatchObject({
      repo: 'acme/shelf',
      slug: 'limit-for-key-must-be-positive-got-limit',
      errorMessage: 'limit for {key} must be positive, got {limit}',
      messagePattern: 'limit for (.+?) must be positive, got (.+?)',
      errorClass: 'ArgumentError',
      errorType: 'exception',
      filePath: 'lib/shelf/store.rb',
      lineNumber: 5,
      symbol: 'Shelf::Store.fetch',
      guards: [{ kind: 'if', text: 'limit < 0', line: 4 }],
      language: 'ruby',
      analyzedSha: sha,
    });
    expect(rec.id).toMatch(/^[0-9a-f]{16}$/);
    const shown = JSON.parse(errdex(['show', rec.id, '--db', db]).stdout);
    expect(shown.sourceCode.split('\n')).toContain('        raise ArgumentError, "limit for #{key} must be positive, got %d" % limit');
    expect(shown.githubUrl).toBe(`https://github.com/acme/shelf/blob/${sha}/lib/shelf/store.rb#L${shown.sourceCodeStart}-L${shown.sourceCodeEnd}`);
    expect(out.hits[0].captures).toEqual({ key: 'books', limit: '-3' });
  });
});

describe('ruby: i18n lookups into a YAML locale file', () => {
  it('reads the entry the key names, its %{placeholders} opened, where it is written', () => {
    const root = tmpDir('ruby-i18n');
    const db = path.join(tmpDir('ruby-i18n-db'), 'index.sqlite');
    write(root, 'lib/shelf/locale/en.yml', [
      '# Shelf messages',
      'en:',
      '  errors:',
      '    messages:',
      '      model_invalid: "Validation failed: %{errors}"',
      "      too_long: 'is too long (maximum is %{count} characters)'",
      '      multi: |',
      '        first line',
      '        second line',
      '',
    ].join('\n'));
    write(root, 'lib/shelf/record.rb', [
      'module Shelf',
      '  class Invalid < StandardError',
      '    def initialize(errors)',
      '      super(I18n.t(:"#{scope}.errors.messages.model_invalid", errors: errors, default: :"errors.messages.model_invalid"))',
      '    end',
      '  end',
      '',
      '  class Record',
      '    def save!',
      '      raise Invalid.new(errors) unless valid?',
      '    end',
      '',
      '    def check_length',
      '      raise ArgumentError, I18n.t(:too_long, scope: [:errors, :messages], count: 5) if long?',
      '    end',
      '  end',
      'end',
      '',
    ].join('\n'));
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    const first = explainOutput(errdex(['explain', "Validation failed: Name can't be blank", '--db', db, '--json']).stdout).hits[0];
    expect(first.record).toMatchObject({ filePath: 'lib/shelf/record.rb', lineNumber: 10, errorClass: 'Invalid', errorMessage: 'Validation failed: {errors}' });
    expect(first.record.definedAt).toMatchObject({ filePath: 'lib/shelf/locale/en.yml', line: 5 });
    const second = explainOutput(errdex(['explain', 'is too long (maximum is 5 characters)', '--db', db, '--json']).stdout).hits[0];
    expect(second.record).toMatchObject({ lineNumber: 14, errorMessage: 'is too long (maximum is {count} characters)' });
  });
});

describe('ruby: the locale file of a real gem (Debian ruby-activemodel) as its message table', () => {
  it('answers the validation error by the raise whose class looks the message up, written in en.yml', () => {
    // ValidationError#initialize: super(I18n.t(:"#{scope}.errors.messages.model_invalid", errors: …, default: :"errors.messages.model_invalid"))
    const gem = '/usr/share/rubygems-integration/all/gems/activemodel-6.1.7.10';
    const db = path.join(tmpDir('ruby-activemodel-db'), 'index.sqlite');
    expect(errdex(['analyze', gem, '--db', db]).code).toBe(0);
    const run = spawnSync(RUBY, ['-e', [
      'require "active_model"',
      'class Person; include ActiveModel::Validations; attr_accessor :name; validates :name, presence: true; end',
      'begin; Person.new.validate!; rescue ActiveModel::ValidationError => e; print e.message; end',
    ].join('\n')]);
    const message = run.stdout.toString();
    expect(message).toBe("Validation failed: Name can't be blank");
    const hit = explainOutput(errdex(['explain', message, '--db', db, '--json']).stdout).hits[0];
    expect(hit.record).toMatchObject({ filePath: 'lib/active_model/validations.rb', errorClass: 'ValidationError', errorMessage: 'Validation failed: {errors}' });
    expect(hit.record.definedAt).toMatchObject({ filePath: 'lib/active_model/locale/en.yml', line: 9 });
    expect(hit.captures).toEqual({ errors: "Name can't be blank" });
  });
});

describe('ruby: a helper that formats the format string its callers give', () => {
  it('binds the caller\'s text as a format, its verbs opened', () => {
    const root = tmpDir('ruby-fmt-helper');
    const db = path.join(tmpDir('ruby-fmt-helper-db'), 'index.sqlite');
    write(root, 'lib/scanner.rb', [
      'class Scanner',
      '  def step',
      '    scan_error("unexpected token %s (expected %s)", @token.id2name, "SPACE")',
      '  end',
      '',
      '  def scan_error(fmt, *args)',
      '    raise ArgumentError, format(fmt, *args)',
      '  end',
      'end',
      '',
    ].join('\n'));
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    const hit = explainOutput(errdex(['explain', 'unexpected token CRLF (expected SPACE)', '--db', db, '--json']).stdout).hits[0];
    expect(hit).toMatchObject({ matchType: 'template', line: 7, record: { filePath: 'lib/scanner.rb', errorClass: 'ArgumentError' } });
    expect(hit.message).toMatch(/^unexpected token \{\w+\} \(expected \{\w+\}\)$/);
  });
});

describe('ruby: a message a method of the class computes (Debian ruby-parslet)', () => {
  // Parslet::Cause#raise is `exception = exception_klass.new(self.to_s, self); Kernel.raise
  // exception` with `def raise(exception_klass=Parslet::ParseFailed)`, and `to_s` ends in
  // `… + " at line #{line} char #{column}#{@context}."`, `@context` set to nil by `initialize`
  // (`#{nil}` is empty) and only given text by `set_label`.
  const PARSLET = '/usr/lib/ruby/vendor_ruby';
  it('answers the bare message by the raise, its text from to_s, an unset @context left out', () => {
    const root = tmpDir('ruby-parslet');
    fs.cpSync(path.join(PARSLET, 'parslet'), path.join(root, 'parslet'), { recursive: true });
    fs.copyFileSync(path.join(PARSLET, 'parslet.rb'), path.join(root, 'parslet.rb'));
    const db = path.join(tmpDir('ruby-parslet-db'), 'index.sqlite');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    const code = 'class P < Parslet::Parser; rule(:a) { str("a") }; root :a; end; begin; P.new.parse("b"); rescue Parslet::ParseFailed => e; puts e.message; end';
    const message = execFileSync(RUBY, ['-I', root, '-rparslet', '-e', code], { encoding: 'utf8' }).trim();
    expect(message).toBe('Expected "a", but got "b" at line 1 char 1.');
    const src = fs.readFileSync(path.join(root, 'parslet/cause.rb'), 'utf8').split('\n');
    const raise = src.findIndex((l) => /^\s*Kernel\.raise exception\b/.test(l)) + 1;
    expect(raise).toBeGreaterThan(0);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'parslet/cause.rb', errorClass: 'Parslet::ParseFailed' });
    expect(hit.lines).toContain(raise);
    expect(hit.captures).toMatchObject({ line: '1', column: '1' });
  });
});

describe('ruby: an exception class whose to_s decorates the message (the interpreter\'s bundled rexml)', () => {
  // REXML::ParseException#to_s is `err = ""` (or the cause's inspect and backtrace), then `err <<
  // super`, `err << "\nLine: #{line}\n"`, … and the unconsumed source, empty once it is read to its
  // end. baseparser.rb raises `REXML::ParseException.new(message, @source)` with `message << " (got
  // '#{md[1]}')" if md` appended: the class by its constant path, the message by its appends.
  const REXML = '/usr/lib/ruby/gems/3.1.0/gems/rexml-3.2.5';
  it('answers the bare message by the raise, the class\'s decoration bound around its text', () => {
    const db = path.join(tmpDir('ruby-rexml-db'), 'index.sqlite');
    expect(errdex(['analyze', REXML, '--db', db]).code).toBe(0);
    const code = 'begin; REXML::Document.new("<a><b></a>"); rescue REXML::ParseException => e; print e.message; puts; puts e.backtrace[0]; end';
    const out = execFileSync(RUBY, ['-I', path.join(REXML, 'lib'), '-rrexml/document', '-e', code], { encoding: 'utf8' });
    const [frame] = out.split('\n').slice(-2);
    const message = out.slice(0, out.length - frame.length - 2);
    expect(message).toBe("Missing end tag for 'b' (got 'a')\nLine: 1\nPosition: 10\nLast 80 unconsumed characters:\n");
    const line = Number(/baseparser\.rb:(\d+):/.exec(frame)?.[1]);
    expect(line).toBeGreaterThan(0);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record.filePath).toBe('lib/rexml/parsers/baseparser.rb');
    expect(hit.lines).toContain(line);
    expect(hit.captures).toMatchObject({ last_tag: 'b', md: 'a', line: '1', position: '10' });
  });
});

describe('ruby: attr_reader :message overrides what initialize passes to super (Debian ruby-json-schema)', () => {
  // JSON::Schema::ValidationError: `@message = message; super(message_with_schema)` with
  // `attr_accessor … :message`: the message is the one the raise passes, not `"… in schema …"`.
  const GEM = '/usr/share/rubygems-integration/all/gems/json-schema-2.8.1';
  it('answers the validation message by the raise in the attribute helper', () => {
    const db = path.join(tmpDir('ruby-jsonschema-db'), 'index.sqlite');
    expect(errdex(['analyze', GEM, '--db', db]).code).toBe(0);
    const code = 'begin; JSON::Validator.validate!({"type"=>"string","maxLength"=>2}, "abc"); rescue JSON::Schema::ValidationError => e; print e.message; end';
    const message = execFileSync(RUBY, ['-I', path.join(GEM, 'lib'), '-rjson-schema', '-e', code], { encoding: 'utf8' });
    expect(message).toBe("The property '#/' was not of a maximum string length of 2");
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'lib/json-schema/attribute.rb', errorClass: 'ValidationError' });
  });
});

describe('ruby: a message that carries the backtrace of the error it wraps (the interpreter\'s bundled rexml)', () => {
  // REXML::ParseException#to_s with a cause: the cause's inspect, its whole backtrace (15 lines
  // here), `...`, the message, then the position lines: a bare message of over 20 lines that no
  // trace parser reads, read whole (not cut at its first lines) and answered by the raise.
  const REXML = '/usr/lib/ruby/gems/3.1.0/gems/rexml-3.2.5';
  it('answers the message by the rescue that wraps the cause', () => {
    const db = path.join(tmpDir('ruby-rexml-cause-db'), 'index.sqlite');
    expect(errdex(['analyze', REXML, '--db', db]).code).toBe(0);
    const code = 'begin; REXML::Document.new("<a></a><b></b>"); rescue REXML::ParseException => e; print e.message; end';
    const message = execFileSync(RUBY, ['-I', path.join(REXML, 'lib'), '-rrexml/document', '-e', code], { encoding: 'utf8' });
    expect(message.startsWith('#<RuntimeError: attempted adding second root element to document>\n')).toBe(true);
    expect(message.split('\n').length).toBeGreaterThan(12);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'lib/rexml/parsers/treeparser.rb', errorClass: 'ParseException' });
    expect(hit.captures).toMatchObject({ message: 'attempted adding second root element to document', line: '1' });
  });
});

describe('ruby: a message that starts with a log level word (Debian ruby-thor)', () => {
  // Thor's handle_argument_error builds `ERROR: "app go" was called with arguments [...]` and a
  // `Usage:` line: not a log line and what follows it, but one message, read whole.
  const THOR = '/usr/share/rubygems-integration/all/gems/thor-1.2.1';
  it('answers the two-line message by the raise, the appended branch that ran', () => {
    const db = path.join(tmpDir('ruby-thor-db'), 'index.sqlite');
    expect(errdex(['analyze', THOR, '--db', db]).code).toBe(0);
    const code = 'class App < Thor; desc "go N", "go"; def go(n); end; end; begin; App.start(["go", "a", "b"], debug: true); rescue Thor::InvocationError => e; print e.message; end';
    const message = execFileSync(RUBY, ['-I', path.join(THOR, 'lib'), '-rthor', '-e', code], { encoding: 'utf8' });
    expect(message).toMatch(/^ERROR: ".* go" was called with arguments \["a", "b"\]\nUsage: ".* go N"$/);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.record).toMatchObject({ filePath: 'lib/thor/base.rb', errorClass: 'InvocationError' });
    expect(hit.captures).toMatchObject({ args: '["a", "b"]' });
    // (a log line with a level and nothing after it is still read as a log line)
    const log = explainOutput(errdex(['explain', message.split('\n')[0], '--db', db, '--json']).stdout);
    expect(log.links[0].message.startsWith('"')).toBe(true);
  });
});

describe('ruby: an error raised with no message says its class (the interpreter\'s bundled matrix)', () => {
  // Matrix.build's `raise ArgumentError if row_count < 0 || …`: the message is `ArgumentError`,
  // read as the class alone with no message, and ranked as the text it also is.
  const MATRIX = '/usr/lib/ruby/gems/3.1.0/gems/matrix-0.4.2';
  it('answers the class name alone by the raise', () => {
    const db = path.join(tmpDir('ruby-matrix-db'), 'index.sqlite');
    expect(errdex(['analyze', MATRIX, '--db', db]).code).toBe(0);
    const code = 'begin; Matrix.build(-1) { 0 }; rescue ArgumentError => e; print e.message; puts; print e.backtrace[0]; end';
    const [message, frame] = execFileSync(RUBY, ['-I', path.join(MATRIX, 'lib'), '-rmatrix', '-e', code], { encoding: 'utf8' }).split('\n');
    expect(message).toBe('ArgumentError');
    const line = Number(/matrix\.rb:(\d+):/.exec(frame)?.[1]);
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    const hit = out.hits.find((h: { record: { filePath: string }; lines: number[] }) => h.record.filePath === 'lib/matrix.rb' && h.lines.includes(line));
    expect(hit?.matchType).toBe('template');
    expect(out.hits[0].record.errorClass).toBe('ArgumentError');
  });
});

describe('ruby: messages written away from the raise, run by the interpreter and explained alone', () => {
  // A small library as gems are written: a message in a constant of another file, in a local
  // assigned in the branches of an `if` or as a `case`'s value, returned by a method of the class
  // given the value (an instance method and a class method), built with a ternary inside the
  // string, a `+=` and a parameter's default, and OpenSSL's own text at the call of a cipher's
  // method, the cipher made by another method of the file.
  const FILES: Record<string, string> = {
    'lib/vault/errors.rb': [
      'module Vault',
      '  class Error < StandardError; end',
      '  NOT_UNSEALED = "the vault is sealed; unseal it with a key first".freeze',
      'end',
    ].join('\n'),
    'lib/vault/box.rb': [
      "require 'openssl'",
      "require_relative 'errors'",
      '',
      'module Vault',
      '  class Box',
      '    def initialize(secret)',
      '      @secret = secret',
      '      @sealed = true',
      '    end',
      '',
      '    def seal(data)',
      '      cipher = new_cipher',
      '      cipher.encrypt',
      '      cipher.key = @secret',
      '      cipher.update(data) + cipher.final',
      '    end',
      '',
      '    def read(slot)',
      '      raise Error, NOT_UNSEALED if @sealed',
      '      slot',
      '    end',
      '',
      '    def store(kind)',
      '      if kind == :shelf',
      '        msg = "shelves cannot hold loose papers"',
      '      else',
      '        msg = "drawers need a label before use"',
      '      end',
      '      raise ArgumentError, msg',
      '    end',
      '',
      '    def grade(level)',
      '      reason = case level',
      '               when :low then "the lock is too weak for this vault"',
      '               else "the lock is not rated for #{level}"',
      '               end',
      '      raise Error, reason',
      '    end',
      '',
      '    def label!(name)',
      '      raise Error, describe(name) unless name =~ /\\A\\w+\\z/',
      '      raise Error, self.class.too_long(name) if name.size > 8',
      '    end',
      '',
      '    def describe(name)',
      '      "the label \'#{name}\' is not one word"',
      '    end',
      '',
      '    def self.too_long(name)',
      '      "the label #{name} is longer than eight letters"',
      '    end',
      '',
      '    def mode!(strict, note = "no reason given")',
      '      msg = "the vault runs #{strict ? \'strictly\' : \'loosely\'}"',
      '      msg += ", refusing: #{note}" unless strict',
      '      raise Error, msg',
      '    end',
      '',
      '    private',
      '',
      '    def new_cipher',
      "      OpenSSL::Cipher.new('aes-256-gcm')",
      '    end',
      '  end',
      'end',
    ].join('\n'),
  };
  const CALLS: [string, number][] = [
    ['Vault::Box.new("k" * 32).read(1)', 19],
    ['Vault::Box.new("k").store(:shelf)', 29],
    ['Vault::Box.new("k").store(:drawer)', 29],
    ['Vault::Box.new("k").grade(:low)', 37],
    ['Vault::Box.new("k").grade(:mid)', 37],
    ['Vault::Box.new("k").label!("two words")', 41],
    ['Vault::Box.new("k").label!("verylongname")', 42],
    ['Vault::Box.new("short").seal("data")', 14],
    ['Vault::Box.new("k").mode!(false)', 56],
  ];
  let db: string;
  let messages: string[];

  beforeAll(() => {
    const root = tmpDir('ruby-vault');
    db = path.join(tmpDir('ruby-vault-db'), 'index.sqlite');
    for (const [rel, text] of Object.entries(FILES)) write(root, rel, `${text}\n`);
    const code = `require 'json'; out = ${JSON.stringify(CALLS.map(([c]) => c))}.map { |c| begin; eval(c); nil; rescue => e; e.message; end }; print JSON.generate(out)`;
    messages = JSON.parse(execFileSync(RUBY, ['-I', path.join(root, 'lib'), '-rvault/box', '-e', code], { encoding: 'utf8' }));
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
  });

  it('the interpreter raised each message', () => {
    expect(messages).toEqual([
      'the vault is sealed; unseal it with a key first',
      'shelves cannot hold loose papers',
      'drawers need a label before use',
      'the lock is too weak for this vault',
      'the lock is not rated for mid',
      "the label 'two words' is not one word",
      'the label verylongname is longer than eight letters',
      'key must be 32 bytes',
      'the vault runs loosely, refusing: no reason given',
    ]);
  });

  it('answers each message alone by its raise', () => {
    for (const [i, message] of messages.entries()) {
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, `${message}: ${r.stderr}`).toBe(0);
      const hit = explainOutput(r.stdout).hits[0];
      expect(hit.matchType, message).toBe('template');
      expect({ message, file: hit.record.filePath, line: hit.record.lineNumber }).toEqual({ message, file: 'lib/vault/box.rb', line: CALLS[i][1] });
    }
  });

  it('says where a constant of another file writes the text, and that the cipher\'s text is the runtime\'s', () => {
    const constant = explainOutput(errdex(['explain', messages[0], '--db', db, '--json']).stdout).hits[0].record;
    expect(constant.definedAt).toMatchObject({ filePath: 'lib/vault/errors.rb', line: 3 });
    const cipher = explainOutput(errdex(['explain', messages[7], '--db', db, '--json']).stdout).hits[0];
    expect(cipher.record.errorClass).toBe('ArgumentError');
    expect(cipher.why.join(' ')).toMatch(/runtime/);
  });
});

describe('ruby: an assertion helper given its message lazily and through another helper', () => {
  // The shape of Minitest's assertions: `assert test, msg` raises `msg`; callers build it as
  // `msg = message(msg) { "…" }` (the block's value, or a method of the file returning the text) or
  // pass it through `flunk(msg)` → `assert false, msg`, with a local only some calls set (nil, it
  // interpolates as nothing). Each message, printed by the real interpreter,
  // is answered by the raise in `assert` with the caller's text.
  const SOURCE = [
    'module Asserts',
    '  class Assertion < StandardError; end',
    '',
    '  def assert test, msg = nil',
    '    unless test then',
    '      msg ||= "Expected #{test.inspect} to be truthy."',
    '      msg = msg.call if Proc === msg',
    '      raise Assertion, msg',
    '    end',
    '    true',
    '  end',
    '',
    '  def message msg = nil, ending = nil, &default',
    '    proc { "#{msg}#{default.call}#{ending || "."}" }',
    '  end',
    '',
    '  def diff exp, act',
    '    "Expected: #{exp.inspect}\\n  Actual: #{act.inspect}"',
    '  end',
    '',
    '  def assert_empty obj, msg = nil',
    '    msg = message(msg) { "Expected #{obj.inspect} to be empty" }',
    '    assert obj.empty?, msg',
    '  end',
    '',
    '  def assert_equal exp, act, msg = nil',
    '    msg = message(msg, "") { diff exp, act }',
    '    assert exp == act, msg',
    '  end',
    '',
    '  def flunk msg = nil',
    '    assert false, msg',
    '  end',
    '',
    '  def assert_raises *exp',
    '    msg = "#{exp.pop}.\\n" if String === exp.last',
    '    yield',
    '    flunk "#{msg}#{exp.first.inspect} expected but nothing was raised."',
    '  end',
    'end',
    '',
  ].join('\n');

  it('answers each message by the raise in assert, with the caller\'s text', () => {
    const root = tmpDir('ruby-lazy-helper');
    const db = path.join(tmpDir('ruby-lazy-helper-db'), 'index.sqlite');
    write(root, 'lib/asserts.rb', SOURCE);
    const code = [
      'include Asserts',
      '[-> { assert_empty [1] }, -> { assert_equal 1, 2 }, -> { assert_raises(ArgumentError) { 1 } }].each do |f|',
      '  begin; f.call; rescue Asserts::Assertion => e; puts e.message.dump; end',
      'end',
    ].join('\n');
    const printed = execFileSync(RUBY, ['-I', path.join(root, 'lib'), '-rasserts', '-e', code], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(printed).toEqual(['Expected [1] to be empty.', 'Expected: 1\n  Actual: 2', 'ArgumentError expected but nothing was raised.']);
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    const expected = ['Expected {obj} to be empty', 'Expected: {exp}\n  Actual: {act}', '{msg}{first} expected but nothing was raised.'];
    printed.forEach((message, i) => {
      const hit = explainOutput(errdex(['explain', message, '--db', db, '--json']).stdout).hits[0];
      expect(hit).toMatchObject({ matchType: 'template', line: 8, message: expected[i], record: { filePath: 'lib/asserts.rb', errorClass: 'Assertion' } });
    });
  });
});
