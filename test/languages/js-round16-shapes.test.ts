// Round 16's JavaScript shapes read in one file (decision 0127): a message parameter whose named
// marker a helper fills (`msg.replace('{peek}', …)`), and a raise of an ES5 class whose stack is its
// prototype's (`(X.prototype = new Error()).constructor = X`), answered at the prototype's line.
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const sites = (src: string) => analyzeJavaScript(src).sites;

describe("a message parameter's marker filled by .replace", () => {
  it.each([
    ["'{peek}'", 'brace'],
    ["'{{name}}'", 'mustache'],
    ["'${path}'", 'dollar'],
    ["'#{this}'", 'hash'],
    ["':attribute'", 'colon'],
    ["'%0'", 'index'],
  ])('%s marks the parameter as a format of style %s', (pattern, style) => {
    const s = sites(`function fail(msg, v) {\n  throw new Error(msg.replace(${pattern}, v));\n}`).find((x) => x.line === 2)!;
    expect(s.template).toEqual([{ hole: { name: 'msg', expr: 'msg', kind: 'any', fmt: style } }]);
  });

  it('a local of text gets its marker opened; a pattern that is no lone marker stays one hole', () => {
    const local = sites("function f(v) {\n  const m = 'unexpected {peek} here';\n  throw new Error(m.replace('{peek}', v));\n}").find((x) => x.line === 3)!;
    expect(renderMessage(local.template!)).toBe('unexpected {peek} here');
    expect(local.template!.some((s) => 'hole' in s && s.hole.name === 'peek')).toBe(true);
    const plain = sites("function fail(msg, v) {\n  throw new Error(msg.replace('a b', v));\n}").find((x) => x.line === 2)!;
    expect(plain.template!.some((s) => 'hole' in s && s.hole.fmt)).toBe(false);
  });
});

describe("a class whose stack is its prototype's", () => {
  const cls = (body: string) => [
    'function MyError(message) {', body, '}',
    '(MyError.prototype = new Error()).constructor = MyError;',
    'var ns = { Err: MyError };',
    'function a(m) { throw new ns.Err(m); }',
    'function b(m) { throw new MyError(m); }',
  ].join('\n');
  const lines = (src: string) => sites(src).filter((s) => s.errorClass !== 'Error').map((s) => s.line);

  it('is raised, by its name or a key given it, at the line of the prototype', () => {
    expect(lines(cls('  this.message = message || "MyError";'))).toEqual([4, 4]);
  });

  it('is not when its constructor takes a stack of its own', () => {
    expect(lines(cls('  this.message = message;\n  Error.captureStackTrace(this, MyError);'))).toEqual([7, 8]);
    expect(lines(cls('  this.stack = new Error(message).stack;'))).toEqual([6, 7]);
  });
});
