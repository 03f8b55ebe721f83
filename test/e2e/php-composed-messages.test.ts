// PHP messages the code composes away from the raise, end to end through the CLI on Debian's
// libraries (php-symfony-rate-limiter, php-symfony-mailer, php-parser, php-zeta-base,
// php-guzzlehttp-promises): each library analyzed in place, the PHP CLI run on it with bad input,
// and the message it printed explained alone (no trace).
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-composed');
});

describe('php messages composed away from the raise', () => {
  it('reads `__CLASS__` as the class it is written in: of two raises of one constructor, the one the message names', () => {
    // `throw new ReserveNotSupportedException(__CLASS__)` in SlidingWindowLimiter and in CompoundLimiter
    const lib = '/usr/share/php/Symfony/Component/RateLimiter';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
use Symfony\\Component\\RateLimiter\\RateLimiterFactory;
use Symfony\\Component\\RateLimiter\\Storage\\InMemoryStorage;
$f = new RateLimiterFactory(['id' => 'api', 'policy' => 'sliding_window', 'limit' => 5, 'interval' => '1 minute'], new InMemoryStorage());
$f->create('u1')->reserve(1);
`);
    expect(e.message).toBe('Reserving tokens is not supported by "Symfony\\Component\\RateLimiter\\Policy\\SlidingWindowLimiter".');
    const top = hitsFor(dir, lib, e.message)[0];
    expect([top.matchType, top.record.filePath, top.record.lineNumber]).toEqual(['template', 'Symfony/Component/RateLimiter/Policy/SlidingWindowLimiter.php', e.line]);
  });

  it('reads the message a method of the class returns (PHP-Parser\'s `$this->getErrorMessage($symbol, $state)`)', () => {
    const lib = '/usr/share/php/PhpParser';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
(new PhpParser\\ParserFactory())->create(PhpParser\\ParserFactory::PREFER_PHP7)->parse('<?php function f( { return 1; }');
`);
    expect(e.message).toBe("Syntax error, unexpected '{', expecting T_VARIABLE on line 1");
    const top = hitsFor(dir, lib, e.message)[0];
    expect([top.matchType, top.record.filePath, top.lines.includes(e.line)]).toEqual(['template', 'PhpParser/ParserAbstract.php', true]);
  });

  it('gives an interpolated variable each value it may hold (`"The {$typePart}file …"`, `$typePart` set in a branch)', () => {
    // ezcBaseFileNotFoundException's constructor; `new ezcBaseFileNotFoundException($basePath, 'base directory')`
    const lib = '/usr/share/php/ezc/Base';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
ezcBase::addClassRepository('/srv/none-classes');
`);
    expect(e.message).toBe("The base directory file '/srv/none-classes' could not be found.");
    const top = hitsFor(dir, lib, e.message)[0];
    expect([top.matchType, top.record.filePath, top.record.lineNumber]).toEqual(['template', 'ezc/Base/base.php', e.line]);
  });

  it('reads every base-constructor call of a constructor, each raise taking the form its arguments use (Symfony Mailer)', () => {
    // UnsupportedSchemeException: `parent::__construct(…bridge…); return;` in a branch, then `$message = sprintf('The "%s"
    // scheme is not supported', …); if ($name && $supported) { $message .= …; } parent::__construct($message.'.')`; raised
    // with the DSN alone in Transport, with a name and the supported schemes in three factories
    const lib = '/usr/share/php/Symfony/Component/Mailer';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
Symfony\\Component\\Mailer\\Transport::fromDsn('carrier-pigeon://default');
`);
    expect(e.message).toBe('The "carrier-pigeon" scheme is not supported.');
    const top = hitsFor(dir, lib, e.message)[0];
    expect([top.matchType, top.record.filePath, top.record.lineNumber]).toEqual(['template', 'Symfony/Component/Mailer/Transport.php', e.line]);
  });

  it('reads an append in a branch as another form of a constructor\'s message, and `$this->reason` as the parameter stored there', () => {
    // RejectionException: `$message = 'The promise was rejected'; if ($description) { $message .= ' with reason: ' .
    // $description; } elseif (…) { $message .= ' with reason: ' . $this->reason; }`; raised by `new RejectionException($reason)`
    // in Create and through AggregateException (`parent::__construct($reasons, sprintf('%s; %d rejected promises', …))`)
    const lib = '/usr/share/php/GuzzleHttp/Promise';
    const e = uncaught(dir, `<?php
require '${lib}/autoload.php';
$p = new GuzzleHttp\\Promise\\Promise();
$p->reject('upstream timed out after 30s');
$p->wait();
`);
    expect(e.message).toBe('The promise was rejected with reason: upstream timed out after 30s');
    const top = hitsFor(dir, lib, e.message)[0];
    expect([top.matchType, top.record.filePath, top.record.lineNumber]).toEqual(['template', 'GuzzleHttp/Promise/Create.php', e.line]);
  });
});
