// End to end: a message written with a leading line break, read trimmed. Racc's runtime (shipped with
// Ruby, /usr/lib/ruby/3.1.0/racc) raises `ParseError, sprintf("\nparse error on value %s (%s)", …)`
// from `on_error`, the error every racc-generated parser (tomlrb, ruby_parser, graphql's) raises
// or wraps; the message as printed and as pasted starts at `parse error`. The template's first
// literal, less its leading spaces, starts the text: a template match, not a fuzzy 0.4. The racc
// tree is analyzed by the CLI, the real interpreter raises. CI needs the Debian package ruby.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, RUBY } from './ruby-run.js';

const STDLIB = '/usr/lib/ruby/3.1.0';

describe('a template whose first literal starts with a line break matches the trimmed message (racc)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(STDLIB, 'racc');
  }, 120_000);

  it("answers racc's parse error by on_error, its values captured", () => {
    const code = 'require "racc/parser"; class P < Racc::Parser; Racc_token_to_s_table = ["$end", "error"]; end; '
      + 'begin; P.new.on_error(0, "$", []); rescue => e; $stdout.write(e.message); end';
    const r = spawnSync(RUBY, ['-I', STDLIB, '-e', code]);
    expect(r.status).toBe(0);
    const message = r.stdout.toString();
    expect(message).toBe('\nparse error on value "$" ($end)');
    for (const input of [message.trim(), message]) {
      const x = errdex(['explain', input, '--db', db, '--json']);
      expect(x.code, x.stderr).toBe(0);
      const out = explainOutput(x.stdout);
      expect(out.hits[0].record).toMatchObject({ filePath: 'racc/parser.rb', errorClass: 'ParseError' });
      expect(out.hits[0]).toMatchObject({ matchType: 'template', captures: { inspect: '"$"', t: '$end' } });
    }
  });
});
