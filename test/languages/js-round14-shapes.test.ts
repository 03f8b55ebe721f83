// Round 14's JavaScript shapes read at one site (decision 0115): a bundler's alias of a built-in
// error class, a class handed to a function around the one that constructs it, and a local given by
// a function called in place that returns a parameter.
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript, deconflicted } from '../../src/languages/javascript/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const site = (src: string, line: number) => analyzeJavaScript(src).sites.find((s) => s.line === line);

describe("a bundler's alias of a built-in error class", () => {
  it('names the built-in, and only a built-in', () => {
    expect(deconflicted('SyntaxError$1')).toBe('SyntaxError');
    expect(deconflicted('Error$12')).toBe('Error');
    expect(deconflicted('ParseError$1')).toBe('ParseError$1');
    expect(deconflicted('SyntaxError')).toBe('SyntaxError');
  });

  it('is a construction called or with new, handed to a thrower of the file or thrown', () => {
    const src = [
      'const TypeError$1 = TypeError;',
      'function raise(e) { throw e; }',
      "function a(x) { x || raise(TypeError$1('The first value is missing')); }",
      "function b() { throw new TypeError$1('The second value is missing'); }",
      "function c(x) { return x ? 1 : raise(ParseError$1('The third value is missing')); }",
    ].join('\n');
    expect(site(src, 3)?.errorClass).toBe('TypeError');
    expect(renderMessage(site(src, 3)!.template)).toBe('The first value is missing');
    expect(site(src, 4)?.errorClass).toBe('TypeError');
    // (a class of the bundle renamed `X$1` is not an alias of a built-in: its call stays a call)
    expect(site(src, 5)).toBeUndefined();
  });

  it('a key an object pattern renames does not hide the function of that name', () => {
    const src = [
      'const throws = (error) => { throw error; };',
      "const { throws: assertThrows, ok } = require('assert');",
      "function a(x) { x || throws(RangeError('The first value is missing')); }",
    ].join('\n');
    expect(renderMessage(site(src, 3)!.template)).toBe('The first value is missing');
  });
});

describe('a function called in place returning a parameter', () => {
  it("names the parameter's hole, not a local of its own or a name bound around", () => {
    const src = [
      'class S {',
      '  a(msg) {',
      '    const t = (() => { if (this.c === undefined) return msg; return this.c; })();',
      '    return new TypeError(t);',
      '  }',
      '  b(msg) {',
      "    const t = (() => { const own = 'x'; return own; })();",
      '    return new TypeError(t);',
      '  }',
      '  c(msg, other) {',
      '    const t = (() => { if (this.k) return msg; return other; })();',
      '    return new TypeError(t);',
      '  }',
      '}',
    ].join('\n');
    expect(renderMessage(site(src, 4)!.template)).toBe('{msg}');
    expect(renderMessage(site(src, 8)!.template)).toBe('{t}');
    // (two parameters returned: neither is the message)
    expect(renderMessage(site(src, 12)!.template)).toBe('{t}');
  });
});
