// A message argument holding a conditional (java.ts choices): java.beans.Statement's
// `throw new NullPointerException((target == null ? "target" : "methodName") + " should not be null")`,
// copied from the JDK's src.zip, and the two messages JDK 17 prints for it, each explained alone
// and with its trace.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { JDK, srcZipLines } from './jdk-source.js';

const ENTRY = 'java.desktop/java/beans/Statement.java';

let db: string;
let lines: string[];
const traces: string[] = [];

beforeAll(() => {
  lines = srcZipLines(ENTRY);
  const text = lines.join('\n');
  const root = tmpDir('jvm-choices');
  db = path.join(tmpDir('jvm-choices-db'), 'index.sqlite');
  write(root, 'java/beans/Statement.java', text);
  const probe = write(tmpDir('jvm-choices-probe'), 'Probe.java', [
    'public class Probe {',
    '  public static void main(String[] args) throws Exception {',
    '    if (args[0].equals("target")) new java.beans.Statement(null, "run", new Object[0]).execute();',
    '    else new java.beans.Statement(new Object(), null, new Object[0]).execute();',
    '  }',
    '}',
  ].join('\n'));
  for (const arg of ['target', 'method']) traces.push(spawnSync(`${JDK}/bin/java`, [probe, arg], { encoding: 'utf8' }).stderr);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

describe('a message that chooses its text by a condition', () => {
  it('is answered by the raise for each text it chooses', () => {
    // (the JVM names the line of the conditional's alternative, the second of the statement, whichever
    // branch ran: java.ts frameLine)
    const raise = lines.findIndex((l) => l.includes('throw new NullPointerException((target == null ? "target" :')) + 2;
    expect(lines[raise - 1]).toContain('"methodName") + " should not be null"');
    for (const [i, message] of ['target should not be null', 'methodName should not be null'].entries()) {
      expect(traces[i]).toContain(`java.lang.NullPointerException: ${message}`);
      expect(traces[i]).toContain(`at java.desktop/java.beans.Statement.invokeInternal(Statement.java:${raise})`);
      for (const text of [message, traces[i]]) {
        const out = errdex(['explain', text, '--db', db, '--json']);
        expect(out.code, out.stderr).toBe(0);
        const h = explainOutput(out.stdout).hits[0];
        expect(h.record).toMatchObject({ filePath: 'java/beans/Statement.java', errorMessage: message });
        expect(h.lines).toContain(raise);
      }
    }
  });
});
