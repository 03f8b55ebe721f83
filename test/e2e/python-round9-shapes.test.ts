// Texts a base's method raises that its subclasses set in other files, and raises a handler of the
// same function catches and raises again, through the CLI on Debian's packages: the error is made by
// running the real library (/usr/bin/python3) on bad input, and its message is explained against an
// index of the library (decision 0086).
//   - num2words: base.py's `raise TypeError(self.errmsg_negord % value)`, the text `__init__` sets and
//     each language's `setup()` sets again in its own file (lang_NL.py, lang_DE.py)
//   - protobuf: json_format.py's `except ValueError as e: raise ParseError('{0} at {1}'.format(e, path))`
//     around `message.FromJsonString(value)` (internal/well_known_types.py), and `except ParseError as e:
//     raise ParseError(str(e))` around a `raise ParseError('Message type …')` of its own `try` body
//   - h11: _util.py's `validate(regex, data, msg, *format_args)` formats `msg` with itself in a branch
//     (`msg = msg.format(*format_args)`): its callers' `"Illegal header value {!r}"` read as a format
//   - Django: core/validators.py's `RegexValidator.__call__` raises `self.message`, the class attribute
//     contrib/auth/validators.py's `ASCIIUsernameValidator(validators.RegexValidator)` sets again
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

/** The message of the error `code` raises, run by Debian's python3. */
const raise = (code: string): string => raised(code).message;

describe.skipIf(!have('num2words'))("a base's method raising the text each subclass sets on the instance (num2words)", () => {
  it("says the Dutch text lang_NL.py's setup() sets, at base.py's raise", () => {
    const m = raise("from num2words import num2words\nnum2words(-3, to='ordinal', lang='nl')");
    expect(m).toBe('Het negatieve getal -3 kan niet omgezet worden naar een ordernummer.');
    expect(first('num2words', m)).toMatchObject({ file: 'num2words/base.py', line: 200, template: 'Het negatieve getal {value} kan niet omgezet worden naar een ordernummer.' });
  });

  it("says the base's own text, set in its __init__", () => {
    const m = raise("from num2words import num2words\nnum2words(2.5, to='ordinal')");
    expect(m).toBe('Cannot treat float 2.5 as ordinal.');
    expect(first('num2words', m)).toMatchObject({ file: 'num2words/base.py', line: 198, template: 'Cannot treat float {value} as ordinal.' });
  });
});

describe.skipIf(!have('google/protobuf'))('a handler raising the caught error again (protobuf json_format)', () => {
  it('reads the texts of the `try` body\'s calls in the caught error\'s place, the handler\'s text around them', () => {
    const m = raise("from google.protobuf import json_format, duration_pb2\njson_format.Parse('\"90\"', duration_pb2.Duration())");
    expect(m).toBe('Duration must end with letter "s": 90. at Duration');
    expect(first('google/protobuf', m)).toMatchObject({ file: 'google/protobuf/json_format.py', line: 679, template: 'Duration must end with letter "s": {value}. at {path}' });
  });

  it("answers a raise of the `try` body itself with the handler's raise, which passes its text on", () => {
    const m = raise("from google.protobuf import json_format, descriptor_pb2\njson_format.Parse('{\"name\": \"a\", \"fields\": []}', descriptor_pb2.DescriptorProto())");
    expect(m.startsWith('Message type "google.protobuf.DescriptorProto" has no field named "fields" at "DescriptorProto".\n Available Fields')).toBe(true);
    expect(first('google/protobuf', m)).toMatchObject({ file: 'google/protobuf/json_format.py' });
    expect(first('google/protobuf', m).lines).toContain(633);
  });
});

describe.skipIf(!have('django'))("a base's method raising the class attribute a subclass of another file overrides (Django)", () => {
  it("says ASCIIUsernameValidator's message (contrib/auth/validators.py) at RegexValidator's raise (core/validators.py)", () => {
    const m = raise([
      'from django.conf import settings',
      'settings.configure(USE_I18N=False)',
      'import django',
      'django.setup()',
      'from django.contrib.auth.validators import ASCIIUsernameValidator',
      "ASCIIUsernameValidator()('bad name!')",
    ].join('\n'));
    expect(m).toBe("['Enter a valid username. This value may contain only English letters, numbers, and @/./+/-/_ characters.']");
    expect(first('django', m)).toMatchObject({
      file: 'django/core/validators.py',
      line: 51,
      template: 'Enter a valid username. This value may contain only English letters, numbers, and @/./+/-/_ characters.',
    });
  });
});

describe.skipIf(!have('h11'))('a message parameter a helper formats with itself (h11)', () => {
  it("opens the fields of the text a caller hands validate()", () => {
    const m = raise("import h11\nh11.Request(method='GET', target='/', headers=[('Host', 'example.com'), ('X-Trace', 'a\\r\\nb')])");
    expect(m).toBe("Illegal header value b'a\\r\\nb'");
    expect(first('h11', m)).toMatchObject({ file: 'h11/_util.py', line: 91, template: 'Illegal header value {value}' });
  });
});

describe.skipIf(!have('xdg'))('a local that starts empty and is appended to in a loop (pyxdg)', () => {
  it("is a hole in the class's message, so the text the class writes after it still matches", () => {
    const dir = tmpDir('round9-xdg');
    const file = path.join(dir, 'notype.desktop');
    writeFileSync(file, '[Desktop Entry]\nName=x\nExec=foo\n');
    const m = raise(`from xdg.DesktopEntry import DesktopEntry\nDesktopEntry(${JSON.stringify(file)}).validate()`);
    expect(m).toBe(`ValidationError in file '${file}': \n- Key 'Type' is missing\n- Key 'Exec' only allowed in Type=Application `);
    // (IniFile.validate: `msg = ""`, `for line in self.errors: msg += "\n- " + line`, `raise ValidationError(msg, self.filename)`)
    expect(first('xdg', m)).toMatchObject({ file: 'xdg/IniFile.py', line: 242, template: "ValidationError in file '{filename}': {msg} " });
  });
});
