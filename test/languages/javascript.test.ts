import { describe, expect, it } from 'vitest';
import { javascript, typescript } from '../../src/languages/javascript.js';
import { hole, lit, renderMessage, type Template } from '../../src/template/ir.js';
import type { ClassInfo, FileAnalysis, RawSite } from '../../src/languages/types.js';

const js = (src: string): FileAnalysis => javascript.analyze(src, 'x.js');
const ts = (src: string, path = 'x.ts'): FileAnalysis => typescript.analyze(src, path);
const msg = (t: Template | null): string | null => (t ? renderMessage(t) : null);

function only(a: FileAnalysis): RawSite {
  expect(a.sites).toHaveLength(1);
  return a.sites[0];
}
function at(a: FileAnalysis, line: number): RawSite {
  const s = a.sites.find((x) => x.line === line);
  if (!s) throw new Error(`no site at line ${line}; have ${a.sites.map((x) => x.line).join(',')}`);
  return s;
}
function cls(a: FileAnalysis, name: string): ClassInfo {
  const c = a.classes.find((x) => x.name === name);
  if (!c) throw new Error(`no class ${name}; have ${a.classes.map((x) => x.name).join(',')}`);
  return c;
}

describe('frontend metadata', () => {
  it('names and extensions', () => {
    expect(javascript.name).toBe('javascript');
    expect(javascript.extensions).toEqual(['js', 'cjs', 'mjs', 'jsx']);
    expect(typescript.name).toBe('typescript');
    expect(typescript.extensions).toEqual(['ts', 'tsx', 'mts', 'cts']);
  });

  it('handles empty input and reports syntax errors without throwing', () => {
    expect(js('')).toEqual({ sites: [], classes: [], calls: [] });
    const a = js('function f() {\n  throw new Error("still found");\n}\nconst = ;\n');
    expect(a.sites.map((s) => s.line)).toEqual([2]);
    expect(a.syntaxErrorLine).toBe(4);
  });

  it('uses the tsx grammar for .tsx only', () => {
    const src = 'export const C = () => {\n  if (!x) throw new Error("no x");\n  return <div>{x}</div>;\n};\n';
    const a = ts(src, 'comp.tsx');
    expect(a.syntaxErrorLine).toBeUndefined();
    expect(only(a).template).toEqual([lit('no x')]);
    expect(ts(src, 'comp.ts').syntaxErrorLine).toBeDefined();
    expect(js(src).syntaxErrorLine).toBeUndefined(); // JSX is part of the JavaScript grammar
  });

  it('reads valid JavaScript the JavaScript grammar rejects with the TSX grammar, and no syntax error is reported', () => {
    // (tree-sitter-javascript: reserved words as JSX attribute or export names; `let a` then a line starting with `[`)
    const jsx = 'export const C = ({ x }) => {\n  if (!x) throw new Error("no x");\n  return <div class="box">{x}</div>;\n};\n';
    const a = javascript.analyze(jsx, 'comp.jsx');
    expect(a.syntaxErrorLine).toBeUndefined();
    expect(only(a).template).toEqual([lit('no x')]);
    const exports = 'function f(v) {\n  if (v < 0) throw new RangeError("negative");\n}\nexport { f as enum };\n';
    expect(js(exports).syntaxErrorLine).toBeUndefined();
    const asi = 'function g(a) {\n  let argv\n  [a, argv] = a.split(" ")\n  if (!argv) throw new Error("no argv");\n}\n';
    expect(js(asi).syntaxErrorLine).toBeUndefined();
    expect(at(js(asi), 4).template).toEqual([lit('no argv')]);
    // Broken for both grammars: still reported.
    expect(js('const = ;\nthrow new Error("x");\n').syntaxErrorLine).toBe(1);
  });
});

describe('throw sites', () => {
  it('throw new X(literal)', () => {
    const s = only(js('function f() {\n  throw new TypeError("bad input");\n}'));
    expect(s).toMatchObject({ line: 2, column: 9, errorType: 'exception', errorClass: 'TypeError', severity: 'error', errorCode: null, httpStatus: null });
    expect(s.template).toEqual([lit('bad input')]);
    expect(s.args).toEqual([{ name: null, template: [lit('bad input')], expr: '"bad input"' }]);
  });

  it('throw X(...) without new, and a namespaced class as written', () => {
    const a = js('throw TypeError("a");\nthrow new errors.NotFound(id);\nthrow new Error;\n');
    expect(at(a, 1).errorClass).toBe('TypeError');
    expect(at(a, 2).errorClass).toBe('errors.NotFound');
    expect(at(a, 2).template).toEqual([hole('id')]);
    expect(at(a, 3).errorClass).toBe('Error');
    expect(at(a, 3).template).toBeNull();
    expect(at(a, 3).args).toEqual([]);
  });

  it('throw of a string or template literal', () => {
    const a = js('throw "plain";\nthrow `tpl ${x}`;\nthrow "a" + b;\n');
    expect(at(a, 1)).toMatchObject({ errorClass: null, errorType: 'exception', template: [lit('plain')] });
    expect(at(a, 2).template).toEqual([lit('tpl '), hole('x')]);
    expect(at(a, 3).template).toEqual([lit('a'), hole('b')]);
  });

  it('throw of an object literal', () => {
    const s = only(js('throw { message: "nope " + x, code: "E_NOPE", status: 409 };'));
    expect(s).toMatchObject({ errorClass: null, errorCode: 'E_NOPE', httpStatus: 409 });
    expect(msg(s.template)).toBe('nope {x}');
  });

  it('a non-string first argument is one hole; a parameter message is a hole', () => {
    const a = js('function f(msg, n) {\n  throw new Error(msg);\n  throw new HttpError(404, "x");\n  throw new Error(a.b.c());\n}');
    expect(at(a, 2).template).toEqual([hole('msg')]);
    expect(at(a, 3).template).toEqual([hole('404')]);
    expect(at(a, 3).args[0].template).toEqual([lit('404')]);
    expect(at(a, 3).args[1].template).toEqual([lit('x')]);
    expect(at(a, 4).template).toEqual([hole('a.b.c()')]);
  });

  it('follows an error built above: code and status assignments', () => {
    const a = js(`function f(a) {
  const err = new Error(\`failed \${a}\`);
  err.code = 'E_FAIL';
  err.statusCode = 503;
  throw err;
}
function g() {
  var e = new TypeError('bad');
  e.status = 404;
  throw e;
}`);
    // The site is where the error is constructed: the line V8 stack traces show.
    expect(at(a, 2)).toMatchObject({ errorClass: 'Error', errorCode: 'E_FAIL', httpStatus: 503, column: 15 });
    expect(at(a, 2).template).toEqual([lit('failed '), hole('a')]);
    expect(at(a, 8)).toMatchObject({ errorClass: 'TypeError', httpStatus: 404, template: [lit('bad')] });
    expect(a.sites).toHaveLength(2);
  });

  it('does not emit rethrows of caught errors or parameters', () => {
    const a = js(`function f(err, cb) {
  try { g(); } catch (e) { throw e; }
  try { g(); } catch (e) { arr.forEach(() => { throw e; }); }
  throw err;
}
function h() { throw result.error; }
function k() { const e2 = somethingElse; throw e2; }
`);
    expect(a.sites).toEqual([]);
  });

  it('a factory call is a site without a class; http-errors style status', () => {
    const a = js('throw createError(404, "Not Found");\nthrow makeError("ERR_BAD_THING", "bad " + x);\n');
    expect(at(a, 1)).toMatchObject({ errorClass: null, httpStatus: 404, template: [lit('Not Found')] });
    expect(at(a, 2)).toMatchObject({ errorClass: null, errorCode: 'ERR_BAD_THING' });
    expect(at(a, 2).template).toEqual([lit('bad '), hole('x')]);
  });

  it('Node-style codes: options object, Object.assign, ERR_ classes', () => {
    const a = js(`throw new Error("m1", { code: 'ERR_ONE', cause: e });
throw Object.assign(new RangeError('m2'), { code: 'ERR_TWO', statusCode: 418 });
throw new ERR_INVALID_ARG_TYPE('name', 'string', value);
throw new codes.ERR_OUT_OF_RANGE('x');`);
    expect(at(a, 1)).toMatchObject({ errorClass: 'Error', errorCode: 'ERR_ONE', template: [lit('m1')] });
    expect(at(a, 2)).toMatchObject({ errorClass: 'RangeError', errorCode: 'ERR_TWO', httpStatus: 418, template: [lit('m2')] });
    expect(at(a, 3)).toMatchObject({ errorClass: 'ERR_INVALID_ARG_TYPE', errorCode: 'ERR_INVALID_ARG_TYPE' });
    expect(at(a, 3).args.map((x) => x.expr)).toEqual(["'name'", "'string'", 'value']);
    expect(at(a, 4).errorCode).toBe('ERR_OUT_OF_RANGE');
  });
});

describe('construction sites (where V8 stack traces point)', () => {
  it('errors built in helpers and returned, Error() without new, reassigned', () => {
    const a = js(`function syntaxError(message) {
  const err = new SyntaxError(message);
  err.lineNumber = line;
  return err;
}
const DivisionByZero = function () { return new Error("Division by Zero"); };
function illegal(token) {
  return Error("illegal token '" + token + "'");
}
function fail(parser, er) {
  er = new Error(er + '\\nLine: ' + parser.line);
  parser.error = er;
}
const stack = new Error().stack;
expect(parse(new Error('in a test'))).toBe(1);`);
    expect(at(a, 2)).toMatchObject({ errorType: 'exception', errorClass: 'SyntaxError', template: [hole('message')], symbol: 'syntaxError' });
    expect(at(a, 6)).toMatchObject({ errorClass: 'Error', template: [lit('Division by Zero')], symbol: 'DivisionByZero' });
    expect(at(a, 8)).toMatchObject({ errorClass: 'Error', template: [lit("illegal token '"), hole('token'), lit("'")] });
    expect(at(a, 11)).toMatchObject({ errorClass: 'Error', template: [hole('er'), lit('\nLine: '), hole('parser.line')] });
    expect(a.sites.map((s) => s.line)).toEqual([2, 6, 8, 11]);
  });

  it('a helper decorating the error it is given', () => {
    const s = only(js('function f() {\n  throw this.error(new TomlError("Can\'t redefine existing key"));\n}'));
    expect(s).toMatchObject({ line: 2, errorClass: 'TomlError', template: [lit("Can't redefine existing key")] });
  });

  it('self-hiding helpers (Error.captureStackTrace(e, helper)): their calls are the sites', () => {
    const a = js(`var err = function (ind, msg, nt) {
  var e = new Error(msg || ec[ind]);
  e.code = ind;
  if (Error.captureStackTrace) Error.captureStackTrace(e, err);
  if (!nt) throw e;
  return e;
};
function zls(d) {
  if (d[0] != 8) err(6, 'invalid zlib data');
}
class Mine extends Error { constructor(m) { super(m); Error.captureStackTrace(this, Mine); } }`);
    expect(a.sites.map((s) => s.line)).toEqual([9]);
    expect(at(a, 9)).toMatchObject({ errorClass: 'Error', template: [lit('invalid zlib data')], symbol: 'zls', guards: [{ kind: 'if', text: 'd[0] != 8', line: 9 }] });
  });
});

describe('message templates', () => {
  it('decodes escapes', () => {
    const s = only(js(String.raw`throw new Error('a\n\t\x41\u00e9\u{1F600}\\\'"' + "\"q\"");`));
    expect(s.template).toEqual([lit('a\n\tAé😀\\\'""q"')]);
  });

  it('template literals: holes by expression; nested templates are one hole', () => {
    const s = only(js('throw new Error(`a ${x} b ${obj.name} c ${`in ${y}`}!`);'));
    expect(s.template).toEqual([lit('a '), hole('x'), lit(' b '), hole('obj.name'), lit(' c '), hole('`in ${y}`'), lit('!')]);
    expect(msg(s.template)).toBe('a {x} b {name} c {value}!');
  });

  it('+ concatenation; numeric sub-sums stay one value', () => {
    const a = js('throw new Error("Bad " + obj.name + "!");\nthrow new Error("n=" + (a + 1));\nthrow new Error(a + b + " items");');
    expect(at(a, 1).template).toEqual([lit('Bad '), hole('obj.name'), lit('!')]);
    expect(at(a, 2).template).toEqual([lit('n='), hole('a + 1')]);
    expect(at(a, 3).template).toEqual([hole('a + b'), lit(' items')]);
  });

  it('String(), JSON.stringify(), util.inspect(), array join', () => {
    const a = js(`throw new Error("s=" + String(v));
throw new Error("j=" + JSON.stringify(v));
throw new Error("i=" + util.inspect(v));
throw new Error(["a", x, "b"].join(" "));
throw new Error(parts.join(", "));`);
    expect(at(a, 1).template).toEqual([lit('s='), hole('v')]);
    expect(at(a, 2).template).toEqual([lit('j='), hole('v', 'repr')]);
    expect(at(a, 3).template).toEqual([lit('i='), hole('v', 'repr')]);
    expect(at(a, 4).template).toEqual([lit('a '), hole('x'), lit(' b')]);
    expect(at(a, 5).template).toEqual([hole('parts.join(", ")')]);
  });

  it('util.format verbs bound to arguments', () => {
    const a = js(`throw new Error(util.format('a %s b %d c %i d %f e %j f %o g %O h %c i %% j', s, d, i, f, j, o, O, css));
throw new Error(format('%s=%d', 'k', 3, extra));
throw new Error(util.format('missing %s %s', one));`);
    expect(at(a, 1).template).toEqual([
      lit('a '), hole('s'), lit(' b '), hole('d', 'int'), lit(' c '), hole('i', 'int'), lit(' d '), hole('f', 'float'),
      lit(' e '), hole('j', 'repr'), lit(' f '), hole('o', 'repr'), lit(' g '), hole('O', 'repr'), lit(' h  i % j'),
    ]);
    expect(at(a, 2).template).toEqual([lit('k=3 '), hole('extra')]);
    expect(at(a, 3).template).toEqual([lit('missing '), hole('one'), lit(' %s')]);
  });

  it('sprintf-style verbs', () => {
    const s = only(js("throw new TypeError(sprintf('[sprintf] expecting number but found %T', arg));\nfunction f() {}"));
    expect(s.template).toEqual([lit('[sprintf] expecting number but found '), hole('arg')]);
    const t = only(js("throw new Error(sprintf('%5.2f of %-3s (%1$s)', a, 'b'));"));
    expect(t.template).toEqual([hole('a', 'float'), lit(' of b ('), hole('a'), lit(')')]);
  });

  it('long concatenations; an optional part gives the text with and without it', () => {
    const parts = Array.from({ length: 20 }, (_, i) => `'p${i} ' + x${i}`).join(' + ');
    const s = only(js(`throw new Error(${parts});`));
    expect(msg(s.template)).toBe(Array.from({ length: 20 }, (_, i) => `p${i} {x${i}}`).join(''));
    const a = js(`throw new Error("illegal " + (name || "token") + " (" + (filename ? filename + ", " : "") + "line " + n + ")");
throw new Error(\`at \${where}\${detail ? ': ' + detail : ''} now\`);
throw new Error(\`Bad character\${bad.length > 1 ? 's' : ''} in \${text}\${hint || ''}\`);`);
    const texts = (line: number) => [msg(at(a, line).template), ...(at(a, line).args[0].alts ?? []).map(msg)];
    expect(texts(1)).toEqual(['illegal {name} ({filename}, line {n})', 'illegal {name} (line {n})']);
    expect(texts(2)).toEqual(['at {where}: {detail} now', 'at {where} now']);
    expect(texts(3)).toEqual(['Bad characters in {text}{hint}', 'Bad characters in {text}', 'Bad character in {text}{hint}', 'Bad character in {text}']);
  });

  it('more optional parts than four texts: the text is cut before the one that would make eight', () => {
    const a = js("throw new Error('a' + (p ? 'P' : '') + ' b' + (q ? 'Q' : '') + ' c' + (r ? 'R' : '') + ' d');");
    const s = only(a);
    expect([msg(s.template), ...(s.args[0].alts ?? []).map(msg)]).toEqual(['aP bQ c', 'aP b c', 'a bQ c', 'a b c']);
  });

  it('follows a local variable, a module constant and += concatenation', () => {
    const a = js(`const PREFIX = 'Config error: ';
const MESSAGES = { notFound: 'Thing not found' };
function f(key) {
  let m = 'Unknown key ' + key;
  m += '; expected one of ' + KEYS;
  throw new Error(m);
}
function g(x) { throw new Error(PREFIX + x); }
function h() { throw new Error(MESSAGES.notFound); }
function k(p) {
  let text = 'Cannot ' + p;
  if (p.deep) text += ' deeply';
  text += ' now';
  throw new Error(text);
}
function later() { throw new Error(LATER); }
const LATER = \`defined after use\`;`);
    expect(at(a, 6).template).toEqual([lit('Unknown key '), hole('key'), lit('; expected one of '), hole('KEYS')]);
    expect(at(a, 8).template).toEqual([lit('Config error: '), hole('x')]);
    expect(at(a, 9).template).toEqual([lit('Thing not found')]);
    // a conditional `+=` ends the template (patterns are unanchored, the prefix still matches)
    expect(at(a, 14).template).toEqual([lit('Cannot '), hole('p')]);
    expect(at(a, 16).template).toEqual([lit('defined after use')]);
  });

  it('nearest preceding assignment in the same function wins; locals shadow module names', () => {
    const a = js(`const message = 'module level';
function f(message) { throw new Error(message); }
function g() {
  let t = 'first';
  t = 'second';
  throw new Error(t);
}
function h() {
  const message = 'local';
  function inner() { const message = 'nested only'; }
  throw new Error(message);
}`);
    expect(at(a, 2).template).toEqual([hole('message')]);
    expect(at(a, 6).template).toEqual([lit('second')]);
    expect(at(a, 11).template).toEqual([lit('local')]);
  });

  it('variables inside substitutions are inlined only when constant', () => {
    const a = js(`const KIND = 'widget';
function f(n) {
  let state = 'idle';
  if (n) state = 'busy';
  throw new Error(\`\${KIND} is \${state}\`);
}`);
    expect(at(a, 5).template).toEqual([lit('widget is '), hole('state')]);
  });

  it('a call to a function of the module that returns the message, arguments bound to its parameters', () => {
    const a = js(`const syntaxError = (type, char) => \`Missing \${type}: "\${char}"\`;
function fmt(name, n) {
  const where = ' at ' + n;
  return 'bad ' + name + where;
}
function twoReturns(x) { if (x) return 'a'; return 'b'; }
function parse(x, tok) {
  if (x) throw new SyntaxError(syntaxError('closing', ']'));
  if (tok) throw new TypeError(fmt('token', tok));
  throw new Error(twoReturns(x));
}`);
    expect(msg(at(a, 8).template)).toBe('Missing closing: "]"');
    expect(at(a, 9).template).toEqual([lit('bad token at '), hole('n')]);
    expect(at(a, 10).template).toEqual([hole('twoReturns(x)')]);
  });

  it("a self-hiding helper's message is read at each call: literal keys into tables, absent arguments", () => {
    const a = js(`var ec = [
    'unexpected EOF',
    , // determined by compression function
    'invalid zip data',
];
var err = function (ind, msg, nt) {
    var e = new Error(msg || ec[ind]);
    e.code = ind;
    if (Error.captureStackTrace)
        Error.captureStackTrace(e, err);
    if (!nt)
        throw e;
    return e;
};
function unzip(d) {
    if (!d) err(2);
    if (d.x) err(0, 'custom ' + d.x);
    err(d.code);
}`);
    expect(a.sites.map((s) => [s.line, msg(s.template)])).toEqual([[16, 'invalid zip data'], [17, 'custom {x}'], [18, null]]);
    expect(at(a, 18).alternatives?.map(msg)).toEqual(['unexpected EOF', 'invalid zip data']);
  });

  it('a class that is a parameter is not a class name', () => {
    const a = js(`const throwError = (message, Ctor) => {
  throw new Ctor(message)
}
function f() { throw new RangeError('r'); }`);
    expect(at(a, 2).errorClass).toBeNull();
    expect(at(a, 4).errorClass).toBe('RangeError');
  });

  it('a message looked up in a table of messages: every entry is an alternative', () => {
    const a = js(`const errors = {
  'overflow': 'Overflow: input needs wider integers to process',
  'invalid-input': 'Invalid input',
  'code': 42,
};
function error(type) {
  throw new RangeError(errors[type]);
}`);
    expect(at(a, 7).template).toEqual([hole('errors[type]')]);
    expect(at(a, 7).alternatives?.map(msg)).toEqual(['Overflow: input needs wider integers to process', 'Invalid input']);
  });
});

describe('rejections, callbacks, logs, warnings', () => {
  it('Promise.reject and reject() in an executor', () => {
    const a = js(`function f(x) {
  if (!x) return Promise.reject(new TypeError('x required'));
  return new Promise((resolve, reject) => {
    reject(new Error('nope ' + JSON.stringify(x)));
  });
}
function g() { return new Promise((res, rej) => { const e = new Error('late'); rej(e); }); }`);
    expect(at(a, 2)).toMatchObject({ errorType: 'rejection', errorClass: 'TypeError', severity: 'error', template: [lit('x required')] });
    expect(at(a, 4)).toMatchObject({ errorType: 'rejection', errorClass: 'Error' });
    expect(at(a, 4).template).toEqual([lit('nope '), hole('x', 'repr')]);
    // rej(e): a call named rej is not a reject, but the error built there is still a construction site
    expect(at(a, 7)).toMatchObject({ errorType: 'exception', errorClass: 'Error', template: [lit('late')] });
    expect(a.sites).toHaveLength(3);
  });

  it('callbacks, next(), done(err) with err built above, emitted errors', () => {
    const a = js(`function f(input, cb) {
  if (!input) return cb(new Error('no input'));
  next(new ValidationError('invalid'));
  const er = new SyntaxError('bad input');
  process.nextTick(() => done(er));
  callback(input);
  cb(null, input);
  this.emit('error', new Error('stream broke'));
  self.emit('error', er);
  this.emit('data', new Error('not an error event'));
  expect(parse(new Error('x'))).toBe(1);
  errors.push(new Error('collected'));
}`);
    expect(at(a, 2)).toMatchObject({ errorType: 'callback', errorClass: 'Error', template: [lit('no input')] });
    expect(at(a, 3)).toMatchObject({ errorType: 'callback', errorClass: 'ValidationError' });
    // done(er) at line 5 reports the construction at line 4; self.emit('error', er) the same error again
    expect(at(a, 4)).toMatchObject({ errorType: 'callback', errorClass: 'SyntaxError', template: [lit('bad input')] });
    expect(at(a, 8)).toMatchObject({ errorType: 'callback', template: [lit('stream broke')] });
    // errors built but handed to something else are construction sites; assertion arguments are not
    expect(at(a, 10)).toMatchObject({ errorType: 'exception', template: [lit('not an error event')] });
    expect(at(a, 12)).toMatchObject({ errorType: 'exception', template: [lit('collected')] });
    expect(a.sites.map((s) => s.line)).toEqual([2, 3, 4, 8, 10, 12]);
  });

  it('a callback given a non-error value is not a site', () => {
    const a = js('function f(cb) {\n  const buf = new Array(3);\n  cb(buf);\n  const p = new Proxy({}, {});\n  callback(p);\n}');
    expect(a.sites).toEqual([]);
  });

  it('console.error / console.warn', () => {
    const a = js("console.error('failed to load %s:', p, 'x');\nconsole.warn(`deprecated ${name}`);\nconsole.error(err);");
    expect(at(a, 1)).toMatchObject({ errorType: 'log', severity: 'error', errorClass: null });
    expect(at(a, 1).template).toEqual([lit('failed to load '), hole('p'), lit(': x')]);
    expect(at(a, 2)).toMatchObject({ errorType: 'log', severity: 'warning' });
    expect(at(a, 2).template).toEqual([lit('deprecated '), hole('name')]);
    expect(at(a, 3).template).toEqual([hole('err')]);
  });

  it('process.emitWarning', () => {
    const a = js(`process.emitWarning('Thing is deprecated', 'DeprecationWarning', 'DEP0001');
process.emitWarning('Other', { code: 'X1', type: 'ExperimentalWarning' });
process.emitWarning(\`plain \${x}\`);`);
    expect(at(a, 1)).toMatchObject({ errorType: 'warning', severity: 'warning', errorClass: 'DeprecationWarning', errorCode: 'DEP0001', template: [lit('Thing is deprecated')] });
    expect(at(a, 2)).toMatchObject({ errorClass: 'ExperimentalWarning', errorCode: 'X1' });
    expect(at(a, 3)).toMatchObject({ errorClass: 'Warning', errorCode: null, template: [lit('plain '), hole('x')] });
  });
});

describe('error classes', () => {
  it('ES2015 class: super(template), params, code and status', () => {
    const a = js(`class NotFoundError extends Error {
  constructor(name, { cause } = {}) {
    super(\`Resource \${name} was not found\`);
    this.name = 'NotFoundError';
    this.code = 'ENOTFOUND';
    this.status = 404;
  }
}
class Wrapped extends NotFoundError {}
class PassThrough extends errors.Base {
  constructor(message) { super(message); this.statusCode = 500; }
}
class ByMessage extends Error {
  constructor(x) { super(); this.message = 'Bad x: ' + x; }
}`);
    expect(cls(a, 'NotFoundError')).toEqual({
      name: 'NotFoundError', bases: ['Error'], line: 1, params: ['name', '{ cause }'],
      template: [lit('Resource '), hole('name'), lit(' was not found')], code: 'ENOTFOUND', httpStatus: 404,
    });
    expect(cls(a, 'Wrapped')).toMatchObject({ bases: ['NotFoundError'], template: null, params: [] });
    expect(cls(a, 'PassThrough')).toMatchObject({ bases: ['errors.Base'], template: [hole('message')], params: ['message'], httpStatus: 500 });
    expect(cls(a, 'ByMessage').template).toEqual([lit('Bad x: '), hole('x')]);
  });

  it('a constructor local used as the message is followed; params bind', () => {
    const a = js(`class E1 extends Error {
  constructor(field, value) {
    const msg = \`Invalid \${field}: \${value}\`;
    super(msg);
  }
}`);
    expect(cls(a, 'E1')).toMatchObject({ params: ['field', 'value'], template: [lit('Invalid '), hole('field'), lit(': '), hole('value')] });
  });

  it('TypeScript classes: generics, implements, parameter properties, fields, abstract, class expressions', () => {
    const a = ts(`export abstract class BaseError<T = unknown> extends Error implements Foo {
  readonly code: string = 'E_BASE';
  status = 500;
  constructor(public readonly detail: string, opts?: { cause?: unknown }) {
    super(\`Base failure: \${detail}\`, opts);
  }
}
export class HttpError extends BaseError<string> {
  override readonly code = 'E_HTTP' as const;
  constructor(status: number, message: string) { super(message); }
}
const Anon = class extends Error {};
exports.Other = class extends Error {};`);
    expect(cls(a, 'BaseError')).toMatchObject({ bases: ['Error'], params: ['detail', 'opts'], code: 'E_BASE', httpStatus: 500 });
    expect(cls(a, 'BaseError').template).toEqual([lit('Base failure: '), hole('detail')]);
    expect(cls(a, 'HttpError')).toMatchObject({ bases: ['BaseError'], code: 'E_HTTP', params: ['status', 'message'], template: [hole('message')] });
    expect(cls(a, 'Anon').bases).toEqual(['Error']);
    expect(cls(a, 'Other').bases).toEqual(['Error']);
  });

  it('ES5 constructors: util.inherits, Object.create, setPrototypeOf, Base.call(this, msg)', () => {
    const a = js(`function MyError(message) { this.message = 'My: ' + message; this.code = 'EMY'; }
util.inherits(MyError, Error);
var Other = function (msg, code) { Error.call(this, msg); this.code = code; };
Other.prototype = Object.create(Error.prototype);
function Third(m) { this.message = m; }
Object.setPrototypeOf(Third.prototype, RangeError.prototype);
function IndexError(index, max) {
  if (index < 0) this.message = 'Index out of range (' + index + ' < 0)';
  else if (index >= max) this.message = 'Index out of range (' + index + ' > ' + (max - 1) + ')';
  else this.message = 'Index out of range (' + index + ')';
}
IndexError.prototype = new RangeError();`);
    expect(cls(a, 'MyError')).toMatchObject({ bases: ['Error'], line: 1, params: ['message'], code: 'EMY', template: [lit('My: '), hole('message')] });
    expect(cls(a, 'Other')).toMatchObject({ bases: ['Error'], params: ['msg', 'code'], template: [hole('msg')] });
    expect(cls(a, 'Third')).toMatchObject({ bases: ['RangeError'], template: [hole('m')] });
    // `X.prototype = new Base()`; a message chosen by a condition: the last is the template, the others branches.
    expect(cls(a, 'IndexError')).toMatchObject({
      bases: ['RangeError'], params: ['index', 'max'], template: [lit('Index out of range ('), hole('index'), lit(')')],
      branches: [[lit('Index out of range ('), hole('index'), lit(' < 0)')], [lit('Index out of range ('), hole('index'), lit(' > '), hole('max - 1'), lit(')')]],
    });
  });

  it('a message the constructor chooses by a condition before passing it to the base', () => {
    const a = js(`class StructError extends TypeError {
  constructor(failure, failures) {
    const { message, explanation } = failure;
    const msg = failure.path.length === 0 ? message : \`At path: \${failure.path.join('.')} -- \${message}\`;
    super(explanation ?? msg);
  }
}
class WithDefault extends Error {
  constructor(message) { super(message || 'Something failed'); }
}`);
    expect(cls(a, 'StructError')).toMatchObject({
      template: [hole('explanation ?? msg')],
      branches: [[lit('At path: '), hole("failure.path.join('.')"), lit(' -- '), hole('message')]],
    });
    // A parameter's fallback is no message of a site that passes one.
    expect(cls(a, 'WithDefault').branches).toBeUndefined();
  });

  it("message tables: E('ERR_X', fmt, Base) and createErrorType(code, fn, Base)", () => {
    const a = js(`E('ERR_INVALID_THING', 'The "%s" argument must be %s. Received %d', TypeError, RangeError);
createErrorType('ERR_INVALID_OPT_VALUE', function (name, value) {
  return 'The value "' + value + '" is invalid for option "' + name + '"';
}, TypeError);
E('ERR_ARROW', (a) => \`bad \${a}\`, Error);`);
    expect(cls(a, 'ERR_INVALID_THING')).toEqual({
      name: 'ERR_INVALID_THING', bases: ['TypeError', 'RangeError'], line: 1, code: 'ERR_INVALID_THING', httpStatus: null,
      params: ['arg0', 'arg1', 'arg2'],
      template: [lit('The "'), hole('arg0'), lit('" argument must be '), hole('arg1'), lit('. Received '), hole('arg2', 'int')],
    });
    expect(cls(a, 'ERR_INVALID_OPT_VALUE')).toMatchObject({
      bases: ['TypeError'], params: ['name', 'value'],
      template: [lit('The value "'), hole('value'), lit('" is invalid for option "'), hole('name'), lit('"')],
    });
    expect(cls(a, 'ERR_ARROW')).toMatchObject({ params: ['a'], template: [lit('bad '), hole('a')] });
  });
});

describe('symbols', () => {
  it('qualified enclosing names', () => {
    const a = js(`class Parser {
  parse(x) { throw new Error('1'); }
  static of() { [1].map(() => { throw new Error('2'); }); }
  handle = () => { throw new Error('3'); };
}
function outer() {
  function inner() { throw new Error('4'); }
}
exports.parse = function () { throw new Error('5'); };
module.exports.load = function () { throw new Error('6'); };
const run = () => { throw new Error('7'); };
const api = { save() { throw new Error('8'); }, load: function () { throw new Error('9'); } };
Thing.prototype.go = function () { throw new Error('10'); };
throw new Error('11');
const named = function realName() { throw new Error('12'); };`);
    const sym = (m: string) => a.sites.find((s) => msg(s.template) === m)?.symbol;
    expect(sym('1')).toBe('Parser.parse');
    expect(sym('2')).toBe('Parser.of');
    expect(sym('3')).toBe('Parser.handle');
    expect(sym('4')).toBe('outer.inner');
    expect(sym('5')).toBe('exports.parse');
    expect(sym('6')).toBe('exports.load');
    expect(sym('7')).toBe('run');
    expect(sym('8')).toBe('api.save');
    expect(sym('9')).toBe('api.load');
    expect(sym('10')).toBe('Thing.go');
    expect(sym('11')).toBeNull();
    expect(sym('12')).toBe('realName');
  });
});

describe('guards', () => {
  it('if / else / else-if chains, outermost first, with lines', () => {
    const a = js(`function f(x) {
  if (x > 1) {
    throw new Error('a');
  } else if (x < 0) {
    throw new Error('b');
  } else {
    throw new Error('c');
  }
}`);
    expect(at(a, 3).guards).toEqual([{ kind: 'if', text: 'x > 1', line: 2 }]);
    expect(at(a, 5).guards).toEqual([
      { kind: 'else', text: '!(x > 1)', line: 2 },
      { kind: 'if', text: 'x < 0', line: 4 },
    ]);
    expect(at(a, 7).guards).toEqual([
      { kind: 'else', text: '!(x > 1)', line: 2 },
      { kind: 'else', text: '!(x < 0)', line: 4 },
    ]);
  });

  it('loops, catch, switch cases; stops at the function boundary', () => {
    const a = js(`function f(items, n) {
  for (const y of items) {
    while (y.more) {
      switch (y.kind) {
        case 'a': throw new Error('A');
        default: throw new Error('D');
      }
    }
  }
  for (let i = 0; i < n; i++) { if (!ok(i)) throw new Error('I'); }
  try { g(); } catch (err) { throw new Error('C'); }
  if (n) { items.forEach(function each(it) { throw new Error('B'); }); }
  if (!ok) throw new Error('guard clause');
}`);
    expect(at(a, 5).guards).toEqual([
      { kind: 'for', text: 'const y of items', line: 2 },
      { kind: 'while', text: 'y.more', line: 3 },
      { kind: 'case', text: "y.kind === 'a'", line: 5 },
    ]);
    expect(at(a, 6).guards[2]).toEqual({ kind: 'default', text: 'y.kind', line: 6 });
    expect(at(a, 10).guards).toEqual([
      { kind: 'for', text: 'let i = 0; i < n; i++', line: 10 },
      { kind: 'if', text: '!ok(i)', line: 10 },
    ]);
    expect(at(a, 11).guards).toEqual([{ kind: 'catch', text: 'err', line: 11 }]);
    const b = a.sites.find((s) => msg(s.template) === 'B')!;
    expect(b.guards).toEqual([]);
    expect(b.symbol).toBe('f.each');
    expect(at(a, 13).guards).toEqual([{ kind: 'if', text: '!ok', line: 13 }]);
  });

  it('ternaries and && short circuits are not guards', () => {
    const a = js('function f(c) {\n  return c ? g() : (() => { throw new Error("t"); })();\n}\nfunction h(c) { c && cb(new Error("s")); }');
    expect(at(a, 2).guards).toEqual([]);
  });
});

describe('TypeScript syntax does not disturb templates', () => {
  it('as, non-null, type assertions, satisfies, generics', () => {
    const a = ts(`export function parse<T>(input: string | undefined, msg?: string): T {
  if (input === undefined) throw new Error(msg as string);
  if (!input!.length) throw new Error(<string>EMPTY);
  if (x) throw new Error(\`bad \${(input as string)!.trim()}\` satisfies string);
  throw new Map<string, number>() as unknown as Error;
}
const EMPTY = 'empty input' as const;`);
    expect(at(a, 2).template).toEqual([hole('msg')]);
    expect(at(a, 2).symbol).toBe('parse');
    expect(at(a, 3).template).toEqual([lit('empty input')]);
    expect(at(a, 4).template).toEqual([lit('bad '), hole('(input as string)!.trim()')]);
    expect(at(a, 5).errorClass).toBe('Map');
  });

  it('typed catch clauses and class members', () => {
    const a = ts(`class Svc {
  private handle = (x: number): never => { throw new RangeError(\`x=\${x}\`); };
  static #check(x: number) { try { f(); } catch (e: unknown) { throw new Error('private ' + x, { cause: e }); } }
}`);
    expect(at(a, 2)).toMatchObject({ symbol: 'Svc.handle', template: [lit('x='), hole('x')] });
    expect(at(a, 3)).toMatchObject({ symbol: 'Svc.#check', guards: [{ kind: 'catch', text: 'e', line: 3 }] });
  });
});

describe('compiled template literals', () => {
  it('reads a long .concat chain and one starting from "" (Babel\'s `${x} is not a function`)', () => {
    const a = js([
      'function f(other, tok) {',
      '  throw new Error("Units do not match (\'".concat(other, "\' != \'").concat(tok.unit, "\') in ").concat(tok.a, ", ").concat(tok.b, "."));',
      '}',
      'function g(x) { throw new TypeError("".concat(x, " is not a function")); }',
      'function h(list, x) { throw new Error([list].concat(x)); }',
    ].join('\n'));
    expect(a.sites.map((x) => msg(x.template))).toEqual([
      "Units do not match ('{other}' != '{unit}') in {a}, {b}.",
      '{x} is not a function',
      // (an array's concat: one value)
      '{x}',
    ]);
  });

  it('reads "a".concat(x, "b") as the template it was compiled from', () => {
    const s = only(js('function f(input) { throw new EnvError("Invalid port input: \\"".concat(input, "\\"")); }'));
    expect(msg(s.template)).toBe('Invalid port input: "{input}"');
  });
});

describe('calls of raising helpers', () => {
  const callArgs = (a: FileAnalysis) => (a.calls ?? []).map((c) => `${c.callee}:${msg(c.args[0].template)}`);

  it('a helper declared inside a function is called only from within that function', () => {
    const src = [
      '(function () {',
      '  function fail(m) { throw new Error(m); }',
      "  fail('first module');",
      '})();',
      '(function () {',
      '  function fail(m) { throw new TypeError(m); }',
      "  fail('second module');",
      '})();',
      "fail('no fail is bound here');",
      'function top(m) { throw new RangeError(m); }',
      "(function () { top('top is bound everywhere'); })();",
    ].join('\n');
    expect(callArgs(js(src))).toEqual(['fail:first module', 'fail:second module', 'top:top is bound everywhere']);
  });

  it('a helper bound in a scope but also called as a member is searched for in the whole file', () => {
    const src = [
      '(function () {',
      '  function fail(m) { throw new Error(m); }',
      "  fail('in scope');",
      '})();',
      "api.fail('member call elsewhere');",
    ].join('\n');
    expect(callArgs(js(src))).toEqual(['fail:in scope', 'fail:member call elsewhere']);
  });

  it('a helper handed to a function as a callback: that function calls it by its parameter', () => {
    const src = [
      'const throwError = (message, Ctor) => { throw new Ctor(message) }',
      'const noop = () => false',
      'const checkPath = (path, original, doThrow) => {',
      "  if (typeof path !== 'string') return doThrow(`path must be a string, but got ${original}`, TypeError)",
      "  if (!path) return doThrow('path must not be empty', TypeError)",
      "  api.doThrow('a member of that name is something else')",
      '  return true',
      '}',
      "function other(doThrow) { doThrow('a parameter of another function') }",
      'function test(p, strict) { return checkPath(p, p, strict ? throwError : noop) }',
    ].join('\n');
    const a = js(src);
    // (checkPath passes its own parameter on: its callers are followed in the next round)
    expect(callArgs(a)).toEqual(['throwError:path must be a string, but got {original}', 'throwError:path must not be empty', 'checkPath:{p}']);
    // the class is the parameter the callers fill
    expect(a.sites[0]).toMatchObject({ symbol: 'throwError', errorClass: null, classParam: 'Ctor', params: ['message', 'Ctor'] });
  });

  it("a minifier's name bound anywhere (a property) is not searched for; a longer one is", () => {
    const src = [
      'var o = { e: function (m) { throw new Error(m); }, fail: function (m) { throw new Error(m); } };',
      "o.e('short name');",
      "o.fail('long name');",
    ].join('\n');
    expect(callArgs(js(src))).toEqual(['fail:long name']);
  });

  it("a method's calls on another class of the file (by name or on `this` in its methods) are not its callers", () => {
    const src = [
      'class Dec { static parse(s) { throw new Error(`bad decimal ${s}`); } }',
      'class Sub extends Dec { static of() { return Sub.parse("via subclass"); } }',
      'class Other {',
      '  static parse(s) { return s; }',
      '  static a() { return Other.parse("other class"); }',
      '  b() { return this.parse("other this"); }',
      '}',
      'class Base { c() { return this.parse("base of a subclass"); } }',
      'class Kid extends Base { parse(s) { throw new Error(`bad kid ${s}`); } }',
      'Dec.parse("the class itself");',
      'x.parse("unknown receiver");',
    ].join('\n');
    expect(callArgs(js(src))).toEqual(['parse:via subclass', 'parse:base of a subclass', 'parse:the class itself', 'parse:unknown receiver']);
  });
});

describe('cannotRaise (files the scan does not parse)', () => {
  it('is true only for text with none of the words a site or class needs', () => {
    expect(javascript.cannotRaise!('export const add = (a, b) => a + b;\nconst = ;\n', 'x.js')).toBe(true);
    for (const src of ['throw x', 'new FooError()', 'reject(e)', 'class A extends B {}', 'A.prototype = Object.create(B.prototype)', "cb(err)", "console.warn('x')"]) {
      expect(javascript.cannotRaise!(src, 'x.js'), src).toBe(false);
    }
    expect(typescript.cannotRaise!('interface A { x: number }', 'x.ts')).toBe(true);
    expect(typescript.cannotRaise!('class A implements B {}', 'x.ts')).toBe(false);
  });
});
