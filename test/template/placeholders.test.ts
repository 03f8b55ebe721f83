import { describe, expect, it } from 'vitest';
import { lit, openFields, renderMessage, type FieldStyle, type Template } from '../../src/template/ir.js';
import { openPlaceholders, tableStyle } from '../../src/template/placeholders.js';

const t = (s: string): Template => [lit(s)];
const open = (entries: string[]) => {
  const style = tableStyle(entries.map(t));
  return { style, out: entries.map((e) => renderMessage(openPlaceholders(t(e), style))) };
};

describe('table placeholder syntaxes', () => {
  it.each([
    [['{{#label}} is too short', '{{#label}} must be a string'], 'mustache', '{label} is too short'],
    [['{{ field }} is required', 'Too many'], 'mustache', '{field} is required'],
    [['Expected ${expected} but received ${received}', 'Invalid'], 'dollar', 'Expected {expected} but received {received}'],
    [['must be at most {limit}', 'Not a valid {kind}.'], 'brace', 'must be at most {limit}'],
    [['Unexpected token {0}', 'Bad'], 'brace', 'Unexpected token {value}'],
    [['Invalid input type: %(input_type)s', 'x'], 'percent', 'Invalid input type: {input_type}'],
    [['%s is not valid', 'x'], 'percent', '{value} is not valid'],
    [['Unexpected token %0', 'x'], 'index', 'Unexpected token {value}'],
    [['The :attribute field is required.', 'The :attribute must be at least :min.'], 'colon', 'The {attribute} field is required.'],
  ])('%j is read as %s', (entries, style, first) => {
    const r = open(entries);
    expect(r.style).toBe(style);
    expect(r.out[0]).toBe(first);
  });

  it('takes the syntax most entries use', () => {
    expect(tableStyle(['{{a}} x', '{{b}} y', 'use {c}'].map(t))).toBe('mustache');
  });

  it('leaves a table with no placeholders, and a lone `note:this`, as text', () => {
    expect(tableStyle(['Unexpected end of input', 'Missing data'].map(t))).toBeNull();
    expect(tableStyle(['see note:this', 'plain'].map(t))).toBeNull();
    expect(tableStyle(['http://example.com/x is gone', 'C:\\path'].map(t))).toBeNull();
  });
});

describe('fields that print their value quoted', () => {
  const kinds = (text: string, style: FieldStyle) =>
    openFields([lit(text)], style).flatMap((s) => ('hole' in s ? [s.hole.kind] : []));

  it.each([
    ['No module named {!r} in {path}', 'brace', ['repr', 'any']],
    ['bad {name!a:>5} and {name!s}', 'brace', ['repr', 'any']],
    ['%r is bad, %(key)r too, %s and %(n)s not', 'percent', ['repr', 'repr', 'any', 'any']],
    ['%<width>p and %<n>f, not %-8q', 'percent', ['repr', 'any']],
    ['unknown %q near %v', 'printf', ['repr', 'any']],
  ] as const)('%j (%s) opens holes of kinds %j', (text, style, expected) => {
    expect(kinds(text, style)).toEqual(expected);
  });
});
