import type { NapiConfig } from '@ast-grep/napi';

// The JavaScript/TypeScript frontend's one query, trimmed per file to what the
// file's text can match.
//
// ast-grep compiles a rule on every findAll call: each `kind` is looked up by
// name and each `regex` is compiled by Rust's regex crate. For the full rule
// that is ~0.2 ms, twice the parse of a typical small module, paid by every
// file. A node's text is a substring of the source, so a regex alternative
// whose word is absent from the source cannot match any node: leaving it (or a
// whole sub-rule) out returns exactly the same nodes, in the same order.

/**
 * A callee ending in `word` is followed by the call's opener: `(`, a template
 * literal, type arguments `<T>`, `?.(`, or a comment before one of them, after
 * spaces (and invisible ones). (Checked in the text for valid code; a parser
 * recovering from a syntax error could in principle invent a missing `(`.)
 */
const OPENER = String.raw`[\s\u200B\u2060]*(?:[(${'`'}<?]|/[/*])`;

/**
 * The names (identifiers) `source` can hold a call of, as the callee or the
 * end of a member callee: the name followed by an opener, preceded by no
 * identifier character and not by `function` (the function's own definition).
 * One scan for all names: a match starts where no identifier does, so no match
 * covers another name's occurrence, and of two names matching at one place one
 * would be followed by an identifier character, not an opener.
 */
export function calledNames(source: string, names: string[]): Set<string> {
  return namesCalled(source, names, CALLED_IDENTIFIER, (at) => !afterFunction(source, at));
}

/** The names of `names` that `source` calls as a member (`x.name(`, `x?.name(`), by the same rules as calledNames. */
export function memberCalledNames(source: string, names: string[]): Set<string> {
  return namesCalled(source, names, MEMBER_CALLED_IDENTIFIER, () => true);
}

/**
 * Every identifier followed by an OPENER (as a member: after `.`). The whole
 * identifier is taken: an OPENER cannot start with an identifier character, so
 * no shorter part of one is followed by it. One scan reading each call's name
 * and looking it up in a set is many times faster than a regex alternating the
 * names (with lookbehinds) over a bundle.
 */
const CALLED_IDENTIFIER = new RegExp(String.raw`(?<![\w$])[A-Za-z_$][\w$]*(?=${OPENER})`, 'g');
const MEMBER_CALLED_IDENTIFIER = new RegExp(String.raw`\.\s*([A-Za-z_$][\w$]*)(?=${OPENER})`, 'g');

/** Whether `function` (or `function*`) comes right before `at`: `function name(` defines the name, it does not call it. */
function afterFunction(source: string, at: number): boolean {
  let i = at;
  while (i > 0 && /\s/.test(source[i - 1])) i--;
  if (source[i - 1] === '*') {
    i--;
    while (i > 0 && /\s/.test(source[i - 1])) i--;
  }
  return i >= 8 && source.startsWith('function', i - 8) && !(i > 8 && /\w/.test(source[i - 9]));
}

/**
 * Names looked for in the text one by one before the scan: a few names absent from the text then
 * cost no scan, but one `includes` per name of hundreds (a bundle's helpers) is a scan per name.
 */
const PRESENCE_CHECKS = 8;

/**
 * The names of `names` that `scan` finds (and `accept` takes at their start), from one scan that
 * stops once all are found. (A name the scan finds is in the text: leaving out the names absent
 * from it only lets the scan stop sooner, and only a few are looked for.)
 */
function namesCalled(source: string, names: string[], scan: RegExp, accept: (at: number) => boolean): Set<string> {
  const found = new Set<string>();
  const present = new Set(names.length <= PRESENCE_CHECKS ? names.filter((n) => source.includes(n)) : names);
  if (present.size === 0) return found;
  scan.lastIndex = 0;
  for (let m = scan.exec(source); m; m = scan.exec(source)) {
    const name = m[1] ?? m[0];
    const at = m.index + m[0].length - name.length;
    if (!present.has(name) || found.has(name) || !accept(at)) continue;
    found.add(name);
    if (found.size === present.size) break;
  }
  return found;
}

/** A name passed as an argument (see passedNames). */
const PASSED_NAME = /[(,?:]\s*([A-Za-z_$][\w$]*)(?=\s*[),:])/g;

/**
 * Every name `source` passes as an argument (`(name)`, `, name,`, `? name :`): the names a test
 * of `[(,?:]\s*name\s*[),:]` finds, from one scan rather than one per name. (A match ends where
 * its name does and holds no other of `(,?:`: every one of them starts a try; the whole name is
 * taken, as the per-name test needs a space or a closer after the name.)
 */
export function passedNames(source: string): Set<string> {
  return new Set(Array.from(source.matchAll(PASSED_NAME), (m) => m[1]));
}

/** Calls worth a look, by how the callee's text ends (see javascript.ts), each with the word its text must call. */
const CALLEE_SUFFIXES: [alternative: string, word: string][] = [
  ['[Ee]rror', 'rror'],
  ['Exception', 'Exception'],
  ['reject', 'reject'],
  ['warn', 'warn'],
  ['Warning', 'Warning'],
  ['inherits', 'inherits'],
  ['setPrototypeOf', 'setPrototypeOf'],
  ['captureStackTrace', 'captureStackTrace'],
  ['E', 'E'],
  ['ErrorType', 'ErrorType'],
  ['ErrorWithCode', 'ErrorWithCode'],
  ['^cb', 'cb'],
  ['^done', 'done'],
  ['^next', 'next'],
  ['allback', 'allback'],
  ['Cb', 'Cb'],
  ['emit', 'emit'],
];

/**
 * The words of CALLEE_SUFFIXES the text calls (followed by an OPENER), from
 * one scan instead of one per word (~15 ms over 30 MB each). No match hides
 * another word's: two words never match at one position (neither is a prefix
 * of the other followed by an opener) and none is a suffix of another, so a
 * word's first called occurrence is itself a match of the scan.
 */
const CALLED_WORDS = new RegExp(`(${CALLEE_SUFFIXES.map(([, w]) => w).join('|')})${OPENER}`, 'g');
function calledWords(source: string): Set<string> {
  const found = new Set<string>();
  CALLED_WORDS.lastIndex = 0;
  for (let m = CALLED_WORDS.exec(source); m; m = CALLED_WORDS.exec(source)) {
    found.add(m[1]);
    if (found.size === CALLEE_SUFFIXES.length) break;
  }
  return found;
}

const CTOR_SUFFIXES = ['Error', 'Exception'];
/** A constructor named as an error class handed in (`ErrorType`, `errorClass`, `ErrorCtor`). */
export const HANDED_CLASS = /^[A-Za-z_$]*[Ee]rror(?:Type|Class|Ctor|Constructor)$/;

/** The rule of a file whose text can match nothing but syntax errors: tree-sitter's ERROR symbol, a kind id with no rule to compile. */
export const ERROR_KIND = 65535;

/**
 * Whether mainRule would be ERROR_KIND, without building the rule: the words
 * first (most files that raise say `throw` or `Error`), then one scan that stops
 * at the first called word.
 */
export function matchesNothing(source: string, ts: boolean): boolean {
  if (source.includes('throw') || CTOR_SUFFIXES.some((w) => source.includes(w))) return false;
  if (source.includes('extends') || (ts && source.includes('implements')) || source.includes('prototype')) return false;
  return !ANY_CALLED_WORD.test(source);
}

/** CALLED_WORDS without `g` (no lastIndex carried from one file to the next). */
const ANY_CALLED_WORD = new RegExp(CALLED_WORDS.source);

/**
 * The rule for one file: throws, error constructions, candidate calls, classes
 * with a base, `X.prototype = ...` and ERROR nodes (for syntaxErrorLine).
 * Regexes are ASCII-only: a Unicode `\w` class costs ~0.3 ms to compile.
 */
export function mainRule(source: string, ts: boolean): NapiConfig | number {
  const any: object[] = [];
  if (source.includes('throw')) any.push({ kind: 'throw_statement' });
  any.push({ kind: 'ERROR' });
  const ctors = CTOR_SUFFIXES.filter((w) => source.includes(w));
  if (ctors.length) any.push({ kind: 'new_expression', has: { field: 'constructor', regex: `(?:${ctors.join('|')})$` } });
  // Error classes by code (`new ERR_STREAM_WRITE_AFTER_END()`, `new FST_ERR_DEC_ALREADY_PRESENT(name)`), made
  // by an `E('ERR_…', message, Base)` / `createError('FST_ERR_…', message)` table in another module
  // (readable-stream's `lib/ours/errors.js`, Node's own `internal/errors`, fastify's `lib/errors.js`)
  if (source.includes('ERR_')) any.push({ kind: 'new_expression', has: { field: 'constructor', regex: '(?:^|\\.)(?:[A-Z][A-Z0-9]*_)*ERR_[A-Z0-9_]+$' } });
  // `this.message = …` of a class an error-class factory makes (analyze.ts, made-classes.ts)
  if (source.includes('this.message')) any.push({ kind: 'assignment_expression', has: { field: 'left', regex: '^this\\.message$' } });
  // `_super.call(this, msg)` of a class compiled to ES5 (analyze.ts, compiled-classes.ts)
  if (source.includes('_super.call(')) any.push({ kind: 'call_expression', has: { field: 'function', regex: '^_super\\.call$' } });
  // An error class handed in as a parameter (webidl-conversions' `function makeException(ErrorType,
  // message, options) { return new ErrorType(…) }`): analyze.ts keeps it only when it is one.
  if (source.includes('rror')) any.push({ kind: 'new_expression', has: { field: 'constructor', regex: HANDED_CLASS.source } });
  // (calls given `new XError(...)` as first argument are found from the new_expression instead)
  // A bundler's alias of a built-in error class (Rollup's `const SyntaxError$1 = SyntaxError`), called
  // or constructed: `throws(SyntaxError$1(`Bad string` + where(' at ')))` (analyze.ts deconflicted)
  if (source.includes('rror$')) {
    const aliased = String.raw`^(?:Aggregate|Eval|Range|Reference|Syntax|Type|URI)?Error\$[0-9]+$`;
    any.push({ kind: 'call_expression', has: { field: 'function', regex: aliased } });
    any.push({ kind: 'new_expression', has: { field: 'constructor', regex: aliased } });
  }
  const called = calledWords(source);
  const callees = CALLEE_SUFFIXES.filter(([, word]) => called.has(word)).map(([alt]) => alt);
  if (callees.length) any.push({ kind: 'call_expression', has: { field: 'function', regex: `(?:${callees.join('|')})$` } });
  // class_heritage is `extends X` (TypeScript: also `implements X`)
  if (source.includes('extends') || (ts && source.includes('implements'))) {
    any.push({ kind: 'class_declaration', has: { kind: 'class_heritage' } });
    // (kinds must exist in the grammar: abstract classes are TypeScript-only)
    if (ts) any.push({ kind: 'abstract_class_declaration', has: { kind: 'class_heritage' } });
    any.push({ kind: 'class', has: { kind: 'class_heritage' } });
  }
  // `X.prototype = Object.create(Base.prototype)` (the right side is checked in JS)
  if (source.includes('prototype')) any.push({ kind: 'assignment_expression', has: { field: 'left', regex: String.raw`\.prototype$` } });
  if (any.length === 1) return ERROR_KIND;
  return { rule: { any } } as NapiConfig;
}
