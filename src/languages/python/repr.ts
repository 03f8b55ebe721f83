// What a Python `%r` / `!r` hole shows for an argument bound into it.

import type { ArgInfo } from '../../core/site.js';
import { isHole, lit, type Template } from '../../template/ir.js';

/**
 * A string literal or f-string argument, or a text formatted from one (`m.format(…)`, `'…' % x`),
 * shows as its text between quotes (double ones when it holds a single quote and no double one);
 * `None`, `True`, `False` and a decimal integer as written (the frontend's text for them). Null for
 * anything else (a name holding some value; a string Python would escape): the hole stays.
 */
export function repr(arg: ArgInfo): Template | null {
  if (/^(?:None|True|False|0|[1-9]\d*)$/.test(arg.expr)) return arg.template;
  const text = arg.template.map((s) => (isHole(s) ? '' : s.lit)).join('');
  // (a text built by formatting, `m.format(cls.name, val[0], key)` with `m = "{0} components must …"`,
  // is a string too: what its literals say is what repr() quotes)
  if (!/^[rRuUfF]{0,2}['"]/.test(arg.expr) && !(/\w\W+\w/.test(text) && /^[\w.]+\s*(?:\.\s*format\s*\(|%)/.test(arg.expr))) return null;
  const plain = [...text].every((c) => c >= ' ' && c !== '\x7f' && c !== '\\');
  if (!plain) return null;
  // (repr() takes double quotes for a text holding a single quote and none)
  const q = !text.includes("'") ? "'" : !text.includes('"') ? '"' : null;
  return q ? [lit(q), ...arg.template, lit(q)] : null;
}
