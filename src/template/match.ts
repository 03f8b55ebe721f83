// Matching text against a template without a backtracking regex. Literal
// segments are placed left to right with indexOf; for wildcard holes the
// leftmost placement finds a match whenever one exists, so this is linear in
// the text and immune to ReDoS. Captured hole values come out of the same pass.

import { isLit, type Template } from './ir.js';

export interface TemplateMatch {
  /** name → captured text, in template order (a repeated name keeps the first value). */
  captures: Record<string, string>;
  /** Offsets of the matched span in the text. */
  start: number;
  end: number;
  /** Literal characters of the template found in the text. */
  literalChars: number;
  /** Share of the text's non-space characters covered by literals, in [0, 1]. */
  coverage: number;
  /** The match starts at the text start and ends at its end (ignoring surrounding spaces). */
  whole: boolean;
}

const nonSpace = (s: string): number => s.replace(/\s+/g, '').length;

export function matchTemplate(template: Template, text: string): TemplateMatch | null {
  if (template.length === 0) return null;
  const captures: Record<string, string> = {};
  let pos = 0;
  let start = -1;
  let literalChars = 0;
  let pendingHole: string | null = null;
  let holeStart = 0;
  for (let i = 0; i < template.length; i++) {
    const seg = template[i];
    if (isLit(seg)) {
      // A hole before this literal needs at least one character.
      const from = pendingHole !== null ? pos + 1 : pos;
      const at = text.indexOf(seg.lit, from);
      if (at < 0) return null;
      if (pendingHole !== null) {
        if (!(pendingHole in captures)) captures[pendingHole] = text.slice(holeStart, at);
        pendingHole = null;
      }
      if (start < 0) start = at;
      literalChars += nonSpace(seg.lit);
      pos = at + seg.lit.length;
    } else {
      if (start < 0) start = pos;
      if (pendingHole !== null && !(pendingHole in captures)) {
        // Two adjacent holes: give the first one a single character; leftmost is as good as any split.
        captures[pendingHole] = text.slice(holeStart, holeStart + 1);
        pos = holeStart + 1;
      }
      pendingHole = seg.hole.name;
      holeStart = pos;
    }
  }
  let end = pos;
  if (pendingHole !== null) {
    // A trailing hole takes the rest of the line, as a user would read it.
    if (holeStart >= text.length) return null;
    const nl = text.indexOf('\n', holeStart + 1);
    end = nl < 0 ? text.length : nl;
    if (!(pendingHole in captures)) captures[pendingHole] = text.slice(holeStart, end);
  }
  const total = nonSpace(text);
  const whole = text.slice(0, start).trim() === '' && text.slice(end).trim() === '';
  return { captures, start, end, literalChars, coverage: total ? Math.min(1, literalChars / total) : 0, whole };
}
