// A persisted match index, as a store reads it back: what a lookup needs of the
// rows its words and frames select, and nothing of the others. Written from a
// full in-memory MatchIndex when a tree is replaced (store/sqlite-match-write.ts),
// read by the lazy index (match/lazy.ts). Synchronous: a lookup runs inside one
// ranking, between the store's awaits (an embedded database answers in
// microseconds).

import type { MatchRow } from './row.js';

/** A word of the vocabulary: its IDF, and the rows filed under it (see MatchIndex KEY_WORDS). */
export interface SourceWord {
  idf: number;
  /**
   * Per row filed under the word, in row order: its position, its word weight, its number of word
   * codes, then those codes (word id * 2 + 1 when required): [ix, weight, n, code × n, ix, …].
   */
  keyed: Float64Array;
}

/** A file rows are in, filed under a path tail: the file, and its rows in order. */
export interface SourceFile {
  filePath: string;
  package: string | null;
  npm: boolean;
  rows: number[];
}

/** One row, with the facts that depend on other rows. */
export interface SourceRow {
  ix: number;
  row: MatchRow;
  wordWeight: number;
  /** Its group (HitGroups.group): rows of one group give one hit. */
  group: number;
  /** HitGroups.linesOf when other rows add to the row's own lines, else null. */
  fileLines: number[] | null;
  /** HitGroups.copiesOf. */
  copies: { id: string; filePath: string; line: number }[];
}

export interface MatchSource {
  /** How many rows are indexed. */
  readonly size: number;
  /** How many words the vocabulary has (word ids are below it). */
  readonly vocabulary: number;
  /** Word ids and facts by word (lowercase, as WORD finds them); absent words are left out. */
  word(word: string): (SourceWord & { id: number }) | undefined;
  /** Rows whose template is this literal text and holds no word. */
  wordless(text: string): number[];
  /** Rows raising a class of this tail, when few do (MatchIndex.classRows); else none. */
  classRows(classTail: string): number[];
  /** Files filed under a path tail (the last two components, or one). */
  tail(key: string): SourceFile[];
  /** Rows by position, in the order asked. */
  rows(ixs: number[]): SourceRow[];
}
