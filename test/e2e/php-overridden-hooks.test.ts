// A message an abstract class composes from a protected method its subclasses override in other files
// (decision 0135). End to end through the CLI on Debian's PHPUnit (phpunit): `Constraint::fail` raises
// `sprintf('Failed asserting that %s.', $this->failureDescription($other))`, and each constraint class
// (`Count`, `FileExists`, …) overrides `failureDescription`. PHPUnit's exception prints no class on
// `Uncaught`, so the script catches it and prints its message and where it was constructed.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir, write } from './cli.js';
import { hitsFor } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-overridden-hooks');
});

const LIB = '/usr/share/php/PHPUnit';

/** The message, file and line of the exception a PHPUnit assertion raises. */
function failure(assertion: string): { message: string; file: string; line: number } {
  const file = write(dir, `run-${Math.random().toString(36).slice(2)}.php`,
    `<?php\nrequire_once '${LIB}/Autoload.php';\nuse PHPUnit\\Framework\\Assert;\n` +
    `try { ${assertion}; } catch (\\Throwable $e) { echo json_encode(['message' => $e->getMessage(), 'file' => $e->getFile(), 'line' => $e->getLine()]); }\n`);
  const r = spawnSync('php', [file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe('php overridden hooks', () => {
  it("answers a base's message with the text of the subclass's override, at the base's raise", () => {
    for (const [assertion, message, template] of [
      ["Assert::assertCount(2, ['a', 'b', 'c'])", 'Failed asserting that actual size 3 matches expected size 2.', 'Failed asserting that actual size {other} matches expected size {expectedCount}.'],
      ["Assert::assertFileExists('/nonexistent/errdex.txt')", 'Failed asserting that file "/nonexistent/errdex.txt" exists.', 'Failed asserting that file "{other}" exists.'],
    ]) {
      const e = failure(assertion);
      expect(e.message).toBe(message);
      expect(e.file).toBe(`${LIB}/Framework/Constraint/Constraint.php`);
      const hits = hitsFor(dir, LIB, e.message);
      expect([hits[0].matchType, hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual(['template', 'PHPUnit/Framework/Constraint/Constraint.php', e.line, template]);
    }
  });

  it("keeps the base's own text for a constraint that does not override it", () => {
    // IsTrue's failureDescription is the base's: `$this->exporter()->export($other) . ' ' . $this->toString()`
    const e = failure('Assert::assertTrue(false)');
    expect(e.message).toBe('Failed asserting that false is true.');
    const hits = hitsFor(dir, LIB, e.message);
    expect([hits[0].record.filePath, hits[0].line]).toEqual(['PHPUnit/Framework/Constraint/Constraint.php', e.line]);
  });
});
