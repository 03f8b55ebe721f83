// An exception whose class overrides `__toString` (PHPUnit's ExpectationFailedException and its other
// exceptions): PHP prints `Uncaught ` then the class's own text, then the closing `thrown in FILE on
// line N`, with no `Stack trace:` and often no class name (`Uncaught Failed asserting that '3' is
// identical to 3.`). That text is the message and the thrown-in line the one location, where the
// object was constructed (trace.ts readOwnText). End to end through the CLI on Debian's phpunit: a
// failed assertion run by PHP, its printed error explained as a trace.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainInput, tmpDir, write } from './cli.js';

let dir: string;
let db: string;
const lib = '/usr/share/php/PHPUnit';

beforeAll(() => {
  dir = tmpDir('php-own-text');
  db = path.join(dir, 'phpunit.sqlite');
  const a = errdex(['analyze', lib, '--db', db]);
  expect(a.code, a.stderr).toBe(0);
});

/** PHP's stderr for a script using PHPUnit's Assert. */
function printed(code: string): string {
  const file = write(dir, `run-${Math.random().toString(36).slice(2)}.php`, `<?php\nrequire_once '${lib}/Autoload.php';\nuse PHPUnit\\Framework\\Assert;\n${code}\n`);
  return spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', file], { encoding: 'utf8' }).stderr;
}

describe('php exceptions printing their own text', () => {
  it('answers a failed assertion (no class, no stack trace) at the thrown-in location', () => {
    const trace = printed("Assert::assertSame(3, '3');");
    expect(trace).toMatch(/Uncaught Failed asserting that '3' is identical to 3\.\n\n {2}thrown in .*Constraint\.php on line (\d+)/);
    const line = Number(/on line (\d+)/.exec(trace)![1]);
    const out = explainInput(db, trace);
    expect(out.hits.length).toBeGreaterThan(0);
    expect(out.hits[0].record.filePath).toMatch(/Framework\/Constraint\/Constraint\.php$/);
    expect(out.hits[0].line).toBe(line);
  });

  it('reads the class a text names before its message', () => {
    const trace = printed("(new PHPUnit\\Framework\\MockObject\\Generator)->getMock(DateTimeInterface::class, ['format'], [], '', false, false, true, false, true);");
    expect(trace).toMatch(/Uncaught PHPUnit\\Framework\\MockObject\\OriginalConstructorInvocationRequiredException: Proxying/);
    const out = explainInput(db, trace);
    expect(out.hits[0].record.filePath).toMatch(/Framework\/MockObject\/Generator\.php$/);
    expect(out.hits[0].line).toBe(Number(/on line (\d+)/.exec(trace)![1]));
  });
});
