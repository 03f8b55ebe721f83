// What of the Python frontend the conformance cases (src/languages/python/cases/,
// run by conformance.test.ts) cannot say as annotated source: its name and
// extensions, the cannotRaise prefilter (also over the installed standard
// library), the string helpers' unit tests, and a file with very many candidates.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import {
  applyFormat,
  applyPercent,
  decodeEscapes,
  parseFString,
  stringTemplate,
} from '../../src/languages/python/strings.js';
import { paramNamesFromText } from '../../src/languages/python/template.js';
import { splitBases } from '../../src/languages/python/classes.js';
import { hole, lit, renderMessage, type Template } from '../../src/template/ir.js';
import { languageByName, loadAnalyzers } from '../../src/languages/registry.js';

const python = languageByName('python')!;
const pythonAnalyzer = (await loadAnalyzers()).language('python')!;

const analyze = (src: string) => pythonAnalyzer.analyze(src, 'x.py');
const msg = (t: Template | null) => (t ? renderMessage(t) : null);
const STDLIB = '/usr/lib/python3.11';

describe('python frontend contract', () => {
  it('is named python and claims .py', () => {
    expect(python.name).toBe('python');
    expect(python.extensions).toEqual(['py']);
  });
});

describe('cannotRaise (files the scan does not parse)', () => {
  it('is true only for text with none of what a site, a class or a factory needs', () => {
    expect(pythonAnalyzer.cannotRaise!('import os\n\ndef f(x):\n    return os.path.join(x, "a")\n', 'x.py')).toBe(true);
    for (const src of ['raise ValueError("x")', 'assert x, "m"', 'class A: pass', 'log.error("x")', 'warn("x")', 'def __str__(self):', 'def make():\n    return Thing\n']) {
      expect(pythonAnalyzer.cannotRaise!(src, 'x.py'), src).toBe(false);
    }
  });

  it.skipIf(!existsSync(STDLIB))(`never hides a finding: over the standard library (${STDLIB}), a file it passes over has nothing to analyze`, () => {
    let passed = 0;
    for (const f of readdirSync(STDLIB).filter((n) => n.endsWith('.py'))) {
      const src = readFileSync(`${STDLIB}/${f}`, 'utf8');
      if (!pythonAnalyzer.cannotRaise!(src, f)) continue;
      passed++;
      const a = analyze(src);
      expect([a.sites, a.classes, a.calls ?? [], a.factories ?? null], f).toEqual([[], [], [], null]);
    }
    expect(passed).toBeGreaterThan(0);
  });
});

describe('string helpers (python-strings, python-template, python-classes)', () => {
  it('decodes escapes of non-raw strings', () => {
    expect(decodeEscapes('a\\nb\\t\\\'\\"\\\\\\x41\\u00e9\\101\\U0001F600')).toBe('a\nb\t\'"\\Aé' + 'A' + '😀');
    expect(decodeEscapes('keep \\d and \\N{DASH}')).toBe('keep \\d and \\N{DASH}');
    expect(decodeEscapes('line\\\ncontinued')).toBe('linecontinued');
    expect(decodeEscapes('\\u00e9', true)).toBe('\\u00e9');
  });
  it('handles every prefix and quote style', () => {
    expect(msg(stringTemplate('"a\\n"'))).toBe('a\n');
    expect(msg(stringTemplate("'a\\'b'"))).toBe("a'b");
    expect(msg(stringTemplate('r"\\d+"'))).toBe('\\d+');
    expect(msg(stringTemplate("b'\\x41'"))).toBe('A');
    expect(msg(stringTemplate("Rb'\\x41'"))).toBe('\\x41');
    expect(msg(stringTemplate('u"x"'))).toBe('x');
    expect(msg(stringTemplate('"""tri "quoted"\nline"""'))).toBe('tri "quoted"\nline');
    expect(msg(stringTemplate("'''x'''"))).toBe('x');
  });
  it('parses f-strings', () => {
    expect(parseFString('a {x} b', false)).toEqual([lit('a '), hole('x'), lit(' b')]);
    expect(parseFString('{x!r}', false)).toEqual([hole('x', 'repr')]);
    expect(parseFString('{x:.2f}', false)).toEqual([hole('x', 'float')]);
    expect(parseFString('{n:d}', false)).toEqual([hole('n', 'int')]);
    expect(parseFString('{x=}', false)).toEqual([lit('x='), hole('x', 'repr')]);
    expect(parseFString('{x = :>4}', false)).toEqual([lit('x = '), hole('x')]);
    expect(parseFString('{{lit}} {d["k"]}', false)).toEqual([lit('{lit} '), hole('d["k"]')]);
    expect(parseFString("{', '.join(names)}", false)).toEqual([hole("', '.join(names)")]);
    expect(parseFString('{a if b else c}', false)[0]).toMatchObject({ hole: { expr: 'a if b else c' } });
    expect(parseFString('{x:{width}}', false)).toEqual([hole('x')]);
    expect(parseFString('{x != y}', false)).toEqual([hole('x != y')]);
    expect(parseFString('{self.obj.poll()}', false)[0]).toMatchObject({ hole: { name: 'poll' } });
    expect(parseFString('{str(e)}', false)).toEqual([hole('e')]);
    expect(parseFString('{repr(e)}', false)).toEqual([hole('e', 'repr')]);
    expect(parseFString('tab\\t{x}', false)).toEqual([lit('tab\t'), hole('x')]);
    expect(parseFString('raw\\t{x}', true)).toEqual([lit('raw\\t'), hole('x')]);
  });
  it('applies % formatting', () => {
    const t = [lit('a %s b %d c %r %.3f %-10s %5d %% %x')];
    expect(msg(applyPercent(t, { kind: 'seq', exprs: ['x', 'n', 'o', 'f', 'p', 'q', 'h'] }))).toBe(
      'a {x} b {n} c {o} {f} {p} {q} % {h}',
    );
    const kinds = applyPercent([lit('%d %i %u %f %e %g %r %s')], { kind: 'seq', exprs: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] });
    expect(kinds.flatMap((s) => ('hole' in s ? [s.hole.kind] : []))).toEqual(['int', 'int', 'int', 'float', 'float', 'float', 'repr', 'any']);
    expect(msg(applyPercent([lit('%(name)s is %(age)d')], { kind: 'map', entries: new Map([['name', 'user.name']]) }))).toBe(
      '{name} is {age}',
    );
    expect(msg(applyPercent([lit('%(name)s')], { kind: 'map', entries: null }))).toBe('{name}');
    // a lone name on the right binds a single conversion
    expect(msg(applyPercent([lit('bad: %s')], { kind: 'unknown', expr: 'thing' }))).toBe('bad: {thing}');
    // ...but with several conversions it may be a tuple: holes stay anonymous
    expect(msg(applyPercent([lit('%s and %s')], { kind: 'unknown', expr: 'args' }))).toBe('{value} and {value}');
    expect(msg(applyPercent([lit('100%% sure')], { kind: 'seq', exprs: [] }))).toBe('100% sure');
    expect(msg(applyPercent([lit('rate: 50%')], { kind: 'seq', exprs: [] }))).toBe('rate: 50%');
  });
  it('applies str.format', () => {
    const f = (s: string, positional: string[], kw: Record<string, string> = {}) =>
      msg(applyFormat([lit(s)], { positional, keywords: new Map(Object.entries(kw)) }));
    expect(f('{} and {}', ['a', 'b'])).toBe('{a} and {b}');
    expect(f('{1} then {0}', ['a', 'b'])).toBe('{b} then {a}');
    expect(f('{name} is {age:d}', [], { name: 'user', age: 'n' })).toBe('{user} is {n}');
    expect(f('{0!r} {1:>10}', ['a', 'b'])).toBe('{a} {b}');
    expect(f('{0.name} / {x[0]}', ['obj'], { x: 'items' })).toBe('{name} / {items}');
    expect(f('{{literal}} {missing}', [])).toBe('{literal} {missing}');
    const t = applyFormat([lit('{0!r}')], { positional: ['v'], keywords: new Map() });
    expect(t).toEqual([hole('v', 'repr')]);
  });
  it('reads parameter and base lists from text', () => {
    expect(paramNamesFromText('(self, a, b: int = 1, *args, c="x,y", d: Dict[str, int] = {}, **kw)', true)).toEqual(['a', 'b', 'c', 'd']);
    expect(paramNamesFromText('(self, /, a, *, b)', true)).toEqual(['a', 'b']);
    expect(splitBases('(Base, errors.NotFound, Generic[T, U], metaclass=Meta)')).toEqual(['Base', 'errors.NotFound', 'Generic[T, U]']);
  });
});

describe('files with very many candidates', () => {
  it('finds calls the same way in files with very many candidates', () => {
    const lines = Array.from({ length: 300 }, (_, i) => `logger.error("failure number ${i}")`);
    lines.push('class E(Exception):', '    def __str__(self):', '        return "e"');
    const r = analyze(lines.join('\n'));
    expect(r.sites).toHaveLength(300);
    expect(msg(r.sites[299].template)).toBe('failure number 299');
    expect(r.classes[0].template).toEqual([lit('e')]);
  });
});

describe('log calls', () => {
  it('takes only the logging methods, not a name every JavaScript object has', () => {
    const r = analyze(['logger.error("kept")', 'logger.constructor("not a log call")', 'logger.log(toString, "nor this")'].join('\n'));
    expect(r.sites.map((s) => msg(s.template))).toEqual(['kept']);
  });
});
