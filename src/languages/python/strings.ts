// Python string literals and string formatting, on source text only (no tree):
// literal tokens with every prefix and quote style, escape decoding, f-strings,
// `%` formatting and `str.format`. All of it turns into the template IR.

import { hole, isLit, lit, normalize, placeholderName, rewriteLiterals, type HoleKind, type Segment, type Template } from '../../template/ir.js';

/** Collapse a multi-line expression to one line, for hole expressions and guard texts. */
export function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** A hole for a source expression; `str(x)` and `repr(x)` unwrap to `x`. */
export function exprHole(text: string | undefined, kind: HoleKind = 'any'): Segment {
  if (text === undefined) return hole(undefined, kind);
  let e = oneLine(text);
  const m = /^(str|repr)\(\s*([^()]*(?:\([^()]*\)[^()]*)*)\s*\)$/.exec(e);
  if (m && m[2] !== '') {
    e = m[2].trim().replace(/,$/, '').trim();
    if (m[1] === 'repr') kind = 'repr';
  }
  // the placeholder name comes from the code, not from string literals in it
  // (`s.find('$')` → `find`, not `$`)
  const name = placeholderName(e.includes("'") || e.includes('"') ? e.replace(/(['"])(?:\\.|(?!\1).)*\1/g, "''") : e);
  return { hole: { name, expr: e, kind } };
}

// ---------------------------------------------------------------- literals

export interface StringToken {
  /** Lower-cased prefix letters (`rb`, `f`, `u`, ``). */
  prefix: string;
  raw: boolean;
  bytes: boolean;
  fstring: boolean;
  /** Text between the quotes, as written. */
  body: string;
}

/** Split one complete string token (`rb'...'`, `f"""..."""`). Null when it is not one. */
export function splitStringToken(text: string): StringToken | null {
  let i = 0;
  while (i < text.length && i < 3 && /[rRbBuUfFtT]/.test(text[i])) i++;
  const q = text[i];
  if (q !== '"' && q !== "'") return null;
  const quote = text.startsWith(q + q + q, i) && text.length - i >= 6 ? q + q + q : q;
  const start = i + quote.length;
  let end = text.length;
  if (text.endsWith(quote) && end - quote.length >= start) end -= quote.length;
  const prefix = text.slice(0, i).toLowerCase();
  return {
    prefix,
    raw: prefix.includes('r'),
    bytes: prefix.includes('b'),
    fstring: prefix.includes('f') || prefix.includes('t'),
    body: text.slice(start, end),
  };
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Decode Python escape sequences of a non-raw literal. Unknown escapes stay as written. */
export function decodeEscapes(s: string, bytes = false): string {
  if (!s.includes('\\')) return s;
  return s.replace(
    /\\(\r\n|\n|\r|[\\'"abfnrtv]|[0-7]{1,3}|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|N\{[^}]*\}|.)/gs,
    (all, e: string) => {
      if (e === '\n' || e === '\r\n' || e === '\r') return '';
      if (e in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[e];
      const c = e[0];
      if (c >= '0' && c <= '7') return String.fromCharCode(parseInt(e, 8));
      if (c === 'x') return String.fromCharCode(parseInt(e.slice(1), 16));
      if (!bytes && (c === 'u' || c === 'U')) {
        const cp = parseInt(e.slice(1), 16);
        return cp <= 0x10ffff ? String.fromCodePoint(cp) : all;
      }
      return all;
    },
  );
}

/** The template of one string token (plain literal or f-string). */
export function stringTemplate(text: string): Template {
  const tok = splitStringToken(text);
  if (!tok) return [exprHole(text)];
  if (!tok.fstring) return normalize([lit(tok.raw ? tok.body : decodeEscapes(tok.body, tok.bytes))]);
  return parseFString(tok.body, tok.raw);
}

// ---------------------------------------------------------------- f-strings

/** Hole kind implied by a format spec (`.2f` → float, `d` → int). */
export function kindFromSpec(spec: string): HoleKind {
  if (!spec || spec.includes('{')) return 'any';
  const c = spec[spec.length - 1];
  if (c === 'd') return 'int';
  if ('eEfFgG%'.includes(c)) return 'float';
  return 'any';
}

/** Index after a quoted string starting at `i` inside an expression. */
function skipQuoted(s: string, i: number): number {
  const q = s[i];
  const triple = s.startsWith(q + q + q, i);
  const close = triple ? q + q + q : q;
  let j = i + close.length;
  while (j < s.length) {
    if (s[j] === '\\') {
      j += 2;
      continue;
    }
    if (s.startsWith(close, j)) return j + close.length;
    j++;
  }
  return s.length;
}

interface Field {
  expr: string;
  /** Text written for a self-documenting `{x=}` field (`x=`), else null. */
  selfDoc: string | null;
  conv: string | null;
  spec: string;
  end: number;
}

/** Parse a replacement field of an f-string; `i` points just after `{`. */
function scanFField(s: string, i: number): Field {
  let depth = 0;
  let j = i;
  let exprEnd = -1;
  let selfDoc: string | null = null;
  while (j < s.length) {
    const c = s[j];
    if (c === '"' || c === "'") {
      j = skipQuoted(s, j);
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || (c === '}' && depth > 0)) depth--;
    else if (depth === 0) {
      if (c === '}') {
        exprEnd = j;
        break;
      }
      if (c === '!' && s[j + 1] !== '=') {
        exprEnd = j;
        break;
      }
      if (c === ':') {
        exprEnd = j;
        break;
      }
      if (c === '=' && s[j + 1] !== '=' && !'=!<>'.includes(s[j - 1] ?? '')) {
        let k = j + 1;
        while (s[k] === ' ' || s[k] === '\t') k++;
        if (s[k] === '}' || s[k] === '!' || s[k] === ':') {
          selfDoc = s.slice(i, k);
          exprEnd = j;
          j = k;
          break;
        }
      }
    }
    j++;
  }
  if (exprEnd < 0) return { expr: s.slice(i), selfDoc: null, conv: null, spec: '', end: s.length };
  const expr = s.slice(i, exprEnd);
  if (selfDoc === null) j = exprEnd;
  let conv: string | null = null;
  if (s[j] === '!') {
    conv = s[j + 1] ?? null;
    j += 2;
  }
  let spec = '';
  if (s[j] === ':') {
    let d = 0;
    let k = j + 1;
    while (k < s.length) {
      if (s[k] === '{') d++;
      else if (s[k] === '}') {
        if (d === 0) break;
        d--;
      }
      k++;
    }
    spec = s.slice(j + 1, k);
    j = k;
  }
  // j is at the closing brace
  return { expr, selfDoc, conv, spec, end: Math.min(j + 1, s.length) };
}

/** Template of an f-string body. */
export function parseFString(body: string, raw: boolean): Template {
  const out: Template = [];
  let chunk = '';
  const flush = () => {
    if (chunk) out.push(lit(raw ? chunk : decodeEscapes(chunk)));
    chunk = '';
  };
  let i = 0;
  while (i < body.length) {
    const c = body[i];
    if (c === '\\' && !raw) {
      if (body[i + 1] === 'N' && body[i + 2] === '{') {
        const close = body.indexOf('}', i);
        const end = close < 0 ? body.length : close + 1;
        chunk += body.slice(i, end);
        i = end;
      } else if (body[i + 1] === '{' || body[i + 1] === undefined) {
        chunk += '\\\\';
        i++;
      } else {
        chunk += body.slice(i, i + 2);
        i += 2;
      }
      continue;
    }
    if (c === '{') {
      if (body[i + 1] === '{') {
        chunk += '{';
        i += 2;
        continue;
      }
      const f = scanFField(body, i + 1);
      if (f.selfDoc !== null) chunk += f.selfDoc.replace(/\\/g, '\\\\');
      flush();
      let kind: HoleKind = kindFromSpec(f.spec);
      if (f.conv === 'r' || f.conv === 'a') kind = 'repr';
      else if (f.selfDoc !== null && f.conv === null && f.spec === '') kind = 'repr';
      out.push(exprHole(f.expr, kind));
      i = f.end;
      continue;
    }
    if (c === '}') {
      chunk += '}';
      i += body[i + 1] === '}' ? 2 : 1;
      continue;
    }
    chunk += c;
    i++;
  }
  flush();
  return normalize(out);
}

// ---------------------------------------------------------------- % formatting

/** What is on the right of `%` (or the extra arguments of a logging call). */
export type PercentArgs =
  /**
   * A tuple literal or a single non-tuple value: expressions by position (undefined = unknown),
   * and the text of those that are string constants (`actual = 'not called.'`), put in by `%s`.
   */
  | { kind: 'seq'; exprs: (string | undefined)[]; texts?: (string | null)[] }
  /** A dict literal (key → expression) or an opaque mapping (`locals()`, `vars(self)`): null. */
  | { kind: 'map'; entries: Map<string, string> | null }
  /** A name or attribute: a tuple or a single value, we cannot tell. */
  | { kind: 'unknown'; expr: string };

const PERCENT_RE = /%(?:\(([^)]*)\))?([#0\- +]*)(\*|\d+)?(?:\.(\*|\d*))?[hlL]?([diouxXeEfFgGcrsa%])/g;

function percentKind(verb: string): HoleKind {
  if ('diu'.includes(verb)) return 'int';
  if ('eEfFgG'.includes(verb)) return 'float';
  if (verb === 'r' || verb === 'a') return 'repr';
  return 'any';
}

/** Apply `%` formatting to the literal parts of a template. */
export function applyPercent(t: Template, args: PercentArgs): Template {
  // first pass: count positional conversions, to bind a lone value
  let positional = 0;
  for (const s of t) {
    if (!isLit(s)) continue;
    for (const m of s.lit.matchAll(PERCENT_RE)) {
      if (m[5] === '%' || m[1] !== undefined) continue;
      positional += 1 + (m[3] === '*' ? 1 : 0) + (m[4] === '*' ? 1 : 0);
    }
  }
  let exprs: (string | undefined)[] = [];
  if (args.kind === 'seq') exprs = args.exprs;
  else if (args.kind === 'unknown' && positional === 1) exprs = [args.expr];
  let next = 0;
  return rewriteLiterals(t, PERCENT_RE, (m) => {
    const verb = m[5];
    if (verb === '%') return [lit('%')];
    if (m[3] === '*') next++;
    if (m[4] === '*') next++;
    const kind = percentKind(verb);
    if (m[1] !== undefined) {
      const key = m[1];
      const e = args.kind === 'map' && args.entries ? args.entries.get(key) ?? key : key;
      return [exprHole(e, kind)];
    }
    const text = args.kind === 'seq' ? args.texts?.[next] : null;
    if (typeof text === 'string' && verb === 's') {
      next++;
      return text ? [lit(text)] : [];
    }
    return [exprHole(exprs[next++], kind)];
  });
}

// ---------------------------------------------------------------- str.format

export interface FormatArgs {
  positional: string[];
  keywords: Map<string, string>;
}

/** Apply `str.format` to the literal parts of a template. */
export function applyFormat(t: Template, args: FormatArgs): Template {
  let auto = 0;
  const out: Template = [];
  const bind = (field: string, conv: string | null, spec: string): Segment => {
    const m = /^([^.[]*)(.*)$/s.exec(field) ?? ['', field, ''];
    const base = m[1].trim();
    const rest = m[2];
    let expr: string | undefined;
    if (base === '' || /^\d+$/.test(base)) {
      const idx = base === '' ? auto++ : Number(base);
      const a = args.positional[idx];
      expr = a === undefined ? (rest ? rest.replace(/^\./, '') : undefined) : a + rest;
    } else {
      const a = args.keywords.get(base);
      expr = (a ?? base) + rest;
    }
    let kind = kindFromSpec(spec);
    if (conv === 'r' || conv === 'a') kind = 'repr';
    // nested auto-numbered fields in the spec consume positional arguments too
    auto += (spec.match(/\{\}/g) ?? []).length;
    return exprHole(expr, kind);
  };
  for (const s of t) {
    if (!isLit(s)) {
      out.push(s);
      continue;
    }
    const text = s.lit;
    // (the pieces keep the literal's origin: a table's entry formatted)
    const piece = (chunk: string): Segment => (s.at ? { lit: chunk, at: s.at } : lit(chunk));
    let chunk = '';
    let i = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '{' && text[i + 1] === '{') {
        chunk += '{';
        i += 2;
      } else if (c === '}' && text[i + 1] === '}') {
        chunk += '}';
        i += 2;
      } else if (c === '{') {
        // field_name [! conv] [: spec] }
        let j = i + 1;
        let depth = 0;
        let bracket = false;
        let nameEnd = -1;
        let close = -1;
        while (j < text.length) {
          const d = text[j];
          if (bracket) {
            if (d === ']') bracket = false;
          } else if (nameEnd < 0 && d === '[') bracket = true;
          else if (nameEnd < 0 && (d === '!' || d === ':')) nameEnd = j;
          else if (d === '{') depth++;
          else if (d === '}') {
            if (depth === 0) {
              close = j;
              break;
            }
            depth--;
          }
          j++;
        }
        if (close < 0) {
          chunk += text.slice(i);
          break;
        }
        if (nameEnd < 0) nameEnd = close;
        const field = text.slice(i + 1, nameEnd);
        let conv: string | null = null;
        let k = nameEnd;
        if (text[k] === '!') {
          conv = text[k + 1] ?? null;
          k += 2;
        }
        const spec = text[k] === ':' ? text.slice(k + 1, close) : '';
        if (chunk) out.push(piece(chunk));
        chunk = '';
        out.push(bind(field, conv, spec));
        i = close + 1;
      } else {
        chunk += c;
        i++;
      }
    }
    if (chunk) out.push(piece(chunk));
  }
  return normalize(out);
}

/**
 * Fields of a message kept in a class attribute (`fmt = 'bad {name}'`,
 * `msg_template = '... %(limit)s'`): identifier fields become holes named
 * after the keyword the class formats them with.
 */
export function namedFieldTemplate(t: Template): Template {
  return rewriteLiterals(t, NAMED_FIELD_RE, (m, text) => {
    const at = m.index ?? 0;
    // `{{name}}` is an escaped brace, not a field
    if (m[1] && text[at - 1] === '{' && text[at + m[0].length] === '}') return null;
    return [exprHole(m[1] ?? m[2], m[3] ? percentKind(m[3]) : 'any')];
  });
}

const NAMED_FIELD_RE = /\{([A-Za-z_]\w*)(?:![rsa])?(?::[^{}]*)?\}|%\(([A-Za-z_]\w*)\)[#0\- +]*\d*(?:\.\d+)?([diouxXeEfFgGcrsa])/g;

/**
 * The comma-separated items of a parenthesized list's text (`(a, b=(1, 2), *c)`),
 * split at depth 0 only, skipping commas inside quotes; comments removed.
 */
export function splitTopLevel(text: string): string[] {
  const inner = text.replace(/#[^\n]*/g, '').replace(/^\s*\(/, '').replace(/\)\s*$/, '');
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '"' || c === "'") {
      const close = inner.indexOf(c, i + 1);
      i = close < 0 ? inner.length : close;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}


/** An upper-case constant's name, module-private or not (`LINE_VALUE_NO_NEWLINE`, importlib's `_ERR_MSG`). */
export const CONSTANT_NAME = /^_?(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*|[A-Z]{2,}[A-Z0-9]*)$/;
