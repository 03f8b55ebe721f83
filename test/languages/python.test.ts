import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { python } from '../../src/languages/python.js';
import type { RawSite } from '../../src/languages/types.js';
import {
  applyFormat,
  applyPercent,
  decodeEscapes,
  parseFString,
  stringTemplate,
} from '../../src/languages/python-strings.js';
import { paramNamesFromText } from '../../src/languages/python-template.js';
import { splitBases } from '../../src/languages/python-classes.js';
import { hole, lit, renderMessage, type Template } from '../../src/template/ir.js';

const analyze = (src: string) => python.analyze(src, 'x.py');
const sites = (src: string) => analyze(src).sites;
const msg = (t: Template | null) => (t ? renderMessage(t) : null);
const only = (src: string): RawSite => {
  const s = sites(src);
  expect(s).toHaveLength(1);
  return s[0];
};
const message = (src: string) => msg(only(src).template);
const holes = (t: Template | null) => (t ?? []).flatMap((s) => ('hole' in s ? [s.hole] : []));

describe('python frontend contract', () => {
  it('is named python and claims .py', () => {
    expect(python.name).toBe('python');
    expect(python.extensions).toEqual(['py']);
  });
  it('returns nothing for an empty file and survives syntax errors', () => {
    expect(analyze('')).toMatchObject({ sites: [], classes: [] });
    expect(analyze('').syntaxErrorLine).toBeUndefined();
    const broken = analyze('x = 1\ndef f(:\n  raise ValueError("x"\n');
    expect(broken.syntaxErrorLine).toBeGreaterThanOrEqual(2);
  });
});

describe('cannotRaise (files the scan does not parse)', () => {
  it('is true only for text with none of what a site, a class or a factory needs', () => {
    expect(python.cannotRaise!('import os\n\ndef f(x):\n    return os.path.join(x, "a")\n', 'x.py')).toBe(true);
    for (const src of ['raise ValueError("x")', 'assert x, "m"', 'class A: pass', 'log.error("x")', 'warn("x")', 'def __str__(self):', 'def make():\n    return Thing\n']) {
      expect(python.cannotRaise!(src, 'x.py'), src).toBe(false);
    }
  });

  it('never hides a finding: over the standard library, a file it passes over has nothing to analyze', () => {
    const dir = '/usr/lib/python3.11';
    if (!existsSync(dir)) return;
    let passed = 0;
    for (const f of readdirSync(dir).filter((n) => n.endsWith('.py'))) {
      const src = readFileSync(`${dir}/${f}`, 'utf8');
      if (!python.cannotRaise!(src, f)) continue;
      passed++;
      const a = analyze(src);
      expect([a.sites, a.classes, a.calls ?? [], a.factories ?? null], f).toEqual([[], [], [], null]);
    }
    expect(passed).toBeGreaterThan(0);
  });
});

describe('string literals', () => {
  it('decodes escapes of non-raw strings', () => {
    expect(decodeEscapes('a\\nb\\t\\\'\\"\\\\\\x41\\u00e9\\101\\U0001F600')).toBe('a\nb\t\'"\\Aé' + 'A' + '😀');
    expect(decodeEscapes('keep \\d and \\N{DASH}')).toBe('keep \\d and \\N{DASH}');
    expect(decodeEscapes('line\\\ncontinued')).toBe('linecontinued');
    expect(decodeEscapes('\\u00e9', true)).toBe('\\u00e9');
  });
  it('handles every prefix and quote style', () => {
    expect(msg(stringTemplate('"a\\n"'))).toBe('a\n');
    expect(msg(stringTemplate("'a\\'b'"))).toBe("a'b");
    expect(msg(stringTemplate('r"\\d+"'))).toBe('\\d+');
    expect(msg(stringTemplate("b'\\x41'"))).toBe('A');
    expect(msg(stringTemplate("Rb'\\x41'"))).toBe('\\x41');
    expect(msg(stringTemplate('u"x"'))).toBe('x');
    expect(msg(stringTemplate('"""tri "quoted"\nline"""'))).toBe('tri "quoted"\nline');
    expect(msg(stringTemplate("'''x'''"))).toBe('x');
  });
  it('parses f-strings', () => {
    expect(parseFString('a {x} b', false)).toEqual([lit('a '), hole('x'), lit(' b')]);
    expect(parseFString('{x!r}', false)).toEqual([hole('x', 'repr')]);
    expect(parseFString('{x:.2f}', false)).toEqual([hole('x', 'float')]);
    expect(parseFString('{n:d}', false)).toEqual([hole('n', 'int')]);
    expect(parseFString('{x=}', false)).toEqual([lit('x='), hole('x', 'repr')]);
    expect(parseFString('{x = :>4}', false)).toEqual([lit('x = '), hole('x')]);
    expect(parseFString('{{lit}} {d["k"]}', false)).toEqual([lit('{lit} '), hole('d["k"]')]);
    expect(parseFString("{', '.join(names)}", false)).toEqual([hole("', '.join(names)")]);
    expect(parseFString('{a if b else c}', false)[0]).toMatchObject({ hole: { expr: 'a if b else c' } });
    expect(parseFString('{x:{width}}', false)).toEqual([hole('x')]);
    expect(parseFString('{x != y}', false)).toEqual([hole('x != y')]);
    expect(parseFString('{self.obj.poll()}', false)[0]).toMatchObject({ hole: { name: 'poll' } });
    expect(parseFString('{str(e)}', false)).toEqual([hole('e')]);
    expect(parseFString('{repr(e)}', false)).toEqual([hole('e', 'repr')]);
    expect(parseFString('tab\\t{x}', false)).toEqual([lit('tab\t'), hole('x')]);
    expect(parseFString('raw\\t{x}', true)).toEqual([lit('raw\\t'), hole('x')]);
  });
  it('applies % formatting', () => {
    const t = [lit('a %s b %d c %r %.3f %-10s %5d %% %x')];
    expect(msg(applyPercent(t, { kind: 'seq', exprs: ['x', 'n', 'o', 'f', 'p', 'q', 'h'] }))).toBe(
      'a {x} b {n} c {o} {f} {p} {q} % {h}',
    );
    const kinds = applyPercent([lit('%d %i %u %f %e %g %r %s')], { kind: 'seq', exprs: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] });
    expect(kinds.flatMap((s) => ('hole' in s ? [s.hole.kind] : []))).toEqual(['int', 'int', 'int', 'float', 'float', 'float', 'repr', 'any']);
    expect(msg(applyPercent([lit('%(name)s is %(age)d')], { kind: 'map', entries: new Map([['name', 'user.name']]) }))).toBe(
      '{name} is {age}',
    );
    expect(msg(applyPercent([lit('%(name)s')], { kind: 'map', entries: null }))).toBe('{name}');
    // a lone name on the right binds a single conversion
    expect(msg(applyPercent([lit('bad: %s')], { kind: 'unknown', expr: 'thing' }))).toBe('bad: {thing}');
    // ...but with several conversions it may be a tuple: holes stay anonymous
    expect(msg(applyPercent([lit('%s and %s')], { kind: 'unknown', expr: 'args' }))).toBe('{value} and {value}');
    expect(msg(applyPercent([lit('100%% sure')], { kind: 'seq', exprs: [] }))).toBe('100% sure');
    expect(msg(applyPercent([lit('rate: 50%')], { kind: 'seq', exprs: [] }))).toBe('rate: 50%');
  });
  it('applies str.format', () => {
    const f = (s: string, positional: string[], kw: Record<string, string> = {}) =>
      msg(applyFormat([lit(s)], { positional, keywords: new Map(Object.entries(kw)) }));
    expect(f('{} and {}', ['a', 'b'])).toBe('{a} and {b}');
    expect(f('{1} then {0}', ['a', 'b'])).toBe('{b} then {a}');
    expect(f('{name} is {age:d}', [], { name: 'user', age: 'n' })).toBe('{user} is {n}');
    expect(f('{0!r} {1:>10}', ['a', 'b'])).toBe('{a} {b}');
    expect(f('{0.name} / {x[0]}', ['obj'], { x: 'items' })).toBe('{name} / {items}');
    expect(f('{{literal}} {missing}', [])).toBe('{literal} {missing}');
    const t = applyFormat([lit('{0!r}')], { positional: ['v'], keywords: new Map() });
    expect(t).toEqual([hole('v', 'repr')]);
  });
  it('reads parameter and base lists from text', () => {
    expect(paramNamesFromText('(self, a, b: int = 1, *args, c="x,y", d: Dict[str, int] = {}, **kw)', true)).toEqual(['a', 'b', 'c', 'd']);
    expect(paramNamesFromText('(self, /, a, *, b)', true)).toEqual(['a', 'b']);
    expect(splitBases('(Base, errors.NotFound, Generic[T, U], metaclass=Meta)')).toEqual(['Base', 'errors.NotFound', 'Generic[T, U]']);
  });
});

describe('raise sites', () => {
  it('templates from literals, concatenation, f-strings, % and format', () => {
    expect(message('raise ValueError("plain")')).toBe('plain');
    expect(message('raise ValueError("a" \'b\' r"\\d")')).toBe('ab\\d');
    expect(message('raise ValueError("bad: " + name + "!")')).toBe('bad: {name}!');
    expect(message('raise ValueError("bad: " + str(x) + repr(y))')).toBe('bad: {x}{y}');
    expect(message('raise ValueError(f"bad {x!r}: {y:.2f}")')).toBe('bad {x}: {y}');
    expect(message('raise ValueError("a %s b %d" % (x, y))')).toBe('a {x} b {y}');
    expect(message('raise ValueError("a %s" % x)')).toBe('a {x}');
    expect(message('raise ValueError("%(name)s missing" % {"name": v})')).toBe('{v} missing');
    expect(message('raise ValueError("%(name)s missing" % locals())')).toBe('{name} missing');
    expect(message('raise ValueError("{} bad {k}".format(a, k=b))')).toBe('{a} bad {b}');
    expect(message('raise ValueError(", ".join(items))')).toBe('{items}');
    expect(message('raise ValueError(_("translated %s") % x)')).toBe('translated {x}');
    expect(message('raise ValueError(msg)')).toBe('{msg}');
  });
  it('records class, line, column, args, code and status', () => {
    const s = only('\n\nif x:\n    raise errors.NotFound(name, "missing", code="E42", status_code=404)\n');
    expect(s).toMatchObject({ line: 4, column: 5, errorType: 'exception', errorClass: 'errors.NotFound', errorCode: 'E42', httpStatus: 404, severity: 'error' });
    expect(s.args.map((a) => [a.name, a.expr, msg(a.template)])).toEqual([
      [null, 'name', '{name}'],
      [null, '"missing"', 'missing'],
      ['code', '"E42"', 'E42'],
      ['status_code', '404', '{value}'],
    ]);
    // first argument is not text, a later one is: the text is the message
    expect(msg(s.template)).toBe('missing');
  });
  it('handles raise X, raise X from e, raise X() and keyword messages', () => {
    expect(only('raise StopIteration')).toMatchObject({ errorClass: 'StopIteration', template: null, args: [] });
    expect(only('raise KeyError() from None')).toMatchObject({ errorClass: 'KeyError', template: null });
    expect(message('try:\n  f()\nexcept OSError as e:\n  raise RuntimeError("wrapped") from e')).toBe('wrapped');
    expect(message('raise MyError(message="kw %s" % x)')).toBe('kw {x}');
  });
  it('skips rethrows of the caught exception', () => {
    const src = [
      'try:',
      '    f()',
      'except (OSError, KeyError) as err:',
      '    log(err)',
      '    raise',
      'except ValueError as e:',
      '    raise e',
      'except TypeError as e:',
      '    raise e.with_traceback(tb)',
    ].join('\n');
    expect(sites(src)).toEqual([]);
  });
  it('follows a variable to the constructor call', () => {
    const s = only('def f(x):\n    exc = KeyError("missing key " + str(x))\n    raise exc\n');
    expect(s).toMatchObject({ errorClass: 'KeyError', line: 3, symbol: 'f' });
    expect(msg(s.template)).toBe('missing key {x}');
  });
  it('follows a variable assigned in exclusive branches to each value; one generic site for the rest', () => {
    const src = [
      'def f(errors, a):',
      '    if len(errors) > 1:',
      '        error = ConfigError("several errors, first at line %s" % a)',
      '    elif a:',
      '        error = KeyError("one")',
      '    else:',
      '        error = errors[0]',
      '    raise error',
    ].join('\n');
    // (`error` assigned here is a variable, not the lower-case class name it is elsewhere)
    expect(sites(src).map((x) => [x.line, x.errorClass, msg(x.template), x.rethrow ?? false])).toEqual([
      [8, 'KeyError', 'one', false],
      [8, 'ConfigError', 'several errors, first at line {a}', false],
      [8, null, null, true],
    ]);
    const same = 'def g(c):\n    if c:\n        e = errs[0]\n    else:\n        e = errs[1]\n    raise e\n';
    expect(sites(same)).toHaveLength(1);
  });
  it('marks other raised values as rethrows', () => {
    expect(only('def g(exc):\n    raise exc\n')).toMatchObject({ rethrow: true, errorClass: null, template: null });
    expect(only('raise self._exception')).toMatchObject({ rethrow: true });
    expect(only('raise d.exception()')).toMatchObject({ rethrow: true });
  });
  it('factories defined elsewhere: errorClass null, message from the first text argument', () => {
    expect(only('raise self._error("bad input %s" % x)')).toMatchObject({ errorClass: null, template: [lit('bad input '), hole('x')] });
    expect(only('raise make_error(code, "boom")')).toMatchObject({ errorClass: null, template: [lit('boom')] });
  });
  it('treats lower-case classes of the file and re.error-style names as classes', () => {
    const s = sites('class error(Exception):\n    pass\nraise error("x")\nraise socket.timeout("t")\n');
    expect(s.map((x) => x.errorClass)).toEqual(['error', 'socket.timeout']);
  });
  it('emits both branches of a conditional raise', () => {
    expect(sites('raise ValueError("a") if c else TypeError("b")').map((s) => s.errorClass)).toEqual(['ValueError', 'TypeError']);
  });
});

describe('message variables', () => {
  it('follows a local assignment, += and the nearest preceding assignment', () => {
    const src = [
      'def f(n, verbose):',
      '    if verbose:',
      '        msg = "first"',
      '    else:',
      '        msg = "second %d"',
      '    msg += f" (n={n})"',
      '    raise ValueError(msg % n)',
    ].join('\n');
    expect(message(src)).toBe('second {n} (n={n})');
  });
  it('does not use assignments after the raise', () => {
    expect(message('def f():\n    raise ValueError(msg)\n    msg = "late"\n')).toBe('{msg}');
  });
  it('follows module constants, but not over a parameter of the same name', () => {
    expect(message('ERR = "module level %s"\ndef f(x):\n    raise ValueError(ERR % x)\n')).toBe('module level {x}');
    expect(message('ERR = "module"\ndef f(ERR):\n    raise ValueError(ERR)\n')).toBe('{ERR}');
  });
  it('survives self-referencing assignments', () => {
    expect(message('def f():\n    msg = "a"\n    msg = msg + "b"\n    raise ValueError(msg)\n')).toBe('ab');
  });
});

describe('other sites', () => {
  it('assert with and without message', () => {
    const [a, b] = sites('for item in items:\n    assert item > 0, f"item {item=} must be positive"\n    assert item\n');
    expect(a).toMatchObject({ errorType: 'assertion', errorClass: 'AssertionError', line: 2, severity: 'error' });
    expect(msg(a.template)).toBe('item item={item} must be positive');
    expect(a.guards).toEqual([
      { kind: 'for', text: 'item in items', line: 1 },
      { kind: 'assert', text: 'not (item > 0)', line: 2 },
    ]);
    expect(b.template).toEqual([]);
  });
  it('logging calls with lazy % arguments and severities', () => {
    const src = [
      'logger.error("bad %s: %d", name, n)',
      'logging.critical("down")',
      'self.logger.warning("w %(x)s", {"x": y})',
      'LOG.exception("boom")',
      '_logger.warn("old")',
      'log.fatal("f")',
      'logging.getLogger(__name__).error("g %s", *args)',
      'logger.log(logging.ERROR, "lvl %s", v)',
      'logger.info("not a site")',
      'logger.log(logging.INFO, "not a site")',
      'math.log(x)',
      'results.error("not a logger")',
    ].join('\n');
    const s = sites(src);
    expect(s.map((x) => [x.errorType, x.severity, x.errorClass, msg(x.template)])).toEqual([
      ['log', 'error', null, 'bad {name}: {n}'],
      ['log', 'critical', null, 'down'],
      ['log', 'warning', null, 'w {y}'],
      ['log', 'error', null, 'boom'],
      ['log', 'warning', null, 'old'],
      ['log', 'critical', null, 'f'],
      ['log', 'error', null, 'g {value}'],
      ['log', 'error', null, 'lvl {v}'],
    ]);
  });
  it('finds calls the same way in files with very many candidates', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `logger.error("failure number ${i}")`);
    lines.push('class E(Exception):', '    def __str__(self):', '        return "e"');
    const r = analyze(lines.join('\n'));
    expect(r.sites).toHaveLength(300);
    expect(msg(r.sites[299].template)).toBe('failure number 299');
    expect(r.classes[0].template).toEqual([lit('e')]);
  });
  it('ignores candidate text in strings and comments, finds calls split over lines', () => {
    const s = sites('# logger.error("no")\nx = "warn(no)"\nlogger \\\n    .error(\n  "yes")\nwarnings.warn (\n"w")\n');
    expect(s.map((x) => [x.line, msg(x.template)])).toEqual([
      [3, 'yes'],
      [6, 'w'],
    ]);
  });
  it('logging without args leaves %s alone', () => {
    expect(message('logger.error("100%s literal")')).toBe('100%s literal');
  });
  it('warnings', () => {
    const s = sites('warnings.warn("deprecated", DeprecationWarning, stacklevel=2)\nwarn("plain")\nwarnings.warn(FutureWarning("inst %s" % x))\n');
    expect(s.map((x) => [x.errorType, x.errorClass, x.severity, msg(x.template)])).toEqual([
      ['warning', 'DeprecationWarning', 'warning', 'deprecated'],
      ['warning', 'UserWarning', 'warning', 'plain'],
      ['warning', 'FutureWarning', 'warning', 'inst {x}'],
    ]);
  });
  it('sys.exit with a message, parser.error, abort', () => {
    const s = sites('sys.exit("fatal: " + reason)\nsys.exit(1)\nsys.exit(code)\nparser.error("bad args")\nabort(404)\nflask.abort(403, "nope")\nos.abort()\n');
    expect(s.map((x) => [x.errorType, x.errorClass, x.httpStatus, msg(x.template)])).toEqual([
      ['exit', 'SystemExit', null, 'fatal: {reason}'],
      ['exit', 'SystemExit', null, 'bad args'],
      ['http', 'HTTPException', 404, null],
      ['http', 'HTTPException', 403, 'nope'],
    ]);
  });
});

describe('symbols and guards', () => {
  it('qualifies methods, nested classes and nested functions', () => {
    const src = [
      'class Outer:',
      '    class Inner:',
      '        def method(self):',
      '            raise A("1")',
      '    @property',
      '    def prop(self):',
      '        def helper():',
      '            raise B("2")',
      'def top():',
      '    raise C("3")',
      'raise D("4")',
    ].join('\n');
    expect(sites(src).map((s) => s.symbol)).toEqual(['Outer.Inner.method', 'Outer.prop.helper', 'top', null]);
  });
  it('if / elif / else chains', () => {
    const src = [
      'def f(x):',
      '    if x > 0:',
      '        raise A("a")',
      '    elif x < -5:',
      '        raise B("b")',
      '    elif x == -1:',
      '        pass',
      '    else:',
      '        raise C("c")',
    ].join('\n');
    const [a, b, c] = sites(src);
    expect(a.guards).toEqual([{ kind: 'if', text: 'x > 0', line: 2 }]);
    expect(b.guards).toEqual([
      { kind: 'else', text: 'not (x > 0)', line: 2 },
      { kind: 'elif', text: 'x < -5', line: 4 },
    ]);
    expect(c.guards).toEqual([
      { kind: 'else', text: 'not (x > 0)', line: 2 },
      { kind: 'else', text: 'not (x < -5)', line: 4 },
      { kind: 'else', text: 'not (x == -1)', line: 6 },
    ]);
  });
  it('while, for, except, case, with; stops at the function boundary', () => {
    const src = [
      'if outer:',
      '    def f(items):',
      '        while running:',
      '            for k, v in items.items():',
      '                with lock:',
      '                    try:',
      '                        g()',
      '                    except (KeyError, ValueError) as e:',
      '                        match v:',
      '                            case [1, y] if y:',
      '                                raise E("x")',
    ].join('\n');
    expect(only(src).guards).toEqual([
      { kind: 'while', text: 'running', line: 3 },
      { kind: 'for', text: 'k, v in items.items()', line: 4 },
      { kind: 'except', text: '(KeyError, ValueError) as e', line: 8 },
      { kind: 'case', text: '[1, y] if y', line: 10 },
    ]);
    expect(only(src).symbol).toBe('f');
  });
  it('collapses multi-line conditions to one line', () => {
    const s = only('if (a and\n        b):\n    raise E("x")\n');
    expect(s.guards[0].text).toBe('(a and b)');
  });
});

describe('classes', () => {
  const cls = (src: string) => analyze(src).classes;
  it('super().__init__ message with constructor params as holes', () => {
    const [c] = cls('class NotFound(LookupError):\n    def __init__(self, name, *args, **kw):\n        super().__init__(f"Not found: {name!r}")\n');
    expect(c).toMatchObject({ name: 'NotFound', bases: ['LookupError'], line: 1, params: ['name'] });
    expect(c.template).toEqual([lit('Not found: '), hole('name', 'repr')]);
  });
  it('Base.__init__(self, msg) and super(X, self).__init__(msg)', () => {
    const [a, b] = cls(
      [
        'class A(Error):',
        '    def __init__(self, section, source=None):',
        '        Error.__init__(self, "No section: %r" % (section,))',
        'class B(Error):',
        '    def __init__(self, x):',
        '        super(B, self).__init__("bad x {}".format(x))',
      ].join('\n'),
    );
    expect(msg(a.template)).toBe('No section: {section}');
    expect(a.params).toEqual(['section', 'source']);
    expect(msg(b.template)).toBe('bad x {x}');
  });
  it('__str__ with self.attr mapped to the constructor parameter', () => {
    const [c] = cls(
      [
        'class Bad(ValueError):',
        '    def __init__(self, path, reason=None):',
        '        self.path = path',
        '        self.why = reason',
        '    def __str__(self):',
        '        return "bad path %s: %s" % (self.path, self.why)',
      ].join('\n'),
    );
    expect(holes(c.template)).toEqual([
      { name: 'path', expr: 'path', kind: 'any' },
      { name: 'why', expr: 'reason', kind: 'any' },
    ]);
    expect(msg(c.template)).toBe('bad path {path}: {why}');
  });
  it('self.message set in __init__ and returned by __str__', () => {
    const [c] = cls(
      [
        'class E(Exception):',
        '    def __init__(self, name):',
        '        self.message = f"cannot load {name}"',
        '    def __str__(self):',
        '        return self.message',
      ].join('\n'),
    );
    expect(msg(c.template)).toBe('cannot load {name}');
  });
  it('class attributes: message templates, codes, statuses', () => {
    const [a, b, c] = cls(
      [
        'class NoCreds(BotoCoreError):',
        '    fmt = "Unable to locate credentials at {path}"',
        'class Http404(APIException):',
        '    status_code = 404',
        '    default_detail = "Not found."',
        '    default_code = "not_found"',
        'class Coded(Exception):',
        '    code = "E_CODED"',
        '    message: str = "coded failure"',
      ].join('\n'),
    );
    expect(a.template).toEqual([lit('Unable to locate credentials at '), hole('path')]);
    expect(b).toMatchObject({ httpStatus: 404, template: [lit('Not found.')] });
    expect(c).toMatchObject({ code: 'E_CODED', template: [lit('coded failure')] });
  });
  it('passthrough constructors and classes without a message', () => {
    const [a, b] = cls('class Error(Exception):\n    def __init__(self, msg):\n        Exception.__init__(self, msg)\nclass Plain(Error):\n    pass\n');
    expect(a.template).toEqual([hole('msg')]);
    expect(b).toMatchObject({ name: 'Plain', bases: ['Error'], template: null, params: [] });
  });
  it('skips classes without bases, ignores metaclass keywords', () => {
    const c = cls('class A:\n    pass\nclass B(Base, metaclass=M):\n    pass\n');
    expect(c.map((x) => [x.name, x.bases])).toEqual([['B', ['Base']]]);
  });
  it('ignores __init__ of nested classes', () => {
    const [outer] = cls('class O(Exception):\n    class N:\n        def __init__(self, a):\n            pass\n');
    expect(outer.params).toEqual([]);
  });
});

describe('format() helpers with % templates', () => {
  it('binds format(msg, a, b) like msg % (a, b)', () => {
    const src = 'def parse(size, tokens):\n    msg = "Failed to parse size! (input %r was tokenized as %r)"\n    raise InvalidSize(format(msg, size, tokens))\n';
    expect(message(src)).toBe('Failed to parse size! (input {size} was tokenized as {tokens})');
  });
  it('leaves the builtin format(value, spec) alone', () => {
    expect(message('raise ValueError(format(x, ".2f"))')).toBe('{x}');
  });
});

describe('messages returned by functions of the same file', () => {
  it('follows self.helper(...) whose return passes a parameter through', () => {
    const src = [
      'class Case:',
      '    def _formatMessage(self, msg, standardMsg):',
      '        if msg is None:',
      '            return standardMsg',
      "        return '%s : %s' % (standardMsg, msg)",
      '    def assertIn(self, member, container, msg=None):',
      "        standardMsg = '%s not found in %s' % (member, container)",
      '        msg = self._formatMessage(msg, standardMsg)',
      '        raise self.failureException(msg)',
    ].join('\n');
    expect(message(src)).toBe('{member} not found in {container}');
  });
  it('follows a nested function and a module-level helper, binding parameters', () => {
    const src = [
      'def check(call):',
      '    def _error_message():',
      '        m = _describe(call, "widget")',
      '        return m',
      '    raise AssertionError(_error_message())',
      'def _describe(expected, kind):',
      "    text = 'expected %s not found'",
      "    return text % (expected,) + ' (' + kind + ')'",
    ].join('\n');
    // the helper's own `%` hole takes the caller's argument
    expect(message(src)).toBe('expected {call} not found (widget)');
  });
  it("qualifies the helper's own parameter holes that the call leaves unbound", () => {
    const src = [
      'class Token:',
      '    def error_code(self, code, prefix=None):',
      "        return '%s:%s is bad' % (prefix, code)",
      '    def error(self, code, message):',
      "        raise ValueError(self.error_code('XPTY0004'))",
    ].join('\n');
    const s = only(src);
    // error_code's `code` takes the argument; its `prefix` is not error()'s, for callers of error() to fill
    expect(msg(s.template)).toBe('{prefix}:XPTY0004 is bad');
    expect(holes(s.template).map((h) => h.expr)).toEqual(['error_code.prefix']);
  });
  it('concatenates arguments the helper adds together', () => {
    const src = [
      'def _truncate(message, diff):',
      '    return message + diff',
      'def f(a, d):',
      "    raise ValueError(_truncate('%s differs' % a, d))",
    ].join('\n');
    expect(message(src)).toBe('{a} differs{d}');
  });
  it('does not take a helper result with no text of its own beyond separators', () => {
    const src = [
      'class FTP:',
      '    def getmultiline(self):',
      '        line = self.getline()',
      "        return line + '\\n' + self.getline()",
      '    def voidresp(self):',
      '        resp = self.getmultiline()',
      '        raise error_reply(resp)',
    ].join('\n');
    // not `{line}\n{getline}`
    expect(msg(only(src).args[0].template)).toBe('{resp}');
  });
  it('every return with text is a message; constants beside a return without text are values', () => {
    const mapper = [
      'def _get_normal_name(orig_enc):',
      '    enc = orig_enc[:12].lower()',
      '    if enc == "utf-8":',
      '        return "utf-8"',
      '    return orig_enc',
      'def find(line):',
      '    encoding = _get_normal_name(line)',
      '    raise SyntaxError("unknown encoding: " + encoding)',
    ].join('\n');
    expect(message(mapper)).toBe('unknown encoding: {encoding}');
    const messages = [
      'def _describe(kind, name):',
      '    if kind == "dir":',
      '        return "directory %s is missing" % name',
      '    return "file %s is missing" % name',
      'def check(kind, name):',
      '    raise OSError(_describe(kind, name))',
    ].join('\n');
    const s = only(messages);
    expect([s.template, ...(s.args[0].alts ?? [])].map(msg)).toEqual(['directory {name} is missing', 'file {name} is missing']);
  });
  it('leaves calls to functions defined elsewhere, and recursion, as holes', () => {
    expect(holes(only('def f(x):\n    raise ValueError(describe(x))\n').template).map((h) => h.expr)).toEqual(['describe(x)']);
    expect(holes(only('def f(x):\n    raise ValueError(f(x))\n').template).map((h) => h.expr)).toEqual(['f(x)']);
  });
});

describe('messages assigned in branches', () => {
  it('a += that runs only in a branch the raise is not in: without it, and with it', () => {
    const src = [
      'def f(x, request):',
      "    message = 'bad value %s' % x",
      '    if request:',
      "        message += ' ' + repr(request)",
      '    raise ValueError(message)',
    ].join('\n');
    const s = only(src);
    expect(msg(s.template)).toBe('bad value {x}');
    expect(s.args[0].alts?.map(msg)).toEqual(['bad value {x} {request}']);
    // text added after the name keeps both forms too
    const mid = only('def f(node, lno):\n    msg = "malformed node"\n    if lno:\n        msg += f" on line {lno}"\n    raise ValueError(msg + f": {node!r}")\n');
    expect([mid.template, ...(mid.args[0].alts ?? [])].map(msg)).toEqual(['malformed node: {node}', 'malformed node on line {lno}: {node}']);
  });
  it('keeps a += in the same branch as the assignment', () => {
    const src = ['def f(x):', '    if x:', "        message = 'a'", "        message += 'b'", '        raise ValueError(message)'].join('\n');
    expect(message(src)).toBe('ab');
  });
  it('lists the message of every branch as an alternative', () => {
    const src = [
      'def f(c, index):',
      "    if c == '[':",
      '        msg = "Malformed attribute selector at position {}".format(index)',
      "    elif c == '.':",
      '        msg = "Malformed class selector at position {}".format(index)',
      '    else:',
      '        msg = "Invalid character {!r} position {}".format(c, index)',
      '    raise SelectorSyntaxError(msg, index)',
    ].join('\n');
    const s = only(src);
    expect(msg(s.template)).toBe('Invalid character {c} position {index}');
    expect(s.args[0].alts?.map(msg)).toEqual([
      'Malformed class selector at position {index}',
      'Malformed attribute selector at position {index}',
    ]);
  });
  it('a parameter given a default only in a branch: the default, or the argument', () => {
    const s = only('def f(msg=None):\n    if msg is None:\n        msg = "default message"\n    raise ValueError(msg)\n');
    expect(msg(s.template)).toBe('default message');
    expect(s.args[0].alts?.map(msg)).toEqual(['{msg}']);
  });
  it('an unconditional earlier assignment ends the alternatives', () => {
    const s = only('def f(x):\n    msg = "plain"\n    if x:\n        msg = "special"\n    raise ValueError(msg)\n');
    expect(msg(s.template)).toBe('special');
    expect(s.args[0].alts?.map(msg)).toEqual(['plain']);
  });
  it('follows alternatives through a helper that passes them on', () => {
    const src = [
      'def _fmt(msg, standard):',
      '    return standard',
      'def f(a, delta=None):',
      '    if delta is not None:',
      "        standard = '%s within %s delta' % (a, delta)",
      '    else:',
      "        standard = '%s within places' % a",
      '    raise AssertionError(_fmt(None, standard))',
    ].join('\n');
    const s = only(src);
    expect(msg(s.template)).toBe('{a} within places');
    expect(s.args[0].alts?.map(msg)).toEqual(['{a} within {delta} delta']);
  });
});

describe('raise forms', () => {
  it('raise given or New(...): both operands', () => {
    const s = sites('def one(it, too_long=None):\n    msg = "Expected exactly one item, got {!r}".format(it)\n    raise too_long or ValueError(msg)\n');
    expect(s.map((x) => [x.errorClass, msg(x.template), x.rethrow ?? false])).toEqual([
      [null, null, true],
      ['ValueError', 'Expected exactly one item, got {it}', false],
    ]);
  });
  it('an exception class received as a parameter is no particular class', () => {
    const s = only('def details(mod, error=ImportError):\n    raise error("No module named %s" % mod)\n');
    expect(s.errorClass).toBeNull();
    expect(msg(s.template)).toBe('No module named {mod}');
  });
  it('a factory given the class to build raises that class', () => {
    const s = sites('class P:\n    def f(self, c):\n        raise self.parse_error(InvalidNumberError)\n        raise self.parse_error(InvalidControlChar, c, "strings")\n        raise self.wrap(Thing)\n');
    expect(s.map((x) => [x.errorClass, msg(x.template), x.args.length])).toEqual([
      ['InvalidNumberError', null, 0],
      ['InvalidControlChar', 'strings', 0],
      [null, null, 1],
    ]);
  });
});

describe('exceptions built by a function of the same file', () => {
  const src = [
    'class Tokenizer:',
    '    def error(self, msg, offset=0):',
    '        return error(msg, self.string, self.tell() - offset)',
    'def suffixed_err(src, pos, msg):',
    '    return DecodeError(f"{msg} (at {pos})")',
    'def _error(tok):',
    '    if tok:',
    '        return ValueError("unexpected token: %s" % tok)',
    '    return ValueError("unexpected end")',
    'def parse(source, src, pos, nexttok, msg):',
    '    raise source.error("unterminated set", 3)',
    '    raise suffixed_err(src, pos, "Invalid value")',
    '    raise _error(nexttok)',
    '    raise _error(msg)',
    'class P:',
    '    def missing(self, name):',
    '        return KeyError(name)',
    '    def go(self):',
    '        raise self.missing("k")',
    '        raise self.other("x")',
  ].join('\n');
  it('raises what each return of the function constructs, its parameters bound to the call', () => {
    const s = sites(src);
    expect(s.map((x) => [x.line, x.errorClass, msg(x.template), x.args.map((a) => msg(a.template))])).toEqual([
      [11, 'error', 'unterminated set', ['unterminated set', '{string}', '{offset}']],
      [12, 'DecodeError', 'Invalid value (at {pos})', ['Invalid value (at {pos})']],
      [13, 'ValueError', 'unexpected token: {nexttok}', ['unexpected token: {nexttok}']],
      [13, 'ValueError', 'unexpected end', ['unexpected end']],
      [14, 'ValueError', 'unexpected token: {msg}', ['unexpected token: {msg}']],
      [14, 'ValueError', 'unexpected end', ['unexpected end']],
      [19, 'KeyError', 'k', ['k']],
      // a function not defined here is still read as before: its first text argument
      [20, null, 'x', ['x']],
    ]);
    // the raise's own function, symbol and guards
    expect(s[0].symbol).toBe('parse');
    // (a caller's variable of the same name as the factory's parameter stays the caller's: a helper)
    expect(holes(s[4].template)[0].expr).toBe('msg');
  });
  it('an unbound parameter of the factory is named after it, not taken for the caller\'s', () => {
    const s = sites('def err(msg, where):\n    return ValueError(f"{msg} at {where}")\ndef f(where):\n    raise err("bad")\n');
    expect(holes(s[0].template).map((h) => h.expr)).toEqual(['err.where']);
  });
  it('a None-defaulted message parameter: its return when the call passes it, the others when not', () => {
    const s = sites([
      'class T:',
      '    def wrong(self, message=None):',
      '        if message:',
      '            return ParseError(message)',
      '        elif self.symbol:',
      '            return ParseError("unexpected %s" % self.symbol)',
      '        return ParseError("unexpected end")',
      '    def f(self, err):',
      '        raise self.wrong("bad source")',
      '        raise self.wrong(message=str(err))',
      '        raise self.wrong()',
    ].join('\n'));
    expect(s.map((x) => [x.line, msg(x.template)])).toEqual([
      [9, 'bad source'],
      [10, '{err}'],
      [11, 'unexpected {symbol}'],
      [11, 'unexpected end'],
    ]);
  });
  it('leaves a factory returning a class, or nothing it builds, to the other rules', () => {
    expect(only('def k():\n    return Missing\nraise k()').errorClass).toBeNull();
    expect(only('def k(m):\n    return m\nraise k("a")')).toMatchObject({ errorClass: null, template: [lit('a')] });
  });
});

describe('class facts for the class table', () => {
  const cls = (src: string) => analyze(src).classes;
  it('docstring, and whether the class says its docstring', () => {
    const [base, sub] = cls(
      [
        'class DNSException(Exception):',
        '    """Abstract base class shared by all dnspython exceptions."""',
        '    msg = None',
        '    def __init__(self, *args, **kwargs):',
        '        if self.msg is None:',
        '            self.msg = self.__doc__',
        '        super().__init__(self.msg)',
        'class LabelTooLong(DNSException):',
        '    """A DNS label is > 63 octets long."""',
      ].join('\n'),
    );
    expect(base).toMatchObject({ doc: 'Abstract base class shared by all dnspython exceptions.', usesDoc: true });
    expect(sub.doc).toBe('A DNS label is > 63 octets long.');
    expect(sub.usesDoc).toBeUndefined();
  });
  it('string class attributes', () => {
    const [c] = cls("class InsecureTransportError(OAuth2Error):\n    error = 'insecure_transport'\n    description = ('OAuth 2 MUST '\n        'utilize https.')\n    status_code = 400\n");
    expect(c.attrs).toEqual({ error: 'insecure_transport', description: 'OAuth 2 MUST utilize https.' });
  });
  it('arguments to the base constructor, and where the template comes from', () => {
    const [c] = cls('class InvalidNumberError(ParseError):\n    def __init__(self, line, col):\n        message = "Invalid number"\n        super().__init__(line, col, message=message)\n');
    expect(c.templateFrom).toBe('super');
    expect(c.superArgs?.map((a) => [a.name, msg(a.template)])).toEqual([[null, '{line}'], [null, '{col}'], ['message', 'Invalid number']]);
  });
  it('a parameter defaulted in a branch gives the class both messages', () => {
    const [c] = cls(
      'class ParseError(ValueError):\n    def __init__(self, line, message=None):\n        if message is None:\n            message = "TOML parse error"\n        super().__init__(f"{message} at line {line}")\n',
    );
    // the f-string reads `message` as written: the parameter
    expect(msg(c.template)).toBe('{message} at line {line}');
    const [d] = cls('class E(ValueError):\n    def __init__(self, msg=None):\n        if msg is None:\n            msg = "Default text"\n        super().__init__(msg)\n');
    expect(msg(d.template)).toBe('Default text');
    expect(d.alts?.map(msg)).toEqual(['{msg}']);
  });
  it('__str__ that calls a method formatting a class attribute template', () => {
    const [c] = cls(
      [
        'class DistributionNotFound(ResolutionError):',
        '    _template = (',
        '        "The \'{self.req}\' distribution was not found "',
        '        "and is required by {self.requirers_str}"',
        '    )',
        '    def report(self):',
        '        return self._template.format(**locals())',
        '    def __str__(self):',
        '        return self.report()',
      ].join('\n'),
    );
    expect(c.templateFrom).toBe('str');
    expect(msg(c.template)).toBe("The '{req}' distribution was not found and is required by {requirers_str}");
  });
});

describe('constants put into % formatting', () => {
  it('puts string constants in for %s, leaves other values as holes', () => {
    const src = ["def f(expected):", "    actual = 'not called.'", "    raise AssertionError('Expected: %s\\nActual: %s' % (expected, actual))"].join('\n');
    expect(message(src)).toBe('Expected: {expected}\nActual: not called.');
    expect(message("def f(n):\n    raise ValueError('%d items in %r' % (n, 'box'))\n")).toBe("{n} items in {value}");
  });
  it('a helper returning one of two constants gives one message per constant', () => {
    const src = [
      'def _plural_s(sized):',
      '    return "s" if len(sized) > 1 else ""',
      'def validate(missing):',
      '    keys = ", ".join(missing)',
      '    raise SchemaMissingKeyError("Missing key%s: %s" % (_plural_s(missing), keys))',
    ].join('\n');
    const s = only(src);
    expect(msg(s.template)).toBe('Missing keys: {keys}');
    expect(s.args[0].alts?.map(msg)).toEqual(['Missing key: {keys}']);
  });
  it("an inlined helper's string parameter defaults hold when the call leaves them out", () => {
    const src = [
      'class Mock:',
      "    def _failure_message(self, args, action='call'):",
      "        message = 'expected %s not found.\\nExpected: %s'",
      '        return message % (action, args)',
      '    def assert_called_with(self, args):',
      '        raise AssertionError(self._failure_message(args))',
    ].join('\n');
    expect(message(src)).toBe('expected call not found.\nExpected: {args}');
  });
  it('a conditional expression of two strings gives both', () => {
    const s = only('def f(c):\n    raise ValueError("too many values" if c else "too few values")\n');
    expect(msg(s.template)).toBe('too many values');
    expect(s.args[0].alts?.map(msg)).toEqual(['too few values']);
  });
});

describe('messages formatted by the exception class', () => {
  it('positional fields passed with as many further arguments are those arguments', () => {
    expect(message('def f(uint, length):\n    raise CreationError("{0} is too large for length {1}.", uint, length)\n')).toBe(
      '{uint} is too large for length {length}.',
    );
    expect(message('def f(tok):\n    raise ParseError("unexpected %r", tok)\n')).toBe('unexpected {tok}');
  });
  it('leaves text alone without enough arguments, or with named fields', () => {
    expect(message('def f(a):\n    raise E("{0} and {1}", a)\n')).toBe('{0} and {1}');
    expect(message('def f(a):\n    raise E("{name} is bad", a)\n')).toBe('{name} is bad');
  });
});

describe('re-raise clearing the traceback', () => {
  it('raise exc.with_traceback(None) names the class its except clause catches', () => {
    const src = [
      'def parse_string(s):',
      '    try:',
      '        return _parse(s)',
      '    except ParseBaseException as exc:',
      '        raise exc.with_traceback(None)',
      '    except (KeyError, ValueError) as err:',
      '        raise err.with_traceback(None)',
    ].join('\n');
    expect(sites(src).map((x) => [x.line, x.errorClass, x.rethrow])).toEqual([
      [5, 'ParseBaseException', true],
      [7, null, true],
    ]);
  });
});
