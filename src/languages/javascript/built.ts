// Errors built in one place and thrown in another (RawSite.heldAs / raisesHeld / groupOf, linked in
// src/facts/built.ts): `this._error = new TypeError(…)` … `throw this._error`, `errors.push(new
// X(…))` … `throw errors[0]` or `throw new AggregateError(errors, '…')`. JavaScript syntax only; the
// keys are the neutral form. V8 takes the stack at the construction, so the construction stays the
// site a trace shows (LanguagePack.builtErrorFrame is `construction`).

import type { SgNode } from '@ast-grep/napi';
import { unwrap } from './template.js';

/** The class of the function's symbol (`Reader.feed` → `Reader`), for `attr:` keys. */
const classOf = (symbol: string | null): string | null => (symbol && symbol.includes('.') ? symbol.slice(0, symbol.lastIndexOf('.')) : null);

/** `this._error` → `attr:Class._error`; `errors` → `list:<symbol>:errors`. */
function holderKey(holder: string, symbol: string | null): string | null {
  const m = /^this\.([A-Za-z_$][\w$]*)$/.exec(holder);
  if (m) {
    const cls = classOf(symbol);
    return cls ? `attr:${cls}.${m[1]}` : null;
  }
  return /^[A-Za-z_$][\w$]*$/.test(holder) && symbol ? `list:${symbol}:${holder}` : null;
}

/** The key a construction (`new X(…)`) is kept under: pushed to a list, or assigned to `this.x`. */
export function heldKey(construction: SgNode, symbol: string | null): string | null {
  const p = construction.parent();
  if (!p) return null;
  if (p.kind() === 'arguments') {
    const call = p.parent();
    const fn = call?.kind() === 'call_expression' ? call.field('function')?.text() ?? '' : '';
    const m = /^(.+)\.(?:push|unshift)$/.exec(fn);
    return m ? holderKey(m[1], symbol) : null;
  }
  if (p.kind() === 'assignment_expression' && p.field('right')?.id() === construction.id()) return holderKey(p.field('left')?.text() ?? '', symbol);
  return null;
}

/** What `throw <expr>` raises of the kept errors: `this._error`, `errors[0]`, `this.errors[0]`. */
export function thrownKeys(expr: SgNode, symbol: string | null): string[] {
  let e = expr;
  if (e.kind() === 'subscript_expression') e = e.field('object') ?? e;
  if (e.kind() !== 'member_expression' && (e === expr || e.kind() !== 'identifier')) return [];
  const key = holderKey(e.text(), symbol);
  return key ? [key] : [];
}

/** An AggregateError's members (`new AggregateError(errors, '…')`): its first argument's key. */
export function groupKeys(first: SgNode | undefined, symbol: string | null): string[] {
  const key = first ? holderKey(first.text(), symbol) : null;
  return key ? [key] : [];
}

/** The key of messages kept on plain objects an error class is built from (`{ message: '…' }` … `super(issues[0].message)`). */
export const MESSAGE_FIELD = 'field:message';
/** Such objects read per file at most. */
export const MAX_MESSAGE_OBJECTS = 200;

/** `super(issues[0].message)`, `super(issue.message)`: the message of an object the constructor is given. */
export function passesMessageField(arg: SgNode, params: string[]): boolean {
  const m = /^([A-Za-z_$][\w$]*)(?:\[\s*\d+\s*\])?\.message$/.exec(unwrap(arg).text());
  return !!m && params.includes(m[1]);
}

/**
 * Object literals with a `message` property that are not an error's own options (`new X({ message })`,
 * `throw { message }`, handled as sites): what an error class given the object reads its message from.
 */
export function messageObjectNodes(root: SgNode): SgNode[] {
  return root.findAll({ rule: { kind: 'object', has: { kind: 'pair', has: { field: 'key', regex: '^["\']?message["\']?$' } } } }).filter((o) => {
    const p = o.parent();
    if (!p) return false;
    if (p.kind() === 'throw_statement') return false;
    if (p.kind() === 'arguments' && p.parent()?.kind() === 'new_expression') return false;
    return true;
  });
}

/**
 * Names a constructor body destructures a parameter's `message` into (`const { message, ...rest } =
 * failure`, `const { message: m } = issue`): what `super(message)` or a choice of it reads the
 * field through. A text check first: most constructors destructure nothing.
 */
export function messageFieldNames(body: SgNode, params: string[]): Set<string> {
  const names = new Set<string>();
  if (!/\{[^}]*\bmessage\b[^}]*\}\s*=/.test(body.text())) return names;
  for (const d of body.findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', kind: 'object_pattern' } } })) {
    const value = d.field('value');
    if (!value || value.kind() !== 'identifier' || !params.includes(value.text())) continue;
    for (const p of d.field('name')?.children() ?? []) {
      if (p.kind() === 'shorthand_property_identifier_pattern' && p.text() === 'message') names.add('message');
      else if (p.kind() === 'pair_pattern' && p.field('key')?.text() === 'message') {
        const v = p.field('value');
        if (v?.kind() === 'identifier') names.add(v.text());
      }
    }
  }
  return names;
}

/**
 * Locals a constructor takes from a parameter (`const error = iterator.First()`, `const issue =
 * issues[0]`): objects whose `message` field it may be built from, as from the parameter's own.
 */
export function derivedLocals(body: SgNode, params: string[]): string[] {
  if (params.length === 0 || !/\.message\b/.test(body.text())) return [];
  const out: string[] = [];
  for (const d of body.findAll({ rule: { kind: 'variable_declarator', has: { field: 'name', kind: 'identifier' } } })) {
    const value = d.field('value');
    const m = value ? /^([A-Za-z_$][\w$]*)\s*[.[]/.exec(unwrap(value).text()) : null;
    if (m && params.includes(m[1])) out.push(d.field('name')!.text());
  }
  return out;
}

/** Kinds of a left operand that is a check, not a value given a default (`name || 'anonymous'`). */
const CHECK_KINDS = new Set(['binary_expression', 'call_expression', 'unary_expression', 'parenthesized_expression']);

/**
 * The messages a validator callback returns instead of `true` (superstruct's `return (min <= length
 * && length <= max) || \`Expected a ${type} with a length …\``, `(v) => Array.isArray(v) || 'Expected
 * an array'`): the text operand of a `||` returned (or an arrow's body) whose left operand is a check.
 * A driver of the file turns such a result into an object's `message` (`{ message: result }`), so
 * they are read as the plain objects' messages are (`messageObjectNodes`).
 */
export function returnedCheckMessages(root: SgNode): SgNode[] {
  const out: SgNode[] = [];
  for (const b of root.findAll({ rule: { kind: 'binary_expression', all: [{ has: { field: 'operator', regex: String.raw`^\|\|$` } }, { has: { field: 'right', any: [{ kind: 'string' }, { kind: 'template_string' }] } }] } })) {
    const left = b.field('left');
    if (!left || !CHECK_KINDS.has(left.kind() as string)) continue;
    let up = b.parent();
    let child = b;
    while (up && up.kind() === 'parenthesized_expression') {
      child = up;
      up = up.parent();
    }
    if (!up) continue;
    const returned = up.kind() === 'return_statement' || (up.kind() === 'arrow_function' && up.field('body')?.id() === child.id());
    const right = b.field('right');
    if (returned && right) out.push(right);
  }
  return out;
}
