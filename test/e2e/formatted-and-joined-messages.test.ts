// Messages a format call, an error class's method or an array of parts builds (decision 0096).
// argparse's `ArgumentError(action, sub(msg, args))`: the class's constructor sets `this._message =
// message` and `this.message = this.str()`, whose `sub('argument %(argument_name)s: %(message)s',
// {…})` reads the fields; the raise's `sub('invalid choice: %(value)r (choose from %(choices)s)',
// args)` fills a Python-style format (a port of `%`), or the text of a small table of the function
// (`nargs_errors[action.nargs]`). csv-stringify's `new CsvError(code, ['option `bom` …,', `got …`])`,
// whose constructor joins an array message with spaces. Before, each raise was one hole (`{action}`)
// or the code alone, and the messages ranked nowhere. A fixture checks what is not a format.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const ARGPARSE = path.join(MODULES, 'argparse');
const CSV = path.join(MODULES, 'csv-stringify');

interface Hit { record: { filePath: string; lineNumber: number; errorMessage: string }; copies?: { filePath: string; line: number }[] }

/** The message node prints for an uncaught error of this snippet (CommonJS or, with `esm`, an ES module). */
function run(code: string, esm = false): string {
  const p = spawnSync(process.execPath, [...(esm ? ['--input-type=module'] : []), '-e', code], { cwd: MODULES, encoding: 'utf8' });
  const line = p.stderr.split('\n').find((l) => /^[A-Z]\w*(?: \[\w+\])?: /.test(l));
  expect(line).toBeDefined();
  return line!;
}

describe.skipIf(!fs.existsSync(path.join(ARGPARSE, 'package.json')) || !fs.existsSync(path.join(CSV, 'package.json')))('formatted, field-built and joined messages', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('formatted-db'), 'i.sqlite');
    expect(errdex(['analyze', ARGPARSE, '--db', db]).code).toBe(0);
    expect(errdex(['analyze', CSV, '--db', db]).code).toBe(0);
    const fixture = tmpDir('formatted-fixture');
    write(fixture, 'lib/check.js', [
      'const fmt = require("./fmt");',
      'class Failure extends Error {',
      '  constructor(code, message) {',
      '    super(message);',
      '    this.code = code;',
      '  }',
      '}',
      'function one(name) {',
      '  throw new Error(fmt("unknown format %s for %s", name));',
      '}',
      'function two(name) {',
      '  throw new Error("%s is missing".replace("%s", name));',
      '}',
      'function three(x) {',
      '  throw new Failure("E_PARTS", ["the parts of", x, "were not joined"]);',
      '}',
      'function four(kind) {',
      '  const texts = { a: "one", b: "two", c: "three", d: "four", e: "five", f: "six", g: "seven" };',
      '  throw new Error("no such kind: " + texts[kind.name]);',
      '}',
      'const pools = { functions: "Custom function", transforms: "Transform" };',
      'function five(ast) {',
      '  throw new Error("".concat(pools[ast.pool], " ").concat(ast.name, " is not defined."));',
      '}',
      'module.exports = { one, two, three, four, five };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const hits = (input: string): Hit[] => explainInput(db, input).hits;
  const at = (h: Hit, root: string): string => {
    const where = [{ filePath: h.record.filePath, line: h.record.lineNumber }, ...(h.copies ?? [])].find((c) => !c.filePath.startsWith('dist/')) ?? { filePath: h.record.filePath, line: h.record.lineNumber };
    return fs.readFileSync(path.join(root, where.filePath), 'utf8').split('\n')[where.line - 1];
  };

  const parser = "const { ArgumentParser } = require('argparse'); const p = new ArgumentParser({ prog: 't', exit_on_error: false });";
  it.each([
    [`p.add_argument('--mode', { choices: ['a', 'b'] }); p.parse_args(['--mode', 'c'])`, 'argument {_argument_name}: invalid choice: {value} (choose from {join})', '_check_value'],
    [`p.add_argument('--n', { type: 'int' }); p.parse_args(['--n', 'x'])`, 'argument {_argument_name}: invalid {name} value: {arg_string}', 'invalid %(type)s'],
    [`p.add_argument('--x'); p.add_argument('--x')`, 'argument {_argument_name}: conflicting option string: {conflict_string}', 'sub(message, conflict_string)'],
    [`p.add_argument('--f', { type: 'float' }); p.parse_args(['--f'])`, 'argument {_argument_name}: expected one argument', 'throw new ArgumentError(action, msg)'],
  ])('argparse: %s', (code, template, near) => {
    const message = run(`${parser} ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(hit.record.filePath).toBe('argparse.js');
    const src = fs.readFileSync(path.join(ARGPARSE, 'argparse.js'), 'utf8').split('\n');
    const window = src.slice(hit.record.lineNumber - 8, hit.record.lineNumber).join('\n');
    expect(src[hit.record.lineNumber - 1]).toContain('throw new ArgumentError(');
    expect(window).toContain(near);
  });

  it.each([
    ["stringify([['a']], { bom: 'yes' })", 'option `bom` is optional and must be a boolean value, got {bom}'],
    ["stringify([['a']], { delimiter: 9 })", 'option `delimiter` must be a buffer or a string, got {delimiter}'],
  ])('csv-stringify: %s', (code, template) => {
    const message = run(`import { stringify } from 'csv-stringify/sync'; ${code}`, true);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(at(hit, CSV)).toContain('new CsvError(');
  });

  it("each entry of a small table of texts is a reading of the text around its lookup (Babel's concat chain)", () => {
    for (const [kind, text] of [['Custom function', 'Custom function {name} is not defined.'], ['Transform', 'Transform {name} is not defined.']]) {
      const hit = hits(`Error: ${kind} upper is not defined.`)[0];
      expect(hit.record.errorMessage).toBe(text);
      expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/check.js:23');
    }
  });

  it('a format of too few arguments, a string method and a big table stay holes; an array is joined only by a class that joins it', () => {
    const inFixture = (input: string) => hits(input).filter((h) => h.record.filePath === 'lib/check.js');
    expect(inFixture('Error: unknown format yaml for %s').some((h) => h.record.errorMessage.includes('unknown format'))).toBe(false);
    expect(inFixture('Error: name is missing').some((h) => h.record.errorMessage.includes('is missing'))).toBe(false);
    expect(inFixture('Error: the parts of x were not joined').some((h) => h.record.errorMessage.includes('were not joined'))).toBe(false);
    expect(inFixture('Error: no such kind: seven').some((h) => h.record.errorMessage.includes('seven'))).toBe(false);
  });
});
