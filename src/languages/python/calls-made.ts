// The calls each function of a file makes, by the symbol its sites name it with: what a re-raise's
// `try` body calls hands on the errors those functions raise, and theirs (facts/raised.ts
// wrappedMessages follows them, breadth first and bounded: `validator(opt, value)` of a table of
// validators, one of which calls `validate_integer`, whose raise says `The value of %s must be an
// integer`). Read while analysing a file that has such a re-raise (FileAnalysis.callsByFunction).

import type { SgNode } from '@ast-grep/napi';
import { definitionSymbol } from './context.js';

/**
 * Builtins and common methods that are never a library's helper (their errors are the runtime's, read
 * as native calls elsewhere), and class names (constructions): not followed, so the bounded walk of
 * wrappedMessages spends its budget on the file's helpers.
 */
const NOT_FOLLOWED = new Set([
  'isinstance', 'issubclass', 'str', 'repr', 'int', 'float', 'bool', 'bytes', 'len', 'list', 'dict', 'set', 'tuple',
  'frozenset', 'type', 'getattr', 'setattr', 'hasattr', 'super', 'print', 'range', 'enumerate', 'zip', 'map', 'filter',
  'sorted', 'min', 'max', 'sum', 'any', 'all', 'iter', 'next', 'format', 'join', 'split', 'strip', 'lower', 'upper',
  'startswith', 'endswith', 'replace', 'append', 'extend', 'get', 'items', 'keys', 'values', 'pop', 'update', 'encode', 'decode',
]);

/** Calls read per file, and calls kept per function, at most. */
const MAX_FILE_CALLS = 20000;
const MAX_CALLS = 64;

/** Words a `(` may follow that are not a call (`if (a or b):`, `return (x, y)`), and those naming a definition. */
const NOT_CALLS = new Set([
  'and', 'as', 'assert', 'async', 'await', 'class', 'def', 'del', 'elif', 'else', 'except', 'for', 'from', 'global',
  'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or', 'raise', 'return', 'while', 'with', 'yield',
]);

/**
 * What the one pass over a file's text stops at: a comment, a string's opening (its prefix and
 * quotes), a name followed by `(` (a call), a brace (an f-string's replacement field closes on one).
 * The regular expression skips all else (a name not called is passed over by the engine, not the loop).
 */
const NEXT = /#[^\n]*|([rRbBuUfF]{1,2})?('''|"""|'|")|(?<!\w)([A-Za-z_]\w*)[ \t]*(?:\\\r?\n[ \t]*)?\(|[{}]/g;
/** The rest of a string up to its closing quotes (a short string also ends at its line's end, unclosed). */
const STRING_REST: Record<string, RegExp> = {
  "'": /(?:[^'\\\n]|\\[\s\S])*'?/y,
  '"': /(?:[^"\\\n]|\\[\s\S])*"?/y,
  "'''": /(?:[^\\]|\\[\s\S])*?(?:'''|$)/y,
  '"""': /(?:[^\\]|\\[\s\S])*?(?:"""|$)/y,
};
/** An f-string's text up to its closing quotes or a replacement field's `{` (`{{` is a brace). */
const FSTRING_REST: Record<string, RegExp> = {
  "'": /(?:[^'\\\n{]|\\[\s\S]|\{\{)*/y,
  '"': /(?:[^"\\\n{]|\\[\s\S]|\{\{)*/y,
  "'''": /(?:(?!''')[^\\{]|\\[\s\S]|\{\{)*/y,
  '"""': /(?:(?!""")[^\\{]|\\[\s\S]|\{\{)*/y,
};
/** A definition's keyword just before a name (`def name(`, `class Name(`): no call. */
const DEFINED = /(?:^|[^\w.])(?:def|class)[ \t]+$/;

/**
 * The names the file's calls are made by, in order, with where each is written: a plain name, or a
 * method's or module function's last name, a name followed by `(` outside strings and comments (an
 * f-string's replacement fields are code). Read from the text in one pass: walking the tree's
 * calls costs several native reads per call, which made this the costliest reading of a file.
 */
export function calledNames(text: string): { name: string; at: number }[] {
  const out: { name: string; at: number }[] = [];
  const re = new RegExp(NEXT);
  // the f-strings open around the code read (innermost last), each with the braces open in its field
  const fstrings: { quote: string; depth: number }[] = [];
  let m: RegExpExecArray | null;
  while (out.length < MAX_FILE_CALLS && (m = re.exec(text))) {
    const [token, prefix, quote, name] = m;
    if (name) {
      if (!NOT_CALLS.has(name) && !DEFINED.test(text.slice(Math.max(0, m.index - 8), m.index))) out.push({ name, at: m.index });
      // (the call's arguments are read next: a name in them may be a call too)
      re.lastIndex = m.index + name.length;
    } else if (quote) {
      re.lastIndex = prefix && /[fF]/.test(prefix) ? fstring(quote, re.lastIndex) : skip(STRING_REST[quote], re.lastIndex);
    } else if (token[0] === '#') {
      // (inside an f-string's replacement field a `#` is its format's, `{n:#x}`, not a comment)
      if (fstrings.length) re.lastIndex = m.index + 1;
    } else if (token === '{' || token === '}') {
      const field = fstrings[fstrings.length - 1];
      if (!field) continue;
      if (token === '{') field.depth++;
      else if (field.depth > 0) field.depth--;
      // the field's closing brace: the f-string's text goes on
      else re.lastIndex = fstring(fstrings.pop()!.quote, re.lastIndex);
    }
  }
  return out;

  /** Where an f-string's text read from `at` ends: after its closing quotes, or inside a replacement field (read as code next). */
  function fstring(quote: string, at: number): number {
    const i = skip(FSTRING_REST[quote], at);
    if (text[i] !== '{') return Math.min(text.length, i + quote.length);
    fstrings.push({ quote, depth: 0 });
    return i + 1;
  }

  /** Where a sticky expression matched from `at` ends. */
  function skip(rest: RegExp, at: number): number {
    rest.lastIndex = at;
    rest.exec(text);
    return rest.lastIndex;
  }
}

/**
 * Symbol → the names the function calls (a plain name, or a method's or module function's last name).
 * Each call is given to its innermost function (a nested function's calls are its own): one sweep of
 * the file's definitions and called names, both in document order, against a stack of the
 * definitions open at the call.
 */
export function callsByFunction(root: SgNode, text: string): Record<string, string[]> {
  const symbols = new Map<number, string>();
  const defs = root.findAll({ rule: { kind: 'function_definition' } });
  const spans = defs.map((d) => {
    const r = d.range();
    return { start: r.start.index, end: r.end.index };
  });
  const symbolOf = new Map<number, string>();
  // (by symbol in a Map: a function may be named like an Object property, `toString`, `__proto__`)
  const called = new Map<string, { set: Set<string>; list: string[] }>();
  const open: number[] = [];
  let next = 0;
  for (const { name, at } of calledNames(text)) {
    for (; next < spans.length && spans[next].start <= at; next++) {
      while (open.length && spans[open[open.length - 1]].end <= spans[next].start) open.pop();
      open.push(next);
    }
    while (open.length && spans[open[open.length - 1]].end <= at) open.pop();
    if (!open.length || NOT_FOLLOWED.has(name) || /^[A-Z]/.test(name)) continue;
    const d = open[open.length - 1];
    let symbol = symbolOf.get(d);
    if (symbol === undefined) symbolOf.set(d, (symbol = definitionSymbol(defs[d], symbols)));
    let names = called.get(symbol);
    if (!names) called.set(symbol, (names = { set: new Set(), list: [] }));
    if (names.set.size < MAX_CALLS && !names.set.has(name)) {
      names.set.add(name);
      names.list.push(name);
    }
  }
  return Object.fromEntries([...called].map(([symbol, names]) => [symbol, names.list]));
}
