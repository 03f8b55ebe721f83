// What the fuzz tests feed the parsers: random text, random bytes, the evaluation corpus's real
// traces mutated line by line, small mixed logs, and fixed hostile inputs (a 1 MB line, 100k
// short lines). Cases per property: FUZZ_CASES (default small, for CI); a long run sets
// ERRDEX_FUZZ_CASES (docs/benchmarks.md).

import path from 'node:path';
import fc from 'fast-check';
import { corpusTraces, mixedLog } from '../../bench/mixed-log.js';
import { parseInput } from '../../src/query/parse.js';
import type { ParsedInput } from '../../src/core/trace.js';

const REPO = path.resolve(import.meta.dirname, '../..');
export const TRACES = corpusTraces(REPO);

export const FUZZ_CASES = Number(process.env.ERRDEX_FUZZ_CASES ?? 150);
/** A seed per run (printed by fast-check on failure); ERRDEX_FUZZ_SEED replays one. */
export const FUZZ_SEED = process.env.ERRDEX_FUZZ_SEED ? Number(process.env.ERRDEX_FUZZ_SEED) : undefined;

/** Lines that trace and log parsers key on, to splice into mutated inputs. */
const SHARDS = [
  'Traceback (most recent call last):',
  '  File "/x/y.py", line 12, in f',
  '    raise ValueError(x)',
  'ValueError: bad',
  'The above exception was the direct cause of the following exception:',
  'During handling of the above exception, another exception occurred:',
  '  + Exception Group Traceback (most recent call last):',
  '  | ExceptionGroup: boom (2 sub-exceptions)',
  '    +-+---------------- 1 ----------------',
  '    | TypeError: x',
  '    +------------------------------------',
  'Error: boom',
  'TypeError [ERR_X]: nope',
  '    at f (/a/b.js:1:2)',
  '    at async Promise.all (index 0)',
  '    at /a/b.js:3:4 {',
  "  code: 'ERR_Y',",
  '  [cause]: Error: inner',
  '  [errors]: [',
  '  ]',
  '}',
  '[Error: x] { code: "E1" }',
  '    ... 4 lines matching cause stack trace ...',
  '2026-12-01T10:00:00Z ERROR app: failed',
  '2026-12-01 10:00:00,123 ERROR [main] com.x.Y - boom',
  'E1201 10:00:00.000000  123 main.cc:10] fatal',
  '{"level":"error","msg":"x","stack":"Error: y\\n    at f (a.js:1:1)"}',
  'level=error msg="a \\"b\\"" err="c"',
  'ERROR:root:Traceback (most recent call last):\\n  File "a.py", line 1, in <module>\\nKeyError: 1',
  '\x1b[31mError\x1b[0m: red',
  '',
  '   ',
];

/** A line-level mutation of a text: lines dropped, duplicated, swapped, cut, prefixed, or shards spliced in. */
const mutated = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      base,
      fc.array(
        fc.tuple(fc.nat(7), fc.nat(), fc.nat(), fc.oneof(fc.constantFrom(...SHARDS), fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 12 }))),
        { maxLength: 8 },
      ),
    )
    .map(([text, ops]) => {
      const lines = text.split('\n');
      for (const [op, a, b, s] of ops) {
        if (lines.length === 0) lines.push('');
        const i = a % lines.length;
        const j = b % lines.length;
        switch (op) {
          case 0: lines.splice(i, 1); break;
          case 1: lines.splice(i, 0, lines[j]); break;
          case 2: [lines[i], lines[j]] = [lines[j], lines[i]]; break;
          case 3: lines[i] = lines[i].slice(0, b % (lines[i].length + 1)); break;
          case 4: lines[i] = s + lines[i]; break;
          case 5: lines.splice(i, 0, s); break;
          case 6: lines[i] = lines[i] + s; break;
          default: lines.splice(i, 0, ...lines.slice(Math.min(i, j), Math.max(i, j) + 1)); break;
        }
      }
      return lines.join(crlf(ops) ? "\r\n" : "\n");
    });
/** Some inputs with CRLF line ends. */
const crlf = (ops: unknown[]) => ops.length % 5 === 4;

const corpusTrace = TRACES.length > 0 ? fc.constantFrom(...TRACES) : fc.constant('Error: x\n    at f (a.js:1:1)');
const traces = fc.array(corpusTrace, { minLength: 1, maxLength: 4 }).map((ts) => ts.join('\n'));
const smallLog = fc.nat().map((seed) => mixedLog(TRACES, { bytes: 4000, seed: seed + 1, errorRate: 0.3 }).text);

/** Every kind of fuzz input, weighted towards those that reach deep into the parsers. */
export const anyInput: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 400 }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 400 }).map((b) => Buffer.from(b).toString('utf8')) },
  { weight: 1, arbitrary: fc.array(fc.constantFrom(...SHARDS), { maxLength: 30 }).map((ls) => ls.join('\n')) },
  { weight: 4, arbitrary: mutated(traces) },
  { weight: 1, arbitrary: mutated(smallLog) },
  { weight: 1, arbitrary: mutated(fc.array(fc.constantFrom(...SHARDS), { maxLength: 30 }).map((ls) => ls.join('\n'))) },
);

const MB = 1 << 20;
const many = (line: string, n = 100_000) => Array.from({ length: n }, () => line).join('\n');

/** Fixed hostile inputs: one 1 MB line of each kind, 100k short lines of each kind. */
export const HUGE: [name: string, make: () => string][] = [
  ['1 MB of one letter', () => 'a'.repeat(MB)],
  ['1 MB message', () => 'Error: ' + 'x '.repeat(MB / 2)],
  ['1 MB of `Error: `', () => 'Error: '.repeat(MB / 7)],
  ['1 MB log line of embedded headers', () => '2026-12-01T10:00:00Z ERROR ' + 'a Error: b '.repeat(MB / 11)],
  ['1 MB frame-ish line', () => '    at ' + 'f ('.repeat(MB / 3) + ')'],
  ['1 MB of ` (`', () => ' ('.repeat(MB / 2) + ')'],
  ['1 MB of `:1`', () => 'at x' + ':1'.repeat(MB / 2)],
  ['1 MB of `[`', () => '['.repeat(MB)],
  ['1 MB of `[ERROR] `', () => '[ERROR] '.repeat(MB / 8)],
  ['1 MB of ANSI openers', () => '\x1b['.repeat(MB / 2) + 'm'],
  ['1 MB of ANSI digits', () => ('\x1b[' + '1;'.repeat(1000)).repeat(MB / 2000)],
  ['1 MB after a traceback header', () => 'Traceback (most recent call last):' + ' '.repeat(MB)],
  ['1 MB JSON error record', () => JSON.stringify({ level: 'error', msg: 'x'.repeat(MB) })],
  ['1 MB JSON stack', () => JSON.stringify({ level: 'error', stack: 'Error: x\n' + '    at f (a.js:1:1)\n'.repeat(MB / 20) })],
  ['1 MB logfmt of escapes', () => 'level=error msg="' + '\\"'.repeat(MB / 2) + '"'],
  ['1 MB logfmt of keys', () => 'level=error ' + 'k=v '.repeat(MB / 4)],
  ['1 MB escaped trace', () => '2026-12-01T10:00:00Z ERROR Traceback (most recent call last):' + '\\n  File "a.py", line 1, in f'.repeat(MB / 28) + '\\nValueError: x'],
  ['1 MB escaped V8 stack', () => '2026-12-01T10:00:00Z ERROR Error: x' + '\\n    at f (a.js:1:1)'.repeat(MB / 20)],
  ['1 MB class name', () => 'E'.repeat(MB) + 'Error: x'],
  ['1 MB bracket header', () => '[' + 'E'.repeat(MB) + 'Error: x] {'],
  ['100k frames', () => 'Error: x\n' + many('    at f (/a/b.js:1:2)')],
  ['100k bare frames', () => many('    at /a/b.js:1:2')],
  ['100k Python frames', () => 'Traceback (most recent call last):\n' + many('  File "a.py", line 1, in f')],
  ['100k traceback headers', () => many('Traceback (most recent call last):')],
  ['100k chain separators', () => 'Traceback (most recent call last):\n  File "a.py", line 1, in f\nValueError: x\n' + many('During handling of the above exception, another exception occurred:')],
  ['100k error lines', () => many('Error: x')],
  ['100k log error lines', () => many('2026-12-01T10:00:00Z ERROR boom')],
  ['100k cause blocks', () => 'Error: x\n    at f (a.js:1:1) {\n' + many('  [cause]: Error: y\n      at g (a.js:2:2) {')],
  ['100k open braces', () => 'Error: x\n    at f (a.js:1:1) {\n' + many('  {')],
  ['100k group boxes', () => '  + Exception Group Traceback (most recent call last):\n' + many('  | ValueError: x')],
  ['100k group separators', () => '  + Exception Group Traceback (most recent call last):\n' + many('    +-+---------------- 1 ----------------')],
  ['100k headers over frames', () => many('Error: x\n    at f (a.js:1:1)', 50_000)],
  ['100k message lines before a frame', () => 'Error: x\n' + many('more text') + '\n    at f (a.js:1:1)'],
  ['100k prefixed frames', () => many('2026-12-01T10:00:00Z ERROR     at f (a.js:1:1)')],
  ['100k prefixed traceback', () => '2026-12-01T10:00:00Z ERROR Traceback (most recent call last):\n' + many('2026-12-01T10:00:00Z ERROR   File "a.py", line 1, in f')],
  ['100k blank-ish lines', () => many(' \t ')],
  ['100k JSON lines', () => many('{"level":"error","msg":"ValueError: x"}')],
  ['100k logfmt lines', () => many('level=error msg="x" err="Error: y"')],
  ['100k bracket headers', () => many('[Error: x] {')],
  ['100k CR lines', () => many('Error: x\r')],
];

/**
 * Throughput floor for any input, a hundredth of the scan's (≥50 MB/s) so that a loaded machine
 * running other test files passes it; a quadratic path (10^10 steps for 100k lines) falls far
 * below it.
 */
export const MIN_BYTES_PER_MS = 500;
export const timeBound = (text: string): number => 1000 + text.length / MIN_BYTES_PER_MS;

/**
 * What a parse may make of a text: every link starts on a line of the input, and all it holds is
 * bounded by the input (each line is read into at most a few links or frames; a JSON or escaped
 * line holding a whole trace into as many as it holds).
 */
export function checkParsed(text: string, parsed: ParsedInput): string | null {
  const lines = text.split('\n').length;
  let chars = 0, frames = 0;
  for (const l of parsed.links) {
    if (!Number.isInteger(l.inputLine) || l.inputLine < 1 || l.inputLine > lines) return `link on input line ${l.inputLine} of ${lines}`;
    if (typeof l.message !== 'string') return 'a message is not a string';
    if (l.errorClass !== null && typeof l.errorClass !== 'string') return 'an error class is not a string';
    chars += l.message.length + (l.errorClass?.length ?? 0);
    frames += l.frames.length;
    for (const f of l.frames) chars += f.file.length + (f.func?.length ?? 0);
  }
  // (a logfmt or JSON record gives its error and its message; a JSON line may hold a whole stack)
  if (parsed.links.length > 2 * lines + text.length / 8) return `${parsed.links.length} links from ${lines} lines`;
  if (frames > lines + text.length / 8) return `${frames} frames from ${lines} lines`;
  if (chars > 3 * text.length + 100) return `${chars} characters of links from ${text.length} of input`;
  return null;
}

/** parseInput, timed; throws with the reason when the result breaks a bound. */
export function parseChecked(text: string): ParsedInput {
  const t0 = performance.now();
  const parsed = parseInput(text);
  const ms = performance.now() - t0;
  if (ms > timeBound(text)) throw new Error(`parseInput took ${ms.toFixed(0)} ms for ${text.length} characters (bound ${timeBound(text).toFixed(0)} ms)`);
  const bad = checkParsed(text, parsed);
  if (bad !== null) throw new Error(bad);
  return parsed;
}
