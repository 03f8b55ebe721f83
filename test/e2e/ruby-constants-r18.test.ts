// Ruby end to end (held-out round 18, decision 0140). roo 2.10 (Debian ruby-roo): `raise
// ROO_EXCEL_NOTICE` in `Roo.const_missing` raises a text constant that `roo/constants.rb`, a file with
// no raise, assigns; the record must carry that file's text (a RuntimeError), not read the name as a
// class raised without a message. sshkit 1.21 (Debian ruby-sshkit): `Command#exit_status=` builds its
// text by `message += "#{command} stdout: " + (… ? "Nothing written" : …) + "\n"`; the record keeps
// the written pieces around the ternary's hole. The trees are analyzed by the CLI; the messages are
// the real interpreter's. CI needs ruby-roo and ruby-sshkit.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir } from './cli.js';
import { explainHits, indexCopy, rubyRaised, VENDOR } from './ruby-run.js';

const ROO = '/usr/share/rubygems-integration/all/gems/roo-2.10.0';

describe('ruby: a raise of a text constant another file assigns (Debian ruby-roo)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-roo-tree');
    cpSync(path.join(ROO, 'lib'), path.join(tree, 'lib'), { recursive: true });
    db = path.join(tmpDir('ruby-roo-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it('answers the notice at the raise, with the constant file\'s text', () => {
    const msg = rubyRaised('require "roo"; Roo::Excel');
    expect(msg).toMatch(/^Excel support has been extracted to roo-xls/);
    const [hit] = explainHits(msg, db);
    expect(hit.record.filePath).toBe('lib/roo.rb');
    expect(hit.line).toBe(27);
    expect(hit.record.errorClass).toBe('RuntimeError');
    expect(hit.record.errorMessage).toBe(msg);
  });
});

describe('ruby: `+` pieces of an accumulated message keep their written text (Debian ruby-sshkit)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'sshkit');
  }, 120_000);

  it('answers the failed command at its raise with every line of the text', () => {
    const msg = rubyRaised('require "sshkit"; SSHKit.config.output = SSHKit::Formatter::BlackHole.new($stdout); SSHKit::Backend::Local.new { execute :false }.run');
    expect(msg).toBe('false exit status: 256\nfalse stdout: Nothing written\nfalse stderr: Nothing written\n');
    const [hit] = explainHits(msg, db);
    expect(hit.record.filePath).toBe('sshkit/command.rb');
    expect(hit.line).toBe(97);
    expect(hit.record.errorMessage).toMatch(/^\{command\} exit status: \{[^}]+\}\n\{command\} stdout: \{[^}]+\}\n\{command\} stderr: \{[^}]+\}\n$/);
  });
});
