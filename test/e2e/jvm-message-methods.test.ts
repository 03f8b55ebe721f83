// A message returned by a method of the same file (java.ts messageMethod): the JDK's
// sun.awt.util.IdentityArrayList raises `new IndexOutOfBoundsException(outOfBoundsMsg(index))`,
// whose `outOfBoundsMsg` returns `"Index: "+index+", Size: "+size`. The file is copied from
// src.zip, run by JDK 17 with bad input, and the message it prints explained alone and with its trace.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { JDK, srcZipLines } from './jdk-source.js';

const ENTRY = 'java.desktop/sun/awt/util/IdentityArrayList.java';

let db: string;
let lines: string[];
let trace: string;

beforeAll(() => {
  lines = srcZipLines(ENTRY);
  const text = lines.join('\n');
  const root = tmpDir('jvm-message-methods');
  db = path.join(tmpDir('jvm-message-methods-db'), 'index.sqlite');
  write(root, 'sun/awt/util/IdentityArrayList.java', text);
  const probe = write(tmpDir('jvm-message-methods-probe'), 'Probe.java', 'public class Probe {\n  public static void main(String[] args) {\n    new sun.awt.util.IdentityArrayList<String>().get(3);\n  }\n}\n');
  trace = spawnSync(`${JDK}/bin/java`, ['--add-exports', 'java.desktop/sun.awt.util=ALL-UNNAMED', probe], { encoding: 'utf8' }).stderr;
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

describe('a message a method of the file returns', () => {
  it("is the raise's template, the call's argument in the parameter's place", () => {
    const raise = lines.findIndex((l) => l.includes('throw new IndexOutOfBoundsException(outOfBoundsMsg(index));')) + 1;
    expect(raise).toBeGreaterThan(0);
    expect(trace).toContain('java.lang.IndexOutOfBoundsException: Index: 3, Size: 0');
    expect(trace).toContain(`at java.desktop/sun.awt.util.IdentityArrayList.rangeCheck(IdentityArrayList.java:${raise})`);
    for (const text of ['Index: 3, Size: 0', trace]) {
      const out = errdex(['explain', text, '--db', db, '--json']);
      expect(out.code, out.stderr).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.record).toMatchObject({ filePath: 'sun/awt/util/IdentityArrayList.java', errorMessage: 'Index: {index}, Size: {size}' });
      expect(h.lines).toContain(raise);
      expect(h.matchType).not.toBe('fuzzy');
    }
  });
});
