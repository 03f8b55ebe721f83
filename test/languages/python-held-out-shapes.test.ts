// Messages not written at the raise, in the shapes Python libraries give them (template.ts): a text
// written to `self.attr` before the raise reads it.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const messages = (src: string) => analyzePython(src).sites.map((s) => (s.template ? renderMessage(s.template) : null));

describe('a text written to an attribute of self before the raise', () => {
  it('reads the write that holds at the raise, not one in a branch the raise is not in, and not other values', () => {
    const src = [
      'class Connection:',
      '    def __init__(self, authentication):',
      '        if authentication in (1, 2):',
      '            self.authentication = authentication',
      '        else:',
      "            self.last_error = 'unknown authentication method'",
      '            raise UnknownMethodError(self.last_error)',
      '    def open(self, ok):',
      '        if not ok:',
      "            self.last_error = 'socket not open'",
      '        raise OpenError(self.last_error)',
      '    def bind(self):',
      '        self.last_error = self.result',
      '        raise BindError(self.last_error)',
    ].join('\n');
    expect(messages(src)).toEqual(['unknown authentication method', '{last_error}', '{last_error}']);
  });
});

describe('a tuple of messages indexed at the raise', () => {
  it('gives each message when the index is computed, the one at a literal index, nothing for a tuple of values', () => {
    const src = [
      'def fail(tokens):',
      '    msg = (',
      "        'Unexpected end of input',",
      "        'Unexpected {1} after {0}',",
      '    )',
      '    raise SyntaxError(msg[len(tokens)].format(*tokens))',
      'def first():',
      "    msgs = ['no input', 'bad input']",
      '    raise ValueError(msgs[1])',
      'def sizes(i):',
      '    limits = (1, 2)',
      '    raise ValueError(limits[i])',
    ].join('\n');
    // (the message argument's readings: a record each; `{0}` and `{1}` are filled by `.format(*tokens)`)
    const readings = analyzePython(src).sites.map((s) => (s.args ?? []).flatMap((a) => [a.template, ...(a.alts ?? [])].map(renderMessage)));
    expect(readings).toEqual([['Unexpected end of input', 'Unexpected {value} after {value}'], ['bad input'], ['{i}']]);
  });
});

describe("a helper of another module given a % template and its values", () => {
  it('reads the template formatted, a block text dedented and trimmed, and not a call whose values do not agree', () => {
    const src = [
      'from ._errors import unwrap',
      'def set(self, value):',
      '    raise TypeError(unwrap(',
      "        '''",
      '        %s value must be a byte string, not %s',
      "        ''',",
      '        type_name(self),',
      '        type_name(value)',
      '    ))',
      'def load(tag):',
      "    raise ValueError(unwrap('tag should have been %d, not %d', tag))",
      'def other(n):',
      "    raise ValueError(fmt('%d%% done', n))",
    ].join('\n');
    // (two conversions and one value: no format, the call stays a hole)
    expect(messages(src)).toEqual(['{type_name} value must be a byte string, not {value}', '{tag}', '{n}% done']);
  });
});

describe('an error built in the call handing it to a function', () => {
  it('keeps the construction for the functions of that name raising what they are handed, not for a constructor or a value used', () => {
    const src = [
      'def add_entry(self, key):',
      '    if key in self.entries:',
      "        report_error(BibliographyDataError('repeated bibliography entry: %s' % key))",
      "        errors.append(KeyError('kept'))",  // (kept in a list: built.ts's own key)
      "        raise ProductionError(SyntaxError('carried'))",
      "        x = check(ValueError('used'))",
    ].join('\n');
    const held = analyzePython(src).sites.filter((s) => s.heldAs?.startsWith('call:'));
    expect(held.map((s) => [s.line, s.heldAs, s.template ? renderMessage(s.template) : null])).toEqual([
      [3, 'call:report_error', 'repeated bibliography entry: {key}'],
    ]);
  });
});

describe('a function named as an error class returning the error it builds', () => {
  it('is reported as a class of its name, its message the text built, its holes its parameters', () => {
    const src = [
      'def InvalidHashError(handler=None):',
      '    """error raised if unrecognized hash provided to handler"""',
      '    return ValueError("not a valid %s hash" % _get_name(handler))',
      'def MalformedHashError(handler=None, reason=None):',
      '    text = "malformed %s hash" % handler.name',
      '    if reason:',
      '        text = "%s (%s)" % (text, reason)',
      '    return ValueError(text)',
      'def NotAnErrorName(x):',
      '    return ValueError("kept out")',
      'class Holder:',
      '    def MethodError(self):',
      '        return ValueError("a method, not a module function")',
    ].join('\n');
    // (Holder is no error class; its method is no module function)
    const classes = analyzePython(src).classes.map((c) => ({
      name: c.name,
      bases: c.bases,
      params: c.params,
      texts: [c.template, ...(c.alts ?? [])].map((t) => (t ? renderMessage(t) : null)),
    }));
    expect(classes).toEqual([
      { name: 'InvalidHashError', bases: ['ValueError'], params: ['handler'], texts: ['not a valid {handler} hash'] },
      { name: 'MalformedHashError', bases: ['ValueError'], params: ['handler', 'reason'], texts: expect.arrayContaining(['malformed {name} hash']) },
    ]);
  });
});

describe('an error carried inside another and raised where the carrier is caught', () => {
  it("keeps the carried construction under the carrier's name, which `raise e.args[0]` of that class reads", () => {
    const src = [
      'class Parser:',
      '    def p_function(self, p):',
      "        raise ProductionError(ECMASyntaxError('Function statement requires a name at %s:%s' % (line, col)))",
      '    def parse(self, text):',
      '        try:',
      '            return self.parser.parse(text)',
      '        except ProductionError as e:',
      '            raise e.args[0]',
    ].join('\n');
    const sites = analyzePython(src).sites;
    expect(sites.filter((s) => s.heldAs).map((s) => [s.line, s.errorClass, s.heldAs, s.template ? renderMessage(s.template) : null])).toEqual([
      [3, 'ECMASyntaxError', 'carried:ProductionError', 'Function statement requires a name at {line}:{col}'],
    ]);
    expect(sites.filter((s) => s.raisesHeld).map((s) => [s.line, s.raisesHeld])).toEqual([[8, ['carried:ProductionError']]]);
  });
});

describe("an exception's __str__ showing what its base shows", () => {
  it("reads super().__str__() as the base's argument, and a name given to .format() by the text it holds", () => {
    const src = [
      'class SyntaxErr(Exception):',
      "    error_type = 'syntax error'",
      '    def __init__(self, message, parser):',
      '        super(SyntaxErr, self).__init__(message)',
      '        self.lineno = parser.lineno',
      '    def __str__(self):',
      '        base_message = super(SyntaxErr, self).__str__()',
      "        pos = ' in line {0}'.format(self.lineno) if self.lineno is not None else ''",
      "        return '{error_type}{pos}: {message}'.format(error_type=self.error_type, pos=pos, message=base_message)",
      'class PrematureEOF(SyntaxErr):',
      '    def __init__(self, parser):',
      "        message = 'premature end of file'",
      '        super(PrematureEOF, self).__init__(message, parser)',
    ].join('\n');
    const [base] = analyzePython(src).classes;
    // (`pos` holds two readings: a hole; the base's argument is the constructor's `message`; the class
    // attribute `error_type` is put in where the records are made)
    expect(base.template ? renderMessage(base.template) : null).toBe('{error_type}{pos}: {message}');
  });
});

describe('texts a function of another module returns, kept in a local and raised', () => {
  it('files the texts a function returns, and reads a local assigned a call the file does not define as a lookup into them', () => {
    const validators = [
      'def check_port(port):',
      '    if isinstance(port, int):',
      '        if port not in range(0, 65535):',
      "            return 'Source port must in range from 0 to 65535'",
      '    else:',
      "        return 'Source port must be an integer'",
      '    return None',
      'class Port:',
      '    def __str__(self):',
      "        return 'a port number'",
    ].join('\n');
    const tables = (analyzePython(validators).tables ?? []).map((t) => ({ name: t.name, texts: t.entries.map((e) => renderMessage(e.template)) }));
    // (`__str__` returns an object's text, not a message)
    expect(tables).toEqual([{ name: '::returned/check_port', texts: ['Source port must in range from 0 to 65535', 'Source port must be an integer'] }]);
    const server = [
      'from ..utils.port_validators import check_port',
      'def check(port, name):',
      '    port_err = check_port(port)',
      '    if port_err:',
      '        raise LDAPInvalidPortError(port_err)',
      '    label = name.lower()',
      '    raise ValueError(label)',
    ].join('\n');
    const [a, b] = analyzePython(server).sites;
    expect(a.template).toEqual([{ hole: expect.objectContaining({ lookup: { table: '::returned/check_port', key: null } }) }]);
    expect(b.template).toEqual([{ hole: expect.not.objectContaining({ lookup: expect.anything() }) }]);
  });
});

describe('a parameter reassigned a call in a branch', () => {
  it('is still the argument where it is returned, not a lookup into texts returned elsewhere', () => {
    const src = [
      'def tounicode(string):',
      '    if not isinstance(string, unicode):',
      "        string = unicode(string, 'utf-8')",
      '    return string',
      'class ExpectNothing(Exception):',
      '    def __init__(self, got):',
      "        super(ExpectNothing, self).__init__(tounicode('Too many closing brackets. Got: {0!r}').format(got))",
    ].join('\n');
    const [cls] = analyzePython(src).classes;
    expect(renderMessage((cls.superArgs ?? [])[0].template)).toBe('Too many closing brackets. Got: {got}');
  });
});
