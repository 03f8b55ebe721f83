// What of the JavaScript/TypeScript frontends the conformance cases
// (src/languages/javascript/cases/, run by conformance.test.ts) cannot say as
// annotated source: their names and extensions, and the cannotRaise prefilter.
import { describe, expect, it } from 'vitest';
import { languageByName, loadAnalyzers } from '../../src/languages/registry.js';

const javascript = languageByName('javascript')!;
const typescript = languageByName('typescript')!;
const analyzers = await loadAnalyzers();

describe('frontend metadata', () => {
  it('names and extensions', () => {
    expect(javascript.name).toBe('javascript');
    expect(javascript.extensions).toEqual(['js', 'cjs', 'mjs', 'jsx']);
    expect(typescript.name).toBe('typescript');
    expect(typescript.extensions).toEqual(['ts', 'tsx', 'mts', 'cts']);
  });
});

describe('cannotRaise (files the scan does not parse)', () => {
  it('is true only for text with none of the words a site or class needs', () => {
    expect(analyzers.language('javascript')!.cannotRaise!('export const add = (a, b) => a + b;\nconst = ;\n', 'x.js')).toBe(true);
    for (const src of ['throw x', 'new FooError()', 'reject(e)', 'class A extends B {}', 'A.prototype = Object.create(B.prototype)', "cb(err)", "console.warn('x')"]) {
      expect(analyzers.language('javascript')!.cannotRaise!(src, 'x.js'), src).toBe(false);
    }
    expect(analyzers.language('typescript')!.cannotRaise!('interface A { x: number }', 'x.ts')).toBe(true);
    expect(analyzers.language('typescript')!.cannotRaise!('class A implements B {}', 'x.ts')).toBe(false);
  });
});
