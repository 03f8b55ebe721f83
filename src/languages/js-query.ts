// The JavaScript/TypeScript frontend's one query, trimmed per file to what the
// file's text can match.
//
// ast-grep compiles a rule on every findAll call: each `kind` is looked up by
// name and each `regex` is compiled by Rust's regex crate. For the full rule
// that is ~0.2 ms, twice the parse of a typical small module, paid by every
// file. A node's text is a substring of the source, so a regex alternative
// whose word is absent from the source cannot match any node: leaving it (or a
// whole sub-rule) out returns exactly the same nodes, in the same order.

/** Calls worth a look, by how the callee's text ends (see javascript.ts), each with the test for its text. */
const CALLEE_SUFFIXES: [alternative: string, present: (source: string) => boolean][] = [
  ['[Ee]rror', (s) => s.includes('rror')],
  ['Exception', (s) => s.includes('Exception')],
  ['reject', (s) => s.includes('reject')],
  ['warn', (s) => s.includes('warn')],
  ['Warning', (s) => s.includes('Warning')],
  ['inherits', (s) => s.includes('inherits')],
  ['setPrototypeOf', (s) => s.includes('setPrototypeOf')],
  ['captureStackTrace', (s) => s.includes('captureStackTrace')],
  // A callee ending in `E` ends a token there: the next character cannot continue an identifier.
  ['E', (s) => /E(?![A-Za-z0-9_$])/.test(s)],
  ['ErrorType', (s) => s.includes('ErrorType')],
  ['ErrorWithCode', (s) => s.includes('ErrorWithCode')],
  ['^cb', (s) => s.includes('cb')],
  ['^done', (s) => s.includes('done')],
  ['^next', (s) => s.includes('next')],
  ['allback', (s) => s.includes('allback')],
  ['Cb', (s) => s.includes('Cb')],
  ['emit', (s) => s.includes('emit')],
];
const CTOR_SUFFIXES = ['Error', 'Exception'];

/**
 * The rule for one file: throws, error constructions, candidate calls, classes
 * with a base, `X.prototype = ...` and ERROR nodes (for syntaxErrorLine).
 * Regexes are ASCII-only: a Unicode `\w` class costs ~0.3 ms to compile.
 */
export function mainRule(source: string, ts: boolean): { rule: { any: object[] } } {
  const any: object[] = [];
  if (source.includes('throw')) any.push({ kind: 'throw_statement' });
  any.push({ kind: 'ERROR' });
  const ctors = CTOR_SUFFIXES.filter((w) => source.includes(w));
  if (ctors.length) any.push({ kind: 'new_expression', has: { field: 'constructor', regex: `(?:${ctors.join('|')})$` } });
  // (calls given `new XError(...)` as first argument are found from the new_expression instead)
  const callees = CALLEE_SUFFIXES.filter(([, present]) => present(source)).map(([alt]) => alt);
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
  return { rule: { any } };
}
