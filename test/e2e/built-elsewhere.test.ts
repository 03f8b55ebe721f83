// Errors built in one place and raised in another, end to end: a Python rule function yields its
// errors and a driver loop raises them (a fixture run by the real interpreter), errors stored on the
// object and raised later, a list of errors and an ExceptionGroup of it; and the real vitest runner's
// `errors.push(new FixtureDependencyError(…))` … `throw errors[0]` / `throw new AggregateError(errors, …)`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordId } from '../../src/record/ids.js';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';
const VITEST_RUNNER = path.resolve(import.meta.dirname, '../../node_modules/@vitest/runner');

const RULES = `class RuleError(Exception):
    pass


def type_rule(value):
    if not isinstance(value, int):
        yield RuleError(f"{value!r} is not of type 'integer'")
    elif value < 0:
        yield RuleError(f"{value!r} is less than the minimum of 0")
`;
const DRIVER = `from .rules import type_rule


class Validator:
    def __init__(self):
        self._error = None

    def iter_errors(self, value):
        yield from type_rule(value)

    def validate(self, value):
        for error in type_rule(value):
            raise error

    def feed(self, data):
        if not data:
            self._error = ValueError("no data was fed to the validator")
        problems = []
        if data == "x":
            problems.append(KeyError("x is a reserved name"))
        if len(problems) > 1:
            raise ExceptionGroup("several problems in the data", problems)
        if problems:
            raise problems[0]

    def close(self):
        if self._error is not None:
            raise self._error
`;

describe('errors built in one place and raised in another', () => {
  let db: string;
  let pyRoot: string;

  beforeAll(() => {
    db = path.join(tmpDir('built-db'), 'i.sqlite');
    pyRoot = tmpDir('built-py');
    write(pyRoot, 'check/__init__.py', '');
    write(pyRoot, 'check/rules.py', RULES);
    write(pyRoot, 'check/driver.py', DRIVER);
    expect(errdex(['analyze', pyRoot, '--db', db, '--repo', 'acme/check']).code).toBe(0);
    expect(errdex(['analyze', VITEST_RUNNER, '--db', db]).code).toBe(0);
  });

  const explain = (input: string, limit = 5) => {
    const r = errdex(['explain', '-', '--db', db, '--json', '--limit', String(limit)], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };
  const runPy = (code: string) => {
    const r = spawnSync(PY, ['-c', code], { cwd: pyRoot, encoding: 'utf8' });
    return r.stderr.split(`${pyRoot}/`).join('/srv/app/');
  };

  it('yielded by a rule function in one module, raised by the driver loop in another: the record is at the raise (where the trace starts), with definedAt', () => {
    const trace = runPy('from check.driver import Validator; Validator().validate("a")');
    expect(trace).toContain("check.rules.RuleError: 'a' is not of type 'integer'");
    const t = explain(trace).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorClass]).toEqual(['frame', 'check/driver.py', 13, 'RuleError']);
    expect(t.record.errorMessage).toBe("{value} is not of type 'integer'");
    expect(t.record.definedAt).toEqual({ filePath: 'check/rules.py', line: 7 });
    const m = explain('-1 is less than the minimum of 0').hits[0];
    expect([m.record.filePath, m.record.lineNumber, m.record.definedAt.line]).toEqual(['check/driver.py', 13, 9]);
    // (the raise's own record, of no message of its own, lists the templates that reach it)
    const shown = errdex(['show', recordId('acme/check', null, '', 'check/driver.py'), '--db', db]);
    const generic = JSON.parse(shown.stdout) as { builtAt: { filePath: string; line: number; errorMessage: string }[] };
    expect(generic.builtAt.filter((b) => b.filePath === 'check/rules.py').map((b) => [b.line, b.errorMessage])).toEqual([
      [7, "{value} is not of type 'integer'"], [9, '{value} is less than the minimum of 0'],
    ]);
  });

  it('stored on the object and raised by another method', () => {
    const trace = runPy('from check.driver import Validator; v = Validator(); v.feed(""); v.close()');
    expect(trace).toContain('ValueError: no data was fed to the validator');
    const t = explain(trace).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.definedAt]).toEqual(['frame', 'check/driver.py', 28, { filePath: 'check/driver.py', line: 17 }]);
  });

  it('a list of errors raised by its first, and an ExceptionGroup of it: the member keeps no frame', () => {
    const trace = runPy('from check.driver import Validator; Validator().feed("x")');
    expect(trace).toContain("KeyError: 'x is a reserved name'");
    const t = explain(trace).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.definedAt.line]).toEqual(['frame', 'check/driver.py', 24, 20]);
    const g = explain('several problems in the data (1 sub-exception)').hits[0];
    expect([g.record.lineNumber, g.record.builtAt]).toEqual([22, [{ filePath: 'check/driver.py', line: 20, errorMessage: 'x is a reserved name' }]]);
  });

  it("vitest's runner: errors pushed to a list, thrown as errors[0] or an AggregateError; the record stays at the construction (V8's stack) with raisedAt", () => {
    const m = explain('The "a" fixture depends on unknown fixture "b".').hits[0];
    expect(m.record.filePath).toBe('dist/chunk-artifact.js');
    expect(m.record.errorClass).toBe('FixtureDependencyError');
    expect(m.record.errorMessage).toBe('The "{name}" fixture depends on unknown fixture "{depName}".');
    expect(m.record.raisedAt.length).toBe(2);
    const agg = explain('Cannot resolve user fixtures. See errors for more information.').hits[0];
    expect(agg.record.errorClass).toBe('AggregateError');
    expect(agg.record.builtAt.map((b: { line: number }) => b.line)).toContain(m.record.lineNumber);
    expect(m.record.raisedAt.map((r: { line: number }) => r.line)).toContain(agg.record.lineNumber);
  });
});
