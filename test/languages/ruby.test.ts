// The Ruby pack: its trace parser on traces printed by Ruby 3.1 (captured from this machine's
// interpreter) and in Ruby 3.4's quoted style (written from its documented format), its metadata,
// prefilter and snippets.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/query/parse.js';
import { rubyPack } from '../../src/languages/ruby/index.js';
import { parseRubyHeader, parseRubyTrace } from '../../src/languages/ruby/trace.js';
import { analyzeRuby, rubyCannotRaise } from '../../src/languages/ruby/analyze.js';
import { parseRuby } from '../../src/languages/ruby/grammar.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/ruby/${name}`, import.meta.url), 'utf8');

describe('ruby traces', () => {
  for (const style of ['3.1', '3.4']) {
    it(`reads a cause printed after the error (${style})`, () => {
      const links = parseRubyTrace(fixture(`cause-${style}.txt`));
      expect(links.map((l) => [l.errorClass, l.message, l.relation])).toEqual([
        ['Date::Error', 'invalid date', null],
        ['TypeError', 'could not load "nope"', 'cause'],
      ]);
      const outer = links[1];
      // outermost first; the header is the innermost frame
      expect(outer.frames[outer.frames.length - 1]).toMatchObject({ file: 'chain.rb', line: 7 });
      expect(outer.frames[0]).toMatchObject({ file: 'chain.rb', line: 11 });
      expect(outer.frames).toHaveLength(5);
      expect(links[0].frames[links[0].frames.length - 1].func).toBe(style === '3.1' ? 'strptime' : 'Date.strptime');
    });
    it(`drops <internal:…> frames from what is looked up (${style})`, () => {
      const [link] = parseInput(fixture(`internal-${style}.txt`)).links;
      expect(link).toMatchObject({ errorClass: 'RuntimeError', message: 'in tap', language: 'ruby' });
      expect(link.frames.map((f) => f.file)).toEqual(['-e', '<internal:kernel>', '-e']);
      expect(rubyPack.trace.indexedFrame(link.frames[1])).toBeNull();
      expect(rubyPack.trace.isInternalFile('<internal:kernel>')).toBe(true);
    });
  }

  it('reads a message of several lines (the class after its first line)', () => {
    const [link] = parseInput(fixture('rexml-3.1.txt')).links;
    expect(link.errorClass).toBe('REXML::ParseException');
    expect(link.message).toBe("Missing end tag for 'b' (got 'a')\nLine: 1\nPosition: 10\nLast 80 unconsumed characters:");
    expect(link.frames.at(-1)).toMatchObject({ file: '/usr/lib/ruby/gems/3.1.0/gems/rexml-3.2.5/lib/rexml/parsers/baseparser.rb', line: 365, func: 'pull_event' });
    expect(link.frames).toHaveLength(7);
  });

  it('reads `unhandled exception` as an empty RuntimeError', () => {
    const [link] = parseInput(fixture('empty-3.1.txt')).links;
    expect(link).toMatchObject({ errorClass: 'RuntimeError', message: '' });
  });

  it('reads a trace behind a log prefix, and keeps log lines out of the message', () => {
    const log = [
      'I, [2024-01-01T00:00:00] INFO -- : starting',
      "E, [2024-01-01T00:00:01] ERROR -- : lib/x.rb:3:in 'X#run': boom (ArgumentError)",
      "E, [2024-01-01T00:00:01] ERROR -- : \tfrom bin/x:5:in '<main>'",
      'I, [2024-01-01T00:00:02] INFO -- : done',
    ].join('\n');
    const links = parseInput(log).links.filter((l) => l.language === 'ruby');
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ errorClass: 'ArgumentError', message: 'boom' });
    expect(links[0].frames.map((f) => `${f.file}:${f.line}`)).toEqual(['bin/x:5', 'lib/x.rb:3']);
  });

  it('needs the class or a label: plain `file:line: text` is no header', () => {
    expect(parseRubyHeader('notes.txt:12: remember (this)')).toBeNull();
    expect(parseRubyHeader("x.rb:1:in '<main>': hi (RuntimeError)")).not.toBeNull();
    expect(parseRubyHeader('x.rb:1: warning: shadowing')).toBeNull();
  });

  it('reads a template engine\'s header, its template line with no label, when a frame follows it (haml 6, Ruby 3.1)', () => {
    const links = parseRubyTrace(fixture('haml-3.1.txt'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ errorClass: 'Haml::SyntaxError', message: 'Got "else" with no preceding "if"' });
    expect(links[0].frames.at(-1)).toMatchObject({ file: '(haml)', line: 1, func: null });
    expect(links[0].frames.at(-2)).toMatchObject({ file: 'lib/haml/parser.rb', line: 367, func: 'silent_script' });
    expect(rubyPack.trace.indexedFrame(links[0].frames.at(-1)!)).toBeNull();
    // (the same line with no frame below it is no trace)
    expect(parseRubyTrace(fixture('haml-3.1.txt').split('\n')[0])).toEqual([]);
    expect(parseRubyTrace('notes.txt:12: remember (This)\nnotes.txt:13: and (That)\n')).toEqual([]);
  });

  it('reads such a header when its message has more lines above the frames (slim 4, Ruby 3.1)', () => {
    const links = parseRubyTrace(fixture('slim-3.1.txt'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ errorClass: 'Slim::Parser::SyntaxError', message: 'Malformed indentation\n  (__TEMPLATE__), Line 3, Column 1\n    div\n    ^' });
    expect(links[0].frames.at(-1)).toMatchObject({ file: '(__TEMPLATE__)', line: 3, func: null });
    expect(links[0].frames.at(-2)).toMatchObject({ file: '/usr/share/rubygems-integration/all/gems/slim-4.1.0/lib/slim/parser.rb', line: 524, func: 'syntax_error!' });
    // (the frames must come within a few lines, with no other header between)
    const [head, ...rest] = fixture('slim-3.1.txt').split('\n');
    expect(parseRubyTrace([head, ...Array(25).fill('  more'), ...rest.slice(3)].join('\n'))).toEqual([]);
    expect(parseRubyTrace([head, "x.rb:13:in 'y': and (That)", ...rest].join('\n')).map((l) => l.errorClass)).toEqual(['That']);
  });
});

describe('ruby pack', () => {
  it('claims .rb and .rake and skips gemspecs and spec files', () => {
    expect(rubyPack.languages[0].extensions).toContain('rb');
    expect(rubyPack.files.skipFile('x.gemspec', true)).toBe('gem specification');
    expect(rubyPack.files.skipFile('parser_spec.rb', false)).toBe('test file');
    expect(rubyPack.files.skipFile('parser.rb', false)).toBeNull();
  });

  it('does not parse a file with nothing to report', () => {
    expect(rubyCannotRaise('def add(a, b)\n  a + b\nend\n')).toBe(true);
    expect(rubyCannotRaise('raise "x"')).toBe(false);
  });

  it('writes snippets that parse as Ruby', () => {
    const s = { errorClass: 'Thor::Error', errorCode: null, message: 'Unknown command "x"', symbol: 'Thor::Base.start' };
    const catchIt = rubyPack.languages[0].catchSnippet(s)!;
    expect(catchIt).toContain('rescue Thor::Error => e');
    const guard = rubyPack.languages[0].typeGuardSnippet(s)!;
    for (const code of [catchIt, guard]) expect(parseRuby(code).root().find({ rule: { kind: 'ERROR' } })).toBeNull();
  });

  it('reads a large generated file and a file the grammar rejects', () => {
    const lines = ['module Gen'];
    for (let i = 0; i < 4000; i++) lines.push(`  def m${i}(x) = raise(ArgumentError, "bad value #{x} in m${i}") unless x`);
    lines.push('end');
    const a = analyzeRuby(lines.join('\n'));
    expect(a.sites).toHaveLength(4000);
    expect(a.sites[3999]).toMatchObject({ line: 4001, errorClass: 'ArgumentError', symbol: 'Gen.m3999' });
    const broken = analyzeRuby('def f(\n  raise "x" if )\nend\n\nraise KeyError, "still read"\n');
    expect(broken.syntaxErrorLine).toBeGreaterThan(0);
    expect(broken.sites.some((s) => s.errorClass === 'KeyError')).toBe(true);
    // (binary garbage: a syntax error, no exception)
    expect(analyzeRuby('\u0000\u0001 class << <<\n').syntaxErrorLine).toBe(1);
  });
});
