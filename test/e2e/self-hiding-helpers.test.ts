// A raising helper that hands itself to the error it builds (chai's `new AssertionError(msg, props,
// this.assert)`, @hapi/hoek's `new AssertError(msgs.join(' '), assert)`, both ending in
// `Error.captureStackTrace(this, ssf)`) is hidden from the stack: the trace's innermost frame is the
// call. Each call is then a record of the message it gives (decision 0043), also from another module
// that requires the helper's module and calls it as a function, with a rest parameter joined and
// chai's `#{name}` markers as holes; and `util.format` read under a local alias (avsc's `f`).
// Real installed code, run by node for the messages and lines.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const NM = path.resolve(import.meta.dirname, '../../eval/node_modules');
const PKGS = ['chai', '@hapi/hoek', 'avsc'];

describe.skipIf(PKGS.some((p) => !fs.existsSync(path.join(NM, p, 'package.json'))))('self-hiding helpers in installed packages', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('self-hiding-db'), 'i.sqlite');
    for (const pkg of PKGS) expect(errdex(['analyze', path.join(NM, pkg), '--db', db]).code).toBe(0);
  }, 120_000);

  /** The message and the innermost frame inside node_modules, as node prints them. */
  const run = (code: string, esm: boolean): { message: string; file: string; line: number } => {
    // (an ES module's imports go before the try)
    const [imports, stmt] = esm ? [code.slice(0, code.indexOf(';') + 1), code.slice(code.indexOf(';') + 1)] : ['', code];
    const body = `${imports} try { ${stmt} } catch (e) {
      const f = e.stack.split('\\n').find((l) => l.includes('node_modules/'));
      const m = /node_modules\\/(?:@[^/]+\\/)?[^/]+\\/(.*):(\\d+):\\d+\\)?$/.exec(f);
      console.log(JSON.stringify({ message: e.message, file: m[1], line: Number(m[2]) }));
    }`;
    const r = spawnSync(process.execPath, [...(esm ? ['--input-type=module'] : []), '-e', body], { encoding: 'utf8', cwd: path.dirname(NM) });
    expect(r.stderr).toBe('');
    return JSON.parse(r.stdout) as { message: string; file: string; line: number };
  };

  it.each([
    ["import * as chai from 'chai'; chai.config.includeStack = true; chai.expect({ a: 1 }).to.deep.equal({ a: 2 });", true],
    ["import * as chai from 'chai'; chai.config.includeStack = true; chai.expect([1]).to.have.lengthOf(2);", true],
    ["const Hoek = require('@hapi/hoek'); Hoek.reach({ a: { b: 1 } }, 'a.c.d', { strict: true });", false],
    ["const Hoek = require('@hapi/hoek'); Hoek.merge({}, [1]);", false],
    ["const avro = require('avsc'); avro.Type.forSchema({ type: 'record', name: 'R', fields: [{ name: 'x', type: 'long2' }] });", false],
  ] as const)('%s', (code, esm) => {
    const c = run(code, esm);
    const r = errdex(['explain', c.message, '--db', db, '--json']);
    expect(r.code).toBe(0);
    const top = explainOutput(r.stdout).hits[0];
    expect(`${top.record.filePath}:${top.lines.join(',')}`, c.message).toContain(`${c.file}:`);
    expect(top.lines, `${c.message} at ${c.file}:${c.line}`).toContain(c.line);
  });
});
