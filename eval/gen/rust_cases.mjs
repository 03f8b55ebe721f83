#!/usr/bin/env node
// Regenerate eval/corpus/rust.jsonl: real Rust errors from Debian's crates
// (/usr/share/cargo/registry, librust-*-dev), with their true creation sites.
//
//     node eval/gen/rust_cases.mjs [--only ID_PREFIX] [--verbose]
//
// Every case is a block of Rust run in one driver program built offline against Debian's registry
// (a `.cargo/config.toml` replacing crates-io with that directory), one subprocess per case.
// - `panic` cases: the program panics inside the crate; stderr (RUST_BACKTRACE=1) is the trace,
//   the panic message the message, and the site is the panic's location when it is in the crate,
//   else the innermost backtrace frame in the crate (a `#[track_caller]` unwrap reports its caller).
// - `err` / `disp` cases: the block returns `Err(e)`; the message is `e.to_string()`, the trace is
//   what `fn main() -> anyhow::Result<()>` prints (`Error: …`, then `Caused by:` and the error's
//   `source()` chain for `err`). A returned error has no trace of where it was made, so the case
//   names its creation site, read from the crate's code path: `site: [file, line, text]`, and the
//   generator fails loudly when that line of the installed crate no longer holds `text`.
// eval/gen/classify.mjs gives each case its category and kind.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, '..', 'corpus', 'rust.jsonl');
const REGISTRY = '/usr/share/cargo/registry';
// Fixed scratch directory, so that paths in traces are the same on every run.
const WORK = '/tmp/errdex-eval-rs';
const CARGO = process.env.CARGO ?? (fs.existsSync('/root/.cargo/bin/cargo') ? '/root/.cargo/bin/cargo' : 'cargo');

/** crate → [directory under the registry, the dependency line]. */
const CRATES = {
  'rmp-serde': ['rmp-serde-1.1.1', 'rmp-serde = "1"'],
  'serde-xml-rs': ['serde-xml-rs-0.5.1', 'serde-xml-rs = "0.5"'],
  envy: ['envy-0.4.2', 'envy = "0.4"'],
  eui48: ['eui48-1.1.0', 'eui48 = { version = "1", default-features = false }'],
  arrayvec: ['arrayvec-0.7.2', 'arrayvec = "0.7"'],
  smallvec: ['smallvec-1.9.0', 'smallvec = "1"'],
  ascii: ['ascii-1.0.0', 'ascii = "1"'],
  indexmap: ['indexmap-1.9.2', 'indexmap = "1"'],
  rand: ['rand-0.8.5', 'rand = "0.8"'],
  'num-traits': ['num-traits-0.2.15', 'num-traits = "0.2"'],
  base64ct: ['base64ct-1.5.1', 'base64ct = { version = "1", features = ["alloc"] }'],
  httpdate: ['httpdate-1.0.2', 'httpdate = "1"'],
  ipnet: ['ipnet-2.5.0', 'ipnet = "2"'],
  glob: ['glob-0.3.0', 'glob = "0.3"'],
  globset: ['globset-0.4.9', 'globset = "0.4"'],
  'shell-words': ['shell-words-1.1.0', 'shell-words = "1"'],
  idna: ['idna-0.3.0', 'idna = "0.3"'],
  mime: ['mime-0.3.16', 'mime = "0.3"'],
  ron: ['ron-0.7.1', 'ron = "0.7"'],
  'quick-xml': ['quick-xml-0.26.0', 'quick-xml = "0.26"'],
  'xml-rs': ['xml-rs-0.8.3', 'xml-rs = "0.8"'],
  'data-encoding': ['data-encoding-2.3.2', 'data-encoding = "2"'],
  bytesize: ['bytesize-1.1.0', 'bytesize = "1"'],
  'semver-parser': ['semver-parser-0.10.0', 'semver-parser = "0.10"'],
  toml_edit: ['toml_edit-0.14.4', 'toml_edit = "0.14"'],
  'fancy-regex': ['fancy-regex-0.7.1', 'fancy-regex = "0.7"'],
  rust_decimal: ['rust_decimal-1.23.1', 'rust_decimal = "1"'],
  bigdecimal: ['bigdecimal-0.3.0', 'bigdecimal = "0.3"'],
  log: ['log-0.4.17', 'log = "0.4"'],
  ignore: ['ignore-0.4.18', 'ignore = "0.4"'],
  'num-bigint': ['num-bigint-0.4.3', 'num-bigint = "0.4"'],
  'rust-ini': ['rust-ini-0.18.0', 'rust-ini = "0.18"'],
  configparser: ['configparser-3.0.2', 'configparser = "3"'],
  nom: ['nom-7.1.1', 'nom = "7"'],
  'percent-encoding': ['percent-encoding-2.2.0', 'percent-encoding = "2"'],
  eyre: ['eyre-0.6.8', 'eyre = "0.6"'],
  anyhow: ['anyhow-1.0.69', 'anyhow = "1"'],
  httparse: ['httparse-1.8.0', 'httparse = "1"'],
  'yaml-rust': ['yaml-rust-0.4.5', 'yaml-rust = "0.4"'],
  lexopt: ['lexopt-0.2.0', 'lexopt = "0.2"'],
  ipnetwork: ['ipnetwork-0.17.0', 'ipnetwork = "0.17"'],
  json: ['json-0.12.4', 'json = "0.12"'],
  cookie: ['cookie-0.16.0', 'cookie = "0.16"'],
  'num-rational': ['num-rational-0.4.1', 'num-rational = "0.4"'],
  'unic-langid-impl': ['unic-langid-impl-0.9.0', 'unic-langid-impl = "0.9"'],
  'cargo-platform': ['cargo-platform-0.1.2', 'cargo-platform = "0.1"'],
  roxmltree: ['roxmltree-0.16.0', 'roxmltree = "0.16"'],
  tinytemplate: ['tinytemplate-1.2.1', 'tinytemplate = "1"'],
  arbitrary: ['arbitrary-1.1.3', 'arbitrary = "1"'],
  'crossbeam-channel': ['crossbeam-channel-0.5.6', 'crossbeam-channel = "0.5"'],
  walkdir: ['walkdir-2.3.2', 'walkdir = "2"'],
  bytecheck: ['bytecheck-0.6.9', 'bytecheck = "0.6"'],
  getopts: ['getopts-0.2.21', 'getopts = "0.2"'],
  pem: ['pem-1.0.2', 'pem = "1"'],
  bs58: ['bs58-0.4.0', 'bs58 = "0.4"'],
  'cfg-expr': ['cfg-expr-0.10.3', 'cfg-expr = "0.10"'],
  'language-tags': ['language-tags-0.3.2', 'language-tags = "0.3"'],
  dotenv: ['dotenv-0.15.0', 'dotenv = "0.15"'],
  rmp: ['rmp-0.8.11', 'rmp = "0.8"'],
  hkdf: ['hkdf-0.12.3', 'hkdf = "0.12"\nsha2 = "0.10"'],
  bstr: ['bstr-0.2.17', 'bstr = "0.2"'],
  'ordered-float': ['ordered-float-2.10.0', 'ordered-float = "2"'],
  iso8601: ['iso8601-0.4.1', 'iso8601 = "0.4"'],
  'byte-unit': ['byte-unit-4.0.13', 'byte-unit = "4"'],
  'target-lexicon': ['target-lexicon-0.12.3', 'target-lexicon = "0.12"'],
  xmlparser: ['xmlparser-0.13.5', 'xmlparser = "0.13"'],
  bincode: ['bincode-1.3.3', 'bincode = "1"'],
  plist: ['plist-1.3.1', 'plist = "1"'],
  shellexpand: ['shellexpand-2.1.0', 'shellexpand = "2"'],
  'ucd-parse': ['ucd-parse-0.1.4', 'ucd-parse = "0.1"'],
  pest_meta: ['pest_meta-2.5.2', 'pest_meta = "2"'],
  rustc_version: ['rustc_version-0.4.0', 'rustc_version = "0.4"'],
  simple_asn1: ['simple_asn1-0.6.2', 'simple_asn1 = "0.6"'],
  z85: ['z85-3.0.5', 'z85 = "3"'],
  tera: ['tera-1.17.1', 'tera = { version = "1", default-features = false }'],
};

/**
 * The cases, in order: [crate, kind, code, site?, chain?]. `code` is a Rust block: for `err`/`disp` it ends
 * in a `Result`; for `panic` it panics. `site` is [file in the crate, line, text the line holds].
 * `chain`, for a composed message: the sites of the layers around the site's, outermost first, each
 * as `site` is (mime's `map_err(|e| FromStrError { inner: e })`, whose Display is `{}: {}` of its
 * own text and the inner error's); the case's `chain` is those layers, then the site.
 */
const CASES = [
  // ---- panics in the crates ----
  ['arrayvec', 'panic', 'let mut v = arrayvec::ArrayVec::<u8, 1>::new(); v.push(1); v.push(2);'],
  ['arrayvec', 'panic', 'let mut v = arrayvec::ArrayVec::<u8, 4>::new(); v.insert(3, 1);'],
  ['arrayvec', 'panic', 'let mut v = arrayvec::ArrayVec::<u8, 4>::new(); v.push(1); v.remove(2);'],
  ['arrayvec', 'panic', 'let mut v = arrayvec::ArrayVec::<u8, 4>::new(); v.push(1); v.swap_remove(5);'],
  ['arrayvec', 'panic', 'let mut s = arrayvec::ArrayString::<2>::new(); s.push_str("abc");'],
  ['arrayvec', 'panic', 'let mut v = arrayvec::ArrayVec::<u8, 2>::new(); v.extend([1u8, 2, 3]);'],
  ['smallvec', 'panic', 'let mut v: smallvec::SmallVec<[u8; 2]> = smallvec::SmallVec::new(); v.insert(3, 1);'],
  ['smallvec', 'panic', 'let mut v: smallvec::SmallVec<[u8; 2]> = smallvec::SmallVec::new(); v.remove(0);'],
  ['smallvec', 'panic', 'let mut v: smallvec::SmallVec<[u8; 2]> = smallvec::SmallVec::new(); v.push(1); v.drain(2..);'],
  ['smallvec', 'panic', 'let mut v: smallvec::SmallVec<[u8; 2]> = smallvec::SmallVec::new(); v.insert_many(5, [1u8]);'],
  ['indexmap', 'panic', 'let m: indexmap::IndexMap<&str, u8> = indexmap::IndexMap::new(); let _ = m["missing"];'],
  ['rust_decimal', 'panic', 'let _ = rust_decimal::Decimal::new(1, 29);'],
  ['rust_decimal', 'panic', 'let a = rust_decimal::Decimal::new(1, 0); let _ = a / rust_decimal::Decimal::ZERO;'],
  ['rust_decimal', 'panic', 'let a = rust_decimal::Decimal::MAX; let _ = a + a;'],
  ['rust_decimal', 'panic', 'let a = rust_decimal::Decimal::MAX; let _ = a * a;'],
  ['rust_decimal', 'panic', 'let a = rust_decimal::Decimal::new(1, 0); let _ = a % rust_decimal::Decimal::ZERO;'],
  ['num-bigint', 'panic', 'let a = num_bigint::BigUint::from(5u8); let _ = a - num_bigint::BigUint::from(9u8);'],
  ['num-bigint', 'panic', 'let a = num_bigint::BigUint::from(5u8); let _ = a.to_str_radix(99);'],
  ['num-bigint', 'panic', 'let a = num_bigint::BigUint::from(5u8); let _ = a.modpow(&num_bigint::BigUint::from(2u8), &num_bigint::BigUint::from(0u8));'],
  ['bigdecimal', 'panic', 'let a: bigdecimal::BigDecimal = 1.into(); let _ = a / bigdecimal::BigDecimal::from(0);'],
  ['data-encoding', 'panic', 'let mut out = vec![0u8; 1]; data_encoding::HEXLOWER.encode_mut(b"abc", &mut out);'],
  ['data-encoding', 'panic', 'let mut out = vec![0u8; 1]; let _ = data_encoding::BASE64.decode_mut(b"QUJD", &mut out);'],
  // ---- returned errors ----
  ['ipnet', 'err', 'let r: Result<ipnet::IpNet, _> = "10.0.0.1/x".parse(); r', ['src/parser.rs', 300, 'Err(AddrParseError(()))']],
  ['ipnet', 'err', 'ipnet::Ipv4Net::new("10.0.0.1".parse().unwrap(), 40)', ['src/ipnet.rs', 563, 'Err(PrefixLenError)']],
  ['ipnet', 'err', 'ipnet::Ipv6Net::new("::1".parse().unwrap(), 200)', ['src/ipnet.rs', 894, 'Err(PrefixLenError)']],
  ['glob', 'err', 'glob::Pattern::new("a[b")', ['src/lib.rs', 630, 'return Err(PatternError {']],
  ['glob', 'err', 'glob::Pattern::new("a**b")', ['src/lib.rs', 585, 'return Err(PatternError {']],
  ['glob', 'err', 'glob::glob("x/***").map(|_| ())', ['src/lib.rs', 559, 'return Err(PatternError {']],
  ['globset', 'err', 'globset::Glob::new("a[b")', ['src/glob.rs', 939, 'ErrorKind::UnclosedClass']],
  ['globset', 'err', 'globset::Glob::new("a{b")', ['src/glob.rs', 593, 'Err(Error {']],
  ['globset', 'err', 'globset::Glob::new("a{b{c}}")', ['src/glob.rs', 787, 'ErrorKind::NestedAlternates']],
  ['globset', 'err', 'globset::Glob::new("[z-a]")', ['src/glob.rs', 915, 'Err(Error {']],
  ['globset', 'err', 'globset::Glob::new("a\\\\")', ['src/glob.rs', 835, 'ErrorKind::DanglingEscape']],
  ['shell-words', 'err', 'shell_words::split("echo \'abc")', ['src/lib.rs', 191, 'Err(ParseError)']],
  ['mime', 'err', '"text".parse::<mime::Mime>()', ['src/parse.rs', 69, 'ParseError::MissingSlash'], [['src/lib.rs', 422, 'map_err(|e| FromStrError { inner: e })']]],
  ['mime', 'err', '"text/plain; charset".parse::<mime::Mime>()', ['src/parse.rs', 145, 'ParseError::MissingEqual'], [['src/lib.rs', 422, 'map_err(|e| FromStrError { inner: e })']]],
  ['mime', 'err', '"te(xt/plain".parse::<mime::Mime>()', ['src/parse.rs', 70, 'ParseError::InvalidToken'], [['src/lib.rs', 422, 'map_err(|e| FromStrError { inner: e })']]],
  ['mime', 'err', '"text/plain; charset=\\"utf".parse::<mime::Mime>()', ['src/parse.rs', 165, 'ParseError::MissingQuote'], [['src/lib.rs', 422, 'map_err(|e| FromStrError { inner: e })']]],
  ['ron', 'err', 'ron::from_str::<u8>("300")', ['src/parse.rs', 203, 'ErrorCode::IntegerOutOfBounds']],
  ['ron', 'err', 'ron::from_str::<String>("\\"abc")', ['src/parse.rs', 698, 'ErrorCode::ExpectedStringEnd']],
  ['ron', 'err', 'ron::from_str::<bool>("maybe")', ['src/parse.rs', 320, 'ErrorCode::ExpectedBoolean']],
  ['ron', 'err', 'ron::from_str::<(u8, u8)>("(1, 2, 3)")', ['src/de/mod.rs', 457, 'ErrorCode::ExpectedArrayEnd']],
  ['ron', 'err', 'ron::from_str::<char>("\'ab\'")', ['src/parse.rs', 355, 'ErrorCode::ExpectedChar']],
  ['quick-xml', 'err', 'let mut r = quick_xml::Reader::from_str("<a></b>"); loop { match r.read_event() { Ok(quick_xml::events::Event::Eof) => break Ok(()), Err(e) => break Err(e), _ => {} } }', ['src/reader/parser.rs', 149, 'Err(Error::EndEventMismatch {']],
  ['quick-xml', 'err', 'let mut r = quick_xml::Reader::from_str("<a x=\\"1\\" x=\\"2\\"/>"); loop { match r.read_event() { Ok(quick_xml::events::Event::Eof) => break Ok(()), Ok(quick_xml::events::Event::Empty(e)) => { for a in e.attributes() { if let Err(e) = a { break; } } let r2: Result<Vec<_>, _> = e.attributes().collect(); if let Err(e) = r2 { break Err(quick_xml::Error::InvalidAttr(e)); } }, Err(e) => break Err(e), _ => {} } }', ['src/events/attributes.rs', 609, 'AttrError::Duplicated']],
  ['quick-xml', 'err', 'let mut r = quick_xml::Reader::from_str("<a><!-- x"); loop { match r.read_event() { Ok(quick_xml::events::Event::Eof) => break Ok(()), Err(e) => break Err(e), _ => {} } }', ['src/reader/mod.rs', 811, 'Error::UnexpectedEof(bang_str']],
  ['quick-xml', 'err', 'quick_xml::escape::unescape("a &bogus; b").map(|_| ())', ['src/escapei.rs', 183, 'EscapeError::UnrecognizedSymbol(']],
  ['xml-rs', 'err', 'let r = xml::reader::EventReader::from_str("<a></b>"); let mut res = Ok(()); for e in r { if let Err(e) = e { res = Err(e); break; } } res', ['src/reader/parser/mod.rs', 535, 'Unexpected closing tag']],
  ['xml-rs', 'err', 'let r = xml::reader::EventReader::from_str("<a>&zz;</a>"); let mut res = Ok(()); for e in r { if let Err(e) = e { res = Err(e); break; } } res', ['src/reader/parser/inside_reference.rs', 70, 'Unexpected entity']],
  ['data-encoding', 'err', 'data_encoding::HEXLOWER.decode(b"abc")', ['src/lib.rs', 1368, 'DecodeKind::Length']],
  ['data-encoding', 'err', 'data_encoding::HEXLOWER.decode(b"zz")', ['src/lib.rs', 603, 'DecodeKind::Symbol']],
  ['data-encoding', 'err', 'data_encoding::BASE64.decode(b"QUJD=")', ['src/lib.rs', 1368, 'DecodeKind::Length']],
  ['data-encoding', 'err', 'let mut s = data_encoding::Specification::new(); s.symbols.push_str("ab"); s.padding = Some(\'a\'); s.encoding()', ['src/lib.rs', 1663, 'ExtraPadding']],
  ['data-encoding', 'err', 'let mut s = data_encoding::Specification::new(); s.symbols.push_str("abc"); s.encoding()', ['src/lib.rs', 1643, 'BadSize']],
  ['bytesize', 'disp', '"12 XB".parse::<bytesize::ByteSize>()', ['src/parse.rs', 22, 'Err(error) => Err(format!(']],
  ['bytesize', 'disp', '"abc".parse::<bytesize::ByteSize>()', ['src/parse.rs', 28, 'Err(error) => Err(format!(']],
  ['semver-parser', 'disp', 'semver_parser::version::parse("1.x.0")', ['src/parser.rs', 117, 'Err(UnexpectedToken(tok))']],
  ['semver-parser', 'disp', 'semver_parser::version::parse("1.2.3-")', ['src/parser.rs', 85, 'UnexpectedEnd']],
  ['toml_edit', 'err', '"a = 1\\na = 2".parse::<toml_edit::Document>()', ['src/parser/document.rs', 170, 'CustomError::DuplicateKey']],
  ['toml_edit', 'err', '"[a]\\nb = 1\\n[a]".parse::<toml_edit::Document>()', ['src/parser/table.rs', 73, 'CustomError::DuplicateKey']],
  ['fancy-regex', 'err', 'fancy_regex::Regex::new("(?<a")', ['src/parse.rs', 554, 'Error::InvalidGroupName']],
  ['fancy-regex', 'err', 'fancy_regex::Regex::new("a\\\\k<nope>")', ['src/parse.rs', 296, 'Error::InvalidGroupNameBackref']],
  ['fancy-regex', 'err', 'fancy_regex::Regex::new("(a")', ['src/parse.rs', 580, 'Error::UnclosedOpenParen']],
  ['fancy-regex', 'err', 'fancy_regex::Regex::new("\\\\")', ['src/parse.rs', 306, 'Error::TrailingBackslash']],
  ['fancy-regex', 'err', 'fancy_regex::Regex::new("(?<=a+)b")', ['src/compile.rs', 393, 'Error::LookBehindNotConst']],
  ['rust_decimal', 'err', '"1.2.3".parse::<rust_decimal::Decimal>()', ['src/error.rs', 28, 'Err(from.into())']],
  ['rust_decimal', 'err', '"".parse::<rust_decimal::Decimal>()', ['src/error.rs', 28, 'Err(from.into())']],
  ['rust_decimal', 'err', '"12a".parse::<rust_decimal::Decimal>()', ['src/error.rs', 28, 'Err(from.into())']],
  ['rust_decimal', 'err', 'rust_decimal::Decimal::try_new(1, 40)', ['src/decimal.rs', 404, 'ScaleExceedsMaximumPrecision']],
  ['rust_decimal', 'err', 'rust_decimal::Decimal::from_str_radix("12", 40)', ['src/str.rs', 407, 'Unsupported radix > 36']],
  ['rust_decimal', 'err', 'rust_decimal::Decimal::from_scientific("1e")', ['src/decimal.rs', 574, 'Error::from(ERROR_MESSAGE)']],
  ['bigdecimal', 'err', '"".parse::<bigdecimal::BigDecimal>()', ['src/lib.rs', 1653, 'ParseBigDecimalError::Empty']],
  ['num-bigint', 'err', '"12a".parse::<num_bigint::BigInt>()', ['src/biguint/convert.rs', 246, 'ParseBigIntError::invalid()']],
  ['num-bigint', 'err', '"".parse::<num_bigint::BigUint>()', ['src/biguint/convert.rs', 225, 'ParseBigIntError::empty()']],
  ['num-bigint', 'err', 'num_bigint::BigUint::parse_bytes(b"zz", 10).ok_or(()).map(|_| ()).or_else(|_| "-1".parse::<num_bigint::BigUint>().map(|_| ()))', ['src/biguint/convert.rs', 246, 'ParseBigIntError::invalid()']],
  ['ascii', 'err', 'ascii::AsciiString::from_ascii("caf\\u{e9}")', ['src/ascii_str.rs', 928, 'Err(AsAsciiStrError(']],
  ['ascii', 'err', 'ascii::AsciiChar::from_ascii(200u8)', ['src/ascii_char.rs', 838, 'Err(ToAsciiCharError(()))']],
  ['ascii', 'err', 'ascii::AsciiStr::from_ascii("ab\\u{e9}").map(|_| ())', ['src/ascii_str.rs', 928, 'Err(AsAsciiStrError(']],
  ['rust-ini', 'err', 'ini::Ini::load_from_str("[section")', ['src/lib.rs', 1030, 'Err(ParseError {']],
  ['rust-ini', 'err', 'ini::Ini::load_from_str("a = \\"b")', ['src/lib.rs', 1030, 'Err(ParseError {']],
  ['configparser', 'disp', 'configparser::ini::Ini::new().read("[section".to_owned())', ['src/ini.rs', 486, 'return Err(format!(']],
  ['arrayvec', 'err', 'arrayvec::ArrayString::<2>::from("abc")', ['src/array_string.rs', 281, 'Err(CapacityError::new(s))']],
  ['arrayvec', 'err', 'let mut v = arrayvec::ArrayVec::<u8, 1>::new(); v.push(1); v.try_push(2)', ['src/arrayvec_impl.rs', 49, 'Err(CapacityError::new(element))']],
  ['arrayvec', 'err', 'let mut v = arrayvec::ArrayVec::<u8, 1>::new(); v.try_extend_from_slice(&[1, 2])', ['src/arrayvec.rs', 568, 'Err(CapacityError::new(()))']],
  // ---- Held-out round 7: its 16 cases (serde_json, regex-syntax, base64, humantime, hex, csv) were removed in round 8,
  // those crates being reserved for the independent evaluation (docs/holdout-round7-go-rust.md) ----
  // ---- Held-out round 8 (docs/holdout-round8-go-rust.md): measured before any tuning on them ----
  ['httparse', 'err', 'let mut h = [httparse::EMPTY_HEADER; 1]; httparse::Request::new(&mut h).parse(b"GET / HTTP/1.1\\r\\nA: b\\r\\nC: d\\r\\n\\r\\n").map(|_| ())', ['src/lib.rs', 967, 'Err(Error::TooManyHeaders)']],
  ['httparse', 'err', 'let mut h = [httparse::EMPTY_HEADER; 4]; httparse::Request::new(&mut h).parse(b"GET / HTTX/1.1\\r\\n\\r\\n").map(|_| ())', ['src/lib.rs', 752, 'Err(Error::Version)']],
  ['httparse', 'err', 'let mut h = [httparse::EMPTY_HEADER; 4]; httparse::Request::new(&mut h).parse(b"GET / HTTP/1.1\\r\\n@x: y\\r\\n\\r\\n").map(|_| ())', ['src/lib.rs', 1041, 'handle_invalid_char!(bytes, b, HeaderName)']],
  ['cookie', 'err', 'cookie::Cookie::parse("novalue")', ['src/parse.rs', 134, 'ParseError::MissingPair']],
  ['cookie', 'err', 'cookie::Cookie::parse("=x")', ['src/parse.rs', 138, 'ParseError::EmptyName']],
  ['num-rational', 'err', '"1/0".parse::<num_rational::Ratio<i32>>()', ['src/lib.rs', 1116, 'Err(ParseRatioError {']],
  ['num-rational', 'err', '"1/x".parse::<num_rational::Ratio<i32>>()', ['src/lib.rs', 1111, 'map_err(|_| ParseRatioError {']],
  ['unic-langid-impl', 'err', '"en-US-!!".parse::<unic_langid_impl::LanguageIdentifier>()', ['src/parser/mod.rs', 61, 'Err(ParserError::InvalidSubtag)']],
  ['unic-langid-impl', 'err', '"toolonglanguage".parse::<unic_langid_impl::LanguageIdentifier>()', ['src/subtags/language.rs', 14, 'map_err(|_| ParserError::InvalidLanguage)']],
  ['cargo-platform', 'err', '"cfg(unix".parse::<cargo_platform::Platform>()', ['src/lib.rs', 46, 'return Err(ParseError::new(']],
  ['cargo-platform', 'err', '"cfg(feature = x)".parse::<cargo_platform::Platform>()', ['src/cfg.rs', 187, 'return Err(ParseError::new(']],
  ['cargo-platform', 'err', '"cfg(unix @)".parse::<cargo_platform::Platform>()', ['src/cfg.rs', 101, 'return Err(ParseError::new(']],
  // ---- Held-out round 9 (docs/holdout-round9-go-rust.md): measured before any tuning on them ----
  ['roxmltree', 'err', 'roxmltree::Document::parse("<a></b>").map(|_| ())', ['src/parse.rs', 762, 'return Err(Error::UnexpectedCloseTag {']],
  ['roxmltree', 'err', 'roxmltree::Document::parse("<a x=\\"1\\" x=\\"2\\"/>").map(|_| ())', ['src/parse.rs', 860, 'return Err(Error::DuplicatedAttribute(']],
  ['roxmltree', 'err', 'roxmltree::Document::parse("<p:a/>").map(|_| ())', ['src/parse.rs', 1182, 'Err(Error::UnknownNamespace(']],
  ['tinytemplate', 'err', 'let mut tt = tinytemplate::TinyTemplate::new(); tt.add_template("t", "{x}").unwrap(); let mut m = std::collections::HashMap::new(); m.insert("y", 1); tt.render("t", &m)', ['src/error.rs', 144, 'Error::RenderError {']],
  ['tinytemplate', 'err', 'let mut tt = tinytemplate::TinyTemplate::new(); tt.add_template("t", "{ @foo }")', ['src/compiler.rs', 198, 'Invalid keyword name']],
  ['tinytemplate', 'err', 'let mut tt = tinytemplate::TinyTemplate::new(); tt.add_template("t", "{{ for x }}{{ endfor }}")', ['src/compiler.rs', 396, 'Err(self.parse_error(']],
  ['getopts', 'err', 'getopts::Options::new().parse(["--nope"])', ['src/lib.rs', 429, 'None => return Err(UnrecognizedOption(nm.to_string()))']],
  ['getopts', 'err', 'let mut o = getopts::Options::new(); o.optopt("o", "", "output", "FILE"); o.parse(["-o"])', ['src/lib.rs', 462, 'return Err(ArgumentMissing(nm.to_string()))']],
  ['getopts', 'err', 'let mut o = getopts::Options::new(); o.reqopt("o", "out", "output", "FILE"); o.parse(Vec::<String>::new())', ['src/lib.rs', 473, 'return Err(OptionMissing(opt.name.to_string()))']],
  ['pem', 'err', 'pem::parse("-----BEGIN A-----\\nAAAA\\n-----END B-----\\n")', ['src/lib.rs', 161, 'return Err(PemError::MismatchedTags(']],
  ['pem', 'err', 'pem::parse("nothing here")', ['src/lib.rs', 227, '.ok_or_else(|| PemError::MalformedFraming)']],
  // ---- Held-out round 11 (docs/holdout-round11-go-rust.md): measured before any tuning on them ----
  ['yaml-rust', 'err', 'yaml_rust::YamlLoader::load_from_str("a: [1, 2")', ['src/parser.rs', 705, 'return Err(ScanError::new(']],
  ['yaml-rust', 'err', 'yaml_rust::YamlLoader::load_from_str("a: b: c")', ['src/scanner.rs', 1662, 'return Err(ScanError::new(']],
  ['yaml-rust', 'err', 'yaml_rust::YamlLoader::load_from_str("a: \'x")', ['src/scanner.rs', 1313, 'return Err(ScanError::new(']],
  ['lexopt', 'err', 'use lexopt::prelude::*; let mut p = lexopt::Parser::from_args(["--x"]); (|| -> Result<(), lexopt::Error> { while let Some(a) = p.next()? { match a { Short(\'n\') => { let _n: u32 = p.value()?.parse()?; } _ => return Err(a.unexpected()) } } Ok(()) })()', ['src/lib.rs', 699, 'Arg::Long(long) => Error::UnexpectedOption(format!("--{}", long))']],
  ['lexopt', 'err', 'use lexopt::prelude::*; let mut p = lexopt::Parser::from_args(["-n"]); (|| -> Result<(), lexopt::Error> { while let Some(a) = p.next()? { match a { Short(\'n\') => { let _n: u32 = p.value()?.parse()?; } _ => return Err(a.unexpected()) } } Ok(()) })()', ['src/lib.rs', 398, 'Err(Error::MissingValue {']],
  ['lexopt', 'err', 'use lexopt::prelude::*; let mut p = lexopt::Parser::from_args(["-n", "x"]); (|| -> Result<(), lexopt::Error> { while let Some(a) = p.next()? { match a { Short(\'n\') => { let _n: u32 = p.value()?.parse()?; } _ => return Err(a.unexpected()) } } Ok(()) })()', ['src/lib.rs', 891, 'Err(err) => Err(Error::ParsingFailed {']],
  ['ipnetwork', 'err', '"10.0.0.0/33".parse::<ipnetwork::Ipv4Network>()', ['src/common.rs', 58, 'Err(IpNetworkError::InvalidPrefix)']],
  ['ipnetwork', 'err', '"x/8".parse::<ipnetwork::Ipv4Network>()', ['src/ipv4.rs', 242, '.map_err(|_| IpNetworkError::InvalidAddr(addr_str.to_string()))?;']],
  ['json', 'err', 'json::parse("{\\"a\\": x}")', ['src/parser.rs', 422, 'Err(Error::UnexpectedCharacter {']],
  ['json', 'err', 'json::parse("[1,")', ['src/parser.rs', 63, 'return Err(Error::UnexpectedEndOfJson);']],
  // ---- Held-out round 12 (docs/holdout-round12-go-rust.md): measured before any tuning on them ----
  ['bs58', 'err', 'bs58::decode("1O0").into_vec()', ['src/decode.rs', 206, 'return Err(Error::InvalidCharacter {']],
  ['bs58', 'err', 'bs58::decode("1é").into_vec()', ['src/decode.rs', 201, 'return Err(Error::NonAsciiCharacter { index: i });']],
  ['cfg-expr', 'err', 'cfg_expr::Expression::parse("not(unix, windows)")', ['src/expr/parser.rs', 320, 'return Err(ParseError {']],
  ['cfg-expr', 'err', 'cfg_expr::Expression::parse("all(unix")', ['src/expr/parser.rs', 399, 'Err(ParseError {']],
  ['cfg-expr', 'err', 'cfg_expr::Expression::parse("foo = bar")', ['src/expr/parser.rs', 228, 'return Err(ParseError {']],
  ['language-tags', 'err', 'language_tags::LanguageTag::parse("en-")', ['src/lib.rs', 724, 'return Err(ParseError::EmptySubtag);']],
  ['language-tags', 'err', 'language_tags::LanguageTag::parse("en-abcdefghi")', ['src/lib.rs', 728, 'return Err(ParseError::SubtagTooLong);']],
  ['language-tags', 'err', 'language_tags::LanguageTag::parse("en-a")', ['src/lib.rs', 824, 'return Err(ParseError::EmptyExtension);']],
  ['dotenv', 'err', 'std::fs::write("/tmp/errdex-eval-dotenv-1", "A B").unwrap(); dotenv::from_path("/tmp/errdex-eval-dotenv-1")', ['src/parse.rs', 34, 'return Error::LineParse(self.original_line.into(), self.pos);']],
  ['byte-unit', 'err', 'byte_unit::Byte::from_str("12 XB")', ['src/byte_unit.rs', 314, 'Err(UnitIncorrectError {']],
  ['byte-unit', 'err', 'byte_unit::Byte::from_str("abc")', ['src/byte.rs', 188, 'ValueIncorrectError::NotNumber(get_char_from_bytes(e, bytes)).into()']],
  ['target-lexicon', 'disp', '"foo-unknown-linux".parse::<target_lexicon::Triple>()', ['src/triple.rs', 270, 'return Err(ParseError::UnrecognizedArchitecture(s.to_owned()));']],
  ['target-lexicon', 'disp', '"x86_64-unknown-nope".parse::<target_lexicon::Triple>()', ['src/triple.rs', 326, 'ParseError::UnrecognizedOperatingSystem(s.to_owned())']],
  // ---- Held-out round 13 (docs/holdout-round13-go-rust.md): measured before any tuning on them ----
  ['xmlparser', 'err', 'xmlparser::Tokenizer::from("<a b=x/>").collect::<Result<Vec<_>, _>>()', ['src/stream.rs', 569, 'Err(StreamError::InvalidQuote(c, self.gen_text_pos()))'], [['src/lib.rs', 544, 'Error::InvalidAttribute(e, s.gen_text_pos_from(start))']]],
  ['xmlparser', 'err', 'xmlparser::Tokenizer::from("<!-- a -- b -->").collect::<Result<Vec<_>, _>>()', ['src/lib.rs', 688, 'return Err(StreamError::InvalidCommentData);'], [['src/lib.rs', 677, '.map_err(|e| Error::InvalidComment(']]],
  ['xmlparser', 'err', 'xmlparser::Tokenizer::from("<?xml version=\\"2.0\\"?><a/>").collect::<Result<Vec<_>, _>>()', ['src/stream.rs', 236, 'return Err(StreamError::InvalidString(expected, pos));'], [['src/lib.rs', 569, 'map_err_at!(Self::parse_declaration_impl(s), s, InvalidDeclaration)']]],
  ['bincode', 'err', 'bincode::deserialize::<bool>(&[2])', ['src/de/mod.rs', 139, 'Err(ErrorKind::InvalidBoolEncoding(value).into())']],
  ['bincode', 'err', 'bincode::deserialize::<Option<u8>>(&[5])', ['src/de/mod.rs', 340, 'Err(ErrorKind::InvalidTagEncoding(v as usize).into())']],
  ['bincode', 'err', 'bincode::deserialize::<char>(&[0xff])', ['src/de/mod.rs', 206, 'let error = || ErrorKind::InvalidCharEncoding.into();']],
  ['bincode', 'err', 'bincode::deserialize::<String>(&[2, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xfe])', ['src/de/mod.rs', 101, 'ErrorKind::InvalidUtf8Encoding(e.utf8_error()).into()']],
  ['plist', 'err', 'plist::Value::from_reader(std::io::Cursor::new(b"<plist><dict><key>a</key></dict></plist>".to_vec()))', ['src/error.rs', 219, 'ErrorKind::UnexpectedEventType { expected, found }.without_position()']],
  // ---- Held-out round 14 (docs/holdout-round14-go-rust.md): measured before any tuning on them ----
  ['rmp-serde', 'err', 'rmp_serde::from_slice::<(u8, u8)>(&[0x93, 1, 2, 3])', ['src/decode.rs', 538, 'excess => Err(Error::LengthMismatch(len - excess)),']],
  ['rmp-serde', 'err', 'rmp_serde::from_slice::<u8>(&[0xc1])', ['src/decode.rs', 584, 'Marker::Reserved => Err(Error::TypeMismatch(Marker::Reserved)),']],
  ['rmp-serde', 'err', 'rmp_serde::from_slice::<String>(&[0xa2, 0xff, 0xfe])', ['src/decode.rs', 318, 'Err(..) => Err(Error::Utf8Error(err)),']],
  ['serde-xml-rs', 'err', 'serde_xml_rs::from_str::<u32>("<a></a>")', ['src/de/mod.rs', 235, 'return Err(Error::UnexpectedToken {']],
  ['serde-xml-rs', 'err', 'serde_xml_rs::from_str::<u32>("<a>x</a>")', ['src/de/mod.rs', 251, 'let value = self.prepare_parse_type::<V>()?.parse()?;']],
  ['envy', 'err', 'envy::from_iter::<_, std::collections::HashMap<String, u32>>(vec![("A".to_string(), "x".to_string())])', ['src/lib.rs', 120, 'Err(e) => Err(de::Error::custom(format_args!("{} while parsing value']],
  ['eui48', 'err', 'eui48::MacAddress::parse_str("12:34")', ['src/lib.rs', 212, 'return Err(ParseError::InvalidLength(s.len()));']],
  ['eui48', 'err', 'eui48::MacAddress::parse_str("12:34:56:78:90")', ['src/lib.rs', 227, 'return Err(ParseError::InvalidByteCount(i, eui));']],
  // ---- Held-out round 15 (docs/holdout-round15-go-rust.md): measured before any tuning on them ----
  ['rmp', 'disp', 'rmp::decode::read_bool(&mut &[0x01u8][..])', ['src/decode/mod.rs', 294, 'marker => Err(ValueReadError::TypeMismatch(marker)),']],
  ['rmp', 'disp', 'rmp::decode::read_int::<u8, _>(&mut &[0xcdu8, 0x01, 0x00][..])', ['src/decode/mod.rs', 402, 'val.ok_or(NumValueReadError::OutOfRange)']],
  ['hkdf', 'disp', 'hkdf::Hkdf::<sha2::Sha256>::from_prk(&[0u8; 4]).map(|_| ())', ['src/lib.rs', 200, 'return Err(InvalidPrkLength);']],
  ['hkdf', 'disp', 'let h = hkdf::Hkdf::<sha2::Sha256>::new(None, b"k"); let mut o = vec![0u8; 9000]; h.expand(b"", &mut o)', ['src/lib.rs', 228, 'return Err(InvalidLength);']],
  ['bstr', 'err', 'use bstr::ByteSlice; b"ab\\xffc".to_str().map(|s| s.len())', ['src/utf8.rs', 541, 'return Err(Utf8Error { valid_up_to, error_len });']],
  ['ordered-float', 'disp', '"NaN".parse::<ordered_float::NotNan<f64>>()', ['src/lib.rs', 1337, '.and_then(|f| NotNan::new(f).map_err(|_| ParseNotNanError::IsNaN))']],
  ['ordered-float', 'disp', 'ordered_float::NotNan::new(f64::NAN)', ['src/lib.rs', 873, 'ref val if val.is_nan() => Err(FloatIsNan),']],
  ['iso8601', 'disp', 'iso8601::date("x")', ['src/lib.rs', 224, 'Err(format!("Parser Error: {}", string))']],
  // ---- Held-out round 16 (docs/holdout-round16-go-rust.md): measured before any tuning on them ----
  ['rand', 'err', 'rand::distributions::WeightedIndex::new(&[0u32, 0]).map(|_| ())', ['src/distributions/weighted_index.rs', 122, 'return Err(WeightedError::AllWeightsZero);']],
  ['rand', 'err', 'rand::distributions::Bernoulli::new(2.0).map(|_| ())', ['src/distributions/bernoulli.rs', 103, 'return Err(BernoulliError::InvalidProbability);']],
  ['num-traits', 'disp', '<f64 as num_traits::Num>::from_str_radix("", 16)', ['src/lib.rs', 266, 'None             => return Err(PFE { kind: Empty }),']],
  ['num-traits', 'disp', '<f64 as num_traits::Num>::from_str_radix("1g", 16)', ['src/lib.rs', 319, 'return Err(PFE { kind: Invalid });']],
  ['num-traits', 'disp', '<f64 as num_traits::Num>::from_str_radix("", 10)', ['src/lib.rs', 236, 'return src.parse().map_err(|_| PFE {']],
  ['base64ct', 'disp', 'use base64ct::Encoding; base64ct::Base64::decode_vec("@@@@")', ['src/encoding.rs', 102, 'Err(Error::InvalidEncoding)']],
  ['base64ct', 'disp', 'use base64ct::Encoding; base64ct::Base64::decode_vec("abc")', ['src/encoding.rs', 269, 'return Err(InvalidEncodingError);']],
  ['base64ct', 'disp', 'use base64ct::Encoding; let mut b = [0u8; 1]; base64ct::Base64::decode("QUJD", &mut b).map(|_| ())', ['src/encoding.rs', 78, 'return Err(Error::InvalidLength);']],
  ['httpdate', 'err', 'httpdate::parse_http_date("\u{e9}")', ['src/date.rs', 166, 'return Err(Error(()));']],
  ['httpdate', 'err', 'httpdate::parse_http_date("Sun, 31 Feb 1994 08:49:37 GMT")', ['src/date.rs', 173, 'return Err(Error(()));']],
  // ---- Held-out round 17 (docs/holdout-round17-go-rust.md): measured before any tuning on them ----
  ['shellexpand', 'err', 'shellexpand::full("$ERRDEX_NO_SUCH_VAR").map(|_| ())', ['src/lib.rs', 343, 'return Err(LookupError {']],
  ['ucd-parse', 'err', '"110000".parse::<ucd_parse::Codepoint>().map(|_| ())', ['src/common.rs', 434, 'err!("{:x} is not a valid Unicode codepoint", n)']],
  ['ucd-parse', 'err', '"XYZ".parse::<ucd_parse::Codepoint>().map(|_| ())', ['src/common.rs', 466, 'return err!(']],
  ['ucd-parse', 'err', '"0041; X; 0061;".parse::<ucd_parse::CaseFold>().map(|_| ())', ['src/case_folding.rs', 110, '_ => err!("unrecognized case status: \'{}\' \\']],
  ['ucd-parse', 'err', '"zz".parse::<ucd_parse::CodepointRange>().map(|_| ())', ['src/common.rs', 388, 'None => return err!("invalid codepoint range: \'{}\'", s),']],
  ['pest_meta', 'err', 'let p = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, "a = { b }").unwrap(); pest_meta::validator::validate_pairs(p).map(|_| ()).map_err(|v| v.into_iter().next().unwrap())', ['src/validator.rs', 197, 'errors.push(Error::new_from_span(']],
  ['pest_meta', 'err', 'let p = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, "a = { \\"x\\" }\\na = { \\"y\\" }").unwrap(); pest_meta::validator::validate_pairs(p).map(|_| ()).map_err(|v| v.into_iter().next().unwrap())', ['src/validator.rs', 170, 'errors.push(Error::new_from_span(']],
  ['pest_meta', 'err', 'let p = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, "WHITESPACE = { \\"a\\"* }").unwrap(); pest_meta::parser::consume_rules(p).map(|_| ()).map_err(|v| v.into_iter().next().unwrap())', ['src/validator.rs', 389, 'Some(Error::new_from_span(']],
  ['pest_meta', 'err', 'let p = pest_meta::parser::parse(pest_meta::parser::Rule::grammar_rules, "a = { a }").unwrap(); pest_meta::parser::consume_rules(p).map(|_| ()).map_err(|v| v.into_iter().next().unwrap())', ['src/validator.rs', 442, 'Error::new_from_span(']],
  // ---- Held-out round 18 (docs/holdout-round18-go-rust.md): measured before any tuning on them ----
  ['rustc_version', 'err', 'rustc_version::version_meta_for("garbage").map(|_| ())', ['src/lib.rs', 275, '.ok_or(Error::UnexpectedVersionFormat)']],
  ['rustc_version', 'err', 'rustc_version::version_meta_for("rustc 1.0.0\\nhost: x\\nrelease: 1.0.0-zzz\\n").map(|_| ())', ['src/lib.rs', 238, 'x => return Err(Error::UnknownPreReleaseTag(x.to_owned())),']],
  ['rustc_version', 'err', '"04.0".parse::<rustc_version::LlvmVersion>().map(|_| ())', ['src/lib.rs', 116, 'Err(LlvmVersionParseError::ComponentMustNotHaveLeadingZeros)']],
  ['rustc_version', 'err', '"5.1.2.3".parse::<rustc_version::LlvmVersion>().map(|_| ())', ['src/lib.rs', 139, 'return Err(LlvmVersionParseError::TooManyComponents);']],
  ['rustc_version', 'err', '"5.x".parse::<rustc_version::LlvmVersion>().map(|_| ())', ['src/lib.rs', 120, 'Ok(part.parse()?)']],
  ['simple_asn1', 'err', 'simple_asn1::from_der(&[0x01, 0x02, 0x01, 0x00]).map(|_| ())', ['src/lib.rs', 392, 'return Err(ASN1DecodeErr::BadBooleanLength(len));']],
  ['simple_asn1', 'err', 'simple_asn1::from_der(&[0x17, 0x01, 0x30]).map(|_| ())', ['src/lib.rs', 494, 'return Err(ASN1DecodeErr::InvalidDateValue(format!("{}", body.len())));']],
  ['z85', 'err', 'z85::decode("abcd").map(|_| ())', ['src/lib.rs', 84, 'return Err(DecodeError::InvalidLength(length));']],
  ['z85', 'err', 'z85::decode("ab~de").map(|_| ())', ['src/internal.rs', 72, 'return Err(DecodeError::InvalidByte(index, letter));']],
  ['tera', 'err', 'tera::Tera::default().render("nope.html", &tera::Context::new()).map(|_| ())', ['src/tera.rs', 389, 'None => Err(Error::template_not_found(template_name)),']],
  ['tera', 'err', 'tera::Tera::default().add_raw_template("child.html", "{% extends \\"base.html\\" %}")', ['src/tera.rs', 226, 'None => Err(Error::missing_parent(&template.name, &p)),']],
  ['tera', 'err', 'tera::Tera::default().add_raw_template("a.html", "{% extends \\"a.html\\" %}")', ['src/tera.rs', 217, 'return Err(Error::circular_extend(&start.name, parents));']],
  // ---- Held-out round 19 (docs/holdout-round19-go-rust.md): measured before any tuning on them ----
  ['log', 'disp', '"loud".parse::<log::Level>().map(|_| ())', ['src/lib.rs', 570, 'ParseLevelError(()),']],
  ['log', 'disp', '"loud".parse::<log::LevelFilter>().map(|_| ())', ['src/lib.rs', 748, 'ParseLevelError(()),']],
  ['ignore', 'err', 'ignore::types::TypesBuilder::new().add("a-b", "*.x")', ['src/types.rs', 434, 'return Err(Error::InvalidDefinition);']],
  ['ignore', 'err', 'let mut b = ignore::types::TypesBuilder::new(); b.select("errdex"); b.build().map(|_| ())', ['src/types.rs', 346, 'return Err(Error::UnrecognizedFileType(name));']],
  ['ignore', 'err', 'ignore::overrides::OverrideBuilder::new(".").add("a[").map(|_| ())', ['src/gitignore.rs', 504, '.map_err(|err| Error::Glob {']],
  // ---- Held-out round 20 (docs/holdout-round20-go-rust.md): measured before any tuning on them ----
  ['arbitrary', 'err', 'arbitrary::Unstructured::new(&[]).choose::<u8>(&[]).map(|_| ())', ['src/unstructured.rs', 423, 'return Err(Error::EmptyChoose);']],
  ['arbitrary', 'err', 'arbitrary::Unstructured::new(&[1]).bytes(5).map(|_| ())', ['src/unstructured.rs', 521, 'return Err(Error::NotEnoughData);']],
  ['arbitrary', 'err', '<std::num::NonZeroU8 as arbitrary::Arbitrary>::arbitrary(&mut arbitrary::Unstructured::new(&[0])).map(|_| ())', ['src/lib.rs', 1072, 'None => Err(Error::IncorrectFormat),']],
  ['crossbeam-channel', 'err', 'let (s, r) = crossbeam_channel::bounded(1); s.send(1).unwrap(); s.try_send(2)', ['src/flavors/array.rs', 327, 'Err(TrySendError::Full(msg))']],
  ['crossbeam-channel', 'err', 'let (s, r) = crossbeam_channel::bounded::<i32>(1); r.try_recv()', ['src/flavors/array.rs', 391, 'Err(TryRecvError::Empty)']],
  ['crossbeam-channel', 'err', 'let (s, r) = crossbeam_channel::unbounded::<i32>(); drop(s); r.recv()', ['src/channel.rs', 826, '.map_err(|_| RecvError)']],
  ['crossbeam-channel', 'err', 'let (s, r) = crossbeam_channel::unbounded::<i32>(); drop(r); s.send(1)', ['src/channel.rs', 434, 'SendTimeoutError::Disconnected(msg) => SendError(msg),']],
  ['walkdir', 'err', 'walkdir::WalkDir::new("/errdex-no-such-dir").into_iter().next().unwrap().map(|_| ())', ['src/dent.rs', 287, '.map_err(|err| Error::from_path(depth, pb.clone(), err))?']],
  ['walkdir', 'err', 'let _ = std::fs::remove_dir_all("/tmp/errdex-walkdir"); std::fs::create_dir_all("/tmp/errdex-walkdir/a").unwrap(); std::os::unix::fs::symlink("/tmp/errdex-walkdir", "/tmp/errdex-walkdir/a/up").unwrap(); walkdir::WalkDir::new("/tmp/errdex-walkdir").follow_links(true).sort_by_file_name().into_iter().find_map(|e| e.err()).map_or(Ok(()), Err)', ['src/lib.rs', 955, 'return Err(Error::from_loop(']],
  ['bytecheck', 'err', 'unsafe { <bool as bytecheck::CheckBytes<()>>::check_bytes(&2u8 as *const u8 as *const bool, &mut ()) }.map(|_| ())', ['src/lib.rs', 317, '_ => Err(BoolCheckError {']],
  ['bytecheck', 'err', 'unsafe { <char as bytecheck::CheckBytes<()>>::check_bytes(&0xD800u32 as *const u32 as *const char, &mut ()) }.map(|_| ())', ['src/lib.rs', 379, 'char::try_from(c).map_err(|_| CharCheckError { invalid_value: c })?;']],
];

const crateRoot = (c) => path.join(REGISTRY, CRATES[c][0]);
/** The crates reserved for the independent evaluation (issue 16): never a case here. */
const RESERVED = /^(?:serde_json|toml|semver|url|regex|regex-syntax|chrono|uuid|base64|hex|humantime|csv|serde_yaml|http|time|clap)$/;

function driver(cases) {
  const arms = cases.map(([, kind, code], i) => {
    if (kind === 'panic') return `        ${i} => { ${code} }`;
    return `        ${i} => { let r = { ${code} }; ${kind === 'err' ? 'report_err' : 'report_disp'}(r) }`;
  });
  return `#![allow(unused)]
use std::fmt::Write as _;
fn json(s: &str) -> String {
    let mut o = String::from("\\"");
    for c in s.chars() {
        match c { '"' => o.push_str("\\\\\\""), '\\\\' => o.push_str("\\\\\\\\"), '\\n' => o.push_str("\\\\n"), '\\t' => o.push_str("\\\\t"), c if (c as u32) < 0x20 => { write!(o, "\\\\u{:04x}", c as u32).unwrap(); } c => o.push(c) }
    }
    o.push('"');
    o
}
fn out(class: &str, msg: &str, trace: &str) -> ! {
    println!("{{\\"errorClass\\": {}, \\"message\\": {}}}", json(class), json(msg));
    eprint!("{}", trace);
    std::process::exit(1)
}
fn report_err<T, E: std::error::Error>(r: Result<T, E>) {
    if let Err(e) = r {
        // as \`fn main() -> anyhow::Result<()>\` prints it
        let mut t = format!("Error: {}\\n", e);
        let mut chain = vec![];
        let mut s = e.source();
        while let Some(x) = s { chain.push(x.to_string()); s = x.source(); }
        if chain.len() == 1 { t.push_str(&format!("\\nCaused by:\\n    {}\\n", chain[0])); }
        else if !chain.is_empty() { t.push_str("\\nCaused by:\\n"); for (i, c) in chain.iter().enumerate() { t.push_str(&format!("    {}: {}\\n", i, c)); } }
        out(std::any::type_name::<E>(), &e.to_string(), &t);
    }
}
fn report_disp<T, E: std::fmt::Display>(r: Result<T, E>) {
    if let Err(e) = r { out(std::any::type_name::<E>(), &e.to_string(), &format!("Error: {}\\n", e)); }
}
fn main() {
    let n: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    match n {
${arms.join('\n')}
        _ => unreachable!(),
    }
}
`;
}

function build(cases) {
  fs.mkdirSync(path.join(WORK, 'src'), { recursive: true });
  fs.mkdirSync(path.join(WORK, '.cargo'), { recursive: true });
  fs.writeFileSync(path.join(WORK, '.cargo', 'config.toml'), `[source.crates-io]\nreplace-with = "debian"\n[source.debian]\ndirectory = "${REGISTRY}"\n[net]\noffline = true\n`);
  const deps = [...new Set(cases.map((c) => c[0]))].map((c) => CRATES[c][1]);
  fs.writeFileSync(path.join(WORK, 'Cargo.toml'), `[package]\nname = "errdex-eval"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n${deps.join('\n')}\n`);
  fs.writeFileSync(path.join(WORK, 'src', 'main.rs'), driver(cases));
  const r = spawnSync(CARGO, ['build', '--quiet'], { cwd: WORK, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the driver does not build:\n${r.stderr}`);
  return path.join(WORK, 'target', 'debug', 'errdex-eval');
}

const PANIC = /^thread '[^']*'(?: \(\d+\))? panicked at (.+):(\d+):(\d+):$/m;

function panicSite(stderr, root) {
  const m = PANIC.exec(stderr);
  if (!m) return null;
  const inRoot = (f) => f.startsWith(root + '/');
  if (inRoot(m[1])) return { file: m[1], line: Number(m[2]) };
  // the innermost backtrace frame in the crate
  for (const f of stderr.matchAll(/^\s+at (.+?):(\d+):\d+$/gm)) if (inRoot(f[1])) return { file: f[1], line: Number(f[2]) };
  return null;
}

function panicMessage(stderr) {
  const lines = stderr.split('\n');
  const i = lines.findIndex((l) => PANIC.test(l));
  const out = [];
  for (let j = i + 1; j < lines.length; j++) {
    if (lines[j].startsWith('stack backtrace:') || lines[j].startsWith('note: ')) break;
    out.push(lines[j]);
  }
  return out.join('\n').trim();
}

function main() {
  const args = process.argv.slice(2);
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;
  const verbose = args.includes('--verbose');
  for (const [crate] of CASES) if (RESERVED.test(crate)) throw new Error(`${crate} is reserved for the independent evaluation`);
  const bin = build(CASES);
  const records = [];
  const skipped = [];
  const counts = {};
  CASES.forEach(([crate, kind, code, site, layers], i) => {
    counts[crate] = (counts[crate] ?? 0) + 1;
    const id = `rs-${crate}-${String(counts[crate]).padStart(2, '0')}`;
    if (only && !id.startsWith(only)) return;
    const root = crateRoot(crate);
    const r = spawnSync(bin, [String(i)], { encoding: 'utf8', env: { ...process.env, RUST_BACKTRACE: kind === 'panic' ? '1' : '0', RUST_LIB_BACKTRACE: '0' } });
    let rec;
    if (kind === 'panic') {
      const at = panicSite(r.stderr, root);
      if (!at) return skipped.push([id, `no panic inside ${root}: ${r.stderr.slice(0, 200)}`]);
      rec = { errorClass: 'panic', message: panicMessage(r.stderr), trace: r.stderr.trimEnd(), site: at };
    } else {
      if (!r.stdout.trim()) return skipped.push([id, `no error: ${r.stderr.slice(0, 200)}`]);
      const o = JSON.parse(r.stdout.trim().split('\n').pop());
      if (!site) {
        skipped.push([id, `no site named: ${o.errorClass}: ${JSON.stringify(o.message)}`]);
        return;
      }
      for (const [file, line, text] of [...(layers ?? []), site]) {
        const src = fs.readFileSync(path.join(root, file), 'utf8').split('\n')[line - 1] ?? '';
        if (!src.includes(text)) throw new Error(`${id}: ${file}:${line} no longer holds ${JSON.stringify(text)} (it is ${JSON.stringify(src.trim())}): read the crate's code path again`);
      }
      const [file, line] = site;
      const abs = path.join(root, file);
      rec = { errorClass: o.errorClass, message: o.message, trace: r.stderr.trimEnd(), site: { file: abs, line } };
      if (layers) rec.chain = [...layers, site].map(([rel, at]) => ({ rel, line: at }));
    }
    if (!rec.message) return skipped.push([id, 'empty message']);
    records.push({
      id, ecosystem: 'rust-debian', package: crate, root, code,
      errorClass: rec.errorClass, message: rec.message, trace: rec.trace,
      site: { file: rec.site.file, line: rec.site.line, rel: path.relative(root, rec.site.file) },
      ...(rec.chain ? { chain: rec.chain } : {}),
    });
    if (verbose) process.stderr.write(`${id}: ${rec.message.split('\n')[0]} @ ${path.relative(root, rec.site.file)}:${rec.site.line}\n`);
  });
  for (const [id, why] of skipped) process.stderr.write(`skipped ${id}: ${why}\n`);
  const classes = JSON.parse(execFileSync(process.execPath, [path.join(HERE, 'classify.mjs'), '--json'], { input: JSON.stringify(records), encoding: 'utf8', maxBuffer: 1 << 28 }));
  const classified = records.map((r, i) => ({ ...r, ...classes[i] }));
  if (only) {
    for (const c of classified) process.stdout.write(JSON.stringify(c) + '\n');
    return;
  }
  fs.writeFileSync(OUT, classified.map((c) => JSON.stringify(c)).join('\n') + '\n');
  process.stderr.write(`wrote ${classified.length} cases to ${path.relative(process.cwd(), OUT)} (${skipped.length} skipped)\n`);
}

main();
