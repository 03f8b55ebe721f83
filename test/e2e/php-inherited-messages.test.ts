// PHP exception messages made of what the raise does not write: a class's message inherited from what
// is not its own constructor, a caught runtime exception's text. End to end through the CLI on Debian's
// libraries (php-symfony-http-client, php-symfony-notifier, php-symfony-intl, php-symfony-http-foundation): each library analyzed in place, the PHP
// CLI run on it with bad input, and the message it printed explained alone (no trace).
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir, write } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-inherited');
});

describe('php messages a class inherits', () => {
  it('reads the constructor of a trait the class uses (`use HttpExceptionTrait;`) as the class\'s', () => {
    // HttpExceptionTrait::__construct: `$message = sprintf('HTTP %d returned for "%s".', $code, $url); … parent::__construct($message, $code);`
    const lib = '/usr/share/php/Symfony/Component/HttpClient';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
use Symfony\\Component\\HttpClient\\MockHttpClient;
use Symfony\\Component\\HttpClient\\Response\\MockResponse;
(new MockHttpClient(new MockResponse('{}', ['http_code' => 404])))->request('GET', 'https://api.example.com/users/7')->toArray();
`);
    expect(e.message).toBe('HTTP 404 returned for "https://api.example.com/users/7".');
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].matchType, hits[0].message]).toEqual(['template', 'HTTP {code} returned for "{url}".']);
    // (the client, server and redirection exceptions use the same trait: the message alone ties them, the
    // raise among the lines of a file's hit)
    const tied = hits.filter((h) => h.score === hits[0].score).flatMap((h) => (h.lines ?? [h.line]).map((l: number) => `${h.record.filePath}:${l}`));
    expect(tied).toContain(`Symfony/Component/HttpClient/Response/CommonResponseTrait.php:${e.line}`);
  });

  it('keeps a base constructor\'s other forms, bound, for a raise that does not pass what the chosen form needs', () => {
    // MissingRequiredOptionException($option, $dsn = null) passes its sprintf and `$dsn` to IncompleteDsnException,
    // which prefixes `Invalid "%s" notifier DSN: ` only `if ($dsn)`; Dsn::getRequiredOption raises it with the option alone
    const lib = '/usr/share/php/Symfony/Component/Notifier';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
(new Symfony\\Component\\Notifier\\Transport\\Dsn('slack://TOKEN@default'))->getRequiredOption('channel');
`);
    expect(e.message).toBe('The option "channel" is required but missing.');
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].record.lineNumber, hits[0].message]).toEqual(['template', 'Symfony/Component/Notifier/Transport/Dsn.php', e.line, 'The option "{key}" is required but missing.']);
  });

  it('reads a caught `JsonException`\'s message as PHP\'s JSON texts, inside a longer message too', () => {
    // CommonResponseTrait::toArray: `try { json_decode(…, JSON_THROW_ON_ERROR) } catch (\\JsonException $e) {
    // throw new JsonException($e->getMessage().sprintf(' for "%s".', …)); }`, where curl's transport error
    // `ucfirst(curl_error($ch) ?: …).sprintf(' for "%s".', …)` has the same shape
    const lib = '/usr/share/php/Symfony/Component/HttpClient';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
use Symfony\\Component\\HttpClient\\MockHttpClient;
use Symfony\\Component\\HttpClient\\Response\\MockResponse;
(new MockHttpClient(new MockResponse('<html>')))->request('GET', 'https://api.example.com/users')->toArray();
`);
    expect(e.message).toBe('Syntax error for "https://api.example.com/users".');
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual(['Symfony/Component/HttpClient/Response/CommonResponseTrait.php', e.line, 'Syntax error for "{getInfo}".']);
    expect(hits[1].score).toBeLessThan(hits[0].score);
  });

  it('reads a constant of a class declared in another file (`NotImplementedException::INTL_INSTALL_MESSAGE`)', () => {
    // NumberFormatter::format: `sprintf('"%s()" method does not support … "%s".', __METHOD__, NotImplementedException::INTL_INSTALL_MESSAGE)`
    const lib = '/usr/share/php/Symfony/Component/Intl';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
use Symfony\\Component\\Intl\\NumberFormatter\\NumberFormatter;
(new class('en', NumberFormatter::CURRENCY) extends NumberFormatter {})->format(12.5);
`);
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].record.filePath, hits[0].line]).toEqual(['Symfony/Component/Intl/NumberFormatter/NumberFormatter.php', e.line]);
    // (the constant's text is written in the exception's file: the message has no hole left)
    expect(hits[0].message).toBe(e.message);
  });

  it('reads an array constant of another file\'s class as a table: the entry a literal key names, every entry for a key known at run time', () => {
    const lib = path.join(dir, 'acme-tables');
    write(lib, 'src/Labels.php', `<?php
namespace Acme;
final class Labels
{
    public const TOKENS = [
        Token::OPEN => 'an opening bracket',
        'close' => 'a closing bracket',
    ];
}
`);
    write(lib, 'src/Reader.php', `<?php
namespace Acme;
final class Reader
{
    public function expect(int $type)
    {
        throw new \\InvalidArgumentException(sprintf('Expected %s here', Labels::TOKENS[$type]));
    }
    public function close()
    {
        throw new \\InvalidArgumentException('Missing ' . Labels::TOKENS['close']);
    }
}
`);
    const at = (m: string) => hitsFor(dir, lib, m).map((h) => [h.record.filePath, h.line, h.message])[0];
    expect(at('Missing a closing bracket')).toEqual(['src/Reader.php', 11, 'Missing a closing bracket']);
    expect(at('Expected an opening bracket here')).toEqual(['src/Reader.php', 7, 'Expected an opening bracket here']);
    expect(at('Expected a closing bracket here')).toEqual(['src/Reader.php', 7, 'Expected a closing bracket here']);
  });

  it('reads a function\'s own array of texts subscripted by a key known at run time (`static $errors = [...]`, `$errors[$code] ?? \'…\'`)', () => {
    // UploadedFile::move: `throw new PartialFileException($this->getErrorMessage())`, whose method returns
    // `sprintf($errors[$errorCode] ?? 'The file "%s" was not uploaded due to an unknown error.', …)`
    const lib = '/usr/share/php/Symfony/Component/HttpFoundation';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
(new Symfony\\Component\\HttpFoundation\\File\\UploadedFile(__FILE__, 'photo.jpg', null, UPLOAD_ERR_PARTIAL, true))->move('/tmp/uploads');
`);
    expect(e.message).toBe('The file "photo.jpg" was only partially uploaded.');
    const hits = hitsFor(dir, lib, e.message);
    expect(hits[0].matchType).toBe('template');
    // (each upload error raises its own class with the same method's text: the message alone ties them, the raise among them)
    const tied = hits.filter((h) => h.score === hits[0].score).flatMap((h) => (h.lines ?? [h.line]).map((l: number) => `${h.record.filePath}:${l}`));
    expect(tied).toContain(`Symfony/Component/HttpFoundation/File/UploadedFile.php:${e.line}`);
  });

  it('reads a property\'s array of texts as a table (`self::$messages[$code]`, `$this->messages[\'key\']`)', () => {
    const lib = path.join(dir, 'acme-props');
    write(lib, 'src/Codes.php', `<?php
namespace Acme;
class Codes
{
    protected static $messages = [
        404 => 'The page was not found',
        'gone' => 'The page is gone for good',
    ];
    public function fail(int $code)
    {
        throw new \\RuntimeException(self::$messages[$code] ?? 'Unknown failure');
    }
    public function gone()
    {
        throw new \\RuntimeException(static::$messages['gone']);
    }
}
`);
    const at = (m: string) => hitsFor(dir, lib, m).map((h) => [h.record.filePath, h.line, h.message])[0];
    expect(at('The page was not found')).toEqual(['src/Codes.php', 11, 'The page was not found']);
    expect(at('Unknown failure')).toEqual(['src/Codes.php', 11, 'Unknown failure']);
    // (the keyed read at line 15 gives its entry; line 11, whose key is known only at run time, may give it too)
    const gone = hitsFor(dir, lib, 'The page is gone for good');
    expect(gone[0].message).toBe('The page is gone for good');
    expect(gone.filter((h) => h.score === gone[0].score).flatMap((h) => h.lines ?? [h.line])).toContain(15);
  });
});
