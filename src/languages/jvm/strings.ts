// String literals of Java and Kotlin as the text they hold: escapes read, text blocks' incidental
// indentation removed (JLS 3.10.6).

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', s: ' ', '0': '\0', "'": "'", '"': '"', '\\': '\\', $: '$' };

/** The text of a literal's body with its escapes read (`\n`, `\u00e9`, octal; Kotlin's `\$`). */
export function unescape(body: string): string {
  if (!body.includes('\\')) return body;
  return body.replace(/\\(u+[0-9a-fA-F]{4}|[0-7]{1,3}|\n|.)/g, (m, e: string) => {
    if (e[0] === 'u' && e.length >= 5) return String.fromCharCode(parseInt(e.slice(-4), 16));
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
    if (e === '\n') return ''; // a text block's line continuation
    return SIMPLE[e] ?? m;
  });
}

/** A Java text block's content (between the `"""` lines) as the string it makes. */
export function textBlock(raw: string): string {
  const nl = raw.indexOf('\n');
  const lines = (nl < 0 ? '' : raw.slice(nl + 1)).split('\n');
  // the closing delimiter's line counts for the indentation when it holds only blanks
  const indents = lines.filter((l, i) => l.trim() !== '' || i === lines.length - 1).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  const text = lines.map((l) => l.slice(cut).replace(/[ \t]+$/, '')).join('\n');
  return unescape(text);
}

/** A Java string literal's source text (`"…"` or a text block) as its value. */
export function javaString(text: string): string {
  if (text.startsWith('"""')) return textBlock(text.slice(3, -3));
  return unescape(text.slice(1, -1));
}
