// The parts of a tree that hold given places of its text. A search for nodes whose places the text
// already gives (a `name(` found by a regular expression) need not walk the whole tree: each walk
// of a file's tree costs about half its parse, and a pack may make several per file. Descending
// through the nodes whose children are statements (a module, a block, a class) to the smallest
// parts holding the places, and searching those, finds the same nodes, provided every node sought
// lies inside one statement and its place in the text is inside that node.

import type { SgNode } from '@ast-grep/napi';

/** A part this small (in characters) is searched whole rather than descended into. */
const SMALL = 1024;
/** Levels descended at most. */
const MAX_DEPTH = 8;

/**
 * The disjoint subtrees of `root` that hold the `offsets` (places in the text, as the tree's
 * ranges count them), in document order: from `root`, each child of a `containers` kind that
 * holds an offset is descended into, until a part is small or of another kind. A place between
 * children (a comment) is in none, nor is one in a part of a `skipped` kind (the search does not want
 * what is inside it: a definition, for what is written at a module's level).
 */
export function subtreesAt(root: SgNode, offsets: readonly number[], containers: ReadonlySet<string>, skipped?: ReadonlySet<string>): SgNode[] {
  const out: SgNode[] = [];
  const at = [...new Set(offsets)].sort((a, b) => a - b);
  const walk = (node: SgNode, from: number, to: number, size: number, depth: number) => {
    const kind = node.kind() as string;
    if (skipped?.has(kind)) return;
    if (depth >= MAX_DEPTH || size <= SMALL || !containers.has(kind)) {
      out.push(node);
      return;
    }
    let i = from;
    for (const child of node.namedChildren()) {
      if (i >= to) break;
      const r = child.range();
      while (i < to && at[i] < r.start.index) i++;
      let j = i;
      while (j < to && at[j] < r.end.index) j++;
      if (j > i) walk(child, i, j, r.end.index - r.start.index, depth + 1);
      i = j;
    }
  };
  if (at.length) walk(root, 0, at.length, Infinity, 0);
  return out;
}
