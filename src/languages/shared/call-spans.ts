// Where a call's argument list ends, read from the text: the tree-level pass that finds calls of
// helpers imported from other modules (src/pipeline/imported-calls.ts) parses only those calls,
// not their whole files. A small lexer skips strings, comments and nested brackets; each call is
// read once, up to MAX_SPAN characters.

export interface CallLexer {
  /** Characters that open a string closed by the same character (`'`, `"`). */
  quotes: string;
  /** Whether a tripled quote opens a string closed by the same three (Python). */
  triple: boolean;
  /** The comment that runs to the end of the line (`#`, `//`). */
  lineComment: string;
  /** Whether `/* … *\/` comments are read (JavaScript). */
  blockComment: boolean;
  /** Whether `` ` `` opens a template literal with `${…}` parts (JavaScript). */
  templates: boolean;
}

/** Past this many characters an argument list is not followed (a call that long is not a helper's message). */
export const MAX_SPAN = 4000;

/** The offset just past the `)` closing the `(` at `open`, or -1 (unbalanced, or longer than MAX_SPAN). */
export function callEnd(source: string, open: number, lx: CallLexer): number {
  const stop = Math.min(source.length, open + MAX_SPAN);
  const closers: string[] = [];
  let i = open;
  while (i < stop) {
    const c = source[i];
    if (c === '(' || c === '[' || c === '{') {
      closers.push(c === '(' ? ')' : c === '[' ? ']' : '}');
      i++;
    } else if (c === ')' || c === ']' || c === '}') {
      if (closers.pop() !== c) return -1;
      i++;
      if (closers.length === 0) return i;
      // (a `}` closing a template literal's `${` goes back into the literal)
      if (c === '}' && closers[closers.length - 1] === '`') i = templateEnd(source, i, stop, closers);
    } else if (lx.quotes.includes(c)) {
      i = stringEnd(source, i, stop, lx);
    } else if (lx.templates && c === '`') {
      closers.push('`');
      i = templateEnd(source, i + 1, stop, closers);
    } else if (source.startsWith(lx.lineComment, i)) {
      const nl = source.indexOf('\n', i);
      i = nl < 0 ? stop : nl + 1;
    } else if (lx.blockComment && c === '/' && source[i + 1] === '*') {
      const e = source.indexOf('*/', i + 2);
      i = e < 0 ? stop : e + 2;
    } else i++;
    if (i < 0) return -1;
  }
  return -1;
}

/** Past the string opening at `i` (a tripled quote when the lexer reads them), or -1. */
function stringEnd(source: string, i: number, stop: number, lx: CallLexer): number {
  const q = source[i];
  const tripled = lx.triple && source[i + 1] === q && source[i + 2] === q;
  const close = tripled ? q.repeat(3) : q;
  for (let j = i + close.length; j < stop; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (!tripled && c === '\n') return -1;
    else if (source.startsWith(close, j)) return j + close.length;
  }
  return -1;
}

/** Inside a template literal from `i`: past its closing `` ` `` (popped), or at a `${` (pushed `}`); -1 when cut. */
function templateEnd(source: string, i: number, stop: number, closers: string[]): number {
  for (let j = i; j < stop; j++) {
    const c = source[j];
    if (c === '\\') j++;
    else if (c === '`') {
      closers.pop();
      return j + 1;
    } else if (c === '$' && source[j + 1] === '{') {
      closers.push('}');
      return j + 2;
    }
  }
  return -1;
}
