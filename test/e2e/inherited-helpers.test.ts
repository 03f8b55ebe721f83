// A helper method a class inherits from a base class imported from another module of the tree, end
// to end on Debian's pycparser: `class CParser(PLYParser)` (c_parser.py, `from .plyparser import
// PLYParser`) reports every grammar error through `self._parse_error('before: %s' % p.value, coord)`,
// which PLYParser defines in plyparser.py as `raise ParseError("%s: %s" % (coord, msg))`. The
// traceback ends in plyparser.py; the text is written in c_parser.py.
//
// And a callback handed to a constructor and called later, end to end on Debian's pycparser: CParser
// builds its lexer with `lexer(error_func=self._lex_error_func, …)` (c_parser.py); CLexer keeps
// `self.error_func = error_func` and its `_error(msg, token)` calls `self.error_func(msg, line,
// column)` (c_lexer.py); `_lex_error_func` hands the message to `self._parse_error(msg, coord)`,
// which PLYParser raises (plyparser.py). The text is written at the lexer's `self._error(msg, t)`
// calls, two files from the raise the traceback ends at.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const PYCPARSER = '/usr/lib/python3/dist-packages/pycparser';

/** The line of `raise ParseError(` in PLYParser._parse_error, read from the installed file. */
function raiseLine(): number {
  const lines = fs.readFileSync(path.join(PYCPARSER, 'plyparser.py'), 'utf8').split('\n');
  return lines.findIndex((l) => l.includes('raise ParseError(')) + 1;
}

describe.skipIf(!fs.existsSync(PYCPARSER))('helpers inherited from an imported base class, and callbacks stored from a constructor (pycparser)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('inherited-db'), 'i.sqlite');
    expect(errdex(['analyze', PYCPARSER, '--db', db]).code).toBe(0);
  });
  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };

  it.each([
    ['int main(void) { return 0 }', '{p}: before: {value}'],
    ['typedef int count_t; count_t;', '{coord}: Invalid declaration'],
  ])('%j: the message alone is the base class helper, with the text its caller writes', (code, template) => {
    const r = spawnSync(PY, ['-c', `from pycparser import c_parser\nc_parser.CParser().parse(${JSON.stringify(code)})`], { encoding: 'utf8' });
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^pycparser\.plyparser\.ParseError: /);
    const out = explain(last.slice('pycparser.plyparser.ParseError: '.length));
    const hit = out.hits[0];
    expect(hit.message).toBe(template);
    expect(hit.lines).toContain(raiseLine());
    expect(out.records[hit.recordId].filePath).toBe('pycparser/plyparser.py');
    // the printed trace lands on the same line
    const t = explain(r.stderr);
    expect(t.hits[0].lines).toContain(raiseLine());
    expect(t.hits[0].matchType).toBe('frame');
  });

  it.each([
    ['int x = 1 @ 2;', 'Illegal character {value}'],
    ['int x = 09;', 'Invalid octal constant'],
    ["char c = 'ab", "Unmatched '"],
  ])('%j: the message alone is the raise, with the text the lexer writes', (code, text) => {
    const r = spawnSync(PY, ['-c', `from pycparser import c_parser\nc_parser.CParser().parse(${JSON.stringify(code)})`], { encoding: 'utf8' });
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^pycparser\.plyparser\.ParseError: :1:\d+: /);
    const out = explain(last.slice('pycparser.plyparser.ParseError: '.length));
    const hit = out.hits[0];
    expect(hit.message.endsWith(`: ${text}`)).toBe(true);
    expect(hit.lines).toContain(raiseLine());
    expect(out.records[hit.recordId].filePath).toBe('pycparser/plyparser.py');
  });
});
