// One-pass indexes of a file's text (languages/shared/text-index.ts, javascript/query.ts
// passedNames, calledNames over many names): the same answers as the per-site and per-name
// scans they replace.
import { describe, expect, it } from 'vitest';
import { callCounts, lineStarts } from '../../src/languages/shared/text-index.js';
import { calledNames, memberCalledNames, passedNames } from '../../src/languages/javascript/query.js';

/** The count the per-name scan made: `name(` from each occurrence's end, up to `cap`. */
function scanCount(source: string, name: string, cap: number): number {
  let c = 0;
  for (let i = source.indexOf(`${name}(`); i >= 0 && c < cap; i = source.indexOf(`${name}(`, i + name.length + 1)) c++;
  return c;
}

describe('callCounts', () => {
  const SOURCE = [
    'def fail(msg):\n    raise ValueError(msg)\n',
    'def check(x):\n    if x: fail("no")\n    self.fail("again")\n    _fail(x)\n',
    'value = f(g(h(1)))\n(((\n',
    'def ünicode(a): pass\nünicode(1)\n',
  ].join('');

  it('counts `name(` as indexOf from each occurrence does', () => {
    const names = ['fail', '_fail', 'check', 'f', 'g', 'h', 'ünicode', 'missing', 'ail', '', 'a(b', 'x'];
    for (const cap of [1, 2, 5, Infinity]) {
      const counts = callCounts(SOURCE, names, cap);
      for (const n of names) expect(counts.get(n), `${JSON.stringify(n)} capped at ${cap}`).toBe(scanCount(SOURCE, n, cap));
    }
  });

  it('agrees with the scan on generated text', () => {
    let text = '';
    const names: string[] = [];
    for (let i = 0; i < 300; i++) {
      names.push(`h${i % 37}`, `call_${i}`);
      text += `def call_${i}(x):\n    return h${i % 37}(x) + call_${(i * 7) % 300}(x)\n`;
    }
    const counts = callCounts(text, names, 3);
    for (const n of names) expect(counts.get(n)).toBe(scanCount(text, n, 3));
  });
});

describe('lineStarts', () => {
  it('gives the offset of each line', () => {
    expect(lineStarts('')).toEqual([0]);
    expect(lineStarts('a\nbc\n\nd')).toEqual([0, 2, 5, 6]);
  });
});

describe('passedNames', () => {
  /** The per-name test it replaces. */
  const passed = (source: string, n: string) => new RegExp(String.raw`[(,?:]\s*${n.replace(/\$/g, '\\$')}\s*[),:]`).test(source);

  it('finds the names the per-name test finds', () => {
    const source = 'f(a,b, c ,d)(e)?g:h; x(fail) y(ok ? throwError : noop); z($x$,_y) w(ab.c, d.e) q( spaced ) r(a b)';
    const names = ['a', 'b', 'c', 'd', 'e', 'g', 'h', 'fail', 'ok', 'throwError', 'noop', '$x$', '_y', 'ab', 'c', 'e', 'spaced', 'r', 'x', 'w', 'q'];
    const found = passedNames(source);
    for (const n of names) expect(found.has(n), n).toBe(passed(source, n));
  });
});

describe('calledNames over many names', () => {
  it('finds the same names with or without the presence checks', () => {
    const source = 'function a1(e){throw new Error(e)}a1("x");b.c2(1);function d3(){}x.e4`t`;f5 (1);';
    const names = ['a1', 'c2', 'd3', 'e4', 'f5', 'g6', 'h7', 'i8', 'j9', 'k10', 'l11'];
    const many = calledNames(source, names);
    const one = new Set(names.filter((n) => calledNames(source, [n]).has(n)));
    expect([...many].sort()).toEqual([...one].sort());
    expect([...memberCalledNames(source, names)].sort()).toEqual(names.filter((n) => memberCalledNames(source, [n]).has(n)).sort());
  });
});

describe('findAllNames', () => {
  it('finds past NAMES_PER_RULE names, by a set, what one rule finds, in the same order', async () => {
    const { parsePython } = await import('../../src/languages/python/grammar.js');
    const { calleeName, findAllNames, NAMES_PER_RULE } = await import('../../src/languages/shared/find-names.js');
    const n = NAMES_PER_RULE + 500;
    const names = Array.from({ length: n }, (_, i) => `h${i}`);
    const text = names.map((f, i) => `${f}(${names[(i * 7) % n]}(x), y.${names[(i * 3) % n]}(z), other(w), y.z.h${n + i}(v))\n`).join('');
    const root = parsePython(text).root();
    const rule = (ns: string[]) => ({ rule: { kind: 'call', has: { field: 'function', regex: `(?:^|\\.)(?:${ns.join('|')})$` } } });
    const split = findAllNames(root, names, names, { rule, kind: 'call', nameOf: calleeName }).map((c) => c.range().start.index);
    const one = root.findAll(rule(names)).map((c) => c.range().start.index);
    expect(split.length).toBe(3 * n);
    expect(split).toEqual(one);
  });
});
