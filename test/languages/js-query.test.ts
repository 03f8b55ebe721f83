import { describe, expect, it } from 'vitest';
import { calledNames } from '../../src/languages/js-query.js';

const calledIn = (source: string, name: string) => calledNames(source, [name]).has(name);

describe('calledNames', () => {
  it('finds a call of the name or of a member ending in it, across spaces and comments', () => {
    expect(calledIn('fail("x")', 'fail')).toBe(true);
    expect(calledIn('this.fail (x)', 'fail')).toBe(true);
    expect(calledIn('fail /* why */ (x)', 'fail')).toBe(true);
    expect(calledIn('fail`x`', 'fail')).toBe(true);
    expect(calledIn('a.$fail?.(x)', '$fail')).toBe(true);
  });

  it('does not take a longer name, a mention or the definition for a call', () => {
    expect(calledIn('assertfail(x)', 'fail')).toBe(false);
    expect(calledIn('const f = fail;', 'fail')).toBe(false);
    expect(calledIn('function fail(m) { throw new Error(m) }', 'fail')).toBe(false);
    expect(calledIn('function* fail(m) {}', 'fail')).toBe(false);
    expect(calledIn('b$fail(x)', '$fail')).toBe(false);
  });

  it('answers for several names from one scan', () => {
    const src = 'function fail(m) {}\nfail(1); p.q(2); const r = s;';
    expect([...calledNames(src, ['fail', 'q', 'p', 'r', 's', 'absent'])].sort()).toEqual(['fail', 'q']);
  });
});
