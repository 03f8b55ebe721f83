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

// Node-style error classes made by an `E('ERR_…', message, Base)` table in another module and built
// where the stream fails (`new ERR_STREAM_WRITE_AFTER_END()`), then emitted as an uncaught 'error'
// event: Node prints the emitter's frames after `Emitted 'error' event on … at:`, which are not where
// the error was built.
describe.skipIf(!fs.existsSync(path.join(NM, 'readable-stream', 'package.json')))('ERR_ classes and emitted error events (readable-stream)', () => {
  let db: string;
  beforeAll(() => {
    db = path.join(tmpDir('err-codes-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(NM, 'readable-stream'), '--db', db]).code).toBe(0);
  }, 120_000);

  it.each([
    "const { Writable } = require('readable-stream'); const w = new Writable({ write(c, e, cb) { cb(); } }); w.end('a'); w.write('b');",
    "const { Readable } = require('readable-stream'); const r = new Readable({ read() {} }); r.push(null); r.push('x');",
  ])('%s', (code) => {
    const p = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', cwd: path.dirname(NM) });
    expect(p.stderr).toContain("Emitted 'error' event");
    const frame = /\((\/[^)]*node_modules\/readable-stream\/(lib\/[^:]+):(\d+):\d+)\)/.exec(p.stderr)!;
    const message = /^\w+(?: \[\w+\])?: (.*)$/m.exec(p.stderr)![1];
    for (const input of [p.stderr, message]) {
      const r = errdex(['explain', input, '--db', db, '--json']);
      expect(r.code).toBe(0);
      const top = explainOutput(r.stdout).hits[0];
      expect(`${top.record.filePath}:${top.lines.join(',')}`, input.slice(0, 80)).toContain(frame[2]);
      expect(top.lines).toContain(Number(frame[3]));
    }
  });
});
