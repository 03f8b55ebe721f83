// Round 20's npm mechanisms (decision 0151), through the CLI on the installed packages:
// - ws's frame errors: `this.createError(RangeError, 'MASK must be clear', true, …)`, where the method
//   hides itself (`Error.captureStackTrace(err, this.createError)`) and builds
//   `prefix ? \`Invalid WebSocket frame: ${message}\` : message`: each call is a site with the
//   method's text around the caller's.
// - asn1.js's `ReporterError(path, msg)` calls `this.rethrow(msg)`, whose
//   `this.message = msg + ' at: ' + (this.path || '(shallow)')` is the class's message.
// - @vue/compiler-dom's `createDOMCompilerError` returns compiler-core's
//   `createCompilerError(code, loc, DOMErrorMessages)`: one record per entry of the handed table.
// - jwa's `typeError(template)` formats with `util.format.bind(util, template).apply(null, args)`:
//   the callers' texts, their `%s` opened, at the helper's raise.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const pkg = (name: string) => path.join(MODULES, name);
const NAMES = ['ws', 'asn1.js', '@vue/compiler-dom', 'jwa'];
const installed = NAMES.every((p) => fs.existsSync(path.join(pkg(p), 'package.json')));

/** The message of the error the code throws (or hands to the callback `fail`), run by node in eval/node_modules. */
function messageOf(code: string): string {
  const p = spawnSync(process.execPath, ['-e', `const fail = (e) => process.stdout.write(e.message); try { ${code} } catch (e) { fail(e); }`], { cwd: MODULES, encoding: 'utf8' });
  expect(p.stdout).not.toBe('');
  return p.stdout;
}

describe.skipIf(!installed)('round 20 npm sources', () => {
  const dbs: Record<string, string> = {};

  beforeAll(() => {
    for (const name of NAMES) {
      dbs[name] = path.join(tmpDir('round20-db'), 'i.sqlite');
      expect(errdex(['analyze', pkg(name), '--db', dbs[name]]).code).toBe(0);
    }
  }, 240_000);

  it.each([
    ['[0xb1, 0x00]', 'RSV2 and RSV3 must be clear'],
    ['[0x81, 0x80]', 'MASK must be clear'],
  ])('ws: frame %s is answered at the call of the self-hiding method, with the text it prefixes', (bytes, text) => {
    const message = messageOf(`const r = new (require('ws').Receiver)(); r.on('error', fail); r.write(Buffer.from(${bytes}));`);
    expect(message).toBe(`Invalid WebSocket frame: ${text}`);
    const hit = explainInput(dbs.ws, message).hits[0];
    expect(hit.record.filePath).toBe('lib/receiver.js');
    expect(recordLine(pkg('ws'), hit)).toContain('this.createError(');
    expect(hit.message).toBe(message);
  });

  it('asn1.js: the message a prototype method sets for the constructor is the class\'s', () => {
    const message = messageOf("const asn1 = require('asn1.js'); asn1.define('M', function () { this.choice({ a: this.int(), b: this.bool() }); }).decode(Buffer.from([4, 0]), 'der');");
    expect(message).toBe('Choice not matched at: (shallow)');
    const hit = explainInput(dbs['asn1.js'], message).hits[0];
    expect(hit.record.filePath).toBe('lib/asn1/base/reporter.js');
    expect(recordLine(pkg('asn1.js'), hit)).toContain('new ReporterError(');
    expect(hit.record.errorMessage).toBe('{msg} at: (shallow)');
  });

  it.each([
    ['<div v-html="x">hi</div>', 'v-html will override element children.'],
    ['<div v-model="x"></div>', 'v-model can only be used on <input>, <textarea> and <select> elements.'],
  ])('@vue/compiler-dom: %s is an entry of the table handed to another package\'s factory', (template, text) => {
    const message = messageOf(`require('@vue/compiler-dom').compile(${JSON.stringify(template)});`);
    expect(message).toBe(text);
    const hit = explainInput(dbs['@vue/compiler-dom'], message).hits[0];
    expect(hit.record.filePath).toMatch(/^dist\/compiler-dom\.cjs(?:\.prod)?\.js$/);
    expect(recordLine(pkg('@vue/compiler-dom'), hit)).toContain('createCompilerError(');
    expect(hit.record.errorMessage).toBe(text);
  });

  it('jwa: a caller\'s format text, its %s opened, at the helper that applies util.format', () => {
    const message = messageOf("require('jwa')('nope');");
    expect(message).toMatch(/^"nope" is not a valid algorithm\./);
    const hit = explainInput(dbs.jwa, message).hits[0];
    expect(hit.record.filePath).toBe('index.js');
    expect(recordLine(pkg('jwa'), hit)).toContain('new TypeError(errMsg)');
    expect(hit.captures).toMatchObject({ value: 'nope' });
  });
});
