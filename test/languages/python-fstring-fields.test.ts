// f-string fields naming locals that hold text, and dicts keyed by constants (template.ts
// fieldTexts, keyOf; decision 0095).
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import type { Template } from '../../src/template/ir.js';

const text = (t: Template): string => t.map((s) => ('lit' in s ? s.lit : `{${s.hole.name}}`)).join('');
// (a site's other messages are its message argument's alternatives)
const messages = (src: string): string[][] => analyzePython(src).sites.map((s) => [s.template ?? [], ...(s.args[0]?.alts ?? [])].map(text));

describe('f-string fields holding text', () => {
  it('puts in the text a local holds, with and without a part set in a branch', () => {
    const src = [
      'def f(x):',
      '    t = ""',
      '    if x:',
      "        t = f' for {x}'",
      '    raise ValueError(f"bad{t}")',
    ].join('\n');
    expect(messages(src)).toEqual([['bad for {x}', 'bad']]);
  });

  it('keeps the hole as a reading when an earlier value that may hold is not text', () => {
    const src = [
      'def f(arg):',
      '    value = repr(arg)',
      '    if len(value) > 100:',
      "        value = value[:100] + '...'",
      '    raise AssertionError(f"unreachable, got: {value}")',
    ].join('\n');
    expect(messages(src)).toEqual([['unreachable, got: {value}...', 'unreachable, got: {value}']]);
  });

  it('leaves a parameter, a converted or formatted field, and a value that is not text as holes', () => {
    const src = [
      'def f(message=None, n=0):',
      '    if message is None:',
      '        message = "parse error"',
      '    k = len(message)',
      '    s = "text"',
      '    raise ValueError(f"{message} {k} {s!r} {s:>8}")',
    ].join('\n');
    expect(messages(src)).toEqual([['{message} {k} {s} {s}']]);
  });

  it("reads a dict keyed by constants by the constant, and gives .get's default beside every entry", () => {
    const src = [
      'A = 1',
      'B = 2',
      'ERRS = {A: "Unknown token", B: "Invalid nesting"}',
      'def f():',
      '    raise ValueError(ERRS[B])',
      'def g(code):',
      '    emsg = ERRS.get(code, "Unknown error")',
      '    raise ValueError(f"{emsg}!")',
    ].join('\n');
    expect(messages(src)).toEqual([['Invalid nesting'], ['Unknown token!', 'Invalid nesting!', 'Unknown error!']]);
  });
});
