import { describe, expect, it } from 'vitest';
import { assemble } from '../../src/record/assemble.js';
import type { FileAnalysis, RawSite } from '../../src/core/site.js';
import { hole, lit, normalize } from '../../src/template/ir.js';
import { loadAnalyzers } from '../../src/languages/registry.js';

const analyzers = await loadAnalyzers();
const javascript = analyzers.language('javascript')!;
const python = analyzers.language('python')!;

/** One file assembled as a tree of its own. */
const assembleOne = (repo: string, file: { rel: string; language: string; text: string; analysis: FileAnalysis }) =>
  assemble({ repo, sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' }, [file], analyzers);

const site = (over: Partial<RawSite>): RawSite => ({
  line: 3, column: 1, errorType: 'exception', errorClass: 'SyntaxError', errorCode: null, httpStatus: null, severity: 'error',
  template: [hole('message')], args: [], symbol: 'syntaxError', guards: [], params: ['message'], ...over,
});

describe('messages handed to raising helpers', () => {
  it('gives the helper one record per caller template, at the helper line', () => {
    const helper: FileAnalysis = {
      sites: [site({})],
      classes: [],
      calls: [
        { callee: 'syntaxError', line: 9, symbol: 'invalidChar', params: ['c'], args: [{ name: null, expr: '`bad ${c}`', template: normalize([lit("JSON5: invalid character '"), hole('c'), lit("'")]) }] },
        { callee: 'syntaxError', line: 12, symbol: 'other', args: [{ name: null, expr: "'JSON5: invalid end of input'", template: [lit('JSON5: invalid end of input')] }] },
      ],
    };
    const out = assembleOne('x/json5', { rel: 'lib/parse.js', language: 'javascript', text: 'a\nb\nc\nd\n', analysis: helper });
    const messages = out.records.map((r) => [r.errorMessage, r.lineNumber, r.callers?.[0]?.line ?? null]);
    expect(messages).toEqual([
      ['{message}', 3, null],
      ["JSON5: invalid character '{c}'", 3, 9],
      ['JSON5: invalid end of input', 3, 12],
    ]);
    expect(out.records[0].generic).toBe(true);
    expect(out.records[1].generic).toBe(false);
  });

  it('a helper constructing the class it is handed gives each caller\'s record that class', () => {
    const text = `function throwError(message, Ctor) {
  throw new Ctor(message);
}
function check(p) {
  if (typeof p !== 'string') throwError('path must be a string', TypeError);
  if (!p) throwError('path must not be empty', errors.EmptyPath);
  throwError('no class given');
}
`;
    const analysis = javascript.analyze(text, 'lib/check.js');
    const out = assembleOne('x/check', { rel: 'lib/check.js', language: 'javascript', text, analysis });
    expect(out.records.map((r) => [r.errorClass, r.errorMessage])).toEqual([
      [null, '{message}'],
      ['TypeError', 'path must be a string'],
      ['errors.EmptyPath', 'path must not be empty'],
      [null, 'no class given'],
    ]);
  });

  it('the same in Python, the class given by position or by keyword', () => {
    const text = [
      'class P:',
      '    def _handle_error(self, text, ErrorClass, line):',
      "        error = ErrorClass('{0} at line {1}.'.format(text, line))",
      '        raise error',
      '    def parse(self, line):',
      "        self._handle_error('Invalid line', ParseError, line)",
      "        self._handle_error('Duplicate section', line=line, ErrorClass=DuplicateError)",
    ].join('\n');
    const analysis = python.analyze(text, 'pkg/p.py');
    const out = assembleOne('x/p', { rel: 'pkg/p.py', language: 'python', text, analysis });
    expect(out.records.map((r) => [r.errorClass, r.errorMessage])).toEqual([
      [null, '{text} at line {line}.'],
      ['ParseError', 'Invalid line at line {line}.'],
      ['DuplicateError', 'Duplicate section at line {line}.'],
    ]);
  });

  it('a Python caller whose literal argument makes a guard of the helper false gives no record', () => {
    const text = [
      'def check(code, message):',
      "    if ':' in code:",
      "        raise ValueError('%r is not a prefixed name: %s' % (code, message))",
      'def use():',
      "    check('XPST0017', 'plain')",
      "    check('err:XPST0017', 'prefixed')",
      "    check(other, 'unknown')",
    ].join('\n');
    const analysis = python.analyze(text, 'pkg/c.py');
    const out = assembleOne('x/c', { rel: 'pkg/c.py', language: 'python', text, analysis });
    expect(out.records.filter((r) => r.lineNumber === 3).map((r) => r.errorMessage)).toEqual([
      '{code} is not a prefixed name: {message}',
      "'err:XPST0017' is not a prefixed name: prefixed",
      '{other} is not a prefixed name: unknown',
    ]);
  });

  it('a guard over a parameter the helper reassigns is not read with the caller\'s value', () => {
    const text = [
      'def need(value):',
      '    value = value.strip()',
      '    if not value:',
      "        raise ValueError('empty value (was %r)' % value)",
      'def use():',
      "    need('   ')",
    ].join('\n');
    const analysis = python.analyze(text, 'pkg/n.py');
    expect(analysis.sites[0].reassigned).toEqual({ value: 2 });
    const out = assembleOne('x/n', { rel: 'pkg/n.py', language: 'python', text, analysis });
    expect(out.records.map((r) => r.errorMessage)).toEqual(['empty value (was {value})', "empty value (was '   ')"]);
  });

  it('reads a parameter\'s assignment in a tuple target after a `;`, a compound operator and a tuple target, each on its line', () => {
    // (the forms anchored at a line start or `;` are tried on the lines holding the name only: shared/assigned.ts)
    const text = [
      'def need(value, count, other):',
      '    a = 1; other, b = split(other)',
      '    if not value or count < 0 or other:',
      '        count -= 1',
      '        value, _ = value.strip(), 0',
      "        raise ValueError('bad %r %r %r' % (value, count, other))",
      'def use():',
      "    need('   ', 1, 'x')",
      "    need('', 2, 'y')",
    ].join('\n');
    expect(python.analyze(text, 'pkg/t.py').sites[0].reassigned).toEqual({ value: 5, count: 4, other: 2 });
  });

  it('an assignment in another arm of the if/elif/else chain does not hide the caller\'s value', () => {
    const text = [
      'def error(code, message):',
      '    if isinstance(code, QName):',
      '        code = code.local_name',
      "    elif ':' not in code:",
      '        namespace = None',
      '    else:',
      "        raise ValueError('%r is not a prefixed name' % code)",
      'def use():',
      "    error('XPST0017', 'x')",
      "    error('err:XPST0017', 'y')",
    ].join('\n');
    const analysis = python.analyze(text, 'pkg/e.py');
    expect(analysis.sites[0].reassigned).toBeUndefined();
    const out = assembleOne('x/e', { rel: 'pkg/e.py', language: 'python', text, analysis });
    expect(out.records.map((r) => r.errorMessage)).toEqual(['{code} is not a prefixed name', "'err:XPST0017' is not a prefixed name"]);
  });

  it('adds no record for a caller that only renames the hole (its pattern is the helper\'s own)', () => {
    const text = `function unknown(type) {
  throw new TypeError('Unknown type "' + type + '"');
}
function convert(t) { return unknown(t); }
function load() { unknown('matrix'); }
`;
    const analysis = javascript.analyze(text, 'lib/types.js');
    const out = assembleOne('x/types', { rel: 'lib/types.js', language: 'javascript', text, analysis });
    expect(out.records.map((r) => r.errorMessage)).toEqual(['Unknown type "{type}"', 'Unknown type "matrix"']);
  });

  it('binds into a JSON.stringify hole only what shows as written (a string would show in quotes)', () => {
    const text = `function unexpected(token) {
  throw new SyntaxError('Unexpected token ' + JSON.stringify(token));
}
function parse(s) { if (s === '}') unexpected('}'); if (!s) unexpected(42); }
`;
    const analysis = javascript.analyze(text, 'lib/p.js');
    const out = assembleOne('x/p', { rel: 'lib/p.js', language: 'javascript', text, analysis });
    expect(out.records.map((r) => r.errorMessage)).toEqual(['Unexpected token {token}', 'Unexpected token 42']);
  });

  it('follows a function recursing into itself with a changed argument one step only', () => {
    const text = `function load(name, found) {
  if (!found) throw new Error('No module named ' + name);
  return load(name + '.main', found);
}
function run() { return load('pkg', false); }
`;
    const analysis = javascript.analyze(text, 'lib/load.js');
    const out = assembleOne('x/load', { rel: 'lib/load.js', language: 'javascript', text, analysis });
    expect(out.records.map((r) => r.errorMessage).sort()).toEqual([
      'No module named pkg', 'No module named pkg.main', 'No module named {name}', 'No module named {name}.main',
    ]);
  });

  it('follows helpers that pass the message on, through several levels (sax: strictFail → error)', () => {
    const text = `function error(parser, er) {
  er = new Error(er);
  parser.error = er;
}
function strictFail(parser, message) {
  if (parser.strict) error(parser, message);
}
function check(parser, m) { strictFail(parser, m); }
function closeTag(parser) {
  strictFail(parser, 'Unexpected close tag');
  check(parser, 'Unmatched closing tag: ' + parser.tagName);
  error(parser, 'Max buffer length exceeded');
}
`;
    const analysis = javascript.analyze(text, 'lib/sax.js');
    const out = assembleOne('x/sax', { rel: 'lib/sax.js', language: 'javascript', text, analysis });
    expect(out.records.map((r) => [r.errorMessage, r.lineNumber, r.callers?.[0]?.line ?? null]).sort()).toEqual([
      ['Max buffer length exceeded', 2, 12],
      ['Unexpected close tag', 2, 10],
      ['Unmatched closing tag: {tagName}', 2, 11],
      ['{er}', 2, null],
    ]);
  });

  it('follows a bundle: a message table exported by another module, numbered markers filled by .replace, methods that pass the message on unchanged (esprima)', () => {
    const text = `(function (modules) {})([
function (module, exports, __webpack_require__) {
  var messages_1 = __webpack_require__(1);
  var ErrorHandler = (function () {
    function ErrorHandler() {}
    ErrorHandler.prototype.constructError = function (msg, column) {
      var error = new Error(msg);
      return error;
    };
    ErrorHandler.prototype.createError = function (index, line, col, description) {
      var msg = 'Line ' + line + ': ' + description;
      return this.constructError(msg, col);
    };
    ErrorHandler.prototype.tolerateError = function (index, line, col, description) {
      var error = this.createError(index, line, col, description);
      throw error;
    };
    return ErrorHandler;
  }());
  var Parser = (function () {
    function Parser() {}
    Parser.prototype.throwError = function (messageFormat) {
      var msg = messageFormat.replace(/%(\\d)/g, function (whole, idx) { return idx; });
      throw this.errorHandler.createError(this.lastMarker.index, this.lastMarker.line, this.lastMarker.column, msg);
    };
    Parser.prototype.tolerateError = function (messageFormat) {
      var msg = messageFormat.replace(/%(\\d)/g, function (whole, idx) { return idx; });
      this.errorHandler.tolerateError(this.lastMarker.index, this.lastMarker.line, this.lastMarker.column, msg);
    };
    Parser.prototype.parseWith = function () {
      this.tolerateError(messages_1.Messages.StrictModeWith);
    };
    Parser.prototype.parseLabel = function (name) {
      this.throwError(messages_1.Messages.UnknownLabel, name);
    };
    return Parser;
  }());
},
function (module, exports) {
  exports.Messages = {
    StrictModeWith: 'Strict mode code may not include a with statement',
    UnknownLabel: "Undefined label '%0'",
  };
},
]);
`;
    const analysis = javascript.analyze(text, 'dist/esprima.js');
    const out = assembleOne('x/esprima', { rel: 'dist/esprima.js', language: 'javascript', text, analysis });
    const at7 = out.records.filter((r) => r.lineNumber === 7).map((r) => r.errorMessage);
    expect(at7).toContain("Line {line}: Undefined label '{value}'");
    expect(at7).toContain('Line {line}: Strict mode code may not include a with statement');
  });
});


describe('the class a call\'s receiver is', () => {
  /** Two classes' helpers named `error`, in two files, and a third file calling `error` on receivers of known classes. */
  const files = (receiver: string) => {
    const helper = (cls: string): FileAnalysis => ({ sites: [site({ symbol: `${cls}.error`, params: ['msg'], template: [hole('msg')] })], classes: [] });
    const caller: FileAnalysis = {
      sites: [],
      classes: [],
      calls: [{ callee: 'error', line: 5, symbol: 'Expression.parse', receiverClass: receiver, args: [{ name: null, expr: "'An expression was expected.'", template: [lit('An expression was expected.')] }] }],
    };
    return [
      { rel: 'Parser.php', language: 'php', text: 'a\nb\nc\n', analysis: helper('Parser') },
      { rel: 'Lexer.php', language: 'php', text: 'a\nb\nc\n', analysis: helper('Lexer') },
      { rel: 'Components/Expression.php', language: 'php', text: 'a\nb\nc\nd\ne\n', analysis: caller },
    ];
  };
  const bound = (receiver: string) => assemble({ repo: 'x/sql', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' }, files(receiver), analyzers)
    .records.filter((r) => r.errorMessage === 'An expression was expected.').map((r) => r.filePath).sort();

  it('binds a call on a receiver of one helper\'s class to that helper only', () => {
    expect(bound('Parser')).toEqual(['Parser.php']);
    expect(bound('Lexer')).toEqual(['Lexer.php']);
  });

  it('binds a call on a receiver of a class declaring no such helper (a subclass, an interface) to each', () => {
    expect(bound('SqlParser')).toEqual(['Lexer.php', 'Parser.php']);
  });
});

describe('a returned error a helper makes from its parameters (RawSite.returned, CallInfo.handed)', () => {
  const text = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
  const calls = (extra: Partial<FileAnalysis['calls'] & object>[number] = {}) => [
    { callee: 'syntaxError', line: 9, symbol: 'parse', args: [{ name: null, expr: '"bad"', template: [lit('bad')] }], handed: true as const, ...extra },
    { callee: 'syntaxError', line: 12, symbol: 'parse', args: [{ name: null, expr: '"bad"', template: [lit('bad')] }], handed: true as const, ...extra },
  ];
  const records = (s: RawSite, file = 'a/p.go') => assembleOne('x/p', { rel: file, language: 'go', text, analysis: { sites: [s], classes: [], calls: calls() } }).records
    .map((r) => [r.errorMessage, r.lineNumber, ...(r.alsoAt ?? [])].join(' '));
  const maker = site({ template: normalize([lit('syntax error: '), hole('message')]), params: ['message'], symbol: 'syntaxError', errorClass: null });

  it('puts each call\'s message at the call, one record of every call writing it', () => {
    expect(records({ ...maker, hidesFrame: true, returned: true })).toContain('syntax error: bad 9 12');
  });

  it('binds a handed call only to a helper whose messages are records at the calls', () => {
    expect(records(maker).some((r) => r.startsWith('syntax error: bad'))).toBe(false);
  });
});
