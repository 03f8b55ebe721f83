// The message of a construction whose class is not in the tree (its constructor lives in another
// package) is its first argument, unless that one is no text and a later one reads as a sentence:
// `new HttpException(405, "Method … is not allowed")`, `new MethodNotAllowedHttpException($allowed,
// sprintf('The %s method is not supported …'))`, state_machines' `raise InvalidContext.new(object,
// "State … is not a valid context …")` read without its error.rb. Before, JavaScript took the
// variable, PHP and Ruby the status or the variable, and the text was no record's.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const STATE_RB = '/usr/lib/ruby/vendor_ruby/state_machines/state.rb';

const first = (db: string, message: string) => explainOutput(errdex(['explain', message, '--db', db, '--json']).stdout).hits[0];

describe('the message among a construction’s arguments when its class is elsewhere', () => {
  let db: string;
  beforeAll(() => {
    const root = tmpDir('message-position');
    write(root, 'routes.js', [
      "const { HttpError, FetchError } = require('some-http');",
      'function route(method, allowed) {',
      '  if (!allowed.includes(method)) throw new HttpError(405, `The ${method} method is not supported here`);',
      "  throw new FetchError(method, 'system');",
      '}',
      'module.exports = route;',
      '',
    ].join('\n'));
    write(root, 'Routes.php', [
      '<?php',
      'function route($request, array $others, $method) {',
      '    throw new MethodNotAllowedHttpException(',
      '        $others,',
      "        sprintf('The %s method is not supported for route %s. Supported methods: %s.', $method, $request->path(), implode(', ', $others))",
      '    );',
      '}',
      '',
    ].join('\n'));
    write(root, 'routes.rb', [
      'def route(method, allowed)',
      '  raise HttpError.new(405, "No route accepts #{method} on this path") unless allowed.include?(method)',
      'end',
      '',
    ].join('\n'));
    if (fs.existsSync(STATE_RB)) write(root, 'state.rb', fs.readFileSync(STATE_RB, 'utf8'));
    db = path.join(tmpDir('message-position-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it('reads the text after a status (JavaScript, Ruby)', () => {
    const js = first(db, 'The PATCH method is not supported here');
    expect([js.record.filePath, js.line, js.matchType]).toEqual(['routes.js', 3, 'template']);
    expect(js.captures).toEqual({ method: 'PATCH' });
    const rb = first(db, 'No route accepts PATCH on this path');
    expect([rb.record.filePath, rb.line, rb.matchType]).toEqual(['routes.rb', 2, 'template']);
  });

  it('reads the text after a variable (PHP)', () => {
    const h = first(db, 'The GET method is not supported for route api/users. Supported methods: POST.');
    expect([h.record.filePath, h.matchType]).toEqual(['Routes.php', 'template']);
    expect(h.message).toBe('The {method} method is not supported for route {path}. Supported methods: {others}.');
    expect(h.captures).toEqual({ method: 'GET', path: 'api/users', others: 'POST' });
  });

  it('keeps the first argument before a one-word text (a type or code, not the message)', () => {
    const r = errdex(['explain', 'system', '--db', db, '--json']);
    for (const h of explainOutput(r.stdout).hits) expect([h.record.filePath, h.line, h.matchType]).not.toEqual(['routes.js', 4, 'template']);
  });

  it.skipIf(!fs.existsSync(STATE_RB))("reads state_machines' InvalidContext text with its error classes out of the tree", () => {
    const lines = fs.readFileSync(STATE_RB, 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('raise InvalidContext.new(object, "State #{')) + 1;
    expect(at).toBeGreaterThan(0);
    const h = first(db, 'State :parked for :state is not a valid context for calling #ignite');
    expect([h.record.filePath, h.line, h.matchType]).toEqual(['state.rb', at, 'template']);
  });
});
