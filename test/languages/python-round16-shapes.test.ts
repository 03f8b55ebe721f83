// Round 16's shape in the Python pack (decision 0126): a caught KeyError put in a message as it is
// shows as its key's repr (`str(KeyError('text'))` is `'text'`), so its hole is a repr hole.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';
import { isHole, type Template } from '../../src/template/ir.js';

const kinds = (t: Template | null) => (t ?? []).filter(isHole).map((g) => `${g.hole.expr}:${g.hole.kind}`);

describe('a caught KeyError in a message', () => {
  const src = [
    'def load(t):',
    '    try:',
    '        return TYPES[t]',
    '    except KeyError as exc:',
    "        raise SchemaError('Unknown type: {}'.format(exc))",
    'def load2(t):',
    '    try:',
    '        return TYPES[t]',
    '    except KeyError as e:',
    "        raise SchemaError(f'no {e} here: {t}')",
    'def load3(t):',
    '    try:',
    '        return TYPES[t]',
    '    except KeyError as e:',
    "        raise SchemaError('no type %s' % e.args[0])",
    'def load4(t):',
    '    try:',
    '        return TYPES[t]',
    '    except ValueError as e:',
    "        raise SchemaError('bad type: %s' % e)",
  ].join('\n');
  const sites = analyzePython(src).sites;
  const at = (line: number) => sites.find((s) => s.line === line)!;

  it('is a repr hole, by .format, an f-string or %', () => {
    expect(kinds(at(5).template)).toEqual(['exc:repr']);
    expect(kinds(at(10).template)).toEqual(['e:repr', 't:any']);
  });

  it('not its key (args[0]), nor another caught error', () => {
    expect(kinds(at(15).template)).toEqual(['e.args[0]:any']);
    expect(kinds(at(20).template)).toEqual(['e:any']);
  });
});
