// Raising helpers that are methods, called by other modules on an object they are handed (not
// imported): peggy's passes call `session.error(…)` on the compiler's `Session`, whose
// `error(...args)` builds `new GrammarError(...args)`; xmldom's `sax.js` calls
// `errorHandler.fatalError(…)` on dom-parser.js's `DOMHandler`. And an array joined with a spread
// (ohm-js's `[`Found errors …:`, ...prettyProblems].join('\n')`). Real packages from
// eval/node_modules, run by node for their traces; a small fixture for the names that are not calls
// of a helper.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');

function node(code: string): string {
  const r = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' });
  return r.stderr;
}

describe('method helpers called through an object another module hands over', () => {
  let db: string;
  let fixture: string;

  beforeAll(() => {
    db = path.join(tmpDir('method-helpers-db'), 'i.sqlite');
    for (const pkg of ['peggy', '@xmldom/xmldom']) expect(errdex(['analyze', path.join(MODULES, pkg), '--db', db]).code).toBe(0);
    // ohm-js's CommonJS build alone (the package holds five builds of the same code)
    const ohm = path.join(tmpDir('method-helpers-ohm'), 'ohm-js');
    for (const f of ['package.json', 'dist/ohm.cjs']) {
      fs.mkdirSync(path.dirname(path.join(ohm, f)), { recursive: true });
      fs.copyFileSync(path.join(MODULES, 'ohm-js', f), path.join(ohm, f));
    }
    expect(errdex(['analyze', ohm, '--db', db]).code).toBe(0);

    fixture = tmpDir('method-helpers-fixture');
    write(fixture, 'lib/reporter.js', [
      "'use strict';", 'class ReportError extends Error {}', 'class Reporter {', '  error(message) {', '    throw new ReportError(message);', '  }', '}',
      'module.exports = { Reporter };', '',
    ].join('\n'));
    write(fixture, 'lib/rows.js', [
      "'use strict';", 'function check(row, reporter, logger) {', "  if (!row.id) reporter.error('every row needs an id');",
      "  if (!row.name) logger.error('row has no name, skipped');", "  if (!row.size) console.error('row has no size');", '}', 'module.exports = { check };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => explainInput(db, input);
  const top = (input: string) => explain(input).hits[0]?.record;

  it("peggy's `session.error(…)` in its passes: each pass's message at Session#error's `new GrammarError(...args)`", () => {
    const stack = node("require('peggy').generate('start = greeting\\nname = [a-z]+')");
    expect(stack).toContain('GrammarError: Rule "greeting" is not defined');
    const t = explain(stack).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorMessage]).toEqual(['frame', 'lib/compiler/session.js', 58, 'Rule "{name}" is not defined']);
    const m = top('Possible infinite loop when parsing (left recursion: start -> list -> list)');
    expect([m.filePath, m.lineNumber, m.errorClass]).toEqual(['lib/compiler/session.js', 58, 'GrammarError']);
    expect(m.callers[0].filePath).toBe('lib/compiler/passes/report-infinite-recursion.js');
  });

  it("a plain call of the file's own function is not a call of another file's method of that name", () => {
    // (peggy's grammar parser calls its own `function error(message, location)`: not Session#error)
    const hits = explain('Invalid flags').hits.map((h) => `${h.record.filePath}:${h.record.lineNumber}`);
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.filter((h) => h.startsWith('lib/compiler/session.js'))).toEqual([]);
  });

  it("xmldom's `errorHandler.fatalError(…)` in sax.js: the message at DOMHandler#fatalError's throw", () => {
    const stack = node("const { DOMParser } = require('@xmldom/xmldom'); new DOMParser().parseFromString('<user id=\"1\" id=\"2\"/>', 'text/xml')");
    expect(stack).toContain('ParseError: Attribute id redefined');
    const t = explain(stack).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorMessage]).toEqual(['frame', 'lib/dom-parser.js', 495, 'Attribute {qname} redefined']);
    const m = top('Opening and ending tag mismatch: "item" != "root"');
    expect([m.filePath, m.lineNumber, m.callers[0].filePath]).toEqual(['lib/dom-parser.js', 495, 'lib/sax.js']);
  });

  it('a receiver named for the class is a call of its method; a logger and the console are not', () => {
    const m = top('every row needs an id');
    expect([m.filePath, m.lineNumber, m.errorClass, m.callers[0].filePath]).toEqual(['lib/reporter.js', 5, 'ReportError', 'lib/rows.js']);
    for (const text of ['row has no name, skipped', 'row has no size']) {
      expect(explain(text).hits.filter((h) => h.record.filePath === 'lib/reporter.js')).toEqual([]);
    }
  });

  it("an array joined with a spread: ohm-js's action-dictionary errors", () => {
    const stack = node(
      "const ohm = require('ohm-js'); const g = ohm.grammar('Arith { Exp = number  number = digit+ }');" +
        "g.createSemantics().addOperation('eval', { Exp(n) { return n.eval(); }, Sum(a, b) { return 0; } })",
    );
    expect(stack).toContain("Error: Found errors in the action dictionary of the 'eval' operation:");
    const m = top("Found errors in the action dictionary of the 'eval' operation:\n- 'Sum' is not a valid semantic action for 'Arith'");
    expect([m.filePath, m.lineNumber]).toEqual(['dist/ohm.cjs', 4532]);
    expect(m.errorMessage).toBe("Found errors in the action dictionary of the '{name}' {what}:\n{prettyProblems}");
  });
});
