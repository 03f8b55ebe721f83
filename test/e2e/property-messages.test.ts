// Messages read from a property whose texts the file assigns elsewhere (property-texts.ts): pako's
// inflater sets `strm.msg = 'incorrect header check'` (one assignment per failure) and `inflate`
// raises `throw new Error(inflator.msg)`. Each assigned text is an alternative of the raise,
// defined at its assignment. Real code: pako's CommonJS bundle, run by node for the messages.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PAKO = path.resolve(import.meta.dirname, '../../eval/node_modules/pako/dist/pako.cjs.js');

describe('messages read from a property assigned elsewhere in the file', () => {
  let db: string;
  let text: string;
  beforeAll(() => {
    const root = tmpDir('propmsg-pako');
    text = fs.readFileSync(PAKO, 'utf8');
    write(root, 'dist/pako.cjs.js', text);
    db = path.join(tmpDir('propmsg-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it("names inflate's raise for each text the inflater assigns to strm.msg, defined at the assignment", () => {
    const code = [
      `const pako = require(${JSON.stringify(PAKO)});`,
      'const bad = [new Uint8Array([1, 2, 3, 4]), new Uint8Array([0x78, 0x9c, 0x07, 0x00])];',
      'for (const b of bad) { try { pako.inflate(b); } catch (e) { console.log(JSON.stringify(e.message)); } }',
    ].join('\n');
    const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
    const messages = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as string);
    expect(messages).toEqual(['incorrect header check', 'invalid block type']);
    const lines = text.split('\n');
    const raise = lines.findIndex((l) => /if \(inflator\.err\) throw new Error\(inflator\.msg\)/.test(l)) + 1;
    expect(raise).toBeGreaterThan(0);
    for (const m of messages) {
      const defined = lines.findIndex((l) => l.includes(`strm.msg = "${m}"`)) + 1;
      expect(defined).toBeGreaterThan(0);
      const out = errdex(['explain', m, '--db', db, '--json']);
      expect(out.code).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.matchType).toBe('template');
      expect(h.message).toBe(m);
      expect(h.lines).toContain(raise);
      expect(h.record.definedAt).toEqual({ filePath: 'dist/pako.cjs.js', line: defined });
    }
  });
});

// The same shape in code written here, with what must stay out: an error's own `message` property
// (a caught error's, read as a wrapped message) and a property whose name does not say it is a message.
const CODE = `class Reader {
  fail(why) {
    this.reason = why;
  }
  read(s) {
    if (!s) this.reason = 'empty input';
    else if (s.length > 9) this.reason = \`input too long: \${s.length}\`;
    this.kind = 'no such kind';
    if (this.reason) throw new Error(this.reason);
    if (this.bad) throw new Error(this.kind);
  }
}
function wrap(f) {
  try { f(); } catch (err) { err.message = 'never raised as is'; throw new Error(err.message); }
}
module.exports = { Reader, wrap };
`;

describe('property texts: which reads and which assignments count', () => {
  let db: string;
  beforeAll(() => {
    const root = tmpDir('propmsg-own');
    write(root, 'lib/reader.js', CODE);
    db = path.join(tmpDir('propmsg-own-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  const top = (m: string) => explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];

  it('gives a message property its assigned texts, templates included', () => {
    const run = spawnSync(process.execPath, ['-e', `${CODE}\nfor (const s of ['', 'abcdefghijkl']) { try { new Reader().read(s); } catch (e) { console.log(e.message); } }`], { encoding: 'utf8' });
    expect(run.stdout.trim().split('\n')).toEqual(['empty input', 'input too long: 12']);
    for (const [m, line] of [['empty input', 6], ['input too long: 12', 7]] as const) {
      const h = top(m);
      expect(h.matchType).toBe('template');
      expect(h.lines).toContain(9);
      expect(h.record.definedAt).toEqual({ filePath: 'lib/reader.js', line });
    }
  });

  it('leaves other property names and an error\'s own message alone', () => {
    expect(top('no such kind')?.lines ?? []).not.toContain(10);
    expect(top('never raised as is')?.lines ?? []).not.toContain(14);
  });
});
