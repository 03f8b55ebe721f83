// Real errors from real runs: small Python and JavaScript libraries are
// written to disk, run with bad input by the real interpreters, and the
// printed traces (relocated, as if from another machine) are explained.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, tmpDir, write, explainOutput } from './cli.js';

const PY = '/usr/bin/python3';

const PY_LIB = {
  'shop/__init__.py': '',
  'shop/errors.py': `
class ShopError(Exception):
    pass


class OutOfStock(ShopError):
    def __init__(self, sku, wanted):
        super().__init__(f"item {sku!r} is out of stock (wanted {wanted})")
        self.sku = sku


class SyntaxProblem(ShopError):
    def __init__(self, msg, pos):
        super().__init__('%s at position %d' % (msg, pos))
        self.pos = pos
`,
  // An exception built by a method and raised by its caller (re's `raise source.error(...)`).
  'shop/parse.py': `
from .errors import SyntaxProblem


class Source:
    def __init__(self, text):
        self.text = text
        self.pos = len(text)

    def error(self, msg, offset=0):
        return SyntaxProblem(msg, self.pos - offset)


def parse_set(text):
    source = Source(text)
    if not text.endswith("]"):
        raise source.error("unterminated set", len(text))
    return text
`,
  'shop/cart.py': `
import logging
from .errors import OutOfStock

log = logging.getLogger(__name__)
STOCK = {"apple": 3}
BAD_QTY = "quantity must be a positive integer, got %r"


class Cart:
    def add(self, sku, qty):
        if not isinstance(qty, int) or qty <= 0:
            raise ValueError(BAD_QTY % (qty,))
        if STOCK.get(sku, 0) < qty:
            raise OutOfStock(sku, qty)
        return qty

    def checkout(self, payment):
        try:
            payment["card"]
        except KeyError as e:
            raise RuntimeError("checkout needs a card on file for customer {}".format(payment.get("id"))) from e
`,
};

const JS_LIB = {
  'package.json': JSON.stringify({ name: 'tinyparse', version: '1.2.3', main: 'lib/index.js' }),
  'lib/errors.js': `
class ParseError extends Error {
  constructor(line, what) {
    super(\`unexpected \${what} at line \${line}\`);
    this.name = 'ParseError';
    this.code = 'E_PARSE';
  }
}
module.exports = { ParseError };
`,
  'lib/index.js': `
const { ParseError } = require('./errors');
const MAX = 10;

function parse(text) {
  if (typeof text !== 'string') {
    throw new TypeError('parse() expects a string, received ' + typeof text);
  }
  const lines = text.split('\\n');
  if (lines.length > MAX) {
    const err = new RangeError(\`input has \${lines.length} lines, the limit is \${MAX}\`);
    err.code = 'E_TOO_LONG';
    throw err;
  }
  lines.forEach((l, i) => {
    if (l.includes('@')) throw new ParseError(i + 1, 'character "@"');
  });
  return lines;
}
module.exports = { parse };
`,
  // A helper handed over as a callback, called through the parameter (node-ignore's checkPath).
  'lib/check.js': `
const throwError = (message, Ctor) => {
  throw new Ctor(message);
};
const checkName = (name, doThrow) => {
  if (typeof name !== 'string') return doThrow(\`name must be a string, got \${typeof name}\`, TypeError);
  return true;
};
function check(name, strict) {
  return checkName(name, strict ? throwError : () => false);
}
module.exports = { check };
`,
  // The same function shipped again as an ES module build (one line lower: the import).
  'esm/index.mjs': `
import { ParseError } from '../lib/errors.js';

export function parse(text) {
  if (typeof text !== 'string') {
    throw new TypeError('parse() expects a string, received ' + typeof text);
  }
  return text.split('\\n');
}
`,
};

function runPy(root: string, code: string): string {
  const r = spawnSync(PY, ['-c', code], { cwd: root });
  return r.stderr.toString();
}
function runNode(root: string, code: string): string {
  const r = spawnSync(process.execPath, ['-e', code], { cwd: root });
  return r.stderr.toString();
}

describe('explain real Python and Node errors', () => {
  let db: string;
  let pyRoot: string;
  let jsRoot: string;

  beforeAll(() => {
    pyRoot = tmpDir('pyapp');
    for (const [f, t] of Object.entries(PY_LIB)) write(pyRoot, f, t);
    jsRoot = tmpDir('jsapp');
    for (const [f, t] of Object.entries(JS_LIB)) write(jsRoot, `node_modules/tinyparse/${f}`, t);
    db = path.join(tmpDir('explain-db'), 'i.sqlite');
    expect(errdex(['analyze', pyRoot, '--db', db, '--repo', 'acme/shop']).code).toBe(0);
    expect(errdex(['analyze', path.join(jsRoot, 'node_modules/tinyparse'), '--db', db]).code).toBe(0);
  });

  const explain = (input: string) => {
    const r = errdex(['explain', '-', '--db', db, '--json'], { input });
    return { code: r.code, out: explainOutput(r.stdout), stderr: r.stderr };
  };
  const relocatePy = (t: string) => t.split(pyRoot + '/').join('/srv/app/');
  const relocateJs = (t: string) => t.split(jsRoot + '/').join('/srv/other/');

  it('a %-formatted module constant: message alone, captured value', () => {
    const trace = runPy(pyRoot, 'from shop.cart import Cart; Cart().add("apple", -2)');
    expect(trace).toContain('ValueError: quantity must be a positive integer, got -2');
    const { out } = explain('quantity must be a positive integer, got -2');
    expect(out.hits[0].record.filePath).toBe('shop/cart.py');
    expect(out.hits[0].record.lineNumber).toBe(13);
    expect(Object.values(out.hits[0].captures)).toEqual(['-2']);
    expect(out.hits[0].record.guards[0].text).toBe('not isinstance(qty, int) or qty <= 0');
  });

  it('an error class whose constructor builds the message, from a relocated trace', () => {
    const trace = relocatePy(runPy(pyRoot, 'from shop.cart import Cart; Cart().add("pear", 1)'));
    expect(trace).toContain("OutOfStock: item 'pear' is out of stock (wanted 1)");
    const { out } = explain(trace);
    const top = out.hits[0];
    expect(top.record.filePath).toBe('shop/cart.py');
    expect(top.record.lineNumber).toBe(15);
    expect(top.matchType).toBe('frame');
    expect(top.record.errorMessage).toBe('item {sku} is out of stock (wanted {qty})');
  });

  it('an exception a method builds and its caller raises: the raise, with the class and whole message', () => {
    const trace = runPy(pyRoot, 'from shop.parse import parse_set; parse_set("[ab")');
    expect(trace).toContain('SyntaxProblem: unterminated set at position 0');
    const { out } = explain('unterminated set at position 0');
    const top = out.hits[0];
    expect([top.record.filePath, top.record.lineNumber, top.record.symbol]).toEqual(['shop/parse.py', 17, 'parse_set']);
    expect(top.record.errorClass).toBe('SyntaxProblem');
    expect(top.record.errorMessage).toMatch(/^unterminated set at position \{\w+\}$/);
    expect(top.matchType).toBe('template');
  });

  it('a chained traceback gives one hit list per link', () => {
    const trace = relocatePy(runPy(pyRoot, 'from shop.cart import Cart; Cart().checkout({"id": 7})'));
    expect(trace).toContain('The above exception was the direct cause');
    const { out } = explain(trace);
    expect(out.links.length).toBe(2);
    expect(out.links[0].errorClass).toBe('KeyError');
    const last = out.links[1];
    expect(last.errorClass).toBe('RuntimeError');
    expect(last.relation).toBe('cause');
    expect(last.hits[0].record.lineNumber).toBe(22);
    expect(last.hits[0].record.errorMessage).toBe('checkout needs a card on file for customer {get}');
    // The answer first: the error that propagated, not its cause.
    expect(out.hits[0].link).toBe(1);
    expect(out.hits[0].record.lineNumber).toBe(22);
  });

  it('--json holds each record once: hits name it by recordId', () => {
    const trace = relocatePy(runPy(pyRoot, 'from shop.cart import Cart; Cart().checkout({"id": 7})'));
    // the same chained error three times: six links, the same records
    const r = errdex(['explain', '-', '--db', db, '--json'], { input: [trace, trace, trace].join('\n') });
    const raw = JSON.parse(r.stdout);
    expect(Object.keys(raw).sort()).toEqual(['hits', 'indexed', 'links', 'matched', 'ms', 'reason', 'records']);
    expect(raw.links.length).toBe(6);
    expect(raw.hits[0]).not.toHaveProperty('record');
    const ids = raw.links.flatMap((l: { hits: { recordId: string }[] }) => l.hits.map((h) => h.recordId));
    expect(Object.keys(raw.records).sort()).toEqual([...new Set(ids)].sort());
    expect(raw.records[raw.hits[0].recordId]).toMatchObject({ id: raw.hits[0].recordId, lineNumber: 22 });
    // each record's text appears once in the output
    expect(r.stdout.split('"errorMessage": "checkout needs a card on file for customer {get}"').length).toBe(2);
  });

  it('a Node error class with a code, from a relocated stack', () => {
    const stack = relocateJs(runNode(jsRoot, 'require("tinyparse").parse("a\\nb@")'));
    expect(stack).toContain('unexpected character "@" at line 2');
    const { out } = explain(stack);
    expect(out.hits[0].record.filePath).toBe('lib/index.js');
    expect(out.hits[0].record.lineNumber).toBe(16);
    expect(out.hits[0].record.package).toBe('tinyparse');
    expect(out.hits[0].record.version).toBe('1.2.3');
    expect(out.hits[0].record.errorCode).toBe('E_PARSE');
  });

  it('an error built in a variable with err.code, message alone', () => {
    const { out } = explain('input has 12 lines, the limit is 10');
    // V8 captures the stack where the error is constructed, so that is the site line.
    expect(out.hits[0].record.lineNumber).toBe(11);
    expect(out.hits[0].record.errorCode).toBe('E_TOO_LONG');
    expect(out.hits[0].captures).toMatchObject({ length: '12', MAX: '10' });
  });

  it('a helper called through the parameter it was handed to: message alone names it, with the class the caller gave', () => {
    const stack = runNode(jsRoot, 'require("tinyparse/lib/check").check(1, true)');
    expect(stack).toContain('TypeError: name must be a string, got number');
    const { out } = explain('name must be a string, got number');
    const top = out.hits[0];
    expect([top.record.filePath, top.record.lineNumber, top.record.errorClass]).toEqual(['lib/check.js', 3, 'TypeError']);
    expect(top.captures).toEqual({ name: 'number' });
    // the trace's innermost frame is the same line
    expect(stack).toMatch(/lib\/check\.js:3:/);
  });

  it('a function shipped as CJS and ESM is one hit naming both copies; a frame picks the copy that ran', () => {
    const alone = explain('parse() expects a string, received number').out;
    expect(alone.hits.map((h: { record: { filePath: string } }) => h.record.filePath)).toEqual(['lib/index.js']);
    expect(alone.hits[0].copies).toEqual([{ id: expect.any(String), filePath: 'esm/index.mjs', line: 6 }]);
    const file = path.join(jsRoot, 'node_modules/tinyparse/esm/index.mjs');
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', `import { parse } from ${JSON.stringify(file)}; parse(42);`], { cwd: jsRoot });
    const { out } = explain(relocateJs(r.stderr.toString()));
    expect(`${out.hits[0].record.filePath}:${out.hits[0].line}`).toBe('esm/index.mjs:6');
    expect(out.hits[0].matchType).toBe('frame');
    expect(out.hits[0].copies.map((c: { filePath: string }) => c.filePath)).toEqual(['lib/index.js']);
  });

  it('a log with several errors in noise yields one answer per error', () => {
    const py = relocatePy(runPy(pyRoot, 'from shop.cart import Cart; Cart().add("pear", 1)'));
    const js = relocateJs(runNode(jsRoot, 'require("tinyparse").parse(42)'));
    const log = [
      '2026-11-29T10:00:00Z INFO starting worker',
      '2026-11-29T10:00:01Z INFO request id=1 ok',
      ...py.trimEnd().split('\n'),
      '2026-11-29T10:00:02Z INFO request id=2 ok',
      ...js.trimEnd().split('\n'),
      '2026-11-29T10:00:03Z ERROR quantity must be a positive integer, got 0',
      '2026-11-29T10:00:04Z INFO shutting down',
    ].join('\n');
    const { out } = explain(log);
    const tops = out.links.map((l: { hits: { record: { filePath: string; lineNumber: number } }[] }) => `${l.hits[0]?.record.filePath}:${l.hits[0]?.record.lineNumber}`);
    expect(tops).toEqual(['shop/cart.py:15', 'lib/index.js:7', 'shop/cart.py:13']);
  });

  it('a frame on another line of a record with several sites names that line, not the first site\'s symbol', () => {
    // Two functions raise the same message (a parameter): one record, two lines.
    const root = tmpDir('twosites');
    write(root, 'node_modules/twosites/package.json', JSON.stringify({ name: 'twosites', version: '1.0.0', main: 'index.js' }));
    write(root, 'node_modules/twosites/index.js', [
      'function first(msg) {',
      '  throw new Error(msg);',
      '}',
      'function second(msg) {',
      '  throw new Error(msg);',
      '}',
      'module.exports = { first, second };',
      '',
    ].join('\n'));
    const twoDb = path.join(tmpDir('twosites-db'), 'i.sqlite');
    expect(errdex(['analyze', path.join(root, 'node_modules/twosites'), '--db', twoDb]).code).toBe(0);
    const stack = runNode(root, 'require("twosites").second("boom")').split(root + '/').join('/srv/x/');
    const r = errdex(['explain', '-', '--db', twoDb], { input: stack });
    expect(r.stdout).toContain('index.js:5 (also line 2)');
    expect(r.stdout).not.toMatch(/index\.js:5 .* in first/);
    expect(r.stdout).toContain('(one of the record\'s 2 sites in this file; first at line 2 in first)');
  });
});
