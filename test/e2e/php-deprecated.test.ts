// A PHP raise in a method or class its doc comment marks `@deprecated`, beside a raise of the same
// text that replaced it (service/origin-first.ts, decision 0098). End to end through the CLI on
// Debian's php-doctrine-orm: the library analyzed in place, the PHP CLI run on it with bad input,
// and the message it printed explained alone.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpDir } from './cli.js';
import { hitsFor, uncaught } from './php-run.js';

let dir: string;

beforeAll(() => {
  dir = tmpDir('php-deprecated');
});

const lib = '/usr/share/php/Doctrine/ORM';
/** The 1-based line of the first line of `file` that contains `text`. */
const lineOf = (file: string, text: string): number => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;

const ORM = `<?php
require '${lib}/autoload.php';
use Doctrine\\ORM\\{EntityManager, ORMSetup};
use Doctrine\\ORM\\Mapping as ORM;
#[ORM\\Entity] class Invoice { #[ORM\\Id, ORM\\Column(type: 'integer')] public $id; }
$config = ORMSetup::createAttributeMetadataConfiguration([], true);
$em = new EntityManager(Doctrine\\DBAL\\DriverManager::getConnection(['driver' => 'pdo_mysql', 'serverVersion' => '8.0'], $config), $config);
`;

describe('php raises in deprecated code', () => {
  it('ranks a legacy named constructor marked @deprecated after the exception class that replaced it', () => {
    // ORMException::missingIdentifierField (`@deprecated Use Doctrine\ORM\Exception\MissingIdentifierField`) and
    // MissingIdentifierField::fromFieldAndClass both say `sprintf('The identifier %s is missing for a query of %s', …)`;
    // EntityManager::find throws the second
    const e = uncaught(dir, `${ORM}$em->find(Invoice::class, null);\n`);
    expect(e.message).toBe('The identifier id is missing for a query of Invoice');
    const legacy = lineOf(`${lib}/ORMException.php`, "return new self(sprintf('The identifier %s is missing for a query of %s'");
    expect(legacy).toBeGreaterThan(0);
    const hits = hitsFor(dir, lib, e.message);
    expect(hits.slice(0, 2).map((h) => [h.record.filePath, h.line, h.record.deprecated ?? false])).toEqual([
      ['Doctrine/ORM/Exception/MissingIdentifierField.php', e.line, false],
      ['Doctrine/ORM/ORMException.php', legacy, true],
    ]);
    expect(hits[0].why.join('; ')).toMatch(/ORMException\.missingIdentifierField is marked deprecated/);
  });

  it('still answers first with a deprecated raise whose text nothing else writes', () => {
    // ORMException::unrecognizedIdentifierFields (deprecated) is the only raise of its text
    const at = lineOf(`${lib}/ORMException.php`, 'public static function unrecognizedIdentifierFields');
    expect(at).toBeGreaterThan(0);
    const hits = hitsFor(dir, lib, "Unrecognized identifier fields: 'sku' are not present on class 'Invoice'.");
    expect(hits[0].record.filePath).toBe('Doctrine/ORM/ORMException.php');
    expect(hits[0].record.deprecated).toBe(true);
    expect(hits[0].line).toBeGreaterThan(at);
  });
});
