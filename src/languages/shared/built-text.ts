// Text built up in an object and read out once (decision 0044): Python's `StringIO` / hamcrest's
// `description.append_text(…)`, JavaScript's `lines.push(…)` … `lines.join('\n')`. A pack reads
// its syntax into the writes, in order; this joins them into the message's template. A write whose
// text is not known where it is made (a loop's writes, the object handed to a function that may
// write into it) is a hole; writes next to each other that are all unknown are one hole (how many
// there were is not known either), the separators between them inside it.

import { concat, lit, type Segment, type Template } from '../../template/ir.js';

/** One write: its text, or a hole for text not known here. */
export type Written = { t: Template } | { unknown: Segment };

/** Readings a built text gives at most (each `if … else` holding writes forks them). */
export const MAX_BUILT_READINGS = 4;
/** Writes into one built text read at most. */
export const MAX_BUILT_WRITES = 24;

/** The text of the writes joined by `sep` (`''` for an object written into: `write`, `append`). */
export function joinWritten(ws: Written[], sep: string): Template {
  const parts: Template[] = [];
  let lastUnknown = false;
  ws.forEach((w, i) => {
    if ('unknown' in w) {
      if (lastUnknown) return;
      if (i > 0 && sep) parts.push([lit(sep)]);
      parts.push([w.unknown]);
      lastUnknown = true;
      return;
    }
    if (i > 0 && sep) parts.push([lit(sep)]);
    parts.push(w.t);
    lastUnknown = false;
  });
  return concat(...parts);
}

/**
 * The writes before the first not known here: a text appended to stops there, and what it holds so far
 * still matches as a prefix, where a hole would have to match something.
 */
export function beforeUnknown(ws: Written[]): Written[] {
  const stop = ws.findIndex((w) => 'unknown' in w);
  return stop < 0 ? ws : ws.slice(0, stop);
}

/**
 * The readings after a choice: each reading so far followed by each branch's writes (a branch that
 * does not run adds none), or null when that makes more than MAX_BUILT_READINGS.
 */
export function forkWritten(readings: Written[][], branches: Written[][][]): Written[][] | null {
  const out: Written[][] = [];
  for (const r of readings) {
    for (const b of branches) for (const w of b) out.push([...r, ...w]);
  }
  return out.length <= MAX_BUILT_READINGS ? out : null;
}
