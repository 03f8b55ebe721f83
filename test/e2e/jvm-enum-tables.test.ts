// An enum's text fields as message tables (jvm/java.ts and kotlin.ts enumTables): the evaluation
// kit's Schema.kt raises `SchemaException(problem.pattern.format(*args))` in a helper handed an
// entry of `enum class Problem(val pattern: String)`, and Loader.kt raises the caught message again
// with a prefix (decision 0053). The kit's sources are analyzed as they are; the messages and
// traces are what the JVM printed for them (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs
// with Debian's kotlinc).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('jvm-enum');
  db = path.join(tmpDir('jvm-enum-db'), 'index.sqlite');
  copyKit(root, ['Schema.kt', 'Loader.kt']);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

describe("an enum entry's text raised by a helper handed the entry", () => {
  it('is a message of the helper, defined at the entry, by the message alone and with the trace', () => {
    for (const id of ['kt-kit-46', 'kt-kit-47', 'kt-kit-51']) {
      const c = corpus.get(id)!;
      expect(c.site.rel).toBe(`${KIT}/Schema.kt`);
      for (const text of [c.message, c.trace]) {
        const h = explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits[0];
        expect(h.record.filePath, `${id}: ${text}`).toBe(`${KIT}/Schema.kt`);
        expect(h.lines).toContain(c.site.line);
        if (text === c.message) expect(h.matchType).toBe('template');
        expect(h.record.definedAt.filePath).toBe(`${KIT}/Schema.kt`);
      }
    }
  });
  it('and, with the prefix a handler in another file adds, a message of that handler', () => {
    const c = corpus.get('kt-kit-52')!;
    expect(c.message).toBe('Invalid record: Field \'port\' must be a number, got "x"');
    const h = explainOutput(errdex(['explain', c.message, '--db', db, '--json']).stdout).hits[0];
    expect(h.record).toMatchObject({ filePath: `${KIT}/Loader.kt`, errorMessage: 'Invalid record: Field \'{value}\' must be a number, got "{value}"' });
    expect(h.lines).toContain(c.site.line);
  });
});
