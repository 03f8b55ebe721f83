// Error classes made by a factory from a code and a message format, in a table of codes of one module
// and constructed by name in others (decision 0079): fastify's `lib/errors.js` holds `FST_ERR_X:
// createError('FST_ERR_X', "The decorator '%s' has already been added!")` (the factory is
// `@fastify/error`'s, another package, which formats the message with `util.format` and hides its own
// frame), and `lib/decorate.js` raises `throw new FST_ERR_DEC_ALREADY_PRESENT(name)`. Before, the
// raise was one hole (the class unknown, its name no error class's); now it is the table's format
// with the raise's arguments in its `%s`. A fixture checks the binding's name (`const NotFound =
// createError('E_NOT_FOUND', …)`) and that a `createError(404, '…')` given no code is no table.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

describe.skipIf(!fs.existsSync(path.join(MODULES, 'fastify', 'package.json')))('error classes a factory makes from a code and a format', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('factory-codes-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(MODULES, 'fastify'), '--db', db]).code).toBe(0);
    const fixture = tmpDir('factory-codes-fixture');
    write(fixture, 'lib/errors.js', [
      "'use strict';",
      "const createError = require('some-error-factory');",
      "const NotFound = createError('E_NOT_FOUND', 'No route matches %s %s', 404);",
      'const codes = {',
      "  APP_ERR_PORT: createError('APP_ERR_PORT', 'Port %d is outside the range 1-65535', 500, RangeError),",
      '};',
      'module.exports = { NotFound, codes };', '',
    ].join('\n'));
    write(fixture, 'lib/app.js', [
      "'use strict';",
      "const { NotFound, codes: { APP_ERR_PORT } } = require('./errors');",
      "const createError = require('http-status-errors');",
      'function route(method, url) {',
      '  throw new NotFound(method, url);',
      '}',
      'function listen(port) {',
      '  if (port > 65535) throw new APP_ERR_PORT(port);',
      "  throw createError(503, 'Service is shutting down');",
      '}',
      'function lock() {',
      "  const err = createError('E_BUSY', 'The lock is held by another worker');",
      '  throw err;',
      '}',
      'module.exports = { route, listen, lock };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const top = (input: string) => {
    const r = errdex(['explain', input, '--db', db, '--json']);
    expect(r.code, input).toBe(0);
    return explainOutput(r.stdout).hits[0];
  };

  it.each([
    ["app.decorate('db', {}); app.decorate('db', {});", "The decorator 'db' has already been added!", 'lib/decorate.js', 21],
    ["app.route({ method: 'FETCH', url: '/items', handler() {} });", 'FETCH method is not supported.', 'lib/route.js', 644],
    ["app.decorateRequest('user', {});", "The decorator 'user' of type 'object' is a reference type. Use the { getter, setter } interface instead.", 'lib/decorate.js', 72],
  ])('fastify: %s', (code, message, file, line) => {
    const p = spawnSync(process.execPath, ['-e', `const app = require('fastify')(); ${code}`], { cwd: MODULES, encoding: 'utf8' });
    expect(p.stderr).toContain(`FastifyError: ${message}`);
    const hit = top(message);
    expect([hit.record.filePath, hit.record.lineNumber]).toEqual([file, line]);
    expect(hit.record.errorCode).toMatch(/^FST_ERR_/);
  });

  it('a class bound to a name other than its code, and a format verb filled by the raise', () => {
    const a = top('No route matches GET /users');
    expect([a.record.filePath, a.record.lineNumber]).toEqual(['lib/app.js', 5]);
    expect(a.record.errorMessage).toBe('No route matches {method} {url}');
    const b = top('Port 70000 is outside the range 1-65535');
    expect([b.record.filePath, b.record.lineNumber]).toEqual(['lib/app.js', 8]);
    expect(b.record.errorCode).toBe('APP_ERR_PORT');
  });

  it('a `createError(404, …)` given no code, or bound to `err`, is a raise of its own text, not a class', () => {
    const c = top('Service is shutting down');
    expect([c.record.filePath, c.record.lineNumber]).toEqual(['lib/app.js', 9]);
    const d = top('The lock is held by another worker');
    expect([d.record.filePath, d.record.lineNumber]).toEqual(['lib/app.js', 12]);
  });
});
