// What tells a walked tree unchanged without walking it again: the stats of the directories the
// walk read and of every file whose stat it took. A file added, removed or renamed in a directory
// moves that directory's modification time; a file written in place moves its own modification
// and change times; a directory or file replaced (npm, pip and editors writing a new file and
// renaming it over the old) has another inode. So equal stats mean the walk would list the same
// files with the same stats, and none of them need be listed or read (`errdex index`, warm).
// Costs one stat per directory and per listed file, no readdir, nothing opened.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Paths relative to the walk's root (`/` separators; '' the root): directories read, files whose stat was taken. */
export interface Watch {
  dirs: string[];
  files: string[];
}

/**
 * A hash of `salt` and the stats of every watched entry as they are now, with the newest
 * modification or change time among them; null when one is gone or is no longer of its kind.
 */
export function watchPrint(root: string, watch: Watch, salt: string): { print: string; newest: number } | null {
  const h = createHash('sha256').update(salt).update('\0');
  let newest = 0;
  const at = (rel: string) => (rel ? root + path.sep + rel : root);
  for (const d of watch.dirs) {
    const st = fs.lstatSync(at(d), { throwIfNoEntry: false });
    if (!st?.isDirectory()) return null;
    h.update(`d${d}\0${st.mtimeMs}:${st.ctimeMs}:${st.ino}\0`);
    newest = Math.max(newest, st.mtimeMs, st.ctimeMs);
  }
  for (const f of watch.files) {
    // (followed as the walk follows a symlinked file inside the tree: a link replaced moves its directory)
    let st: fs.Stats | undefined;
    try {
      st = fs.statSync(at(f), { throwIfNoEntry: false });
    } catch {
      return null; // (a symlink loop, a permission lost)
    }
    if (!st?.isFile()) return null;
    h.update(`f${f}\0${st.size}:${st.mtimeMs}:${st.ctimeMs}:${st.ino}\0`);
    newest = Math.max(newest, st.mtimeMs, st.ctimeMs);
  }
  return { print: h.digest('hex'), newest };
}
