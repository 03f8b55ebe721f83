// Messages written into an error after it is built (decision 0087): a validator builds its error
// with no text and has a reporter fill it in the next statements,
//
//   var error = new ValidationError(code, messageParams, dataPath, schemaPath, subErrors);
//   error.message = this.errorReporter(error, data, schema);
//   return error;
//
// (tv4's `createError`), the reporter a function stored on the object (`this.errorReporter =
// errorReporter || defaultErrorReporter('en')`) that a factory of the file returns (`return function
// (error) { … return messageTemplate.replace(/\{([^{}]*)\}/g, …) }`, the template looked up in a
// table). V8 takes the stack at the construction, so it stays the site; its message is the
// assignment's.

import type { SgNode } from '@ast-grep/napi';
import { isLit, type Template } from '../../template/ir.js';
import { ownerFunction } from './joined.js';
import { buildTemplate, tableMessages, unwrap, type Resolver } from './template.js';

/** Statements after the construction searched for the assignment, at most. */
const MAX_FOLLOWING = 6;
/** Assignments of a reporter property read, at most. */
const MAX_ASSIGNMENTS = 8;
/** Functions a reporter may be, at most. */
const MAX_FUNCTIONS = 8;
/** Texts a reporter gives, at most. */
const MAX_TEXTS = 200;

const FUNCTION_KINDS = new Set(['function_expression', 'arrow_function', 'function_declaration', 'function', 'generator_function_declaration', 'method_definition']);

/**
 * The value assigned to the message of the error `ctor` builds, in the statements right after its
 * declaration (`var error = new X(…); error.message = VALUE;`), with only expressions and
 * declarations between (no return, throw or block that may hold one); null when there is none.
 */
export function assignedMessage(ctor: SgNode): SgNode | null {
  const decl = ctor.parent();
  if (decl?.kind() !== 'variable_declarator' || decl.field('value')?.id() !== ctor.id()) return null;
  const name = decl.field('name');
  if (name?.kind() !== 'identifier') return null;
  let st = decl.parent()?.next() ?? null;
  for (let i = 0; st && i < MAX_FOLLOWING; i++, st = st.next()) {
    const k = st.kind() as string;
    if (k === 'comment' || k === 'lexical_declaration' || k === 'variable_declaration') continue;
    // (a return, a throw, or a statement that may hold one: the error may leave without the text)
    if (k !== 'expression_statement') return null;
    const e = st.namedChildren()[0];
    if (e?.kind() !== 'assignment_expression') continue;
    const left = e.field('left');
    if (left?.kind() === 'member_expression' && left.field('object')?.text() === name.text() && left.field('property')?.text() === 'message') return e.field('right');
  }
  return null;
}

/** The functions a value may hold: `a || b` either side, a function written there, or one a call of a file function returns. */
function functionsOf(value: SgNode, root: SgNode, out: SgNode[], depth = 0): void {
  const v = unwrap(value);
  const k = v.kind() as string;
  if (out.length >= MAX_FUNCTIONS || depth > 2) return;
  if (k === 'binary_expression' && ['||', '??'].includes(v.field('operator')?.text() ?? '')) {
    for (const side of [v.field('left'), v.field('right')]) if (side) functionsOf(side, root, out, depth + 1);
  } else if (k === 'function_expression' || k === 'arrow_function' || k === 'function') {
    out.push(v);
  } else if (k === 'call_expression' && v.field('function')?.kind() === 'identifier') {
    // (`defaultErrorReporter('en')`: the functions its own returns write)
    const name = v.field('function')!.text();
    const decl = root.find({ rule: { kind: 'function_declaration', has: { field: 'name', regex: `^${name.replace(/\$/g, '\\$')}$` } } });
    if (!decl) return;
    for (const ret of decl.findAll({ rule: { kind: 'return_statement' } })) {
      if (ownerFunction(ret)?.id() !== decl.id()) continue;
      const e = ret.namedChildren()[0];
      if (e) functionsOf(e, root, out, depth + 1);
    }
  }
}

/** The functions around a node, innermost first (the scope a resolver reads it in). */
function enclosing(n: SgNode): SgNode[] {
  const out: SgNode[] = [];
  for (let p: SgNode | null = n; p; p = p.parent()) if (FUNCTION_KINDS.has(p.kind() as string)) out.push(p);
  return out;
}

/**
 * The texts a reporter called as `this.P(…)` / `x.P(…)` returns, P a property the file assigns a
 * function to (`this.P = given || makeReporter('en')`): each return of such a function that is text,
 * or a lookup into a table of the file (`messageTemplate.replace(…)` of `messages[code] ||
 * Defaults[code]`). Null when none is known.
 */
export function reporterTexts(call: SgNode, root: SgNode, resolverFor: (fns: SgNode[]) => Resolver): Template[] | null {
  const c = unwrap(call);
  const fn = c.kind() === 'call_expression' ? c.field('function') : null;
  const prop = fn?.kind() === 'member_expression' ? fn.field('property') : null;
  if (prop?.kind() !== 'property_identifier') return null;
  const name = prop.text().replace(/\$/g, '\\$');
  const fns: SgNode[] = [];
  const assigned = root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'member_expression', has: { field: 'property', regex: `^${name}$` } } } });
  for (const a of assigned.slice(0, MAX_ASSIGNMENTS)) {
    const right = a.field('right');
    if (right) functionsOf(right, root, fns);
  }
  const out: Template[] = [];
  const seen = new Set<string>();
  for (const f of fns) {
    const r = resolverFor(enclosing(f));
    const body = f.field('body');
    const rets = body?.kind() === 'statement_block'
      ? body.findAll({ rule: { kind: 'return_statement' } }).filter((ret) => ownerFunction(ret)?.id() === f.id()).map((ret) => ret.namedChildren()[0]).filter((e): e is SgNode => !!e)
      : body ? [body] : [];
    for (const e of rets) {
      const b = buildTemplate(e, r, 1);
      const texts = b.s && b.t.some(isLit) ? [b.t] : tableMessages(e, r) ?? [];
      for (const t of texts) {
        const key = JSON.stringify(t);
        if (seen.has(key) || out.length >= MAX_TEXTS) continue;
        seen.add(key);
        out.push(t);
      }
    }
  }
  return out.length ? out : null;
}
