// Round 17's npm sources (decision 0133), through the CLI.
// - cborg's raises write `${decodeErrPrefix} …`, the prefix a constant of another module
//   (`lib/common.js`, exported by a list `export { decodeErrPrefix, … }`), imported by name: the
//   raise's template starts with the constant's text. Before, the prefix was a hole (these failed).
// The idioms that already worked on code errdex had not seen, kept from regressing:
// - @humanwhocodes/momoa's error classes hand their base a text (`Unexpected character '…' found.`)
//   that the base completes (`${message} (${line}:${column})`): the message is the two joined, at
//   the raise of the subclass.
// - @hapi/boom asserts through another package's `Hoek.assert(condition, ...parts)`: the parts
//   joined by spaces are the message, at the assert's call.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, recordLine, tmpDir } from './cli.js';

const MODULES = path.resolve(import.meta.dirname, '../../eval/node_modules');
const pkg = (name: string) => path.join(MODULES, name);
const NAMES = ['cborg', '@humanwhocodes/momoa', '@hapi/boom'];
const installed = NAMES.every((p) => fs.existsSync(path.join(pkg(p), 'package.json')));

/** The message of the error the code throws, run by node in eval/node_modules (`await import` for ESM). */
function messageOf(code: string): string {
  const p = spawnSync(process.execPath, ['-e', `(async () => { try { ${code} } catch (e) { process.stdout.write(e.message); } })()`], { cwd: MODULES, encoding: 'utf8' });
  expect(p.stdout).not.toBe('');
  return p.stdout;
}

describe.skipIf(!installed)('round 17 npm sources', () => {
  const dbs: Record<string, string> = {};

  beforeAll(() => {
    for (const name of NAMES) {
      dbs[name] = path.join(tmpDir('round17-db'), 'i.sqlite');
      expect(errdex(['analyze', pkg(name), '--db', dbs[name]]).code).toBe(0);
    }
  }, 240_000);

  it.each([
    ["const { decode } = await import('cborg'); decode(new Uint8Array([0x01, 0x02]));", 'lib/decode.js', 'too many terminals'],
    ["const { encode } = await import('cborg'); encode(Symbol('x'));", 'lib/encode.js', 'unsupported type'],
  ])('cborg: %s is answered at the raise that joins the imported prefix', (code, file, text) => {
    const hit = explainInput(dbs.cborg, messageOf(code)).hits[0];
    expect(hit.record.filePath).toBe(file);
    expect(recordLine(pkg('cborg'), hit)).toContain(text);
    expect(hit.record.errorMessage.startsWith('CBOR ')).toBe(true);
  });

  it.each([
    ["require('@humanwhocodes/momoa').parse('{\"a\": @}')", 'throw new UnexpectedChar('],
    ["require('@humanwhocodes/momoa').parse('[nul]')", 'throw new UnexpectedIdentifier('],
  ])('momoa: %s is answered at the subclass raise, with the base class completing the text', (code, raise) => {
    const hit = explainInput(dbs['@humanwhocodes/momoa'], messageOf(code)).hits[0];
    expect(hit.record.filePath).toBe('dist/momoa.cjs');
    expect(recordLine(pkg('@humanwhocodes/momoa'), hit)).toContain(raise);
  });

  it('boom: the parts of an assert of another package are the message', () => {
    const hit = explainInput(dbs['@hapi/boom'], messageOf("new (require('@hapi/boom').Boom)('x', { statusCode: 200 })")).hits[0];
    expect(hit.record.filePath).toBe('lib/index.js');
    expect(recordLine(pkg('@hapi/boom'), hit)).toContain("'First argument must be a number (400+):'");
  });
});
