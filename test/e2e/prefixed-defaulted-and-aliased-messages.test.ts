// Messages built by a method the raise calls, by a parameter's default, by another module's call
// compiled as `.call(void 0, …)`, and by classes a bundle binds to other names (decision 0103).
// saxes's `fail(message)` throws `this.makeError(message)`, a method returning `new Error(msg +
// message)` with `msg` the position built under conditions: the callers' texts are the
// construction's, after a prefix hole (before, `msg + message` was one value and the texts sat at
// the `fail` line). sucrase's `unexpected(message = "Unexpected token")`, called with no argument
// and, from other modules, as `_util.unexpected.call(void 0, "Unterminated template")`.
// @sapphire/shapeshift's bundle declares `var _ValidationError = class _ValidationError extends
// BaseError {…}; var ValidationError = _ValidationError;` and raises `new ExpectedConstraintError(name,
// options?.message ?? "Invalid number value", …)`, whose constructor hands its base `(constraint,
// message, given)`. A fixture checks each rule alone, and what is not read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const SAXES = path.join(MODULES, 'saxes');
const SUCRASE = path.join(MODULES, 'sucrase');
const SHAPESHIFT = path.join(MODULES, '@sapphire/shapeshift');

interface Hit { record: { filePath: string; lineNumber: number; errorMessage: string; errorClass: string | null }; copies?: { filePath: string; line: number }[] }

/** The message node prints for an uncaught error of this CommonJS snippet (its first line). */
function run(code: string): string {
  const p = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' });
  const line = p.stderr.split('\n').find((l) => /^[A-Z]\w*(?: \[\w+\])?: /.test(l));
  expect(line).toBeDefined();
  return line!;
}

const installed = [SAXES, SUCRASE, SHAPESHIFT].every((d) => fs.existsSync(path.join(d, 'package.json')));

describe.skipIf(!installed)('messages a method, a default, a compiled call or an aliased class builds', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('prefixed-db'), 'i.sqlite');
    for (const dir of [SAXES, SUCRASE, SHAPESHIFT]) expect(errdex(['analyze', dir, '--db', db]).code).toBe(0);
    const fixture = tmpDir('prefixed-fixture');
    write(fixture, 'lib/util.js', [
      '"use strict";',
      'function raise(message = "Something went wrong here") {',
      '  const err = new SyntaxError(message);',
      '  state.error = err;',
      '}',
      'exports.raise = raise;',
      'function sum(total, count) {',
      '  throw new RangeError(total + count);',
      '}',
      'exports.sum = sum;',
      'function report() {',
      '  sum("Total of ", "the items");',
      '}',
      'exports.report = report;', '',
    ].join('\n'));
    write(fixture, 'lib/reader.js', [
      '"use strict";',
      'var _util = require("./util");',
      'function readName() {',
      '  _util.raise.call(void 0, "Name must start with a letter");',
      '}',
      'exports.readName = readName;', '',
    ].join('\n'));
    write(fixture, 'lib/errors.js', [
      'var _BaseFault = class _BaseFault extends Error {',
      '  toJSON() { return { message: this.message }; }',
      '};',
      'var BaseFault = _BaseFault;',
      'var _CheckFault = class _CheckFault extends BaseFault {',
      '  constructor(check, message, given) {',
      '    super(message);',
      '    this.check = check;',
      '  }',
      '};',
      'var CheckFault = _CheckFault;',
      'var _RangeFault = class _RangeFault extends CheckFault {',
      '  constructor(check, message, given, expected) {',
      '    super(check, message, given);',
      '    this.expected = expected;',
      '  }',
      '};',
      'var RangeFault = _RangeFault;',
      'function check(value) {',
      '  if (typeof value !== "number") throw new CheckFault("n.number()", "Expected a number here", value);',
      '  throw new RangeFault("n.range()", "Expected a number in range", value, 3);',
      '}',
      'module.exports = { check };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 180_000);

  const hits = (input: string): Hit[] => explainInput(db, input).hits;
  const lineOf = recordLine;

  it.each([
    ["new SaxesParser().write('<feed><entry></feed>').close()", '{msg}unexpected close tag.'],
    ["new SaxesParser().write('<item id=\"1\" id=\"2\"/>').close()", '{msg}duplicate attribute: {eqname}.'],
    ["new SaxesParser().write('<a></a><b/>').close()", '{msg}documents may contain only one root.'],
  ])('saxes: %s is raised where makeError constructs it', (code, template) => {
    const message = run(`const { SaxesParser } = require('saxes'); ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(hit.record.filePath).toBe('saxes.js');
    expect(lineOf(SAXES, hit)).toContain('return new Error(msg + message)');
  });

  it('saxes: no record is left at the line of fail() that calls makeError', () => {
    const message = run("const { SaxesParser } = require('saxes'); new SaxesParser().write('<a></a><b/>').close()");
    expect(hits(message).some((h) => h.record.filePath === 'saxes.js' && lineOf(SAXES, h).includes('this.makeError(message)'))).toBe(false);
  });

  it.each([
    ["transform('let total = ;', { transforms: [] })", 'Unexpected token'],
    ["transform('const msg = `hello', { transforms: [] })", 'Unterminated template'],
  ])('sucrase: %s', (code, template) => {
    const message = run(`const { transform } = require('sucrase'); ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(lineOf(SUCRASE, hit)).toContain('new SyntaxError(message)');
  });

  it.each([
    ['s.number().greaterThan(5).parse(2)', 'Invalid number value', 'ExpectedConstraintError'],
    ["s.literal('admin').parse('guest')", 'Expected values to be equals', 'ExpectedValidationError'],
    ['s.string().parse(1)', 'Expected a string primitive', 'ValidationError'],
  ])('@sapphire/shapeshift: %s', (code, template, cls) => {
    const message = run(`const { s } = require('@sapphire/shapeshift'); ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(hit.record.errorClass).toBe(cls);
    expect(lineOf(SHAPESHIFT, hit)).toContain(`new ${cls}(`);
  });

  it("a parameter's default text, and another module's `.call(void 0, …)`, are the helper's messages", () => {
    for (const [message, template] of [['SyntaxError: Something went wrong here', 'Something went wrong here'], ['SyntaxError: Name must start with a letter', 'Name must start with a letter']]) {
      const hit = hits(message)[0];
      expect(hit.record.errorMessage).toBe(template);
      expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/util.js:3');
    }
  });

  it('an aliased class hands its base the argument it names, through two levels', () => {
    for (const [message, line] of [['CheckFault: Expected a number here', 20], ['RangeFault: Expected a number in range', 21]] as const) {
      const hit = hits(message)[0];
      expect(hit.record.errorMessage).toBe(message.slice(message.indexOf(': ') + 2));
      expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe(`lib/errors.js:${line}`);
    }
  });

  it('a sum of names not said to hold text stays one value', () => {
    // (`total + count` may be numbers: the callers' texts are not put in as a message)
    expect(hits('RangeError: Total of the items').some((h) => h.record.filePath === 'lib/util.js' && h.record.errorMessage === 'Total of the items')).toBe(false);
  });
});
