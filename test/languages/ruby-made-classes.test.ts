// The Ruby pack's error classes made away from their raise (decision 0088): classes a loop makes from a
// table of texts and puts in a constant map (MADE_CLASSES, raised through that map), and a class
// overriding the method its base class's message calls (the template method).
import { describe, expect, it } from 'vitest';
import { analyzeRuby, MADE_CLASSES } from '../../src/languages/ruby/analyze.js';
import { HELPERS } from '../../src/languages/ruby/template.js';
import { isHole, isLit, type Template } from '../../src/template/ir.js';

const text = (t: Template | null | undefined) => (t ?? []).map((s) => (isLit(s) ? s.lit : isHole(s) ? `{${s.hole.name}}` : '?')).join('');

describe('ruby: error classes a loop makes from a table of texts', () => {
  const source = `module Net
  STATUSES = {404 => 'Not Found', 'gone' => 'Gone', 500 => 'Server Error'}
  MAP = {}
  STATUSES.each_pair do |code, message|
    klass = Class.new(Failed) do
      send(:define_method, :default_message) { "#{http_code ? "#{http_code} " : ''}#{message}" }
    end
    MAP[code] = klass
  end
  OTHER = {1 => 'a', 2 => 'b'}
  OTHER.each_pair do |code, message|
    Class.new(Failed) { define_method(:default_message) { message } }
  end
end
`;

  it('files each entry\'s text under the map the loop fills, keyed as the table is, with the ternary\'s other text', () => {
    const a = analyzeRuby(source);
    const made = a.tables?.filter((t) => t.name.startsWith(MADE_CLASSES)) ?? [];
    // (the second loop puts its classes in no map: nothing to raise them through)
    expect(made.map((t) => t.name)).toEqual([`${MADE_CLASSES}MAP`]);
    expect(made[0].entries.map((e) => [e.key, text(e.template), e.line])).toEqual([
      ['404', '{http_code} Not Found', 2], ['404', 'Not Found', 2],
      ['gone', '{http_code} Gone', 2], ['gone', 'Gone', 2],
      ['500', '{http_code} Server Error', 2], ['500', 'Server Error', 2],
    ]);
  });

  it('reads a raise of a class fetched from a constant map as a lookup of that map, keyed when the key is written', () => {
    const a = analyzeRuby(`class Response
  def fail!(code)
    klass = Exceptions::MAP.fetch(code)
    raise klass.new(self, code)
  end
  def gone!
    klass = MAP[404]
    raise klass.new(self)
  end
  def other!(klass)
    raise klass.new(self)
  end
end
`);
    const lookups = a.sites.map((s) => (s.template?.length === 1 && isHole(s.template[0]) ? s.template[0].hole.lookup ?? null : null));
    expect(lookups).toEqual([{ table: `${MADE_CLASSES}MAP`, key: null }, { table: `${MADE_CLASSES}MAP`, key: '404' }, null]);
    expect(a.sites.map((s) => s.errorClass)).toEqual([null, null, null]);
  });
});

describe('ruby: a class overriding the method its base class\'s message calls', () => {
  it('reads the base\'s message with the subclass\'s text, up the file\'s chain, and only when the message calls it', () => {
    const a = analyzeRuby(`module Client
  class Error < RuntimeError
    def message
      @message || default_message
    end
    def default_message
      self.class.name
    end
  end
  class WithResponse < Error
  end
  class RequestFailed < WithResponse
    def default_message
      "HTTP status code #{http_code}"
    end
  end
  class Plain < StandardError
    def to_s
      "plain: #{detail}"
    end
  end
  class Detailed < Plain
    def hint
      "unrelated text"
    end
  end
end
`);
    const byName = new Map(a.classes.map((c) => [c.name, c]));
    expect(text(byName.get('RequestFailed')?.template)).toBe('HTTP status code {http_code}');
    expect(byName.get('RequestFailed')?.templateFrom).toBe('str');
    expect(byName.get('WithResponse')?.template ?? null).toBeNull();
    // (Plain's to_s calls no method Detailed defines: Detailed's message is its base's, facts/classes.ts)
    expect(byName.get('Detailed')?.template ?? null).toBeNull();
  });

  it('reads `@ivar || value` as the value only for such a subclass: elsewhere each subclass may say another', () => {
    const a = analyzeRuby(`class ParseError < RuntimeError
  Reason = 'parse error'
  def reason
    @reason || self.class::Reason
  end
  def message
    "#{reason}: #{args.join(' ')}"
  end
end
class InvalidOption < ParseError
  Reason = 'invalid option'
end
`);
    expect(text(a.classes.find((c) => c.name === 'ParseError')?.template)).toBe('{reason}: {join}');
  });
});

describe('ruby: a helper of no parameters another file of the class defines', () => {
  it('files the texts of helpers of no parameters by name, not one-word readers nor message-named ones', () => {
    const a = analyzeRuby(`class ShellOut
  def format_for_exception
    msg = ""
    msg << "---- Begin output of #{command} ----\\n"
    msg << "---- End output of #{command} ----\\n"
    msg
  end
  def command
    "ls"
  end
  def error_message
    "handled by the message-named table"
  end
  def with_param(x)
    "not filed: #{x}"
  end
end
`);
    const helpers = a.tables?.find((t) => t.name === HELPERS);
    expect(helpers?.entries.map((e) => [e.key, text(e.template)])).toEqual([['format_for_exception', '---- Begin output of ls ----\n---- End output of ls ----']]);
  });

  it('reads a bare call of a helper name the file defines no method of as a lookup, never an attribute, a local or a block\'s parameter', () => {
    const a = analyzeRuby(`class ShellOut
  module Unix
    attr_reader :exit_code_text
    def run_command
      raise CommandTimeout, "Command timed out:\\n#{format_for_exception}"
    end
    def other
      raise Failed, "exit: #{exit_code_text}"
    end
    def merge
      source, join_condition = @opts
      raise Error, "can't express #{join_condition}"
    end
    def each_item
      items.each { |item_name| raise Error, "bad #{item_name}" }
    end
  end
end
`);
    const looked = a.sites.map((s) => (s.template ?? []).flatMap((x) => (isHole(x) && x.hole.lookup ? [`${x.hole.lookup.table} ${x.hole.lookup.key}`] : [])));
    expect(looked).toEqual([[`${HELPERS} format_for_exception`], [], [], []]);
  });
});
