// Kotlin texts chosen away from the raise (decision 0099), on the evaluation kit's document decoder
// and request parameters (eval/jvm-kit DecodeErrors.kt, Decoder.kt, Params.kt; messages the JVM printed
// for them, eval/corpus/jvm.jsonl):
// - a function of the file whose body is a `when` choosing a text (`Status.reason(code)`), called in an
//   error class's text (`RuntimeException("HTTP $code ${Status.reason(code)}")`): each branch's text;
// - a class handing its base what it is given, whose secondary constructor makes that text
//   (`constructor(fields, serialName) : this(fields, if (…) "Field '…' is required …" else "Fields …", null)`);
// - a result's `Failure(reason)` made in one file and raised in another as `throw X(reason)` in
//   `is Parsed.Failure ->`: the texts the constructions are given, at the raise.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-away');
  db = path.join(tmpDir('kt-away-db'), 'index.sqlite');
  copyKit(root, ['DecodeErrors.kt', 'Decoder.kt', 'Params.kt']);
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const first = (text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits[0];

/** The case's message and trace each name its site first, the message by a template. */
function named(id: string, template: string): void {
  const c = corpus.get(id)!;
  for (const text of [c.message, c.trace]) {
    const h = first(text);
    expect(h.record.filePath, `${id}: ${text.slice(0, 60)}`).toBe(c.site.rel);
    expect(h.lines, `${id}: ${text.slice(0, 60)}`).toContain(c.site.line);
  }
  const h = first(c.message);
  expect(h.matchType, id).toBe('template');
  expect(h.record.errorMessage, id).toBe(template);
}

describe("a text function's `when`", () => {
  it("gives an error class's text each branch's text", () => {
    expect(corpus.get('kt-kit-133')!.site.rel).toBe(`${KIT}/Params.kt`);
    named('kt-kit-133', 'HTTP {code} Conflict');
  });
});

describe("a secondary constructor's text handed to the primary", () => {
  it('gives every raise of the class the singular and the plural text', () => {
    named('kt-kit-117', "Field '{missingFields}' is required for type with serial name '{serialName}', but it was missing");
    named('kt-kit-118', "Fields {missing} are required for type with serial name '{serialName}', but they were missing");
  });
});

describe("a result's reason raised where the result was tested", () => {
  it('gives the raise the texts the constructions in another file are given', () => {
    for (const id of ['kt-kit-125', 'kt-kit-126']) {
      const c = corpus.get(id)!;
      expect(c.site.rel).toBe(`${KIT}/DecodeErrors.kt`);
      const h = first(c.message);
      expect(h.record.filePath, id).toBe(c.site.rel);
      expect(h.lines, id).toContain(c.site.line);
      expect(h.matchType, id).toBe('template');
    }
    // (the constructions are no raise of their own: `Parsed.Failure` is no Throwable)
    const h = first(corpus.get('kt-kit-125')!.message);
    expect(h.record.errorMessage).toBe("Duration '{text}' has an unknown unit '{unit}' (expected s, m or h)");
  });
});
