// Ruby conditions as the condition IR (src/core/condition.ts): `!` / `not`, `&&` / `and`, `||` / `or`,
// comparisons, `x.nil?`, `x.empty?`, `x.length` / `x.size`, `x.is_a?(C)` / `kind_of?`, the string
// methods start_with? / end_with? / include? (an item of a list too) / strip / downcase / upcase.
// `nil`, `true`, `false` are literals. Only nil and false are false in Ruby: an empty string or list
// is true, which the IR's truthiness does not say for strings, so such a condition stays as read.

import { OperatorReader, readCondition, readLiteral, type OperatorSyntax, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, nil: null };

/**
 * `name?` → `name_Q` outside string literals (the shared tokenizer reads plain names only); a symbol
 * `:name` is read as the string of its name (a `case` branch's `type == :backref` against a caller's
 * `:group`: a symbol and a string of one name compare equal here, which only keeps a caller).
 */
const predicates = (text: string): string =>
  text.replace(/(["'])(?:\\.|(?!\1)[^\\])*\1|(?<![\w:]):([A-Za-z_]\w*[?!]?)(?![\w:])|([A-Za-z_]\w*)\?(?![\w:])/g,
    (m, q, sym, name) => (q ? m : sym ? JSON.stringify(sym) : `${name}_Q`));

export function parseCondition(text: string): Condition {
  return readCondition(text, predicates(text), OPTIONS, (toks) => new Parser(toks, text, SYNTAX), false);
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  const sym = /^:([A-Za-z_]\w*[?!]?)$/.exec(expr.trim());
  return sym ? sym[1] : readLiteral(expr, OPTIONS, CONSTANTS);
}

const METHODS: Record<string, StringMethod> = {
  start_with_Q: 'startsWith', end_with_Q: 'endsWith', strip: 'trim', downcase: 'lower', upcase: 'upper',
};

const OPS: [string, CompareOp][] = [['==', 'eq'], ['!=', 'ne'], ['<=', 'le'], ['>=', 'ge'], ['<', 'lt'], ['>', 'gt']];
const SYNTAX: OperatorSyntax = {
  ops: OPS, constants: CONSTANTS, groups: { '(': ')', '[': ']' }, words: { or: ['||', 'or'], and: ['&&', 'and'], not: ['!', 'not'] },
};

class Parser extends OperatorReader {
  /** (`a == !b`) */
  protected operand(): Expr {
    return this.peek('!') ? this.not() : this.primary();
  }

  protected named(name: string, from: number): Expr {
    return this.members({ kind: 'name', name }, from, (v, m, args) => {
      if (m === 'nil_Q' && !args) return { kind: 'is', left: v, right: { kind: 'literal', value: null }, negated: false };
      if ((m === 'length' || m === 'size') && !args) return { kind: 'length', value: v, ofLists: true };
      if (m === 'empty_Q' && !args) return { kind: 'compare', op: 'eq', left: { kind: 'length', value: v, ofLists: true }, right: { kind: 'literal', value: 0 } };
      if (m === 'include_Q' && args?.length === 1) return { kind: 'in', item: args[0], container: v, negated: false };
      if ((m === 'is_a_Q' || m === 'kind_of_Q' || m === 'instance_of_Q') && args?.length === 1) return { kind: 'instanceof', value: v, type: this.textFrom(from) };
      if (Object.hasOwn(METHODS, m) && (args || !m.endsWith('_Q'))) return { kind: 'method', method: METHODS[m], target: v, args: args ?? [], listArg: false };
      return null;
    });
  }
}
