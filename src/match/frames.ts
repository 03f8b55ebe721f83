// Stack-frame evidence for one error link: which records the frames land on
// (on the line, within 3 lines, or elsewhere in the file) and which packages
// the frames run in. Kept apart from ranking so each stays a small function
// that the JIT optimizes (and re-optimizes) quickly.

import type { ErrorLink, Frame } from '../core/trace.js';
import { packageInPath } from '../ecosystems/registry.js';
import { packForLanguage } from '../languages/registry.js';
import type { IndexedRow, MatchLookup } from './row.js';

export const FRAME_RANK = { exact: 0, near: 1, file: 2 } as const;

/** FRAME_RANK[kind], by comparisons (of interned constants) rather than a keyed property load. */
const rankOf = (kind: keyof typeof FRAME_RANK): number => (kind === 'exact' ? 0 : kind === 'near' ? 1 : 2);

const NO_FACTS: ReadonlyMap<number, FrameFact> = new Map();
const NO_PACKAGES: ReadonlySet<string> = new Set();

/** The best frame on a record: on its line, within 3 lines, or elsewhere in its file; depth 0 is innermost. */
export interface FrameFact { row: IndexedRow; frame: Frame; kind: keyof typeof FRAME_RANK; depth: number }

/**
 * The link's frames that can be in indexed code, outermost first. A plain loop: map().filter() hands
 * on arrays of several element kinds, which made optimized code bail out.
 */
export function userFrames(link: ErrorLink): Frame[] {
  const frames: Frame[] = [];
  const trace = packForLanguage(link.language)?.trace;
  for (const f of link.frames) {
    // (frames of a language no pack reads are taken as printed)
    const u = trace ? trace.indexedFrame(f) : f;
    if (u !== null) frames.push(u);
  }
  return frames;
}

/**
 * Frame evidence, innermost frames first: per record (by position in the
 * index's rows; a record with several messages has one row per message), the
 * first frame at its best kind. In the order the records were first reached.
 */
export function frameEvidence(index: MatchLookup, frames: Frame[]): ReadonlyMap<number, FrameFact> {
  if (frames.length === 0) return NO_FACTS; // a message without a trace: no map to make
  const facts = new Map<number, FrameFact>();
  // A trace often passes through one file several times: look each file up once (the files seen so
  // far, at most 40, are compared in a list: fewer than a map would hash).
  const files: string[] = [];
  const fileRows: number[][] = [];
  for (let d = 0; d < frames.length && d < 40; d++) {
    const frame = frames[frames.length - 1 - d];
    const seen = files.indexOf(frame.file);
    let rows: number[];
    if (seen >= 0) rows = fileRows[seen];
    else {
      rows = index.rowsForFile(frame.file);
      files.push(frame.file);
      fileRows.push(rows);
    }
    for (const i of rows) {
      const prev = facts.get(i);
      const dist = frame.line == null ? Infinity : index.lineDistance(i, frame.line);
      const kind = dist === 0 ? 'exact' : dist <= 3 ? 'near' : 'file';
      if (!prev || rankOf(kind) < rankOf(prev.kind)) facts.set(i, { row: index.rows[i], frame, kind, depth: d });
    }
  }
  return facts;
}

/** Packages the frames run inside, by the install layouts' paths (`node_modules/x/`, `site-packages/x/`). */
export function framePackages(frames: Frame[]): ReadonlySet<string> {
  if (frames.length === 0) return NO_PACKAGES;
  const out = new Set<string>();
  for (const f of frames) {
    const file = f.file.includes('\\') ? f.file.replace(/\\/g, '/') : f.file;
    const name = packageInPath(file);
    if (name !== null) out.add(name);
  }
  return out;
}
