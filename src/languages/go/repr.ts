// What a Go `%q` hole shows for an argument bound into it: a string literal's text in double quotes.

import type { ArgInfo } from '../../core/site.js';
import { isHole, lit, type Template } from '../../template/ir.js';

/** A string literal argument shows as `"text"` (plain text only: Go escapes anything else); null keeps the hole. */
export function repr(arg: ArgInfo): Template | null {
  if (!/^["`]/.test(arg.expr)) return null;
  const text = arg.template.map((s) => (isHole(s) ? '' : s.lit)).join('');
  const plain = [...text].every((c) => c >= ' ' && c <= '~' && c !== '"' && c !== '\\');
  return plain ? [lit('"'), ...arg.template, lit('"')] : null;
}
