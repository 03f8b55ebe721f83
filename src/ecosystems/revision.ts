// What a package's permalinks point at (PackageRevision): the commit its metadata names, else the
// tag of its version. Shared by the install layouts.

import type { PackageRevision } from '../core/ecosystem.js';

const COMMIT = /^[0-9a-f]{7,40}$/i;
// (a tag becomes part of a URL: nothing but the characters versions are written with)
const TAG = /^[\w.+-]{1,64}$/;

/** The `v<version>` tag most projects give a release (npm's own `npm version` writes it). */
export const vTag = (version: string | null): string | null => (version ? (version.startsWith('v') ? version : `v${version}`) : null);

/** The revision of `repo` to link, from a commit the metadata names or the release's tag; null without a repository. */
export function packageRevision(repo: string | null, commit: unknown, tag: string | null): PackageRevision | null {
  if (!repo) return null;
  if (typeof commit === 'string' && COMMIT.test(commit)) return { ref: commit.toLowerCase(), basis: 'commit' };
  if (tag && TAG.test(tag) && /\d/.test(tag)) return { ref: tag, basis: 'tag' };
  return null;
}
