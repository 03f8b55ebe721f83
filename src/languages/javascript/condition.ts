// JavaScript (and TypeScript) conditions as the condition IR (src/core/condition.ts): `typeof`,
// strict and loose equality, comparisons, `instanceof`, `.length`, the string methods startsWith /
// endsWith / includes / indexOf / trim / toLowerCase / toUpperCase, and `!` / `&&` / `||`.
// Any array is true; a method takes one string, not a list of them.

import { OperatorReader, readCondition, readLiteral, unknown, type OperatorSyntax, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, InstanceofExpr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, null: null, undefined: undefined };

export function parseCondition(text: string): Condition {
  let parser: Parser | undefined;
  const read = readCondition(text, text, OPTIONS, (toks) => (parser = new Parser(toks, text, SYNTAX)), false);
  return parser?.instanceofs.every((x) => decidesWhole(read.expr, x)) ? read : { ...read, expr: unknown() };
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr, OPTIONS, CONSTANTS);
}

/**
 * Whether `x`, an `instanceof` in `e`, makes the whole of `e` unknown: it is reached from the top
 * through operators unknown when an operand is, not through `&&` / `||` (and not dropped with the
 * arguments of a call not read). Where it does not, the condition is read as unknown as a whole,
 * as conditions holding `instanceof` always were.
 */
function decidesWhole(e: Expr, x: InstanceofExpr): boolean {
  if (e === x) return true;
  const any = (...es: Expr[]) => es.some((c) => decidesWhole(c, x));
  switch (e.kind) {
    case 'list':
      return any(...e.items);
    case 'in':
      return any(e.item, e.container);
    case 'compare':
    case 'is':
      return any(e.left, e.right);
    case 'typeof':
    case 'not':
    case 'length':
    case 'instanceof':
      return any(e.value);
    case 'method':
      return any(e.target, ...e.args);
    default:
      return false;
  }
}

/** String methods by their IR names. */
const METHODS: Record<string, StringMethod> = {
  startsWith: 'startsWith', endsWith: 'endsWith', includes: 'includes', indexOf: 'indexOf', trim: 'trim',
  toLowerCase: 'lower', toUpperCase: 'upper',
};

/** Comparison operators as written, by the IR's. */
const OPS: [string, CompareOp][] = [['===', 'eq'], ['!==', 'ne'], ['==', 'looseEq'], ['!=', 'looseNe'], ['<=', 'le'], ['>=', 'ge'], ['<', 'lt'], ['>', 'gt']];

const SYNTAX: OperatorSyntax = { ops: OPS, constants: CONSTANTS, groups: { '(': ')', '[': ']' } };

class Parser extends OperatorReader {
  /** Every `instanceof` read. */
  readonly instanceofs: InstanceofExpr[] = [];

  protected comparison(): Expr {
    const left = this.operand();
    if (!this.take('instanceof')) return this.compared(left);
    const at = this.i;
    this.operand();
    const x: InstanceofExpr = { kind: 'instanceof', value: left, type: this.textFrom(at) };
    this.instanceofs.push(x);
    return x;
  }

  /** `typeof x`, else a primary. */
  protected operand(): Expr {
    if (this.take('typeof')) return { kind: 'typeof', value: this.operand() };
    return this.primary();
  }

  protected named(name: string, from: number): Expr {
    // `name.length`, `name.startsWith('x')`, `name.trim().toLowerCase()`...; any other attribute or call is unknown
    // (`name.length(` at the end of the text is read as `name.length`)
    return this.members({ kind: 'name', name }, from, (v, attr, args) => {
      const method = Object.hasOwn(METHODS, attr) ? METHODS[attr] : null;
      if (attr === 'length' && !args) return { kind: 'length', value: v, ofLists: false };
      return args && method ? { kind: 'method', method, target: v, args, listArg: false } : null;
    });
  }
}
