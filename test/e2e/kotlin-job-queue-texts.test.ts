// Texts of the kit's job queue not written at the raise (decision 0118), on real code: eval/jvm-kit `Jobs.kt`
// and `JobErrors.kt` (with `Errors.kt`, their base class):
// - a constructor parameter's default text, `class QueueClosedException(message: String = "Job queue is
//   closed") : IllegalStateException(message)`, raised by `throw QueueClosedException()`;
// - an enum whose entries override a text function, `enum class Rule { POSITIVE { override fun
//   violation(…) = "…" }, … }`, read by `rule.violation(name, value)` of a parameter `rule: Rule`;
// - a `when` choosing a text in another file, `internal fun transitionText(from, to) = when (to) { … }`,
//   called in `check`'s lambda;
// - `problems.joinToString("; ", prefix = "Invalid job: ")` handed to the exception's base;
// and a BeanShell trace (Debian's bsh-src) whose header is the error's own toString(), no class name.
// Messages and traces are what the JVM printed for them (eval/corpus/jvm.jsonl, eval/gen/jvm_cases.mjs).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { copyKit, expectKitSite, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-jobs');
  db = path.join(tmpDir('kt-jobs-db'), 'index.sqlite');
  copyKit(root, ['Jobs.kt', 'JobErrors.kt', 'Errors.kt']);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const explain = (text: string, on = db) => explainOutput(errdex(['explain', text, '--db', on, '--json']).stdout);

/** The first answers for a case's message and trace name its site (jvm-kit.ts expectKitSite). */
const expectSite = (id: string, rel: string): string => expectKitSite(corpus, db, id, rel);

describe("a constructor parameter's default text", () => {
  it('is the message of a raise passing none', () => {
    expect(expectSite('kt-kit-159', `${KIT}/Jobs.kt`)).toBe('Job queue is closed');
  });
});

describe("an enum's entries overriding a text function", () => {
  it("give a raise calling it on a parameter of the enum's type each entry's text", () => {
    expect(expectSite('kt-kit-161', `${KIT}/Jobs.kt`)).toBe('{name} must be positive, was {value}');
    expect(expectSite('kt-kit-162', `${KIT}/Jobs.kt`)).toBe('{name} must be a percentage (0..100), was {value}');
  });
});

describe("a `when` choosing a text in another file", () => {
  it('gives the raise calling it each of its texts', () => {
    expect(expectSite('kt-kit-163', `${KIT}/Jobs.kt`)).toBe('Only a running job can finish (state: {from})');
  });
});

describe('joinToString with a prefix', () => {
  it('is the prefix before the items', () => {
    expect(expectSite('kt-kit-160', `${KIT}/Jobs.kt`)).toBe('Invalid job: {problems}');
  });
});

describe("a trace whose header is the error's own toString()", () => {
  it('is read as a trace, its frames naming the site', () => {
    const root = tmpDir('bsh');
    execFileSync('tar', ['-xzf', '/usr/src/bsh-src/bsh.tar.gz', '-C', root, 'src/bsh/Name.java']);
    const bshDb = path.join(tmpDir('bsh-db'), 'index.sqlite');
    expect(errdex(['analyze', path.join(root, 'src'), '--db', bshDb]).code).toBe(0);
    const c = corpus.get('deb-bsh-01')!;
    expect(c.trace.startsWith('Exception in thread "main" Sourced file:')).toBe(true);
    const out = explain(c.trace, bshDb);
    expect(out.links?.[0]?.errorClass ?? null).toBeNull();
    expect(out.hits[0].record.filePath).toBe('bsh/Name.java');
    expect(out.hits[0].lines).toContain(953);
    expect(out.hits[0].matchType).toBe('frame');
    expect(fs.existsSync(path.join(root, 'src/bsh/Name.java'))).toBe(true);
  });
});
