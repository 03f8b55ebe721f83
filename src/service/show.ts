// show: the stored records of one id (one per tree holding it).

import { badInput, ErrdexError } from '../core/errors.js';
import type { Store } from '../core/store.js';
import type { ErrRecord } from '../record/schema.js';

/** A record id's form, checked before any store is opened. */
export function checkRecordId(id: string): void {
  if (!/^[0-9a-f]{16}$/.test(id)) throw badInput(`record ids are 16 hex characters, got "${id}"`);
}

export async function show(store: Store, id: string): Promise<ErrRecord[]> {
  checkRecordId(id);
  const records = await store.recordsById(id);
  if (records.length === 0) throw new ErrdexError('not-found', `no record with id ${id} in ${store.location}`);
  return records;
}
