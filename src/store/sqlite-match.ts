// The persisted match index in the SQLite file: its tables, and reading them
// back as a MatchSource (core/match-source.ts) for the lazy index. Written by
// sqlite-match-write.ts inside replaceTree's transaction; this module loads
// nothing of the matcher, so opening it costs a few prepared statements.
//
// Tables (all mi_*, rewritten together):
//   mi_meta     version, row count, the stamp of the records they were built from, and the
//               record counts `stats` shows (by language and type: counting reads every record)
//   mi_words    word → vocabulary id, IDF, the rows filed under it (with their word codes)
//   mi_rows     row position → the match row and its facts that depend on other rows
//   mi_tails    path tail → files (path, package, npm layout) and their rows
//   mi_wordless literal text → rows of wordless literal templates
//   mi_classes  exception class tail → the rows raising it, for tails of few rows (CLASS_ROWS)
//   mi_changes  a count of changes to the records, kept by triggers (see recordsStamp)
// An index written before these tables existed, or whose records changed since they were
// written (an older errdex wrote it), has no usable stamp: explain then builds the index in
// memory from every row, as before, and the next write of a tree rewrites the tables.

import type Database from 'better-sqlite3';
import { ErrdexError } from '../core/errors.js';
import type { MatchSource, SourceFile, SourceRow, SourceWord } from '../core/match-source.js';

export const MATCH_SCHEMA = `
CREATE TABLE IF NOT EXISTS mi_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mi_words (word TEXT PRIMARY KEY, id INTEGER NOT NULL, idf REAL NOT NULL, keyed BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mi_rows (ix INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS mi_tails (tail TEXT NOT NULL, file TEXT NOT NULL, package TEXT, npm INTEGER NOT NULL, rows BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS mi_tails_tail ON mi_tails(tail);
CREATE TABLE IF NOT EXISTS mi_wordless (text TEXT PRIMARY KEY, rows BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mi_classes (tail TEXT PRIMARY KEY, rows BLOB NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS mi_changes (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
INSERT OR IGNORE INTO mi_changes (id, n) VALUES (1, 0);
CREATE TRIGGER IF NOT EXISTS mi_records_insert AFTER INSERT ON records BEGIN UPDATE mi_changes SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER IF NOT EXISTS mi_records_delete AFTER DELETE ON records BEGIN UPDATE mi_changes SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER IF NOT EXISTS mi_records_update AFTER UPDATE ON records BEGIN UPDATE mi_changes SET n = n + 1 WHERE id = 1; END;
CREATE TRIGGER IF NOT EXISTS mi_trees_update AFTER UPDATE OF repo, package, entry_dirs ON trees BEGIN UPDATE mi_changes SET n = n + 1 WHERE id = 1; END;
`;

/** Bumped whenever what the tables hold, or how ranking reads it, changes: older tables are then rebuilt. */
export const MATCH_VERSION = '4';

/**
 * What the records are now, in O(1): the highest record rowid, and the count of changes to the
 * records (and to the trees' fields match rows read) that the mi_* triggers keep, whichever
 * program made them (an older errdex writing this file fires them too). Tables whose stamp
 * differs were built from other records. (Scanning the trees table instead costs ~70 ms at 6,500
 * trees: their stat checks and entry lists are megabytes.)
 */
export function recordsStamp(db: Database.Database): string {
  const max = (db.prepare(`SELECT max(rowid) AS m FROM records`).get() as { m: number | null }).m ?? 0;
  const changes = (db.prepare(`SELECT n FROM mi_changes WHERE id = 1`).get() as { n: number } | undefined)?.n ?? -1;
  return `${max};${changes}`;
}

/** The match row JSON in mi_rows.data. */
export interface StoredMatchRow {
  row: SourceRow['row'];
  w: number;
  g: number;
  fl: number[] | null;
  c: SourceRow['copies'];
}

/** A blob of Int32 / Float64 values (copied when SQLite's buffer is not aligned for the view). */
export function int32s(b: Buffer): Int32Array {
  return b.byteOffset % 4 === 0 ? new Int32Array(b.buffer, b.byteOffset, b.length / 4) : new Int32Array(Uint8Array.from(b).buffer);
}
export function float64s(b: Buffer): Float64Array {
  return b.byteOffset % 8 === 0 ? new Float64Array(b.buffer, b.byteOffset, b.length / 8) : new Float64Array(Uint8Array.from(b).buffer);
}

/** mi_meta, when the tables are of this version and were written for the records as they are. */
function currentMeta(db: Database.Database): Map<string, string> | null {
  const tables = db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('mi_meta', 'mi_changes')`).get() as { n: number };
  if (tables.n < 2) return null;
  const meta = new Map((db.prepare(`SELECT key, value FROM mi_meta`).all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
  return meta.get('version') === MATCH_VERSION && meta.has('words') && meta.get('stamp') === recordsStamp(db) ? meta : null;
}

/** The record counts written with the tables, when they are up to date. */
export function keptStats(db: Database.Database): { records: number; byLanguage: Record<string, number>; byType: Record<string, number> } | null {
  const meta = currentMeta(db);
  const counts = meta?.get('counts');
  return counts ? JSON.parse(counts) : null;
}

/** The persisted match index, or null when there is none for the records as they are. */
export function openMatchSource(db: Database.Database): MatchSource | null {
  const meta = currentMeta(db);
  if (!meta) return null;
  const wordStmt = db.prepare(`SELECT id, idf, keyed FROM mi_words WHERE word = ?`);
  // (rows of one key in a blob table, each key read once)
  const keyedRows = (sql: string) => {
    const stmt = db.prepare(sql).pluck();
    const kept = new Map<string, number[]>();
    return (key: string): number[] => {
      let rows = kept.get(key);
      if (!rows) {
        const b = stmt.get(key) as Buffer | undefined;
        kept.set(key, (rows = b ? [...int32s(b)] : []));
      }
      return rows;
    };
  };
  const wordless = keyedRows(`SELECT rows FROM mi_wordless WHERE text = ?`);
  const classRows = keyedRows(`SELECT rows FROM mi_classes WHERE tail = ?`);
  const tailStmt = db.prepare(`SELECT file, package, npm, rows FROM mi_tails WHERE tail = ? ORDER BY rowid`);
  const rowStmt = db.prepare(`SELECT data FROM mi_rows WHERE ix = ?`).pluck();
  // (a process keeps what it read: a trace passes through the same files again and again)
  const words = new Map<string, (SourceWord & { id: number }) | undefined>();
  const tails = new Map<string, SourceFile[]>();
  return {
    size: Number(meta.get('size')),
    vocabulary: Number(meta.get('words')),
    word(word) {
      if (words.has(word)) return words.get(word);
      const r = wordStmt.get(word) as { id: number; idf: number; keyed: Buffer } | undefined;
      const w = r && { id: r.id, idf: r.idf, keyed: float64s(r.keyed) };
      words.set(word, w);
      return w;
    },
    wordless,
    classRows,
    tail(key): SourceFile[] {
      let files = tails.get(key);
      if (!files) {
        files = (tailStmt.all(key) as { file: string; package: string | null; npm: number; rows: Buffer }[])
          .map((r) => ({ filePath: r.file, package: r.package, npm: r.npm === 1, rows: [...int32s(r.rows)] }));
        tails.set(key, files);
      }
      return files;
    },
    rows(ixs): SourceRow[] {
      return ixs.map((ix) => {
        // (each statement reads the file as it is then: a rewrite committed by an analyze between a
        // lookup's reads can take rows away; the window is one lookup, and such a lookup fails)
        const data = rowStmt.get(ix) as string | undefined;
        if (data === undefined) throw new ErrdexError('index-unusable', `the index changed while it was read (analyzed meanwhile?): run the command again`);
        const d = JSON.parse(data) as StoredMatchRow;
        return { ix, row: d.row, wordWeight: d.w, group: d.g, fileLines: d.fl, copies: d.c };
      });
    },
  };
}
