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

/** Calls read per file, and calls kept per function, at most. */
const MAX_FILE_CALLS = 20000;
const MAX_CALLS = 64;

/**
 * Symbol → the names the function calls (a plain name, or a method's or module function's last name).
 * One walk of the file's calls, each given to its innermost function (a nested function's calls are its own).
 */
export function callsByFunction(root: SgNode): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const symbols = new Map<number, string>();
  const byDef = new Map<number, Set<string>>();
  for (const c of root.findAll({ rule: { kind: 'call' } }).slice(0, MAX_FILE_CALLS)) {
    const fn = c.field('function');
    const name = fn?.kind() === 'identifier' ? fn.text() : fn?.kind() === 'attribute' ? fn.field('attribute')?.text() : undefined;
    if (!name || NOT_FOLLOWED.has(name) || /^[A-Z]/.test(name)) continue;
    let def: SgNode | null = c.parent();
    while (def && def.kind() !== 'function_definition') def = def.parent();
    if (!def) continue;
    let names = byDef.get(def.id());
    if (!names) {
      byDef.set(def.id(), (names = new Set()));
      out[definitionSymbol(def, symbols)] = [];
    }
    if (names.size < MAX_CALLS && !names.has(name)) {
      names.add(name);
      out[definitionSymbol(def, symbols)].push(name);
    }
  }
  return out;
}
