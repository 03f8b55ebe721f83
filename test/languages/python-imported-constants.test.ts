// Module-level text constants filed as the module's table, and names imported from a module read
// as lookups into it (tables.ts moduleConstantTexts, template.ts buildName; decision 0092).
import { describe, expect, it } from 'vitest';
import { MODULE_TABLE } from '../../src/core/site.js';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { isHole } from '../../src/template/ir.js';

describe('module-level text constants', () => {
  it('files upper-case text constants with a space as the module table, and nothing else', () => {
    const src = [
      "LINE_VALUE_NO_NEWLINE = ' No newline at end of file'",
      "ERR_PREFIX = 'bad ' + 'input'",
      "DEFAULT_PORT = 80",
      "ENCODING = 'utf-8'",
      "lower_text = 'not a constant'",
      "__version__ = '1.0'",
      'def f():',
      "    INNER_TEXT = 'in a function'",
    ].join('\n');
    const t = (analyzePython(src).tables ?? []).filter((x) => x.name === MODULE_TABLE);
    expect(t.map((x) => x.entries.map((e) => [e.key, e.template.map((s) => ('lit' in s ? s.lit : '{}')).join(''), e.line]))).toEqual([
      [['LINE_VALUE_NO_NEWLINE', ' No newline at end of file', 1], ['ERR_PREFIX', 'bad input', 2]],
    ]);
  });

  it('reads a name imported from a module as a lookup of that module, and leaves a local or parameter alone', () => {
    const src = [
      'from .constants import (',
      '    LINE_VALUE_NO_NEWLINE,',
      ')',
      'from pkg.errors import BAD_TEXT as BAD',
      'def f(OTHER):',
      "    raise ValueError('Unexpected marker:' + LINE_VALUE_NO_NEWLINE)",
      'def g():',
      '    raise ValueError(BAD)',
      'def h(OTHER):',
      '    raise ValueError(OTHER)',
    ].join('\n');
    const sites = analyzePython(src).sites;
    const lookups = sites.map((s) => (s.template ?? []).flatMap((x) => (isHole(x) && x.hole.lookup ? [[x.hole.lookup.table, x.hole.lookup.key]] : [])));
    expect(lookups).toEqual([[[MODULE_TABLE + './constants', 'LINE_VALUE_NO_NEWLINE']], [[MODULE_TABLE + 'pkg/errors', 'BAD_TEXT']], []]);
  });
});
