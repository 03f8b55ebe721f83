// Callbacks handed to a constructor and called later (pycparser: `CParser.__init__` builds
// `CLexer(error_func=self._lex_error_func, …)`, the lexer keeps `self.error_func = error_func`
// and its `_error(msg, token)` calls `self.error_func(msg, line, column)`; `_lex_error_func`
// passes the message on to `_parse_error`, which raises it). The message is written at the
// lexer's `self._error('Illegal character %s' % …, t)`, two files from the raise. Both ends are
// read from the text: the keyword that hands a method (`callbacks`) and the attribute that keeps
// a constructor's parameter of the same name and is called (`storedCallbacks`); facts/callers.ts
// joins them by that name.

/** `name=self.method` or `name=function` as a call's keyword argument (the value ends the argument). */
const HANDED = /[(,]\s*([A-Za-z_]\w*)\s*=\s*(self\.)?([A-Za-z_]\w*)\s*(?=[,)])/g;

/**
 * Functions of this file handed to a call by keyword: `self.m` for a method `m` the file defines,
 * or a bare name the file defines with `def`. A parameter default (`def f(x=y)`) hands nothing:
 * its value is not a function of the file, or is read the same way and joins nothing called.
 */
export function callbacks(source: string): { key: string; fn: string }[] {
  if (!source.includes('=')) return [];
  let defs: Set<string> | null = null;
  const out: { key: string; fn: string }[] = [];
  const seen = new Set<string>();
  for (const m of source.matchAll(HANDED)) {
    const [, key, self, fn] = m;
    if (key === fn && !self) continue;
    defs ??= new Set([...source.matchAll(/^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/gm)].map((d) => d[1]));
    if (!defs.has(fn)) continue;
    const k = `${key}\0${fn}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ key, fn });
  }
  return out;
}

/** `self.name = name` on a line of its own. */
const KEPT = /^[ \t]*self\.([A-Za-z_]\w*)[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*(?:#.*)?$/gm;

/**
 * Attributes that keep a parameter of the same name (`self.error_func = error_func`) and that the
 * file calls (`self.error_func(`): calls of a stored callable.
 */
export function storedCallbacks(source: string): string[] {
  if (!source.includes('self.')) return [];
  const out: string[] = [];
  let called: Set<string> | null = null;
  for (const m of source.matchAll(KEPT)) {
    if (m[1] !== m[2] || out.includes(m[1])) continue;
    // (the attributes the file calls, from one pass)
    called ??= new Set([...source.matchAll(/\bself\.([A-Za-z_]\w*)[ \t]*\(/g)].map((c) => c[1]));
    if (called.has(m[1])) out.push(m[1]);
  }
  return out;
}
