// Round 17's JavaScript shapes (decision 0133): a text a module declares at its top level and
// exports by a list (`export { PREFIX }`, `module.exports = { PREFIX }`) is in the module's own table,
// and a name imported one by one from a module of the tree (`import { PREFIX } from './common.js'`,
// `const { PREFIX } = require('./common')`) is a lookup into that table, not a bare hole.
import { describe, expect, it } from 'vitest';
import { MODULE_TABLE } from '../../src/core/site.js';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { namedImportBindings } from '../../src/languages/javascript/namespaces.js';

const moduleTable = (src: string) => analyzeJavaScript(src).tables?.find((t) => t.name === MODULE_TABLE);
const keys = (src: string) => moduleTable(src)?.entries.map((e) => e.key) ?? [];

describe('texts exported by a list', () => {
  it('an ESM export list, with an alias, names top-level texts', () => {
    const src = "const decodeErrPrefix = 'CBOR decode error:'\nconst enc = 'CBOR encode error:'\nconst n = []\nexport { decodeErrPrefix, enc as encodeErrPrefix, n }\n";
    expect(keys(src)).toEqual(['decodeErrPrefix', 'encodeErrPrefix']);
  });

  it('module.exports = { … } of shorthands and pairs names top-level texts', () => {
    const src = "const A = 'first text'\nconst b = 'second text'\nfunction f() {}\nmodule.exports = { A, B: b, f }\n";
    expect(keys(src)).toEqual(['A', 'B']);
  });

  it('a re-export list and names that are no top-level text give no entry', () => {
    expect(moduleTable("export { A, B } from './other.js'\nconst x = 'only one text'\n")).toBeUndefined();
    expect(moduleTable("function g() { const A = 'a'; const B = 'b'; }\nexport { g }\n")).toBeUndefined();
  });
});

describe('names imported one by one', () => {
  it('reads ESM and CommonJS named imports of relative modules, not of packages', () => {
    const m = namedImportBindings("import d, { P, Q as R } from './common.js'\nimport { X } from 'pkg'\nconst { S, T: U } = require('../c')\n");
    expect([...m.entries()]).toEqual([
      ['P', { from: './common.js', name: 'P' }],
      ['R', { from: './common.js', name: 'Q' }],
      ['S', { from: '../c', name: 'S' }],
      ['U', { from: '../c', name: 'T' }],
    ]);
  });

  it("a raise's template looks the imported name up in its module's table", () => {
    const s = analyzeJavaScript("import { decodeErrPrefix } from './common.js'\nexport function f(x) {\n  throw new Error(`${decodeErrPrefix} bad ${x}`)\n}\n").sites.find((x) => x.line === 3)!;
    const first = s.template![0] as { hole: { lookup?: { table: string; key: string } } };
    expect(first.hole.lookup).toEqual({ table: MODULE_TABLE + './common.js', key: 'decodeErrPrefix' });
  });

  it.each([
    ['export function f(P) {\n  throw new Error(`${P} bad`)\n}'],
    ['export const f = (P) => {\n  throw new Error(`${P} bad`)\n}'],
    ['try { g() } catch (P) {\n  throw new Error(`${P} bad`)\n}'],
  ])('a parameter of the imported name hides the import: %s', (body) => {
    const s = analyzeJavaScript(`import { P } from './common.js'\n${body}\n`).sites.find((x) => x.line === 3)!;
    expect((s.template![0] as { hole: { lookup?: unknown } }).hole.lookup).toBeUndefined();
  });

  it('a local of the same name shadows nothing: a declared constant is read as before', () => {
    const s = analyzeJavaScript("const decodeErrPrefix = 'LOCAL:'\nexport function f(x) {\n  throw new Error(`${decodeErrPrefix} bad ${x}`)\n}\n").sites.find((x) => x.line === 3)!;
    expect((s.template![0] as { lit?: string }).lit ?? JSON.stringify(s.template![0])).toContain('LOCAL:');
  });
});
