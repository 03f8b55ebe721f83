// The code a runtime's message names (Language.quotedCode), per pack: the JVM's helpful
// NullPointerException, V8's `is not a function`, PHP's and CPython's named callables. Each form's text is what the runtime of this
// machine printed (JDK 17, Node 20; test/e2e/quoted-code.test.ts runs them and answers each).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { v8QuotedCode } from '../../src/languages/javascript/quoted.js';
import { javaQuotedCode } from '../../src/languages/jvm/quoted.js';
import { phpQuotedCode } from '../../src/languages/php/quoted.js';
import { pythonQuotedCode } from '../../src/languages/python/quoted.js';

describe('javaQuotedCode (JEP 358)', () => {
  it.each([
    ['Cannot invoke "java.awt.image.BufferedImage.getColorModel()" because "src" is null', { code: 'src.getColorModel(', near: 'java/awt/image/', local: { name: 'src', type: 'BufferedImage' } }],
    ['Cannot invoke "String.length()" because "box.label" is null', { code: 'box.label.length(' }],
    ['Cannot invoke "N$P.get(int, String)" because "this.head" is null', { code: 'head.get(' }],
    // (a static field prints with its class, which code mostly leaves out)
    ['Cannot invoke "N$P.get()" because "N.sp" is null', { code: 'sp.get(' }],
    ['Cannot invoke "N$P.get()" because the return value of "N$P.next()" is null', { code: 'next().get(' }],
    ['Cannot read field "x" because "p" is null', { code: 'p.x', local: { name: 'p', type: null } }],
    ['Cannot assign field "x" because "q.next" is null', { code: 'q.next.x' }],
    ['Cannot load from int array because "a" is null', { code: 'a[', local: { name: 'a', type: null } }],
    ['Cannot store to object array because "this.items" is null', { code: 'items[' }],
    ['Cannot read the array length because "buf" is null', { code: 'buf.length', local: { name: 'buf', type: null } }],
    // (a nested class is declared by its own name)
    ['Cannot invoke "a.Outer$Inner.run()" because "task" is null', { code: 'task.run(', near: 'a/', local: { name: 'task', type: 'Inner' } }],
    // (Enum.valueOf: the enum's declaration, under its package; a nested one in a file holding its outer class)
    ['No enum constant javax.lang.model.SourceVersion.RELEASE_99', { code: 'enum SourceVersion', near: 'javax/lang/model/' }],
    ['No enum constant javax.tools.DocumentationTool.Location.X', { code: 'enum Location', near: 'javax/tools/', holds: ['DocumentationTool'] }],
    ['No enum constant Unit.FT', { code: 'enum Unit' }],
  ])('%s', (message, want) => {
    expect(javaQuotedCode(message)).toEqual(want);
  });

  it.each([
    // (compiled without -g: no name to look for)
    'Cannot invoke "String.length()" because "<local4>" is null',
    'Cannot read field "x" because "<parameter1>" is null',
    'Cannot throw exception because "null" is null',
    'Cannot enter synchronized block because "p" is null',
    'Cannot invoke "String.length()"',
    'key is null',
    'No enum constant ',
    'No enum constant X',
    `Cannot read field "x" because "${'a.'.repeat(300)}b" is null`,
  ])('names no code: %s', (message) => {
    expect(javaQuotedCode(message)).toBeNull();
  });
});

describe('v8QuotedCode', () => {
  it.each([
    ['formatStr.match is not a function', 'formatStr.match('],
    ['this.parser.parse is not a function', 'this.parser.parse('],
    ['o.a?.b is not a function', 'o.a?.b('],
    ['shape.Kind is not a constructor', 'new shape.Kind'],
    ['options.items is not iterable', 'options.items'],
  ])('%s', (message, code) => {
    expect(v8QuotedCode(message)).toEqual({ code });
  });

  it.each([
    // (a bare name, or one too short, is on too many lines)
    'callback is not a function',
    'e.t is not a function',
    "Cannot read properties of undefined (reading 'z')",
    'object is not iterable (cannot read property Symbol(Symbol.iterator))',
    `${'a.'.repeat(150)}b is not a function`,
  ])('names no code: %s', (message) => {
    expect(v8QuotedCode(message)).toBeNull();
  });
});

describe('phpQuotedCode (TypeError, ArgumentCountError)', () => {
  const NAMESPACED = /^[ \t]*namespace\s+[A-Za-z_][\w\\]*\s*[;{]/m;
  it('tells a file declaring a namespace from one that does not', () => {
    const lacks = phpQuotedCode('SplFileInfo::__construct(): Argument #1 ($filename) must be of type string, stdClass given')!.lacks!;
    expect(lacks.test('<?php\n\nnamespace Symfony\\Component\\Finder;\n\nclass SplFileInfo extends \\SplFileInfo\n')).toBe(true);
    expect(lacks.test('<?php\nnamespace Acme {\n}\n')).toBe(true);
    expect(lacks.test('<?php\n// the namespace of this file\nclass SplFileInfo {}\n')).toBe(false);
  });

  it.each([
    ['Acme\\Money::of(): Argument #1 ($amount) must be of type int, string given, called in /app/run.php on line 5', { code: 'function of(', holds: ['class Money'], orElse: { code: 'of(' } }],
    ['Too few arguments to function Acme\\Money::__construct(), 1 passed in /app/run.php on line 9 and exactly 2 expected', { code: 'function __construct(', holds: ['class Money'], orElse: { code: 'Money(' } }],
    ['Acme\\parse_amount(): Argument #1 ($x) must be of type int, string given, called in /app/run.php on line 8', { code: 'function parse_amount(', holds: ['namespace Acme'], orElse: { code: 'parse_amount(' } }],
    // (a class or function named without a namespace is declared in a file without one)
    ['str_pad(): Argument #2 ($length) must be of type int, string given', { code: 'function str_pad(', lacks: NAMESPACED, orElse: { code: 'str_pad(' } }],
    ['call_user_func_array(): Argument #1 ($callback) must be a valid callback, function "f" not found or invalid function name', { code: 'function call_user_func_array(', lacks: NAMESPACED, orElse: { code: 'call_user_func_array(' } }],
    ['SplFileInfo::__construct(): Argument #1 ($filename) must be of type string, stdClass given', { code: 'function __construct(', holds: ['class SplFileInfo'], lacks: NAMESPACED, orElse: { code: '\\SplFileInfo(', orElse: { code: 'SplFileInfo(' } } }],
    ['DateTimeZone::__construct(): Unknown or bad timezone (Europe/Pariss)', { code: '\\DateTimeZone(', orElse: { code: 'DateTimeZone(' } }],
    ['file_get_contents(/nonexistent/a.json): Failed to open stream: No such file or directory', { code: 'file_get_contents(' }],
    ['DateTime::modify(): Failed to parse time string (nope) at position 0 (n)', { code: 'modify(' }],
  ])('%s', (message, want) => {
    expect(phpQuotedCode(message)).toEqual(want);
  });

  it.each([
    '{closure}(): Argument #1 ($x) must be of type int, string given',
    'Object of class stdClass could not be converted to string',
    'Failed to parse time string (next tuesdy) at position 8 (s)',
    'Config (app.ini): missing key',
  ])('names no code: %s', (message) => {
    expect(phpQuotedCode(message)).toBeNull();
  });
});

describe('pythonQuotedCode (AttributeError, TypeError of a named callable)', () => {
  const called = (name: string) => ({ code: `${name}(`, notAfter: ['def', 'class'], orElse: { code: `.${name}(` } });
  it.each([
    ["'int' object has no attribute 'startswith'", { code: '.startswith' }],
    ["'NoneType' object has no attribute 'group'", { code: '.group' }],
    ["module 'os' has no attribute 'fsencodee'. Did you mean: 'fsencode'?", { code: 'os.fsencodee', orElse: { code: '.fsencodee' } }],
    ["module 'xml.etree' has no attribute 'Tree'", { code: 'etree.Tree', orElse: { code: '.Tree' } }],
    ["type object 'Machine' has no attribute 'to_c'", { code: 'Machine.to_c', orElse: { code: '.to_c' } }],
    ['Parser.feed() takes 2 positional arguments but 3 were given', { code: '.feed(' }],
    ["Parser.__init__() missing 1 required positional argument: 'source'", called('Parser')],
    ["render() got an unexpected keyword argument 'strict'", called('render')],
    ['write() argument must be str, not bytes', called('write')],
    ["encode() argument 'encoding' must be str, not int", called('encode')],
    ['isinstance() arg 2 must be a type, a tuple of types, or a union', called('isinstance')],
    ['ord() expected a character, but string of length 2 found', called('ord')],
    ['int.mro() takes no arguments (1 given)', { code: '.mro(' }],
    ['list.remove(x): x not in list', { code: '.remove(' }],
    ['startswith first arg must be str or a tuple of str, not bytes', { code: '.startswith(' }],
    ['pop expected at least 1 argument, got 0', called('pop')],
    ["could not convert string to float: '1,5'", { code: 'float(' }],
    ["invalid literal for int() with base 10: 'x'", { code: 'int(' }],
  ])('%s', (message, want) => {
    expect(pythonQuotedCode(message)).toEqual(want);
  });

  it.each([
    "'int' object is not subscriptable",
    "[Errno 2] No such file or directory: '/tmp/x'",
    "'in <string>' requires string as left operand, not bytes",
    'setupterm: could not find terminal',
    // (other runtimes' forms are theirs)
    'str_pad(): Argument #2 ($length) must be of type int, string given',
    'formatStr.match is not a function',
    `'x' object has no attribute '${'a'.repeat(600)}'`,
  ])('names no code: %s', (message) => {
    expect(pythonQuotedCode(message)).toBeNull();
  });

  it('reads what python3 prints for each form', () => {
    const forms = [
      '(1).startswith',
      "__import__('os').fsencodee",
      'type("Machine", (), {}).to_c',
      'class Parser:\n def feed(self, x): pass\nParser().feed(1, 2)',
      'class Parser:\n def __init__(self, source): pass\nParser()',
      "import io; io.TextIOWrapper(io.BytesIO()).write(b'x')",
      '[].remove(1)',
      "'x'.startswith(b'x')",
      '{}.pop()',
      "float('1,5')",
      "int('x', 16)",
    ];
    const script = `for src in ${JSON.stringify(forms)}:\n    try:\n        exec(src)\n    except Exception as e:\n        print(str(e))\n`;
    const out = spawnSync('python3', ['-c', script]).stdout.toString().trim().split('\n');
    expect(out.map((m) => pythonQuotedCode(m)?.code)).toEqual([
      '.startswith', 'os.fsencodee', 'Machine.to_c', '.feed(', 'Parser(', 'write(', '.remove(', '.startswith(', 'pop(', 'float(', 'int(',
    ]);
  });
});
