// The Ruby pack's name of the object's own class in a message: `#{self.class}` in an instance method of a
// class, `#{self}` / `#{name}` in a `def self.x`, read as the qualified name of the class written around
// it, the hole (a subclass's name) as the other form; a mixin's method, `class << self`, a block's method
// (`Class.new do`), a local or a method of the file named `name` stay holes.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { isLit, type Template } from '../../src/template/ir.js';

const text = (t: Template | null | undefined) => (t ?? []).map((s) => (isLit(s) ? s.lit : '{}')).join('');

describe('ruby: the name of the class a method raises for', () => {
  it('reads self.class in a class\'s instance method and self in a singleton method as the nesting\'s names', () => {
    const a = analyzeRuby(`module Versioning
  class Format
    class GitDescribe < Format
      def parse(v)
        fail ParseError, "'#{v}' is not a valid #{self.class} version string!"
      end
      def check
        raise ArgumentError, "#{self.class.name} needs a value"
      end
      def self.build(x)
        raise ArgumentError, "#{self} cannot build #{x}"
      end
      def self.make
        raise ArgumentError, "#{name} cannot make"
      end
    end
  end
end
`);
    const at = (line: number) => a.sites.find((s) => s.line === line)!;
    expect(text(at(5).template)).toBe("'{}' is not a valid Versioning::Format::GitDescribe version string!");
    expect(at(5).args?.[0]?.alts?.map(text)).toContain("'{}' is not a valid {} version string!");
    expect(text(at(8).template)).toBe('Versioning::Format::GitDescribe needs a value');
    expect(text(at(11).template)).toBe('Versioning::Format::GitDescribe cannot build {}');
    expect(text(at(14).template)).toBe('Versioning::Format::GitDescribe cannot make');
  });

  it('leaves a mixin\'s method, class << self, a block\'s method, a local and a method named name as holes', () => {
    const a = analyzeRuby(`module Checks
  def check
    raise ArgumentError, "#{self.class} is not valid"
  end
end
class ::Top
  class << self
    def build
      raise ArgumentError, "#{self} cannot build"
    end
  end
  def self.make(name)
    raise ArgumentError, "#{name} cannot make"
  end
  def self.other
    name = compute
    raise ArgumentError, "#{name} is other"
  end
  def self.odd
    raise ArgumentError, "#{to_s} is odd"
  end
  def self.to_s
    "top"
  end
  def run
    raise ArgumentError, "#{self.class} cannot run"
  end
  Made = Class.new(StandardError) do
    def check
      raise ArgumentError, "#{self.class} is made"
    end
  end
end
`);
    const at = (line: number) => a.sites.find((s) => s.line === line)!;
    expect(text(at(3).template)).toBe('{} is not valid');
    expect(text(at(9).template)).toBe('{} cannot build');
    expect(text(at(13).template)).toBe('{} cannot make');
    expect(text(at(17).template)).toBe('{} is other');
    expect(text(at(20).template)).not.toBe('Top is odd');
    expect(text(at(26).template)).toBe('Top cannot run');
    expect(text(at(30).template)).toBe('{} is made');
  });
});
