// The Ruby pack (decision 0128): `class X < self` written in a class's body names the enclosing class
// as its base; at the top level or in a module (`self` no class one may inherit) the class is not one.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';

describe('ruby: a subclass of `self`', () => {
  it('takes the enclosing class as its base, nested or named by a path', () => {
    const a = analyzeRuby([
      'module M',
      '  class Invalid < StandardError',
      '    class Splat < self',
      '    end',
      '  end',
      '  class Outer::Inner < ArgumentError',
      '    class Deep < self; end',
      '  end',
      'end',
    ].join('\n'));
    const base = (n: string) => a.classes.find((c) => c.name === n)?.bases;
    expect(base('Splat')).toEqual(['Invalid']);
    expect(base('Deep')).toEqual(['Inner']);
  });

  it('gives no class where `self` is no class', () => {
    const a = analyzeRuby('module M\n  class Odd < self\n  end\nend\nclass Top < self; end\n');
    expect(a.classes.map((c) => c.name)).toEqual([]);
  });
});
