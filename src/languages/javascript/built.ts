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
