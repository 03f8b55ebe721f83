// Round 17's shapes in the Python pack (decision 0132): an exception's `__str__` that appends in a loop
// then after it (`out = '\n'` / `while err.ctx is not None: out += f'==> {err.ctx}\n'; err =
// err.error_msg` / `out += f'=====> {err.error_msg}'`, cfgv's ValidationError), read through a local
// that starts as `self`.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { isHole, type Template } from '../../src/template/ir.js';

const show = (t: Template) => t.map((s) => (isHole(s) ? `{${s.hole.expr}}` : s.lit)).join('');

describe("a loop's writes, then a write after the loop", () => {
  const src = [
    'class E(ValueError):',
    '    def __init__(self, error_msg, ctx=None):',
    '        super().__init__(error_msg)',
    '        self.error_msg = error_msg',
    '        self.ctx = ctx',
    '    def __str__(self):',
    "        out = '\\n'",
    '        err = self',
    '        while err.ctx is not None:',
    "            out += f'==> {err.ctx}\\n'",
    '            err = err.error_msg',
    "        out += f'=====> {err.error_msg}'",
    '        return out',
    'def f(a):',
    '    msg = "Errors:"',
    '    for e in a:',
    '        msg += " " + e',
    '    raise ValueError(msg)',
  ].join('\n');
  const r = analyzePython(src);
  const cls = r.classes.find((c) => c.name === 'E')!;

  it('reads the loop as a hole and goes on after it, the loop run no time a reading too', () => {
    expect(show(cls.template!)).toBe('\n=====> {error_msg}');
    expect((cls.branches ?? []).map(show)).toContain('\n{out}=====> {error_msg}');
  });

  it('reads a local given self as self (its attribute bound to the constructor parameter)', () => {
    expect(cls.templateFrom).toBe('str');
    expect(cls.template!.filter(isHole).map((s) => s.hole.expr)).toEqual(['error_msg']);
  });

  it('a loop with nothing written after it still ends the text there', () => {
    const site = r.sites.find((s) => s.line === 18)!;
    expect(show(site.template!)).toBe('Errors:');
  });
});
