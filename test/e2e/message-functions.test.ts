// Message functions: a function named for messages or errors that returns the text of each error
// code, whose result another module stores as the `message` of the objects an error class is
// built from. typebox's `DefaultErrorFunction` (errors/function.js) and `new AssertError(iterator)`
// (`super(error.message)` with `error = iterator.First()`), runtypes' `toMessage` and its
// `ValidationError` of another module, run by node for their traces; a fixture for
// what is not a message function, and for a class that wraps an error it is handed.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

describe('texts a message function returns, raised by classes built from a message field', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('message-functions-db'), 'i.sqlite');
    for (const pkg of ['@sinclair/typebox', 'runtypes']) expect(errdex(['analyze', path.join(MODULES, pkg), '--db', db]).code).toBe(0);
    const root = tmpDir('message-functions-fixture');
    write(root, 'lib/texts.js', [
      "'use strict';",
      'function failureMessage(f) {', '  switch (f.code) {', "    case 'min': return `Value must be at least ${f.min}`;",
      "    case 'max': return `Value must be at most ${f.max}`;", "    default: return 'Value is not allowed';", '  }', '}',
      // (texts, but not named for messages: a label table)
      'function unitLabel(u) {', "  switch (u) {", "    case 's': return 'seconds to wait';", "    case 'm': return 'minutes to wait';", "    default: return 'hours to wait';", '  }', '}',
      'module.exports = { failureMessage, unitLabel };', '',
    ].join('\n'));
    write(root, 'lib/check.js', [
      "'use strict';", "const { failureMessage } = require('./texts');",
      'class CheckError extends Error {', '  constructor(failure) {', '    super(failure.message);', '  }', '}',
      'class WrapError extends Error {', '  constructor(error) {', "    super(error instanceof Error ? error.message : 'Unknown error');", '  }', '}',
      // (the object's message is set where it is reported, as typebox's errors.js does)
      'function check(v, min) {', "  if (v < min) throw new CheckError(report({ code: 'min', min }));", '}',
      'function report(f) {', '  f.message = failureMessage(f);', '  return f;', '}',
      'function run(fn) {', '  try {', '    return fn();', '  } catch (error) {', '    throw new WrapError(error);', '  }', '}',
      'module.exports = { check, run };', '',
    ].join('\n'));
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code === 0 || r.code === 4).toBe(true);
    return explainOutput(r.stdout);
  };

  it("typebox's Value.Assert: the error function's text at the AssertError construction, defined in errors/function.js", () => {
    const code = "const { Type } = require('@sinclair/typebox'); const { Value } = require('@sinclair/typebox/value'); Value.Assert(Type.String({ minLength: 3 }), 'al')";
    const stack = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
    expect(stack).toContain('Expected string length greater or equal to 3');
    const t = explain(stack).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber]).toEqual(['frame', 'build/cjs/value/assert/assert.js', 50]);
    const m = explain('Expected string length greater or equal to 3').hits;
    expect([m[0].record.filePath, m[0].record.lineNumber, m[0].record.errorMessage]).toEqual(['build/cjs/value/assert/assert.js', 50, 'Expected string length greater or equal to {minLength}']);
    expect(m[0].record.definedAt).toMatchObject({ filePath: 'build/cjs/errors/function.js' });
    // (TransformDecodeError wraps an error it catches: `super(error instanceof Error ? error.message : …)`)
    expect(m.filter((h) => h.record.filePath.endsWith('transform/decode.js'))).toEqual([]);
  });

  it("runtypes: the class in another module (`new ValidationError_js_1.default(result)`), toMessage's texts in a third", () => {
    const stack = spawnSync(process.execPath, ['-e', "const rt = require('runtypes'); rt.String.check(42)"], { cwd: MODULES, encoding: 'utf8' }).stderr;
    expect(stack).toContain('ValidationError: Expected string, but was number');
    const t = explain(stack).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorClass]).toEqual(['frame', 'script/Runtype.js', 124, 'ValidationError']);
    const m = explain('Expected string, but was number').hits[0];
    expect([m.record.filePath, m.record.lineNumber, m.record.errorMessage]).toEqual(['script/Runtype.js', 124, 'Expected {expected}, but was {received}']);
    expect(m.record.definedAt).toMatchObject({ filePath: 'script/utils-internal/FAILURE.js' });
  });

  it("a fixture's message function, raised by the class that reads `failure.message`, not by the wrapper", () => {
    const hits = explain('Value must be at least 3').hits;
    expect([hits[0].record.filePath, hits[0].record.errorClass, hits[0].record.errorMessage]).toEqual(['lib/check.js', 'CheckError', 'Value must be at least {min}']);
    expect(hits.filter((h) => h.record.errorClass === 'WrapError')).toEqual([]);
  });

  it('texts returned by a function not named for messages are not messages', () => {
    expect(explain('minutes to wait').hits.filter((h) => h.record.filePath.startsWith('lib/'))).toEqual([]);
  });
});
