// TypeScript's compiled enums as message tables (decision 0093): @formatjs/icu-messageformat-parser's
// `parse` raises `SyntaxError(error_1.ErrorKind[result.err.kind])`, the message the name of a member of
// `ErrorKind`, compiled to `ErrorKind[ErrorKind["MISSING_OTHER_CLAUSE"] = 22] = "MISSING_OTHER_CLAUSE"`
// in another file. Before, the raise was one hole (`{kind}`) and a bare message ranked nowhere; now each
// member's name is a message of the raise. A fixture checks a string enum's values, an ES module's
// imported enum, and that a local object indexed by a value is not taken for an imported table.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const ICU = path.join(MODULES, '@formatjs', 'icu-messageformat-parser');

describe.skipIf(!fs.existsSync(path.join(ICU, 'package.json')))('a compiled enum as a table of messages', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('enum-tables-db'), 'i.sqlite');
    expect(errdex(['analyze', ICU, '--db', db]).code).toBe(0);
    const fixture = tmpDir('enum-tables-fixture');
    write(fixture, 'lib/codes.js', [
      '"use strict";',
      'Object.defineProperty(exports, "__esModule", { value: true });',
      'exports.Problem = void 0;',
      'var Problem;',
      '(function (Problem) {',
      '    Problem["Missing"] = "the value is missing";',
      '    Problem["TooLong"] = "the value is too long";',
      '})(Problem || (exports.Problem = Problem = {}));', '',
    ].join('\n'));
    write(fixture, 'lib/check.js', [
      '"use strict";',
      'var codes_1 = require("./codes");',
      'function check(state) {',
      '    if (state.bad) throw new RangeError(codes_1.Problem[state.problem.kind]);',
      '}',
      'const local = { a: 1 };',
      'function other(state) {',
      '    throw new TypeError(local[state.problem.kind]);',
      '}',
      'module.exports = { check, other };', '',
    ].join('\n'));
    write(fixture, 'esm/check.mjs', [
      'import { Problem } from "../lib/codes.js";',
      'export function checkAll(state) {',
      '    throw new RangeError(Problem[state.problem.kind]);',
      '}', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const hits = (input: string) => explainInput(db, input).hits;

  it.each([
    ["parse('Hello {name')", 'EXPECT_ARGUMENT_CLOSING_BRACE'],
    ["parse('{count, plural, one {# item}}')", 'MISSING_OTHER_CLAUSE'],
    ["parse('{n, currency}')", 'INVALID_ARGUMENT_TYPE'],
  ])('icu-messageformat-parser: %s', (code, message) => {
    const p = spawnSync(process.execPath, ['-e', `const { parse } = require('@formatjs/icu-messageformat-parser'); ${code}`], { cwd: MODULES, encoding: 'utf8' });
    expect(p.stderr).toContain(`SyntaxError: ${message}`);
    const hit = hits(`SyntaxError: ${message}`)[0];
    expect(hit.record.errorMessage).toBe(message);
    expect(['index.js', 'lib/index.js']).toContain(hit.record.filePath);
    const line = fs.readFileSync(path.join(ICU, hit.record.filePath), 'utf8').split('\n')[hit.record.lineNumber - 1];
    expect(line).toContain('ErrorKind[result.err.kind]');
  });

  it("a string enum's values, through a compiled import and an ES module's import", () => {
    const found = hits('RangeError: the value is too long').filter((h: { record: { errorMessage: string } }) => h.record.errorMessage === 'the value is too long');
    expect(found.map((h: { record: { filePath: string; lineNumber: number } }) => `${h.record.filePath}:${h.record.lineNumber}`).sort()).toEqual(['esm/check.mjs:3', 'lib/check.js:4']);
  });

  it('a local object indexed by a value is no imported table', () => {
    const at8 = hits('TypeError: the value is missing').filter((h: { record: { filePath: string; lineNumber: number } }) => h.record.filePath === 'lib/check.js' && h.record.lineNumber === 8);
    expect(at8.some((h: { record: { errorMessage: string } }) => h.record.errorMessage === 'the value is missing')).toBe(false);
  });
});
