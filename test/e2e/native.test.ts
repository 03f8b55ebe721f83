// Messages the runtime writes in its native code, end to end: real installed library code analyzed
// by the CLI, run with bad input by the real runtime, and the printed message alone explained.
// The answer is the library line that calls into the runtime (the catalogues of
// languages/<id>/native.ts), with the record saying whose text it is. And what is not one: a
// callee of the same name that the file does not import from the runtime's module, a global the
// file binds itself. CI needs python3, ruby and the evaluation's node_modules (bson).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const STDLIB = '/usr/lib/python3.11';
const RUBY_LIB = '/usr/lib/ruby/3.1.0';
const BSON = path.resolve(import.meta.dirname, '../../eval/node_modules/bson');

/** The line of `file` holding `text` (1-based): where the runtime is called. */
const lineOf = (file: string, text: string): number => fs.readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

/** What the runtime printed as the error's message (its last line of stderr, after `Class: `). */
function printed(cmd: string, args: string[], cwd?: string, env?: Record<string, string>): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: env && { ...process.env, ...env } });
  expect(r.status).not.toBe(0);
  return r.stderr;
}

/** `errdex explain` of a message; exit code 4 (no confident match) allowed with `none`. */
function explain(db: string, message: string, none = false) {
  const r = errdex(['explain', message, '--db', db, '--json', '--limit', '5']);
  expect(r.code, r.stderr).toBe(none ? 4 : 0);
  return explainOutput(r.stdout);
}

describe('native messages: the line that calls the runtime, from the message alone', () => {
  let db: string;

  beforeAll(() => {
    db = path.join(tmpDir('native-db'), 'index.sqlite');
    // (real installed files, each a tree of its own)
    for (const f of [`${STDLIB}/csv.py`, `${STDLIB}/bz2.py`, `${STDLIB}/gettext.py`, `${STDLIB}/curses`, `${RUBY_LIB}/securerandom.rb`, BSON]) {
      const r = errdex(['analyze', f, '--db', db]);
      expect(r.code, r.stderr).toBe(0);
    }
  });

  it('python: _csv\'s message, at csv.py\'s next(self.reader) (a reader bound to self)', () => {
    const err = printed('python3', ['-c', "import csv, io; csv.field_size_limit(8); list(csv.DictReader(io.StringIO('name\\nabcdefghijkl\\n')))"]);
    const message = err.trim().split('\n').at(-1)!.replace(/^_csv\.Error: /, '');
    expect(message).toBe('field larger than field limit (8)');
    const hit = explain(db, message).hits[0];
    expect(hit.record).toMatchObject({ filePath: 'csv.py', errorClass: '_csv.Error', native: 'iterating csv.reader()', errorMessage: 'field larger than field limit ({limit})' });
    expect(hit.lines).toContain(lineOf(`${STDLIB}/csv.py`, 'row = next(self.reader)'));
    expect(hit.captures).toEqual({ limit: '8' });
    expect(hit.why.join(' ')).toContain("the runtime's");
    const text = errdex(['explain', message, '--db', db]);
    expect(text.stdout).toContain("the runtime's message: raised inside iterating csv.reader(), called here");
  });

  it('python: _curses\'s setupterm message, at the call a star import of _curses resolves', () => {
    const err = printed('python3', ['-c', 'import curses; curses.initscr()'], undefined, { TERM: 'errdex-no-such-terminal' });
    const message = err.trim().split('\n').at(-1)!.replace(/^_curses\.error: /, '');
    expect(message).toBe('setupterm: could not find terminal');
    const hit = explain(db, message).hits[0];
    expect(hit.record).toMatchObject({ filePath: '__init__.py', errorClass: '_curses.error', native: '_curses.setupterm' });
    expect(hit.lines).toContain(lineOf(`${STDLIB}/curses/__init__.py`, 'setupterm(term='));
  });

  it('python: _bz2\'s message, at the decompressor bound to a local (decomp.decompress)', () => {
    const err = printed('python3', ['-c', "import bz2; bz2.decompress(b'not bz2 data at all')"]);
    expect(err.trim().split('\n').at(-1)).toBe('OSError: Invalid data stream');
    const hit = explain(db, 'Invalid data stream').hits[0];
    expect(hit.record).toMatchObject({ filePath: 'bz2.py', native: 'bz2.BZ2Decompressor().decompress', lineNumber: lineOf(`${STDLIB}/bz2.py`, 'res = decomp.decompress(data)') });
  });

  it('python: struct\'s message, at gettext\'s `from struct import unpack` calls', () => {
    const hit = explain(db, 'unpack requires a buffer of 4 bytes').hits[0];
    expect(hit.record).toMatchObject({ filePath: 'gettext.py', native: 'struct.unpack', errorClass: 'struct.error' });
    expect(hit.lines).toContain(lineOf(`${STDLIB}/gettext.py`, "magic = unpack('<I', buf[:4])[0]"));
  });

  it('ruby: the core\'s Random.urandom, at securerandom.rb', () => {
    const err = printed('ruby', ['-rsecurerandom', '-e', 'SecureRandom.random_bytes(-1)']);
    expect(err).toContain("securerandom.rb:65:in `urandom': negative string size (or size too big) (ArgumentError)");
    const hit = explain(db, 'negative string size (or size too big)').hits[0];
    expect(hit.record).toMatchObject({ filePath: 'securerandom.rb', native: 'Random.urandom', errorClass: 'ArgumentError', language: 'ruby' });
    expect(hit.lines).toContain(65);
  });

  it('javascript: V8\'s JSON.parse message, at bson\'s call of JSON.parse', () => {
    const run = spawnSync(process.execPath, ['-e', "try { require('bson').EJSON.parse('{\"a\" 1}') } catch (e) { console.log(e.message) }"], { cwd: path.dirname(BSON), encoding: 'utf8' });
    const message = run.stdout.trim();
    expect(message).toBe("Expected ':' after property name in JSON at position 5");
    const hits = explain(db, message).hits;
    const bson = hits.find((h: { record: { filePath: string } }) => h.record.filePath === 'lib/bson.cjs');
    expect(bson?.record).toMatchObject({ native: 'JSON.parse', errorClass: 'SyntaxError', package: 'bson' });
    expect(bson.lines).toContain(lineOf(`${BSON}/lib/bson.cjs`, 'return JSON.parse(text, (key, value) => {'));
  });

  it('a runtime\'s message inside a wrapper ranks under the wrapper that says what failed', () => {
    const tree = tmpDir('native-wrap');
    write(tree, 'b64.py', 'import base64, binascii\n\n\ndef load(s):\n    try:\n        return base64.b64decode(s)\n    except binascii.Error as e:\n        raise ValueError("Badly formed token: %s" % e)\n');
    const wdb = path.join(tmpDir('native-wrap-db'), 'index.sqlite');
    expect(errdex(['analyze', tree, '--db', wdb]).code).toBe(0);
    expect(errdex(['analyze', `${STDLIB}/base64.py`, '--db', wdb]).code).toBe(0);
    const hits = explain(wdb, 'Badly formed token: Incorrect padding').hits;
    expect(hits[0].record).toMatchObject({ filePath: 'b64.py', lineNumber: 8 });
    expect(hits[1].record).toMatchObject({ filePath: 'base64.py', native: 'binascii.a2b_base64' });
    expect(hits[1].wrappedBy[0].recordId).toBe(hits[0].recordId);
  });

  it('not by name alone: a callee the file does not import from the runtime, a global it binds itself', () => {
    const tree = tmpDir('native-own');
    write(tree, 'own.py', 'def unpack(fmt, data):\n    return data\n\n\ndef read(buf):\n    return unpack("<I", buf)\n');
    write(tree, 'json3.js', "const JSON = require('json3');\n\nfunction read(text) {\n  return JSON.parse(text);\n}\nmodule.exports = { read };\n");
    write(tree, 'real.py', 'from struct import unpack as u\n\n\ndef read(buf):\n    # unpack("<I", buf) in a comment is no call\n    return u("<I", buf)\n');
    const odb = path.join(tmpDir('native-own-db'), 'index.sqlite');
    expect(errdex(['analyze', tree, '--db', odb]).code).toBe(0);
    const unpack = explain(odb, 'unpack requires a buffer of 4 bytes').hits.filter((h: { score: number }) => h.score > 0.5);
    expect(unpack.map((h: { record: { filePath: string; lineNumber: number } }) => `${h.record.filePath}:${h.record.lineNumber}`)).toEqual(['real.py:6']);
    const parse = explain(odb, 'Unexpected end of JSON input', true).hits.filter((h: { score: number }) => h.score > 0.5);
    expect(parse).toEqual([]);
  });
});
