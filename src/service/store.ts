// Which store a surface opens: the embedded SQLite index at a path (by default
// .errdex/index.sqlite in the working directory, or $ERRDEX_DB).

import path from 'node:path';
import type { Store } from '../core/store.js';
import { SqliteStore } from '../store/sqlite.js';

export const DEFAULT_DB = path.join('.errdex', 'index.sqlite');

export function openStore(db?: string): Store {
  return new SqliteStore(db ?? process.env.ERRDEX_DB ?? DEFAULT_DB);
}
