// Rules whose regex alternates names found in the file. ast-grep compiles a rule's regex with
// Rust's regex crate, whose compiled size is capped (10 MB, about 15,000 names: an 8 MB file's
// helpers), and compiling one of thousands of names costs more than the walk it serves. Past
// NAMES_PER_RULE names, the nodes of the kind are walked once and their text tested against a
// set of the names instead: the same nodes, in the same order.

import type { NapiConfig, SgNode } from '@ast-grep/napi';

/** Past this many names, one walk and a set instead of a regex. */
export const NAMES_PER_RULE = 2000;

export interface NamesQuery {
  /** The rule for these names (regex-escaped by the caller as it needs). */
  rule: (names: string[]) => NapiConfig;
  /** The kind of node the rule finds. */
  kind: string;
  /** The name a node of that kind would match the rule's regex by (null: none), for the set. */
  nameOf: (node: SgNode) => string | null;
}

/** The nodes `q.rule(escaped)` finds under `node`, in document order; `names` unescaped, `escaped` as the rule takes them. */
export function findAllNames(node: SgNode, names: string[], escaped: string[], q: NamesQuery): SgNode[] {
  if (names.length <= NAMES_PER_RULE) return node.findAll(q.rule(escaped));
  const set = new Set(names);
  return node.findAll({ rule: { kind: q.kind } } as NapiConfig).filter((n) => {
    const name = q.nameOf(n);
    return name !== null && set.has(name);
  });
}

/**
 * The name `(?:^|\.)(?:names)$` matches in a callee's text: what follows its last `.` (all of
 * it without one). Names hold no `.`, so no other name can match.
 */
export function calleeName(node: SgNode): string | null {
  const t = node.field('function')?.text();
  if (t === undefined) return null;
  return t.slice(t.lastIndexOf('.') + 1);
}
