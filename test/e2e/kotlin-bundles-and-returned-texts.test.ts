// Kotlin resource bundles and functions returning text (jvm/kotlin.ts bundleTable, messageReturns,
// callText): the evaluation kit's Forms.kt raises `check(!submitted) { bundle.getString("form.closed") }`,
// `require(…) { MessageFormat.format(bundle.getString("field.range"), …) }` and
// `IllegalStateException(Texts.outOfRange(field, sum, ceiling))`, the texts written in FormErrors.kt
// (`class FormMessages : ListResourceBundle()`, `object Texts { fun outOfRange(…) = "…" }`). The kit's
// sources are analyzed as they are; messages and traces are what the JVM printed for them
// (eval/corpus/jvm.jsonl, made by eval/gen/jvm_cases.mjs with Debian's kotlinc).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { copyKit, jvmCorpus, KIT } from './jvm-kit.js';

const corpus = jvmCorpus();
let db: string;

beforeAll(() => {
  const root = tmpDir('kt-bundles');
  db = path.join(tmpDir('kt-bundles-db'), 'index.sqlite');
  copyKit(root, ['Forms.kt', 'FormErrors.kt']);
  // a data class's toString() is not the text of the JDK's Objects.toString(x)
  write(root, `${KIT}/Point.kt`, [
    'package org.errdex.kit',
    'data class Point(val x: Int) { override fun toString() = "Point at $x" }',
    'fun show(p: Any?) { throw IllegalStateException(java.util.Objects.toString(p)) }',
    '',
  ].join('\n'));
  // a message helper given the bundle's key (`Msg.text("port.range", port, 1, 65535)`): each call's key picks the entry
  write(root, 'src/main/kotlin/org/example/net/Msg.kt', [
    'package org.example.net',
    '',
    'import java.text.MessageFormat',
    'import java.util.ListResourceBundle',
    'import java.util.ResourceBundle',
    '',
    'class NetMessages : ListResourceBundle() {',
    '    override fun getContents(): Array<Array<Any>> = arrayOf(',
    '        arrayOf<Any>("port.range", "Port {0} is outside {1}..{2}"),',
    '        arrayOf<Any>("host.empty", "Host name must not be empty")',
    '    )',
    '}',
    '',
    'object Msg {',
    '    private val bundle = ResourceBundle.getBundle("org.example.net.NetMessages")',
    '',
    '    fun text(key: String, vararg args: Any): String = MessageFormat.format(bundle.getString(key), *args)',
    '}',
    '',
  ].join('\n'));
  write(root, 'src/main/kotlin/org/example/net/Endpoint.kt', [
    'package org.example.net',
    '',
    'class Endpoint(val host: String, val port: Int) {',
    '    init {',
    '        require(host.isNotEmpty()) { Msg.text("host.empty") }',
    '        if (port !in 1..65535) throw IllegalArgumentException(Msg.text("port.range", port, 1, 65535))',
    '    }',
    '}',
    '',
  ].join('\n'));
  expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
}, 120_000);

const first = (text: string) => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits[0];

describe('a Kotlin ListResourceBundle', () => {
  it("is read by key at the raise, alone and through MessageFormat.format (its '' a quote)", () => {
    for (const id of ['kt-kit-62', 'kt-kit-64', 'kt-kit-66']) {
      const c = corpus.get(id)!;
      expect(c.site.rel).toBe(`${KIT}/Forms.kt`);
      for (const text of [c.message, c.trace]) {
        const h = first(text);
        expect(h.record.filePath, `${id}: ${text}`).toBe(`${KIT}/Forms.kt`);
        expect(h.lines).toContain(c.site.line);
        if (text === c.message) expect(h.matchType).toBe('template');
        expect(h.record.definedAt.filePath).toBe(`${KIT}/FormErrors.kt`);
      }
    }
    expect(first(corpus.get('kt-kit-62')!.message).record.errorMessage).toBe("Field '{value}' must be between {value} and {value}");
  });
});

describe("an object's function returning text, called in another file", () => {
  it("gives the raise its text, the call's arguments in the parameters' places", () => {
    const c = corpus.get('kt-kit-65')!;
    expect(c.message).toBe("Field 'qty' is 1100, above the limit of 1000");
    for (const text of [c.message, c.trace]) {
      const h = first(text);
      expect(h.record).toMatchObject({ filePath: `${KIT}/Forms.kt`, errorMessage: "Field '{field}' is {sum}, above the limit of {ceiling}" });
      expect(h.lines).toContain(c.site.line);
    }
  });
  it('binds only a function of the same name and arity that is not an override', () => {
    const h = first('Point at 3');
    expect(h?.record.filePath ?? null).not.toBe(`${KIT}/Point.kt`);
  });
});

describe('a message helper given a bundle key', () => {
  it('gives each raise the entry of the key it passes', () => {
    for (const [text, line] of [['Port 70000 is outside 1..65535', 6], ['Host name must not be empty', 5]] as const) {
      const h = first(text);
      expect(h.record.filePath, text).toBe('src/main/kotlin/org/example/net/Endpoint.kt');
      expect(h.lines).toContain(line);
      expect(h.matchType).toBe('template');
      expect(h.record.definedAt.filePath).toBe('src/main/kotlin/org/example/net/Msg.kt');
    }
  });
});

describe("a map of texts and an object's constant, read in another file", () => {
  it('give the raise their entries, defined where they are written', () => {
    const cases = [
      ['kt-kit-59', "Field '{field}' is invalid: not an e-mail address"],
      ['kt-kit-60', "Field '{field}' is invalid: not a postal code"],
      ['kt-kit-61', "Field '{field}' is invalid: must be a whole number"],
    ] as const;
    for (const [id, errorMessage] of cases) {
      const c = corpus.get(id)!;
      const h = first(c.message);
      expect(h.record, id).toMatchObject({ filePath: `${KIT}/Forms.kt`, errorMessage });
      expect(h.lines).toContain(c.site.line);
      expect(h.record.definedAt.filePath).toBe(`${KIT}/FormErrors.kt`);
    }
  });
});
