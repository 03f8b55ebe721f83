// Go end to end through the CLI, on real code of Debian packages: golang-github-kballard-go-shellquote-dev
// (sentinels handed out by return) and golang-github-coreos-go-semver-dev (a panic traced by the Go runtime,
// and a message built by fmt.Errorf). The trace is what `go build` + running the library prints.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir, write } from './cli.js';

const GOPATH = '/usr/share/gocode';
const SHELLQUOTE = path.join(GOPATH, 'src/github.com/kballard/go-shellquote');
const SEMVER = path.join(GOPATH, 'src/github.com/coreos/go-semver');
const GOROOT = spawnSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).stdout?.trim() ?? '';
const FLAG = path.join(GOROOT, 'src/flag');
const have = fs.existsSync(SHELLQUOTE) && fs.existsSync(SEMVER) && fs.existsSync(FLAG);

let db: string;
let trace: string;

describe.skipIf(!have)('Go through the CLI', () => {
  beforeAll(() => {
    const dir = tmpDir('go');
    db = path.join(dir, 'index.sqlite');
    for (const tree of [SHELLQUOTE, SEMVER, FLAG]) {
      const r = errdex(['analyze', tree, '--db', db, '--threads', '0']);
      expect(r.code, r.stderr).toBe(0);
    }
    write(dir, 'main.go', 'package main\n\nimport "github.com/coreos/go-semver/semver"\n\nfunc main() { semver.New("bad") }\n');
    const env = { ...process.env, GO111MODULE: 'off', GOPATH, GOCACHE: path.join(dir, 'cache') };
    expect(spawnSync('go', ['build', '-o', 'prog', 'main.go'], { cwd: dir, env }).status).toBe(0);
    trace = spawnSync(path.join(dir, 'prog'), { encoding: 'utf8' }).stderr;
    expect(trace).toMatch(/^panic: bad is not in dotted-tri format\n\ngoroutine 1 \[running\]:/);
  }, 120_000);

  it('explains a panic trace at the frame the runtime printed', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', trace]).stdout);
    const top = out.links[0].hits[0];
    expect(top.record.filePath).toBe('semver/semver.go');
    expect(top.lines).toContain(65);
  });

  it('explains a sentinel by the return that hands it out, its text defined at the var', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', 'Unterminated single-quoted string']).stdout);
    const top = out.hits[0];
    expect(top.record.filePath).toBe('unquote.go');
    const lines = fs.readFileSync(path.join(SHELLQUOTE, 'unquote.go'), 'utf8').split('\n');
    expect(lines[top.lines[0] - 1]).toContain('return "", "", UnterminatedSingleQuoteError');
    expect(top.record.definedAt).toEqual({ filePath: 'unquote.go', line: 11 });
  });

  it('explains a bare message built by fmt.Errorf', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', '1.2 is not in dotted-tri format']).stdout);
    expect(out.hits[0].record.filePath).toBe('semver/semver.go');
    expect(out.hits[0].message).toBe('{version} is not in dotted-tri format');
  });

  it('names the Must helper\'s panic among the lines of a message its caller\'s calls return (Must(NewVersion(s)) → Set\'s fmt.Errorf)', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', 'bad is not in dotted-tri format']).stdout);
    const top = out.hits[0];
    expect(top.record.filePath).toBe('semver/semver.go');
    expect(top.record.lineNumber).toBe(77);
    const lines = fs.readFileSync(path.join(SEMVER, 'semver/semver.go'), 'utf8').split('\n');
    expect(lines[64]).toContain('panic(err)');
    expect(top.lines).toEqual(expect.arrayContaining([77, 65]));
  });

  it('lists FlagSet.Parse\'s panic(err) among the lines of what parseOne returns, not of what it only wraps', () => {
    const lines = fs.readFileSync(path.join(FLAG, 'flag.go'), 'utf8').split('\n');
    const parse = lines.findIndex((l) => l.startsWith('func (f *FlagSet) Parse('));
    const panicAt = parse + lines.slice(parse).findIndex((l) => l.trim() === 'panic(err)') + 1;
    expect(parse).toBeGreaterThan(0);
    expect(panicAt).toBeGreaterThan(parse + 1);
    const top = (text: string) => explainOutput(errdex(['explain', '--db', db, '--json', text]).stdout).hits[0];
    // (parseOne: `return false, f.failf("flag provided but not defined: -%s", name)`, handed on by Parse)
    const handed = top('flag provided but not defined: -x');
    expect(handed.record.filePath).toBe('flag.go');
    expect(handed.lines).toContain(panicAt);
    // (FlagSet.Set's error: parseOne calls a flag Value's Set and wraps its error, it never returns FlagSet.Set's)
    const other = top('no such flag -x');
    expect(other.record.filePath).toBe('flag.go');
    expect(other.lines).not.toContain(panicAt);
  });

  it('takes a composed message apart, innermost first: the sentinel flag hands out, wrapped by the failf around it', () => {
    const out = explainOutput(errdex(['explain', '--db', db, '--json', 'invalid value "http" for flag -port: parse error']).stdout);
    const top = out.hits[0];
    const lines = fs.readFileSync(path.join(FLAG, 'flag.go'), 'utf8').split('\n');
    expect(top.record.filePath).toBe('flag.go');
    expect(lines[top.lines[0] - 1]).toContain('errParse');
    expect(top.inner).toBe('parse error');
    expect(top.wrappedBy).toHaveLength(1);
    expect(top.wrappedBy[0].kind).toBe('record');
    expect(lines[top.wrappedBy[0].line - 1]).toContain('invalid value %q for flag -%s: %v');
    // the wrapper is the next answer
    expect(out.hits[1].recordId).toBe(top.wrappedBy[0].recordId);
  });

  it('prints a composed message\'s layers outer to inner, the innermost origin last', () => {
    const msg = 'invalid value "http" for flag -port: parse error';
    const top = explainOutput(errdex(['explain', '--db', db, '--json', msg]).stdout).hits[0];
    const human = errdex(['explain', '--db', db, msg]).stdout;
    expect(human).toContain(`layers, outer to inner: flag.go:${top.wrappedBy[0].line} > flag.go:${top.lines[0]}`);
  });
});

const JSONSCHEMA = path.join(GOPATH, 'src/github.com/xeipuuv/gojsonschema');

describe.skipIf(!fs.existsSync(JSONSCHEMA))('a message whose text a locale method returns (gojsonschema)', () => {
  const db = path.join(tmpDir('go-texts'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', JSONSCHEMA, '--db', db, '--threads', '0']).code).toBe(0);
  });
  const schema = fs.existsSync(JSONSCHEMA) ? fs.readFileSync(path.join(JSONSCHEMA, 'schema.go'), 'utf8').split('\n') : [];

  // what `gojsonschema.NewSchema(NewStringLoader(`{"minimum": "x"}`))` returns: schema.go's
  // `errors.New(formatErrorDescription(Locale.MustBeOfA(), ErrorDetails{"x": KEY_MINIMUM, "y": STRING_NUMBER}))`,
  // the text `{{.x}} must be of a {{.y}}` returned by `func (l DefaultLocale) MustBeOfA() string` in locales.go
  it('reads the called method\'s returned text, its text/template fields holes, into the site that renders it', () => {
    expect(schema[468]).toContain('return errors.New(formatErrorDescription(');
    expect(schema[469]).toContain('Locale.MustBeOfA()');
    const top = explain('minimum must be of a number').hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record).toMatchObject({ filePath: 'schema.go', lineNumber: 469 });
  });

  it('names the render of the same locale text among its lines (`Locale.InvalidType()` at ten sites)', () => {
    expect(schema[128]).toContain('return errors.New(formatErrorDescription(');
    const top = explain('Invalid type. Expected: string, given: $id').hits[0];
    expect(top.record.filePath).toBe('schema.go');
    expect(top.lines).toContain(129);
  });
});

const PROPERTIES = path.join(GOPATH, 'src/github.com/magiconair/properties');

describe.skipIf(!fs.existsSync(PROPERTIES))('a message written into a bytes.Buffer (magiconair/properties)', () => {
  it('reads the writes before `fmt.Errorf(b.String())`, the loop\'s a hole', () => {
    const db = path.join(tmpDir('go-buffer'), 'x.sqlite');
    expect(errdex(['analyze', PROPERTIES, '--db', db, '--threads', '0']).code).toBe(0);
    const lines = fs.readFileSync(path.join(PROPERTIES, 'properties.go'), 'utf8').split('\n');
    expect(lines[765]).toContain('b.WriteString("circular reference in:\\n")');
    expect(lines[769]).toContain('return "", fmt.Errorf(b.String())');
    // what `properties.LoadString("a = ${a}")` returns
    const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'circular reference in:\na=${a}']).stdout).hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record).toMatchObject({ filePath: 'properties.go', lineNumber: 770 });
  });
});

const GOFLAGS = path.join(GOPATH, 'src/github.com/jessevdk/go-flags');
const CBOR = path.join(GOPATH, 'src/github.com/fxamacker/cbor');
const CONSTRAINT = path.join(GOROOT, 'src/go/build/constraint');

describe.skipIf(!fs.existsSync(GOFLAGS) || !fs.existsSync(CBOR) || !fs.existsSync(CONSTRAINT))('messages held in locals, appended under a condition, put in an error field', () => {
  const db = path.join(tmpDir('go-locals'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  const named = (out: { hits: { matchType: string; lines: number[]; record: { filePath: string } }[] }) =>
    out.hits.filter((h) => h.matchType === 'template').flatMap((h) => h.lines.map((l) => `${h.record.filePath}:${l}`));
  beforeAll(() => {
    for (const tree of [GOFLAGS, CBOR, CONSTRAINT]) expect(errdex(['analyze', tree, '--db', db, '--threads', '0']).code).toBe(0);
  });

  // go-flags' parser.go: `var msg string; if len(names) == 1 { msg = fmt.Sprintf("the required flag %s was not
  // specified", names[0]) } else { … }; p.err = newError(ErrRequired, msg)`: what
  // `flags.NewParser(&o, flags.None).ParseArgs([]string{})` returns for a `required:"true"` option
  it('reads the local a helper is handed, each branch\'s text a message of the call', () => {
    const lines = fs.readFileSync(path.join(GOFLAGS, 'parser.go'), 'utf8').split('\n');
    expect(lines[449]).toContain('msg = fmt.Sprintf("the required flag %s was not specified", names[0])');
    expect(lines[455]).toContain('p.err = newError(ErrRequired, msg)');
    const one = explain("the required flag `--verbose' was not specified").hits[0];
    expect(one.matchType).toBe('template');
    expect(one.record).toMatchObject({ filePath: 'parser.go', lineNumber: 456 });
    const two = explain("the required flags `--a' and `--b' were not specified").hits[0];
    expect(two.record).toMatchObject({ filePath: 'parser.go', lineNumber: 456 });
  });

  // cbor's `func (e *UnmarshalTypeError) Error() string`: `s = "cbor: cannot unmarshal " + e.CBORType + " into Go
  // value of type " + e.GoType`, then `if e.errorMsg != "" { s += " (" + e.errorMsg + ")" }`: what
  // `cbor.Unmarshal([]byte{0x61, 0x61}, &v)` of an int returns, from fillTextString's construction
  it('keeps an Error() method\'s value before a conditional append as a message of the type', () => {
    const lines = fs.readFileSync(path.join(CBOR, 'decode.go'), 'utf8').split('\n');
    expect(lines[1867]).toContain('return &UnmarshalTypeError{CBORType: t.String(), GoType: v.Type().String()}');
    const out = explain('cbor: cannot unmarshal UTF-8 text string into Go value of type int');
    expect(out.hits[0].why.join(' ')).toContain('message matches the template');
    expect(named(out)).toContain('decode.go:1868');
  });

  // go/build/constraint's atom(): a deferred recover that rewrites `e.Err = "missing close paren"` on the
  // `*SyntaxError` it caught, then panics it again: what `constraint.Parse("//go:build (linux")` returns
  it('makes a text assigned to a field of a caught error of the file\'s type a site of its message', () => {
    const lines = fs.readFileSync(path.join(CONSTRAINT, 'expr.go'), 'utf8').split('\n');
    expect(lines[272]).toContain('e.Err = "missing close paren"');
    const out = explain('missing close paren');
    expect(out.hits[0].matchType).toBe('template');
    expect(named(out)).toContain('expr.go:273');
  });
});

const REGEXP2 = path.join(GOPATH, 'src/github.com/dlclark/regexp2');
const OZZO = path.join(GOPATH, 'src/github.com/go-ozzo/ozzo-validation');
const XML = path.join(GOROOT, 'src/encoding/xml');

describe.skipIf(!fs.existsSync(REGEXP2) || !fs.existsSync(OZZO) || !fs.existsSync(XML))('errors a helper makes from its parameters, sentinels of a package\'s own constructor (round 9)', () => {
  const dir = tmpDir('go-makers');
  const db = path.join(dir, 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    for (const tree of [REGEXP2, OZZO, XML]) expect(errdex(['analyze', tree, '--db', db, '--threads', '0']).code).toBe(0);
  });

  // regexp2's syntax/parser.go: `func (p *parser) getErr(code ErrorCode, args ...interface{}) error { return &Error{Code:
  // code, Expr: p.patternRaw, Args: args} }`, whose Error() writes "error parsing regexp: " + e.Code.String() + " in `" +
  // e.Expr + "`"; `regexp2.Compile("(abc", 0)` returns what `return nil, p.getErr(ErrMissingParen)` makes
  it('names the call that hands the helper its text, the helper\'s message around it', () => {
    const lines = fs.readFileSync(path.join(REGEXP2, 'syntax/parser.go'), 'utf8').split('\n');
    expect(lines[664]).toContain('return nil, p.getErr(ErrMissingParen)');
    const top = explain('error parsing regexp: missing closing ) in `(abc`').hits[0];
    expect(top.record).toMatchObject({ filePath: 'syntax/parser.go', lineNumber: 665 });
    expect(top.message).toBe('error parsing regexp: missing closing ) in `{patternRaw}`');
  });

  // the same helper handed the same text by nine calls of scanGroupOpen (`return nil, p.getErr(ErrInvalidGroupName)`)
  it('names every call that hands the helper the same text among the lines of its message', () => {
    const lines = fs.readFileSync(path.join(REGEXP2, 'syntax/parser.go'), 'utf8').split('\n');
    for (const l of [908, 922, 1071]) expect(lines[l - 1]).toContain('p.getErr(ErrInvalidGroupName)');
    const top = explain('error parsing regexp: invalid group name: group names must begin with a word character and have a matching terminator in `(?<`').hits[0];
    expect(top.record.filePath).toBe('syntax/parser.go');
    expect(top.lines).toEqual(expect.arrayContaining([908, 922, 1071]));
  });

  // encoding/xml: `func (d *Decoder) syntaxError(msg string) error { return &SyntaxError{Msg: msg, Line: d.line} }`,
  // whose Error() is "XML syntax error on line " + strconv.Itoa(e.Line) + ": " + e.Msg
  it('answers a stdlib helper\'s message at the calls that hand it the text', () => {
    const lines = fs.readFileSync(path.join(XML, 'xml.go'), 'utf8').split('\n');
    expect(lines[959]).toContain('d.err = d.syntaxError("unexpected EOF")');
    const out = explain('XML syntax error on line 1: unexpected EOF');
    expect(out.hits[0].record.filePath).toBe('xml.go');
    expect(out.hits[0].lines).toEqual(expect.arrayContaining([289, 960]));
  });

  // ozzo-validation: `ErrLengthOutOfRange = NewError("validation_length_out_of_range", "the length must be between {{.min}}
  // and {{.max}}")`, chosen by `err = ErrLengthOutOfRange` in buildLengthRuleError; `Min(x)` puts `err:
  // ErrMinGreaterEqualThanRequired` in the ThresholdRule it returns
  it('reads a sentinel the package\'s own constructor makes, its template actions holes', () => {
    const length = explain('the length must be between 3 and 5').hits[0];
    expect(length.record).toMatchObject({ filePath: 'v4/length.go', lineNumber: 97 });
    expect(length.message).toBe('the length must be between {min} and {max}');
    const min = explain('must be no less than 5').hits[0];
    expect(min.record).toMatchObject({ filePath: 'v4/minmax.go', lineNumber: 47 });
    const blank = explain('cannot be blank').hits[0];
    expect(blank.record.filePath).toBe('v4/required.go');
    expect(blank.lines).toContain(45);
  });

  it('binds a helper only to calls of its own directory (a Go package)', () => {
    const tree = path.join(dir, 'two');
    write(tree, 'a/a.go', 'package a\n\ntype E struct{ Text string }\n\nfunc (e *E) Error() string { return "a failed (" + e.Text + ")" }\n\nfunc (d *D) syntaxError(text string) error {\n\treturn &E{Text: text}\n}\n\nfunc (d *D) run() error { return d.syntaxError("bad input in a") }\n');
    write(tree, 'b/b.go', 'package b\n\nfunc (p *P) syntaxError(text string) { panic(text) }\n\nfunc (p *P) run() { p.syntaxError("bad input in b") }\n');
    const tdb = path.join(dir, 'two.sqlite');
    expect(errdex(['analyze', tree, '--db', tdb, '--threads', '0']).code).toBe(0);
    const messages = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--limit', '20', '--db', tdb, text]).stdout).hits.map((h: { message: string; lines: number[]; record: { filePath: string } }) => `${h.record.filePath}:${h.lines.join(',')} ${h.message}`);
    // (a's call composes a's message at the call; b's call of its own syntaxError does not take a's text)
    expect(messages('a failed (bad input in a)')[0]).toBe('a/a.go:11 a failed (bad input in a)');
    expect(messages('a failed (bad input in b)').filter((m: string) => m.endsWith('a failed (bad input in b)'))).toEqual([]);
  });
});

const DNS = path.join(GOPATH, 'src/github.com/miekg/dns');

describe.skipIf(!fs.existsSync(DNS))('an Error() method with a named result and a bare return (miekg/dns, round 11)', () => {
  const db = path.join(tmpDir('go-named-result'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', DNS, '--db', db, '--threads', '0']).code).toBe(0);
  });

  // miekg/dns's scan.go: `func (e *ParseError) Error() (s string) { if e.file != "" { s = e.file + ": " }; s += "dns: " +
  // e.err + ": " + strconv.QuoteToASCII(e.lex.token) + " at line: " + …; return }`; `dns.NewRR("example.com. 3600 IN A
  // notanip")` returns what scan_rr.go's `return &ParseError{"", "bad A A", l}` makes (an unkeyed literal)
  it('reads the message a bare return gives, without the prefix a condition adds, at the literal that makes the error', () => {
    const lines = fs.readFileSync(path.join(DNS, 'scan_rr.go'), 'utf8').split('\n');
    expect(lines[104]).toContain('return &ParseError{"", "bad A A", l}');
    const top = explain('dns: bad A A: "notanip" at line: 1:30').hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record).toMatchObject({ filePath: 'scan_rr.go', errorClass: 'ParseError' });
    expect(top.lines).toContain(105);
    expect(top.message).toBe('dns: bad A A: {token} at line: {line}:{column}');
  });
});

const TYPES = path.join(GOROOT, 'src/go/types');

describe.skipIf(!fs.existsSync(path.join(TYPES, 'assignments.go')))('a message a helper is handed in a local built by a sprintf method (go/types, round 12)', () => {
  const db = path.join(tmpDir('go-local-sprintf'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', TYPES, '--db', db, '--threads', '0']).code).toBe(0);
  }, 120_000);

  // go/types' assignments.go: `msg := check.sprintf("cannot use %s as %s value in %s", x, target, context)`, then `switch
  // code { case _TruncatedFloat: msg += " (truncated)"; case _NumericOverflow: msg += " (overflows)" … }` and
  // `check.error(x, code, msg)`; type-checking `func f() int { return "s" }` returns it, prefixed with the position
  const lines = fs.existsSync(TYPES) ? fs.readFileSync(path.join(TYPES, 'assignments.go'), 'utf8').split('\n') : [];
  const at = (text: string) => lines.findIndex((l) => l.includes(text)) + 1;

  it('reads the local\'s format, names the call and the statement that wrote the text', () => {
    const top = explain('x.go:2:23: cannot use "s" (untyped string constant) as int value in return statement').hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record.filePath).toBe('assignments.go');
    expect(top.message).toBe('cannot use {x} as {target} value in {context}');
    expect(top.lines).toEqual(expect.arrayContaining([at('msg := check.sprintf("cannot use %s as %s value in %s"'), at('check.error(x, code, msg)')]));
  });

  it('appends each case\'s text to the value before the switch, not one case\'s after the other\'s', () => {
    const top = explain('x.go:1:1: cannot use 1e100 (untyped float constant) as int value in assignment (overflows)').hits[0];
    expect(top.record.filePath).toBe('assignments.go');
    expect(top.message).toMatch(/^cannot use \{x\} as \{target\} value in .+ \(overflows\)$/);
    expect(top.message).not.toContain('(truncated)');
    const both = explain('x.go:1:1: cannot use 1.5 (untyped float constant) as int value in assignment (truncated) (overflows)').hits;
    expect(both.filter((h: { message: string }) => h.message.includes('(truncated) (overflows)'))).toEqual([]);
  });
});

const XTEXT = path.join(GOPATH, 'src/golang.org/x/text');

describe.skipIf(!fs.existsSync(path.join(XTEXT, 'internal/language/parse.go')))('an error type made by a constructor named for it (x/text, round 13)', () => {
  const db = path.join(tmpDir('go-constructor'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', path.join(XTEXT, 'internal/language'), '--db', db, '--threads', '0']).code).toBe(0);
  }, 120_000);

  // `func NewValueError(tag []byte) ValueError { var e ValueError; copy(e.v[:], tag); return e }`, whose
  // `Error()` is `fmt.Sprintf("language: subtag %q is well-formed but unknown", e.tag())`; lookup.go's
  // `return 0, NewValueError(s)` is what `language.Parse("xxx")` returns
  it('names each call of the constructor with the type\'s Error() text', () => {
    const lines = fs.readFileSync(path.join(XTEXT, 'internal/language/lookup.go'), 'utf8').split('\n');
    const calls = lines.flatMap((l, i) => (l.includes('NewValueError(') ? [i + 1] : []));
    const hits = explain('language: subtag "xxx" is well-formed but unknown').hits;
    expect(hits[0].matchType).toBe('template');
    expect(hits[0].record.errorClass).toBe('ValueError');
    expect(hits[0].message).toBe('language: subtag {tag} is well-formed but unknown');
    const named = hits.filter((h: { record: { filePath: string } }) => h.record.filePath.endsWith('lookup.go')).flatMap((h: { lines: number[] }) => h.lines);
    expect(named).toEqual(expect.arrayContaining(calls));
  });
});

const RSA = path.join(GOROOT, 'src/crypto/rsa');
const TAR = path.join(GOROOT, 'src/archive/tar');

describe.skipIf(!fs.existsSync(RSA) || !fs.existsSync(TAR))('a sentinel returned at more lines first among identical texts (round 15)', () => {
  const db = path.join(tmpDir('go-raise-lines'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  const linesOf = (file: string, text: string) => fs.readFileSync(file, 'utf8').split('\n').flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
  beforeAll(() => {
    for (const tree of [RSA, TAR]) expect(errdex(['analyze', tree, '--db', db, '--threads', '0']).code).toBe(0);
  }, 120_000);

  // `ErrMessageTooLong` is returned by EncryptPKCS1v15 and SignPKCS1v15 (pkcs1v15.go, one record of two
  // lines) and by EncryptOAEP (rsa.go, one line, the shorter path): a message alone cannot tell them
  // apart, and the record made at more places goes first
  it('ranks the record made at two lines before the same sentinel returned at one (crypto/rsa)', () => {
    const hits = explain('crypto/rsa: message too long for RSA public key size').hits;
    expect(hits[0].score).toBe(hits[1].score);
    expect(hits[0].record.filePath).toBe('pkcs1v15.go');
    expect(hits[0].lines).toEqual(linesOf(path.join(RSA, 'pkcs1v15.go'), 'return nil, ErrMessageTooLong'));
    expect(hits[1].record.filePath).toBe('rsa.go');
  });

  // `ErrHeader = errors.New("archive/tar: invalid tar header")` in common.go's var block, returned at a
  // dozen lines of reader.go: the returns go before the declaration's own record
  it('ranks the sentinel\'s returns before its declaration (archive/tar)', () => {
    const hits = explain('archive/tar: invalid tar header').hits;
    expect(hits[0].record.filePath).toBe('reader.go');
    expect(hits[0].lines).toEqual(expect.arrayContaining(linesOf(path.join(TAR, 'reader.go'), 'return nil, nil, ErrHeader')));
    expect(hits.findIndex((h: { record: { filePath: string } }) => h.record.filePath === 'common.go')).toBeGreaterThan(0);
  });
});

const linesIn = (file: string, text: string) => fs.readFileSync(file, 'utf8').split('\n').flatMap((l, i) => (l.includes(text) ? [i + 1] : []));
const USER = path.join(GOROOT, 'src/os/user');
const ENVCONFIG = path.join(GOPATH, 'src/github.com/kelseyhightower/envconfig');
const GOINI = path.join(GOPATH, 'src/github.com/go-ini/ini');

describe.skipIf(!fs.existsSync(USER))('a value converted to an error type of another file and returned (os/user, round 18)', () => {
  // cgo_lookup_unix.go's `return nil, UnknownUserError(username)`: the type is user.go's `type
  // UnknownUserError string`, whose Error() writes `"user: unknown user " + string(e)`; the pure-Go
  // lookup_unix.go (built without cgo) returns the same type
  it('names both returns with the text the type writes', () => {
    const db = path.join(tmpDir('go-user'), 'x.sqlite');
    expect(errdex(['analyze', USER, '--db', db, '--threads', '0']).code).toBe(0);
    const hits = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'user: unknown user nobody-here']).stdout).hits;
    const at = hits.slice(0, 2).map((h: { record: { filePath: string; errorClass: string }; lines: number[] }) => [h.record.filePath, h.record.errorClass, h.lines[0]]).sort();
    expect(at).toEqual([
      ['cgo_lookup_unix.go', 'UnknownUserError', linesIn(path.join(USER, 'cgo_lookup_unix.go'), 'return nil, UnknownUserError(username)')[0]],
      ['lookup_unix.go', 'UnknownUserError', linesIn(path.join(USER, 'lookup_unix.go'), 'return nil, UnknownUserError(name)')[0]],
    ]);
  });
});

describe.skipIf(!fs.existsSync(ENVCONFIG) || !fs.existsSync(GOINI))("a wrapper whose inner text is a library's that is not indexed (envconfig beside go-ini, round 18)", () => {
  // envconfig's ParseError writes `envconfig.Process: assigning … details: %[5]s` around strconv's
  // `strconv.ParseInt: parsing "abc": invalid syntax`; go-ini's key.go has `parsing "%s": invalid
  // syntax`, which reads only the end of that inner text: not the origin, the wrapper stays first
  it('keeps the wrapper first', () => {
    const db = path.join(tmpDir('go-envconfig'), 'x.sqlite');
    for (const tree of [ENVCONFIG, GOINI]) expect(errdex(['analyze', tree, '--db', db, '--threads', '0']).code).toBe(0);
    const msg = 'envconfig.Process: assigning APP_PORT to Port: converting \'abc\' to type int. details: strconv.ParseInt: parsing "abc": invalid syntax';
    const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, msg]).stdout).hits[0];
    expect(top.record.filePath).toBe('envconfig.go');
    expect(top.lines).toContain(linesIn(path.join(ENVCONFIG, 'envconfig.go'), 'return &ParseError{')[0]);
  });
});

const AES = path.join(GOROOT, 'src/crypto/aes');
const CIPHER = path.join(GOROOT, 'src/crypto/cipher');

describe.skipIf(!fs.existsSync(AES) || !fs.existsSync(CIPHER))('a text raised in files built for other platforms too (crypto/aes, crypto/cipher)', () => {
  it('answers a message two packages return word for word with a file a linux build compiles, not gcm_s390x.go', () => {
    const db = path.join(tmpDir('go-platform'), 'index.sqlite');
    for (const tree of [AES, CIPHER]) expect(errdex(['analyze', tree, '--db', db, '--threads', '0']).code).toBe(0);
    const hits = explainOutput(errdex(['explain', '--db', db, '--json', 'cipher: message authentication failed']).stdout).links[0].hits;
    // (gcm_s390x.go returns the text at the most lines: before the platform rule it came first, the
    // hit naming it with aes_gcm.go as its copy)
    expect(hits.flatMap((h) => [h.record.filePath, ...h.copies.map((c) => c.filePath)])).toContain('gcm_s390x.go');
    expect(hits.map((h) => h.record.filePath)).not.toContain('gcm_s390x.go');
  }, 60_000);
});

const OPENPGP = path.join(GOPATH, 'src/golang.org/x/crypto/openpgp');

describe.skipIf(!fs.existsSync(OPENPGP))('a conversion to an error type of another package of the tree (x/crypto openpgp, round 20)', () => {
  // packet.go's `err = errors.StructuralError("tag byte does not have MSB set")`: `errors` is openpgp's
  // own package (not the standard one), whose `func (s StructuralError) Error() string` writes
  // `"openpgp: invalid data: " + string(s)`
  it('names the conversion, with the type\'s text around the value', () => {
    const db = path.join(tmpDir('go-openpgp'), 'x.sqlite');
    expect(errdex(['analyze', OPENPGP, '--db', db, '--threads', '0']).code).toBe(0);
    const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'openpgp: invalid data: tag byte does not have MSB set']).stdout).hits[0];
    expect(top.record.filePath).toBe('openpgp/packet/packet.go');
    expect(top.record.errorClass).toBe('StructuralError');
    expect(top.matchType).toBe('template');
    expect(top.lines).toContain(linesIn(path.join(OPENPGP, 'packet/packet.go'), 'err = errors.StructuralError("tag byte does not have MSB set")')[0]);
  }, 60_000);
});

const TRANSLATOR = path.join(GOPATH, 'src/github.com/go-playground/universal-translator');

describe.skipIf(!fs.existsSync(TRANSLATOR))('a message that writes `error:` itself (universal-translator, round 20)', () => {
  // errors.go's `fmt.Sprintf("error: conflicting key '%s' rule '%s' …", …)`: the one line is read whole,
  // not as a log line of level error (which left `conflicting key …` and only a fuzzy match)
  it('matches the whole text to the type\'s template', () => {
    const db = path.join(tmpDir('go-translator'), 'x.sqlite');
    expect(errdex(['analyze', TRANSLATOR, '--db', db, '--threads', '0']).code).toBe(0);
    const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, "error: conflicting key 'k' rule 'Unknown' with text 'b' for locale 'en', value being ignored"]).stdout).hits[0];
    expect(top.record.filePath).toBe('translator.go');
    expect(top.record.errorClass).toBe('ErrConflictingTranslation');
    expect(top.matchType).toBe('template');
    expect(top.lines).toContain(linesIn(path.join(TRANSLATOR, 'translator.go'), 'return &ErrConflictingTranslation{locale: t.Locale(), key: key, text: text}')[0]);
  }, 60_000);
});
