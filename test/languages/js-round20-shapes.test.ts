// Round 20's JavaScript shapes read at one site (decision 0151).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const texts = (src: string, line: number): string[] =>
  analyzeJavaScript(src).sites.filter((s) => s.line === line).flatMap((s) => [s.template, ...(s.alternatives ?? [])]).filter((t) => t).map((t) => renderMessage(t as never));

describe('util.format applied', () => {
  it('by bind and apply, its format a parameter: the parameter, its verbs opened', () => {
    const src = ["const util = require('util');", 'function typeError(template) {', '  var args = [].slice.call(arguments, 1);',
      '  var errMsg = util.format.bind(util, template).apply(null, args);', '  return new TypeError(errMsg);', '}'].join('\n');
    const s = analyzeJavaScript(src).sites.find((x) => x.line === 5)!;
    expect(s.template).toEqual([{ hole: { name: 'template', expr: 'template', kind: 'any', fmt: 'percent' } }]);
  });

  it('by apply with an array literal, or call: the arguments given', () => {
    const src = ["const util = require('util');", "function f(x) { throw new Error(util.format.apply(util, ['bad %s thing', x])); }",
      "function g(x) { throw new Error(util.format.call(null, 'no %d here', x)); }", "function h(x) { throw new Error(other.apply(null, ['bad %s', x])); }"].join('\n');
    expect(texts(src, 2)).toEqual(['bad {x} thing']);
    expect(texts(src, 3)).toEqual(['no {x} here']);
    expect(texts(src, 4)).not.toContain('bad {x}');
  });
});

describe('a const table handed to an error factory of another module', () => {
  const table = ['const M = {', '  [1]: `v-html is missing expression.`,', "  [2]: 'v-text is missing expression.',", '};'];

  it('is one text per entry at the returned call', () => {
    const src = [...table, "const core = require('core');", 'function e(code, loc) {', '  return core.createCompilerError(code, loc, M);', '}'].join('\n');
    expect(texts(src, 7).sort()).toEqual(['v-html is missing expression.', 'v-text is missing expression.']);
  });

  it('also for a name imported from a package, and a table chosen for development builds', () => {
    const src = ["import { createCompilerError } from '@vue/compiler-core';", 'function e(code, loc) {',
      '  return createCompilerError(code, loc, dev ? M : void 0);', '}', ...table].join('\n');
    expect(texts(src, 3).sort()).toEqual(['v-html is missing expression.', 'v-text is missing expression.']);
  });

  it('not for a function of the file, nor a table with a value that is no text', () => {
    const own = [...table, 'function createCompilerError(c, l, m) { return new SyntaxError(m[c]); }', 'function e(code, loc) {', '  return createCompilerError(code, loc, M);', '}'].join('\n');
    expect(texts(own, 7)).toEqual([]);
    const mixed = ['const M = { [1]: `a text here`, [2]: f() };', "const core = require('core');", 'function e(code) {', '  return core.createCompilerError(code, null, M);', '}'].join('\n');
    expect(texts(mixed, 4)).toEqual([]);
  });
});

describe('an error method hiding itself with captureStackTrace', () => {
  it('makes each this.method(…) call a site with the method\'s text around the argument', () => {
    const src = ['class R {', '  a() {', "    const e = this.createError(RangeError, 'MASK must be clear', true);", "    return e || this.createError(RangeError, 'Too big', false);", '  }',
      '  createError(Ctor, message, prefix) {', '    const err = new Ctor(prefix ? `Invalid frame: ${message}` : message);',
      '    Error.captureStackTrace(err, this.createError);', '    return err;', '  }', '}'].join('\n');
    const sites = analyzeJavaScript(src).sites;
    expect(sites.some((s) => s.line === 7)).toBe(false);
    expect(texts(src, 3)).toContain('Invalid frame: MASK must be clear');
    // (a call passing `false` for the condition gets the other side only)
    expect(texts(src, 4)).toContain('Too big');
    expect(texts(src, 4)).not.toContain('Invalid frame: Too big');
  });
});

describe('an ES5 error class whose constructor has a method set its message', () => {
  it('reads the method\'s this.message with its parameters bound to the call\'s arguments', () => {
    const src = ["const inherits = require('inherits');", 'function RErr(path, msg) {', '  this.path = path;', '  this.rethrow(msg);', '}',
      'inherits(RErr, Error);', 'RErr.prototype.rethrow = function rethrow(msg) {', "  this.message = msg + ' at: ' + this.path;", '  return this;', '};'].join('\n');
    const cls = analyzeJavaScript(src).classes.find((c) => c.name === 'RErr')!;
    expect(renderMessage(cls.template as never)).toBe('{msg} at: {path}');
  });
});
