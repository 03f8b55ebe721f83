// PHP string literals as text: single-quoted (`\'` and `\\` only), double-quoted and heredoc
// escapes (`\n`, `\t`, `\x41`, `\u{1F600}`, `\101`, `\$`…), heredoc indentation (PHP 7.3+: the
// closing marker's indentation is removed from every line).

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', v: '\v', e: '\x1b', f: '\f', '\\': '\\', $: '$', '"': '"' };

/** The text of one escape sequence of a double-quoted string or heredoc (`\q` stays as written). */
export function unescapeDouble(seq: string, heredoc = false): string {
  const c = seq[1];
  if (c === '"' && heredoc) return seq;
  if (c !== undefined && c in SIMPLE) return SIMPLE[c];
  let m = /^\\x([0-9A-Fa-f]{1,2})$/.exec(seq);
  if (m) return String.fromCharCode(parseInt(m[1], 16));
  m = /^\\u\{([0-9A-Fa-f]+)\}$/.exec(seq);
  if (m) {
    const cp = parseInt(m[1], 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : seq;
  }
  m = /^\\([0-7]{1,3})$/.exec(seq);
  if (m) return String.fromCharCode(parseInt(m[1], 8) & 0xff);
  return seq;
}

/** A single-quoted string's content: `\'` and `\\` are the only escapes. */
export const unescapeSingle = (s: string): string => s.replace(/\\(['\\])/g, '$1');

/** Indentation removed from each line of a heredoc's body (`indent` characters of the closing marker's line). */
export function dedent(text: string, indent: number): string {
  if (indent <= 0) return text;
  return text
    .split('\n')
    .map((l) => {
      let i = 0;
      while (i < indent && i < l.length && (l[i] === ' ' || l[i] === '\t')) i++;
      return l.slice(i);
    })
    .join('\n');
}
