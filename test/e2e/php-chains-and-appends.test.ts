// PHP messages whose text the pack read only in part before round 12 (decision 0105): a long `.`
// chain, a constructor parameter only appended to, a setter that assigns `$this->message` and then
// appends in branches, a trim of a text composed of parts, a literal format several levels down. End to end through the CLI on Debian's
// libraries (php-composer-pcre, php-amphp-amp, php-illuminate-database with php-sqlite3,
// php-phpseclib3, php-symfony-dependency-injection): each library analyzed in place, the PHP CLI run on it with bad input, and the
// message it printed explained alone.
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-chains-and-appends');
});

describe('php messages read whole', () => {
  it('reads a chain of seven `.` as one concatenation, its first words included', () => {
    // Preg::enforceNonNullMatches: `new UnexpectedNullMatchException('Pattern "'.$pattern.'" had an unexpected
    // unmatched group "'.$group.'", make sure … or use '.$variantMethod.'() instead.')`: read by nesting, a level
    // per operator, the chain's head `'Pattern "'` was a hole
    const lib = '/usr/share/php/Composer/Pcre';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nComposer\\Pcre\\Preg::matchStrictGroups('/(a)?b/', 'b');\n`);
    expect(e.message).toBe('Pattern "/(a)?b/" had an unexpected unmatched group "1", make sure the pattern always matches or use match() instead.');
    const [top] = hitsFor(dir, lib, e.message);
    expect([top.record.filePath, top.line, top.matchType]).toEqual(['Composer/Pcre/Preg.php', e.line, 'template']);
    expect(top.message.startsWith('Pattern "{pattern}" had an unexpected unmatched group "{group}"')).toBe(true);
    expect([top.captures.pattern, top.captures.group]).toEqual(['/(a)?b/', '1']);
  });

  it("reads a constructor's parameter with the text it appends before passing it on", () => {
    // InvalidYieldError::__construct(\Generator $generator, string $prefix, …): `$prefix .= \sprintf("; %s yielded
    // at key %s", …)`, then `parent::__construct($prefix, …)` or `sprintf("%s on line %s in %s", $prefix, …)`;
    // Coroutine's raise passes the prefix
    const lib = '/usr/share/php/Amp';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nrequire '${lib}/functions.php';\nrequire '${lib}/Internal/functions.php';\nAmp\\Promise\\wait(Amp\\call(function () { yield 7; }));\n`);
    expect(e.message).toMatch(/^Unexpected yield; Expected an instance of Amp\\Promise or React\\Promise\\PromiseInterface or an array of such instances; integer yielded at key 0 on line \d+ in \/\S+\.php$/);
    const [top] = hitsFor(dir, lib, e.message);
    expect([top.record.filePath, top.line, top.matchType]).toEqual(['Amp/Coroutine.php', e.line, 'template']);
    expect(top.message).toContain('{yielded} yielded at key {key} on line ');
    expect([top.captures.yielded, top.captures.key]).toEqual(['integer', '0']);
  });

  it("reads a setter's `$this->message` with the appends of the branches after it", () => {
    // ModelNotFoundException::setModel: `$this->message = "No query results for model [{$model}]"; if (count($this->ids)
    // > 0) { $this->message .= ' '.implode(', ', $this->ids); } else { $this->message .= '.'; }`, raised as
    // `throw (new ModelNotFoundException)->setModel(get_class($this->model), $id)`
    const lib = '/usr/share/php/Illuminate/Database';
    const boot = `<?php\nrequire '${lib}/autoload.php';\nuse Illuminate\\Database\\Capsule\\Manager as DB;\n$db = new DB(); $db->addConnection(['driver' => 'sqlite', 'database' => ':memory:']); $db->setAsGlobal(); $db->bootEloquent();\nDB::schema()->create('users', function ($t) { $t->increments('id'); });\nclass User extends Illuminate\\Database\\Eloquent\\Model { public $timestamps = false; }\n`;
    const byId = uncaught(dir, `${boot}User::findOrFail(42);\n`);
    expect(byId.message).toBe('No query results for model [User] 42');
    const [top] = hitsFor(dir, lib, byId.message);
    expect([top.message, top.captures.model, top.captures.ids]).toEqual(['No query results for model [{model}] {ids}', 'User', '42']);
    const none = uncaught(dir, `${boot}User::query()->firstOrFail();\n`);
    expect(none.message).toBe('No query results for model [User].');
    const [first] = hitsFor(dir, lib, none.message);
    expect([first.record.filePath, first.message]).toEqual(['Illuminate/Database/Eloquent/Builder.php', 'No query results for model [{model}].']);
    expect(first.lines).toContain(none.line);
  });

  it('reads a trim of an interpolated text as the text with its ends cut', () => {
    // SSH2::connect: `throw new UnableToConnectException(rtrim("Cannot connect to $host. Error $errno. $errstr"))`,
    // a hole whole before (a trim was read only of a parameter)
    const lib = '/usr/share/php/phpseclib3';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\n(new phpseclib3\\Net\\SSH2('127.0.0.1', 1, 2))->login('deploy', 'secret');\n`);
    expect(e.message).toMatch(/^Cannot connect to 127\.0\.0\.1:1\. Error \d+\. \S/);
    const [top] = hitsFor(dir, lib, e.message);
    expect([top.record.filePath, top.line, top.matchType, top.message]).toEqual(['phpseclib3/Net/SSH2.php', e.line, 'template', 'Cannot connect to {host}:{port}. Error {errno}. {errstr}']);
    expect([top.captures.host, top.captures.port]).toEqual(['127.0.0.1', '1']);
  });

  it("reads a literal format past the depth cap, inside a helper's returned text", () => {
    // ServiceLocator::createNotFoundException: `sprintf('… This locator %s', …, $this->formatAlternatives())`, whose
    // `$format = sprintf('only knows about the %s service%s.', $format, …)` then `return sprintf($format, …)` was
    // read six levels down, where the literal became a hole
    const lib = '/usr/share/php/Symfony/Component/DependencyInjection';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\n$l = new Symfony\\Component\\DependencyInjection\\ServiceLocator(['mailer' => function () use (&$l) { return $l->get('logger'); }]);\n$l->get('mailer');\n`);
    expect(e.message).toBe('The service "mailer" has a dependency on a non-existent service "logger". This locator only knows about the "mailer" service.');
    const [top] = hitsFor(dir, lib, e.message);
    expect([top.record.filePath, top.line, top.matchType]).toEqual(['Symfony/Component/DependencyInjection/ServiceLocator.php', e.line, 'template']);
    expect(top.message).toContain('. This locator only knows about the ');
    expect([top.captures.loading, top.captures.id]).toEqual(['mailer', 'logger']);
  });
});
