// Error classes compiled to ES5 by TypeScript or tslib (`var FormatError = (function (_super) {
// __extends(FormatError, _super); function FormatError(msg, code) { var _this = _super.call(this,
// msg) || this; … } return FormatError; }(Error))`). `Error` called as a function makes a new error
// and takes its stack there, so the innermost frame of every raise of the class, and of each class
// built on it, is the `_super.call(this, msg)` line of the class whose base is the built-in: that call
// is a construction site. Its messages are its own parameter (filled by the callers of the class, as
// for any helper) and the texts the file's subclasses pass it (`function MissingValueError(id, m) {
// return _super.call(this, "The intl string context variable \"".concat(id, …), …) || this; }` in
// an IIFE given `FormatError`). intl-messageformat: 3 held-out cases.

import type { SgNode } from '@ast-grep/napi';
import { argNodes, namedKids, unwrap } from './template.js';

/** The built-in error classes a compiled class may extend. */
export const BUILTIN_ERRORS = /^(?:Error|TypeError|RangeError|SyntaxError|ReferenceError|EvalError|URIError)$/;

/** The call of `_super.call(this, …)`'s IIFE: the class compiled, and what its `_super` is. */
export interface CompiledSuper {
  /** The compiled class: the function declared in the IIFE around the call (`FormatError`). */
  cls: string;
  /** What the IIFE is given as `_super` (`Error`, `FormatError`, `error_1.FormatError`). */
  base: string;
  /**
   * The constructor makes the error an instance of the class again (`Object.setPrototypeOf(_this,
   * _newTarget.prototype)`, `Error.captureStackTrace(_this, X)`): its frames are then the class's
   * constructor's, which a trace reads past to the raise (`new PatchError(…)`), so the base's call is
   * no site of its own (fast-json-patch, envalid).
   */
  restores: boolean;
}

const RESTORES = /\b(?:setPrototypeOf|captureStackTrace)\(\s*_this\b|\b_this\.__proto__\s*=/;

/**
 * The class and base of a `_super.call(this, …)` call (null when it is not in a constructor declared
 * in an IIFE whose parameter is `_super`). Bounded: a few parents up from the call.
 */
export function compiledSuper(call: SgNode): CompiledSuper | null {
  let fn: SgNode | null = call.parent();
  for (let i = 0; fn && i < 24 && fn.kind() !== 'function_declaration'; i++) fn = fn.parent();
  const cls = fn?.field('name')?.text();
  if (!fn || !cls) return null;
  const iife = fn.parent()?.parent();
  if (!iife || (iife.kind() !== 'function_expression' && iife.kind() !== 'function')) return null;
  const params = iife.field('parameters');
  if (!params || namedKids(params)[0]?.text() !== '_super') return null;
  // `(function (_super) {…}(Error))` or `(function (_super) {…})(Error)`
  let up = iife.parent();
  if (up?.kind() === 'parenthesized_expression') up = up.parent();
  if (!up || up.kind() !== 'call_expression') return null;
  const given = argNodes(up)[0];
  return given ? { cls, base: unwrap(given).text(), restores: RESTORES.test(fn.text().slice(0, 8192)) } : null;
}

/** Whether a compiled class's `_super` is a built-in error class (its `_super.call` makes the error), left a plain error. */
export const extendsBuiltin = (s: CompiledSuper): boolean => BUILTIN_ERRORS.test(s.base) && !s.restores;

/** Whether a compiled class's base is NAME (`FormatError`, or a module's `error_1.FormatError`). */
export const extendsClass = (s: CompiledSuper, name: string): boolean => s.base === name || s.base.endsWith(`.${name}`);
