// A message looked up in a table the caller may replace, the file's own by default, and held on the
// way (decision 0087): @vue/compiler-core's `createCompilerError(code, loc, messages, additionalMessage)`
// does `const msg = (messages || errorMessages)[code] + (additionalMessage || ``)` then `new
// SyntaxError(String(msg))`, with `errorMessages = { [0]: "Illegal comment.", … }`. Before, the raise
// was one hole (`{msg}`) and a bare message found nothing of Vue's; now each entry is a message of
// the raise. A fixture checks `??`, a local assigned twice (not followed) and a suffix that is no
// empty default (kept: no entry alone is the message).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const VUE = path.join(MODULES, '@vue', 'compiler-core');

describe.skipIf(!fs.existsSync(path.join(VUE, 'package.json')))('a message table the caller may replace, held in a local', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('fallback-tables-db'), 'i.sqlite');
    expect(errdex(['analyze', VUE, '--db', db]).code).toBe(0);
    const fixture = tmpDir('fallback-tables-fixture');
    write(fixture, 'lib/errors.js', [
      "'use strict';",
      'const defaultMessages = {',
      "  [0]: 'Unterminated string literal.',",
      "  [1]: 'Missing closing bracket.',",
      '};',
      'function makeError(code, messages) {',
      '  const text = (messages ?? defaultMessages)[code];',
      '  return new SyntaxError(String(text));',
      '}',
      'const otherMessages = {',
      "  [0]: 'Stray comma in list.',",
      '};',
      'function otherError(code, extra) {',
      "  let msg = 'Error';",
      '  msg = otherMessages[code] + extra;',
      '  return new TypeError(msg);',
      '}',
      'const suffixed = {',
      "  [0]: 'Unknown directive.',",
      '};',
      'function suffixedError(code, hint) {',
      "  const msg = suffixed[code] + (hint || ' See the manual.');",
      '  return new RangeError(msg);',
      '}',
      'module.exports = { makeError, otherError, suffixedError };', '',
    ].join('\n'));
    expect(errdex(['analyze', fixture, '--db', db]).code).toBe(0);
  }, 120_000);

  const hits = (input: string) => explainInput(db, input).hits;

  it.each([
    ["baseCompile('<div><span>hello</div>')", 'Element is missing end tag.'],
    ["baseCompile('<li v-for=\"item of\"></li>')", 'v-for has invalid expression.'],
    ["baseCompile('<p>{{ user.name </p>')", 'Interpolation end sign was not found.'],
  ])('vue: %s', (code, message) => {
    const p = spawnSync(process.execPath, ['-e', `const { baseCompile } = require('@vue/compiler-core'); ${code}`], { cwd: MODULES, encoding: 'utf8' });
    expect(p.stderr).toContain(`SyntaxError: ${message}`);
    const hit = hits(message)[0];
    expect(hit.record.filePath).toBe('dist/compiler-core.cjs.js');
    expect(hit.record.errorMessage).toBe(message);
    const line = fs.readFileSync(path.join(VUE, 'dist/compiler-core.cjs.js'), 'utf8').split('\n')[hit.record.lineNumber - 1];
    expect(line).toContain('new SyntaxError(String(msg))');
  });

  it('`(messages ?? defaultMessages)[code]` held in a const and wrapped in `String()`', () => {
    const hit = hits('Missing closing bracket.')[0];
    expect([hit.record.filePath, hit.record.lineNumber, hit.record.errorMessage]).toEqual(['lib/errors.js', 8, 'Missing closing bracket.']);
  });

  it('a local assigned twice, and a suffix with a text of its own, are not read as the entry alone', () => {
    expect(hits('Stray comma in list.').some((h: { record: { errorMessage: string } }) => h.record.errorMessage === 'Stray comma in list.')).toBe(false);
    expect(hits('Unknown directive.').some((h: { record: { errorMessage: string } }) => h.record.errorMessage === 'Unknown directive.')).toBe(false);
  });
});
