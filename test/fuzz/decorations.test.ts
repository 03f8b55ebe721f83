// Fuzz: peeling generic decorations (match/decorations.ts) never throws, takes off only what the
// message holds, and gives back the core a decoration was put around.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PEELS, peelDecorations } from '../../src/match/decorations.js';
import { FUZZ_CASES, FUZZ_SEED } from './inputs.js';

const shards = fc.constantFrom(', line 3', ' (line 3)', ' at 1:31', ':', '\n', '  ^', 'Line: 0', 'Error: ', 'a.js:3:7: ', '(', ')', ', ', 'line', ' ');
const hostile = fc.array(fc.oneof(shards, fc.string({ maxLength: 12 })), { maxLength: 40 }).map((a) => a.join(''));
const word = fc.stringMatching(/^[a-z]{3,9}$/);
/** A message of words with no decoration of its own. */
const plainCore = fc.array(word, { minLength: 2, maxLength: 6 }).map((w) => w.join(' '));
const decorate = fc.constantFrom<((c: string) => string)[]>(
  (c) => `${c}, line 3, column 7`,
  (c) => `${c} (line 12)`,
  (c) => `${c} at 1:31`,
  (c) => `${c} at position 23`,
  (c) => `Error: ${c}`,
  (c) => `TypeError: ${c}`,
  (c) => `lib/parse.js:3:7: ${c}`,
  (c) => `Line 4: ${c}`,
  (c) => `${c} (config.ini, line 2)`,
);
/** An excerpt goes around the whole message, last. */
const excerpt = (c: string) => `${c}\n  some input\n     ^`;

describe('fuzz: decorations', () => {
  it('never throws; the core and every layer are parts of the message; at most MAX_PEELS + 1 layers', () => {
    fc.assert(fc.property(fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 200 })), (m) => {
      const p = peelDecorations(m);
      if (p === null) return;
      expect(p.layers.length).toBeGreaterThan(0);
      expect(p.layers.length).toBeLessThanOrEqual(MAX_PEELS + 1);
      expect(m.includes(p.core)).toBe(true);
      expect(p.core.length).toBeLessThan(m.trim().length);
      for (const l of p.layers) expect(m.includes(l.text)).toBe(true);
    }), { numRuns: FUZZ_CASES * 10, seed: FUZZ_SEED });
  });

  it('gives back the core one or two decorations (and an excerpt) were put around', () => {
    fc.assert(fc.property(plainCore, decorate, fc.option(decorate), fc.boolean(), (c, d1, d2, withExcerpt) => {
      const inner = d2 ? d2(d1(c)) : d1(c);
      const m = withExcerpt ? excerpt(inner) : inner;
      expect(peelDecorations(m)?.core).toBe(c);
    }), { numRuns: FUZZ_CASES * 5, seed: FUZZ_SEED });
  });
});
