// Resource bundles as message tables (decision 0021): a `ListResourceBundle` class's contents
// (`{ "provider.name.not.found", "Provider named \"%s\" not found" }`) looked up by key at the raise
// (`String.format(rb.getString("provider.name.not.found"), provName)`, `rb.getString("keystore.load.")
// + ioe.getMessage()`). Real code: jarsigner's sources in the JDK's src.zip (jdk.jartool, read in
// place), and the messages JDK 17's jarsigner prints for bad arguments.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { JDK, srcZipLines } from './jdk-source.js';

const JARTOOL = `${JDK}/lib/src.zip/jdk.jartool`;

let dir: string;
let db: string;

/** What jarsigner prints for these arguments, without its `jarsigner error: Class: ` prefix. */
function jarsignerMessage(args: string[]): string {
  const r = spawnSync(`${JDK}/bin/jarsigner`, ['-J-Duser.language=en', '-J-Duser.country=US', ...args], { encoding: 'utf8', cwd: dir });
  const m = /^jarsigner error: [\w.]+: (.*)$/m.exec(r.stdout + r.stderr);
  if (!m) throw new Error(`jarsigner printed no error: ${r.stdout}${r.stderr}`);
  return m[1];
}

beforeAll(() => {
  dir = tmpDir('jvm-bundles');
  db = path.join(dir, 'index.sqlite');
  write(dir, 'x.txt', 'x');
  expect(spawnSync(`${JDK}/bin/jar`, ['cf', 'x.jar', 'x.txt'], { cwd: dir }).status).toBe(0);
  expect(errdex(['analyze', JARTOOL, '--db', db]).code).toBe(0);
}, 120_000);

describe("a ListResourceBundle's contents, looked up by key", () => {
  it('names the raise, with the message defined at the bundle entry', () => {
    const cases = [
      { args: ['-addprovider', 'Foo', 'x.jar', 'alias'], key: 'provider.name.not.found', raise: /rb\.getString\($/ },
      { args: ['-keystore', path.join(dir, 'none.ks'), '-storepass', 'x', 'x.jar', 'alias'], key: 'keystore.load.', raise: /throw new RuntimeException\(rb\.getString\("keystore\.load\."\)/ },
    ];
    const main = srcZipLines('jdk.jartool/sun/security/tools/jarsigner/Main.java');
    const resources = srcZipLines('jdk.jartool/sun/security/tools/jarsigner/Resources.java');
    for (const c of cases) {
      const message = jarsignerMessage(c.args);
      const out = errdex(['explain', message, '--db', db, '--json']);
      expect(out.code).toBe(0);
      const h = explainOutput(out.stdout).hits[0];
      expect(h.record.filePath).toBe('sun/security/tools/jarsigner/Main.java');
      expect(h.matchType).toBe('template');
      const raise = main.findIndex((l) => c.raise.test(l)) + 1;
      expect(raise).toBeGreaterThan(0);
      // (the JVM's line for a construction whose arguments call something on a later line is that line: java.ts frameLine)
      expect(h.lines.some((l: number) => l === raise || l === raise + 1)).toBe(true);
      const entry = resources.findIndex((l) => l.includes(`{"${c.key}",`)) + 1;
      expect(entry).toBeGreaterThan(0);
      expect(h.record.definedAt).toEqual({ filePath: 'sun/security/tools/jarsigner/Resources.java', line: entry });
    }
  });
});
