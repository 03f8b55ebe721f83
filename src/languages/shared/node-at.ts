// The innermost syntax node at a position, for a frame on a line that is not a
// site: the pack reads its symbol and guards as it does a site's.

import type { SgNode } from '@ast-grep/napi';

/**
 * The innermost named node whose range holds (line, column) (0-based), descending from `root`
 * one child at a time: cost is the depth times the children passed, one file's walk at most.
 * With `column` null, the first node that starts on the line.
 */
export function nodeAt(root: SgNode, line: number, column: number | null): SgNode | null {
  const r = root.range();
  if (line < r.start.line || line > r.end.line) return null;
  let node = root;
  for (;;) {
    let next: SgNode | null = null;
    for (const c of node.children()) {
      if (!c.isNamed()) continue;
      const { start, end } = c.range();
      if (end.line < line || start.line > line) continue;
      if (column === null ? start.line === line || (start.line < line && end.line >= line) : holds(start, end, line, column)) {
        next = c;
        break;
      }
    }
    if (next === null) return node;
    node = next;
  }
}

const holds = (start: { line: number; column: number }, end: { line: number; column: number }, line: number, column: number): boolean =>
  (start.line < line || (start.line === line && start.column <= column)) && (end.line > line || (end.line === line && end.column > column));
