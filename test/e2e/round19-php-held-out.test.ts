// Held-out round 19 for PHP (decision 0146): two idioms whose text is not all written at the raise,
// answered at rank 1 by earlier mechanisms, kept from regressing. End to end through the CLI on Debian's
// libraries (php-symfony-semaphore with php-nrk-predis, php-composer-class-map-generator): each library
// analyzed in place, the PHP CLI run on it with bad input, and the message it printed explained alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('round19-php');
});

describe('php held-out round 19', () => {
  it('binds a raise\'s literal into the message its exception class builds (`parent::__construct(sprintf(…, $key, $message))`)', () => {
    // RedisStore::save: `throw new SemaphoreAcquiringException($key, 'the script return false');`, whose constructor says
    // `parent::__construct(sprintf('The semaphore "%s" could not be acquired: %s.', $key, $message));` (Exception/, another file)
    const lib = '/usr/share/php/Symfony/Component/Semaphore';
    const script = (answer: string, call: string) =>
      `<?php\nrequire '${lib}/autoload.php';\nrequire '/usr/share/php/Predis/autoload.php';\n` +
      `final class Answering extends Predis\\Client { public function __construct(private mixed $answer) {} public function __call($c, $a) { return $this->answer; } }\n` +
      `(new Symfony\\Component\\Semaphore\\Store\\RedisStore(new Answering(${answer})))->${call}(new Symfony\\Component\\Semaphore\\Key('invoice-export', 2), 30.0);\n`;
    const acquiring = uncaught(dir, script('false', 'save'));
    expect(acquiring.message).toBe('The semaphore "invoice-export" could not be acquired: the script return false.');
    const a = hitsFor(dir, lib, acquiring.message);
    expect([a[0].matchType, a[0].record.filePath, a[0].line]).toEqual(['template', 'Symfony/Component/Semaphore/Store/RedisStore.php', acquiring.line]);
    expect(a[0].message).toBe('The semaphore "{key}" could not be acquired: the script return false.');
    // the same class's two raises differ by the literal each passes: the positive-number one is the first hit
    const expired = uncaught(dir, script('3', 'putOffExpiration'));
    expect(expired.message).toBe('The semaphore "invoice-export" has expired: the script returns a positive number.');
    const e = hitsFor(dir, lib, expired.message);
    expect([e[0].record.filePath, e[0].line, e[0].message]).toEqual(['Symfony/Component/Semaphore/Store/RedisStore.php', expired.line, 'The semaphore "{key}" has expired: the script returns a positive number.']);
  });

  it('reads a `sprintf` template chosen in branches into a variable and appended to before the raise', () => {
    // PhpFileParser::findClasses: `if (!file_exists($path)) { $message = 'File at "%s" does not exist, check your classmap
    // definitions'; } elseif … ; $error = error_get_last(); if (isset($error['message'])) { $message .= PHP_EOL . 'The following
    // message may be helpful:' . PHP_EOL . $error['message']; } throw new \RuntimeException(sprintf($message, $path));`
    const lib = '/usr/share/php/Composer/ClassMapGenerator';
    const missing = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nComposer\\ClassMapGenerator\\PhpFileParser::findClasses('/srv/app/src/Legacy/Helpers.php');\n`);
    expect(missing.message).toMatch(/^File at "\/srv\/app\/src\/Legacy\/Helpers\.php" does not exist, check your classmap definitions\nThe following message may be helpful:\n/);
    const m = hitsFor(dir, lib, missing.message);
    expect([m[0].matchType, m[0].record.filePath, m[0].line]).toEqual(['template', 'Composer/ClassMapGenerator/PhpFileParser.php', missing.line]);
  });
});
