// Rules whose regex alternates names found in the file: ast-grep compiles a rule's regex with
// Rust's regex crate, whose compiled size is capped (10 MB, about 15,000 names), so a large
// file's list of helper names is split over several rules.

import type { NapiConfig, SgNode } from '@ast-grep/napi';

/** Names in one rule's regex. */
export const NAMES_PER_RULE = 2000;

/**
 * The nodes `rule(names)` finds under `node`, in document order (pre-order: by start, an
 * enclosing node before the nodes it holds), with the names split over rules of at most
 * NAMES_PER_RULE each. Each node must match at most one name (a callee ends in one name).
 */
export function findAllNames(node: SgNode, names: string[], rule: (names: string[]) => NapiConfig): SgNode[] {
  if (names.length <= NAMES_PER_RULE) return node.findAll(rule(names));
  const found: { n: SgNode; start: number; end: number }[] = [];
  for (let i = 0; i < names.length; i += NAMES_PER_RULE) {
    for (const n of node.findAll(rule(names.slice(i, i + NAMES_PER_RULE)))) {
      const r = n.range();
      found.push({ n, start: r.start.index, end: r.end.index });
    }
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  return found.map((f) => f.n);
}
