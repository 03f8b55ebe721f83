// originFirst's helper prior (service/origin-first.ts): among hits tied on one text, a record whose
// message a caller hands to a helper goes first, only within one library and only where the
// records' windows read no order.
import { describe, expect, it } from 'vitest';
import type { ErrRecord } from '../../src/record/schema.js';
import { originFirst } from '../../src/service/origin-first.js';

interface Spec { file: string; repo?: string; symbol: string; code: string[]; line: number; handed?: boolean; guard?: { text: string; line: number } }

/** A tied hit on `code` (its window, starting at line 1; the raise at `line`). */
function hit(s: Spec) {
  const record = {
    repo: s.repo ?? 'acme/dec', filePath: s.file, symbol: s.symbol, errorClass: 'ValueError', package: 'dec', lineNumber: s.line,
    sourceCode: s.code.join('\n'), sourceCodeStart: 1, guards: s.guard ? [{ kind: 'if', text: s.guard.text, line: s.guard.line }] : [],
    ...(s.handed ? { callers: [{ filePath: 'dec/parse.py', line: 6, symbol: 'parse' }] } : {}),
  } as unknown as ErrRecord;
  return { record, score: 0.85, matchType: 'template', message: 'Invalid decimal: empty', frame: null, why: [] as string[] };
}

const helper = (repo?: string) => hit({ file: 'dec/raise_helpers.py', repo, symbol: 'fail', line: 2, handed: true, code: ['def fail(msg):', '    raise ValueError(msg)'] });
const inline = (code?: string[]) => hit({
  file: 'dec/rad.py', symbol: 'parse_radix', line: 3, guard: { text: 'if not s', line: 2 },
  code: code ?? ['def parse_radix(s, radix):', '    if not s:', '        raise ValueError("Invalid decimal: empty")', '    return s'],
});

describe('originFirst: the helper a message is handed to', () => {
  it('goes before an inline raise of the same text in its library, saying why', () => {
    const out = originFirst([inline(), helper()]);
    expect(out.map((h) => h.record.filePath)).toEqual(['dec/raise_helpers.py', 'dec/rad.py']);
    expect(out[0].why).toEqual(['raised by the helper fail, which the library routes this message through (parse_radix raises it inline)']);
  });

  it('is no reason across libraries', () => {
    const hits = [inline(), helper('other/lib')];
    expect(originFirst(hits)).toBe(hits);
  });

  it("gives way to the windows' reading: an inline raise whose function calls the helper's after it goes first", () => {
    const checksFirst = inline(['def parse_radix(s, radix):', '    if not s:', '        raise ValueError("Invalid decimal: empty")', '    return raise_helpers.fail(s)']);
    const out = originFirst([helper(), checksFirst]);
    expect(out.map((h) => h.record.filePath)).toEqual(['dec/rad.py', 'dec/raise_helpers.py']);
    expect(out[0].why[0]).toMatch(/checked before fail/);
  });

  it("reads no call of a module's function through another module, an object or a string", () => {
    for (const call of ['    return other.fail(s)', '    return self.fail(s)', '    return "use raise_helpers.fail(s)"']) {
      const out = originFirst([helper(), inline(['def parse_radix(s, radix):', '    if not s:', '        raise ValueError("Invalid decimal: empty")', call])]);
      expect(out.map((h) => h.record.filePath)).toEqual(['dec/raise_helpers.py', 'dec/rad.py']);
      expect(out[0].why[0]).toMatch(/raised by the helper fail/);
    }
  });

  it('leaves two handed records in their order', () => {
    const other = hit({ file: 'dec/b.py', symbol: 'bail', line: 2, handed: true, code: ['def bail(msg):', '    raise ValueError(msg)'] });
    const hits = [other, helper()];
    expect(originFirst(hits)).toBe(hits);
  });
});

describe('originFirst: a raise in deprecated code', () => {
  const legacy = (repo?: string) => {
    const h = hit({ file: 'dec/errors.py', repo, symbol: 'Errors.empty', line: 2, code: ['def empty():', '    return ValueError("Invalid decimal: empty")'] });
    (h.record as { deprecated?: boolean }).deprecated = true;
    return h;
  };

  it('goes after a raise of the same text that is not deprecated, saying why', () => {
    const out = originFirst([legacy(), inline()]);
    expect(out.map((h) => h.record.filePath)).toEqual(['dec/rad.py', 'dec/errors.py']);
    expect(out[0].why).toEqual(['Errors.empty is marked deprecated, kept for old callers']);
  });

  it('is no reason across libraries, nor between two deprecated raises', () => {
    const apart = [legacy('other/lib'), inline()];
    expect(originFirst(apart)).toBe(apart);
    const other = legacy();
    (other.record as { filePath: string }).filePath = 'dec/old.py';
    const both = [legacy(), other];
    expect(originFirst(both)).toBe(both);
  });

  it("gives way to the windows' reading and to the helper prior", () => {
    // the deprecated function calls the other's after its raise: it checks first
    const checksFirst = legacy();
    (checksFirst.record as { sourceCode: string }).sourceCode = ['def empty(s):', '    raise ValueError("Invalid decimal: empty")', '    return rad.parse_radix(s)'].join('\n');
    expect(originFirst([checksFirst, inline()]).map((h) => h.record.filePath)).toEqual(['dec/errors.py', 'dec/rad.py']);
    // a deprecated helper a caller hands the message to still goes before an inline raise
    const handed = helper();
    (handed.record as { deprecated?: boolean }).deprecated = true;
    expect(originFirst([inline(), handed]).map((h) => h.record.filePath)).toEqual(['dec/raise_helpers.py', 'dec/rad.py']);
  });
});
