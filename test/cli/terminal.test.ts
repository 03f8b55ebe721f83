// The CLI's output sanitizer: what `term` makes of interpolated text, and JSON that stays exact.
import { describe, expect, it } from 'vitest';
import { json, multiline, Safe, term, visible } from '../../src/cli/terminal.js';

describe('term', () => {
  it('shows every control character of an interpolation escaped, and keeps its own literal text', () => {
    const v = '\x1b]0;t\x07 \x1bc \x1b[31m \u009b2J \x00\x7f\u0085 \n\r\t \u202e end';
    expect(term`a\n${v}`.text).toBe('a\n\\x1b]0;t\\x07 \\x1bc \\x1b[31m \\x9b2J \\x00\\x7f\\x85 \\n\\r\\t \\u202e end');
    expect(term`${42} ${'plain café ✓'}`.text).toBe('42 plain café ✓');
  });

  it('passes Safe text through as it is (the CLI\'s colors), and escapes it nowhere else', () => {
    const red = term`\x1b[31m${'x\x1b'}\x1b[0m`;
    expect(term`<${red}>`.text).toBe('<\x1b[31mx\\x1b\x1b[0m>');
    expect(red).toBeInstanceOf(Safe);
    expect(String(red)).toBe(red.text);
  });

  it('refuses to be called as a function', () => {
    expect(() => (term as unknown as (s: string[]) => Safe)(['\x1b'])).toThrow(TypeError);
  });

  it('a raw string is no Safe text (type error)', () => {
    // @ts-expect-error a string is not Safe
    const s: Safe = 'raw';
    expect(s).toBe('raw');
  });

  it('multiline keeps the line breaks only', () => {
    expect(multiline('Error: \x1bc\n    at f (/x\x07.js:1:1)').text).toBe('Error: \\x1bc\n    at f (/x\\x07.js:1:1)');
  });
});

describe('json', () => {
  it('has no raw control character, and parses back to every code point U+0000-U+00FF and the bidi overrides', () => {
    const all = Array.from({ length: 0x100 }, (_, i) => String.fromCharCode(i)).join('') + '\u2028\u2029\u202a\u202e\u2066\u2069';
    const text = json({ s: all, [all]: [all] }).text;
    // (its own line breaks are the only controls in it)
    expect(text.split('\n').map(visible).join('\n')).toBe(text);
    expect(JSON.parse(text)).toEqual({ s: all, [all]: [all] });
    expect(text).toContain('\\u009b');
  });
});
