// Go string literals: interpreted ("…", escapes read as the compiler reads them) and raw (`…`,
// as written less carriage returns), and the fmt verbs of a format string.

/** The text of an interpreted string literal's body (between the quotes). */
export function unescapeGo(body: string): string {
  if (!body.includes('\\')) return body;
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\' || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[++i];
    const simple = SIMPLE[n];
    if (simple !== undefined) out += simple;
    else if (n === 'x' || n === 'u' || n === 'U') {
      const len = n === 'x' ? 2 : n === 'u' ? 4 : 8;
      const hex = body.slice(i + 1, i + 1 + len);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === len ? parseInt(hex, 16) : NaN;
      if (Number.isNaN(code) || code > 0x10ffff) out += '\\' + n;
      else {
        out += String.fromCodePoint(code);
        i += len;
      }
    } else if (n >= '0' && n <= '7') {
      const oct = body.slice(i, i + 3);
      if (/^[0-7]{3}$/.test(oct)) {
        out += String.fromCharCode(parseInt(oct, 8));
        i += 2;
      } else out += '\\' + n;
    } else out += '\\' + n;
  }
  return out;
}
const SIMPLE: Record<string, string> = { a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', "'": "'", '"': '"' };

/** A string literal node's text (its source, quotes included) read as Go reads it; null for anything else. */
export function literalText(kind: string, source: string): string | null {
  if (kind === 'interpreted_string_literal') return unescapeGo(source.slice(1, -1));
  if (kind === 'raw_string_literal') return source.slice(1, -1).replace(/\r/g, '');
  return null;
}

/** One field of a format string: its position in the text, length, verb and the argument it reads (0-based), or `%%`. */
export interface Verb {
  at: number;
  length: number;
  /** The verb letter (`v`, `s`, `d`, `q`, `w`…); `%` for `%%`. */
  verb: string;
  /** The argument index the verb prints; -1 for `%%`. */
  arg: number;
  /** `%+v`, `%#v`: flags as written. */
  flags: string;
}

const VERB = /%(?:(%)|([-+# 0]*)(\[\d+\])?(\*|\d+)?(?:\.(\[\d+\])?(\*|\d+)?)?(\[\d+\])?([a-zA-Z]))/g;

/** The fields of a Go format string, with the arguments each reads (explicit `[n]` indexes and `*` widths counted as fmt does). */
export function formatVerbs(format: string): Verb[] {
  const out: Verb[] = [];
  let next = 0;
  for (const m of format.matchAll(VERB)) {
    const at = m.index ?? 0;
    if (m[1]) {
      out.push({ at, length: 2, verb: '%', arg: -1, flags: '' });
      continue;
    }
    const index = (s: string | undefined) => (s ? Number(s.slice(1, -1)) - 1 : null);
    const i1 = index(m[3]);
    if (i1 !== null) next = i1;
    if (m[4] === '*') next++;
    const i2 = index(m[5]);
    if (i2 !== null) next = i2;
    if (m[6] === '*') next++;
    const i3 = index(m[7]);
    if (i3 !== null) next = i3;
    out.push({ at, length: m[0].length, verb: m[8], arg: next++, flags: m[2] ?? '' });
  }
  return out;
}
