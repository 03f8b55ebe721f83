import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parsePythonTraceback, parsePythonFrame, parsePythonExceptionLine, isPythonTraceStart } from '../../src/languages/python/trace.js';

// Fixtures are real CPython 3.11 output captured on this machine (see test/query/fixtures/README.md).
const fx = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parsePythonFrame', () => {
  it('parses a frame line with function', () => {
    expect(parsePythonFrame('  File "/usr/lib/python3.11/json/decoder.py", line 355, in raw_decode')).toEqual({
      file: '/usr/lib/python3.11/json/decoder.py',
      line: 355,
      column: null,
      func: 'raw_decode',
    });
  });
  it('parses a SyntaxError location (no function)', () => {
    expect(parsePythonFrame('  File "/tmp/gen/syn2.py", line 1')).toEqual({ file: '/tmp/gen/syn2.py', line: 1, column: null, func: null });
  });
  it('keeps pseudo-files and Windows paths as printed', () => {
    expect(parsePythonFrame('  File "<frozen importlib._bootstrap>", line 1206, in _gcd_import')?.file).toBe('<frozen importlib._bootstrap>');
    expect(parsePythonFrame('  File "C:\\app\\main.py", line 4, in <module>')?.file).toBe('C:\\app\\main.py');
  });
  it('rejects non-frames', () => {
    expect(parsePythonFrame('    return f(n + 1)')).toBeNull();
    expect(parsePythonFrame('  File "x.py", line abc')).toBeNull();
  });
});

describe('parsePythonExceptionLine', () => {
  it('splits dotted class and message at the first ": "', () => {
    expect(parsePythonExceptionLine('json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)')).toEqual({
      errorClass: 'json.decoder.JSONDecodeError',
      message: 'Expecting value: line 1 column 1 (char 0)',
    });
  });
  it('handles exceptions without message', () => {
    expect(parsePythonExceptionLine('KeyError')).toEqual({ errorClass: 'KeyError', message: '' });
    expect(parsePythonExceptionLine('StopIteration')).toEqual({ errorClass: 'StopIteration', message: '' });
  });
});

describe('parsePythonTraceback on real tracebacks', () => {
  it('json.loads("") — library frames, module-qualified class, message with colons', () => {
    const links = parsePythonTraceback(fx('py_json.txt'));
    expect(links).toHaveLength(1);
    const [l] = links;
    expect(l.language).toBe('python');
    expect(l.relation).toBeNull();
    expect(l.inputLine).toBe(1);
    expect(l.errorClass).toBe('json.decoder.JSONDecodeError');
    expect(l.message).toBe('Expecting value: line 1 column 1 (char 0)');
    expect(l.frames.map((f) => [f.file, f.line, f.func])).toEqual([
      ['<string>', 1, '<module>'],
      ['/usr/lib/python3.11/json/__init__.py', 346, 'loads'],
      ['/usr/lib/python3.11/json/decoder.py', 337, 'decode'],
      ['/usr/lib/python3.11/json/decoder.py', 355, 'raw_decode'],
    ]);
  });

  it('skips 3.11 ~~~^^^ marker lines', () => {
    const [l] = parsePythonTraceback(fx('py_carets.txt'));
    expect(l.errorClass).toBe('ZeroDivisionError');
    expect(l.message).toBe('division by zero');
    expect(l.frames.map((f) => f.line)).toEqual([5, 3]);
    expect(l.frames[1].func).toBe('a');
  });

  it('bare KeyError (no message)', () => {
    const [l] = parsePythonTraceback(fx('py_bare_keyerror.txt'));
    expect(l.errorClass).toBe('KeyError');
    expect(l.message).toBe('');
    expect(l.frames.at(-1)).toEqual({ file: '/tmp/gen/bare.py', line: 2, column: null, func: 'g' });
  });

  it('chained: raise from (cause) then during handling (context), root cause first, multi-line message', () => {
    const links = parsePythonTraceback(fx('py_chain.txt'));
    expect(links.map((l) => [l.errorClass, l.relation, l.inputLine])).toEqual([
      ['json.decoder.JSONDecodeError', null, 1],
      ['ConfigError', 'cause', 18],
      ['KeyError', 'context', 28],
    ]);
    expect(links[0].message).toBe('Expecting property name enclosed in double quotes: line 1 column 2 (char 1)');
    expect(links[0].frames).toHaveLength(4);
    expect(links[1].message).toBe('bad config file:\n  line two of message');
    expect(links[1].frames.map((f) => [f.line, f.func])).toEqual([
      [11, 'main'],
      [8, 'load'],
    ]);
    expect(links[2].message).toBe("'missing'");
    expect(links[2].frames.at(-1)).toMatchObject({ file: '/tmp/gen/chain.py', line: 14, func: 'main' });
  });

  it('SyntaxError report without a Traceback header', () => {
    const links = parsePythonTraceback(fx('py_syntax.txt'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ errorClass: 'SyntaxError', message: 'invalid syntax' });
    expect(links[0].frames).toEqual([{ file: '/tmp/gen/syn2.py', line: 1, column: null, func: null }]);
  });

  it('RecursionError with "[Previous line repeated …]"', () => {
    const [l] = parsePythonTraceback(fx('py_recursion.txt'));
    expect(l.errorClass).toBe('RecursionError');
    expect(l.message).toBe('maximum recursion depth exceeded');
    expect(l.frames).toHaveLength(4);
  });

  it('OSError keeps the [Errno N] text in the message', () => {
    const [l] = parsePythonTraceback(fx('py_oserror.txt'));
    expect(l.errorClass).toBe('FileNotFoundError');
    expect(l.message).toBe("[Errno 2] No such file or directory: '/nonexistent/x'");
  });

  it('add_note() lines follow the message', () => {
    const [l] = parsePythonTraceback(fx('py_note.txt'));
    expect(l.errorClass).toBe('ValueError');
    expect(l.message.split('\n')[0]).toBe("invalid literal for int() with base 10: '80a'");
  });

  it('ExceptionGroup: the group, then each member', () => {
    const links = parsePythonTraceback(fx('py_group.txt'));
    expect(links.map((l) => [l.errorClass, l.message, l.relation])).toEqual([
      ['ExceptionGroup', 'several failures', null],
      ['ValueError', 'bad value 1', 'member'],
      ['TypeError', 'bad type', 'member'],
    ]);
    expect(links[0].frames.map((f) => f.line)).toEqual([9, 8]);
    expect(links[1].frames.map((f) => [f.line, f.func])).toEqual([
      [6, 'f'],
      [1, 'v'],
    ]);
  });

  it('nested ExceptionGroups inside a chain', () => {
    const links = parsePythonTraceback(fx('py_group_nested.txt'));
    expect(links.map((l) => [l.errorClass, l.message, l.relation])).toEqual([
      ['ExceptionGroup', 'inner', null],
      ['KeyError', "'k'", 'member'],
      ['ExceptionGroup', 'outer', 'context'],
      ['ExceptionGroup', 'inner', 'member'],
      ['KeyError', "'k'", 'member'],
      ['ValueError', 'v', 'member'],
      ['RuntimeError', 'wrapped', 'cause'],
    ]);
    expect(links[6].frames).toEqual([{ file: '/tmp/gen/grp3.py', line: 11, column: null, func: '<module>' }]);
  });

  it('a message with blank lines (str(exc) printed verbatim) and trailing spaces kept', () => {
    const text = [
      'Traceback (most recent call last):',
      '  File "/usr/lib/python3/dist-packages/lark/lexer.py", line 598, in next_token',
      '    raise UnexpectedCharacters(lex_state.text, line_ctr.char_pos, line_ctr.line, line_ctr.column,',
      "lark.exceptions.UnexpectedCharacters: No terminal matches 'b' in the current parser context, at line 1 col 3",
      '',
      'aab',
      '  ^',
      'Expected one of: ',
      '\t* A',
      '',
    ].join('\n');
    const [l] = parsePythonTraceback(text);
    expect(l.message).toBe("No terminal matches 'b' in the current parser context, at line 1 col 3\n\naab\n  ^\nExpected one of: \n\t* A");
  });

  it('two unrelated tracebacks are two chains', () => {
    const text = fx('py_keyerror.txt') + fx('py_carets.txt');
    const links = parsePythonTraceback(text);
    expect(links.map((l) => [l.errorClass, l.relation, l.inputLine])).toEqual([
      ['KeyError', null, 1],
      ['ZeroDivisionError', null, 5],
    ]);
  });

  it('a message ends at the next log line', () => {
    const text = fx('py_keyerror.txt') + '2024-05-01 10:00:00,001 INFO next request\n';
    const links = parsePythonTraceback(text);
    expect(links).toHaveLength(1);
    expect(links[0].message).toBe("'k'");
  });

  it('isPythonTraceStart', () => {
    expect(isPythonTraceStart('Traceback (most recent call last):')).toBe(true);
    expect(isPythonTraceStart('  + Exception Group Traceback (most recent call last):')).toBe(true);
    expect(isPythonTraceStart('  File "x.py", line 2')).toBe(true);
    expect(isPythonTraceStart('File "x.py" is missing')).toBe(false);
  });
});
