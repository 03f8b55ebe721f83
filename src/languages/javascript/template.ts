// Message templates for JavaScript/TypeScript: string literals, template
// literals, `+` concatenation, util.format-style verbs, String()/JSON.stringify,
// array joins, followed locals. Pure functions over @ast-grep nodes; variable
// lookup is delegated to a Resolver supplied by the caller (js-facts.ts).

import type { SgNode } from '@ast-grep/napi';
import { MODULE_TABLE } from '../../core/site.js';
import { concat, hole, isHole, isLit, lit, memberKey, normalize, openFields, originOf, placeholderName, withOrigin, type FieldStyle, type HoleKind, type Segment, type Template } from '../../template/ir.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import { appendedReadings, joinedReadings, ownerFunction } from './joined.js';
import { decodeEscapes } from './escapes.js';

/** A variable's value as seen from a use site. */
export interface Resolved {
  /** The assigned value expression (null when bound without a usable value, e.g. destructuring). */
  value: SgNode | null;
  /** `name += expr` right-hand sides after the chosen assignment, in order. */
  augments: SgNode[];
  /** `augments` stop before a `+=` under a condition the assignment is not under (the rest may not run). */
  augmentsCut?: boolean;
  /** True when the name has exactly one binding (const-like). */
  constant: boolean;
  /** Other values the name may hold there, assigned before `value` under no condition the use is under (not asked for constOnly). */
  alternatives?: SgNode[];
  /** Resolver to use for identifiers inside `value` (its own scope). */
  scope: Resolver;
}

export interface Resolver {
  /** Follow an identifier to its value, or null (parameter, unknown, global). */
  resolve(name: string, at: number, constOnly?: boolean): Resolved | null;
  /** The function a called name (`fail`, `Cls.build`, `this.describe`) refers to, with the resolver for inside it. */
  callee?(name: string, at: number): { fn: SgNode; params: string[]; scope: Resolver } | null;
  /** True for a parameter the call being followed gives no argument (`msg` in `err(13)`). */
  absent?(name: string): boolean;
  /** The object a module of the file exports as NAME (`exports.Messages = {…}`): a bundle's message table. */
  exported?(name: string): { value: SgNode; scope: Resolver } | null;
  /** The relative module a name binds as a namespace (`import * as E from './e'`, `const E = __importStar(require('./e'))`), or null. */
  namespace?(name: string): string | null;
  /** The relative module and exported name a name is imported as (`import { PREFIX } from './common.js'`), or null. */
  imported?(name: string): { from: string; name: string } | null;
}

/**
 * The resolver for a function's body followed from one call: parameters read
 * as the call's arguments (resolved where the call is), other names as usual.
 */
export function bindParams(params: string[], args: SgNode[], inner: Resolver, caller: Resolver): Resolver {
  return {
    resolve: (id, at, constOnly) => {
      const i = params.indexOf(id);
      if (i < 0) return inner.resolve(id, at, constOnly);
      return args[i] ? { value: args[i], augments: [], constant: true, scope: caller } : null;
    },
    callee: inner.callee,
    exported: inner.exported,
    namespace: inner.namespace,
    imported: inner.imported,
    absent: (id) => {
      const i = params.indexOf(id);
      return i >= 0 && !args[i];
    },
  };
}


/** Built template plus whether the expression is known to produce a string. */
export interface Built {
  t: Template;
  /** The expression is a string (a literal, template, string concatenation, String(...)...). */
  s: boolean;
  /**
   * The value may be the empty string (`c ? x : ''`, `x || ''`). A hole cannot
   * match nothing, so a concatenation stops before it: the unanchored prefix
   * still matches every variant.
   */
  empty?: boolean;
  /** With `empty`: the template when the value is not empty (`x + ', '` of `c ? x + ', ' : ''`). */
  present?: Template;
  /**
   * Other complete templates the value can take: each optional part (`empty` with `present`) gives
   * the text with and without it, instead of the text cut before it.
   */
  alts?: Template[];
}

/** Complete templates one concatenation can give, at most (each optional part doubles them). */
const MAX_OPTIONAL_VARIANTS = 4;

/**
 * Appends a concatenation's next operand to every variant so far: an optional one (`empty` with
 * `present`) forks each variant into with and without it, while there is room; null when the text
 * must be cut before the operand (it may be empty, and there is no room or nothing to fork on).
 */
function appendOperand(variants: Template[], b: Built, node: SgNode): Template[] | null {
  if (b.empty && variants[0].some(isLit)) {
    if (!b.present || variants.length * 2 > MAX_OPTIONAL_VARIANTS) return null;
    return variants.flatMap((v) => [concat(v, b.present!), v]);
  }
  // (an operand of several texts, a function's returns `"an"` / `"a"`: each is a reading, under the same cap)
  const alts = b.alts?.filter(hasLit) ?? [];
  if (alts.length && variants.length * (1 + alts.length) <= MAX_OPTIONAL_VARIANTS) return variants.flatMap((v) => [b.t, ...alts].map((t) => concat(v, t)));
  // (past the cap, an operand of several texts is one hole: its first text alone would miss the others,
  // Peggy's `describeFound` giving `"x"` or `end of input` after `describeExpected`'s three readings)
  if (alts.length) return variants.map((v) => concat(v, holeOf(unwrap(node))));
  return variants.map((v) => concat(v, b.t));
}

const withAlts = (variants: Template[], s: boolean): Built => (variants.length > 1 ? { t: variants[0], s, alts: variants.slice(1) } : { t: variants[0], s });

const MAX_DEPTH = 6;
const MAX_EXPR = 200;

/** Source text of an expression for a hole: whitespace collapsed, capped. */
export function exprText(node: SgNode): string {
  const t = node.text().replace(/\s+/g, ' ').trim();
  return t.length > MAX_EXPR ? t.slice(0, MAX_EXPR) : t;
}

const WRAPPERS = new Set(['parenthesized_expression', 'as_expression', 'satisfies_expression', 'non_null_expression', 'type_assertion', 'await_expression']);

/** Strip parentheses and TypeScript-only wrappers (`x as T`, `x!`, `<T>x`, `x satisfies T`). */
export function unwrap(node: SgNode): SgNode {
  let n = node;
  for (let i = 0; i < 20; i++) {
    const k = n.kind() as string;
    if (!WRAPPERS.has(k)) return n;
    const kids = namedKids(n);
    if (kids.length === 0) return n;
    // `<T>x`: the expression is the last child; the others have it first.
    const next = k === 'type_assertion' ? kids[kids.length - 1] : kids[0];
    if (!next) return n;
    n = next;
  }
  return n;
}

/** Named children without comments. */
export function namedKids(node: SgNode): SgNode[] {
  return node.namedChildren().filter((c) => c.kind() !== 'comment');
}

/** Call/new arguments as nodes (comments dropped). */
export function argNodes(call: SgNode): SgNode[] {
  const args = call.field('arguments');
  if (!args || args.kind() !== 'arguments') return [];
  return namedKids(args);
}

// ---------------------------------------------------------------------------
// String literal decoding

/** Value of a `string` node (quotes stripped, escapes decoded). */
export function stringValue(node: SgNode): string {
  const t = node.text();
  return decodeEscapes(t.slice(1, -1));
}

/** The value of a plain string literal or substitution-free template literal, else null. */
export function literalString(node: SgNode | null): string | null {
  if (!node) return null;
  const n = unwrap(node);
  const k = n.kind() as string;
  if (k === 'string') return stringValue(n);
  if (k === 'template_string') {
    const t = n.text();
    if (t.includes('${')) return null;
    return decodeEscapes(t.slice(1, -1));
  }
  return null;
}

// ---------------------------------------------------------------------------
// Template building

const hasLit = (t: Template): boolean => t.some(isLit);

function holeOf(node: SgNode, kind: HoleKind = 'any'): Template {
  return [hole(exprText(node), kind)];
}

/**
 * Template of an expression. Always returns a template: an expression that
 * is not understood becomes a single hole named after it.
 */
export function buildTemplate(node: SgNode, r: Resolver, depth = 0): Built {
  if (depth > MAX_DEPTH) return { t: holeOf(node), s: false };
  const n = unwrap(node);
  const k = n.kind() as string;
  switch (k) {
    case 'string':
      return { t: normalize([lit(stringValue(n))]), s: true };
    case 'template_string':
      return withAlts(templateString(n, r, depth), true);
    case 'number': {
      const text = n.text();
      // Plain decimal integers print as written; others (1e3, 0x10, 1_000) do not.
      return /^(0|[1-9]\d{0,15})$/.test(text) ? { t: [lit(text)], s: false } : { t: holeOf(n, 'float'), s: false };
    }
    case 'true': case 'false': case 'null': case 'undefined':
      return { t: [lit(n.text())], s: false };
    case 'binary_expression':
      return binary(n, r, depth);
    case 'identifier':
      return identifier(n, r, depth, false);
    case 'call_expression':
      return call(n, r, depth);
    case 'member_expression':
      return member(n, r, depth);
    case 'subscript_expression':
      return subscript(n, r, depth);
    case 'ternary_expression':
      return ternary(n, r, depth);
    case 'spread_element': {
      // `new GrammarError(...args)` in `error(...args)`: the message is the first of the rest
      // parameter's values, which is the caller's argument at the rest parameter's position, as
      // for a plain parameter named `args`.
      const inner = namedKids(n)[0];
      if (inner?.kind() === 'identifier' && isRestParam(n, inner.text())) return { t: holeOf(inner), s: false };
      return { t: holeOf(n), s: false };
    }
    default:
      return { t: holeOf(n), s: false };
  }
}

const FUNCTION_NODES = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);

/** True when NAME is the rest parameter (`...name`) of the function around NODE. */
function isRestParam(node: SgNode, name: string): boolean {
  let fn: SgNode | null = node.parent();
  for (let i = 0; fn && i < 200 && !FUNCTION_NODES.has(fn.kind() as string); i++) fn = fn.parent();
  const params = fn?.field('parameters');
  if (!params) return false;
  return namedKids(params).some((p) => {
    const rest = p.kind() === 'rest_pattern' ? p : (p.field('pattern') ?? null);
    return rest?.kind() === 'rest_pattern' && namedKids(rest)[0]?.text() === name;
  });
}

/** The templates a template literal gives (more than one with optional substitutions: appendOperand). */
function templateString(n: SgNode, r: Resolver, depth: number): Template[] {
  let variants: Template[] = [[]];
  const kids = n.children();
  for (let i = 0; i < kids.length; i++) {
    const c = kids[i];
    const k = c.kind() as string;
    if (k === 'template_substitution') {
      const inner = namedKids(c)[0];
      if (!inner) continue;
      // (a choice between texts written out is each text: valibot's `Invalid ${label}: ${expected ?
      // `Expected ${expected} but r` : 'R'}eceived ${received}`)
      const chosen = chosenTexts(unwrap(inner), r, depth);
      if (chosen && variants.length * chosen.length <= MAX_OPTIONAL_VARIANTS) {
        variants = variants.flatMap((v) => chosen.map((t) => concat(v, t)));
        continue;
      }
      // A nested template inside `${}` is one value.
      if (unwrap(inner).kind() === 'template_string') {
        variants = variants.map((v) => [...v, ...holeOf(unwrap(inner))]);
        continue;
      }
      const next = appendOperand(variants, operand(inner, r, depth + 1), inner);
      if (!next) break; // may be '': keep the prefix
      variants = next;
    } else if (k === 'string_fragment' || k === 'escape_sequence') {
      const text = lit(decodeEscapes(c.text()));
      variants = variants.map((v) => [...v, text]);
    }
    // '`' delimiters and comments are skipped
  }
  return variants.map(normalize);
}

/**
 * The texts a ternary chooses between when both sides are written out (a string, or a template
 * literal of one reading), each with some text; else null (an empty side is an optional part:
 * operand).
 */
function chosenTexts(n: SgNode, r: Resolver, depth: number): Template[] | null {
  if (n.kind() !== 'ternary_expression' || depth > MAX_DEPTH) return null;
  const out: Template[] = [];
  for (const side of [n.field('consequence'), n.field('alternative')]) {
    const u = side ? unwrap(side) : null;
    const k = u?.kind() as string | undefined;
    if (!u || (k !== 'string' && k !== 'template_string')) return null;
    const ts = k === 'string' ? [normalize([lit(stringValue(u))])] : templateString(u, r, depth + 1);
    if (ts.length !== 1 || !hasLit(ts[0])) return null;
    out.push(ts[0]);
  }
  return out;
}

/**
 * A whole message chosen by a condition (a build's production and development texts,
 * `process.env.NODE_ENV === "production" ? formatProdErrorMessage(2) : 'Expected the root reducer…'`):
 * each side that is text is a reading. When every side is, the first is the template and the others
 * its alternatives; else the choice stays one hole (the side not known here), the texts its
 * alternatives. A choice with no text on either side is one hole.
 */
function ternary(n: SgNode, r: Resolver, depth: number): Built {
  // (near the message only: deeper, inside the functions its calls are followed into, a choice stays
  // one hole, as building both sides of every one costs a bundle's analysis a third more: meriyah)
  if (depth > MAX_CHOICE_READING_DEPTH) return { t: holeOf(n), s: false };
  const texts: Template[] = [];
  let unknownSide = false;
  for (const side of [n.field('consequence'), n.field('alternative')]) {
    const b = side ? buildTemplate(side, r, depth + 1) : null;
    if (b && b.s && hasLit(b.t)) texts.push(b.t, ...(b.alts ?? []).filter(hasLit));
    else unknownSide = true;
  }
  const distinct = dedupe(texts).slice(0, MAX_OPTIONAL_VARIANTS);
  if (!distinct.length) return { t: holeOf(n), s: false };
  if (unknownSide) return { t: holeOf(n), s: false, alts: distinct };
  return withAlts(distinct, true);
}

/**
 * An operand inside a concatenation or substitution: literals stay literal, a
 * const-like variable holding a string is inlined, anything else is one hole.
 */
function operand(node: SgNode, r: Resolver, depth: number): Built {
  const n = unwrap(node);
  const k = n.kind() as string;
  if (k === 'identifier') return identifier(n, r, depth, true);
  if (k === 'ternary_expression') {
    const sides = [n.field('consequence'), n.field('alternative')];
    const blank = sides.findIndex((b) => b !== null && literalString(b) === '');
    const other = blank >= 0 ? sides[1 - blank] : null;
    if (blank >= 0) return { t: holeOf(n), s: true, empty: true, ...(other ? { present: operandOrHole(other, r, depth) } : {}) };
  } else if (isFallback(n)) {
    const left = n.field('left');
    // `x || ''`: x, or nothing
    if (literalString(n.field('right')) === '') return { t: holeOf(n), s: true, empty: true, ...(left ? { present: operandOrHole(left, r, depth) } : {}) };
  }
  return buildTemplate(n, r, depth);
}

/**
 * The expressions a value is chosen from by a condition: both sides of a ternary, of `a || b` and of
 * `a ?? b`, also through a const name holding such a choice. Anything else is its only choice.
 */
export function choices(node: SgNode, r: Resolver, depth = 0): { node: SgNode; r: Resolver }[] {
  const n = unwrap(node);
  const k = n.kind() as string;
  if (depth < MAX_CHOICE_DEPTH) {
    const sides = k === 'ternary_expression' ? [n.field('consequence'), n.field('alternative')] : isFallback(n) ? [n.field('left'), n.field('right')] : null;
    if (sides) return sides.flatMap((b) => (b ? choices(b, r, depth + 1) : []));
    if (k === 'identifier') {
      const res = r.resolve(n.text(), n.range().start.index, true);
      if (res?.value && res.constant && res.augments.length === 0) {
        const inner = choices(res.value, res.scope, depth + 1);
        if (inner.length > 1) return inner;
      }
    }
  }
  return [{ node: n, r }];
}
const MAX_CHOICE_DEPTH = 4;

/** `a || b` or `a ?? b`. */
export const isFallback = (n: SgNode): boolean => n.kind() === 'binary_expression' && /^(?:\|\||\?\?)$/.test(n.field('operator')?.text() ?? '');

/** The pattern of a `.replace` that fills numbered markers: `'%0'`, `/%(\d)/g`, `/%\d/g`. */
const INDEX_MARKER = /^(?:'%\d'|"%\d"|\/%\(?\\d\)?\/g?)$/;

/**
 * The field style of a `.replace` pattern that fills a message's marker: numbered (`'%0'`,
 * `/%(\d)/g`), or a text written as one named field of a style (`'{peek}'`, `'{{name}}'`,
 * `'${path}'`, `'#{this}'`, `':attribute'`): stylus's `msg.replace('{peek}', …)`. Null otherwise.
 */
export function markerStyle(pattern: SgNode): FieldStyle | null {
  if (INDEX_MARKER.test(pattern.text())) return 'index';
  const text = literalString(pattern);
  if (text === null || text.length > 64) return null;
  if (/^\{[A-Za-z_$][\w$]*\}$/.test(text)) return 'brace';
  if (/^\{\{\s*[A-Za-z_$][\w$.]*\s*\}\}$/.test(text)) return 'mustache';
  if (/^\$\{\s*[A-Za-z_$][\w$.]*\s*\}$/.test(text)) return 'dollar';
  if (/^#\{[A-Za-z_$][\w$]*\}$/.test(text)) return 'hash';
  if (/^:[a-z_][a-z0-9_]*$/.test(text)) return 'colon';
  return null;
}

/** An operand's template when it is text (or carries some), else one hole named after it. */
function operandOrHole(a: SgNode, r: Resolver, depth: number): Template {
  const b = operand(a, r, depth + 1);
  return b.s || hasLit(b.t) || hasLookup(b.t) ? b.t : holeOf(unwrap(a));
}

/** Whether a template holds a lookup into a table of another file (record/ puts the entry in: it is text then). */
export const hasLookup = (t: Template): boolean => t.some((s) => isHole(s) && !!s.hole.lookup);

function identifier(n: SgNode, r: Resolver, depth: number, constOnly: boolean): Built {
  const name = n.text();
  if (name === 'undefined') return { t: [lit('undefined')], s: false };
  const res = r.resolve(name, n.range().start.index, constOnly);
  if (res && res.value && (!constOnly || (res.constant && res.augments.length === 0))) {
    if (res.augmentsCut && !res.alternatives?.length) {
      // (`+=` under a condition: the text with and without it, each `if` branch a reading: joined.ts)
      const readings = appendedReadings(name, res.value, n, (a) => operandOrHole(a, res.scope, depth + 1));
      if (readings && readings.some((t) => hasLit(t) || hasLookup(t))) return withAlts(dedupe(readings), true);
    }
    const b = buildTemplate(res.value, res.scope, depth + 1);
    let t = b.t;
    let s = b.s;
    for (const a of res.augments) {
      const ab = operand(a, res.scope, depth + 1);
      t = concat(t, ab.t);
      s = s || ab.s;
    }
    if (!constOnly && res.alternatives?.length) {
      const alts = reachingTexts(res.alternatives, res.scope, depth);
      if (alts.length) {
        const own = s && hasLit(t) ? [t, ...(res.augments.length ? [] : (b.alts ?? []))] : res.augments.length ? [] : reachingTexts([res.value], res.scope, depth);
        return withAlts(dedupe([...own, ...alts]).slice(0, MAX_REACHING_TEXTS), true);
      }
    }
    // (a value of several texts, a reassigned local's, keeps them when nothing is appended)
    if (s && hasLit(t)) return (!constOnly || res.constant) && b.alts && !res.augments.length ? { t, s, alts: b.alts } : { t, s };
    // (a value that may be one of several texts or something not known, a call of a function of
    // several returns: the texts stay its alternatives)
    if (b.alts?.some(hasLit) && !hasLit(t) && !res.augments.length && (!constOnly || res.constant)) return { t: [hole(name)], s, alts: b.alts };
    // A parameter's text filled in (`msg = format.replace(/%(\d)/g, …)`): the parameter's hole, which callers fill.
    if (t.length === 1 && isHole(t[0]) && t[0].hole.fmt) return { t, s };
    // (a lookup appended to, `let msg = ERRORS.NOT_FOUND; msg += …`: record/ puts the entry's text in)
    if (res.augments.length && hasLookup(t)) return { t, s };
    // A local holding a parameter (`let msg = message`, also when another branch sets it to
    // `message(...params)`, a function entry of a table called): the parameter's hole, which the
    // helper's callers fill.
    if (!constOnly && t.length === 1 && isHole(t[0]) && !t[0].hole.lookup && heldParameter(t[0].hole.expr ?? "", name, res.value, res.scope)) return { t, s };
    // A local given by a function called in place that may return a parameter as it is (`const errMsg
    // = (() => { if (custom === undefined) return msg; … return custom; })()`): that parameter's hole.
    const passed = !constOnly ? returnedParameter(res.value, res.scope) : null;
    if (passed) return { t: [hole(passed)], s };
    // Known to be a string but carries no literal text: name the hole after the variable.
    return { t: [hole(name)], s };
  }
  // A name imported one by one from a module of the tree (`${decodeErrPrefix} …` of `import {
  // decodeErrPrefix } from './common.js'`): the text that module exports under it (tables.ts), put in by record/.
  const from = (!res || (!res.value && res.constant)) ? r.imported?.(name) : null;
  if (from && !shadowedByParameter(n, name)) return lookupHole(n, MODULE_TABLE + from.from, from.name);
  return { t: [hole(name)], s: false };
}

/** Whether a function or catch clause around `n` takes a parameter named `name` (which hides an import of that name). */
function shadowedByParameter(n: SgNode, name: string): boolean {
  const re = new RegExp(String.raw`(?:^|[^\w$.])${name.replace(/\$/g, '\\$')}(?![\w$])`);
  for (let p = n.parent(); p; p = p.parent()) {
    const params = p.field('parameters') ?? p.field('parameter');
    if (params && re.test(params.text())) return true;
  }
  return false;
}

/** Whether `expr`, the value a local `name` holds, is a bare name bound to nothing in the function (a parameter). */
function heldParameter(expr: string, name: string, value: SgNode, scope: Resolver): boolean {
  if (expr === name || !/^[A-Za-z_$][\w$]*$/.test(expr)) return false;
  const u = unwrap(value);
  return u.kind() === 'identifier' && u.text() === expr && scope.resolve(expr, u.range().start.index) === null;
}

/** Returns of a function called in place read for a parameter it returns, at most. */
const MAX_IIFE_RETURNS = 8;

/**
 * The parameter of the function around that `value`, a function called in place with no arguments
 * (`(() => { … })()`), returns as it is: its own returns of a bare name bound nowhere inside it nor
 * around (a parameter; the caller's scope says). Null when none or several do.
 */
function returnedParameter(value: SgNode, scope: Resolver): string | null {
  const call = unwrap(value);
  if (call.kind() !== 'call_expression' || argNodes(call).length) return null;
  const fn = unwrap(call.field('function') ?? call);
  if (fn.kind() !== 'arrow_function' && fn.kind() !== 'function_expression' && fn.kind() !== 'function') return null;
  const body = fn.field('body');
  if (!body || body.kind() !== 'statement_block') return null;
  const fnId = fn.id();
  const returns = body.findAll({ rule: { kind: 'return_statement' } }).filter((ret) => ownerFunction(ret)?.id() === fnId);
  if (!returns.length || returns.length > MAX_IIFE_RETURNS) return null;
  const found = new Set<string>();
  for (const ret of returns) {
    const v = namedKids(ret)[0];
    const e = v ? unwrap(v) : null;
    if (e?.kind() !== 'identifier' || e.text() === 'undefined') continue;
    const name = e.text();
    // (bound inside the function called: a local of its own, not what the caller was given)
    if (body.find({ rule: { kind: 'variable_declarator', has: { field: 'name', regex: `^${name.replace(/\$/g, '\\$')}$` } } })) continue;
    if (scope.resolve(name, call.range().start.index) === null) found.add(name);
  }
  return found.size === 1 ? [...found][0] : null;
}

/** Texts a reassigned name gives at one use, at most (its binding's and the ones before it that reach). */
const MAX_REACHING_TEXTS = 6;

/** The texts of the other values a reassigned name may hold (Resolved.alternatives): each that is text, with its own alternatives. */
function reachingTexts(values: SgNode[], scope: Resolver, depth: number): Template[] {
  const out: Template[] = [];
  // (each side of a choice, `x > 9 ? 'way too large' : 'too large'`, is one)
  for (const c of values.flatMap((v) => choices(v, scope))) {
    const b = buildTemplate(c.node, c.r, depth + 1);
    if (b.s && hasLit(b.t)) out.push(b.t, ...(b.alts ?? []));
  }
  return out;
}

const dedupe = (ts: Template[]): Template[] => {
  const seen = new Set<string>();
  return ts.filter((t) => {
    const k = JSON.stringify(t);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** A name that says it holds text (`message`, `msg`, `reason`, …), never a number. */
const TEXT_NAME = /^(?:msg|message|errorMessage|errMsg|text|reason|description|detail)$/;
const namedAsText = (n: SgNode): boolean => {
  const u = unwrap(n);
  return u.kind() === 'identifier' && TEXT_NAME.test(u.text());
};

function binary(n: SgNode, r: Resolver, depth: number): Built {
  // `msg || ec[ind]` followed from a call that gives no `msg`: the fallback.
  const op = n.field('operator')?.text();
  if (op === '||' || op === '??') {
    const left = n.field('left');
    const right = n.field('right');
    if (left && right && left.kind() === 'identifier' && r.absent?.(left.text())) return buildTemplate(right, r, depth + 1);
    // `msg || 'Assertion failed'`: the value given (a parameter's hole, which its callers fill), else
    // the default text, a message of its own. Read as one hole, neither was a message.
    if (left && right) {
      const d = buildTemplate(right, r, depth + 1);
      if (d.s && hasLit(d.t)) {
        const given = buildTemplate(left, r, depth + 1);
        if (!hasLit(given.t)) return { t: given.t.length === 1 && isHole(given.t[0]) ? given.t : holeOf(unwrap(left)), s: true, alts: [d.t, ...(d.alts ?? [])] };
      }
    }
    return { t: holeOf(n), s: false };
  }
  // `a + b + c + ...` is left-nested: walk the chain iteratively so long
  // concatenations do not hit the depth limit. chain[i] is the `+` node whose
  // right operand is operands[i + 1].
  const chain: SgNode[] = [];
  let cur: SgNode = n;
  for (let i = 0; i < 500; i++) {
    if (cur.kind() !== 'binary_expression' || cur.field('operator')?.text() !== '+') break;
    chain.push(cur);
    const left = cur.field('left');
    if (!left) break;
    cur = left;
  }
  if (chain.length === 0) return { t: holeOf(n), s: false };
  chain.reverse();
  const first = chain[0].field('left');
  if (!first) return { t: holeOf(n), s: false };
  const head = operand(first, r, depth + 1);
  let s = head.s;
  // (a head of several texts, a small table's entry, gives a reading each)
  let variants = [head.t, ...(head.s ? (head.alts ?? []).filter(hasLit) : [])].slice(0, MAX_OPTIONAL_VARIANTS);
  for (const node of chain) {
    const right = node.field('right');
    if (!right) return { t: holeOf(n), s: false };
    const rt = operand(right, r, depth + 1);
    // Numeric addition (neither side a string so far): one value. Not when a side is named as a
    // message (`msg + message`, a prefix built under conditions before a parameter its callers
    // fill, saxes's `makeError`): that is text, and the parameter stays a hole of its own.
    if (!s && !rt.s && !(namedAsText(right) || (node === chain[0] && namedAsText(first)))) {
      variants = [holeOf(node)];
      continue;
    }
    const next = s ? appendOperand(variants, rt, right) : variants.map((v) => concat(v, rt.t));
    if (!next) break; // may be '': keep the prefix
    variants = next;
    s = true;
  }
  return withAlts(variants, s);
}

/**
 * `"a ".concat(x, " b").concat(y, ")")`, `"".concat(x, " is not a function")`: how TypeScript and Babel
 * compile template literals for old targets. The chain is read from its innermost text on, in one
 * pass (a long template compiles to a long chain); null when that is no string (`[a].concat(b)`).
 */
function concatChain(n: SgNode, r: Resolver, depth: number): Built | null {
  const argLists: SgNode[][] = [];
  let cur = n;
  let head: SgNode | null = null;
  while (!head) {
    const fn = cur.field('function');
    if (!fn || fn.kind() !== 'member_expression' || fn.field('property')?.text() !== 'concat') {
      head = cur;
      break;
    }
    argLists.push(argNodes(cur));
    const obj = fn.field('object');
    if (!obj) return null;
    const o = unwrap(obj);
    if (o.kind() === 'call_expression') cur = o;
    else head = o;
  }
  const h = buildTemplate(head, r, depth + 1);
  if (!h.s) return null;
  // (an operand of several texts, `"".concat(poolName, " ")` with `poolName` a small table's entry,
  // gives a reading each, under appendOperand's cap; past it, one hole)
  let variants: Template[] = [h.t, ...(h.alts ?? []).filter(hasLit)].slice(0, MAX_OPTIONAL_VARIANTS);
  for (const a of argLists.reverse().flat()) {
    const b = operand(a, r, depth + 1);
    const text = b.s || hasLit(b.t) || hasLookup(b.t);
    const t = text ? b.t : holeOf(unwrap(a));
    const alts = text ? (b.alts ?? []).filter(hasLit) : [];
    if (!alts.length) variants = variants.map((v) => concat(v, t));
    else if (variants.length * (1 + alts.length) <= MAX_OPTIONAL_VARIANTS) variants = variants.flatMap((v) => [t, ...alts].map((x) => concat(v, x)));
    else variants = variants.map((v) => concat(v, holeOf(unwrap(a))));
  }
  return hasLit(variants[0]) ? withAlts(variants, true) : null;
}

const FORMAT_CALLEES = new Set(['util.format', 'format', 'util.formatWithOptions', 'formatWithOptions']);
/** `util.format` read off the module (`var f = util.format`, `const format = require('util').format`). */
const FORMAT_VALUE = /^(?:[\w$]*[uU]til|require\(['"](?:node:)?util['"]\))\.format$/;

/**
 * The arguments util.format is given by `F.apply(self, [a, b])`, `F.call(self, a, b)` or
 * `F.bind(self, a).apply(self, rest)`, with F util.format read off the module: the bound ones, then
 * an array literal's elements (a rest that is no literal adds nothing: its verbs stay as written).
 * Null for any other call.
 */
function appliedFormat(fn: SgNode, args: SgNode[]): SgNode[] | null {
  if (fn.kind() !== 'member_expression') return null;
  const how = fn.field('property')?.text();
  if (how !== 'apply' && how !== 'call') return null;
  let f = fn.field('object') ? unwrap(fn.field('object')!) : null;
  const out: SgNode[] = [];
  if (f?.kind() === 'call_expression') {
    const b = f.field('function');
    if (b?.kind() !== 'member_expression' || b.field('property')?.text() !== 'bind') return null;
    out.push(...argNodes(f).slice(1));
    f = b.field('object') ? unwrap(b.field('object')!) : null;
  }
  if (!f || !FORMAT_APPLIED.test(f.text())) return null;
  if (how === 'call') out.push(...args.slice(1));
  else if (args[1] && unwrap(args[1]).kind() === 'array') out.push(...namedKids(unwrap(args[1])));
  return out.length ? out : null;
}

/** util.format as a value (`util.format`, `require('util').format`): what may be applied or bound. */
const FORMAT_APPLIED = /^(?:[\w$]*[uU]til|require\(['"](?:node:)?util['"]\))\.format$/;

/** A local name bound, once and to nothing else, to util.format (`var f = util.format; … f('…%s', x)`): avsc names it `f`. */
function formatAlias(name: string, n: SgNode, r: Resolver): boolean {
  const hit = r.resolve(name, n.range().start.index);
  if (!hit?.value || hit.alternatives?.length) return false;
  const v = unwrap(hit.value);
  return v.kind() === 'member_expression' && FORMAT_VALUE.test(v.text().replace(/\s+/g, ''));
}
const REPR_CALLEES = new Set(['JSON.stringify', 'util.inspect', 'inspect']);
/** Translation functions (`t`, `i18n.t`, `this.$t`, `__`, `translate`), which look their first argument up in locale files. */
const I18N_CALLEE = /^(?:[\w$]+\.)?(?:t|\$t|__|translate)$/;
/** A translation key, not a sentence (a gettext-style call passes the message itself). */
const I18N_KEY = /^[\w$-]+(?:[.:][\w$-]+)*$/;
const PRINTF_CALLEES = new Set(['sprintf', 'sprintf.sprintf', 'printf', 'sprintfJs.sprintf']);

function call(n: SgNode, r: Resolver, depth: number): Built {
  const fn = n.field('function');
  if (!fn) return { t: holeOf(n), s: false };
  const fk = fn.kind() as string;
  if (fk === 'subscript_expression' || fk === 'member_expression') {
    const b = calledEntry(fn, r, argNodes(n), r, depth);
    if (b) return b;
  }
  // (`const msgFn = messages[info.type]; … msgFn(info, label)`: a local holding such an entry, called)
  if (fk === 'identifier') {
    const res = r.resolve(fn.text(), fn.range().start.index, true);
    const v = res?.constant && res.value ? unwrap(res.value) : null;
    if (v && (v.kind() === 'subscript_expression' || v.kind() === 'member_expression')) {
      const b = calledEntry(v, res!.scope, argNodes(n), r, depth);
      if (b) return b;
    }
  }
  if (fk !== 'identifier' && fk !== 'member_expression') return { t: holeOf(n), s: false };
  if (fk === 'member_expression' && fn.field('property')?.text() === 'concat') {
    const b = concatChain(n, r, depth);
    if (b) return b;
  }
  // `util.format.bind(util, template).apply(null, args)`, `util.format.apply(util, [msg, x])`: util.format
  const applied = appliedFormat(fn, argNodes(n));
  if (applied) return { t: formatArgs(applied, r, depth + 1), s: true };
  const callee = fn.text();
  // (an array literal's method, `[`…`, ...rest].join('\n')`, is read below whatever its length)
  const onArray = fk === 'member_expression' && fn.field('object') !== null && unwrap(fn.field('object')!).kind() === 'array';
  if (callee.length > 60 && !onArray) return { t: holeOf(n), s: false };
  const args = argNodes(n);
  if (callee === 'String') {
    if (args.length === 0) return { t: [], s: true };
    const b = operand(args[0], r, depth + 1);
    return { t: b.s ? b.t : holeOf(unwrap(args[0])), s: true };
  }
  if (REPR_CALLEES.has(callee)) {
    return { t: args[0] ? holeOf(unwrap(args[0]), 'repr') : [lit('undefined')], s: true };
  }
  if (FORMAT_CALLEES.has(callee) || (fk === 'identifier' && formatAlias(callee, n, r))) {
    const fargs = callee.endsWith('formatWithOptions') ? args.slice(1) : args;
    return { t: formatArgs(fargs, r, depth + 1), s: true };
  }
  if (PRINTF_CALLEES.has(callee)) return { t: formatArgs(args, r, depth + 1, true), s: true };
  // `t('errors.required')`, `i18n.t('invalid_type', …)`: a key into the package's locale files (record/locale.ts)
  if (I18N_CALLEE.test(callee) && args[0]) {
    const key = literalString(args[0]);
    if (key !== null && I18N_KEY.test(key)) return { t: [{ hole: { name: placeholderName(key.replace(/\W+/g, '_')), expr: exprText(n), kind: 'any', lookup: { table: '', key } } }], s: false };
  }
  if (fk === 'identifier') {
    const b = messageFunction(callee, n.range().start.index, args, r, depth);
    if (b) return b;
  }
  if (fk === 'member_expression') {
    const prop = fn.field('property')?.text();
    const obj = fn.field('object');
    // `format.replace(/%(\d)/g, …)`, `msg.replace('%0', value)`: a message table's numbered markers
    // filled; `msg.replace('{peek}', …)`: a named marker the callers' texts hold.
    const style = prop === 'replace' && obj && args[0] ? markerStyle(args[0]) : null;
    if (style && obj) {
      const o = unwrap(obj);
      // (a local assigned more than once, `msg = cond ? Messages.A : Messages.B` under a condition: each text it may hold)
      const local = o.kind() === 'identifier' ? r.resolve(o.text(), o.range().start.index) : null;
      if (local?.alternatives?.length) {
        const b = identifier(o, r, depth + 1, false);
        if (b.s && hasLit(b.t)) return withAlts([b.t, ...(b.alts ?? [])].map((t) => openFields(t, style)), true);
      }
      if (o.kind() === 'identifier' && !r.resolve(o.text(), o.range().start.index, true)) {
        // A parameter (or another unknown): the text its callers pass has the markers.
        return { t: [{ hole: { name: o.text(), expr: o.text(), kind: 'any', fmt: style } }], s: false };
      }
      const b = buildTemplate(o, r, depth + 1);
      if (b.s && hasLit(b.t)) return { t: openFields(b.t, style), s: true };
    }
    if (prop === 'join' && obj) {
      const arr = unwrap(obj);
      if (arr.kind() === 'array') {
        const sepNode = args[0];
        const sep = sepNode ? literalString(sepNode) : ',';
        const elems = namedKids(arr);
        if (sep !== null && elems.length > 0) {
          // (a spread, `[`Found errors in …:`, ...problems].join('\n')`, is one hole: the elements it
          // adds, joined by the same separator; written as if it added at least one)
          const parts: Template[] = [];
          elems.forEach((e, i) => {
            if (i > 0) parts.push([lit(sep)]);
            parts.push(e.kind() === 'spread_element' ? holeOf(namedKids(e)[0] ?? e) : operandOrHole(e, r, depth));
          });
          return { t: concat(...parts), s: true };
        }
      }
      // `lines.join('\n')` of a local array pushed to before: its writes (joined.ts), read where the join
      // is (the array is of the same function: `r` binds its parameters to a call being followed)
      const sep = args[0] ? literalString(args[0]) : ',';
      const res = arr.kind() === 'identifier' && sep !== null && depth <= MAX_DEPTH ? r.resolve(arr.text(), arr.range().start.index) : null;
      const made = res?.constant && res.value ? unwrap(res.value) : null;
      if (made?.kind() === 'array') {
        const readings = joinedReadings(arr.text(), made, n, sep!, (a) => operandOrHole(a, r, depth + 1));
        if (readings) return withAlts(readings, true);
      }
      return { t: holeOf(n), s: true };
    }
    if (prop === 'toString' || prop === 'toUpperCase' || prop === 'toLowerCase' || prop === 'trim' || prop === 'toFixed') {
      return { t: holeOf(n), s: true };
    }
    // `messages[code].replace(/\{\{#(\w+)\}\}/g, …)`: the entry, its placeholders filled (opened as the table writes them)
    if (prop === 'replace' && obj) {
      const o = lookupOf(obj, r, depth);
      if (o) return o;
    }
  }
  // `Cls.buildMessage(expected, found)`, `this.describe(x)`: a static method, a function assigned to a
  // property or a method of the class around, of this file, returning the message.
  if (fk === 'member_expression' && /^(?:this|[A-Za-z_$][\w$]*)\.[A-Za-z_$][\w$]*$/.test(callee)) {
    const b = messageFunction(callee, n.range().start.index, args, r, depth);
    if (b) return b;
  }
  // `render(messages[code], ctx)`, `template(Messages.X, values)`: a table's entry handed to a function
  // that fills its placeholders; the entry, with its placeholders as holes, is the message.
  if (args[0] && args.length <= 3) {
    const o = lookupOf(args[0], r, depth);
    if (o) return o;
  }
  // `sub('invalid choice: %(value)r (choose from %(choices)s)', args)`, `fmt('expected %s arguments', n)`:
  // a function not known here handed a text whose verbs its other arguments fill, one each or by name.
  const prop = fk === 'member_expression' ? fn.field('property')?.text() ?? '' : '';
  if (!TEXT_METHODS.has(prop) && !onArray) {
    const f = verbFormat(args, r, depth);
    if (f) return f;
  }
  return { t: holeOf(n), s: false };
}

/** Entries of a table of message functions read when the key is not written, at most. */
const MAX_CALLED_ENTRIES = 24;

/**
 * `messages.required(info, label)`, `messages[type](info, label)`: an entry of a const object of
 * this file whose entries are functions returning text (`required: (_, label) => `${label} is
 * required``), called: the text the entry returns, its parameters read as the call's arguments. A key
 * not written (`messages[info.type]`) gives every entry's text, when every entry is such a function.
 * Null otherwise (a table of texts is read as before).
 */
function calledEntry(fn: SgNode, fr: Resolver, args: SgNode[], r: Resolver, depth: number): Built | null {
  if (depth > MAX_DEPTH) return null;
  const table = constTable(fn, fr);
  if (!table || table.value.kind() !== 'object') return null;
  let key: string | null = null;
  if (fn.kind() === 'member_expression') key = fn.field('property')?.text() ?? null;
  else {
    const ix = fn.field('index');
    key = ix ? literalKey(ix, fr, depth) : null;
  }
  const entries = key !== null ? [objectProperty(table.value, key)] : namedKids(table.value).map((c) => (c.kind() === 'pair' ? c.field('value') : null));
  if (entries.length === 0 || entries.length > MAX_CALLED_ENTRIES) return null;
  const out: Template[] = [];
  for (const v of entries) {
    const f = v ? unwrap(v) : null;
    if (!f || (f.kind() !== 'arrow_function' && f.kind() !== 'function_expression')) return null;
    const ret = returnedExpression(f);
    if (!ret) return null;
    const b = buildTemplate(ret, bindParams(entryParams(f), args, table.scope, r), depth + 1);
    if (!b.s || !hasLit(b.t)) return null;
    out.push(entryTemplate(b.t, f, null));
  }
  return withAlts(out, true);
}

/** A function's parameters by position: a name, or '' for a pattern (`({ min }, label)`: its names stay unbound, holes). */
function entryParams(f: SgNode): string[] {
  const one = f.field('parameter');
  if (one) return [one.text()];
  const ps = f.field('parameters');
  if (!ps) return [];
  return namedKids(ps).map((p) => {
    const u = p.kind() === 'assignment_pattern' ? p.field('left') : p.kind() === 'required_parameter' || p.kind() === 'optional_parameter' ? p.field('pattern') : p;
    return u?.kind() === 'identifier' ? u.text() : '';
  });
}

/** Methods of a string or array whose first argument is no format (`'%s'.replace('%s', x)`). */
const TEXT_METHODS = new Set(['replace', 'replaceAll', 'split', 'indexOf', 'lastIndexOf', 'includes', 'startsWith', 'endsWith', 'padStart', 'padEnd', 'concat', 'match', 'matchAll', 'search', 'push', 'unshift', 'join', 'slice', 'substring', 'substr', 'at', 'charAt', 'localeCompare', 'normalize', 'repeat', 'trim', 'test', 'exec', 'get', 'set', 'has', 'add', 'call', 'apply', 'bind', 'emit', 'on', 'once', 'then', 'catch', 'finally']);
/**
 * A printf verb as the ports of Python's `%` operator and sprintf-js write them: `%s`, `%r`, `%d`,
 * `%5.2f`, and by name, `%(value)r` (a mapping's entry). `%%` is a percent sign.
 */
const FORMAT_VERB = /%(?:(%)|(?:\((\w+)\))?[-+ 0#]*\d*(?:\.\d+)?([sdirfjoxXeEgGc]))/g;
/** Kind of a verb's hole: `%r` is Python's repr (quoted), `%j` / `%o` JSON and inspect. */
const FORMAT_VERB_KIND: Record<string, HoleKind> = { d: 'int', i: 'int', f: 'float', e: 'float', E: 'float', g: 'float', G: 'float', r: 'repr', j: 'repr', o: 'repr' };
/** Readings of a format text followed, at most (a local format chosen by a condition gives one each). */
const MAX_FORMAT_READINGS = 4;

/**
 * A call of a function not known here whose first argument is text holding printf verbs filled by
 * the others: one argument per positional verb, exactly (`sub('expected %s arguments', n)`), or an
 * object of names for `%(name)s` verbs (`sub(msg, { value, choices })`, `sprintf('%(key)s', obj)`).
 * Each reading of the format (a local assigned in branches) gives a text. Null unless the arguments
 * fit the verbs: a call whose first argument merely holds a `%` is no format.
 */
function verbFormat(args: SgNode[], r: Resolver, depth: number): Built | null {
  if (args.length < 2 || depth > MAX_DEPTH || args.some((a) => a.kind() === 'spread_element')) return null;
  const first = buildTemplate(args[0], r, depth + 1);
  if (!first.s) return null;
  const readings = [first.t, ...(first.alts ?? [])].slice(0, MAX_FORMAT_READINGS);
  let named: Map<string, SgNode> | null = null;
  const out: Template[] = [];
  for (const t of readings) {
    const segs: Template = [];
    let positional = 0;
    let byName = 0;
    for (const seg of t) {
      if (!isLit(seg)) {
        segs.push(seg);
        continue;
      }
      let last = 0;
      for (const m of seg.lit.matchAll(FORMAT_VERB)) {
        segs.push(lit(seg.lit.slice(last, m.index) + (m[1] ? '%' : '')));
        last = m.index! + m[0].length;
        if (m[1]) continue;
        const kind = FORMAT_VERB_KIND[m[3]] ?? 'any';
        if (m[2] !== undefined) {
          byName++;
          named ??= objectEntries(args[1], r);
          if (!named || args.length !== 2) return null;
          const v = named.get(m[2]);
          segs.push(...(v ? (kind === 'any' ? operandOrHole(v, r, depth) : holeOf(unwrap(v), kind)) : [hole(m[2], kind)]));
        } else {
          const a = args[1 + positional++];
          if (!a) return null;
          segs.push(...(kind === 'any' ? operandOrHole(a, r, depth) : holeOf(unwrap(a), kind)));
        }
      }
      segs.push(lit(seg.lit.slice(last)));
    }
    if (positional && byName) return null;
    if (!byName && positional !== args.length - 1) return null;
    out.push(normalize(segs));
  }
  // (the readings with text of their own first: a reading that is only its argument, `'%(message)s'`, is the least of them)
  const ordered = [...out.filter(hasLit), ...out.filter((t) => !hasLit(t))];
  return ordered.length && hasLit(ordered[0]) ? withAlts(ordered, true) : null;
}

/** The properties of an object literal, written or held in a local assigned once (`let args = { value, choices: … }`). */
function objectEntries(node: SgNode, r: Resolver): Map<string, SgNode> | null {
  let u = unwrap(node);
  if (u.kind() === 'identifier') {
    const res = r.resolve(u.text(), u.range().start.index);
    if (!res?.value || res.alternatives?.length) return null;
    u = unwrap(res.value);
  }
  if (u.kind() !== 'object') return null;
  const out = new Map<string, SgNode>();
  for (const p of namedKids(u)) {
    const pk = p.kind() as string;
    if (pk === 'shorthand_property_identifier') out.set(p.text(), p);
    else if (pk === 'pair') {
      const key = p.field('key');
      const value = p.field('value');
      if (!key || !value) continue;
      const k = key.kind() === 'property_identifier' ? key.text() : literalString(key);
      if (k !== null) out.set(k, value);
    }
  }
  return out;
}

/** The lookup into a message table an expression is (a lookup hole), or null. */
function lookupOf(node: SgNode, r: Resolver, depth: number): Built | null {
  const u = unwrap(node);
  if (u.kind() !== 'subscript_expression' && u.kind() !== 'member_expression') return null;
  const b = buildTemplate(u, r, depth + 1);
  // (an entry of a table of this file is read already: its literals carry their origin)
  return (b.t.length === 1 && isHole(b.t[0]) && b.t[0].hole.lookup) || (b.s && originOf(b.t)) ? b : null;
}

/**
 * A call to a function of this module that returns a message
 * (`syntaxError('closing', ']')` with `const syntaxError = (type, char) => `Missing ${type}…``):
 * the returned expression's template, its parameters read as the call's arguments.
 */
function messageFunction(name: string, at: number, args: SgNode[], r: Resolver, depth: number): Built | null {
  const target = r.callee?.(name, at);
  if (!target) return null;
  const bound = bindParams(target.params, args, target.scope, r);
  const ret = returnedExpression(target.fn);
  if (!ret) {
    const texts = returnedTexts(target.fn, bound, depth);
    return texts && !texts.s ? { ...texts, t: [hole(name)] } : texts;
  }
  const b = buildTemplate(ret, bound, depth + 1);
  return b.s && hasLit(b.t) ? b : null;
}

/** Returns of one message function read, at most (a `switch` with a `return` per `case`). */
const MAX_RETURNS = 32;
/** Texts a function of several returns gives, at most. */
const MAX_RETURNED_TEXTS = 16;

/**
 * A function of several returns, each text (`switch (tok.kind) { case 'eof': return 'Unexpected end
 * of input'; default: return `Unexpected token ${tok.value}` }`): each return's text is a message
 * the call may give. Null unless every return of the function's own has a value that is text and at
 * least two have text of their own: a function that may return something else (`return null`, a
 * value it was given) is not a message function.
 */
function returnedTexts(fn: SgNode, r: Resolver, depth: number): Built | null {
  const body = fn.field('body');
  if (!body || body.kind() !== 'statement_block') return null;
  const fnId = fn.id();
  const returns = body.findAll({ rule: { kind: 'return_statement' } }).filter((ret) => ownerFunction(ret)?.id() === fnId);
  if (returns.length < 2 || returns.length > MAX_RETURNS) return null;
  const values = returns.map((ret) => namedKids(ret)[0]);
  if (values.some((e) => !e)) return null;
  // Returns besides text (an object, `null`, a value not known here) are read only near the message
  // and when at least two returns are written as text: a function of many returns of other values
  // (a parser's) is no message function, and building each of its returns costs a bundle's analysis
  // much (meriyah); otherwise every return must be text, as before.
  const written = values.filter((e) => WRITTEN_TEXT.has(unwrap(e!).kind() as string)).length;
  // (a caller's override returned first when it gave one, `if (message !== undefined) return message;`,
  // then the default: the returns before the last all such, the last is read, a call followed)
  const overrides = returns.map(isOverrideReturn);
  const byOverride = depth <= MAX_CHOICE_READING_DEPTH && overrides.slice(0, -1).every(Boolean) && !overrides[overrides.length - 1];
  const lenient = (depth <= MAX_CHOICE_READING_DEPTH && written >= 2) || byOverride;
  const texts: Template[] = [];
  let unknown = false;
  for (const [i, value] of values.entries()) {
    const e = unwrap(value!);
    const k = e.kind() as string;
    if (byOverride && overrides[i]) {
      unknown = true;
      continue;
    }
    // (a result that is no text, an object literal or `null`, is no message: bech32's `__decode`
    // returns `{ prefix, words }` or the text its caller throws, `if (typeof res === 'object') return
    // res; throw new Error(res)`)
    if (NOT_TEXT.has(k)) {
      if (!lenient) return null;
      continue;
    }
    // (a call's value is not followed then: one reading not known)
    if (lenient && !byOverride && k === 'call_expression') {
      unknown = true;
      continue;
    }
    const b = buildTemplate(e, r, depth + 1);
    // (a value not known here, `return chk` of another function's result: one reading not known)
    if (!b.s && !hasLit(b.t) && lenient) {
      unknown = true;
      continue;
    }
    if (!b.s) return null;
    for (const t of [b.t, ...(b.alts ?? [])]) if (hasLit(t) && texts.length < MAX_RETURNED_TEXTS) texts.push(t);
  }
  const distinct = dedupe(texts);
  if (distinct.length < (byOverride ? 1 : 2)) return null;
  // (with a value not known among them, the call stays a hole and the texts are its alternatives)
  return unknown ? { t: [], s: false, alts: distinct } : withAlts(distinct, true);
}

/** How deep below the message a choice or a function returning something besides text still gives readings. */
const MAX_CHOICE_READING_DEPTH = 2;

/**
 * `if (message !== undefined) return message;` (`!= null`, `!== null`): a return of a name only when
 * it holds a value, the consequence (alone) of an `if` testing that name against undefined or null.
 */
function isOverrideReturn(ret: SgNode): boolean {
  const v = namedKids(ret)[0];
  if (!v || v.kind() !== 'identifier') return false;
  let p = ret.parent();
  if (p?.kind() === 'statement_block' && namedKids(p).length === 1) p = p.parent();
  if (p?.kind() !== 'if_statement' || p.field('alternative')) return false;
  const cond = unwrap(p.field('condition') ?? p);
  if (cond.kind() !== 'binary_expression') return false;
  const op = cond.field('operator')?.text();
  const sides = [cond.field('left')?.text(), cond.field('right')?.text()];
  return (op === '!==' || op === '!=') && sides.includes(v.text()) && (sides.includes('undefined') || sides.includes('null'));
}

/** Returned values written as text (a string, a template literal, a concatenation). */
const WRITTEN_TEXT = new Set(['string', 'template_string', 'binary_expression']);

/** Returned values that are no text: skipped among a message function's returns. */
const NOT_TEXT = new Set(['object', 'array', 'null', 'undefined', 'true', 'false']);

/** The one expression a function returns: an arrow's expression body, or a body ending in its only `return`. */
export function returnedExpression(fn: SgNode): SgNode | null {
  const body = fn.field('body');
  if (!body) return null;
  if (body.kind() !== 'statement_block') return body;
  // Exactly one return of the function's own (a nested function's are its own: Peggy's `buildMessage`
  // declares the helpers its `return` calls), its last statement.
  const stmts = namedKids(body);
  const last = stmts[stmts.length - 1];
  if (!last || last.kind() !== 'return_statement') return null;
  const fnId = fn.id();
  for (const ret of body.findAll({ rule: { kind: 'return_statement' } })) {
    if (ret.id() !== last.id() && ownerFunction(ret)?.id() === fnId) return null;
  }
  return namedKids(last)[0] ?? null;
}

/** `ec[13]`, `MESSAGES['x']`: a literal key into a const array or object literal in scope. */
function subscript(n: SgNode, r: Resolver, depth: number): Built {
  const table = constTable(n, r);
  const index = n.field('index');
  const k = index ? literalKey(index, r, depth) : null;
  const val = table && k !== null ? (table.value.kind() === 'array' ? arrayElement(table.value, k) : objectProperty(table.value, k)) : null;
  if (!val) {
    // `messages[code]` with `code` a parameter: the callers' keys pick the entry (record/ reads the
    // table); `Messages['x']` of an imported table: record/ finds the table in the tree.
    const name = tableName(n.field('object'));
    const ix = index ? unwrap(index) : null;
    const named = !!name && (table ? table.value.kind() === 'object' : r.resolve(name, n.range().start.index) === null);
    if (named && ix && ix.kind() === 'identifier' && r.resolve(ix.text(), ix.range().start.index, true) === null) {
      const expr = exprText(n);
      return { t: [{ hole: { name: placeholderName(expr), expr, kind: 'any', lookup: { table: name!, key: null, param: ix.text() } } }], s: false };
    }
    if (name && !table && k !== null && r.resolve(name, n.range().start.index) === null) return lookupHole(n, name, k);
    // `error_1.ErrorKind[result.err.kind]`: a key read from a value, into a table of another file
    // named by a compiled import's member or an imported name (a compiled enum's reverse mapping,
    // tables.ts): any entry.
    const obj = n.field('object');
    const imported = obj?.kind() === 'member_expression' || (obj?.kind() === 'identifier' && r.resolve(name ?? '', n.range().start.index) === null);
    if (name && !table && k === null && ix?.kind() === 'member_expression' && imported) {
      const b = tableValue(val, table, n, depth);
      const h = b.t.length === 1 && isHole(b.t[0]) ? b.t[0].hole : null;
      if (h && !h.lookup) return { t: [{ hole: { ...h, lookup: { table: name, key: null } } }], s: b.s };
    }
    // `nargs_errors[action.nargs]` of a small table written in the function, keyed by a value:
    // each entry is a text the lookup may give.
    // (a bare parameter's key is the callers' to give: `(messages ?? defaults)[code]`, read as before)
    const byParam = ix?.kind() === 'identifier' && r.resolve(ix.text(), ix.range().start.index) === null;
    if (table && k === null && !byParam && depth <= MAX_CHOICE_READING_DEPTH) {
      const texts = smallTableTexts(table, depth);
      if (texts) return withAlts(texts, true);
    }
  }
  return tableValue(val, table, n, depth);
}

/** Entries of a table read as the readings of a lookup by a value, at most (a bigger table stays one hole). */
const MAX_SMALL_TABLE = 6;

/** Every entry of a small table of texts (each a string with text of its own), or null. */
function smallTableTexts(table: { value: SgNode; scope: Resolver }, depth: number): Template[] | null {
  const entries = namedKids(table.value);
  if (entries.length < 2 || entries.length > MAX_SMALL_TABLE) return null;
  const out: Template[] = [];
  for (const e of entries) {
    const v = e.kind() === 'pair' ? e.field('value') : table.value.kind() === 'array' ? e : null;
    if (!v) return null;
    const b = buildTemplate(v, table.scope, depth + 1);
    if (!b.s || !hasLit(b.t)) return null;
    out.push(entryTemplate(b.t, v, null));
  }
  return out;
}

/** The name a table lookup's object gives the table: `Messages`, or `NAME` of `messages_1.NAME` (a compiled import). */
function tableName(obj: SgNode | null): string | null {
  if (!obj) return null;
  if (obj.kind() === 'identifier') return obj.text();
  const prop = obj.kind() === 'member_expression' ? obj.field('property') : null;
  const recv = obj.kind() === 'member_expression' ? obj.field('object') : null;
  return prop?.kind() === 'property_identifier' && recv?.kind() === 'identifier' ? prop.text() : null;
}

/**
 * Whether `name` is bound by no value of this file: unbound, or bound by destructuring with one
 * binding (`const { ErrorMessages } = require('./errors')`, an import's destructured name), whose
 * value is another module's.
 */
function importedName(name: string, n: SgNode, r: Resolver): boolean {
  const res = r.resolve(name, n.range().start.index);
  return res === null || (res.value === null && res.constant);
}

/** A lookup of `key` in a table this file does not define (record/ puts the entry in). */
function lookupHole(n: SgNode, table: string, key: string): Built {
  const expr = exprText(n);
  return { t: [{ hole: { name: placeholderName(expr), expr, kind: 'any', lookup: { table, key } } }], s: false };
}

/** A string or integer literal key, directly or through constants and bound parameters. */
function literalKey(node: SgNode, r: Resolver, depth: number): string | null {
  const n = unwrap(node);
  const k = n.kind() as string;
  if (k === 'string') return stringValue(n);
  if (k === 'number') return /^\d+$/.test(n.text()) ? n.text() : null;
  if (k !== 'identifier' || depth > MAX_DEPTH) return null;
  const res = r.resolve(n.text(), n.range().start.index, true);
  return res?.value && res.constant ? literalKey(res.value, res.scope, depth + 1) : null;
}

/** The const array or object literal a subscript expression looks into. */
function constTable(n: SgNode, r: Resolver): { value: SgNode; scope: Resolver } | null {
  let obj = n.field('object') ? unwrap(n.field('object')!) : null;
  // `(messages || errorMessages)[code]`: a table the caller may pass, the file's own by default.
  const op = obj?.kind() === 'binary_expression' ? obj.field('operator')?.text() : null;
  if ((op === '||' || op === '??') && obj!.field('right')) obj = unwrap(obj!.field('right')!);
  if (!obj || obj.kind() !== 'identifier') return null;
  const res = r.resolve(obj.text(), n.range().start.index, true);
  const v = res?.value ? unwrap(res.value) : null;
  if (!res || !res.constant || !v || (v.kind() !== 'object' && v.kind() !== 'array')) return null;
  return { value: v, scope: res.scope };
}

function exportedTable(n: SgNode, r: Resolver): { value: SgNode; scope: Resolver } | null {
  const obj = n.field('object');
  if (!r.exported || obj?.kind() !== 'member_expression') return null;
  const name = obj.field('property');
  return name?.kind() === 'property_identifier' ? r.exported(name.text()) : null;
}

/** Element `k` of an array literal; holes (`[a, , b]`) count as elements. */
function arrayElement(arr: SgNode, k: string): SgNode | null {
  if (!/^\d+$/.test(k)) return null;
  const want = Number(k);
  let i = 0;
  for (const c of arr.children()) {
    const kind = c.kind() as string;
    if (kind === ',') i++;
    else if (i === want && kind !== '[' && kind !== ']' && kind !== 'comment') return c.kind() === 'spread_element' ? null : c;
    else if (kind === 'spread_element') return null;
  }
  return null;
}

/**
 * `MESSAGES.notFound` where MESSAGES is a const object literal in scope, or `messages_1.Messages.notFound`
 * where a module of the same bundle exports `Messages` (webpack's renamed imports).
 */
function member(n: SgNode, r: Resolver, depth: number): Built {
  const prop = n.field('property');
  const table = prop?.kind() === 'property_identifier' ? constTable(n, r) ?? exportedTable(n, r) : null;
  const val = table && table.value.kind() === 'object' ? objectProperty(table.value, prop!.text()) : null;
  if (!table && prop?.kind() === 'property_identifier') {
    const obj = n.field('object');
    // `ERROR_MSGS.NOT_REGISTERED` of a module of texts bound as a namespace: that module's own table
    const ns = obj?.kind() === 'identifier' ? r.namespace?.(obj.text()) : null;
    if (ns) return lookupHole(n, MODULE_TABLE + ns, prop.text());
    // `ErrorMessages.UnexpectedEOF` of an imported table (`messages_1.ErrorMessages.X` once compiled)
    const name = obj?.kind() === 'member_expression' ? tableName(obj) : obj?.kind() === 'identifier' && /^[A-Z]/.test(obj.text()) ? obj.text() : null;
    if (name && (obj!.kind() !== 'identifier' || importedName(name, n, r))) return lookupHole(n, name, prop.text());
  }
  return tableValue(val, table, n, depth);
}

/**
 * A table entry's template when it is text, else one hole for the whole lookup `n`. Its literals
 * are marked with the entry's line (the record's definedAt) and its placeholders opened as the
 * table writes them (tableStyle).
 */
function tableValue(val: SgNode | null, table: { value: SgNode; scope: Resolver } | null, n: SgNode, depth: number): Built {
  if (val && table) {
    const b = buildTemplate(val, table.scope, depth + 1);
    if (b.s && hasLit(b.t)) return { ...b, t: entryTemplate(b.t, val, styleOfTable(table.value)) };
  }
  return { t: holeOf(n), s: false };
}

/** A table's entry as a message: its placeholders opened in the table's style, its literals marked with its line. */
export function entryTemplate(t: Template, val: SgNode, style: FieldStyle | null): Template {
  return withOrigin(openPlaceholders(t, style), { line: val.range().start.line + 1 });
}

/** The placeholder syntax of an object or array literal's string values (tableStyle). */
export function styleOfTable(table: SgNode): FieldStyle | null {
  const texts: Template[] = [];
  const visit = (obj: SgNode, depth: number) => {
    for (const c of obj.namedChildren()) {
      const v = c.kind() === 'pair' ? c.field('value') : c;
      const u = v ? unwrap(v) : null;
      if (!u) continue;
      if (u.kind() === 'string' || u.kind() === 'template_string') texts.push([lit(u.text().slice(1, -1))]);
      else if (u.kind() === 'object' && depth < 3) visit(u, depth + 1);
      if (texts.length >= MAX_TABLE) return;
    }
  };
  visit(table, 0);
  return tableStyle(texts);
}

const MAX_TABLE = 200;

/**
 * `errors[type]` where `errors` is a const object literal of messages: every
 * message the lookup can give, or null when the expression is no such lookup.
 */
export function tableMessages(node: SgNode, r: Resolver): Template[] | null {
  const held = heldLookup(unwrap(node), r);
  let n = held.n;
  // `msg || ec[ind]`: the table is the fallback.
  const op = n.kind() === 'binary_expression' ? n.field('operator')?.text() : null;
  if ((op === '||' || op === '??') && n.field('right')) n = unwrap(n.field('right')!);
  if (n.kind() !== 'subscript_expression') return null;
  const table = constTable(n, held.r);
  return table ? tableEntries(table) : null;
}

/** The texts of a const table's entries (at most MAX_TABLE), each marked with its line; null when none is text. */
function tableEntries(table: { value: SgNode; scope: Resolver }): Template[] | null {
  const out: Template[] = [];
  const style = styleOfTable(table.value);
  for (const c of table.value.namedChildren()) {
    const val = c.kind() === 'pair' ? c.field('value') : c.kind() === 'comment' || c.kind() === 'spread_element' ? null : c;
    const b = val ? buildTemplate(val, table.scope, 1) : null;
    if (b && b.s && hasLit(b.t)) out.push(entryTemplate(b.t, val!, style));
    if (out.length >= MAX_TABLE) break;
  }
  return out.length ? out : null;
}

/**
 * A const object of the file handed as an argument, every value of which is text (`{ [54]: \`v-html
 * is missing expression.\`, … }`, at least two): its entries, else null. An error factory of
 * another module given it looks the message up in it (Vue's compiler-dom passing
 * `DOMErrorMessages` to compiler-core's `createCompilerError(code, loc, messages)`).
 */
export function handedTable(arg: SgNode, r: Resolver): Template[] | null {
  const a = unwrap(arg);
  // (`dev ? DOMErrorMessages : void 0`, a bundler's build for development)
  if (a.kind() === 'ternary_expression') {
    for (const f of ['consequence', 'alternative'] as const) {
      const b = a.field(f);
      const t = b && unwrap(b).kind() === 'identifier' ? handedTable(b, r) : null;
      if (t) return t;
    }
    return null;
  }
  if (a.kind() !== 'identifier') return null;
  const res = r.resolve(a.text(), a.range().start.index, true);
  const v = res?.value ? unwrap(res.value) : null;
  if (!res || !res.constant || !v || v.kind() !== 'object') return null;
  const pairs = v.namedChildren().filter((c) => c.kind() !== 'comment');
  if (pairs.length < 2 || pairs.some((c) => c.kind() !== 'pair' || !/^(?:string|template_string)$/.test(unwrap(c.field('value')!).kind() as string))) return null;
  return tableEntries({ value: v, scope: res.scope });
}

/** An empty text: `''`, `""`, a template literal with nothing in it. */
const EMPTY_TEXT = /^(?:''|""|``)$/;

/**
 * The lookup a message is when it is held on the way (at most four steps): `String(msg)`, a local
 * assigned once (`const msg = errorMessages[code] + …`), an optional suffix, empty by default
 * (`lookup + (additionalMessage || '')`: the entry alone, the text most raises give), and a
 * `.replace(…)` filling its placeholders. Vue's `createCompilerError`, tv4's reporter.
 */
function heldLookup(node: SgNode, r: Resolver): { n: SgNode; r: Resolver } {
  let n = node;
  let scope = r;
  for (let step = 0; step < 4; step++) {
    const k = n.kind() as string;
    const callee = k === 'call_expression' ? n.field('function') : null;
    if (callee?.text() === 'String') {
      const args = argNodes(n);
      if (args.length !== 1) break;
      n = unwrap(args[0]);
    } else if (callee?.kind() === 'member_expression' && /^replace(?:All)?$/.test(callee.field('property')?.text() ?? '')) {
      // (`template.replace(/\{(\w+)\}/g, …)`: the entry with its placeholders filled)
      n = unwrap(callee.field('object')!);
    } else if (k === 'identifier') {
      const res = scope.resolve(n.text(), n.range().start.index, true);
      if (!res?.value || !res.constant || res.augments.length) break;
      n = unwrap(res.value);
      scope = res.scope;
    } else if (k === 'binary_expression' && n.field('operator')?.text() === '+') {
      const right = n.field('right') ? unwrap(n.field('right')!) : null;
      const rop = right?.kind() === 'binary_expression' ? right.field('operator')?.text() : null;
      const dflt = right?.field('right');
      if (!(rop === '||' || rop === '??') || !dflt || !EMPTY_TEXT.test(dflt.text())) break;
      n = unwrap(n.field('left')!);
    } else break;
  }
  return { n, r: scope };
}

/** The value node of property `key` in an object literal (`key: v`, `'key': v`). */
export function objectProperty(obj: SgNode, key: string): SgNode | null {
  for (const c of obj.namedChildren()) {
    if (c.kind() !== 'pair') continue;
    const kn = c.field('key');
    if (kn && propertyKey(kn) === key) return c.field('value');
  }
  return null;
}

/**
 * The key a property's key node names: `name`, `'name'`, `30`, and computed keys written as a
 * constant: `[30]`, `['name']`, `[Errors.UnexpectedToken]` (an enum member, keyed `Errors.UnexpectedToken`,
 * as a caller passing it is: memberKey). Null for a key computed otherwise.
 */
export function propertyKey(kn: SgNode): string | null {
  const kk = kn.kind() as string;
  if (kk === 'string') return stringValue(kn);
  if (kk === 'property_identifier' || kk === 'number' || kk === 'private_property_identifier') return kn.text();
  if (kk !== 'computed_property_name') return null;
  const e = kn.namedChildren()[0];
  if (!e) return null;
  const ek = e.kind() as string;
  if (ek === 'string') return stringValue(e);
  if (ek === 'number') return /^\d+$/.test(e.text()) ? e.text() : null;
  return ek === 'member_expression' ? memberKey(e.text()) : null;
}

// ---------------------------------------------------------------------------
// util.format verbs

export const VERB_KIND: Record<string, HoleKind> = { s: 'any', d: 'int', i: 'int', f: 'float', j: 'repr', o: 'repr', O: 'repr', c: 'any' };
const PRINTF_SPEC = /^%(?:(\d+)\$)?[-+ 0#]*(?:'.)?\d*(?:\.\d+)?([bcdieEfFgGjosTtuvxX])/;
const PRINTF_KIND: Record<string, HoleKind> = { d: 'int', i: 'int', u: 'int', f: 'float', F: 'float', e: 'float', E: 'float', g: 'float', G: 'float', j: 'repr' };

/**
 * Expand `%` verbs in the literal parts of a format template. `bind(i, verb)`
 * returns what the i-th verb becomes, or null when there is no argument for it
 * (the verb then stays as written, as util.format does).
 */
export function expandVerbs(
  fmt: Template,
  bind: (i: number, verb: string) => Template | null,
  printf = false,
): { t: Template; used: number } {
  const out: Segment[] = [];
  let i = 0;
  for (const seg of fmt) {
    if (!isLit(seg)) {
      out.push(seg);
      continue;
    }
    const s = seg.lit;
    let last = 0;
    for (let p = s.indexOf('%'); p >= 0 && p < s.length - 1; p = s.indexOf('%', p)) {
      let v = s[p + 1];
      let len = 2;
      let position = -1;
      if (v === '%') {
        out.push(lit(s.slice(last, p) + '%'));
        p += 2;
        last = p;
        continue;
      }
      if (printf) {
        // sprintf-js / C printf: %5.2f, %-10s, %'x8d, %1$s, %T, %x...
        const m = PRINTF_SPEC.exec(s.slice(p));
        if (!m) {
          p += 1;
          continue;
        }
        v = m[2];
        len = m[0].length;
        if (m[1]) position = Number(m[1]) - 1;
      } else if (!Object.hasOwn(VERB_KIND, v)) {
        p += 1;
        continue;
      }
      const rep = bind(position >= 0 ? position : i, v);
      if (rep === null) {
        p += len;
        continue; // no argument: stays literal
      }
      if (position < 0) i++;
      out.push(lit(s.slice(last, p)));
      if (v !== 'c' || printf) out.push(...rep);
      p += len;
      last = p;
    }
    out.push(lit(s.slice(last)));
  }
  return { t: normalize(out), used: i };
}

/** util.format / console.log semantics over argument nodes (`printf`: sprintf-js / C verbs, no trailing args). */
export function formatArgs(args: SgNode[], r: Resolver, depth = 0, printf = false): Template {
  if (args.length === 0) return [];
  const first = buildTemplate(args[0], r, depth);
  let t: Template;
  let next = 1;
  if (first.s) {
    const rest = args.slice(1);
    const ex = expandVerbs(first.t, (i, verb) => {
      const a = rest[i];
      if (!a || a.kind() === 'spread_element') return null;
      if (verb === 's') return operandOrHole(a, r, depth);
      if (verb === 'c' && !printf) return [];
      const u = unwrap(a);
      if (printf) {
        if (verb === 's' || verb === 'd' || verb === 'i') {
          const b = operand(a, r, depth + 1);
          if (b.s || hasLit(b.t)) return b.t;
        }
        return holeOf(u, PRINTF_KIND[verb] ?? 'any');
      }
      if ((verb === 'd' || verb === 'i') && u.kind() === 'number' && /^-?\d+$/.test(u.text())) return [lit(u.text())];
      return holeOf(u, VERB_KIND[verb]);
    }, printf);
    t = ex.t;
    next = printf ? args.length : 1 + ex.used;
  } else {
    t = first.t.length ? first.t : holeOf(unwrap(args[0]));
    // (a format not known here, a parameter: the text its callers bind has its verbs opened, `%s` a hole)
    if (t.length === 1 && isHole(t[0]) && !t[0].hole.fmt) t = [{ hole: { ...t[0].hole, fmt: printf ? 'printf' : 'percent' } }];
  }
  const parts: Template[] = [t];
  for (let i = next; i < args.length; i++) {
    const a = args[i];
    parts.push([lit(' ')]);
    if (a.kind() === 'spread_element') {
      parts.push(holeOf(a));
      continue;
    }
    parts.push(operandOrHole(a, r, depth));
  }
  return concat(...parts);
}
