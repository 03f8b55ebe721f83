// Ruby end to end: a message naming the object's own class. mixlib-versioning 1.1 (Debian
// ruby-mixlib-versioning): each format class's `parse` raises `"'#{version_string}' is not a valid
// #{self.class} version string!"`, the same text in three files; the class's qualified name, read from
// the nesting around the method, tells them apart. The tree is analyzed by the CLI, the real
// interpreter raises.
// CI needs the Debian packages ruby and ruby-mixlib-versioning.
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, rubyMessage, VENDOR } from './ruby-run.js';

describe('ruby: #{self.class} in a message, read as the class around the method (Debian ruby-mixlib-versioning)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'mixlib');
  }, 120_000);

  it('answers each format\'s parse error at its own file first', () => {
    const cases: [string, string][] = [
      ['Mixlib::Versioning::Format::GitDescribe.new("1.2.3")', 'mixlib/versioning/format/git_describe.rb'],
      ['Mixlib::Versioning::Format::Rubygems.new("x.y")', 'mixlib/versioning/format/rubygems.rb'],
      ['Mixlib::Versioning::Format::SemVer.new("1.x")', 'mixlib/versioning/format/semver.rb'],
    ];
    for (const [code, file] of cases) {
      const message = rubyMessage('mixlib/versioning', code);
      expect(message).toContain('is not a valid Mixlib::Versioning::Format::');
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const hits = explainOutput(r.stdout).hits;
      expect(hits[0].record.filePath, message).toBe(file);
      // (the other formats' records still match, their class a hole: a subclass may raise there)
      expect(hits.length).toBeGreaterThan(1);
    }
  });

  it('still answers a subclass\'s message at the base class\'s raise, the class a hole', () => {
    // (OpscodeSemVer < SemVer: SemVer#parse raises, naming the subclass)
    const message = rubyMessage('mixlib/versioning', 'Mixlib::Versioning::Format::OpscodeSemVer.new("1.x")');
    expect(message).toContain('Mixlib::Versioning::Format::OpscodeSemVer');
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(explainOutput(r.stdout).hits.map((h) => h.record.filePath)).toContain('mixlib/versioning/format/semver.rb');
  });
});
