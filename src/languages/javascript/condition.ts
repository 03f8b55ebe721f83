// JavaScript (and TypeScript) conditions as the condition IR (src/core/condition.ts): `typeof`,
// strict and loose equality, comparisons, `instanceof`, `.length`, the string methods startsWith /
// endsWith / includes / indexOf / trim / toLowerCase / toUpperCase, and `!` / `&&` / `||`.
// Any array is true; a method takes one string, not a list of them.

import { readLiteral, tokenize, TokenReader, unknown, type TokenOptions } from '../../core/condition-tokens.js';
import type { CompareOp, Condition, Expr, InstanceofExpr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, null: null, undefined: undefined };

export function parseCondition(text: string): Condition {
  const toks = tokenize(text, OPTIONS);
  let expr: Expr = unknown();
  if (toks) {
    const p = new Parser(toks, text);
    const e = p.or();
    if (p.done() && p.instanceofs.every((x) => decidesWhole(e, x))) expr = e;
  }
  return { text, expr, emptyListFalse: false };
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

class Parser extends TokenReader {
  /** Every `instanceof` read. */
  readonly instanceofs: InstanceofExpr[] = [];

  or(): Expr {
    return this.operands('||', 'or', () => this.and());
  }

  private and(): Expr {
    return this.operands('&&', 'and', () => this.not());
  }

  private not(): Expr {
    if (this.take('!')) return { kind: 'not', value: this.not() };
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.unary();
    if (this.take('instanceof')) {
      const at = this.i;
      this.unary();
      const x: InstanceofExpr = { kind: 'instanceof', value: left, type: this.textFrom(at) };
      this.instanceofs.push(x);
      return x;
    }
    const op = OPS.find(([written]) => this.take(written));
    return op ? { kind: 'compare', op: op[1], left, right: this.unary() } : left;
  }

  /** `typeof x`, else a primary. */
  private unary(): Expr {
    if (this.take('typeof')) return { kind: 'typeof', value: this.unary() };
    return this.primary();
  }

  private primary(): Expr {
    const t = this.toks[this.i];
    if (!t) return unknown();
    if (t.kind === 'str' || t.kind === 'num') {
      this.i++;
      return { kind: 'literal', value: t.value };
    }
    if (t.kind === 'op' && (t.text === '(' || t.text === '[')) return this.group(t.text === '(' ? ')' : ']', () => this.or());
    if (t.kind !== 'name') return this.skip();
    const from = this.i++;
    if (Object.hasOwn(CONSTANTS, t.text)) return { kind: 'literal', value: CONSTANTS[t.text] };
    let v: Expr = { kind: 'name', name: t.text };
    // `name.length`, `name.startsWith('x')`, `name.trim().toLowerCase()`...; any other attribute or call is unknown
    while (this.peek('.')) {
      this.i++;
      const attr = this.toks[this.i++];
      if (!attr || attr.kind !== 'name') return this.skip();
      // (`name.length(` at the end of the text is read as `name.length`)
      const args = this.peek('(') ? this.callArgs(() => this.or()) : null;
      const method = Object.hasOwn(METHODS, attr.text) ? METHODS[attr.text] : null;
      v = attr.text === 'length' && !args
        ? { kind: 'length', value: v, ofLists: false }
        : args && method ? { kind: 'method', method, target: v, args, listArg: false } : unknown(this.textFrom(from));
    }
    if (this.peek('(')) {
      this.callArgs(() => this.or());
      return unknown(this.textFrom(from));
    }
    return v;
  }
}
