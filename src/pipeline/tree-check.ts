// The check `errdex index` keeps for each tree it found in a project (its own code, each installed
// package): the stats of what the tree's last walk read (scan/watch.ts) and when. A re-run whose
// stats are all the same, none changed so close before that walk that it could have changed again
// unseen, takes the tree as it stored it without walking, reading or parsing it. Anything else
// (a stat moved, a file gone, another errdex, other options) falls back to analyzeTree, which
// then tells unchanged from changed by file lists and contents as before.

import { pipelineStamp } from './code-version.js';
import { watchPrint, type Watch } from '../scan/watch.js';

/**
 * A file changed this close before the stats of the last full read were taken may have changed
 * again within the same tick of a coarse file-system clock: such a tree is read (git's "racily
 * clean" rule).
 */
export const RACY_MS = 2000;

/** What is stored (as JSON): the walk's root, what it read, their stats' hash, and when the walk began. */
interface TreeCheck extends Watch {
  root: string;
  at: number;
  print: string;
}

/**
 * What a check is salted with besides the stats: errdex's code (by its files' stats) and whatever
 * else decides the tree's records without being a file the walk stats (options, names, the git
 * identity); a check salted otherwise never holds.
 */
export const checkSalt = (parts: unknown): string => `${pipelineStamp()}\0${JSON.stringify(parts)}`;

/** The check of a tree walked from `root` (a real path) by a walk that began at `at`; null when a watched entry is gone already. */
export function treeCheck(root: string, watch: Watch, at: number, salt: string): string | null {
  const now = watchPrint(root, watch, salt);
  return now && JSON.stringify({ root, at, print: now.print, dirs: watch.dirs, files: watch.files } satisfies TreeCheck);
}

/** The tree is as its check found it: every stat the same, and none racily close to the walk. */
export function checkHolds(stored: string, salt: string): boolean {
  let c: TreeCheck;
  try {
    c = JSON.parse(stored) as TreeCheck;
  } catch {
    return false;
  }
  if (typeof c?.root !== 'string' || typeof c.at !== 'number' || !Array.isArray(c.dirs) || !Array.isArray(c.files)) return false;
  const now = watchPrint(c.root, c, salt);
  return !!now && now.print === c.print && now.newest < c.at - RACY_MS;
}
