// ReturnIndex: a call hole bound to the method of the tree that returns a message for it.
import { describe, expect, it } from 'vitest';
import { ReturnIndex } from '../../src/record/returns.js';
import type { Template } from '../../src/template/ir.js';

// (Ruby's parser gem: messages.rb's `def self.compile(reason, arguments) = format(MESSAGES[reason], arguments)`,
// diagnostic.rb's `def message = Messages.compile(@reason, @arguments)`)
const compile = { name: 'compile', params: ['reason', 'arguments'], line: 114, template: [{ hole: { name: 'reason', expr: 'reason', kind: 'any', lookup: { table: 'MESSAGES', key: null, param: 'reason' } } }] as Template };
const held = {
  name: 'message', params: [], line: 69,
  template: [{ hole: { name: 'compile', expr: 'Messages.compile(@reason, @arguments)', kind: 'any', call: { callee: 'compile', args: [
    { name: null, expr: '@reason', template: [{ hole: { name: 'reason', expr: '@reason', kind: 'any' } }] as Template },
    { name: null, expr: '@arguments', template: [{ hole: { name: 'arguments', expr: '@arguments', kind: 'any' } }] as Template },
  ] } } }] as Template,
};
const callOf = (callee: string, args: { name: string | null; expr: string; template: Template }[] = []): Template => [{ hole: { name: callee, expr: `x.${callee}`, kind: 'any', call: { callee, args } } }];

describe('ReturnIndex', () => {
  it('follows a method of no parameters returning another call to the table lookup it ends in', () => {
    const index = new ReturnIndex();
    index.add('lib/parser/messages.rb', [compile]);
    index.add('lib/parser/diagnostic.rb', [held]);
    const t = index.resolve(callOf('message'), 'lib/parser/syntax_error.rb');
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ hole: { lookup: { table: 'MESSAGES', key: null } } });
    expect('call' in (t[0] as { hole: object }).hole).toBe(false);
  });

  it('answers a call giving no arguments only by a method taking none', () => {
    const index = new ReturnIndex();
    index.add('lib/clamp/messages.rb', [{ ...compile, name: 'message' }]);
    const t = index.resolve(callOf('message'), 'lib/other.rb');
    expect(t).toEqual([{ hole: { name: 'message', expr: 'x.message', kind: 'any' } }]);
    // (given its key, the same method answers)
    const keyed = index.resolve(callOf('message', [{ name: null, expr: ':too_many_arguments', template: [{ lit: 'too_many_arguments' }] }]), 'lib/other.rb');
    expect(keyed[0]).toMatchObject({ hole: { lookup: { table: 'MESSAGES', key: 'too_many_arguments' } } });
  });
});
