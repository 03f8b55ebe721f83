// The Ruby pack (decision 0128): `class X < self` written in a class's body names the enclosing class
// as its base; at the top level or in a module (`self` no class one may inherit) the class is not one.
// A class the file defines, raised by a bare or partial name, is named as Ruby prints it: the path of
// its definition, looked up from the raise's nesting outwards.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { isLit, type Template } from '../../src/template/ir.js';

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

const text = (t: Template | null | undefined) => (t ?? []).map((s) => (isLit(s) ? s.lit : '{}')).join('');

describe('ruby: a class raised without a message, by the full name of its definition in the file', () => {
  const a = analyzeRuby([
    'module Hana',
    '  class Patch',
    '    class Exception < StandardError; end',
    '    class OutOfBoundsException < Exception; end',
    '    def add(i)',
    '      raise OutOfBoundsException if i < 0',
    '      raise Patch::OutOfBoundsException if i > 9',
    '      raise KeyError',
    '      raise ::TopError',
    '    end',
    '  end',
    '  Missing = Class.new(StandardError)',
    '  class Pointer',
    '    def eval(x)',
    '      raise Missing unless x',
    '      raise OutOfBoundsException',
    '    end',
    '  end',
    'end',
  ].join('\n'));
  const at = (line: number) => a.sites.find((s) => s.line === line)!;

  it('names a class the file defines by the nesting Ruby looks it up in, written bare or by a path', () => {
    for (const line of [6, 7]) {
      expect(at(line).errorClass).toBe('Hana::Patch::OutOfBoundsException');
      expect(text(at(line).template)).toBe('Hana::Patch::OutOfBoundsException');
    }
    // (a constant assigned `Class.new(Base)` is a class too)
    expect(text(at(15).template)).toBe('Hana::Missing');
  });

  it('leaves a name the file does not define where the raise is, and a top-level path, as written', () => {
    expect(text(at(8).template)).toBe('KeyError');
    expect(text(at(9).template)).toBe('TopError');
    // (Hana::Pointer::OutOfBoundsException, Hana::OutOfBoundsException: neither defined)
    expect(at(16).errorClass).toBe('OutOfBoundsException');
  });
});
