// A message function of several returns, each text (template.ts returnedTexts): xmlbuilder's
// `throw new Error("Missing attribute name. " + this.debugInfo(name))`, whose `debugInfo` returns
// `"parent: <" + this.parent.name + ">"` or `"attribute: {" + name + "}, parent: <" + … + ">"` by
// a condition. Each return is a message of the raise; before, the call was one hole, and the record
// tied with other files' `Missing attribute name. {debugInfo}`. Real code: xmlbuilder, run by node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const XMLBUILDER = path.resolve(import.meta.dirname, '../../eval/node_modules/xmlbuilder');

describe('messages a method of several text returns gives', () => {
  let db: string;
  let text: string;
  beforeAll(() => {
    const root = tmpDir('returned-xmlbuilder');
    // (the whole lib/: the other node classes raise `Missing … name. {debugInfo}` too)
    for (const f of fs.readdirSync(path.join(XMLBUILDER, 'lib'))) write(root, `lib/${f}`, fs.readFileSync(path.join(XMLBUILDER, 'lib', f)));
    text = fs.readFileSync(path.join(XMLBUILDER, 'lib/XMLAttribute.js'), 'utf8');
    db = path.join(tmpDir('returned-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
  });

  it("names the attribute's raise first, with the return that was taken", () => {
    const code = `const b = require(${JSON.stringify(XMLBUILDER)}); try { b.create('user').att(undefined, 'ada').end(); } catch (e) { console.log(JSON.stringify(e.message)); }`;
    const m = JSON.parse(spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' }).stdout) as string;
    expect(m).toBe('Missing attribute name. parent: <user>');
    const raise = text.split('\n').findIndex((l) => l.includes('throw new Error("Missing attribute name. " + this.debugInfo(name))')) + 1;
    expect(raise).toBeGreaterThan(0);
    const h = explainOutput(errdex(['explain', m, '--db', db, '--json']).stdout).hits[0];
    expect(h.record.filePath).toBe('lib/XMLAttribute.js');
    expect(h.lines).toContain(raise);
    expect(h.message).toBe('Missing attribute name. parent: <{name}>');
  });
});
