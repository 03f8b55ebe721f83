// Every pack's catalogue of its runtime's native messages (languages/<id>/native.ts) checked against
// the real runtime of this machine: each message's probe is run, and what the runtime prints must
// be that message (the whole text matches its template) with that class. A runtime that words a
// message differently fails this test, so a catalogue says only what the runtime prints.
import { describe, expect, it } from 'vitest';
import type { NativeCallable } from '../../src/languages/shared/native.js';
import { nativeLabel, nativeTemplates } from '../../src/languages/shared/native.js';
import { JAVASCRIPT_NATIVE } from '../../src/languages/javascript/native.js';
import { PYTHON_NATIVE } from '../../src/languages/python/native.js';
import { DYNAMIC_REQUIRE_NATIVE, RUBY_NATIVE, STRICT_BASE64_NATIVE } from '../../src/languages/ruby/native.js';
import { matchTemplate } from '../../src/template/match.js';
import { node, python, ruby, type Runner } from './runtimes.js';

function check(catalogue: readonly NativeCallable[], runner: Runner): void {
  const cases = catalogue.flatMap((c) => c.messages.map((m, i) => ({ c, m, template: nativeTemplates(c)[i] })));
  const printed = runner(cases.map((x) => x.m.probe));
  for (const [i, { c, m, template }] of cases.entries()) {
    const got = printed[i];
    const where = `${nativeLabel(c)}: ${m.probe}`;
    expect(got, where).not.toBeNull();
    expect(got!.errorClass, where).toBe(c.errorClass);
    const match = matchTemplate(template, got!.message);
    expect(match?.whole && match.start === 0 && match.end === got!.message.length, `${where}: printed ${JSON.stringify(got!.message)}, the catalogue says ${JSON.stringify(m.text)}`).toBe(true);
  }
}

describe('native message catalogues, against the runtimes of this machine', () => {
  it('python: every message is what python3 prints, with its class', () => {
    check(PYTHON_NATIVE, python);
  });

  it('ruby: every message is what ruby prints, with its class', () => {
    check([...RUBY_NATIVE, STRICT_BASE64_NATIVE, DYNAMIC_REQUIRE_NATIVE], ruby);
  });

  it('javascript: every message is what node prints, with its class', () => {
    check(JAVASCRIPT_NATIVE, node);
  });

  it('a catalogue whose text differs from what the runtime prints fails the check', () => {
    const wrong: NativeCallable = { modules: ['struct'], name: 'unpack', errorClass: 'struct.error', messages: [{ text: 'unpack needs a buffer of {size} bytes', probe: "import struct; struct.unpack('<I', b'ab')" }] };
    expect(() => check([wrong], python)).toThrow(/printed "unpack requires a buffer of 4 bytes"/);
  });

  it('holds specific messages only: every one has literal text beyond its holes', () => {
    for (const c of [...PYTHON_NATIVE, ...RUBY_NATIVE, ...JAVASCRIPT_NATIVE]) {
      for (const [i, t] of nativeTemplates(c).entries()) {
        const literal = t.reduce((n, s) => n + ('lit' in s ? s.lit.replace(/\W/g, '').length : 0), 0);
        expect(literal, c.messages[i].text).toBeGreaterThanOrEqual(10);
      }
    }
  });
});
