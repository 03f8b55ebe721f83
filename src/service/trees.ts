// trees: what the index holds, by tree; one repo or package with its versions and its records.

import { ErrdexError } from '../core/errors.js';
import type { Store, TreeRow } from '../core/store.js';
import { search, type SearchOptions, type SearchResult } from './search.js';

export interface TreeSummary {
  treeId: number;
  repo: string;
  sha: string | null;
  path: string | null;
  package: string | null;
  version: string | null;
  files: number;
  records: number;
  analyzedAt: string;
}

export interface TreeDetail {
  /** The repo or package asked for. */
  name: string;
  /** Its analyzed trees (versions, commits). */
  trees: TreeSummary[];
  records: number;
  /** Its records, a page (filters: type, errorClass, file, language, q). */
  page: SearchResult;
}

const summary = (t: TreeRow): TreeSummary => ({
  treeId: t.treeId, repo: t.repo, sha: t.sha, path: t.path, package: t.package, version: t.version, files: t.files, records: t.records, analyzedAt: t.analyzedAt,
});

export async function listTrees(store: Store): Promise<TreeSummary[]> {
  return (await store.trees()).map(summary);
}

/** The trees whose repo or package is `name`, and their records (a page). */
export async function treeDetail(store: Store, name: string, opts: Omit<SearchOptions, 'repo' | 'package'> = {}): Promise<TreeDetail> {
  const all = await store.trees();
  const byRepo = all.filter((t) => t.repo === name);
  const trees = byRepo.length ? byRepo : all.filter((t) => t.package === name);
  if (trees.length === 0) throw new ErrdexError('not-found', `no analyzed repo or package named "${name.slice(0, 200)}" in ${store.location}`);
  const page = await search(store, { ...opts, ...(byRepo.length ? { repo: name } : { package: name }) });
  return { name, trees: trees.map(summary), records: trees.reduce((n, t) => n + t.records, 0), page };
}
