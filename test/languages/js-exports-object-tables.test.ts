// Tables held in a module's exports object, and function entries of a table (tables.ts, decision 0109).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { renderMessage } from '../../src/template/ir.js';

const tables = (src: string) => (analyzeJavaScript(src).tables ?? []).map((t) => ({ name: t.name, entries: t.entries.map((e) => [e.key, renderMessage(e.template), e.line]) }));

describe('tables in the exports object', () => {
  it("reads each object it holds by name, with method, arrow and function entries", () => {
    const src = [
      'module.exports = {',
      '  Messages: {',
      '    BAD_TOKEN(id) {',
      '      return `Unexpected token ${id}`;',
      '    },',
      '    BAD_ALIAS: (alias) => `Alias ${alias} clashes`,',
      '    BAD_FLAG: function (flag) { return "Invalid flag " + flag; },',
      "    NO_TABLE: 'A table must be chosen',",
      '  },',
      '  version: 3,',
      '};',
    ].join('\n');
    expect(tables(src)).toEqual([
      { name: 'Messages', entries: [['BAD_TOKEN', 'Unexpected token {id}', 4], ['BAD_ALIAS', 'Alias {alias} clashes', 6], ['BAD_FLAG', 'Invalid flag {flag}', 7], ['NO_TABLE', 'A table must be chosen', 8]] },
    ]);
  });

  it('leaves out function entries of more than a return, and objects exported under no plain name', () => {
    const src = [
      'module.exports = {',
      '  Messages: {',
      '    BAD_TOKEN(id) {',
      '      log(id);',
      '      return `Unexpected token ${id}`;',
      '    },',
      "    NO_TABLE: 'A table must be chosen',",
      '  },',
      "  ['Other']: { A: 'a text here', B: 'b text here' },",
      '};',
    ].join('\n');
    expect(tables(src)).toEqual([]);
  });
});
