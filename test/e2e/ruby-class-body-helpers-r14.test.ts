// Ruby end to end (held-out round 14, decision 0116): a contract violation's text, built away from the
// raise. contracts 0.17 (Debian ruby-contracts): `Contract::DEFAULT_FAILURE_CALLBACK = proc do |data|`,
// written in the class's body, raises `ReturnContractError.new(failure_msg(data), data)` or
// `data[:contracts].failure_exception.new(failure_msg(data), data)` (a class an object's reader gives);
// `def self.failure_msg(data)` returns `[header, Contracts::Support.indent_string(…)].join("\n")`, its
// `header` assigned in an `if`'s two branches. The tree is analyzed by the CLI; the messages are the
// real interpreter's. CI needs ruby-contracts.
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { RUBY } from './ruby-run.js';

const GEM = '/usr/share/rubygems-integration/all/gems/contracts-0.17';

function raised(code: string): string {
  const r = spawnSync(RUBY, ['-e', `require "contracts"; begin; ${code}; rescue Exception => e; $stdout.write(e.message); end`]);
  expect(r.status, r.stderr.toString()).toBe(0);
  return r.stdout.toString();
}

interface Hit { line: number; score: number; record: { filePath: string; errorMessage: string } }

const CALC = 'class Calc; include Contracts::Core; include Contracts::Builtin; ';

describe('ruby: a violation text a class-body proc builds with the class\'s method (Debian ruby-contracts)', () => {
  let db: string;

  beforeAll(() => {
    const tree = tmpDir('ruby-contracts-tree');
    cpSync(path.join(GEM, 'lib'), path.join(tree, 'lib'), { recursive: true });
    db = path.join(tmpDir('ruby-contracts-db'), 'index.sqlite');
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  const first = (message: string): Hit => {
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return explainOutput(r.stdout).hits[0];
  };

  it('answers an argument\'s violation and a return value\'s at the callback\'s raises, each by its header', () => {
    const arg = raised(`${CALC}Contract Num => Num; def double(x) = x * 2; end; Calc.new.double("a")`);
    expect(arg).toMatch(/^Contract violation for argument 1 of 1:\n {8}Expected: Num,/);
    const a = first(arg);
    expect(a.record.filePath).toBe('lib/contracts.rb');
    expect([48, 51]).toContain(a.line);
    expect(a.record.errorMessage).toMatch(/^Contract violation for argument \{[^}]*\} of \{[^}]*\}:\n\{/);

    const ret = raised(`${CALC}Contract Num => String; def double(x) = x * 2; end; Calc.new.double(2)`);
    expect(ret).toMatch(/^Contract violation for return value:\n {8}Expected: String,/);
    const b = first(ret);
    expect(b.record.filePath).toBe('lib/contracts.rb');
    expect([48, 51]).toContain(b.line);
    expect(b.record.errorMessage).toMatch(/^Contract violation for return value:\n\{/);
  });
});
