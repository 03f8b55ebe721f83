// What a PHP hole shows for an argument bound into it: PHP has no repr conversion in its message
// forms (`%s` and interpolation show the value's text), so a hole stays.

import type { ArgInfo } from '../../core/site.js';
import type { Template } from '../../template/ir.js';

export const repr = (_arg: ArgInfo): Template | null => null;
