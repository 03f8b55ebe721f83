// Ruby end to end (held-out round 19, decision 0145). octokit 4.20 (Debian ruby-octokit): the
// middleware's `if error = Octokit::Error.from_response(response) then raise error end` raises an
// error a class method of another file makes; its text is built by `Octokit::Error#initialize`'s
// `super(build_error_message)`, whose `message << …` appends run under conditions. The record at the
// raise must carry that class's text with the appends that apply. net/protocol (Ruby's standard
// library): `Net::WriteTimeout#message` reads `msg = super` in a class whose `initialize` never calls
// `super`, so its text starts with the class's full name. The trees are analyzed by the CLI; the
// messages are the real interpreter's. CI needs ruby-octokit.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir } from './cli.js';
import { explainHits, rubyRaised } from './ruby-run.js';

function index(from: string, name: string): string {
  const tree = tmpDir(`ruby-${name}-tree`);
  cpSync(from, path.join(tree, path.basename(from)), { recursive: true });
  const db = path.join(tmpDir(`ruby-${name}-db`), 'index.sqlite');
  const r = errdex(['analyze', tree, '--db', db]);
  expect(r.code, r.stderr).toBe(0);
  return db;
}

const OCTOKIT = '/usr/share/rubygems-integration/all/gems/octokit-4.20.0/lib';
const STUB = 'require "octokit"; s = Faraday::Adapter::Test::Stubs.new; '
  + 'Octokit.middleware = Faraday::RackBuilder.new { |b| b.use Octokit::Response::RaiseError; b.adapter :test, s }; '
  + 'j = { "Content-Type" => "application/json" }; ';

describe('ruby: an error a class method of an error class makes (Debian ruby-octokit)', () => {
  let db: string;

  beforeAll(() => {
    db = index(OCTOKIT, 'octokit');
  }, 120_000);

  it('answers a 404 at the middleware\'s raise, with the class\'s text and its documentation append', () => {
    const msg = rubyRaised(STUB + 's.get("/repos/acme/widget") { [404, j, \'{"message":"Not Found","documentation_url":"https://docs.github.com/rest"}\'] }; Octokit::Client.new.repository("acme/widget")');
    expect(msg).toBe('GET https://api.github.com/repos/acme/widget: 404 - Not Found // See: https://docs.github.com/rest');
    const hits = explainHits(msg, db);
    const at = hits.find((h) => h.record.filePath === 'lib/octokit/response/raise_error.rb');
    expect(at?.line).toBe(14);
    expect(at?.record.errorClass).toBe('Octokit::Error');
    expect(at?.score).toBe(hits[0].score);
    expect(at?.record.errorMessage).not.toContain('Error summary');
  });

  it('answers a 422 with its error summary and no documentation append', () => {
    const msg = rubyRaised(STUB + 's.post("/repos/acme/widget/issues") { [422, j, \'{"message":"Validation Failed","errors":[{"resource":"Issue","field":"title","code":"missing_field"}]}\'] }; Octokit::Client.new.create_issue("acme/widget", "")');
    expect(msg).toMatch(/^POST https:\/\/api\.github\.com\/repos\/acme\/widget\/issues: 422 - Validation Failed\nError summary:\n/);
    const hits = explainHits(msg, db);
    const at = hits.find((h) => h.record.filePath === 'lib/octokit/response/raise_error.rb');
    expect(at?.line).toBe(14);
    expect(at?.score).toBe(hits[0].score);
    expect(at?.record.errorMessage).not.toContain('// See:');
  });
});

describe('ruby: `super` of a message method in a class whose constructor never calls it (net/protocol)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-net-protocol-src');
    cpSync('/usr/lib/ruby/3.1.0/net/protocol.rb', path.join(tree, 'protocol.rb'));
    db = index(tree, 'net-protocol');
  }, 120_000);

  it('tells the write timeout from the read timeout by the class name the text starts with', () => {
    const msg = rubyRaised('require "net/protocol"; r, w = IO.pipe; Net::BufferedIO.new(w, write_timeout: 0.01).write("x" * 10_000_000)');
    expect(msg).toMatch(/^Net::WriteTimeout with #<IO:fd \d+>$/);
    const [hit] = explainHits(msg, db);
    expect(hit.line).toBe(298);
    expect(hit.record.errorMessage).toBe('Net::WriteTimeout with {to_io}');
  });
});
