// Round 19's npm sources (decision 0144: no change under src/), through the CLI. These idioms
// answered their cases at rank 1 before any change, on code errdex had not seen; the tests keep them
// from regressing:
// - multer's `MulterError(code)` looks its text up in a table of its own module
//   (`this.message = errorMessages[code]`), and `abortWithCode(code)` in another module hands it the
//   code its callers pass as literals: the helper's raise carries each caller's text.
// - socks raises `new SocksClientError(ERRORS.InvalidSocksCommand, options)`, the text an entry of
//   an `ERRORS` table of another module (compiled TypeScript, `constants_1.ERRORS.X`).
// - jsonlint's jison-generated parser assembles `Parse error on line N:\n<excerpt>\nExpecting …, got
//   '…'` and hands it to `parseError(str)`, which raises it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const pkg = (name: string) => path.join(MODULES, name);
const NAMES = ['multer', 'socks', 'jsonlint'];
const installed = NAMES.every((p) => fs.existsSync(path.join(pkg(p), 'package.json')));

/** What the code writes to stdout, run by node in eval/node_modules. */
function run(code: string): string {
  const p = spawnSync(process.execPath, ['-e', code], { cwd: MODULES, encoding: 'utf8' });
  expect(p.stdout).not.toBe('');
  return p.stdout;
}

/** The message of the error the code throws. */
const messageOf = (code: string): string => run(`try { ${code} } catch (e) { process.stdout.write(e.message); }`);

/** The message multer hands to `next` for a multipart body of two fields under the limits given. */
function multerMessage(limits: string): string {
  return run(`
    const multer = require('multer');
    const { Readable } = require('stream');
    const body = '--b\\r\\nContent-Disposition: form-data; name="abc"\\r\\n\\r\\n1\\r\\n--b\\r\\nContent-Disposition: form-data; name="c"\\r\\n\\r\\n2\\r\\n--b--\\r\\n';
    const req = Readable.from([Buffer.from(body)]);
    req.headers = { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) };
    multer({ limits: ${limits} }).none()(req, {}, (err) => process.stdout.write(err ? err.message : 'no error'));
  `);
}

describe.skipIf(!installed)('round 19 npm sources', () => {
  const dbs: Record<string, string> = {};

  beforeAll(() => {
    for (const name of NAMES) {
      dbs[name] = path.join(tmpDir('round19-db'), 'i.sqlite');
      expect(errdex(['analyze', pkg(name), '--db', dbs[name]]).code).toBe(0);
    }
  }, 240_000);

  it.each([
    ['{ fields: 1 }', 'Too many fields'],
    ['{ fieldNameSize: 1 }', 'Field name too long'],
  ])('multer: limits %s give a text of the error class\'s table, answered at the helper that hands it the code', (limits, text) => {
    const message = multerMessage(limits);
    expect(message).toBe(text);
    const hit = explainInput(dbs.multer, message).hits[0];
    expect(hit.record.filePath).toBe('lib/make-middleware.js');
    expect(recordLine(pkg('multer'), hit)).toContain('new MulterError(code, optionalField, optionalFilename)');
    expect(hit.record.errorMessage).toBe(text);
  });

  it.each([
    ["new (require('socks').SocksClient)({ proxy: { host: '127.0.0.1', port: 1080, type: 5 }, command: 'nope', destination: { host: 'x', port: 1 } })", 'ERRORS.InvalidSocksCommand,'],
    ["new (require('socks').SocksClient)({ proxy: { host: '127.0.0.1', port: 1080, type: 5, custom_auth_method: 3 }, command: 'connect', destination: { host: 'x', port: 1 } })", 'ERRORS.InvalidSocksClientOptionsCustomAuthRange,'],
  ])('socks: %s is answered at the raise that names the entry of the ERRORS table', (code, entry) => {
    const message = messageOf(code);
    const hit = explainInput(dbs.socks, message).hits[0];
    expect(hit.record.filePath).toBe('build/common/helpers.js');
    expect(recordLine(pkg('socks'), hit)).toContain(entry);
    expect(hit.record.errorMessage).toBe(message);
  });

  it('jsonlint: the text the generated parser assembles is answered at parseError\'s raise', () => {
    const message = messageOf("require('jsonlint').parse('{\"a\": 1,}')");
    expect(message).toMatch(/^Parse error on line 1:\n/);
    const hit = explainInput(dbs.jsonlint, message).hits[0];
    const files = [hit.record.filePath, ...(hit.copies ?? []).map((c: { filePath: string }) => c.filePath)];
    expect(files).toContain('lib/jsonlint.js');
    const at = hit.record.filePath === 'lib/jsonlint.js' ? hit : { record: { filePath: 'lib/jsonlint.js', lineNumber: hit.copies.find((c: { filePath: string }) => c.filePath === 'lib/jsonlint.js').line } };
    expect(recordLine(pkg('jsonlint'), at)).toContain('throw new Error(str);');
  });
});
