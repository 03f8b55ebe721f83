// The Ruby pack's message-named methods: the texts a file's `def error_message` / `def failure_message`
// return (its RETURNS table), and the calls it cannot read itself left as lookups into the tree's.
import { describe, expect, it } from 'vitest';
import { analyzeRuby } from '../../src/languages/ruby/analyze.js';
import { RETURNS } from '../../src/languages/ruby/template.js';
import { isHole, isLit, type Template } from '../../src/template/ir.js';

const lookups = (t: Template | null | undefined) => (t ?? []).flatMap((s) => (isHole(s) && s.hole.lookup ? [s.hole.lookup] : []));

describe('ruby: message-named methods across files', () => {
  it('files the texts message-named methods return, their early returns too, and no other method', () => {
    const a = analyzeRuby(`class MaxLength < Limit
  def self.error_message(schema)
    "was not of a maximum string length of #{schema['maxLength']}"
  end
  def failure_message
    return "expected: truthy value" unless @negated
    compute
  end
  def message
    "not a lookup target"
  end
  def limit_name
    'maxLength'
  end
end
`);
    const table = a.tables?.find((t) => t.name === RETURNS);
    expect(table?.entries.map((e) => [e.key, e.line])).toEqual([['error_message/1', 3], ['failure_message/0', 6]]);
  });

  it('looks up an abstract method, a receiver\'s and a __send__ of a literal name, never one the file gives', () => {
    const a = analyzeRuby(`class Limit < Attribute
  def self.validate(data)
    description = error_message(data)
    raise ValidationError, format("The property '%s' %s", data, description)
  end
  def self.error_message(schema)
    raise NotImplementedError
  end
end
def check(matcher)
  raise Failure, matcher.failure_message
end
def check_not(matcher)
  raise Failure, matcher.__send__(:failure_message_when_negated)
end
def own
  raise Failure, own_message
end
def own_message
  "written here"
end
def plain(e)
  raise Failure, e.message
end
`);
    const at = (line: number) => a.sites.find((s) => s.line === line)!;
    expect(lookups(at(4).template)).toEqual([{ table: RETURNS, key: 'error_message/1', definers: 32 }]);
    expect(at(4).template?.[0]).toEqual({ lit: "The property '" });
    expect(lookups(at(11).template)).toEqual([{ table: RETURNS, key: 'failure_message/0', definers: 32 }]);
    expect(lookups(at(14).template)).toEqual([{ table: RETURNS, key: 'failure_message_when_negated/0', definers: 32 }]);
    // (the file's own text, and Exception#message, are no lookups)
    expect(at(17).template).toEqual([{ lit: 'written here' }]);
    expect(lookups(at(23).template)).toEqual([]);
  });

  it('reads a raising helper handed the error it builds, and __send__ of a parameter its callers give a symbol', () => {
    const a = analyzeRuby(`module Expectations
  def self.fail_with(message)
    Support.notify_failure(ExpectationNotMetError.new(message))
  end
  def self.report(thing)
    Support.notify_failure(thing)
  end
end
module Helper
  def self.handle_failure(matcher, message, method_name)
    message ||= matcher.__send__(method_name)
    Expectations.fail_with message
  end
  def self.positive(matcher, custom)
    handle_failure(matcher, custom, :failure_message)
  end
end
`);
    // (the construction handed to a failure-named helper is a raise of that class; a value passed on is not)
    expect(a.sites.map((s) => [s.line, s.errorClass, s.template])).toEqual([[3, 'ExpectationNotMetError', [{ hole: { name: 'message', expr: 'message', kind: 'any' } }]]]);
    const call = a.calls?.find((c) => c.callee === 'fail_with');
    expect(lookups(call?.args[0].template)).toEqual([{ table: RETURNS, key: 'failure_message/0', definers: 32 }]);
  });
});

describe('ruby: a StringIO buffer read whole', () => {
  const text = (t: Template | null | undefined) => (t ?? []).map((s) => (isLit(s) ? s.lit : isHole(s) ? `{${s.hole.name}}` : '?')).join('');
  const messages = (source: string) => analyzeRuby(source).sites.map((s) => text(s.template));

  it('joins the writes of the block it is made in, `puts` ending a line, before the read', () => {
    expect(messages(`def status_error(req, res)
  message = StringIO.new
  str = "Expected(#{req.inspect}) <=>" + " Actual(#{res})"
  message.puts(str)
  message << "more"
  raise Failed.new(message.read)
end`)).toEqual(['Expected({req}) <=> Actual({res})\nmore']);
  });

  it('ends the text with a hole at another statement naming the buffer, and reads only StringIO.new', () => {
    expect(messages(`def f(d)
  if d
    message = StringIO.new
    message.puts('no stubs matched')
    Printer.pp(message, d)
    raise(NotFound.new(message.string))
  end
end`)).toEqual(['no stubs matched\n{string}']);
    expect(messages(`def g(d)
  message = Buffer.new
  message.puts('no stubs matched')
  raise(NotFound.new(message.string))
end`)).toEqual(['{string}']);
  });
});
