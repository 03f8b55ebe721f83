// The PHP grammar: a dynamic ast-grep language, registered with every pack's on first use
// (shared/dynamic-grammar.ts).

import type { SgRoot } from '@ast-grep/napi';
import { parseDynamic } from '../shared/dynamic-grammar.js';

export const parsePhp = (source: string): SgRoot => parseDynamic('php', source);
