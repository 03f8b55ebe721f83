// Ruby pack, held-out round 18 (decision 0140): a raise of another file's text constant, and a `+`
// piece of an accumulated message whose middle operand gives several texts.
import { describe, expect, it } from 'vitest';
import { analyzeRuby, rubyCannotRaise } from '../../src/languages/ruby/analyze.js';

const sites = (src: string) => analyzeRuby(src).sites.map((s) => ({ errorClass: s.errorClass, template: s.template }));

describe('ruby: raise of a text constant another file assigns', () => {
  it('reads `raise EXCEL_NOTICE` (words joined by _, not assigned in the file) as a RuntimeError looked up in the tree', () => {
    const [s] = sites('module M\n  def f\n    raise EXCEL_NOTICE\n  end\nend\n');
    expect(s.errorClass).toBe('RuntimeError');
    expect(s.template).toEqual([{ hole: expect.objectContaining({ name: 'EXCEL_NOTICE', lookup: { table: '::constants', key: 'EXCEL_NOTICE' } }) }]);
  });

  it('keeps an upper-case name of one word, and a name the file assigns a class, as a class raised without a message', () => {
    expect(sites('def f\n  raise NOTICE\nend\n')[0]).toEqual({ errorClass: 'NOTICE', template: [{ lit: 'NOTICE' }] });
    expect(sites('PARSE_FAILED = Class.new(StandardError)\ndef f\n  raise PARSE_FAILED\nend\n')[0].errorClass).toBe('PARSE_FAILED');
    const own = sites('BAD_INPUT = "the input is bad"\ndef f\n  raise BAD_INPUT\nend\n')[0];
    expect(own).toEqual({ errorClass: 'RuntimeError', template: [expect.objectContaining({ lit: 'the input is bad' })] });
  });

  it('parses a file holding only such constants, to file their texts', () => {
    const src = 'module M\n  EXCEL_NOTICE = "Excel support has been extracted."\nend\n';
    expect(rubyCannotRaise(src)).toBe(false);
    expect(analyzeRuby(src).tables).toEqual([{ name: '::constants', entries: [{ key: 'EXCEL_NOTICE', template: [{ lit: 'Excel support has been extracted.' }], line: 2 }] }]);
    // (a version file, one word: still not parsed)
    expect(rubyCannotRaise('module M\n  VERSION = "1.2.3"\nend\n')).toBe(true);
  });
});

describe('ruby: `+` pieces of an accumulated message', () => {
  it('keeps the written operands around the hole of a ternary', () => {
    const [s] = sites('def f(c, o, e)\n  m = ""\n  m += "#{c} out: " + (o.empty? ? "none" : o) + "\\n"\n  m += "#{c} err: " + (e.empty? ? "none" : e) + "\\n"\n  raise Failed, m\nend\n');
    expect(s.template).toEqual([
      { hole: expect.objectContaining({ name: 'c' }) }, { lit: ' out: ' }, { hole: expect.objectContaining({ expr: '(o.empty? ? "none" : o)' }) },
      { lit: '\n' }, { hole: expect.objectContaining({ name: 'c' }) }, { lit: ' err: ' }, { hole: expect.objectContaining({ expr: '(e.empty? ? "none" : e)' }) }, { lit: '\n' },
    ]);
  });
});
