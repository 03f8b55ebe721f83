// Matching text against a template without a backtracking regex. Literal
// segments are placed left to right with indexOf; for wildcard holes the
// leftmost placement finds a match whenever one exists, so this is linear in
// the text and immune to ReDoS. Captured hole values come out of the same pass.
//
// The matcher verifies dozens of templates against one message per lookup, so
// what does not depend on the pair is computed once: per template the literals'
// character counts (PreparedTemplate), per text its non-space extent
// (MatchText). Captures are only built when asked for.

import { isLit, type Segment, type Template } from './ir.js';

export interface TemplateMatch {
  /** name → captured text, in template order (a repeated name keeps the first value). */
  captures: Record<string, string>;
  /** Offsets of the matched span in the text. */
  start: number;
  end: number;
  /** Literal characters of the template found in the text. */
  literalChars: number;
  /** Share of the text's non-space characters covered by literals, in [0, 1]. */
  coverage: number;
  /** The match starts at the text start and ends at its end (ignoring surrounding spaces). */
  whole: boolean;
  /** Set when a hole had to take no text (matchPrepared's second placement): a weaker reading than one where every value is there. */
  empty?: true;
  /**
   * Set when the first literal stood without its leading spaces (PreparedTemplate.bare): a reading a
   * template that writes the text as it is (`"uri is null"` beside `" uri is null"`) goes before.
   */
  trimmed?: true;
}

/** A match without the captured values (see matchPrepared). */
export type MatchFacts = Omit<TemplateMatch, 'captures'>;

const SPACE = /\s/;

/** Whether a UTF-16 code unit is whitespace as `\s` (and trim()) define it; below U+00A0 only tab to CR and space are. */
const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && SPACE.test(String.fromCharCode(c)));

/** `'`, `"` or a backquote. */
const isQuote = (c: number): boolean => c === 39 || c === 34 || c === 96;

/** Characters other than whitespace: `s.replace(/\s+/g, '').length`, without building that string. */
function nonSpace(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (!isSpace(s.charCodeAt(i))) n++;
  return n;
}
const holeName = (t: Template, i: number): string => (t[i] as { hole: { name: string } }).hole.name;

/** A template with what matching needs precomputed once instead of per text. */
export interface PreparedTemplate {
  template: Template;
  /**
   * Per hole segment: whether its name is not taken yet when the hole closes, i.e. no earlier
   * hole has it. Such holes capture, and only they take their single character when followed by
   * another hole.
   */
  fresh: boolean[];
  /** The longest literal ('' without literals): checked first, as a quick reject. */
  longest: string;
  /** Non-space characters of the literals: what any match finds (every literal is placed, or none matches). */
  literalChars: number;
  /** Whether a hole shows its value as `repr()` does (`%r`, `{!r}`): its quotes count as literal characters. */
  repr: boolean;
  /**
   * Whether a literal holds a line break: the message is several lines by design (strictyaml's
   * `While parsing\n{start_mark}\nDuplicate key '{key}' found\n{end_mark}\n{note}`), so a trailing
   * hole takes the rest of the text, not the rest of its line.
   */
  lines: boolean;
  /**
   * A first literal starting the template with spaces, less them (`"\nparse error on value …"`);
   * '' otherwise. The input is read trimmed: where the text starts so, the literal stands there.
   */
  bare: string;
  /**
   * Whether the first literal is spaces alone, holes after it (`'\n' + line + '\n' + …`, a parse
   * error printing the input's line first): the input's trimming takes it all off, so it stands,
   * empty, where the text starts.
   */
  blank: boolean;
  /** How many holes the template starts with (its first literal's index). */
  lead: number;
}

export function prepareTemplate(template: Template): PreparedTemplate {
  const fresh: boolean[] = [];
  const names = new Set<string>();
  let longest = '';
  let literalChars = 0;
  let repr = false;
  let lines = false;
  const lead = leadingHoles(template);
  template.forEach((s, i) => {
    if (!isLit(s) && s.hole.kind === 'repr') repr = true;
    if (isLit(s) && s.lit.includes('\n')) lines = true;
    if (isLit(s)) literalChars += nonSpace(s.lit);
    fresh.push(!isLit(s) && !names.has(s.hole.name));
    if (!isLit(s)) names.add(s.hole.name);
    else {
      // (the last literal before a trailing hole may stand at the end of a trimmed text without its spaces: see place)
      // (and a last literal its final spaces, which the input's trimming takes off: `(access_denied) `)
      // (and a first literal after holes its leading spaces, the holes empty, or the first of all
      // its leading spaces, which the input's trimming takes off: see place)
      let must = i >= template.length - 2 ? s.lit.trimEnd() : s.lit;
      if (i === lead) must = must.trimStart();
      if (must.length > longest.length) longest = must;
    }
  });
  const first = template[0];
  const trimmedFirst = first && isLit(first) ? first.lit.trimStart() : '';
  const bare = first && isLit(first) && trimmedFirst.length < first.lit.length ? trimmedFirst : '';
  const blank = !!first && isLit(first) && first.lit.length > 0 && trimmedFirst === '' && template.length > 1;
  return { template, fresh, longest, literalChars, repr, lines, lead, bare, blank };
}

/** A text to match many templates against; its whitespace facts are computed on first use. */
export class MatchText {
  private ns = -1;
  /** First non-space offset (the length when there is none) and the offset after the last one (0 when none). */
  private first = -1;
  private last = -1;
  constructor(readonly text: string) {}

  /** Non-space characters of the text. */
  get nonSpace(): number {
    if (this.ns < 0) this.ns = nonSpace(this.text);
    return this.ns;
  }

  /**
   * Whether only whitespace (`\s`, the set trim() removes) lies before `start` and from `end` on, or
   * only the quotes the whole text is printed in (a message printed as its repr, Python's
   * `KeyError: '99 is not registered'`): a span so placed reads all of it.
   */
  isWhole(start: number, end: number): boolean {
    if (this.first < 0) this.extent();
    if (start <= this.first && end >= this.last) return true;
    const q = this.text.charCodeAt(this.first);
    return this.last - this.first >= 2 && isQuote(q) && this.text.charCodeAt(this.last - 1) === q && start <= this.first + 1 && end >= this.last - 1;
  }

  /**
   * Whether only whitespace, and a quote, lies before `start`: a span from there starts the text (a
   * message printed as its repr, Python's `KeyError: 'LRUCache is empty'`, starts inside its quote).
   */
  startsAt(start: number): boolean {
    if (this.first < 0) this.extent();
    return start <= this.first + (isQuote(this.text.charCodeAt(this.first)) ? 1 : 0);
  }

  /** Whether only whitespace, and a quote, lies from `end` on: a span to there ends the text. */
  endsAt(end: number): boolean {
    if (this.first < 0) this.extent();
    return end >= this.last - (this.last > 0 && isQuote(this.text.charCodeAt(this.last - 1)) ? 1 : 0);
  }

  private extent(): void {
    const t = this.text;
    let f = 0;
    while (f < t.length && isSpace(t.charCodeAt(f))) f++;
    let l = t.length;
    while (l > 0 && isSpace(t.charCodeAt(l - 1))) l--;
    this.first = f;
    this.last = l;
  }
}

/** Quick reject: false when the template's longest literal occurs nowhere in the text (then nothing can place it). */
export function mayMatch(p: PreparedTemplate, mt: MatchText): boolean {
  return mt.text.includes(p.longest);
}

/**
 * An empty captures object without a prototype: a placeholder may be named like an Object property
 * (`${value.toString()}` gives `toString`, `__proto__` would set the prototype of a plain object).
 */
export const newCaptures = (): Record<string, string> => Object.create(null) as Record<string, string>;

export function matchTemplate(template: Template, text: string): TemplateMatch | null {
  return matchPrepared(prepareTemplate(template), new MatchText(text), newCaptures());
}

/**
 * Match a prepared template; `captures` is filled in place when given (and the
 * result then carries it), else no hole value is sliced out.
 */
export function matchPrepared(p: PreparedTemplate, mt: MatchText, captures: Record<string, string>): TemplateMatch | null;
export function matchPrepared(p: PreparedTemplate, mt: MatchText, captures?: null): MatchFacts | null;
export function matchPrepared(p: PreparedTemplate, mt: MatchText, captures: Record<string, string> | null = null): TemplateMatch | MatchFacts | null {
  // The quick reject first: it reads only the text and one string of the template.
  if (!mayMatch(p, mt)) return null;
  if (p.template.length === 0) return null;
  const first = place(p, mt, captures, false);
  if (first !== EMPTY_CHANCE) return first;
  // A literal stood right where a hole before it starts: the value may be empty (`'%s' expected a map`
  // given an empty name prints `'' expected a map`). Placed again with such holes allowed empty, only
  // when a hole that takes a character left no match.
  if (captures) for (const k of Object.keys(captures)) delete captures[k];
  const second = place(p, mt, captures, true);
  return second === EMPTY_CHANCE ? null : second;
}

/**
 * The quotes a `repr` hole's value `text[from, to)` came in (`%r` of a string says `'flush'`): 2, or
 * 0. (A function of its own, called only for a template with such a hole: place() runs for every
 * candidate of every lookup, and no longer allocates a closure each time.)
 */
function reprQuotes(seg: Segment, text: string, from: number, to: number): number {
  const q = text[from];
  return !isLit(seg) && seg.hole.kind === 'repr' && to - from >= 2 && (q === "'" || q === '"') && text[to - 1] === q ? 2 : 0;
}

/** A quoted value this long at most is read by quotedEnd. */
const MAX_QUOTED = 256;

/**
 * Where a `repr` hole's value starting at `from` with a quote ends (after its closing quote, an
 * escaped one passed over, on the same line), or -1: not a repr hole, no quote, or no end near.
 */
function quotedEnd(seg: Segment, text: string, from: number): number {
  const q = text[from];
  if (isLit(seg) || seg.hole.kind !== 'repr' || (q !== '"' && q !== "'")) return -1;
  for (let i = from + 1; i < text.length && i <= from + MAX_QUOTED; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '\n') return -1;
    else if (c === q) return i + 1;
  }
  return -1;
}

/** How many holes the template starts with. */
function leadingHoles(t: Template): number {
  let i = 0;
  while (i < t.length && !isLit(t[i])) i++;
  return i;
}

/** What place() answers for no match when a hole could have been empty (its literal stood where the hole starts). */
const EMPTY_CHANCE = Symbol('empty chance');

/**
 * Places the literals left to right. A hole before a literal takes at least one character, unless
 * `empty`: then it may take none, and a trailing hole may be empty where the last literal, less its
 * final spaces, ends the text. Leftmost placement is optimal either way.
 */
function place(p: PreparedTemplate, mt: MatchText, captures: Record<string, string> | null, empty: boolean): TemplateMatch | MatchFacts | null | typeof EMPTY_CHANCE {
  const template = p.template;
  const text = mt.text;
  let pos = 0;
  let start = -1;
  let pending = -1; // segment index of the hole awaiting its end
  let holeStart = 0;
  let chance = false;
  let cut = false;
  let trimmedStart = false;
  // (the quotes a repr hole's value is in: `%r` of a string says `'flush'`, as `'%s'` writes them)
  let quotes = 0;
  for (let i = 0; i < template.length; i++) {
    const seg = template[i];
    if (isLit(seg)) {
      // (`"\nparse error on value #{…}"`, racc's on_error, or a heredoc's indented first line: the
      // input's trimming takes the leading spaces off, so the first literal less them starts a text that starts so)
      const trimmed = i === 0 && p.bare !== '' && text.startsWith(p.bare);
      if (trimmed) trimmedStart = true;
      // (a first literal of spaces alone stands where the text starts, all of it or, trimmed off, none)
      const blank = i === 0 && p.blank;
      if (blank && !text.startsWith(seg.lit)) trimmedStart = true;
      let at = trimmed || blank ? 0 : text.indexOf(seg.lit, pos);
      if (at === pos && pending >= 0 && !empty) {
        // A hole before this literal needs at least one character (on this placement).
        chance = true;
        at = text.indexOf(seg.lit, pos + 1);
      }
      let length = trimmed ? p.bare.length : blank && trimmedStart ? 0 : seg.lit.length;
      if (at < 0 && pos === 0 && i > 0 && i === p.lead) {
        // `{reason}\nExpected: {matcher}…` given an empty reason prints `\nExpected: …`, which the
        // input's trimming leaves `Expected: …`: the first literal less its leading spaces starts the
        // text, the holes before it empty (so only on the placement that allows empty holes).
        const bare = seg.lit.trimStart();
        if (bare.length < seg.lit.length && bare.length > 0 && text.startsWith(bare)) {
          if (!empty) chance = true;
          else [at, length] = [0, bare.length];
        }
      }
      if (at < 0 && i === template.length - 2) {
        // `units: invalid {orig}` given an empty value prints `units: invalid `, which the input's trimming
        // leaves `units: invalid`: the last literal less its spaces at the end of the text, the hole empty.
        const bare = seg.lit.trimEnd();
        const from = text.length - bare.length;
        if (bare.length < seg.lit.length && bare.length > 0 && from >= pos + (pending >= 0 && !empty ? 1 : 0) && text.endsWith(bare)) {
          if (!empty) chance = true;
          else [at, length, cut] = [from, bare.length, true];
        }
      }
      if (at < 0 && i === template.length - 1) {
        // `({error}) {description}` given an empty description prints `(access_denied) `, trimmed
        // `(access_denied)`: the last literal less its final spaces ends the text (no hole is empty).
        // A last literal of spaces alone (`…\n     but: {mismatch}\n`) is all taken off: the hole before it ends the text.
        const bare = seg.lit.trimEnd();
        const from = text.length - bare.length;
        const spaces = bare.length === 0 && pending >= 0 && p.literalChars > 0;
        if (bare.length < seg.lit.length && (bare.length > 0 || spaces) && from >= pos + (pending >= 0 && !empty ? 1 : 0) && text.endsWith(bare)) {
          [at, length] = [from, bare.length];
        }
      }
      if (at < 0) return chance ? EMPTY_CHANCE : null;
      if (i === template.length - 1 && pending >= 0 && at + length < text.length && text.endsWith(seg.lit)) {
        // The last literal after a hole, found earlier in the text and ending it too (`… because
        // {message}.` given `'Store.save()' doesn't allow …`): it stands at the end, the hole takes what
        // comes before. Leftmost placement is optimal for the literals that have more after them.
        at = text.length - seg.lit.length;
      }
      if (pending >= 0) {
        if (captures && p.fresh[pending]) captures[holeName(template, pending)] = text.slice(holeStart, at);
        if (p.repr) quotes += reprQuotes(template[pending], text, holeStart, at);
        pending = -1;
      }
      if (start < 0) start = at;
      pos = at + length;
    } else {
      if (start < 0) start = pos;
      if (pending >= 0 && p.fresh[pending]) {
        // Two adjacent holes: give the first one a single character; leftmost is as good as any split.
        // A repr hole whose value starts with a quote takes the quoted value, its quotes text as a
        // repr hole's are (`unknown command %q for %q%s` given `… for "app"\n\nDid you mean …`).
        // (not when the quotes end the text: the next hole would be empty, as the split gives it none)
        const quoted = p.repr ? quotedEnd(template[pending], text, holeStart) : -1;
        const to = quoted > 0 && quoted < text.length ? quoted : holeStart + 1;
        if (captures) captures[holeName(template, pending)] = text.slice(holeStart, to);
        if (to === quoted) quotes += 2;
        pos = to;
      }
      pending = i;
      holeStart = pos;
    }
  }
  let end = pos;
  if (pending >= 0) {
    // A trailing hole takes the rest of the line, as a user would read it.
    if (holeStart >= text.length && !cut) {
      // (the last literal ended with a space and the text with it: the value is empty, as above)
      const before = template[pending - 1];
      const spaced = !!before && isLit(before) && before.lit.trimEnd().length < before.lit.length && before.lit.trimEnd().length > 0;
      if (!spaced) return chance ? EMPTY_CHANCE : null;
      if (!empty) return EMPTY_CHANCE;
    }
    const nl = cut || p.lines ? -1 : text.indexOf('\n', holeStart + 1);
    end = nl < 0 ? text.length : nl;
    if (captures && p.fresh[pending]) captures[holeName(template, pending)] = text.slice(holeStart, end);
    if (p.repr) quotes += reprQuotes(template[pending], text, holeStart, end);
  }
  const total = mt.nonSpace;
  const literalChars = p.literalChars + quotes;
  const coverage = total ? Math.min(1, literalChars / total) : 0;
  const whole = mt.isWhole(start, end);
  const facts: MatchFacts = empty ? { start, end, literalChars, coverage, whole, empty } : { start, end, literalChars, coverage, whole };
  if (trimmedStart) facts.trimmed = true;
  return captures ? { captures, ...facts } : facts;
}
