// Kotlin the grammar does not know, rewritten before parsing into text of the same length that it
// does, so every node keeps its line and column: a binary literal (`0b1010_0101`, Kotlin 1.1) is its
// value in decimal, right-aligned in the literal's place (`        165`), and `fun interface`
// (Kotlin 1.4's functional interfaces) is `    interface`. Without it the grammar makes an error node
// of each: the members of a `fun interface` lost their class, a `when` branch on a binary literal its
// condition. Strings, characters and comments are left as they are (a message may say `0b1010`).

/** Where the rewrite has anything to do (a cheap test before the scan). */
const MAY_NEED = /\b0[bB][01]|\bfun\s+interface\b/;

/**
 * The source with binary literals and `fun interface` rewritten outside strings, characters and
 * comments; the same string when there is none. One pass over the text.
 */
export function kotlinParsable(source: string): string {
  if (!MAY_NEED.test(source)) return source;
  const out: string[] = [];
  let last = 0;
  const n = source.length;
  let i = 0;
  const replace = (from: number, to: number, text: string) => {
    out.push(source.slice(last, from), text);
    last = to;
  };
  while (i < n) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') {
      const end = source.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && source[i + 1] === '*') {
      // (block comments nest in Kotlin)
      let depth = 1;
      i += 2;
      while (i < n && depth > 0) {
        if (source[i] === '/' && source[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (source[i] === '*' && source[i + 1] === '/') {
          depth--;
          i += 2;
        } else i++;
      }
    } else if (c === '"' && source.startsWith('"""', i)) {
      const end = source.indexOf('"""', i + 3);
      i = end < 0 ? n : end + 3;
      while (source[i] === '"') i++;
    } else if (c === '"' || c === "'") {
      // (a template's `${…}` is stepped over with its string: its literals stay as written)
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '0' && (source[i + 1] === 'b' || source[i + 1] === 'B') && /[01]/.test(source[i + 2] ?? '') && !/[\w.]/.test(source[i - 1] ?? '')) {
      let j = i + 2;
      while (j < n && /[01_]/.test(source[j])) j++;
      const digits = source.slice(i + 2, j).replace(/_/g, '');
      if (/\w/.test(source[j] ?? '') && !/^[uUlL]/.test(source[j])) {
        i = j;
        continue;
      }
      const value = BigInt(`0b${digits}`).toString(10);
      replace(i, j, value.padStart(j - i, ' '));
      i = j;
    } else if (c === 'f' && source.startsWith('fun', i) && !/\w/.test(source[i - 1] ?? '') && /^fun\s+interface\b/.test(source.slice(i, i + 40))) {
      replace(i, i + 3, '   ');
      i += 3;
    } else i++;
  }
  if (!out.length) return source;
  out.push(source.slice(last));
  return out.join('');
}
