// Ruby end to end (held-out round 16, decision 0128): a subclass made in its base's body with
// `class SplatIsNotAnArray < self`, where `self` is the enclosing class. uri_template 0.7 (Debian
// ruby-uri-template): `class InvalidValue < StandardError` builds its text in `initialize` with
// `super(generate_message())`, a protected method of no parameters returning "The template variable
// … cannot expand the given value …"; `raise InvalidValue::SplatIsNotAnArray.new(name, var)` raises the
// subclass, which must inherit that text (not stand for a class out of the tree whose message is its
// first argument). The tree is analyzed by the CLI; the message is the real interpreter's. CI needs
// ruby-uri-template.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { RUBY } from './ruby-run.js';

const GEM = '/usr/share/rubygems-integration/all/gems/uri_template-0.7.0';

function raised(code: string): string {
  const r = spawnSync(RUBY, ['-e', `require "uri_template"; begin; ${code}; rescue Exception => e; $stdout.write(e.message); end`]);
  expect(r.status, r.stderr.toString()).toBe(0);
  return r.stdout.toString();
}

interface Hit { line: number; score: number; record: { filePath: string; errorMessage: string; errorClass: string } }

describe('ruby: a subclass written `class X < self` inherits its base\'s constructed text (Debian ruby-uri-template)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-uri-template-tree');
    cpSync(path.join(GEM, 'lib'), path.join(tree, 'lib'), { recursive: true });
    db = path.join(tmpDir('ruby-uri-template-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('answers the splat error at its raise with the base\'s text', () => {
    const msg = raised('URITemplate.new(:colon, "/a/*").expand([5])');
    expect(msg).toBe('The template variable "splat" cannot expand the given value 5');
    const r = errdex(['explain', msg, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hit: Hit = explainOutput(r.stdout).hits[0];
    expect(hit.record.filePath).toBe('lib/uri_template/colon.rb');
    expect(hit.line).toBe(112);
    expect(hit.record.errorClass).toBe('InvalidValue::SplatIsNotAnArray');
    expect(hit.record.errorMessage).toMatch(/^The template variable \{[^}]*\} cannot expand the given value \{[^}]*\}$/);
  });
});

// hana 1.3.6 (Debian ruby-hana): `module Hana; class Patch; class OutOfBoundsException < Exception`,
// raised without a message as `raise OutOfBoundsException` in `add_op` and as `raise
// Patch::OutOfBoundsException` in `rm_op`: Ruby prints the class's full name for both, one text of the
// file at its two lines. CI needs ruby-hana.
const HANA = '/usr/share/rubygems-integration/all/gems/hana-1.3.6';

describe('ruby: a class raised without a message by a bare and a partial name (Debian ruby-hana)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-hana-tree');
    cpSync(path.join(HANA, 'lib'), path.join(tree, 'lib'), { recursive: true });
    db = path.join(tmpDir('ruby-hana-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('answers the full name Ruby prints with one record at both raises', () => {
    const r0 = spawnSync(RUBY, ['-e', 'require "hana"; begin; Hana::Patch.new([{"op" => "add", "path" => "/9", "value" => 2}]).apply([]); rescue Exception => e; $stdout.write(e.message); end']);
    const msg = r0.stdout.toString();
    expect(msg).toBe('Hana::Patch::OutOfBoundsException');
    const r = errdex(['explain', msg, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const hits: (Hit & { lines: number[] })[] = explainOutput(r.stdout).hits;
    expect(hits[0].record.filePath).toBe('lib/hana.rb');
    expect(hits[0].record.errorMessage).toBe('Hana::Patch::OutOfBoundsException');
    expect(hits[0].lines).toEqual(expect.arrayContaining([217, 233]));
    expect(hits.filter((h) => h.record.errorMessage.endsWith('OutOfBoundsException'))).toHaveLength(1);
  });
});
