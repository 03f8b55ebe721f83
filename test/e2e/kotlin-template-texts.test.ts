// Texts of the kit's template renderer not written at the raise (decision 0124), on real code: eval/jvm-kit
// `Templates.kt` and `TemplateErrors.kt` (with `Errors.kt`, their base class):
// - another file's object constant joined to a value, `throw TemplateException(LoaderTexts.NOT_FOUND + name)`
//   (`internal object LoaderTexts { const val NOT_FOUND = "Template not found: " }`): the constant's text,
//   then the value's hole;
// - an error given the caught one alone, `catch (e: NumberFormatException) { throw FilterFailure(e) }`
//   (`class FilterFailure(cause: Throwable) : RuntimeException(cause)`): Throwable(cause)'s message, the
//   cause's toString(), `java.lang.NumberFormatException: <its message>`;
// - an error class's own method making a new error around its text, `fun at(template: String, line: Int) =
//   TemplateException("$template:$line: $message", this)`, called as `throw e.at(name, i + 1)` in a catch: the
//   wrapper goes above the raise it wraps (here the include's `Cannot include '…': …`, of the same file).
// Messages and traces are what the JVM printed for them (eval/corpus/jvm.jsonl, eval/gen/jvm_cases.mjs).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { copyKit, expectKitSite, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-templates');
  db = path.join(tmpDir('kt-templates-db'), 'index.sqlite');
  copyKit(root, ['Templates.kt', 'TemplateErrors.kt', 'Errors.kt']);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const explain = (text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout);

/** The first answers for a case's message and trace name its site (jvm-kit.ts expectKitSite). */
const expectSite = (id: string, rel: string): string => expectKitSite(corpus, db, id, rel);

describe("another file's object constant joined to a value", () => {
  it("is the constant's text before the value's hole", () => {
    expect(corpus.get('kt-kit-169')!.message).toBe('Template not found: missing');
    expect(expectSite('kt-kit-169', `${KIT}/Templates.kt`)).toBe('Template not found: {name}');
  });
});

describe('an error given the caught one alone', () => {
  it("is the cause's toString(): the caught class's full name, then its message", () => {
    expect(corpus.get('kt-kit-172')!.message).toBe('java.lang.NumberFormatException: For input string: "x"');
    expect(expectSite('kt-kit-172', `${KIT}/Templates.kt`)).toBe('java.lang.NumberFormatException: {message}');
  });
});

describe("an error class's own method making a new error around its text", () => {
  it('is a wrapper of that class, first above the raise whose text it holds', () => {
    const c = corpus.get('kt-kit-175')!;
    expect(c.message).toBe("a:2: Cannot include 'zz': Key zz is missing in the map.");
    expect(expectSite('kt-kit-175', `${KIT}/TemplateErrors.kt`)).toBe('{template}:{line}: {message}');
    const [first, second] = explain(c.message).hits;
    expect(first.lines).toContain(5);
    expect(second.record.errorMessage).toBe("Cannot include '{name}': {message}");
  });
});
