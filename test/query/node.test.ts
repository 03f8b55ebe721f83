import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseNodeStack, parseV8Frame, parseV8Header, isV8FrameLine, parseLocation } from '../../src/languages/javascript/trace.js';

// Fixtures are real Node v20.20.2 output captured on this machine (see test/query/fixtures/README.md).
const fx = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('parseV8Frame', () => {
  it('function with location', () => {
    expect(parseV8Frame('    at tryStatSync (node:fs:397:25)')).toEqual({ file: 'node:fs', line: 397, column: 25, func: 'tryStatSync' });
  });
  it('bare location', () => {
    expect(parseV8Frame('    at /srv/app/index.js:10:5')).toEqual({ file: '/srv/app/index.js', line: 10, column: 5, func: null });
    expect(parseV8Frame('    at node:internal/main/run_main_module:28:49')).toEqual({
      file: 'node:internal/main/run_main_module',
      line: 28,
      column: 49,
      func: null,
    });
  });
  it('constructor, async, file:// URLs', () => {
    expect(parseV8Frame('    at new Server (file:///tmp/gen/async2.mjs:2:43)')).toEqual({
      file: '/tmp/gen/async2.mjs',
      line: 2,
      column: 43,
      func: 'new Server',
    });
    expect(parseV8Frame('    at async boot (file:///tmp/gen/async2.mjs:5:25)')?.func).toBe('boot');
    expect(parseV8Frame('    at async file:///tmp/gen/async.mjs:8:1 {')).toEqual({ file: '/tmp/gen/async.mjs', line: 8, column: 1, func: null });
    expect(parseV8Frame('    at x (file:///C:/My%20App/x.mjs:1:2)')?.file).toBe('C:/My App/x.mjs');
  });
  it('native / anonymous / Promise.all index frames', () => {
    expect(parseV8Frame('    at Array.forEach (<anonymous>)')).toEqual({ file: '<anonymous>', line: null, column: null, func: 'Array.forEach' });
    expect(parseV8Frame('    at async Promise.all (index 0)')).toEqual({ file: 'index 0', line: null, column: null, func: 'Promise.all' });
  });
  it('method alias and Object.<anonymous>', () => {
    expect(parseV8Frame('at Function.executeUserEntryPoint [as runMain] (node:internal/modules/run_main:164:12)')?.func).toBe(
      'Function.executeUserEntryPoint',
    );
    expect(parseV8Frame('    at Object.<anonymous> (/tmp/gen/sub.js:5:1)')).toEqual({
      file: '/tmp/gen/sub.js',
      line: 5,
      column: 1,
      func: 'Object.<anonymous>',
    });
  });
  it('eval frames point at the eval call site', () => {
    expect(parseV8Frame('    at f (eval at <anonymous> ([eval]:1:1), <anonymous>:1:20)')).toEqual({
      file: '[eval]',
      line: 1,
      column: 1,
      func: 'f',
      generated: true,
    });
    expect(parseV8Frame('    at eval (eval at load (/srv/app/plugins.js:30:9), <anonymous>:2:7)')).toEqual({
      file: '/srv/app/plugins.js',
      line: 30,
      column: 9,
      func: 'eval',
      generated: true,
    });
  });
  it('Windows paths', () => {
    expect(parseLocation('C:\\app\\src\\x.js:10:5')).toEqual({ file: 'C:\\app\\src\\x.js', line: 10, column: 5 });
  });
});

describe('isV8FrameLine', () => {
  it('accepts frames and rejects prose or Java frames', () => {
    expect(isV8FrameLine('    at foo (/a.js:1:2)')).toBe(true);
    expect(isV8FrameLine('    at /a.js:1:2')).toBe(true);
    expect(isV8FrameLine('    at async Promise.all (index 0)')).toBe(true);
    expect(isV8FrameLine('at foo (/a.js:1:2)')).toBe(false); // not indented
    expect(isV8FrameLine('    at the end of the day (maybe)x')).toBe(false);
    expect(isV8FrameLine('    at the moment we retry')).toBe(false);
    expect(isV8FrameLine('\tat com.example.Foo.bar(Foo.java:12)')).toBe(false);
  });
});

describe('parseV8Header', () => {
  it('class, code in brackets, Uncaught, inspect brackets', () => {
    expect(parseV8Header('TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string', false)).toMatchObject({
      errorClass: 'TypeError',
      errorCode: 'ERR_INVALID_ARG_TYPE',
      message: 'The "path" argument must be of type string',
    });
    expect(parseV8Header('Uncaught Error: boom', false)).toMatchObject({ errorClass: 'Error', message: 'boom' });
    expect(parseV8Header('[AggregateError: All promises were rejected] {', false)).toMatchObject({
      errorClass: 'AggregateError',
      bracketed: true,
      opensBlock: true,
    });
    expect(parseV8Header('Error', false)).toMatchObject({ errorClass: 'Error', message: '' });
    expect(parseV8Header('Invalid value: 5', true)).toBeNull();
  });
});

describe('parseNodeStack on real output', () => {
  it('readFileSync(123): uncaught with source preamble, innermost-first reversed, code from properties', () => {
    const links = parseNodeStack(fx('node_readfile.txt'));
    expect(links).toHaveLength(1);
    const [l] = links;
    expect(l).toMatchObject({
      errorClass: 'Error',
      message: 'EBADF: bad file descriptor, fstat',
      errorCode: 'EBADF',
      language: 'javascript',
      relation: null,
      inputLine: 5,
    });
    expect(l.frames.at(-1)).toEqual({ file: 'node:fs', line: 397, column: 25, func: 'tryStatSync' });
    expect(l.frames.at(-2)).toEqual({ file: 'node:fs', line: 454, column: 17, func: 'Object.readFileSync' });
    expect(l.frames[0]).toEqual({ file: 'node:internal/main/eval_string', line: 51, column: 3, func: null });
    expect(l.frames).toHaveLength(9);
  });

  it('a message set after the stack was taken: read from the properties, escapes decoded, a split string joined', () => {
    const stack = (message: string[]) => ['Error', '    at /srv/node_modules/jsrender/jsrender-node.js:224:27', '    at [eval]:1:1 {', "  name: 'JsRender Error',", ...message, '}'].join('\n');
    const [one] = parseNodeStack(stack(["  message: 'Syntax error\\nMismatched: {{else}} in \\'x\\''"]));
    expect(one.message).toBe("Syntax error\nMismatched: {{else}} in 'x'");
    const [split] = parseNodeStack(stack(["  message: 'Syntax error\\n' +", "    '{{if}} block has {{/for}} without {{for}}, in template:\\n' +", "    '{{if a}}x{{/for}}'"]));
    expect(split.message).toBe('Syntax error\n{{if}} block has {{/for}} without {{for}}, in template:\n{{if a}}x{{/for}}');
    expect(split.frames).toHaveLength(2);
  });

  it('new URL("x"): code only in the properties block', () => {
    const [l] = parseNodeStack(fx('node_url.txt'));
    expect(l).toMatchObject({ errorClass: 'TypeError', message: 'Invalid URL', errorCode: 'ERR_INVALID_URL' });
    expect(l.frames.at(-1)).toMatchObject({ file: 'node:internal/url', func: 'new URL' });
  });

  it('TypeError [ERR_INVALID_ARG_TYPE]', () => {
    const [l] = parseNodeStack(fx('node_arg_type.txt'));
    expect(l.errorClass).toBe('TypeError');
    expect(l.errorCode).toBe('ERR_INVALID_ARG_TYPE');
    expect(l.message).toBe(
      'The "path" argument must be of type string or an instance of Buffer or URL. Received an instance of Object',
    );
  });

  it('RangeError [ERR_OUT_OF_RANGE]', () => {
    const [l] = parseNodeStack(fx('node_range.txt'));
    expect(l).toMatchObject({ errorClass: 'RangeError', errorCode: 'ERR_OUT_OF_RANGE' });
    expect(l.frames.at(-1)).toMatchObject({ file: 'node:buffer', func: 'Function.alloc' });
  });

  it('assert: message with blank lines before the frames', () => {
    const [l] = parseNodeStack(fx('node_assert.txt'));
    expect(l).toMatchObject({
      errorClass: 'AssertionError',
      errorCode: 'ERR_ASSERTION',
      message: 'Expected values to be strictly equal:\n\n1 !== 2',
      inputLine: 5,
    });
  });

  it('multi-line message, constructor and async frames from an ES module', () => {
    const [l] = parseNodeStack(fx('node_async_ctor.txt'));
    expect(l.errorClass).toBe('RangeError');
    expect(l.message).toBe('port must be >= 0.\nReceived -1');
    expect(l.frames).toEqual([
      { file: '/tmp/gen/async2.mjs', line: 5, column: 25, func: 'boot' },
      { file: '/tmp/gen/async2.mjs', line: 4, column: 45, func: 'start' },
      { file: '/tmp/gen/async2.mjs', line: 2, column: 43, func: 'new Server' },
    ]);
  });

  it('async fs error with errno/code/syscall block', () => {
    const [l] = parseNodeStack(fx('node_async_enoent.txt'));
    expect(l.errorCode).toBe('ENOENT');
    expect(l.message).toBe("ENOENT: no such file or directory, open '/nonexistent/config.json'");
    expect(l.frames.map((f) => f.func)).toEqual([null, 'main', 'loadConfig', 'readFile', 'open']);
  });

  it('Error with cause, uncaught: the cause is listed first, the error raised from it last', () => {
    const links = parseNodeStack(fx('node_cause_uncaught.txt'));
    expect(links.map((l) => [l.errorClass, l.message, l.relation, l.inputLine])).toEqual([
      ['Error', 'b inner failure', null, 10],
      ['Error', 'a outer failure', 'cause', 5],
    ]);
    expect(links[1].frames.at(-1)).toEqual({ file: '/tmp/gen/cause.js', line: 3, column: 38, func: 'outer' });
    expect(links[0].frames.at(-1)).toEqual({ file: '/tmp/gen/cause.js', line: 1, column: 26, func: 'inner' });
    expect(links[0].frames).toHaveLength(9);
  });

  it('Error with cause printed by console.log; the cause carries its own code', () => {
    const links = parseNodeStack(fx('node_cause_log.txt'));
    expect(links.map((l) => [l.message, l.errorCode, l.relation])).toEqual([
      ['b inner failure', 'E_INNER', null],
      ['a outer failure', null, 'cause'],
    ]);
  });

  it('console.error output with a JSON.parse cause and a second error with nested properties', () => {
    const links = parseNodeStack(fx('node_console_error.txt'));
    expect(links.map((l) => [l.errorClass, l.message, l.errorCode, l.relation])).toEqual([
      ['SyntaxError', "Expected property name or '}' in JSON at position 1", null, null],
      ['Error', 'config unreadable', null, 'cause'],
      ['Error', 'with props', 'E_PROPS', null],
    ]);
    expect(links[0].frames.at(-1)).toEqual({ file: '<anonymous>', line: null, column: null, func: 'JSON.parse' });
  });

  it('custom error class with code', () => {
    const [l] = parseNodeStack(fx('node_custom.txt'));
    expect(l).toMatchObject({ errorClass: 'DatabaseError', errorCode: 'DB_CONN', message: 'connection to db:5432 refused' });
  });

  it('eval and Array.map frames', () => {
    const [e] = parseNodeStack(fx('node_eval.txt'));
    expect(e.message).toBe("Cannot read properties of null (reading 'x')");
    expect(e.frames.at(-1)).toEqual({ file: '[eval]', line: 1, column: 1, func: 'f', generated: true });
    const [m] = parseNodeStack(fx('node_map.txt'));
    expect(m.frames.at(-1)).toEqual({ file: '[eval]', line: 1, column: 32, func: null });
    expect(m.frames.at(-2)).toEqual({ file: '<anonymous>', line: null, column: null, func: 'Array.map' });
  });

  it('AggregateError: the aggregate, then each member', () => {
    const links = parseNodeStack(fx('node_aggregate.txt'));
    expect(links.map((l) => [l.errorClass, l.message, l.relation])).toEqual([
      ['AggregateError', 'All promises were rejected', null],
      ['Error', 'x1', 'member'],
      ['TypeError', 'x2', 'member'],
    ]);
    expect(links[1].frames.at(-1)).toEqual({ file: '/tmp/gen/agg.mjs', line: 1, column: 35, func: null });
  });

  it('unhandled rejection of a non-error', () => {
    const [l] = parseNodeStack(fx('node_reject_string.txt'));
    expect(l.errorClass).toBe('UnhandledPromiseRejection');
    expect(l.errorCode).toBe('ERR_UNHANDLED_REJECTION');
    expect(l.message).toContain('The promise rejected with the reason "just a string".');
  });

  it('util.inspect naming: `Ctor [err.name]: msg` keeps the constructor; multi-line message with header-like lines', () => {
    const text = [
      'EtaParseError [EtaParser Error]: unclosed tag at line 1 col 7:',
      '',
      '  Hello <%= it.name ',
      '        ^',
      '    at ParseErr (file:///app/node_modules/eta/dist/eta.module.mjs:73:9)',
      '',
      'Error: Unexpected close tag',
      'Line: 0',
      'Column: 27',
      'Char: >',
      '    at error (/app/node_modules/sax/lib/sax.js:829:10)',
    ].join('\n');
    const links = parseNodeStack(text);
    expect(links.map((l) => [l.errorClass, l.errorCode, l.message])).toEqual([
      ['EtaParseError', null, 'unclosed tag at line 1 col 7:\n\n  Hello <%= it.name \n        ^'],
      ['Error', null, 'Unexpected close tag\nLine: 0\nColumn: 27\nChar: >'],
    ]);
  });

  it('message only in the properties block (stack captured before it was set)', () => {
    const [l] = parseNodeStack(
      ['Error', '    at new IndexError (/a/IndexError.js:36:16)', '    at get (/a/array.js:145:13) {', '  index: 5,', "  message: 'Index out of range (5 > 1)'", '}'].join('\n'),
    );
    expect(l.message).toBe('Index out of range (5 > 1)');
  });

  it('a stack with no header line', () => {
    const [l] = parseNodeStack('    at foo (/a.js:1:2)\n    at bar (/b.js:3:4)\n');
    expect(l.errorClass).toBeNull();
    expect(l.frames.map((f) => f.func)).toEqual(['bar', 'foo']);
  });
});
