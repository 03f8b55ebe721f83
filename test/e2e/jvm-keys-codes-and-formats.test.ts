// Messages an error class looks up, formats or is handed from a branch (decision 0082), on real code:
// - a `.properties` bundle next to the sources (the kit's `query.properties`, read through
//   `QueryMessages.get("query.too.long", …)`); its translations are not read;
// - error codes: a Kotlin class passing `code.render(*args)` of its enum parameter to its base,
//   raised as `QueryException(QueryCode.DUPLICATE, name)`;
// - a Java class handing its key parameter to a bundle's helper (javap's `BadArgs(String key, Object...
//   args) { super(getMessage(key, args)); }`, jdk.jdeps), raised as `new BadArgs("err.missing.arg", …)`;
// - a Java class formatting the text it is given (jdk.internal.vm.ci's `JVMCIError(String msg, Object...
//   args)`), raised with `"unimplemented: %s"`;
// - a Java local given text in branches beside its use (JLine's `DefaultParser`, jdk.internal.le).
// The kit's sources (eval/jvm-kit) and the JDK's src.zip are analyzed as they are; messages are what
// the JVM printed for them (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { JDK } from './jdk-source.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const RESOURCES = 'src/main/resources/org/errdex/kit';
const corpus = jvmCorpus();
let kitDb: string;
let jdkDb: string;

beforeAll(() => {
  const root = tmpDir('kt-query');
  kitDb = path.join(tmpDir('kt-query-db'), 'index.sqlite');
  copyKit(root, ['Query.kt', 'QueryErrors.kt']);
  write(root, `${RESOURCES}/query.properties`, fs.readFileSync(path.join(REPO, 'eval/jvm-kit', RESOURCES, 'query.properties')));
  // (a translation beside it: not read, the bundle's default texts are)
  write(root, `${RESOURCES}/query_de.properties`, 'query.closed=Diese Anfrage ist eingefroren und kann nicht mehr geändert werden\n');
  expect(errdex(['analyze', root, '--db', kitDb]).code).toBe(0);
  jdkDb = path.join(tmpDir('jdk-codes-db'), 'index.sqlite');
  for (const m of ['jdk.jdeps', 'jdk.internal.vm.ci', 'jdk.internal.le']) expect(errdex(['analyze', `${JDK}/lib/src.zip/${m}`, '--db', jdkDb]).code).toBe(0);
}, 240_000);

const explain = (text: string, db: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout);
const first = (text: string, db: string) => explain(text, db).hits[0];

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

describe('a .properties bundle beside the sources', () => {
  it("gives a lookup by key the entry's text, its {0} fields holes and '' one quote", () => {
    for (const id of ['kt-kit-88', 'kt-kit-89', 'kt-kit-90', 'kt-kit-95']) {
      const h = expectSite(id, kitDb, `${KIT}/Query.kt`);
      expect(h.record.definedAt.filePath, id).toBe(`${RESOURCES}/query.properties`);
    }
    expect(first(corpus.get('kt-kit-89')!.message, kitDb).record.errorMessage).toBe("Invalid percent escape '{value}' in parameter '{value}'");
  });

  it('does not read a translation', () => {
    const out = explain('Diese Anfrage ist eingefroren und kann nicht mehr geändert werden', kitDb);
    expect(out.hits.every((h: { matchType: string }) => h.matchType !== 'template')).toBe(true);
  });
});

describe('an error class given an error code', () => {
  it("gives `QueryException(QueryCode.X, …)` the text the code's enum formats", () => {
    for (const id of ['kt-kit-84', 'kt-kit-85', 'kt-kit-86', 'kt-kit-87']) {
      const h = expectSite(id, kitDb, `${KIT}/Query.kt`);
      expect(h.record.definedAt.filePath, id).toBe(`${KIT}/QueryErrors.kt`);
    }
    expect(first(corpus.get('kt-kit-85')!.message, kitDb).record.errorMessage).toBe("Parameter '{value}' is given more than once");
  });
});

describe("a Java error class handing its key to a bundle's helper", () => {
  it("gives javap's `new BadArgs(key, …)` the entry of the key", () => {
    // (the constructor's re-raise of the caught message, `new JavapTask(…, options, classes)`, says the same: one answer, both lines)
    for (const id of ['jdk-jdk-jdeps-02', 'jdk-jdk-jdeps-04', 'jdk-jdk-jdeps-05']) expectSite(id, jdkDb, 'com/sun/tools/javap/JavapTask.java');
    expect(first(corpus.get('jdk-jdk-jdeps-05')!.message, jdkDb).record.definedAt.filePath).toMatch(/com\/sun\/tools\/javap\/resources\/javap\.java$/);
    expect(first(corpus.get('jdk-jdk-jdeps-02')!.message, jdkDb).record.errorMessage).toBe('bad combination of options: {value}');
  });
});

describe('a Java error class formatting the text it is given', () => {
  it("opens `new JVMCIError(\"unimplemented: %s\", msg)` as a format string", () => {
    const h = expectSite('jdk-jdk-internal-vm-ci-01', jdkDb, 'jdk/vm/ci/common/JVMCIError.java');
    expect(h.record.errorMessage).toBe('unimplemented: {value}');
  });
});

describe('a Java local given text in branches', () => {
  it("gives JLine's EOFError each text the local may hold", () => {
    for (const id of ['jdk-jdk-internal-le-02', 'jdk-jdk-internal-le-03']) expectSite(id, jdkDb, 'jdk/internal/org/jline/reader/impl/DefaultParser.java');
  });
});
