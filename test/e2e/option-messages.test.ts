// Messages handed to a helper in an options object (decision 0087). z-schema's `function
// getValidateError({ message, details }) { return new ValidateError(message || "", details) }` is
// called from another module as `throw getValidateError({ message: report.commonErrorMessage, … })`,
// and the validator's modules assign `report.commonErrorMessage = "SCHEMA_VALIDATION_FAILED"` (and
// two more codes). Before, the raise was one hole and the codes were nowhere in the index: a pasted
// `SCHEMA_VALIDATION_FAILED` found nothing. A fixture checks `opts.message`, a renamed option and a
// call whose object the callee does not raise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const ZSCHEMA = path.join(MODULES, 'z-schema');

describe.skipIf(!fs.existsSync(path.join(ZSCHEMA, 'package.json')))('a message handed to a helper in an options object', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('option-messages-db'), 'i.sqlite');
    expect(errdex(['analyze', ZSCHEMA, '--db', db]).code).toBe(0);
    const fixture = tmpDir('option-messages-fixture');
    write(fixture, 'lib/fail.js', [
      "'use strict';",
      'function fail({ code, message }) {',
      '  const err = new Error(message);',
      '  err.code = code;',
      '  throw err;',
      '}',
      'function reject(options) {',
      '  throw new RangeError(options.message);',
      '}',
      'function refuse({ msg: text }) {',
      '  throw new TypeError(text);',
      '}',
      'function record(entry) {',
      '  return entry;',
      '}',
      'module.exports = { fail, reject, refuse, record };', '',
    ].join('\n'));
    write(fixture, 'lib/check.js', [
      "'use strict';",
      "const { fail, reject, refuse, record } = require('./fail');",
      'function check(port, name) {',
      "  if (port < 0) fail({ code: 'E_PORT', message: `Port ${port} is negative` });",
      "  if (port > 65535) reject({ message: 'Port is above 65535' });",
      "  if (!name) refuse({ msg: 'A service needs a name' });",
      "  record({ message: 'Service checked and registered' });",
      '}',
      'module.exports = { check };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const hits = (input: string) => explainInput(db, input).hits;

  it.each([
    ["validator.validate({}, { type: 'record' })", 'SCHEMA_VALIDATION_FAILED'],
    ["validator.validate('abc', { type: 'integer' })", 'JSON_OBJECT_VALIDATION_FAILED'],
  ])('z-schema: %s', (code, message) => {
    const p = spawnSync(process.execPath, ['--input-type=module', '-e', `import ZSchema from 'z-schema'; const validator = ZSchema.create(); ${code};`], { cwd: MODULES, encoding: 'utf8' });
    expect(p.stderr).toContain(`ValidateError: ${message}`);
    // the message alone
    const alone = hits(message)[0];
    expect(alone.record.errorMessage).toBe(message);
    expect(alone.record.errorClass).toBe('ValidateError');
    // the trace: its frame's own raise, with the text
    const trace = p.stderr.slice(p.stderr.indexOf('ValidateError:'));
    const top = hits(trace)[0];
    expect([top.record.filePath, top.record.lineNumber, top.record.errorMessage]).toEqual(['dist/errors.js', 63, message]);
  });

  it('a destructured option, `options.message` and a renamed `{ msg: text }` take the callers\' texts', () => {
    for (const [input, line, text] of [
      ['Port -1 is negative', 3, 'Port {port} is negative'],
      ['Port is above 65535', 8, 'Port is above 65535'],
      ['A service needs a name', 11, 'A service needs a name'],
    ] as const) {
      const hit = hits(input)[0];
      expect([hit.record.filePath, hit.record.lineNumber, hit.record.errorMessage], input).toEqual(['lib/fail.js', line, text]);
    }
  });

  it('an object handed to a function that raises nothing is no message', () => {
    expect(hits('Service checked and registered').some((h: { record: { errorMessage: string } }) => h.record.errorMessage === 'Service checked and registered')).toBe(false);
  });
});
