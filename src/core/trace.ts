// What the matcher gets from any input (message, trace, log): one or more
// error "links". A chained exception produces one link per cause.

export interface Frame {
  /** Path as printed (may be absolute, relative, a file:// URL, or `node:internal/...`). */
  file: string;
  line: number | null;
  column: number | null;
  /** Function/symbol as printed (`start_server`, `Server.listen`, `<module>`). */
  func: string | null;
  /**
   * The frame runs code generated at run time (V8's `eval at compile (file:108:12), <anonymous>:14:28`):
   * file and line are where it was generated, not the code that ran.
   */
  generated?: true;
}

export interface ErrorLink {
  /** Exception class as printed (`ValueError`, `json.decoder.JSONDecodeError`, `TypeError`), null if none. */
  errorClass: string | null;
  /** The message text (may span several lines). */
  message: string;
  /** Error code if printed (`code: 'ERR_INVALID_ARG_TYPE'`, `[ERR_X]`). */
  errorCode: string | null;
  /** Frames outermost first for Python, and also outermost first for V8 (parsers normalise: last = innermost). */
  frames: Frame[];
  /** The language (a pack's language name) whose trace parser read it; null for a bare message. */
  language: string | null;
  /**
   * How this link relates to the link before it: 'cause', raised from it (Python `raise … from`,
   * a V8 error whose `cause` it is); 'context', raised while handling it; 'member', one of the
   * errors the group before it holds (ExceptionGroup, AggregateError); null starts an error.
   * Links come in the order the errors were raised: in a chain the last link is the error that
   * propagated, whichever order the runtime printed them in.
   */
  relation: 'cause' | 'context' | 'member' | null;
  /** 1-based line in the input where this link starts, for logs. */
  inputLine: number;
}

export interface ParsedInput {
  /** One entry per error found in the input; each chained exception contributes one link per cause. */
  links: ErrorLink[];
}
