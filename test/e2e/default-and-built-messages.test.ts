// Messages the raise does not spell out, in three shapes every library may use (decision 0037):
// an assertion helper whose message is its parameter with a default (`msg || 'Assertion failed'`,
// Python's `msg or '…'`): its callers' texts and the default are each a message; a message a
// function of the file returns, called as a static method or a function assigned to a property
// (PEG.js / Peggy's generated `peg$SyntaxError.buildMessage(expected, found)`) or as a method of
// the class around (`this.describe(x)`); and an ES5 constructor that returns an error it builds in
// place of `this`. Code written here, run by the real interpreters for the messages and lines; and
// real installed code (bn.js, toml, dependency-graph) where the eval's packages are installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const ASSERT_JS = `(function (module, exports) {
  'use strict';
  function assert (val, msg) {
    if (!val) throw new Error(msg || 'Assertion failed');
  }
  function Num (n) {
    this.n = n;
  }
  Num.prototype.digit = function digit (c) {
    assert(c >= 48 && c <= 57, 'Invalid digit character');
    return c - 48;
  };
  Num.prototype.toSmall = function toSmall () {
    assert(this.n < 0x100, 'Number can only be stored in one byte');
    return this.n;
  };
  Num.prototype.inverse = function inverse () {
    assert(this.n !== 0);
    return 1 / this.n;
  };
  module.exports = Num;
})(typeof module === 'undefined' || module, this);
`;

// The ES5 shape PEG.js generates, inside its IIFE.
const PEG_ES5 = `module.exports = (function () {
  "use strict";
  function peg$subclass(child, parent) {
    function ctor() { this.constructor = child; }
    ctor.prototype = parent.prototype;
    child.prototype = new ctor();
  }
  function peg$SyntaxError(message, expected, found, location) {
    this.message = message;
    this.expected = expected;
    this.found = found;
    this.name = "SyntaxError";
    if (typeof Error.captureStackTrace === "function") Error.captureStackTrace(this, peg$SyntaxError);
  }
  peg$subclass(peg$SyntaxError, Error);
  peg$SyntaxError.buildMessage = function (expected, found) {
    function describeExpected(expected) {
      return expected.length === 1 ? expected[0] : expected.slice(0, -1).join(", ") + " or " + expected[expected.length - 1];
    }
    function describeFound(found) {
      return found ? "\\"" + found + "\\"" : "end of input";
    }
    return "Expected " + describeExpected(expected) + " but " + describeFound(found) + " found.";
  };
  function peg$parse(input) {
    function peg$buildStructuredError(expected, found) {
      return new peg$SyntaxError(peg$SyntaxError.buildMessage(expected, found), expected, found, null);
    }
    if (input !== "ok") throw peg$buildStructuredError(["\\"ok\\"", "digit"], input.charAt(0) || null);
    return true;
  }
  return { SyntaxError: peg$SyntaxError, parse: peg$parse };
})();
`;

// The ES2015 shape Peggy generates: a class with a static method.
const PEG_CLASS = `"use strict";
class ParseFailure extends SyntaxError {
  constructor(message, expected, found) {
    super(message);
    this.expected = expected;
    this.found = found;
  }
  static buildMessage(expected, found) {
    function describeFound(found) {
      return found ? JSON.stringify(found) : "end of input";
    }
    return "Wanted " + expected.join(" or ") + " yet saw " + describeFound(found) + " instead.";
  }
}
function parse(input) {
  if (input !== "ok") {
    throw new ParseFailure(ParseFailure.buildMessage(["ok"], input), ["ok"], input);
  }
  return true;
}
module.exports = { parse };
`;

// A method of the class around building the message, and an ES5 "class" returning a new Error.
const BUILT = `class Graph {
  describe(path) {
    return "Cycle through " + path.join(" > ") + " detected";
  }
  check(path) {
    if (path.length > 1) throw new Error(this.describe(path));
  }
}
var LoopError = (exports.LoopError = function (nodes) {
  var message = "Loop in the plan: " + nodes.join(", ");
  var instance = new Error(message);
  instance.nodes = nodes;
  Object.setPrototypeOf(instance, Object.getPrototypeOf(this));
  if (Error.captureStackTrace) Error.captureStackTrace(instance, LoopError);
  return instance;
});
LoopError.prototype = Object.create(Error.prototype, { constructor: { value: Error, enumerable: false, writable: true, configurable: true } });
Object.setPrototypeOf(LoopError, Error);
function plan(nodes) {
  if (nodes.length > 2) {
    throw new LoopError(nodes);
  }
}
exports.Graph = Graph;
exports.plan = plan;
`;

const ASSERT_PY = `def check(cond, msg=None):
    if not cond:
        raise AssertionError(msg or 'Check failed')


def port(n):
    check(0 < n < 65536, 'Port out of range')
    return n


def ready(state):
    check(state)
`;

/** Each call's message and the line of the innermost frame in `file`, run by node. */
function thrownJs(root: string, file: string, calls: string[]): { message: string; line: number }[] {
  const code = [
    `const m = require(${JSON.stringify(path.join(root, file))});`,
    `for (const f of [${calls.map((c) => `() => ${c}`).join(', ')}]) {`,
    '  try { f(); } catch (e) {',
    `    const frame = e.stack.split('\\n').find((l) => l.includes(${JSON.stringify(file)}));`,
    "    console.log(JSON.stringify([e.message, Number(/:(\\d+):\\d+\\)?$/.exec(frame)[1])]));",
    '  }',
    '}',
  ].join('\n');
  const r = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8' });
  expect(r.stderr).toBe('');
  return r.stdout.trim().split('\n').map((l) => {
    const [message, line] = JSON.parse(l) as [string, number];
    return { message, line };
  });
}

describe('messages a helper defaults, a function returns, a constructor builds', () => {
  let root: string;
  let db: string;
  beforeAll(() => {
    root = tmpDir('built-msgs');
    write(root, 'assert.js', ASSERT_JS);
    write(root, 'peg-es5.js', PEG_ES5);
    write(root, 'peg-class.js', PEG_CLASS);
    write(root, 'built.js', BUILT);
    write(root, 'check.py', ASSERT_PY);
    db = path.join(tmpDir('built-msgs-db'), 'i.sqlite');
    const r = errdex(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  const top = (message: string) => {
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return explainOutput(r.stdout).hits[0];
  };
  const expectAt = (message: string, file: string, line: number) => {
    const h = top(message);
    expect(h, message).toBeDefined();
    expect(h.record.filePath, message).toBe(file);
    expect(h.lines, message).toContain(line);
    expect(h.matchType, message).not.toBe('prefix');
  };

  it("gives an assertion helper's `msg || 'default'` each caller's text and the default", () => {
    const cases = thrownJs(root, 'assert.js', ["new m(0).digit(99)", 'new m(300).toSmall()', 'new m(0).inverse()']);
    expect(cases.map((c) => c.message)).toEqual(['Invalid digit character', 'Number can only be stored in one byte', 'Assertion failed']);
    for (const { message, line } of cases) expectAt(message, 'assert.js', line);
    expect(top('Assertion failed').record.errorMessage).toBe('Assertion failed');
  });

  it("reads Python's `msg or 'default'` the same way", () => {
    const r = spawnSync('/usr/bin/python3', ['-c', [
      'import sys, json, traceback', `sys.path.insert(0, ${JSON.stringify(root)})`, 'import check',
      'for f in [lambda: check.port(70000), lambda: check.ready(None)]:',
      '    try:', '        f()', '    except AssertionError as e:',
      "        print(json.dumps([str(e), traceback.extract_tb(e.__traceback__)[-1].lineno]))",
    ].join('\n')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const cases = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as [string, number]);
    expect(cases.map((c) => c[0])).toEqual(['Port out of range', 'Check failed']);
    for (const [message, line] of cases) expectAt(message, 'check.py', line);
  });

  it("reads the message PEG.js's `peg$SyntaxError.buildMessage` returns, a function assigned to a property", () => {
    const [c] = thrownJs(root, 'peg-es5.js', ["m.parse('x = 1')"]);
    expect(c.message).toBe('Expected "ok" or digit but "x" found.');
    expectAt(c.message, 'peg-es5.js', c.line);
    // (the end of input: describeFound's other text, inside the hole)
    expect(top('Expected "ok" or digit but end of input found.').record.filePath).toBe('peg-es5.js');
  });

  it("reads the message a class's static method returns (Peggy's `static buildMessage`)", () => {
    const [c] = thrownJs(root, 'peg-class.js', ["m.parse('nope')"]);
    expect(c.message).toBe('Wanted ok yet saw "nope" instead.');
    expectAt(c.message, 'peg-class.js', c.line);
  });

  it('reads the message a method of the class around returns (`this.describe(path)`)', () => {
    const [c] = thrownJs(root, 'built.js', ["new m.Graph().check(['a', 'b'])"]);
    expect(c.message).toBe('Cycle through a > b detected');
    expectAt(c.message, 'built.js', c.line);
  });

  it('reads an ES5 constructor returning a new Error as an error class with that message', () => {
    const [c] = thrownJs(root, 'built.js', ["m.plan(['a', 'b', 'a'])"]);
    expect(c.message).toBe('Loop in the plan: a, b, a');
    expectAt(c.message, 'built.js', c.line);
    expect(top(c.message).record.errorClass).toBe('LoopError');
  });
});

const NM = path.resolve(import.meta.dirname, '../../eval/node_modules');

describe.skipIf(!fs.existsSync(path.join(NM, 'bn.js')) || !fs.existsSync(path.join(NM, 'toml')) || !fs.existsSync(path.join(NM, 'dependency-graph')))(
  'the same shapes in installed packages',
  () => {
    let db: string;
    beforeAll(() => {
      db = path.join(tmpDir('built-msgs-real-db'), 'i.sqlite');
      for (const pkg of ['bn.js', 'toml', 'dependency-graph']) expect(errdex(['analyze', path.join(NM, pkg), '--db', db]).code).toBe(0);
    }, 120_000);

    const run = (code: string): { message: string; file: string; line: number } => {
      const r = spawnSync(process.execPath, ['-e', `try { ${code} } catch (e) {
        const f = e.stack.split('\\n').find((l) => l.includes('node_modules/'));
        const m = /node_modules\\/[^/]+\\/(.*):(\\d+):\\d+\\)?$/.exec(f);
        console.log(JSON.stringify({ message: e.message, file: m[1], line: Number(m[2]) }));
      }`], { encoding: 'utf8', cwd: NM });
      expect(r.stderr).toBe('');
      return JSON.parse(r.stdout) as { message: string; file: string; line: number };
    };

    it.each([
      ["const BN = require('bn.js'); new BN('12z4', 10)"],
      ["const BN = require('bn.js'); new BN(1).divmod(new BN(0))"],
      ["require('toml').parse('a = ')"],
      ["const { DepGraph } = require('dependency-graph'); const g = new DepGraph(); g.addNode('a'); g.addNode('b'); g.addDependency('a', 'b'); g.addDependency('b', 'a'); g.overallOrder()"],
    ])('%s', (code) => {
      const c = run(code);
      const r = errdex(['explain', c.message, '--db', db, '--json']);
      expect(r.code).toBe(0);
      const hits = explainOutput(r.stdout).hits.slice(0, 5);
      expect(hits.some((h) => h.record.filePath === c.file && h.lines.includes(c.line)), `${c.message} at ${c.file}:${c.line}`).toBe(true);
    });
  },
);

// A package shipping its ESM sources and a CommonJS bundle of them (decision 0013): the bundle
// compiles a class to its constructor function and names an anonymous default export after its
// module's file, and raises one text in two functions of one file.
const COPIES: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'tint', version: '1.0.0', main: 'dist/tint.cjs', exports: { import: './src/index.js', require: './dist/tint.cjs' } }),
  'src/index.js': "export { default as Tint } from './Tint.js';\nexport { default as blend } from './blend.js';\nimport './ops/get.js';\nimport './ops/set.js';\n",
  'src/Tint.js': `export default class Tint {
  constructor(value) {
    if (typeof value !== 'string') {
      throw new Error('unknown tint format: ' + value);
    }
    this.value = value;
  }
}
`,
  'src/blend.js': `export default (a, b, mode = 'rgb') => {
  if (mode !== 'rgb') {
    throw new Error('blend mode ' + mode + ' is not defined');
  }
  return a;
};
`,
  'src/ops/get.js': `import Tint from '../Tint.js';
Tint.prototype.get = function (channel) {
  throw new Error('no channel ' + channel + ' in this tint');
};
`,
  'src/ops/set.js': `import Tint from '../Tint.js';
Tint.prototype.set = function (ch) {
  throw new Error('no channel ' + ch + ' in this tint');
};
`,
  'dist/tint.cjs': `'use strict';
function Tint(value) {
  if (typeof value !== 'string') {
    throw new Error('unknown tint format: ' + value);
  }
  this.value = value;
}
var blend = function (a, b, mode) {
  if (mode !== 'rgb') {
    throw new Error('blend mode ' + mode + ' is not defined');
  }
  return a;
};
Tint.prototype.get = function (channel) {
  throw new Error('no channel ' + channel + ' in this tint');
};
Tint.prototype.set = function (ch) {
  throw new Error('no channel ' + ch + ' in this tint');
};
module.exports = { Tint: Tint, blend: blend };
`,
};

describe("copies of a raise across a package's sources and bundle", () => {
  let db: string;
  beforeAll(() => {
    const root = tmpDir('copies-builds');
    for (const [rel, text] of Object.entries(COPIES)) write(root, rel, text);
    db = path.join(tmpDir('copies-builds-db'), 'i.sqlite');
    expect(errdex(['analyze', root, '--db', db]).code).toBe(0);
  });

  const hit = (message: string) => {
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const h = explainOutput(r.stdout).hits[0];
    return [h.record.filePath, ...h.copies.map((c: { filePath: string }) => c.filePath)].sort();
  };

  it("groups a class's constructor with the ES5 function a bundle compiles it to", () => {
    expect(hit('unknown tint format: 12')).toEqual(['dist/tint.cjs', 'src/Tint.js']);
  });

  it('groups an anonymous default export with the function the bundle names after its file', () => {
    expect(hit('blend mode cmyk is not defined')).toEqual(['dist/tint.cjs', 'src/blend.js']);
  });

  it("lists the copies of each of one file's raises grouped by text", () => {
    expect(hit('no channel x in this tint')).toEqual(['dist/tint.cjs', 'src/ops/get.js', 'src/ops/set.js']);
  });
});
