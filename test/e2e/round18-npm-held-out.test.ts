// Round 18's npm sources (decision 0139: no change), through the CLI. Every case was answered at
// rank 1 before any change; these keep the idioms that did it on code errdex had not seen from
// regressing:
// - dinero.js (a Babel build) writes its texts in assertion helpers of another module, folded into
//   one bundle: `assertPercentage(p)` calls `assert(isPercentage(p), 'You must provide …',
//   RangeError)`, and `assert(condition, errorMessage)` (its error class read from `arguments[2]`)
//   raises `new ErrorType(errorMessage)`: the helper's record carries each caller's text.
// - @messageformat/parser's `ParseError` hands its text to another package's formatter
//   (`super(lexer.formatError(lt, msg))`, moo's), which appends ` at line L col C:` and an excerpt
//   of the source with a caret: the message less its excerpt and position is the raise's text.
// - parsimmon's `tryParse` raises a text assembled by `formatError(input, result)` (a header of
//   dashes, the excerpt, `Expected …`), answered at the raise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const pkg = (name: string) => path.join(MODULES, name);
const NAMES = ['dinero.js', '@messageformat/parser', 'parsimmon'];
const installed = NAMES.every((p) => fs.existsSync(path.join(pkg(p), 'package.json')));

/** The message of the error the code throws, run by node in eval/node_modules. */
function messageOf(code: string): string {
  const p = spawnSync(process.execPath, ['-e', `try { ${code} } catch (e) { process.stdout.write(e.message); }`], { cwd: MODULES, encoding: 'utf8' });
  expect(p.stdout).not.toBe('');
  return p.stdout;
}

describe.skipIf(!installed)('round 18 npm sources', () => {
  const dbs: Record<string, string> = {};

  beforeAll(() => {
    for (const name of NAMES) {
      dbs[name] = path.join(tmpDir('round18-db'), 'i.sqlite');
      expect(errdex(['analyze', pkg(name), '--db', dbs[name]]).code).toBe(0);
    }
  }, 240_000);

  it.each([
    ["require('dinero.js')({ amount: 100 }).percentage(150)", 'You must provide a numeric value between 0 and 100.'],
    ["const D = require('dinero.js'); D({ amount: 1, currency: 'USD' }).add(D({ amount: 1, currency: 'EUR' }))", 'You must provide a Dinero instance with the same currency.'],
  ])('dinero.js: %s is answered at the assert helper, with the caller\'s text', (code, text) => {
    const message = messageOf(code);
    expect(message).toBe(text);
    const hit = explainInput(dbs['dinero.js'], message).hits[0];
    expect(hit.record.filePath).toMatch(/^(build\/\w+|src\/services)\/(dinero|assert)\.js$/);
    expect(recordLine(pkg('dinero.js'), hit)).toContain('throw new ErrorType(errorMessage)');
    expect(hit.record.errorMessage).toBe(text);
  });

  it.each([
    ["require('@messageformat/parser').parse('{a, plural, one {x} offset:1 other {y}}')", "'Plural offset must be set before cases'"],
    ["require('@messageformat/parser').parse('{a, select, other {x} =1 {y}}')", 'is not valid with select'],
  ])('@messageformat/parser: %s is answered at the raise whose text the base hands to the lexer', (code, raise) => {
    const message = messageOf(code);
    expect(message).toMatch(/ at line 1 col \d+:\n\n1 {2}\{a, /);
    const hit = explainInput(dbs['@messageformat/parser'], message).hits[0];
    expect(hit.record.filePath).toBe('lib/parser.js');
    expect(recordLine(pkg('@messageformat/parser'), hit)).toContain(raise);
  });

  it('parsimmon: a text assembled by a formatter is answered at tryParse\'s raise', () => {
    const message = messageOf("const P = require('parsimmon'); P.string('a').tryParse('b')");
    expect(message).toContain('-- PARSING FAILED --');
    const hit = explainInput(dbs.parsimmon, message).hits[0];
    expect(hit.record.filePath).toBe('src/parsimmon.js');
    expect(recordLine(pkg('parsimmon'), hit)).toContain('var err = new Error(msg);');
  });
});
