// Ruby pack, held-out round 20 (decision 0152): a class's namespace, so that a reference by a path
// (`Date::Error`) reaches only a class whose namespace ends with its qualifier (facts/classes.ts
// lookup), and the text of appends with none of the conditional ones when there are more
// conditions than the forks' room.
import { describe, expect, it } from 'vitest';
import { ClassTable } from '../../src/facts/classes.js';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';

const text = (t: { lit?: string; hole?: { name: string } }[] | null) => (t ?? []).map((s) => s.lit ?? `{${s.hole!.name}}`).join('');
const classes = (src: string) => analyzeRuby(src).classes;

describe('ruby: the namespace a class is written in', () => {
  it('is the path of the modules and classes around it, and of its own written path', () => {
    expect(classes('module Octo\n  class Error < StandardError\n  end\nend\n')[0].namespace).toBe('Octo');
    expect(classes('module Aws\n  module Errors\n    class MissingRegionError < ArgumentError\n    end\n  end\nend\n')[0].namespace).toBe('Aws::Errors');
    expect(classes('module A\n  class B::C < StandardError\n  end\nend\n')[0].namespace).toBe('A::B');
    expect(classes('class ::Top::Err < StandardError\nend\n')[0].namespace).toBe('Top');
    expect(classes('class Err < StandardError\nend\n')[0].namespace).toBe('');
  });
});

describe('ruby: a class named by a path (facts/classes.ts lookup)', () => {
  const table = new ClassTable();
  table.add('lib/octo/error.rb', classes('module Octo\n  class Error < StandardError\n    def initialize(r = nil)\n      super("request failed: #{r}")\n    end\n  end\nend\n'));
  table.add('lib/octo/errors.rb', classes('module Octo\n  module Errors\n    class Invalid < StandardError\n    end\n  end\nend\n'));

  it('does not reach a class of the same last name in another namespace', () => {
    expect(table.lookup('Date::Error', 'lib/octo/client.rb')).toBeUndefined();
    expect(table.lookup('::Error', 'lib/octo/client.rb')).toBeUndefined();
    expect(table.lookup('Timeout::Error', 'lib/octo/client.rb')).toBeUndefined();
  });

  it('reaches the class by its full path, a path relative to an outer module, and its bare name', () => {
    expect(table.lookup('Octo::Error', 'lib/octo/client.rb')?.file).toBe('lib/octo/error.rb');
    expect(table.lookup('Errors::Invalid', 'lib/octo/client.rb')?.file).toBe('lib/octo/errors.rb');
    expect(table.lookup('Octo::Errors::Invalid', 'lib/octo/client.rb')?.file).toBe('lib/octo/errors.rb');
    expect(table.lookup('Error', 'lib/octo/error.rb')?.file).toBe('lib/octo/error.rb');
    expect(table.lookup('::Octo::Error', 'lib/x.rb')?.file).toBe('lib/octo/error.rb');
    expect(table.lookup('::Errors::Invalid', 'lib/x.rb')).toBeUndefined();
  });

  it('keeps a class of unknown namespace (another language\'s, or one not read) a candidate', () => {
    const t = new ClassTable();
    t.add('lib/a.rb', [{ name: 'Error', bases: ['StandardError'], line: 1, template: [{ lit: 'boom' }], params: [] }]);
    expect(t.lookup('Date::Error', 'lib/b.rb')?.file).toBe('lib/a.rb');
  });
});

describe('ruby: conditional appends past the forks\' room', () => {
  it('keep the text with none of them, every condition false', () => {
    const src = 'class NoSolution < StandardError\n  def initialize(message = nil, causes = {})\n    super(message)\n    @message = message\n  end\n\n  def to_s\n    s = ""\n    s << "#{@message}\\n"\n    s << "Missing: #{missing.join(",")}\\n" unless missing.empty?\n    unless excluded.empty?\n      s << "Excluded: #{excluded.join(",")}\\n"\n    end\n    s << "Demand: #{demand}\\n" if demand\n    unless conflicting.empty?\n      s << "Conflicting: #{conflicting.join(",")}"\n    end\n    s\n  end\nend\n';
    const [c] = classes(src);
    const all = [c.template, ...(c.branches ?? [])].map((t) => text(t as never));
    expect(all).toContain('{message}\n');
    expect(all[0]).toBe('{message}\nMissing: {join}\nExcluded: {join}\nDemand: {demand}\nConflicting: {join}');
  });

  it('add nothing when every condition had room to fork', () => {
    const src = 'def f(r)\n  m = "failed: #{r.code}"\n  m << " (retry)" if r.retry?\n  raise Failed, m\nend\n';
    const s = analyzeRuby(src).sites[0];
    const all = [s.template, ...(s.args[0].alts ?? [])].map((t) => text(t as never));
    expect(all.filter((t) => t === 'failed: {code}')).toHaveLength(1);
  });
});
