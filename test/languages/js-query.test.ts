import { describe, expect, it } from 'vitest';
import { calledIn } from '../../src/languages/js-query.js';

describe('calledIn', () => {
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
});
