// An error class imported through Babel's default interop (`new _ValidationError.default(…)` of
// `var _ValidationError = _interopRequireDefault(require("./ValidationError"))`) is the class
// `ValidationError`, whose constructor writes the message; a part of it that a function of several
// returned texts gives (`getArticle(type)`: `"an"` or `"a"`) is each of them. Real schema-utils
// from eval/node_modules, run by node for its message; a small fixture for a template literal's
// substitution.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

describe("an error class of Babel's default interop, and a function's returned texts in a message", () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('babel-default-classes-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(MODULES, 'schema-utils'), '--db', db]).code).toBe(0);
    const fixture = tmpDir('babel-default-classes-fixture');
    write(fixture, 'lib/need.js', [
      "'use strict';",
      'function article(word) {',
      '  if (/^[aeiou]/i.test(word)) {',
      "    return 'an';",
      '  }',
      "  return 'a';",
      '}',
      'function need(kind) {',
      '  throw new TypeError(`Expected ${article(kind)} ${kind} here`);',
      '}',
      'module.exports = { need };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  });

  const top = (input: string) => explainInput(db, input).hits[0]?.record;

  it("schema-utils' `throw new _ValidationError.default(errors, schema, configuration)`: the class's message, with `a` for `configuration`", () => {
    const code = "require('schema-utils').validate({ type: 'object', properties: { name: { type: 'string' } } }, { name: 1 }, { name: 'Bundle Plugin' });";
    const stderr = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
    const message = /^ValidationError: ([\s\S]*?)\n {4}at /m.exec(stderr)?.[1] ?? '';
    expect(message).toMatch(/^Invalid configuration object\. Bundle Plugin has been initialized using a configuration object/);
    const r = top(message);
    expect([r?.filePath, r?.lineNumber, r?.errorClass]).toEqual(['dist/validate.js', 454, 'ValidationError']);
    expect(r?.errorMessage).toContain('has been initialized using a {baseDataPath} object');
  });

  it("each text the called function returns is a reading of the template literal", () => {
    expect(top('Expected an integer here')?.lineNumber).toBe(9);
    expect(top('Expected a string here')?.lineNumber).toBe(9);
  });
});
