// Round 13's shapes through the CLI, on Debian's libraries (decision 0108): the error is made by running
// the real library (/usr/bin/python3) on bad input, and its message is explained against an index of
// the library.
//   - iniconfig's `_raise(self, lineno, msg)`: `raise ParseError(self.path, lineno, msg)`, whose
//     `__str__` is `"%s:%s: %s" % (self.path, self.lineno+1, self.msg)`: the text its callers hand it
//     is the class's third argument, not its first.
//   - metomi.isodatetime's `ISO8601SyntaxError`: no constructor, `BAD_TIME_INPUT = "Invalid ISO 8601
//     {0} representation: {1}"` and `__str__` returning `self.BAD_TIME_INPUT.format(*self.args)`;
//     `raise ISO8601SyntaxError("date", date_string)`.
//   - its `BadInputError`: `__str__` formats `self.args[0]` with the rest; `raise
//     BadInputError(BadInputError.OUT_OF_BOUNDS, name, value)` in data.py, the class imported from
//     exceptions.py, whose body holds `OUT_OF_BOUNDS = "Invalid input (out of bounds): {0}: {1}"`.
//   - dynaconf's `Validator`: `default_messages = MappingProxyType({...})` in the class body,
//     `self.messages["must_exist_true"].format(name=name, env=env)` at the raise.
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

describe.skipIf(!have('iniconfig'))("a helper's text handed to an error class as its third argument (iniconfig)", () => {
  it("says each caller's text inside the class's own", () => {
    const m = raised("import iniconfig\niniconfig.IniConfig('x.ini', data='[a]\\nk = 1\\n[a]\\n')").message;
    expect(m).toBe("x.ini:3: duplicate section 'a'");
    expect(first('iniconfig', m)).toMatchObject({ file: 'iniconfig/__init__.py', line: 77, template: '{path}:{lineno}: duplicate section {section}' });
  });
});

describe.skipIf(!have('metomi'))("a class attribute formatted with the exception's arguments (metomi.isodatetime)", () => {
  it('says the class text with the arguments of the raise that made it', () => {
    const m = raised("from metomi.isodatetime.parsers import TimePointParser\nTimePointParser().parse('2020-13-45x')").message;
    expect(m).toBe('Invalid ISO 8601 date representation: 2020-13-45x');
    // (the class is raised with "time", "time zone", "duration" … elsewhere: the argument chooses the raise)
    expect(first('metomi', m)).toMatchObject({ file: 'metomi/isodatetime/parsers.py', line: 395, template: 'Invalid ISO 8601 date representation: {date_string}' });
  });

  it("says the class constant a raise in another module hands the class as its format", () => {
    const m = raised('from metomi.isodatetime.data import TimePoint\nTimePoint(year=2020, month_of_year=13, day_of_month=1)').message;
    expect(m).toBe('Invalid input (out of bounds): month_of_year: 13');
    const a = first('metomi', m);
    expect(a).toMatchObject({ file: 'metomi/isodatetime/data.py', line: 2634 });
    expect(a.template).toMatch(/^Invalid input \(out of bounds\): \{\w+\}: \{\w+\}$/);
  });
});

describe.skipIf(!have('dynaconf'))('a message table handed to a wrapper (dynaconf)', () => {
  it("says the table's entry the raise looks up", () => {
    const m = raised("from dynaconf import Dynaconf, Validator\ns = Dynaconf(validators=[Validator('FOO_XYZ', must_exist=True)])\ns.validators.validate()").message;
    expect(m).toBe('FOO_XYZ is required in env main');
    expect(first('dynaconf', m)).toMatchObject({ file: 'dynaconf/validator.py', line: 237, template: '{name} is required in env {env}' });
  });
});
