// Messages a method of another module returns: formencode's validators raise
// `Invalid(self.message('integer', state), …)`, where `message` is the base class's method in
// api.py (`msg = self._messages[msgName] … return msg % kw`) and each validator class adds its
// entries to `messages = dict(integer=_('…'))`. And translations reached through an object:
// wtforms' `field.gettext("Field must be between %(min)d and %(max)d characters long.")`. And an
// exception's `__str__` reading `self.args[0]`: chameleon's TemplateError (`Exception.__init__(self,
// msg, token)`), the raise's message in it. Real code: Debian's python3-formencode, python3-wtforms
// and python3-chameleon, run for the messages and lines.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const PY = '/usr/bin/python3';
const DIST = '/usr/lib/python3/dist-packages';

/** Each call's message and the line of the innermost frame in `file`, run by the real interpreter. */
function raised(file: string, setup: string, calls: string[]): { message: string; line: number }[] {
  const code = [
    'import json, traceback', setup,
    `for call in [${calls.map((c) => `lambda: ${c}`).join(', ')}]:`,
    '    try:', '        call()',
    '    except Exception as e:',
    `        line = [f.lineno for f in traceback.extract_tb(e.__traceback__) if f.filename.endswith(${JSON.stringify(file)})][-1]`,
    "        print(line, json.dumps(str(e)), sep='\\t')",
  ].join('\n');
  const r = spawnSync(PY, ['-c', code], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.trim().split('\n').map((l) => {
    const [line, message] = l.split('\t');
    return { message: JSON.parse(message) as string, line: Number(line) };
  });
}

describe('messages returned by a method of another module, and translations through an object', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('returned-db'), 'i.sqlite');
    for (const pkg of ['formencode', 'wtforms']) expect(errdex(['analyze', path.join(DIST, pkg), '--db', db]).code).toBe(0);
  });

  const top = (message: string) => {
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code).toBe(0);
    return explainOutput(r.stdout).hits[0];
  };

  it("names formencode's raise for the entry its self.message('key') call picks, defined in the validator's messages", () => {
    const cases = raised('formencode/validators.py', 'from formencode import validators', [
      "validators.Int().to_python('twelve')",
      "validators.Email().to_python('a@example')",
    ]);
    expect(cases.map((c) => c.message)).toEqual([
      'Please enter an integer value',
      'The domain portion of the email address is invalid (the portion after the @: example)',
    ]);
    for (const { message, line } of cases) {
      const h = top(message);
      expect(h.record.filePath).toBe('formencode/validators.py');
      expect(h.matchType).toBe('template');
      // (one message raised by several validators' lines: the line that ran is among them)
      expect([h.line, ...h.lines].some((l: number) => Math.abs(l - line) <= 3)).toBe(true);
      expect(h.record.definedAt.filePath).toBe('formencode/validators.py');
      expect(h.record.definedAt.line).toBeLessThan(line);
    }
  });

  it("binds self.args[0] of an exception's __str__ to what its __init__ gave the base: chameleon's TemplateError", () => {
    const [c] = raised('chameleon/zpt/program.py', 'from chameleon import PageTemplate', [`PageTemplate('<p tal:contents="title">x</p>')`]);
    expect(c.message).toMatch(/^Bad attribute for namespace 'http:\/\/xml\.zope\.org\/namespaces\/tal'\n\n - String: {5}"contents"\n/);
    // (the message and the decoration chameleon's __str__ adds, as printed; chameleon alone in its index)
    const own = path.join(tmpDir('returned-chameleon'), 'i.sqlite');
    expect(errdex(['analyze', path.join(DIST, 'chameleon'), '--db', own]).code).toBe(0);
    const r = errdex(['explain', c.message, '--db', own, '--json']);
    expect(r.code).toBe(0);
    const h = explainOutput(r.stdout).hits[0];
    expect(h.record.filePath).toBe('chameleon/zpt/program.py');
    expect(h.line).toBe(c.line);
    expect(h.matchType).toBe('template');
    expect(h.record.errorMessage).toMatch(/^Bad attribute for namespace '\{ns\}'\n\n - String: {5}"\{token\}"/);
  });

  it("reads wtforms' field.gettext(…) as the message, ngettext's plural too", () => {
    const cases = raised('wtforms/validators.py', [
      'from wtforms import Form, StringField, IntegerField',
      'from wtforms.validators import Length, NumberRange',
      "class P(Form):\n    nickname = StringField('Nickname')\n    quantity = IntegerField('Quantity')",
      "form = P(data={'nickname': 'al', 'quantity': 500})",
    ].join('\n'), ['Length(min=3, max=20)(form, form.nickname)', 'Length(min=5)(form, form.nickname)', 'NumberRange(min=1, max=99)(form, form.quantity)']);
    expect(cases.map((c) => c.message)).toEqual([
      'Field must be between 3 and 20 characters long.',
      'Field must be at least 5 characters long.',
      'Number must be between 1 and 99.',
    ]);
    for (const { message, line } of cases) {
      const h = top(message);
      expect(h.record.filePath).toBe('wtforms/validators.py');
      expect(h.matchType).toBe('template');
      expect(h.line).toBe(line);
    }
  });
});
