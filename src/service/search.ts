// search: records found by words (messages, classes, codes, file paths, symbols) and filters,
// a page at a time. The cursor is opaque to callers: where the previous page ended.

import { badInput } from '../core/errors.js';
import type { RecordQuery, RecordSummary, Store } from '../core/store.js';

export type { RecordSummary };

export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface SearchOptions {
  q?: string;
  language?: string;
  type?: string;
  repo?: string;
  package?: string;
  errorClass?: string;
  file?: string;
  treeId?: number;
  limit?: number;
  cursor?: string;
}

export interface SearchResult {
  records: RecordSummary[];
  hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
  /** `scan`: the index has no full-text table (written by an older errdex): words are found by reading every record, in file order; `errdex analyze` again adds it. */
  method: 'fts' | 'scan';
}

const encodeCursor = (offset: number) => Buffer.from(`o${offset}`).toString('base64url');

function decodeCursor(cursor: string): number {
  const m = /^o(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!m) throw badInput(`cursor "${cursor.slice(0, 40)}" is not one this server gave; pass the nextCursor of the previous page`);
  return Number(m[1]);
}

export function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) throw badInput(`limit must be an integer from 1 to ${MAX_LIMIT}, got ${limit}`);
  return limit;
}

export async function search(store: Store, opts: SearchOptions): Promise<SearchResult> {
  const limit = checkLimit(opts.limit);
  const offset = opts.cursor ? decodeCursor(opts.cursor) : 0;
  if ((opts.q?.length ?? 0) > 1000) throw badInput('query is over 1000 characters');
  const q: RecordQuery = { text: opts.q, offset, limit };
  for (const k of ['language', 'type', 'repo', 'package', 'errorClass', 'file', 'treeId'] as const) {
    if (opts[k] !== undefined && opts[k] !== '') (q as unknown as Record<string, unknown>)[k] = opts[k];
  }
  const page = await store.queryRecords(q);
  return { records: page.records, hasMore: page.hasMore, nextCursor: page.hasMore ? encodeCursor(offset + limit) : null, method: page.method };
}
