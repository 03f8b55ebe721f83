// Messages written away from the raise (decision 0075), on real code:
// - an error class that writes its own message: Kotlin's `override val message get() = …` (a
//   template, a `buildString`), Java's `getMessage()` returning a field each constructor fills
//   (jdk.jcmd's jstat `SyntaxException`);
// - an enum's function formatting its entry's text (`StoreProblem.RANGE.format(key, min, max)`);
// - a helper given a resource bundle's key (`getMessage(NAME + ".iae", NAME, arg)` in jdk.jlink's
//   plugins, the entry in a `ListResourceBundle` of another package), or only its end
//   (`getName() + ".invalidtag"`).
// The kit's sources (eval/jvm-kit) and the JDK's src.zip are analyzed as they are; messages are what
// the JVM printed for them (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { JDK } from './jdk-source.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let kitDb: string;
let jdkDb: string;

beforeAll(() => {
  const root = tmpDir('kt-store');
  kitDb = path.join(tmpDir('kt-store-db'), 'index.sqlite');
  copyKit(root, ['Store.kt', 'StoreErrors.kt']);
  expect(errdex(['analyze', root, '--db', kitDb]).code).toBe(0);
  jdkDb = path.join(tmpDir('jdk-keys-db'), 'index.sqlite');
  for (const m of ['jdk.jlink', 'jdk.jcmd']) expect(errdex(['analyze', `${JDK}/lib/src.zip/${m}`, '--db', jdkDb]).code).toBe(0);
}, 240_000);

const first = (text: string, db: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits[0];

/** The first answer for a case's message and for its trace names the case's site. */
function expectSite(id: string, db: string, rel: string): ReturnType<typeof first> {
  const c = corpus.get(id)!;
  expect(c.site.rel).toBe(rel);
  let hit!: ReturnType<typeof first>;
  for (const text of [c.message, c.trace]) {
    const h = first(text, db);
    expect(h.record.filePath, `${id}: ${text}`).toMatch(new RegExp(`${rel.replace(/\./g, '\\.')}$`));
    expect(h.lines, id).toContain(c.site.line);
    if (text === c.message) {
      expect(h.matchType, id).toBe('template');
      hit = h;
    }
  }
  return hit;
}

describe('a Kotlin error class overriding message', () => {
  it('gives every raise of the class its text: a getter template, a buildString', () => {
    expect(expectSite('kt-kit-70', kitDb, `${KIT}/Store.kt`).record.errorMessage).toBe("Setting '{key}' is set twice: '{old}' and '{value}'");
    // (raised from the helper that builds the error: the raise is the helper's line)
    for (const id of ['kt-kit-72', 'kt-kit-73', 'kt-kit-79']) expectSite(id, kitDb, `${KIT}/Store.kt`);
    expect(first(corpus.get('kt-kit-72')!.message, kitDb).record.errorMessage).toBe("Invalid value '{v}' for '{key}': expected a boolean");
  });
});

describe("an enum's function formatting its entry", () => {
  it('reads `Problem.ENTRY.format(args)` as the entry of the enum of another file', () => {
    for (const id of ['kt-kit-74', 'kt-kit-75', 'kt-kit-76']) {
      const h = expectSite(id, kitDb, `${KIT}/Store.kt`);
      expect(h.record.definedAt.filePath).toBe(`${KIT}/StoreErrors.kt`);
    }
  });
});

describe("a Java class's getMessage() returning what its constructors build", () => {
  it("gives jstat's SyntaxException raises the constructors' texts", () => {
    for (const id of ['jdk-jdk-jcmd-05', 'jdk-jdk-jcmd-06']) expectSite(id, jdkDb, 'sun/tools/jstat/Parser.java');
  });
});

describe("a helper given a resource bundle's key", () => {
  it("gives the bundle's entry, the key written with a constant", () => {
    for (const id of ['jdk-jdk-jlink-01', 'jdk-jdk-jlink-02', 'jdk-jdk-jlink-03']) {
      const h = expectSite(id, jdkDb, 'jdk/tools/jlink/internal/plugins/StripNativeDebugSymbolsPlugin.java');
      expect(h.record.definedAt.filePath).toMatch(/jdk\/tools\/jlink\/resources\/strip_native_debug_symbols_plugin\.java$/);
    }
    expect(first(corpus.get('jdk-jdk-jlink-01')!.message, jdkDb).record.errorMessage).toBe("{value}: Unrecognized argument '{value}'");
  });

  it('gives the entries ending as a key whose start is known at run time (`getName() + ".invalidtag"`)', () => {
    const c = corpus.get('jdk-jdk-jlink-04')!;
    const h = first(c.message, jdkDb);
    expect(h.record.filePath).toMatch(/jdk\/tools\/jlink\/internal\/plugins\/IncludeLocalesPlugin\.java$/);
    expect(h.matchType).toBe('template');
    // (the JVM names the `throw` line; the record, the key's line two below it)
    expect(h.lines.some((l: number) => Math.abs(l - c.site.line) <= 2)).toBe(true);
    expect(h.record.definedAt.filePath).toMatch(/jdk\/tools\/jlink\/resources\/plugins\.java$/);
  });
});
