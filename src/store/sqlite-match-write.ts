// Writes the persisted match index (sqlite-match.ts) from every match row: a full
// MatchIndex is built in memory, as explain used to build one per process, and
// what ranking reads of it is stored, so a lookup later reads only the rows its
// words and frames select. Everything in the tables is rewritten on each write
// (IDF, word weights, the rarest word each row is filed under and the copy groups
// all depend on every row).

import type Database from 'better-sqlite3';
import type { MatchRow } from '../core/row.js';
import { MatchIndex } from '../match/index.js';
import { MATCH_SCHEMA, MATCH_VERSION, recordsStamp, type StoredMatchRow } from './sqlite-match.js';

const int32Blob = (xs: ArrayLike<number>) => Buffer.from(Int32Array.from(xs).buffer);

/** Rewrites the mi_* tables from these rows (every match row of the store, in its order); call inside a transaction. */
export function writeMatchIndex(db: Database.Database, rows: MatchRow[]): void {
  db.exec(MATCH_SCHEMA);
  for (const t of ['mi_meta', 'mi_words', 'mi_rows', 'mi_tails', 'mi_wordless', 'mi_classes']) db.exec(`DELETE FROM ${t}`);
  // (from here the triggers count every change to the records: the stamp below is taken after the last)
  const index = new MatchIndex(rows);
  const p = index.persisted();
  const insWord = db.prepare(`INSERT INTO mi_words (word, id, idf, keyed) VALUES (?, ?, ?, ?)`);
  p.words.forEach((w, id) => {
    const parts: number[] = [];
    for (const ix of w.keyed) {
      const codes = p.codes(ix);
      parts.push(ix, index.rows[ix].wordWeight, codes.length, ...codes);
    }
    insWord.run(w.word, id, w.idf, Buffer.from(Float64Array.from(parts).buffer));
  });
  const insRow = db.prepare(`INSERT INTO mi_rows (ix, data) VALUES (?, ?)`);
  index.rows.forEach((r, ix) => {
    const data: StoredMatchRow = {
      row: {
        key: r.key, id: r.id, repo: r.repo, language: r.language, errorClass: r.errorClass, errorCode: r.errorCode, filePath: r.filePath,
        symbol: r.symbol, lines: r.lines, template: r.template, generic: r.generic, ...(r.native ? { native: true } : {}), ...(r.handed ? { handed: true } : {}), package: r.package, entry: r.entry,
      },
      w: r.wordWeight, g: index.groups.group[ix], fl: index.groups.fileLinesOf(ix) ?? null, c: index.groups.copiesOf(ix),
    };
    insRow.run(ix, JSON.stringify(data));
  });
  const insTail = db.prepare(`INSERT INTO mi_tails (tail, file, package, npm, rows) VALUES (?, ?, ?, ?, ?)`);
  for (const [tail, files] of p.tails) for (const f of files) insTail.run(tail, f.filePath, f.package, f.npm ? 1 : 0, int32Blob(f.rows));
  const insWordless = db.prepare(`INSERT INTO mi_wordless (text, rows) VALUES (?, ?)`);
  for (const [text, ixs] of p.wordless) insWordless.run(text, int32Blob(ixs));
  const insClass = db.prepare(`INSERT INTO mi_classes (tail, rows) VALUES (?, ?)`);
  for (const [tail, ixs] of p.classes) insClass.run(tail, int32Blob(ixs));
  const insMeta = db.prepare(`INSERT INTO mi_meta (key, value) VALUES (?, ?)`);
  insMeta.run('version', MATCH_VERSION);
  insMeta.run('size', String(index.rows.length));
  insMeta.run('words', String(p.words.length));
  insMeta.run('stamp', recordsStamp(db));
  // What SqliteStore.stats counts, by the same queries.
  const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
  const group = (sql: string) => Object.fromEntries((db.prepare(sql).all() as { k: string; n: number }[]).map((r) => [r.k ?? 'unknown', r.n]));
  insMeta.run('counts', JSON.stringify({
    records: n(`SELECT count(*) AS n FROM records`),
    byLanguage: group(`SELECT language AS k, count(*) AS n FROM records GROUP BY language ORDER BY n DESC`),
    byType: group(`SELECT json_extract(json, '$.errorType') AS k, count(*) AS n FROM records GROUP BY k ORDER BY n DESC`),
  }));
}
