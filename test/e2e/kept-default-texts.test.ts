// Django REST framework's validation messages: every field class keeps a `default_error_messages`
// dict, and `Field.fail(key, **kwargs)` (fields.py) raises `ValidationError(msg.format(**kwargs))`
// after `try: msg = self.error_messages[key] except KeyError: msg = MISSING_ERROR_MESSAGE.format(…);
// raise AssertionError(msg)`. Three things kept the texts from the raise:
// - the except branch's `msg`, which raises before the raise below, was read as the value there;
// - `ValidationError`'s kept `default_detail = 'Invalid input.'` replaced the text the raise passes;
// - `fail` looks keys up in the tables of subclasses in other files (relations.py's), which a
//   lookup by the helper's parameter now reads too.
// And `MethodNotAllowed` hands its base `force_str(self.default_detail).format(method=method)`.
// Django's validators keep their text as a class attribute that subclasses override (`class
// BaseValidator: message = _('Ensure this value is %(limit_value)s …')`, `class
// MaxLengthValidator(BaseValidator): message = ngettext_lazy(…)`), raised by the base's `__call__`
// as `ValidationError(self.message, code=self.code, params=params)`; its `__str__` returns
// `repr(list(self))`, no text, and its constructor's `message` is the message.
// Real code: Debian's python3-djangorestframework and python3-django, run by /usr/bin/python3 with bad input.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const DRF = '/usr/lib/python3/dist-packages/rest_framework';
const VALIDATORS = '/usr/lib/python3/dist-packages/django/core';
const RUN = `
import json, django
from django.conf import settings
settings.configure(INSTALLED_APPS=['rest_framework'], USE_I18N=False)
django.setup()
from rest_framework import serializers, exceptions, relations
out = []
for field, value in [(serializers.ListField(), 'abc'), (serializers.DictField(), [1]),
                     (relations.PrimaryKeyRelatedField(read_only=True), None)]:
    try:
        field.fail('incorrect_type', data_type='bool') if value is None else field.run_validation(value)
    except exceptions.ValidationError as e:
        out.append(str(e.detail[0]))
print(json.dumps(out))
`;

describe.skipIf(!fs.existsSync(DRF))("messages kept in tables and defaults, raised by a base class's helper (Django REST framework)", () => {
  let db: string;
  let messages: string[];
  let failLine: number;
  beforeAll(() => {
    db = path.join(tmpDir('kept-defaults-db'), 'i.sqlite');
    expect(errdex(['analyze', DRF, '--db', db, '--threads', '0']).code).toBe(0);
    const r = spawnSync('/usr/bin/python3', ['-c', RUN], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    messages = JSON.parse(r.stdout) as string[];
    failLine = fs.readFileSync(path.join(DRF, 'fields.py'), 'utf8').split('\n').findIndex((l) => l.includes('raise ValidationError(message_string, code=key)')) + 1;
    expect(failLine).toBeGreaterThan(0);
  });

  const first = (m: string) => explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];

  it("names fail's raise with the entry of the field's own table", () => {
    expect(messages.slice(0, 2)).toEqual(['Expected a list of items but got type "str".', 'Expected a dictionary of items but got type "list".']);
    for (const [m, t] of [[messages[0], 'Expected a list of items but got type "{input_type}".'], [messages[1], 'Expected a dictionary of items but got type "{input_type}".']]) {
      const h = first(m);
      expect([h.record.filePath, h.line, h.matchType, h.message]).toEqual(['rest_framework/fields.py', failLine, 'template', t]);
    }
  });

  it('reads the table of a subclass in another file', () => {
    expect(messages[2]).toBe('Incorrect type. Expected pk value, received bool.');
    const h = first(messages[2]);
    expect([h.record.filePath, h.line, h.matchType]).toEqual(['rest_framework/fields.py', failLine, 'template']);
    expect(h.record.definedAt?.filePath).toBe('rest_framework/relations.py');
  });

  it("keeps the text a subclass hands its base over the base's default", () => {
    const h = first('Method "PATCH" not allowed.');
    expect([h.matchType, h.message, h.captures]).toEqual(['template', 'Method "{method}" not allowed.', { method: 'PATCH' }]);
    expect(h.record.errorClass).toMatch(/MethodNotAllowed$/);
  });
});

const RUN_DJANGO = `
import json, django
from django.conf import settings
settings.configure(USE_I18N=False)
django.setup()
from django.core.exceptions import ValidationError
from django.core.validators import validate_email, MaxLengthValidator, URLValidator
out = []
for v, x in [(validate_email, 'nope'), (MaxLengthValidator(3), 'abcdef'), (URLValidator(), 'nope')]:
    try:
        v(x)
    except ValidationError as e:
        out.append(e.messages[0])
print(json.dumps(out))
`;

describe.skipIf(!fs.existsSync(VALIDATORS))("texts a class keeps and its subclasses override, read as self.message (Django's validators)", () => {
  let db: string;
  let messages: string[];
  let lines: string[];
  beforeAll(() => {
    db = path.join(tmpDir('kept-attrs-db'), 'i.sqlite');
    expect(errdex(['analyze', VALIDATORS, '--db', db, '--threads', '0']).code).toBe(0);
    const r = spawnSync('/usr/bin/python3', ['-c', RUN_DJANGO], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    messages = JSON.parse(r.stdout) as string[];
    lines = fs.readFileSync(path.join(VALIDATORS, 'validators.py'), 'utf8').split('\n');
  });

  const hits = (m: string) => explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits;

  it("names the base's raise with a subclass's text, its plural and its %(name)s placeholders", () => {
    expect(messages[1]).toBe('Ensure this value has at most 3 characters (it has 6).');
    const h = hits(messages[1])[0];
    const base = lines.findIndex((l, i) => l.includes('raise ValidationError(self.message, code=self.code, params=params)') && lines.slice(Math.max(0, i - 12), i).some((x) => x.includes('if self.compare(cleaned, limit_value)'))) + 1;
    expect([h.record.filePath, h.line, h.matchType, h.captures]).toEqual(['django/core/validators.py', base, 'template', { limit_value: '3', show_value: '6' }]);
  });

  it("names the class's own raise with its own text", () => {
    expect(messages[0]).toBe('Enter a valid email address.');
    const h = hits(messages[0])[0];
    expect([h.record.filePath, h.matchType, h.message]).toEqual(['django/core/validators.py', 'template', 'Enter a valid email address.']);
    expect(lines[h.line - 1]).toContain('raise ValidationError(self.message');
    const url = hits(messages[2]).filter((x: { matchType: string; message: string }) => x.matchType === 'template' && x.message === 'Enter a valid URL.');
    expect(url.length).toBeGreaterThan(0);
  });
});
