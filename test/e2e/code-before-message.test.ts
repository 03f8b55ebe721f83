// A construction whose first argument is a code and whose second is the message: xmldom's
// `new DOMException(DOMException.HIERARCHY_REQUEST_ERR, 'Unexpected node type ' + …)` (the old
// DOM form, `DOMException(code, message)`). Real xmldom from eval/node_modules, run by node for
// its trace; a small fixture for the forms that keep the first argument.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

describe('a code before the message in a construction', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('code-before-message-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(MODULES, '@xmldom/xmldom'), '--db', db]).code).toBe(0);
    const fixture = tmpDir('code-before-message-fixture');
    write(fixture, 'lib/codes.js', [
      "'use strict';",
      'class StoreError extends Error {}',
      'function open(name, table) {',
      "  if (!name) throw new StoreError(404, 'store has no name');",
      "  if (!table) throw new StoreError(ErrorCodes.NO_TABLE, 'store ' + name + ' has no table');",
      "  throw new StoreError(MESSAGES.NO_ACCESS, 'store ' + name);",
      '}',
      'module.exports = { open };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => explainInput(db, input);

  it("xmldom's `new DOMException(DOMException.HIERARCHY_REQUEST_ERR, message)`: the second argument is the message", () => {
    const code = "const { DOMParser } = require('@xmldom/xmldom'); const doc = new DOMParser().parseFromString('<a/>', 'text/xml'); doc.documentElement.appendChild(doc);";
    const stderr = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' }).stderr;
    expect(stderr).toContain('Unexpected node type 9 for parent node type 1');
    const m = explain('Unexpected node type 9 for parent node type 1').hits[0]?.record;
    expect([m?.filePath, m?.lineNumber, m?.errorMessage]).toEqual(['lib/dom.js', 2113, 'Unexpected node type {nodeType} for parent node type {nodeType}']);
  });

  it('a number or a constant of an object named for codes is a code; a constant of another object is not', () => {
    const top = (input: string) => explain(input).hits[0]?.record;
    expect([top('store has no name')?.lineNumber, top('store has no name')?.errorMessage]).toEqual([4, 'store has no name']);
    expect(top('store orders has no table')?.errorMessage).toBe('store {name} has no table');
    // (`MESSAGES.NO_ACCESS` may be the message, a table's entry: the first argument stays the message)
    expect(explain('store orders').hits.some((h) => h.record.lineNumber === 6 && h.record.errorMessage === 'store {name}')).toBe(false);
  });
});
