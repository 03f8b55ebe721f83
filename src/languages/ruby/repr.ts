// What a Ruby repr hole (`#{x.inspect}`, format's `%p`) shows for an argument bound into it.

import type { ArgInfo } from '../../core/site.js';
import { isHole, lit, type Template } from '../../template/ir.js';

/**
 * A string literal shows as its text in double quotes (String#inspect) when nothing in it would be
 * escaped; a symbol as `:name`; an integer, `true`, `false`, `nil` as written. Null otherwise (the hole stays).
 */
export function repr(arg: ArgInfo): Template | null {
  const e = arg.expr.trim();
  if (/^(?:-?\d+|true|false|nil)$/.test(e)) return [lit(e)];
  if (/^:[A-Za-z_]\w*[?!]?$/.test(e)) return [lit(e)];
  if (!/^["']/.test(e)) return null;
  const text = arg.template.map((s) => (isHole(s) ? '' : s.lit)).join('');
  const plain = [...text].every((c) => c >= ' ' && c !== '\x7f' && c !== '"' && c !== '\\' && c !== '#');
  return plain ? [lit('"'), ...arg.template, lit('"')] : null;
}
