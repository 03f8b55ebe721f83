// Fuzz: the linear template matcher (matchTemplate, matchPrepared) on random templates and texts:
// never throws, stays linear on huge texts, what it captures rebuilds the matched span, and a
// text made by filling a template's holes is always matched (leftmost placement is complete).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hole, isLit, lit, normalize, type Template } from '../../src/template/ir.js';
import { matchPrepared, matchTemplate, MatchText, newCaptures, prepareTemplate } from '../../src/template/match.js';
import { FUZZ_CASES, FUZZ_SEED } from './inputs.js';

const NAMES = ['a', 'b', 'value', 'toString', '__proto__', 'constructor'];
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom(' ', ':', ', ', '\n', 'x'));
const segment = fc.oneof(text.map((t) => lit(t)), fc.constantFrom(...NAMES).map((n) => hole(n)));
const template = fc.array(segment, { maxLength: 8 }).map((t) => normalize(t));

/** The template with each hole replaced by its fill, as a program would print it. */
function render(t: Template, fills: string[]): string {
  let k = 0;
  return t.map((s) => (isLit(s) ? s.lit : fills[k++ % fills.length])).join('');
}

describe('fuzz: template matching', () => {
  it('never throws; prepared matching agrees with matchTemplate; captures are substrings of the text', () => {
    fc.assert(fc.property(template, fc.oneof(text, fc.string({ unit: 'binary', maxLength: 200 })), (t, s) => {
      const m = matchTemplate(t, s);
      const facts = matchPrepared(prepareTemplate(t), new MatchText(s));
      if (m === null) {
        expect(facts).toBeNull();
        return;
      }
      const { captures, ...rest } = m;
      expect(facts).toEqual(rest);
      expect(0 <= m.start && m.start <= m.end && m.end <= s.length).toBe(true);
      expect(m.coverage >= 0 && m.coverage <= 1).toBe(true);
      for (const v of Object.values(captures)) expect(s.includes(v)).toBe(true);
    }), { numRuns: FUZZ_CASES * 10, seed: FUZZ_SEED });
  });

  it('rebuilds the matched span from its literals and captures', () => {
    // (holes with distinct names, never two in a row: each captures exactly what it spans)
    const distinct = (t: Template) => {
      const names = t.filter((x) => !isLit(x)).map((x) => (x as { hole: { name: string } }).hole.name);
      return new Set(names).size === names.length && t.every((x, i) => isLit(x) || i === 0 || isLit(t[i - 1]));
    };
    fc.assert(fc.property(template.filter(distinct), fc.string({ unit: 'binary', maxLength: 200 }), (t, s) => {
      const m = matchTemplate(t, s);
      if (m === null) return;
      // (a first literal that stood without its leading spaces, TemplateMatch.trimmed, less them)
      const rebuilt = t.map((x, i) => (isLit(x) ? (i === 0 && m.trimmed ? x.lit.trimStart() : x.lit) : m.captures[x.hole.name])).join('');
      // (but an empty trailing hole whose literal's final spaces the text lacks: `units: invalid ` as trimmed)
      const last = t[t.length - 1];
      const cut = m.end === s.length && !!last && !isLit(last) && m.captures[last.hole.name] === '' && rebuilt.trimEnd() === s.slice(m.start, m.end);
      if (!cut) expect(rebuilt).toBe(s.slice(m.start, m.end));
    }), { numRuns: FUZZ_CASES * 10, seed: FUZZ_SEED });
  });

  it('matches every text made by filling the holes, around any prefix and suffix', () => {
    const fill = fc.string({ minLength: 1, maxLength: 12 }).filter((f) => !f.includes('\n'));
    fc.assert(fc.property(template, fc.array(fill, { minLength: 1, maxLength: 4 }), text, text, (t, fills, pre, post) => {
      // a trailing hole takes the rest of its line: nothing may follow it on that line
      const last = t[t.length - 1];
      const after = last !== undefined && !isLit(last) ? '\n' + post : post;
      const s = pre + render(t, fills) + after;
      const m = matchTemplate(t, s);
      if (t.length === 0) {
        expect(m).toBeNull();
        return;
      }
      expect(m).not.toBeNull();
      const pm = matchPrepared(prepareTemplate(t), new MatchText(s), newCaptures());
      expect(pm).not.toBeNull();
    }), { numRuns: FUZZ_CASES * 10, seed: FUZZ_SEED });
  });

  it('stays linear on a 1 MB text', () => {
    const big = 'ab'.repeat(1 << 19);
    const cases: Template[] = [
      [lit('a'), hole('x'), lit('b'), hole('y'), lit('c')],
      [hole('x'), lit('ab'), hole('y'), lit('ab'), hole('z'), lit('abc')],
      Array.from({ length: 50 }, (_, i) => (i % 2 ? hole(`h${i}`) : lit('ab'))).concat([lit('zz')]),
      [lit('b'.repeat(5000))],
      [hole('x'), hole('y'), hole('z')],
    ];
    for (const t of cases) {
      const t0 = performance.now();
      matchTemplate(t, big);
      matchPrepared(prepareTemplate(t), new MatchText(big));
      expect(performance.now() - t0).toBeLessThan(2000);
    }
  });
});
