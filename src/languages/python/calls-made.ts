// The calls each function of a file makes, by the symbol its sites name it with: what a re-raise's
// `try` body calls hands on the errors those functions raise, and theirs (facts/raised.ts
// wrappedMessages follows them, breadth first and bounded: `validator(opt, value)` of a table of
// validators, one of which calls `validate_integer`, whose raise says `The value of %s must be an
// integer`). Read on demand, only for files a re-raise's calls are followed into.

import type { SgNode } from '@ast-grep/napi';
import { definitionSymbol } from './context.js';

/**
 * Builtins and common methods that are never a library's helper (their errors are the runtime's, read
 * as native calls elsewhere), and class names (constructions): not followed, so the bounded walk of
 * wrappedMessages spends its budget on the file's helpers.
 */
const NOT_FOLLOWED = new Set([
  'isinstance', 'issubclass', 'str', 'repr', 'int', 'float', 'bool', 'bytes', 'len', 'list', 'dict', 'set', 'tuple',
  'frozenset', 'type', 'getattr', 'setattr', 'hasattr', 'super', 'print', 'range', 'enumerate', 'zip', 'map', 'filter',
  'sorted', 'min', 'max', 'sum', 'any', 'all', 'iter', 'next', 'format', 'join', 'split', 'strip', 'lower', 'upper',
  'startswith', 'endswith', 'replace', 'append', 'extend', 'get', 'items', 'keys', 'values', 'pop', 'update', 'encode', 'decode',
]);

/** Functions read per file, and calls kept per function, at most. */
const MAX_FUNCTIONS = 2000;
const MAX_CALLS = 64;

/** Symbol → the names the function calls (a plain name, or a method's or module function's last name). */
export function callsByFunction(root: SgNode): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const symbols = new Map<number, string>();
  for (const def of root.findAll({ rule: { kind: 'function_definition' } }).slice(0, MAX_FUNCTIONS)) {
    const body = def.field('body');
    if (!body) continue;
    const names = new Set<string>();
    for (const c of body.findAll({ rule: { kind: 'call' } })) {
      if (names.size >= MAX_CALLS) break;
      const fn = c.field('function');
      const name = fn?.kind() === 'identifier' ? fn.text() : fn?.kind() === 'attribute' ? fn.field('attribute')?.text() : undefined;
      if (name && !NOT_FOLLOWED.has(name) && !/^[A-Z]/.test(name)) names.add(name);
    }
    if (names.size) out[definitionSymbol(def, symbols)] = [...names];
  }
  return out;
}
