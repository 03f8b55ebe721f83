// Messages not written at the raise, in real packages of eval/node_modules run by node for their
// messages (decision 0072): a build's production-or-development choice (redux), a message getter
// (typedi), texts a decoder returns beside its result and its caller throws (bech32), an error class
// handed to the factory that builds it (webidl-conversions), and the readings of a text appended to
// under conditions that a class passes its base (a small fixture, as valita's `formatIssueTree`), and
// the `_super.call(this, msg)` of a class compiled to ES5 whose base is `Error` (intl-messageformat),
// and the stack an error-class factory takes for the classes it makes (rxjs's `createErrorClass`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

/** The message node prints for CODE run in eval/ (a CommonJS snippet), and the class it names. */
function raise(code: string): { cls: string; message: string } {
  const stderr = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
  const m = /^(\w+): ([\s\S]*?)\n {4}at /m.exec(stderr);
  return { cls: m?.[1] ?? '', message: m?.[2] ?? '' };
}

describe('messages chosen, got or returned away from the raise', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('chosen-handed-db'), 'i.sqlite');
    for (const p of ['redux', 'typedi', 'bech32', 'webidl-conversions', 'intl-messageformat', 'rxjs']) {
      expect(errdex(['analyze', path.join(MODULES, p), '--db', db]).code).toBe(0);
    }
    const fixture = tmpDir('chosen-handed-fixture');
    write(fixture, 'lib/issues.js', [
      "'use strict';",
      'function describe(tree, count) {',
      "  let msg = `Validation failed: ${tree.code} at path ${tree.path}`;",
      '  if (count === 1) {',
      "    msg += ' (+ 1 other issue)';",
      '  } else if (count > 1) {',
      '    msg += ` (+ ${count} other issues)`;',
      '  }',
      '  return msg;',
      '}',
      'class IssueError extends Error {',
      '  constructor(tree, count) {',
      '    super(describe(tree, count));',
      '  }',
      '}',
      'function check(tree, count) {',
      '  throw new IssueError(tree, count);',
      '}',
      'module.exports = { check };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const top = (input: string) => explainInput(db, input).hits[0]?.record;

  it("redux's `process.env.NODE_ENV === 'production' ? formatProdErrorMessage(2) : `Expected the root reducer…``: both texts", () => {
    const { message } = raise("require('redux').createStore({});");
    expect(message).toBe("Expected the root reducer to be a function. Instead, received: 'object'");
    const r = top(message);
    expect([r?.filePath, r?.lineNumber]).toEqual(['dist/cjs/redux.cjs', 120]);
    expect(top('Minified Redux error #2; visit https://redux.js.org/Errors?code=2 for the full message or use the non-minified dev environment for full errors. ')?.lineNumber).toBe(120);
  });

  it("typedi's `get message()` is the message of `new ServiceNotFoundError(identifier)`", () => {
    const { cls, message } = raise("require('typedi').Container.get('mailer');");
    expect(cls).toBe('ServiceNotFoundError');
    const r = top(message);
    expect([r?.filePath, r?.lineNumber]).toEqual(['cjs/container-instance.class.js', 45]);
    expect(r?.errorMessage).toContain('Service with "{normalizedIdentifier}" identifier was not found in the container.');
  });

  it("bech32's `throw new Error(res)` of `const res = __decode(str)`: each text `__decode` returns besides its object", () => {
    for (const code of ["require('bech32').bech32.decode('abc');", "require('bech32').bech32.decode('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5');"]) {
      const { message } = raise(code);
      const r = top(message);
      expect([message, r?.filePath, r?.lineNumber]).toEqual([message, 'dist/index.js', 158]);
    }
  });

  it("webidl-conversions' `return new ErrorType(`${context} ${message}.`)`: a site, each caller's text and class in it", () => {
    const { cls, message } = raise("require('webidl-conversions').ByteString('caf\\u00e9 \\u2615', { context: 'Header value' });");
    expect([cls, message]).toEqual(['TypeError', 'Header value is not a valid ByteString.']);
    const r = top(message);
    expect([r?.filePath, r?.lineNumber, r?.errorClass]).toEqual(['lib/index.js', 7, 'TypeError']);
    expect(top('Value is not a finite number.')?.lineNumber).toBe(7);
  });

  it("intl-messageformat's `_super.call(this, msg) || this` under `(function (_super) {…}(Error))`: a site, with its subclasses' texts", () => {
    const code = "const { IntlMessageFormat } = require('intl-messageformat'); new IntlMessageFormat('Hello {name}!', 'en').format({});";
    const stderr = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
    // (`Error` called as a function makes the error: the innermost frame is the base's `_super.call`)
    expect(stderr).toMatch(/^ {4}at MissingValueError\.FormatError \[as constructor\] \(.*intl-messageformat\/src\/error\.js:17:/m);
    const message = /^Error: (.*)$/m.exec(stderr)?.[1] ?? '';
    expect(message).toBe('The intl string context variable "name" was not provided to the string "Hello {name}!"');
    const r = top(message);
    expect([r?.filePath, r?.lineNumber, r?.errorClass]).toEqual(['src/error.js', 17, 'Error']);
    const trace = explainInput(db, stderr.slice(stderr.indexOf('Error: '))).hits[0]?.record;
    expect([trace?.filePath, trace?.lineNumber]).toEqual(['src/error.js', 17]);
  });

  it("rxjs's `instance.stack = new Error().stack` in `createErrorClass`: a site of each made class's `this.message`", () => {
    const code = "const { BehaviorSubject } = require('rxjs'); const s = new BehaviorSubject(1); s.unsubscribe(); s.next(2);";
    const stderr = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
    expect(stderr).toMatch(/^ {4}at .*rxjs\/dist\/cjs\/internal\/util\/createErrorClass\.js:7:/m);
    // (the stack is taken before the message is set: its header is a bare `Error`)
    expect(stderr).toMatch(/^Error\n {4}at _super /m);
    const r = top('object unsubscribed');
    expect([r?.filePath, r?.lineNumber]).toEqual(['dist/cjs/internal/util/createErrorClass.js', 7]);
    expect(r?.definedAt).toEqual({ filePath: 'dist/cjs/internal/util/ObjectUnsubscribedError.js', line: 9 });
    const trace = explainInput(db, stderr.slice(stderr.indexOf('Error\n'))).hits[0]?.record;
    expect([trace?.filePath, trace?.lineNumber]).toEqual(['dist/cjs/internal/util/createErrorClass.js', 7]);
  });

  it('a class passing its base a text appended to under conditions: each reading is the class\'s', () => {
    expect(top('Validation failed: too_small at path name')?.lineNumber).toBe(17);
    expect(top('Validation failed: too_small at path name (+ 1 other issue)')?.lineNumber).toBe(17);
    expect(top('Validation failed: too_small at path name (+ 3 other issues)')?.lineNumber).toBe(17);
  });
});
