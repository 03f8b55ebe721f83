// A local given its text in branches (java.ts localsBefore): java.management's
// com.sun.jmx.mbeanserver.PerInterface.getAttribute sets `msg` to `"Write-only attribute: " +
// attribute` or `"No such attribute: " + attribute` in an if/else and raises
// `new AttributeNotFoundException(msg)`. The file is copied from the JDK's src.zip; JDK 17 is asked
// for an attribute the platform MBean server's Runtime bean lacks, and the message it prints is
// explained alone and with its trace.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listZip, ZipReader } from '../../src/scan/zip.js';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
const ENTRY = 'java.management/com/sun/jmx/mbeanserver/PerInterface.java';

let db: string;
let lines: string[];
let trace: string;

beforeAll(() => {
  const listing = listZip(`${JDK}/lib/src.zip`);
  if ('problem' in listing) throw new Error(listing.problem);
  const r = new ZipReader(`${JDK}/lib/src.zip`).read(listing.entries.find((x) => x.name === ENTRY)!, 1 << 24);
  if ('problem' in r) throw new Error(r.problem);
  const text = r.data.toString('utf8');
  lines = text.split('\n');
  const root = tmpDir('jvm-local-branches');
  db = path.join(tmpDir('jvm-local-branches-db'), 'index.sqlite');
  write(root, 'com/sun/jmx/mbeanserver/PerInterface.java', text);
  const probe = write(tmpDir('jvm-local-branches-probe'), 'Probe.java', [
    'public class Probe {',
    '  public static void main(String[] args) throws Exception {',
    '    java.lang.management.ManagementFactory.getPlatformMBeanServer().getAttribute(new javax.management.ObjectName("java.lang:type=Runtime"), "Nope");',
    '  }',
    '}',
  ].join('\n'));
  trace = spawnSync(`${JDK}/bin/java`, [probe], { encoding: 'utf8' }).stderr;
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

describe('a local given its text in branches that end before the raise', () => {
  it('raises each of those texts', () => {
    const getter = lines.findIndex((l) => l.includes('Object getAttribute(Object resource, String attribute, Object cookie)'));
    const raise = lines.findIndex((l, i) => i > getter && l.includes('throw new AttributeNotFoundException(msg);')) + 1;
    expect(raise).toBeGreaterThan(0);
    expect(trace).toContain('javax.management.AttributeNotFoundException: No such attribute: Nope');
    expect(trace).toContain(`at java.management/com.sun.jmx.mbeanserver.PerInterface.getAttribute(PerInterface.java:${raise})`);
    for (const text of ['No such attribute: Nope', trace]) {
      const out = errdex(['explain', text, '--db', db, '--json']);
      expect(out.code, out.stderr).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.record).toMatchObject({ filePath: 'com/sun/jmx/mbeanserver/PerInterface.java', errorMessage: 'No such attribute: {attribute}' });
      expect(h.lines).toContain(raise);
    }
    // (the other branch's text, which no run here prints, is a message of the same raise)
    const other = explainOutput(errdex(['explain', 'Write-only attribute: Uptime', '--db', db, '--json']).stdout).hits[0];
    expect(other.record.errorMessage).toBe('Write-only attribute: {attribute}');
    expect(other.lines).toContain(raise);
  });
});
