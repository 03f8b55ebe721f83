// What a pack asks of a file's whole text many times over (per site, per name),
// answered from one pass over it: no question rescans the text. A 5 MB file of
// many small functions asks thousands of them.

/** Offsets where each line starts (line 1 at 0), from one pass. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line of an offset, by binary search in lineStarts' offsets. */
export function lineAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/**
 * How often `name(` occurs in `source` for each of `names` (counting up to `cap`), from one
 * pass over the text's `(`s: at each, the text just before it is looked up for each length a
 * name has. The same counts as `indexOf` from each occurrence's end: `name(` cannot overlap
 * itself unless the name holds a `(`, and such names are counted by indexOf. Cost: the
 * text's `(`s times the distinct lengths of the names (which hold at most a few dozen).
 */
export function callCounts(source: string, names: Iterable<string>, cap = Infinity): Map<string, number> {
  const counts = new Map<string, number>();
  const plain = new Set<string>();
  for (const n of names) {
    if (counts.has(n)) continue;
    counts.set(n, 0);
    if (n.includes('(')) {
      let c = 0;
      for (let i = source.indexOf(`${n}(`); i >= 0 && c < cap; i = source.indexOf(`${n}(`, i + n.length + 1)) c++;
      counts.set(n, c);
    } else plain.add(n);
  }
  if (plain.size === 0) return counts;
  const lengths = [...new Set([...plain].map((n) => n.length))].sort((a, b) => a - b);
  // (the character before `(` ends every name but the empty one: most `(`s are passed over on it)
  const lastChars = new Set([...plain].filter((n) => n.length > 0).map((n) => n[n.length - 1]));
  const empty = plain.has('');
  for (let p = source.indexOf('('); p >= 0; p = source.indexOf('(', p + 1)) {
    if (empty) bump(counts, '', cap);
    if (p === 0 || !lastChars.has(source[p - 1])) continue;
    for (const k of lengths) {
      if (k > p) break;
      if (k === 0) continue;
      const s = source.slice(p - k, p);
      if (plain.has(s)) bump(counts, s, cap);
    }
  }
  return counts;
}

function bump(counts: Map<string, number>, name: string, cap: number): void {
  const c = counts.get(name)!;
  if (c < cap) counts.set(name, c + 1);
}

/** Whether a character code is a word character of an identifier (`A-Za-z0-9_`, and `$` when `dollar`). */
const isWordCode = (c: number, dollar: boolean): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || (dollar && c === 36);

/**
 * The calls of the text whose callee (a dotted name, `f` or `m.f`, written right before the `(`,
 * spaces between allowed) `accept` takes, from one pass over the text's `(`s: where the callee
 * starts and where its `(` is. A callee is read back at most 120 characters.
 */
export function dottedCalls(source: string, accept: (callee: string) => boolean, dollar = false): { start: number; open: number; callee: string }[] {
  const out: { start: number; open: number; callee: string }[] = [];
  for (let p = source.indexOf('('); p >= 0; p = source.indexOf('(', p + 1)) {
    let end = p;
    while (end > 0 && (source.charCodeAt(end - 1) === 32 || source.charCodeAt(end - 1) === 9)) end--;
    if (end === 0 || !isWordCode(source.charCodeAt(end - 1), dollar)) continue;
    let j = end;
    while (j > 0 && end - j < 120) {
      const c = source.charCodeAt(j - 1);
      if (!isWordCode(c, dollar) && c !== 46) break;
      j--;
    }
    const callee = source.slice(j, end);
    if (callee.startsWith('.') || !accept(callee)) continue;
    out.push({ start: j, open: p, callee });
  }
  return out;
}
