// Every pack's runtime texts (core/pack.ts Runtime, languages/<id>/runtime-texts.ts) checked
// against the real runtime of this machine: each probe is run, and what the runtime prints must be
// the text, its first line whole, with the class the catalogue names. A runtime that words a message otherwise
// fails this test, so a catalogue says only what the runtime prints.
import { describe, expect, it } from 'vitest';
import type { Runtime } from '../../src/core/pack.js';
import { PACKS } from '../../src/languages/registry.js';
import { firstLine, runtimeTextsOf } from '../../src/match/runtime-texts.js';
import { lit, openFields } from '../../src/template/ir.js';
import { matchTemplate } from '../../src/template/match.js';
import { go, java, node, php, python, ruby, type Runner } from './runtimes.js';

const RUNNERS: Record<string, Runner> = { python, ruby, javascript: node, php, go, jvm: java };

function check(runtime: Runtime, runner: Runner): void {
  const printed = runner(runtime.texts.map((t) => t.probe));
  for (const [i, t] of runtime.texts.entries()) {
    const got = printed[i];
    const where = `${runtime.name}: ${t.probe}`;
    expect(got, where).not.toBeNull();
    expect(got!.errorClass, where).toBe(t.errorClass);
    const m = matchTemplate(openFields([lit(t.text)], 'brace'), firstLine(got!.message));
    expect(m?.whole, `${where}: printed ${JSON.stringify(got!.message)}, the catalogue says ${JSON.stringify(t.text)}`).toBe(true);
    expect(!t.shape || t.shape.test(firstLine(got!.message)), `${where}: ${JSON.stringify(got!.message)} is not of the text's shape`).toBe(true);
  }
}

describe('runtime texts, against the runtimes of this machine', () => {
  for (const pack of PACKS) {
    if (!pack.runtime) continue;
    it(`${pack.id}: every text is what ${pack.runtime.name} prints, with its class`, () => {
      check(pack.runtime!, RUNNERS[pack.id]);
    }, 120_000);
  }

  it('a text the runtime does not print fails the check', () => {
    const wrong: Runtime = { name: 'CPython', texts: [{ text: 'invalid literal for int(): {value}', errorClass: 'ValueError', meaning: '', probe: "int('x')" }] };
    expect(() => check(wrong, python)).toThrow(/printed "invalid literal for int\(\) with base 10: 'x'"/);
  });
});

describe('runtimeTextsOf', () => {
  it("reads a message as its runtime's text, the most specific of that runtime's, with the message's values in the meaning", () => {
    const [t, ...rest] = runtimeTextsOf("[Errno 2] No such file or directory: '/srv/app/settings.ini'", null);
    expect(rest).toEqual([]);
    expect(t.runtime).toBe('CPython');
    expect(t.text).toBe('[Errno {errno}] {strerror}: {filename}');
    expect(t.captures).toMatchObject({ errno: '2', filename: "'/srv/app/settings.ini'" });
    const [attr] = runtimeTextsOf("'NoneType' object has no attribute 'strip'", null);
    expect(attr.meaning).toMatch(/^code read `\.strip` of a value of type NoneType/);
  });

  it("keeps to the trace's language when it names one, and to a text's shape", () => {
    expect(runtimeTextsOf('undefinedThing is not defined', null).map((t) => t.runtime)).toEqual(['Node.js (V8)']);
    expect(runtimeTextsOf('undefinedThing is not defined', 'python')).toEqual([]);
    // (V8 names a value as code writes it: a sentence is another library's text)
    expect(runtimeTextsOf("Variable 'who' is not defined", null)).toEqual([]);
    expect(runtimeTextsOf("'int' object is not iterable", null).map((t) => t.runtime)).toEqual(['CPython']);
  });

  it('leaves out texts with less literal text than asked, a message that is none, and one too long to be', () => {
    expect(runtimeTextsOf('division by zero', null, 100)).toEqual([]);
    expect(runtimeTextsOf('port must be a number', null)).toEqual([]);
    expect(runtimeTextsOf(`division by zero${' '.repeat(3000)}x`, null)).toEqual([]);
  });
});
