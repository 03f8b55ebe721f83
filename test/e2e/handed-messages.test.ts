// A text a call hands to another package's code as the message it raises: a project's Django form
// configures its fields and validators with its own messages (`CharField(error_messages={'required':
// …})`, `RegexValidator(…, message=…)`), and Django raises them. The project's call is the site
// (RawSite.handedTo), ranked below a raise of the same text. Real code: Debian's python3-django runs
// the project's form with bad input; the project is written by the test, as a user's would be.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const DJANGO = '/usr/lib/python3/dist-packages/django';
const FORMS = `from django import forms
from django.core.validators import EmailValidator, RegexValidator

digits = RegexValidator(r'^\\d+$', message='Phone numbers hold digits only, no letters or spaces')


class ContactForm(forms.Form):
    name = forms.CharField(error_messages={'required': 'Please tell us your full name'})
    phone = forms.CharField(validators=[digits])
    email = forms.CharField(validators=[EmailValidator(message='Enter a valid email address.')])
`;
const RUN = `
import json, sys, django
from django.conf import settings
settings.configure(USE_I18N=False)
django.setup()
sys.path.insert(0, sys.argv[1])
from contact.forms import ContactForm
f = ContactForm({'name': '', 'phone': '12ab', 'email': 'ada@example.org'})
f.is_valid()
print(json.dumps({k: v[0] for k, v in f.errors.items()}))
`;

describe.skipIf(!fs.existsSync(DJANGO))('texts handed to another package as the message it raises', () => {
  let db: string;
  let errors: Record<string, string>;
  let lines: string[];
  beforeAll(() => {
    const root = tmpDir('handed-project');
    write(root, 'contact/__init__.py', '');
    write(root, 'contact/forms.py', FORMS);
    lines = FORMS.split('\n');
    db = path.join(tmpDir('handed-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
    expect(errdex(['analyze', DJANGO, '--db', db, '--threads', '0']).code).toBe(0);
    const r = spawnSync('/usr/bin/python3', ['-c', RUN, root], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    errors = JSON.parse(r.stdout) as Record<string, string>;
  });

  const first = (m: string) => explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];
  const lineOf = (s: string) => lines.findIndex((l) => l.includes(s)) + 1;

  it("names the project's call that hands the text on, and what it hands it to", () => {
    expect(errors).toEqual({ name: 'Please tell us your full name', phone: 'Phone numbers hold digits only, no letters or spaces' });
    const name = first(errors.name);
    expect([name.record.filePath, name.line, name.matchType, name.record.handedTo]).toEqual(['contact/forms.py', lineOf("error_messages={'required'"), 'template', 'forms.CharField']);
    const phone = first(errors.phone);
    expect([phone.record.filePath, phone.line, phone.record.handedTo]).toEqual(['contact/forms.py', lineOf('RegexValidator('), 'RegexValidator']);
    const text = errdex(['explain', errors.phone, '--db', db]).stdout;
    expect(text).toContain('the message is handed to RegexValidator here, which raises it');
  });

  it("ranks a library's own raise of the same text above the handed one", () => {
    // the project hands EmailValidator the text Django's EmailValidator raises itself
    const hits = explainOutput(errdex(['explain', 'Enter a valid email address.', '--db', db, '--json']).stdout).hits;
    expect([hits[0].record.filePath, hits[0].record.handedTo]).toEqual(['django/core/validators.py', undefined]);
    const handed = hits.findIndex((h: { record: { handedTo?: string } }) => h.record.handedTo === 'EmailValidator');
    expect(handed).toBeGreaterThan(0);
    expect(hits[handed].line).toBe(lineOf('EmailValidator(message='));
  });
});
