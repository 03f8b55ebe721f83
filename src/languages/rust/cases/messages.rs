// Rust sites and their messages: the panicking macros with and without a message (the default
// message the standard library prints is the template), format strings, `.expect`/`.unwrap`,
// anyhow's macros and contexts, error values handed to `Err`, and error types whose message is
// fixed by thiserror's `#[error]` or a hand-written `Display`. (Marks: src/languages/CASES.md.)
// expect-file: allow-unmarked=calls

use std::fmt;

const NO_KEY: &str = "no such key";

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    // expect-class: ConfigError::Missing "missing key {key} in {section}" params: key, section
    #[error("missing key {key} in {}", .section)]
    Missing { key: String, section: String },
    // the field `#[from]` another error holds that error's message (an inner hole)
    // expect-class: ConfigError::Io "cannot read config: {value}" params: 0
    #[error("cannot read config: {0}")]
    Io(#[from] std::io::Error),
}

pub enum Kind {
    Empty,
    Invalid(char),
    Range { min: u8, max: u8 },
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            // expect-class: Kind::Empty "cannot parse from empty string" params: none
            Kind::Empty => f.write_str("cannot parse from empty string"),
            // expect-class: Kind::Invalid "invalid character {c}" holes: 0:repr params: 0
            Kind::Invalid(c) => write!(f, "invalid character {:?}", c),
            // expect-class: Kind::Range "out of range {min}..{hi}" holes: min, max params: min, max
            Self::Range { min, max: hi } => write!(f, "out of range {}..{hi}", min),
        }
    }
}

pub struct ParseError {
    kind: Kind,
}

pub fn parse(x: u8, v: Option<u8>, path: &str) -> Result<u8, ParseError> {
    if x > 3 {
        // expect: Kind::Invalid - args: "{value}" guards: if x > 3
        // expect: ParseError - args: kind="{Invalid}"
        return Err(ParseError { kind: Kind::Invalid('x') });
    }
    // expect: - "value must be set" type: assertion alts: none
    v.expect("value must be set");
    // expect: - "called `Result::unwrap()` on an `Err` value: {err}" type: assertion alternatives: "called `Option::unwrap()` on a `None` value"
    v.ok_or(1).unwrap();
    // expect: - "boom {x} {b} {}"
    panic!("boom {x:?} {} {{}}", a.b());
    // expect: - "assertion `left == right` failed: x is {x}\n  left: {x}\n right: {value}" type: assertion
    assert_eq!(x, 3, "x is {}", x);
    // expect: - "assertion failed: x < 10" type: assertion
    assert!(x < 10);
    // expect: - "internal error: entered unreachable code"
    unreachable!();
    // expect: - "not yet implemented: parse {path}"
    todo!("parse {}", path);
    // expect: - "no such key: {path}"
    anyhow::bail!("{}: {}", NO_KEY, path);
    // expect: ErrorKind::Other "weird {x}"
    Err(std::io::Error::new(std::io::ErrorKind::Other, format!("weird {}", x)))?;
    // expect: - "loading config" alternatives: "loading config: {source}"
    load().context("loading config")?;
    // expect: - "reading {path}" alternatives: "reading {path}: {source}"
    load().with_context(|| format!("reading {}", path))?;
    // expect: Kind::Empty -
    Err(Kind::Empty)
}

// expect-no-site: tests are skipped
#[cfg(test)]
mod tests {
    fn t() {
        panic!("in a test");
    }
}

// A Display that formats a method of its own type which is one literal (`self.s()`), and the
// error it wraps: mime's `FromStrError`
#[derive(Debug)]
pub struct FromStrError {
    inner: Kind,
}

impl FromStrError {
    fn s(&self) -> &str {
        "mime parse error"
    }
}

impl fmt::Display for FromStrError {
    // expect-class: FromStrError "mime parse error: {inner}" params: inner
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}: {}", self.s(), self.inner)
    }
}

pub fn parse_mime(s: &str) -> Result<(), FromStrError> {
    parse_kind(s).map_err(|e| FromStrError { inner: e }) // expect: FromStrError -
}
