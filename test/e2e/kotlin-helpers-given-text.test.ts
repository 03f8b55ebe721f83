// Kotlin helpers given their text by the caller (decision 0090), on the evaluation kit's record
// reader (eval/jvm-kit Records.kt / RecordErrors.kt; messages the JVM printed for it, eval/corpus/jvm.jsonl):
// - a library's own precondition, `fun ensure(condition: Boolean, message: () -> String)` raising
//   `IllegalArgumentException(message())`: each caller's trailing lambda is the text
//   (`ensure(value >= min) { "Column '$name' must be at least $min, was $value" }`);
// - a helper given a string (`fail("…")`), the same way, as the Java pack's callers are read;
// - Kotlin the grammar does not know (`fun interface`, binary literals), rewritten before parsing
//   at the same offsets: a member of a `fun interface` keeps its class.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-helpers');
  db = path.join(tmpDir('kt-helpers-db'), 'index.sqlite');
  copyKit(root, ['Records.kt', 'RecordErrors.kt']);
  // (a helper given a string, and a `fun interface` with a binary literal: shapes of real Kotlin that
  // Debian's kotlinc 1.3 cannot compile into the kit)
  write(root, 'src/main/kotlin/org/example/frames/Frames.kt', [
    'package org.example.frames',
    '',
    'fun interface Decoder {',
    '    fun decode(b: Int): Int',
    '',
    '    fun checked(b: Int): Int {',
    '        if (b and 0b1000_0000 != 0) throw IllegalArgumentException("High bit set in $b")',
    '        return decode(b)',
    '    }',
    '}',
    '',
    'class Frames {',
    '    private fun fail(detail: String): Nothing = throw java.net.ProtocolException(detail)',
    '',
    '    fun opcode(b: Int): String = when (b) {',
    '        0b0001 -> "text"',
    '        0b0010 -> "binary"',
    '        else -> fail("Unknown opcode: $b")',
    '    }',
    '}',
    '',
  ].join('\n'));
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const first = (text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits[0];

describe('a precondition helper given a lambda', () => {
  it("gives `ensure(c) { \"…\" }`'s raise each caller's text, for the message and the trace", () => {
    const c = corpus.get('kt-kit-111')!;
    expect(c.site.rel).toBe(`${KIT}/RecordErrors.kt`);
    for (const text of [c.message, c.trace]) {
      const h = first(text);
      expect(h.record.filePath).toBe(`${KIT}/RecordErrors.kt`);
      expect(h.lines).toContain(c.site.line);
    }
    const h = first(c.message);
    expect(h.matchType).toBe('template');
    expect(h.record.errorMessage).toBe("Column '{name}' must be at least {min}, was {value}");
  });
});

describe('a helper given a string', () => {
  it("gives `fail(detail)`'s raise the caller's text", () => {
    const h = first('Unknown opcode: 7');
    expect(h.matchType).toBe('template');
    expect(h.record.filePath).toBe('src/main/kotlin/org/example/frames/Frames.kt');
    expect(h.record.errorMessage).toBe('Unknown opcode: {b}');
  });
});

describe('Kotlin the grammar does not know', () => {
  it("keeps a `fun interface`'s member in its class, and a binary literal in its guard", () => {
    const h = first('High bit set in 200');
    expect(h.record.symbol).toBe('Decoder.checked');
    expect(h.lines).toContain(7);
  });
});
