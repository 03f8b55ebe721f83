// Round 16's npm mechanisms (decision 0127) on the real libraries, through the CLI:
// - stylus's `Parser#error(msg)` throws `new errors.ParseError(msg.replace('{peek}', …))`: the callers'
//   texts (`this.error('unexpected {peek}')`) are the raise's messages, `{peek}` a hole. Before, the
//   raise was one hole and a parse error's message ranked nowhere.
// - @internationalized/date ships each module three times (Parcel's CJS, ESM and `.mjs` builds), every
//   function named `$<module hash>$export$<name hash>`, the module hash differing between builds: the
//   builds' raises are one hit, which names the copy in the CommonJS build. Before, they tied.
// - jsrender's `JsViewsError` takes its stack from `(JsViewsError.prototype = new Error())`: every
//   raise of it (`throw new $sub.Err(message)`, `Err: JsViewsError` a key of `$sub`) is answered at
//   that line, the only one its stack shows. Before, the message was answered at the `throw`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const pkg = (name: string) => path.join(MODULES, name);
const installed = ['stylus', '@internationalized/date', 'jsrender'].every((p) => fs.existsSync(path.join(pkg(p), 'package.json')));

/** The message of the error the code throws, run by node in eval/node_modules. */
function messageOf(code: string): string {
  const p = spawnSync(process.execPath, ['-e', `try { ${code} } catch (e) { process.stdout.write(e.message); }`], { cwd: MODULES, encoding: 'utf8' });
  expect(p.stdout).not.toBe('');
  return p.stdout;
}

describe.skipIf(!installed)('markers, builds and prototype stacks of real packages', () => {
  const dbs: Record<string, string> = {};

  beforeAll(() => {
    for (const name of ['stylus', '@internationalized/date', 'jsrender']) {
      dbs[name] = path.join(tmpDir('round16-db'), 'i.sqlite');
      expect(errdex(['analyze', pkg(name), '--db', dbs[name]]).code).toBe(0);
    }
  }, 240_000);

  it.each([
    ["require('stylus').render('body\\n  color: red;\\n  }\\n')", 'unexpected {peek}'],
    ["require('stylus').render('body\\n  foo(\\n')", 'failed to find closing paren ")"'],
  ])("stylus: %s is the caller's text at the parser's raise", (code, text) => {
    const hit = explainInput(dbs.stylus, messageOf(code)).hits[0];
    expect(`${hit.record.filePath}:${hit.record.lineNumber}`).toBe('lib/parser.js:252');
    expect(hit.record.errorMessage).toBe(text);
  });

  it.each([
    ["require('@internationalized/date').parseDate('2024-13-45x')", 'Invalid ISO 8601 date string: {value}'],
    ["require('@internationalized/date').parseDuration('P1Q')", 'Invalid ISO 8601 Duration string: {value}'],
  ])('@internationalized/date: %s names the CommonJS build among the copies of one hit', (code, text) => {
    const hit = explainInput(dbs['@internationalized/date'], messageOf(code)).hits[0];
    expect(hit.record.errorMessage).toBe(text);
    const files = [hit.record.filePath, ...hit.copies.map((c: { filePath: string }) => c.filePath)];
    expect(files).toEqual(expect.arrayContaining(['dist/private/string.cjs', 'dist/private/string.js', 'dist/private/string.mjs']));
  });

  it.each([
    ["require('jsrender').templates('{{for items}}x').render({})"],
    ["require('jsrender').templates('{{>a}} {{else}}').render({})"],
  ])('jsrender: %s is answered at the prototype its stack is taken from', (code) => {
    const hit = explainInput(dbs.jsrender, messageOf(code)).hits[0];
    expect(hit.record.filePath).toBe('jsrender-node.js');
    const line = fs.readFileSync(path.join(pkg('jsrender'), 'jsrender-node.js'), 'utf8').split('\n')[hit.record.lineNumber - 1];
    expect(line).toContain('JsViewsError.prototype = new Error()');
    expect(hit.record.errorMessage.startsWith('Syntax error\n')).toBe(true);
  });
});
