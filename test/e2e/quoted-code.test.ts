// Messages that name the code that raised (Language.quotedCode, service/line-answers.ts): small
// trees written here, analyzed by the CLI, run by the real runtimes (node; java compiled with -g,
// as the JDK's own classes are), and each printed message explained alone. No site of the trees
// says these texts: the runtime wrote them, naming the expression as the code writes it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

type Hit = { matchType: string; line: number; score: number; record: { filePath: string }; why: string[] };
const explainBare = (db: string, message: string): Hit[] => {
  const r = errdex(['explain', message, '--db', db, '--json']);
  // (4: no confident match, which a message naming no code of the tree gets)
  expect([0, 4], r.stderr).toContain(r.code);
  return explainOutput(r.stdout).hits;
};
const lines = (hits: Hit[]) => hits.filter((h) => h.matchType === 'line').map((h) => `${h.record.filePath}:${h.line}`);

describe('quoted code: V8 names the callee that is not a function', () => {
  let root: string;
  let db: string;

  beforeAll(() => {
    root = tmpDir('quoted-js');
    db = path.join(tmpDir('quoted-js-db'), 'index.sqlite');
    write(root, 'lib/render.js', [
      "'use strict';",
      'function render(template, values) {',
      '  const parts = template',
      '    .split(/(\\{\\w+\\})/)',
      '    .map((p) => values[p.slice(1, -1)] ?? p);',
      "  return parts.join('');",
      '}',
      'function build(shape) {',
      '  return new shape.Kind(shape.size);',
      '}',
      'module.exports = { render, build };',
      '',
    ].join('\n'));
    // (the same call in two files: each is an answer, neither is certain)
    for (const f of ['lib/a.js', 'lib/b.js']) write(root, f, `exports.go = (options) => options.onDone.call(null);\nexports.run = (options) => options.retry.strategy(3);\n`);
    const r = errdex(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  const messageOf = (code: string): string => {
    const run = spawnSync('node', ['-e', `try { ${code} } catch (e) { process.stdout.write(e.message) }`], { cwd: root });
    return run.stdout.toString();
  };

  it('answers `x.y is not a function` with the one line calling it, broken across lines as written', () => {
    const message = messageOf("require('./lib/render.js').render(42, {})");
    expect(message).toBe('template.split is not a function');
    const hits = explainBare(db, message);
    expect(hits[0]).toMatchObject({ matchType: 'line', line: 4, score: 0.94, record: { filePath: 'lib/render.js' } });
    expect(hits[0].why.join(' ')).toContain('quotes the code of this line');
  });

  it('answers `x.y is not a constructor` with the `new` of it', () => {
    const message = messageOf("require('./lib/render.js').build({ Kind: 1, size: 2 })");
    expect(message).toBe('shape.Kind is not a constructor');
    expect(lines(explainBare(db, message))).toEqual(['lib/render.js:9']);
  });

  it('gives each line of several holding the code, none certain', () => {
    const message = messageOf("require('./lib/a.js').run({ retry: {} })");
    expect(message).toBe('options.retry.strategy is not a function');
    const hits = explainBare(db, message);
    expect(lines(hits)).toEqual(['lib/a.js:2', 'lib/b.js:2']);
    expect(hits.every((h) => h.score < 0.86)).toBe(true);
  });

  it('answers nothing for code no line holds, or a bare name', () => {
    expect(lines(explainBare(db, 'options.nothing.here is not a function'))).toEqual([]);
    expect(lines(explainBare(db, 'render is not a function'))).toEqual([]);
  });
});

describe('quoted code: the JVM names the null expression and what was done with it (JEP 358)', () => {
  let root: string;
  let db: string;
  let out: string;

  beforeAll(() => {
    root = tmpDir('quoted-java');
    db = path.join(tmpDir('quoted-java-db'), 'index.sqlite');
    out = tmpDir('quoted-java-classes');
    write(root, 'src/org/shapes/Sizes.java', [
      'package org.shapes;',
      '',
      'public final class Sizes {',
      '  public static final class Box { public Box inner; public int[] cells; public String label; }',
      '',
      '  public static int labelLength(Box box) {',
      '    return box.label',
      '        .length();',
      '  }',
      '',
      '  public static String innerLabel(Box box) {',
      '    return box.inner.label;',
      '  }',
      '',
      '  public static int firstCell(Box box) {',
      '    return box.cells[0];',
      '  }',
      '',
      '  public static void main(String[] args) {',
      '    try { labelLength(new Box()); } catch (NullPointerException e) { System.out.println(e.getMessage()); }',
      '    try { innerLabel(new Box()); } catch (NullPointerException e) { System.out.println(e.getMessage()); }',
      '    try { firstCell(new Box()); } catch (NullPointerException e) { System.out.println(e.getMessage()); }',
      '  }',
      '}',
      '',
    ].join('\n'));
    // (an enum of the same name in another package: the message's package tells them apart)
    for (const pkg of ['org.shapes', 'org.other']) {
      write(root, `src/${pkg.replace('.', '/')}/Unit.java`, [`package ${pkg};`, '', 'public enum Unit {', '  CM, IN;', '', '  public static void main(String[] args) {', '    try { valueOf("FT"); } catch (IllegalArgumentException e) { System.out.println(e.getMessage()); }', '  }', '}', ''].join('\n'));
    }
    // (an enum whose name starts with the other's: `enum Unit` is not `enum UnitKind`)
    write(root, 'src/org/units/Measures.java', ['package org.units;', '', 'public final class Measures {', '  public enum UnitKind { LENGTH, MASS }', '}', ''].join('\n'));
    const r = errdex(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it("answers Enum.valueOf's `No enum constant` with the enum's declaration, where its valueOf raised", () => {
    const javac = spawnSync('javac', ['-g', '-d', out, path.join(root, 'src/org/shapes/Unit.java')]);
    expect(javac.status, javac.stderr.toString()).toBe(0);
    const run = spawnSync('java', ['-cp', out, 'org.shapes.Unit']).stdout.toString().trim();
    expect(run).toBe('No enum constant org.shapes.Unit.FT');
    expect(lines(explainBare(db, run))[0]).toBe('src/org/shapes/Unit.java:3');
    expect(lines(explainBare(db, run)).filter((l) => l.includes('Measures'))).toEqual([]);
  });

  it('answers each message with the line that raised', () => {
    const javac = spawnSync('javac', ['-g', '-d', out, path.join(root, 'src/org/shapes/Sizes.java')]);
    expect(javac.status, javac.stderr.toString()).toBe(0);
    const [invoke, field, load] = spawnSync('java', ['-cp', out, 'org.shapes.Sizes']).stdout.toString().trim().split('\n');
    expect(invoke).toBe('Cannot invoke "String.length()" because "box.label" is null');
    expect(lines(explainBare(db, invoke))).toEqual(['src/org/shapes/Sizes.java:8']);
    expect(field).toBe('Cannot read field "label" because "box.inner" is null');
    expect(lines(explainBare(db, field))).toEqual(['src/org/shapes/Sizes.java:12']);
    expect(load).toBe('Cannot load from int array because "box.cells" is null');
    expect(lines(explainBare(db, load))).toEqual(['src/org/shapes/Sizes.java:16']);
  });
});

describe("quoted code: Ruby's error_highlight line held by a file and by a text copy of it", () => {
  it('answers with both lines, the file with sites first', () => {
    const root = tmpDir('quoted-rb');
    const db = path.join(tmpDir('quoted-rb-db'), 'index.sqlite');
    const body = ['module Shelf', '  def self.count(items)', '    raise ArgumentError, "no items" if items.nil?', '    items.fetch_all.size', '  end', 'end'];
    write(root, 'lib/shelf.rb', `${body.join('\n')}\n`);
    // (the same source kept as text, as a parser generator keeps its runtime: no site is in it; its
    // path goes first, the file with sites goes first all the same)
    write(root, 'lib/generated_source.rb', `module Shelf\n  SOURCE = <<'RUBY'\n${body.join('\n')}\nRUBY\nend\n`);
    const r = errdex(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const run = spawnSync('ruby', ['-I', path.join(root, 'lib'), '-e', 'require "shelf"; begin; Shelf.count(5); rescue NoMethodError => e; print e.message; end']);
    const message = run.stdout.toString();
    expect(message).toContain('\n    items.fetch_all.size\n');
    expect(lines(explainBare(db, message))).toEqual(['lib/shelf.rb:4', 'lib/generated_source.rb:6']);
  });
});

describe('quoted code: PHP names the function whose parameter got a value it does not accept', () => {
  it('answers the TypeError and ArgumentCountError with the declaration, in the file of the class named', () => {
    const root = tmpDir('quoted-php');
    const db = path.join(tmpDir('quoted-php-db'), 'index.sqlite');
    const money = `<?php
declare(strict_types=1);
namespace Acme;

final class Money
{
    public function __construct(private int $amount, private string $currency)
    {
    }

    public static function of(int $amount): self
    {
        return new self($amount, 'EUR');
    }
}

function parse_amount(int $x): int
{
    return $x;
}
`;
    write(root, 'src/Acme/Money.php', money);
    // (another class with methods of the same names: the message's class tells them apart)
    write(root, 'src/Acme/Rate.php', money.replace('class Money', 'class Rate').replace(/\nfunction parse_amount[\s\S]*$/, '\n'));
    expect(errdex(['analyze', path.join(root, 'src'), '--db', db]).code).toBe(0);
    const run = write(root, 'run.php', `<?php
declare(strict_types=1);
require __DIR__ . '/src/Acme/Money.php';
foreach ([fn() => \\Acme\\Money::of('12'), fn() => new \\Acme\\Money(1), fn() => \\Acme\\parse_amount('x')] as $c) {
    try { $c(); } catch (\\Throwable $e) { echo $e->getMessage(), "\\n"; }
}
`);
    const [typeError, count, fn] = spawnSync('php', [run]).stdout.toString().trim().split('\n');
    expect(typeError).toMatch(/^Acme\\Money::of\(\): Argument #1 \(\$amount\) must be of type int, string given, called in /);
    expect(lines(explainBare(db, typeError))).toEqual(['Acme/Money.php:11']);
    expect(count).toMatch(/^Too few arguments to function Acme\\Money::__construct\(\), 1 passed in /);
    expect(lines(explainBare(db, count))).toEqual(['Acme/Money.php:7']);
    expect(fn).toMatch(/^Acme\\parse_amount\(\): Argument #1/);
    expect(lines(explainBare(db, fn))).toEqual(['Acme/Money.php:17']);
  });
});

describe('quoted code: PHP names a runtime function, which raises at its call', () => {
  it('answers with the lines calling it when the tree does not declare it', () => {
    const root = tmpDir('quoted-php-calls');
    const db = path.join(tmpDir('quoted-php-calls-db'), 'index.sqlite');
    write(root, 'src/Files.php', `<?php
namespace Acme;

final class Files
{
    public static function info($file): \\SplFileInfo
    {
        return $file instanceof \\SplFileInfo ? $file : new \\SplFileInfo($file);
    }

    public static function clean($text): string
    {
        return str_replace(["\\r\\n", "\\r"], "\\n", $text);
    }

    public static function zone(string $name): \\DateTimeZone
    {
        return new \\DateTimeZone($name);
    }
}
`);
    expect(errdex(['analyze', path.join(root, 'src'), '--db', db]).code).toBe(0);
    const run = write(root, 'run.php', `<?php
require __DIR__ . '/src/Files.php';
foreach ([fn() => \\Acme\\Files::info(new stdClass()), fn() => \\Acme\\Files::clean(new stdClass()), fn() => \\Acme\\Files::zone('Europe/Pariss')] as $c) {
    try { $c(); } catch (\\Throwable $e) { echo $e->getMessage(), "\\n"; }
}
`);
    const [info, clean, zone] = spawnSync('php', [run]).stdout.toString().trim().split('\n');
    expect(info).toMatch(/^SplFileInfo::__construct\(\): Argument #1 \(\$filename\) must be of type string, stdClass given/);
    expect(lines(explainBare(db, info))).toEqual(['Files.php:8']);
    expect(clean).toMatch(/^str_replace\(\): Argument #3 \(\$subject\) must be of type array\|string, stdClass given/);
    expect(lines(explainBare(db, clean))).toEqual(['Files.php:13']);
    expect(zone).toMatch(/^DateTimeZone::__construct\(\): Unknown or bad timezone \(Europe\/Pariss\)/);
    expect(lines(explainBare(db, zone))).toEqual(['Files.php:18']);
  });
});

describe('quoted code: CPython names the attribute or the callable, at the line reading or calling it', () => {
  let root: string;
  let db: string;
  // (messages as the python3 of this machine prints them for the calls below)
  const messagesOf = (calls: string[]): string[] => {
    const script = `import sys\nsys.path.insert(0, ${JSON.stringify(root)})\nimport labels\nfor src in ${JSON.stringify(calls)}:\n    try:\n        eval(src)\n    except Exception as e:\n        print(str(e))\n`;
    return spawnSync('/usr/bin/python3', ['-c', script]).stdout.toString().trim().split('\n');
  };

  beforeAll(() => {
    root = tmpDir('quoted-py');
    db = path.join(tmpDir('quoted-py-db'), 'index.sqlite');
    write(root, 'labels.py', [
      'class Registry:',
      '    def __init__(self, name, size):',
      '        self.name = name',
      '        self.size = size',
      '',
      '    def casefold_all(self, items):',
      '        return [item.casefold() for item in items]',
      '',
      '',
      'def normalise(label):',
      '    return label.casefold().strip()',
      '',
      '',
      'def registry(name):',
      '    return Registry(name)',
      '',
      '',
      'def fold(registry, items):',
      '    return registry.casefold_all(items, True)',
      '',
    ].join('\n'));
    // (one more line reading `.swapcase` than are answers)
    write(root, 'cases.py', Array.from({ length: 9 }, (_, k) => `def swap${k}(value):\n    return value.swapcase()\n`).join('\n'));
    const r = errdex(['analyze', root, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
  });

  it('answers a missing attribute with the lines reading it (two here: neither certain)', () => {
    const [message] = messagesOf(['labels.normalise(5)']);
    expect(message).toBe("'int' object has no attribute 'casefold'");
    const hits = explainBare(db, message);
    expect(lines(hits)).toEqual(['labels.py:7', 'labels.py:11']);
    expect(hits.every((h) => h.score < 0.86)).toBe(true);
  });

  it('answers a constructor refusing its arguments with the one line calling the class, not its `class` line', () => {
    const [message] = messagesOf(["labels.registry('users')"]);
    expect(message).toBe("Registry.__init__() missing 1 required positional argument: 'size'");
    const hits = explainBare(db, message);
    expect(hits[0]).toMatchObject({ matchType: 'line', line: 15, score: 0.94, record: { filePath: 'labels.py' } });
  });

  it('answers a method refusing its arguments with the one call of it, not its `def`', () => {
    const [message] = messagesOf(['labels.fold(labels.Registry("a", 1), ["X"])']);
    expect(message).toBe('Registry.casefold_all() takes 2 positional arguments but 3 were given');
    expect(lines(explainBare(db, message))).toEqual(['labels.py:19']);
  });

  it('answers nothing for a name the tree does not hold', () => {
    expect(lines(explainBare(db, "'int' object has no attribute 'startswith_x'"))).toEqual([]);
  });

  it('says a name on more lines than are answers is the runtime\'s text, which a trace tells apart', () => {
    const [message] = messagesOf(['__import__("cases").swap3(5)']);
    expect(message).toBe("'int' object has no attribute 'swapcase'");
    const json = errdex(['explain', message, '--db', db, '--json']);
    const link = explainOutput(json.stdout).links[0];
    expect(link.hits.filter((h: Hit) => h.matchType === 'line')).toEqual([]);
    expect(link.namedCode).toEqual({ code: '.swapcase', languages: ['python'] });
    const human = errdex(['explain', message, '--db', db]).stdout;
    expect(human).toContain("note: the message is also the runtime's own text (python) for `.swapcase`");
    // (`int(` is too short to look up: on any index it is on too many lines)
    const [int] = messagesOf(['int("x")']);
    expect(int).toBe("invalid literal for int() with base 10: 'x'");
    expect(explainOutput(errdex(['explain', int, '--db', db, '--json']).stdout).links[0].namedCode).toEqual({ code: 'int(', languages: ['python'] });
    // (two lines hold `.casefold`: they are the answers, and no note is needed)
    const two = errdex(['explain', "'int' object has no attribute 'casefold'", '--db', db, '--json']);
    expect(explainOutput(two.stdout).links[0].namedCode).toBeNull();
  });
});
