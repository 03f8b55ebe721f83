// A caught error stored in a handler and raised again after it (regex's `_compile`: `except error
// as e: caught_exception = e`, then after the loop `raise error(caught_exception.msg,
// caught_exception.pattern, caught_exception.pos)`). The stored name holds the caught error as the
// `except` name does inside the handler, so a site after the handler that reads it (`caught.msg`,
// `str(caught)`, `caught.args[0]`) reads the caught error's message: the pack adds such names to the
// site's caught names (shared/caught.ts marks the holes) and their clause says the class caught and
// the calls of the `try` body (RawSite.wraps).

import type { SgNode } from '@ast-grep/napi';
import { exceptVar } from './context.js';

interface Stored {
  name: string;
  clause: SgNode;
  /** Where the handler ends: a site after it reads the stored error. */
  end: number;
}

/** Handlers of a function, at most, read for stored errors (a linear pass, once per function). */
const MAX_CLAUSES = 64;

/** Stored caught errors by function (or module) node id, per file root: one pass per function. */
const cache = new WeakMap<object, Map<number, Stored[]>>();

/**
 * The names assigned an `except … as e` name in a handler of `fn` (the module when null) that ends
 * before `at`, each with its clause (the last such assignment before `at` for a name).
 */
export function storedCaught(at: SgNode, fn: SgNode | null, root: SgNode, source: string): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  const scope = fn ?? root;
  let byFn = cache.get(root);
  if (!byFn) cache.set(root, (byFn = new Map()));
  let stored = byFn.get(scope.id());
  if (!stored) byFn.set(scope.id(), (stored = storesCaught(scope, source) ? storedIn(scope) : []));
  const pos = at.range().start.index;
  for (const s of stored) if (s.end <= pos) out.set(s.name, s.clause);
  return out;
}

/** A handler's `as e` name and an assignment of it (`x = e`) in the scope's text: the test before any tree query. */
function storesCaught(scope: SgNode, source: string): boolean {
  const r = scope.range();
  const text = source.slice(r.start.index, r.end.index);
  for (const m of text.matchAll(/\bexcept\b[^:]*?\sas\s+([A-Za-z_]\w*)/g)) {
    if (new RegExp(`(?<![\\w.])[A-Za-z_]\\w*[ \\t]*(?::[^=\\n]*)?=[ \\t]*(?:\\\\\\r?\\n[ \\t]*)?${m[1]}\\b`).test(text)) return true;
  }
  return false;
}

function storedIn(scope: SgNode): Stored[] {
  const out: Stored[] = [];
  const scopeId = scope.id();
  const clauses = scope.findAll({ rule: { kind: 'except_clause' } }).slice(0, MAX_CLAUSES);
  for (const clause of clauses) {
    const v = exceptVar(clause);
    if (!v || enclosingDef(clause) !== scopeId) continue;
    // (`name = e`: only such assignments leave the grammar's engine)
    const rule = { kind: 'assignment', all: [{ has: { field: 'left', kind: 'identifier' } }, { has: { field: 'right', kind: 'identifier', regex: `^${v}$` } }] };
    for (const a of clause.findAll({ rule })) {
      const left = a.field('left')!;
      if (left.text() === v) continue;
      if (enclosingDef(a) !== scopeId) continue;
      out.push({ name: left.text(), clause, end: clause.range().end.index });
    }
  }
  return out;
}

/** The id of the innermost function around `n` (the module's root when none). */
function enclosingDef(n: SgNode): number {
  let last = n;
  for (let a = n.parent(); a; a = a.parent()) {
    if (a.kind() === 'function_definition') return a.id();
    last = a;
  }
  return last.id();
}
