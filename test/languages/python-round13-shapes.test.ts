// Round 13's shapes in the Python pack (decision 0108): a helper's parameter handed to an error class
// in any argument, a class attribute formatted in an exception's method whatever its name, a
// constructor-less class's `self.args` positions as its parameters, `self.args[0]` formatted with the
// rest, a class's constants filed as `Class.NAME`, and a dict handed to a wrapper as a table.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import type { Template } from '../../src/template/ir.js';

const text = (t: Template | null | undefined): string => (t ?? []).map((s) => ('lit' in s ? s.lit : `{${s.hole.name}}`)).join('');

describe("a helper's parameter handed to an error class in any argument", () => {
  const src = [
    'class ParseError(Exception):',
    '    def __init__(self, path, lineno, msg):',
    '        self.msg = msg',
    'class Ini:',
    '    def __init__(self, data):',
    '        self._raise(1, "no section header defined")',
    '    def _raise(self, lineno, msg):',
    '        raise ParseError(self.path, lineno, msg)',
  ].join('\n');

  it("lists the helper's calls, though the first argument is no parameter", () => {
    const calls = analyzePython(src).calls.filter((c) => c.callee === '_raise');
    expect(calls.map((c) => c.args.map((a) => text(a.template)))).toEqual([['1', 'no section header defined']]);
  });

  it('lists none for a helper handing the class nothing of its own', () => {
    expect(analyzePython(src.replace('raise ParseError(self.path, lineno, msg)', 'raise ParseError(self.path, 1, "x")')).calls).toEqual([]);
  });
});

describe("an exception's class attribute formatted with its arguments", () => {
  const src = [
    'class SyntaxErr(ValueError):',
    '    BAD_INPUT = "Invalid {0} representation: {1}"',
    '    def __str__(self):',
    '        return self.BAD_INPUT.format(*self.args)',
    'class Bad(ValueError):',
    '    OUT_OF_BOUNDS = "Out of bounds: {0}: {1}"',
    '    def __str__(self):',
    '        format_string = self.args[0]',
    '        format_args = self.args[1:]',
    '        return format_string.format(*format_args)',
    'class Offset(ValueError):',
    '    def __init__(self, value, extra):',
    '        self.value = value',
    '    def __str__(self):',
    '        return "%s: bad offset" % self.args[0]',
  ].join('\n');
  const classes = analyzePython(src).classes ?? [];
  const byName = (n: string) => classes.find((c) => c.name === n)!;

  it("reads the attribute's text, its positions the class's parameters", () => {
    expect(byName('SyntaxErr').template).toEqual([
      { lit: 'Invalid ' }, { hole: { name: 'args[0]', expr: 'args[0]', kind: 'any' } },
      { lit: ' representation: ' }, { hole: { name: 'args[1]', expr: 'args[1]', kind: 'any' } },
    ]);
    expect(byName('SyntaxErr').params).toEqual(['args[0]', 'args[1]']);
  });

  it('reads the first argument formatted with the rest as a format string', () => {
    expect(byName('Bad').template).toEqual([{ hole: { name: 'args[0]', expr: 'args[0]', kind: 'any', fmt: 'brace' } }]);
  });

  it("keeps a constructor's parameters", () => {
    expect(byName('Offset').params).toEqual(['value', 'extra']);
  });
});

describe('tables and constants', () => {
  it("files a dict handed to a wrapper as a table, and a class body's constants as Class.NAME", () => {
    const src = [
      'from types import MappingProxyType',
      'class V:',
      '    default_messages = MappingProxyType(',
      '        {',
      '            "must_exist": "{name} is required in env {env}",',
      '            "operations": ("{name} must {op} " "but it is {value}"),',
      '        }',
      '    )',
      '    OUT_OF_BOUNDS = "Invalid input (out of bounds): {0}: {1}"',
      '    def check(self, name):',
      '        raise ValueError(name)',
    ].join('\n');
    const tables = analyzePython(src).tables ?? [];
    const messages = tables.find((t) => t.name === 'default_messages');
    expect(messages?.entries.map((e) => [e.key, text(e.template)])).toEqual([
      ['must_exist', '{name} is required in env {env}'],
      ['operations', '{name} must {op} but it is {value}'],
    ]);
    const module = tables.find((t) => t.entries.some((e) => e.key === 'V.OUT_OF_BOUNDS'));
    expect(module).toBeDefined();
  });
});

describe("a class's constant handed to it at a raise of the same file", () => {
  it("is the text the class body assigns, formatted by the class's __str__", () => {
    const src = [
      'class Bad(ValueError):',
      '    OUT_OF_BOUNDS = "Out of bounds: {0}: {1}"',
      '    def __str__(self):',
      '        return self.args[0].format(*self.args[1:])',
      'def check(name, value):',
      '    raise Bad(Bad.OUT_OF_BOUNDS, name, value)',
    ].join('\n');
    const site = analyzePython(src).sites.find((s) => s.line === 6)!;
    // (the raise's other arguments fill its fields: the class formats its first argument with the rest)
    expect(text(site.template)).toBe('Out of bounds: {name}: {value}');
  });
});
