// An error class whose text reads a text field of an enum parameter (jvm/kotlin.ts enumText, decision
// 0136): the evaluation kit's ManifestErrors.kt declares `class ManifestException(val code:
// ManifestError, vararg args: Any?) : IllegalArgumentException("[${code.name}] " +
// code.template.format(*args))` over `enum class ManifestError(val template: String)`, and its raises
// name the entry (`ManifestException(ManifestError.MISSING, field)` in the companion's factory,
// `ManifestException(ManifestError.BAD_DEPENDENCY, entry)` in Manifest.kt). Each raise says its own
// entry's text, not every entry's: the message of one is not tied with the other. The kit's sources are
// analyzed as they are; the messages and traces are what the JVM printed for them (eval/corpus/jvm.jsonl,
// made by eval/gen/jvm_cases.mjs with Debian's kotlinc).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { copyKit, expectKitSite, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('jvm-enum-codes');
  db = path.join(tmpDir('jvm-enum-codes-db'), 'index.sqlite');
  copyKit(root, ['Manifest.kt', 'ManifestErrors.kt']);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

describe('an enum entry a raise passes to an error class reading its text', () => {
  it("is that raise's text alone, by the message and by the trace", () => {
    expect(expectKitSite(corpus, db, 'kt-kit-192', `${KIT}/ManifestErrors.kt`)).toContain("Missing required field '");
    expect(expectKitSite(corpus, db, 'kt-kit-198', `${KIT}/Manifest.kt`)).toContain("Malformed dependency '");
  });
  it('so the message of one raise ties with no other raise of the class', () => {
    const c = corpus.get('kt-kit-192')!;
    expect(c.message).toBe("[MISSING] Missing required field 'name'");
    const hits = explainOutput(errdex(['explain', c.message, '--db', db, '--json']).stdout).hits;
    const same = hits.filter((h) => h.score === hits[0].score);
    expect(same.map((h) => `${h.record.filePath}:${h.lines[0]}`)).toEqual([`${KIT}/ManifestErrors.kt:${c.site.line}`]);
  });
});
