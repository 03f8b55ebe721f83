// Every pack's catalogue of its runtime's native messages (languages/<id>/native.ts) checked against
// the real runtime of this machine: each message's probe is run, and what the runtime prints must
// be that message (the whole text matches its template) with that class. A runtime that words a
// message differently fails this test, so a catalogue says only what the runtime prints.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { NativeCallable } from '../../src/languages/shared/native.js';
import { nativeLabel, nativeTemplates } from '../../src/languages/shared/native.js';
import { JAVASCRIPT_NATIVE } from '../../src/languages/javascript/native.js';
import { PYTHON_NATIVE } from '../../src/languages/python/native.js';
import { DYNAMIC_REQUIRE_NATIVE, RUBY_NATIVE, STRICT_BASE64_NATIVE } from '../../src/languages/ruby/native.js';
import { matchTemplate } from '../../src/template/match.js';

interface Printed {
  errorClass: string;
  message: string;
}

/** Runs each probe in one process of the runtime; each gives what it raised, or null. */
type Runner = (probes: string[]) => (Printed | null)[];

const run = (cmd: string, args: string[], input: string): string => {
  const r = spawnSync(cmd, args, { input, encoding: 'utf8', timeout: 60_000 });
  if (r.status !== 0) throw new Error(`${cmd}: ${r.stderr}`);
  return r.stdout;
};

/** `probe(fn)` is given to probes whose error is raised elsewhere than at top level (a thread). */
const PYTHON_HARNESS = `
import json, sys
caught = []
def probe(fn):
    try:
        fn()
    except BaseException as e:
        caught.append(e)
def name(e):
    t = type(e)
    return t.__qualname__ if t.__module__ == 'builtins' else t.__module__ + '.' + t.__qualname__
out = []
for code in json.load(sys.stdin):
    caught.clear()
    try:
        exec(code, {'probe': probe})
    except BaseException as e:
        caught.append(e)
    out.append({'errorClass': name(caught[0]), 'message': str(caught[0])} if caught else None)
print(json.dumps(out))
`;

const python: Runner = (probes) => JSON.parse(run('python3', ['-c', PYTHON_HARNESS], JSON.stringify(probes)));

const RUBY_HARNESS = `
require 'json'
out = JSON.parse(STDIN.read).map do |code|
  begin
    eval(code, TOPLEVEL_BINDING.dup)
    nil
  rescue Exception => e
    { 'errorClass' => e.class.name, 'message' => e.message }
  end
end
puts JSON.generate(out)
`;

const ruby: Runner = (probes) => JSON.parse(run('ruby', ['-e', RUBY_HARNESS], JSON.stringify(probes)));

const NODE_HARNESS = `
const probes = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = probes.map((code) => {
  try {
    new Function(code)();
    return null;
  } catch (e) {
    return { errorClass: e.constructor.name, message: e.message };
  }
});
process.stdout.write(JSON.stringify(out));
`;

const node: Runner = (probes) => JSON.parse(run(process.execPath, ['-e', NODE_HARNESS], JSON.stringify(probes)));

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
