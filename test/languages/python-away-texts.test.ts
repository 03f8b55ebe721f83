// Texts kept away from the raise (record-fields.ts, returned-tuples.ts): which declarations give a
// record field its position, which constants file their texts, which tuple returns are filed, and
// the raise's lookups by field name and unpacked position.
import { describe, expect, it } from 'vitest';
import { analyzePython } from '../../src/languages/python/analyze.js';

const tableNames = (src: string) => (analyzePython(src).tables ?? []).map((t) => ({ name: t.name, reads: t.reads, keys: t.entries.map((e) => e.key) }));

describe('record fields holding messages', () => {
  it('positions the fields of a namedtuple given as a list or a string, a NamedTuple class and a dataclass', () => {
    const src = [
      "from collections import namedtuple",
      "from dataclasses import dataclass",
      "from typing import NamedTuple",
      "Limit = namedtuple('Limit', ['min', 'max', 'errmsg'])",
      "Rule = namedtuple('Rule', 'name reason')",
      "class Check(NamedTuple):",
      "    key: str",
      "    error_text: str",
      "@dataclass",
      "class Spec:",
      "    description: str",
      "    value: int = 0",
    ].join('\n');
    expect(tableNames(src)).toEqual([
      { name: '::field/.errmsg', reads: '::field/Limit#2', keys: [] },
      { name: '::field/.reason', reads: '::field/Rule#1', keys: [] },
      { name: '::field/.error_text', reads: '::field/Check#1', keys: [] },
      { name: '::field/.description', reads: '::field/Spec#0', keys: [] },
    ]);
  });

  it('files the sentences constants pass by position, not names, numbers or keyword arguments', () => {
    const src = [
      "HOUR = Limit('hour', 0, 24, 'Hour must be ' 'between 0..24.')",
      "NAME = Limit('minute', 0, 59)",
      "KW = Limit(0, 24, errmsg='Minute must be between 0..59.')",
      "lower = Limit('Not a constant name.', 0)",
    ].join('\n');
    expect(tableNames(src)).toEqual([{ name: '::field/Limit#3', reads: undefined, keys: ['HOUR'] }]);
  });

  it('reads a message-named attribute at a raise as a lookup by its name, and leaves other attributes holes', () => {
    const src = ['def check(limit, v):', '    if v > limit.max:', '        raise ValueError(limit.errmsg)', '    raise ValueError(limit.name)'].join('\n');
    const [a, b] = analyzePython(src).sites;
    expect(a.template).toEqual([{ hole: expect.objectContaining({ lookup: { table: '::field/.errmsg', key: null } }) }]);
    expect(b.template).toEqual([{ hole: expect.not.objectContaining({ lookup: expect.anything() }) }]);
  });
});

describe('texts returned inside a tuple', () => {
  it("files a tuple element built with text under the function's name and position, and reads an unpacked name there", () => {
    const src = [
      'class P:',
      '    def parse(self):',
      '        if self.failed:',
      "            return None, 'Unexpected %s at column %d' % (self.c, self.n), self.pos",
      "        return self.val, None, 'a'",
      'def loads(s):',
      '    ast, err, _ = P().parse()',
      '    if err:',
      '        raise ValueError(err)',
    ].join('\n');
    const a = analyzePython(src);
    expect((a.tables ?? []).map((t) => ({ name: t.name, keys: t.entries.map((e) => e.key) }))).toEqual([{ name: '::tuple/parse#1', keys: ['parse'] }]);
    expect(a.sites[0].template).toEqual([{ hole: expect.objectContaining({ lookup: { table: '::tuple/parse#1', key: null } }) }]);
  });
});
