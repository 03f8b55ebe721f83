// A frame with no site is still an answer: real errors raised inside a call on a
// line of indexed code (a Python builtin, generated code, an unindexed package; a call the pack's native catalogue holds, JSON.parse, is a site), run
// by the real interpreters, explained from the relocated trace.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/service/explain.js';
import { SqliteStore } from '../../src/store/sqlite.js';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';

const PY_LIB = {
  'units/__init__.py': '',
  'units/parse.py': `
class UnitError(ValueError):
    pass


def parse_size(text):
    text = text.strip()
    if text.endswith('k'):
        return int(text[:-1]) * 1024
    if not text:
        raise UnitError('empty size')
    return int(text)


def ratio(a, b):
    if b is None:
        raise UnitError('no denominator')
    return a / b
`,
};

const JS_LIB = {
  'package.json': '{"name": "confload", "version": "1.0.0", "main": "index.js"}',
  // An ES5-style error class: V8 shows its constructor's own frame (\`at new ConfigError\`).
  'index.js': `'use strict';
function ConfigError(message) {
  this.name = 'ConfigError';
  this.message = message;
  Error.captureStackTrace(this);
}
ConfigError.prototype = Object.create(Error.prototype);

function load(text) {
  if (typeof text !== 'string') {
    throw new ConfigError('config must be a string, got ' + typeof text);
  }
  if (text.trim().startsWith('{')) {
    return JSON.parse(text);
  }
  throw new ConfigError('config must be a JSON object');
}

function fail(reason) {
  throw new ConfigError(reason);
}

function size(text) {
  if (text.length > 10) fail(String(text.length));
  return text.length;
}

function compile(src) {
  const f = new Function('data', src);
  return f({});
}

module.exports = { load, size, compile, ConfigError };
`,
};

let root: string;
let db: string;

function pyTrace(code: string): string {
  const r = spawnSync(PY, ['-c', code], { cwd: root, encoding: 'utf8' });
  expect(r.status).not.toBe(0);
  // Relocated, as a log from another machine shows it.
  return r.stderr.split(root + '/').join('/srv/app/');
}

function nodeTrace(code: string): string {
  const r = spawnSync(process.execPath, ['-e', code], { cwd: path.join(root, 'node_modules'), encoding: 'utf8' });
  expect(r.status).not.toBe(0);
  const at = r.stderr.search(/^\w*Error\b/m);
  return r.stderr.slice(at).split(path.join(root, 'node_modules') + '/').join('/srv/app/node_modules/');
}

function explainJson(text: string) {
  const r = errdex(['explain', '--json', '--db', db], { input: text });
  expect(r.stderr).toBe('');
  return explainOutput(r.stdout);
}

beforeAll(() => {
  root = tmpDir('line-answer');
  db = path.join(root, 'index.sqlite');
  for (const [rel, text] of Object.entries(PY_LIB)) write(root, rel, text);
  for (const [rel, text] of Object.entries(JS_LIB)) write(root, `node_modules/confload/${rel}`, text);
  for (const tree of [path.join(root, 'units'), path.join(root, 'node_modules/confload'), '/usr/lib/python3.11/colorsys.py']) {
    const r = errdex(['analyze', tree, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  }
}, 120_000);

describe('a frame on a line no site is on', () => {
  it('answers a Python builtin raising inside a library line, with symbol, guards and code', () => {
    const trace = pyTrace('from units.parse import parse_size; parse_size("12xk")');
    expect(trace).toContain("invalid literal for int() with base 10: '12x'");
    const out = explainJson(trace);
    const top = out.hits[0];
    expect(top.matchType).toBe('line');
    expect(top.record.filePath).toBe('parse.py');
    expect(top.line).toBe(9);
    expect(top.code).toBe('return int(text[:-1]) * 1024');
    expect(top.record.symbol).toBe('parse_size');
    expect(top.record.guards).toEqual([{ kind: 'if', text: "text.endswith('k')", line: 8 }]);
    expect(top.record.errorClass).toBe('ValueError');
    expect(top.record.errorType).toBe('call');
    expect(top.why.join(' ')).toContain('raised inside the call on this line');
    expect(out.matched).toBe(true);
    // The human output shows the line's code.
    const human = errdex(['explain', '--db', db], { input: trace });
    expect(human.stdout).toContain('> return int(text[:-1]) * 1024');
    expect(human.stdout).toMatch(/1\. 0\.9\d line/);
  });

  it('answers a real standard-library line (colorsys calls max())', () => {
    const trace = pyTrace('import colorsys; colorsys.rgb_to_hsv("a", 1, 2)').split('/usr/lib/python3.11/').join('/usr/local/lib/python3.11/');
    const top = explainJson(trace).hits[0];
    expect(top.matchType).toBe('line');
    expect(top.record.filePath).toBe('colorsys.py');
    expect(top.code).toBe('maxc = max(r, g, b)');
    expect(top.record.symbol).toBe('rgb_to_hsv');
  });

  it('answers JSON.parse inside a package function with the call, a site of V8\'s message, which outranks template matches in the same file', () => {
    // (JSON.parse is in the JavaScript pack's catalogue of native messages: its call is a site, so
    // the frame lands on a site rather than on a bare line)
    const trace = nodeTrace(`require('confload').load('{"port": 80,}')`);
    expect(trace).toContain('at JSON.parse (<anonymous>)');
    const out = explainJson(trace);
    const top = out.hits[0];
    expect(top.matchType).toBe('frame');
    expect(top.record.native).toBe('JSON.parse');
    expect(top.record.filePath).toBe('index.js');
    expect(top.line).toBe(14);
    expect(top.record.symbol).toBe('load');
    expect(top.record.guards.map((g: { text: string }) => g.text)).toContain("text.trim().startsWith('{')");
    expect(out.hits.slice(1).every((h: { score: number }) => h.score < top.score)).toBe(true);
  });

  it('passes over a frame of generated code to the line that ran it', () => {
    const trace = nodeTrace(`require('confload').compile('return data.a.b')`);
    expect(trace).toMatch(/at eval \(eval at compile/);
    const top = explainJson(trace).hits[0];
    expect(top.matchType).toBe('line');
    expect(top.line).toBe(30);
    expect(top.code).toBe('return f({});');
  });

  it('leaves a frame that is on a site to the site, also through a constructor frame', () => {
    // `at new ConfigError` is innermost; the `throw new ConfigError(…)` that called it is the site.
    const trace = nodeTrace(`require('confload').load('port = 80')`);
    expect(trace).toMatch(/at new ConfigError/);
    const out = explainJson(trace);
    expect(out.hits[0].matchType).toBe('frame');
    expect(out.hits[0].line).toBe(16);
    const line = out.hits.find((h: { matchType: string }) => h.matchType === 'line');
    if (line) expect(line.score).toBeLessThan(out.hits[0].score);
    // The same with a message no template explains (a helper's parameter): the frame still decides.
    const generic = explainJson(nodeTrace(`require('confload').size('a long config text')`));
    expect(generic.hits[0].matchType).toBe('frame');
    expect(generic.hits[0].line).toBe(20);
    const py = explainJson(pyTrace('from units.parse import ratio; ratio(1, None)'));
    expect(py.hits[0].matchType).toBe('frame');
    expect(py.hits[0].line).toBe(17);
    expect(py.hits.some((h: { matchType: string }) => h.matchType === 'line')).toBe(false);
  });

  it('answers nothing for a message alone, and nothing for frames outside indexed files', () => {
    const msg = explainJson("invalid literal for int() with base 10: '12x'");
    expect(msg.hits.some((h: { matchType: string }) => h.matchType === 'line')).toBe(false);
    const elsewhere = explainJson(`Traceback (most recent call last):\n  File "/srv/other/app.py", line 3, in <module>\n    int(x)\nValueError: invalid literal for int() with base 10: 'x'\n`);
    expect(elsewhere.hits.some((h: { matchType: string }) => h.matchType === 'line')).toBe(false);
  });
});

describe('a serving process (one store, many explains)', () => {
  it("looks a frame's stored files up once per store, with the same answer each time", async () => {
    const trace = pyTrace('from units.parse import parse_size; parse_size("12xk")');
    const lookups = (store: SqliteStore) => {
      const counted = { n: 0 };
      const read = store.sourcesByKey.bind(store);
      store.sourcesByKey = (keys) => (counted.n++, read(keys));
      return counted;
    };
    const store = new SqliteStore(db, 'read');
    const counted = lookups(store);
    try {
      const first = await explain(store, trace);
      expect(first.hits[0].matchType).toBe('line');
      expect(counted.n).toBeGreaterThan(0);
      const after = counted.n;
      const again = await explain(store, trace);
      expect(counted.n).toBe(after);
      expect(again.hits.map((h) => [h.matchType, h.record.filePath, h.line, h.score])).toEqual(first.hits.map((h) => [h.matchType, h.record.filePath, h.line, h.score]));
    } finally {
      await store.close();
    }
    // (a store opened anew, as after another process's commit, reads them again)
    const fresh = new SqliteStore(db, 'read');
    const freshCount = lookups(fresh);
    try {
      expect((await explain(fresh, trace)).hits[0].matchType).toBe('line');
      expect(freshCount.n).toBeGreaterThan(0);
    } finally {
      await fresh.close();
    }
  });
});
