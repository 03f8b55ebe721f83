// A caught error's message raised again by another class, the raise it catches in another file
// (facts/raised.ts wrappedMessages with RaiseIndex, jvm/calls-made.ts): the JDK's
// com.sun.jndi.dns.DnsContextFactory.urlToContext catches the MalformedURLException of
// `DnsUrl.fromList(url)` and throws `new ConfigurationException(e.getMessage())`; the message is
// written in DnsUrl.java, two calls down (`fromList` → `new DnsUrl(…)` →
// `newInvalidURISchemeException(url)`). The two files are copied from src.zip, the JDK run with a
// bad URL, and its message and trace explained.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { JDK, srcZipLines } from './jdk-source.js';

const DIR = 'com/sun/jndi/dns';
let db: string;
let factory: string[];
let trace: string;

beforeAll(() => {
  const root = tmpDir('jvm-wrapped');
  db = path.join(tmpDir('jvm-wrapped-db'), 'index.sqlite');
  factory = srcZipLines(`jdk.naming.dns/${DIR}/DnsContextFactory.java`);
  write(root, `${DIR}/DnsContextFactory.java`, factory.join('\n'));
  write(root, `${DIR}/DnsUrl.java`, srcZipLines(`jdk.naming.dns/${DIR}/DnsUrl.java`).join('\n'));
  const probe = write(tmpDir('jvm-wrapped-probe'), 'Probe.java', [
    'public class Probe {',
    '  public static void main(String[] args) throws Exception {',
    '    new javax.naming.directory.InitialDirContext(new java.util.Hashtable<>(java.util.Map.of(',
    '      "java.naming.factory.initial", "com.sun.jndi.dns.DnsContextFactory", "java.naming.provider.url", "ldap://x/")));',
    '  }',
    '}',
    '',
  ].join('\n'));
  trace = spawnSync(`${JDK}/bin/java`, [probe], { encoding: 'utf8' }).stderr;
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

describe("a caught error's message raised again, written in another file", () => {
  it('is a message of the re-raise, found by the message alone and first with the trace', () => {
    const raise = factory.findIndex((l) => l.includes('throw new ConfigurationException(e.getMessage());')) + 1;
    expect(raise).toBeGreaterThan(0);
    expect(trace).toContain('javax.naming.ConfigurationException: ldap://x/ is not a valid DNS pseudo-URL');
    expect(trace).toContain(`at jdk.naming.dns/com.sun.jndi.dns.DnsContextFactory.urlToContext(DnsContextFactory.java:${raise})`);
    const alone = explainOutput(errdex(['explain', 'ldap://x/ is not a valid DNS pseudo-URL', '--db', db, '--json']).stdout).hits;
    const reraise = alone.findIndex((h: { record: { filePath: string }; lines: number[] }) => h.record.filePath === `${DIR}/DnsContextFactory.java` && h.lines.includes(raise));
    // (tied with DnsUrl's own raise, which the tie order puts first: decision 0027's handler reading)
    expect(reraise).toBeGreaterThanOrEqual(0);
    expect(reraise).toBeLessThan(5);
    expect(alone[reraise].record).toMatchObject({
      errorClass: 'ConfigurationException', errorMessage: '{uri} is not a valid DNS pseudo-URL', definedAt: { filePath: `${DIR}/DnsUrl.java` },
    });
    expect(alone.some((h: { record: { filePath: string } }) => h.record.filePath === `${DIR}/DnsUrl.java`)).toBe(true);
    const h = explainOutput(errdex(['explain', trace, '--db', db, '--json']).stdout).hits[0];
    expect(h.record).toMatchObject({ filePath: `${DIR}/DnsContextFactory.java`, errorMessage: '{uri} is not a valid DNS pseudo-URL' });
    expect(h.lines).toContain(raise);
  });
});
