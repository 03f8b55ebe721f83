// What a Rust `{:?}` hole shows for an argument bound into it.

import type { ArgInfo } from '../../core/site.js';
import { isHole, lit, type Template } from '../../template/ir.js';

/**
 * A string literal argument shows in double quotes (Debug of a `&str`), when it holds nothing Debug
 * escapes; a number or boolean written as such shows as written. Null for anything else.
 */
export function repr(arg: ArgInfo): Template | null {
  const e = arg.expr.trim();
  if (/^(?:-?\d+(?:\.\d+)?|true|false)$/.test(e)) return [lit(e)];
  if (!/^r?#*"/.test(e) || arg.template.some(isHole)) return null;
  const text = arg.template.map((s) => (isHole(s) ? '' : s.lit)).join('');
  const plain = [...text].every((c) => c >= ' ' && c !== '\x7f' && c !== '"' && c !== '\\');
  return plain ? [lit('"'), ...arg.template, lit('"')] : null;
}
