// A match row as the index holds it: the stored row with what lookups read.

import type { MatchRow } from '../core/row.js';
import type { PreparedTemplate } from '../template/match.js';

export interface IndexedRow extends MatchRow {
  /** Position in MatchIndex.rows. */
  ix: number;
  /** Distinct whole words of the template's literals. */
  words: string[];
  /** The template prepared for verification. */
  prepared: PreparedTemplate;
  /** Sum of the words' IDF: how much evidence a full word match carries. */
  wordWeight: number;
  literalChars: number;
  /** The error class without its module path (`json.decoder.JSONDecodeError` → `JSONDecodeError`). */
  classTail: string | null;
  /** The file looks like build output (dist/, umd/, *.min.js), which ranks below sources. */
  bundled: boolean;
  /** The template is literal text only: a message equal to it is identified however short it is. */
  literalOnly: boolean;
}
