import { describe, expect, it } from 'vitest';
import { ClassTable } from '../../src/facts/classes.js';
import { assembleFiles as assembleIn, messagesByLine as messagesIn } from './assembled.js';

const assembleFiles = (files: Record<string, string>) => assembleIn('python', files);
const messagesByLine = (files: Record<string, string>) => messagesIn('python', files);

const lines = (...l: string[]) => l.join('\n') + '\n';

describe('messages fixed by a base class', () => {
  const exceptions = lines(
    'class ParseError(ValueError):',
    '    def __init__(self, line, col, message=None):',
    '        self._line = line',
    '        self._col = col',
    '        if message is None:',
    '            message = "TOML parse error"',
    '        super().__init__(f"{message} at line {self._line} col {self._col}")',
    'class InvalidNumberError(ParseError):',
    '    def __init__(self, line, col):',
    '        message = "Invalid number"',
    '        super().__init__(line, col, message=message)',
    'class UnexpectedCharError(ParseError):',
    '    def __init__(self, line, col, char):',
    '        super().__init__(line, col, message=f"Unexpected character: {char!r}")',
  );
  it("binds a subclass's arguments to the base constructor into the base's message", () => {
    const m = messagesByLine({
      'exceptions.py': exceptions,
      'parser.py': lines(
        'class Parser:',
        '    def number(self, raw):',
        '        raise InvalidNumberError(self.line, self.col)',
        '    def char(self, c):',
        '        raise UnexpectedCharError(self.line, self.col, c)',
        '    def item(self):',
        '        raise self.parse_error(InvalidNumberError)',
      ),
    });
    expect(m.get('parser.py:3')).toEqual(['Invalid number at line {line} col {col}']);
    expect(m.get('parser.py:5')).toEqual(['Unexpected character: {c} at line {line} col {col}']);
    expect(m.get('parser.py:7')).toEqual(['Invalid number at line {line} col {col}']);
  });

  it("takes the parameter's default when the call does not pass it", () => {
    const m = messagesByLine({
      'e.py': lines(
        'class E(ValueError):',
        '    def __init__(self, msg=None):',
        '        if msg is None:',
        '            msg = "Default text for E"',
        '        super().__init__(msg)',
        'def f(x):',
        '    raise E()',
        'def g(x):',
        '    raise E("custom message %s" % x)',
      ),
    });
    expect(m.get('e.py:7')).toEqual(['Default text for E']);
    expect(m.get('e.py:9')).toEqual(['custom message {x}']);
  });

  it('says the docstring of a class raised without arguments when the base reads __doc__', () => {
    const m = messagesByLine({
      'exception.py': lines(
        'class DNSException(Exception):',
        '    """Abstract base class shared by all dnspython exceptions."""',
        '    msg = None',
        '    def __init__(self, *args, **kwargs):',
        '        if self.msg is None:',
        '            self.msg = self.__doc__',
        '        if args:',
        '            super().__init__(*args)',
        '        else:',
        '            super().__init__(self.msg)',
      ),
      'name.py': lines(
        'class LabelTooLong(DNSException):',
        '    """A DNS label is > 63 octets long."""',
        'class Plain(Exception):',
        '    """Raised when the plain thing fails."""',
        'def validate(labels):',
        '    raise LabelTooLong',
        'def other(labels):',
        '    raise LabelTooLong("label %r is too long" % labels)',
        'def third():',
        '    raise Plain',
      ),
    });
    expect(m.get('name.py:6')).toEqual(['A DNS label is > 63 octets long.']);
    expect(m.get('name.py:8')).toEqual(['label {labels} is too long']);
    expect(m.get('name.py:10')).toEqual(['']);
  });

  it("fills a base message's class attributes from the subclass", () => {
    const m = messagesByLine({
      'errors.py': lines(
        'class OAuth2Error(Exception):',
        '    error = None',
        "    description = ''",
        '    def __init__(self, description=None, request=None):',
        '        if description is not None:',
        '            self.description = description',
        "        message = '({}) {}'.format(self.error, self.description)",
        '        if request:',
        "            message += ' ' + repr(request)",
        '        super().__init__(message)',
        'class InsecureTransportError(OAuth2Error):',
        "    error = 'insecure_transport'",
        "    description = 'OAuth 2 MUST utilize https.'",
      ),
      'parameters.py': lines(
        'def prepare(uri):',
        '    raise InsecureTransportError()',
        'def other(uri):',
        '    raise InsecureTransportError(description="Use https for %s" % uri)',
      ),
    });
    expect(m.get('parameters.py:2')).toEqual(['(insecure_transport) OAuth 2 MUST utilize https.']);
    expect(m.get('parameters.py:4')).toEqual(['(insecure_transport) Use https for {uri}']);
  });
});

describe('a message assigned in branches', () => {
  it('gives the site one record per branch, bound into the class message', () => {
    const m = messagesByLine({
      'util.py': lines(
        'class SelectorSyntaxError(Exception):',
        '    def __init__(self, msg, pattern=None, index=None):',
        '        if pattern is not None and index is not None:',
        "            msg = '{}\\n  line {}'.format(msg, index)",
        '        super().__init__(msg)',
      ),
      'parser.py': lines(
        'def parse(c, pattern, index):',
        "    if c == '[':",
        '        msg = "Malformed attribute selector at position {}".format(index)',
        '    else:',
        '        msg = "Invalid character {!r} position {}".format(c, index)',
        '    raise SelectorSyntaxError(msg, pattern, index)',
      ),
    });
    expect(m.get('parser.py:6')).toEqual([
      'Invalid character {c} position {index}\n  line {index}',
      'Malformed attribute selector at position {index}\n  line {index}',
    ]);
  });
});

describe('a message the class chooses by a condition', () => {
  it("passes each message of a constructor's branches to the base, the site taking the one its arguments use (genshi)", () => {
    const m = messagesByLine({
      'errors.py': lines(
        'UNDEFINED = object()',
        'class TemplateRuntimeError(Exception):',
        '    pass',
        'class UndefinedError(TemplateRuntimeError):',
        '    def __init__(self, name, owner=UNDEFINED):',
        '        if owner is not UNDEFINED:',
        "            message = '%s has no member named \"%s\"' % (repr(owner), name)",
        '        else:',
        "            message = '\"%s\" not defined' % name",
        '        TemplateRuntimeError.__init__(self, message)',
      ),
      'lookup.py': lines(
        'def member(key, owner):',
        '    raise UndefinedError(key, owner=owner)',
        'def name(key):',
        '    raise UndefinedError(key)',
      ),
    });
    expect(m.get('lookup.py:2')).toEqual(['{owner} has no member named "{key}"']);
    expect(m.get('lookup.py:4')).toEqual(['"{key}" not defined']);
  });

  it("gives every raise each text __str__ may return, with and without its branches' additions (chameleon)", () => {
    const m = messagesByLine({
      'exc.py': lines(
        'class TemplateError(Exception):',
        '    def __init__(self, msg, token):',
        '        Exception.__init__(self, msg, token)',
        '    def __str__(self):',
        '        text = "%s\\n\\n" % self.args[0]',
        '        text += " - String:     \\"%s\\"" % self.token',
        '        if self.filename:',
        '            text += "\\n"',
        '            text += " - Filename:   %s" % self.filename',
        '        text += "\\n - Location:   (line %d)" % self.line',
        '        return text',
        'class CompilationError(TemplateError):',
        '    pass',
      ),
      'program.py': lines(
        'def validate(ns, name):',
        '    raise CompilationError("Bad attribute for namespace \'%s\'" % ns, name)',
      ),
    });
    expect(m.get('program.py:2')).toEqual([
      'Bad attribute for namespace \'{ns}\'\n\n - String:     "{token}"\n - Location:   (line {line})',
      'Bad attribute for namespace \'{ns}\'\n\n - String:     "{token}"\n - Filename:   {filename}\n - Location:   (line {line})',
    ]);
  });
});

describe('a helper that formats the message it is given', () => {
  it("opens the fields of each caller's text into holes", () => {
    const m = messagesByLine({
      'grammar.py': lines(
        'class GrammarBuilder:',
        '    def _grammar_error(self, is_term, msg, *names):',
        '        args = {}',
        '        for i, name in enumerate(names, start=1):',
        "            args['name'] = name",
        '        raise GrammarError(msg.format(**args))',
        '    def define(self, name, is_term):',
        '        self._grammar_error(is_term, "{Type} \'{name}\' defined more than once, {{sic}}", name)',
        '    def check(self, sym, name):',
        '        self._grammar_error(False, "Template \'%s\' used but not defined (in {type} {name})" % sym, name)',
        'def old_style(fmt, *args):',
        '    raise ValueError(fmt % args)',
        'def use(x):',
        '    old_style("bad value %r at %d%%", x, 3)',
      ),
    });
    expect(m.get('grammar.py:6')).toEqual([
      '{msg}',
      "{Type} '{name}' defined more than once, {sic}",
      "Template '{sym}' used but not defined (in {type} {name})",
    ]);
    expect(m.get('grammar.py:12')).toEqual(['{fmt}', 'bad value {value} at {value}%']);
  });
});

describe('a constructor that calls a base other than its first', () => {
  it("binds into the named class's message, not the first base's", () => {
    const m = messagesByLine({
      'configparser.py': lines(
        'class Error(Exception):',
        '    def __init__(self, msg=""):',
        '        self.message = msg',
        '        Exception.__init__(self, msg)',
        'class ParsingError(Error):',
        '    def __init__(self, source):',
        "        Error.__init__(self, 'Source contains parsing errors: %r' % source)",
        'class MissingSectionHeaderError(ParsingError):',
        '    def __init__(self, filename, lineno, line):',
        '        Error.__init__(self, "File contains no section headers.\\nfile: %r, line: %d" % (filename, lineno))',
        'def read(fpname, lineno, line):',
        '    raise MissingSectionHeaderError(fpname, lineno, line)',
      ),
    });
    expect(m.get('configparser.py:12')).toEqual(['File contains no section headers.\nfile: {fpname}, line: {lineno}']);
  });
});

describe("choosing among a class's messages", () => {
  it('prefers the one that needs no parameter the call leaves out', () => {
    const m = messagesByLine({
      'errors.py': lines(
        'def _file_prefix(filename=None, lineno=None):',
        '    if filename and lineno is not None:',
        '        return f"While opening {filename}, in line {lineno}: "',
        '    elif filename:',
        '        return f"While opening {filename}: "',
        '    else:',
        '        return ""',
        'class DefinitionSyntaxError(SyntaxError):',
        '    def __init__(self, msg, *, filename=None, lineno=None):',
        '        super().__init__(msg)',
        '        self.filename = filename',
        '        self.lineno = lineno',
        '    def __str__(self):',
        '        return _file_prefix(self.filename, self.lineno) + str(self.args[0])',
        'def f(op):',
        '    raise DefinitionSyntaxError(\'missing binary operator "%s"\' % op)',
        'def g(name, n):',
        '    raise DefinitionSyntaxError("bad line", filename=name, lineno=n)',
      ),
    });
    // the class message without a file name is only its argument: the site's own text wins
    expect(m.get('errors.py:16')).toEqual(['missing binary operator "{op}"']);
    // (str(self.args[0]) is what __init__ gave the base: the raise's own "bad line")
    expect(m.get('errors.py:18')).toEqual(['While opening {name}, in line {n}: bad line']);
  });
  it("Python's own exceptions do not format their extra arguments", () => {
    const m = messagesByLine({ 'a.py': lines('def f(cost):', '    raise Exception("Unrecognized cost for region: %s", cost)') });
    expect(m.get('a.py:2')).toEqual(['Unrecognized cost for region: %s']);
  });
});

describe("a caught exception's message raised again", () => {
  const m = messagesByLine({
    'check.py': lines(
      'def check_type(argname, value, expected):',
      '    if not isinstance(value, expected):',
      '        raise TypeError("type of {} must be {}".format(argname, expected.__name__))',
      '    if value is None:',
      '        raise ValueError("no value for {}".format(argname))',
      'def check_arguments(memo):',
      '    for name, value in memo.items():',
      '        try:',
      '            check_type(\'argument "{}"\'.format(name), value, int)',
      '        except TypeError as exc:',
      '            raise TypeError(exc) from None',
      '        try:',
      '            check_type(name, value, str)',
      '        except Exception as exc:',
      '            raise RuntimeError(str(exc))',
    ),
  });

  it("gives the raise the messages of the class caught, from the functions the try body calls (typeguard)", () => {
    expect(m.get('check.py:11')).toEqual(expect.arrayContaining(['type of {argname} must be {__name__}', 'type of argument "{name}" must be {__name__}']));
    expect(m.get('check.py:11')).not.toContain('no value for {argname}');
    // `except Exception`: any class the calls raise.
    expect(m.get('check.py:15')).toEqual(expect.arrayContaining(['type of {argname} must be {__name__}', 'no value for {argname}']));
  });
});

describe('a raise of the class a method returns', () => {
  const files: Record<string, string> = {
    'dns/exception.py': lines(
      'class DNSException(Exception):',
      '    def __init__(self, *args, **kwargs):',
      '        if not args:',
      '            args = (self.__doc__,)',
      '        super().__init__(*args)',
    ),
    'dns/enum.py': lines(
      'class IntEnum:',
      '    @classmethod',
      '    def from_text(cls, text):',
      '        raise cls._unknown_exception_class()',
      '',
      '    @classmethod',
      '    def _unknown_exception_class(cls):',
      '        return ValueError',
    ),
    'dns/rdatatype.py': lines(
      'from dns.exception import DNSException',
      'class UnknownRdatatype(DNSException):',
      '    """DNS resource record type is unknown."""',
      'class RdataType(IntEnum):',
      '    @classmethod',
      '    def _unknown_exception_class(cls):',
      '        return UnknownRdatatype',
    ),
  };
  const m = messagesByLine(files);

  it('takes the message of each class the functions of that name return (dnspython)', () => {
    expect(m.get('dns/enum.py:4')).toContain('DNS resource record type is unknown.');
    // The record names the class the factory returns.
    expect(assembleFiles(files).records.find((r) => r.errorMessage === 'DNS resource record type is unknown.')?.errorClass).toBe('UnknownRdatatype');
  });
});

describe('arguments bound into a Python %r / !r hole', () => {
  it('are shown as repr() shows them: a string quoted, anything else not', () => {
    const m = messagesByLine({
      'm.py': lines(
        'class NotFound(ValueError):',
        '    def __init__(self, key):',
        "        super().__init__('%r not found' % key)",
        'def get(k):',
        "    raise NotFound('abc')",
        'def count():',
        '    raise NotFound(42)',
        'def other(k):',
        '    raise NotFound(k)',
        'def quoted():',
        '    raise NotFound("it\'s")',
        'def check(name):',
        '    raise ValueError(f"bad name {name!r}")',
        'def run():',
        '    check("alpha")',
      ),
    });
    expect(m.get('m.py:5')).toEqual(["'abc' not found"]);
    expect(m.get('m.py:7')).toEqual(['42 not found']); // (a number is not quoted: repr(42) is its text)
    expect(m.get('m.py:9')).toEqual(['{k} not found']);
    // (Python picks double quotes for a text holding a single quote and no double one)
    expect(m.get('m.py:11')).toEqual(['"it\'s" not found']);
    expect(m.get('m.py:13')).toEqual(['bad name {name}', "bad name 'alpha'"]);
  });
});

describe('parts of a joined message the class leaves out when None (Hole.absent)', () => {
  const errors = lines(
    'class Marked(Exception):',
    '    def __init__(self, context=None, mark=None, problem=None, note=None):',
    '        self.context = context',
    '        self.mark = mark',
    '        self.problem = problem',
    '        self.note = note',
    '    def __str__(self):',
    '        lines = []',
    '        if self.context is not None:',
    '            lines.append(self.context)',
    '        if self.mark is not None and self.problem is None:',
    '            lines.append(str(self.mark))',
    '        if self.problem:',
    '            lines.append(self.problem)',
    '        lines.append(self.note)',
    "        return '\\n'.join(lines)",
  );

  it('cuts a part bound to None with the line break joining it, first, inner or last', () => {
    const m = messagesByLine({
      'errors.py': errors,
      'use.py': lines(
        'from errors import Marked',
        'def a(alias, note):',
        "    raise Marked(None, None, 'undefined alias %r' % alias, note)",
        'def b(ctx, note):',
        "    raise Marked(ctx, None, 'bad value', note)",
        'def c(ctx, mark, note):',
        '    raise Marked(ctx, mark, None, note)',
      ),
    });
    expect(m.get('use.py:3')).toEqual(['undefined alias {alias}\n{note}']);
    expect(m.get('use.py:5')).toEqual(['{ctx}\nbad value\n{note}']);
    expect(m.get('use.py:7')).toEqual(['{ctx}\n{mark}\n{note}']);
  });

  it('keeps a part written unconditionally, None or not', () => {
    const m = messagesByLine({ 'errors.py': errors, 'use.py': lines('from errors import Marked', 'def d(ctx):', "    raise Marked(ctx, None, 'x', None)") });
    expect(m.get('use.py:3')).toEqual(['{ctx}\nx\nNone']);
  });
});

describe('a parameter the class prints dedented (Hole.dedent)', () => {
  it("binds a caller's indented text without its lines' common indentation", () => {
    const m = messagesByLine({
      'errors.py': lines('import textwrap', 'class Noted(Exception):', '    def __init__(self, note):', '        self.note = note', '    def __str__(self):', '        return textwrap.dedent(self.note)'),
      'use.py': lines('from errors import Noted', 'def a():', '    raise Noted("""', '        Keys must be unique.', '          See the manual.', '        """)'),
    });
    expect(m.get('use.py:3')).toEqual(['\nKeys must be unique.\n  See the manual.\n']);
  });
});

describe('a subclass argument with texts no call chooses between (branches of the bound message)', () => {
  it('gives the raise each text of an argument whose alternatives use the same parameters', () => {
    const m = messagesByLine({
      'errors.py': lines(
        'class Error(Exception):',
        '    def __init__(self, obj, message=None):',
        '        self.obj = obj',
        '        super().__init__(message)',
        'class NotFound(Error):',
        '    def __init__(self, name):',
        '        super().__init__(None, f"{name!r} is not registered" if REGISTRY else f"{name!r} is unknown, nothing is registered")',
      ),
      'use.py': lines('from errors import NotFound', 'def find(name):', '    raise NotFound(name)'),
    });
    expect(m.get('use.py:3')?.sort()).toEqual(['{name} is not registered', '{name} is unknown, nothing is registered']);
  });
});

describe("a class's subclasses in the tree", () => {
  it('are the classes deriving from it along their chains, by name; null for a class the tree does not define', () => {
    const t = new ClassTable();
    t.add('input.py', [
      { name: 'ParseError', bases: ['Exception'], line: 1, template: null, params: [] },
      { name: 'XMLError', bases: ['ParseError'], line: 3, template: null, params: [] },
      { name: 'DeepError', bases: ['XMLError'], line: 5, template: null, params: [] },
    ]);
    t.add('base.py', [{ name: 'BadDirectiveError', bases: ['TemplateError'], line: 1, template: null, params: [] }]);
    expect(t.subclasses('ParseError', 'base.py', 32)).toEqual(['DeepError', 'XMLError']);
    expect(t.subclasses('input.ParseError', 'base.py', 1)).toBeNull();
    expect(t.subclasses('ValueError', 'base.py', 32)).toBeNull();
  });
});
