// The Ruby pack's messages of collected errors: `errors.map(&:message).join("\n")` (and `collect`,
// `full_message`, a block `{ |e| e.message }`, `to_s` of a list named as errors) is a hole holding other
// errors' messages (Hole.inner); `types.map(&:to_s).join` (values) and other blocks stay plain holes.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { isHole, type Template } from '../../src/template/ir.js';

const inner = (t: Template | null | undefined) => (t ?? []).filter((s) => isHole(s)).map((s) => (isHole(s) && s.hole.inner ? 'inner' : 'plain'));

describe('ruby: the messages of collected errors', () => {
  it('marks the join of the messages of a list of errors', () => {
    const a = analyzeRuby(`class Parser
  def a(errors)
    raise Composite, "Parser errors:\\n" + errors.map(&:message).join("\\n")
  end
  def b
    raise Composite, "failed: #{@errors.collect { |e| e.full_message }.join(', ')}"
  end
  def c(failures)
    raise Composite, "failed: #{failures.map(&:to_s).join('; ')}"
  end
  def d(types)
    raise ArgumentError, "expected one of #{types.map(&:to_s).join(', ')}"
  end
  def e(errors)
    raise ArgumentError, "bad: #{errors.map { |e| e.message(1) }.join(', ')}"
  end
  def f(errors)
    raise ArgumentError, "bad: #{errors.map { |e| e.name }.join(', ')}"
  end
end
`);
    const at = (line: number) => a.sites.find((s) => s.line === line)!;
    expect(inner(at(3).template)).toEqual(['inner']);
    expect(inner(at(6).template)).toEqual(['inner']);
    expect(inner(at(9).template)).toEqual(['inner']);
    expect(inner(at(12).template)).toEqual(['plain']);
    expect(inner(at(15).template)).toEqual(['plain']);
    expect(inner(at(18).template)).toEqual(['plain']);
  });
});
