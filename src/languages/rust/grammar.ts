// The Rust grammar: a dynamic ast-grep language, registered with every pack's on first use
// (shared/dynamic-grammar.ts).

import type { SgRoot } from '@ast-grep/napi';
import { parseDynamic } from '../shared/dynamic-grammar.js';

export const parseRust = (source: string): SgRoot => parseDynamic('rust', source);
