// What of the PHP pack the conformance cases (src/languages/php/cases/) cannot say as annotated
// source: the trace parser on traces PHP 8.2 printed (test/fixtures/php/, made by running the
// CLI: an uncaught chain through error_log and through display_errors, `(string) $e` of a Symfony
// Finder exception, a warning and an internal function's error, PEAR's text of an exception (Console_CommandLine's
// uncaught, one wrapping a cause), Symfony Routing's exception with
// arguments in its frames), the framework log styles, the snippets parsing with the grammar, the
// condition syntax and the cannotRaise prefilter.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/query/parse.js';
import { parsePhpTrace } from '../../src/languages/php/trace.js';
import { parseCondition } from '../../src/languages/php/condition.js';
import { evaluateCondition } from '../../src/core/condition.js';
import { languageByName, loadAnalyzers } from '../../src/languages/registry.js';
import { renderMessage } from '../../src/template/ir.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/php/${name}`, import.meta.url), 'utf8');
const php = languageByName('php')!;
const phpAnalyzer = (await loadAnalyzers()).language('php')!;

describe('php traces', () => {
  it('reads an uncaught chain from error_log: the previous exception first, each Next raised from it', () => {
    const links = parseInput(fixture('uncaught-next-log.txt')).links;
    expect(links.map((l) => [l.errorClass, l.message, l.relation, l.language])).toEqual([
      ['InvalidArgumentException', 'Bad value: abc\nsecond line', null, 'php'],
      ['RuntimeException', 'Run failed', 'cause', 'php'],
    ]);
    // outermost first; the innermost is where the exception was constructed, running frame #0's function
    expect(links[0].frames.map((f) => [f.line, f.func])).toEqual([[7, null], [6, 'Svc->run'], [3, 'inner']]);
    expect(links[1].frames.map((f) => [f.line, f.func])).toEqual([[7, null], [6, 'Svc->run']]);
  });

  it('reads a message that holds ` in ` up to the header\'s last ` in FILE:LINE`', () => {
    const [l] = parseInput(fixture('message-with-in.txt')).links;
    expect(l).toMatchObject({ errorClass: 'InvalidArgumentException', message: 'Namespace contains "/" but only characters in [-+_.A-Za-z0-9] are allowed.' });
    expect(l.frames.at(-1)).toMatchObject({ file: '/tmp/phpt/cache.php', line: 4 });
  });

  it('reads the same chain as display_errors prints it (no PHP prefix)', () => {
    const links = parseInput(fixture('uncaught-next.txt')).links;
    expect(links.map((l) => [l.errorClass, l.relation, l.frames.at(-1)!.line])).toEqual([['InvalidArgumentException', null, 3], ['RuntimeException', 'cause', 6]]);
  });

  it('reads (string) $e, a warning, and an error an internal function threw (its location is its caller\'s)', () => {
    const links = parseInput(fixture('finder-string-and-warnings.txt')).links;
    expect(links.map((l) => [l.errorClass, l.message])).toEqual([
      ['Symfony.Component.Finder.Exception.DirectoryNotFoundException', 'The "/nonexistent/dir" directory does not exist.'],
      [null, 'custom warn'],
      ['DivisionByZeroError', 'Division by zero'],
    ]);
    expect(links[0].frames.at(-1)).toEqual({ file: '/usr/share/php/Symfony/Component/Finder/Finder.php', line: 592, column: null, func: 'Symfony\\Component\\Finder\\Finder->in' });
    expect(links[1].frames).toEqual([{ file: '/tmp/phpt/b.php', line: 6, column: null, func: null }]);
    expect(links[2].frames).toEqual([{ file: '/tmp/phpt/b.php', line: 7, column: null, func: null }]);
  });

  it('reads frames with arguments, [internal function] and {closure}', () => {
    const [link] = parseInput(fixture('routing-args.txt')).links;
    expect(link.frames.map((f) => `${f.file.split('/').pop()}:${f.line}:${f.func}`)).toEqual([
      'c.php:10:null', '[internal function]:null:array_map', 'c.php:10:{closure}',
      'UrlGenerator.php:161:Symfony\\Component\\Routing\\Generator\\UrlGenerator->generate',
      'UrlGenerator.php:194:Symfony\\Component\\Routing\\Generator\\UrlGenerator->doGenerate',
    ]);
    expect(php.name).toBe('php');
  });

  it('reads Monolog (Laravel) and Symfony log lines', () => {
    const laravel = [
      '[2026-01-02 10:00:00] local.ERROR: Route [home] not defined. {"exception":"[object] (Symfony\\\\Component\\\\Routing\\\\Exception\\\\RouteNotFoundException(code: 0): Route [home] not defined. at /srv/app/vendor/laravel/framework/src/Illuminate/Routing/UrlGenerator.php:479)',
      '[stacktrace]',
      '#0 /srv/app/vendor/laravel/framework/src/Illuminate/Foundation/helpers.php(788): Illuminate\\Routing\\UrlGenerator->route()',
      '#1 {main}',
      '"}',
    ].join('\n');
    const [l] = parsePhpTrace(laravel);
    expect([l.errorClass, l.message, l.frames.at(-1)!.line, l.frames.length]).toEqual(['Symfony.Component.Routing.Exception.RouteNotFoundException', 'Route [home] not defined.', 479, 2]);
    const [s] = parsePhpTrace('[2026-01-02T10:00:00+00:00] request.CRITICAL: Uncaught PHP Exception Symfony\\Component\\HttpKernel\\Exception\\NotFoundHttpException: "No route found for "GET /x"" at /srv/app/vendor/symfony/http-kernel/EventListener/RouterListener.php line 127 {"exception":"[object]"}');
    expect([s.errorClass, s.message, s.frames[0].line]).toEqual(['Symfony.Component.HttpKernel.Exception.NotFoundHttpException', 'No route found for "GET /x"', 127]);
  });

  it('reads PEAR\'s text of an exception: frame #0\'s location in the header, the construction\'s in `thrown in`, each cause on its own line', () => {
    // (PEAR_Exception::toText: `X: msg in FILE on line N`, then the frames with no `Stack trace:`)
    const [l] = parsePhpTrace(fixture('pear-uncaught-log.txt'));
    expect([l.errorClass, l.message, l.relation]).toEqual(['Console_CommandLine_Exception', 'Unknown option "--quiet".', null]);
    expect(l.frames.map((f) => [f.file.replace(/^.*\//, ''), f.line, f.func])).toEqual([
      ['php-pear-console-commandline-01.php', 5, null],
      ['CommandLine.php', 908, 'Console_CommandLine->parse'],
      ['CommandLine.php', 1067, 'Console_CommandLine->parseToken'],
      ['Exception.php', 93, 'Console_CommandLine_Exception::factory'],
    ]);
    // `new PEAR_Exception('cannot save config', $e)`: the cause (a line indented by one) first, the exception raised from it
    const links = parsePhpTrace(fixture('pear-cause-log.txt'));
    expect(links.map((x) => [x.errorClass, x.message, x.relation, x.frames.map((f) => f.line)])).toEqual([
      ['RuntimeException', 'disk full in /var', null, [3]],
      ['PEAR_Exception', 'cannot save config', 'cause', [4, 3]],
    ]);
  });

  it('leaves ordinary lines alone', () => {
    expect(parsePhpTrace('Note: nothing here\nError: at line 3\nfoo in bar:12\n')).toEqual([]);
  });

  it('reads a class\'s own __toString text (PHPUnit\'s) before the closing `thrown in`: the message, a class only when named like one, its FILE:LINE lines as frames', () => {
    const [a] = parsePhpTrace("PHP Fatal error:  Uncaught Failed asserting that '3' is identical to 3.\n\n  thrown in /usr/share/php/PHPUnit/Framework/Constraint/Constraint.php on line 122\n");
    expect([a.errorClass, a.message, a.frames.map((f) => `${f.file}:${f.line}`)]).toEqual([null, "Failed asserting that '3' is identical to 3.", ['/usr/share/php/PHPUnit/Framework/Constraint/Constraint.php:122']]);
    const [b] = parsePhpTrace('PHP Fatal error:  Uncaught PHPUnit\\Framework\\MockObject\\RuntimeException: Proxying requires the constructor\n\n  thrown in /usr/share/php/PHPUnit/Framework/MockObject/Generator.php on line 200\n');
    expect([b.errorClass, b.message]).toEqual(['PHPUnit.Framework.MockObject.RuntimeException', 'Proxying requires the constructor']);
    const [c] = parsePhpTrace('PHP Fatal error:  Uncaught custom\nFailed asserting that false is true.\n\n/srv/app/tests/UserTest.php:31\n/srv/app/run.php:9\n\n  thrown in /usr/share/php/PHPUnit/Framework/Constraint/Constraint.php on line 122\n');
    expect([c.errorClass, c.message, c.frames.map((f) => `${f.file}:${f.line}`)]).toEqual([null, 'custom\nFailed asserting that false is true.', ['/srv/app/run.php:9', '/srv/app/tests/UserTest.php:31', '/usr/share/php/PHPUnit/Framework/Constraint/Constraint.php:122']]);
  });
});

describe('php traces: a message that holds a trace (getTraceAsString)', () => {
  const own = '#0 /usr/share/php/PDepend/Source/Language/PHP/AbstractPHPParser.php(7964): PDepend\\Source\\Parser\\UnexpectedTokenException->__construct()\n#1 /srv/app/run.php(9): PDepend\\Source\\Language\\PHP\\AbstractPHPParser->getUnexpectedTokenException()\n#2 {main}';

  it('reads the message and its frames with no header (`$e->getMessage() . PHP_EOL . $e->getTraceAsString()`)', () => {
    const [l] = parsePhpTrace(`Unexpected token: ;, line: 2, col: 50, file: /srv/app/Legacy.php.\n${own}\n`);
    expect([l.errorClass, l.message, l.frames.map((f) => `${f.file}:${f.line} ${f.func}`)]).toEqual([
      null,
      'Unexpected token: ;, line: 2, col: 50, file: /srv/app/Legacy.php.',
      ['/srv/app/run.php:9 null', '/usr/share/php/PDepend/Source/Language/PHP/AbstractPHPParser.php:7964 PDepend\\Source\\Language\\PHP\\AbstractPHPParser->getUnexpectedTokenException'],
    ]);
    // (frames not ending at {main} are no such trace; the message is every line before the frames, blank
    // ones too, as a message may hold them)
    expect(parsePhpTrace('Unexpected token\n#0 /srv/app/run.php(9): f()\n')).toEqual([]);
    expect(parsePhpTrace('ERROR: bad option\n\nRun "x --help"\n#0 /srv/app/run.php(9): f()\n#1 {main}\n').map((x) => x.message)).toEqual(['ERROR: bad option\n\nRun "x --help"']);
  });

  it('keeps an uncaught exception\'s message whole when it ends with a trace of its own, up to `in FILE:LINE` and `Stack trace:`', () => {
    const [l] = parsePhpTrace(
      `PHP Fatal error:  Uncaught PDepend\\Source\\Parser\\UnexpectedTokenException: Unexpected token: ;, line: 2.\n${own} in /usr/share/php/PDepend/Source/Language/PHP/AbstractPHPParser.php:7964\n` +
        'Stack trace:\n#0 /usr/share/php/PDepend/Source/Language/PHP/AbstractPHPParser.php(7933): PDepend\\Source\\Language\\PHP\\AbstractPHPParser->getUnexpectedTokenException()\n#1 {main}\n  thrown in /usr/share/php/PDepend/Source/Language/PHP/AbstractPHPParser.php on line 7964\n',
    );
    expect([l.errorClass, l.message, l.frames.map((f) => f.line)]).toEqual(['PDepend.Source.Parser.UnexpectedTokenException', `Unexpected token: ;, line: 2.\n${own}`, [7933, 7964]]);
  });
});

describe('php pack', () => {
  it('snippets parse with the PHP grammar', () => {
    const input = { errorClass: 'Symfony.Component.Finder.Exception.DirectoryNotFoundException', errorCode: null, message: 'The "{dir}" directory does not exist.', symbol: 'Finder.in' };
    const code = `<?php\n${php.catchSnippet(input)}\n$ok = ${php.typeGuardSnippet(input)};\n`;
    expect(code).toContain('catch (\\Symfony\\Component\\Finder\\Exception\\DirectoryNotFoundException $e)');
    expect(phpAnalyzer.analyze(code, 'x.php').syntaxErrorLine ?? null).toBeNull();
    expect(phpAnalyzer.analyze('<?php\nfunction f( {\n', 'x.php').syntaxErrorLine).toBe(2);
  });

  it('reads conditions over parameters', () => {
    const v = (text: string, values: Record<string, string | number | null>) => evaluateCondition(parseCondition(text), new Map(Object.entries(values)));
    expect(v('$x > 1 && !is_string($name)', { x: 2, name: 3 })).toBe(true);
    expect(v('strlen($key) === 0 or null === $k', { key: 'ab', k: null })).toBe(true);
    expect(v('str_contains($key, ":")', { key: 'ab' })).toBe(false);
  });

  it('analyzes a huge generated file and a file the grammar rejects', () => {
    const body = Array.from({ length: 4000 }, (_, i) => `    public function f${i}($x) {\n        $m = 'Failure number ${i}';\n        throw new \\RuntimeException(<<<EOT\n        $m for {$x}\n        EOT);\n    }`).join('\n');
    const a = phpAnalyzer.analyze(`<?php\nclass Huge {\n${body}\n}\n`, 'huge.php');
    expect(a.sites).toHaveLength(4000);
    expect(a.sites[3999].symbol).toBe('Huge.f3999');
    expect(renderMessage(a.sites[5].template!)).toBe('Failure number 5 for {x}');
    const broken = phpAnalyzer.analyze('<?php\nthrow new \\LogicException("kept");\nclass { function ( {\n', 'bad.php');
    expect(broken.syntaxErrorLine).toBe(3);
    expect(broken.sites.map((s) => s.errorClass)).toContain('LogicException');
  });

  it('marks a raise in a method, function or class whose doc comment says @deprecated (decision 0098)', () => {
    const src = [
      '<?php',
      'class Errors {',
      '    /**',
      '     * @deprecated Use MissingField::create',
      '     */',
      '    public static function missingField($f) { return new \\LogicException("missing $f"); }',
      '    /** @deprecated */',
      '    #[Pure]',
      '    public function viaAttribute() { throw new \\LogicException("attr"); }',
      '    /** @deprecated */',
      '    public function withClosure() { return function () { throw new \\LogicException("closure"); }; }',
      '    /* @deprecated (not a doc comment) */',
      '    public function plainComment() { throw new \\LogicException("plain"); }',
      '    /** Says a @deprecated word in a sentence, no tag. */',
      '    public function inProse() { throw new \\LogicException("prose"); }',
      '    public function live() { throw new \\LogicException("live"); }',
      '}',
      '/** @deprecated since 2.0 */',
      'final class OldErrors { public function any() { throw new \\LogicException("old class"); } }',
      '/**',
      ' * @deprecated',
      ' */',
      'function old_helper() { throw new \\LogicException("old function"); }',
    ].join('\n');
    const sites = phpAnalyzer.analyze(src, 'errors.php').sites;
    expect(sites.map((s) => [renderMessage(s.template!), s.deprecated ?? false])).toEqual([
      ['missing {f}', true], ['attr', true], ['closure', true], ['plain', false], ['prose', false], ['live', false],
      ['old class', true], ['old function', true],
    ]);
  });

  it('reads `new $class(…)` of a class a closure takes in, and of a mapping with fallback classes (decision 0129)', () => {
    const src = [
      '<?php',
      'class ClientException extends \\RuntimeException {}',
      'class ServerException extends \\RuntimeException {}',
      'class R {',
      '  public function used($code) {',
      '    if (isset($this->map[$code])) { $cls = $this->map[$code]; } elseif ($code >= 500) { $cls = ServerException::class; } else { $cls = ClientException::class; }',
      '    return static function () use ($cls) { return new $cls("by use"); };',
      '  }',
      '  public function arrow($code) { $cls = ClientException::class; return fn () => new $cls("by arrow"); }',
      '  public function notTaken() { $cls = ClientException::class; return function () { return new $cls("not taken"); }; }',
      '  public function runTime($code) { $cls = $this->map[$code]; return new $cls("run time"); }',
      '  public function onlyRunTime($code) { if ($code) { $cls = $this->map[$code]; } return new $cls("only run time"); }',
      '}',
    ].join('\n');
    const sites = phpAnalyzer.analyze(src, 'r.php').sites;
    expect(sites.map((s) => [renderMessage(s.template!), s.errorClass])).toEqual([
      ['by use', 'ServerException'],
      ['by arrow', 'ClientException'],
    ]);
  });

  it('reads `new $class(…)` of a class looked up in a table of classes the class or the function declares, with a `??` fallback', () => {
    const src = [
      '<?php',
      'class OutOfMemory extends \\RuntimeException {}',
      'class BadFormat extends \\RuntimeException {}',
      'class Fallback extends \\RuntimeException {}',
      'class C {',
      '  private static $errors = ["OUT_OF_MEMORY" => OutOfMemory::class, "BAD_FORMAT" => BadFormat::class];',
      '  const MAP = ["BAD_FORMAT" => BadFormat::class];',
      '  private $mixed = ["A" => BadFormat::class, "B" => "not a class name"];',
      '  public function prop($n) { if (isset(self::$errors[$n])) { $cls = self::$errors[$n]; throw new $cls("by property"); } }',
      '  public function constant($n) { $cls = static::MAP[$n] ?? Fallback::class; throw new $cls("by constant"); }',
      '  public function mixed($n) { $cls = $this->mixed[$n]; throw new $cls("mixed table"); }',
      '  public function other($n) { $cls = Other::$errors[$n]; throw new $cls("another class"); }',
      '  public function local($n) { $map = ["X" => Fallback::class]; $cls = $map[$n]; throw new $cls("by local"); }',
      '}',
    ].join('\n');
    const sites = phpAnalyzer.analyze(src, 'c.php').sites;
    expect(sites.map((s) => [renderMessage(s.template!), s.errorClass])).toEqual([
      ['by property', 'OutOfMemory'],
      ['by constant', 'BadFormat'],
      ['by local', 'Fallback'],
    ]);
  });

  it('cannotRaise only for text with nothing to find', () => {
    expect(phpAnalyzer.cannotRaise!('<?php\nfunction f($x) { return $x + 1; }\n', 'x.php')).toBe(true);
    for (const src of ['throw new X("a");', 'class A {}', 'trigger_error("x");', '$this->logger->error("x");']) expect(phpAnalyzer.cannotRaise!(src, 'x.php'), src).toBe(false);
  });
});
