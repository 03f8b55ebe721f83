import { describe, expect, it } from 'vitest';
import { UNKNOWN } from '../../src/core/condition.js';
import * as javascript from '../../src/languages/javascript/condition.js';
import * as python from '../../src/languages/python/condition.js';
import * as go from '../../src/languages/go/condition.js';
import * as php from '../../src/languages/php/condition.js';
import * as ruby from '../../src/languages/ruby/condition.js';
import * as jvm from '../../src/languages/jvm/condition.js';
import * as rust from '../../src/languages/rust/condition.js';

const name = (n: string) => ({ kind: 'name', name: n });
const lit = (value: unknown) => ({ kind: 'literal', value });

describe('Python conditions as IR', () => {
  const expr = (text: string) => python.parseCondition(text).expr;

  it('keeps the text, and empty tuples and lists are false', () => {
    expect(python.parseCondition("':' in code")).toEqual({
      text: "':' in code", expr: { kind: 'in', item: lit(':'), container: name('code'), negated: false }, emptyListFalse: true,
    });
  });

  it('reads membership, identity, comparisons, len, isinstance and string methods', () => {
    expect(expr("mode not in ('r', 'w')")).toEqual({ kind: 'in', item: name('mode'), container: { kind: 'list', items: [lit('r'), lit('w')] }, negated: true });
    expect(expr('x is not None')).toEqual({ kind: 'is', left: name('x'), right: lit(null), negated: true });
    expect(expr('len(x) > 3')).toEqual({ kind: 'compare', op: 'gt', left: { kind: 'length', value: name('x'), ofLists: true }, right: lit(3) });
    expect(expr("name.strip().startswith(('a', 'b'))")).toEqual({
      kind: 'method', method: 'startsWith', listArg: true, args: [{ kind: 'list', items: [lit('a'), lit('b')] }],
      target: { kind: 'method', method: 'trim', listArg: true, args: [], target: name('name') },
    });
    expect(expr('not (isinstance(code, (str, QName)))')).toEqual({ kind: 'not', value: { kind: 'instanceof', value: name('code'), type: '(str, QName)' } });
    expect(expr('x == 1 or x != 2 and not y')).toEqual({
      kind: 'or', operands: [
        { kind: 'compare', op: 'eq', left: name('x'), right: lit(1) },
        { kind: 'and', operands: [{ kind: 'compare', op: 'ne', left: name('x'), right: lit(2) }, { kind: 'not', value: name('y') }] },
      ],
    });
  });

  it('gives unknown for what it does not read: a part, or the whole text', () => {
    expect(expr('self.strict and code')).toEqual({ kind: 'and', operands: [{ kind: 'unknown', text: 'self.strict' }, name('code')] });
    expect(expr('check(code) or code')).toEqual({ kind: 'or', operands: [{ kind: 'unknown', text: 'check(code)' }, name('code')] });
    expect(expr("f'{x}' in y")).toEqual({ kind: 'unknown' });
    expect(expr('x + 1 > 2')).toEqual({ kind: 'unknown' });
    expect(expr('a < b < c')).toEqual({ kind: 'unknown' });
  });

  it('reads literal arguments', () => {
    expect(python.parseLiteral("r'a\\d'")).toBe('a\\d');
    expect(python.parseLiteral(' "x" ')).toBe('x');
    expect(python.parseLiteral('None')).toBe(null);
    expect(python.parseLiteral('12')).toBe(12);
    expect(python.parseLiteral('-1')).toBe(UNKNOWN);
    expect(python.parseLiteral('true')).toBe(UNKNOWN);
    expect(python.parseLiteral("f'x'")).toBe(UNKNOWN);
  });
});

describe('JavaScript conditions as IR', () => {
  const expr = (text: string) => javascript.parseCondition(text).expr;

  it('keeps the text, and any array is true', () => {
    expect(javascript.parseCondition("typeof size !== 'number'")).toEqual({
      text: "typeof size !== 'number'", expr: { kind: 'compare', op: 'ne', left: { kind: 'typeof', value: name('size') }, right: lit('number') }, emptyListFalse: false,
    });
  });

  it('reads strict and loose equality, .length, string methods, !, && and ||', () => {
    expect(expr('value == null')).toEqual({ kind: 'compare', op: 'looseEq', left: name('value'), right: lit(null) });
    expect(expr("name.length > 3 && !name.startsWith('x')")).toEqual({
      kind: 'and', operands: [
        { kind: 'compare', op: 'gt', left: { kind: 'length', value: name('name'), ofLists: false }, right: lit(3) },
        { kind: 'not', value: { kind: 'method', method: 'startsWith', target: name('name'), args: [lit('x')], listArg: false } },
      ],
    });
    expect(expr("code.toLowerCase().indexOf(':') < 0 || mode === undefined")).toEqual({
      kind: 'or', operands: [
        { kind: 'compare', op: 'lt', right: lit(0), left: {
          kind: 'method', method: 'indexOf', args: [lit(':')], listArg: false, target: { kind: 'method', method: 'lower', args: [], listArg: false, target: name('code') },
        } },
        { kind: 'compare', op: 'eq', left: name('mode'), right: lit(undefined) },
      ],
    });
  });

  it('reads instanceof where it leaves the whole condition unknown, else not at all', () => {
    expect(expr('!(err instanceof errors.TypeError)')).toEqual({ kind: 'not', value: { kind: 'instanceof', value: name('err'), type: 'errors.TypeError' } });
    expect(expr('x instanceof Foo || y')).toEqual({ kind: 'unknown' });
    expect(expr('ok && x instanceof Foo')).toEqual({ kind: 'unknown' });
  });

  it('gives unknown for what it does not read', () => {
    expect(expr('isKeyObject(key) || x')).toEqual({ kind: 'or', operands: [{ kind: 'unknown', text: 'isKeyObject(key)' }, name('x')] });
    expect(expr("'x' in opts")).toEqual({ kind: 'unknown' });
    expect(expr('x ?? y')).toEqual({ kind: 'unknown' });
    expect(expr('name.strip()')).toEqual({ kind: 'unknown', text: 'name.strip()' });
  });

  it('reads literal arguments', () => {
    expect(javascript.parseLiteral("'a\\'b'")).toBe("a'b");
    expect(javascript.parseLiteral('undefined')).toBe(undefined);
    expect(javascript.parseLiteral('false')).toBe(false);
    expect(javascript.parseLiteral("r'x'")).toBe(UNKNOWN);
    expect(javascript.parseLiteral('None')).toBe(UNKNOWN);
    expect(javascript.parseLiteral('`x`')).toBe(UNKNOWN);
  });
});

describe('names that are keys of every JavaScript object', () => {
  // The packs' constant and function tables are object literals: `constructor` or `toString`
  // written in analyzed code is a name there, not an entry inherited from Object.prototype.
  const packs = { python, javascript, go, php, ruby, jvm, rust };
  for (const [pack, m] of Object.entries(packs)) {
    it(`${pack} reads them as names and not as literals`, () => {
      expect(m.parseLiteral('constructor')).toBe(UNKNOWN);
      expect(m.parseLiteral('toString')).toBe(UNKNOWN);
      // Rust reads no condition past its literals
      expect(m.parseCondition('constructor').expr).toEqual(pack === 'rust' ? { kind: 'unknown' } : name('constructor'));
    });
  }
  it('a PHP call named like one is no type or string test', () => {
    expect(php.parseCondition('constructor($x)').expr.kind).not.toBe('compare');
    expect(php.parseCondition('hasOwnProperty($x, $y)').expr.kind).not.toBe('method');
  });
});

describe('Ruby symbols in conditions', () => {
  // (a `case type when :backref` branch's test against a caller's `:group`: analyze.ts branchConstructions)
  it('reads a symbol as its name, in a comparison and as a literal argument', () => {
    expect(ruby.parseCondition('type == :backref').expr).toEqual({ kind: 'compare', op: 'eq', left: name('type'), right: lit('backref') });
    expect(ruby.parseLiteral(':group')).toBe('group');
    expect(ruby.parseLiteral(':empty?')).toBe('empty?');
  });
  it('leaves namespaces, hash keys and strings as they were', () => {
    expect(ruby.parseCondition('x.is_a?(Foo)').expr).toMatchObject({ kind: 'instanceof' });
    expect(JSON.stringify(ruby.parseCondition('x == Foo::Bar').expr)).not.toContain('"value":"Bar"');
    expect(ruby.parseCondition('"a :b" == s').expr).toEqual({ kind: 'compare', op: 'eq', left: lit('a :b'), right: name('s') });
    expect(ruby.parseLiteral('::Foo')).toBe(UNKNOWN);
  });
});
