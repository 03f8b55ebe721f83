import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../src/core/condition.js';
import { guardsMayHold } from '../../src/facts/guards.js';
import { assignmentForms as jsForms } from '../../src/languages/javascript/assigned.js';
import { assignmentForms as pyForms } from '../../src/languages/python/assigned.js';
import { assignedParams } from '../../src/languages/shared/assigned.js';
import * as javascript from '../../src/languages/javascript/condition.js';
import * as python from '../../src/languages/python/condition.js';
import type { ArgInfo } from '../../src/core/site.js';
import { loadAnalyzers } from '../../src/languages/registry.js';

const v = (text: string, values: Record<string, string | number | boolean | null | undefined>, py = true) => {
  const r = evaluateCondition((py ? python : javascript).parseCondition(text), new Map(Object.entries(values)));
  return typeof r === 'symbol' ? 'unknown' : r;
};
const js = (text: string, values: Record<string, string | number | boolean | null | undefined>) => v(text, values, false);
const arg = (expr: string, name: string | null = null): ArgInfo => ({ name, expr, template: [] });

describe('Python conditions over literals', () => {
  it('reads membership, comparison, identity, string methods, len and boolean operators', () => {
    expect(v("':' in code", { code: 'XPST0017' })).toBe(false);
    expect(v("not (':' not in code)", { code: 'err:XPST0017' })).toBe(true);
    expect(v('not (action in ("error", "ignore", "always"))', { action: 'ignore' })).toBe(false);
    expect(v("key == 'x' or key == 'y'", { key: 'y' })).toBe(true);
    expect(v('n > 3 and n <= 10', { n: 5 })).toBe(true);
    expect(v('value is None', { value: null })).toBe(true);
    expect(v('flag is not True', { flag: true })).toBe(false);
    expect(v("name.startswith(('_', 'x'))", { name: '_private' })).toBe(true);
    expect(v("name.strip().endswith('.py')", { name: ' a.py ' })).toBe(true);
    expect(v('len(code) > 4', { code: 'ab' })).toBe(false);
    expect(v('not is_issuer', { is_issuer: false })).toBe(true);
    expect(v("r'\\d' in pattern", { pattern: 'a\\d' })).toBe(true);
  });

  it('is unknown for anything it does not read, and three-valued through and/or', () => {
    expect(v('isinstance(code, QName)', { code: 'x' })).toBe('unknown');
    expect(v('other > 3', { n: 1 })).toBe('unknown');
    expect(v("f'{x}' in y", { y: 'a' })).toBe('unknown');
    expect(v('x + 1 > 2', { x: 1 })).toBe('unknown');
    // (`and` / `or` give an operand, as in Python)
    expect(v('self.strict and code', { code: '' })).toBe('');
    expect(v('self.strict or code', { code: '' })).toBe('unknown');
    expect(v('self.strict or code', { code: 'a' })).toBe('a');
  });
});

describe('JavaScript conditions over literals', () => {
  it('reads typeof, strict and loose equality, !, &&, ||, length and string methods', () => {
    expect(js("typeof size !== 'number'", { size: 12 })).toBe(false);
    expect(js("typeof size !== 'number'", { size: '12' })).toBe(true);
    expect(js('!condition', { condition: false })).toBe(true);
    expect(js("code.indexOf(':') === -1", { code: 'a:b' })).toBe('unknown'); // (a negative number is not read)
    expect(js("code.indexOf(':') < 0", { code: 'a:b' })).toBe(false);
    expect(js("name.length > 3 && name.startsWith('x')", { name: 'xyzw' })).toBe(true);
    expect(js('value == null', { value: undefined })).toBe(true);
    expect(js('value === null', { value: undefined })).toBe(false);
    expect(js("mode === 'a' || mode === 'b'", { mode: 'c' })).toBe(false);
    expect(js("'x' in opts", { opts: 'x' })).toBe('unknown');
    expect(js('isKeyObject(key)', { key: 'k' })).toBe('unknown');
  });
});

describe('guardsMayHold', () => {
  const guards = [
    { kind: 'else', text: 'not (isinstance(code, QName))', line: 1 },
    { kind: 'if', text: "':' in code", line: 2 },
    { kind: 'except', text: 'ValueError', line: 3 },
  ];
  it('is false only when a guard is known false for the literal the caller passes', () => {
    expect(guardsMayHold(guards, ['code', 'message'], [arg("'XPST0017'"), arg("'no colon'")], python)).toBe(false);
    expect(guardsMayHold(guards, ['code', 'message'], [arg("'err:XPST0017'")], python)).toBe(true);
    expect(guardsMayHold(guards, ['code'], [arg('other_code')], python)).toBe(true);
    expect(guardsMayHold(guards, ['message', 'code'], [arg("'m'"), arg("'XPST0017'", 'code')], python)).toBe(false);
    const jsGuards = [{ kind: 'if', text: "typeof size !== 'number'", line: 1 }];
    expect(guardsMayHold(jsGuards, ['size'], [arg('12')], javascript)).toBe(false);
    expect(guardsMayHold(jsGuards, ['size'], [arg("'12'")], javascript)).toBe(true);
  });
});

describe('parameters a function assigns to', () => {
  it('are found in its body text, in either language, erring toward found', () => {
    const py = "value = value.strip()\nfor key, item in pairs:\n    pass\nwith open(p) as handle:\n    total += 1\nf(mode=1)\nif flag == 1: pass\na, b = 1, 2; x = 0\nself.attr = 1\ncount -= 1";
    // (Python's `x = …` and `x += …` come from the tree, branch by branch; a keyword argument
    // `mode=1` is no assignment; an attribute `self.attr` is not the parameter; by line of the first)
    expect(Object.fromEntries(assignedParams(py, ['value', 'item', 'handle', 'total', 'mode', 'flag', 'b', 'x', 'attr', 'count', 'other'], pyForms)))
      .toEqual({ item: 1, handle: 3, b: 7, count: 9 });
    // (Python's one-line forms are tried only on lines where an occurrence of the name has a form's
    // neighbours: the same lines found as when every line holding the name is tried)
    const body = 'ss = 1\nfor s_ in xs: pass\nself.s = 2\nf(a, s=1)\nreturn (s)\nt; s, u = 1, 2\n(a, s) = 3\ns <<= 1\ns\t**= 2';
    const everyLine = (name: string) => ({ ...pyForms(name), near: undefined });
    for (const name of ['s', 'u', 'a', 'xs', 'ss']) {
      expect(assignedParams(body, [name], pyForms)).toEqual(assignedParams(body, [name], everyLine));
    }
    expect(Object.fromEntries(assignedParams(body, ['s', 'u'], pyForms))).toEqual({ s: 5, u: 5 });
    expect(Object.fromEntries(assignedParams('x = 1\n  s <<= 1', ['s'], pyForms))).toEqual({ s: 1 });
    const js = 'size = size | 0; count++;\nopts.x = 1; if (name === "a") {} const f = (p) => p;\nn ??= 2;';
    expect(Object.fromEntries(assignedParams(js, ['size', 'count', 'opts', 'name', 'p', 'n'], jsForms))).toEqual({ size: 0, count: 0, n: 2 });
  });

  it('are not read with a caller\'s value in guards from their assignment on', () => {
    const guards = [{ kind: 'if', text: 'not value', line: 3 }];
    expect(guardsMayHold(guards, ['value'], [arg("'  '")], python)).toBe(false);
    expect(guardsMayHold(guards, ['value'], [arg("'  '")], python, { value: 2 })).toBe(true);
    // assigned after the guard: the guard still sees the caller's value
    expect(guardsMayHold(guards, ['value'], [arg("'  '")], python, { value: 5 })).toBe(false);
  });
});

describe('conditionsFor', () => {
  it('reads a file\'s guards as its language writes conditions', async () => {
    const { conditionsFor } = await loadAnalyzers();
    expect(conditionsFor('pkg/mod.py')).toBe(python);
    for (const f of ['lib/a.js', 'lib/a.mjs', 'src/a.ts', 'src/a.tsx']) expect(conditionsFor(f)).toBe(javascript);
    expect(conditionsFor('README.md')).toBeNull();
  });
});
