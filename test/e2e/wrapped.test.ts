// Wrapped messages through the CLI, with real wrappers: the message of each case is made by
// running the real library (node, /usr/bin/python3) on bad input, and the library's own files are
// analyzed. A wrapper record's inner message is ranked again and its hits name the wrapper
// (`wrappedBy`); generic decorations are taken off; the human output hides weak candidates
// a clear gap below a certain answer.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';
const NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');
const STDLIB = '/usr/lib/python3.11';

function run(cmd: string, args: string[], cwd?: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  return r.stdout.trim();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Hit = any;
const at = (h: Hit) => `${path.basename(h.record.filePath)}:${h.line}`;

describe('wrapped messages, real wrappers', () => {
  let dir: string;
  let db: string;
  beforeAll(() => {
    dir = tmpDir('wrapped');
    db = path.join(dir, 'db.sqlite');
    // optionator wraps type-check's parse error, which wraps its own tokenizer's (three layers).
    for (const p of [path.join(NODE_MODULES, 'optionator'), path.join(NODE_MODULES, 'type-check'), path.join(STDLIB, 'runpy.py'), path.join(STDLIB, 'netrc.py')]) {
      const r = errdex(['analyze', p, '--db', db]);
      expect(r.code, r.stderr).toBe(0);
    }
  }, 60_000);

  it('optionator → type-check → type-check: every layer reported, each inner hit names its wrappers', () => {
    const message = run(process.execPath, ['-e', `
      try { require(${JSON.stringify(path.join(NODE_MODULES, 'optionator'))})({ options: [{ option: 'x', type: 'Int{', description: 'x' }] }) }
      catch (e) { console.log(e.message) }`]);
    expect(message).toMatch(/^Option 'x': Error parsing type 'Int\{': .* - Remaining tokens: /);
    const r = errdex(['explain', '--db', db, '--json', message]);
    const out = explainOutput(r.stdout);
    const hits: Hit[] = out.links[0].hits;
    // The innermost origin: type-check's tokenizer, reached through both wrappers.
    const origin = hits.find((h) => h.message === 'Unexpected end of input.');
    expect(origin, JSON.stringify(hits.map(at))).toBeDefined();
    expect(path.basename(origin.record.filePath)).toBe('parse-type.js');
    expect(origin.inner).toBe('Unexpected end of input.');
    expect(origin.wrappedBy.map((w: Hit) => w.kind)).toEqual(['record', 'record']);
    expect(origin.wrappedBy.map((w: Hit) => w.message).sort()).toEqual([
      "Option '{name}': Error parsing type '{type}': {message}", "{message} - Remaining tokens: {tokens} - Initial input: '{input}'",
    ]);
    // Both wrappers say what failed (an option's type, the tokens left): they are not decorations,
    // and come first (the text reads either way round: `A: B - C` is A(B - C) or (A: B) - C).
    expect(hits.slice(0, 2).map((h) => h.message).sort()).toEqual(origin.wrappedBy.map((w: Hit) => w.message).sort());
    expect(origin.score).toBeLessThan(hits[1].score);
    // Every record a layer names is among the records.
    for (const h of hits) for (const w of h.wrappedBy ?? []) if (w.kind === 'record') expect(out.records[w.recordId]).toBeDefined();
    // The human output says how the inner message was reached.
    const human = errdex(['explain', '--db', db, message]).stdout;
    expect(human).toContain('inner message "Unexpected end of input.", wrapped by lib/index.js:');
  });

  it("runpy's `{e}; {mod_name!r} is a package …`: the wrapper is the answer, the caught error's raise next", () => {
    const root = tmpDir('runpy');
    write(root, 'pkg/__init__.py', '');
    const message = run(PY, ['-c', 'import runpy\ntry:\n    runpy.run_module("pkg")\nexcept ImportError as e:\n    print(e)'], root);
    expect(message).toBe("No module named pkg.__main__; 'pkg' is a package and cannot be directly executed");
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const [wrapper, inner] = out.links[0].hits;
    expect(wrapper.message).toBe('{e}; {mod_name} is a package and cannot be directly executed');
    expect(wrapper.wrappedBy).toBeUndefined();
    expect(inner.message).toBe('No module named {mod_name}.__main__');
    expect(inner.inner).toBe('No module named pkg.__main__');
    expect(inner.wrappedBy).toEqual([{ kind: 'record', recordId: wrapper.recordId, line: wrapper.line, message: wrapper.message, hole: 'e' }]);
    expect(inner.score).toBeLessThan(wrapper.score);
  });

  it('inside a wrapper, a generic decoration (a location before the message) comes off', () => {
    const inner = run(process.execPath, ['-e', `
      try { require(${JSON.stringify(path.join(NODE_MODULES, 'type-check'))}).parseType('Int{') } catch (e) { console.log(e.message) }`]);
    expect(inner).toMatch(/^Unexpected end of input\. - Remaining tokens: /);
    // As a linter prints a config error: file:line:col: message, line 3, column 7.
    const out = explainOutput(errdex(['explain', '--db', db, '--json', `config/options.ls:3:7: ${inner}`]).stdout);
    const hits: Hit[] = out.links[0].hits;
    // type-check's wrapper holds the rest; inside it, the location comes off and the tokenizer's message is left.
    expect(hits[0].message).toBe("{message} - Remaining tokens: {tokens} - Initial input: '{input}'");
    const origin = hits.find((h) => h.message === 'Unexpected end of input.');
    expect(origin.inner).toBe('Unexpected end of input.');
    expect(origin.wrappedBy.map((w: Hit) => [w.kind, w.decoration ?? w.message])).toEqual([
      ['record', hits[0].message], ['decoration', 'location'],
    ]);
    expect(origin.wrappedBy[1].text).toBe('config/options.ls:3:7:');
  });

  it('a generic decoration around a whole message: the core is ranked, the decoration named', () => {
    const message = run(PY, ['-c', 'import runpy\ntry:\n    runpy.run_module(".rel")\nexcept ImportError as e:\n    print(e)']);
    expect(message).toBe('Relative module names not supported');
    // as a tool reports it with the line of its own input
    const out = explainOutput(errdex(['explain', '--db', db, '--json', `${message}, line 3, column 7`]).stdout);
    const top = out.links[0].hits[0];
    expect(top.message).toBe('Relative module names not supported');
    expect(top.wrappedBy).toEqual([{ kind: 'decoration', decoration: 'position', text: ', line 3, column 7' }]);
    expect(top.inner).toBe(message);
  });

  it("a template that holds the decoration itself stays ahead of the core's (netrc's `%s (%s, line %s)`)", () => {
    const root = tmpDir('netrc');
    const file = write(root, 'netrc.bad', 'machine a login b password c\nmachine x proxy y\n');
    const message = run(PY, ['-c', `import netrc\ntry:\n    netrc.netrc(${JSON.stringify(file)})\nexcept netrc.NetrcParseError as e:\n    print(e)`]);
    expect(message).toBe(`bad follower token 'proxy' (${file}, line 2)`);
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const top = out.links[0].hits[0];
    expect(top.message).toBe('bad follower token {tt} ({file}, line {lineno})');
    expect(top.wrappedBy).toBeUndefined();
  });
});

describe('quieter answers', () => {
  it('hides weak candidates a clear gap below a certain answer in the human output, keeps them in --json', () => {
    const dir = tmpDir('quiet');
    const db = path.join(dir, 'db.sqlite');
    write(dir, 'lib/net.py', `
class Client:
    def connect(self, host, port):
        if port <= 0:
            raise ValueError(f"port must be a positive integer for host {host}, got {port}")

    def close(self):
        raise RuntimeError("client is closed")

    def push(self):
        raise RuntimeError("internal queue is full")
`);
    expect(errdex(['analyze', dir, '--db', db]).code).toBe(0);
    const message = 'port must be a positive integer for host db.internal, got -1';
    const out = explainOutput(errdex(['explain', '--db', db, '--json', message]).stdout);
    const hits = out.links[0].hits;
    expect(hits[0].certain).toBe(true);
    const weak = hits.filter((h: Hit) => h.matchType === 'fuzzy');
    expect(weak.length).toBeGreaterThan(0);
    const human = errdex(['explain', '--db', db, message]).stdout;
    expect(human).toContain('port must be a positive integer');
    for (const h of weak) expect(human).not.toContain(h.record.id);
    expect(human).toContain(`(${weak.length} weaker candidate${weak.length === 1 ? '' : 's'} hidden`);
    expect(human).toContain('--json shows');
    // Without a certain answer nothing is hidden.
    const unsure = errdex(['explain', '--db', db, 'internal queue full']).stdout;
    expect(unsure).not.toContain('hidden');
    expect(fs.existsSync(db)).toBe(true);
  });
});
