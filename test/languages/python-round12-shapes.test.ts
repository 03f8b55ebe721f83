// Round 12's shapes in the Python pack (decision 0102): `msg %= args`, `getattr(self, 'message', '')`,
// a constructor's `self.message` text, `type(exc)(message)` re-raised from a stored name, and a try
// body calling a function looked up in a module's table.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { callsByFunction } from '../../src/languages/python/calls-made.js';
import { parsePython } from '../../src/languages/python/grammar.js';
import type { RawSite } from '../../src/core/site.js';
import type { Template } from '../../src/template/ir.js';

const text = (t: Template | null | undefined): string => (t ?? []).map((s) => ('lit' in s ? s.lit : `{${s.hole.name}}`)).join('');
const at = (src: string, line: number): RawSite[] => analyzePython(src).sites.filter((s) => s.line === line);

describe('msg %= args', () => {
  it('formats what the name held before, in a branch or not', () => {
    const src = [
      'def f(ob, strict):',
      '    msg = "Cannot coerce %r into a structure: %s"',
      '    msg %= (ob, strict)',
      '    raise ValueError(msg)',
      'def g(n):',
      '    msg = "bad count %d"',
      '    if n:',
      '        msg %= n',
      '    raise ValueError(msg)',
    ].join('\n');
    expect(at(src, 4).map((s) => text(s.template))).toEqual(['Cannot coerce {ob} into a structure: {strict}']);
    const g = at(src, 9)[0];
    expect([text(g.template), ...(g.args?.[0]?.alts ?? []).map(text)].sort()).toEqual(['bad count %d', 'bad count {n}']);
  });
});

describe("a base's __str__ reading what a subclass's constructor sets", () => {
  const src = [
    'class Base(Exception):',
    '    def __str__(self):',
    "        return getattr(self, 'message', '')",
    'class NotValid(Base):',
    '    def __init__(self, isbnlike):',
    '        self.message = "(%s) is not valid" % isbnlike',
    'class Plain(Exception):',
    '    def __init__(self, x):',
    '        self.msg = "never shown %s" % x',
  ].join('\n');
  const classes = analyzePython(src).classes ?? [];
  const byName = (n: string) => classes.find((c) => c.name === n);

  it('reads getattr(self, name, default) as self.name', () => {
    expect(byName('Base')?.template).toEqual([{ hole: { name: 'message', expr: 'self.message', kind: 'any' } }]);
  });

  it("keeps the constructor's text, its holes the constructor's parameters (ClassInfo.initTexts)", () => {
    expect(text(byName('NotValid')?.initTexts?.message)).toBe('({isbnlike}) is not valid');
    expect(byName('NotValid')?.initTexts?.message?.find((s) => 'hole' in s)).toMatchObject({ hole: { expr: 'isbnlike' } });
  });
});

describe('type(exc)(message) raised from a name a handler also stores the caught error in', () => {
  const src = [
    'def validate_integer(option, value):',
    '    raise ValueError("The value of %s must be an integer" % (option,))',
    'VALIDATORS = {',
    "    'w': validate_integer,",
    '}',
    'def validate(options, warn):',
    '    for opt, value in options.items():',
    '        try:',
    '            validator = VALIDATORS.get(opt, raise_config_error)',
    '            value = validator(opt, value)',
    '        except (ValueError, TypeError) as exc:',
    '            if validator is validate_integer:',
    '                message = str(exc)',
    '            else:',
    '                message = "Invalid value for %s" % opt',
    '            if warn:',
    '                error = type(exc)(message)',
    '            else:',
    '                error = exc',
    '        else:',
    '            continue',
    '        raise error',
  ].join('\n');

  it("is the error built, wrapping the caught messages of the table's functions", () => {
    const built = at(src, 22).filter((s) => !s.rethrow);
    expect(built.map((s) => text(s.template))).toEqual(['Invalid value for {opt}']);
    expect(built[0].wraps?.calls.sort()).toEqual(['get', 'raise_config_error', 'validate_integer']);
    // (and the plain re-raise of the stored error, a generic site)
    expect(at(src, 22).some((s) => s.rethrow)).toBe(true);
  });

  it('is a bare re-raise when the stored name holds only the caught error', () => {
    const only = src.replace('                error = type(exc)(message)', '                error = exc');
    expect(at(only, 22).every((s) => s.rethrow || s.template === null)).toBe(true);
  });
});

describe("the calls each function makes (calls-made.ts), by its sites' symbol", () => {
  it('names plain calls and methods by their last name, methods under their class', () => {
    const src = ['def a(x):', '    return b(x) + x.c()', 'class K:', '    def m(self):', '        a(1)'].join('\n');
    expect(callsByFunction(parsePython(src).root(), src)).toEqual({ a: ['b', 'c'], 'K.m': ['a'] });
  });

  it('leaves out builtins, common methods and constructions', () => {
    const src = ['def v(option, value):', '    if not isinstance(value, str):', '        raise TypeError("%s" % str(option))', '    return check(value.strip())'].join('\n');
    expect(callsByFunction(parsePython(src).root(), src)).toEqual({ v: ['check'] });
  });
});

describe('a base constructor handing its *args on (ClassInfo.passesArgsOn)', () => {
  const src = [
    'class TypeErr(Exception):',
    '    def __init__(self, *args):',
    '        try:',
    '            schema, name, datum = args[:3]',
    '        except (IndexError, ValueError):',
    '            return super().__init__(*args)',
    '        return super().__init__(f"The datum {datum} is not {schema}")',
    'class Fixed(Exception):',
    '    def __init__(self, *args):',
    '        super().__init__("always this")',
  ].join('\n');
  const classes = analyzePython(src).classes ?? [];

  it('marks a constructor passing its splat on to super(), not one passing a text of its own', () => {
    expect(classes.find((c) => c.name === 'TypeErr')?.passesArgsOn).toBe(true);
    expect(classes.find((c) => c.name === 'Fixed')?.passesArgsOn).toBeUndefined();
  });
});
