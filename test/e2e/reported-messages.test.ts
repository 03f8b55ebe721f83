// Messages a reporter writes into an error after building it (decision 0087). tv4's `createError`
// does `var error = new ValidationError(code, messageParams, …); error.message =
// this.errorReporter(error, data, schema); return error`, the reporter stored by the validator's
// constructor (`this.errorReporter = errorReporter || defaultErrorReporter('en')`) and returned by a
// factory of the file, which fills a template of `ErrorMessagesDefault` (`"Invalid type: {type}
// (expected {expected})"`) with `.replace(/\{([^{}]*)\}/g, …)`. Before, the raise's message was the
// constructor's empty text and the four messages found nothing of tv4's; now each template of the
// table is a message of the construction. A fixture checks a text assigned at once, one a file
// function returns, and an assignment after a return (not read).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const TV4 = path.join(MODULES, 'tv4');

describe.skipIf(!fs.existsSync(path.join(TV4, 'package.json')))('a message a reporter writes into the error it built', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('reported-messages-db'), 'i.sqlite');
    expect(errdex(['analyze', TV4, '--db', db]).code).toBe(0);
    const fixture = tmpDir('reported-messages-fixture');
    write(fixture, 'lib/errors.js', [
      "'use strict';",
      'function describe(code) {',
      "  return 'Unknown status code ' + code;",
      '}',
      'function badType(type) {',
      '  var error = new Error();',
      "  error.message = 'Unsupported column type: ' + type;",
      '  return error;',
      '}',
      'function badCode(code) {',
      "  const err = new TypeError('');",
      '  err.message = describe(code);',
      '  throw err;',
      '}',
      'function late(name) {',
      '  const err = new RangeError();',
      '  if (name) return err;',
      "  err.message = 'Never seen by a caller: ' + name;",
      '  return err;',
      '}',
      'module.exports = { badType, badCode, late };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const hits = (input: string) => explainInput(db, input).hits;

  it.each([
    ["tv4.validate({ port: '8080' }, { properties: { port: { type: 'number' } } })", 'Invalid type: string (expected number)', 'Invalid type: {type} (expected {expected})'],
    ["tv4.validate('ab', { type: 'string', minLength: 5 })", 'String is too short (2 chars), minimum 5', 'String is too short ({length} chars), minimum {minimum}'],
    ["tv4.validate({ name: 'ada' }, { required: ['name', 'id'] })", 'Missing required property: id', 'Missing required property: {key}'],
  ])('tv4: %s', (code, message, template) => {
    const p = spawnSync(process.execPath, ['-e', `const tv4 = require('tv4'); if (!${code}) throw tv4.error;`], { cwd: MODULES, encoding: 'utf8' });
    expect(p.stderr).toContain(message);
    const hit = hits(message)[0];
    expect([hit.record.filePath, hit.record.errorClass, hit.record.errorMessage]).toEqual(['tv4.js', 'ValidationError', template]);
    const line = fs.readFileSync(path.join(TV4, 'tv4.js'), 'utf8').split('\n')[hit.record.lineNumber - 1];
    expect(line).toContain('new ValidationError(code, messageParams');
  });

  it('a text assigned right after the construction, and one a file function returns', () => {
    const a = hits('Unsupported column type: blob')[0];
    expect([a.record.filePath, a.record.lineNumber, a.record.errorMessage]).toEqual(['lib/errors.js', 6, 'Unsupported column type: {type}']);
    const b = hits('Unknown status code 999')[0];
    expect([b.record.filePath, b.record.lineNumber, b.record.errorMessage]).toEqual(['lib/errors.js', 11, 'Unknown status code {code}']);
  });

  it('an assignment after a return is not the message', () => {
    expect(hits('Never seen by a caller: x').some((h: { record: { errorMessage: string } }) => h.record.errorMessage === 'Never seen by a caller: {name}')).toBe(false);
  });
});
