// Ruby end to end: messages whose text is a locale entry named by a key built away from the raise,
// an error class chosen by a `case`, and a constructor's `fetch` default. grape 1.6 (Debian
// ruby-grape): `raise Grape::Exceptions::UnknownValidator.new(type)`, whose constructor calls
// `compose_message(:unknown_validator, validator_type: …)`, a method of the base class in another
// file that hands the key to `translate("#{BASE_MESSAGES_KEY}.#{key}")`, which hands it to
// `::I18n.translate`: the text is `grape.errors.messages.unknown_validator` of lib/grape/locale/en.yml.
// activerecord 6.1 (Debian ruby-activerecord, with ruby-sqlite3 to run it): RecordInvalid's
// `I18n.t(:"#{@record.class.i18n_scope}.errors.messages.record_invalid", …)`, a key computed at its
// start. regexp_parser 2.6 (Debian ruby-regexp-parser): `error = case type when :posix_class then
// UnknownPosixClassError.new(what) … end; raise error`. pundit 2.1 (Debian ruby-pundit): `raise
// NotAuthorizedError, query: query, record: record`, the constructor's `options.fetch(:message) { "not
// allowed to #{query} this #{record.class}" }`. Each tree is analyzed by the CLI; the messages are
// the real interpreter's. CI needs ruby-grape, ruby-activerecord, ruby-sqlite3, ruby-regexp-parser and
// ruby-pundit.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, RUBY } from './ruby-run.js';

const GEMS = '/usr/share/rubygems-integration/all/gems';

interface Hit { line: number; record: { filePath: string; errorMessage: string; errorClass: string | null; definedAt?: { filePath: string; line: number } } }

/** The hits for a bare message. */
function hits(db: string, message: string): Hit[] {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits;
}

/** What `code` raises, after `require lib`: its message. */
function raised(lib: string, code: string): string {
  const r = spawnSync(RUBY, ['-e', `require "${lib}"\nbegin\n${code}\nrescue => e\n$stdout.write(e.message)\nend`]);
  expect(r.status, r.stderr.toString()).toBe(0);
  return r.stdout.toString();
}

describe('ruby: a locale entry whose key a base class\'s helper builds from a constant and the caller\'s key (Debian ruby-grape)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(GEMS, 'grape-1.6.2');
  }, 120_000);

  it('answers each error by its raise, the text read from lib/grape/locale/en.yml', () => {
    const cases: [string, string, number, string][] = [
      ['class API < Grape::API; params { requires :token, bogus: true }; get("/a") { }; end', 'grape-1.6.2/lib/grape/validations/params_scope.rb', 436, 'unknown validator: {type}'],
      ['class API < Grape::API; params { optional :a; given :nosuch do requires :b end }; get("/a") { }; end', 'grape-1.6.2/lib/grape/dsl/parameters.rb', 207, 'unknown parameter: {attr}'],
    ];
    for (const [code, file, line, template] of cases) {
      const message = raised('grape', code);
      const hit = hits(db, message)[0];
      expect(hit.record, message).toMatchObject({ filePath: file, errorMessage: template });
      expect(hit.line).toBe(line);
      expect(hit.record.definedAt?.filePath).toBe('grape-1.6.2/lib/grape/locale/en.yml');
    }
    expect(raised('grape', 'class API < Grape::API; params { requires :token, bogus: true }; get("/a") { }; end')).toBe('unknown validator: bogus');
  });
});

describe('ruby: a locale key computed at its start (Debian ruby-activerecord)', () => {
  it('answers RecordInvalid\'s message by its raise, the entry whose key ends as written', () => {
    const db = indexCopy(GEMS, 'activerecord-6.1.7.10');
    const message = raised('active_record', [
      'ActiveRecord::Base.establish_connection(adapter: "sqlite3", database: ":memory:")',
      'ActiveRecord::Schema.verbose = false',
      'ActiveRecord::Schema.define { create_table(:users) { |t| t.string :name } }',
      'class User < ActiveRecord::Base; validates :name, presence: true; end',
      'User.create!(name: nil)',
    ].join('\n'));
    expect(message).toBe("Validation failed: Name can't be blank");
    const hit = hits(db, message)[0];
    expect(hit.record).toMatchObject({ filePath: 'activerecord-6.1.7.10/lib/active_record/validations.rb', errorMessage: 'Validation failed: {errors}', errorClass: 'RecordInvalid' });
    expect(hit.line).toBe(80);
  });
});

describe('ruby: error classes a `case` chooses, raised through one local (Debian ruby-regexp-parser)', () => {
  it('answers each class\'s message by the one raise', () => {
    const db = indexCopy(GEMS, 'regexp_parser-2.6.1');
    const cases: [string, string, string][] = [
      ['[[:nosuch:]]', 'Unknown POSIX class {what}', 'UnknownPosixClassError'],
      ['\\\\p{Nosuch}', 'Unknown unicode character property name {what}', 'UnknownUnicodePropertyError'],
    ];
    for (const [pattern, template, cls] of cases) {
      const message = raised('regexp_parser', `Regexp::Parser.parse("${pattern}")`);
      const hit = hits(db, message)[0];
      expect(hit.record, message).toMatchObject({ filePath: 'regexp_parser-2.6.1/lib/regexp_parser/scanner.rb', errorMessage: template, errorClass: cls });
      expect(hit.line).toBe(2667);
    }
    // (a caller's key binds only into the class its `when` chooses: `validation_error(:group, 'named
    // group', 'name is empty')` is InvalidGroupError's text, no other class's)
    const bound = hits(db, 'Invalid named group, name is empty.')[0];
    expect(bound.record).toMatchObject({ errorMessage: 'Invalid named group, name is empty.', errorClass: 'InvalidGroupError' });
    expect(hits(db, 'Unknown POSIX class named group').filter((h) => h.record.errorMessage === 'Unknown POSIX class named group')).toEqual([]);
  });
});

describe('ruby: a constructor\'s `fetch` default, the class raised with a hash (Debian ruby-pundit)', () => {
  it('answers the default message by the raise', () => {
    const db = indexCopy(GEMS, 'pundit-2.1.0');
    const message = raised('pundit', 'class Post; end; class PostPolicy < Struct.new(:user, :post); def update? = false; end; Pundit.authorize(nil, Post.new, :update?)');
    expect(message).toBe('not allowed to update? this Post');
    const hit = hits(db, message)[0];
    // (raised with no message of its own, the class by the full name Ruby prints: decision 0128)
    expect(hit.record).toMatchObject({ filePath: 'pundit-2.1.0/lib/pundit.rb', errorClass: 'Pundit::NotAuthorizedError' });
    expect(hit.line).toBe(72);
  });
});

describe('ruby: a subclass declaring the text its base class\'s `message` reads (Debian ruby-cmdparse)', () => {
  it('answers each subclass\'s message by its raise', () => {
    const db = indexCopy(GEMS, 'cmdparse-3.0.7');
    const parser = 'p = CmdParse::CommandParser.new(handle_exceptions: false); c = CmdParse::Command.new("copy", takes_commands: false); c.action { |src, dest| }; p.add_command(c)';
    const cases: [string, number, string][] = [
      ['p.parse(["deploy"])', 874, 'Invalid command: {str}'],
      ['p.parse([])', 872, 'No command given'],
      ['p.parse(["copy", "a.txt"])', 883, 'Not enough arguments provided, minimum is: {str}'],
    ];
    for (const [code, line, template] of cases) {
      const message = raised('cmdparse', `${parser}; ${code}`);
      const hit = hits(db, message)[0];
      expect(hit.record, message).toMatchObject({ filePath: 'cmdparse-3.0.7/lib/cmdparse.rb', errorMessage: template });
      expect(hit.line).toBe(line);
    }
  });
});
