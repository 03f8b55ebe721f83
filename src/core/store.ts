// The Store interface: the only state the stages share. The embedded default is
// SQLite (store/sqlite.ts); a shared index on PostgreSQL implements the same
// methods. Every method is async so that a store behind a network fits it.
// Writes are transactional: a failed or interrupted write leaves the previous
// records of a tree readable.

import type { TemplateVariant } from '../record/assemble.js';
import type { StoredRecord } from '../record/complete.js';
import type { ErrRecord } from '../record/schema.js';
import type { MatchSource } from './match-source.js';
import type { MatchRow } from './row.js';
import type { FileAnalysis } from './site.js';

/** Something an analysis could not read or analyze, named by path. */
export interface Problem {
  path: string;
  problem: string;
}

/**
 * An entry file or directory (ending in `/`) an installed package declares, or a file an
 * entry file loads (`from`: the index of that entry among the declared ones).
 */
export type EntryPoint = string | { file: string; from: number };

/**
 * What a tree is: its repository, its commit and where its root is. With a commit, `path` is the
 * root's path inside the repository (POSIX, '' for the top, a file's path for a one-file tree);
 * without one (a plain directory, an installed package, a repository with no commit), the
 * absolute path of the directory or file analyzed. Two trees with the same key are the same tree.
 */
export interface TreeKey {
  repo: string;
  sha: string | null;
  path: string;
}

export interface TreeInfo extends TreeKey {
  /** The directory analyzed (a one-file tree: the file's directory). */
  root: string;
  package: string | null;
  version: string | null;
  /** Directories (record paths) holding the files that run, for installed packages with several copies. */
  entryDirs: EntryPoint[];
  /** When the records were built (the records carry the same time). */
  analyzedAt: string;
}

export interface TreeRow extends Omit<TreeInfo, 'path'> {
  /** null: a tree written by an errdex before tree paths were stored (index schema 4), known by repo, commit and root. */
  path: string | null;
  treeId: number;
  fingerprint: string;
  files: number;
  records: number;
  statCheck: StatCheck | null;
}

/**
 * What lets a re-run trust file stats instead of reading the tree: the stat fingerprint of the
 * files as last read in full, when that was, and what that read reported.
 */
export interface StatCheck {
  print: string;
  /** The tree's fingerprint when the stats were taken: records rewritten since (by another errdex) void them. */
  fingerprint: string;
  /** When the walk that took the stats began (ms since the epoch). */
  at: number;
  bytes: number;
  problems: Problem[];
  skipped: Record<string, number>;
}

/**
 * Where a project's view found a tree (`errdex index`: its own code, an installed package) and the
 * check of the walk that found it (pipeline/tree-check.ts): a re-run whose check holds takes
 * `tree` without walking it. `tree` null: the walk found no file to analyze (a project with no
 * code of its own).
 */
export interface InstallCheck {
  /** The directory (a one-module package: the file) index analyzed, by real path. */
  root: string;
  tree: TreeKey | null;
  check: string;
  /** The tree's fingerprint when the check was taken: records rewritten since (another errdex, other options) void the check. */
  fingerprint: string | null;
}

/** A stored install check, with what its tree holds now. */
export interface StoredInstall extends InstallCheck {
  /** The tree's fingerprint now. */
  treeFingerprint: string | null;
  files: number;
  records: number;
}

/** A tree whose records a write replaced, and how many it held. */
export interface ReplacedTree {
  repo: string;
  sha: string | null;
  /** Its path (for a tree of an index of schema 4, its root). */
  path: string;
  records: number;
}

/** One analyzed file's text, kept so that a frame on a line no site is on can still be answered. */
export interface SourceFile {
  /** As records name it (the tree's path prefix + the path inside the tree). */
  filePath: string;
  /** What a frame path finds it by: one of the path's frameKeys (match/index.ts fileKey). */
  key: string;
  language: string;
  text: string;
}

/** A stored source file (without its text) with what its tree says about it: enough to build a record for any of its lines. */
export interface StoredSource extends Omit<SourceFile, 'text' | 'key'> {
  /** The store's handle for its text (sourceText). */
  id: number;
  repo: string;
  sha: string | null;
  package: string | null;
  version: string | null;
  analyzedAt: string;
}

export interface StoreStats {
  trees: number;
  records: number;
  byLanguage: Record<string, number>;
  byType: Record<string, number>;
  cachedFiles: number;
}

/** Which records to list (a search, a tree's records): every filter given must hold. */
export interface RecordQuery {
  /** Words to find in messages, classes, codes, file paths and symbols (every word; the last also as a prefix); empty: no word filter. */
  text?: string;
  language?: string;
  /** The record's errorType (`raise`, `throw`, `reject`, ...). */
  type?: string;
  /** The tree's repo. */
  repo?: string;
  /** The tree's package name. */
  package?: string;
  treeId?: number;
  errorClass?: string;
  /** Part of the record's file path. */
  file?: string;
  /** Matching records to pass over (where the previous page ended). */
  offset: number;
  limit: number;
}

/** One record as a list shows it. */
export interface RecordSummary {
  id: string;
  treeId: number;
  repo: string;
  package: string | null;
  version: string | null;
  language: string | null;
  errorType: string;
  errorClass: string | null;
  errorCode: string | null;
  filePath: string;
  line: number;
  message: string;
  symbol: string | null;
}

export interface RecordPage {
  records: RecordSummary[];
  /** More records match past this page. */
  hasMore: boolean;
  /** `fts`: ranked by a full-text index; `scan`: an index without one (written by an older errdex), read in full, in file order. */
  method: 'fts' | 'scan';
}

export interface Store {
  /** Where the index is (a file path, a database URL without its password), for messages. */
  readonly location: string;
  close(): Promise<void>;
  /**
   * The stored tree with this key; else, the tree an index of schema 4 holds for its repo and
   * commit when it is at the same root (and package), as that index keyed it.
   */
  getTree(tree: TreeKey & Pick<TreeInfo, 'root' | 'package'>): Promise<TreeRow | undefined>;
  trees(): Promise<TreeRow[]>;
  /** The trees (by key) of a project's view, replacing the view it had (`errdex index`), or added to it (`replace` false: lazy indexing). */
  setView(project: string, trees: TreeKey[], replace?: boolean, installs?: InstallCheck[]): Promise<void>;
  /**
   * The install checks of a project's view (setView's `installs`), in one read; none in an index
   * written before they were kept.
   */
  installs(project: string): Promise<StoredInstall[]>;
  /** Remove the installed-package trees no project's view holds, with their records; what was removed. */
  gc(): Promise<{ trees: number; records: number }>;
  /**
   * Whether some version tree of this installed package (`errdex index`'s `ecosystem:name@version#…`
   * trees) is stored, or a tree `errdex analyze` made of its directory `root` (the same package and version).
   */
  hasPackage(ecosystem: string, name: string, version: string, root?: string): Promise<boolean>;
  /**
   * Replace all records of one tree in a single transaction; also drops the same checkout stored
   * under another name (same root, commit and path, another repo) and the schema-4 tree
   * `getTree` finds for it. The tree's source files are replaced with its records. Returns the
   * trees whose records were replaced.
   */
  replaceTree(
    tree: TreeInfo, fingerprint: string, statCheck: StatCheck, sources: SourceFile[], records: StoredRecord[], templates: Map<string, TemplateVariant[]>,
  ): Promise<ReplacedTree[]>;
  /**
   * Stored source files filed under any of these keys (a frame path's frameKeys): the files a
   * frame may be on. The caller decides which match (the match index's path rule); an index
   * written before sources were kept has none.
   */
  sourcesByKey(keys: string[]): Promise<StoredSource[]>;
  /** The text of a stored source file, by its id. */
  sourceText(id: number): Promise<string | null>;
  /**
   * Stored source files of these languages whose text holds `text`, or each of several texts (one
   * scan of their sources: a message quoting code, service/line-answers.ts), at most `limit`.
   */
  sourcesHolding(text: string | readonly string[], languages: readonly string[], limit: number): Promise<StoredSource[]>;
  /**
   * A tree found unchanged by reading it: its stats as they are now are what to trust next time
   * (and a schema-4 tree gets its path).
   */
  setStatCheck(treeId: number, statCheck: StatCheck, path: string): Promise<void>;
  /** The cached analysis of one file (key: content hash, language, extension, analyzer version). */
  getCached(key: string): Promise<FileAnalysis | undefined>;
  /** Store analyses, as the JSON text the workers send. */
  putCached(entries: [key: string, json: string][]): Promise<void>;
  /** The compact rows the matcher indexes. */
  matchRows(): Promise<MatchRow[]>;
  /** The persisted match index, if the store keeps one up to date with its records (else null: built from matchRows). */
  matchSource?(): Promise<MatchSource | null>;
  /** Full records by the row keys of match rows. */
  recordsByKeys(keys: number[]): Promise<Map<number, ErrRecord>>;
  recordsById(id: string): Promise<ErrRecord[]>;
  /** Records matching a query, a page at a time (with text: best first; without: by file and line). */
  queryRecords(q: RecordQuery): Promise<RecordPage>;
  stats(): Promise<StoreStats>;
  /**
   * A number that changes when another connection has committed a write since (a long-lived
   * reader, `errdex serve`, opens the index anew then: its match index was built for the old records).
   */
  dataVersion?(): Promise<number>;
}
