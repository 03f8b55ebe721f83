// Held-out round 20 for PHP (decision 0153): a variable given its message in the block of the raise
// (`case`, `if`), among many such blocks of one function, is read from that block's assignment and
// appends, not from the other blocks' assignments; a message that ends with a trace of its own
// (`getTraceAsString()`) is read whole, alone and in the uncaught report. End to end through the CLI
// on Debian's php-codesniffer and pdepend: each library analyzed in place, the PHP CLI run on it with
// bad input, and what it printed explained.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { explainInput, tmpDir, write } from './cli.js';
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

  it('reads a message that ends with a trace of its own, alone and in the uncaught report', () => {
    // UnexpectedTokenException::__construct: `sprintf('Unexpected token: %s, line: %d, col: %d, file: %s.%s', …,
    // "\n".$exception->getTraceAsString())`, made in AbstractPHPParser::getUnexpectedTokenException (`return new …`)
    const lib = '/usr/share/php/PDepend';
    const source = write(dir, 'Legacy.php', '<?php\nclass Invoice { use Taxes { Taxes::rate insteadof; } }\n');
    const script =
      `<?php\nrequire '${lib}/autoload.php';\n$t = new PDepend\\Source\\Language\\PHP\\PHPTokenizerInternal();\n$t->setSourceFile('${source}');\n` +
      `(new PDepend\\Source\\Language\\PHP\\PHPParserGeneric($t, new PDepend\\Source\\Language\\PHP\\PHPBuilder(), new PDepend\\Util\\Cache\\Driver\\MemoryCacheDriver()))->parse();\n`;
    const e = uncaught(dir, script);
    expect(e.message).toMatch(/^Unexpected token: ;, line: 2, col: 50, file: .*Legacy\.php\.\n#0 \/usr\/share\/php\/PDepend\/.*\(\d+\): PDepend\\Source\\Parser\\UnexpectedTokenException->__construct\(\)\n/);
    const m = hitsFor(dir, lib, e.message);
    expect([m[0].record.filePath, m[0].line]).toEqual(['PDepend/Source/Language/PHP/AbstractPHPParser.php', e.line]);
    // the whole report: the message's frames, then `in FILE:LINE`, `Stack trace:` and the exception's frames
    const file = write(dir, 'run-pdepend.php', script);
    const r = spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', file], { encoding: 'utf8' });
    const out = explainInput(path.join(dir, 'PDepend.sqlite'), r.stderr);
    const printed = /Uncaught [\w\\]+: ([^]*?) in \/\S+\.php:\d+\nStack trace:/.exec(r.stderr);
    expect(printed, r.stderr).not.toBeNull();
    expect(out.links[0].message).toBe(printed![1]);
    expect(out.links[0].message).toMatch(/\n#\d+ \{main\}$/);
    expect([out.hits[0].record.filePath, out.hits[0].line]).toEqual(['PDepend/Source/Language/PHP/AbstractPHPParser.php', e.line]);
  });
});
