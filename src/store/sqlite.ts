// The embedded index: one SQLite file (WAL). Records of a tree are replaced in
// one transaction, so a crash or kill -9 mid-write leaves the previous records
// readable. The per-file analysis cache lives in the same file.
//
// A store is opened to read (stats, explain, show) or to write (analyze). Read: the file must be
// an errdex index already; it is opened read-only and nothing is created, migrated or written.
// Write: a missing index is created (its directory too), an index of schema 4 is migrated in
// place. Either way a file that is not an errdex index is refused untouched.

import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ErrdexError } from '../core/errors.js';
import type { MatchSource } from '../core/match-source.js';
import { remember } from '../core/remember.js';
import type { MatchRow } from '../core/row.js';
import type { FileAnalysis } from '../core/site.js';
import type {
  InstallCheck, RecordPage, RecordQuery, ReplacedTree, SourceFile, StatCheck, Store, StoredInstall, StoredSource, StoreStats, TreeInfo, TreeKey, TreeRow,
} from '../core/store.js';
import type { TemplateVariant } from '../record/assemble.js';
import type { StoredRecord } from '../record/complete.js';
import { entryRanker } from '../record/entry.js';
import type { ErrRecord } from '../record/schema.js';
import { isGeneric } from '../template/ir.js';
import { keptStats, openMatchSource } from './sqlite-match.js';
import { LineIndexBuilder, type LineIndex } from './sqlite-lines.js';
import { OffThread } from './off-thread.js';

// (record/complete.js derives prose with the language packs, and sqlite-match-write.js builds a
// MatchIndex: both loaded only by the methods that use them, so that `stats` loads no parser)
// (the import once: each dynamic import() of a loaded module is still a resolution, ~10 µs of every explain)
let completing: Promise<typeof import('../record/complete.js').completeRecord> | undefined;
const completer = () => (completing ??= import('../record/complete.js').then((m) => m.completeRecord));

const require = createRequire(import.meta.url);
let addon: string | undefined;

/**
 * better-sqlite3's native addon, where its package builds it: left to find it itself, it asks
 * `bindings`, which reads a stack trace and tries a dozen paths (~50 ms of every command's start,
 * measured). When it is elsewhere (a prebuilt layout), `bindings` is asked from the package's own
 * directory for the path: the bundle carries the package's JavaScript (decision 0034), so the
 * stack trace `bindings` reads would name errdex's files, not the package's.
 */
function nativeBinding(): string {
  if (addon === undefined) {
    const manifest = require.resolve('better-sqlite3/package.json');
    const built = path.join(path.dirname(manifest), 'build', 'Release', 'better_sqlite3.node');
    addon = fs.statSync(built, { throwIfNoEntry: false })?.isFile() ? built : (createRequire(manifest)('bindings') as (o: object) => string)({ bindings: 'better_sqlite3.node', module_root: path.dirname(manifest), path: true });
  }
  return addon;
}

/** The trees table of schema 5 (also built under another name by the migration from 4). */
const treesTable = (name: string) => `
CREATE TABLE IF NOT EXISTS ${name} (
  tree_id INTEGER PRIMARY KEY,
  repo TEXT NOT NULL,
  sha TEXT NOT NULL DEFAULT '',
  -- With a commit, the root's path inside the repository ('' the top; a one-file tree: the file);
  -- without, the absolute path analyzed. NULL: a tree migrated from schema 4, which keyed trees by
  -- (repo, sha) alone; it is found by its root until re-analyzed.
  path TEXT,
  root TEXT NOT NULL,
  package TEXT,
  version TEXT,
  fingerprint TEXT NOT NULL,
  entry_dirs TEXT NOT NULL DEFAULT '[]',
  analyzed_at TEXT NOT NULL,
  files INTEGER NOT NULL,
  records INTEGER NOT NULL,
  stat_check TEXT,
  UNIQUE (repo, sha, path)
);`;

/**
 * Every analyzed file's text, by tree, so that a frame on a line with no site is answered with
 * that line (match/line-answer.ts). Found by the key the match index files records under
 * (`fileKey`: the last two components of the path). Added in place to an index written before it (readers of such
 * an index find no sources).
 */
const SOURCES = `
CREATE TABLE IF NOT EXISTS sources (
  tree_id INTEGER NOT NULL REFERENCES trees(tree_id) ON DELETE CASCADE,
  path TEXT NOT NULL,
  key TEXT NOT NULL,
  language TEXT NOT NULL,
  text TEXT NOT NULL,
  UNIQUE (tree_id, path)
);
CREATE INDEX IF NOT EXISTS sources_key ON sources(key);`;

/**
 * Full text over what a person searches records by: their messages, error classes, codes, file
 * paths and symbols; rowid = the record's rowid. Kept by replaceTree in its transaction (a tree's
 * rows out and in, linear in its records); an index written before it gets it, filled from its
 * records, when next opened to write. A reader of an index without it lists by scanning (LIKE).
 */
const FTS = `CREATE VIRTUAL TABLE IF NOT EXISTS records_fts USING fts5(message, class, code, path, symbol);`;

/**
 * Projects' views (`errdex index`): the trees of a project's own code and installed packages as
 * its last index run found them. A package tree in no view is what `gc` removes. Added in place.
 */
const VIEWS = `
CREATE TABLE IF NOT EXISTS views (
  project TEXT NOT NULL,
  tree_id INTEGER NOT NULL REFERENCES trees(tree_id) ON DELETE CASCADE,
  PRIMARY KEY (project, tree_id)
);`;

/**
 * Where each tree of a project's view was found, with the check of the walk that found it
 * (`errdex index`'s warm runs trust it instead of walking; tree_id NULL: a walk that found no
 * file). Added in place; replaced with the view.
 */
const INSTALLS = `
CREATE TABLE IF NOT EXISTS installs (
  project TEXT NOT NULL,
  root TEXT NOT NULL,
  tree_id INTEGER REFERENCES trees(tree_id) ON DELETE CASCADE,
  checks TEXT NOT NULL,
  fingerprint TEXT,
  PRIMARY KEY (project, root)
);`;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
${treesTable('trees')}
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
${SOURCES}
${FTS}
${VIEWS}
${INSTALLS}`;

/** 5: trees keyed by (repo, sha, path). */
export const SCHEMA_VERSION = '5';
/** Older schemas read as they are, and migrated by a store opened to write. */
const READABLE = ['4'];
/** The columns of the schema-4 trees table (stat_check was added to it late: an index may lack it). */
const TREE_COLUMNS_4 = ['tree_id', 'repo', 'sha', 'root', 'package', 'version', 'fingerprint', 'entry_dirs', 'analyzed_at', 'files', 'records', 'stat_check'];

export type StoreMode = 'read' | 'write';

/** Statements a store keeps prepared (SqliteStore.statement). */
const MAX_PREPARED = 64;
/** Records (a few KB each) a store opened to read keeps (SqliteStore.reads). */
const KEPT_READS = 4096;
/** Sources a line index may name for one line before it is looked for by a scan instead (a line as common as `end`). */
const MAX_LINE_CANDIDATES = 256;
/** Sources a line index's build reads per turn of the event loop (the Ruby sources of the evaluation's index average 5 KB). */
const LINE_INDEX_STEP = 32;

/** A line index of a store opened to read: null until built; `building` once its build started. */
interface LineState {
  index: LineIndex | null;
  building: boolean;
}

export class SqliteStore implements Store {
  readonly db: Database.Database;

  readonly location: string;

  /** The schema of the file (a store opened to read leaves schema 4 as it is). */
  schema: string;

  /** Where a long-lived reader runs its scans of every source text (`offThreadScans`); null: here. */
  private readonly offThread: OffThread | null;

  /** `offThreadScans`: a long-lived reader's scans of every source text run on a thread of their own (store/scan-thread.ts). */
  constructor(readonly file: string, readonly mode: StoreMode = 'write', opts: { offThreadScans?: boolean } = {}) {
    this.location = file;
    this.offThread = mode === 'read' && opts.offThreadScans ? new OffThread(file, nativeBinding()) : null;
    this.reads = mode === 'read' ? { version: -1, checked: false, records: new Map(), lines: new Map() } : null;
    const st = statOf(file);
    if (st && 'error' in st) {
      throw unusable(mode === 'read' ? `no errdex index at ${file} (${st.error})` : `cannot create index ${file}: ${st.error}`);
    }
    if (!st) {
      if (mode === 'read') throw unusable(`no errdex index at ${file}; \`errdex analyze PATH\` (with the same --db) creates it`);
      createIndex(file);
    } else {
      if (st.isDirectory()) throw unusable(`${file} is a directory, not an errdex index; pass --db with a file path`);
      if (!st.isFile()) throw unusable(`${file} is not a regular file (a device, socket or pipe), not an errdex index; pass --db with a file path`);
      checkHeader(file);
      if (mode === 'write') {
        try {
          fs.accessSync(file, fs.constants.W_OK);
        } catch (e) {
          throw unusable(`cannot open index ${file} for writing: ${cause(e)}`);
        }
      }
    }
    let db: Database.Database | undefined;
    try {
      // (looked at read-only first: a read-write connection could write to a file that is not an
      // index before it is refused, rolling back another application's hot journal)
      if (st && mode === 'write') {
        const probe = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000, nativeBinding: nativeBinding() });
        try {
          checkIndex(probe, file);
        } finally {
          probe.close();
        }
      }
      db = new Database(file, { readonly: mode === 'read', fileMustExist: true, timeout: 5000, nativeBinding: nativeBinding() });
      this.db = db;
      this.schema = checkIndex(db, file);
      if (mode === 'read') db.pragma('query_only = ON');
      else {
        // (an index is WAL from its creation: set again only if something else changed it)
        if (db.pragma('journal_mode', { simple: true }) !== 'wal') db.pragma('journal_mode = WAL');
        db.pragma('synchronous = NORMAL');
        db.pragma('foreign_keys = ON');
        if (this.schema !== SCHEMA_VERSION) this.schema = migrate(db);
        else addStatCheck(db);
        db.exec(SOURCES + VIEWS + INSTALLS);
        freshInstalls(db);
        addFts(db);
      }
    } catch (e) {
      db?.close();
      throw describeDbError(e, file, mode);
    }
  }


  async close(): Promise<void> {
    // The persisted match index (store/sqlite-match.ts) is rewritten once per writing process, after
    // its last tree: it depends on every record, and a run analyzing a hundred trees would otherwise
    // rebuild it a hundred times. Until then (or after a crash) its stamp no longer matches the
    // records and explain builds the index in memory, as it did before the tables existed.
    try {
      // (also when this process wrote nothing: tables an older errdex or a crash left missing or stale are rebuilt by the next write command)
      if (this.mode === 'write' && !openMatchSource(this.db)) await this.writeMatchIndex();
    } catch {
      // (locked by another writer, say: the tables stay stale, explain builds the index in memory, and the next write retries)
    } finally {
      this.db.close();
      await this.offThread?.close();
    }
  }

  /**
   * Statements of the read paths explain takes for every input, prepared once per store: preparing
   * one is SQL compilation (~50-100 µs), and an explain fetches records and sources several times.
   * (sourcesByKey's has one form per number of keys: at most MAX_PREPARED forms are kept.)
   */
  private readonly prepared = new Map<string, Database.Statement>();

  private statement(sql: string): Database.Statement {
    let stmt = this.prepared.get(sql);
    if (!stmt) {
      if (this.prepared.size >= MAX_PREPARED) this.prepared.clear();
      this.prepared.set(sql, (stmt = this.db.prepare(sql)));
    }
    return stmt;
  }

  /** Run `fn`; a SQLite or file-system failure becomes an ErrdexError naming the index and the cause. */
  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      throw describeDbError(e, this.file, this.mode);
    }
  }

  async getTree(tree: TreeKey & Pick<TreeInfo, 'root' | 'package'>): Promise<TreeRow | undefined> {
    return this.guard(() => {
      const sha = tree.sha ?? '';
      const r = (this.db.prepare(`SELECT * FROM trees WHERE repo = ? AND sha = ? AND path = ?`).get(tree.repo, sha, tree.path)
        ?? this.db.prepare(`SELECT * FROM trees WHERE repo = ? AND sha = ? AND path IS NULL AND root = ? AND package IS ?`)
          .get(tree.repo, sha, tree.root, tree.package)) as DbTree | undefined;
      return r && toTree(r);
    });
  }

  async setView(project: string, trees: TreeKey[], replace = true, installs: InstallCheck[] = []): Promise<void> {
    this.guard(() => {
      const id = this.db.prepare(`SELECT tree_id FROM trees WHERE repo = ? AND sha = ? AND path = ?`).pluck();
      const ins = this.db.prepare(`INSERT OR IGNORE INTO views (project, tree_id) VALUES (?, ?)`);
      const check = this.db.prepare(`INSERT OR REPLACE INTO installs (project, root, tree_id, checks, fingerprint) VALUES (?, ?, ?, ?, ?)`);
      const treeId = (t: TreeKey) => id.get(t.repo, t.sha ?? '', t.path) as number | undefined;
      this.db.transaction(() => {
        if (replace) {
          this.db.prepare(`DELETE FROM views WHERE project = ?`).run(project);
          this.db.prepare(`DELETE FROM installs WHERE project = ?`).run(project);
        }
        for (const t of trees) {
          const tid = treeId(t);
          if (tid !== undefined) ins.run(project, tid);
        }
        for (const i of installs) {
          const tid = i.tree ? treeId(i.tree) : null;
          if (tid !== undefined) check.run(project, i.root, tid, i.check, i.fingerprint);
        }
      }).immediate();
    });
  }

  async installs(project: string): Promise<StoredInstall[]> {
    return this.guard(() => {
      if (!this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'installs'`).get()) return [];
      const rows = this.db.prepare(`SELECT i.root, i.checks, i.fingerprint, t.fingerprint AS now, t.repo, t.sha, t.path, t.files, t.records, i.tree_id IS NULL AS empty
        FROM installs i LEFT JOIN trees t ON t.tree_id = i.tree_id WHERE i.project = ?`).all(project) as {
        root: string; checks: string; fingerprint: string | null; now: string | null; repo: string | null; sha: string | null; path: string | null;
        files: number | null; records: number | null; empty: number;
      }[];
      return rows.flatMap((r): StoredInstall[] => {
        const base = { root: r.root, check: r.checks, fingerprint: r.fingerprint, treeFingerprint: r.now };
        if (r.empty) return [{ ...base, tree: null, files: 0, records: 0 }];
        // (a tree migrated from schema 4 has no path: not trusted, walked)
        if (r.repo === null || r.path === null) return [];
        return [{ ...base, tree: { repo: r.repo, sha: r.sha || null, path: r.path }, files: r.files ?? 0, records: r.records ?? 0 }];
      });
    });
  }

  /** Deletes a tree's records, their search rows and its sources (inside the caller's transaction). */
  private treeRowsDeleter(): (treeId: number) => void {
    const fts = this.db.prepare(`DELETE FROM records_fts WHERE rowid IN (SELECT rowid FROM records WHERE tree_id = ?)`);
    const records = this.db.prepare(`DELETE FROM records WHERE tree_id = ?`);
    const sources = this.db.prepare(`DELETE FROM sources WHERE tree_id = ?`);
    return (treeId) => {
      fts.run(treeId);
      records.run(treeId);
      sources.run(treeId);
    };
  }

  async gc(): Promise<{ trees: number; records: number }> {
    return this.guard(() => this.db.transaction(() => {
      // Package trees (`ecosystem:name@version#files`, errdex index's) that no project's view holds.
      const orphans = this.db.prepare(`SELECT tree_id, records FROM trees WHERE path GLOB '*:*@*#*' AND path NOT GLOB '/*'
        AND tree_id NOT IN (SELECT tree_id FROM views)`).all() as { tree_id: number; records: number }[];
      const del = this.treeRowsDeleter();
      const drop = this.db.prepare(`DELETE FROM trees WHERE tree_id = ?`);
      for (const o of orphans) {
        del(o.tree_id);
        drop.run(o.tree_id);
      }
      return { trees: orphans.length, records: orphans.reduce((n, o) => n + o.records, 0) };
    }).immediate());
  }

  async hasPackage(ecosystem: string, name: string, version: string, root?: string): Promise<boolean> {
    // (the identity is `ecosystem:name@version#files`: a range scan of the path, no pattern)
    const from = `${ecosystem}:${name}@${version}#`;
    return this.guard(() => !!this.db.prepare(`SELECT 1 FROM trees WHERE path >= ? AND path < ? LIMIT 1`).get(from, from.slice(0, -1) + '$')
      || (root !== undefined && !!this.db.prepare(`SELECT 1 FROM trees WHERE root = ? AND package = ? AND version = ? LIMIT 1`).get(root, name, version)));
  }

  async trees(): Promise<TreeRow[]> {
    return this.guard(() => (this.db.prepare(`SELECT * FROM trees ORDER BY repo, sha, tree_id`).all() as DbTree[]).map(toTree));
  }

  async replaceTree(
    tree: TreeInfo, fingerprint: string, statCheck: StatCheck, sources: SourceFile[], records: StoredRecord[], templates: Map<string, TemplateVariant[]>,
  ): Promise<ReplacedTree[]> {
    return this.guard(() => {
      const upsert = this.db.prepare(`
        INSERT INTO trees (repo, sha, path, root, package, version, fingerprint, entry_dirs, analyzed_at, files, records, stat_check)
        VALUES (@repo, @sha, @path, @root, @package, @version, @fingerprint, @entryDirs, @analyzedAt, @files, @records, @statCheck)
        ON CONFLICT (repo, sha, path) DO UPDATE SET root = excluded.root, package = excluded.package, version = excluded.version, entry_dirs = excluded.entry_dirs,
          fingerprint = excluded.fingerprint, analyzed_at = excluded.analyzed_at, files = excluded.files, records = excluded.records,
          stat_check = excluded.stat_check
        RETURNING tree_id`);
      const existing = this.db.prepare(`SELECT tree_id, repo, sha, path, root FROM trees WHERE repo = @repo AND sha = @sha AND path = @path`);
      // Trees this one replaces as a whole: the same checkout (root, commit and path) stored under
      // another name (the naming changed); a tree of a schema-4 index as getTree finds it, or the
      // same checkout under another name as schema 4 knew it (root, commit and package).
      const superseded = this.db.prepare(`SELECT tree_id, repo, sha, path, root FROM trees
        WHERE sha = @sha AND root = @root AND (path = @path AND repo <> @repo OR path IS NULL AND package IS @package)`);
      const count = this.db.prepare(`SELECT count(*) AS n FROM records WHERE tree_id = ?`).pluck();
      const del = this.treeRowsDeleter();
      const insFts = ftsInsert(this.db);
      const dropTree = this.db.prepare(`DELETE FROM trees WHERE tree_id = ?`);
      const insSource = this.db.prepare(`INSERT OR REPLACE INTO sources (tree_id, path, key, language, text) VALUES (?, ?, ?, ?, ?)`);
      const ins = this.db.prepare(`INSERT INTO records (tree_id, id, language, error_class, error_code, file_path, line, template, json)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      const key = { repo: tree.repo, sha: tree.sha ?? '', path: tree.path, root: tree.root, package: tree.package };
      const replaced = (r: DbTree): ReplacedTree => ({ repo: r.repo, sha: r.sha || null, path: r.path ?? r.root, records: count.get(r.tree_id) as number });
      const tx = this.db.transaction(() => {
        const out: ReplacedTree[] = [];
        const same = existing.get(key) as DbTree | undefined;
        if (same) out.push(replaced(same));
        for (const old of superseded.all(key) as DbTree[]) {
          out.push(replaced(old));
          del(old.tree_id);
          dropTree.run(old.tree_id);
        }
        const { tree_id } = upsert.get({
          ...tree, sha: tree.sha ?? '', entryDirs: JSON.stringify(tree.entryDirs), fingerprint, files: sources.length, records: records.length,
          statCheck: JSON.stringify(statCheck),
        }) as { tree_id: number };
        del(tree_id);
        // Fault injection for the crash-safety test: die mid-transaction, after the delete.
        if (process.env.ERRDEX_FAULT === 'kill-during-write') process.kill(process.pid, 'SIGKILL');
        for (const r of records) {
          const { lastInsertRowid } = ins.run(tree_id, r.id, r.language ?? null, r.errorClass, r.errorCode, r.filePath, r.lineNumber,
            JSON.stringify(templates.get(r.id) ?? []), JSON.stringify(r));
          insFts(lastInsertRowid, r);
        }
        for (const f of sources) insSource.run(tree_id, f.filePath, f.key, f.language, f.text);
        return out;
      });
      return tx.immediate();
    });
  }

  /** Whether the index has the sources table (an index opened read-only may predate it). */
  private hasSources?: boolean;

  private sourcesReadable(): boolean {
    return (this.hasSources ??= !!this.db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sources'`).get());
  }

  async sourcesByKey(keys: string[]): Promise<StoredSource[]> {
    return this.guard(() => {
      if (keys.length === 0 || !this.sourcesReadable()) return [];
      const rows = this.statement(`SELECT s.rowid AS id, s.path, s.language, t.repo, t.sha, t.package, t.version, t.analyzed_at
        FROM sources s JOIN trees t ON t.tree_id = s.tree_id WHERE s.key IN (${keys.map(() => '?').join(', ')}) ORDER BY s.tree_id, s.path`)
        .all(...keys) as DbSource[];
      return rows.map(storedSource);
    });
  }

  async sourcesHolding(text: string | readonly string[], languages: readonly string[], limit: number): Promise<StoredSource[]> {
    const texts = typeof text === 'string' ? [text] : text;
    const scan = this.guard(() => {
      if (texts.length === 0 || texts.includes('') || languages.length === 0 || !this.sourcesReadable()) return null;
      const among = texts.length === 1 ? this.lineCandidates(texts[0], languages) : null;
      // (no index serves a substring: the scan reads only the languages' rows, language before text;
      // a whole line asked of a long-lived reader is looked up in its line index first, and only the
      // files it names are read, with the same conditions and order)
      const holds = `s.language IN (${languages.map(() => '?').join(', ')}) ${texts.map(() => 'AND instr(s.text, ?) > 0').join(' ')}`;
      const select = `SELECT s.rowid AS id, s.path, s.language, t.repo, t.sha, t.package, t.version, t.analyzed_at
        FROM sources s JOIN trees t ON t.tree_id = s.tree_id WHERE`;
      const order = 'ORDER BY s.tree_id, s.path LIMIT ?';
      return among
        ? { sql: `${select} s.rowid IN (${among.map(() => '?').join(', ')}) AND ${holds} ${order}`, params: [...among, ...languages, ...texts, limit], whole: false }
        : { sql: `${select} ${holds} ${order}`, params: [...languages, ...texts, limit], whole: true };
    });
    if (scan === null) return [];
    // (a scan of every source text, asked of a long-lived reader, runs on its scan thread: off-thread.ts)
    const off = scan.whole ? this.offThread?.all(scan.sql, scan.params) : null;
    if (off) {
      try {
        return ((await off) as DbSource[]).map(storedSource);
      } catch {
        // (the thread failed: scanned here, as without it)
      }
    }
    return this.guard(() => ((scan.whole ? this.statement(scan.sql) : this.db.prepare(scan.sql)).all(...scan.params) as DbSource[]).map(storedSource));
  }

  /**
   * For a store opened to read, asked for a whole line (`\n…\n`) of these languages a second time
   * since the last commit (a one-shot command scans once and is done: building the index costs
   * about a scan): the rowids of the sources that may hold it (sqlite-lines.ts), or null to scan.
   * The second question starts the build, a few files a turn of the event loop; questions until
   * it is done are answered by scans.
   */
  private lineCandidates(text: string, languages: readonly string[]): number[] | null {
    const kept = this.keptReads();
    if (!kept || text.length < 2 || text[0] !== '\n' || text.indexOf('\n', 1) !== text.length - 1) return null;
    const key = languages.join('\u0000');
    const state = kept.lines.get(key);
    if (state === undefined) {
      kept.lines.set(key, { index: null, building: false });
      return null;
    }
    if (state.index === null) {
      if (!state.building) this.buildLines(kept.lines, key, state, languages);
      return null;
    }
    const among = state.index.candidates(text.slice(1, -1));
    return among.length > MAX_LINE_CANDIDATES ? null : among;
  }

  /**
   * Builds the line index of `state` in steps of LINE_INDEX_STEP files, one a turn of the event
   * loop (unref'd: a command that is done does not wait for it); abandoned when a commit emptied
   * the kept reads (the state is no longer theirs), the store closed, or a read failed.
   */
  private buildLines(lines: Map<string, LineState>, key: string, state: LineState, languages: readonly string[]): void {
    state.building = true;
    let builder: LineIndexBuilder;
    try {
      builder = new LineIndexBuilder(this.db, languages);
    } catch {
      return;
    }
    const step = () => {
      if (lines.get(key) !== state || !this.db.open) return;
      try {
        if (builder.step(LINE_INDEX_STEP)) state.index = builder.finish();
        else setImmediate(step).unref();
      } catch {
        // (a failed read leaves the scans)
      }
    };
    setImmediate(step).unref();
  }

  async sourceText(id: number): Promise<string | null> {
    return this.guard(() => (this.sourcesReadable()
      ? (this.statement(`SELECT text FROM sources WHERE rowid = ?`).pluck().get(id) as string | undefined) ?? null
      : null));
  }

  async setStatCheck(treeId: number, statCheck: StatCheck, treePath: string): Promise<void> {
    this.guard(() => this.db.prepare(`UPDATE trees SET stat_check = ?, path = coalesce(path, ?) WHERE tree_id = ?`).run(JSON.stringify(statCheck), treePath, treeId));
  }

  private cacheGet?: Database.Statement;
  private cachePut?: Database.Statement;

  async getCached(key: string): Promise<FileAnalysis | undefined> {
    const r = this.guard(() => (this.cacheGet ??= this.db.prepare(`SELECT analysis FROM file_cache WHERE key = ?`)).get(key)) as { analysis: string } | undefined;
    return r ? JSON.parse(r.analysis) : undefined;
  }

  async putCached(entries: [key: string, json: string][]): Promise<void> {
    this.guard(() => {
      const stmt = (this.cachePut ??= this.db.prepare(`INSERT OR REPLACE INTO file_cache (key, analysis) VALUES (?, ?)`));
      this.db.transaction(() => {
        for (const [k, json] of entries) stmt.run(k, json);
      }).immediate();
    });
  }

  async matchRows(): Promise<MatchRow[]> {
    return this.readMatchRows();
  }

  /** The persisted match index, when it was written for the records as they are (store/sqlite-match.ts). */
  async matchSource(): Promise<MatchSource | null> {
    return this.guard(() => openMatchSource(this.db));
  }

  /** Rewrites the persisted match index from every record, in one transaction (close does when records were written). */
  async writeMatchIndex(): Promise<void> {
    const { writeMatchIndex } = await import('./sqlite-match-write.js');
    this.guard(() => this.db.transaction(() => writeMatchIndex(this.db, this.readMatchRows())).immediate());
  }

  private readMatchRows(): MatchRow[] {
    const rows = this.guard(() => this.db.prepare(`SELECT r.rowid AS rowid, r.id, r.language, r.error_class, r.error_code, r.file_path, json_extract(r.json, '$.symbol') AS symbol, json_extract(r.json, '$.native') AS native, json_extract(r.json, '$.handedTo') AS handed, r.template, t.package, t.repo, t.entry_dirs
      FROM records r JOIN trees t USING (tree_id)`).all()) as DbMatchRow[];
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
          ...(r.native || r.handed ? { native: true } : {}),
          ...(r.handed ? { handed: true } : {}),
          package: r.package,
          entry: entries(r.file_path),
        });
      }
    }
    return out;
  }

  /**
   * What a store opened to read keeps across explains (a long-lived reader, `errdex serve` or
   * `errdex mcp`, meets the same records again and again): records completed by recordsByKeys, by
   * rowid (reading, parsing and completing one costs ~15 µs to ~0.3 ms: a third of a served
   * explain's time, measured). The frame files sourcesByKey finds are kept by its caller
   * (service/line-answers.ts), per store. Kept while no other connection has committed
   * (data_version: a commit may give a rowid to another record), the oldest first out past
   * KEPT_READS. What is kept is shared: read, never changed. `lines`: per set of languages, the
   * line index of their sources (lineCandidates, buildLines).
   */
  private readonly reads: { version: number; checked: boolean; records: Map<number, ErrRecord>; lines: Map<string, LineState> } | null;

  /**
   * The kept reads, emptied first if another connection committed since; null in a store opened
   * to write. data_version is asked once per turn of the event loop (an explain reads records
   * several times: ~5-10 µs a question, measured), so a commit is seen from the next turn on.
   */
  private keptReads() {
    const kept = this.reads;
    if (!kept) return null;
    if (!kept.checked) {
      const version = this.statement(`PRAGMA data_version`).pluck().get() as number;
      if (version !== kept.version) {
        kept.records.clear();
        kept.lines.clear();
        kept.version = version;
      }
      kept.checked = true;
      setImmediate(() => (kept.checked = false));
    }
    return kept;
  }

  async recordsByKeys(keys: number[]): Promise<Map<number, ErrRecord>> {
    const completeRecord = await completer();
    const stmt = this.guard(() => this.statement(`SELECT json FROM records WHERE rowid = ?`));
    const out = new Map<number, ErrRecord>();
    const kept = this.guard(() => this.keptReads())?.records;
    for (const k of keys) {
      let rec = kept?.get(k);
      if (rec === undefined) {
        const r = this.guard(() => stmt.get(k)) as { json: string } | undefined;
        if (!r) continue;
        rec = completeRecord(JSON.parse(r.json));
        if (kept) remember(kept, KEPT_READS, k, rec);
      }
      out.set(k, rec);
    }
    return out;
  }

  async recordsById(id: string): Promise<ErrRecord[]> {
    const completeRecord = await completer();
    return (this.guard(() => this.statement(`SELECT json FROM records WHERE id = ?`).all(id)) as { json: string }[]).map((r) => completeRecord(JSON.parse(r.json)));
  }

  /** Whether the index has the full-text table (an index opened read-only may predate it). */
  private hasFts?: boolean;

  async queryRecords(q: RecordQuery): Promise<RecordPage> {
    return this.guard(() => {
      this.hasFts ??= !!this.db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'records_fts'`).get();
      const words = (q.text ?? '').match(/[\p{L}\p{N}_]+/gu) ?? [];
      const where: string[] = [];
      const args: unknown[] = [];
      const eq = (col: string, v: string | number | undefined) => {
        if (v === undefined) return;
        where.push(`${col} = ?`);
        args.push(v);
      };
      eq('r.language', q.language);
      eq(`json_extract(r.json, '$.errorType')`, q.type);
      eq('t.repo', q.repo);
      eq('t.package', q.package);
      eq('r.tree_id', q.treeId);
      eq('r.error_class', q.errorClass);
      if (q.file !== undefined) {
        where.push(`r.file_path LIKE ? ESCAPE '\\'`);
        args.push(`%${likeEscape(q.file)}%`);
      }
      const fts = words.length > 0 && this.hasFts;
      let from = 'records r JOIN trees t USING (tree_id)';
      let order = 'r.file_path, r.line, r.rowid';
      if (fts) {
        // (each word a quoted FTS string: nothing the user types is FTS syntax; the last also a prefix)
        const match = words.map((w, i) => `"${w.replace(/"/g, '""')}"${i === words.length - 1 ? '*' : ''}`).join(' ');
        from = `records_fts f JOIN records r ON r.rowid = f.rowid JOIN trees t ON t.tree_id = r.tree_id`;
        where.unshift('records_fts MATCH ?');
        args.unshift(match);
        order = 'bm25(records_fts), r.rowid';
      } else {
        for (const w of words) {
          where.push(`(json_extract(r.json, '$.errorMessage') LIKE ?1 ESCAPE '\\' OR r.error_class LIKE ?1 ESCAPE '\\' OR r.error_code LIKE ?1 ESCAPE '\\'
            OR r.file_path LIKE ?1 ESCAPE '\\' OR json_extract(r.json, '$.symbol') LIKE ?1 ESCAPE '\\')`.replaceAll('?1', '?'));
          for (let i = 0; i < 5; i++) args.push(`%${likeEscape(w)}%`);
        }
      }
      const rows = this.db.prepare(`SELECT r.id, r.tree_id, t.repo, t.package, t.version, r.language, json_extract(r.json, '$.errorType') AS error_type,
          r.error_class, r.error_code, r.file_path, r.line, json_extract(r.json, '$.errorMessage') AS message, json_extract(r.json, '$.symbol') AS symbol
        FROM ${from} ${where.length ? 'WHERE ' + where.join(' AND ') : ''} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .all(...args, q.limit + 1, q.offset) as DbSummary[];
      const hasMore = rows.length > q.limit;
      if (hasMore) rows.length = q.limit;
      return {
        records: rows.map((r) => ({
          id: r.id, treeId: r.tree_id, repo: r.repo, package: r.package, version: r.version, language: r.language, errorType: r.error_type,
          errorClass: r.error_class, errorCode: r.error_code, filePath: r.file_path, line: r.line, message: r.message, symbol: r.symbol,
        })),
        hasMore,
        method: words.length > 0 && !fts ? 'scan' : 'fts',
      };
    });
  }

  async dataVersion(): Promise<number> {
    // (prepared once: IndexHolder asks before every request, and db.pragma() compiles the statement each time)
    return this.guard(() => this.statement(`PRAGMA data_version`).pluck().get() as number);
  }

  async stats(): Promise<StoreStats> {
    const n = (sql: string) => (this.guard(() => this.db.prepare(sql).get()) as { n: number }).n;
    // (counted when the persisted match index was written, when it is up to date: counting reads every record)
    const kept = this.guard(() => keptStats(this.db));
    if (kept) return { trees: n(`SELECT count(*) AS n FROM trees`), ...kept, cachedFiles: n(`SELECT count(*) AS n FROM file_cache`) };
    const group = (sql: string) =>
      Object.fromEntries((this.guard(() => this.db.prepare(sql).all()) as { k: string; n: number }[]).map((r) => [r.k ?? 'unknown', r.n]));
    return {
      trees: n(`SELECT count(*) AS n FROM trees`),
      records: n(`SELECT count(*) AS n FROM records`),
      byLanguage: group(`SELECT language AS k, count(*) AS n FROM records GROUP BY language ORDER BY n DESC`),
      byType: group(`SELECT json_extract(json, '$.errorType') AS k, count(*) AS n FROM records GROUP BY k ORDER BY n DESC`),
      cachedFiles: n(`SELECT count(*) AS n FROM file_cache`),
    };
  }
}

interface DbSummary {
  id: string; tree_id: number; repo: string; package: string | null; version: string | null; language: string | null; error_type: string;
  error_class: string | null; error_code: string | null; file_path: string; line: number; message: string; symbol: string | null;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Files one record in the full-text table. */
function ftsInsert(db: Database.Database): (rowid: number | bigint, r: Pick<ErrRecord, 'errorMessage' | 'errorClass' | 'errorCode' | 'filePath' | 'symbol' | 'variants'>) => void {
  const stmt = db.prepare(`INSERT INTO records_fts (rowid, message, class, code, path, symbol) VALUES (?, ?, ?, ?, ?, ?)`);
  return (rowid, r) => {
    const message = [r.errorMessage, ...(r.variants ?? []).map((v) => v.errorMessage)].join('\n');
    stmt.run(rowid, message, r.errorClass, r.errorCode, r.filePath, r.symbol ?? null);
  };
}

/** The full-text table, created and filled from the records when an index written before it lacks it. */
function addFts(db: Database.Database): void {
  if (db.prepare(`SELECT 1 FROM sqlite_master WHERE name = 'records_fts'`).get()) return;
  db.transaction(() => {
    db.exec(FTS);
    const ins = ftsInsert(db);
    // (in pages by rowid: a statement still reading cannot share the connection with the inserts)
    const page = db.prepare(`SELECT rowid, json FROM records WHERE rowid > ? ORDER BY rowid LIMIT 1000`);
    for (let after = 0; ;) {
      const rows = page.all(after) as { rowid: number; json: string }[];
      if (rows.length === 0) break;
      for (const r of rows) ins(r.rowid, JSON.parse(r.json));
      after = rows[rows.length - 1].rowid;
    }
  }).immediate();
}

interface DbSource {
  id: number; path: string; language: string; repo: string; sha: string; package: string | null; version: string | null; analyzed_at: string;
}

const storedSource = (r: DbSource): StoredSource => ({
  id: r.id, filePath: r.path, language: r.language, repo: r.repo, sha: r.sha || null, package: r.package, version: r.version, analyzedAt: r.analyzed_at,
});

interface DbTree {
  /** (absent from a schema-4 index read as it is) */
  path?: string | null;
  tree_id: number; repo: string; sha: string; root: string; package: string | null; version: string | null;
  fingerprint: string; entry_dirs: string; analyzed_at: string; files: number; records: number; stat_check: string | null;
}
interface DbMatchRow {
  rowid: number; id: string; language: string | null; error_class: string | null; error_code: string | null; file_path: string; symbol: string | null;
  native: string | null; handed: string | null; template: string; package: string | null; repo: string; entry_dirs: string;
}

const toTree = (r: DbTree): TreeRow => ({
  treeId: r.tree_id, repo: r.repo, sha: r.sha || null, path: r.path ?? null, root: r.root, package: r.package, version: r.version, entryDirs: JSON.parse(r.entry_dirs),
  fingerprint: r.fingerprint, analyzedAt: r.analyzed_at, files: r.files, records: r.records,
  statCheck: r.stat_check ? (JSON.parse(r.stat_check) as StatCheck) : null,
});

const unusable = (message: string) => new ErrdexError('index-unusable', message);

/** What a file-system or SQLite error says, in words. */
function cause(e: unknown): string {
  const code = (e as { code?: string }).code ?? '';
  const words: Record<string, string> = {
    EACCES: 'permission denied', EPERM: 'operation not permitted', ENOTDIR: 'a component of the path is not a directory',
    EROFS: 'read-only file system', ENOSPC: 'no space left on device', EDQUOT: 'disk quota exceeded', ENAMETOOLONG: 'path too long',
    ELOOP: 'too many symbolic links', EISDIR: 'is a directory', EIO: 'input/output error', ENOENT: 'no such file or directory',
  };
  if (words[code]) return words[code];
  const message = e instanceof Error ? e.message : String(e);
  return code.startsWith('SQLITE_') ? `${message} (${code})` : message;
}

/** The file's stats; null when nothing is there; an error in words when the path cannot be looked at. */
function statOf(file: string): fs.Stats | { error: string } | null {
  try {
    return fs.statSync(file);
  } catch (e) {
    return (e as { code?: string }).code === 'ENOENT' ? null : { error: cause(e) };
  }
}

const notAnIndex = (file: string, why: string) =>
  unusable(`index ${file} is not a valid errdex database (${why}); move it away or pass --db with another path`);

/** A file that does not start as a SQLite database is refused before SQLite opens it. */
function checkHeader(file: string): void {
  const head = Buffer.alloc(16);
  let n: number;
  try {
    const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      n = fs.readSync(fd, head, 0, 16, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch (e) {
    throw unusable(`cannot read index ${file}: ${cause(e)}`);
  }
  if (n === 0) throw notAnIndex(file, 'an empty file, not an errdex index');
  if (n < 16 || head.toString('latin1') !== 'SQLite format 3\0') throw notAnIndex(file, 'not an errdex index: not a SQLite database, or corrupt');
}

/** The index's schema version; a SQLite file without errdex's tables, or of a schema this errdex cannot read, is refused. */
function checkIndex(db: Database.Database, file: string): string {
  const tables = new Set(db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]);
  const missing = ['meta', 'trees', 'records', 'file_cache'].filter((t) => !tables.has(t));
  const v = missing.length ? undefined : (db.prepare(`SELECT value FROM meta WHERE key = 'schema'`).pluck().get() as string | undefined);
  if (v === undefined) throw notAnIndex(file, 'not an errdex index: a SQLite database without its tables');
  if (v !== SCHEMA_VERSION && !READABLE.includes(v)) {
    throw unusable(`index ${file} has schema ${v}; this errdex reads schema ${SCHEMA_VERSION} (and ${READABLE.join(', ')})`);
  }
  return v;
}

/**
 * A new index, complete or not at all: built beside its path and linked into place, so a crash
 * leaves no half-made file (nor one a later run would refuse as not an index).
 */
function createIndex(file: string): void {
  const dir = path.dirname(path.resolve(file));
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.new`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    const db = new Database(tmp, { nativeBinding: nativeBinding() });
    try {
      // 16 KiB pages (set before anything is written): records and cached analyses are kilobytes
      // each, and bigger pages write them about a quarter faster than the default 4 KiB.
      db.pragma('page_size = 16384');
      db.pragma('journal_mode = WAL');
      db.transaction(() => {
        db.exec(SCHEMA);
        db.prepare(`INSERT INTO meta (key, value) VALUES ('schema', ?)`).run(SCHEMA_VERSION);
      })();
    } finally {
      db.close();
    }
    try {
      fs.linkSync(tmp, file);
    } catch (e) {
      const code = (e as { code?: string }).code;
      // (EEXIST: another errdex created it meanwhile, and that one is used)
      if (code !== 'EEXIST') {
        // (a file system without hard links)
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV') fs.copyFileSync(tmp, file, fs.constants.COPYFILE_EXCL);
        else throw e;
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'EEXIST' && fs.existsSync(file)) return;
    throw unusable(`cannot create index ${file}: ${cause(e)}`);
  } finally {
    for (const f of [tmp, `${tmp}-wal`, `${tmp}-shm`]) fs.rmSync(f, { force: true });
  }
}

/**
 * The install checks are a cache of walks: a table of another shape (an errdex built between
 * versions) is dropped and made anew, and the next index run walks each tree once.
 */
function freshInstalls(db: Database.Database): void {
  const columns = db.prepare(`SELECT name FROM pragma_table_info('installs')`).pluck().all() as string[];
  if (['project', 'root', 'tree_id', 'checks', 'fingerprint'].every((c) => columns.includes(c))) return;
  db.exec(`DROP TABLE installs;${INSTALLS}`);
}

/** (schema 4 was released without stat_check: an index written before gets the column, empty) */
function addStatCheck(db: Database.Database): void {
  const columns = db.prepare(`SELECT name FROM pragma_table_info('trees')`).pluck().all() as string[];
  if (!columns.includes('stat_check')) db.exec(`ALTER TABLE trees ADD COLUMN stat_check TEXT`);
}

/**
 * Schema 4 → 5, in place and in one transaction: the trees table is rebuilt keyed by
 * (repo, sha, path); its rows keep their ids (records still point at them) and get no path (NULL:
 * found by repo, commit and root, as schema 4 knew them, until analyzed again).
 */
function migrate(db: Database.Database): string {
  addStatCheck(db);
  const cols = TREE_COLUMNS_4.join(', ');
  // (foreign keys off while the table records point at is replaced: dropping it would cascade)
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      // (another errdex may have migrated it since this one looked)
      if (db.prepare(`SELECT value FROM meta WHERE key = 'schema'`).pluck().get() === SCHEMA_VERSION) return;
      db.exec(`DROP TABLE IF EXISTS trees_v5;
        ${treesTable('trees_v5')}
        INSERT INTO trees_v5 (${cols}, path) SELECT ${cols}, NULL FROM trees;
        DROP TABLE trees;
        ALTER TABLE trees_v5 RENAME TO trees;`);
      if (db.prepare('PRAGMA foreign_key_check').all().length) throw new Error('records without their tree after migrating the trees table');
      db.prepare(`UPDATE meta SET value = ? WHERE key = 'schema'`).run(SCHEMA_VERSION);
    }).immediate();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  return SCHEMA_VERSION;
}

/** Turn SQLite's and the file system's errors into messages that name the index and the cause. */
export function describeDbError(e: unknown, file: string, mode: StoreMode = 'write'): Error {
  if (e instanceof ErrdexError) return e;
  const code = (e as { code?: string }).code ?? '';
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) return notAnIndex(file, 'corrupt or another kind of file');
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return new ErrdexError('locked', `index ${file} is locked by another process; try again when it finishes`);
  }
  if (code.startsWith('SQLITE_') || /^E[A-Z]+$/.test(code)) {
    let why = cause(e);
    // WAL needs FILE-wal and FILE-shm beside the index: a read-only directory refuses them.
    if (code.startsWith('SQLITE_CANTOPEN') || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_IOERR')) {
      const dir = path.dirname(path.resolve(file));
      if (!writable(dir)) why += `; its directory ${dir} is not writable, and SQLite keeps ${path.basename(file)}-wal and -shm beside the index`;
      else if (mode === 'write' && !writable(file)) why += '; the file is not writable';
    }
    return unusable(`cannot ${mode === 'read' ? 'read' : 'use'} index ${file}: ${why}`);
  }
  return e instanceof Error ? e : new Error(String(e));
}

function writable(p: string): boolean {
  try {
    fs.accessSync(p, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
