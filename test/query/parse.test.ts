import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseInput, innermostFrame, isInternalFile } from '../../src/query/parse.js';
import { parseLogLine } from '../../src/core/text/log.js';
import type { ErrorLink } from '../../src/core/trace.js';

// Fixtures are real CPython 3.11 / Node v20.20.2 output captured on this machine (see fixtures/README.md).
const fx = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const summary = (links: ErrorLink[]) => links.map((l) => [l.language, l.errorClass, l.message, l.relation, l.inputLine]);
const prefixEach = (text: string, f: (n: number) => string) =>
  text
    .replace(/\n$/, '')
    .split('\n')
    .map((l, n) => f(n) + l)
    .join('\n') + '\n';

describe('bare messages', () => {
  const one = (text: string) => {
    const { links } = parseInput(text);
    expect(links).toHaveLength(1);
    return links[0];
  };

  it('a message whose prefix is not a class keeps it', () => {
    expect(one('Invalid value: 5')).toMatchObject({ errorClass: null, message: 'Invalid value: 5', language: null, frames: [] });
    expect(one('Connection refused')).toMatchObject({ errorClass: null, message: 'Connection refused' });
  });

  it('one line led by `error:` in lower case is read whole (a Go error type\'s `error: …`), one in capitals is a log line', () => {
    // (a template without the word still matches the rest, the word peeled off as a prefix: match/decorations.ts)
    expect(one('error: could not lock config file')).toMatchObject({ errorClass: null, message: 'error: could not lock config file' });
    expect(one("error: conflicting translator for locale 'en'")).toMatchObject({ message: "error: conflicting translator for locale 'en'" });
    expect(one('ERROR: could not lock config file')).toMatchObject({ message: 'could not lock config file' });
    expect(one('[error] could not lock config file')).toMatchObject({ message: 'could not lock config file' });
    expect(one('2024-01-02 03:04:05 error: boom')).toMatchObject({ message: 'boom' });
  });

  it('a message that starts with a level word in lower case keeps it (Go: error parsing regexp: …)', () => {
    expect(one('error parsing regexp: missing closing ): `a(b`')).toMatchObject({ message: 'error parsing regexp: missing closing ): `a(b`' });
    expect(one('warning limit reached')).toMatchObject({ message: 'warning limit reached' });
    expect(one('ERROR could not connect')).toMatchObject({ message: 'could not connect' });
  });

  it('a message that is only a date-time is kept, not read as a log line with no message', () => {
    expect(one('2002-10-27 01:30:00')).toMatchObject({ message: '2002-10-27 01:30:00' });
    expect(one('pytz.exceptions.AmbiguousTimeError: 2002-10-27 01:30:00')).toMatchObject({ errorClass: 'pytz.exceptions.AmbiguousTimeError', message: '2002-10-27 01:30:00' });
  });

  it('a level word joined to a name by :: is the message (ERROR::SHADER, not Python logging with no logger)', () => {
    expect(one('ERROR::CONFIG: missing key')).toMatchObject({ message: 'ERROR::CONFIG: missing key' });
    expect(one('ERROR:root:boom')).toMatchObject({ message: 'boom' });
  });

  it('splits confident class prefixes', () => {
    expect(one("KeyError: 'x'")).toMatchObject({ errorClass: 'KeyError', message: "'x'" });
    expect(one('json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)')).toMatchObject({
      errorClass: 'json.decoder.JSONDecodeError',
      message: 'Expecting value: line 1 column 1 (char 0)',
    });
    expect(one('StopIteration')).toMatchObject({ errorClass: 'StopIteration', message: '' });
    expect(one('KeyboardInterrupt')).toMatchObject({ errorClass: 'KeyboardInterrupt' });
    expect(one('Uncaught TypeError: x is not a function')).toMatchObject({ errorClass: 'TypeError', message: 'x is not a function' });
    expect(one('DeprecationWarning: use foo() instead')).toMatchObject({ errorClass: 'DeprecationWarning' });
  });

  it('Error [ERR_X] form gives the code', () => {
    expect(one('Error [ERR_REQUIRE_ESM]: require() of ES Module /x/index.js not supported.')).toMatchObject({
      errorClass: 'Error',
      errorCode: 'ERR_REQUIRE_ESM',
      message: 'require() of ES Module /x/index.js not supported.',
    });
  });

  it('a system error message gives its errno code', () => {
    expect(one("ENOENT: no such file or directory, open 'x'")).toMatchObject({ errorClass: null, errorCode: 'ENOENT' });
  });

  it('a few lines are one message', () => {
    expect(one('RangeError: port must be >= 0.\nReceived -1\n')).toMatchObject({
      errorClass: 'RangeError',
      message: 'port must be >= 0.\nReceived -1',
    });
  });

  it('a long message that is nothing else keeps its first lines', () => {
    // fast-json-patch's PatchError lists its properties on the lines after the message.
    const text = 'Cannot perform the operation at a path that does not exist\nname: OPERATION_PATH_UNRESOLVABLE\nindex: 0\noperation: {\n  "op": "replace",\n  "path": "/email",\n  "value": "x"\n}\ntree: {\n  "name": "ada"\n}';
    expect(one(text).message).toBe(text);
    // (a message carrying another error's backtrace: its first 64 lines)
    const long = ['#<RuntimeError: boom>', ...Array.from({ length: 80 }, (_, i) => `/usr/lib/ruby/x.rb:${i + 1}:in \`f'`)].join('\n');
    expect(one(long).message).toBe(long.split('\n').slice(0, 64).join('\n'));
  });

  it('a short message whose first line starts with a level word is read whole', () => {
    // thor's `ERROR: "app go" was called with …` then `Usage: …`
    expect(one('ERROR: "app go" was called with no arguments\nUsage: "app go N"').message).toBe('ERROR: "app go" was called with no arguments\nUsage: "app go N"');
    // (one line of it is a log line; a timestamp or a second log line makes a log)
    expect(one('ERROR: "app go" was called with no arguments').message).toBe('"app go" was called with no arguments');
    expect(one('2024-01-02 03:04:05 ERROR boom\nmore').message).toBe('boom');
    expect(parseInput('ERROR: boom\nINFO: retry\nERROR: bang').links.map((l) => l.message)).toEqual(['boom', 'bang']);
  });

  it('a JSON object with no level or stack on a line of a message is the message\'s, not a log record', () => {
    // (Guzzle's `Client error: … response:` then the response's body)
    const text = 'Client error: `GET https://api.example.com/x` resulted in a `404 Not Found` response:\n{"error":"no such invoice"}\n';
    expect(one(text).message).toBe(text.trim());
    // (a record with a level is still a log line)
    expect(parseInput('{"level":"error","msg":"boom"}\n{"error":"no such invoice"}').links.map((l) => l.message)).toEqual(['boom']);
  });

  it('a version at the start of a message is not a timestamp', () => {
    expect(one('19.99.5 not a valid Decimal128 string').message).toBe('19.99.5 not a valid Decimal128 string');
    expect(one('1.2.3.4 is not a valid IPv6 address').message).toBe('1.2.3.4 is not a valid IPv6 address');
    expect(one('1700000000.123 ERROR bad port').message).toBe('bad port');
    expect(one('29.11.2026 ERROR bad port').message).toBe('bad port');
  });

  it('a single log line: prefix stripped', () => {
    expect(one('2024-05-01T10:00:00Z ERROR ValueError: bad port')).toMatchObject({ errorClass: 'ValueError', message: 'bad port' });
  });

  it('inspect one-liner', () => {
    expect(one("[Error: boom] { code: 'E1' }")).toMatchObject({ errorClass: 'Error', message: 'boom', errorCode: 'E1' });
  });

  it('empty input and info-only input give nothing', () => {
    expect(parseInput('').links).toEqual([]);
    expect(parseInput('\n  \n').links).toEqual([]);
    expect(parseInput('INFO: server started\nDEBUG: tick').links).toEqual([]);
  });
});

describe('traces through parseInput', () => {
  it('Python chain', () => {
    expect(summary(parseInput(fx('py_chain.txt')).links).map((s) => [s[1], s[3]])).toEqual([
      ['json.decoder.JSONDecodeError', null],
      ['ConfigError', 'cause'],
      ['KeyError', 'context'],
    ]);
  });

  it('Node uncaught with cause: links in the order raised, the propagated error last', () => {
    const { links } = parseInput(fx('node_cause_uncaught.txt'));
    expect(summary(links)).toEqual([
      ['javascript', 'Error', 'b inner failure', null, 10],
      ['javascript', 'Error', 'a outer failure', 'cause', 5],
    ]);
  });

  it('Node ESM ENOENT with properties block', () => {
    const [l] = parseInput(fx('node_async_enoent.txt')).links;
    expect(l.errorCode).toBe('ENOENT');
    expect(l.frames[0]).toEqual({ file: '/tmp/gen/async.mjs', line: 8, column: 1, func: null });
  });

  it('Python logging module: the log line is absorbed into its traceback', () => {
    const { links } = parseInput(fx('py_logging.txt'));
    expect(summary(links)).toEqual([
      ['python', 'ConnectionRefusedError', '[Errno 111] Connection refused', null, 2],
      ['python', 'IndexError', 'list index out of range', null, 9],
    ]);
  });

  it('every fixture parses to at least one link with a class', () => {
    for (const name of [
      'py_bare_keyerror.txt',
      'py_carets.txt',
      'py_group.txt',
      'py_json.txt',
      'py_oserror.txt',
      'py_recursion.txt',
      'py_syntax.txt',
      'node_aggregate.txt',
      'node_arg_type.txt',
      'node_assert.txt',
      'node_custom.txt',
      'node_eval.txt',
      'node_map.txt',
      'node_range.txt',
      'node_readfile.txt',
      'node_reject_string.txt',
      'node_url.txt',
    ]) {
      const { links } = parseInput(fx(name));
      expect(links.length, name).toBeGreaterThan(0);
      expect(links[0].errorClass, name).not.toBeNull();
      expect(links[0].relation, name).toBeNull();
    }
  });
});

describe('logs', () => {
  it('mixed log: three tracebacks/stacks and error lines among noise', () => {
    const { links } = parseInput(fx('log_mixed.txt'));
    expect(summary(links)).toEqual([
      [null, null, 'upstream timed out while reading response header', null, 3],
      ['python', 'ConnectionRefusedError', '[Errno 111] Connection refused', null, 5],
      ['python', 'IndexError', 'list index out of range', null, 12],
      [null, null, 'failed to sync pod default/web: context deadline exceeded', null, 17],
      [null, null, 'dial tcp 10.0.0.1:5432: connect: connection refused', null, 19],
      [null, null, 'could not open db', 'cause', 19],
      ['javascript', 'TypeError', 'x is not a function', null, 20],
      ['javascript', 'Error', 'b inner failure', null, 28],
      ['javascript', 'Error', 'a outer failure', 'cause', 23],
      [null, null, 'giving up after 3 retries', null, 41],
    ]);
    // the JSON record's stack was parsed
    expect(links[6].frames.at(-1)).toEqual({ file: '/srv/app/routes.js', line: 12, column: 5, func: 'handler' });
  });

  it('info, debug and warning lines are ignored', () => {
    const log = [
      '2024-05-01 10:00:00 INFO starting',
      '2024-05-01 10:00:01 DEBUG Error: this is only a debug dump',
      '2024-05-01 10:00:02 WARNING disk almost full',
      '2024-05-01 10:00:03 ERROR disk full',
    ].join('\n');
    expect(summary(parseInput(log).links)).toEqual([[null, null, 'disk full', null, 4]]);
  });

  it('containerd/CRI prefix on every line of a Python chain', () => {
    const text = prefixEach(fx('py_chain.txt'), (n) => `2024-05-01T10:00:${String(n % 60).padStart(2, '0')}.${String(n * 7).padStart(9, '0')}Z stderr F `);
    const { links } = parseInput('2024-05-01T09:59:59.000000000Z stdout F INFO booting\n' + text);
    expect(links.map((l) => [l.errorClass, l.relation, l.inputLine])).toEqual([
      ['json.decoder.JSONDecodeError', null, 2],
      ['ConfigError', 'cause', 19],
      ['KeyError', 'context', 29],
    ]);
    expect(links[1].message).toBe('bad config file:\n  line two of message');
    expect(links[0].frames[0]).toEqual({ file: '/tmp/gen/chain.py', line: 6, column: null, func: 'load' });
  });

  it('kubectl --timestamps prefix on a Node stack', () => {
    const text = prefixEach(fx('node_custom.txt'), (n) => `2024-05-01T10:00:00.${String(n).padStart(9, '0')}Z `);
    const [l] = parseInput(text).links;
    expect(l).toMatchObject({ errorClass: 'DatabaseError', errorCode: 'DB_CONN', inputLine: 5 });
    expect(l.frames.at(-1)).toEqual({ file: '/tmp/gen/sub.js', line: 4, column: 28, func: 'connect' });
  });

  it('docker compose prefix', () => {
    const text = prefixEach(fx('node_async_enoent.txt'), () => 'web-1  | ');
    const [l] = parseInput(text).links;
    expect(l).toMatchObject({ errorClass: 'Error', errorCode: 'ENOENT' });
    expect(l.frames).toHaveLength(5);
  });

  it('journald prefix', () => {
    const text = prefixEach(fx('py_carets.txt'), () => 'May 01 10:00:00 host python3[812]: ');
    const [l] = parseInput(text).links;
    expect(l).toMatchObject({ errorClass: 'ZeroDivisionError', message: 'division by zero' });
    expect(l.frames.map((f) => f.line)).toEqual([5, 3]);
  });

  it('a log prefix repeated on every traceback line (not a known transport)', () => {
    const body = prefixEach(fx('py_json.txt'), (n) => `2024-05-01 10:00:${String(n).padStart(2, '0')},${String(n * 3).padStart(3, '0')} ERROR [worker] `);
    const text = '2024-05-01 09:59:00,000 INFO [worker] start\n' + body + '2024-05-01 10:01:00,000 INFO [worker] next job\n';
    const { links } = parseInput(text);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ errorClass: 'json.decoder.JSONDecodeError', message: 'Expecting value: line 1 column 1 (char 0)', inputLine: 2 });
    expect(links[0].frames).toHaveLength(4);
  });

  it('a log prefix on every line of a V8 stack', () => {
    const body = prefixEach(fx('node_custom.txt').split('\n').slice(4, 15).join('\n'), (n) => `2024-05-01 10:00:${String(n).padStart(2, '0')} app[1]: `);
    const { links } = parseInput('INFO starting\n' + body + 'INFO after\n');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ errorClass: 'DatabaseError', errorCode: 'DB_CONN', inputLine: 2 });
    expect(links[0].frames.at(-1)?.func).toBe('connect');
  });

  it('only the first line of a traceback carries the log prefix (logger.error(format_exc()))', () => {
    const text = '2024-05-01 10:00:00,000 ERROR ' + fx('py_keyerror.txt') + '2024-05-01 10:00:01,000 INFO ok\n';
    const { links } = parseInput(text);
    expect(summary(links)).toEqual([['python', 'KeyError', "'k'", null, 1]]);
    expect(links[0].frames).toHaveLength(2);
  });

  it('an indented traceback inside another message', () => {
    const text = 'Job 12 failed:\n' + prefixEach(fx('py_keyerror.txt'), () => '    ') + 'done\n';
    const { links } = parseInput(text);
    expect(summary(links)).toEqual([['python', 'KeyError', "'k'", null, 2]]);
  });

  it('an error log line directly before a V8 stack is absorbed; the embedded class is found', () => {
    const text = [
      '2024-05-01T10:00:00Z INFO handling GET /',
      '2024-05-01T10:00:00Z ERROR Unhandled rejection TypeError: Cannot read properties of undefined (reading \'id\')',
      '    at getUser (/srv/app/users.js:14:22)',
      '    at async handler (/srv/app/routes.js:8:3)',
      '2024-05-01T10:00:01Z INFO handling GET /health',
    ].join('\n');
    const { links } = parseInput(text);
    expect(summary(links)).toEqual([['javascript', 'TypeError', "Cannot read properties of undefined (reading 'id')", null, 2]]);
    expect(links[0].frames.map((f) => f.func)).toEqual(['handler', 'getUser']);
  });

  it('JSON log lines: python-json-logger exc_info, pino err, zap error, numeric levels', () => {
    const lines = [
      JSON.stringify({ levelname: 'ERROR', message: 'job failed', exc_info: fx('py_keyerror.txt').trimEnd() }),
      JSON.stringify({ level: 50, time: 1, msg: 'request failed', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at h (/srv/a.js:3:9)' } }),
      JSON.stringify({ level: 'error', ts: 1.5, msg: 'dial failed', error: 'dial tcp 10.0.0.1:5432: connect: connection refused' }),
      JSON.stringify({ level: 30, msg: 'fine' }),
      JSON.stringify({ severity: 'CRITICAL', message: 'quota exceeded' }),
      JSON.stringify({ level: 'info', msg: 'Error: not an error line' }),
    ];
    const { links } = parseInput(lines.join('\n'));
    expect(summary(links)).toEqual([
      ['python', 'KeyError', "'k'", null, 1],
      ['javascript', 'Error', 'boom', null, 2],
      [null, null, 'dial tcp 10.0.0.1:5432: connect: connection refused', null, 3],
      [null, null, 'dial failed', 'cause', 3],
      [null, null, 'quota exceeded', null, 5],
    ]);
    expect(links[0].frames.at(-1)).toMatchObject({ file: '<string>', line: 2, func: 'a' });
  });

  it('logfmt', () => {
    const text = [
      'time=2024-05-01T10:00:00Z level=info msg="listening" addr=:8080',
      'time=2024-05-01T10:00:01Z level=error msg="migration \\"004\\" failed" err="relation \\"users\\" already exists"',
    ].join('\n');
    expect(summary(parseInput(text).links)).toEqual([
      [null, null, 'relation "users" already exists', null, 2],
      [null, null, 'migration "004" failed', 'cause', 2],
    ]);
  });

  it('a Python traceback directly followed by a Node stack', () => {
    const text = fx('py_keyerror.txt') + '\n' + fx('node_custom.txt').split('\n').slice(4).join('\n');
    expect(parseInput(text).links.map((l) => [l.language, l.errorClass, l.message])).toEqual([
      ['python', 'KeyError', "'k'"],
      ['javascript', 'DatabaseError', 'connection to db:5432 refused'],
    ]);
  });

  it('ANSI colour codes are ignored', () => {
    const esc = String.fromCharCode(27);
    const text = fx('py_keyerror.txt').replace("KeyError: 'k'", `${esc}[1;35mKeyError${esc}[0m: ${esc}[35m'k'${esc}[0m`);
    expect(summary(parseInput(text).links)).toEqual([['python', 'KeyError', "'k'", null, 1]]);
  });

  it('a trace flattened onto one log line with escaped newlines', () => {
    const flat = (t: string) => t.trimEnd().replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
    const text = [
      '2024-05-01 10:00:00 INFO start',
      '2024-05-01 10:00:01 ERROR ' + flat(fx('py_chain.txt')),
      '2024-05-01 10:00:02 ERROR request failed: ' + flat(fx('node_custom.txt').split('\n').slice(4).join('\n')),
    ].join('\n');
    const { links } = parseInput(text);
    expect(links.map((l) => [l.errorClass, l.relation, l.inputLine])).toEqual([
      ['json.decoder.JSONDecodeError', null, 2],
      ['ConfigError', 'cause', 2],
      ['KeyError', 'context', 2],
      ['DatabaseError', null, 3],
    ]);
    expect(links[1].message).toBe('bad config file:\n  line two of message');
    expect(links[3].frames.at(-1)?.func).toBe('connect');
  });

  it('an ExceptionGroup and an AggregateError inside a log', () => {
    const text = '2024-05-01 10:00:00 INFO a\n' + fx('py_group.txt') + '2024-05-01 10:00:01 INFO b\n' + fx('node_aggregate.txt');
    expect(parseInput(text).links.map((l) => [l.errorClass, l.relation])).toEqual([
      ['ExceptionGroup', null],
      ['ValueError', 'member'],
      ['TypeError', 'member'],
      ['AggregateError', null],
      ['Error', 'member'],
      ['TypeError', 'member'],
    ]);
  });

  it('a traceback after a long run of noise keeps its line number', () => {
    const noise = Array.from({ length: 1000 }, (_, n) => `2024-05-01 10:00:00,${n} INFO tick ${n}`).join('\n');
    const { links } = parseInput(noise + '\n' + fx('py_oserror.txt'));
    expect(summary(links)).toEqual([['python', 'FileNotFoundError', "[Errno 2] No such file or directory: '/nonexistent/x'", null, 1001]]);
  });

  it('5 MB synthetic log: every embedded error is found', () => {
    const py = fx('py_chain.txt');
    const js = fx('node_cause_log.txt');
    const parts: string[] = [];
    let size = 0;
    let n = 0;
    let expectedPy = 0;
    let expectedJs = 0;
    let expectedLines = 0;
    while (size < 5_000_000) {
      let chunk = `2024-05-01T10:00:${String(n % 60).padStart(2, '0')}.123Z INFO request ${n} GET /api/items/${n} 200 12ms\n`;
      if (n % 400 === 0) {
        chunk += py;
        expectedPy++;
      } else if (n % 400 === 200) {
        chunk += js;
        expectedJs++;
      } else if (n % 101 === 0) {
        chunk += `2024-05-01T10:00:00.000Z ERROR lost connection to replica ${n}\n`;
        expectedLines++;
      }
      parts.push(chunk);
      size += chunk.length;
      n++;
    }
    const { links } = parseInput(parts.join(''));
    expect(links.filter((l) => l.errorClass === 'ConfigError' && l.relation === 'cause')).toHaveLength(expectedPy);
    expect(links.filter((l) => l.errorClass === 'KeyError' && l.relation === 'context')).toHaveLength(expectedPy);
    expect(links.filter((l) => l.message === 'b inner failure' && l.errorCode === 'E_INNER')).toHaveLength(expectedJs);
    expect(links.filter((l) => l.language === null && l.message.startsWith('lost connection to replica'))).toHaveLength(expectedLines);
    expect(links).toHaveLength(expectedPy * 3 + expectedJs * 2 + expectedLines);
    // errors start at increasing lines through the log (a V8 cause, printed after its error, is listed before it)
    const starts = links.filter((l) => l.relation === null).map((l) => l.inputLine);
    for (let k = 1; k < starts.length; k++) expect(starts[k]).toBeGreaterThanOrEqual(starts[k - 1]);
  });

  it('pathological input stays linear (long lines, many frames, many headers)', () => {
    expect(parseInput('x'.repeat(2_000_000)).links).toHaveLength(1);
    expect(parseInput('a'.repeat(1_000_000) + 'Error: ' + 'b'.repeat(1_000_000)).links).toHaveLength(1);
    expect(parseInput('    at x (/a.js:1:1)\n'.repeat(100_000)).links[0].frames).toHaveLength(100_000);
    expect(parseInput('Traceback (most recent call last):\n'.repeat(100_000)).links).toHaveLength(0);
    expect(parseInput(('  Traceback (most recent call last):\n' + 'INFO x\n'.repeat(20)).repeat(2000)).links).toHaveLength(0);
  });
});

describe('parseLogLine', () => {
  const msg = (l: string) => parseLogLine(l);
  it('recognises common prefixes and returns the program message', () => {
    expect(msg('[2024-05-01 10:00:00] [error] upstream timed out')).toEqual({ level: 'error', message: 'upstream timed out' });
    expect(msg('2024/05/01 10:00:00 [error] 1234#0: *5 open() "/x" failed')).toEqual({ level: 'error', message: 'open() "/x" failed' });
    expect(msg('E0501 10:00:00.123456   12345 controller.go:42] sync failed')).toEqual({ level: 'error', message: 'sync failed' });
    expect(msg('2024-05-01 12:00:00,123 ERROR [mod] message here')).toEqual({ level: 'error', message: 'message here' });
    expect(msg('CRITICAL:app.db:db gone')).toEqual({ level: 'error', message: 'db gone' });
    expect(msg('2024-05-01 10:00:00.123 | ERROR    | app.main:run:42 - boom')).toEqual({ level: 'error', message: 'boom' });
    expect(msg('[2024-05-01T10:00:00Z ERROR myapp::db] pool exhausted')).toEqual({ level: 'error', message: 'pool exhausted' });
    expect(msg('2024-05-01 10:00:00.123 [main] ERROR com.example.Foo - Failed to start')).toEqual({ level: 'error', message: 'Failed to start' });
    expect(msg('12:00:01.123 ERROR failed - retrying')).toEqual({ level: 'error', message: 'failed - retrying' });
    expect(msg('2024-05-01T10:00:00.000+02:00 FATAL out of memory')).toEqual({ level: 'error', message: 'out of memory' });
  });
  it('does not take words of a message for a level', () => {
    expect(msg('Error: not a level')).toBeNull();
    expect(msg('Invalid value: 5')).toBeNull();
    expect(msg('2024-05-01 10:00:00 User error handling done')?.level).toBeNull();
  });
  it('does not take a source position range for a time', () => {
    // (meriyah's parse errors start with the range they cover)
    expect(msg("[1:4-1:7]: 'A lexical declaration can't define a 'let' binding")).toBeNull();
    expect(msg('[12:40-12:47]: Unexpected token')).toBeNull();
    expect(msg('[10:00:00] ERROR boom')).toEqual({ level: 'error', message: 'boom' });
  });
});

describe('innermostFrame', () => {
  it('skips runtime-internal frames', () => {
    const [l] = parseInput(fx('node_readfile.txt')).links;
    expect(innermostFrame(l)).toEqual({ file: '[eval]', line: 1, column: 15, func: null });
    const [u] = parseInput(fx('node_cause_log.txt')).links; // the cause, listed first
    expect(innermostFrame(u)).toEqual({ file: '/tmp/gen/cause_log.js', line: 1, column: 30, func: 'inner' });
    const [m] = parseInput(fx('node_console_error.txt')).links;
    expect(innermostFrame(m)?.file).toBe('/tmp/gen/inner.mjs'); // JSON.parse (<anonymous>) skipped
  });
  it("steps over an error class's own constructor frame", () => {
    const link = parseInput(
      [
        'Error',
        '    at new IndexError (/app/node_modules/mathjs/lib/cjs/error/IndexError.js:36:16)',
        '    at validateIndex (/app/node_modules/mathjs/lib/cjs/utils/array.js:145:13)',
        '    at [eval]:2:31',
      ].join('\n'),
    ).links[0];
    expect(innermostFrame(link)).toMatchObject({ file: '/app/node_modules/mathjs/lib/cjs/utils/array.js', line: 145 });
    // a constructor that is not an error class is a real throw site
    const [ctor] = parseInput(fx('node_async_ctor.txt')).links;
    expect(innermostFrame(ctor)?.func).toBe('new Server');
  });
  it('Python: <string> is internal; library frames are not', () => {
    const [j] = parseInput(fx('py_json.txt')).links;
    expect(innermostFrame(j)).toMatchObject({ file: '/usr/lib/python3.11/json/decoder.py', line: 355 });
    const [k] = parseInput(fx('py_keyerror.txt')).links;
    expect(innermostFrame(k)).toBeNull();
  });
  it('isInternalFile', () => {
    // (as the trace parser of the link's language tells)
    for (const f of ['node:internal/fs/promises', 'node:fs', '<anonymous>', 'native', 'index 0']) expect(isInternalFile(f, 'javascript'), f).toBe(true);
    for (const f of ['<frozen importlib._bootstrap>', '<string>']) expect(isInternalFile(f, 'python'), f).toBe(true);
    for (const f of ['/srv/app.js', 'C:\\a\\b.js', '[eval]']) expect(isInternalFile(f, 'javascript'), f).toBe(false);
    for (const f of ['src/x.py', '<frozen genericpath>', '<frozen os>']) expect(isInternalFile(f, 'python'), f).toBe(false);
  });
});

describe('a bare message naming its class with its module', () => {
  it('reads `::` and `\\` qualified classes without an error suffix; leaves dotted names and prose', () => {
    const one = (t: string) => { const [l] = parseInput(t).links; return [l.errorClass, l.message]; };
    expect(one('SemanticRange::InvalidVersion: bogus')).toEqual(['SemanticRange::InvalidVersion', 'bogus']);
    expect(one('Versionomy::Errors::UnknownFormatError: nosuchformat')).toEqual(['Versionomy::Errors::UnknownFormatError', 'nosuchformat']);
    expect(one('App\\Models\\NotFound: 42')).toEqual(['App\\Models\\NotFound', '42']);
    expect(one("pytz.exceptions.UnknownTimeZoneError: 'Mars/Olympus_Mons'")).toEqual(['pytz.exceptions.UnknownTimeZoneError', "'Mars/Olympus_Mons'"]);
    expect(one('bufio.Scanner: token too long')).toEqual([null, 'bufio.Scanner: token too long']);
    expect(one('FOO::BAR: bad value')).toEqual([null, 'FOO::BAR: bad value']);
    expect(one('Usage: tool FILE')).toEqual([null, 'Usage: tool FILE']);
  });
});
