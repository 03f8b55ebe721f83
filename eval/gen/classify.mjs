#!/usr/bin/env node
// Gives every corpus case a `category` (and, when the message is not written at the raise, a
// `kind`), computed from the library's source around the site, never by hand. Both generators
// call it on the records they write; run alone it rewrites the given .jsonl files in place:
//
//   node eval/gen/classify.mjs eval/corpus/python.jsonl eval/corpus/npm.jsonl
//
// The rules (eval/README.md, "Category and kind", says the same):
//
// - Window: source lines site-5 .. site+5 of the site's file.
// - Literal segments: the contents of the string literals in the window ('…', "…", `…`,
//   Python's triple quotes and prefixes), comments skipped, cut at every hole a library writes
//   in a template (`{…}`, `${…}`, `{{…}}`, `%s`/`%(name)s`/`%r`/`%d`…, `:name` is not cut).
// - Words: maximal runs of ASCII letters, lower-cased. A message word is covered when it lies in
//   a run of >= 2 consecutive message words that occurs as consecutive words of one segment, or
//   is alone in a segment that holds just that word (`'Expected ' + a + ', got ' + b`).
// - `literal`: the message has words and either its longest such run is >= 3 words or at least
//   half of its words are covered; when the window's lines up to the site refer to a caught
//   error's message (see `wrapped`), only the second test counts. Otherwise `not-at-raise`, with
//   the first kind that applies:
//   1. `native`: the site line raises nothing (Python: no `raise`/`assert`; JS: no `throw` and
//      no `new X(` / `X(` of an error class): the exception came out of C, V8, or another
//      package called on that line.
//   2. `table`: the message passes the literal test against one line elsewhere in the package
//      that is a table entry or a constant (`key: '…'`, `'key': '…'`, `empty=_('…')`, a module- or
//      class-level `NAME = '…'`, a docstring, a `return '…'` right after a `case …:`), or any line of a data file (.json, .yml, .yaml,
//      .properties, .po) in the package. For the standard library, "the package" is the site's
//      top-level module or package directory.
//   3. `wrapped`: an inner error's message appears in this one with text added (a chained Python
//      section or a Node `[cause]` whose message is a proper part of this message), or the
//      window's lines up to the site refer to a caught error's message (`e.message`, `str(e)`,
//      `{e}`, `e.args[…]`, `%s' % e`) and the window covers at least one of the message's words,
//      or a line of the package that adds text to a caught error's message (`ex.message = '…' +
//      ex.message`, `err.message += ' on line ' + n`, `'… %s' % e`) has a run of >= 3 words that
//      occurs in the message (a JS error keeps the stack of where it was built, not re-thrown).
//   4. `built-elsewhere`: the raise does not construct the error: `raise name`, `raise
//      obj.attr`, `raise errors[0]`, `raise self.error(…)` (a lower-case factory), bare `raise`;
//      `throw err`, `throw this.error(…)`; or a JS site that constructs the error without
//      throwing it (the stack is taken where it is built, it is thrown later).
//   5. `helper`: the error is constructed at the raise with an argument naming a parameter of the
//      enclosing function (the message was passed in by a caller).
//   6. `computed`: anything else (a message from variables, methods, `str()` of values).
// The rules are heuristics: rule-based and repeatable, not a judgement per case.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WINDOW = 5;
const MAX_MESSAGE = 4000;
const MAX_WINDOW_CHARS = 200_000;
const STDLIB = '/usr/lib/python3.11';
/** Ruby roots that hold many libraries: a table is looked for in the site's top-level one. */
const SHARED_RB = new Set(['/usr/lib/ruby/3.1.0', '/usr/lib/ruby/vendor_ruby']);

const fileCache = new Map();
function readLines(file) {
  if (!fileCache.has(file)) {
    let text = '';
    const inZip = zipPath(file);
    try { text = inZip ? execFileSync('unzip', ['-p', inZip.zip, inZip.entry], { encoding: 'utf8', maxBuffer: 64 << 20 }) : readFileSync(file, 'utf8'); } catch { /* missing: no lines */ }
    fileCache.set(file, text.split('\n'));
  }
  return fileCache.get(file);
}

/** A path inside a zip archive (`…/src.zip/java.desktop/x/Y.java`, the JVM corpus's roots): the archive and the entry. */
function zipPath(p) {
  const m = /^(.*?\.zip)\/(.*)$/.exec(p);
  return m && existsSync(m[1]) ? { zip: m[1], entry: m[2] } : null;
}
const zipListings = new Map();
/** The entries of an archive under a directory, as paths (`<zip>/<entry>`). */
function zipFilesUnder(dir) {
  const z = zipPath(dir);
  if (!zipListings.has(z.zip)) zipListings.set(z.zip, execFileSync('unzip', ['-Z1', z.zip], { encoding: 'utf8', maxBuffer: 64 << 20 }).split('\n').filter(Boolean));
  return zipListings.get(z.zip).filter((e) => e.startsWith(z.entry + '/')).map((e) => `${z.zip}/${e}`);
}

const words = (s) => (s.toLowerCase().match(/[a-z]+/g) ?? []);

/** Template holes libraries write: `${x}`, `{{#label}}`, `{0}`, `{name!r}`, `%s`, `%(name)s`. */
const HOLE = /\$\{[^}]*\}|\{\{[^}]*\}\}|\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]/g;
/** PHP's too: `"…$name…"`, `$this->path` interpolated, `%1$s` fields. */
const PHP_HOLE = /\$\{[^}]*\}|\{\{[^}]*\}\}|\{[^{}]*\}|%(?:\d+\$)?(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z]|\$[A-Za-z_]\w*(?:->\w+|\[[^\]]*\])*/g;

/**
 * The string literals of a text as segments (arrays of words), cut at holes. `py` chooses `#`
 * comments and triple quotes; otherwise `//` and `/* *\/` comments and backticks.
 */
export function literalSegments(text, py, php = false, rb = false) {
  const out = [];
  const push = (body) => {
    const unescaped = body.replace(/\\[nrt]/g, ' ').replace(/\\(.)/g, '$1');
    for (const part of unescaped.split(php ? PHP_HOLE : HOLE)) {
      const w = words(part);
      if (w.length) out.push(w);
    }
  };
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i];
    if (py && c === '#') { i = text.indexOf('\n', i); if (i < 0) break; continue; }
    if (!py && c === '/' && text[i + 1] === '/') { i = text.indexOf('\n', i); if (i < 0) break; continue; }
    if (!py && c === '/' && text[i + 1] === '*') { const e = text.indexOf('*/', i + 2); i = e < 0 ? n : e + 2; continue; }
    // A Ruby heredoc (`<<~MSG` … `MSG`): its body is one literal.
    const heredoc = rb && c === '<' && text[i + 1] === '<' ? /^<<[~-]?(['"]?)([A-Z_][A-Z0-9_]*)\1/.exec(text.slice(i, i + 80)) : null;
    if (heredoc) {
      const bodyStart = text.indexOf('\n', i);
      const end = bodyStart < 0 ? -1 : text.slice(bodyStart).search(new RegExp(`\\n[ \\t]*${heredoc[2]}[ \\t]*(?:\\n|$)`));
      push(bodyStart < 0 ? '' : text.slice(bodyStart + 1, end < 0 ? n : bodyStart + end));
      i = bodyStart < 0 ? n : end < 0 ? n : bodyStart + end + 1;
      continue;
    }
    const triple = py && (text.startsWith("'''", i) || text.startsWith('"""', i));
    if (triple) {
      const q = text.slice(i, i + 3);
      const e = text.indexOf(q, i + 3);
      push(text.slice(i + 3, e < 0 ? n : e));
      i = e < 0 ? n : e + 3;
      continue;
    }
    if (c === '"' || c === "'" || (!py && c === '`')) {
      let j = i + 1;
      while (j < n && text[j] !== c && (c === '`' || text[j] !== '\n')) j += text[j] === '\\' ? 2 : 1;
      push(text.slice(i + 1, Math.min(j, n)));
      i = j + 1;
      continue;
    }
    i++;
  }
  return out;
}

/** How much of the message's words the segments hold: longest run, and covered word count. */
export function coverage(messageWords, segments) {
  const covered = new Uint8Array(messageWords.length);
  let longest = 0;
  const m = messageWords.length;
  for (const seg of segments) {
    // Longest common run ending at (i, j), over message words i and segment words j.
    let prev = new Uint16Array(seg.length + 1);
    for (let i = 1; i <= m; i++) {
      const cur = new Uint16Array(seg.length + 1);
      for (let j = 1; j <= seg.length; j++) {
        if (messageWords[i - 1] !== seg[j - 1]) continue;
        const run = prev[j - 1] + 1;
        cur[j] = run;
        if (run > longest) longest = run;
        if (run >= 2) for (let k = i - run; k < i; k++) covered[k] = 1;
        else if (seg.length === 1) covered[i - 1] = 1;
      }
      prev = cur;
    }
  }
  return { longest, covered: covered.reduce((a, b) => a + b, 0) };
}

function passes(messageWords, segments) {
  if (!messageWords.length) return { ok: false, longest: 0, covered: 0 };
  const c = coverage(messageWords, segments);
  return { ...c, ok: c.longest >= 3 || (c.covered >= 1 && 2 * c.covered >= messageWords.length) };
}

const PY_RAISE = /(^\s*|[:;]\s*)(raise|assert)\b/;
const RB_RAISE = /(?:^|[\s;(=&|])(?:raise|fail)\b/;
const JS_THROW = /\bthrow\b/;
const JS_BUILD = /\bnew\s+[A-Z][\w$.]*\s*\(|\b[A-Z]\w*(Error|Exception)\s*\(|captureStackTrace/;
/** Rust: an `Err(…)`, a panicking macro, `.expect`/`.unwrap`, an error value (`ErrorKind::X`, `Error {`), or an `error(…)` helper. */
const RS_RAISE = /\bErr\s*\(|\b(?:panic|unreachable|todo|unimplemented|assert\w*|debug_assert\w*|bail|ensure|anyhow|eyre|\w*error)!|\.(?:expect|unwrap)\(|\berr(?:or)?\s*\(|\b[A-Z]\w*(?:Error|ErrorKind|ErrorCode|Kind)(?:::|\s*[({])|\b[A-Z]\w*Error::\w+\(/;
/** Java and Kotlin calls that raise: Kotlin's preconditions (inline: the trace names this line), requireNonNull, Guava's checks. */
const JVM_CHECK = /\b(?:require|check|requireNotNull|checkNotNull|error|TODO)\s*[({]|\b(?:requireNonNull|checkArgument|checkState|checkElementIndex)\s*\(/;
const isJvm = (file) => /\.(?:java|kt)$/.test(file);
const PHP_BUILD = /\bnew\s+\\?[A-Za-z_][\w\\]*\s*\(/;

const stripPyComment = (l) => l.replace(/\s#.*$/, '');

/**
 * Table-like lines. Python: a dict entry (`'key': '…'`), a keyword argument (`empty=_('…')`), a
 * module- or class-level assignment (indent <= 4: `message = '…'`), a line that opens a
 * triple-quoted string (a docstring). JS: an object entry (`key: '…'`, `'key': '…'`, `[K.x]: '…'`),
 * a top-level assignment (`const INVALID = '…'`, `exports.X = '…'`) or an UPPER_CASE one.
 */
const PY_TABLE = /^\s*(?:'[^']*'|"[^"]*"|\w+)\s*:\s*(?:\w+\(\s*)?[rbuf]{0,2}['"]|^\s*\w+=(?:\w+\(\s*)?[rbuf]{0,2}['"]|^ {0,4}[A-Za-z_][\w.]*\s*=\s*(?:\w+\(\s*)?[rbuf]{0,2}['"]|^\s*[rbuf]{0,2}(?:'''|""")/i;
const JS_TABLE = /^\s*(?:[\w$]+|'[^']*'|"[^"]*"|\[[^\]]*\])\s*:\s*(?:[\w$.]*\(\s*)?['"`]|^\s{0,4}(?:export\s+)?(?:const|let|var)?\s*[\w$.]+\s*=\s*['"`]|^\s*(?:const|let|var)?\s*[A-Z][A-Z0-9_$]+\s*=\s*['"`]/;
/** Ruby: a hash entry (`key: '…'`, `:key => '…'`, `'key' => '…'`), a constant (`MESSAGE = '…'`), a top-level assignment. */
const RB_TABLE = /^\s*(?:\w+:|:\w+\s*=>|'[^']*'\s*=>|"[^"]*"\s*=>)\s*(?:[\w.]*\(\s*)?['"]|^\s*[A-Z][A-Za-z0-9_]*\s*=\s*(?:[\w.]*\(\s*)?['"]|^ {0,2}[a-z_]\w*\s*=\s*['"]/;
/** Rust: a `Display` arm or `#[error]` attribute giving a variant its text, or a `&str` constant. */
const RS_TABLE = /=>\s*(?:\{\s*)?(?:write(?:ln)?!\([^,]*,\s*|\w+\.write_str\(|\w+\.pad\()?r?#*"|#\[error\(|^\s*(?:pub(?:\([\w:]+\))?\s+)?(?:const|static)\s+[A-Z_][A-Z0-9_]*\s*:\s*&(?:'static\s+)?str\s*=/;
/** PHP: an array entry (`'key' => '…'`), a constant (`const INVALID = '…'`), a property default (`protected $message = '…'`). */
const PHP_TABLE = /^\s*(?:'[^']*'|"[^"]*"|[\w\\:]+)\s*=>\s*(?:[\w\\]+\(\s*)?['"]|^\s*(?:(?:public|protected|private|final)\s+)*const\s+(?:\w+\s+)?\w+\s*=\s*['"]|^\s*(?:public|protected|private|static|\s)+\$\w+\s*=\s*['"]/;
const DATA_EXT = new Set(['.json', '.yml', '.yaml', '.properties', '.po']);
const CODE_EXT = new Set(['.js', '.cjs', '.mjs', '.py', '.go', '.java', '.kt', '.php', '.rs', '.rb']);
/** Go: a sentinel (`var ErrX = errors.New("…")`, `ErrX = fmt.Errorf(…)` in a var group) or a string constant (`missingPort = "…"`). */
const GO_TABLE = /^\s*(?:var\s+|const\s+)?[A-Za-z_]\w*(?:\s+\w+)?\s*=\s*(?:(?:errors|xerrors)\.New\(|fmt\.Errorf\(|\w+\()?\s*["`]/;
/** Go: a line that makes or hands out an error (there is no throw). */
const GO_RAISE = /\b(?:errors|xerrors)\.New\(|\bErrorf\(|\bpanic\(|\bWrapf?\(|\breturn\b.*\b(?:[Ee]rr[A-Z]\w*|EOF|\w+Error)\b|\b(?:err|e)\s*=\s*[&\w]|&?[\w.]*(?:Error|Err)\w*\{|\.\w*(?:[Ee]rrorf?|[Ee]rr|[Ff]ail\w*|[Pp]anicf|[Ff]atalf?)\(|\w+_error\(|\bsetErr\(|\bWithMessagef?\(/;

const tableCache = new Map();
/** Every table-like line of the files under `dir` (capped), with its segments. */
function tableLines(dir) {
  if (tableCache.has(dir)) return tableCache.get(dir);
  const entries = [];
  let budget = 40_000_000;
  const visit = (p) => {
    if (zipPath(p)) {
      // an archive's directory (the JVM corpus): its entries, read in place
      for (const f of zipFilesUnder(p).sort()) {
        const ext = extname(f);
        if (!(CODE_EXT.has(ext) || DATA_EXT.has(ext)) || budget <= 0) continue;
        const lines = readLines(f);
        budget -= lines.reduce((n, l) => n + l.length + 1, 0);
        scan(f, ext, lines);
      }
      return;
    }
    let st;
    try { st = statSync(p); } catch { return; }
    if (st.isDirectory()) {
      const base = p.split('/').pop();
      if (base === 'node_modules' && p !== dir || base === '__pycache__' || base === 'test' || base === 'tests') return;
      for (const e of readdirSync(p).sort()) visit(join(p, e));
      return;
    }
    const ext = extname(p);
    if (!(CODE_EXT.has(ext) || DATA_EXT.has(ext)) || p.endsWith('.d.ts') || st.size > 5_000_000 || budget <= 0) return;
    budget -= st.size;
    scan(p, ext, readLines(p));
  };
  const scan = (p, ext, lines) => {
    const py = ext === '.py';
    const php = ext === '.php';
    const rb = ext === '.rb';
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.length > 2000) continue;
      // A message function's `switch`: `case Kind.Number:` then `return 'Expected number'`.
      const caseReturn = !py && /^\s*return\s+['"`]/.test(l) && i > 0 && /^\s*case\b.*:\s*$/.test(lines[i - 1]);
      if (!DATA_EXT.has(ext) && !caseReturn && !(py ? PY_TABLE : php ? PHP_TABLE : rb ? RB_TABLE : ext === '.go' ? GO_TABLE : ext === '.rs' ? RS_TABLE : JS_TABLE).test(l)) continue;
      if (!DATA_EXT.has(ext) && (py ? INNER_REF_PY : php ? INNER_REF_PHP : rb ? INNER_REF_RB : WRAP_JS).test(l)) continue; // a wrapper, not a table
      const segs = literalSegments(l, py || rb, php, rb);
      if (segs.length) entries.push({ file: p, line: i + 1, segs, set: new Set(segs.flat()) });
    }
  };
  visit(dir);
  tableCache.set(dir, entries);
  return entries;
}

const WRAP_JS = /\.message\s*(?:\+?=)|\+\s*[\w$]+\.message\b|\$\{[\w$]+\.message\}/;
const wrapCache = new Map();
/**
 * Lines of the package that add text to a caught error's message (`ex.message = '…' + ex.message`,
 * `err.message += ' on line ' + n`, `raise X('… %s' % e)`), with their segments: a message that
 * holds a run of >= 3 words of one of them is `wrapped` even when the raise is elsewhere (a JS
 * error keeps the stack of where it was built).
 */
function wrapperLines(dir) {
  if (wrapCache.has(dir)) return wrapCache.get(dir);
  const out = [];
  for (const file of [...new Set(tableLines(dir).map((e) => e.file))]) {
    const py = file.endsWith('.py');
    const php = file.endsWith('.php');
    const rb = file.endsWith('.rb');
    const lines = readLines(file);
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      if (l.length > 2000 || !(py ? INNER_REF_PY : php ? INNER_REF_PHP : rb ? INNER_REF_RB : WRAP_JS).test(l)) continue;
      const segs = literalSegments(l, py || rb, php, rb);
      if (segs.length) out.push({ file, line: i + 1, segs });
    }
  }
  wrapCache.set(dir, out);
  return out;
}

/** Where to look for a table: the package (npm, Debian), or the site's top-level stdlib module. */
function tableDir(root, siteFile) {
  if (root.endsWith('.py')) return root;
  // a JDK module of src.zip: the site's package directory
  if (zipPath(root)) return dirname(siteFile);
  if (SHARED_RB.has(root)) return join(root, relative(root, siteFile).split('/')[0]);
  if (root === STDLIB) {
    const top = relative(STDLIB, siteFile).split('/')[0];
    return join(STDLIB, top);
  }
  return root;
}

/** Messages of the inner errors a trace shows: earlier Python sections' last lines, Node's `[cause]`. */
function innerMessages(c) {
  const out = [];
  if (c.ecosystem.startsWith('ruby')) {
    // Ruby prints the error, then its cause as another header: `file:1:in 'f': message (Class)`
    const heads = [...c.trace.matchAll(/^\S.*?:\d+:in [`'].*?': (.*) \([A-Z][\w:]*\)$/gm)];
    for (const m of heads.slice(1)) out.push(m[1]);
  } else if (c.ecosystem !== 'npm') {
    const sections = c.trace.split(/\n(?:During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)\n/);
    for (const s of sections.slice(0, -1)) {
      const last = s.trim().split('\n').pop() ?? '';
      const m = /^[\w.]+: (.+)$/.exec(last);
      if (m) out.push(m[1]);
    }
  } else {
    for (const m of c.trace.matchAll(/\[cause\]: \w+: ([^\n]+)|\[cause\]: \w+ \{\n\s+message: '([^'\n]+)'/g)) out.push(m[1] ?? m[2]);
  }
  return out.filter((s) => s && s.length >= 8);
}

const INNER_REF_PY = /\bstr\(\s*(?:e|ex|exc|err|error|exception|cause|inner)\s*\)|\{(?:e|ex|exc|err|error|exc_info|inner)(?:![rs])?\}|\b(?:e|ex|exc|err|error)\.args\b|['"]\s*%\s*\(?\s*(?:e|ex|exc|err|error)\b|\b(?:e|ex|exc|err|error)\.(?:msg|message)\b/;
const INNER_REF_JVM = /\b(?:e|ex|err|error|cause|inner|exc|last)\??\.(?:message|getMessage\(\)|getLocalizedMessage\(\)|localizedMessage)/;
const INNER_REF_RB = /\b(?:e|ex|exc|err|error|exception|cause)\.(?:message|to_s|full_message)\b|#\{(?:e|ex|exc|err|error)\}/;
const INNER_REF_JS = /\b(?:e|ex|err|error|cause|inner|er|exc)\.message\b|\$\{(?:e|ex|err|error)\}/;
const INNER_REF_PHP = /\$(?:e|ex|exception|previous|error|th|t)->getMessage\(\)/;

/** The parameter names of the function enclosing line `at` (0-based), nearest definition upwards. */
function enclosingParams(lines, at, py, rb = false) {
  const indent = (l) => l.match(/^\s*/)[0].length;
  const siteIndent = indent(lines[at] ?? '');
  for (let i = at; i >= 0 && i > at - 300; i--) {
    const l = lines[i];
    if (l.length > 2000) continue;
    let params = null;
    if (rb) {
      if (i < at && indent(l) >= siteIndent) continue;
      const m = /^\s*def\s+(?:self\.)?[\w?!=]+\s*(?:\((.*?)\)|(.*))$/.exec(l);
      if (m) params = (m[1] ?? m[2] ?? '').replace(/=[^,]*/g, '');
    } else if (py) {
      if (i < at && indent(l) >= siteIndent) continue;
      const m = /^\s*(?:async\s+)?def\s+\w+\s*\((.*)$/.exec(l);
      if (m) params = [m[1], ...lines.slice(i + 1, i + 6)].join(' ').split(/\)\s*(?:->[^:]*)?:/)[0];
    } else {
      const m = /function\s*[\w$]*\s*\(([^)]*)\)|(?:^|[\s,{;])(?!if\b|for\b|while\b|switch\b|catch\b)[\w$]+\s*\(([^)]*)\)\s*\{|\(([^)]*)\)\s*=>|([\w$]+)\s*=>/.exec(l);
      if (m) params = m[1] ?? m[2] ?? m[3] ?? m[4];
    }
    if (params != null) return new Set((params.match(/[A-Za-z_$][\w$]*/g) ?? []).filter((p) => !['self', 'this', 'cls'].includes(p)));
  }
  return new Set();
}

const KEYWORDS = new Set(['None', 'True', 'False', 'null', 'undefined', 'true', 'false']);

/** The argument text of the first call on the raise line (`raise X(…)`, `throw new X(…)`). */
function raisedArgs(text, php = false, rb = false) {
  if (rb) return /\b(?:raise|fail)\s*\(?\s*[\w:]+(?:\.new|\.exception)?\s*(?:,|\()\s*(.*)$/.exec(text)?.[1] ?? null;
  const m = (php ? /(?:throw\s+)?new\s+[\w\\]+\s*\((.*)$/ : /(?:raise|throw)\s+(?:new\s+)?[\w$.]+\s*\((.*)$/).exec(text);
  return m ? m[1] : null;
}

function siteFileOf(c) {
  const root = c.ecosystem === 'npm' ? resolve(REPO, c.root) : c.root;
  const file = root.endsWith('.py') ? root : join(root, c.site.rel);
  return { root, file: existsSync(file) ? file : c.site.file };
}

/** `{ category, kind, categoryWhy }` for one case. */
export function classify(c) {
  const { root, file } = siteFileOf(c);
  const lines = readLines(file);
  const py = file.endsWith('.py');
  const php = file.endsWith('.php');
  const rb = file.endsWith('.rb');
  const at = c.site.line - 1;
  let windowText = lines.slice(Math.max(0, at - WINDOW), at + WINDOW + 1).join('\n');
  if (windowText.length > MAX_WINDOW_CHARS) windowText = windowText.slice(0, MAX_WINDOW_CHARS);
  const msgWords = words(c.message.slice(0, MAX_MESSAGE));
  const lit = passes(msgWords, literalSegments(windowText, py || rb, php, rb));
  const why = `window: longest run ${lit.longest}, covered ${lit.covered}/${msgWords.length} words`;
  // A raise that decorates a caught error's message (`f"Invalid payload string: {e}"`) is literal
  // only when the written text is at least half of the message.
  const before = lines.slice(Math.max(0, at - WINDOW), at + 1).join('\n');
  const innerRef = (py ? INNER_REF_PY : php ? INNER_REF_PHP : rb ? INNER_REF_RB : isJvm(file) ? INNER_REF_JVM : INNER_REF_JS).test(before);
  if (innerRef ? lit.covered >= 1 && 2 * lit.covered >= msgWords.length : lit.ok) return { category: 'literal', kind: null, categoryWhy: why };
  const not = (kind, reason) => ({ category: 'not-at-raise', kind, categoryWhy: `${why}; ${reason}` });

  const siteText = lines[at] ?? '';
  const code = py || rb ? stripPyComment(siteText) : siteText;
  const go = file.endsWith('.go');
  const rs = file.endsWith('.rs');
  const jvmCheck = isJvm(file) && JVM_CHECK.test(code);
  const raises = rb ? RB_RAISE.test(code) : py ? PY_RAISE.test(code) : go ? GO_RAISE.test(code) : rs ? RS_RAISE.test(code) : php ? JS_THROW.test(code) || PHP_BUILD.test(code) : JS_THROW.test(code) || JS_BUILD.test(code) || jvmCheck;
  if (!raises) return not('native', 'the site line raises nothing (a call into C, V8 or another package)');

  const tdir = tableDir(root, file);
  const set = new Set(msgWords);
  for (const e of tableLines(tdir)) {
    if (e.file === file && Math.abs(e.line - c.site.line) <= WINDOW) continue;
    let shared = 0;
    for (const w of e.set) if (set.has(w)) shared++;
    if (shared === 0 || (shared < 2 && msgWords.length > 1 && e.set.size > 1)) continue;
    if (passes(msgWords, e.segs).ok) return not('table', `text at ${relative(root.endsWith('.py') ? dirname(root) : root, e.file)}:${e.line}`);
  }

  const inner = innerMessages(c).filter((m) => c.message.includes(m) && c.message.length > m.length);
  if (inner.length) return not('wrapped', 'an inner error\'s message with text added');
  if (innerRef && lit.covered >= 1) return not('wrapped', 'the raise adds text to a caught error\'s message');
  for (const e of wrapperLines(tdir)) {
    if (coverage(msgWords, e.segs).longest >= 3) return not('wrapped', `text added to a caught error's message at ${relative(root.endsWith('.py') ? dirname(root) : root, e.file)}:${e.line}`);
  }

  if (go) {
    // (no throw: a message not written at the line that makes the error is made from the function's parameters, or computed)
    const params = enclosingParams(lines, at, false);
    const ids = code.match(/[A-Za-z_]\w*/g) ?? [];
    const hit = ids.find((id) => params.has(id) && !KEYWORDS.has(id));
    return hit ? not('helper', `the message comes from the parameter ${hit}`) : not('computed', 'the message is computed where the error is made');
  }
  if (rb) {
    // `raise X, '…'`, `raise X.new(…)`, `raise '…'` construct here; `raise err`, `raise obj.error(…)`, bare `raise` do not
    const m = /\b(?:raise|fail)\b\s*\(?\s*([^\s(,]*)/.exec(code);
    const target = (m?.[1] ?? '').replace(/\.(?:new|exception)$/, '');
    const last = target.split(/::|\./).pop() ?? '';
    if (!target || !(/^['"%]/.test(target) || /^[A-Z]/.test(last))) return not('built-elsewhere', 'the raise throws an error object built elsewhere');
  } else if (rs) {
    if (/\bErr\s*\(\s*[a-z_][\w.]*\s*\)/.test(code)) return not('built-elsewhere', 'the Err returns an error value built elsewhere');
    // (an error value whose text is its type's: `Err(Kind::X)`, `self.error(Kind::X)`, `Error::new()`)
    if (!literalSegments(code, false).length) return not('built-elsewhere', 'the error value takes its text from its type (Display, #[error])');
  } else if (py) {
    const m = /\braise\b\s*([^\s(]*)\s*(\()?/.exec(code);
    const target = m?.[1] ?? '';
    const last = target.split('.').pop() ?? '';
    if (!/\braise\b/.test(code)) { /* assert */ } else if (!target || !m[2] || !/^[A-Z]/.test(last)) {
      return not('built-elsewhere', 'the raise throws an error object built elsewhere');
    }
  } else if (php) {
    // (PHP takes the site where the error is constructed: a `new` not thrown here is thrown elsewhere)
    if (!/\bthrow\s+new\b/.test(code)) return not('built-elsewhere', 'the error is constructed here and thrown elsewhere, or thrown here and built elsewhere');
  } else if (!jvmCheck) {
    const t = /\bthrow\s+(new\s+)?([\w$.]+)\s*(\()?/.exec(code);
    if (!t) return not('built-elsewhere', 'the error is constructed here and thrown elsewhere');
    const last = t[2].split('.').pop() ?? '';
    if (!t[1] && !(t[3] && /^[A-Z]/.test(last))) return not('built-elsewhere', 'the throw throws an error object built elsewhere');
  }

  const args = raisedArgs(code, php, rb);
  if (args) {
    const params = enclosingParams(lines, at, py, rb);
    const ids = args.match(/[A-Za-z_$][\w$]*/g) ?? [];
    const hit = ids.find((id) => params.has(id) && !KEYWORDS.has(id));
    if (hit) return not('helper', `the message comes from the parameter ${hit}`);
  }
  return not('computed', 'the message is computed at the raise');
}

/** Rewrites records in place with their category, kind and reason. */
export function classifyAll(records) {
  return records.map((r) => {
    const { category, kind, categoryWhy, ...rest } = r;
    void category; void kind; void categoryWhy;
    return { ...rest, ...classify(r) };
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = process.argv.slice(2);
  if (files[0] === '--json') {
    // The Python generator: a JSON array of records on stdin, their classifications on stdout.
    const recs = JSON.parse(readFileSync(0, 'utf8'));
    process.stdout.write(JSON.stringify(recs.map((r) => classify(r))));
    files.length = 0;
  }
  for (const f of files) {
    const recs = readFileSync(f, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const out = classifyAll(recs);
    const py = f.endsWith('python.jsonl');
    // Keep each generator's own JSON style: Python's json.dumps separators, Node's compact form.
    writeFileSync(f, out.map((r) => (py ? pyJson(r) : JSON.stringify(r)) + '\n').join(''));
    const counts = {};
    for (const r of out) { const k = r.kind ? `${r.category}/${r.kind}` : r.category; counts[k] = (counts[k] ?? 0) + 1; }
    console.log(`${relative(process.cwd(), f)}: ${Object.entries(counts).sort().map(([k, v]) => `${k}=${v}`).join(', ')}`);
  }
}

/** `json.dumps(obj, ensure_ascii=False)` as Python writes it (", " and ": " separators). */
function pyJson(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map(pyJson).join(', ')}]`;
  if (typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${pyJson(x)}`).join(', ')}}`;
  return JSON.stringify(v);
}
