// .gitignore matching that no pattern can make super-linear.
//
// The `ignore` package compiles each pattern to a RegExp, and a backtracking
// engine over `**/a/**/a/**/…/**/b` (nested optional `.*` groups) tries every
// way of splitting a deep path among the `**`s: a 46-byte line over a tree 48
// directories deep never finished. A pattern with at most MAX_STAR_RUNS runs of
// `*` backtracks at most quadratically in the length of one path, and keeps the
// package's matching exactly. A line with more is matched here instead: by
// segments, `**` taking any number of them, in a table of pattern segment ×
// path segment (each cell decided once), and each segment's glob by the
// two-pointer wildcard match, which backs up only to the last `*`.

import ignore, { type Ignore } from 'ignore';

/** A line with more runs of `*` than this is matched by GlobRule rather than by the `ignore` package. */
export const MAX_STAR_RUNS = 2;

export interface GitignoreMatcher {
  /** Whether a path relative to the .gitignore's directory (`/`-separated; a directory's ends in `/`) is ignored. */
  ignores(path: string): boolean;
}

/** A .gitignore's rules. Lines the `ignore` package can match in linear time stay with it, in runs between the others. */
export function compileGitignore(text: string): GitignoreMatcher {
  const lines = text.split(/\r?\n/);
  if (!lines.some(risky)) return ignore().add(text);
  // (last match wins: the runs are asked from the last, and the first to decide settles it)
  const parts: ({ kind: 'ignore'; ig: Ignore } | { kind: 'glob'; rule: GlobRule })[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) parts.push({ kind: 'ignore', ig: ignore().add(run.join('\n')) });
    run = [];
  };
  lines.forEach((line, i) => {
    if (!risky(line)) return void run.push(line);
    flush();
    const rule = GlobRule.parse(i === 0 ? line.replace(/^\uFEFF/, '') : line);
    if (rule) parts.push({ kind: 'glob', rule });
  });
  flush();
  return {
    ignores(path: string): boolean {
      for (let i = parts.length - 1; i >= 0; i--) {
        const p = parts[i];
        if (p.kind === 'glob') {
          if (p.rule.matches(path)) return !p.rule.negative;
          continue;
        }
        const r = p.ig.test(path);
        if (r.ignored) return true;
        if (r.unignored) return false;
      }
      return false;
    },
  };
}

/** Whether a line is a pattern with more than MAX_STAR_RUNS runs of `*`. */
function risky(line: string): boolean {
  if (line.startsWith('#')) return false;
  let runs = 0;
  for (let i = 0; i < line.length; i++) if (line[i] === '*' && line[i - 1] !== '*' && ++runs > MAX_STAR_RUNS) return true;
  return false;
}

type Token = { t: 'star' } | { t: 'any' } | { t: 'char'; c: string } | { t: 'class'; negated: boolean; items: ([string, string])[] };

/** One .gitignore pattern, matched by segments (git's semantics; case-insensitive, as the `ignore` package is by default). */
export class GlobRule {
  private constructor(
    readonly negative: boolean,
    private readonly dirOnly: boolean,
    /** Segments: `**` (any number of path segments), or one segment's glob. */
    private readonly segments: ('**' | Token[])[],
    /** A trailing `/**`: one or more segments (what is inside, not the directory itself). */
    private readonly inside: boolean,
  ) {}

  /** The rule of one line, or null for a blank line or a comment. */
  static parse(line: string): GlobRule | null {
    let s = line;
    // trailing spaces are dropped unless escaped
    while (s.endsWith(' ') && !isEscaped(s, s.length - 1)) s = s.slice(0, -1);
    if (!s || s.startsWith('#')) return null;
    let negative = false;
    if (s.startsWith('!')) {
      negative = true;
      s = s.slice(1);
    } else if (s.startsWith('\\!') || s.startsWith('\\#')) s = s.slice(1);
    let dirOnly = false;
    while (s.endsWith('/') && !isEscaped(s, s.length - 1)) {
      dirOnly = true;
      s = s.slice(0, -1);
    }
    if (!s) return null;
    const anchored = s.includes('/');
    const parts = s.replace(/^\/+/, '').split('/').filter((p) => p !== '');
    if (parts.length === 0) return null;
    const segments: ('**' | Token[])[] = parts.map((p) => (p === '**' ? '**' : tokens(p.toLowerCase())));
    if (!anchored) segments.unshift('**');
    let inside = false;
    if (segments.length > 1 && segments[segments.length - 1] === '**') {
      inside = true;
      segments.pop();
      // (`a/**/**` is `a/**`)
      while (segments.length > 1 && segments[segments.length - 1] === '**') segments.pop();
    }
    return new GlobRule(negative, dirOnly, segments, inside);
  }

  matches(path: string): boolean {
    const isDir = path.endsWith('/');
    if (this.dirOnly && !isDir) return false;
    const segs = path.toLowerCase().split('/').filter((p) => p !== '');
    const m = this.segments.length;
    const n = segs.length;
    // reach[j]: the pattern's first i segments can match the path's first j (row by row over i)
    let reach = new Uint8Array(n + 1);
    reach[0] = 1;
    for (let i = 0; i < m; i++) {
      const seg = this.segments[i];
      const next = new Uint8Array(n + 1);
      if (seg === '**') {
        let any = 0;
        for (let j = 0; j <= n; j++) next[j] = any ||= reach[j];
      } else {
        for (let j = 0; j < n; j++) if (reach[j] && globMatch(seg, segs[j])) next[j + 1] = 1;
      }
      reach = next;
    }
    if (!this.inside) return reach[n] === 1;
    // a trailing `/**`: at least one more segment
    for (let j = 0; j < n; j++) if (reach[j]) return true;
    return false;
  }
}

function isEscaped(s: string, at: number): boolean {
  let k = 0;
  for (let i = at - 1; i >= 0 && s[i] === '\\'; i--) k++;
  return k % 2 === 1;
}

/** One segment's glob as tokens: `*` (a run of them), `?`, `[...]` and characters (`\x` is x). */
function tokens(p: string): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*') {
      if (out[out.length - 1]?.t !== 'star') out.push({ t: 'star' });
    } else if (c === '?') out.push({ t: 'any' });
    else if (c === '\\' && i + 1 < p.length) out.push({ t: 'char', c: p[++i] });
    else if (c === '[') {
      const cls = charClass(p, i);
      if (cls) {
        out.push(cls.token);
        i = cls.end;
      } else out.push({ t: 'char', c });
    } else out.push({ t: 'char', c });
  }
  return out;
}

/** A `[...]` class starting at `start` (`[!…]`/`[^…]` negated, `a-z` ranges; `]` first is literal), or null when it is not closed. */
function charClass(p: string, start: number): { token: Token; end: number } | null {
  let i = start + 1;
  let negated = false;
  if (p[i] === '!' || p[i] === '^') {
    negated = true;
    i++;
  }
  const items: [string, string][] = [];
  let first = true;
  for (; i < p.length; i++) {
    let c = p[i];
    if (c === ']' && !first) return { token: { t: 'class', negated, items }, end: i };
    first = false;
    if (c === '\\' && i + 1 < p.length) c = p[++i];
    if (p[i + 1] === '-' && i + 2 < p.length && p[i + 2] !== ']') {
      let hi = p[i + 2];
      i += 2;
      if (hi === '\\' && i + 1 < p.length) hi = p[++i];
      items.push([c, hi]);
    } else items.push([c, c]);
  }
  return null;
}

function tokenMatches(t: Token, c: string): boolean {
  switch (t.t) {
    case 'any':
      return true;
    case 'char':
      return t.c === c;
    case 'class':
      return t.items.some(([lo, hi]) => lo <= c && c <= hi) !== t.negated;
    case 'star':
      return false;
  }
}

/**
 * A segment's glob against one path segment: the two-pointer wildcard match. On a mismatch it
 * backs up to the last `*` only, letting it take one more character (an earlier `*` never needs
 * to take more: the last one can take it instead), so it costs at most tokens × characters.
 */
export function globMatch(pat: Token[], s: string): boolean {
  let p = 0, i = 0;
  let star = -1, mark = 0;
  while (i < s.length) {
    const t = pat[p];
    if (t && t.t === 'star') {
      star = p++;
      mark = i;
    } else if (t && tokenMatches(t, s[i])) {
      p++;
      i++;
    } else if (star >= 0) {
      p = star + 1;
      i = ++mark;
    } else return false;
  }
  while (pat[p]?.t === 'star') p++;
  return p === pat.length;
}
