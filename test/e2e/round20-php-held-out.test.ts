// Held-out round 20 for PHP (decision 0153): a variable given its message in the block of the raise
// (`case`, `if`), among many such blocks of one function, is read from that block's assignment and
// appends, not from the other blocks' assignments. End to end through the CLI on Debian's
// php-codesniffer: the library analyzed in place, the PHP CLI run on it with bad input, and the
// message it printed explained alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('round20-php');
});

describe('php held-out round 20', () => {
  it("reads a raise's message from its own block's assignment and append, among a switch's many", () => {
    // Config::processLongArgument, one `switch` of many `case`s and `if`s, each
    // `$error = 'ERROR: The specified sniff code "'.$sniff.'" is invalid'.PHP_EOL.PHP_EOL;
    // $error .= $this->printShortUsage(true); throw new DeepExitException($error, 3);`, where
    // printShortUsage's `if`/`else` says `Run "phpcbf --help" …` or `Run "phpcs --help" …`
    const lib = '/usr/share/php/PHP/CodeSniffer';
    const script = (arg: string) =>
      `<?php\nrequire '${lib}/autoload.php';\ndefine('PHP_CODESNIFFER_CBF', false);\ndefine('PHP_CODESNIFFER_VERBOSITY', 0);\n` +
      `new PHP_CodeSniffer\\Config(['${arg}']);\n`;
    const sniff = uncaught(dir, script('--sniffs=PSR2.Methods'));
    expect(sniff.message).toBe('ERROR: The specified sniff code "PSR2.Methods" is invalid\n\nRun "phpcs --help" for usage information\n\n');
    const s = hitsFor(dir, lib, sniff.message);
    expect([s[0].matchType, s[0].record.filePath, s[0].line]).toEqual(['template', 'PHP/CodeSniffer/src/Config.php', sniff.line]);
    expect(s[0].message).toBe('ERROR: The specified sniff code "{sniff}" is invalid\n\nRun "phpcs --help" for usage information\n\n');
    // another block's raise of the same `throw new DeepExitException($error, 3)` keeps its own text
    const missing = uncaught(dir, script('/srv/app/src/Missing.php'));
    const m = hitsFor(dir, lib, missing.message);
    expect([m[0].record.filePath, m[0].line, m[0].message]).toEqual(['PHP/CodeSniffer/src/Config.php', missing.line, 'ERROR: The file "{path}" does not exist.\n\nRun "phpcs --help" for usage information\n\n']);
  });
});
