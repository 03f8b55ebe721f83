// What a Python `%r` / `!r` hole shows for an argument bound into it.

import type { ArgInfo } from '../../core/site.js';
import { isHole, lit, type Template } from '../../template/ir.js';

/**
 * A string literal or f-string argument shows as its text between quotes. Null for anything else
 * (a name holding some value; a number, which the frontend keeps a hole; a string Python would
 * quote otherwise or escape): the hole stays.
 */
export function repr(arg: ArgInfo): Template | null {
  if (!/^[rRuUfF]{0,2}['"]/.test(arg.expr)) return null;
  const text = arg.template.map((s) => (isHole(s) ? '' : s.lit)).join('');
  const plain = [...text].every((c) => c >= ' ' && c !== '\x7f' && c !== "'" && c !== '"' && c !== '\\');
  return plain ? [lit("'"), ...arg.template, lit("'")] : null;
}
