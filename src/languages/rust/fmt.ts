// Rust string literals and `format!`-family format strings, read from source text: a macro's
// arguments are a token tree the grammar does not parse into expressions, so they are split and
// read here (splitArgs), one bounded pass each.
//
// Format strings: `{}` (the next positional argument), `{0}`, `{name}` (a named argument, or an
// inline capture of a variable), `{:?}`/`{:#?}` (Debug: a repr hole), any spec after `:`
// (`{:>8}`, `{:.3}`, `{x:08x}`), `{{`/`}}` (a brace).

import { hole, lit, normalize, placeholderName, type Segment, type Template } from '../../template/ir.js';

/** Longest text a macro's arguments are split in (longer ones are read as one hole). */
const MAX_ARGS_TEXT = 20_000;

/** The top-level comma-separated parts of a token tree's inner text (strings, chars and brackets skipped over). */
export function splitArgs(inner: string): string[] {
  if (inner.length > MAX_ARGS_TEXT) return [inner.trim()];
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '"' || (c === 'r' && (inner[i + 1] === '"' || inner[i + 1] === '#') && !/\w/.test(inner[i - 1] ?? ''))) {
      i = stringEnd(inner, i) - 1;
    } else if (c === "'" && /^'(?:\\.[^']{0,8}|[^\\'])'/.test(inner.slice(i, i + 12))) {
      i = inner.indexOf("'", i + 2);
    } else if (c === '/' && inner[i + 1] === '/') {
      const nl = inner.indexOf('\n', i);
      i = nl < 0 ? inner.length : nl;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      out.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = inner.slice(start).trim();
  if (last) out.push(last);
  return out;
}

/** The index just past the string literal starting at `i` (`"…"`, `r"…"`, `r#"…"#`, `b"…"`). */
function stringEnd(s: string, i: number): number {
  if (s[i] === 'b') i++;
  if (s[i] === 'r') {
    let j = i + 1;
    let hashes = 0;
    while (s[j] === '#') {
      hashes++;
      j++;
    }
    if (s[j] !== '"') return i + 1;
    const close = s.indexOf('"' + '#'.repeat(hashes), j + 1);
    return close < 0 ? s.length : close + 1 + hashes;
  }
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === '\\') j++;
    else if (s[j] === '"') return j + 1;
  }
  return s.length;
}

/** The text of an expression that is one string literal (escapes read), else null. */
export function stringLiteral(expr: string): string | null {
  const e = expr.trim();
  let m = /^r(#*)"([\s\S]*)"\1$/.exec(e);
  if (m) return m[2];
  m = /^"((?:[^"\\]|\\[\s\S])*)"$/.exec(e);
  return m ? unescape(m[1]) : null;
}

function unescape(s: string): string {
  return s.replace(/\\(?:\r?\n\s*|u\{([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2})|([\s\S]))/g, (all, u, x, c) => {
    if (u) return String.fromCodePoint(parseInt(u, 16));
    if (x) return String.fromCharCode(parseInt(x, 16));
    if (c === undefined) return ''; // a line continuation
    return ({ n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', '"': '"', "'": "'" } as Record<string, string>)[c] ?? all;
  });
}

/** What a hole for a format argument is: its expression and whether Debug (`{:?}`) shows it. */
function argHole(expr: string, debug: boolean, name?: string): Segment {
  const h = hole(expr, debug ? 'repr' : 'any');
  if (name && 'hole' in h) h.hole.name = name;
  else if ('hole' in h && /^\d+$/.test(expr)) h.hole.name = 'value';
  return h;
}

/** Reads an argument expression as a template (a literal, a nested format macro, a constant, or a hole). */
export type ExprReader = (expr: string, depth: number) => Template;

/**
 * A format string with its arguments (`format!("{} at {pos}", a, pos = p)`) as a template.
 * `args` are the positional arguments' texts; named ones are written `name = expr`. Arguments are
 * read with `read` (a literal argument becomes text). Captured names (`{x}`) stay holes on `x`.
 */
export function formatTemplate(fmt: string, args: string[], read: ExprReader, depth: number): Template {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (const a of args) {
    const m = /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]+)$/.exec(a);
    if (m) named.set(m[1], m[2]);
    else positional.push(a);
  }
  const out: Template = [];
  let next = 0;
  let last = 0;
  const re = /\{\{|\}\}|\{([^{}]*)\}/g;
  for (const m of fmt.matchAll(re)) {
    const at = m.index ?? 0;
    out.push(lit(fmt.slice(last, at)));
    last = at + m[0].length;
    if (m[0] === '{{' || m[0] === '}}') {
      out.push(lit(m[0][0]));
      continue;
    }
    const field = m[1];
    const colon = field.indexOf(':');
    const arg = (colon < 0 ? field : field.slice(0, colon)).trim();
    const spec = colon < 0 ? '' : field.slice(colon + 1);
    const debug = /\?$/.test(spec);
    let expr: string | undefined;
    if (arg === '') expr = positional[next++];
    else if (/^\d+$/.test(arg)) expr = positional[Number(arg)];
    else expr = named.get(arg) ?? arg;
    // `{:>width$}` takes no argument of its own beyond the width named; a `{:.*}` takes two
    if (/\.\*/.test(spec)) next++;
    if (expr === undefined) {
      out.push(hole(arg || undefined));
      continue;
    }
    const t = depth > 0 && !debug ? read(expr, depth - 1) : [];
    if (t.length && !t.some((s) => 'hole' in s && s.hole.expr === expr)) out.push(...t);
    else out.push(argHole(expr, debug, named.has(arg) || /^[A-Za-z_]\w*$/.test(arg) ? arg : placeholderName(expr)));
  }
  out.push(lit(fmt.slice(last)));
  return normalize(out);
}

/** Format macros whose first argument is the format string. */
export const FORMAT_MACROS = new Set(['format', 'format_args', 'print', 'println', 'eprint', 'eprintln', 'panic', 'unreachable', 'todo', 'unimplemented', 'anyhow', 'bail', 'eyre', 'format_err', 'err_msg']);

/** `name!(…)` (optionally a path, `anyhow::bail!`): the macro's last name and the text inside its brackets. */
export function macroCall(expr: string): { name: string; inner: string } | null {
  const m = /^(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)!\s*([([{])/.exec(expr);
  if (!m) return null;
  const open = m[0].length - 1;
  const close = { '(': ')', '[': ']', '{': '}' }[m[2] as '(' | '[' | '{'];
  if (!expr.trimEnd().endsWith(close)) return null;
  return { name: m[1], inner: expr.slice(open + 1, expr.trimEnd().length - 1) };
}
