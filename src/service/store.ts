// Which store a surface opens: the embedded SQLite index at a path (by default
// .errdex/index.sqlite in the working directory, or $ERRDEX_DB). A command that only reads
// opens it to read: a missing index is an error (nothing is created), an index of an older
// schema is read as it is; only a command that writes creates or migrates one.

import path from 'node:path';
import type { Store } from '../core/store.js';
import { SqliteStore, type StoreMode } from '../store/sqlite.js';

export type { StoreMode };

export const DEFAULT_DB = path.join('.errdex', 'index.sqlite');

/** The index file a surface uses: `db`, else $ERRDEX_DB, else the default. */
export const storePath = (db: string | undefined): string => db ?? process.env.ERRDEX_DB ?? DEFAULT_DB;

/** `longLived`: a reader that answers many requests (serve, mcp), whose long scans run off its thread. */
export function openStore(db: string | undefined, mode: StoreMode, longLived = false): Store {
  return new SqliteStore(storePath(db), mode, { offThreadScans: longLived });
}
