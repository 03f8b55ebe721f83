// The Ruby pack's forms of decision 0104: a class held by a variable constructed at a raise; a
// message-named method's other texts filed as further RETURNS tables; `[…].compact.join(sep)`;
// `"=" * 60`; `.sub`/`.gsub` writing a replacement into another text; a factory method returning a
// local it constructs; `$!.message` (the handled error's text) and a class taking `$!.backtrace`;
// classes written inside a namespace.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { RETURNS } from '../../src/languages/ruby/template.js';
import { isHole, type Template } from '../../src/template/ir.js';

const text = (t: Template | null | undefined) => (t ?? []).map((s) => (isHole(s) ? `{${s.hole.name}}` : s.lit)).join('');

describe('ruby: messages built away from the raise (decision 0104)', () => {
  it('reads a construction of a class a variable holds as its first argument\'s text', () => {
    const a = analyzeRuby(`class AssertionFailure
  class << self
    def failure(message)
      raise @error_class.new(message)
    end
    def other(klass)
      raise klass.new("bad value #{klass}")
    end
    def none
      raise @error_class.new
    end
  end
end
`);
    const at = (line: number) => a.sites.find((s) => s.line === line)!;
    expect(text(at(4).template)).toBe('{message}');
    expect(at(4).errorClass).toBeNull();
    expect(text(at(7).template)).toBe('bad value {klass}');
    expect(at(7).classParam).toBe('klass');
    // (no argument: nothing known of the text, a rethrow as before)
    expect(at(10).template).toBeNull();
  });

  it('joins a compacted list, the elements with no text one hole, the form without them another', () => {
    const a = analyzeRuby(`class NotAllowed < Exception
  def initialize(sig)
    snippet = Snippet.new(sig)
    text = [
      "Real connections are disabled: #{sig}",
      snippet.instructions,
      snippet.stubs,
      "=" * 6
    ].compact.join("\\n\\n")
    super(text)
  end
end
`);
    const c = a.classes.find((x) => x.name === 'NotAllowed')!;
    expect(text(c.template)).toBe('Real connections are disabled: {sig}{lines}\n\n======');
    expect((c.branches ?? []).map(text)).toContain('Real connections are disabled: {sig}\n\n======');
  });

  it('repeats a literal times a written count, not a computed one', () => {
    const a = analyzeRuby(`def a
  raise ArgumentError, "bad\\n" + "-" * 4
end
def b(n)
  raise ArgumentError, "bad\\n" + "-" * n
end
`);
    expect(text(a.sites.find((s) => s.line === 2)!.template)).toBe('bad\n----');
    expect(text(a.sites.find((s) => s.line === 5)!.template)).toBe('bad\n{n}');
  });

  it('writes a substitution\'s replacement into the text it rewrites', () => {
    const a = analyzeRuby(`class Registry
  def find(name)
    @items.fetch(name)
  rescue KeyError => e
    raise key_error_with_custom_message(e)
  end

  def key_error_with_custom_message(key_error)
    message = key_error.message.sub("key not found", "#{@name} not registered")
    error = KeyError.new(message)
    error.set_backtrace(key_error.backtrace)
    error
  end

  def plain(v)
    raise ArgumentError, v.gsub("a", v)
  end
end
`);
    const found = a.sites.filter((s) => s.line === 5);
    expect(found.map((s) => s.errorClass)).toEqual(['KeyError']);
    expect(text(found[0].template)).toBe('{name} not registered{after}');
    // (a replacement with no text of its own: the value stays a hole)
    expect(text(a.sites.find((s) => s.line === 16)!.template)).toBe('{v}');
  });

  it('files each text a message-named method may return in a table of its own', () => {
    const a = analyzeRuby(`class Verifier
  def failure_message
    failure_message_phrase(false)
  end

  private

  def failure_message_phrase(is_negated = false)
    negation = is_negated ? "was not" : "was"
    "The request #{@pattern} #{negation} expected to execute #{@times} times"
  end
end
`);
    const returns = (a.tables ?? []).filter((t) => t.name === RETURNS);
    const texts = returns.flatMap((t) => t.entries.filter((e) => e.key === 'failure_message/0').map((e) => text(e.template)));
    expect(texts).toEqual(['The request {pattern} was not expected to execute {times} times', 'The request {pattern} was expected to execute {times} times']);
  });

  it('marks the handled error\'s text, and the frames of a class taking its backtrace', () => {
    const a = analyzeRuby(`module ActiveJob
  class DeserializationError < StandardError
    def initialize
      super("Error while trying to deserialize arguments: #{$!.message}")
      set_backtrace $!.backtrace
    end
  end
  class SerializationError < StandardError
    def initialize
      super("Error while serializing: #{$!.message}")
    end
  end
end
class TopLevelError < StandardError; end
`);
    const holes = (name: string) => a.classes.find((c) => c.name === name)!.template!.filter((s) => isHole(s)).map((s) => (isHole(s) ? { inner: s.hole.inner, frames: s.hole.innerFrames } : null));
    expect(holes('DeserializationError')).toEqual([{ inner: true, frames: true }]);
    expect(holes('SerializationError')).toEqual([{ inner: true, frames: undefined }]);
    expect(a.classes.find((c) => c.name === 'DeserializationError')!.nested).toBe(true);
    expect(a.classes.find((c) => c.name === 'TopLevelError')!.nested).toBeUndefined();
  });
});
