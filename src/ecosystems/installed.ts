// What install-layout readers share: names and versions read from files a
// package ships are hostile (`..`, path separators, megabytes), so they are
// checked before they name a tree; and paths are reported relative to the project.

import fs from 'node:fs';
import path from 'node:path';

/** Packages read per project at most, per ecosystem: a hostile tree cannot make the index unbounded. */
export const MAX_PACKAGES = 20_000;

/** A version as manifests write them (`4.17.21`, `1.0.0-rc.1+build`, `2.6.0.post1`): no path separators, no `..`. */
export const validVersion = (v: unknown): v is string => typeof v === 'string' && /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/.test(v) && !v.includes('..');

/** A package name of at most one scope (`@scope/name`), no `..`, no other separators. */
export const validName = (n: unknown): n is string =>
  typeof n === 'string' && n.length <= 214 && /^(@[A-Za-z0-9][\w.~-]*\/)?[A-Za-z0-9][\w.~-]*$/.test(n) && !n.includes('..');

/** How a problem names a path: relative to the project. */
export const shown = (project: string, p: string): string => path.relative(project, p) || '.';

/** Entries of a directory, sorted; none when it cannot be read. */
export function listDir(dir: string): string[] {
  try {
    return fs.readdirSync(dir).sort();
  } catch {
    return [];
  }
}
