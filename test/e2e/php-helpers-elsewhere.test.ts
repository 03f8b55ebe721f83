// PHP messages handed to a helper that raises them elsewhere, end to end through the CLI on Debian's
// libraries (php-phpmyadmin-sql-parser, php-symfony-password-hasher, php-composer-pcre,
// php-phpstan-phpdoc-parser): each library analyzed in
// place, the PHP CLI run on it with bad input, and the message it printed explained alone (no trace).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-elsewhere');
});

/** Runs PHP on a script; the uncaught exception's message and where PHP says it was constructed. */
function uncaught(script: string): { message: string; file: string; line: number } {
  const file = write(dir, `run-${Math.random().toString(36).slice(2)}.php`, script);
  const r = spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', file], { encoding: 'utf8' });
  const m = /PHP Fatal error: {2}Uncaught [\w\\]+: ([^]*?) in (\/\S+\.php):(\d+)\nStack trace:/.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  return { message: m![1], file: m![2], line: Number(m![3]) };
}

/** The hits for a bare message, in an index of one library (analyzed once per test file). */
function hitsFor(lib: string, message: string) {
  const db = path.join(dir, `${path.basename(lib)}.sqlite`);
  const a = errdex(['analyze', lib, '--db', db]);
  expect(a.code, a.stderr).toBe(0);
  return explainOutput(errdex(['explain', '--json', '--db', db, message]).stdout).hits;
}

const SQL = '/usr/share/php/PhpMyAdmin/SqlParser';

describe('php messages handed to a helper elsewhere', () => {
  it('binds a caller in another file through a translated parameter, to the helper of the class its receiver is typed with', () => {
    // `$parser->error('An expression was expected.', $token)` in Components/Expression.php (`Parser $parser`);
    // Parser::error($msg) builds `new ParserException(Translator::gettext($msg), …)`, and Lexer::error has the same shape
    const e = uncaught(`<?php
require '${SQL}/autoload.php';
new PhpMyAdmin\\SqlParser\\Parser('SELECT * FROM', true);
`);
    expect(e.message).toBe('An expression was expected.');
    const hits = hitsFor(SQL, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].record.lineNumber]).toEqual(['template', 'PhpMyAdmin/SqlParser/Parser.php', e.line]);
    // (the lexer's helper of the same name is not handed the parser's components' messages)
    expect(hits.some((h) => h.record.filePath === 'PhpMyAdmin/SqlParser/Lexer.php')).toBe(false);
  });

  it('binds the helper\'s own file\'s callers through the translation too (`$this->error(sprintf(Translator::gettext(…), $quote))`)', () => {
    const e = uncaught(`<?php
require '${SQL}/autoload.php';
new PhpMyAdmin\\SqlParser\\Lexer("SELECT 'unterminated", true);
`);
    expect(e.message).toBe("Ending quote ' was expected.");
    const hits = hitsFor(SQL, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].record.lineNumber]).toEqual(['template', 'PhpMyAdmin/SqlParser/Lexer.php', e.line]);
    expect(hits.some((h) => h.record.filePath === 'PhpMyAdmin/SqlParser/Parser.php')).toBe(false);
  });

  it('reads the default of a constructor\'s message parameter as the message of a raise that passes none', () => {
    // `throw new InvalidPasswordException();` with `__construct(string $message = 'Invalid password.', …)`
    const lib = '/usr/share/php/Symfony/Component/PasswordHasher';
    const e = uncaught(`<?php
require '${lib}/autoload.php';
(new Symfony\\Component\\PasswordHasher\\Hasher\\NativePasswordHasher())->hash(str_repeat('x', 5000));
`);
    expect(e.message).toBe('Invalid password.');
    const hits = hitsFor(lib, e.message);
    expect(hits[0].matchType).toBe('template');
    // (every hasher raises it alike: the message alone cannot tell them apart, the raise is among them)
    const tied = hits.filter((h) => h.score === hits[0].score);
    expect(tied.map((h) => `${h.record.filePath}:${h.record.lineNumber}`)).toContain(`Symfony/Component/PasswordHasher/Hasher/NativePasswordHasher.php:${e.line}`);
  });

  it('reads PHP\'s texts a method returns before its last return (`return preg_last_error_msg();` … `return \'UNDEFINED_ERROR\';`)', () => {
    // composer/pcre: `new PcreException($function.'(): failed executing "'.$pattern.'": '.self::pcreLastErrorMessage($code), $code)`
    const lib = '/usr/share/php/Composer/Pcre';
    const e = uncaught(`<?php
require '${lib}/autoload.php';
Composer\\Pcre\\Preg::replace('/./u', '', "caf\\xe9");
`);
    expect(e.message).toBe('preg_replace(): failed executing "/./u": Malformed UTF-8 characters, possibly incorrectly encoded');
    // (the line calling `preg_replace(` answers the function's own prefix: decision 0050; the raise is the template's)
    const t = hitsFor(lib, e.message).find((h) => h.matchType === 'template');
    expect([t?.record.filePath, t?.record.lineNumber, t?.message]).toEqual(['Composer/Pcre/PcreException.php', e.line, '{function}(): failed executing "{pattern}": Malformed UTF-8 characters, possibly incorrectly encoded']);
  });

  it('gives every raise each form of a constructor\'s message its arguments cannot choose between (a ternary inside a `sprintf` argument)', () => {
    // phpdoc-parser's ParserException: `sprintf('Unexpected token %s, expected %s%s at offset %d', …,
    // $expectedTokenValue !== null ? sprintf(' (%s)', $this->formatValue($expectedTokenValue)) : '', …)`
    const lib = '/usr/share/php/PHPStan/PhpDocParser';
    const e = uncaught(`<?php
require '${lib}/autoload.php';
use PHPStan\\PhpDocParser\\Lexer\\Lexer;
use PHPStan\\PhpDocParser\\Parser\\{ConstExprParser, TypeParser, TokenIterator};
(new TypeParser(new ConstExprParser()))->parse(new TokenIterator((new Lexer())->tokenize('array<int, string')));
`);
    expect(e.message).toBe('Unexpected token "", expected \'>\' at offset 17');
    const hits = hitsFor(lib, e.message);
    // (the class is raised alike at several places: the message alone ties them, the raise among them,
    // read in the form without the optional part)
    const tied = hits.filter((h) => h.score === hits[0].score);
    const raise = tied.find((h) => h.record.filePath === 'PHPStan/PhpDocParser/Parser/TokenIterator.php' && h.record.lineNumber === e.line);
    expect([raise?.matchType, raise?.message]).toEqual(['template', 'Unexpected token {currentTokenValue}, expected {expectedTokenType} at offset {currentTokenOffset}']);
  });
});
