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
  let known = read.get(root);
  if (!known) read.set(root, (known = new Map()));
  const parts = known;
  const walk = (node: Part, from: number, to: number, depth: number) => {
    if (skipped?.has(node.kind)) return;
    if (depth >= MAX_DEPTH || node.end - node.start <= SMALL || !containers.has(node.kind)) {
      out.push(node.node);
      return;
    }
    let i = from;
    for (const child of childrenOf(parts, node.node)) {
      if (i >= to) break;
      while (i < to && at[i] < child.start) i++;
      let j = i;
      while (j < to && at[j] < child.end) j++;
      if (j > i) walk(child, i, j, depth + 1);
      i = j;
    }
  };
  if (at.length) walk({ node: root, kind: root.kind() as string, start: 0, end: Infinity }, 0, at.length, 0);
  return out;
}

/** A node read for the descent: its kind and place, read once. */
interface Part {
  node: SgNode;
  kind: string;
  start: number;
  end: number;
}

/**
 * The children of the nodes descended so far, by tree (its root) and node id: a file's searches
 * descend from its root again and again (a helper's calls at each level, returns, assignments), and
 * reading a module's children costs two native calls each.
 */
const read = new WeakMap<SgNode, Map<number, Part[]>>();

function childrenOf(parts: Map<number, Part[]>, node: SgNode): Part[] {
  const id = node.id();
  let children = parts.get(id);
  if (!children) {
    children = node.namedChildren().map((c) => {
      const r = c.range();
      return { node: c, kind: c.kind() as string, start: r.start.index, end: r.end.index };
    });
    parts.set(id, children);
  }
  return children;
}
