import type { Template } from '../template/ir.js';

/** What the matcher keeps in memory per record: enough to find and verify, not the prose. */
export interface MatchRow {
  /** Store row key, to fetch the full record of a hit. */
  key: number;
  id: string;
  repo: string;
  language: string | null;
  errorClass: string | null;
  errorCode: string | null;
  filePath: string;
  /** The qualified function or class the raise is in (`Parser.parse`), if any. */
  symbol: string | null;
  /** The record's line first, then other lines raising the same message in that file. */
  lines: number[];
  template: Template;
  generic: boolean;
  /** The message is the runtime's (the record's `native`): a call of a native callable, not a text written in the source. */
  native?: boolean;
  /** The message is written here and handed to another package's callable, which raises it (the record's `handedTo`); `native` is set too: both are raised inside a call at this line. */
  handed?: boolean;
  package: string | null;
  /** How close the file is to what the package's entry points load, in [0, 1] (installed npm packages only). */
  entry: number;
}
