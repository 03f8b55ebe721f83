// A throw of a file's own function that returns the error it constructs: @iarna/toml's
// `throw typeError('undefined')` with `function typeError (type) { return new Error('Can only
// stringify objects, not ' + type) }`. The construction is the site (V8's top frame) and carries the
// caller's text; the throw line is no site of its own. Before, it was one, whose template was the
// argument alone (`undefined`), and any message holding that word matched it confidently
// ("Cannot read properties of undefined (reading 'type')"). protobufjs's `throw illegal("string")`
// with `function illegal(subject) { return Error("illegal " + subject + …) }` likewise, the class
// called without `new`. Real code: @iarna/toml, run by node, and protobufjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const TOML = path.resolve(import.meta.dirname, '../../eval/node_modules/@iarna/toml');
const PROTOBUF = path.resolve(import.meta.dirname, '../../eval/node_modules/protobufjs');

describe("a throw of the file's own function that constructs the error", () => {
  let db: string;
  let lines: string[];
  let tokenize: string[];
  beforeAll(() => {
    const root = tmpDir('constructing-toml');
    const text = fs.readFileSync(path.join(TOML, 'stringify.js'), 'utf8');
    write(root, 'stringify.js', text);
    lines = text.split('\n');
    const tok = fs.readFileSync(path.join(PROTOBUF, 'src/tokenize.js'), 'utf8');
    write(root, 'src/tokenize.js', tok);
    tokenize = tok.split('\n');
    db = path.join(tmpDir('constructing-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  const lineOf = (s: string): number => lines.findIndex((l) => l.includes(s)) + 1;

  it('names the construction, with the text the throw hands it', () => {
    const code = `const t = require(${JSON.stringify(TOML)}); try { t.stringify(undefined); } catch (e) { console.log(JSON.stringify(e.message)); }`;
    const m = JSON.parse(spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout) as string;
    expect(m).toBe('Can only stringify objects, not undefined');
    const h = explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];
    expect(h.lines).toContain(lineOf("return new Error('Can only stringify objects, not ' + type)"));
    expect(h.message).toBe('Can only stringify objects, not undefined');
  });

  it('makes no site of the throw line whose template would be the argument alone', () => {
    const throwLine = lineOf("throw typeError('undefined')");
    expect(throwLine).toBeGreaterThan(0);
    const r = errdex(['explain', "Cannot read properties of undefined (reading 'type')", '--db', db, '--json']);
    expect(r.code).toBe(4);
    for (const h of explainOutput(r.stdout).hits) expect(h.lines).not.toContain(throwLine);
  });

  it('reads a class called without `new` as a construction too', () => {
    const throwLine = tokenize.findIndex((l) => l.includes('throw illegal("string")')) + 1;
    const ctor = tokenize.findIndex((l) => l.includes('return Error("illegal " + subject')) + 1;
    expect(throwLine * ctor).toBeGreaterThan(0);
    const other = errdex(['explain', 'For input string: "soon"', '--db', db, '--json']);
    for (const h of explainOutput(other.stdout).hits) expect(h.lines).not.toContain(throwLine);
    const h = explainOutput(errdex(['explain', 'illegal string (line 3)', '--db', db, '--json']).stdout).hits[0];
    expect(h.record.filePath).toBe('src/tokenize.js');
    expect(h.lines).toContain(ctor);
  });
});
