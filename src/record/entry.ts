// How close a record's file is to what an installed package runs: the matcher ranks
// the copy of the code a package's entry points load above its other builds.

import type { EntryPoint } from '../core/store.js';

/**
 * How close a file is to the package's entry points: 1 for the first (require/main) entry, falling
 * to 0; a file an entry loads ranks just below that entry, and all files one entry loads rank alike.
 * A minified bundle counts only when an entry names it (it sits beside the copy that runs).
 */
export function entryRanker(entries: EntryPoint[]): (file: string) => number {
  const declared = entries.filter((e): e is string => typeof e === 'string');
  const loaded = new Map<string, number>();
  for (const e of entries) if (typeof e !== 'string' && !loaded.has(e.file)) loaded.set(e.file, 1 / (2 + e.from));
  return (file) => {
    const minified = /\.min\.[cm]?js$/.test(file);
    const i = declared.findIndex((e) => (e.endsWith('/') ? !minified && file.startsWith(e) : file === e));
    return Math.max(i < 0 ? 0 : 1 / (1 + i), loaded.get(file) ?? 0);
  };
}
