// RaiseIndex (facts/raised.ts): which functions of a tree a re-raise's `try` body reaches by name.
import { describe, expect, it } from 'vitest';
import type { FileAnalysis, RawSite } from '../../src/core/site.js';
import { RaiseIndex } from '../../src/facts/raised.js';
import { lit } from '../../src/template/ir.js';

const site = (symbol: string, text: string): RawSite => ({
  line: 1, column: 1, errorType: 'exception', errorClass: 'BadException', errorCode: null, httpStatus: null, severity: 'error',
  template: [lit(text)], args: [], symbol, guards: [],
});
const file = (sites: RawSite[], forwards?: Record<string, string[]>): FileAnalysis => ({ sites, classes: [], ...(forwards ? { forwards } : {}) });
const texts = (fns: { sites: RawSite[] }[]) => fns.flatMap((f) => f.sites.map((s) => (s.template![0] as { lit: string }).lit)).sort();

describe('RaiseIndex.resolve', () => {
  const index = new RaiseIndex();
  index.add('a/Url.java', file([site('Url.parse', 'bad url'), site('Url.<init>', 'bad scheme')], { 'Url.fromList': ['Url.<init>', 'split'] }));
  index.add('a/Path.java', file([site('Path.parse', 'bad path')]));
  index.add('a/Main.java', file([site('Main.parse', 'bad main')]));
  for (let i = 0; i < 9; i++) index.add(`b/C${i}.java`, file([site(`C${i}.common`, `common ${i}`)]));

  it("takes the file's own function of a name before the tree's", () => {
    expect(texts(index.resolve('parse', 'a/Main.java'))).toEqual(['bad main']);
    expect(texts(index.resolve('parse', 'a/Other.java'))).toEqual(['bad main', 'bad path', 'bad url']);
  });
  it('matches a name written with its class only in that class', () => {
    expect(texts(index.resolve('Path.parse', 'a/Other.java'))).toEqual(['bad path']);
    expect(texts(index.resolve('Url.<init>', 'a/Other.java'))).toEqual(['bad scheme']);
  });
  it("gives a function's calls (its forwards) to follow", () => {
    expect(index.resolve('Url.fromList', 'a/Other.java').flatMap((f) => f.calls)).toEqual(['Url.<init>', 'split']);
  });
  it('gives nothing for a name more than eight functions define', () => {
    expect(index.resolve('common', 'a/Other.java')).toEqual([]);
    expect(texts(index.resolve('C3.common', 'a/Other.java'))).toEqual(['common 3']);
  });
});

describe('RaiseIndex: calls read on demand', () => {
  it("follows a file's function that raises nothing itself, its calls read once when the file is reached", () => {
    const index = new RaiseIndex();
    let reads = 0;
    index.add('a/Url.java', file([site('Url.newBad', 'bad scheme')]), () => {
      reads++;
      return { 'Url.<init>': ['newBad'], 'Url.fromList': ['Url.<init>'] };
    });
    expect(reads).toBe(0);
    const [ctor] = index.resolve('Url.<init>', 'a/Url.java');
    expect(ctor.sites).toEqual([]);
    expect(index.callsOf(ctor)).toEqual(['newBad']);
    expect(texts(index.resolve('newBad', 'a/Url.java'))).toEqual(['bad scheme']);
    expect(index.callsOf(index.resolve('newBad', 'a/Url.java')[0])).toEqual([]);
    expect(reads).toBe(1);
  });
});
