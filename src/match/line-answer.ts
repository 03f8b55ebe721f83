// A frame with no site is still an answer. When the innermost frame of a trace
// that lands in an indexed file is on a line no site is on, the error was raised
// inside a call on that line: into native code (Python's `int(value)`, a C
// scanner, `JSON.parse`) or into a package nobody indexed. That line is the
// answer: service/explain.ts builds it as a hit of match type `line`, from the
// file's stored text. It ranks first, but below a site a frame lands on that
// explains the message (the frame there is the raise seen from its caller).

import type { StoredSource } from '../core/store.js';
import { frameKeys } from '../core/text/paths.js';
import type { ErrorLink, Frame } from '../core/trace.js';
import { userFrames } from './frames.js';
import { inNpmPackage, pathMatch } from './row.js';
import type { Hit } from './rank.js';

/**
 * A line answer's score when no site a frame reaches explains the message: above any template
 * match (at most 0.89). A site an outer frame is on scores 0.95 and more when its template fits
 * the message at all (an error constructor's own frame, `at new ParseError`, above the throw).
 */
export const LINE_FIRST = 0.94;
/** Below a site on a frame whose template matches the message (≥ 0.9 on its line, 0.89 within 3 lines). */
export const LINE_AFTER = 0.86;

export const LINE_REASON = 'raised inside the call on this line (native code or another package): no site of the index is on it';

/** The innermost frame on a file whose text the store keeps, with its depth among the link's frames (0: innermost). */
export interface LineFrame {
  frame: Frame;
  depth: number;
  source: StoredSource;
}

/** As frameEvidence: frames past this depth are not read. */
const MAX_DEPTH = 40;

/**
 * The innermost of the link's frames that names a line of a stored file. `find` is the store's
 * sourcesByKey (the caller memoizes it: a log's links share their files).
 */
export async function innermostStored(link: ErrorLink, find: (keys: string[]) => Promise<StoredSource[]>): Promise<LineFrame | null> {
  const frames = userFrames(link);
  for (let d = 0; d < frames.length && d < MAX_DEPTH; d++) {
    const frame = frames[frames.length - 1 - d];
    // (generated code ran there: the line that generated it raised nothing)
    if (frame.line === null || frame.line < 1 || frame.generated) continue;
    const file = frame.file.includes('\\') ? frame.file.replace(/\\/g, '/') : frame.file;
    // (a file the whole frame path names before one that only shares its last components)
    let source: StoredSource | undefined;
    for (const s of await find(frameKeys(file))) {
      const how = pathMatch(file, s, inNpmPackage(s));
      if (how === 'whole') {
        source = s;
        break;
      }
      if (how === 'tail') source ??= s;
    }
    if (source) return { frame, depth: d, source };
  }
  return null;
}

/**
 * Where the line answer for `at` ranks among the link's hits: null when a site is on that line
 * (the site is the answer), LINE_AFTER when a site a frame reaches explains the message, else
 * LINE_FIRST.
 */
export function lineAnswerScore(hits: readonly Hit[], at: LineFrame): number | null {
  let after = false;
  for (const h of hits) {
    if (h.frameKind === null || h.frameKind === 'file') continue;
    if (h.frameKind === 'exact' && h.frameDepth === at.depth) return null;
    if (h.explains) after = true;
  }
  return after ? LINE_AFTER : LINE_FIRST;
}
