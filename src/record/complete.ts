// A stored record holds the facts read from the source; the prose derived from
// them (documentation, solutions, snippets, tags, provenance) is a pure
// function of those facts, so it is computed when a record is read rather than
// stored: a cold analysis writes about 40% less and skips the derivation for the
// thousands of records nobody looks at.

import { deriveProse, type Derived } from '../explain/derive.js';
import type { ErrRecord } from './schema.js';

/**
 * A record as stored: every field but the derived ones. `tags` holds only the
 * tags that come from the file (`generated`, `minified`); reading adds the
 * derived ones in front.
 */
export type StoredRecord = Omit<ErrRecord, keyof Derived['fields'] | 'provenance'> & { tags: string[] };

const SOURCE_PROVENANCE: Record<string, 'source' | 'derived'> = {
  errorMessage: 'source', messagePattern: 'derived', errorClass: 'source', errorCode: 'source', errorType: 'source',
  filePath: 'source', lineNumber: 'source', sourceCode: 'source', symbol: 'source', guards: 'source', placeholders: 'source',
  severity: 'derived', slug: 'derived', githubUrl: 'derived',
};

/**
 * The full record. One stored with its provenance (written complete: by an
 * older errdex, or enriched by a model) is returned as it is.
 */
export function completeRecord(stored: StoredRecord | ErrRecord): ErrRecord {
  if ('provenance' in stored && stored.provenance) return stored as ErrRecord;
  const prose = deriveProse(stored);
  // Object.assign, not spreads: spreading ~40 keys costs ~30 µs a record.
  return Object.assign({}, stored, prose.fields, {
    tags: [...prose.fields.tags, ...stored.tags],
    provenance: Object.assign({}, SOURCE_PROVENANCE, prose.provenance),
  });
}
