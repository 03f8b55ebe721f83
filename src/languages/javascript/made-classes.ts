// Error classes made by a factory function (rxjs's `createErrorClass`): the factory hands the class's
// maker a function that takes the stack for the instance (`const _super = (instance) => {
// Error.call(instance); instance.stack = new Error().stack; }`), and each class, in a module of its
// own, sets its message after calling it (`createErrorClass((_super) => function EmptyErrorImpl() {
// _super(this); this.message = 'no elements in sequence'; })`). V8 takes the stack at that message-less
// `new Error()`, so every raise of every such class shows it as its innermost frame. The stack's
// taking is a site raising what the classes made by its factory hold (`made:<factory>`, looked up
// across the tree, facts/built.ts); each class's `this.message` text is such a held message, at the
// line it is written (`definedAt`). rxjs: 3 corpus cases.

import type { SgNode } from '@ast-grep/napi';
import { namedKids, unwrap } from './template.js';

/** The key a factory's made classes' messages are held under (facts/built.ts looks it up across the tree). */
export const madeKey = (factory: string): string => `made:${factory}`;

const FUNCTIONS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'generator_function_declaration']);

/** A function's name: its own, or the variable or property it is assigned to. */
function functionName(fn: SgNode): string | null {
  const own = fn.field('name')?.text();
  if (own) return own;
  const p = fn.parent();
  if (p?.kind() === 'variable_declarator') return p.field('name')?.text() ?? null;
  return null;
}

/**
 * `instance.stack = new Error().stack` with `instance` a parameter of the function around it, itself
 * inside a named function (the factory): the factory's name, else null. `fns` are the functions
 * around the construction, innermost first.
 */
export function stackTakerFactory(construction: SgNode, fns: SgNode[]): string | null {
  const member = construction.parent();
  if (member?.kind() !== 'member_expression' || member.field('property')?.text() !== 'stack') return null;
  const assign = member.parent();
  if (assign?.kind() !== 'assignment_expression' || assign.field('right')?.id() !== member.id()) return null;
  const target = assign.field('left');
  const obj = target?.kind() === 'member_expression' && target.field('property')?.text() === 'stack' ? target.field('object') : null;
  const taker = fns[0];
  const params = taker?.field('parameters') ?? (taker?.field('parameter') ? taker.field('parameter') : null);
  if (!obj || obj.kind() !== 'identifier' || !params) return null;
  const names = params.kind() === 'identifier' ? [params.text()] : namedKids(params).map((p) => p.text());
  if (!names.includes(obj.text())) return null;
  for (const fn of fns.slice(1, 4)) {
    const name = functionName(fn);
    if (name) return name;
  }
  return null;
}

/**
 * `this.message = …` in a class a factory makes: in a function the maker returns (`(_super) =>
 * function XImpl() {…}`, or `function (_super) { return function XImpl() {…}; }`), which calls the
 * maker's parameter with `this`, the maker being the argument of a call: that call's function's name
 * (`createErrorClass`, `createErrorClass_1.createErrorClass`, `(0, x.createErrorClass)`), else null.
 */
export function madeByFactory(assign: SgNode, fns: SgNode[]): string | null {
  const impl = fns[0];
  if (!impl) return null;
  let maker = impl.parent();
  if (maker?.kind() === 'return_statement') maker = maker.parent()?.parent() ?? null;
  if (!maker || !FUNCTIONS.has(maker.kind() as string) || fns[1]?.id() !== maker.id()) return null;
  const params = maker.field('parameters') ?? maker.field('parameter');
  const first = params ? (params.kind() === 'identifier' ? params : namedKids(params)[0]) : null;
  if (!first || first.kind() !== 'identifier') return null;
  const p = first.text().replace(/\$/g, '\\$');
  if (!new RegExp(`(?<![\\w$.])${p}\\s*\\(\\s*this\\b`).test(impl.text().slice(0, 4096))) return null;
  const args = maker.parent();
  const call = args?.kind() === 'arguments' ? args.parent() : null;
  const callee = call?.kind() === 'call_expression' ? call.field('function') : null;
  if (!callee || assign.range().start.index < impl.range().start.index) return null;
  const m = /([A-Za-z_$][\w$]*)\)?$/.exec(unwrap(callee).text());
  return m ? m[1] : null;
}
