// PHP conditions as the condition IR (src/core/condition.ts): `===`/`!==`, loose `==`/`!=`,
// comparisons, `!`, `&&`/`and`, `||`/`or`, `instanceof`, and the standard functions with an IR
// meaning: `is_string`/`is_int`/`is_float`/`is_bool`/`is_array`/`is_null` (typeof), `strlen` and
// `count` (length), `str_starts_with`/`str_ends_with`/`str_contains`, `ctype_digit`,
// `in_array($x, [...])`. Variables are read without their `$` (parameters are named so).
// An empty array is false.

import { OperatorReader, readCondition, readLiteral, unknown, type OperatorSyntax, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, null: null, TRUE: true, FALSE: false, NULL: null };
const TYPES: Record<string, string> = {
  is_string: 'string', is_int: 'number', is_integer: 'number', is_float: 'number', is_bool: 'boolean', is_array: 'object', is_null: 'object',
};
const METHODS: Record<string, StringMethod> = { str_starts_with: 'startsWith', str_ends_with: 'endsWith', str_contains: 'includes' };
const OPS: [string, CompareOp][] = [['===', 'eq'], ['!==', 'ne'], ['==', 'looseEq'], ['!=', 'looseNe'], ['<=', 'le'], ['>=', 'ge'], ['<', 'lt'], ['>', 'gt']];
const SYNTAX: OperatorSyntax = { ops: OPS, constants: CONSTANTS, groups: { '(': ')', '[': ']' } };

/** The text as the shared tokenizer reads it: `$x` → `x`, `and`/`or` → `&&`/`||`. */
const plain = (text: string): string =>
  text.replace(/\$(?=[A-Za-z_])/g, '').replace(/\band\b/gi, '&&').replace(/\bor\b/gi, '||').replace(/<>/g, '!=');

export function parseCondition(text: string): Condition {
  return readCondition(text, plain(text), OPTIONS, (toks) => new Parser(toks, text, SYNTAX), true);
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr, OPTIONS, CONSTANTS);
}

class Parser extends OperatorReader {
  protected comparison(): Expr {
    const left = this.primary();
    if (this.take('instanceof')) {
      const at = this.i;
      this.primary();
      return { kind: 'instanceof', value: left, type: this.textFrom(at) };
    }
    return this.compared(left);
  }

  protected named(name: string, from: number): Expr {
    if (this.peek('(')) {
      const args = this.callArgs(() => this.or());
      const f = name.toLowerCase();
      if (!args) return unknown(this.textFrom(from));
      if (Object.hasOwn(TYPES, f) && args.length === 1) {
        if (f === 'is_null') return { kind: 'is', left: args[0], right: { kind: 'literal', value: null }, negated: false };
        return { kind: 'compare', op: 'eq', left: { kind: 'typeof', value: args[0] }, right: { kind: 'literal', value: TYPES[f] } };
      }
      if ((f === 'strlen' || f === 'mb_strlen') && args.length === 1) return { kind: 'length', value: args[0], ofLists: false };
      if (f === 'count' && args.length === 1) return { kind: 'length', value: args[0], ofLists: true };
      if (Object.hasOwn(METHODS, f) && args.length === 2) return { kind: 'method', method: METHODS[f], target: args[0], args: [args[1]], listArg: false };
      if (f === 'ctype_digit' && args.length === 1) return { kind: 'method', method: 'isDigits', target: args[0], args: [], listArg: false };
      if (f === 'in_array' && (args.length === 2 || args.length === 3)) return { kind: 'in', item: args[0], container: args[1], negated: false };
      return unknown(this.textFrom(from));
    }
    return { kind: 'name', name };
  }
}
