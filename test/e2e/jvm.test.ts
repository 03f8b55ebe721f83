// The JVM end to end, on real code: a module of the JDK's own sources (Debian's openjdk-17-source
// ships them as lib/src.zip) is analyzed in place, without extracting it, and the trace that
// JDK 17 (openjdk-17-jdk-headless) prints for that module's code run with bad input is explained,
// as is its message alone; a Kotlin library written here, with the trace its JVM frames would
// print, resolved through the package path. Archives that are not zips, or are zip bombs, are
// refused by their caps.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const JDK = '/usr/lib/jvm/java-17-openjdk-amd64';
const SRC_ZIP = `${JDK}/lib/src.zip`;
const PREFS = `${SRC_ZIP}/java.prefs`;

const PROBE = `
public class Probe {
  public static void main(String[] args) throws Exception {
    java.util.prefs.Preferences.userRoot().node(args[0]);
  }
}
`;

let dir: string;
let db: string;
let trace: string;

beforeAll(() => {
  dir = tmpDir('jvm');
  db = path.join(dir, 'index.sqlite');
  const probe = write(dir, 'Probe.java', PROBE);
  // (the single-file source launcher: compiled in memory, nothing written)
  const run = spawnSync(`${JDK}/bin/java`, [`-Djava.util.prefs.userRoot=${path.join(dir, 'prefs')}`, probe, 'a//b'], { encoding: 'utf8' });
  trace = run.stderr;
}, 120_000);

describe('the JDK sources from src.zip', () => {
  it('analyzes a module inside the archive, named and versioned from the JDK', () => {
    const r = errdex(['analyze', PREFS, '--db', db, '--json', '--threads', '0']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s).toMatchObject({ package: 'java.prefs', pathPrefix: '' });
    expect(s.version).toMatch(/^17\./);
    expect(s.files).toBeGreaterThan(10);
    expect(s.records).toBeGreaterThan(20);
    expect(s.problems).toEqual([]);
    // a second run reads nothing: the archive's entries are as last read
    const again = JSON.parse(errdex(['analyze', PREFS, '--db', db, '--json', '--threads', '0']).stdout);
    expect(again.unchanged).toBe(true);
  }, 120_000);

  it("explains the runtime's trace: the frame names no directory, the package path finds the file", () => {
    expect(trace).toContain('Exception in thread "main" java.lang.IllegalArgumentException: Consecutive slashes in path');
    expect(trace).toMatch(/\tat java\.prefs\/java\.util\.prefs\.AbstractPreferences\.node\(AbstractPreferences\.java:\d+\)/);
    const r = errdex(['explain', trace, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    const top = out.hits[0].record;
    expect(top).toMatchObject({ filePath: 'java/util/prefs/AbstractPreferences.java', errorClass: 'IllegalArgumentException', language: 'java' });
    const line = Number(/AbstractPreferences\.java:(\d+)/.exec(trace)![1]);
    expect(out.hits[0].lines ?? [top.lineNumber]).toContain(line);
    expect(out.hits[0].matchType).not.toBe('message');
  });

  it('explains the message alone', () => {
    const r = errdex(['explain', 'Consecutive slashes in path', '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'java/util/prefs/AbstractPreferences.java', errorMessage: 'Consecutive slashes in path' });
  });
});

describe('a message two JDK packages raise alike', () => {
  it('names the public API\'s file before the internal package\'s (JEP 260: `sun.*`)', () => {
    // java.awt.geom.Path2D and sun.awt.geom.Curve both throw `IllegalPathStateException("missing initial
    // moveto in path definition")`; Path2D's is the one a caller meets (`new Path2D.Double().lineTo(1, 1)`)
    const tree = path.join(dir, 'geom');
    for (const f of ['java/awt/geom/Path2D.java', 'sun/awt/geom/Curve.java']) {
      const r = spawnSync('unzip', ['-p', SRC_ZIP, `java.desktop/${f}`], { maxBuffer: 16 * 1024 * 1024 });
      expect(r.status).toBe(0);
      write(tree, f, r.stdout);
    }
    const gdb = path.join(dir, 'geom.sqlite');
    expect(errdex(['analyze', tree, '--db', gdb]).code).toBe(0);
    const hits = explainOutput(errdex(['explain', '--json', '--db', gdb, 'missing initial moveto in path definition']).stdout).hits;
    expect(hits.map((h: { record: { filePath: string } }) => h.record.filePath).slice(0, 2)).toEqual(['java/awt/geom/Path2D.java', 'sun/awt/geom/Curve.java']);
    expect(hits[0].score).toBe(hits[1].score);
  });
});

describe('a frame on a line with no site, in a file whose name another package shares', () => {
  it('answers with the line of the file the whole package path names (sun.rmi.server, not java.rmi.server)', () => {
    // java.rmi holds java/rmi/server/LoaderHandler.java (an interface) and sun/rmi/server/LoaderHandler.java;
    // the URL parse that fails runs in java.base, which is not indexed here
    const probe = write(dir, 'RmiProbe.java', `
public class RmiProbe {
  public static void main(String[] args) throws Exception {
    java.rmi.server.RMIClassLoader.loadClass("not a url", "x.Y");
  }
}
`);
    const run = spawnSync(`${JDK}/bin/java`, [probe], { encoding: 'utf8' });
    const frame = /\tat java\.rmi\/sun\.rmi\.server\.LoaderHandler\.pathToURLs\(LoaderHandler\.java:(\d+)\)/.exec(run.stderr);
    expect(frame, run.stderr).not.toBeNull();
    const rdb = path.join(dir, 'rmi.sqlite');
    expect(errdex(['analyze', `${SRC_ZIP}/java.rmi`, '--db', rdb, '--threads', '0']).code).toBe(0);
    const out = explainOutput(errdex(['explain', run.stderr, '--db', rdb, '--json']).stdout);
    expect(out.hits[0]).toMatchObject({ matchType: 'line', line: Number(frame![1]) });
    expect(out.hits[0].record.filePath).toBe('sun/rmi/server/LoaderHandler.java');
  }, 120_000);
});

describe('a Kotlin tree', () => {
  it('a frame of a top-level function (`UnitsKt`) lands on its file by the package path', () => {
    const tree = path.join(dir, 'units');
    write(tree, 'src/main/kotlin/org/acme/units/Units.kt', `package org.acme.units

class UnitException(unit: String) : IllegalArgumentException("Unknown unit: $unit")

fun parseDuration(text: String): Long {
    val unit = text.takeLastWhile { it.isLetter() }
    require(text.isNotEmpty()) { "Empty duration" }
    if (unit != "s") throw UnitException(unit)
    return text.dropLast(1).toLong()
}
`);
    expect(errdex(['analyze', tree, '--db', db, '--json', '--threads', '0']).code).toBe(0);
    const kt = [
      'Exception in thread "main" org.acme.units.UnitException: Unknown unit: w',
      '\tat org.acme.units.UnitsKt.parseDuration(Units.kt:8)',
      '\tat app.MainKt.main(Main.kt:3)',
    ].join('\n');
    const out = explainOutput(errdex(['explain', kt, '--db', db, '--json']).stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'src/main/kotlin/org/acme/units/Units.kt', lineNumber: 8, errorMessage: 'Unknown unit: {unit}', language: 'kotlin' });
  });
});

describe('package directories named like test directories', () => {
  it('are packages below a package root (`javax/…/spec`, `org/example`), and `src/test/` stays skipped', () => {
    const crypto = errdex(['analyze', `${SRC_ZIP}/java.xml.crypto`, '--db', db, '--json', '--threads', '0']);
    expect(crypto.code, crypto.stderr).toBe(0);
    const spec = explainOutput(errdex(['explain', 'xPathList cannot be empty', '--db', db, '--json']).stdout);
    expect(spec.hits[0].record.filePath).toMatch(/^javax\/xml\/crypto\/dsig\/spec\//);

    const tree = path.join(dir, 'greeter');
    const kotlin = (pkg: string, message: string) => `package ${pkg}\n\nfun greet(name: String): String {\n    require(name.isNotBlank()) { "${message}" }\n    return name\n}\n`;
    write(tree, 'src/main/kotlin/org/example/Greeter.kt', kotlin('org.example', 'Greeting needs a name'));
    write(tree, 'src/test/kotlin/org/example/GreeterCheck.kt', kotlin('org.example', 'Test greeting needs a name'));
    const r = JSON.parse(errdex(['analyze', tree, '--db', db, '--json', '--threads', '0']).stdout);
    expect(r.files).toBe(1);
    expect(r.skipped['test/docs directory']).toBe(1);
    const out = explainOutput(errdex(['explain', 'Greeting needs a name', '--db', db, '--json']).stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'src/main/kotlin/org/example/Greeter.kt', lineNumber: 4 });
  }, 120_000);
});

describe('the seed-style record of a Java site', () => {
  it('is stored field by field: id, slug, template, pattern, window, permalink of a tree with a GitHub remote', () => {
    const repo = path.join(dir, 'repo');
    const file = 'src/main/java/org/acme/quota/Quota.java';
    const lines = [
      'package org.acme.quota;', // 1
      '',
      'public class Quota {',
      '    private final int limit;',
      '',
      '    public Quota(int limit) { this.limit = limit; }',
      '',
      '    public void reserve(int wanted) {',
      '        if (wanted > limit) {', // 9
      '            throw new IllegalStateException("quota exceeded: wanted " + wanted + " of " + limit);', // 10
      '        }',
      '    }',
      '}',
    ];
    write(repo, file, lines.join('\n') + '\n');
    const git = (...args: string[]) => spawnSync('git', args, {
      cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@e', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@e' },
    }).stdout.trim();
    git('init', '-q');
    git('remote', 'add', 'origin', 'https://github.com/example/quota');
    git('add', '.');
    git('commit', '-qm', 'quota');
    const sha = git('rev-parse', 'HEAD');
    const seedDb = path.join(dir, 'seed.sqlite');
    expect(errdex(['analyze', repo, '--db', seedDb, '--json', '--threads', '0']).code).toBe(0);
    const out = explainOutput(errdex(['explain', 'quota exceeded: wanted 12 of 10', '--db', seedDb, '--json']).stdout);
    const hit = out.hits[0];
    expect(hit.matchType).toBe('template');
    expect(hit.captures).toEqual({ wanted: '12', limit: '10' });
    const shown = JSON.parse(errdex(['show', hit.record.id, '--db', seedDb]).stdout);
    expect(shown).toMatchObject({
      id: hit.record.id,
      repo: 'example/quota',
      errorMessage: 'quota exceeded: wanted {wanted} of {limit}',
      messagePattern: 'quota exceeded: wanted (.+?) of (.+?)',
      filePath: file,
      lineNumber: 10,
      errorClass: 'IllegalStateException',
      errorType: 'exception',
      errorCode: null,
      httpStatus: null,
      symbol: 'Quota.reserve',
      language: 'java',
      analyzedSha: sha,
    });
    expect(shown.id).toMatch(/^[\w-]+$/);
    expect(shown.slug).toMatch(/quota-exceeded/);
    expect(shown.guards).toContainEqual({ kind: 'if', text: 'wanted > limit', line: 9 });
    expect(shown.sourceCode.split('\n')).toContain(lines[9]);
    expect(shown.sourceCodeStart).toBeLessThanOrEqual(10);
    expect(shown.sourceCodeEnd).toBeGreaterThanOrEqual(10);
    expect(shown.githubUrl).toBe(`https://github.com/example/quota/blob/${sha}/${file}#L${shown.sourceCodeStart}-L${shown.sourceCodeEnd}`);
    // the same tree analyzed again keeps the id
    const again = explainOutput(errdex(['explain', 'quota exceeded: wanted 12 of 10', '--db', seedDb, '--json']).stdout);
    expect(again.hits[0].record.id).toBe(hit.record.id);
  });
});

describe('errdex index of a Maven project', () => {
  it("indexes the -sources.jar of each dependency its pom.xml declares, from the user's local repository", () => {
    const home = path.join(dir, 'home');
    const classes = path.join(dir, 'ledger-src');
    write(classes, 'org/acme/ledger/Ledger.java', `package org.acme.ledger;

public class Ledger {
    public void post(long cents) {
        if (cents <= 0) throw new IllegalArgumentException("amount must be positive: " + cents);
    }
}
`);
    const repoDir = path.join(home, '.m2/repository/org/acme/ledger/2.4.1');
    fs.mkdirSync(repoDir, { recursive: true });
    const jar = spawnSync(`${JDK}/bin/jar`, ['cf', path.join(repoDir, 'ledger-2.4.1-sources.jar'), '-C', classes, '.'], { encoding: 'utf8' });
    expect(jar.status, jar.stderr).toBe(0);
    const project = path.join(dir, 'shop');
    write(project, 'pom.xml', `<project>
  <groupId>org.acme</groupId><artifactId>shop</artifactId><version>1.0</version>
  <properties><ledger.version>2.4.1</ledger.version></properties>
  <dependencies>
    <!-- <dependency><groupId>org.acme</groupId><artifactId>commented</artifactId><version>1</version></dependency> -->
    <dependency><groupId>org.acme</groupId><artifactId>ledger</artifactId><version>\${ledger.version}</version></dependency>
    <dependency><groupId>org.acme</groupId><artifactId>absent</artifactId><version>3.0</version></dependency>
    <dependency><groupId>org.acme</groupId><artifactId>checks</artifactId><version>1.0</version><scope>test</scope></dependency>
    <dependency><groupId>../..</groupId><artifactId>escape</artifactId><version>1</version></dependency>
  </dependencies>
</project>
`);
    write(project, 'src/main/java/org/acme/shop/Shop.java', 'package org.acme.shop;\n\npublic class Shop {\n    void open() { throw new IllegalStateException("shop closed"); }\n}\n');
    const idb = path.join(dir, 'maven-index.sqlite');
    const r = errdex(['index', project, '--db', idb, '--json', '--threads', '0'], { env: { HOME: home } });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.packages).toEqual([expect.objectContaining({ ecosystem: 'maven', name: 'org.acme:ledger', version: '2.4.1', status: 'analyzed' })]);
    expect(s.packages[0].records).toBeGreaterThan(0);
    const problems = s.skipped.map((p: { problem: string }) => p.problem).join('\n');
    expect(problems).toContain('org.acme:absent 3.0 has no -sources.jar');
    expect(problems).toContain('org.acme:checks is test-scoped');
    expect(problems).toContain('is not a usable group and artifact');
    expect(problems).not.toContain('commented');
    const trace = 'Exception in thread "main" java.lang.IllegalArgumentException: amount must be positive: -5\n\tat org.acme.ledger.Ledger.post(Ledger.java:5)\n\tat org.acme.shop.Shop.main(Shop.java:9)\n';
    const out = explainOutput(errdex(['explain', trace, '--db', idb, '--json', '--no-index']).stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'org/acme/ledger/Ledger.java', lineNumber: 5, package: 'org.acme:ledger', version: '2.4.1' });
  }, 120_000);
});

describe('hostile archives', () => {
  it('a .jar that is not a zip, and a zip bomb, are reported and not read', () => {
    const bad = write(dir, 'bad/not-a-zip.jar', 'this is not a zip archive at all');
    const r = errdex(['analyze', bad, '--db', db, '--json', '--threads', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).problems).toEqual([{ path: 'not-a-zip.jar', problem: 'not a zip archive (no end of central directory)' }]);
    // One entry declaring 1 KiB that inflates to 64 MiB of zeros.
    const data = zlib.deflateRawSync(Buffer.alloc(64 * 1024 * 1024));
    const bomb = write(dir, 'bomb/bomb-sources.jar', zipOf('a/Bomb.java', data, 1024));
    const b = JSON.parse(errdex(['analyze', bomb, '--db', db, '--json', '--threads', '0']).stdout);
    expect(b.files).toBe(0);
    expect(b.problems).toEqual([{ path: 'a/Bomb.java', problem: 'entry inflates past the 1024 bytes it declares; not read' }]);
  });
});

/** A zip of one deflated entry whose central directory declares `declared` bytes (a liar). */
function zipOf(name: string, deflated: Buffer, declared: number): Buffer {
  const n = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(n.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(n.length, 28);
  central.writeUInt32LE(0, 42);
  const dirOffset = local.length + n.length + deflated.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + n.length, 12);
  end.writeUInt32LE(dirOffset, 16);
  return Buffer.concat([local, n, deflated, central, n, end]);
}

void fs;
