// A condition as language packs emit it (a helper's guard: `':' in code`, `typeof size !== 'number'`),
// and its three-valued evaluation (true, false, unknown) with names bound to values. A pack's parser
// (src/languages/<pack>/condition.ts) turns source text into this IR; what it does not read is an
// `unknown` node, and what differs between languages in meaning rather than in spelling is carried
// as data (Condition.emptyListFalse, LengthExpr.ofLists, MethodExpr.listArg), never as a language.

/** What a condition's operands hold: the literals conditions are written with, and lists / tuples of them. */
export type Value = string | number | boolean | null | undefined | Value[];
/** A value the evaluator does not know (a name not bound, a call it does not read...). */
export const UNKNOWN: unique symbol = Symbol('unknown');
export type Result = Value | typeof UNKNOWN;

/**
 * `eq` / `ne`: strict equality (lists item by item); `looseEq` / `looseNe`: a loose `==` / `!=`,
 * where null and undefined equal each other and operands of unlike types are not read;
 * `lt` … `ge`: between two numbers or two strings.
 */
export type CompareOp = 'eq' | 'ne' | 'looseEq' | 'looseNe' | 'lt' | 'le' | 'gt' | 'ge';

/**
 * String methods by neutral names: `startsWith` / `endsWith` / `includes` (a boolean), `indexOf`
 * (a number), `isDigits` (non-empty, ASCII digits only), `isIdentifier` (`[A-Za-z_]\w*`), and the
 * strings `trim`, `lower`, `upper`.
 */
export type StringMethod = 'startsWith' | 'endsWith' | 'includes' | 'indexOf' | 'isDigits' | 'isIdentifier' | 'trim' | 'lower' | 'upper';

export interface LiteralExpr { kind: 'literal'; value: Value }
/** A name: a parameter, read with the value bound to it (unknown when none is). */
export interface NameExpr { kind: 'name'; name: string }
/** A list or tuple written out (`('r', 'w')`, `[a, b]`): unknown when an item is. */
export interface ListExpr { kind: 'list'; items: Expr[] }
/** `item in container` (a substring of a string, an item of a list); `negated`: `not in`. */
export interface InExpr { kind: 'in'; item: Expr; container: Expr; negated: boolean }
export interface CompareExpr { kind: 'compare'; op: CompareOp; left: Expr; right: Expr }
/** Identity (`x is None`), read when an operand is null or a boolean; `negated`: `is not`. */
export interface IsExpr { kind: 'is'; left: Expr; right: Expr; negated: boolean }
/** The operand's type name: 'string', 'number', 'boolean', 'undefined', 'object' (null, a list). */
export interface TypeofExpr { kind: 'typeof'; value: Expr }
/** Whether the value is an instance of the class `type` (its source text): never known here. */
export interface InstanceofExpr { kind: 'instanceof'; value: Expr; type: string }
/** A string's length; `ofLists`: a list's too (its number of items). */
export interface LengthExpr { kind: 'length'; value: Expr; ofLists: boolean }
/**
 * A string method called on `target`. `listArg`: a list of strings may stand for the string argument
 * (a prefix or suffix of any of them; `includes` / `indexOf` take a list of one).
 */
export interface MethodExpr { kind: 'method'; method: StringMethod; target: Expr; args: Expr[]; listArg: boolean }
/** `and` / `or` give an operand, left to right, three-valued: an unknown operand decides nothing. */
export interface AndExpr { kind: 'and'; operands: Expr[] }
export interface OrExpr { kind: 'or'; operands: Expr[] }
export interface NotExpr { kind: 'not'; value: Expr }
/** Anything the parser did not read (`text`: the call or attribute, when it was one). */
export interface UnknownExpr { kind: 'unknown'; text?: string }

export type Expr =
  | LiteralExpr | NameExpr | ListExpr | InExpr | CompareExpr | IsExpr | TypeofExpr | InstanceofExpr | LengthExpr
  | MethodExpr | AndExpr | OrExpr | NotExpr | UnknownExpr;

/** A parsed condition. */
export interface Condition {
  /** The source text, for display. */
  text: string;
  /** `unknown` when the text as a whole is not read. */
  expr: Expr;
  /** Whether an empty list or tuple is false (an empty string is false, any other list true, either way). */
  emptyListFalse: boolean;
}

/** How a language writes conditions: what a pack gives the language-neutral stages. */
export interface ConditionSyntax {
  parseCondition(text: string): Condition;
  /** The value of an argument written as one literal (a string, a number, true / false / null...), else unknown. */
  parseLiteral(expr: string): Value | typeof UNKNOWN;
}

/** The condition's value with these names bound; unknown for anything not read. */
export function evaluateCondition(cond: Condition, values: ReadonlyMap<string, Value>): Result {
  return evaluate(cond.expr, values, cond.emptyListFalse);
}

/** Whether a value counts as true where the condition is written. */
export function truthy(cond: Pick<Condition, 'emptyListFalse'>, v: Value): boolean {
  return isTrue(v, cond.emptyListFalse);
}

const isTrue = (v: Value, emptyListFalse: boolean): boolean =>
  Array.isArray(v) ? !emptyListFalse || v.length > 0 : typeof v === 'string' ? v.length > 0 : !!v;

function evaluate(e: Expr, values: ReadonlyMap<string, Value>, emptyListFalse: boolean): Result {
  const ev = (x: Expr) => evaluate(x, values, emptyListFalse);
  switch (e.kind) {
    case 'literal':
      return e.value;
    case 'name':
      return values.has(e.name) ? values.get(e.name)! : UNKNOWN;
    case 'list': {
      const items = e.items.map(ev);
      return items.some((x) => x === UNKNOWN) ? UNKNOWN : (items as Value[]);
    }
    case 'in': {
      const item = ev(e.item);
      const container = ev(e.container);
      if (item === UNKNOWN || container === UNKNOWN) return UNKNOWN;
      const r = contains(container, item);
      return r === UNKNOWN ? UNKNOWN : r !== e.negated;
    }
    case 'compare': {
      const left = ev(e.left);
      const right = ev(e.right);
      return left === UNKNOWN || right === UNKNOWN ? UNKNOWN : compare(e.op, left, right);
    }
    case 'is': {
      const a = ev(e.left);
      const b = ev(e.right);
      if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN;
      return a === null || b === null || typeof a === 'boolean' || typeof b === 'boolean' ? (a === b) !== e.negated : UNKNOWN;
    }
    case 'typeof': {
      const v = ev(e.value);
      if (v === UNKNOWN) return UNKNOWN;
      return v === null || Array.isArray(v) ? 'object' : typeof v;
    }
    case 'instanceof':
      return UNKNOWN;
    case 'length': {
      const v = ev(e.value);
      return typeof v === 'string' || (e.ofLists && Array.isArray(v)) ? v.length : UNKNOWN;
    }
    case 'method':
      return method(e, ev(e.target), e.args.map(ev));
    case 'and':
    case 'or': {
      // (`or` gives its first true operand, else its last; `and` its first false one, else its last;
      // past an unknown operand, only a later deciding one is known)
      const decides = (v: Value) => isTrue(v, emptyListFalse) === (e.kind === 'or');
      let r = ev(e.operands[0]);
      for (const x of e.operands.slice(1)) {
        const b = ev(x);
        r = r !== UNKNOWN && decides(r) ? r : r === UNKNOWN ? (b !== UNKNOWN && decides(b) ? b : UNKNOWN) : b;
      }
      return r;
    }
    case 'not': {
      const v = ev(e.value);
      return v === UNKNOWN ? UNKNOWN : !isTrue(v, emptyListFalse);
    }
    case 'unknown':
      return UNKNOWN;
  }
}

function method(e: MethodExpr, v: Result, args: Result[]): Result {
  if (typeof v !== 'string') return UNKNOWN;
  if (args.some((a) => a === UNKNOWN)) return UNKNOWN;
  const a = args as Value[];
  const str = (x: Value | undefined): x is string => typeof x === 'string';
  const strs = (x: Value | undefined): string[] | null => (str(x) ? [x] : e.listArg && Array.isArray(x) && x.every(str) ? (x as string[]) : null);
  const one = a.length === 1 ? strs(a[0]) : null;
  const none = a.length === 0;
  switch (e.method) {
    case 'startsWith':
      return one ? one.some((p) => v.startsWith(p)) : UNKNOWN;
    case 'endsWith':
      return one ? one.some((p) => v.endsWith(p)) : UNKNOWN;
    case 'includes':
      return one && one.length === 1 ? v.includes(one[0]) : UNKNOWN;
    case 'indexOf':
      return one && one.length === 1 ? v.indexOf(one[0]) : UNKNOWN;
    case 'isDigits':
      return none ? v.length > 0 && /^[0-9]+$/.test(v) : UNKNOWN;
    case 'isIdentifier':
      return none ? /^[A-Za-z_]\w*$/.test(v) : UNKNOWN;
    case 'trim':
      return none ? v.trim() : UNKNOWN;
    case 'lower':
      return none ? v.toLowerCase() : UNKNOWN;
    case 'upper':
      return none ? v.toUpperCase() : UNKNOWN;
  }
}

function compare(op: CompareOp, a: Value, b: Value): Result {
  switch (op) {
    case 'eq':
      return equal(a, b);
    case 'ne':
      return !equal(a, b);
    case 'looseEq':
    case 'looseNe': {
      const nullish = (x: Value) => x === null || x === undefined;
      const r = nullish(a) || nullish(b) ? nullish(a) && nullish(b) : typeof a === typeof b ? equal(a, b) : UNKNOWN;
      return r === UNKNOWN ? UNKNOWN : op === 'looseEq' ? r : !r;
    }
    default: {
      if (!((typeof a === 'number' && typeof b === 'number') || (typeof a === 'string' && typeof b === 'string'))) return UNKNOWN;
      return op === 'lt' ? a < b : op === 'gt' ? a > b : op === 'le' ? a <= b : a >= b;
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
