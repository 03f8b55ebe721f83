// An error a helper raises in one mode and keeps for a later raise in another, end to end on
// Debian's configobj: `_handle_error` builds `error = ErrorClass(message, …)` from what each caller
// hands it, then `if self.raise_errors: raise error`, else `self._errors.append(error)`; `_load`
// raises the first kept one at the end of parsing (`error = self._errors[0]` … `raise error`), the
// line a real traceback ends on. The message alone names that raise, with where its text is written.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const CONFIGOBJ = '/usr/lib/python3/dist-packages/configobj';
const FILE = 'configobj/__init__.py';

/** The line of `raise error` after `error = self._errors[0]` in `_load`, read from the installed file. */
function keptRaiseLine(): number {
  const lines = fs.readFileSync(path.join(CONFIGOBJ, '__init__.py'), 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes('error = self._errors[0]'));
  const raise = lines.findIndex((l, i) => i > at && l.trim() === 'raise error');
  return raise + 1;
}

describe.skipIf(!fs.existsSync(CONFIGOBJ))('errors a helper keeps for a later raise (configobj)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('kept-db'), 'i.sqlite');
    expect(errdex(['analyze', CONFIGOBJ, '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };
  const run = (lines: string[]) => spawnSync(PY, ['-c', `from configobj import ConfigObj\nConfigObj(${JSON.stringify(lines)})`], { encoding: 'utf8' }).stderr;

  it('a wrapper that names what failed (`Parsing configspec failed: {e}`) is the answer, the kept error inside it next', () => {
    const r = spawnSync(PY, ['-c', "from configobj import ConfigObj\nConfigObj(['a = 1'], configspec=['[server'])"], { encoding: 'utf8' });
    const last = r.stderr.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^configobj\.ConfigspecError: Parsing configspec failed: Invalid line/);
    const out = explain(last.slice('configobj.ConfigspecError: '.length));
    expect(out.hits[0].message).toBe('Parsing configspec failed: {e}');
    const inner = out.hits[1];
    expect(inner.message).toBe('Invalid line ({line}) (matched as neither section nor keyword) at line {cur_index}.');
    expect(inner.wrappedBy.map((w: { line: number }) => w.line)).toEqual([out.hits[0].line]);
    expect(inner.score).toBeLessThan(out.hits[0].score);
  });

  it.each([
    [['[database', 'a = 1'], 'configobj.ParseError', 'Invalid line ({line}) (matched as neither section nor keyword) at line {cur_index}.', 'matched as neither section nor keyword'],
    [['a = 1', 'a = 2'], 'configobj.DuplicateError', 'Duplicate keyword name at line {cur_index}.', 'Duplicate keyword name'],
  ])('%j: the message alone is the kept raise, defined at the caller of the helper', (input, cls, template, text) => {
    const trace = run(input);
    const line = keptRaiseLine();
    expect(trace).toContain(`__init__.py", line ${line}, in _load`);
    const message = trace.trim().split('\n').at(-1)!.slice(`${cls}: `.length);
    const out = explain(message);
    const hit = out.hits[0];
    expect(hit.message).toBe(template);
    expect(hit.lines).toContain(line);
    const record = out.records[hit.recordId];
    expect(record.filePath).toBe(FILE);
    // where the caller writes the text it hands `_handle_error`
    const call = fs.readFileSync(path.join(CONFIGOBJ, '__init__.py'), 'utf8').split('\n').slice(record.definedAt.line - 1, record.definedAt.line + 2).join('\n');
    expect(record.definedAt.filePath).toBe(FILE);
    expect(call).toContain('self._handle_error(');
    expect(call).toContain(text);
    // the printed trace lands on the same record
    const t = explain(trace);
    expect(t.hits[0].recordId).toBe(hit.recordId);
    expect(t.hits[0].matchType).toBe('frame');
  });
});
