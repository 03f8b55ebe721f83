// PHP messages handed to a helper that raises them elsewhere, end to end through the CLI on Debian's
// libraries (php-phpmyadmin-sql-parser, php-symfony-password-hasher, php-composer-pcre,
// php-phpstan-phpdoc-parser, php-doctrine-annotations): each library analyzed in
// place, the PHP CLI run on it with bad input, and the message it printed explained alone (no trace).
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-elsewhere');
});

const SQL = '/usr/share/php/PhpMyAdmin/SqlParser';

describe('php messages handed to a helper elsewhere', () => {
  it('binds a caller in another file through a translated parameter, to the helper of the class its receiver is typed with', () => {
    // `$parser->error('An expression was expected.', $token)` in Components/Expression.php (`Parser $parser`);
    // Parser::error($msg) builds `new ParserException(Translator::gettext($msg), …)`, and Lexer::error has the same shape
    const e = uncaught(dir, `<?php
require '${SQL}/autoload.php';
new PhpMyAdmin\\SqlParser\\Parser('SELECT * FROM', true);
`);
    expect(e.message).toBe('An expression was expected.');
    const hits = hitsFor(dir, SQL, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].record.lineNumber]).toEqual(['template', 'PhpMyAdmin/SqlParser/Parser.php', e.line]);
    // (the lexer's helper of the same name is not handed the parser's components' messages)
    expect(hits.some((h) => h.record.filePath === 'PhpMyAdmin/SqlParser/Lexer.php')).toBe(false);
  });

  it('binds the helper\'s own file\'s callers through the translation too (`$this->error(sprintf(Translator::gettext(…), $quote))`)', () => {
    const e = uncaught(dir, `<?php
require '${SQL}/autoload.php';
new PhpMyAdmin\\SqlParser\\Lexer("SELECT 'unterminated", true);
`);
    expect(e.message).toBe("Ending quote ' was expected.");
    const hits = hitsFor(dir, SQL, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].record.lineNumber]).toEqual(['template', 'PhpMyAdmin/SqlParser/Lexer.php', e.line]);
    expect(hits.some((h) => h.record.filePath === 'PhpMyAdmin/SqlParser/Parser.php')).toBe(false);
  });

  it('reads the default of a constructor\'s message parameter as the message of a raise that passes none', () => {
    // `throw new InvalidPasswordException();` with `__construct(string $message = 'Invalid password.', …)`
    const lib = '/usr/share/php/Symfony/Component/PasswordHasher';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
(new Symfony\\Component\\PasswordHasher\\Hasher\\NativePasswordHasher())->hash(str_repeat('x', 5000));
`);
    expect(e.message).toBe('Invalid password.');
    const hits = hitsFor(dir, lib, e.message);
    expect(hits[0].matchType).toBe('template');
    // (every hasher raises it alike: the message alone cannot tell them apart, the raise is among them)
    const tied = hits.filter((h) => h.score === hits[0].score);
    expect(tied.map((h) => `${h.record.filePath}:${h.record.lineNumber}`)).toContain(`Symfony/Component/PasswordHasher/Hasher/NativePasswordHasher.php:${e.line}`);
  });

  it('reads PHP\'s texts a method returns before its last return (`return preg_last_error_msg();` … `return \'UNDEFINED_ERROR\';`)', () => {
    // composer/pcre: `new PcreException($function.'(): failed executing "'.$pattern.'": '.self::pcreLastErrorMessage($code), $code)`
    const lib = '/usr/share/php/Composer/Pcre';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
Composer\\Pcre\\Preg::replace('/./u', '', "caf\\xe9");
`);
    expect(e.message).toBe('preg_replace(): failed executing "/./u": Malformed UTF-8 characters, possibly incorrectly encoded');
    // (the line calling `preg_replace(` answers the function's own prefix: decision 0050; the raise is the template's)
    const t = hitsFor(dir, lib, e.message).find((h) => h.matchType === 'template');
    expect([t?.record.filePath, t?.record.lineNumber, t?.message]).toEqual(['Composer/Pcre/PcreException.php', e.line, '{function}(): failed executing "{pattern}": Malformed UTF-8 characters, possibly incorrectly encoded']);
  });

  it('gives every raise each form of a constructor\'s message its arguments cannot choose between (a ternary inside a `sprintf` argument)', () => {
    // phpdoc-parser's ParserException: `sprintf('Unexpected token %s, expected %s%s at offset %d', …,
    // $expectedTokenValue !== null ? sprintf(' (%s)', $this->formatValue($expectedTokenValue)) : '', …)`
    const lib = '/usr/share/php/PHPStan/PhpDocParser';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
use PHPStan\\PhpDocParser\\Lexer\\Lexer;
use PHPStan\\PhpDocParser\\Parser\\{ConstExprParser, TypeParser, TokenIterator};
(new TypeParser(new ConstExprParser()))->parse(new TokenIterator((new Lexer())->tokenize('array<int, string')));
`);
    expect(e.message).toBe('Unexpected token "", expected \'>\' at offset 17');
    const hits = hitsFor(dir, lib, e.message);
    // (the class is raised alike at several places: the message alone ties them, the raise among them,
    // read in the form without the optional part)
    const tied = hits.filter((h) => h.score === hits[0].score);
    const raise = tied.find((h) => h.record.filePath === 'PHPStan/PhpDocParser/Parser/TokenIterator.php' && h.record.lineNumber === e.line);
    expect([raise?.matchType, raise?.message]).toEqual(['template', 'Unexpected token {currentTokenValue}, expected {expectedTokenType} at offset {currentTokenOffset}']);
  });

  it("binds a caller in another file handing the helper a nowdoc (`sprintf(<<<'EXCEPTION'` …), one line or several", () => {
    // DocParser::Annotation: `throw AnnotationException::semanticalError(sprintf(<<<'EXCEPTION'` / `The annotation "@%s" in %s was
    // never imported. …` / `EXCEPTION`, `$name, $this->context));` with AnnotationException::semanticalError($message) in its own file
    // returning `new self('[Semantical Error] ' . $message)`
    const lib = '/usr/share/php/Doctrine/Common/Annotations';
    const parse = (setup: string, doc: string) => `<?php\nrequire '${lib}/autoload.php';\n$p = new Doctrine\\Common\\Annotations\\DocParser();\n${setup}$p->parse('${doc}', 'property App\\\\User::$name');\n`;
    const missing = uncaught(dir, parse('', '/** @Audited */'));
    expect(missing.message).toBe('[Semantical Error] The annotation "@Audited" in property App\\User::$name was never imported. Did you maybe forget to add a "use" statement for this annotation?');
    const hits = hitsFor(dir, lib, missing.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual([
      'template', 'Doctrine/Common/Annotations/AnnotationException.php', missing.line,
      '[Semantical Error] The annotation "@{name}" in {context} was never imported. Did you maybe forget to add a "use" statement for this annotation?',
    ]);
    const plain = uncaught(dir, parse("$p->setImports(['arrayobject' => 'ArrayObject']);\n", '/** @ArrayObject */'));
    expect(plain.message.split('\n')).toHaveLength(4);
    const p = hitsFor(dir, lib, plain.message);
    expect([p[0].matchType, p[0].record.filePath, p[0].message.split('\n')[0]]).toEqual([
      'template', 'Doctrine/Common/Annotations/AnnotationException.php', '[Semantical Error] The class "{name}" is not annotated with @Annotation.',
    ]);
  });
});
