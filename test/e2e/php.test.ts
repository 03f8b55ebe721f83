// PHP end to end through the CLI, on real code: Debian's php-symfony-finder
// (/usr/share/php/Symfony/Component/Finder) analyzed in place, the PHP CLI run on it with bad
// input, and the printed error explained, as a trace and as a bare message; then the same
// library installed by Composer's layout in a project's vendor/ (with an installed.json that
// lies about one package's path), indexed and found from a trace into vendor/.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const FINDER = '/usr/share/php/Symfony/Component/Finder';
let dir: string;

/** Runs PHP on a script; what it printed on stderr (Debian's CLI logs errors there, `PHP Fatal error:  Uncaught …`). */
function runPhp(script: string): { stderr: string; site: { file: string; line: number } } {
  const file = write(dir, `run-${Math.random().toString(36).slice(2)}.php`, script);
  const r = spawnSync('php', ['-d', 'display_errors=0', '-d', 'log_errors=1', '-d', 'error_log=', file], { encoding: 'utf8' });
  const m = / in (\/\S+\.php):(\d+)\nStack trace:/.exec(r.stderr);
  expect(m, r.stderr).not.toBeNull();
  return { stderr: r.stderr, site: { file: m![1], line: Number(m![2]) } };
}

beforeAll(() => {
  dir = tmpDir('php');
});

describe('php end to end', () => {
  it('analyzes Debian\'s Symfony Finder and explains what PHP printed, as a trace and as a message', () => {
    const db = path.join(dir, 'finder.sqlite');
    const a = errdex(['analyze', FINDER, '--db', db]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout + a.stderr).toMatch(/package Symfony\/Component\/Finder/);
    const { stderr, site } = runPhp(`<?php\nrequire '${FINDER}/autoload.php';\nSymfony\\Component\\Finder\\Finder::create()->in('/no/such/dir')->files();\n`);
    expect(site.file).toBe(`${FINDER}/Finder.php`);
    const t = explainOutput(errdex(['explain', '--json', '--db', db], { input: stderr }).stdout);
    expect(t.links[0].errorClass).toBe('Symfony.Component.Finder.Exception.DirectoryNotFoundException');
    const top = t.hits[0].record;
    expect([top.filePath, top.lineNumber, top.language, top.errorMessage]).toEqual(['Symfony/Component/Finder/Finder.php', site.line, 'php', 'The "{dir}" directory does not exist.']);
    const bare = explainOutput(errdex(['explain', '--json', '--db', db, 'The "/no/such/dir" directory does not exist.']).stdout);
    expect(bare.hits[0].record.id).toBe(top.id);
  });

  it('binds a message into a class constructor that trims it (`rtrim($message, \'.\')`): the bare message matches', () => {
    // Debian's Symfony ExpressionLanguage: `new SyntaxError(sprintf('Unclosed "%s".', $expect), $cur, $expression)`, whose
    // constructor writes `sprintf('%s around position %d', rtrim($message, '.'), $cursor)` and appends the expression.
    const el = '/usr/share/php/Symfony/Component/ExpressionLanguage';
    const db = path.join(dir, 'el.sqlite');
    expect(errdex(['analyze', el, '--db', db]).code).toBe(0);
    const { stderr, site } = runPhp(`<?php\nrequire '${el}/autoload.php';\n(new Symfony\\Component\\ExpressionLanguage\\ExpressionLanguage())->evaluate('1 + + (2');\n`);
    const message = /Uncaught Symfony\\Component\\ExpressionLanguage\\SyntaxError: (.*) in \//.exec(stderr)![1];
    expect(message).toBe('Unclosed "(" around position 6 for expression `1 + + (2`.');
    const bare = explainOutput(errdex(['explain', '--json', '--db', db, message]).stdout);
    const top = bare.hits[0];
    expect([top.matchType, top.record.filePath, top.lines.includes(site.line)]).toEqual(['template', 'Symfony/Component/ExpressionLanguage/Lexer.php', true]);
    expect(top.record.errorMessage).toBe('Unclosed "{expect}" around position {cur} for expression `{expression}`.');
  });

  it('gives a raise every message of a constructor that picks one by a switch over its argument (JSON Schema\'s JsonDecodingException)', () => {
    // `throw new JsonDecodingException($error)` in UriRetriever, whose constructor sets `$message` in each `case JSON_ERROR_…:`
    const lib = '/usr/share/php/JsonSchema';
    const db = path.join(dir, 'json-schema.sqlite');
    expect(errdex(['analyze', lib, '--db', db]).code).toBe(0);
    const notJson = write(dir, 'not-json.txt', 'plain text\n');
    const { stderr, site } = runPhp(`<?php\nrequire '${lib}/autoload.php';\n(new JsonSchema\\Uri\\UriRetriever())->retrieve('file://${notJson}');\n`);
    const message = /Uncaught JsonSchema\\Exception\\JsonDecodingException: (.*) in \//.exec(stderr)![1];
    expect(message).toBe('JSON syntax is malformed');
    const top = explainOutput(errdex(['explain', '--json', '--db', db, message]).stdout).hits[0];
    expect([top.matchType, top.record.filePath, top.record.lineNumber]).toEqual(['template', 'JsonSchema/Uri/UriRetriever.php', site.line]);
  });

  it('indexes a Composer project: vendor packages by installed.json, one whose install-path leaves vendor/ not read', () => {
    const project = path.join(dir, 'shop');
    write(project, 'composer.json', JSON.stringify({ name: 'acme/shop', require: { 'symfony/finder': '^5.4' } }));
    write(project, 'src/Cart.php', `<?php\nnamespace Acme;\nclass Cart {\n    public function add(string $sku): void {\n        if ($sku === '') {\n            throw new \\InvalidArgumentException('A cart item needs a SKU.');\n        }\n    }\n}\n`);
    fs.cpSync(FINDER, path.join(project, 'vendor/symfony/finder'), { recursive: true });
    write(project, 'vendor/composer/installed.json', JSON.stringify({
      packages: [
        { name: 'symfony/finder', version: 'v5.4.53', 'install-path': '../symfony/finder' },
        { name: 'evil/escape', version: '1.0.0', 'install-path': '../../../../../../etc' },
      ],
    }));
    const db = path.join(dir, 'shop.sqlite');
    const r = errdex(['index', project, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.packages.map((p: { ecosystem: string; name: string; version: string }) => `${p.ecosystem}:${p.name}@${p.version}`)).toEqual(['composer:symfony/finder@5.4.53']);
    expect(s.skipped.map((p: { path: string; problem: string }) => `${p.path}: ${p.problem}`).join('\n')).toMatch(/installed.json puts evil\/escape outside vendor\/; not read/);
    expect(s.own.records).toBe(1);
    // a trace from another machine's checkout of the project: found in the vendor package
    const trace = [
      'PHP Fatal error:  Uncaught Symfony\\Component\\Finder\\Exception\\DirectoryNotFoundException: The "/data/x" directory does not exist. in /srv/shop/vendor/symfony/finder/Finder.php:592',
      'Stack trace:',
      '#0 /srv/shop/src/Catalog.php(12): Symfony\\Component\\Finder\\Finder->in()',
      '#1 {main}',
      '  thrown in /srv/shop/vendor/symfony/finder/Finder.php on line 592',
    ].join('\n');
    const hit = explainOutput(errdex(['explain', '--json', '--db', db], { input: trace }).stdout).hits[0].record;
    expect([hit.package, hit.filePath, hit.lineNumber]).toEqual(['symfony/finder', 'symfony/finder/Finder.php', 592]);
  });
});
