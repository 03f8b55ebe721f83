// Kotlin's lateinit and `Delegates.notNull()` properties (src/languages/jvm/lateinit.ts): a small
// Kotlin library written here, compiled by Debian's kotlinc and run by the JDK, each read of a
// property never assigned printing `kotlin.UninitializedPropertyAccessException: lateinit property
// … has not been initialized` or `Property … should be initialized before get.`, texts no source holds. Its trace and its message alone are explained by the CLI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const LIBRARY = `package org.probe.late

import kotlin.properties.Delegates

class Session {
    lateinit var token: String
    private lateinit var secret: String
    var port: Int by Delegates.notNull()

    fun header(): String {
        return "Bearer $token"
    }

    fun login(token: String) {
        this.token = token
        secret = token.reversed()
    }

    fun ready(): Boolean = this::token.isInitialized

    fun check(): Int = this.secret.length

    fun url(): String = "http://localhost:" + port
}

fun main(args: Array<String>) {
    val s = Session()
    when (args[0]) {
        "inside" -> s.header()
        "outside" -> println(s.token.length)
        "private" -> s.check()
        "delegate" -> s.url()
    }
}
`;

type Hit = { matchType: string; lines?: number[]; record: { filePath: string; lineNumber: number; errorClass: string } };

let root: string;
let db: string;
const runs = new Map<string, string>();

beforeAll(() => {
  root = tmpDir('kotlin-lateinit');
  db = path.join(tmpDir('kotlin-lateinit-db'), 'index.sqlite');
  const src = write(root, 'src/main/kotlin/org/probe/late/Session.kt', LIBRARY);
  const jar = path.join(tmpDir('kotlin-lateinit-jar'), 'late.jar');
  const c = spawnSync('kotlinc', [src, '-d', jar], { encoding: 'utf8' });
  expect(c.status, c.stderr).toBe(0);
  const classpath = `${jar}:/usr/share/java/kotlin-stdlib.jar`;
  for (const arg of ['inside', 'outside', 'private', 'delegate']) runs.set(arg, spawnSync('java', ['-cp', classpath, 'org.probe.late.SessionKt', arg], { encoding: 'utf8' }).stderr);
  const r = errdex(['analyze', root, '--db', db]);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);

const explain = (text: string): Hit[] => {
  const r = errdex(['explain', text, '--db', db, '--json']);
  expect(r.code, r.stderr).toBe(0);
  return explainOutput(r.stdout).hits;
};
const linesOf = (h: Hit) => h.lines ?? [h.record.lineNumber];
const FILE = 'src/main/kotlin/org/probe/late/Session.kt';

describe('a lateinit property read before it is assigned', () => {
  it('is raised at a read inside the class: the trace frame and the message alone find it', () => {
    const trace = runs.get('inside')!;
    expect(trace).toContain('kotlin.UninitializedPropertyAccessException: lateinit property token has not been initialized');
    expect(trace).toContain('at org.probe.late.Session.header(Session.kt:11)');
    expect(explain(trace)[0]).toMatchObject({ record: { filePath: FILE, errorClass: 'UninitializedPropertyAccessException' } });
    expect(linesOf(explain(trace)[0])).toContain(11);
    const bare = explain('lateinit property token has not been initialized');
    expect(bare[0].record.filePath).toBe(FILE);
    // (the read inside the class and the getter a read from elsewhere calls: the assignment in login is neither)
    expect(linesOf(bare[0]).sort((a, b) => a - b)).toEqual([6, 11]);
  });

  it('is raised in the getter, at the declaration, when read from outside the class', () => {
    const trace = runs.get('outside')!;
    expect(trace).toContain('at org.probe.late.Session.getToken(Session.kt:6)');
    expect(linesOf(explain(trace)[0])).toContain(6);
  });

  it('has no getter when private: only its reads raise', () => {
    const trace = runs.get('private')!;
    expect(trace).toContain('lateinit property secret has not been initialized');
    expect(trace).toContain('at org.probe.late.Session.check(Session.kt:21)');
    expect(linesOf(explain('lateinit property secret has not been initialized')[0])).toEqual([21]);
  });
});

describe('a Delegates.notNull() property read before it is assigned', () => {
  it("is raised in the standard library's delegate; the read is the first frame with a line", () => {
    const trace = runs.get('delegate')!;
    expect(trace).toContain('java.lang.IllegalStateException: Property port should be initialized before get.');
    // (the generated getter's frame carries no line)
    expect(trace).toMatch(/at org\.probe\.late\.Session\.getPort\(Session\.kt\)/);
    expect(trace).toContain('at org.probe.late.Session.url(Session.kt:23)');
    for (const text of [trace, 'Property port should be initialized before get.']) {
      const top = explain(text)[0];
      expect(top.record).toMatchObject({ filePath: FILE, errorClass: 'IllegalStateException' });
      expect(linesOf(top)).toEqual([23]);
    }
  });
});
