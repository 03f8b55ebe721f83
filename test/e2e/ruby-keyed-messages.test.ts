// Ruby end to end: a template engine's parse errors (Debian ruby-haml 6). Haml writes every message
// in one table of error.rb (`MESSAGES = { missing_if: 'Got "%s" with no preceding "if"', … }`) and
// the parser raises `SyntaxError.new(Error.message(:missing_if, keyword), @line.index)`, where
// `def self.message(key, *args)` returns `MESSAGES[key] % args`; the error's backtrace starts with
// the template's line, `(haml):1: Got "else" with no preceding "if" (Haml::SyntaxError)`, no label.
// The gem is analyzed by the CLI, the real interpreter raises, and both the printed trace and the
// bare message are explained. CI needs the Debian packages ruby and ruby-haml.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, explainOutput } from './cli.js';

const RUBY = '/usr/bin/ruby';
const HAML = '/usr/lib/x86_64-linux-gnu/rubygems-integration/3.1.0/gems/haml-6.1.1';

/** What the interpreter prints for `Haml::Parser#call` of this template. */
function run(template: string): { trace: string; message: string } {
  const code = `begin; Haml::Parser.new({}).call(${JSON.stringify(template)}); rescue Haml::Error => e; $stdout.write(e.message); raise; end`;
  const r = spawnSync(RUBY, ['-I', path.join(HAML, 'lib'), '-rhaml', '-e', code]);
  expect(r.status).toBe(1);
  return { trace: r.stderr.toString(), message: r.stdout.toString() };
}

describe('ruby: a message table read through a class method given the key (Debian ruby-haml)', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('ruby-haml-db'), 'index.sqlite');
    const r = errdex(['analyze', HAML, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('explains the printed trace, whose header is the template\'s line, by the library frame below it', () => {
    const { trace } = run('- else');
    expect(trace.split('\n')[0]).toBe('(haml):1: Got "else" with no preceding "if" (Haml::SyntaxError)');
    const r = errdex(['explain', '-', '--db', db, '--json'], { input: trace });
    expect(r.code, r.stderr).toBe(0);
    const hit = explainOutput(r.stdout).links.at(-1).hits[0];
    expect(hit.record).toMatchObject({ filePath: 'lib/haml/parser.rb', lineNumber: 367, errorClass: 'Haml::SyntaxError' });
    expect(hit.matchType).toBe('frame');
  });

  it('answers each bare message by the raise that names its key, the entry written in error.rb', () => {
    const cases: [string, number][] = [
      ['- else', 367],
      ['%div\n    %p x\n  %span', 191],
      ['%p(a=)', 723],
      ['%', 629],
    ];
    for (const [template, line] of cases) {
      const { message } = run(template);
      const r = errdex(['explain', message, '--db', db, '--json']);
      expect(r.code, r.stderr).toBe(0);
      const out = explainOutput(r.stdout);
      expect(out.hits[0].record, message).toMatchObject({ filePath: 'lib/haml/parser.rb', lineNumber: line });
      expect(out.hits[0].record.definedAt).toMatchObject({ filePath: 'lib/haml/error.rb' });
    }
  });
});
