// What a package's permalinks point at (PackageRevision): the commit its metadata names, else the
// tag of its version. Shared by the install layouts.

import type { PackageRevision } from '../core/ecosystem.js';

const COMMIT = /^[0-9a-f]{7,40}$/i;
// (a version becomes part of a URL: nothing but the characters versions are written with)
const VERSION = /^[\w.+-]{1,64}$/;

/** The revision of `repo` to link, from a commit the metadata names or the version's `v` tag; null without a repository. */
export function packageRevision(repo: string | null, commit: unknown, version: string | null): PackageRevision | null {
  if (!repo) return null;
  if (typeof commit === 'string' && COMMIT.test(commit)) return { ref: commit.toLowerCase(), basis: 'commit' };
  if (version && VERSION.test(version) && /\d/.test(version)) return { ref: `v${version}`, basis: 'tag' };
  return null;
}
