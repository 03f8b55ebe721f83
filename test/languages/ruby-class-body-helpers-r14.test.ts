// The Ruby pack's forms of decision 0116 (held-out round 14): a bare call in a class's body outside any
// method (a proc or lambda written there, where `self` is the class) read as the class's own `def
// self.x`; a `join` of an array literal whose elements give several texts (a local assigned in an
// `if`'s branches) read as one text per combination; and a class an object's reader gives
// (`data[:contracts].failure_exception.new(msg, data)`) constructed with its first argument's text.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { isLit, type Template } from '../../src/template/ir.js';

const text = (t: Template | null | undefined) => (t ?? []).map((s) => (isLit(s) ? s.lit : '{}')).join('');
/** A site's texts: its template, its alternatives, and its message argument's other readings. */
const texts = (s: { template: Template | null; alternatives?: Template[]; args?: { alts?: Template[] }[] }) =>
  [...new Set([s.template, ...(s.alternatives ?? []), ...(s.args ?? []).flatMap((a) => a.alts ?? [])].map(text))];

const CALLBACK = `class Contract
  FAILURE = proc do |data|
    if data[:return_value]
      fail ReturnError.new(failure_msg(data), data)
    else
      fail data[:contracts].failure_exception.new(failure_msg(data), data)
    end
  end

  def self.failure_msg(data)
    header = if data[:return_value]
               "Violation for return value:"
             else
               "Violation for argument #{data[:arg_pos]} of #{data[:total_args]}:"
             end
    [header, indent(data)].join("\\n")
  end
end
`;

describe('ruby: a class-body proc calling the class\'s method, joined texts, a class a reader gives (decision 0116)', () => {
  it('reads the proc\'s bare call as the class method, each header of the join a text', () => {
    const sites = analyzeRuby(CALLBACK).sites;
    expect(sites.map((s) => s.line)).toEqual([4, 6]);
    for (const s of sites) {
      expect(texts(s)).toEqual(['Violation for return value:\n{}', 'Violation for argument {} of {}:\n{}']);
    }
    expect(sites[0].errorClass).toBe('ReturnError');
    // (the reader's class is not known: no class, the text its first argument's)
    expect(sites[1].errorClass).toBeNull();
    expect(sites[1].rethrow).toBeFalsy();
  });

  it('does not read a bare call in a method of the class as a class method, nor one in class << self', () => {
    const sites = analyzeRuby(`class C
  def self.msg(x) = "class #{x}"
  def msg(x) = "instance #{x}"
  def go(x)
    raise ArgumentError, msg(x)
  end
  class << self
    CB = proc { |x| raise ArgumentError, msg(x) }
  end
end
`).sites;
    expect(sites.map((s) => text(s.template))).toEqual(['instance {}', '{}']);
  });

  it('reads a module\'s body as its own methods too; a top-level proc keeps the top-level method', () => {
    const sites = analyzeRuby(`module M
  CHECK = lambda { |v| raise ArgumentError, describe(v) }
  def self.describe(v) = "bad value #{v}"
end
CB = proc { |v| raise ArgumentError, describe(v) }
def describe(v) = "top #{v}"
`).sites;
    expect(sites.map((s) => text(s.template))).toEqual(['bad value {}', 'top {}']);
  });

  it('keeps a join whose combinations pass eight, or whose elements give no text, as before', () => {
    const many = `class K
  def self.m(a, b, c, d)
    x = a ? "a1" : "a2"
    y = b ? "b1" : "b2"
    z = c ? "c1" : "c2"
    w = d ? "d1" : "d2"
    raise ArgumentError, [x, y, z, w, "tail"].join(" ")
  end
  def self.n(a)
    raise ArgumentError, [a, a.to_s].join(" ")
  end
end
`;
    const sites = analyzeRuby(many).sites;
    expect(text(sites[0].template)).toBe('{} {} {} {} tail');
    expect(sites[0].alternatives ?? []).toEqual([]);
    expect(sites[1].template === null || !sites[1].template.some(isLit)).toBe(true);
  });

  it('does not take a reader with arguments or a constant path as a class a reader gives', () => {
    const sites = analyzeRuby(`class K
  def go(x)
    raise lookup(x).new("from a lookup")
  end
  def run(x)
    raise Errors::Bad.new("a constant path")
  end
end
`).sites;
    expect(sites.map((s) => [s.errorClass, text(s.template)])).toEqual([[null, ''], ['Errors::Bad', 'a constant path']]);
    expect(sites[0].rethrow).toBe(true);
  });
});
