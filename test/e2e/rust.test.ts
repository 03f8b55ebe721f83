// Rust through the CLI, on real crates of Debian's registry (librust-ipnet-dev,
// librust-arrayvec-dev, librust-glob-dev): `errdex analyze` the installed crate, then explain a
// panic's trace printed by a real rustc 1.95 program (test/fixtures/rust/), anyhow's report of
// an error returned from main, and messages alone, composed ones (`{:#}`) included.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput, tmpDir } from './cli.js';

const REGISTRY = '/usr/share/cargo/registry';
const CRATES = ['ipnet-2.5.0', 'arrayvec-0.7.2', 'glob-0.3.0'];
const have = CRATES.every((c) => fs.existsSync(path.join(REGISTRY, c)));
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, '../fixtures/rust', name), 'utf8');

describe.skipIf(!have)('rust crates end to end', () => {
  const db = path.join(tmpDir('rust'), 'x.sqlite');
  const explain = (text: string) => {
    const r = errdex(['explain', '--json', '--no-index', '--db', db], { input: text });
    return { code: r.code, out: explainOutput(r.stdout) };
  };

  beforeAll(() => {
    for (const c of CRATES) {
      const r = errdex(['analyze', path.join(REGISTRY, c), '--db', db]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`(package ${c.replace(/-(\d[\d.]*)$/, ' $1')})`);
    }
  });

  it('names the Display impl\'s message where the error value is returned (no trace: the message is all there is)', () => {
    const { out } = explain('invalid IP address syntax');
    expect(out.hits[0].record).toMatchObject({ filePath: 'src/parser.rs', lineNumber: 300, errorClass: 'AddrParseError', package: 'ipnet', version: '2.5.0' });
  });

  it('reads a struct variant\'s fields into its Display template (glob: `Pattern syntax error near position {pos}: {msg}`)', () => {
    const { out } = explain('Pattern syntax error near position 1: invalid range pattern');
    expect(out.hits[0].record).toMatchObject({ filePath: 'src/lib.rs', lineNumber: 630 });
  });

  it('answers a panic inside a registry crate from its trace, relocated to a Cargo home', () => {
    const trace = fixture('panic-backtrace.txt').split(REGISTRY + '/').join('/home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/');
    const { out } = explain(trace);
    expect(out.links).toHaveLength(1);
    expect(out.hits[0].record).toMatchObject({ filePath: 'src/arrayvec_impl.rs', lineNumber: 39, package: 'arrayvec' });
  });

  it('finds the innermost origin of a one-line `{:#}` chain whose outer layers are not indexed', () => {
    const { out } = explain(fixture('anyhow-oneline.txt'));
    expect(out.hits[0].record).toMatchObject({ filePath: 'src/parser.rs', lineNumber: 300 });
  });

  it('splits a one-line chain at an indexed `.context(…)`, the innermost origin the answer', () => {
    const app = tmpDir('rust-app');
    fs.mkdirSync(path.join(app, 'src'));
    fs.writeFileSync(path.join(app, 'Cargo.toml'), '[package]\nname = "netcfg"\nversion = "0.1.0"\n');
    fs.writeFileSync(path.join(app, 'src', 'main.rs'), [
      'use anyhow::Context;',
      'fn network(text: &str) -> anyhow::Result<ipnet::IpNet> {',
      '    text.parse::<ipnet::IpNet>().with_context(|| format!("parsing the network {}", text))',
      '}',
      'fn main() -> anyhow::Result<()> {',
      '    network("10.0.0.1/x").context("loading config")?;',
      '    Ok(())',
      '}',
      '',
    ].join('\n'));
    const r = errdex(['analyze', app, '--db', db]);
    expect(r.code, r.stderr).toBe(0);
    const { out } = explain('loading config: parsing the network 10.0.0.1/x: invalid IP address syntax');
    const top = out.hits[0];
    expect(top.record).toMatchObject({ filePath: 'src/parser.rs', lineNumber: 300 });
    expect(top.inner).toBe('invalid IP address syntax');
    // the layers around it, outer first: the two contexts of the application
    expect(top.wrappedBy.map((w: { kind: string; recordId: string }) => w.kind === 'record' && out.records[w.recordId].lineNumber)).toEqual([6, 3]);
  });

  it('reads anyhow\'s `Caused by:` report as one link per layer, innermost first', () => {
    const { out } = explain(fixture('anyhow-chain.txt'));
    expect(out.links.map((l: { message: string }) => l.message)).toEqual(['invalid IP address syntax', 'parsing the network', 'loading config']);
    expect(out.links[0].hits[0].record).toMatchObject({ filePath: 'src/parser.rs', lineNumber: 300 });
  });
});

// Two crates more, in an index of their own: toml_edit's Display writes one message per branch of an
// `if … else`, and num-bigint's build script has an `unwrap()` on a shorter path than arrayvec's.
const MORE = ['arrayvec-0.7.2', 'num-bigint-0.4.3', 'toml_edit-0.14.4'];
describe.skipIf(!MORE.every((c) => fs.existsSync(path.join(REGISTRY, c))))('rust messages alone among several crates', () => {
  const db = path.join(tmpDir('rust-more'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db], { input: text }).stdout);
  beforeAll(() => {
    for (const c of MORE) expect(errdex(['analyze', path.join(REGISTRY, c), '--db', db]).code).toBe(0);
  });

  it('puts the unwrap()s of the crate that writes the error they print before every other crate\'s', () => {
    // the panic's message line of test/fixtures/rust/panic-backtrace.txt (rustc 1.95, arrayvec's push on a full vector)
    const message = fixture('panic-backtrace.txt').split('\n')[2];
    expect(message).toBe('called `Result::unwrap()` on an `Err` value: CapacityError: insufficient capacity');
    const hits = explain(message).hits.slice(0, 3);
    expect(hits.map((h: { record: { package: string } }) => h.record.package)).toEqual(['arrayvec', 'arrayvec', 'arrayvec']);
    expect(hits.some((h: { record: { filePath: string; lineNumber: number } }) => h.record.filePath === 'src/arrayvec_impl.rs' && h.record.lineNumber === 39)).toBe(true);
  });

  it('reads the branches of an `if … else` in a Display arm as one message each (toml_edit\'s DuplicateKey)', () => {
    // what toml_edit 0.14 prints for `"a = 1\na = 2".parse::<Document>()`
    const out = explain('TOML parse error at line 2, column 1\n  |\n2 | a = 2\n  | ^\nDuplicate key `a` in document root\n\n');
    const top = out.hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record.errorMessage).toMatch(/^Duplicate key `\{\w+\}` in document root$/);
    expect(out.hits.some((h: { record: { filePath: string; lineNumber: number }; lines: number[] }) => h.record.filePath === 'src/parser/document.rs' && h.lines.includes(170))).toBe(true);
  });
});

const DECIMAL = path.join(REGISTRY, 'rust_decimal-1.23.1');

describe.skipIf(!fs.existsSync(DECIMAL))('an error value a call returned, panicked with (rust_decimal)', () => {
  it('names `Err(e) => panic!("{}", e)` among the lines of the message the matched call returns', () => {
    const db = path.join(tmpDir('rust-values'), 'x.sqlite');
    expect(errdex(['analyze', DECIMAL, '--db', db]).code).toBe(0);
    // what `Decimal::new(1, 29)` panics with (rust_decimal 1.23.1): try_new's Err, raised by new
    const r = errdex(['explain', '--json', '--no-index', '--db', db, 'Scale exceeds the maximum precision allowed: 29 > 28']);
    const top = explainOutput(r.stdout).hits[0];
    expect(top.record.filePath).toBe('src/decimal.rs');
    const lines = fs.readFileSync(path.join(DECIMAL, 'src/decimal.rs'), 'utf8').split('\n');
    expect(lines[386]).toContain('Err(e) => panic!("{}", e)');
    expect(lines[403]).toContain('return Err(Error::ScaleExceedsMaximumPrecision(scale))');
    expect(top.lines).toEqual(expect.arrayContaining([404, 387]));
  });
});

const QUICK_XML = path.join(REGISTRY, 'quick-xml-0.26.0');

describe.skipIf(!fs.existsSync(QUICK_XML))('a variant written by several arms of a Display match (quick-xml)', () => {
  const db = path.join(tmpDir('rust-arms'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', QUICK_XML, '--db', db]).code).toBe(0);
  });

  // `Error::NonDecodable(None) => write!(f, "Malformed input, decoding impossible")`, then
  // `Error::NonDecodable(Some(e)) => write!(f, "Malformed UTF-8 input: {}", e)`: the arm is chosen
  // at run time, so each construction of the variant may print either text
  const encoding = fs.readFileSync(path.join(QUICK_XML, 'src/encoding.rs'), 'utf8').split('\n');
  const errors = fs.readFileSync(path.join(QUICK_XML, 'src/errors.rs'), 'utf8').split('\n');
  const named = (out: { hits: { matchType: string; lines: number[]; record: { filePath: string } }[] }) =>
    out.hits.filter((h) => h.matchType === 'template').flatMap((h) => h.lines.map((l) => `${h.record.filePath}:${l}`));
  for (const text of ['Malformed input, decoding impossible', 'Malformed UTF-8 input: invalid utf-8 sequence of 1 bytes from index 1']) {
    it(`names both constructions of the variant for ${JSON.stringify(text.slice(0, 20))}…`, () => {
      expect(encoding[98]).toContain('.ok_or(Error::NonDecodable(None))');
      expect(errors[55]).toContain('Error::NonDecodable(Some(error))');
      const out = explain(text);
      expect(out.hits[0].matchType).toBe('template');
      expect(out.hits[0].record.errorClass).toBe('Error::NonDecodable');
      expect(named(out)).toEqual(expect.arrayContaining(['src/encoding.rs:99', 'src/errors.rs:56']));
    });
  }
});

const HTTPARSE = path.join(REGISTRY, 'httparse-1.8.0');
const RATIONAL = path.join(REGISTRY, 'num-rational-0.4.1');

describe.skipIf(!fs.existsSync(HTTPARSE) || !fs.existsSync(RATIONAL))('error kinds through a macro and through a field\'s method', () => {
  const db = path.join(tmpDir('rust-kinds'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    for (const tree of [HTTPARSE, RATIONAL]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
  });

  // httparse: `macro_rules! handle_invalid_char { ($bytes:ident, $b:ident, $err:ident) => { … return Err(Error::$err); … } }`
  // invoked as `handle_invalid_char!(bytes, b, HeaderName)`; Error's Display writes `self.description_str()`,
  // whose arm gives `invalid header name`: what parsing `GET / HTTP/1.1\r\n@x: y\r\n\r\n` returns
  it('names the macro invocation that hands the variant', () => {
    const lines = fs.readFileSync(path.join(HTTPARSE, 'src/lib.rs'), 'utf8').split('\n');
    expect(lines[1040]).toContain('handle_invalid_char!(bytes, b, HeaderName);');
    const top = explain('invalid header name').hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record).toMatchObject({ filePath: 'src/lib.rs', errorClass: 'Error::HeaderName' });
    expect(top.lines).toContain(1041);
  });

  // num-rational: `impl fmt::Display for ParseRatioError { … self.kind.description().fmt(f) }` and
  // `impl RatioErrorKind { fn description(&self) -> &'static str { match *self { … => "zero value denominator" } } }`:
  // what `"1/0".parse::<Ratio<i32>>()` returns, made at `Err(ParseRatioError { kind: RatioErrorKind::ZeroDenominator })`
  it('gives the kind\'s variant the text of its arm in the field\'s method', () => {
    const lines = fs.readFileSync(path.join(RATIONAL, 'src/lib.rs'), 'utf8').split('\n');
    expect(lines[1116]).toContain('kind: RatioErrorKind::ZeroDenominator');
    const top = explain('zero value denominator').hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record).toMatchObject({ filePath: 'src/lib.rs', errorClass: 'RatioErrorKind::ZeroDenominator' });
    expect(top.lines).toContain(1117);
  });
});

const TINYTEMPLATE = path.join(REGISTRY, 'tinytemplate-1.2.1');

describe.skipIf(!fs.existsSync(TINYTEMPLATE))('an error a helper makes from its parameters (tinytemplate, round 9)', () => {
  const db = path.join(tmpDir('rust-makers'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db], { input: text }).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', TINYTEMPLATE, '--db', db]).code).toBe(0);
  });

  // tinytemplate's compiler.rs: `fn parse_error(&self, location: &str, msg: String) -> Error { …; ParseError { msg, line,
  // column } }` (a variant written bare under `use error::Error::*`), whose Display is "Failed to parse the template (line
  // {}, column {}). Reason: {}"; `add_template("t", "{ @foo }")` returns what
  // `Err(self.parse_error(text, format!("Invalid keyword name '{}'", text)))` makes; anyhow prints it after `Error: `
  it('names the call that hands the helper its text, the variant\'s message around it, from anyhow\'s report', () => {
    const lines = fs.readFileSync(path.join(TINYTEMPLATE, 'src/compiler.rs'), 'utf8').split('\n');
    expect(lines[197]).toContain('Err(self.parse_error(text, format!("Invalid keyword name \'{}\'", text)))');
    const out = explain("Error: Failed to parse the template (line 1, column 2). Reason: Invalid keyword name '@foo'\n");
    const top = out.links[0].hits[0];
    expect(top.record).toMatchObject({ filePath: 'src/compiler.rs', errorClass: 'Error::ParseError' });
    expect(top.lines).toContain(198);
    expect(top.message).toBe("Failed to parse the template (line {line}, column {column}). Reason: Invalid keyword name '{text}'");
  });
});

const YAML = path.join(REGISTRY, 'yaml-rust-0.4.5');
const JSON_CRATE = path.join(REGISTRY, 'json-0.12.4');

describe.skipIf(!fs.existsSync(YAML) || !fs.existsSync(JSON_CRATE))('a constructor\'s argument order, an error a macro_rules! writes (yaml-rust, json, round 11)', () => {
  const db = path.join(tmpDir('rust-ctor-macro'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db], { input: text }).stdout);
  beforeAll(() => {
    for (const tree of [YAML, JSON_CRATE]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
  });

  // yaml-rust's scanner.rs: `impl ScanError { pub fn new(loc: Marker, info: &str) -> ScanError { ScanError { mark: loc,
  // info: info.to_owned() } } }`, whose Display is `write!(formatter, "{} at line {} column {}", self.info,
  // self.mark.line, self.mark.col + 1)`; `YamlLoader::load_from_str("a: [1, 2")` returns what parser.rs's `return
  // Err(ScanError::new(mark, "while parsing a flow sequence, expected ',' or ']'"))` makes
  it('hands `T::new(…)`\'s arguments to the fields its `new` gives them to', () => {
    const lines = fs.readFileSync(path.join(YAML, 'src/parser.rs'), 'utf8').split('\n');
    expect(lines[704]).toContain('return Err(ScanError::new(');
    const top = explain("Error: while parsing a flow sequence, expected ',' or ']' at line 2 column 1\n").links[0].hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record).toMatchObject({ filePath: 'src/parser.rs', lineNumber: 705, errorClass: 'ScanError' });
    expect(top.message).toBe("while parsing a flow sequence, expected ',' or ']' at line {mark} column {mark}");
  });

  // json's parser.rs: `macro_rules! expect_byte { ($parser:ident) => ({ if $parser.is_eof() { return
  // Err(Error::UnexpectedEndOfJson); } … }) }`; `json::parse("[1,")` returns it
  it('makes an error value written whole in a macro_rules! rule a site at its line of the definition', () => {
    const lines = fs.readFileSync(path.join(JSON_CRATE, 'src/parser.rs'), 'utf8').split('\n');
    expect(lines[62]).toContain('return Err(Error::UnexpectedEndOfJson);');
    const top = explain('Unexpected end of JSON').hits[0];
    expect(top.record).toMatchObject({ filePath: 'src/parser.rs', errorClass: 'Error::UnexpectedEndOfJson' });
    expect(top.lines).toContain(63);
  });
});

const CFG_EXPR = path.join(REGISTRY, 'cfg-expr-0.10.3');

describe.skipIf(!fs.existsSync(CFG_EXPR))('an error value a macro_rules! rule writes with a metavariable in a field (cfg-expr, round 12)', () => {
  const db = path.join(tmpDir('rust-macro-field'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db], { input: text }).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', CFG_EXPR, '--db', db]).code).toBe(0);
  });

  // cfg-expr's expr/parser.rs: `macro_rules! token_err { ($span:expr) => {{ let expected: &[&str] = match last_token { …
  // Some(Token::Equals) => &["\""], … }; return Err(ParseError { original: original.to_owned(), span: $span, reason:
  // Reason::Unexpected(&expected) }); }}; }`; `Expression::parse("foo = bar")` returns it. The variant is written whole,
  // the metavariable `$span` is a field's value: a hole of the value made at the rule's line
  it('makes the value a site at its line of the definition, the metavariable a hole', () => {
    const lines = fs.readFileSync(path.join(CFG_EXPR, 'src/expr/parser.rs'), 'utf8').split('\n');
    expect(lines[227]).toContain('return Err(ParseError {');
    expect(lines[229]).toContain('span: $span,');
    const hits = explain('Error: foo = bar\n      ^^^ expected a `"` here\n').links[0].hits;
    const at = hits.filter((h: { record: { filePath: string }; lines: number[] }) => h.record.filePath === 'src/expr/parser.rs' && h.lines.includes(228));
    expect(at.length).toBeGreaterThan(0);
    expect(at[0].message).toBe('expected a `{expected}` here');
  });

  // a metavariable naming the variant (`Error::$err`) stays the invocation's: not read at the rule
  it('leaves a value whose path names a metavariable to the invocation', () => {
    const hits = explain('not() takes 1 predicate, found 2').hits;
    expect(hits[0].record).toMatchObject({ filePath: 'src/expr/parser.rs', lineNumber: 320 });
  });
});

const BINCODE = path.join(REGISTRY, 'bincode-1.3.3');
const PLIST = path.join(REGISTRY, 'plist-1.3.1');

describe.skipIf(!fs.existsSync(BINCODE) || !fs.existsSync(PLIST))('a Display arm calling a method of self, and a Display writing a derived Debug (round 13)', () => {
  const db = path.join(tmpDir('rust-round13'), 'x.sqlite');
  /** The hit of `file` among those tied with the first (the first's score): the record a message alone cannot tell from the others. */
  const topAt = <H extends { score: number; record: { filePath: string } }>(hits: H[], file: string): H => {
    const hit = hits.find((h) => h.record.filePath === file);
    expect(hit?.score).toBe(hits[0].score);
    return hit!;
  };
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    for (const tree of [BINCODE, PLIST]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
  });

  // bincode's ErrorKind: `InvalidUtf8Encoding(ref e) => write!(fmt, "{}: {}", self.description(), e)`, whose
  // `description()` arm of the same variant is "string is not valid utf8"; what `bincode::deserialize::<String>`
  // of invalid UTF-8 returns, made at de/mod.rs `ErrorKind::InvalidUtf8Encoding(e.utf8_error()).into()`
  it('writes the method\'s text of the arm\'s own variant in its place', () => {
    const lines = fs.readFileSync(path.join(BINCODE, 'src/de/mod.rs'), 'utf8').split('\n');
    const at = lines.findIndex((l) => l.includes('ErrorKind::InvalidUtf8Encoding(e.utf8_error()).into()')) + 1;
    // (read.rs makes the same text at two lines: a tie, which decision 0125 gives to the text made at more lines)
    const top = topAt(explain('string is not valid utf8: invalid utf-8 sequence of 1 bytes from index 0').hits, 'src/de/mod.rs');
    expect(top.matchType).toBe('template');
    expect(top.message).toBe('string is not valid utf8: {utf8_error}');
    expect(`${top.record.filePath}:${top.lines[0]}`).toBe(`src/de/mod.rs:${at}`);
    const bool = explain('invalid u8 while decoding bool, expected 0 or 1, found 2').hits[0];
    expect(bool.message).toBe('invalid u8 while decoding bool, expected 0 or 1, found {value}');
  });

  // plist: `impl Display for Error { … fmt::Debug::fmt(&self.inner.kind, f) }` over `#[derive(Debug)] enum ErrorKind
  // { …, UnexpectedEventType { expected: EventKind, found: EventKind }, … }`, made in error.rs's `unexpected_event_type`
  it('reads a variant of an enum deriving Debug as the derive prints it, when a Display of the file writes a Debug text', () => {
    // (the binary writer makes the same text with its values written in: a tie, see above)
    const top = topAt(explain('UnexpectedEventType { expected: ValueOrStartCollection, found: EndCollection }').hits, 'src/error.rs');
    expect(top.matchType).toBe('template');
    expect(top.record.errorClass).toBe('ErrorKind::UnexpectedEventType');
    expect(top.message).toBe('UnexpectedEventType { expected: {expected}, found: {found} }');
    expect(top.record.filePath).toBe('src/error.rs');
  });
});

const RMP_SERDE = path.join(REGISTRY, 'rmp-serde-1.1.1');
const ENVY = path.join(REGISTRY, 'envy-0.4.2');

describe.skipIf(!fs.existsSync(RMP_SERDE) || !fs.existsSync(ENVY))('an Err(…) in a macro\'s tokens, and a constructor handed format_args! (round 14)', () => {
  const db = path.join(tmpDir('rust-round14'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  const lineOf = (tree: string, file: string, text: string, nth = 0) =>
    fs.readFileSync(path.join(tree, file), 'utf8').split('\n').flatMap((l, i) => (l.includes(text) ? [i + 1] : []))[nth];
  beforeAll(() => {
    for (const tree of [RMP_SERDE, ENVY]) expect(errdex(['analyze', tree, '--db', db]).code).toBe(0);
  });

  // rmp-serde's deserialize_any: `depth_count!(self.depth, { … match seq.left { 0 => Ok(res), excess =>
  // Err(Error::LengthMismatch(len - excess)) } })`, the code of an invocation of the crate's own macro;
  // what `rmp_serde::from_slice::<(u8, u8)>(&[0x93, 1, 2, 3])` returns
  it('makes an Err(…) written in the tokens of an invocation of the crate\'s macro a site at its line', () => {
    const at = lineOf(RMP_SERDE, 'src/decode.rs', 'excess => Err(Error::LengthMismatch(len - excess)),');
    const top = explain('array had incorrect length, expected 2').hits[0];
    expect(top.matchType).toBe('template');
    expect(top.record.errorClass).toBe('Error::LengthMismatch');
    // (one record of the variant, with every line that makes it: `read_128`'s `Err(Error::LengthMismatch(16))` too)
    expect(top.record.filePath).toBe('src/decode.rs');
    expect(top.lines).toContain(at);
  });

  // envy: `macro_rules! forward_parsed_values { … Err(e) => Err(de::Error::custom(format_args!("{} while parsing
  // value '{}' provided by {}", e, self.1, self.0))) … }`: a constructor's message in a rule's transcriber
  it('reads the message a constructor is handed (format_args!) in a macro_rules! transcriber', () => {
    const at = lineOf(ENVY, 'src/lib.rs', 'while parsing value');
    const top = explain("invalid digit found in string while parsing value 'x' provided by A").hits[0];
    expect(top.matchType).toBe('template');
    expect(top.message).toBe("{e} while parsing value '{value}' provided by {value}");
    expect(`${top.record.filePath}:${top.lines[0]}`).toBe(`src/lib.rs:${at}`);
  });
});

const NUM_TRAITS = path.join(REGISTRY, 'num-traits-0.2.15');

describe.skipIf(!fs.existsSync(NUM_TRAITS))('an error value a closure handed to map_err makes in a macro_rules! transcriber (num-traits, round 16)', () => {
  const db = path.join(tmpDir('rust-macro-map-err'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', NUM_TRAITS, '--db', db]).code).toBe(0);
  });

  // num-traits' lib.rs: `macro_rules! float_trait_impl { … fn from_str_radix(src: &str, radix: u32) … { use
  // self::FloatErrorKind::*; use self::ParseFloatError as PFE; if radix == 10 { return src.parse().map_err(|_| PFE {
  // kind: if src.is_empty() { Empty } else { Invalid } }); } …`, whose Display is `match self.kind {
  // FloatErrorKind::Empty => "cannot parse float from empty string", FloatErrorKind::Invalid => "invalid float literal"
  // }`; `<f64 as Num>::from_str_radix("", 10)` returns the first
  it('names the map_err line among the lines of each variant the `if` chooses', () => {
    const lines = fs.readFileSync(path.join(NUM_TRAITS, 'src/lib.rs'), 'utf8').split('\n');
    expect(lines[235]).toContain('return src.parse().map_err(|_| PFE {');
    for (const text of ['cannot parse float from empty string', 'invalid float literal']) {
      const top = explain(text).hits[0];
      expect(top.record.filePath).toBe('src/lib.rs');
      expect(top.lines).toContain(236);
    }
  });
});

const PEST_META = path.join(REGISTRY, 'pest_meta-2.5.2');

describe.skipIf(!fs.existsSync(PEST_META))("an error type's new_… constructor outside an Err(…) (pest_meta, round 17)", () => {
  const db = path.join(tmpDir('rust-new-ctor'), 'x.sqlite');
  const explain = (text: string) => explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout);
  beforeAll(() => {
    expect(errdex(['analyze', PEST_META, '--db', db]).code).toBe(0);
  });

  // pest_meta's validator.rs: `errors.push(Error::new_from_span(ErrorVariant::CustomError { message:
  // format!("rule {} is undefined", name) }, *rule))` collects the errors in a Vec, and left_recursion's
  // `return Some(Error::new_from_span(…))` hands one back in an Option: no `Err(…)` around either. The
  // text is pest's Display of it: the span drawn, then `= ` and the message.
  it('names the constructor line for a message printed after the drawn span', () => {
    const lines = fs.readFileSync(path.join(PEST_META, 'src/validator.rs'), 'utf8').split('\n');
    expect(lines[196]).toContain('errors.push(Error::new_from_span(');
    expect(lines[441]).toContain('return Some(Error::new_from_span(');
    const cases: [string, number][] = [
      [' --> 1:7\n  |\n1 | a = { b }\n  |       ^\n  |\n  = rule b is undefined', 197],
      [' --> 1:7\n  |\n1 | a = { a }\n  |       ^\n  |\n  = rule a is left-recursive (a -> a); pest::pratt_parser might be useful in this case', 442],
    ];
    for (const [text, line] of cases) {
      const top = explain(text).hits[0];
      expect(top.record.filePath).toBe('src/validator.rs');
      expect(top.lines).toContain(line);
    }
  });
});

const TERA = path.join(REGISTRY, 'tera-1.17.1');

describe.skipIf(!fs.existsSync(TERA))("an error type's constructor with arguments that names one variant (tera, round 18)", () => {
  // tera.rs's `None => Err(Error::template_not_found(template_name))`: errors.rs's `pub fn
  // template_not_found(tpl: impl ToString) -> Self { Self { kind: ErrorKind::TemplateNotFound(…), … } }`
  // makes the value, Display's `ErrorKind::TemplateNotFound(ref name) => write!(f, "Template '{}' not
  // found", name)` writes the text
  it('names the call, not the constructor', () => {
    const db = path.join(tmpDir('rust-tera'), 'x.sqlite');
    expect(errdex(['analyze', TERA, '--db', db]).code).toBe(0);
    const lines = fs.readFileSync(path.join(TERA, 'src/tera.rs'), 'utf8').split('\n');
    const cases: [string, string][] = [
      ["Template 'nope.html' not found", 'Err(Error::template_not_found(template_name))'],
      ["Template 'child.html' is inheriting from 'base.html', which doesn't exist or isn't loaded.", 'Err(Error::missing_parent(&template.name, &p))'],
    ];
    for (const [text, code] of cases) {
      const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, text]).stdout).hits[0];
      expect(top.record.filePath).toBe('src/tera.rs');
      expect(top.lines).toContain(lines.findIndex((l) => l.includes(code)) + 1);
    }
  });
});

const RUSTC_VERSION = path.join(REGISTRY, 'rustc_version-0.4.0');

describe.skipIf(!fs.existsSync(RUSTC_VERSION))('a `?` converting another error by a From impl (rustc_version, round 18)', () => {
  // LlvmVersion's from_str: `.map(|part| -> Result<u64, LlvmVersionParseError> { … Ok(part.parse()?) })`
  // and `impl From<num::ParseIntError> for LlvmVersionParseError`: the `?` makes the ParseIntError
  // variant, whose Display writes `error parsing LLVM version component: {}`
  it('names the `?`', () => {
    const db = path.join(tmpDir('rust-from'), 'x.sqlite');
    expect(errdex(['analyze', RUSTC_VERSION, '--db', db]).code).toBe(0);
    const lines = fs.readFileSync(path.join(RUSTC_VERSION, 'src/lib.rs'), 'utf8').split('\n');
    const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'error parsing LLVM version component: invalid digit found in string']).stdout).hits[0];
    expect(top.record.errorClass).toBe('LlvmVersionParseError::ParseIntError');
    expect(top.lines).toContain(lines.findIndex((l) => l.includes('Ok(part.parse()?)')) + 1);
  });
});

const LOG = path.join(REGISTRY, 'log-0.4.17');

describe.skipIf(!fs.existsSync(LOG))('an error-named tuple struct handed to a helper, its Display a static (log, round 19)', () => {
  // lib.rs's `ok_or(…position…, ParseLevelError(()))` hands the value to a helper `fn ok_or(t, e) ->
  // Result<T, E>`; Display's `fmt.write_str(LEVEL_PARSE_ERROR)` writes a `static` of the file, and
  // SET_LOGGER_ERROR's literal runs on with a `\` line continuation in a CRLF file
  it('names the construction, with the static\'s text', () => {
    const db = path.join(tmpDir('rust-log'), 'x.sqlite');
    expect(errdex(['analyze', LOG, '--db', db]).code).toBe(0);
    const lines = fs.readFileSync(path.join(LOG, 'src/lib.rs'), 'utf8').split('\n');
    const top = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, "attempted to convert a string that doesn't match an existing log level"]).stdout).hits[0];
    expect(top.record.errorClass).toBe('ParseLevelError');
    expect(top.lines).toContain(lines.findIndex((l) => l.includes('ParseLevelError(()),')) + 1);
    const set = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'attempted to set a logger after the logging system was already initialized']).stdout).hits[0];
    expect(set.record.errorClass).toBe('SetLoggerError');
    expect(set.matchType).toBe('template');
  });
});

const IGNORE = path.join(REGISTRY, 'ignore-0.4.18');

describe.skipIf(!fs.existsSync(IGNORE))('a variant re-made in `impl Clone` is no site (ignore, round 19)', () => {
  // lib.rs's `impl Clone for Error` re-makes every variant (`Error::UnrecognizedFileType(err.clone())`);
  // types.rs's `return Err(Error::UnrecognizedFileType(name))` makes it
  it('names the raise only', () => {
    const db = path.join(tmpDir('rust-ignore'), 'x.sqlite');
    expect(errdex(['analyze', IGNORE, '--db', db]).code).toBe(0);
    const hits = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'unrecognized file type: errdex']).stdout).hits;
    expect(hits[0].record.filePath).toBe('src/types.rs');
    expect(hits.some((h: { record: { filePath: string } }) => h.record.filePath === 'src/lib.rs')).toBe(false);
  });
});

const CROSSBEAM = path.join(REGISTRY, 'crossbeam-channel-0.5.6');

describe.skipIf(!fs.existsSync(CROSSBEAM))('`.map_err(…)` after a receiver of many lines, and a `match` in its closure (crossbeam-channel, round 20)', () => {
  // channel.rs's `recv`: `match &self.flavor { … }` over many lines, then `.map_err(|_| RecvError)`;
  // `send`: `.map_err(|err| match err { SendTimeoutError::Disconnected(msg) => SendError(msg), … })`,
  // whose arm pattern names the error taken in (made in the flavors), not one made here
  it('names the adapter\'s line, and no pattern as a construction', () => {
    const db = path.join(tmpDir('rust-crossbeam'), 'x.sqlite');
    expect(errdex(['analyze', CROSSBEAM, '--db', db]).code).toBe(0);
    const lines = fs.readFileSync(path.join(CROSSBEAM, 'src/channel.rs'), 'utf8').split('\n');
    const recv = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, 'receiving on an empty and disconnected channel']).stdout).hits;
    const at = lines.findIndex((l) => l.includes('.map_err(|_| RecvError)')) + 1;
    expect(recv.some((h: { record: { filePath: string; errorClass: string }; lines: number[] }) => h.record.filePath === 'src/channel.rs' && h.record.errorClass === 'RecvError' && h.lines.includes(at))).toBe(true);
    const send = explainOutput(errdex(['explain', '--json', '--no-index', '--db', db, '--limit', '20', 'sending on a disconnected channel']).stdout).hits;
    expect(send.some((h: { record: { filePath: string; errorClass: string } }) => h.record.filePath === 'src/channel.rs' && h.record.errorClass === 'SendError')).toBe(true);
    expect(send.some((h: { record: { filePath: string; errorClass: string } }) => h.record.filePath === 'src/channel.rs' && h.record.errorClass === 'SendTimeoutError::Disconnected')).toBe(false);
  });
});
