// Messages a runtime writes itself (LanguagePack.runtime, match/runtime-texts.ts): a small tree
// written here, analyzed by the CLI and run by the real python3 and node with bad input; what they
// print is explained, alone and as a trace. No site of the tree writes these texts, so the answer
// says which runtime wrote the message, what it means and which line raises it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

type RuntimeText = { runtime: string; languages: string[]; text: string; meaning: string; captures: Record<string, string> };
type Link = { runtimeTexts: RuntimeText[]; hits: { matchType: string; score: number; record: { filePath: string; lineNumber: number }; line: number; certain?: true }[] };

describe("runtime texts: the runtime's own message, read for what it means", () => {
  let root: string;
  let db: string;

  beforeAll(() => {
    root = tmpDir('runtime-texts');
    db = path.join(tmpDir('runtime-texts-db'), 'index.sqlite');
    write(root, 'settings.py', [
      'def port(text):',
      '    return int(text)',
      '',
      'def load(path):',
      '    with open(path) as f:',
      '        return f.read()',
      '',
    ].join('\n'));
    // (a library writing CPython's own text word for word, as proxies do)
    write(root, 'proxy.py', [
      'class Proxy:',
      '    def __getattr__(self, name):',
      '        raise AttributeError(f"\'{type(self._target).__name__}\' object has no attribute \'{name}\'")',
      '',
    ].join('\n'));
    write(root, 'lib/queue.js', [
      "'use strict';",
      'exports.enqueue = (job, callback) => {',
      "  if (typeof callback !== 'function') throw new TypeError('callback is not a function');",
      '  return callback(job);',
      '};',
      '',
    ].join('\n'));
    write(root, 'lib/shapes.js', "exports.shape = (s) => {\n  if (!s.kind) throw new Error('undefined kind');\n  return s.kind;\n};\n");
    write(root, 'lib/ratio.js', "exports.ratio = (a, b) => {\n  if (b === 0) throw new RangeError('Division by zero');\n  return a / b;\n};\n");
    const r = errdex(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  const python = (code: string): string => spawnSync('python3', ['-c', `import sys; sys.path.insert(0, '.'); import settings; ${code}`], { cwd: root }).stderr.toString();
  const explain = (input: string): { out: { links: Link[] }; human: string } => {
    const json = errdex(['explain', '--db', db, '--json'], { input });
    expect([0, 4], json.stderr).toContain(json.code);
    const human = errdex(['explain', '--db', db], { input });
    return { out: explainOutput(json.stdout), human: human.stdout };
  };

  it("says which runtime wrote a message alone, what it means with the message's values, and where the raising line is", () => {
    const trace = python("settings.port('forty')");
    const message = trace.trim().split('\n').at(-1)!.replace(/^ValueError: /, '');
    expect(message).toBe("invalid literal for int() with base 10: 'forty'");
    const { out, human } = explain(message);
    expect(out.links[0].runtimeTexts).toEqual([expect.objectContaining({
      runtime: 'CPython', languages: ['python'], text: 'invalid literal for int() with base {base}: {value}', captures: { base: '10', value: "'forty'" },
    })]);
    expect(out.links[0].runtimeTexts[0].meaning).toMatch(/^int\(\) was given text that is not a whole number in that base; the raising line is the call into it/);
    expect(human).toContain("note: the message reads as CPython's own text: int() was given text");
  });

  it('keeps the note beside the line a trace names, and reads an errno text with its path', () => {
    const trace = python("settings.load('/nonexistent/errdex/settings.ini')");
    const { out } = explain(trace);
    const link = out.links[0];
    expect(link.hits[0]).toMatchObject({ matchType: 'line', line: 5, record: { filePath: 'settings.py' } });
    expect(link.runtimeTexts.map((t) => [t.runtime, t.text, t.captures.filename])).toEqual([
      ['CPython', '[Errno {errno}] {strerror}: {filename}', "'/nonexistent/errdex/settings.ini'"],
    ]);
  });

  it("gives no note when a site of the tree writes the message with as much text as the runtime's or more", () => {
    const run = spawnSync('node', ['-e', "try { require('./lib/queue.js').enqueue({}, 5) } catch (e) { process.stdout.write(e.message) }"], { cwd: root });
    const message = run.stdout.toString();
    expect(message).toBe('callback is not a function');
    const { out, human } = explain(message);
    expect(out.links[0].hits[0]).toMatchObject({ matchType: 'template', record: { filePath: 'lib/queue.js', lineNumber: 3 } });
    expect(out.links[0].runtimeTexts).toEqual([]);
    expect(human).not.toContain('own text');
    // (a library copying a runtime's text of several words word for word: the runtime's reading stays told)
    const copied = explain("'NoneType' object has no attribute 'strip'").out.links[0];
    expect(copied.hits[0]).toMatchObject({ matchType: 'template', record: { filePath: 'proxy.py' } });
    expect(copied.hits[0].score).toBeGreaterThanOrEqual(0.75);
    expect(copied.runtimeTexts.map((t) => t.runtime)).toEqual(['CPython']);
    // (PHP's engine writes `Division by zero` too: a site writing it whole is as good a reading)
    expect(explain('Division by zero').out.links[0].runtimeTexts).toEqual([]);
    // (V8's own text for a value that is not callable: the runtime's)
    expect(explain('options.onDone is not a function').out.links[0].runtimeTexts.map((t) => t.runtime)).toEqual(['Node.js (V8)']);
  });

  it("hides from a person the candidates that only share words with the runtime's text, and keeps them in --json", () => {
    const run = spawnSync('node', ['-e', "try { require('./lib/shapes.js').shape(undefined) } catch (e) { process.stdout.write(e.message) }"], { cwd: root });
    const message = run.stdout.toString();
    expect(message).toBe("Cannot read properties of undefined (reading 'kind')");
    const { out, human } = explain(message);
    expect(out.links[0].hits.map((h) => [h.matchType, h.record.filePath])).toContainEqual(['fuzzy', 'lib/shapes.js']);
    expect(out.links[0].runtimeTexts.map((t) => t.runtime)).toEqual(['Node.js (V8)']);
    expect(human).toContain("note: the message reads as Node.js (V8)'s own text: code read 'kind' of a value that was undefined");
    expect(human).toContain("(1 weaker candidate hidden, beside the runtime's own text (word overlaps, or below a certain answer); --json shows it)");
    expect(human).not.toContain('lib/shapes.js');
  });
});
