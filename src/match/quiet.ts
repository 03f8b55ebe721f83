// Quieter answers: when one hit is certain, the weak readings after it only hide it. The human
// output of explain (cli/explain.ts) leaves out the hits that have not earned a place beside a
// certain one; --json keeps every hit with its score.

import type { Hit } from './rank.js';
import { CONFIDENT } from './rank.js';

/**
 * A template match this good (score) with this much literal text (non-space characters) is
 * certain: 0.75 is a whole match whose literals are three fifths of the message or more (rank.ts:
 * 0.55 + 0.25 × coverage, +0.05 when whole: the rest is what its holes took), and 24 literal
 * characters are several words no other message of the index is likely to share by chance
 * (short literals, `Invalid value`, are).
 */
export const CERTAIN_TEMPLATE_SCORE = 0.75;
export const CERTAIN_LITERAL_CHARS = 24;

/**
 * How far below a certain hit a weak one must fall to be left out: 0.2 is more than the bonuses
 * that separate readings of one site (class +0.05, package +0.03, a frame in the file +0.1) and
 * less than the distance from a certain hit (≥ 0.8) to a fuzzy one (≤ 0.4 before bonuses).
 */
export const QUIET_GAP = 0.2;

/** A frame lands on the site, or a template match covers the message with much literal text. */
export function isCertain(h: Pick<Hit, 'matchType' | 'score' | 'row'>): boolean {
  if (h.matchType === 'frame') return true;
  return h.matchType === 'template' && h.score >= CERTAIN_TEMPLATE_SCORE && h.row.literalChars >= CERTAIN_LITERAL_CHARS;
}

/**
 * Of a link's hits (best first, `certain` as isCertain says), which to show a person: all of them,
 * unless the first is certain; then not those a clear gap below it that are fuzzy (word overlap
 * only) or not confident.
 */
export function shownHits<T extends { score: number; matchType: string; certain?: boolean }>(hits: readonly T[]): { shown: T[]; hidden: T[] } {
  const top = hits[0];
  if (!top || !top.certain) return { shown: [...hits], hidden: [] };
  const shown: T[] = [top];
  const hidden: T[] = [];
  for (const h of hits.slice(1)) {
    const weak = h.matchType === 'fuzzy' || h.score < CONFIDENT;
    (weak && h.score <= top.score - QUIET_GAP ? hidden : shown).push(h);
  }
  return { shown, hidden };
}

/**
 * Of a link's hits when its message is a runtime's own text (a runtime's text list read it whole:
 * match/runtime-texts.ts), which to show a person: not the fuzzy ones, which only share words with
 * a text no indexed source writes; the others as shownHits says.
 */
export function shownBesideRuntimeText<T extends { score: number; matchType: string; certain?: boolean }>(hits: readonly T[]): { shown: T[]; hidden: T[] } {
  const { shown, hidden } = shownHits(hits);
  return { shown: shown.filter((h) => h.matchType !== 'fuzzy'), hidden: [...hidden, ...shown.filter((h) => h.matchType === 'fuzzy')] };
}
