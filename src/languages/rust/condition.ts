// Rust conditions as the condition IR (src/core/condition.ts). Guards are kept as source text; a
// condition is read only as far as its literals: `true`/`false`, numbers and strings. Anything else
// is unknown (a caller's values never rule a Rust guard out).

import { readLiteral, unknown, type TokenOptions } from '../../core/condition-tokens.js';
import type { Condition, UNKNOWN, Value } from '../../core/condition.js';

const OPTIONS: TokenOptions = { prefixedStrings: false };
const CONSTANTS: Record<string, Value> = { true: true, false: false, None: null };

export function parseCondition(text: string): Condition {
  return { text, expr: unknown(), emptyListFalse: false };
}

export function parseLiteral(expr: string): Value | typeof UNKNOWN {
  return readLiteral(expr, OPTIONS, CONSTANTS);
}
