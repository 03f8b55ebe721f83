// The calls each function of a file makes, by the symbol its sites name it with: what a re-raise's
// `try` body calls hands on the errors those functions raise, and theirs (facts/raised.ts
// wrappedMessages follows them, breadth first and bounded: `validator(opt, value)` of a table of
// validators, one of which calls `validate_integer`, whose raise says `The value of %s must be an
// integer`). Read while analysing a file that has such a re-raise (FileAnalysis.callsByFunction).

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
 * Each call is given to its innermost function (a nested function's calls are its own): one sweep of
 * the file's definitions and calls, both in document order, against a stack of the definitions open
 * at the call (no walk up from each call: that costs a native call per ancestor).
 */
export function callsByFunction(root: SgNode): Record<string, string[]> {
  const symbols = new Map<number, string>();
  const defs = root.findAll({ rule: { kind: 'function_definition' } });
  const spans = defs.map((d) => {
    const r = d.range();
    return { start: r.start.index, end: r.end.index };
  });
  const symbolOf = new Map<number, string>();
  // (by symbol in a Map: a function may be named like an Object property, `toString`, `__proto__`)
  const called = new Map<string, { set: Set<string>; list: string[] }>();
  const open: number[] = [];
  let next = 0;
  for (const c of root.findAll({ rule: { kind: 'call' } }).slice(0, MAX_FILE_CALLS)) {
    const at = c.range().start.index;
    for (; next < spans.length && spans[next].start <= at; next++) {
      while (open.length && spans[open[open.length - 1]].end <= spans[next].start) open.pop();
      open.push(next);
    }
    while (open.length && spans[open[open.length - 1]].end <= at) open.pop();
    if (!open.length) continue;
    const fn = c.field('function');
    const name = fn?.kind() === 'identifier' ? fn.text() : fn?.kind() === 'attribute' ? fn.field('attribute')?.text() : undefined;
    if (!name || NOT_FOLLOWED.has(name) || /^[A-Z]/.test(name)) continue;
    const d = open[open.length - 1];
    let symbol = symbolOf.get(d);
    if (symbol === undefined) symbolOf.set(d, (symbol = definitionSymbol(defs[d], symbols)));
    let names = called.get(symbol);
    if (!names) called.set(symbol, (names = { set: new Set(), list: [] }));
    if (names.set.size < MAX_CALLS && !names.set.has(name)) {
      names.set.add(name);
      names.list.push(name);
    }
  }
  return Object.fromEntries([...called].map(([symbol, names]) => [symbol, names.list]));
}
