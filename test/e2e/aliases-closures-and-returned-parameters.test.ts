// Round 14's npm shapes (decision 0115): a bundler's alias of a built-in error class called and
// handed to a thrower of the file (@ltd/j-toml's `throws(SyntaxError$1(`Bad basic string` +
// where(' at ')))`, with `const SyntaxError$1 = SyntaxError` and `const throws = (error) => { throw
// error; }`); an error class handed to a factory and constructed by the function it returns
// (angular-expressions' `minErr(module, ErrorConstructor)`, whose closure ends in `return new
// ErrorConstructor(message)`); a local given by a function called in place that returns a parameter
// (myzod's `typeError(msg) { const errMsg = (() => { … return msg; … })(); return new
// ValidationError(errMsg); }`). Real errors run by node and explained through the CLI, and a fixture
// for each rule and what it leaves out.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const PACKAGES = ['@ltd/j-toml', 'angular-expressions', 'myzod'];

interface Hit { record: { filePath: string; lineNumber: number; errorMessage: string; errorClass: string | null } }

/** The message of the error this CommonJS snippet leaves uncaught, as its `message`. */
function run(code: string): string {
  const p = spawnSync(process.execPath, ['-e', `try { ${code} } catch (e) { process.stdout.write(e.message); process.exit(0); } process.exit(3);`], { cwd: MODULES, encoding: 'utf8' });
  expect(p.status).toBe(0);
  return p.stdout;
}

const installed = PACKAGES.every((p) => fs.existsSync(path.join(MODULES, p, 'package.json')));

describe.skipIf(!installed)('aliases of built-in classes, classes handed to factories, parameters returned in place', () => {
  let db: string;
  let fixture: string;

  beforeAll(() => {
    db = path.join(tmpDir('r14-db'), 'r.sqlite');
    for (const p of PACKAGES) expect(errdex(['analyze', path.join(MODULES, p), '--db', db]).code).toBe(0);
    fixture = tmpDir('r14-fixture');
    write(fixture, 'lib/bundle.js', [
      'const RangeError$1 = RangeError;',
      'const throws = (error) => {',
      '  throw error;',
      '};',
      "const { throws: assertThrows } = require('assert');",
      'function port(p) {',
      "  typeof p === 'number' || throws(RangeError$1(`The port of the proxy must be a number`));",
      '  return p;',
      '}',
      'module.exports = { port };', '',
    ].join('\n'));
    write(fixture, 'lib/check.js', [
      "const { throws } = require('assert');",
      'function check() {',
      "  throws(new Error('The probe of the assertion is never raised here'));",
      '}',
      'module.exports = { check };', '',
    ].join('\n'));
    write(fixture, 'lib/factory.js', [
      'function makeFault(area, ErrorClass) {',
      '  ErrorClass = ErrorClass || Error;',
      '  return function (text) {',
      "    const message = '(' + area + ') ' + text + ' and the job stops';",
      '    return new ErrorClass(message);',
      '  };',
      '}',
      'function build(ErrorCtor) {',
      "  return new ErrorCtor('The builder was given a class it did not ask for');",
      '}',
      'module.exports = { makeFault, build };', '',
    ].join('\n'));
    write(fixture, 'lib/schema.js', [
      'class Schema {',
      '  fail(msg) {',
      '    const text = (() => {',
      '      if (this.custom === undefined) return msg;',
      "      if (typeof this.custom === 'function') return this.custom();",
      '      return this.custom;',
      '    })();',
      '    return new TypeError(text);',
      '  }',
      '  own(msg) {',
      '    const text = (() => {',
      "      const local = 'the schema refuses the value';",
      '      return local;',
      '    })();',
      '    return new TypeError(text + msg);',
      '  }',
      '  parse(v) {',
      "    if (typeof v !== 'string') throw this.fail('The widget name must be written as a string');",
      '    return v;',
      '  }',
      '}',
      'module.exports = { Schema };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 180_000);

  const hits = (input: string): Hit[] => explainInput(db, input).hits;
  const lineOf = recordLine;

  it.each([
    ["TOML.parse('title = \"release notes\\n', 1.0, '\\n')", 'Bad basic string'],
    ["TOML.parse('[server\\nport = 8080\\n', 1.0, '\\n')", 'Table header is not closed'],
  ])('@ltd/j-toml: %s is raised where SyntaxError$1 is called', (code, text) => {
    const message = run(`const TOML = require('@ltd/j-toml'); ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage.startsWith(text)).toBe(true);
    expect(hit.record.errorClass).toBe('SyntaxError');
    expect(lineOf(path.join(MODULES, '@ltd/j-toml'), hit)).toContain(`throws(SyntaxError$1(\`${text}\``);
  });

  it.each([["compile('user.name #')"], ["compile('total +')"]])('angular-expressions: %s is raised in the closure minErr returns', (code) => {
    const message = run(`const expressions = require('angular-expressions'); expressions.${code}`);
    const hit = hits(message)[0];
    expect(hit.record.filePath).toBe('lib/parse.js');
    expect(lineOf(path.join(MODULES, 'angular-expressions'), hit)).toContain('return new ErrorConstructor(message)');
    expect(hit.record.errorClass).toBe('Error');
  });

  it.each([
    ['myzod.string().parse(42)', 'expected type to be string but got {typeOf}'],
    ["myzod.object({ name: myzod.string() }).parse({ name: 'ada', role: 'admin' })", 'unexpected keys on object: {illegalKeys}'],
  ])('myzod: %s is raised where typeError constructs it, with its caller\'s text', (code, template) => {
    const message = run(`const myzod = require('myzod'); ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(lineOf(path.join(MODULES, 'myzod'), hit)).toContain('return new ValidationError(errMsg)');
  });

  it("an alias of a built-in handed to the file's thrower is a site of the built-in (a key renamed by a pattern binds nothing); an assertion's is not", () => {
    const hit = hits('The port of the proxy must be a number')[0];
    expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/bundle.js:7');
    expect(hit.record.errorClass).toBe('RangeError');
    expect(hits('The probe of the assertion is never raised here').some((h) => h.record.filePath === 'lib/check.js')).toBe(false);
  });

  it('a class handed to a function around the closure is constructed there', () => {
    const hit = hits('(billing) The invoice is missing and the job stops')[0];
    expect(hit.record.errorMessage).toBe('({area}) {text} and the job stops');
    expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/factory.js:5');
    expect(hits('The builder was given a class it did not ask for')[0].record.lineNumber).toBe(9);
    // (the class is the one the factory defaults to; a class handed to the function itself is the caller's)
    expect(hit.record.errorClass).toBe('Error');
    expect(hits('The builder was given a class it did not ask for')[0].record.errorClass).toBeNull();
  });

  it("a parameter a function called in place returns is the caller's text; the function's own local is not", () => {
    const hit = hits('The widget name must be written as a string')[0];
    expect(hit.record.errorMessage).toBe('The widget name must be written as a string');
    expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/schema.js:8');
    // (`own`'s function returns its own local: no parameter hole, so no caller's text at line 15)
    expect(hits('the schema refuses the valueThe widget name must be written as a string').some((h) => h.record.lineNumber === 15 && h.record.errorMessage.includes('widget'))).toBe(false);
  });
});
