// Error tables keyed by codes: computed keys (`[30]: '…'`, `[Errors.X]: '…'`), looked up in an
// error class's constructor by a parameter (`errorMessages[type]`), the class raised by a helper
// (`report(parser, type)`) whose callers pass the code. Each caller's code gives the helper's raise
// the table's entry, with definedAt at the entry. Real code: meriyah's bundle (its `errorMessages`,
// `ParseError` and `report`, run by node for the messages); a fixture of enum members across files.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const MERIYAH = path.resolve(import.meta.dirname, '../../eval/node_modules/meriyah');

function nodeMessages(cwd: string, code: string): string[] {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd, encoding: 'utf8' });
  return r.stdout.trim().split('\n');
}

describe("an error another package's function builds, kept and thrown", () => {
  // pug-lexer's and pug-parser's `error(code, message, token)` methods call pug-error's
  // `error(code, message, {…})` and throw what it returns: the call is the site (V8's frame in the
  // package is the call), its `message` parameter the message, filled by the methods' callers.
  it('names the call for each caller\'s message, the excerpt pug-error puts before it read as decoration', () => {
    const db = path.join(tmpDir('keyed-pug-db'), 'i.sqlite');
    const roots = ['pug-lexer', 'pug-parser'].map((p) => path.resolve(MERIYAH, '..', p));
    for (const root of roots) expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
    const [lexerMessage, parserMessage] = nodeMessages(roots[0], [
      "import lex from 'pug-lexer';",
      "import parse from 'pug-parser';",
      "try { lex('div(class=\"card\"\\n  p body'); } catch (e) { console.log(JSON.stringify(e.message)); }",
      "try { parse(lex('else')); } catch (e) { console.log(JSON.stringify(e.message)); }",
    ].join('\n')).map((l) => JSON.parse(l) as string);
    expect(lexerMessage).toMatch(/^Pug:2:\d+\n[\s\S]*\n\nThe end of the string reached with no closing bracket \) found\.$/);
    expect(parserMessage).toMatch(/^Pug:1:1\n[\s\S]*unexpected token "else"$/);
    for (const [m, root] of [[lexerMessage, roots[0]], [parserMessage, roots[1]]] as const) {
      const r = errdex(['explain', m, '--db', db, '--json']);
      expect(r.code).toBe(0);
      const h = explainOutput(r.stdout).hits[0];
      const lines = fs.readFileSync(path.join(root, 'index.js'), 'utf8').split('\n');
      const call = lines.findIndex((l) => /var err = error\(code, message, \{/.test(l)) + 1;
      expect(call).toBeGreaterThan(0);
      expect(h.record.filePath).toBe('index.js');
      expect(h.record.package).toBe(path.basename(root));
      expect(h.line).toBe(call);
      expect(h.matchType).toBe('template');
    }
  });
});

describe('tables keyed by codes, raised through a class and a helper', () => {
  let db: string;
  let meriyahText: string;
  let meriyahRoot: string;
  let fixture: string;

  beforeAll(() => {
    db = path.join(tmpDir('keyed-db'), 'i.sqlite');
    // (the CommonJS bundle alone: one file, the real code)
    meriyahRoot = tmpDir('keyed-meriyah');
    meriyahText = fs.readFileSync(path.join(MERIYAH, 'dist/meriyah.cjs'), 'utf8');
    write(meriyahRoot, 'package.json', fs.readFileSync(path.join(MERIYAH, 'package.json')));
    write(meriyahRoot, 'dist/meriyah.cjs', meriyahText);
    expect(errdex(['analyze', meriyahRoot, '--db', db, '--threads', '0']).code).toBe(0);

    fixture = tmpDir('keyed-enum');
    write(fixture, 'package.json', '{"name": "enumparse", "version": "1.0.0", "type": "module"}');
    write(fixture, 'lib/errors.js', [
      'export const Errors = { UnexpectedToken: 1, UnterminatedString: 2 };',
      'export const messages = {',
      "  [Errors.UnexpectedToken]: 'Unexpected token %0',",
      "  [Errors.UnterminatedString]: 'Unterminated string literal',",
      '};',
      'export class ParseError extends SyntaxError {',
      '  constructor(pos, type, ...args) {',
      '    super(`(${pos}) ` + messages[type].replace(/%(\\d+)/g, (_, i) => args[i]));',
      '  }',
      '}',
      'export function fail(state, type, ...args) {',
      '  throw new ParseError(state.pos, type, ...args);',
      '}',
      '',
    ].join('\n'));
    // (no raise of its own: read for its calls of the imported helper, keyed by enum members)
    write(fixture, 'lib/parse.js', [
      "import { Errors, fail } from './errors.js';",
      'export function parse(state) {',
      '  if (state.tok) fail(state, Errors.UnexpectedToken, state.tok);',
      '  fail(state, Errors.UnterminatedString);',
      '}',
      '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  });

  const top = (message: string) => {
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code).toBe(0);
    return explainOutput(r.stdout).hits[0];
  };

  it("names meriyah's report for messages of its numeric-keyed table, defined at the entry", () => {
    const messages = nodeMessages(MERIYAH, [
      "import { parseScript } from 'meriyah';",
      "for (const src of ['let let = 1;', 'function f() {}\\nreturn f;', 'a: a: ;']) {",
      '  try { parseScript(src); } catch (e) { console.log(e.message); }',
      '}',
    ].join('\n'));
    expect(messages).toHaveLength(3);
    const lines = meriyahText.split('\n');
    const reportAt = lines.findIndex((l) => l.startsWith('function report(parser, type')) + 2;
    expect(lines[reportAt - 1]).toContain('throw new ParseError(');
    for (const m of messages) {
      // (the message starts with the range it covers, `[1:4-1:7]: …`: not a log's time)
      expect(m).toMatch(/^\[\d+:\d+-\d+:\d+\]: /);
      const h = top(m);
      expect(h.record.filePath).toBe('dist/meriyah.cjs');
      expect(h.line).toBe(reportAt);
      expect(h.matchType).toBe('template');
      // the entry's line in the table at the top of the bundle
      const entry = h.record.definedAt.line;
      expect(entry).toBeLessThan(200);
      expect(lines[entry - 1]).toMatch(/^\s*\[\d+\]: /);
    }
  });

  it('keys a table by enum members, a helper of another module called with them', () => {
    const [token, unterminated] = nodeMessages(fixture, [
      "import { parse } from './lib/parse.js';",
      "try { parse({ pos: 3, tok: '}' }); } catch (e) { console.log(e.message); }",
      'try { parse({ pos: 7 }); } catch (e) { console.log(e.message); }',
    ].join('\n'));
    expect(token).toBe('(3) Unexpected token }');
    expect(unterminated).toBe('(7) Unterminated string literal');
    for (const [m, entry] of [[token, 3], [unterminated, 4]] as const) {
      const h = top(m);
      expect(h.record.filePath).toBe('lib/errors.js');
      expect(h.line).toBe(12);
      expect(h.matchType).toBe('template');
      expect(h.record.definedAt).toEqual({ filePath: 'lib/errors.js', line: entry });
    }
  });
});
