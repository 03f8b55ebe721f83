// TypeScript's compiled enums as message tables (tables.ts enumTables, decision 0093).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const tables = (src: string) => (analyzeJavaScript(src).tables ?? []).map((t) => ({ name: t.name, entries: t.entries.map((e) => [e.key, renderMessage(e.template), e.line]) }));

describe('compiled enums as tables', () => {
  it("reads a numeric enum's reverse mapping, keyed by the number, and a string enum's values", () => {
    const src = [
      'var Kind;',
      '(function (Kind) {',
      '    /** unclosed */',
      '    Kind[Kind["UNCLOSED"] = 1] = "UNCLOSED";',
      '    Kind[Kind["EMPTY"] = 2] = "EMPTY";',
      '})(Kind || (exports.Kind = Kind = {}));',
      'export var Text;',
      '(function (Text) {',
      '    Text["Missing"] = "the value is missing";',
      '    Text["Long"] = "too long: trim it";',
      '})(Text || (Text = {}));',
    ].join('\n');
    expect(tables(src)).toEqual([
      { name: 'Kind', entries: [['1', 'UNCLOSED', 4], ['2', 'EMPTY', 5]] },
      { name: 'Text', entries: [['Missing', 'the value is missing', 9], ['Long', 'too long: trim it', 10]] },
    ]);
  });

  it('leaves out computed members, other objects, other IIFEs and enums of one member', () => {
    const src = [
      'var Kind;',
      '(function (Kind) {',
      '    Kind[Kind["A"] = 1] = "A";',
      '    Kind[Kind["B"] = f()] = "B";',
      '    Other["C"] = "c";',
      '})(Kind || (Kind = {}));',
      'var One;',
      '(function (One) { One["X"] = "x"; })(One || (One = {}));',
      '(function (Two) { Two["X"] = "x"; Two["Y"] = "y"; })(window);',
    ].join('\n');
    expect(tables(src)).toEqual([]);
  });
});
