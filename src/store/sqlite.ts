// The embedded index: one SQLite file (WAL). Records of a tree are replaced in
// one transaction, so a crash or kill -9 mid-write leaves the previous records
// readable. The per-file analysis cache lives in the same file.

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ErrdexError } from '../core/errors.js';
import type { MatchSource } from '../core/match-source.js';
import type { MatchRow } from '../core/row.js';
import type { FileAnalysis } from '../core/site.js';
import type { StatCheck, Store, StoreStats, TreeInfo, TreeRow } from '../core/store.js';
import type { TemplateVariant } from '../record/assemble.js';
import type { StoredRecord } from '../record/complete.js';
import { entryRanker } from '../record/entry.js';
import type { ErrRecord } from '../record/schema.js';
import { isGeneric } from '../template/ir.js';
import { keptStats, openMatchSource } from './sqlite-match.js';

// (record/complete.js derives prose with the language packs, and sqlite-match-write.js builds a
// MatchIndex: both loaded only by the methods that use them, so that `stats` loads no parser)
const completer = () => import('../record/complete.js').then((m) => m.completeRecord);

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS trees (
  tree_id INTEGER PRIMARY KEY,
  repo TEXT NOT NULL,
  sha TEXT NOT NULL DEFAULT '',
  root TEXT NOT NULL,
  package TEXT,
  version TEXT,
  fingerprint TEXT NOT NULL,
  entry_dirs TEXT NOT NULL DEFAULT '[]',
  analyzed_at TEXT NOT NULL,
  files INTEGER NOT NULL,
  records INTEGER NOT NULL,
  stat_check TEXT,
  UNIQUE (repo, sha)
);
CREATE TABLE IF NOT EXISTS records (
  tree_id INTEGER NOT NULL REFERENCES trees(tree_id) ON DELETE CASCADE,
  id TEXT NOT NULL,
  language TEXT,
  error_class TEXT,
  error_code TEXT,
  file_path TEXT NOT NULL,
  line INTEGER NOT NULL,
  -- [{lines, template}]: every distinct message raised under this id (lines and genericity derive from it)
  template TEXT NOT NULL,
  json TEXT NOT NULL,
  PRIMARY KEY (tree_id, id)
);
CREATE INDEX IF NOT EXISTS records_id ON records(id);
CREATE TABLE IF NOT EXISTS file_cache (key TEXT PRIMARY KEY, analysis TEXT NOT NULL);
`;

const SCHEMA_VERSION = '4';

export class SqliteStore implements Store {
  readonly db: Database.Database;

  readonly location: string;

  constructor(readonly file: string) {
    this.location = file;
    const exists = fs.existsSync(file);
    if (!exists) fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    try {
      this.db = new Database(file, { timeout: 5000 });
      // A new index gets 16 KiB pages (set before anything is written): records and cached analyses
      // are kilobytes each, and bigger pages write them about a quarter faster than the default 4 KiB.
      if (!exists) this.db.pragma('page_size = 16384');
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      this.db.pragma('foreign_keys = ON');
      this.db.exec(SCHEMA);
      // (added to schema 4 after its release: an index written before gets the column, empty)
      const columns = this.db.prepare(`SELECT name FROM pragma_table_info('trees')`).all() as { name: string }[];
      if (!columns.some((c) => c.name === 'stat_check')) this.db.exec(`ALTER TABLE trees ADD COLUMN stat_check TEXT`);
      const v = this.db.prepare(`SELECT value FROM meta WHERE key = 'schema'`).get() as { value: string } | undefined;
      if (!v) this.db.prepare(`INSERT INTO meta (key, value) VALUES ('schema', ?)`).run(SCHEMA_VERSION);
      else if (v.value !== SCHEMA_VERSION) throw new ErrdexError('index-unusable', `index ${file} has schema ${v.value}; this errdex reads schema ${SCHEMA_VERSION}`);
    } catch (e) {
      throw describeDbError(e, file);
    }
  }

  /** Records were written since the persisted match index was last checked (see close). */
  private matchDirty = false;

  async close(): Promise<void> {
    // The persisted match index (store/sqlite-match.ts) is rewritten once per writing process, after
    // its last tree: it depends on every record, and a run analyzing a hundred trees would otherwise
    // rebuild it a hundred times. Until then (or after a crash) its stamp no longer matches the
    // records and explain builds the index in memory, as it did before the tables existed.
    try {
      if (this.matchDirty && !openMatchSource(this.db)) await this.writeMatchIndex();
    } catch {
      // (locked by another writer, say: the tables stay stale, explain builds the index in memory, and the next write retries)
    } finally {
      this.db.close();
    }
  }

  async getTree(repo: string, sha: string | null): Promise<TreeRow | undefined> {
    const r = this.db.prepare(`SELECT * FROM trees WHERE repo = ? AND sha = ?`).get(repo, sha ?? '') as DbTree | undefined;
    return r && toTree(r);
  }

  async trees(): Promise<TreeRow[]> {
    return (this.db.prepare(`SELECT * FROM trees ORDER BY repo, sha`).all() as DbTree[]).map(toTree);
  }

  async replaceTree(
    tree: TreeInfo, fingerprint: string, statCheck: StatCheck, files: number, records: StoredRecord[], templates: Map<string, TemplateVariant[]>,
  ): Promise<void> {
    const upsert = this.db.prepare(`
      INSERT INTO trees (repo, sha, root, package, version, fingerprint, entry_dirs, analyzed_at, files, records, stat_check)
      VALUES (@repo, @sha, @root, @package, @version, @fingerprint, @entryDirs, @analyzedAt, @files, @records, @statCheck)
      ON CONFLICT (repo, sha) DO UPDATE SET root = excluded.root, package = excluded.package, version = excluded.version, entry_dirs = excluded.entry_dirs,
        fingerprint = excluded.fingerprint, analyzed_at = excluded.analyzed_at, files = excluded.files, records = excluded.records,
        stat_check = excluded.stat_check
      RETURNING tree_id`);
    const del = this.db.prepare(`DELETE FROM records WHERE tree_id = ?`);
    // The same checkout (root, commit and package: single-file modules share a root) stored under
    // another name (the naming changed): replaced.
    const renamed = this.db.prepare(`SELECT tree_id FROM trees WHERE root = ? AND sha = ? AND package IS ? AND repo <> ?`);
    const dropTree = this.db.prepare(`DELETE FROM trees WHERE tree_id = ?`);
    const ins = this.db.prepare(`INSERT INTO records (tree_id, id, language, error_class, error_code, file_path, line, template, json)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const tx = this.db.transaction(() => {
      const { tree_id } = upsert.get({
        ...tree, sha: tree.sha ?? '', entryDirs: JSON.stringify(tree.entryDirs), fingerprint, files, records: records.length,
        statCheck: JSON.stringify(statCheck),
      }) as { tree_id: number };
      del.run(tree_id);
      for (const old of renamed.all(tree.root, tree.sha ?? '', tree.package, tree.repo) as { tree_id: number }[]) {
        del.run(old.tree_id);
        dropTree.run(old.tree_id);
      }
      // Fault injection for the crash-safety test: die mid-transaction, after the delete.
      if (process.env.ERRDEX_FAULT === 'kill-during-write') process.kill(process.pid, 'SIGKILL');
      for (const r of records) {
        ins.run(tree_id, r.id, r.language ?? null, r.errorClass, r.errorCode, r.filePath, r.lineNumber,
          JSON.stringify(templates.get(r.id) ?? []), JSON.stringify(r));
      }
    });
    this.matchDirty = true;
    try {
      tx();
    } catch (e) {
      throw describeDbError(e, this.file);
    }
  }

  async setStatCheck(treeId: number, statCheck: StatCheck): Promise<void> {
    this.matchDirty = true; // (an unchanged tree: an index written before the match tables gets them)
    try {
      this.db.prepare(`UPDATE trees SET stat_check = ? WHERE tree_id = ?`).run(JSON.stringify(statCheck), treeId);
    } catch (e) {
      throw describeDbError(e, this.file);
    }
  }

  private cacheGet?: Database.Statement;
  private cachePut?: Database.Statement;

  async getCached(key: string): Promise<FileAnalysis | undefined> {
    this.cacheGet ??= this.db.prepare(`SELECT analysis FROM file_cache WHERE key = ?`);
    const r = this.cacheGet.get(key) as { analysis: string } | undefined;
    return r ? JSON.parse(r.analysis) : undefined;
  }

  async putCached(entries: [key: string, json: string][]): Promise<void> {
    const stmt = (this.cachePut ??= this.db.prepare(`INSERT OR REPLACE INTO file_cache (key, analysis) VALUES (?, ?)`));
    try {
      this.db.transaction(() => {
        for (const [k, json] of entries) stmt.run(k, json);
      })();
    } catch (e) {
      throw describeDbError(e, this.file);
    }
  }

  async matchRows(): Promise<MatchRow[]> {
    return this.readMatchRows();
  }

  /** The persisted match index, when it was written for the records as they are (store/sqlite-match.ts). */
  async matchSource(): Promise<MatchSource | null> {
    return openMatchSource(this.db);
  }

  /** Rewrites the persisted match index from every record, in one transaction (close does when records were written). */
  async writeMatchIndex(): Promise<void> {
    const { writeMatchIndex } = await import('./sqlite-match-write.js');
    try {
      this.db.transaction(() => writeMatchIndex(this.db, this.readMatchRows())).immediate();
      this.matchDirty = false;
    } catch (e) {
      throw describeDbError(e, this.file);
    }
  }

  private readMatchRows(): MatchRow[] {
    const rows = this.db.prepare(`SELECT r.rowid AS rowid, r.id, r.language, r.error_class, r.error_code, r.file_path, json_extract(r.json, '$.symbol') AS symbol, r.template, t.package, t.repo, t.entry_dirs
      FROM records r JOIN trees t USING (tree_id)`).all() as DbMatchRow[];
    const entryCache = new Map<string, (file: string) => number>();
    const out: MatchRow[] = [];
    for (const r of rows) {
      const entries = entryCache.get(r.entry_dirs) ?? entryCache.set(r.entry_dirs, entryRanker(JSON.parse(r.entry_dirs))).get(r.entry_dirs)!;
      // One match row per distinct message of the record; all point at the same stored record.
      for (const v of JSON.parse(r.template) as TemplateVariant[]) {
        out.push({
          key: r.rowid,
          id: r.id,
          repo: r.repo,
          language: r.language,
          errorClass: r.error_class,
          errorCode: r.error_code,
          filePath: r.file_path,
          symbol: r.symbol,
          lines: v.lines,
          template: v.template,
          generic: isGeneric(v.template),
          package: r.package,
          entry: entries(r.file_path),
        });
      }
    }
    return out;
  }

  async recordsByKeys(keys: number[]): Promise<Map<number, ErrRecord>> {
    const completeRecord = await completer();
    const stmt = this.db.prepare(`SELECT json FROM records WHERE rowid = ?`);
    const out = new Map<number, ErrRecord>();
    for (const k of keys) {
      const r = stmt.get(k) as { json: string } | undefined;
      if (r) out.set(k, completeRecord(JSON.parse(r.json)));
    }
    return out;
  }

  async recordsById(id: string): Promise<ErrRecord[]> {
    const completeRecord = await completer();
    return (this.db.prepare(`SELECT json FROM records WHERE id = ?`).all(id) as { json: string }[]).map((r) => completeRecord(JSON.parse(r.json)));
  }

  async stats(): Promise<StoreStats> {
    const n = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
    // (counted when the persisted match index was written, when it is up to date: counting reads every record)
    const kept = keptStats(this.db);
    if (kept) return { trees: n(`SELECT count(*) AS n FROM trees`), ...kept, cachedFiles: n(`SELECT count(*) AS n FROM file_cache`) };
    const group = (sql: string) =>
      Object.fromEntries((this.db.prepare(sql).all() as { k: string; n: number }[]).map((r) => [r.k ?? 'unknown', r.n]));
    return {
      trees: n(`SELECT count(*) AS n FROM trees`),
      records: n(`SELECT count(*) AS n FROM records`),
      byLanguage: group(`SELECT language AS k, count(*) AS n FROM records GROUP BY language ORDER BY n DESC`),
      byType: group(`SELECT json_extract(json, '$.errorType') AS k, count(*) AS n FROM records GROUP BY k ORDER BY n DESC`),
      cachedFiles: n(`SELECT count(*) AS n FROM file_cache`),
    };
  }
}

interface DbTree {
  tree_id: number; repo: string; sha: string; root: string; package: string | null; version: string | null;
  fingerprint: string; entry_dirs: string; analyzed_at: string; files: number; records: number; stat_check: string | null;
}
interface DbMatchRow {
  rowid: number; id: string; language: string | null; error_class: string | null; error_code: string | null; file_path: string; symbol: string | null;
  template: string; package: string | null; repo: string; entry_dirs: string;
}

const toTree = (r: DbTree): TreeRow => ({
  treeId: r.tree_id, repo: r.repo, sha: r.sha || null, root: r.root, package: r.package, version: r.version, entryDirs: JSON.parse(r.entry_dirs),
  fingerprint: r.fingerprint, analyzedAt: r.analyzed_at, files: r.files, records: r.records,
  statCheck: r.stat_check ? (JSON.parse(r.stat_check) as StatCheck) : null,
});

/** Turn SQLite's error codes into messages that name the problem and the file. */
export function describeDbError(e: unknown, file: string): Error {
  if (e instanceof ErrdexError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
    return new ErrdexError('index-unusable', `index ${file} is not a valid errdex database (corrupt or another kind of file); move it away or pass --db with another path`);
  }
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new ErrdexError('locked', `index ${file} is locked by another process; try again when it finishes`);
  }
  if (code === 'SQLITE_CANTOPEN' || code === 'SQLITE_READONLY') {
    return new ErrdexError('index-unusable', `cannot open index ${file} for writing (${code})`);
  }
  return e instanceof Error ? e : new Error(String(e));
}
