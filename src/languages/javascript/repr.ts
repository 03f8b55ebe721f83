// What a JavaScript repr hole shows for an argument bound into it.

import type { ArgInfo } from '../../core/site.js';
import { isHole, type Template } from '../../template/ir.js';

/**
 * JavaScript's repr holes are `JSON.stringify(x)` and util.format's `%j` (a string in double
 * quotes) or `%o` (in single quotes), which the hole does not tell apart: only a number, boolean
 * or null written as such is known to show as written.
 */
export function repr(arg: ArgInfo): Template | null {
  const only = arg.template.length === 1 && !isHole(arg.template[0]) ? arg.template[0].lit : null;
  return only !== null && only === arg.expr && /^(?:-?\d+(?:\.\d+)?|true|false|null)$/.test(only) ? arg.template : null;
}
