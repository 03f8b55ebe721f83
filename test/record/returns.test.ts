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

describe('ReturnIndex, a key written before the parameter (Lookup.keyPrefix)', () => {
  // (grape's base.rb: `compose_message(key, **attributes)` → `translate("#{BASE_MESSAGES_KEY}.#{key}")` → `::I18n.translate(key)`)
  const compose = { name: 'compose_message', params: ['key', 'attributes'], line: 27, template: [{ hole: { name: 'key', expr: 'key', kind: 'any', lookup: { table: '', key: null, param: 'key', keyPrefix: 'grape.errors.messages.' } } }] as Template };

  it('puts the start before the caller\'s literal key', () => {
    const index = new ReturnIndex();
    index.add('lib/grape/exceptions/base.rb', [compose]);
    const t = index.resolve(callOf('compose_message', [
      { name: null, expr: ':unknown_validator', template: [{ lit: 'unknown_validator' }] },
      { name: 'validator_type', expr: 'validator_type', template: [{ hole: { name: 'validator_type', expr: 'validator_type', kind: 'any' } }] },
    ]), 'lib/grape/exceptions/unknown_validator.rb');
    expect(t).toHaveLength(1);
    expect(t[0]).toMatchObject({ hole: { lookup: { table: '', key: 'grape.errors.messages.unknown_validator' } } });
    expect((t[0] as { hole: { lookup: object } }).hole.lookup).not.toHaveProperty('keyPrefix');
  });
});

describe('ReturnIndex.resolveAll, a function choosing between texts', () => {
  // (the kit's JobErrors.kt: `internal fun transitionText(from, to) = when (to) { RUNNING -> "Job cannot start from
  // state $from"; DONE -> "Only a running job can finish (state: $from)" … }`, each text reported under one name and line)
  const text = (lit: string): Template => [{ lit }, { hole: { name: 'from', expr: 'from', kind: 'any' } }];
  const texts = [text('Job cannot start from state '), text('Only a running job can finish, state: ')].map((template) => ({ name: 'transitionText/2', params: ['from', 'to'], line: 25, template }));
  const args = [
    { name: null, expr: 'state', template: [{ hole: { name: 'state', expr: 'state', kind: 'any' } }] as Template },
    { name: null, expr: 'to', template: [{ hole: { name: 'to', expr: 'to', kind: 'any' } }] as Template },
  ];

  it('gives each text, bound to the call', () => {
    const index = new ReturnIndex();
    index.add('JobErrors.kt', texts);
    const all = index.resolveAll(callOf('transitionText/2', args), 'Jobs.kt');
    expect(all).toEqual([
      [{ lit: 'Job cannot start from state ' }, { hole: { name: 'state', expr: 'state', kind: 'any' } }],
      [{ lit: 'Only a running job can finish, state: ' }, { hole: { name: 'state', expr: 'state', kind: 'any' } }],
    ]);
    // (resolve still gives the first)
    expect(index.resolve(callOf('transitionText/2', args), 'Jobs.kt')).toEqual(all[0]);
  });

  it('takes one function: another of the name, in another file or at another line, is not added', () => {
    const index = new ReturnIndex();
    index.add('JobErrors.kt', [texts[0]]);
    index.add('Other.kt', [{ ...texts[1], line: 3 }]);
    expect(index.resolveAll(callOf('transitionText/2', args), 'Jobs.kt')).toHaveLength(1);
  });
});

describe('ReturnIndex, hook calls (Hole.call.hook, decision 0135)', () => {
  // (PHPUnit's Constraint::fail: `sprintf('Failed asserting that %s.', $this->failureDescription($other))`;
  // Count.php's `protected function failureDescription($other) { return sprintf('actual size %d matches expected size %d', …); }`)
  const own: Template = [{ hole: { name: 'other', expr: 'this->exporter()->export(other)', kind: 'any' } }, { lit: ' is ok' }];
  const site: Template = [
    { lit: 'Failed asserting that ' },
    { hole: { name: 'failureDescription', expr: 'this->failureDescription(other)', kind: 'any', call: { callee: 'failureDescription', hook: own, args: [
      { name: null, expr: '$other', template: [{ hole: { name: 'other', expr: 'other', kind: 'any' } }] as Template },
    ] } } },
    { lit: '.' },
  ];
  const count = { name: 'failureDescription', params: ['other'], line: 134, hook: true, template: [
    { lit: 'actual size ' }, { hole: { name: 'other', expr: 'this->getCountOf(other)', kind: 'int' } }, { lit: ' matches expected size ' },
    { hole: { name: 'expectedCount', expr: 'this->expectedCount', kind: 'int' } },
  ] as Template };

  it("puts the base's own text first, then each override of another file", () => {
    const index = new ReturnIndex();
    index.add('Framework/Constraint/Cardinality/Count.php', [count]);
    const all = index.expandHooks(site, 'Framework/Constraint/Constraint.php');
    expect(all).toHaveLength(2);
    expect(all[0][0]).toEqual({ lit: 'Failed asserting that ' });
    expect(all[0].filter((s) => 'lit' in s).map((s) => (s as { lit: string }).lit)).toEqual(['Failed asserting that ', ' is ok.']);
    expect(all[1].filter((s) => 'lit' in s).map((s) => (s as { lit: string }).lit)).toEqual(['Failed asserting that actual size ', ' matches expected size ', '.']);
  });

  it('keeps overrides apart from the methods calls of another name are answered by, and resolves a hook alone to the base text', () => {
    const index = new ReturnIndex();
    index.add('Framework/Constraint/Cardinality/Count.php', [count]);
    // (a plain call of that name is not answered by an override)
    expect(index.resolve(callOf('failureDescription', [{ name: null, expr: '$x', template: [{ lit: 'x' }] }]), 'Other.php')).toEqual([{ hole: { name: 'failureDescription', expr: 'x.failureDescription', kind: 'any' } }]);
    // (the base's file's own override is not another message; resolve gives the base text)
    expect(index.expandHooks(site, 'Framework/Constraint/Cardinality/Count.php')).toHaveLength(1);
    expect(index.resolve(site, 'Framework/Constraint/Constraint.php').filter((s) => 'lit' in s).map((s) => (s as { lit: string }).lit)).toEqual(['Failed asserting that ', ' is ok.']);
  });
});
