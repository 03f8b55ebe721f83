// The CLI's exit codes, and which one each kind of ErrdexError gets.

import type { ErrorKind } from '../core/errors.js';

/** Exit codes, documented in the README. */
export const EXIT = {
  ok: 0,
  /** Bad arguments or input (missing path, empty input, input over the size limit, no such record). */
  usage: 2,
  /** The index cannot be used (corrupt, locked, unwritable). */
  index: 3,
  /** `explain` found no confident match. */
  noMatch: 4,
  /** Unexpected internal failure. */
  internal: 1,
} as const;

export const EXIT_FOR_KIND: Record<ErrorKind, number> = {
  'bad-input': EXIT.usage,
  'not-found': EXIT.usage,
  'index-unusable': EXIT.index,
  locked: EXIT.index,
  // (the CLI sets no time limit)
  timeout: EXIT.internal,
  internal: EXIT.internal,
};
