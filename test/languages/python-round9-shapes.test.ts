// Texts a class's methods set on the instance and a base's method raises, and raises a handler of the
// same function catches and raises again, in the shapes Python libraries give them
// (class-attribute-texts.ts, template.ts, analyze.ts, facts/raised.ts; decision 0086).
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { isHole, type Template } from '../../src/template/ir.js';

const tables = (src: string) => (analyzePython(src).tables ?? []).map((t) => ({ name: t.name, entries: t.entries.map((e) => `${e.key}: ${e.template.map((s) => ('lit' in s ? s.lit : '{}')).join('')}`) }));
const lookups = (t: Template | null) => (t ?? []).flatMap((s) => (isHole(s) && s.hole.lookup ? [s.hole.lookup] : []));

describe('texts set on self in methods', () => {
  const src = [
    'class Base(object):',
    '    def __init__(self):',
    '        self.errmsg_negord = "Cannot treat negative num %s as ordinal."',
    '        self.errmsg_code = "E12"',
    '        self.negword = "(-) "',
    '        def later():',
    '            self.errmsg_nested = "Set by a nested function, not the method."',
    '        self.setup()',
    '    def verify_ordinal(self, value):',
    '        if not abs(value) == value:',
    '            raise TypeError(self.errmsg_negord % value)',
    'class Dutch(Base):',
    '    def setup(self):',
    '        if True:',
    '            self.errmsg_negord = (',
    '                "Het negatieve getal %s kan niet omgezet " +',
    '                "worden naar een ordernummer."',
    '            )',
    'def helper(obj):',
    '    obj.errmsg_negord = "Not a method of a class."',
  ].join('\n');

  it("files each class's sentence under the attribute, keyed by class, from its methods' statements and branches", () => {
    expect(tables(src)).toEqual([{
      name: '::field/.errmsg_negord',
      entries: [
        'Base.errmsg_negord: Cannot treat negative num %s as ordinal.',
        'Dutch.errmsg_negord: Het negatieve getal %s kan niet omgezet worden naar een ordernummer.',
      ],
    }]);
  });

  it("reads `self.errmsg_negord` in a method as a lookup owned by the method's class", () => {
    const site = analyzePython(src).sites.find((s) => s.line === 11)!;
    expect(lookups(site.template)).toEqual([{ table: '::field/.errmsg_negord', key: null, owner: 'Base' }]);
  });

  it('leaves a read through another object without an owner', () => {
    const a = analyzePython('def check(err, value):\n    raise TypeError(err.errmsg_negord % value)\n');
    expect(lookups(a.sites[0].template)).toEqual([{ table: '::field/.errmsg_negord', key: null }]);
  });
});

describe('a handler raising the caught error again', () => {
  const src = [
    'class ParseError(Exception): pass',
    'def convert(js, path):',
    '    for name in js:',
    '        try:',
    '            if name not in FIELDS:',
    '                raise ParseError("Message has no field named {0} at {1}.".format(name, path))',
    '            convert_value(js[name])',
    '        except ParseError as e:',
    '            raise ParseError(str(e))',
    '        except ValueError as e:',
    "            raise ParseError('{0} at {1}'.format(e, path))",
    '    raise ParseError("after the try")',
  ].join('\n');
  const sites = analyzePython(src).sites;

  it("gives the re-raise the lines of its `try` body, whose raises of the class caught leave as the handler's", () => {
    expect(sites.find((s) => s.line === 9)?.wraps).toEqual({ caught: 'ParseError', calls: ['ParseError', 'format', 'convert_value'], body: [5, 7] });
  });

  it('follows a message that holds the caught error with text around it to the calls of the `try` body', () => {
    expect(sites.find((s) => s.line === 11)?.wraps).toEqual({ caught: 'ValueError', calls: ['ParseError', 'format', 'convert_value'], body: [5, 7] });
  });

  it('gives no caught error to a raise after the handler', () => {
    expect(sites.find((s) => s.line === 12)?.wraps).toBeUndefined();
  });
});

describe("a class attribute read through self, which subclasses of other files may set", () => {
  it("adds to the file's texts a lookup standing for the other files' ones, in the texts' placeholder style", () => {
    const src = [
      'class RegexValidator:',
      "    message = _('Enter a valid value (%(limit)s).')",
      '    def __call__(self, value):',
      "        raise ValidationError(self.message, code='invalid')",
      'class URLValidator(RegexValidator):',
      "    message = _('Enter a valid URL.')",
    ].join('\n');
    const a = analyzePython(src);
    const alts = a.sites[0].args[0].alts ?? [];
    expect(alts).toHaveLength(2);
    expect(alts[1]).toEqual([{ hole: { name: 'message', expr: 'self.message', kind: 'any', fmt: 'percent', lookup: { table: '::field/.message', key: null, owner: 'RegexValidator', subclassesOnly: true } } }]);
    // (and the translated class attributes are filed for the other files' reads)
    expect(tables(src)).toEqual([{ name: '::field/.message', entries: ['RegexValidator.message: Enter a valid value (%(limit)s).', 'URLValidator.message: Enter a valid URL.'] }]);
  });
});

describe('a message parameter formatted with itself in a branch', () => {
  it("is a format string whose callers' texts have their fields opened (h11's validate)", () => {
    const src = [
      'def validate(regex, data, msg="malformed data", *format_args):',
      '    match = regex.fullmatch(data)',
      '    if not match:',
      '        if format_args:',
      '            msg = msg.format(*format_args)',
      '        raise LocalProtocolError(msg)',
      'def percent(data, msg, *args):',
      '    if args:',
      '        msg = msg % args',
      '    raise LocalProtocolError(msg)',
      'def other(data, msg, text):',
      '    if data:',
      '        msg = text.format(data)',
      '    raise LocalProtocolError(msg)',
    ].join('\n');
    const [v, p, o] = analyzePython(src).sites;
    expect(v.template).toEqual([{ hole: { name: 'msg', expr: 'msg', kind: 'any', fmt: 'brace' } }]);
    expect(p.template).toEqual([{ hole: { name: 'msg', expr: 'msg', kind: 'any', fmt: 'percent' } }]);
    // (another value formatted into the parameter's name is no format of the argument)
    expect(o.template?.some((s) => isHole(s) && s.hole.fmt === 'brace' && s.hole.expr === 'msg')).toBe(false);
  });
});
