import { describe, expect, it } from 'vitest';
import { WORD, WordTable } from '../../src/match/words.js';

describe('WordTable', () => {
  it('finds the words toLowerCase().match(WORD) finds, in order, for any text', () => {
    const table = new WordTable();
    for (const w of ['foo', 'bar_1', 'error', 'k123', 'istanbul', 'xyz']) table.add(w);
    let seed = 9;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    // Pieces of words, separators, case changes, and characters whose lowercase is ASCII or longer.
    const pieces = ['foo', 'FOO', 'Bar_1', 'error', 'ERR', 'or', 'k123', '\u212a123', 'Istanbul', '\u0130stanbul', 'xyz', ' ', '.', '_', '9', 'é', '\t', '\u0000'];
    for (let t = 0; t < 5000; t++) {
      const text = Array.from({ length: rnd(8) }, () => pieces[rnd(pieces.length)]).join('');
      const expected = (text.toLowerCase().match(WORD) ?? []).filter((w) => table.words.includes(w)).map((w) => table.words.indexOf(w));
      const got: number[] = [];
      table.idsOf(text, got);
      expect(got, JSON.stringify(text)).toEqual(expected);
    }
  });

  it('keeps ids stable as it grows', () => {
    const table = new WordTable();
    const words = Array.from({ length: 1000 }, (_, i) => `w${i}x`);
    words.forEach((w, i) => expect(table.add(w)).toBe(i));
    words.forEach((w, i) => expect(table.add(w)).toBe(i));
    const got: number[] = [];
    table.idsOf(words.join(' ').toUpperCase(), got);
    expect(got).toEqual(words.map((_, i) => i));
  });
});
