// What a Python `%r` / `!r` hole shows for an argument bound into it.

import type { ArgInfo } from '../../core/site.js';
import { isHole, lit, type Template } from '../../template/ir.js';

/**
 * A string literal or f-string argument shows as its text between quotes; `None`, `True`, `False`
 * and a decimal integer as written (the frontend's text for them). Null for anything else (a name
 * holding some value; a string Python would quote otherwise or escape): the hole stays.
 */
export function repr(arg: ArgInfo): Template | null {
  if (/^(?:None|True|False|0|[1-9]\d*)$/.test(arg.expr)) return arg.template;
  if (!/^[rRuUfF]{0,2}['"]/.test(arg.expr)) return null;
  const text = arg.template.map((s) => (isHole(s) ? '' : s.lit)).join('');
  const plain = [...text].every((c) => c >= ' ' && c !== '\x7f' && c !== "'" && c !== '"' && c !== '\\');
  return plain ? [lit("'"), ...arg.template, lit("'")] : null;
}
