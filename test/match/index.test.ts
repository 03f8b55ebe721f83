import { describe, expect, it } from 'vitest';
import { MatchIndex } from '../../src/match/index.js';
import { CANDIDATE_BY_WEIGHT, CANDIDATE_TIES, candidateOrder, requiredWords, textWords } from '../../src/match/row.js';
import type { MatchRow } from '../../src/core/row.js';
import { hole, lit, normalize, type Template } from '../../src/template/ir.js';
import { matchTemplate } from '../../src/template/match.js';

let seed = 5;
const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
const pick = <T>(xs: T[]): T => xs[rnd(xs.length)];
const WORDS = ['foo', 'Bar', 'bazz', 'FOO', 'qux1', 'x_y'];
const SEPS = [' ', ': ', '.', '', '(', "'"];

function randomTemplate(): Template {
  const parts: Template = [];
  for (let k = 1 + rnd(4); k > 0; k--) {
    if (rnd(3) === 0) parts.push(hole(`h${rnd(3)}`));
    else parts.push(lit(Array.from({ length: 1 + rnd(3) }, () => pick(SEPS) + pick(WORDS)).join('') + pick(SEPS)));
  }
  return normalize(parts);
}

const row = (template: Template, key: number): MatchRow => ({
  key, id: `r${key}`, repo: 'r', language: 'python', errorClass: null, errorCode: null, filePath: 'a.py',
  lines: [1], template, generic: false, package: null, entry: 0,
});

describe('required words', () => {
  it('are whole words of every text the template matches', () => {
    let checked = 0;
    for (let t = 0; t < 3000; t++) {
      const template = randomTemplate();
      // Texts the template produces, with random text around them and inside the holes.
      const fill = () => Array.from({ length: rnd(3) }, () => pick(SEPS) + pick(WORDS)).join('');
      const text = fill() + template.map((s) => ('lit' in s ? s.lit : fill() || 'v')).join('') + fill();
      if (!matchTemplate(template, text)) continue;
      checked++;
      const words = textWords(text);
      for (const [w, required] of requiredWords(template)) if (required) expect(words.has(w), `${w} in ${JSON.stringify(text)}`).toBe(true);
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('mark a candidate that lacks one, and only such a candidate', () => {
    const index = new MatchIndex([
      row(normalize([lit('invalid token '), hole('t'), lit(' in header of '), hole('h')]), 1),
      row(normalize([lit('token expired')]), 2),
    ]);
    const byKey = (text: string) => new Map(index.candidates(text).map((c) => [c.row.key, c.wordsPresent]));
    // "header" is inside a literal: without it the first template cannot match.
    expect(byKey('invalid token abc in body of x').get(1)).toBe(false);
    expect(byKey('invalid token abc in header of x').get(1)).toBe(true);
    // "token" starts the second template, so text before it may run into it ("xtoken expired" matches).
    expect(byKey('xtoken expired').get(2)).toBe(true);
  });
});

describe('candidates over the limit', () => {
  it('are the best by candidateOrder, as a full sort keeps them, the ties of the last kept, and those holding the most weight', () => {
    // Many records sharing words, so overlaps tie often and the selection has to break ties.
    const rows = Array.from({ length: 400 }, (_, k) => row(randomTemplate(), k));
    const index = new MatchIndex(rows);
    for (let t = 0; t < 200; t++) {
      const text = Array.from({ length: 1 + rnd(6) }, () => pick(SEPS) + pick(WORDS)).join('');
      const all = index.candidates(text, rows.length);
      const limit = 1 + rnd(40);
      // (and, past the limit, up to CANDIDATE_TIES more tied exactly with the last one kept)
      const sorted = [...all].sort(candidateOrder);
      const last = sorted[limit - 1];
      const tiedOn = (c: (typeof sorted)[number]) => last !== undefined && c.overlap === last.overlap && c.row.wordWeight === last.row.wordWeight;
      const byOrder = [...sorted.slice(0, limit), ...sorted.slice(limit).filter(tiedOn).slice(0, CANDIDATE_TIES)];
      // (then, of the others, the CANDIDATE_BY_WEIGHT holding the most of their weight, first found first)
      const held = (c: (typeof sorted)[number]) => c.overlap * c.row.wordWeight;
      const byWeight = all.filter((c) => !byOrder.includes(c) && held(c) > 0)
        .sort((a, b) => held(b) - held(a) || a.found - b.found).slice(0, CANDIDATE_BY_WEIGHT);
      const expected = all.length > limit ? [...byOrder, ...byWeight] : byOrder;
      const got = index.candidates(text, limit);
      expect(got.map((c) => c.row.key).sort((a, b) => a - b)).toEqual(expected.map((c) => c.row.key).sort((a, b) => a - b));
      for (const c of got) expect(c).toEqual(all.find((a) => a.row.key === c.row.key));
    }
  });
});
