// Whether a helper's guards can hold for what one caller passes it. A helper raising
// `'%r is not a prefixed name' % code` under `if ':' in code:` cannot raise that for a caller
// passing `'XPST0017'`; binding the caller's text into the message anyway made a record no
// run produces. Python and JavaScript conditions over the helper's parameters bound to
// literals: a small three-valued evaluator (true, false, unknown); anything it does not read
// is unknown, and only a guard known false drops the caller.

import type { ArgInfo, Guard } from '../core/site.js';

type Value = string | number | boolean | null | undefined | Value[];
const UNKNOWN = Symbol('unknown');
type Result = Value | typeof UNKNOWN;

/** What differs between the two languages' conditions. */
interface Dialect {
  constants: Record<string, Value>;
  or: string;
  and: string;
  not: string;
  python: boolean;
}
const PYTHON: Dialect = { constants: { True: true, False: false, None: null }, or: 'or', and: 'and', not: 'not', python: true };
const JAVASCRIPT: Dialect = {
  constants: { true: true, false: false, null: null, undefined: undefined }, or: '||', and: '&&', not: '!', python: false,
};

/** Guards that must hold where the site is (an `else` guard is stored negated, an assert as its failure). */
const CONDITION_KINDS = new Set(['if', 'elif', 'else', 'while', 'assert']);

/**
 * False when one of the guards is known to be false with the parameters bound to the caller's
 * literal arguments (by position or keyword; not those `reassigned` on a line before the guard's);
 * true otherwise (true, or not known).
 */
export function guardsMayHold(
  guards: Guard[], params: string[], args: ArgInfo[], python: boolean, reassigned: Record<string, number> = {},
): boolean {
  const d = python ? PYTHON : JAVASCRIPT;
  const bound = boundLiterals(params, args, d);
  if (bound.size === 0) return true;
  for (const g of guards) {
    if (!CONDITION_KINDS.has(g.kind)) continue;
    // (a parameter assigned to before the guard may no longer hold the caller's value there)
    const values = new Map([...bound].filter(([p]) => !(reassigned[p] <= g.line)));
    // (a guard naming no bound parameter cannot be decided by the call)
    if (![...values.keys()].some((p) => new RegExp(`(?<![\\w$])${p.replace(/\$/g, '\\$')}(?![\\w$])`).test(g.text))) continue;
    const r = evaluate(g.text, values, python);
    if (r !== UNKNOWN && !truthy(r, d)) return false;
  }
  return true;
}

/** Parameter → the value of a literal argument the call passes for it. */
function boundLiterals(params: string[], args: ArgInfo[], d: Dialect): Map<string, Value> {
  const out = new Map<string, Value>();
  const positional = args.filter((a) => a.name === null);
  params.forEach((p, i) => {
    const arg = args.find((a) => a.name === p) ?? positional[i];
    if (!arg) return;
    const v = literal(arg.expr, d);
    if (v !== UNKNOWN) out.set(p, v);
  });
  return out;
}

/** A literal written out whole (a string, number, true/false/null), else unknown. */
function literal(expr: string, d: Dialect): Result {
  const toks = tokenize(expr.trim(), d);
  if (!toks || toks.length !== 1) return UNKNOWN;
  const t = toks[0];
  if (t.kind === 'str' || t.kind === 'num') return t.value;
  if (t.kind === 'name' && t.text in d.constants) return d.constants[t.text];
  return UNKNOWN;
}

// ---------------------------------------------------------------- tokens

type Token = { kind: 'str'; value: string } | { kind: 'num'; value: number } | { kind: 'name'; text: string } | { kind: 'op'; text: string };

const TOKEN = /\s*(?:([rRuU]?)(['"])((?:\\.|(?!\2)[^\\\n])*)\2|(\d+(?:\.\d+)?)|([A-Za-z_$][\w$]*)|(===|!==|==|!=|<=|>=|&&|\|\||[!<>()[\],.]))/y;

/** Tokens of a condition, or null when it holds anything else (f-strings, template literals, arithmetic...). */
function tokenize(text: string, d: Dialect): Token[] | null {
  const out: Token[] = [];
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) return null;
    at = TOKEN.lastIndex;
    if (m[2]) {
      // (a raw string keeps its backslashes; others only their plainest escapes are read)
      const body = m[3];
      if (m[1] && !d.python) return null;
      if (!m[1] || !/[rR]/.test(m[1])) {
        if (/\\(?![\\'"nt])/.test(body)) return null;
        out.push({ kind: 'str', value: body.replace(/\\([\\'"])/g, '$1').replace(/\\n/g, '\n').replace(/\\t/g, '\t') });
      } else out.push({ kind: 'str', value: body });
    } else if (m[4]) out.push({ kind: 'num', value: Number(m[4]) });
    else if (m[5]) out.push({ kind: 'name', text: m[5] });
    else out.push({ kind: 'op', text: m[6] });
  }
  return out;
}

// ---------------------------------------------------------------- evaluation

/** The condition's value with these names bound; unknown for anything not read here. */
export function evaluate(text: string, values: Map<string, Value>, python = true): Result {
  const d = python ? PYTHON : JAVASCRIPT;
  const toks = tokenize(text, d);
  if (!toks) return UNKNOWN;
  const p = new Parser(toks, values, d);
  const r = p.or();
  return p.done() ? r : UNKNOWN;
}

/** Python: empty strings and containers are false; JavaScript: any array is true. */
const truthy = (v: Value, d: Dialect): boolean => (Array.isArray(v) ? !d.python || v.length > 0 : typeof v === 'string' ? v.length > 0 : !!v);

/** Comparison operators as each language writes them, by the name they are evaluated under. */
const PYTHON_OPS: [string, string][] = [['==', '=='], ['!=', '!='], ['<=', '<='], ['>=', '>='], ['<', '<'], ['>', '>'], ['in', 'in'], ['is', 'is']];
const JS_OPS: [string, string][] = [['===', '=='], ['!==', '!='], ['==', 'loose=='], ['!=', 'loose!='], ['<=', '<='], ['>=', '>='], ['<', '<'], ['>', '>']];

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[], private readonly values: Map<string, Value>, private readonly d: Dialect) {}

  done(): boolean {
    return this.i === this.toks.length;
  }

  private peek(text: string, k = 0): boolean {
    const t = this.toks[this.i + k];
    return !!t && (t.kind === 'op' || t.kind === 'name') && t.text === text;
  }

  private take(text: string): boolean {
    if (!this.peek(text)) return false;
    this.i++;
    return true;
  }

  or(): Result {
    let r = this.and();
    while (this.take(this.d.or)) {
      const b = this.and();
      r = r !== UNKNOWN && this.truthy(r) ? r : r === UNKNOWN ? (b !== UNKNOWN && this.truthy(b) ? b : UNKNOWN) : b;
    }
    return r;
  }

  private and(): Result {
    let r = this.not();
    while (this.take(this.d.and)) {
      const b = this.not();
      r = r !== UNKNOWN && !this.truthy(r) ? r : r === UNKNOWN ? (b !== UNKNOWN && !this.truthy(b) ? b : UNKNOWN) : b;
    }
    return r;
  }

  private truthy(v: Value): boolean {
    return truthy(v, this.d);
  }

  private not(): Result {
    if (this.take(this.d.not)) {
      const r = this.not();
      return r === UNKNOWN ? UNKNOWN : !this.truthy(r);
    }
    return this.comparison();
  }

  private comparison(): Result {
    const left = this.unary();
    const op = this.compareOp();
    if (!op) return left;
    const right = this.unary();
    if (left === UNKNOWN || right === UNKNOWN) return UNKNOWN;
    return compare(op, left, right);
  }

  /** `typeof x` (JavaScript), else a primary. */
  private unary(): Result {
    if (!this.d.python && this.take('typeof')) {
      const v = this.unary();
      if (v === UNKNOWN) return UNKNOWN;
      return v === null || Array.isArray(v) ? 'object' : typeof v;
    }
    return this.primary();
  }

  private compareOp(): string | null {
    if (this.d.python) {
      if (this.peek('not') && this.peek('in', 1)) {
        this.i += 2;
        return 'not in';
      }
      if (this.peek('is') && this.peek('not', 1)) {
        this.i += 2;
        return 'is not';
      }
    }
    for (const [written, op] of this.d.python ? PYTHON_OPS : JS_OPS) if (this.take(written)) return op;
    return null;
  }

  private primary(): Result {
    const t = this.toks[this.i];
    if (!t) return UNKNOWN;
    if (t.kind === 'str' || t.kind === 'num') {
      this.i++;
      return t.value;
    }
    if (t.kind === 'op' && (t.text === '(' || t.text === '[')) return this.group(t.text === '(' ? ')' : ']');
    if (t.kind !== 'name') return this.skip();
    this.i++;
    if (t.text in this.d.constants) return this.d.constants[t.text];
    if (this.d.python && t.text === 'len' && this.peek('(')) {
      const args = this.callArgs();
      const v = args?.length === 1 ? args[0] : UNKNOWN;
      return typeof v === 'string' || Array.isArray(v) ? v.length : UNKNOWN;
    }
    let v: Result = this.values.has(t.text) ? this.values.get(t.text)! : UNKNOWN;
    // `name.startswith('x')`, `name.length`, `name.indexOf('x')`...; any other attribute or call is unknown
    while (this.peek('.')) {
      this.i++;
      const attr = this.toks[this.i++];
      if (!attr || attr.kind !== 'name') return this.skip();
      const args = this.peek('(') ? this.callArgs() : null;
      v = member(v, attr.text, args, this.d);
    }
    if (this.peek('(')) {
      this.callArgs();
      return UNKNOWN;
    }
    return v;
  }

  /** `( … )` or `[ … ]`: one parenthesized value, or a tuple / list of values. */
  private group(close: string): Result {
    this.i++;
    const items: Result[] = [];
    let comma = false;
    while (!this.peek(close)) {
      if (this.i >= this.toks.length) return UNKNOWN;
      items.push(this.or());
      if (this.take(',')) comma = true;
      else if (!this.peek(close)) return this.skip();
    }
    this.i++;
    if (close === ')' && !comma && items.length === 1) return items[0];
    return items.some((x) => x === UNKNOWN) ? UNKNOWN : (items as Value[]);
  }

  /** `(a, b)` after a callee: the arguments' values (keyword arguments are not read). */
  private callArgs(): Result[] | null {
    this.i++;
    const args: Result[] = [];
    while (!this.take(')')) {
      if (this.i >= this.toks.length) return null;
      args.push(this.or());
      if (!this.take(',') && !this.peek(')')) {
        this.skip();
        return null;
      }
    }
    return args;
  }

  /** Something not read here: the rest of the condition is unknown. */
  private skip(): Result {
    this.i = this.toks.length + 1;
    return UNKNOWN;
  }
}

/** A string's attribute or method (`args` null: not called). */
function member(v: Result, name: string, args: Result[] | null, d: Dialect): Result {
  if (typeof v !== 'string') return UNKNOWN;
  if (!d.python && name === 'length' && args === null) return v.length;
  if (!args || args.some((a) => a === UNKNOWN)) return UNKNOWN;
  const a = args as Value[];
  const str = (x: Value | undefined): x is string => typeof x === 'string';
  const strs = (x: Value | undefined): string[] | null => (str(x) ? [x] : d.python && Array.isArray(x) && x.every(str) ? (x as string[]) : null);
  const one = a.length === 1 ? strs(a[0]) : null;
  const none = a.length === 0;
  switch (d.python ? name : JS_METHODS[name] ?? '') {
    case 'startswith':
      return one ? one.some((p) => v.startsWith(p)) : UNKNOWN;
    case 'endswith':
      return one ? one.some((p) => v.endsWith(p)) : UNKNOWN;
    case 'includes':
      return one && one.length === 1 ? v.includes(one[0]) : UNKNOWN;
    case 'indexOf':
      return one && one.length === 1 ? v.indexOf(one[0]) : UNKNOWN;
    case 'isdigit':
      return none ? v.length > 0 && /^[0-9]+$/.test(v) : UNKNOWN;
    case 'isidentifier':
      return none ? /^[A-Za-z_]\w*$/.test(v) : UNKNOWN;
    case 'strip':
      return none ? v.trim() : UNKNOWN;
    case 'lower':
      return none ? v.toLowerCase() : UNKNOWN;
    case 'upper':
      return none ? v.toUpperCase() : UNKNOWN;
    default:
      return UNKNOWN;
  }
}

/** JavaScript's string methods by the name their Python twin is evaluated under. */
const JS_METHODS: Record<string, string> = {
  startsWith: 'startswith', endsWith: 'endswith', includes: 'includes', indexOf: 'indexOf', trim: 'strip',
  toLowerCase: 'lower', toUpperCase: 'upper',
};

function compare(op: string, a: Value, b: Value): Result {
  switch (op) {
    case '==':
      return equal(a, b);
    case '!=':
      return !equal(a, b);
    // (JavaScript's `==` / `!=`: null and undefined equal each other; otherwise read only between like types)
    case 'loose==':
    case 'loose!=': {
      const nullish = (x: Value) => x === null || x === undefined;
      const r = nullish(a) || nullish(b) ? nullish(a) && nullish(b) : typeof a === typeof b ? equal(a, b) : UNKNOWN;
      return r === UNKNOWN ? UNKNOWN : op === 'loose==' ? r : !r;
    }
    case 'is':
      return a === null || b === null || typeof a === 'boolean' || typeof b === 'boolean' ? a === b : UNKNOWN;
    case 'is not':
      return a === null || b === null || typeof a === 'boolean' || typeof b === 'boolean' ? a !== b : UNKNOWN;
    case 'in':
    case 'not in': {
      const r = contains(b, a);
      return r === UNKNOWN ? UNKNOWN : op === 'in' ? r : !r;
    }
    default: {
      if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) return UNKNOWN;
      return op === '<' ? a < b : op === '>' ? a > b : op === '<=' ? a <= b : a >= b;
    }
  }
}

function equal(a: Value, b: Value): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  return a === b;
}

function contains(container: Value, item: Value): boolean | typeof UNKNOWN {
  if (typeof container === 'string') return typeof item === 'string' ? container.includes(item) : UNKNOWN;
  if (Array.isArray(container)) return container.some((x) => equal(x, item));
  return UNKNOWN;
}
