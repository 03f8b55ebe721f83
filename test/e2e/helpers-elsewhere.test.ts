// Helpers whose message is written in another file, or in another package: a raising helper of
// another module of the tree (followed through the imports), and the assertion helpers of Node, of
// npm packages and of Python's standard library (recognised by how they are imported). Real code:
// the standard library's genericpath/posixpath, graphql's devAssert; small fixtures otherwise, run
// by the real interpreters for their traces.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const PY = '/usr/bin/python3';
const STDLIB = '/usr/lib/python3.11';
const GRAPHQL = path.resolve(import.meta.dirname, '../../eval/node_modules/graphql');

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return r.stderr + r.stdout;
}

describe('helpers defined in other files and other packages', () => {
  let db: string;
  let pyRoot: string;
  let jsRoot: string;
  let stdRoot: string;
  let gqlRoot: string;

  beforeAll(() => {
    db = path.join(tmpDir('elsewhere-db'), 'i.sqlite');
    pyRoot = tmpDir('elsewhere-py');
    write(pyRoot, 'conf/__init__.py', '');
    write(pyRoot, 'conf/util.py', 'class ConfigError(Exception):\n    pass\n\n\ndef fail(msg):\n    raise ConfigError(msg)\n');
    // (no raise, class or assert of its own: read only for its calls of the imported helper)
    write(pyRoot, 'conf/reader.py', [
      'from .util import fail', 'from . import util', '', '',
      'def read(path):', '    if not path:', '        fail("no configuration path given")',
      '    if path.endswith(".ini"):', '        util.fail(f"ini files are not supported: {path}")', '    return path', '',
    ].join('\n'));
    write(pyRoot, 'conf/checks.py', [
      'import unittest', 'from typing import assert_never', '', '',
      'class SchemaChecker(unittest.TestCase):', '    def check(self, schema):', '        if "type" not in schema:',
      '            self.fail("schema has no type")', '        self.assertTrue(schema.get("name"), "schema needs a name")', '',
    ].join('\n'));
    expect(errdex(['analyze', pyRoot, '--db', db, '--repo', 'acme/conf']).code).toBe(0);

    jsRoot = tmpDir('elsewhere-js');
    write(jsRoot, 'package.json', JSON.stringify({ name: 'jsconf', version: '1.0.0', main: 'lib/index.js' }));
    write(jsRoot, 'lib/errors.js', "'use strict';\nclass ConfigError extends Error {}\nfunction fail(message) {\n  throw new ConfigError(message);\n}\nmodule.exports = { fail, ConfigError };\n");
    write(jsRoot, 'lib/index.js', [
      "'use strict';", "const { fail } = require('./errors');", "const assert = require('node:assert');", "const invariant = require('tiny-invariant');", '',
      'function load(opts) {', "  if (!opts.path) fail('no configuration path was given');", "  assert(opts.name, 'options.name is required');",
      "  assert.strictEqual(opts.mode, 'r', 'only read mode is supported');", "  invariant(opts.flags, 'flags are needed');", '  return opts;', '}',
      'module.exports = { load };', '',
    ].join('\n'));
    // (tiny-invariant is not installed here: its code, as published, for the run; node_modules is not analyzed)
    write(jsRoot, 'node_modules/tiny-invariant/index.js', "module.exports = function invariant(c, m) { if (!c) throw new Error('Invariant failed: ' + m); };\n");
    write(jsRoot, 'lib/esm.mjs', "import { fail as bail } from './errors.js';\nexport function check(x) {\n  if (x < 0) bail('negative values are not allowed');\n}\n");
    expect(errdex(['analyze', jsRoot, '--db', db]).code).toBe(0);

    // The standard library's own: posixpath calls genericpath._check_arg_types('join', …) (`import genericpath`).
    stdRoot = tmpDir('elsewhere-std');
    for (const f of ['genericpath.py', 'posixpath.py']) fs.copyFileSync(path.join(STDLIB, f), path.join(stdRoot, f));
    expect(errdex(['analyze', stdRoot, '--db', db, '--repo', 'python/cpython']).code).toBe(0);

    // graphql's devAssert(condition, message), imported by the modules that call it.
    gqlRoot = path.join(tmpDir('elsewhere-gql'), 'graphql');
    for (const f of ['package.json', 'jsutils/devAssert.js', 'type/schema.js']) {
      fs.mkdirSync(path.dirname(path.join(gqlRoot, f)), { recursive: true });
      fs.copyFileSync(path.join(GRAPHQL, f), path.join(gqlRoot, f));
    }
    expect(errdex(['analyze', gqlRoot, '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    expect(r.code).toBe(0);
    return explainOutput(r.stdout);
  };
  const top = (input: string) => explain(input).hits[0]?.record;

  it('a Python helper of another module, called through `from .util import fail` and `util.fail(…)`: message and relocated trace', () => {
    const trace = run(PY, ['-c', 'from conf.reader import read; read("")'], pyRoot);
    expect(trace).toContain('conf.util.ConfigError: no configuration path given');
    const relocated = trace.split(`${pyRoot}/`).join('/srv/app/');
    const t = explain(relocated).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorMessage]).toEqual(['frame', 'conf/util.py', 6, 'no configuration path given']);
    expect(t.record.callers).toEqual([{ filePath: 'conf/reader.py', line: 7, symbol: 'read' }]);
    const m = top('ini files are not supported: a.ini');
    expect([m.filePath, m.lineNumber, m.errorClass, m.errorMessage]).toEqual(['conf/util.py', 6, 'ConfigError', 'ini files are not supported: {path}']);
  });

  it("the standard library's own: genericpath._check_arg_types called from posixpath with 'join'", () => {
    const trace = run(PY, ['-c', 'import posixpath; posixpath.join("a", 1)'], stdRoot);
    expect(trace).toContain("TypeError: join() argument must be str, bytes, or os.PathLike object, not 'int'");
    const m = top("join() argument must be str, bytes, or os.PathLike object, not 'int'");
    expect([m.filePath, m.symbol]).toEqual(['genericpath.py', '_check_arg_types']);
    expect(m.errorMessage).toMatch(/^join\(\) argument must be str, bytes, or os\.PathLike object, not \{\w+\}$/);
    expect(m.callers[0].filePath).toBe('posixpath.py');
  });

  it('a JavaScript helper of another module, through require and an aliased ESM import', () => {
    const stack = run(process.execPath, ['-e', "require('./lib/index.js').load({})"], jsRoot);
    expect(stack).toContain('no configuration path was given');
    const t = explain(stack.split(`${jsRoot}/`).join('/srv/app/node_modules/jsconf/')).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorMessage]).toEqual(['frame', 'lib/errors.js', 4, 'no configuration path was given']);
    const m = top('negative values are not allowed');
    expect([m.filePath, m.lineNumber, m.callers[0].filePath]).toEqual(['lib/errors.js', 4, 'lib/esm.mjs']);
  });

  it("graphql's devAssert: the message written at the call in another module, the trace's frame in devAssert", () => {
    const stack = run(process.execPath, ['-e', `const { GraphQLSchema } = require(${JSON.stringify(GRAPHQL)}); new GraphQLSchema({ types: 5 })`], gqlRoot);
    expect(stack).toContain('Error: "types" must be Array if provided but got: 5.');
    const t = explain(stack).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber]).toEqual(['frame', 'jsutils/devAssert.js', 13]);
    expect(t.record.errorMessage).toBe('"types" must be Array if provided but got: {types}.');
    const m = top('"types" must be Array if provided but got: 5.');
    expect([m.filePath, m.callers[0].filePath]).toEqual(['jsutils/devAssert.js', 'type/schema.js']);
  });

  it("node:assert's calls are sites (the trace's frame is the call), tiny-invariant's with its prefix", () => {
    write(jsRoot, 'run.js', "require('./lib/index.js').load({ path: 'x' })\n");
    const stack = run(process.execPath, ['run.js'], jsRoot);
    expect(stack).toContain('AssertionError [ERR_ASSERTION]: options.name is required');
    const t = explain(stack.split(`${jsRoot}/`).join('/srv/app/node_modules/jsconf/')).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorClass]).toEqual(['frame', 'lib/index.js', 8, 'AssertionError']);
    expect(t.record.guards.at(-1)).toMatchObject({ kind: 'assert', text: '!(opts.name)' });
    expect(top('only read mode is supported')).toMatchObject({ filePath: 'lib/index.js', lineNumber: 9, errorType: 'assertion' });
    expect(top('Invariant failed: flags are needed')).toMatchObject({ filePath: 'lib/index.js', lineNumber: 10, errorClass: 'Error' });
  });

  it("unittest's self.fail / self.assertTrue in library code: the call is the site, with unittest's message", () => {
    const trace = run(PY, ['-c', 'from conf.checks import SchemaChecker; SchemaChecker().check({"type": "object"})'], pyRoot);
    expect(trace).toContain('AssertionError: None is not true : schema needs a name');
    const t = explain(trace).hits[0];
    expect([t.matchType, t.record.filePath, t.record.lineNumber, t.record.errorMessage]).toEqual(['frame', 'conf/checks.py', 9, '{standardMsg} : schema needs a name']);
    expect(top('schema has no type')).toMatchObject({ filePath: 'conf/checks.py', lineNumber: 8, errorClass: 'AssertionError' });
  });

  it('a name that only looks like a helper is not one: `assert` not imported from assert, `fail` imported from elsewhere', () => {
    const root = tmpDir('elsewhere-neg');
    write(root, 'package.json', JSON.stringify({ name: 'neg', version: '1.0.0' }));
    write(root, 'a.js', "const assert = require('./my-assert');\nconst { fail } = require('other-package');\nfunction f(x) {\n  assert(x, 'custom assert said no');\n  fail('not ours to follow');\n  throw new Error('x');\n}\nmodule.exports = f;\n");
    write(root, 'my-assert.js', 'module.exports = function assert(c, m) { if (!c) console.log(m); };\n');
    write(root, 'fail.js', "exports.fail = function fail(msg) { throw new Error(msg); };\n");
    const ndb = path.join(root, 'i.sqlite');
    expect(errdex(['analyze', root, '--db', ndb]).code).toBe(0);
    for (const msg of ['custom assert said no', 'not ours to follow']) {
      const out = explainOutput(errdex(['explain', msg, '--db', ndb, '--json']).stdout);
      expect(out.hits.filter((h: { score: number }) => h.score >= 0.5)).toEqual([]);
    }
  });
});

describe('a Python helper reached through another helper of the file', () => {
  it('`check` → `fail(msg)` → `_raise(msg)`: the caller\'s text at the raise, run by the real interpreter', () => {
    const root = tmpDir('py-two-levels');
    const db = path.join(tmpDir('py-two-levels-db'), 'index.sqlite');
    write(root, 'pkg/__init__.py', '');
    write(root, 'pkg/v.py', [
      'class ValidationError(Exception):', '    pass', '', '',
      'def _raise(msg):', '    raise ValidationError(msg)', '', '',
      'def fail(msg):', '    _raise(msg)', '', '',
      'def check(x):', '    if x < 0:', '        fail("value %r is negative" % x)', '    return x', '',
    ].join('\n'));
    const run = spawnSync(PY, ['-c', 'from pkg.v import check\ncheck(-3)'], { cwd: root });
    const trace = run.stderr.toString();
    expect(trace).toContain('pkg.v.ValidationError: value -3 is negative');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
    const hit = explainOutput(errdex(['explain', 'value -3 is negative', '--db', db, '--json']).stdout).hits[0];
    expect(hit).toMatchObject({ matchType: 'template', line: 6, message: 'value {x} is negative', record: { filePath: 'pkg/v.py', errorClass: 'ValidationError' } });
  });
});
