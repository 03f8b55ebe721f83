// Ruby end to end: messages built away from the raise (held-out round 12, decision 0104), on
// Debian's gems and the real interpreter's messages.
// - webmock 3.18 (ruby-webmock): `WebMock::AssertionFailure.failure(message)` raises
//   `@error_class.new(message)` (a class held by a variable), its callers hand it
//   `verifier.failure_message`, a message-named method of another file whose text has a ternary and
//   a branching method in it (each combination filed) and ends with `"=" * 60`;
//   `NetConnectNotAllowedError#initialize` joins `[text, snippet.a, snippet.b, "=" * 60].compact`.
// - factory_bot 6.2 (ruby-factory-bot): `raise key_error_with_custom_message(e)`, a method that
//   returns a local it constructs from `key_error.message.sub("key not found", "#{@name} not registered")`.
// - activejob 6.1 (ruby-activejob): `DeserializationError#initialize` builds its text from
//   `$!.message` and takes `$!.backtrace`: the handled error's raise goes first.
// - will_paginate 3.3 and iso8601 (ruby-will-paginate, ruby-iso8601): will_paginate's bare
//   `RangeError` is Ruby's, not iso8601's `ISO8601::Errors::RangeError` in the same tree.
// CI needs the Debian packages ruby, ruby-webmock, ruby-factory-bot, ruby-activejob,
// ruby-will-paginate and ruby-iso8601.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { RUBY, VENDOR } from './ruby-run.js';

const GEMS = '/usr/share/rubygems-integration/all/gems';

/** The message `code` raises (any Exception: webmock's derives from Exception itself). */
function raised(code: string): string {
  const r = spawnSync(RUBY, ['-e', `begin; ${code}; rescue Exception => e; $stdout.write(e.message); end`]);
  expect(r.status, r.stderr.toString()).toBe(0);
  return r.stdout.toString();
}

/** The index of a tree holding copies of `from/name` for each name. */
function index(label: string, from: string, names: string[]): string {
  const tree = tmpDir(`ruby-${label}-tree`);
  for (const n of names) cpSync(path.join(from, n), path.join(tree, n), { recursive: true });
  const db = path.join(tmpDir(`ruby-${label}-db`), 'index.sqlite');
  const r = errdex(['analyze', tree, '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return db;
}

function hits(db: string, message: string): { record: { filePath: string; lineNumber: number }; matchType: string }[] {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits;
}

const WEBMOCK = 'require "webmock"; require "net/http"; include WebMock::API; WebMock.enable!; ';

describe('ruby: messages built away from the raise (webmock, factory_bot, activejob, will_paginate)', () => {
  let webmock: string;
  let factoryBot: string;
  let activejob: string;
  let vendor: string;

  beforeAll(() => {
    webmock = index('webmock', GEMS, ['webmock-3.18.1']);
    factoryBot = index('factory-bot', GEMS, ['factory_bot-6.2.1']);
    activejob = index('activejob', GEMS, ['activejob-6.1.7.10']);
    vendor = index('paginate', VENDOR, ['will_paginate', 'will_paginate.rb', 'iso8601', 'iso8601.rb']);
  }, 240_000);

  it('answers an assertion failure at the helper raising a variable\'s class, with the verifier\'s text', () => {
    for (const code of ['assert_requested(:get, "http://example.invalid/items")', 'assert_requested(:get, "http://example.invalid/", at_least_times: 2)']) {
      const message = raised(WEBMOCK + code);
      expect(message).toMatch(/^The request GET http:\/\/example\.invalid\/\S* was expected to execute .* but it executed 0 times\n\nThe following requests were made:/);
      const h = hits(webmock, message);
      expect(h[0].matchType, message).toBe('template');
      expect(h[0].record.filePath).toBe('webmock-3.18.1/lib/webmock/assertion_failure.rb');
    }
  });

  it('answers the refused connection at its raise, the joined lines and the rule read', () => {
    const message = raised(WEBMOCK + 'Net::HTTP.get(URI("http://example.invalid/items?page=2"))');
    expect(message).toMatch(/^Real HTTP connections are disabled\. Unregistered request: GET /);
    expect(message).toMatch(/\n\n={60}$/);
    const h = hits(webmock, message);
    expect(h[0].matchType).toBe('template');
    expect(h[0].record.filePath).toBe('webmock-3.18.1/lib/webmock/http_lib_adapters/net_http.rb');
  });

  it('answers a rewritten KeyError at the raise of the factory method\'s construction', () => {
    const message = raised('require "factory_bot"; FactoryBot.build(:user)');
    expect(message).toBe('Factory not registered: "user"');
    const h = hits(factoryBot, message);
    expect(h[0].matchType).toBe('template');
    expect(h[0].record.filePath).toBe('factory_bot-6.2.1/lib/factory_bot/registry.rb');
    expect(h[0].record.lineNumber).toBe(25);
  });

  it('answers an error taking the handled error\'s backtrace at the handled raise, the wrapper next', () => {
    const message = raised('require "active_support/all"; require "active_job"; require "active_job/arguments"; ActiveJob::Arguments.deserialize([{"_aj_serialized" => "NopeSerializer"}])');
    expect(message).toBe('Error while trying to deserialize arguments: Serializer NopeSerializer is not known');
    const h = hits(activejob, message);
    expect(h[0].record.filePath).toBe('activejob-6.1.7.10/lib/active_job/serializers.rb');
    expect(h.map((x) => x.record.filePath)).toContain('activejob-6.1.7.10/lib/active_job/arguments.rb');
  });

  it('reads a bare core class name as Ruby\'s, not another library\'s nested class', () => {
    const message = raised('require "will_paginate/array"; [1, 2].paginate(page: 0)');
    expect(message).toBe('invalid page: 0');
    const h = hits(vendor, message);
    expect(h[0].matchType).toBe('template');
    expect(h[0].record.filePath).toBe('will_paginate/page_number.rb');
  });
});
