// Lists of texts a function grows and returns in a tuple, joined and raised by the caller
// (returned-tuples.ts appendedTexts, template.ts joinedLookups; decision 0095).
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { isHole, type Template } from '../../src/template/ir.js';

const text = (t: Template): string => t.map((s) => ('lit' in s ? s.lit : `{${s.hole.name}}`)).join('');

describe('texts appended to a returned list', () => {
  const src = [
    'def validate(items):',
    '    warnings = []',
    '    errors = []',
    '    for i in items:',
    '        if i in seen:',
    "            errors.append(f'Invalid duplicated key: {i!r}.')",
    '        if not i:',
    "            warnings.append('Empty key ignored.')",
    "    errors.append('x')",
    '    return warnings, errors',
    'def changed(items):',
    '    errors = []',
    "    errors.append('Invalid item found here.')",
    '    errors.extend(items)',
    '    return None, errors',
    'def check(items):',
    '    warns, errors = validate(items)',
    '    if errors:',
    "        raise ValueError('\\n'.join(warns + errors))",
  ].join('\n');

  it('files each text of two words or more appended to a list returned at a position, not a list changed another way', () => {
    const tables = (analyzePython(src).tables ?? []).filter((t) => t.name.startsWith('::tuple/'));
    expect(tables.map((t) => [t.name, t.entries.map((e) => [text(e.template), e.line])])).toEqual([
      ['::tuple/validate#0', [['Empty key ignored.', 8]]],
      ['::tuple/validate#1', [['Invalid duplicated key: {i}.', 6]]],
    ]);
  });

  it("reads the lists joined at the raise as lookups into those tables, each list's a reading", () => {
    const site = analyzePython(src).sites.find((s) => s.errorClass === 'ValueError')!;
    const lookups = [site.template ?? [], ...(site.args[0]?.alts ?? [])].map((t) => (t.length === 1 && isHole(t[0]) ? t[0].hole.lookup?.table : null));
    expect(lookups).toEqual(['::tuple/validate#0', '::tuple/validate#1']);
  });
});
