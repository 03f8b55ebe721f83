// A message written as an indented triple-quoted string and passed through `textwrap.dedent`
// prints without its indentation; its record is the dedented text (it was a bare `{f}` hole).
// Through the CLI on Debian's python3-parsimonious: `raise BadGrammar(dedent(f"""\ Found … """))`,
// run on a grammar mixing bytes and text literals, and a small tree of both import forms.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';
const PARSIMONIOUS = '/usr/lib/python3/dist-packages/parsimonious';

const first = (db: string, message: string) => {
  const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
  return out.links.map((l: { hits: { recordId: string }[] }) => l.hits.slice(0, 2).map((h) => `${out.records[h.recordId].filePath}:${out.records[h.recordId].lineNumber}`));
};

describe('messages dedented by textwrap.dedent', () => {
  let db: string;
  let dir: string;
  beforeAll(() => {
    dir = tmpDir('dedented');
    db = path.join(dir, 'db.sqlite');
    write(dir, 'lib/config.py', [
      'import textwrap',
      '',
      '',
      'def check(cfg, name):',
      "    if name not in cfg:",
      '        raise KeyError(textwrap.dedent("""\\',
      '            Configuration has no %s.',
      '              Add it to the file',
      '            and run again.""" % name))',
      '',
    ].join('\n'));
    for (const tree of [PARSIMONIOUS, path.join(dir, 'lib')]) {
      const r = errdex(['analyze', tree, '--db', db]);
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it("answers parsimonious' dedented BadGrammar under the VisitationError that wraps it", () => {
    const script = 'from parsimonious.grammar import Grammar\ntry:\n    Grammar(\'greeting = b"hi" "there"\')\nexcept Exception as e:\n    print(str(e), end="")\n';
    const message = spawnSync(PY, ['-c', script], { encoding: 'utf8' }).stdout;
    expect(message.startsWith('BadGrammar: Found b"hi" (<class \'bytes\'>) and "there" (<class \'str\'>) string literals.\nAll strings in a single grammar must be of the same type.\n')).toBe(true);
    expect(first(db, message)[0]).toEqual(['parsimonious/nodes.py:225', 'parsimonious/grammar.py:415']);
    const inner = message.slice('BadGrammar: '.length, message.indexOf('\n\n\nParse tree:'));
    expect(first(db, inner)[0][0]).toBe('parsimonious/grammar.py:415');
  });

  it('reads `textwrap.dedent("""…""" % name)` at the raise as the text Python prints', () => {
    const script = `import sys\nsys.path.insert(0, ${JSON.stringify(path.join(dir, 'lib'))})\nimport config\ntry:\n    config.check({}, 'timeout')\nexcept KeyError as e:\n    print(e.args[0], end='')\n`;
    const message = spawnSync(PY, ['-c', script], { encoding: 'utf8' }).stdout;
    expect(message).toBe('Configuration has no timeout.\n  Add it to the file\nand run again.');
    expect(first(db, message)[0][0]).toBe('config.py:6');
  });
});
