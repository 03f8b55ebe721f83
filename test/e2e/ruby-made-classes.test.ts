// Ruby end to end (decision 0088): error classes made away from their raise. rest-client 2.1 (Debian
// ruby-rest-client): exceptions.rb makes one class per HTTP status in a loop, `STATUSES.each_pair do
// |code, message| klass = Class.new(RequestFailed) do send(:define_method, :default_message) {
// "#{http_code ? "#{http_code} " : ''}#{message}" } end; … Exceptions::EXCEPTIONS_MAP[code] =
// klass_constant end`, and abstract_response.rb raises one through the map, `klass =
// Exceptions::EXCEPTIONS_MAP.fetch(code)` then `raise klass.new(self, code)`; a status the map lacks
// raises RequestFailed, whose `def default_message "HTTP status code #{http_code}" end` is what its
// base's `def message @message || default_message end` says. The tree is analyzed by the CLI; the
// messages are the real interpreter's, from responses built without a network. mixlib-shellout 3.2
// (Debian ruby-mixlib-shellout): unix.rb's `module Unix` of `class ShellOut` raises `CommandTimeout,
// "Command timed out after #{@execution_time.to_i}s:\n#{format_for_exception}"`, a helper of no
// parameters shellout.rb defines (its text built by appends). CI needs ruby-rest-client and
// ruby-mixlib-shellout.
import { describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, rubyMessage, VENDOR } from './ruby-run.js';

const GEMS = '/usr/share/rubygems-integration/all/gems';

interface Hit { line: number; record: { filePath: string; errorMessage: string; errorClass: string | null; definedAt?: { filePath: string; line: number } } }

function hits(db: string, message: string): Hit[] {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits;
}

/** What `return!` raises for a response of this Net::HTTP class and status. */
const response = (cls: string, code: string, reason: string) => [
  'req = RestClient::Request.new(method: :get, url: "http://example.invalid/items/7")',
  `res = ${cls}.new("1.1", "${code}", "${reason}")`,
  'res.instance_variable_set(:@read, true)',
  'RestClient::Response.create("", res, req).return!',
].join('; ');

describe('ruby: error classes a loop makes from a table of texts, raised through a map (Debian ruby-rest-client)', () => {
  it('answers a status\'s class by the raise reading the map, its text the table\'s entry', () => {
    const db = indexCopy(VENDOR, 'restclient');
    for (const [cls, code, template, entryLine] of [['Net::HTTPNotFound', '404', '{http_code} Not Found', 46], ['Net::HTTPServiceUnavailable', '503', '{http_code} Service Unavailable', 76]] as const) {
      const message = rubyMessage('rest-client', response(cls, code, 'x'));
      expect(message).toBe(`${code} ${template.slice('{http_code} '.length)}`);
      const hit = hits(db, message)[0];
      expect(hit.record, message).toMatchObject({ filePath: 'restclient/abstract_response.rb', errorMessage: template });
      expect(hit.line).toBe(249);
      expect(hit.record.definedAt).toMatchObject({ filePath: 'restclient/exceptions.rb', line: entryLine });
    }
  });

  it('answers a status the map lacks by RequestFailed\'s raise, its text the method its base\'s message calls', () => {
    const db = indexCopy(VENDOR, 'restclient');
    const message = rubyMessage('rest-client', response('Net::HTTPResponse', '599', 'Odd'));
    expect(message).toBe('HTTP status code 599');
    const hit = hits(db, message)[0];
    expect(hit.record).toMatchObject({ filePath: 'restclient/abstract_response.rb', errorMessage: 'HTTP status code {http_code}', errorClass: 'RequestFailed' });
    expect(hit.line).toBe(246);
  });
});

describe('ruby: a helper of no parameters another file of the class defines (Debian ruby-mixlib-shellout)', () => {
  it('answers the timeout by unix.rb\'s raise, with the text shellout.rb\'s helper builds, before invalid!\'s', () => {
    const db = indexCopy(GEMS, 'mixlib-shellout-3.2.5');
    const message = rubyMessage('mixlib/shellout', 'Mixlib::ShellOut.new("sleep 3", timeout: 0.3).run_command');
    expect(message).toMatch(/^Command timed out after 0s:\nCommand exceeded allowed execution time, process terminated\n---- Begin output of sleep 3 ----\n/);
    const hit = hits(db, message)[0];
    expect(hit.record).toMatchObject({ filePath: 'mixlib-shellout-3.2.5/lib/mixlib/shellout/unix.rb', errorClass: 'CommandTimeout' });
    expect(hit.record.errorMessage).toContain('---- Begin output of {command} ----');
    expect(hit.line).toBe(128);
    expect(hit.record.definedAt).toMatchObject({ filePath: 'mixlib-shellout-3.2.5/lib/mixlib/shellout.rb', line: 244 });
  });
});
