// A thrower of another package: `throwParseError(…)` imported from `@ark/util` by arktype. Its
// body is in another tree, so only its name (`throw…`) and its import from a bare specifier say
// that the call raises. Real arktype from eval/node_modules, run by node for its messages; a small
// fixture for the calls that are not sites (a relative import, `throwIf…`, a local function).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

/** The message arktype throws for a definition. */
function arktypeMessage(def: string): string {
  const code = `import('arktype').then(({ type }) => { try { type(${def}); } catch (e) { process.stdout.write(e.name + ': ' + e.message); } })`;
  return spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stdout;
}

describe('throwers imported from another package', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('imported-throwers-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(MODULES, 'arktype'), '--db', db]).code).toBe(0);
    const fixture = tmpDir('imported-throwers-fixture');
    write(fixture, 'lib/check.js', [
      "import { throwError, throwIfAborted } from 'shared-utils';",
      "import { throwLocal } from './local.js';",
      'export function check(row, signal) {',
      "  throwIfAborted(signal, 'row check aborted by the caller');",
      "  if (!row.id) throwLocal('row has no id at all');",
      "  if (!row.name) throwError(`row ${row.id} has no name`);",
      '}', '',
    ].join('\n'));
    write(fixture, 'lib/local.js', "export const throwLocal = (m) => { console.log(m); };\n");
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => explainInput(db, input);
  const top = (input: string) => explain(input).hits[0]?.record;

  it("arktype's `throwParseError(write…Message(…))`: the call is the site, the message function its text", () => {
    const msg = arktypeMessage('5');
    expect(msg).toBe('ParseError: Type definitions must be strings or objects (was number)');
    const r = top(msg);
    expect([r?.filePath, r?.lineNumber, r?.errorMessage]).toEqual(['out/parser/definition.js', 24, 'Type definitions must be strings or objects (was {actual})']);
    const spread = arktypeMessage("{ '...': 'string' }");
    expect(spread).toBe('ParseError: Spread operand must resolve to an object literal type (was string)');
    expect([top(spread)?.filePath, top(spread)?.lineNumber]).toEqual(['out/parser/objectLiteral.js', 24]);
  });

  it('the class is the name after `throw` when it ends in Error', () => {
    expect(top('ParseError: Type definitions must be strings or objects (was number)')?.errorClass).toBe('ParseError');
    expect(top('Error: row 7 has no name')?.errorClass).toBe('Error');
  });

  it('a relative import, `throwIf…` and a function of the tree are not throwers of another package', () => {
    const sites = (input: string) => explain(input).hits.map((h) => `${h.record.filePath}:${h.record.lineNumber}`);
    expect(sites('row has no id at all')).not.toContain('lib/check.js:5');
    expect(sites('row check aborted by the caller')).not.toContain('lib/check.js:4');
    expect([top('row 7 has no name')?.filePath, top('row 7 has no name')?.lineNumber]).toEqual(['lib/check.js', 6]);
  });
});
