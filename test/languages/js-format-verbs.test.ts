// Format calls read by their verbs, fields holding constructor parameters, parameters joined in place
// and small tables keyed by a value (decision 0096).
import { describe, expect, it } from 'vitest';
import { analyzeJavaScript } from '../../src/languages/javascript/analyze.js';
import { isHole, renderMessage, type Template } from '../../src/template/ir.js';

const site = (src: string, line: number) => analyzeJavaScript(src).sites.find((s) => s.line === line)!;
const readings = (src: string, line: number): string[] => {
  const s = site(src, line);
  const arg = s.args[0];
  return [arg.template, ...(arg.alts ?? [])].map((t: Template) => renderMessage(t));
};
const cls = (src: string, name: string) => analyzeJavaScript(src).classes.find((c) => c.name === name)!;

describe('format calls of a function not known here', () => {
  it('fills positional verbs with the arguments, one each, and named ones from an object', () => {
    const src = [
      'const sub = require("./sub");',
      'function a(n, m) { throw new Error(sub("expected %s arguments, got %d (100%%)", n, m)); }',
      'function b(value, choices) {',
      '  let args = { value, choices: choices.join(", ") };',
      '  let msg = "invalid choice: %(value)r (choose from %(choices)s)";',
      '  throw new Error(sub(msg, args));',
      '}',
    ].join('\n');
    expect(readings(src, 2)).toEqual(['expected {n} arguments, got {m} (100%)']);
    expect(readings(src, 6)).toEqual(['invalid choice: {value} (choose from {join})']);
    const held = site(src, 6).args[0].template.filter(isHole);
    expect(held[0].hole.kind).toBe('repr');
  });

  it('gives each reading of a format chosen by a condition', () => {
    const src = [
      'function c(list, conflict) {',
      '  let message = list.length === 1 ? "conflicting option string: %s" : "conflicting option strings: %s";',
      '  throw new Error(fmt(message, conflict));',
      '}',
    ].join('\n');
    expect(readings(src, 3).sort()).toEqual(['conflicting option string: {conflict}', 'conflicting option strings: {conflict}']);
  });

  it('is no format when the arguments do not fit the verbs, or the callee is a string method', () => {
    const src = [
      'function d(x) { throw new Error(fmt("%s and %s", x)); }',
      'function e(x, y) { throw new Error(fmt("%(a)s and %s", x, y)); }',
      'function f(x) { throw new Error("%s is missing".replace("%s", x)); }',
      'function g(x) { throw new Error(fmt("no verbs here", x)); }',
    ].join('\n');
    for (const line of [1, 2, 4]) expect(readings(src, line).some((t) => /and|verbs/.test(t))).toBe(false);
    expect(readings(src, 3)).not.toContain('{x} is missing');
  });
});

describe('error classes', () => {
  it("names a field the constructor sets to a parameter after that parameter, in a method's message", () => {
    const src = [
      'class ArgError extends Error {',
      '  constructor(argument, message) {',
      '    super();',
      '    this._name = argument.name;',
      '    this._message = message;',
      '    this.message = this.str();',
      '  }',
      '  str() { return `argument ${this._name}: ${this._message}`; }',
      '}',
    ].join('\n');
    const c = cls(src, 'ArgError');
    expect(renderMessage(c.template!)).toBe('argument {_name}: {message}');
    expect(c.template!.filter(isHole).map((h) => h.hole.expr)).toEqual(['this._name', 'message']);
  });

  it('leaves a field written more than once as it is (a branch may set it to something else)', () => {
    const src = [
      'class NotFound extends Error {',
      '  constructor(identifier) {',
      '    super();',
      '    this.id = "<UNKNOWN>";',
      '    if (typeof identifier === "string") this.id = identifier;',
      '  }',
      '  get message() { return `Service with "${this.id}" identifier was not found.`; }',
      '}',
    ].join('\n');
    expect(cls(src, 'NotFound').template!.filter(isHole).map((h) => h.hole.expr)).toEqual(['this.id']);
  });

  it('marks a parameter joined in place when it is an array', () => {
    const src = [
      'class CsvError extends Error {',
      '  constructor(code, message, ...contexts) {',
      '    if (Array.isArray(message)) message = message.join(" ");',
      '    super(message);',
      '    this.code = code;',
      '  }',
      '}',
      'class Plain extends Error {',
      '  constructor(code, message) { super(message); this.code = code; }',
      '}',
      'function h(x) { throw new CsvError("E_X", ["option `x` must be a string,", `got ${x}`]); }',
    ].join('\n');
    expect(cls(src, 'CsvError').template!.filter(isHole).map((h) => h.hole.join)).toEqual([' ']);
    expect(cls(src, 'Plain').template!.filter(isHole).map((h) => h.hole.join)).toEqual([undefined]);
    expect(site(src, 11).args[1].items!.map((t) => renderMessage(t))).toEqual(['option `x` must be a string,', 'got {x}']);
  });
});

describe('small tables keyed by a value', () => {
  it("gives each entry as a reading, in a `+` chain's head and a compiled concat chain; not a bigger table's", () => {
    const src = [
      'const pools = { functions: "Custom function", transforms: "Transform" };',
      'function i(ast) { throw new Error(pools[ast.pool] + " " + ast.name + " is not defined."); }',
      'function j(ast) { throw new Error("".concat(pools[ast.pool], " ").concat(ast.name, " is not defined.")); }',
      'const big = { a: "1", b: "2", c: "3", d: "4", e: "5", f: "6", g: "7" };',
      'function k(o) { throw new Error("bad " + big[o.k]); }',
    ].join('\n');
    const both = ['Custom function {name} is not defined.', 'Transform {name} is not defined.'];
    expect(readings(src, 2)).toEqual(both);
    expect(readings(src, 3)).toEqual(both);
    expect(readings(src, 5)).toEqual(['bad {k}']);
  });
});
