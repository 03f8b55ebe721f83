// Messages looked up in a table: the raise (or the helper's call) gets one record per
// entry it can reach, each with `definedAt` at the entry, and the table's placeholders
// (`{{#label}}`, `{max}`, `%(name)s`) are holes. The fixtures are run by the real
// interpreters for their messages; esprima is the real library (its `Messages` table).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';

const JS_LIB = {
  'package.json': '{"name": "tablelib", "version": "1.0.0", "type": "module"}',
  // Tables only: no raise in the file, which is still read.
  'lib/messages.js': `export const ErrorMessages = {
  UnexpectedEOF: 'Unexpected end of input',
  BadToken: 'Unexpected token',
};
export const messages = {
  'string.min': '{{#label}} length must be at least {{#limit}} characters long',
  'string.max': '{{#label}} length must be less than or equal to {{#limit}} characters long',
};
`,
  'lib/parser.js': `import { ErrorMessages, messages } from './messages.js';
export function parse(s) {
  if (!s) throw new SyntaxError(ErrorMessages.UnexpectedEOF);
  return s;
}
function render(t, ctx) {
  return t.replace(/\\{\\{#(\\w+)\\}\\}/g, (_, k) => ctx[k]);
}
export class Validator {
  error(code, ctx) {
    throw new Error(render(messages[code], ctx));
  }
  check(v) {
    if (v.length < 2) this.error('string.min', { label: '"name"', limit: 2 });
    return v;
  }
}
`,
  'run.mjs': `import { Validator, parse } from './lib/parser.js';
try { parse(''); } catch (e) { console.log(e.message); }
try { new Validator().check('x'); } catch (e) { console.log(e.message); }
`,
};

const PY_LIB = {
  'forms/__init__.py': '',
  'forms/messages.py': `MESSAGES = {
    'too_long': 'Longer than maximum length {max}.',
    'too_short': 'Shorter than minimum length {min}.',
}
`,
  'forms/fields.py': `from .messages import MESSAGES


class ValidationError(Exception):
    pass


class Field:
    default_error_messages = {
        'required': 'Missing data for required field.',
        'null': 'Field may not be null.',
        'type': 'Invalid input type: %(input_type)s',
    }
    error_messages = default_error_messages

    def fail(self, key, **kwargs):
        msg = self.error_messages[key]
        raise ValidationError(msg.format(**kwargs))

    def check(self, value):
        if value is None:
            self.fail('null')
        if not isinstance(value, str):
            raise ValidationError(self.default_error_messages['type'] % {'input_type': type(value).__name__})
        if len(value) > 3:
            raise ValidationError(MESSAGES['too_long'].format(max=3))
        # An ordinary message's braces are not a table's placeholders.
        if value == '{}':
            raise ValidationError('use {name} here')
        return value
`,
  // A dict local to the function, read with .get() (the key is only known at run time).
  'forms/args.py': `class ArgumentError(Exception):
    def __init__(self, name, message):
        super().__init__('argument %s: %s' % (name, message))


def match(name, nargs):
    errors = {
        None: 'expected one argument',
        '?': 'expected at most one argument',
        '+': 'expected at least one argument',
    }
    msg = errors.get(nargs)
    if msg is None:
        msg = 'expected %s arguments' % nargs
    raise ArgumentError(name, msg)
`,
  // A table written as dict(key=…), kept by the class as _messages, read by a method the raise calls.
  'forms/api.py': `class Invalid(Exception):
    pass


class Validator:
    messages = dict(empty='Please enter a value', tooLong='Enter a value less than %(maxLength)i characters long')
    _messages = messages

    def message(self, name, **kw):
        msg = self._messages[name]
        return msg % kw

    def to_python(self, value):
        if not value:
            raise Invalid(self.message('empty'))
        if len(value) > 3:
            raise Invalid(self.message('tooLong', maxLength=3))
        return value
`,
  'run.py': `from forms.fields import Field
from forms.args import match
from forms.api import Validator
for v in (None, 5, 'abcdef', '{}'):
    try:
        Field().check(v)
    except Exception as e:
        print(e)
try:
    match('--foo', None)
except Exception as e:
    print(e)
for v in ('', 'abcdef'):
    try:
        Validator().to_python(v)
    except Exception as e:
        print(e)
`,
};

let root: string;
let db: string;
let jsOut: string[];
let pyOut: string[];

beforeAll(() => {
  root = tmpDir('tables');
  db = path.join(root, 'index.sqlite');
  for (const [rel, text] of Object.entries(JS_LIB)) write(path.join(root, 'js'), rel, text);
  for (const [rel, text] of Object.entries(PY_LIB)) write(path.join(root, 'py'), rel, text);
  const js = spawnSync(process.execPath, ['run.mjs'], { cwd: path.join(root, 'js') });
  jsOut = js.stdout.toString().trim().split('\n');
  const py = spawnSync(PY, ['run.py'], { cwd: path.join(root, 'py') });
  pyOut = py.stdout.toString().trim().split('\n');
  for (const tree of ['js', 'py']) expect(errdex(['analyze', path.join(root, tree), '--db', db, '--threads', '0']).code).toBe(0);
  const esprima = path.resolve(import.meta.dirname, '../../eval/node_modules/esprima');
  expect(errdex(['analyze', esprima, '--db', db, '--threads', '0']).code).toBe(0);
});

function explain(message: string) {
  const r = errdex(['explain', message, '--db', db, '--json']);
  expect(r.code).toBe(0);
  return explainOutput(r.stdout).hits[0];
}

describe('message tables', () => {
  it('reads a table imported from another module: the raise, with definedAt at the entry', () => {
    expect(jsOut[0]).toBe('Unexpected end of input');
    const h = explain(jsOut[0]);
    expect(h.record.filePath).toBe('lib/parser.js');
    expect(h.line).toBe(3);
    expect(h.record.definedAt).toEqual({ filePath: 'lib/messages.js', line: 2 });
    const human = errdex(['explain', jsOut[0], '--db', db]).stdout;
    expect(human).toContain('defined at lib/messages.js:2');
  });

  it("gives a helper's lookup the caller's key, the table's {{#label}} placeholders as holes", () => {
    expect(jsOut[1]).toBe('"name" length must be at least 2 characters long');
    const h = explain(jsOut[1]);
    expect(h.record.filePath).toBe('lib/parser.js');
    expect(h.line).toBe(11);
    expect(h.matchType).toBe('template');
    expect(h.record.definedAt).toEqual({ filePath: 'lib/messages.js', line: 6 });
    expect(h.record.callers).toEqual([{ filePath: 'lib/parser.js', line: 14, symbol: 'Validator.check' }]);
    expect(h.captures).toMatchObject({ label: '"name"', limit: '2' });
  });

  it("reads a class's dict of messages through self.error_messages[key] and a caller's key", () => {
    expect(pyOut[0]).toBe('Field may not be null.');
    const h = explain(pyOut[0]);
    expect(h.record.filePath).toBe('forms/fields.py');
    expect(h.line).toBe(18);
    expect(h.record.definedAt).toEqual({ filePath: 'forms/fields.py', line: 11 });
  });

  it('opens %(name)s and {max} entries, a module dict imported from another file', () => {
    expect(pyOut[1]).toBe('Invalid input type: int');
    const a = explain(pyOut[1]);
    // (the same text at the helper, every entry of its table, and at line 24: one record, decision 0009)
    expect(a.lines).toContain(24);
    expect(a.captures).toMatchObject({ input_type: 'int' });
    expect(a.record.definedAt).toEqual({ filePath: 'forms/fields.py', line: 12 });
    expect(pyOut[2]).toBe('Longer than maximum length 3.');
    const b = explain(pyOut[2]);
    expect(b.line).toBe(26);
    expect(b.record.definedAt).toEqual({ filePath: 'forms/messages.py', line: 2 });
  });

  it("keeps an ordinary message's braces literal, with no definedAt", () => {
    expect(pyOut[3]).toBe('use {name} here');
    const h = explain(pyOut[3]);
    expect(h.record.errorMessage).toBe('use {name} here');
    expect(h.record.placeholders).toEqual({});
    expect(h.record.definedAt).toBeUndefined();
  });

  it("names esprima's Messages entry for a message its helpers raise", () => {
    const r = spawnSync(process.execPath, ['-e', "try { require('esprima').parseScript('const a;') } catch (e) { console.log(e.message) }"], {
      cwd: path.resolve(import.meta.dirname, '../../eval'),
    });
    const message = r.stdout.toString().trim();
    expect(message).toBe('Line 1: Missing initializer in const declaration');
    const h = explain(message);
    expect(h.record.filePath).toBe('dist/esprima.js');
    expect(h.record.definedAt.filePath).toBe('dist/esprima.js');
    expect(h.record.definedAt.line).toBe(5064);
  });

  it("names the entry a reassigned local picks by the token's type (esprima's unexpectedTokenError)", () => {
    // `msg = token.type === 8 ? Messages.UnexpectedString : …` under `if (!message)`, then
    // `msg = msg.replace('%0', value)`, passed on to createError(…, msg): each entry reaches the raise.
    const r = spawnSync(process.execPath, ['-e', "try { require('esprima').parseScript('var c = { \"port\": 80 \"host\": 1 };') } catch (e) { console.log(e.message) }"], {
      cwd: path.resolve(import.meta.dirname, '../../eval'),
    });
    const message = r.stdout.toString().trim();
    expect(message).toBe('Line 1: Unexpected string');
    const h = explain(message);
    expect(h.matchType).toBe('template');
    expect(h.record.filePath).toBe('dist/esprima.js');
    expect(h.record.errorMessage).toBe('Line {line}: Unexpected string');
    expect(h.record.definedAt.filePath).toBe('dist/esprima.js');
  });

  it("reads a dict(key=…) table through a method's self._messages[name], keyed by the raise's call", () => {
    expect(pyOut.slice(-2)).toEqual(['Please enter a value', 'Enter a value less than 3 characters long']);
    const a = explain(pyOut[pyOut.length - 2]);
    expect([a.record.filePath, a.line]).toEqual(['forms/api.py', 15]);
    expect(a.record.definedAt).toEqual({ filePath: 'forms/api.py', line: 6 });
    const b = explain(pyOut[pyOut.length - 1]);
    expect([b.record.filePath, b.line]).toEqual(['forms/api.py', 17]);
    expect(b.captures).toEqual({ maxLength: '3' });
  });

  it('reads a dict of messages local to the function, looked into with .get()', () => {
    expect(pyOut[4]).toBe('argument --foo: expected one argument');
    // (run.py's call `match('--foo', None)`, a caller in another module, gives the raise a record of its own)
    const h = explain(pyOut[4]);
    expect(h.record.filePath).toBe('forms/args.py');
    expect(h.record.errorMessage).toMatch(/^argument (\{name\}|--foo): expected one argument$/);
    expect(h.record.definedAt).toEqual({ filePath: 'forms/args.py', line: 8 });
    // every entry of the dict is a message of the raise
    expect(explain('argument -x: expected at least one argument').record.definedAt).toEqual({ filePath: 'forms/args.py', line: 10 });
  });
});

describe('locale files', () => {
  it("reads a package's locale JSON for t('key') lookups, each language a record, and re-reads a changed one", () => {
    const dir = tmpDir('locales');
    const ldb = path.join(dir, 'index.sqlite');
    const tree = path.join(dir, 'app');
    write(tree, 'locales/en.json', '{\n  "errors": {\n    "required": "{{field}} is required",\n    "too_big": "{{field}} must be at most {{max}}"\n  }\n}\n');
    write(tree, 'locales/fr.json', '{\n  "errors": {\n    "required": "{{field}} est obligatoire"\n  }\n}\n');
    // (a JSON file elsewhere is no table: its strings are not messages)
    write(tree, 'config.json', '{"errors": {"required": "this is no message of the code"}}\n');
    write(tree, 'src/check.js', "import i18n from 'i18next';\nexport function check(v) {\n  if (v == null) throw new Error(i18n.t('errors.required', { field: 'name' }));\n}\n");
    expect(errdex(['analyze', tree, '--db', ldb, '--threads', '0']).code).toBe(0);
    const hit = (message: string) => explainOutput(errdex(['explain', message, '--db', ldb, '--json']).stdout).hits[0];
    const en = hit('age is required');
    expect(en.record.filePath).toBe('src/check.js');
    expect(en.line).toBe(3);
    expect(en.captures).toEqual({ field: 'age' });
    expect(en.record.definedAt).toEqual({ filePath: 'locales/en.json', line: 3 });
    expect(hit('age est obligatoire').record.definedAt).toEqual({ filePath: 'locales/fr.json', line: 3 });
    expect(hit('this is no message of the code')).toBeUndefined();
    // A locale file changed: the tree is read again (the stat check and the fingerprint cover it).
    write(tree, 'locales/fr.json', '{\n  "errors": {\n    "required": "{{field}} est requis"\n  }\n}\n');
    expect(errdex(['analyze', tree, '--db', ldb, '--threads', '0']).code).toBe(0);
    expect(hit('age est requis').record.definedAt).toEqual({ filePath: 'locales/fr.json', line: 3 });
  });
});

describe('class attributes', () => {
  it("gives the raise of a class whose message is a class attribute definedAt at the attribute", () => {
    const dir = tmpDir('attr');
    const adb = path.join(dir, 'index.sqlite');
    const tree = path.join(dir, 'lib');
    write(tree, 'v/__init__.py', '');
    write(tree, 'v/errors.py', "class LimitError(ValueError):\n    message_template = 'must be at most {limit}'\n\n    def __init__(self, limit):\n        self.limit = limit\n        super().__init__(self.message_template.format(limit=limit))\n");
    write(tree, 'v/check.py', 'from .errors import LimitError\n\n\ndef check(v):\n    if v > 3:\n        raise LimitError(3)\n');
    const message = spawnSync(PY, ['-c', 'from v.check import check\ntry:\n    check(5)\nexcept ValueError as e:\n    print(e)'], { cwd: tree }).stdout.toString().trim();
    expect(message).toBe('must be at most 3');
    expect(errdex(['analyze', tree, '--db', adb, '--threads', '0']).code).toBe(0);
    const h = explainOutput(errdex(['explain', message, '--db', adb, '--json']).stdout).hits[0];
    expect(h.record.filePath).toBe('v/check.py');
    expect(h.line).toBe(6);
    expect(h.record.definedAt).toEqual({ filePath: 'v/errors.py', line: 2 });
  });
});
