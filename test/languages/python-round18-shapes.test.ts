// Round 18's shape in the Python pack (decision 0138): a method of `self` alone named for a message
// (`format_message`) is a class's text keyed with its call's parentheses, its `self` holes named for
// the constructor's parameters, so a base's `__str__` calling `self.format_message()` says the most
// derived class's override.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { parseInput } from '../../src/query/parse.js';
import { isHole, type Template } from '../../src/template/ir.js';

const show = (t: Template) => t.map((s) => (isHole(s) ? `{${s.hole.expr}}` : s.lit)).join('');

describe('a method named for a message', () => {
  const src = [
    'class Base(Exception):',
    '    def format_message(self):',
    '        return ""',
    '    def __str__(self):',
    '        return "{0} (at {1})".format(self.format_message(), self.where())',
    'class Missing(Base):',
    '    def __init__(self, library, activity):',
    '        self.library = library',
    '        self.activity = activity',
    '    def format_message(self):',
    '        return "{0} requires {1}".format(self.activity, self.library)',
    '    def format_stack(self):',
    '        return "stack of " + self.library',
    '    def get_msg(self, extra):',
    '        return "not read " + extra',
  ].join('\n');
  const r = analyzePython(src);
  const missing = r.classes.find((c) => c.name === 'Missing')!;
  const base = r.classes.find((c) => c.name === 'Base')!;

  it("keys the method with its parentheses, its self holes the constructor's parameters", () => {
    expect(Object.keys(missing.props ?? {})).toEqual(['format_message()']);
    expect(show(missing.props!['format_message()'])).toBe('{activity} requires {library}');
  });

  it('reads neither methods named otherwise nor ones taking more than self', () => {
    expect(missing.props?.['format_stack()']).toBeUndefined();
    expect(missing.props?.['get_msg()']).toBeUndefined();
  });

  it("keeps a base's method with no text a hole, so a subclass's fills the base's __str__", () => {
    expect(show(base.props!['format_message()'])).toBe('{""}');
    expect(show(base.template!)).toBe('{self.format_message()} (at {self.where()})');
  });
});

describe("a traceback's message with a line of spaces", () => {
  it('keeps the line as printed, blank lines after the text as they were', () => {
    const trace = [
      'Traceback (most recent call last):',
      '  File "/x/compiler.py", line 837, in _at_import',
      '    raise SassImportError(name, self.compiler, rule=rule)',
      "scss.errors.SassImportError: Couldn't find anything to import: missing",
      'Search path:',
      '  ',
      'on line 1',
      '',
      'Search: done',
    ].join('\n');
    const link = parseInput(trace).links.at(-1)!;
    expect(link.message).toBe("Couldn't find anything to import: missing\nSearch path:\n  \non line 1\n\nSearch: done");
  });
});
