// Python conditions as the condition IR (src/core/condition.ts): membership (`in`, `not in`),
// comparisons, identity (`is`, `is not`), `len(x)`, `isinstance(x, C)`, the string methods
// startswith / endswith / isdigit / isidentifier / strip / lower / upper, and `and` / `or` / `not`.
// Empty tuples and lists are false, and startswith / endswith take a tuple of prefixes.

import { OperatorReader, readCondition, readLiteral, unknown, type OperatorSyntax, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: true };
const CONSTANTS: Record<string, Value> = { True: true, False: false, None: null };

export function parseCondition(text: string): Condition {
  return readCondition(text, text, OPTIONS, (toks) => new Parser(toks, text, SYNTAX), true);
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr, OPTIONS, CONSTANTS);
}

/** String methods by their IR names (`includes` and `indexOf` are read under these names too). */
const METHODS: Record<string, StringMethod> = {
  startswith: 'startsWith', endswith: 'endsWith', includes: 'includes', indexOf: 'indexOf', isdigit: 'isDigits',
  isidentifier: 'isIdentifier', strip: 'trim', lower: 'lower', upper: 'upper',
};

const OPS: [string, CompareOp][] = [['==', 'eq'], ['!=', 'ne'], ['<=', 'le'], ['>=', 'ge'], ['<', 'lt'], ['>', 'gt']];
const SYNTAX: OperatorSyntax = { ops: OPS, constants: CONSTANTS, groups: { '(': ')', '[': ']' }, words: { or: ['or'], and: ['and'], not: ['not'] } };

class Parser extends OperatorReader {
  /** Membership (`in`, `not in`) and identity (`is`, `is not`), then the comparisons. */
  protected compared(left: Expr): Expr {
    const notIn = this.peek('not') && this.peek('in', 1);
    if (notIn) this.i++;
    if (this.take('in')) return { kind: 'in', item: left, container: this.operand(), negated: notIn };
    if (this.take('is')) {
      const negated = this.take('not');
      return { kind: 'is', left, right: this.operand(), negated };
    }
    return super.compared(left);
  }

  protected named(name: string, from: number): Expr {
    if (name === 'len' && this.peek('(')) {
      const args = this.callArgs(() => this.or());
      return args?.length === 1 ? { kind: 'length', value: args[0], ofLists: true } : unknown(this.textFrom(from));
    }
    if (name === 'isinstance' && this.peek('(')) {
      const types: string[] = [];
      const args = this.callArgs(() => {
        const at = this.i;
        const e = this.or();
        types.push(this.textFrom(at));
        return e;
      });
      return args?.length === 2 ? { kind: 'instanceof', value: args[0], type: types[1] } : unknown(this.textFrom(from));
    }
    // `name.startswith('x')`, `name.strip().lower()`...; any other attribute or call is unknown
    return this.members({ kind: 'name', name }, from, (v, attr, args) => {
      const method = Object.hasOwn(METHODS, attr) ? METHODS[attr] : null;
      return args && method ? { kind: 'method', method, target: v, args, listArg: true } : null;
    });
  }
}
