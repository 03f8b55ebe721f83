// Messages from a table a module exports inside its exports object, handed by a subclass to its
// base class's helper (decision 0109). shift-parser's `errors.js` is `module.exports = {
// ErrorMessages: { UNEXPECTED_TOKEN(id) { return `Unexpected token ${…}` }, UNTERMINATED_REGEXP:
// '…', … } }`; its `Tokenizer#createError(message, ...params)` sets `msg` to `message(...params)`
// or `message` and returns `new JsError(…, msg)`, whose constructor sets `this.message =
// `[${line}:${column}]: ${msg}``; `GenericParser extends Tokenizer` in parser.js calls
// `this.createError(ErrorMessages.X)` and `this.createError(isAwait ? ErrorMessages.A :
// ErrorMessages.B)`. A fixture checks each rule alone, and what is not read.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const SHIFT = path.join(MODULES, 'shift-parser');

interface Hit { record: { filePath: string; lineNumber: number; errorMessage: string; errorClass: string | null } }

/** The message node prints for an uncaught error of this CommonJS snippet (its first line, the class cut off). */
function run(code: string): string {
  const p = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' });
  const line = p.stderr.split('\n').find((l) => /^[A-Z]\w*(?: \[\w+\])?: /.test(l));
  expect(line).toBeDefined();
  return line!.replace(/^[A-Z]\w*(?: \[\w+\])?: /, '');
}

const installed = fs.existsSync(path.join(SHIFT, 'package.json'));

describe.skipIf(!installed)('table entries handed to a base class helper', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('inherited-db'), 'i.sqlite');
    expect(errdex(['analyze', SHIFT, '--db', db]).code).toBe(0);
    const fixture = tmpDir('inherited-fixture');
    write(fixture, 'lib/texts.js', [
      'module.exports = {',
      '  Texts: {',
      '    BAD_NAME(name) {',
      '      return `Column name ${name} is not allowed`;',
      '    },',
      '    BAD_ALIAS: (alias) => `Alias ${alias} clashes with a column`,',
      "    NO_TABLE: 'A table must be chosen before the columns',",
      "    NO_ROWS: 'The insert has no rows at all',",
      "    NO_SET: 'The update sets no column whatsoever',",
      '  },',
      '};', '',
    ].join('\n'));
    write(fixture, 'lib/base.js', [
      'class QueryError extends Error {',
      '  constructor(at, text) {',
      '    super(text);',
      '    this.message = `[query ${at}] ${text}`;',
      '  }',
      '}',
      'class Builder {',
      '  fault(message, ...params) {',
      '    let text;',
      "    if (typeof message === 'function') text = message(...params);",
      '    else text = message;',
      '    return new QueryError(this.at, text);',
      '  }',
      '  end() {',
      "    throw this.fault('The query ended too early');",
      '  }',
      '}',
      'module.exports = { Builder, QueryError };', '',
    ].join('\n'));
    write(fixture, 'lib/select.js', [
      "const { Texts } = require('./texts');",
      "const { Builder } = require('./base');",
      'class Select extends Builder {',
      '  column(name) {',
      "    if (name === '*') throw this.fault(Texts.BAD_NAME, name);",
      '    throw this.fault(this.table ? Texts.NO_ROWS : Texts.NO_TABLE);',
      '  }',
      '}',
      'module.exports = { Select };', '',
    ].join('\n'));
    write(fixture, 'lib/update.js', [
      "const { Texts } = require('./texts');",
      "const { Builder } = require('./base');",
      'class Update extends Builder {',
      '  fault(message) {',
      "    return new Error('update: ' + message);",
      '  }',
      '  run() {',
      '    throw this.fault(Texts.NO_SET);',
      '  }',
      '}',
      'module.exports = { Update };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 180_000);

  const hits = (input: string): Hit[] => explainInput(db, input).hits;
  const lineOf = (h: Hit): string => recordLine(SHIFT, h);

  it.each([
    ["parseScript('let total = ;')", '[{startLine}:{startLineStart}]: Unexpected token {id}'],
    ["parseScript('var re = /abc')", '[{startLine}:{startLineStart}]: Invalid regular expression: missing /'],
    ["parseScript('for (let i = 0 of items) {}')", '[{startLine}:{startLineStart}]: Invalid variable declaration in for-of statement'],
  ])('shift-parser: %s is raised where createError constructs it', (code, template) => {
    const message = run(`const { parseScript } = require('shift-parser'); ${code}`);
    const hit = hits(message)[0];
    expect(hit.record.errorMessage).toBe(template);
    expect(hit.record.filePath).toBe('src/tokenizer.js');
    expect(lineOf(hit)).toContain('return new JsError(');
  });

  it("a table's method and arrow entries, and plain ones, through the base's helper", () => {
    for (const [message, template] of [
      ['[query 3] Column name * is not allowed', '[query {at}] Column name {name} is not allowed'],
      ['[query 3] A table must be chosen before the columns', '[query {at}] A table must be chosen before the columns'],
      ['[query 3] The insert has no rows at all', '[query {at}] The insert has no rows at all'],
    ]) {
      const hit = hits(message)[0];
      expect(hit.record.errorMessage).toBe(template);
      expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/base.js:12');
    }
  });

  it("a subclass defining the method itself keeps its own calls; another helper of the name is not the base's", () => {
    const hit = hits('update: The update sets no column whatsoever')[0];
    expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/update.js:5');
    // (select.js's calls go to the base its class extends, not to update.js's `fault`, the tree's other method of the name)
    expect(hits('update: Column name * is not allowed').some((h) => h.record.filePath === 'lib/update.js' && h.record.errorMessage.includes('Column name'))).toBe(false);
  });
});
