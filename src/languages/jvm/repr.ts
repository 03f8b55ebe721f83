// What a repr hole shows on the JVM: the packs build no repr holes (Java and Kotlin format values
// with toString), so nothing is filled in.

import type { ArgInfo } from '../../core/site.js';
import type { Template } from '../../template/ir.js';

export const repr = (_arg: ArgInfo): Template | null => null;
