// Java and Kotlin conditions as the condition IR (src/core/condition.ts): `==` / `!=` (reference
// or value equality: read as equality of the literal values compared), comparisons, `!`, `&&`,
// `||`, `null`, `x.length()` / `x.size()` / Kotlin's `x.length` and `x.size`, `instanceof` / `is`,
// and the string methods startsWith / endsWith / contains / indexOf / trim / toLowerCase /
// toUpperCase (Kotlin's lowercase / uppercase). Anything else is unknown.

import { OperatorReader, readCondition, readLiteral, unknown, type OperatorSyntax, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, null: null };

export function parseCondition(text: string): Condition {
  // (a type test is not read: the IR's instanceof names a JavaScript constructor)
  if (/\b(?:instanceof|is)\b/.test(text)) return { text, expr: unknown(), emptyListFalse: false };
  return readCondition(text, text, OPTIONS, (toks) => new Parser(toks, text, SYNTAX), false);
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr.replace(/^(\d+)[lLfFdD]$/, '$1'), OPTIONS, CONSTANTS);
}

const METHODS: Record<string, StringMethod> = {
  startsWith: 'startsWith', endsWith: 'endsWith', contains: 'includes', indexOf: 'indexOf', trim: 'trim',
  toLowerCase: 'lower', toUpperCase: 'upper', lowercase: 'lower', uppercase: 'upper',
};
const OPS: [string, CompareOp][] = [['===', 'eq'], ['!==', 'ne'], ['==', 'eq'], ['!=', 'ne'], ['<=', 'le'], ['>=', 'ge'], ['<', 'lt'], ['>', 'gt']];
const SYNTAX: OperatorSyntax = { ops: OPS, constants: CONSTANTS };
const LENGTHS = new Set(['length', 'size']);

class Parser extends OperatorReader {
  protected named(name: string, from: number): Expr {
    return this.members({ kind: 'name', name }, from, (v, attr, args) => {
      const method = Object.hasOwn(METHODS, attr) ? METHODS[attr] : null;
      if (LENGTHS.has(attr) && (!args || args.length === 0)) return { kind: 'length', value: v, ofLists: true };
      return args && method ? { kind: 'method', method, target: v, args, listArg: false } : null;
    });
  }
}
