// Texts a module exports one by one (`exports.NOT_REGISTERED = '…'`, `export const X = '…'`), read by
// a file that binds the module as a namespace (`ERROR_MSGS.NOT_REGISTERED` of TypeScript's
// `__importStar(require('../constants/error_msgs'))`, `import * as E from './e.js'`). Real
// inversify from eval/node_modules, run by node for its message; a small fixture for the forms
// its compiled code does not use and for a module the lookup does not name.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

/** The message of the error `code` leaves uncaught, run by node where the eval's packages are. */
function thrown(code: string): string {
  const stderr = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
  return /^Error: (.*)$/m.exec(stderr)?.[1] ?? '';
}

describe('a module of exported texts read through a namespace', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('module-text-tables-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(MODULES, 'inversify'), '--db', db]).code).toBe(0);
    const fixture = tmpDir('module-text-tables-fixture');
    write(fixture, 'src/messages.mjs', [
      "export const NO_ROUTE = 'No route matches the path';",
      'export const BAD_METHOD = `Method not allowed here`;',
      'export const VERSION = 3;', '',
    ].join('\n'));
    write(fixture, 'src/router.mjs', [
      "import * as M from './messages.mjs';",
      "import * as other from './other.mjs';",
      'export function route(path) {',
      '  if (!path) throw new Error(M.BAD_METHOD);',
      '  throw new Error(`${M.NO_ROUTE}: ${path}`);',
      '}',
      // (a module that exports no such text: the member stays a value)
      'export function other2() { throw new Error(other.NO_ROUTE); }', '',
    ].join('\n'));
    write(fixture, 'src/other.mjs', 'export const NO_ROUTE = 42;\nexport const X = 1;\n');
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  });

  const top = (input: string) => explainInput(db, input).hits[0]?.record;

  it("inversify's `throw new Error(ERROR_MSGS.CONTAINER_OPTIONS_INVALID_DEFAULT_SCOPE)`: the text of error_msgs.js, at the CommonJS raise", () => {
    const message = thrown("const { Container } = require('inversify'); new Container({ defaultScope: 'Forever' });");
    expect(message).toBe('Invalid Container option. Default scope must be a string ("singleton" or "transient").');
    const r = top(message);
    expect([r?.filePath, r?.lineNumber, r?.errorMessage]).toEqual(['lib/cjs/container/container.js', 73, message]);
    expect(r?.definedAt).toEqual({ filePath: 'lib/cjs/constants/error_msgs.js', line: 34 });
  });

  it("inversify's `let msg = ERROR_MSGS.NOT_REGISTERED; msg += …; throw new Error(msg)`: the text appended to", () => {
    const message = thrown("const { Container } = require('inversify'); new Container().get('Logger');");
    expect(message).toBe('No matching bindings found for serviceIdentifier: Logger');
    const r = top(message);
    expect([r?.filePath, r?.lineNumber]).toEqual(['lib/cjs/planning/planner.js', 120]);
    expect(r?.errorMessage).toMatch(/^No matching bindings found for serviceIdentifier:\{/);
  });

  it('`import * as M` of `export const` texts, whole and inside a template literal', () => {
    expect([top('Method not allowed here')?.filePath, top('Method not allowed here')?.lineNumber]).toEqual(['src/router.mjs', 4]);
    const r = top('No route matches the path: /users/7');
    expect([r?.filePath, r?.lineNumber, r?.errorMessage]).toEqual(['src/router.mjs', 5, 'No route matches the path: {path}']);
  });

  it('a member of a module that exports no text of that name is no lookup', () => {
    const hits = explainInput(db, 'No route matches the path: /x').hits;
    expect(hits.some((h: { record: { lineNumber: number; filePath: string } }) => h.record.filePath === 'src/router.mjs' && h.record.lineNumber === 7)).toBe(false);
  });
});
