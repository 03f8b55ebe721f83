// Ruby conditions as the condition IR (src/core/condition.ts): `!` / `not`, `&&` / `and`, `||` / `or`,
// comparisons, `x.nil?`, `x.empty?`, `x.length` / `x.size`, `x.is_a?(C)` / `kind_of?`, the string
// methods start_with? / end_with? / include? (an item of a list too) / strip / downcase / upcase.
// `nil`, `true`, `false` are literals. Only nil and false are false in Ruby: an empty string or list
// is true, which the IR's truthiness does not say for strings, so such a condition stays as read.

import { readLiteral, tokenize, TokenReader, unknown, type TokenOptions } from '../../core/condition-tokens.js';
import type { Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

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
  const toks = tokenize(predicates(text), OPTIONS);
  let expr: Expr = unknown();
  if (toks) {
    const p = new Parser(toks, text);
    const e = p.or();
    if (p.done()) expr = e;
  }
  return { text, expr, emptyListFalse: false };
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  const sym = /^:([A-Za-z_]\w*[?!]?)$/.exec(expr.trim());
  return sym ? sym[1] : readLiteral(expr, OPTIONS, CONSTANTS);
}

const METHODS: Record<string, StringMethod> = {
  start_with_Q: 'startsWith', end_with_Q: 'endsWith', strip: 'trim', downcase: 'lower', upcase: 'upper',
};

type Build = (left: Expr, right: Expr) => Expr;
const compare = (op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'): Build => (left, right) => ({ kind: 'compare', op, left, right });
const OPS: [string, Build][] = [['==', compare('eq')], ['!=', compare('ne')], ['<=', compare('le')], ['>=', compare('ge')], ['<', compare('lt')], ['>', compare('gt')]];

class Parser extends TokenReader {
  or(): Expr {
    const operands = [this.and()];
    while (this.take('||') || this.take('or')) operands.push(this.and());
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private and(): Expr {
    const operands = [this.not()];
    while (this.take('&&') || this.take('and')) operands.push(this.not());
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private not(): Expr {
    if (this.take('!') || this.take('not')) return { kind: 'not', value: this.not() };
    const left = this.primary();
    for (const [written, op] of OPS) if (this.take(written)) return op(left, this.primary());
    return left;
  }

  private primary(): Expr {
    const t = this.toks[this.i];
    if (!t) return unknown();
    if (t.kind === 'str' || t.kind === 'num') {
      this.i++;
      return { kind: 'literal', value: t.value };
    }
    if (t.kind === 'op' && (t.text === '(' || t.text === '[')) return this.group(t.text === '(' ? ')' : ']', () => this.or());
    if (t.kind === 'op' && t.text === '!') return this.not();
    if (t.kind !== 'name') return this.skip();
    const from = this.i++;
    if (Object.hasOwn(CONSTANTS, t.text)) return { kind: 'literal', value: CONSTANTS[t.text] };
    let v: Expr = { kind: 'name', name: t.text };
    while (this.peek('.')) {
      this.i++;
      const attr = this.toks[this.i++];
      if (!attr || attr.kind !== 'name') return this.skip();
      const args = this.peek('(') ? this.callArgs(() => this.or()) : null;
      const m = attr.text;
      if (m === 'nil_Q' && !args) v = { kind: 'is', left: v, right: { kind: 'literal', value: null }, negated: false };
      else if ((m === 'length' || m === 'size') && !args) v = { kind: 'length', value: v, ofLists: true };
      else if (m === 'empty_Q' && !args) v = { kind: 'compare', op: 'eq', left: { kind: 'length', value: v, ofLists: true }, right: { kind: 'literal', value: 0 } };
      else if (m === 'include_Q' && args?.length === 1) v = { kind: 'in', item: args[0], container: v, negated: false };
      else if ((m === 'is_a_Q' || m === 'kind_of_Q' || m === 'instance_of_Q') && args?.length === 1) v = { kind: 'instanceof', value: v, type: this.textFrom(from) };
      else if (Object.hasOwn(METHODS, m) && (args || !m.endsWith('_Q'))) v = { kind: 'method', method: METHODS[m], target: v, args: args ?? [], listArg: false };
      else v = unknown(this.textFrom(from));
    }
    if (this.peek('(')) {
      this.callArgs(() => this.or());
      return unknown(this.textFrom(from));
    }
    return v;
  }
}
