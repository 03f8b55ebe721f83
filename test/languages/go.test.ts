// The Go pack: panic traces printed by the Go runtime (fixtures captured from go 1.19 running
// test/fixtures/go/panics.go.txt), the analysis of sentinels, error types and wrapping.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/query/parse.js';
import { analyzeGo, goCannotRaise, packageNameOf } from '../../src/languages/go/analyze.js';
import { OTHER_PLATFORM } from '../../src/languages/go/index.js';
import { formatVerbs, unescapeGo } from '../../src/languages/go/strings.js';
import { callName } from '../../src/languages/go/trace.js';
import { renderMessage } from '../../src/template/ir.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/go/${name}`, import.meta.url), 'utf8');

describe('Go panic traces', () => {
  it('reads a runtime error with its frames, outermost first', () => {
    const { links } = parseInput(fixture('panic-idx.txt'));
    expect(links).toHaveLength(1);
    expect(links[0].message).toBe('runtime error: index out of range [5] with length 3');
    expect(links[0].language).toBe('go');
    expect(links[0].frames.map((f) => `${f.func}@${f.line}`)).toEqual(['main.main@30', 'main.idx@10']);
  });

  it('skips the [signal] line of a nil dereference', () => {
    const { links } = parseInput(fixture('panic-nil.txt'));
    expect(links[0].message).toBe('runtime error: invalid memory address or nil pointer dereference');
    expect(links[0].frames.at(-1)).toMatchObject({ file: '/tmp/gox/p1/main.go', line: 12, func: 'main.nilp' });
  });

  it('reads a recovered panic and the panic raised while handling it as two links', () => {
    const { links } = parseInput(fixture('panic-rec.txt'));
    expect(links.map((l) => [l.message, l.relation])).toEqual([['bad value 3', null], ['bad value 3', 'context']]);
    // the recovered one's frames are those below the runtime's panic(): custom, recovered, main
    expect(links[0].frames.map((f) => f.func)).toEqual(['main.main', 'main.recovered', 'main.custom']);
    expect(links[1].frames.at(-1)?.func).toBe('main.recovered.func1');
  });

  it('reads a goroutine created by another, and a fatal error (only the goroutine that failed)', () => {
    const g = parseInput(fixture('panic-go.txt')).links[0];
    expect(g.frames[0]).toMatchObject({ func: 'main.main', line: 41 });
    expect(g.frames.at(-1)).toMatchObject({ func: 'main.custom', line: 14 });
    const f = parseInput(fixture('fatal-map.txt')).links;
    expect(f).toHaveLength(1);
    expect(f[0].message).toBe('concurrent map read and map write');
    expect(f[0].frames.map((x) => x.line)).toEqual([46]);
  });

  it('reads a trace behind a log prefix, and a method frame with a pointer receiver', () => {
    const text = '2024/01/02 10:00:00 panic: boom\n2024/01/02 10:00:00 \n2024/01/02 10:00:00 goroutine 1 [running]:\n2024/01/02 10:00:00 github.com/x/y.(*Reader).Read(0xc000010000, {0x0, 0x0})\n2024/01/02 10:00:00 \t/root/go/pkg/mod/github.com/x/y@v1.2.0/r.go:12 +0x1d\n';
    const { links } = parseInput(text);
    expect(links[0].message).toBe('boom');
    expect(links[0].frames).toEqual([{ file: '/root/go/pkg/mod/github.com/x/y@v1.2.0/r.go', line: 12, column: null, func: 'github.com/x/y.(*Reader).Read' }]);
  });

  it('names calls', () => {
    expect(callName('main.(*T).M(0x1, {0x2, 0x3})')).toBe('main.(*T).M');
    expect(callName('created by main.main in goroutine 1')).toBe('main.main');
    expect(callName('not a call')).toBeNull();
  });

  it('leaves a bare "panic:" line with no goroutine to the message reader', () => {
    const { links } = parseInput('panic: something odd');
    expect(links[0].language).toBeNull();
  });
});

describe('Go strings and verbs', () => {
  it('unescapes interpreted literals', () => {
    expect(unescapeGo('a\\tb\\n\\"q\\" \\x41\\u00e9\\101')).toBe('a\tb\n"q" Aé' + 'A');
  });
  it('reads verbs with explicit indexes and star widths', () => {
    expect(formatVerbs('%d %[1]q %*d %%').map((v) => [v.verb, v.arg])).toEqual([['d', 0], ['q', 0], ['d', 2], ['%', -1]]);
  });
  it('names packages from import paths', () => {
    expect(packageNameOf('gopkg.in/yaml.v3')).toBe('yaml');
    expect(packageNameOf('github.com/pelletier/go-toml/v2')).toBe('toml');
    expect(packageNameOf('io/fs')).toBe('fs');
  });
});

describe('Go analysis', () => {
  it('files sentinels as a table of the package and hands them out at each return', () => {
    const a = analyzeGo('package p\nimport "errors"\nvar ErrShort = errors.New("short read")\nfunc f() error {\n\treturn ErrShort\n}\nfunc g() error { return io.ErrUnexpectedEOF }\n');
    expect(a.tables).toEqual([{ name: 'p', entries: [{ key: 'ErrShort', template: [{ lit: 'short read' }], line: 3 }] }]);
    expect(a.sites.map((s) => [s.line, renderMessage(s.template!)])).toEqual([[5, 'short read']]);
  });
  it('keeps the var of a sentinel its file never names again as its site', () => {
    const a = analyzeGo('package p\nimport "errors"\nvar ErrGone = errors.New("gone")\n');
    expect(a.sites.map((s) => s.line)).toEqual([3]);
  });
  it('reads an Error() method with several returns as the type message and its branches', () => {
    const a = analyzeGo('package p\ntype ParseError struct { Line int; Msg string; Err error }\nfunc (e *ParseError) Error() string {\n\tif e.Err == nil {\n\t\treturn fmt.Sprintf("line %d: %s", e.Line, e.Msg)\n\t}\n\treturn fmt.Sprintf("line %d: %s: %v", e.Line, e.Msg, e.Err)\n}\n');
    const c = a.classes[0];
    expect(renderMessage(c.template!)).toBe('line {Line}: {Msg}: {Err}');
    expect(c.template!.filter((s) => 'hole' in s && s.hole.inner).length).toBe(1);
    expect(c.branches!.map(renderMessage)).toEqual(['line {Line}: {Msg}']);
  });
  it('prefilters files that raise nothing', () => {
    expect(goCannotRaise('package p\nfunc add(a, b int) int { return a + b }\n')).toBe(true);
    expect(goCannotRaise('package p\nfunc f() { panic("x") }\n')).toBe(false);
  });

  // (the site rule's regexes hand over only calls whose text can make a record: a file's own names count)
  it('reads a call whose only text is a constant, sentinel or error type of the file, with few names or many', () => {
    const src = (extra: number) => `package p
import "errors"
const prefix = "bad input"
var badThing = errors.New("thing went wrong")
type Oops string
func (o Oops) Error() string { return string(o) }
func f(x int) error {
	if x > 1 { report(prefix) }
	if x > 2 { setBad(badThing) }
	if x > 3 { return Oops(name(x)) }
	if x > 4 { return badThing }
	return nil
}
${Array.from({ length: extra }, (_, i) => `const c${i} = "v${i}"`).join('\n')}
`;
    for (const extra of [0, 500]) {
      const a = analyzeGo(src(extra));
      expect(a.calls.map((c) => [c.callee, c.line])).toContainEqual(['report', 8]);
      expect(a.sites.map((s) => [s.line, s.errorClass])).toEqual(expect.arrayContaining([[9, null], [10, 'Oops'], [11, null]]));
    }
  });

  it('bounds a generated file of 100k lines (sites and calls capped, no error)', () => {
    const body = Array.from({ length: 100_000 }, (_, i) => `func f${i}() error { return errors.New("m${i}") }`).join('\n');
    const a = analyzeGo(`package gen\nimport "errors"\n${body}\n`);
    expect(a.sites.length).toBe(20_000);
    expect(a.syntaxErrorLine).toBeUndefined();
  }, 120_000);
});

describe('Go texts a function returns, and messages written into a builder', () => {
  it('reports `return "…"` of words by name and arity, its text/template actions holes; a name-like text is not one', () => {
    const a = analyzeGo([
      'package p',
      'type L struct{}',
      'func (l L) Required() string { return `{{.property}} is required` }',
      'func Bad(key string) string {',
      '\treturn "bad key: " + "value"',
      '}',
      'func (k Kind) String() string { return "int" }',
    ].join('\n'));
    expect(a.returns?.map((r) => [r.name, renderMessage(r.template)])).toEqual([['Required/0', '{property} is required'], ['Bad/1', 'bad key: value']]);
  });

  it('makes a call in a message a hole bound to such a text, through a render function given it first', () => {
    const a = analyzeGo('package p\nimport "errors"\nfunc f() error {\n\treturn errors.New(render(Locale.Required(), Details{"property": "x"}))\n}\n');
    const call = a.sites[0].template?.find((s) => 'hole' in s && s.hole.call);
    expect(call && 'hole' in call ? call.hole.call?.callee : null).toBe('Required/0');
  });

  it('reads the writes to a strings.Builder before its String(), a loop\'s writes one hole', () => {
    const a = analyzeGo([
      'package p',
      'import ("fmt"; "strings")',
      'func f(keys []string) error {',
      '\tb := new(strings.Builder)',
      '\tb.WriteString("conflict in ")',
      '\tfmt.Fprintf(b, "%d keys:", len(keys))',
      '\tfor _, k := range keys { b.WriteString(" " + k) }',
      '\treturn fmt.Errorf(b.String())',
      '}',
    ].join('\n'));
    expect(renderMessage(a.sites[0].template!)).toBe('conflict in {keys} keys:{b}');
  });
});

describe('Go messages held in locals, appended under a condition, and put in an error field (round 8)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);

  it('reads a local assigned in each branch before the error-named helper it is handed to, from the declaration the use sees', () => {
    const a = analyzeGo([
      'package p',
      'import "fmt"',
      'func check(names []string) error {',
      '\tif len(names) == 0 {',
      '\t\tvar msg string',
      '\t\tmsg = "nothing given"',
      '\t\treturn newError(ErrRequired, msg)',
      '\t}',
      '\tvar msg string',
      '\tif len(names) == 1 {',
      '\t\tmsg = fmt.Sprintf("the required flag %s was not specified", names[0])',
      '\t} else {',
      '\t\tmsg = fmt.Sprintf("the required flags %s were not specified", names)',
      '\t}',
      '\treturn newError(ErrRequired, msg)',
      '}',
    ].join('\n'));
    const last = a.sites.find((s) => s.line === 15)!;
    expect(show(last.template)).toBe('the required flags {names} were not specified');
    // (the first block's `msg` is another variable: not among the alternatives)
    expect(last.alternatives?.map(show)).toEqual(['the required flag {names} was not specified']);
    expect(show(a.sites.find((s) => s.line === 7)!.template)).toBe('nothing given');
  });

  it('gives errors.New(msg) and a struct literal\'s field the local\'s texts; an error value (err) is not read so', () => {
    const a = analyzeGo([
      'package p',
      'import "errors"',
      'type Error struct{ Message string }',
      'func (e *Error) Error() string { return e.Message }',
      'func f(x int) error {',
      '\tmsg := "too small"',
      '\tif x > 10 { msg = "too large" }',
      '\tif x == 0 { return &Error{Message: msg} }',
      '\treturn errors.New(msg)',
      '}',
      'func g(err error) error { return errors.New(err.Error()) }',
    ].join('\n'));
    const lit = a.sites.find((s) => s.line === 8 && s.errorClass === 'Error')!;
    expect(lit.args.map((x) => [x.name, show(x.template), x.alts?.map(show)])).toEqual([['Message', 'too large', ['too small']]]);
    const made = a.sites.find((s) => s.line === 9)!;
    expect([show(made.template), made.alternatives?.map(show)]).toEqual(['too large', ['too small']]);
  });

  it('keeps the value before an append under a condition as a message of the type', () => {
    const a = analyzeGo([
      'package p',
      'type TypeError struct{ Kind, Go, detail string }',
      'func (e *TypeError) Error() string {',
      '\ts := "cannot unmarshal " + e.Kind + " into " + e.Go',
      '\tif e.detail != "" {',
      '\t\ts += " (" + e.detail + ")"',
      '\t}',
      '\treturn s',
      '}',
    ].join('\n'));
    const c = a.classes.find((x) => x.name === 'TypeError')!;
    expect(show(c.template)).toBe('cannot unmarshal {Kind} into {Go} ({detail})');
    expect(c.branches?.map(show)).toEqual(['cannot unmarshal {Kind} into {Go}']);
  });

  it('makes `e.Err = "…"` on a value asserted to an error type of the file a site of its message, that field bound', () => {
    const a = analyzeGo([
      'package p',
      'type SyntaxError struct{ Offset int; Err string }',
      'func (e *SyntaxError) Error() string { return e.Err }',
      'func atom() {',
      '\tdefer func() {',
      '\t\tif e := recover(); e != nil {',
      '\t\t\tif e, ok := e.(*SyntaxError); ok {',
      '\t\t\t\te.Err = "missing close paren"',
      '\t\t\t}',
      '\t\t\tpanic(e)',
      '\t\t}',
      '\t}()',
      '}',
      'func other(p *Point) { p.Name = "x" }',
    ].join('\n'));
    const s = a.sites.find((x) => x.line === 8)!;
    expect(s).toMatchObject({ errorClass: 'SyntaxError', template: null });
    expect(s.args.map((x) => [x.name, show(x.template)])).toEqual([['Err', 'missing close paren']]);
    expect(a.sites.some((x) => x.line === 14)).toBe(false);
  });
});

describe('Go locals stay linear', () => {
  // (one function of 6,000 branches assigning `msg` and 6,000 uses: each use reads a bounded number of
  // assignments and compares numbers; walking the tree per assignment per use took 16 s for half of it)
  it('reads a function of thousands of assignments and uses in bounded time', { timeout: 90_000 }, () => {
    const lines = ['package p', 'import "errors"', 'func f(x int) error {', '\tvar msg string'];
    for (let i = 0; i < 6000; i++) lines.push(`\tif x == ${i} { msg = "bad value ${i}" }`, `\tif x == -${i} { return errors.New(msg) }`);
    lines.push('\treturn nil', '}');
    const t0 = Date.now();
    const a = analyzeGo(lines.join('\n'));
    expect(Date.now() - t0).toBeLessThan(45_000);
    expect(a.sites).toHaveLength(6000);
    expect(renderMessage(a.sites[5999].template!)).toBe('bad value 5999');
  });
});

describe('Go errors a helper makes from its parameters (round 9)', () => {
  const src = [
    'package p', // 1
    'import "errors"', // 2
    'type Error struct{ Code string; Expr string }', // 3
    'func (e *Error) Error() string { return "bad: " + e.Code + " in " + e.Expr }', // 4
    'const ErrMissingParen = "missing closing )"', // 5
    'func (p *parser) getErr(code string) error {', // 6
    '\treturn &Error{Code: code, Expr: p.raw}', // 7
    '}', // 8
    'func (p *parser) scan() error {', // 9
    '\treturn p.getErr(ErrMissingParen)', // 10
    '}', // 11
    'func (p *parser) other(code string) error {', // 12
    '\tif code == "" {', // 13
    '\t\treturn &Error{Code: code}', // 14
    '\t}', // 15
    '\treturn &Error{Code: "fixed", Expr: p.raw}', // 16
    '}', // 17
    'func (d *dec) syntaxError(msg string) { d.err = &Error{Code: msg} }', // 18
    'var ErrRequired = NewError("validation_required", "cannot be blank")', // 19
    'var ErrLength = NewError("validation_length", "the length must be between {{.min}} and {{ .max }}")', // 20
    'func (r Rule) Validate() error { return ErrRequired }', // 21
    'func Min(x int) Rule { return Rule{threshold: x, err: ErrLength} }', // 22
    'var errPlain = errors.New("plain")', // 23
  ].join('\n');
  const a = analyzeGo(src);
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);

  it('marks a construction returned (or kept in an error field) with a parameter as given: its callers\' messages are records at the calls', () => {
    const at = (line: number) => a.sites.find((s) => s.line === line && s.errorClass === 'Error')!;
    expect(at(7)).toMatchObject({ hidesFrame: true, returned: true, callersInDir: true, params: ['code'] });
    expect(at(18)).toMatchObject({ hidesFrame: true, returned: true });
    // (under a branch, or with no parameter as an argument: the construction is its own site)
    expect(at(14).hidesFrame).toBeUndefined();
    expect(at(16).hidesFrame).toBeUndefined();
  });

  it('records the call that hands a helper a constant as a call too, marked handed', () => {
    const c = a.calls!.find((x) => x.line === 10)!;
    expect(c).toMatchObject({ callee: 'getErr', handed: true });
    expect(show(c.args[0].template)).toBe('missing closing )');
    expect(a.sites.some((s) => s.line === 10 && show(s.template!) === 'missing closing )')).toBe(true);
  });

  it('takes a sentinel made by the package\'s own error constructor, its worded text and text/template actions as holes', () => {
    const t = a.tables![0];
    const entry = (k: string) => show(t.entries.find((e) => e.key === k)!.template);
    expect(entry('ErrRequired')).toBe('cannot be blank');
    expect(entry('ErrLength')).toBe('the length must be between {min} and {max}');
    expect(entry('errPlain')).toBe('plain');
    const ret = a.sites.find((s) => s.line === 21)!;
    expect(show(ret.template!)).toBe('cannot be blank');
    // (the var named again in its file is no site itself)
    expect(a.sites.some((s) => s.line === 19)).toBe(false);
  });

  it('makes a sentinel put in a value\'s error field a site of its text', () => {
    const s = a.sites.find((x) => x.line === 22)!;
    expect(show(s.template!)).toBe('the length must be between {min} and {max}');
  });
});

describe('Go Error() methods with a named result (round 11)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  const a = analyzeGo([
    'package p', // 1
    'import "strconv"', // 2
    'type lex struct{ token string; line int }', // 3
    'type ParseError struct {', // 4
    '\tfile string', // 5
    '\terr  string', // 6
    '\tlex  lex', // 7
    '}', // 8
    'func (e *ParseError) Error() (s string) {', // 9
    '\tif e.file != "" {', // 10
    '\t\ts = e.file + ": "', // 11
    '\t}', // 12
    '\ts += "dns: " + e.err + ": " + strconv.QuoteToASCII(e.lex.token) + " at line: " + strconv.Itoa(e.lex.line)', // 13
    '\treturn', // 14
    '}', // 15
    'type Plain struct{ msg string }', // 16
    'func (e Plain) Error() string {', // 17
    '\ts := "plain"', // 18
    '\tif e.msg != "" {', // 19
    '\t\ts = e.msg', // 20
    '\t}', // 21
    '\treturn s', // 22
    '}', // 23
  ].join('\n'));

  it('reads what a bare return gives, the named result starting empty and a conditional assignment leaving it possible', () => {
    const c = a.classes.find((x) => x.name === 'ParseError')!;
    expect(show(c.template)).toBe('{file}: dns: {err}: {token} at line: {line}');
    expect(c.branches?.map(show)).toEqual(['dns: {err}: {token} at line: {line}']);
    expect(c.params).toEqual(['file', 'err', 'lex']);
  });

  it('keeps the value before a conditional assignment once among the messages (`s := "plain"; if … { s = e.msg }`)', () => {
    const c = a.classes.find((x) => x.name === 'Plain')!;
    expect(show(c.template)).toBe('{msg}');
    expect(c.branches?.map(show)).toEqual(['plain']);
  });
});

describe('Go messages a helper is handed in a local (round 12)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  const a = analyzeGo([
    'package p', // 1
    'func (check *Checker) assignment(x *operand, target Type, context string) {', // 2
    '\tcode := check.implicit(x, target)', // 3
    '\tif code != 0 {', // 4
    '\t\tmsg := check.sprintf("cannot use %s as %s value in %s", x, target, context)', // 5
    '\t\tswitch code {', // 6
    '\t\tcase 1:', // 7
    '\t\t\tmsg += " (truncated)"', // 8
    '\t\tcase 2:', // 9
    '\t\t\tmsg += " (overflows)"', // 10
    '\t\t}', // 11
    '\t\tcheck.error(x, code, msg)', // 12
    '\t}', // 13
    '}', // 14
    'func (check *Checker) other(x *operand, n int) {', // 15
    '\tmsg := "bad operand"', // 16
    '\tif n > 1 {', // 17
    '\t\tmsg += " count"', // 18
    '\t}', // 19
    '\tif n > 2 {', // 20
    '\t\tmsg += " here"', // 21
    '\t}', // 22
    '\tcheck.error(x, 0, msg)', // 23
    '\tcheck.note(check.sprintf(format, x))', // 24
    '}', // 25
  ].join('\n'));

  it('reads a sprintf method\'s literal format, each case\'s append made to the value before the switch', () => {
    const at12 = a.sites.filter((s) => s.line === 12);
    expect(at12.map((s) => show(s.template))).toEqual(['cannot use {x} as {target} value in {context} (overflows)']);
    expect(at12[0].alternatives?.map(show).sort()).toEqual(['cannot use {x} as {target} value in {context}', 'cannot use {x} as {target} value in {context} (truncated)']);
  });

  it('makes the statement that wrote the text a site of the same message', () => {
    const at5 = a.sites.filter((s) => s.line === 5);
    expect(at5.map((s) => show(s.template))).toEqual(['cannot use {x} as {target} value in {context} (overflows)']);
  });

  it('keeps appends of successive ifs (not siblings) made one after the other', () => {
    const at23 = a.sites.filter((s) => s.line === 23);
    expect(show(at23[0].template)).toBe('bad operand count here');
    expect(at23[0].alternatives?.map(show)).toContain('bad operand count');
  });

  it('reads a file with only a lowercase error helper, and no format that is not literal', () => {
    expect(goCannotRaise('package p\nfunc f() { check.error(x, 0, msg) }\n')).toBe(false);
    expect(a.sites.some((s) => s.line === 24)).toBe(false);
  });
});

describe('Go formats handed to an error-named helper whose name does not end in f (round 12)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  const a = analyzeGo([
    'package p', // 1
    'func (l *lexer) run() {', // 2
    '\tl.error("bad number syntax: %q", l.word())', // 3
    '\tl.error("100% sure")', // 4
    '}', // 5
  ].join('\n'));

  it('opens the verbs of a literal followed by the values it formats', () => {
    expect(show(a.sites.find((s) => s.line === 3)?.template)).toBe('bad number syntax: {word}');
    expect(show(a.sites.find((s) => s.line === 4)?.template)).toBe('100% sure');
  });
});

describe('Go formats built of a constant and a literal (round 12)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  const a = analyzeGo([
    'package p', // 1
    'const invalidOp = "invalid operation: "', // 2
    'func (check *Checker) index(x *operand, n int) {', // 3
    '\tcheck.errorf(x, 0, invalidOp+"cannot index %s", x)', // 4
    '\tcheck.errorf(x, 0, prefix+"bad %d of %s (100%%)", n, x)', // 5
    '\treturn fmt.Errorf(prefix + "no verbs")', // 6
    '}', // 7
  ].join('\n'));

  it('opens the verbs of the literal pieces in order, the other pieces holes', () => {
    expect(show(a.sites.find((s) => s.line === 4)?.template)).toBe('invalid operation: cannot index {x}');
    expect(show(a.sites.find((s) => s.line === 5)?.template)).toBe('{prefix}bad {n} of {x} (100%)');
    expect(show(a.sites.find((s) => s.line === 6)?.template)).toBe('{prefix}no verbs');
  });
});

describe('Go constructors named for an error type (round 13)', () => {
  it('makes a call of `NewXError(…)` a site of type XError, its fields holes, and leaves other calls alone', () => {
    const a = analyzeGo([
      'package p', // 1
      'func f(s []byte) error {', // 2
      '\tif len(s) == 0 { return NewValueError(s) }', // 3
      '\tif len(s) == 1 { return lang.NewSyntaxError("x") }', // 4
      '\treturn NewReader(s)', // 5
      '}',
    ].join('\n'));
    expect(a.sites.filter((s) => s.errorClass === 'ValueError').map((s) => [s.line, s.template, s.args])).toEqual([[3, null, []]]);
    expect(a.sites.some((s) => s.line === 4 && s.errorClass === 'SyntaxError')).toBe(true);
    expect(a.sites.some((s) => s.line === 5)).toBe(false);
  });
});

describe('a value converted to an error type of another file and returned (round 18, os/user)', () => {
  const a = analyzeGo('package user\nfunc lookupUser(username string) (*User, error) {\n\tif username == "" {\n\t\treturn nil, UnknownUserError(username)\n\t}\n\tx := DescribeError(username)\n\treturn nil, NewValueError(username)\n}\nfunc f() error { return StreamError(ErrCodeProtocol) }\n');

  it('is a site of that type, its text left to the type (resolved across the package)', () => {
    const s = a.sites.filter((x) => x.line === 4);
    expect(s.map((x) => [x.errorClass, x.template, x.args.map((g) => g.expr)])).toEqual([['UnknownUserError', null, ['username']]]);
  });

  it('leaves a call that is not returned alone, and a constructor and a code handed to the type to their own readings', () => {
    expect(a.sites.filter((x) => x.line === 6)).toEqual([]);
    expect(a.sites.filter((x) => x.line === 7).map((x) => x.errorClass)).toEqual(['ValueError']);
    expect(a.sites.filter((x) => x.line === 9).map((x) => x.errorClass)).not.toContain('StreamError');
  });
});

describe('files built only for another platform (Language.platformPath)', () => {
  it('reads the name suffixes the go tool reads as build constraints, and no others', () => {
    for (const f of ['crypto/aes/gcm_s390x.go', 'os/file_windows.go', 'x_plan9_386.go', 'x_linux_s390x.go', 'x_windows_amd64.go', 'x_darwin_test.go', 'x_js_wasm.go']) expect(OTHER_PLATFORM.test(f), f).toBe(true);
    // (linux, amd64 and arm64 are the common builds; `unix` is no GOOS; a suffix after an unknown word is no constraint)
    for (const f of ['aes_gcm.go', 'lookup_unix.go', 'x_linux.go', 'x_amd64.go', 'x_arm64.go', 'windows.go', 'b_windows/x.go', 'x_windows_foo.go']) expect(OTHER_PLATFORM.test(f), f).toBe(false);
  });
});

describe('a conversion to an error type of another package (round 20, x/crypto openpgp)', () => {
  it('is a site of that type, whatever name the package is imported as; a call through a name no import gives is not', () => {
    const a = analyzeGo([
      'package packet',
      'import "golang.org/x/crypto/openpgp/errors"',
      'import pgp "golang.org/x/crypto/openpgp/errors"',
      'func readHeader(b byte) (err error) {',
      '\tif b&0x80 == 0 {',
      '\t\terr = errors.StructuralError("tag byte does not have MSB set")',
      '\t\treturn',
      '\t}',
      '\treturn pgp.UnsupportedError(fmt.Sprintf("tag %d", b))',
      '}',
      'func other(x error) error { return strings.TrimError(x) }',
    ].join('\n') + '\n');
    const got = a.sites.map((s) => [s.line, s.errorClass, s.template && renderMessage(s.template)]);
    expect(got).toContainEqual([6, 'StructuralError', 'tag byte does not have MSB set']);
    expect(got).toContainEqual([9, 'UnsupportedError', 'tag {b}']);
    expect(got.filter((g) => g[0] === 11)).toEqual([]);
  });
});
