// rankMessage (match/wrap.ts): which layer's hit comes first, and what the hits of inner messages
// say about the layers around them. (Real wrappers through the CLI: test/e2e/wrapped.test.ts.)
import { describe, expect, it } from 'vitest';
import type { MatchRow } from '../../src/core/row.js';
import type { ErrorLink } from '../../src/core/trace.js';
import { MatchIndex } from '../../src/match/index.js';
import { rankLink } from '../../src/match/rank.js';
import { MAX_DEPTH, rankMessage } from '../../src/match/wrap.js';
import { hole, isGeneric, lit, normalize, type Segment, type Template } from '../../src/template/ir.js';

const inner = (name: string): Segment => ({ hole: { name, expr: name, kind: 'any', inner: true } });
const row = (template: Template, key: number, filePath: string, line: number): MatchRow => ({
  key, id: `r${key}`, repo: 'r', language: 'python', errorClass: 'ValueError', errorCode: null, filePath, symbol: null,
  lines: [line], template: normalize(template), generic: isGeneric(normalize(template)), package: null, entry: 0,
});
const link = (message: string): ErrorLink => ({ errorClass: null, message, errorCode: null, frames: [], language: null, relation: null, inputLine: 1 });
const where = (h: { row: MatchRow }) => `${h.row.filePath}:${h.row.lines[0]}`;

describe('rankMessage', () => {
  const index = new MatchIndex([
    // the inner origin
    row([lit("unknown key '"), hole('key'), lit("' in section "), hole('section')], 1, 'config/keys.py', 10),
    // a wrapper that is a decoration: context words and a place
    row([lit('While parsing '), hole('source'), lit(': '), inner('e')], 2, 'config/load.py', 20),
    // a wrapper that says what failed
    row([lit('Could not load the plugin registry from '), hole('path'), lit(' because '), inner('e')], 3, 'plugins/registry.py', 30),
    // a wrapper of a wrapper
    row([lit('Startup aborted in stage '), hole('stage'), lit(': '), inner('err')], 4, 'app/boot.py', 40),
    // a short literal message elsewhere, and the message a class composes with its position (tomlkit's
    // `InvalidNumberError(line, col)`: `{message} at line {line} col {col}` with the message bound)
    row([lit('Invalid number')], 5, 'util/num.py', 50),
    row([lit('Invalid number at line '), hole('line'), lit(' col '), hole('col')], 6, 'toml/errors.py', 60),
  ]);

  it('a decoration wrapper: the confident inner origin first, naming the wrapper', () => {
    const hits = rankMessage(index, link("While parsing settings.ini: unknown key 'colour' in section ui"));
    expect(where(hits[0])).toBe('config/keys.py:10');
    expect(hits[0].inner).toBe("unknown key 'colour' in section ui");
    expect(hits[0].wrappedBy?.map((w) => (w.kind === 'record' ? where(w.hit) : w.text))).toEqual(['config/load.py:20']);
    expect(hits.map(where)).toContain('config/load.py:20');
  });

  it('a wrapper that says what failed: first, and its inner origin just below it', () => {
    const hits = rankMessage(index, link("Could not load the plugin registry from /etc/p.ini because unknown key 'x' in section core"));
    expect(hits.slice(0, 2).map(where)).toEqual(['plugins/registry.py:30', 'config/keys.py:10']);
    expect(hits[1].score).toBeLessThan(hits[0].score);
    expect(hits[0].wrappedBy).toBeUndefined();
  });

  it('no inner hit rises above a wrapper that says what failed, however deep', () => {
    const hits = rankMessage(index, link("Startup aborted in stage config: While parsing a.ini: unknown key 'x' in section ui"));
    expect(where(hits[0])).toBe('app/boot.py:40');
    const origin = hits.find((h) => where(h) === 'config/keys.py:10')!;
    expect(origin.wrappedBy?.map((w) => (w.kind === 'record' ? where(w.hit) : w.text))).toEqual(['app/boot.py:40', 'config/load.py:20']);
    expect(origin.score).toBeLessThan(hits[0].score);
  });

  it('takes generic decorations off when no wrapper record matches; a template holding the position stays ahead', () => {
    const plain = rankMessage(index, link("unknown key 'x' in section ui (line 3)"));
    expect(where(plain[0])).toBe('config/keys.py:10');
    expect(plain[0].wrappedBy).toEqual([{ kind: 'decoration', decoration: 'position', text: '(line 3)' }]);
    const toml = rankMessage(index, link('Invalid number at line 1 col 13'));
    expect(where(toml[0])).toBe('toml/errors.py:60');
    expect(toml[0].wrappedBy).toBeUndefined();
  });

  it('a message without a wrapper or a decoration ranks as rankLink ranks it', () => {
    for (const m of ["unknown key 'x' in section ui", 'Invalid number', 'nothing like it']) {
      expect(rankMessage(index, link(m))).toEqual(rankLink(index, link(m), 10));
    }
  });

  it(`unwraps at most ${MAX_DEPTH} layers`, () => {
    const deep = `${'Startup aborted in stage s: '.repeat(6)}unknown key 'x' in section ui`;
    const hits = rankMessage(index, link(deep));
    for (const h of hits) expect(h.wrappedBy?.length ?? 0).toBeLessThanOrEqual(MAX_DEPTH);
  });
});

describe('rankMessage: errors as values (Go, Rust)', () => {
  const go = (template: Template, key: number, filePath: string, line: number, language = 'go'): MatchRow => ({ ...row(template, key, filePath, line), errorClass: null, language, repo: 'std' });
  const index = new MatchIndex([
    // flag's failf around its own sentinel (same directory), image/gif's wrapper around io's unexpected EOF (not indexed)
    go([lit('invalid value '), hole('value', 'repr'), lit(' for flag -'), hole('name'), lit(': '), inner('err')], 1, 'flag/flag.go', 1088),
    go([lit('parse error')], 2, 'flag/flag.go', 116),
    go([lit('gif: reading header: '), inner('err')], 3, 'image/gif/reader.go', 268),
    go([lit('XML syntax error on line '), hole('Line', 'int'), lit(': '), inner('Msg')], 7, 'encoding/xml/xml.go', 473),
    go([lit('unexpected EOF')], 4, 'encoding/xml/xml.go', 289),
    go([lit('unexpected EOF')], 9, 'archive/tar/reader.go', 10),
    // a Go wrapper that fits any `a b: c`, and a Rust crate's message
    go([lit('parse '), hole('URL'), lit(': '), inner('err')], 5, 'net/url/url.go', 30),
    go([lit('a slash (/) was missing between the type and subtype')], 6, 'src/parse.rs', 69, 'rust'),
  ]);

  it('the inner origin of its own directory goes first, the wrapper its layer', () => {
    const hits = rankMessage(index, link('invalid value "http" for flag -port: parse error'));
    expect(where(hits[0])).toBe('flag/flag.go:116');
    expect(hits[0].wrappedBy?.map((w) => (w.kind === 'record' ? where(w.hit) : w.text))).toEqual(['flag/flag.go:1088']);
  });

  it('a short inner text written in an unrelated package does not go above the wrapper that says what failed', () => {
    const hits = rankMessage(index, link('gif: reading header: unexpected EOF'));
    expect(where(hits[0])).toBe('image/gif/reader.go:268');
    expect(hits.map(where)).toContain('encoding/xml/xml.go:289');
  });

  it('of inner readings as good, the one in the wrapper\'s directory goes first', () => {
    const hits = rankMessage(index, link('XML syntax error on line 1: unexpected EOF'));
    expect(where(hits[0])).toBe('encoding/xml/xml.go:289');
    expect(hits[0].wrappedBy?.map((w) => (w.kind === 'record' ? where(w.hit) : w.text))).toEqual(['encoding/xml/xml.go:473']);
  });

  it('a wrapper of another language is no layer of the inner hit', () => {
    const hits = rankMessage(index, link('mime parse error: a slash (/) was missing between the type and subtype'));
    // (its own reading of the whole message: the Go wrapper neither holds it nor lifts it)
    expect(where(hits[0])).toBe('src/parse.rs:69');
    expect(hits[0].wrappedBy?.some((w) => w.kind === 'record') ?? false).toBe(false);
  });
});
