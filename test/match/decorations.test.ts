// Generic decorations around an inner message (match/decorations.ts), on messages real libraries
// print (each noted with where it comes from) and on hostile input.
import { describe, expect, it } from 'vitest';
import { MAX_PEELS, peelDecorations, quotedSourceLine } from '../../src/match/decorations.js';

const core = (m: string) => peelDecorations(m)?.core ?? null;

describe('peelDecorations', () => {
  it.each([
    // json5: `JSON5: invalid character ',' at 1:31`
    ["JSON5: invalid character ',' at 1:31", "invalid character ','"],
    // protobufjs: `illegal id ';' (line 3)`
    ["illegal id ';' (line 3)", "illegal id ';'"],
    // esprima: `Line 1: Unexpected token ;`
    ['Line 1: Unexpected token ;', 'Unexpected token ;'],
    // netrc (Python): `%s (%s, line %s)`
    ["bad follower token 'proxy' (/tmp/x/netrc.bad, line 2)", "bad follower token 'proxy'"],
    // xml.sax's SAXParseException: `%s:%d:%d: %s`
    ['<unknown>:1:20: mismatched tag', 'mismatched tag'],
    ['lib/a.js:3:7: unexpected token', 'unexpected token'],
    ['Error: bad thing happened, line 3, column 7', 'bad thing happened'],
    ['TypeError: abs() expected argument 1', 'abs() expected argument 1'],
    ['unexpected character at line 4 column 12.', 'unexpected character'],
    ['unexpected character on line 4:', 'unexpected character'],
    ['Unexpected token at position 23', 'Unexpected token'],
    ['[DecimalError] Invalid argument: 12.5.0', 'Invalid argument: 12.5.0'],
    // (a position's closing and what follows it: brackets, a colon, a full stop, spaces)
    ['bad value [line 3, column 7]:  ', 'bad value'],
    ['bad value (line 3).\t', 'bad value'],
    ['bad value at 3:7 \u00a0', 'bad value'],
  ])('%j → %j', (message, expected) => {
    expect(core(message)).toBe(expected);
  });

  it('leaves a message whose last number is not a position at its end', () => {
    expect(core('value at line 3 is wrong')).toBeNull();
    expect(core('bad value (line 3) x')).toBeNull();
    expect(core(`bad value at line 3${')'.repeat(200)}`)).toBeNull();
  });

  it('takes off an excerpt with a caret under it: the first line stays (iarna-toml, eta)', () => {
    const toml = "Can't redefine existing key at row 3, col 12, pos 33:\n2: port = 8080\n3> port = 9090\n              ^\n4: \n\n";
    const p = peelDecorations(toml)!;
    expect(p.core).toBe("Can't redefine existing key");
    expect(p.layers.map((l) => l.decoration)).toEqual(['excerpt', 'position']);
    expect(core('unclosed tag at line 1 col 7:\n\n  Hello <%= it.name \n        ^')).toBe('unclosed tag');
  });

  it('takes off a location over numbered lines and a ruled caret: the line after them (stylus, pug-error)', () => {
    expect(core('stylus:4:1\n   1| body\n   2|   color: red;\n   3|   }\n   4| \n------^\n\nunexpected "}"\n')).toBe('unexpected "}"');
    expect(core('stylus:1:9\n   1| @import "nope"\n--------------^\n   2| \n\nfailed to locate @import file nope.styl\n')).toBe('failed to locate @import file nope.styl');
    expect(core('Pug:3:1\n    1| ul\n  > 3|   li two\n-------^\n\nInconsistent indentation.\n    at x (a.pug:3:1)')).toBe('Inconsistent indentation.');
    // (a parser's first line that says what is wrong is no bare location: jison's `Parse error on line 1:`)
    expect(peelDecorations("Parse error on line 1:\n$..book[*\n---------^\nExpecting ']', got '1'")?.core).not.toBe("Expecting ']', got '1'");
    // (lines above the caret that are no numbered excerpt)
    expect(peelDecorations('a.js:3:1\nsome text\n------^\n\nunexpected token')).toBeNull();
  });

  it("takes the last line when the excerpt comes first (Python's SyntaxError as traceback prints it)", () => {
    const m = '  File "/tmp/m.py", line 2\n    return event[\n                ^\nSyntaxError: \'[\' was never closed\n';
    const p = peelDecorations(m)!;
    expect(p.core).toBe("'[' was never closed");
    expect(p.layers.map((l) => l.decoration)).toEqual(['excerpt', 'prefix']);
  });

  it("takes off a block of position lines (sax: `\\nLine: 0\\nColumn: 27\\nChar: >`)", () => {
    expect(core('Unexpected close tag\nLine: 0\nColumn: 27\nChar: >')).toBe('Unexpected close tag');
    // …but not other lines: a message that goes on is not a decoration
    expect(peelDecorations('Unexpected close tag\nLine: 0\nsee the manual')).toBeNull();
  });

  it('leaves messages without a decoration, and what would leave too little', () => {
    for (const m of ['no such type: Account', 'Invalid time 10:30', 'x at line 3', 'Invalid email: Received "a"', 'index 5', '']) {
      expect(peelDecorations(m)).toBeNull();
    }
    // `Expected :` keeps its colon: only the position goes
    expect(core('Expected : at character 23')).toBe('Expected :');
  });

  it('takes off at most MAX_PEELS layers of one line', () => {
    const m = 'Error: Error: Error: Error: Error: Error: something broke';
    const p = peelDecorations(m)!;
    expect(p.layers).toHaveLength(MAX_PEELS);
    expect(p.core).toBe('Error: Error: something broke');
  });

  it('reads bounded windows of hostile input: a 4 MB line of separators, 100k lines, many carets', () => {
    const seps = ', line 1'.repeat(1 << 19);
    const p = peelDecorations(`x${seps}`);
    // (each layer is read from the last 160 characters: a run of positions comes off a few at a time)
    expect(p!.layers.length).toBeLessThanOrEqual(MAX_PEELS);
    expect(p!.core.length).toBeGreaterThan(seps.length - 4 * 200);
    const spaces = `${' '.repeat(1 << 22)}x`;
    expect(peelDecorations(`a${spaces}`)).toBeNull();
    expect(peelDecorations(`${'a:1:'.repeat(1 << 20)} x`)).not.toBeUndefined();
    const lines = `first line of it\n${'  ^\n'.repeat(100_000)}`;
    expect(core(lines)).toBe('first line of it');
    expect(peelDecorations(`${'('.repeat(1 << 20)}, line 3)`)).not.toBeUndefined();
  });
});

describe('quotedSourceLine', () => {
  it('takes the line above the caret line as written, and the caret column', () => {
    const m = "undefined method `each' for 5:Integer\n\n      tokens.each do |t, v|\n            ^^^^^";
    expect(quotedSourceLine(m)).toEqual({ code: '      tokens.each do |t, v|', column: 13 });
  });

  it('quotes nothing without a caret line, or above it a line too short to find', () => {
    expect(quotedSourceLine("undefined method `each' for 5:Integer")).toBeNull();
    expect(quotedSourceLine('bad value\n\n  x = 1\n  ^')).toBeNull();
    expect(quotedSourceLine('bad value\nline 2\nline 3')).toBeNull();
    // (the first line is the message, never code)
    expect(quotedSourceLine('      tokens.each do |t, v|\n            ^^^^^')).toBeNull();
    // (an excerpt of the input under its position is no quoted code: no empty line above it)
    expect(quotedSourceLine('Closing unopened "items"\n  Line 1\n    {{/items}} and more\n           ^')).toBeNull();
  });
});
