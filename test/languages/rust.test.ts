// What of the Rust pack the conformance cases (src/languages/rust/cases/) cannot say as annotated
// source: the trace parser on panics and anyhow reports printed by a real rustc 1.95 program
// (test/fixtures/rust/, from `thread … panicked at` to the `note:` line), the older panic header,
// the format-string reader, and the cargo layout's reading of paths and manifests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseInput } from '../../src/query/parse.js';
import { formatTemplate, splitArgs, stringLiteral } from '../../src/languages/rust/fmt.js';
import { renderMessage } from '../../src/template/ir.js';
import { cargo } from '../../src/ecosystems/cargo/index.js';
import { catchSnippet, typeGuardSnippet } from '../../src/languages/rust/snippets.js';
import { parseRust } from '../../src/languages/rust/grammar.js';
import { analyzeRust } from '../../src/languages/rust/analyze.js';
import { packageTable } from '../../src/ecosystems/cargo/manifest.js';

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/rust', name), 'utf8');

describe('rust panics', () => {
  it('reads the message and the location of a panic without a backtrace (1.92+ header with the thread id)', () => {
    const { links } = parseInput(fixture('panic-short.txt'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ language: 'rust', errorClass: null, message: 'IndexMap: key not found' });
    expect(links[0].frames).toEqual([{ file: 'src/main.rs', line: 17, column: 92, func: null }]);
  });

  it('keeps a multi-line message (assert_eq!) whole', () => {
    const { links } = parseInput(fixture('assert-eq.txt'));
    expect(links[0].message).toBe('assertion `left == right` failed: sum of 3 and one\n  left: 4\n right: 5');
  });

  it('reads a thread other than main', () => {
    const { links } = parseInput(fixture('panic-thread.txt'));
    expect(links[0].message).toBe('worker needs a value');
    expect(links[0].frames.at(-1)).toMatchObject({ file: 'src/main.rs', line: 20 });
  });

  it('reads RUST_BACKTRACE=1 frames outermost first, the panic inside a registry crate innermost among its frames', () => {
    const { links } = parseInput(fixture('panic-backtrace.txt'));
    expect(links).toHaveLength(1);
    const frames = links[0].frames;
    expect(frames[0].func).toBe('core::ops::function::FnOnce::call_once');
    const crate = frames.filter((f) => f.file.includes('/arrayvec-0.7.2/'));
    expect(crate.map((f) => `${f.func}:${f.line}`)).toEqual(['arrayvec::arrayvec::ArrayVec<T,_>::push:176', 'arrayvec::arrayvec_impl::ArrayVecImpl::push:39']);
    // std's frames come after it (innermost), named by the toolchain's library tree
    expect(frames.at(-1)!.file).toMatch(/^\/rustc\/[0-9a-f]+\/library\/std\/src\/panicking\.rs$/);
    expect(links[0].message).toBe('called `Result::unwrap()` on an `Err` value: CapacityError: insufficient capacity');
  });

  it('reads RUST_BACKTRACE=full frames (addresses, hashed crate names)', () => {
    const { links } = parseInput(fixture('panic-full.txt'));
    const crate = links[0].frames.filter((f) => f.file.includes('/arrayvec-0.7.2/'));
    expect(crate.map((f) => f.line)).toEqual([176, 39]);
  });

  it('reads the older header, the message quoted before the location (rustc before 1.73)', () => {
    // (written as rustc 1.72 and earlier print it; no such toolchain is installed here)
    const { links } = parseInput("thread 'main' panicked at 'index 7 is out of range', src/lib.rs:12:5\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n");
    expect(links[0]).toMatchObject({ message: 'index 7 is out of range', frames: [{ file: 'src/lib.rs', line: 12, column: 5, func: null }] });
  });

  it('reads a panic whose message holds an anyhow chain (unwrap of an anyhow::Error)', () => {
    const { links } = parseInput(fixture('unwrap-anyhow.txt'));
    expect(links).toHaveLength(1);
    expect(links[0].message).toBe('called `Result::unwrap()` on an `Err` value: parsing the network\n\nCaused by:\n    invalid IP address syntax');
  });

  it('reads a panic behind a log prefix', () => {
    const { links } = parseInput("2026-12-02T00:00:00Z ERROR thread 'main' panicked at src/a.rs:3:9:\nboom\n");
    expect(links[0]).toMatchObject({ language: 'rust', message: 'boom' });
  });
});

describe('anyhow reports', () => {
  it('splits `Error: …` and its `Caused by:` list into links, innermost first', () => {
    const { links } = parseInput(fixture('anyhow-chain.txt'));
    expect(links.map((l) => [l.message, l.relation])).toEqual([
      ['invalid IP address syntax', null],
      ['parsing the network', 'cause'],
      ['loading config', 'cause'],
    ]);
  });

  it('reads an unnumbered single cause', () => {
    const { links } = parseInput('Error: failed to read config\n\nCaused by:\n    No such file or directory (os error 2)\n');
    expect(links.map((l) => l.message)).toEqual(['No such file or directory (os error 2)', 'failed to read config']);
  });

  it('leaves the one-line `{:#}` chain a bare message (the matcher splits it layer by layer)', () => {
    const { links } = parseInput(fixture('anyhow-oneline.txt'));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ language: null, message: 'loading config: parsing the network: invalid IP address syntax' });
  });
});

describe('format strings', () => {
  const read = (e: string) => [{ hole: { name: e, expr: e, kind: 'any' as const } }];
  it('opens every field form', () => {
    const t = formatTemplate('{} at {pos}, {0:?} {:>8} {x} {{y}} {n:#x}', ['a', 'pos = p', 'n = 3'], read, 1);
    expect(renderMessage(t)).toBe('{a} at {pos}, {a} {value} {x} {y} {n}');
  });
  it('splits token trees at top-level commas only', () => {
    expect(splitArgs('"a, b", f(x, y), [1, 2], \'c\', r#"q, "r""#')).toEqual(['"a, b"', 'f(x, y)', '[1, 2]', "'c'", 'r#"q, "r""#']);
  });
  it('reads string literals with escapes and raw strings', () => {
    expect(stringLiteral('"tab\\there \\u{e9} \\"q\\""')).toBe('tab\there é "q"');
    expect(stringLiteral('r#"raw "q" \\n"#')).toBe('raw "q" \\n');
    expect(stringLiteral('x')).toBeNull();
  });
});

describe('cargo layout', () => {
  it('names the crate of a frame in the registry source cache, Debian\'s registry and vendor/', () => {
    expect(cargo.packageInPath('/home/u/.cargo/registry/src/index.crates.io-6f17d22bba15001f/arrayvec-0.7.2/src/lib.rs')?.name).toBe('arrayvec');
    expect(cargo.packageInPath('/usr/share/cargo/registry/rust-ini-0.18.0/src/lib.rs')?.name).toBe('rust-ini');
    expect(cargo.packageInPath('/srv/app/vendor/smallvec/src/lib.rs')?.name).toBe('smallvec');
    expect(cargo.packageInPath('/srv/app/src/registry.rs')).toBeNull();
  });

  it('reads the [package] table of a Cargo.toml only', () => {
    expect(packageTable('[package]\nname = "a-b"\nversion = "1.2.3"\nrepository = "https://github.com/o/r"\n[dependencies]\nname = "no"\n')).toEqual({ name: 'a-b', version: '1.2.3', repository: 'https://github.com/o/r' });
  });

  it('finds the locked crates installed in vendor/ and never reads a lying manifest outside the tree', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'errdex-cargo-'));
    fs.writeFileSync(path.join(dir, 'Cargo.toml'), '[package]\nname = "app"\nversion = "0.1.0"\n');
    fs.writeFileSync(path.join(dir, 'Cargo.lock'), '[[package]]\nname = "app"\nversion = "0.1.0"\n\n[[package]]\nname = "tiny"\nversion = "1.0.0"\nsource = "registry+https://github.com/rust-lang/crates.io-index"\n\n[[package]]\nname = "../../etc"\nversion = "1.0.0"\nsource = "registry+x"\n');
    fs.mkdirSync(path.join(dir, 'vendor', 'tiny', 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'vendor', 'tiny', 'Cargo.toml'), '[package]\nname = "tiny"\nversion = "1.0.0"\n');
    const m = await cargo.manifest();
    const problems: { path: string; problem: string }[] = [];
    const found = m.installed(fs.realpathSync(dir), problems);
    expect(found.map((p) => [p.name, p.version, path.relative(fs.realpathSync(dir), p.root)])).toEqual([['tiny', '1.0.0', 'vendor/tiny']]);
    expect(problems.some((p) => p.problem.includes('unusable name'))).toBe(true);
    expect(m.detect(path.join(dir, 'vendor', 'tiny'))).toMatchObject({ name: 'tiny', version: '1.0.0', pathPrefix: '' });
  });
});

describe('snippets', () => {
  it('match on the variant and downcast_ref, in Rust that parses', () => {
    const input = { errorClass: 'Kind::Invalid', errorCode: null, message: 'invalid character {c}', symbol: 'Parser.parse' };
    const plain = { ...input, errorClass: null };
    for (const code of [catchSnippet(input)!, catchSnippet(plain)!]) {
      const root = parseRust(`fn f() -> Result<(), Box<dyn std::error::Error>> {\n${code}\nOk(())\n}`).root();
      expect(root.find({ rule: { kind: 'ERROR' } }), code).toBeNull();
    }
    expect(catchSnippet(input)).toContain('Err(Kind::Invalid { .. })');
    expect(typeGuardSnippet(input)).toBe('err.downcast_ref::<Kind>().is_some()');
  });
});

describe('error kinds through macros and a field\'s method (round 8)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);

  it('makes each invocation of a macro building `Error::$err` a site of the variant it is handed, by the metavariable\'s position', () => {
    const a = analyzeRust([
      'macro_rules! invalid {',
      '    ($bytes:ident, $b:ident, $err:ident) => {',
      '        return Err(Error::$err);',
      '    };',
      '}',
      'fn parse(bytes: &[u8]) -> Result<(), Error> {',
      '    let b = bytes[0];',
      '    if b == 0 { invalid!(bytes, b, HeaderName); }',
      '    if b == 1 { invalid!(bytes, b, lowercase); }',
      '    Ok(())',
      '}',
    ].join('\n'));
    expect(a.sites.map((s) => [s.line, s.errorClass])).toEqual([[8, 'Error::HeaderName']]);
  });

  it('gives each variant of a field\'s type the text its method\'s arm returns, where the outer Display writes it', () => {
    const a = analyzeRust([
      'pub struct ParseRatioError { kind: RatioErrorKind }',
      'enum RatioErrorKind { ParseError, ZeroDenominator }',
      'impl fmt::Display for ParseRatioError {',
      '    fn fmt(&self, f: &mut fmt::Formatter<\'_>) -> fmt::Result {',
      '        write!(f, "ratio: {}", self.kind.description())',
      '    }',
      '}',
      'impl RatioErrorKind {',
      '    fn description(&self) -> &\'static str {',
      '        match *self {',
      '            RatioErrorKind::ParseError => "failed to parse integer",',
      '            RatioErrorKind::ZeroDenominator => "zero value denominator",',
      '        }',
      '    }',
      '}',
    ].join('\n'));
    expect(a.classes.map((c) => [c.name, show(c.template)])).toEqual(
      expect.arrayContaining([['RatioErrorKind::ParseError', 'ratio: failed to parse integer'], ['RatioErrorKind::ZeroDenominator', 'ratio: zero value denominator']]),
    );
  });
});

describe('Rust errors a helper makes from its parameters (round 9)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  const a = analyzeRust([
    'use error::Error::*;', // 1
    'impl Compiler {', // 2
    '    fn parse_error(&self, location: &str, msg: String) -> Error {', // 3
    '        let (line, column) = get_offset(self.text, location);', // 4
    '        ParseError { msg, line, column }', // 5
    '    }', // 6
    '    fn parse_path(&self, text: &str) -> Result<()> {', // 7
    '        Err(self.parse_error(text, format!("Invalid keyword name \'{}\'", text)))', // 8
    '    }', // 9
    '    fn fixed(&self, location: &str) -> Error {', // 10
    '        ParseError { msg: String::new(), line: 0, column: 0 }', // 11
    '    }', // 12
    '}', // 13
  ].join('\n'));

  it('makes a bare variant built from a parameter, in an error-returning helper the file calls with text, a site whose callers\' messages are records at the calls', () => {
    const made = a.sites.filter((s) => s.line === 5);
    expect(made.map((s) => s.errorClass)).toContain('Error::ParseError');
    for (const s of made) expect(s).toMatchObject({ hidesFrame: true, returned: true, callersInDir: true });
    expect(made[0].args.map((x) => x.name)).toEqual(['msg', 'line', 'column']);
    const call = a.calls!.find((c) => c.line === 8)!;
    expect(call.callee).toBe('parse_error');
    expect(show(call.args[1].template)).toBe("Invalid keyword name '{text}'");
  });

  it('leaves a construction with no parameter as given, in a helper no call hands text, alone', () => {
    expect(a.sites.some((s) => s.line === 11 && s.hidesFrame)).toBe(false);
  });
});

describe('Rust constructors and macro_rules! transcribers (round 11)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  const a = analyzeRust([
    'pub struct ScanError { mark: Marker, info: String }', // 1
    'impl ScanError {', // 2
    '    pub fn new(loc: Marker, info: &str) -> ScanError {', // 3
    '        ScanError { mark: loc, info: info.to_owned() }', // 4
    '    }', // 5
    '}', // 6
    'impl fmt::Display for ScanError {', // 7
    '    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {', // 8
    '        write!(f, "{} at line {} column {}", self.info, self.mark.line, self.mark.col + 1)', // 9
    '    }', // 10
    '}', // 11
    'macro_rules! expect_byte {', // 12
    '    ($parser:ident) => ({', // 13
    '        if $parser.is_eof() {', // 14
    '            return Err(Error::UnexpectedEndOfJson);', // 15
    '        }', // 16
    '        $parser.read_byte()', // 17
    '    })', // 18
    '}', // 19
    'macro_rules! fail_with { ($e:ident) => { return Err(Error::$e) } }', // 20
  ].join('\n'));

  it('orders a struct error type\'s params as its `new` hands them to fields, not as its Display names them', () => {
    const c = a.classes.find((x) => x.name === 'ScanError')!;
    expect(show(c.template)).toBe('{info} at line {line} column {col}');
    expect(c.params).toEqual(['mark', 'info']);
  });

  it('makes an error value written whole in a macro_rules! rule a site at its line of the definition, not one naming a metavariable', () => {
    expect(a.sites.filter((s) => s.line === 15).map((s) => s.errorClass)).toEqual(['Error::UnexpectedEndOfJson']);
    expect(a.sites.some((s) => s.line === 20)).toBe(false);
  });
});

describe('Rust macro_rules! transcribers with a metavariable in a field (round 12)', () => {
  const a = analyzeRust([
    'macro_rules! token_err {', // 1
    '    ($span:expr) => {{', // 2
    '        return Err(ParseError {', // 3
    '            span: $span,', // 4
    '            reason: Reason::Unexpected(&expected),', // 5
    '        });', // 6
    '    }};', // 7
    '}', // 8
    'macro_rules! fail_with { ($e:ident) => { return Err(Error::$e) } }', // 9
    'macro_rules! kind_of { ($k:ident, $x:expr) => { return Err($k::Bad($x)) } }', // 10
    'macro_rules! wrap { ($e:expr) => { return Err($e) } }', // 11
    'macro_rules! krate { ($x:expr) => { return Err($crate::Error::Custom($x)) } }', // 12
  ].join('\n'));

  it('reads a value whose path is written whole, a metavariable in its fields a hole', () => {
    expect(a.sites.filter((s) => s.line === 3).map((s) => s.errorClass).sort()).toEqual(['ParseError', 'Reason::Unexpected']);
    expect(a.sites.filter((s) => s.line === 12).map((s) => s.errorClass)).toEqual(['Error::Custom']);
  });

  it('leaves a value whose path, or whole self, is a metavariable to the invocation', () => {
    expect(a.sites.filter((s) => s.line >= 9 && s.line <= 11)).toEqual([]);
  });
});

describe('Rust error values handed to map_err/ok_or in a macro_rules! transcriber (round 16)', () => {
  const a = analyzeRust([
    'macro_rules! float_impl {', // 1
    '    ($t:ty) => {', // 2
    '        impl Num for $t {', // 3
    '            fn from_str_radix(src: &str, radix: u32) -> Result<Self, ParseFloatError> {', // 4
    '                use self::FloatErrorKind::*;', // 5
    '                if radix == 10 {', // 6
    '                    return src.parse().map_err(|_| ParseFloatError {', // 7
    '                        kind: if src.is_empty() { Empty } else { Invalid },', // 8
    '                    });', // 9
    '                }', // 10
    '                let c = src.chars().next().ok_or(Error::Eof)?;', // 11
    '                let d = c.to_digit(radix).ok_or_else(|| { Error::BadDigit(c) })?;', // 12
    '                let e = src.parse::<u8>().map_err($crate::Error::$t)?;', // 13
    '                map_err(x)', // 14
    '            }', // 15
    '        }', // 16
    '    };', // 17
    '}', // 18
  ].join('\n'));
  const at = (line: number) => a.sites.filter((s) => s.line === line).map((s) => s.errorClass).sort();

  it('reads the value a closure given to `.map_err(…)` makes, each variant an `if` chooses a candidate', () => {
    expect(at(7)).toEqual(expect.arrayContaining(['FloatErrorKind::Empty', 'FloatErrorKind::Invalid', 'ParseFloatError']));
  });

  it('reads `.ok_or(…)` and a braced `.ok_or_else(|| { … })` as it reads them in code', () => {
    expect(at(11)).toEqual(['Error::Eof']);
    expect(at(12)).toEqual(['Error::BadDigit']);
  });

  it('leaves a value naming a metavariable, and a function that is no method, alone', () => {
    expect(at(13)).toEqual([]);
    expect(at(14)).toEqual([]);
  });
});

describe('Rust Display texts through a method of self and a derived Debug (round 13)', () => {
  const show = (t: Parameters<typeof renderMessage>[0] | null | undefined) => (t ? renderMessage(t) : null);
  it('writes the method\'s arm of the same variant where a Display arm calls it', () => {
    const a = analyzeRust([
      'pub enum ErrorKind { Utf8(std::str::Utf8Error), Bool(u8), Other }',
      'impl ErrorKind {',
      '    fn description(&self) -> &str {',
      '        match *self { ErrorKind::Utf8(_) => "not utf8", ErrorKind::Bool(_) => "bad bool", ErrorKind::Other => "other" }',
      '    }',
      '}',
      'impl fmt::Display for ErrorKind {',
      '    fn fmt(&self, fmt: &mut fmt::Formatter) -> fmt::Result {',
      '        match *self {',
      '            ErrorKind::Utf8(ref e) => write!(fmt, "{}: {}", self.description(), e),',
      '            ErrorKind::Bool(b) => write!(fmt, "{}, found {}", self.description(), b),',
      '            ErrorKind::Other => write!(fmt, "{}", self.description()),',
      '        }',
      '    }',
      '}',
    ].join('\n'));
    const first = (n: string) => show(a.classes.find((c) => c.name === n)?.template);
    expect(first('ErrorKind::Utf8')).toBe('not utf8: {e}');
    expect(first('ErrorKind::Bool')).toBe('bad bool, found {b}');
    expect(first('ErrorKind::Other')).toBe('other');
  });

  it('reads an enum deriving Debug as the derive prints it only when a Display of the file writes a Debug text', () => {
    const src = (display: string) => analyzeRust([
      '#[derive(Debug)]',
      'pub enum Kind { Eof, Io(std::io::Error), Unexpected { expected: Ev, found: Ev } }',
      'pub struct Error { kind: Kind }',
      'impl fmt::Display for Error {',
      `    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { ${display} }`,
      '}',
    ].join('\n'));
    const a = src('fmt::Debug::fmt(&self.kind, f)');
    expect(a.classes.filter((c) => c.name.startsWith('Kind::')).map((c) => [c.name, show(c.template)])).toEqual([
      ['Kind::Eof', 'Eof'], ['Kind::Io', 'Io({value})'], ['Kind::Unexpected', 'Unexpected { expected: {expected}, found: {found} }'],
    ]);
    expect(src('write!(f, "{}", self.kind)').classes.some((c) => c.name.startsWith('Kind::'))).toBe(false);
  });
});

describe('Rust error values in macro tokens (round 14)', () => {
  const a = analyzeRust([
    'macro_rules! depth_count { ($c:expr, $e:expr) => {{ $c -= 1; let r = $e; $c += 1; r }} }', // 1
    'fn any(&mut self) -> Result<(), Error> {', // 2
    '    depth_count!(self.depth, {', // 3
    '        match left { 0 => Ok(()), excess => Err(Error::LengthMismatch(len - excess)) }', // 4
    '    })', // 5
    '}', // 6
    'fn q() -> TokenStream { quote! { return Err(Error::Generated(x)); } }', // 7
    'fn w(f: &mut Formatter) { write!(f, "{:?}", Err::<(), _>(Error::Shown)) }', // 8
    'macro_rules! fwd { ($t:ident) => { match s.parse::<$t>() { Ok(v) => v, Err(e) => Err(de::Error::custom(format_args!("{} while parsing {}", e, s))) } } }', // 9
    'macro_rules! io_err { () => { return Err(io::Error::new(io::ErrorKind::Other, "bad header")) } }', // 10
  ].join('\n'));
  const at = (line: number) => a.sites.filter((s) => s.line === line);

  it('makes an Err(…) handed to a macro of the crate\'s own a site at its line, with the value\'s arguments', () => {
    expect(at(4).map((s) => [s.errorClass, s.args.map((x) => x.expr)])).toEqual([['Error::LengthMismatch', ['len - excess']]]);
  });

  it('leaves the tokens of code-generating and format macros alone', () => {
    expect(at(7)).toEqual([]);
    expect(at(8)).toEqual([]);
  });

  it('reads a constructor\'s message in a transcriber: format_args! and a literal', () => {
    expect(at(9).map((s) => renderMessage(s.template!))).toEqual(['{e} while parsing {s}']);
    expect(at(10).map((s) => [s.errorClass, renderMessage(s.template!)])).toEqual([['ErrorKind::Other', 'bad header']]);
  });
});

describe("Rust errors an error type's new_… constructor makes outside an Err(…) (round 17)", () => {
  const a = analyzeRust([
    'fn check(defs: &[Span]) -> Vec<Error<Rule>> {', // 1
    '    let mut errors = vec![];', // 2
    '    for d in defs {', // 3
    '        errors.push(Error::new_from_span(', // 4
    '            ErrorVariant::CustomError { message: format!("rule {} is undefined", d.as_str()) },', // 5
    '            *d,', // 6
    '        ));', // 7
    '    }', // 8
    '    errors', // 9
    '}', // 10
    'fn one(n: &Node) -> Option<Error<Rule>> {', // 11
    '    Some(pest::error::Error::new_from_pos(ErrorVariant::CustomError { message: "cannot repeat 0 times".to_owned() }, n.pos))', // 12
    '}', // 13
    'fn other() -> Span {', // 14
    '    let s = Span::new_unchecked("text", 0, 4);', // 15
    '    let e = Error::new_from_span(ErrorVariant::ParsingError { positives: vec![], negatives: vec![] }, s);', // 16
    '    s', // 17
    '}', // 18
  ].join('\n'));
  const at = (line: number) => a.sites.filter((s) => s.line === line);

  it('is a site where it is written, its message the first text of its arguments', () => {
    expect(at(4).map((s) => [s.errorClass, renderMessage(s.template!)])).toEqual([['Error', 'rule {d} is undefined']]);
    expect(at(12).map((s) => [s.errorClass, renderMessage(s.template!)])).toEqual([['pest::error::Error', 'cannot repeat 0 times']]);
  });

  it('leaves a constructor of a type that is no error, and one given no text, alone', () => {
    expect(at(15)).toEqual([]);
    expect(at(16)).toEqual([]);
  });
});

describe("an error type's constructor taking arguments and naming one variant (round 18, tera's errors.rs)", () => {
  const a = analyzeRust([
    'impl Error {', // 1
    '    pub fn template_not_found(tpl: impl ToString) -> Self {', // 2
    '        Self { kind: ErrorKind::TemplateNotFound(tpl.to_string()), source: None }', // 3
    '    }', // 4
    '    pub fn either(a: bool) -> Self {', // 5
    '        if a { Self { kind: ErrorKind::A } } else { Self { kind: ErrorKind::B } }', // 6
    '    }', // 7
    '}', // 8
    'impl Config {', // 9
    '    pub fn with_name(name: String) -> Self { Self { kind: Kind::Named(name) } }', // 10
    '}', // 11
    'fn get(name: &str) -> Result<(), Error> {', // 12
    '    Err(Error::template_not_found(name))', // 13
    '}', // 14
    'impl From<Utf8Error> for Error {', // 15
    '    fn from(e: Utf8Error) -> Error { Error::NonDecodable(Some(e)) }', // 16
    '}', // 17
  ].join('\n'));

  it('is a factory under its type path, and the call that writes the path names it', () => {
    expect(a.factories?.['Error::template_not_found']).toEqual(['ErrorKind::TemplateNotFound']);
    expect(a.sites.filter((s) => s.line === 13).map((s) => [s.errorClass, s.factory])).toEqual([['Error', 'Error::template_not_found']]);
  });

  it("drops the construction inside it (its callers make the error), and leaves one of two variants and a type that is no error alone", () => {
    expect(a.sites.filter((s) => s.line === 3)).toEqual([]);
    expect(a.factories?.['Error::either']).toBeUndefined();
    expect(a.factories?.['Config::with_name']).toBeUndefined();
  });

  it("leaves a trait's constructor alone (a `?` makes its error)", () => {
    expect(a.factories?.['Error::from']).toBeUndefined();
  });
});

describe('a `?` that converts another error into a variant by a From impl of the file (round 18, rustc_version)', () => {
  const a = analyzeRust([
    'pub enum LlvmVersionParseError { ParseIntError(num::ParseIntError), TooManyComponents }', // 1
    'impl From<num::ParseIntError> for LlvmVersionParseError {', // 2
    '    fn from(e: num::ParseIntError) -> Self { LlvmVersionParseError::ParseIntError(e) }', // 3
    '}', // 4
    'impl fmt::Display for LlvmVersionParseError {', // 5
    '    fn fmt(&self, f: &mut fmt::Formatter<\'_>) -> fmt::Result {', // 6
    '        match self {', // 7
    '            LlvmVersionParseError::ParseIntError(e) => write!(f, "error parsing LLVM version component: {}", e),', // 8
    '            LlvmVersionParseError::TooManyComponents => write!(f, "too many version components"),', // 9
    '        }', // 10
    '    }', // 11
    '}', // 12
    'fn parse(s: &str) -> Result<u64, LlvmVersionParseError> {', // 13
    '    let n = s.parse()?;', // 14
    '    let m = other(s)?;', // 15
    '    Ok(n + m)', // 16
    '}', // 17
    'fn other(s: &str) -> Result<u64, LlvmVersionParseError> { Ok(1) }', // 18
    'fn io(s: &str) -> std::io::Result<u64> { let x = s.parse()?; Ok(x) }', // 19
  ].join('\n'));

  it('is a site of the variant the conversion makes', () => {
    expect(a.sites.filter((s) => s.line === 14).map((s) => s.errorClass)).toEqual(['LlvmVersionParseError::ParseIntError']);
  });

  it('leaves a `?` on a call of the file returning that type already, and one in a function of another error type, alone', () => {
    expect(a.sites.filter((s) => s.line === 15)).toEqual([]);
    expect(a.sites.filter((s) => s.line === 19)).toEqual([]);
  });
});

describe('a `?` converting by a thiserror `#[from]` field of the file (round 18)', () => {
  const a = analyzeRust([
    '#[derive(Debug, thiserror::Error)]', // 1
    'pub enum LoadError {', // 2
    '    #[error("cannot read the file: {0}")]', // 3
    '    Io(#[from] std::io::Error),', // 4
    '    #[error("empty")]', // 5
    '    Empty,', // 6
    '}', // 7
    'fn load(p: &str) -> Result<String, LoadError> {', // 8
    '    let s = std::fs::read_to_string(p)?;', // 9
    '    Ok(s)', // 10
    '}', // 11
  ].join('\n'));

  it('is a site of the variant holding the field', () => {
    expect(a.sites.filter((s) => s.line === 9).map((s) => s.errorClass)).toEqual(['LoadError::Io']);
  });
});

describe('an error-named tuple struct called as its constructor and handed on (round 19, log)', () => {
  const a = analyzeRust([
    'static LEVEL_PARSE_ERROR: &str =', // 1
    '    "attempted to convert a string that doesn\'t match an existing log level";', // 2
    'pub struct ParseLevelError(());', // 3
    'impl fmt::Display for ParseLevelError {', // 4
    '    fn fmt(&self, fmt: &mut fmt::Formatter) -> fmt::Result { fmt.write_str(LEVEL_PARSE_ERROR) }', // 5
    '}', // 6
    'fn ok_or<T, E>(t: Option<T>, e: E) -> Result<T, E> { match t { Some(t) => Ok(t), None => Err(e) } }', // 7
    'fn from_str(level: &str) -> Result<Level, ParseLevelError> {', // 8
    '    ok_or(find(level), ParseLevelError(()))', // 9
    '}', // 10
    'fn is(e: &dyn Any) -> bool { matches!(e, ParseLevelError(_)) }', // 11
    'fn wrap(e: io::Error) -> Error { Error(e) }', // 12
  ].join('\n'));

  it('is a site of the type, its text the Display\'s static', () => {
    const s = a.sites.filter((x) => x.line === 9);
    expect(s.map((x) => x.errorClass)).toEqual(['ParseLevelError']);
  });

  it('leaves patterns and a bare `Error(…)` alone', () => {
    expect(a.sites.filter((x) => x.line === 11 || x.line === 12)).toEqual([]);
  });
});

describe('variants re-made by `impl Clone` (round 19, ignore)', () => {
  const a = analyzeRust([
    'pub enum Error { UnrecognizedFileType(String), InvalidDefinition }', // 1
    'impl Clone for Error {', // 2
    '    fn clone(&self) -> Error {', // 3
    '        match *self {', // 4
    '            Error::UnrecognizedFileType(ref err) => Error::UnrecognizedFileType(err.clone()),', // 5
    '            Error::InvalidDefinition => Error::InvalidDefinition,', // 6
    '        }', // 7
    '    }', // 8
    '}', // 9
    'fn build(name: String) -> Result<(), Error> { Err(Error::UnrecognizedFileType(name)) }', // 10
  ].join('\n'));

  it('are no sites; the raise is', () => {
    expect(a.sites.filter((x) => x.line >= 2 && x.line <= 9)).toEqual([]);
    expect(a.sites.filter((x) => x.line === 10).map((x) => x.errorClass)).toEqual(['Error::UnrecognizedFileType']);
  });
});

describe('a string literal\'s line continuation in a CRLF file (round 19)', () => {
  it('drops the CR, the newline and the indentation', () => {
    expect(stringLiteral('"after the logging system \\\r\n        was already initialized"')).toBe('after the logging system was already initialized');
  });
});

describe('`.map_err(…)` adapters (round 20, crossbeam-channel)', () => {
  const a = analyzeRust([
    'pub struct RecvError;', // 1
    'pub struct SendError<T>(pub T);', // 2
    'pub enum SendTimeoutError<T> { Timeout(T), Disconnected(T) }', // 3
    'fn recv(f: u8) -> Result<u8, RecvError> {', // 4
    '    match f {', // 5
    '        0 => inner(),', // 6
    '        _ => inner(),', // 7
    '    }', // 8
    '    .map_err(|_| RecvError)', // 9
    '}', // 10
    'fn send(m: u8) -> Result<(), SendError<u8>> {', // 11
    '    write(m).map_err(|err| match err {', // 12
    '        SendTimeoutError::Disconnected(msg) => SendError(msg),', // 13
    '        SendTimeoutError::Timeout(_) => unreachable!(),', // 14
    '    })', // 15
    '}', // 16
  ].join('\n'));

  it('puts the site on the adapter\'s line, not the first line of its receiver', () => {
    expect(a.sites.filter((x) => x.errorClass === 'RecvError').map((x) => x.line)).toEqual([9]);
  });

  it('reads the arms\' values of a `match` in its closure, not their patterns', () => {
    const made = a.sites.filter((x) => x.line >= 11 && x.errorClass).map((x) => x.errorClass);
    expect(made).toContain('SendError');
    expect(made).not.toContain('SendTimeoutError::Disconnected');
    expect(made).not.toContain('SendTimeoutError::Timeout');
  });
});
