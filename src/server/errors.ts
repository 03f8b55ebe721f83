// HTTP's side of ErrdexError: each kind's status, and the JSON body every error of the API is.

import type { ErrorKind } from '../core/errors.js';
import { ErrdexError } from '../core/errors.js';

/** Kinds only a surface raises: a body over the size limit, more requests at once than served. */
export type HttpErrorKind = ErrorKind | 'too-large' | 'busy';

export const STATUS_FOR_KIND: Record<HttpErrorKind, 400 | 404 | 413 | 500 | 503> = {
  'bad-input': 400,
  'not-found': 404,
  'too-large': 413,
  'index-unusable': 503,
  locked: 503,
  timeout: 503,
  busy: 503,
  internal: 500,
};

export class HttpError extends Error {
  constructor(readonly kind: HttpErrorKind, message: string) {
    super(message);
  }
}

export interface ErrorBody {
  error: { kind: HttpErrorKind; message: string };
}

/** Any thrown value as the kind and message a client is told (an unexpected failure says only that). */
export function errorBody(e: unknown): ErrorBody {
  if (e instanceof ErrdexError || e instanceof HttpError) return { error: { kind: e.kind, message: e.message } };
  return { error: { kind: 'internal', message: 'internal error; the server log has the details' } };
}
