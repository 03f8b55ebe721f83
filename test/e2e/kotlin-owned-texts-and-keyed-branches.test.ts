// Texts of an object and of a class's secondary constructor, read where a raise names them (decision 0112),
// on real code: the kit's migration runner (eval/jvm-kit `Migrations.kt`, `MigrationErrors.kt`) beside its
// query reader (`Query.kt`, `QueryErrors.kt` and `query.properties`):
// - two objects defining a text function of one name and arity (`RunnerMessages.get(key, vararg args)`
//   over a map, `QueryMessages.get(key, vararg args)` over a bundle): a call bound to the object it names;
// - a secondary constructor formatting an enum parameter's text, `constructor(code: MigrationError, vararg
//   args: Any?) : this(code.template.format(*args))`: each raise `MigrationException(MigrationError.X, …)`
//   is that entry's text, and a raise passing its own text there is not;
// - an object's format constant formatted where it is read, `RunnerMessages.NOT_APPLIED.format(v)`.
// Messages are what the JVM printed for them (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const REPO = path.resolve(import.meta.dirname, '../..');
const RESOURCES = 'src/main/resources/org/errdex/kit';
const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-migrations');
  db = path.join(tmpDir('kt-migrations-db'), 'index.sqlite');
  copyKit(root, ['Migrations.kt', 'MigrationErrors.kt', 'Query.kt', 'QueryErrors.kt']);
  write(root, `${RESOURCES}/query.properties`, fs.readFileSync(path.join(REPO, 'eval/jvm-kit', RESOURCES, 'query.properties')));
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const explain = (text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout);

/** The first answer for a case's message and for its trace names the case's site, by template. */
function expectSite(id: string, rel: string): { errorMessage: string; lines: number[] } {
  const c = corpus.get(id)!;
  expect(c.site.rel, id).toBe(rel);
  let out!: { errorMessage: string; lines: number[] };
  for (const text of [c.message, c.trace]) {
    const h = explain(text).hits[0];
    expect(h.record.filePath, `${id}: ${text}`).toBe(rel);
    expect(h.lines, id).toContain(c.site.line);
    if (text === c.message) {
      expect(h.matchType, id).toBe('template');
      out = { errorMessage: h.record.errorMessage, lines: h.lines };
    }
  }
  return out;
}

describe("an object's text function", () => {
  it('is bound to the object the call names, not to another of the same name and arity', () => {
    // (RunnerMessages.get reads a map, QueryMessages.get a bundle: each raise gets its own object's text)
    expect(expectSite('kt-kit-88', `${KIT}/Query.kt`).errorMessage).toBe('Query is {value} characters long; the limit is {value}');
    expect(expectSite('kt-kit-152', `${KIT}/Migrations.kt`).errorMessage).toBe('Migration lock is held by {value} since {value}');
    expect(expectSite('kt-kit-155', `${KIT}/Migrations.kt`).errorMessage).toBe('Target version {value} is older than the current version {value}');
  });
});

describe("a secondary constructor formatting its enum parameter's text", () => {
  it("gives each raise the entry its argument names, the entry's fields holes", () => {
    expect(expectSite('kt-kit-149', `${KIT}/Migrations.kt`).errorMessage).toBe('Unknown time unit \'{value}\' in "{value}"');
    const tooLong = expectSite('kt-kit-150', `${KIT}/Migrations.kt`);
    expect(tooLong.errorMessage).toBe('Timeout {value} exceeds the limit of {value} seconds');
    // (only the raise naming TOO_LONG: not the one naming UNKNOWN_UNIT, nor one passing its own text)
    expect(tooLong.lines).not.toContain(corpus.get('kt-kit-149')!.site.line);
    expect(tooLong.lines).not.toContain(corpus.get('kt-kit-147')!.site.line);
  });
});

describe("an object's format constant formatted where it is read", () => {
  it("is the constant's text, its fields holes", () => {
    expect(expectSite('kt-kit-153', `${KIT}/Migrations.kt`).errorMessage).toBe('Migration {value} has not been applied');
  });
});
