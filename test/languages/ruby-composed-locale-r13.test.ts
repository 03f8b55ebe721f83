// The Ruby pack's forms of decision 0110: locale lookups whose key is written around a parameter
// (`translate("#{key}.message", attrs)`, `"#{key}.problem".to_sym`) and a method composing several
// such lookups of its own key into one text (the Problem/Summary/Resolution idiom); and the YAML
// locale reader's deep keys and double-quoted scalars over several lines (record/locale.ts).
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { yamlLocaleTable } from '../../src/record/locale.js';
import { bindTemplate } from '../../src/facts/classes.js';
import { isHole, lit, renderMessage, type Template } from '../../src/template/ir.js';

const show = (t: Template) => t.map((s) => (isHole(s) ? `{${s.hole.lookup ? `${s.hole.lookup.keyPrefix ?? ''}<${s.hole.lookup.param}>${s.hole.lookup.keySuffix ?? ''}` : s.hole.name}}` : s.lit)).join('');

const BASE = `module Errors
  class Base < StandardError
    def compose_message(key, attributes = {})
      @problem = create_problem(key, attributes)
      @summary = create_summary(key, attributes)
      "\\nProblem:\\n  #{@problem}" + "\\nSummary:\\n  #{@summary}"
    end

    private

    BASE_KEY = 'gem.errors.messages'

    def translate(key, options)
      ::I18n.translate("#{BASE_KEY}.#{key}", **{ locale: :en }.merge(options)).strip
    end

    def create_problem(key, attributes)
      translate("#{key}.message", attributes)
    end

    def create_summary(key, attributes)
      translate("#{key}.summary".to_sym, attributes)
    end
  end
end
`;

describe('ruby: locale lookups keyed around a parameter, composed (decision 0110)', () => {
  it('reports each helper with its key\'s written start and end, and the composing method as the whole text', () => {
    const returns = analyzeRuby(BASE).returns ?? [];
    const by = (name: string) => returns.find((r) => r.name === name);
    expect(show(by('translate')!.template)).toBe('{gem.errors.messages.<key>}');
    expect(show(by('create_problem')!.template)).toBe('{gem.errors.messages.<key>.message}');
    expect(show(by('create_summary')!.template)).toBe('{gem.errors.messages.<key>.summary}');
    expect(show(by('compose_message')!.template)).toBe('\nProblem:\n  {gem.errors.messages.<key>.message}\nSummary:\n  {gem.errors.messages.<key>.summary}');
  });

  it('binds a caller\'s key between the start and the end', () => {
    const composed = (analyzeRuby(BASE).returns ?? []).find((r) => r.name === 'compose_message')!;
    const bound = bindTemplate(composed.template, composed.params, [{ name: null, expr: "'duplicate_key'", template: [lit('duplicate_key')] }], () => null);
    const keys = bound.flatMap((s) => (isHole(s) && s.hole.lookup ? [s.hole.lookup.key] : []));
    expect(keys).toEqual(['gem.errors.messages.duplicate_key.message', 'gem.errors.messages.duplicate_key.summary']);
  });

  it('does not compose a method whose text holds one lookup only, nor a key with a computed end', () => {
    const returns = analyzeRuby(`class Base < StandardError
  def one(key)
    @problem = create_problem(key)
    "Problem: #{@problem}"
  end
  def create_problem(key)
    ::I18n.t("gem.errors.#{key}.message")
  end
  def other(key)
    ::I18n.t("gem.errors.#{key}.#{kind}")
  end
end
`).returns ?? [];
    expect(returns.map((r) => r.name).sort()).toEqual(['create_problem', 'one']);
    // (`one` hands its key to create_problem: the lookup, as before)
    expect(show(returns.find((r) => r.name === 'one')!.template)).toBe('{gem.errors.<key>.message}');
  });
});

describe('yamlLocaleTable: Rails-style files (decision 0110)', () => {
  it('keeps keys nested up to nine levels, the locale code left out', () => {
    const t = yamlLocaleTable('en:\n  ruby:\n    enum:\n      errors:\n        messages:\n          duplicate_key:\n            message: "Duplicate key."\n');
    expect(t?.entries.map((e) => [e.key, renderMessage(e.template), e.line])).toEqual([['ruby.enum.errors.messages.duplicate_key.message', 'Duplicate key.', 7]]);
  });

  it('folds a double-quoted scalar over several lines, with YAML\'s escapes', () => {
    const t = yamlLocaleTable('en:\n  a:\n    long: "First line.\\n\n    \\_Example:\\\n    joined\n\n    after"\n  b: "next"\n');
    expect(t?.entries.map((e) => [e.key, renderMessage(e.template)])).toEqual([['a.long', 'First line.\n \u00a0Example:joined\nafter'], ['b', 'next']]);
  });

  it('leaves a double-quoted scalar that never closes, and reads the lines after it', () => {
    const t = yamlLocaleTable('en:\n  a: "open\n  b: closed\n');
    expect(t?.entries.map((e) => e.key)).toEqual(['b']);
  });
});

describe('ruby: an Array interpolated (decision 0110)', () => {
  it('writes the brackets Array#inspect prints around the hole, for a value that is an Array only', () => {
    const a = analyzeRuby(`class G
  def check(options, list)
    raise ArgumentError, "Unknown options: #{options.keys}"
    raise ArgumentError, "Names: #{list.map(&:name)} or #{list.sort_by { |x| x.size }}"
    raise ArgumentError, "Joined: #{options.keys.join(', ')}"
    raise ArgumentError, "Count: #{list.map(&:name).size}, first #{list.first}"
    raise ArgumentError, "Sliced: #{list.map(2)}"
  end
end
`);
    const at = (line: number) => renderMessage(a.sites.find((s) => s.line === line)!.template!);
    expect(at(3)).toBe('Unknown options: [{keys}]');
    expect(at(4)).toMatch(/^Names: \[\{[^}]+\}\] or \[\{[^}]+\}\]$/);
    expect(at(5)).not.toContain('[');
    expect(at(6)).not.toContain('[');
    // (a call given an argument other than a block: not read as one)
    expect(at(7)).not.toContain('[');
  });
});
