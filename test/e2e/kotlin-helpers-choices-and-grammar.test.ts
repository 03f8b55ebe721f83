// Kotlin helpers given their text by the caller (decision 0090), on the evaluation kit's record
// reader (eval/jvm-kit Records.kt / RecordErrors.kt; messages the JVM printed for it, eval/corpus/jvm.jsonl):
// - a library's own precondition, `fun ensure(condition: Boolean, message: () -> String)` raising
//   `IllegalArgumentException(message())`: each caller's trailing lambda is the text
//   (`ensure(value >= min) { "Column '$name' must be at least $min, was $value" }`);
// - a helper given a string (`fail("…")`), the same way, as the Java pack's callers are read;
// - Kotlin the grammar does not know (`fun interface`, binary literals), rewritten before parsing
//   at the same offsets: a member of a `fun interface` keeps its class;
// - texts an `if` or a `when` chooses between, in the raise or in a local it uses, and an error class's
//   secondary constructors handing `super(…)` its text;
// - a helper formatting the format it is given (`format.format(*args)`, `String.format(Locale.ROOT, p, …)`):
//   each caller's text opened as a format string.
// The last three are shapes of real Kotlin (OkHttp, Ktor) that Debian's kotlinc 1.3 cannot compile or
// that the kit does not have, written here; Debian ships no Kotlin library's sources.
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
  write(root, 'src/main/kotlin/org/example/net/Connections.kt', [
    'package org.example.net',
    '',
    'class ConfigException : RuntimeException {',
    '    constructor(key: String) : super("Missing configuration key \'$key\'")',
    '    constructor(key: String, cause: Throwable) : super("Unreadable configuration key \'$key\'", cause)',
    '}',
    '',
    'class Connections {',
    '    fun key(key: String): Nothing = throw ConfigException(key)',
    '',
    '    fun failed(code: Int): Nothing {',
    '        val msg = when (code) {',
    '            1 -> "Connection refused by peer"',
    '            2 -> { "Connection reset by peer" }',
    '            else -> "Connection failed with code $code"',
    '        }',
    '        throw IllegalStateException(msg)',
    '    }',
    '',
    '    fun mode(strict: Boolean, name: String): Nothing =',
    '        throw IllegalArgumentException(if (strict) "Strict mode forbids \'$name\'" else "Lenient mode warns on \'$name\'")',
    '',
    '    fun port(port: Int) {',
    '        val reason = if (port < 0) "is negative" else "is above 65535"',
    '        throw IllegalArgumentException("Port $port $reason")',
    '    }',
    '}',
    '',
    'class Columns {',
    '    private fun fail(format: String, vararg args: Any): Nothing = throw IllegalStateException(format.format(*args))',
    '    private fun bad(pattern: String, vararg args: Any): Nothing =',
    '        throw IllegalArgumentException(String.format(java.util.Locale.ROOT, pattern, *args))',
    '',
    '    fun check(expected: Int, found: Int) {',
    '        if (expected != found) fail("Expected %d columns but found %d", expected, found)',
    '        if (found > 99) bad("Too many columns: %d (limit %d)", found, 99)',
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

describe('texts an `if` or a `when` chooses between', () => {
  it("gives each branch's text to the raise, from the argument or from a local it uses", () => {
    const cases: [string, string, number][] = [
      ['Connection refused by peer', 'Connection refused by peer', 17],
      ['Connection reset by peer', 'Connection reset by peer', 17],
      ['Connection failed with code 9', 'Connection failed with code {code}', 17],
      ["Strict mode forbids 'x'", "Strict mode forbids '{name}'", 21],
      ["Lenient mode warns on 'x'", "Lenient mode warns on '{name}'", 21],
      ['Port 70000 is above 65535', 'Port {port} is above 65535', 25],
      ['Port -1 is negative', 'Port {port} is negative', 25],
    ];
    for (const [message, template, line] of cases) {
      const h = first(message);
      expect(h.matchType, message).toBe('template');
      expect(h.record.errorMessage, message).toBe(template);
      expect(h.lines, message).toContain(line);
    }
  });
});

describe("an error class's secondary constructors", () => {
  it('give a raise of the class the text the constructor hands super', () => {
    const h = first("Missing configuration key 'db.url'");
    expect(h.matchType).toBe('template');
    expect(h.record.errorMessage).toBe("Missing configuration key '{key}'");
    expect(h.lines).toContain(9);
  });
});

describe('a helper formatting the format it is given', () => {
  it("opens each caller's text as a format string", () => {
    for (const [message, template, line] of [
      ['Expected 3 columns but found 4', 'Expected {value} columns but found {value}', 30],
      ['Too many columns: 120 (limit 99)', 'Too many columns: {value} (limit {value})', 32],
    ] as [string, string, number][]) {
      const h = first(message);
      expect(h.matchType, message).toBe('template');
      expect(h.record.errorMessage, message).toBe(template);
      expect(h.lines, message).toContain(line);
    }
  });
});
