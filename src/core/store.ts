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

export interface TreeInfo {
  repo: string;
  sha: string | null;
  root: string;
  package: string | null;
  version: string | null;
  /** Directories (record paths) holding the files that run, for installed packages with several copies. */
  entryDirs: EntryPoint[];
  /** When the records were built (the records carry the same time). */
  analyzedAt: string;
}

export interface TreeRow extends TreeInfo {
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

export interface StoreStats {
  trees: number;
  records: number;
  byLanguage: Record<string, number>;
  byType: Record<string, number>;
  cachedFiles: number;
}

export interface Store {
  /** Where the index is (a file path, a database URL without its password), for messages. */
  readonly location: string;
  close(): Promise<void>;
  getTree(repo: string, sha: string | null): Promise<TreeRow | undefined>;
  trees(): Promise<TreeRow[]>;
  /** Replace all records of one tree in a single transaction. */
  replaceTree(
    tree: TreeInfo, fingerprint: string, statCheck: StatCheck, files: number, records: StoredRecord[], templates: Map<string, TemplateVariant[]>,
  ): Promise<void>;
  /** A tree found unchanged by reading it: its stats as they are now are what to trust next time. */
  setStatCheck(treeId: number, statCheck: StatCheck): Promise<void>;
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
  stats(): Promise<StoreStats>;
}
