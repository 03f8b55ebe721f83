// PHP messages built away from the raise, and PEAR's printed exceptions. End to end through the CLI on
// Debian's libraries (php-console-commandline, php-ml-json-ld, php-hamcrest, php-horde-argv,
// php-easyrdf): each library analyzed in place, the PHP CLI run on it with bad input, and what it
// printed explained (the trace, or the message alone).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-built-apart');
});

/** PEAR's classes load from the include path (Debian ships no autoloader for them): Console_CommandLine_Option is Console/CommandLine/Option.php. */
const PEAR_AUTOLOAD = `spl_autoload_register(function ($c) { $f = '/usr/share/php/' . str_replace('_', '/', $c) . '.php'; if (is_file($f)) require_once $f; });`;

describe('php messages built away from the raise', () => {
  it('reads PEAR\'s printed exception (`X: msg in F on line N`, frames with no `Stack trace:`) and a message provider\'s table filled by `str_replace`', () => {
    // Console_CommandLine_Exception::factory: `$msg = $provider->get($code, $params); return new Console_CommandLine_Exception($msg, $code);`,
    // the provider's `get` returning `$this->replaceTemplateVars($this->messages[$code], $vars)`, entries such as
    // 'Unknown option "{$name}".' filled by `str_replace` of keys built at run time; PEAR_Exception prints
    // frame #0's location in its header, the construction's in PHP's closing `thrown in`
    const lib = '/usr/share/php/Console';
    const file = write(dir, 'console.php', `<?php\n${PEAR_AUTOLOAD}\n$p = new Console_CommandLine(['name' => 'deploy']);\n$p->parse(3, ['deploy', '--quiet', 'prod']);\n`);
    const r = spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', file], { encoding: 'utf8' });
    expect(r.stderr).toMatch(/^PHP Fatal error: {2}Uncaught Console_CommandLine_Exception: Unknown option "--quiet"\. in \/usr\/share\/php\/Console\/CommandLine\.php on line \d+\n#0 /);
    const thrown = /\n {2}thrown in (\S+) on line (\d+)/.exec(r.stderr)!;
    expect(thrown[1]).toBe(`${lib}/CommandLine/Exception.php`);
    hitsFor(dir, lib, 'Unknown option "--quiet".');
    const t = explainOutput(errdex(['explain', '--json', '--db', path.join(dir, 'Console.sqlite')], { input: r.stderr }).stdout);
    expect([t.links.length, t.links[0].errorClass, t.links[0].message]).toEqual([1, 'Console_CommandLine_Exception', 'Unknown option "--quiet".']);
    const top = t.hits[0];
    expect([top.record.filePath, top.line, top.message]).toEqual(['Console/CommandLine/Exception.php', Number(thrown[2]), 'Unknown option "{$name}".']);
    // the message alone: the table's entry at the factory's `new`
    const hits = hitsFor(dir, lib, 'You must provide at least 2 arguments.');
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].message]).toEqual(['template', 'Console/CommandLine/Exception.php', 'You must provide at least {$argnum} argument{$plural}.']);
  });

  it('reads a message property a method of the class builds from what the constructor stored, a final period moved after the parts', () => {
    // JsonLdException::__construct($code, $message = null, $snippet = null, …): `$this->rawMessage = $message; $this->updateMessage();`,
    // which cuts the final '.', appends ' in %s' and ' (near %s)' under conditions, and puts the '.' back
    const lib = '/usr/share/php/ML/JsonLD';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nML\\JsonLD\\JsonLD::expand('{"@id": 5}');\n`);
    expect(e.message).toBe('Invalid value for @id detected (must be a string) (near {}).');
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual(['template', 'ML/JsonLD/Processor.php', e.line, 'Invalid value for @id detected (must be a string) (near {element}).']);
    // (a message with no final period keeps its text: no period is put back)
    const bare = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nML\\JsonLD\\JsonLD::expand('{"http://x/p": {"@value": "a", "@language": 3}}');\n`);
    expect(bare.message).toBe('@language must be a string (near 3)');
    expect(hitsFor(dir, lib, bare.message)[0].message).toBe('@language must be a string (near {value})');
  });

  it('reads the text an object built by appends gives when read as a string (`(string) $description`)', () => {
    // MatcherAssert::doAssert: `$description = new StringDescription(); if (!empty($identifier)) { $description->appendText($identifier . PHP_EOL); }
    // $description->appendText('Expected: ')->appendDescriptionOf($matcher)->appendText(PHP_EOL . '     but: '); … (string) $description`
    const lib = '/usr/share/php/Hamcrest';
    const e = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\nHamcrest\\MatcherAssert::assertThat(17, Hamcrest\\Matchers::greaterThan(20));\n`);
    expect(e.message).toBe('Expected: a value greater than <20>\n     but: <17> was less than <20>');
    const hits = hitsFor(dir, lib, e.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line]).toEqual(['template', 'Hamcrest/MatcherAssert.php', e.line]);
    expect(hits[0].message).toMatch(/^Expected: \{matcher\}\n {5}but: \{/);
  });

  it('keeps a base constructor\'s bare branch (`else parent::__construct($msg)`) for the raise, and a message from a helper ending in a `switch` of returns', () => {
    // Horde_Argv_OptionException: `$this->optionId = (string)$option; if ($this->optionId) parent::__construct(sprintf('option %s: %s', …)); else parent::__construct($msg);`
    const H = `spl_autoload_register(function ($c) { $f = '/usr/share/php/' . str_replace('_', '/', $c) . '.php'; if (is_file($f)) require_once $f; });`;
    const e = uncaught(dir, `<?php\n${H}\n(new Horde_Argv_Option('-n', '--count', ['type' => 'int']))->checkValue('--count', 'many');\n`);
    expect(e.message).toBe("option --count: invalid integer value: 'many'");
    const argv = hitsFor(dir, '/usr/share/php/Horde/Argv', e.message);
    expect([argv[0].matchType, argv[0].record.filePath, argv[0].line, argv[0].message]).toEqual(['template', 'Horde/Argv/Option.php', e.line, "option {opt}: invalid integer value: '{value}'"]);
    // EasyRdf's Json parser: `throw new Exception($this->jsonLastErrorString())`, whose body is an `if` around a `switch` of returns
    const lib = '/usr/share/php/EasyRdf';
    const j = uncaught(dir, `<?php\nrequire '${lib}/autoload.php';\n(new EasyRdf\\Graph())->parse('{"a": }', 'json');\n`);
    expect(j.message).toBe('JSON Parse syntax error');
    const hits = hitsFor(dir, lib, j.message);
    expect([hits[0].matchType, hits[0].record.filePath, hits[0].line, hits[0].message]).toEqual(['template', 'EasyRdf/Parser/Json.php', j.line, 'JSON Parse syntax error']);
  });
});
