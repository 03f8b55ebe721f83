// Round 19's shape in the Python pack (decision 0143): an error a function of the file builds and
// returns (`syntax_error("expecting " + repr(thing))` returning `self.generate_syntax_error(msg, pos)`,
// which returns `SyntaxError(msg)`), raised by a caller once a class test says it is one
// (`t, r = self._parse(text)` / `if type(r) == SyntaxError: raise r`). The factory calls not raised
// are sites held under `tested:<class>`, and the tested raise raises them.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { isHole, type Template } from '../../src/template/ir.js';

const show = (t: Template | null) => (t ?? []).map((s) => (isHole(s) ? `{${s.hole.expr}}` : s.lit)).join('');

const parser = (test: string) =>
  [
    'class Parser:',
    '    def generate_syntax_error(self, msg, pos):',
    '        result = SyntaxError(msg)',
    '        result.lineno = pos',
    '        return result',
    '    def parse(self, text, thing):',
    '        t, r = self._parse(text, thing, 1)',
    `        if ${test}:`,
    '            raise r',
    '        return r',
    '    def _parse(self, text, thing, pos):',
    '        def syntax_error(msg):',
    '            return self.generate_syntax_error(msg, pos)',
    '        if thing is None:',
    '            result = text, syntax_error("expecting one of " + repr(thing))',
    '        elif thing == 1:',
    '            result = text, ValueError("not held")',
    '        else:',
    '            result = text, syntax_error(thing)',
    '        return result',
  ].join('\n');

describe('a raise of a name after a class test', () => {
  for (const test of ['type(r) == SyntaxError', 'isinstance(r, SyntaxError)']) {
    it(`holds the file's factory calls of that class for it (${test})`, () => {
      const r = analyzePython(parser(test));
      const raise = r.sites.find((s) => s.line === 9)!;
      expect(raise.errorClass).toBe('SyntaxError');
      expect(raise.raisesHeld).toEqual(['tested:SyntaxError']);
      const held = r.sites.filter((s) => s.heldAs === 'tested:SyntaxError');
      // (the call handing a parameter, all holes, is not held; nor the ValueError no test names)
      expect(held.map((s) => [s.line, show(s.template)])).toEqual([[15, 'expecting one of {thing}']]);
      expect(held[0].constructedOnly).toBe(true);
    });
  }

  it('holds nothing when the raise is not under a class test of the name it raises, or the class is the root', () => {
    for (const test of ['type(t) == SyntaxError', 'r is not None', 'isinstance(r, Exception)']) {
      const r = analyzePython(parser(test));
      expect(r.sites.some((s) => s.heldAs?.startsWith('tested:'))).toBe(false);
      expect(r.sites.find((s) => s.line === 9)!.raisesHeld).toBeUndefined();
    }
  });
});
