// A message alone, against small Python trees written here: what the records and the order of hits
// say when nothing but the text is given.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

let db: string;

beforeAll(() => {
  const root = tmpDir('alone');
  // Two classes raised with the same message in one file (pytz's localize), and a base class
  // re-raising what a subclass raised (pyparsing's parse_string).
  write(root, 'tz/pkg/tzinfo.py', [
    'class InvalidTimeError(Exception):', '    pass', '', '', 'class AmbiguousTimeError(InvalidTimeError):', '    pass', '', '',
    'class NonExistentTimeError(InvalidTimeError):', '    pass', '', '',
    'def localize(dt, is_dst):', '    if is_dst is None and dt.gap:', '        raise NonExistentTimeError(dt)',
    '    if is_dst is None and dt.fold:', '        raise AmbiguousTimeError(dt)', '    return dt', '', '',
    'def check(dt):', '    try:', '        localize(dt, None)', '    except InvalidTimeError:', '        raise InvalidTimeError(dt)', '',
  ].join('\n'));
  // A constant argument is its text.
  write(root, 'tz/pkg/zones.py', [
    'class UnknownTimeZoneError(KeyError):', '    pass', '', '', 'def timezone(zone):', '    if zone is None:', '        raise UnknownTimeZoneError(None)',
    "    if zone == '':", "        raise ValueError('%s zone: %s' % ('empty', False))", '    return zone', '',
  ].join('\n'));
  // `%r` of a string and `'%s'` write the same quotes: the first raise is not behind the second.
  write(root, 'mock/pkg/mock.py', [
    'class Mock:', '    def __getattr__(self, name):', "        if name.startswith('assert'):",
    '            raise AttributeError("Mock object has no attribute %r" % name)', '        return None', '',
    '    def __setattr__(self, name, value):', '        if self._spec_set:', "            raise AttributeError(\"Mock object has no attribute '%s'\" % name)",
    '        object.__setattr__(self, name, value)', '',
  ].join('\n'));
  // A module function (`open`), a class that names it in a string and calls another module's
  // function of that name after its own raise, and a function that calls it after its raise.
  write(root, 'cod/pkg/streams.py', [
    'def open(filename, encoding):', '    if not encoding.isidentifier():', "        raise LookupError('unknown encoding: %s' % encoding)", '    return filename', '',
  ].join('\n'));
  write(root, 'cod/pkg/textio.py', [
    'import builtins', '', '', 'class TextWrapper:', '    def __init__(self, name, encoding):', '        if not encoding.isalnum():',
    "            raise LookupError('unknown encoding: %s' % encoding)", '        if encoding.startswith("x"):',
    '            raise ValueError("%r is not a text encoding; use streams.open() to handle it" % encoding)',
    '        self.f = builtins.open(name)', '',
  ].join('\n'));
  write(root, 'cod/pkg/reader.py', [
    'from pkg import streams', '', '', 'def read(name, encoding):', '    if not encoding.isascii():',
    "        raise LookupError('unknown encoding: %s' % encoding)", '    return streams.open(name, encoding)', '',
  ].join('\n'));
  db = path.join(tmpDir('alone-db'), 'i.sqlite');
  expect(errdex(['analyze', root, '--db', db, '--threads', '0']).code).toBe(0);
});

type H = { record: { filePath: string; errorClass: string; lineNumber: number; errorMessage: string }; lines: number[]; why: string[]; score: number };
const hitsFor = (text: string): H[] => explainOutput(errdex(['explain', text, '--db', db, '--json']).stdout).hits;

describe('a message alone, Python', () => {
  it('two classes raising one message in a file are two records, each of its class', () => {
    const hits = explainOutput(errdex(['explain', 'Traceback (most recent call last):\n  File "/x/tz/pkg/tzinfo.py", line 17, in localize\n    raise AmbiguousTimeError(dt)\npkg.tzinfo.AmbiguousTimeError: 2024-11-03 01:30:00', '--db', db, '--json']).stdout).hits as H[];
    expect(hits[0].record.filePath).toBe('tz/pkg/tzinfo.py');
    expect(hits[0].record.errorClass).toBe('AmbiguousTimeError');
    expect(hits[0].record.lineNumber).toBe(17);
    const other = explainOutput(errdex(['explain', 'Traceback (most recent call last):\n  File "/x/tz/pkg/tzinfo.py", line 15, in localize\n    raise NonExistentTimeError(dt)\npkg.tzinfo.NonExistentTimeError: 2024-03-10 02:30:00', '--db', db, '--json']).stdout).hits as H[];
    expect(other[0].record.errorClass).toBe('NonExistentTimeError');
    expect(other[0].record.lineNumber).toBe(15);
    expect(other[0].lines).not.toContain(17);
    // (the class named with the message finds the raise of that class: decision 0033's lookup)
    const named = hitsFor('pkg.tzinfo.AmbiguousTimeError: 2024-11-03 01:30:00');
    expect(named[0].record).toMatchObject({ filePath: 'tz/pkg/tzinfo.py', errorClass: 'AmbiguousTimeError', lineNumber: 17 });
  });

  it("a base class re-raising its subclasses' message stays one record with them", () => {
    const hits = explainOutput(errdex(['explain', 'Traceback (most recent call last):\n  File "/x/tz/pkg/tzinfo.py", line 25, in check\n    raise InvalidTimeError(dt)\npkg.tzinfo.InvalidTimeError: 2024-03-10 02:30:00', '--db', db, '--json']).stdout).hits as H[];
    expect(hits[0].record.lineNumber).toBe(15);
    expect([...hits[0].lines].sort((a, b) => a - b)).toEqual([15, 25]);
  });

  it('None, True, False and integers passed as the message are their text', () => {
    expect(hitsFor('None')[0]?.record).toMatchObject({ filePath: 'tz/pkg/zones.py', errorMessage: 'None', lineNumber: 7 });
    expect(hitsFor('empty zone: False')[0]?.record).toMatchObject({ filePath: 'tz/pkg/zones.py', errorMessage: 'empty zone: False' });
  });

  it("a %r hole's quotes count as the quotes '%s' writes", () => {
    const hits = hitsFor("Mock object has no attribute 'flush'");
    expect(hits.slice(0, 2).map((h) => h.record.lineNumber)).toEqual([4, 9]);
    expect(hits[0].score).toBe(hits[1].score);
    expect(hits[0].why[0]).toMatch(/26 literal characters/);
  });

  it('a call in a string, or of another module, is no call of a module function', () => {
    const hits = hitsFor('unknown encoding: utf-9');
    const by = (f: string) => hits.find((h) => h.record.filePath === f)!;
    expect(by('cod/pkg/textio.py').why.join('\n')).not.toMatch(/calls after the raise/);
    expect(by('cod/pkg/reader.py').why.join('\n')).toMatch(/checked before open, which its function calls after the raise/);
    expect(hits.findIndex((h) => h.record.filePath === 'cod/pkg/reader.py')).toBeLessThan(hits.findIndex((h) => h.record.filePath === 'cod/pkg/streams.py'));
  });
});
