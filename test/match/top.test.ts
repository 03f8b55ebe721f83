import { describe, expect, it } from 'vitest';
import { topDistinct } from '../../src/match/top.js';

describe('topDistinct', () => {
  it('equals sorting, keeping each key first, then taking the first k', () => {
    let seed = 3;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let t = 0; t < 500; t++) {
      // Few distinct scores and keys, so ties and repeated keys are common; `i` makes the order total.
      const items = Array.from({ length: rnd(40) }, (_, i) => ({ score: rnd(5), key: rnd(8), i }));
      const order = (a: (typeof items)[0], b: (typeof items)[0]) => b.score - a.score || a.i - b.i;
      const limit = rnd(7);
      const seen = new Set<number>();
      const expected = [...items].sort(order).filter((x) => !seen.has(x.key) && seen.add(x.key)).slice(0, limit);
      expect(topDistinct(items, limit, order, (x) => x.key)).toEqual(expected);
    }
  });
});
