/** An error caused by input or environment, shown to the user as one clear line with its exit code. */
export class UserError extends Error {
  constructor(message: string, readonly exitCode = 2) {
    super(message);
  }
}

/** Exit codes, documented in the README. */
export const EXIT = {
  ok: 0,
  /** Bad arguments or input (missing path, empty input, input over the size limit). */
  usage: 2,
  /** The index cannot be used (corrupt, locked, unwritable). */
  index: 3,
  /** `explain` found no confident match. */
  noMatch: 4,
  /** Unexpected internal failure. */
  internal: 1,
} as const;
