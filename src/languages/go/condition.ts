// Go conditions as the condition IR (src/core/condition.ts): `==` / `!=` (strict: Go compares
// values of one type), comparisons, `len(x)`, `strings.HasPrefix` / `HasSuffix` / `Contains` /
// `Index`, `nil`, `true` / `false`, and `!` / `&&` / `||`. Anything else is unknown.

import { OperatorReader, readCondition, readLiteral, unknown, type OperatorSyntax, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, nil: null };
const OPS: [string, CompareOp][] = [['==', 'eq'], ['!=', 'ne'], ['<=', 'le'], ['>=', 'ge'], ['<', 'lt'], ['>', 'gt']];
const SYNTAX: OperatorSyntax = { ops: OPS, constants: CONSTANTS };
/** strings.X(s, arg) by the IR's method names. */
const STRINGS: Record<string, StringMethod> = { HasPrefix: 'startsWith', HasSuffix: 'endsWith', Contains: 'includes', Index: 'indexOf', TrimSpace: 'trim', ToLower: 'lower', ToUpper: 'upper' };

export function parseCondition(text: string): Condition {
  return readCondition(text, text, OPTIONS, (toks) => new Parser(toks, text, SYNTAX), false);
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr, OPTIONS, CONSTANTS);
}

class Parser extends OperatorReader {
  protected named(name: string, from: number): Expr {
    if (name === 'len' && this.peek('(')) {
      const args = this.callArgs(() => this.or());
      return args && args.length === 1 ? { kind: 'length', value: args[0], ofLists: true } : unknown(this.textFrom(from));
    }
    if (name === 'strings' && this.peek('.')) {
      this.i++;
      const fn = this.toks[this.i++];
      const args = this.peek('(') ? this.callArgs(() => this.or()) : null;
      const method = fn && fn.kind === 'name' && Object.hasOwn(STRINGS, fn.text) ? STRINGS[fn.text] : null;
      if (method && args && args.length >= 1) return { kind: 'method', method, target: args[0], args: args.slice(1), listArg: false };
      return unknown(this.textFrom(from));
    }
    return this.members({ kind: 'name', name }, from, () => null);
  }
}
