// stats: what the index holds.

import type { Store, StoreStats, TreeRow } from '../core/store.js';

export interface Stats extends StoreStats {
  db: string;
  treeList: TreeRow[];
}

export async function stats(store: Store): Promise<Stats> {
  return { db: store.location, ...(await store.stats()), treeList: await store.trees() };
}
