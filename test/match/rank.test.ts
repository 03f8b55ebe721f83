import { describe, expect, it } from 'vitest';
import { MatchIndex } from '../../src/match/index.js';
import { classNamesake, classQualifier, packageAffinity, rankLink } from '../../src/match/rank.js';
import type { MatchRow } from '../../src/core/row.js';
import type { ErrorLink } from '../../src/core/trace.js';
import { hole, isGeneric, lit, normalize, type Template } from '../../src/template/ir.js';

const row = (template: Template, key: number, filePath: string, line: number, symbol: string | null = null): MatchRow => ({
  key, id: `r${key}`, repo: 'r', language: 'python', errorClass: 'ZeroDivisionError', errorCode: null, filePath, symbol,
  lines: [line], template, generic: isGeneric(template), package: null, entry: 0,
});
const link = (message: string): ErrorLink => ({ errorClass: null, message, errorCode: null, frames: [], language: null, relation: null, inputLine: 1 });

describe('rankLink', () => {
  const index = new MatchIndex([
    row([lit('x / 0')], 1, 'decimal.py', 10),
    row([lit('0 / 0')], 2, 'decimal.py', 20),
    row(normalize([lit('bad '), hole('x')]), 3, 'other.py', 5),
    // Two records of one site (messages its callers pass): one hit.
    row([lit('invalid zip data')], 4, 'zip.js', 7),
    row(normalize([lit('invalid zip data: '), hole('d')]), 5, 'zip.js', 7),
    row([lit('invalid zip data')], 6, 'zip2.js', 9),
    // `message += '\nPrevious tokens: ...'` under a condition, read as one template.
    // One function shipped as CJS and ESM, and a function of another name with the same message.
    row([lit('Invalid time value')], 8, 'format.cjs', 359, 'format'),
    row([lit('Invalid time value')], 9, 'format.js', 350, 'format'),
    row([lit('Invalid time value')], 10, 'formatISO.cjs', 49, 'formatISO'),
    row([lit('Invalid time value')], 11, 'formatISO.js', 47, 'formatISO'),
    // A one-word message (generic by its length, but all text) in two builds.
    row([lit('radix')], 14, 'lib/bson.cjs', 1330, 'Long._fromString'),
    row([lit('radix')], 15, 'lib/bson.mjs', 1328, 'Long._fromString'),
    // One file raising one message at several lines under other placeholder names.
    row(normalize([lit('[DecimalError] Invalid argument: '), hole('max')]), 12, 'decimal.js', 232, 'P.clamp'),
    row(normalize([lit('[DecimalError] Invalid argument: '), hole('str')]), 13, 'decimal.js', 3627, 'parseOther'),
    row(normalize([lit("No terminal matches '"), hole('char'), lit("' in the current parser context"), hole('ctx'), lit('\nPrevious tokens: '), hole('h')]), 7, 'lexer.py', 30),
    // An end that is a hole, empty at run time (REXML: the unconsumed source once all is read), after a literal ending in a newline the trimmed message lacks.
    row(normalize([lit('Missing end tag for '), hole('tag'), lit('\nLine: '), hole('line'), lit('\nPosition: '), hole('position'), lit('\nLast 80 unconsumed characters:\n'), hole('rest')]), 16, 'baseparser.rb', 365),
    // A template that starts with the word a message is read as a class by.
    row(normalize([lit('Fatal: cannot combine '), hole('a'), lit(' with '), hole('b'), lit('\nSee: '), hole('doc')]), 17, 'combine.py', 12),
  ]);

  it('a message equal to a short literal template, with no word to look it up by, is found', () => {
    const [top] = rankLink(index, link('x / 0'));
    expect(top.row.key).toBe(1);
    expect(top.matchType).toBe('template');
    expect(top.score).toBeGreaterThan(0.5);
    expect(rankLink(index, link('y / 0'))).toEqual([]);
  });

  it('names each site once', () => {
    const hits = rankLink(index, link('invalid zip data'));
    expect(hits.map((h) => `${h.row.filePath}:${h.row.lines[0]}`)).toEqual(['zip.js:7', 'zip2.js:9']);
  });

  it('names the copies of one raise (same function, class and message) as one hit that lists the others', () => {
    const hits = rankLink(index, link('Invalid time value'));
    expect(hits.map((h) => `${h.row.filePath}:${h.row.lines[0]}`)).toEqual(['format.js:350', 'formatISO.js:47']);
    expect(hits.map((h) => h.copies)).toEqual([[{ id: 'r8', filePath: 'format.cjs', line: 359 }], [{ id: 'r10', filePath: 'formatISO.cjs', line: 49 }]]);
    // A stack frame picks the copy that ran.
    const framed = rankLink(index, { ...link('Invalid time value'), frames: [{ file: '/app/format.cjs', line: 359, column: null, func: null }] });
    expect(framed[0].row.filePath).toBe('format.cjs');
    expect(framed[0].copies.map((c) => c.filePath)).toEqual(['format.js']);
  });

  it('groups the copies of a short message that is all text', () => {
    const hits = rankLink(index, link('radix'));
    expect(hits.map((h) => [h.row.filePath, h.copies.map((c) => c.filePath)])).toEqual([['lib/bson.cjs', ['lib/bson.mjs']]]);
  });

  it('names one file raising one message under other placeholder names once, with all its lines', () => {
    const hits = rankLink(index, link('[DecimalError] Invalid argument: 12.5.0'));
    expect(hits).toHaveLength(1);
    expect(hits[0].lines).toEqual([232, 3627]);
  });

  it("a message without a template's conditional end matches its start, below a whole match", () => {
    const [top] = rankLink(index, link("No terminal matches 'b' in the current parser context\n\naab\n  ^"));
    expect(top.row.key).toBe(7);
    expect(top.matchType).toBe('template');
    expect(top.captures).toEqual({ char: 'b' });
    expect(top.why[0]).toMatch(/start of the template/);
    expect(top.score).toBeLessThan(0.75);
  });

  it('matches a template whose end is holes without them, every literal before placed (the message trimmed)', () => {
    const [top] = rankLink(index, link('Missing end tag for b\nLine: 1\nPosition: 10\nLast 80 unconsumed characters:'));
    expect(top.row.key).toBe(16);
    expect(top.matchType).toBe('template');
    // (the holes after the last literal are left empty: a trailing one may also be read as empty text)
    expect(top.captures).toMatchObject({ tag: 'b', line: '1', position: '10' });
    expect(Object.entries(top.captures).filter(([k]) => !['tag', 'line', 'position'].includes(k)).every(([, v]) => v === '')).toBe(true);
  });

  it("tries a template's start on the message with the word read as its class too", () => {
    const [top] = rankLink(index, { ...link('cannot combine x with y'), errorClass: 'Fatal' });
    expect(top.row.key).toBe(17);
    expect(top.matchType).toBe('template');
    expect(top.captures).toEqual({ a: 'x' });
  });

  it('scores a short template found inside the message, no literal of it at an end, by its words only', () => {
    const thin = new MatchIndex([
      row([lit('undefined')], 1, 'stringify.js', 7),
      row(normalize([lit('Cannot read properties of '), hole('v'), lit(' (reading '), hole('p'), lit(')')]), 2, 'reader.js', 3),
      row([lit('missing')], 3, 'main.js', 142),
      row(normalize([lit('cannot '), hole('action')]), 4, 'messages.rb', 40),
    ]);
    const hits = rankLink(thin, link("Cannot read properties of undefined (reading 'type')"));
    expect(hits.slice(0, 2).map((h) => [h.row.key, h.matchType])).toEqual([[2, 'template'], [1, 'fuzzy']]);
    const inside = rankLink(thin, link('No such file or directory - /tmp/missing.toml'));
    expect(inside.map((h) => [h.row.key, h.matchType])).toEqual([[3, 'fuzzy']]);
    expect(inside[0].score).toBeLessThan(0.5);
    // A hole at the template's end reaches the text's end whatever it holds: no anchor.
    const held = rankLink(thin, link('Did not recognize your adapter (cannot load such file -- x)'));
    expect(held.map((h) => [h.row.key, h.matchType])).toEqual([[4, 'fuzzy']]);
    // At an end of the message it still reads it: a prefix or suffix around a message is a wrapper's.
    const [atEnd] = rankLink(thin, link('config: missing'));
    expect([atEnd.row.key, atEnd.matchType]).toEqual([3, 'template']);
    expect(atEnd.score).toBeGreaterThan(0.5);
    // A message printed as its repr starts and ends inside its quotes.
    const [quoted] = rankLink(thin, link("'missing'"));
    expect([quoted.row.key, quoted.matchType]).toEqual([3, 'template']);
  });

  it('breaks a tie on the message by the package of a class named with it', () => {
    const moveto = [lit('missing initial moveto in path definition')];
    const tied = new MatchIndex([
      { ...row(moveto, 1, 'sun/awt/geom/Curve.java', 132, 'Curve.insertMove'), language: 'java', errorClass: 'IllegalPathStateException' },
      { ...row(moveto, 2, 'java/awt/geom/Path2D.java', 1250, 'Path2D.needRoom'), language: 'java', errorClass: 'IllegalPathStateException' },
    ]);
    const order = (l: ErrorLink) => rankLink(tied, l).map((h) => h.row.filePath);
    // (the message alone: the public package before the JDK's internal one, though its path is longer)
    expect(order(link('missing initial moveto in path definition'))).toEqual(['java/awt/geom/Path2D.java', 'sun/awt/geom/Curve.java']);
    const named = { ...link('missing initial moveto in path definition'), errorClass: 'java.awt.geom.IllegalPathStateException' };
    expect(order(named)).toEqual(['java/awt/geom/Path2D.java', 'sun/awt/geom/Curve.java']);
    const [a, b] = rankLink(tied, named);
    expect(a.score).toBe(b.score);
    // (a class named with the internal package's name: the file in that package, before the public one)
    expect(order({ ...named, errorClass: 'sun.awt.geom.IllegalPathStateException' })).toEqual(['sun/awt/geom/Curve.java', 'java/awt/geom/Path2D.java']);
    // (two files of one kind: the shorter path)
    const plain = new MatchIndex([
      { ...row(moveto, 1, 'java/awt/geom/Path2D.java', 1250, 'Path2D.needRoom'), language: 'java' },
      { ...row(moveto, 2, 'java/awt/Shape.java', 10, 'Shape.x'), language: 'java' },
    ]);
    expect(rankLink(plain, link('missing initial moveto in path definition')).map((h) => h.row.filePath)).toEqual(['java/awt/Shape.java', 'java/awt/geom/Path2D.java']);
    // (PHP namespaces, Ruby modules; a bare class has no package)
    expect(packageAffinity(classQualifier('Symfony\\Component\\Yaml\\Exception\\ParseException')!, 'Symfony/Component/Yaml/Parser.php')).toBe(3);
    expect(packageAffinity(classQualifier('JWT::EncodeError')!, 'lib/jwt/algos/rsa.rb')).toBe(1);
    expect(classQualifier('ValueError')).toBeNull();
  });

  it("breaks a tie on the message by the file named as the class a capture's class is named after", () => {
    // (a base class's `sprintf('Method %s::%s does not exist.', static::class, $method)`, copied in several classes)
    const missing = normalize([lit('Method '), hole('class'), lit('::'), hole('method'), lit(' does not exist.')]);
    const tied = new MatchIndex([
      { ...row(missing, 1, 'Illuminate/Routing/Controller.php', 68), language: 'php' },
      { ...row(missing, 2, 'Carbon/Date.php', 2455), language: 'php' },
    ]);
    const order = (m: string) => rankLink(tied, link(m)).map((h) => h.row.filePath);
    expect(order('Method InvoiceController::shwo does not exist.')).toEqual(['Illuminate/Routing/Controller.php', 'Carbon/Date.php']);
    // (a class named otherwise: the shorter path, as before)
    expect(order('Method Invoice::shwo does not exist.')).toEqual(['Carbon/Date.php', 'Illuminate/Routing/Controller.php']);
    expect(classNamesake('Routing/Controller.php', { class: 'App\\Http\\InvoiceController' })).toBe(1);
    expect(classNamesake('Routing/Controller.php', { class: 'com.acme.InvoiceController' })).toBe(1);
    // (the file's own class, a word run into it, a sentence, a module named in lower case: no)
    expect(classNamesake('Routing/Controller.php', { class: 'Controller' })).toBe(0);
    expect(classNamesake('Routing/Controller.php', { class: 'NOController' })).toBe(0);
    expect(classNamesake('Routing/Controller.php', { class: 'the InvoiceController' })).toBe(0);
    expect(classNamesake('routing/controller.py', { class: 'InvoiceController' })).toBe(0);
    expect(classNamesake('Routing/Set.php', { class: 'OrderedSet' })).toBe(0);
  });
});

describe('ties of errors that are values (decision 0125)', () => {
  const tied = (language: string, ext: string): MatchRow[] => [
    { ...row([lit('message too long for the key size')], 1, `rsa.${ext}`, 453), language, errorClass: null },
    { ...row([lit('message too long for the key size')], 2, `pkcs1v15.${ext}`, 47), language, errorClass: null, lines: [47, 285] },
  ];
  const order = (rows: MatchRow[]) => rankLink(new MatchIndex(rows), link('message too long for the key size')).map((h) => h.row.filePath);

  it('puts the record made at more lines first when both are of a language whose errors are values', () => {
    expect(order(tied('go', 'go'))).toEqual(['pkcs1v15.go', 'rsa.go']);
    expect(order(tied('rust', 'rs'))).toEqual(['pkcs1v15.rs', 'rsa.rs']);
  });

  it('leaves other languages\' ties to the shorter path (a trace breaks theirs)', () => {
    expect(order(tied('python', 'py'))).toEqual(['rsa.py', 'pkcs1v15.py']);
  });
});
