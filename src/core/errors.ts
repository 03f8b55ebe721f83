// The one error type the stages throw for a failure the user can act on. It says
// what went wrong and which kind of failure it is; each surface maps the kind to
// its own signal (the CLI to an exit code, HTTP to a status, MCP to isError).

export type ErrorKind =
  /** The input or an argument is wrong (missing path, empty input, over a size limit). */
  | 'bad-input'
  /** What was asked for does not exist (a record id, a tree). */
  | 'not-found'
  /** The index cannot be used (corrupt, another schema, unwritable). */
  | 'index-unusable'
  /** The index is locked by another process. */
  | 'locked'
  /** The work ran past the caller's time limit (a server's per-request limit). */
  | 'timeout'
  /** A failure of errdex itself. */
  | 'internal';

export class ErrdexError extends Error {
  constructor(readonly kind: ErrorKind, message: string) {
    super(message);
    this.name = 'ErrdexError';
  }
}

export const badInput = (message: string) => new ErrdexError('bad-input', message);
