// The scans a long-lived reader runs off its serving thread (SqliteStore's `offThreadScans`): a
// substring search of the stored sources (sourcesHolding, for code a message quotes) reads every
// source text of a language, 80-700 ms on a large index, and better-sqlite3 runs a query to its end
// on the thread that asked. On the serving thread that stalls every request in hand (the served
// p99 was set by such scans); here only the one request that asked waits. A worker thread with its
// own read-only connection to the same file, one query at a time: `{ id, file, binding, sql,
// params }` in, `{ id, rows }` or `{ id, error }` out.

import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';

interface Ask {
  id: number;
  file: string;
  binding: string;
  sql: string;
  params: unknown[];
}

let open: { file: string; db: Database.Database } | null = null;

parentPort?.on('message', (m: Ask) => {
  try {
    if (open?.file !== m.file) {
      open?.db.close();
      const db = new Database(m.file, { readonly: true, fileMustExist: true, timeout: 5000, nativeBinding: m.binding });
      db.pragma('query_only = ON');
      open = { file: m.file, db };
    }
    parentPort!.postMessage({ id: m.id, rows: open.db.prepare(m.sql).all(...m.params) });
  } catch (e) {
    parentPort!.postMessage({ id: m.id, error: String((e as Error)?.message ?? e) });
  }
});
