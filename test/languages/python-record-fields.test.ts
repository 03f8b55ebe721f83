// Record fields read as messages (record-fields.ts): which declarations give a field its position,
// which constants file their texts, and the raise's lookup by the field's name.
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
