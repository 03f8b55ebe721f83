// Python conditions as the condition IR (src/core/condition.ts): membership (`in`, `not in`),
// comparisons, identity (`is`, `is not`), `len(x)`, `isinstance(x, C)`, the string methods
// startswith / endswith / isdigit / isidentifier / strip / lower / upper, and `and` / `or` / `not`.
// Empty tuples and lists are false, and startswith / endswith take a tuple of prefixes.

import { readLiteral, tokenize, TokenReader, unknown, type TokenOptions } from '../../core/condition-tokens.js';
import type { Condition, Expr, StringMethod, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: true };
const CONSTANTS: Record<string, Value> = { True: true, False: false, None: null };

export function parseCondition(text: string): Condition {
  const toks = tokenize(text, OPTIONS);
  let expr: Expr = unknown();
  if (toks) {
    const p = new Parser(toks, text);
    const e = p.or();
    if (p.done()) expr = e;
  }
  return { text, expr, emptyListFalse: true };
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr, OPTIONS, CONSTANTS);
}

/** String methods by their IR names (`includes` and `indexOf` are read under these names too). */
const METHODS: Record<string, StringMethod> = {
  startswith: 'startsWith', endswith: 'endsWith', includes: 'includes', indexOf: 'indexOf', isdigit: 'isDigits',
  isidentifier: 'isIdentifier', strip: 'trim', lower: 'lower', upper: 'upper',
};

type Build = (left: Expr, right: Expr) => Expr;
const compare = (op: 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge'): Build => (left, right) => ({ kind: 'compare', op, left, right });
const OPS: [string, Build][] = [
  ['==', compare('eq')], ['!=', compare('ne')], ['<=', compare('le')], ['>=', compare('ge')], ['<', compare('lt')], ['>', compare('gt')],
  ['in', (item, container) => ({ kind: 'in', item, container, negated: false })],
  ['is', (left, right) => ({ kind: 'is', left, right, negated: false })],
];

class Parser extends TokenReader {
  or(): Expr {
    return this.operands('or', 'or', () => this.and());
  }

  private and(): Expr {
    return this.operands('and', 'and', () => this.not());
  }

  private not(): Expr {
    if (this.take('not')) return { kind: 'not', value: this.not() };
    return this.comparison();
  }

  private comparison(): Expr {
    const left = this.primary();
    const op = this.compareOp();
    return op ? op(left, this.primary()) : left;
  }

  private compareOp(): Build | null {
    if (this.peek('not') && this.peek('in', 1)) {
      this.i += 2;
      return (item, container) => ({ kind: 'in', item, container, negated: true });
    }
    if (this.peek('is') && this.peek('not', 1)) {
      this.i += 2;
      return (left, right) => ({ kind: 'is', left, right, negated: true });
    }
    for (const [written, op] of OPS) if (this.take(written)) return op;
    return null;
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
    if (t.text === 'len' && this.peek('(')) {
      const args = this.callArgs(() => this.or());
      return args?.length === 1 ? { kind: 'length', value: args[0], ofLists: true } : unknown(this.textFrom(from));
    }
    if (t.text === 'isinstance' && this.peek('(')) {
      const types: string[] = [];
      const args = this.callArgs(() => {
        const at = this.i;
        const e = this.or();
        types.push(this.textFrom(at));
        return e;
      });
      return args?.length === 2 ? { kind: 'instanceof', value: args[0], type: types[1] } : unknown(this.textFrom(from));
    }
    let v: Expr = { kind: 'name', name: t.text };
    // `name.startswith('x')`, `name.strip().lower()`...; any other attribute or call is unknown
    while (this.peek('.')) {
      this.i++;
      const attr = this.toks[this.i++];
      if (!attr || attr.kind !== 'name') return this.skip();
      const args = this.peek('(') ? this.callArgs(() => this.or()) : null;
      const method = Object.hasOwn(METHODS, attr.text) ? METHODS[attr.text] : null;
      v = args && method ? { kind: 'method', method, target: v, args, listArg: true } : unknown(this.textFrom(from));
    }
    if (this.peek('(')) {
      this.callArgs(() => this.or());
      return unknown(this.textFrom(from));
    }
    return v;
  }
}
