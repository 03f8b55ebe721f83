import { describe, expect, it } from 'vitest';
import { installedFirst } from '../../src/service/installed-first.js';

const hit = (pkg: string | null, version: string | null, score: number) => ({ record: { package: pkg, version }, score, why: [] as string[] });

describe('installedFirst', () => {
  it('moves hits into other versions of an installed package below the installed version, lowering their score', () => {
    const other = hit('lodash', '4.17.20', 1);
    const mine = hit('lodash', '4.17.21', 0.9);
    const unrelated = hit('json5', '2.2.3', 0.95);
    const out = installedFirst([other, unrelated, mine], [{ name: 'lodash', version: '4.17.21' }]);
    expect(out.map((h) => [h.record.version, h.score])).toEqual([['2.2.3', 0.95], ['4.17.21', 0.9], ['4.17.20', 0.9]]);
    expect(out[1].why).toEqual(['the version installed here (lodash@4.17.21)']);
  });

  it('leaves the order alone when no hit is at the installed version', () => {
    const hits = [hit('lodash', '4.17.20', 1), hit(null, null, 0.5)];
    expect(installedFirst(hits, [{ name: 'lodash', version: '4.17.21' }])).toBe(hits);
  });
});
