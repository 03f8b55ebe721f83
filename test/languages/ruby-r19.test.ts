// Ruby pack, held-out round 19 (decision 0145): an error made by a class method of an error class
// of another file, a `super` of `message` in a class whose constructor never calls `super`, and
// conditional appends of holes only.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';

const sites = (src: string) => analyzeRuby(src).sites.map((s) => ({ errorClass: s.errorClass, template: s.template }));
const text = (t: { lit?: string; hole?: { name: string } }[] | null) => (t ?? []).map((s) => s.lit ?? `{${s.hole!.name}}`).join('');

describe('ruby: an error made by a class method of an error class', () => {
  it('reads `raise e` of `e = Mod::Error.from_response(r)` (and the call raised directly) as that class, its message the class\'s', () => {
    const local = sites('class M\n  def f(r)\n    if error = Api::Error.from_response(r)\n      raise error\n    end\n  end\nend\n');
    expect(local).toEqual([{ errorClass: 'Api::Error', template: null }]);
    expect(sites('def f(r)\n  raise ClientException.build(r)\nend\n')).toEqual([{ errorClass: 'ClientException', template: null }]);
  });

  it('leaves a call on a name that is no error class, and a class the file defines (its factory is read there)', () => {
    expect(sites('def f(r)\n  raise Errors.from_response(r)\nend\n')[0].errorClass).toBeNull();
    expect(sites('def f(r)\n  e = Helper.wrap(r)\n  raise e\nend\n')[0].errorClass).toBeNull();
    const own = sites('class ParseError < StandardError\n  def self.at(pos) = new("bad at #{pos}")\nend\ndef f(p)\n  raise ParseError.at(p)\nend\n');
    expect(own[0].errorClass).not.toBe('ParseError');
  });
});

describe('ruby: `super` of `message` in a class whose constructor does not call `super`', () => {
  it('is the class\'s full name (Exception#message of an error made with no message)', () => {
    const src = 'module Net\n  class ReadTimeout < Timeout::Error\n    def initialize(io = nil)\n      @io = io\n    end\n\n    def message\n      msg = super\n      if @io\n        msg = "#{msg} with #{@io.inspect}"\n      end\n      msg\n    end\n  end\nend\n';
    const [c] = analyzeRuby(src).classes;
    expect(text(c.template as never)).toBe('Net::ReadTimeout with {io}');
  });

  it('stays the constructor\'s message when `initialize` passes one to `super`', () => {
    const src = 'class Timeout < StandardError\n  def initialize(msg, io)\n    @io = io\n    super(msg)\n  end\n\n  def message\n    m = super\n    "#{m} with #{@io}"\n  end\nend\n';
    const [c] = analyzeRuby(src).classes;
    expect(text(c.template as never)).not.toContain('Timeout');
  });
});

describe('ruby: conditional appends of holes only', () => {
  it('do not fork the texts; the appends with text do', () => {
    const src = 'def f(r)\n  m = "#{r.verb} #{r.url}: "\n  m << "#{r.note}" unless r.note.nil?\n  m << "#{r.error}" unless r.error.nil?\n  m << "\\nSummary: #{r.summary}" if r.summary\n  m << " // See: #{r.doc}" if r.doc\n  raise Failed, m\nend\n';
    const s = analyzeRuby(src).sites[0];
    const all = [s.template, ...(s.args[0].alts ?? [])].map((t) => text(t as never));
    expect(all).toEqual(expect.arrayContaining([
      '{verb} {url}: {note}{error}\nSummary: {summary} // See: {doc}',
      '{verb} {url}: {note}{error}\nSummary: {summary}',
      '{verb} {url}: {note}{error} // See: {doc}',
      '{verb} {url}: {note}{error}',
    ]));
  });
});
