// Wrapped messages: a library puts another error's message inside its own, as a wrapper template
// whose hole holds the caught error's text (`While parsing {source}: {e}`: Hole.inner, set by the
// packs), or as a generic decoration (a position, a location, `Error: `, an excerpt with a caret:
// match/decorations.ts). rankMessage ranks the whole message as rankLink does, then the inner
// message again, layer by layer (at most MAX_DEPTH, one inner text per layer: a ranking per layer,
// never one per candidate), and returns the hits of every layer in one list, each inner hit with
// the layers around the text it matched (`wrappedBy`, outer first).
//
// Which comes first: a wrapper that is a generic decoration (`{path}: {message}`, `{e} (line {n})`,
// `While parsing {source}: {e}`: isDecoration) says little of its own, so the inner origin is the
// answer when it is a confident match; a wrapper that says what failed (`Writer "{name}" not found.
// {err}`) stays first, the inner origin next. Generic decorations taken off the text are scored by
// how much of the whole message the inner template explains (see place).

import type { ErrorLink } from '../core/trace.js';
import { languagesWith } from '../languages/registry.js';
import { innerHole, isHole, type Hole, type Segment } from '../template/ir.js';
import { matchPrepared, matchTemplate, MatchText } from '../template/match.js';
import { peelDecorations, type Decoration } from './decorations.js';
import { F_GROUP, FACTS, type MatchLookup } from './row.js';
import { isCertain } from './quiet.js';
import { CONFIDENT, linkTexts, rankLink, type Hit } from './rank.js';

/** A layer around the text an inner hit matched. */
export type WrapLayer =
  /** A record whose template holds the inner message in a hole (the wrapper's own hit). */
  | { kind: 'record'; hit: Hit; hole: string }
  /** A generic decoration taken off (match/decorations.ts): what it was and its text. */
  | { kind: 'decoration'; decoration: Decoration; text: string };

export interface RankedHit extends Hit {
  /** Set on a hit for an inner message: the layers around it, outermost first. */
  wrappedBy?: WrapLayer[];
  /** The inner message the hit matched (set with wrappedBy). */
  inner?: string;
}

/** Layers unwrapped at most: a message wrapped deeper than this is ranked on its first three. */
export const MAX_DEPTH = 3;
/**
 * An inner hit's score is its own less this per decoration: the core of a decorated message is a
 * reading of part of it, so a template that matches the whole message (decoration included, as
 * json5's `… at {line}:{column}`) stays ahead of one that matches the core as well.
 */
const DECORATION_DISCOUNT = 0.02;
/** Below the wrapper it is ranked after, an inner hit of a wrapper that says more than it wraps. */
const BELOW_WRAPPER = 0.01;
/** Above the wrapper, the confident inner origin of a wrapper that is mostly its hole. */
const ABOVE_WRAPPER = 0.01;
/** Languages whose wrapped messages are answered by their innermost layer (Language.errorsAsValues). */
const VALUES = languagesWith('errorsAsValues');
/** Inner texts shorter than this (characters, trimmed) are not ranked. */
const MIN_INNER = 3;

export function rankMessage(index: MatchLookup, link: ErrorLink, limit = 10): RankedHit[] {
  let outer: RankedHit[] = rankLink(index, link, limit);
  if (!link.message) return outer;
  outer = wrappersBeside(index, outer, link, limit);
  outer = byInnerOrigin(index, outer, link, limit);
  outer = reraiseAbove(outer);
  const all: RankedHit[][] = [outer];
  let hits = outer;
  let text = link.message.trim();
  let around: WrapLayer[] = [];
  let current = link;
  // No inner hit ranks above a wrapper that says more than it wraps, however deep (see place).
  let ceiling = 1;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const next = wrapperOf(hits, text, current) ?? decorationsOf(hits, text, current);
    if (!next || next.text === text) break;
    const layers = [...around, ...next.layers];
    const wrapper = next.layers[0].kind === 'record' ? next.layers[0].hit : null;
    const reason = layerReason(next.layers);
    const inner: RankedHit[] = rankLink(index, next.link, limit).map((h) => innerHit(h, [reason, ...h.why], layers.filter((w) => sameLanguage(w, h)), next.text));
    ceiling = place(inner, wrapper, next.text, text, next.layers.length, ceiling);
    all.push(inner);
    hits = inner;
    text = next.text;
    around = layers;
    current = next.link;
  }
  return all.length === 1 ? outer : merge(all, limit, index, link.message.trim());
}

/**
 * An inner hit: rankLink's hit with its reasons and layers, written out (a spread copy, `{ ...h,
 * why }`, took ~7 µs a hit against 0.1 µs for the literal, and an inner ranking returns up to
 * `limit` hits).
 */
const innerHit = (h: Hit, why: string[], wrappedBy: WrapLayer[], inner: string): RankedHit => ({
  row: h.row, lines: h.lines, score: h.score, matchType: h.matchType, captures: h.captures, why, frame: h.frame,
  frameKind: h.frameKind, frameDepth: h.frameDepth, explains: h.explains, copies: h.copies, wrappedBy, inner,
});

/** The hit with another score (as innerHit, written out). */
const rescored = (h: RankedHit, score: number): RankedHit => {
  const out: RankedHit = {
    row: h.row, lines: h.lines, score, matchType: h.matchType, captures: h.captures, why: h.why, frame: h.frame,
    frameKind: h.frameKind, frameDepth: h.frameDepth, explains: h.explains, copies: h.copies,
  };
  if (h.wrappedBy !== undefined) out.wrappedBy = h.wrappedBy;
  if (h.inner !== undefined) out.inner = h.inner;
  return out;
};

/**
 * Wrappers tied at the top (`called \`Result::unwrap()\` on an \`Err\` value: {err}` at every
 * `unwrap()` of every crate, `{op}: {err}`): the ones of the repository that writes the message
 * their hole holds go first. A wrapper formats the error its own code returned, which is far more
 * often its own package's than another's. Asked only when the best hit is a wrapper tied with the
 * next and its inner message is a confident template match of another repository: one ranking of
 * the inner text, and one again of the whole message with that repository preferred on ties.
 */
function byInnerOrigin(index: MatchLookup, outer: RankedHit[], link: ErrorLink, limit: number): RankedHit[] {
  const [first, second] = outer;
  if (!first || !second || second.score !== first.score || first.matchType !== 'template') return outer;
  // (the hole holding another error's message; else the last hole, a value such as a `{:?}` of the error)
  const t = first.row.template;
  const last = t.length && isHole(t[t.length - 1]) ? (t[t.length - 1] as { hole: Hole }).hole : null;
  const hole = innerHole(t) ?? last;
  const text = hole ? first.captures[hole.name]?.trim() : undefined;
  // (a value of one word, `PT-1S`, is no message of its own: not ranked)
  if (!text || text.length < MIN_INNER || text.length >= link.message.trim().length || !/\s/.test(text)) return outer;
  const origin = rankLink(index, innerLink(link, text, false), 1)[0];
  if (!origin || origin.matchType !== 'template' || origin.score < CONFIDENT || origin.row.repo === first.row.repo) return outer;
  if (!oneLanguage(first, origin)) return outer;
  return rankLink(index, link, limit, origin.row.repo);
}

/** Above the raise whose error it catches, a re-raise that writes the same message (reraiseAbove). */
const RERAISE_ABOVE = 0.005;

/**
 * A re-raise of a caught error of the same class, formatted as the class formats it (regex's `except
 * error as e: caught = e` … `raise error(caught.msg, caught.pattern, caught.pos)`: `{msg} at position
 * {pos}` around the caught `missing ) at position {pos}`): both read the whole message, the raise
 * whose error the re-raise catches higher. That error never leaves the `try`: the one the user sees
 * is the re-raise's, which goes just above it. Only a re-raise of the same repository and class, of an
 * error of that class its handler catches (Hole.caught), whose template is that hit's with the inner
 * hole for the hit's own text, around a literal of its own.
 */
function reraiseAbove(outer: RankedHit[]): RankedHit[] {
  let out = outer;
  for (let k = 1; k < out.length; k++) {
    const w = out[k];
    if (w.matchType !== 'template' || !innerHole(w.row.template)) continue;
    const j = out.findIndex((h, i) => i < k && h.matchType === 'template' && reraises(w, h));
    if (j < 0) continue;
    const caught = out[j];
    const moved = rescored(w, Math.min(1, caught.score + RERAISE_ABOVE));
    moved.why = [...w.why, `a re-raise of the error caught from ${caught.row.filePath}:${caught.lines[0]}, the same message: the error that leaves the \`try\``];
    out = [...out.slice(0, j), moved, ...out.slice(j, k), ...out.slice(k + 1)];
  }
  return out;
}

/**
 * Whether `w`'s template is `t`'s with its inner hole standing for the text `t` writes (see
 * reraiseAbove): the segments around the hole are `t`'s first and last ones, the literals next to the
 * hole ending (starting) `t`'s (`missing ) at position ` ends with ` at position `), and `t` writes
 * more literal text than `w`.
 */
function reraises(w: Hit, t: Hit): boolean {
  const a = w.row;
  const b = t.row;
  if (a.repo !== b.repo || a.classTail === null || a.classTail !== b.classTail || a.generic || b.literalChars <= a.literalChars) return false;
  // (the handler catches the class the hit raises: `except SyntaxError as err: raise TemplateSyntaxError(err, …)`
  // writes the same text around another error's)
  const at = a.template.findIndex((s) => isHole(s) && s.hole.inner === true && s.hole.caught === b.classTail);
  if (at < 0) return false;
  const head = a.template.slice(0, at);
  const tail = a.template.slice(at + 1);
  if (!tail.concat(head).some((s) => !isHole(s) && s.lit.trim() !== '')) return false;
  const n = b.template.length;
  if (n < head.length + tail.length) return false;
  // (the segment next to the hole, a literal, may hold more of `t`'s text: its end (start) is the wrapper's)
  const same = (x: Segment, y: Segment, edge: 'start' | 'end' | null) => {
    if (isHole(x) || isHole(y)) return isHole(x) && isHole(y);
    return edge === 'end' ? y.lit.endsWith(x.lit) : edge === 'start' ? y.lit.startsWith(x.lit) : x.lit === y.lit;
  };
  return head.every((s, i) => same(s, b.template[i], i === head.length - 1 ? 'start' : null))
    && tail.every((s, i) => same(s, b.template[n - tail.length + i], i === 0 ? 'end' : null));
}

/**
 * Whether `w` is a handler's raise around the caught error of `t`'s class, in `t`'s repository
 * (`except TextFSMTemplateError as error: raise TextFSMTemplateError('%s Line %s.' % (error, n))`
 * around `raise TextFSMTemplateError('Expect at least 3 tokens on line.')`): the message holds the
 * handler's text too, so the error that left the `try` is the handler's, the one the user sees, and
 * the raise it caught goes second. Hole.caught names the class a handler catches (Python).
 */
function catchesInner(w: Hit, t: Hit): boolean {
  return w.row.repo === t.row.repo && t.row.classTail !== null
    && w.row.template.some((s) => isHole(s) && s.hole.inner === true && s.hole.caught === t.row.classTail);
}

/** A file with more rows than this is not searched for the wrappers of a reading of part of the message. */
const BESIDE_FILE_ROWS = 400;

/**
 * The best hit reads only part of the message (`Expect at least 3 tokens on line.` in `Expect at
 * least 3 tokens on line. Line 1.`): often an inner error that a handler of the same file wraps with
 * a short text of its own (`raise X('%s Line %s.' % (error, n))`). Such a wrapper has too few words
 * of its own to be among the candidates of a large index, so the message is ranked again with its
 * file's rows that hold a caught message tried beside the reading (rank.ts considerBeside). One more
 * ranking, only for a message read in part by a file that wraps caught errors.
 */
function wrappersBeside(index: MatchLookup, outer: RankedHit[], link: ErrorLink, limit: number): RankedHit[] {
  const first = outer[0];
  if (!first || first.matchType !== 'template' || matchPrepared(first.row.prepared, new MatchText(link.message.trim()))?.whole !== false) return outer;
  const wrappers = wrapperRowsOf(index, first.row.filePath).filter((ix) => ix !== first.row.ix);
  // (considerBeside changes only wrappers whose template reads the text rankLink matches: with none,
  // the second ranking would give the first's hits again. Over the evaluation inputs: all 60 second
  // rankings a pass on the npm corpus's index, none of 16 on the Python stdlib's)
  const { msgText, classText } = linkTexts(link);
  const reads = (ix: number) => (msgText !== null && matchPrepared(index.rows[ix].prepared, msgText) !== null) || (classText !== null && matchPrepared(index.rows[ix].prepared, classText) !== null);
  return wrappers.some(reads) ? rankLink(index, link, limit, null, { rows: wrappers, reading: first.row }) : outer;
}

/** Per index, per file path: its wrapper rows (wrapperRowsOf). An index's rows never change (a persisted one's positions neither, once loaded). */
const WRAPPERS = new WeakMap<MatchLookup, Map<string, readonly number[]>>();
const NO_WRAPPERS: readonly number[] = [];

/**
 * The rows of the file (rowsForFile) that hold a caught message, none when it has more than
 * BESIDE_FILE_ROWS; read once per file and index. (A few dozen files give most partial readings:
 * 364 a pass over the evaluation inputs on the npm corpus's index, of 33 files. Read again each
 * time, with the rows scanned for a hole, wrappersBeside took 7-12 ms of a 230 ms pass; with this,
 * explain's p50 over those inputs went from 1.09-1.11x to 1.08x of the build before wrappersBeside.)
 */
function wrapperRowsOf(index: MatchLookup, filePath: string): readonly number[] {
  let byFile = WRAPPERS.get(index);
  if (!byFile) WRAPPERS.set(index, (byFile = new Map()));
  let found = byFile.get(filePath);
  if (!found) {
    const rows = index.rowsForFile(filePath);
    found = rows.length > BESIDE_FILE_ROWS ? NO_WRAPPERS : rows.filter((ix) => innerHole(index.rows[ix].template) !== null);
    byFile.set(filePath, found);
  }
  return found;
}

/**
 * Whether a wrapper record can hold an inner hit's message: code of one language does not put the
 * errors of another's code in its templates (a Go `{Op} {URL}: {Err}` read around a Rust crate's
 * message is a template that happens to fit, not a layer), so such a wrapper is no layer of that hit.
 */
function sameLanguage(w: WrapLayer, h: Hit): boolean {
  return w.kind !== 'record' || oneLanguage(w.hit, h);
}

/** Whether two hits' records are of one language (or one of them of none known). */
function oneLanguage(a: Hit, b: Hit): boolean {
  const x = a.row.language;
  const y = b.row.language;
  return x === null || y === null || x === y;
}

interface Unwrapped {
  text: string;
  layers: WrapLayer[];
  link: ErrorLink;
}

/**
 * The first hit (best first) whose template holds another error's message and captured it: the
 * inner message, ranked without the link's class, code and frames (they are the wrapper's).
 */
function wrapperOf(hits: RankedHit[], text: string, link: ErrorLink): Unwrapped | null {
  let best: Unwrapped | null = null;
  for (const h of hits) {
    if (h.matchType !== 'template' && h.matchType !== 'frame') continue;
    const hole = innerHole(h.row.template);
    if (!hole) continue;
    const inner = h.captures[hole.name]?.trim();
    if (!inner || inner.length < MIN_INNER || inner.length >= text.length) continue;
    // (the first; or a confident one after it whose hole holds the first's whole reading, the layer
    // outside it: genshi's `{msg} ({filepath}, line {lineno})` around ParseError's `{msg}: line {n},
    // column {c}`, which read the outer suffix into its last hole)
    if (best && !(h.score >= CONFIDENT && h.matchType === 'template' && inner.length > best.text.length && inner.includes(best.text))) continue;
    best = {
      text: inner, layers: [{ kind: 'record', hit: h, hole: hole.name }],
      link: innerLink(link, inner, false),
    };
  }
  return best;
}
/**
 * The link for an inner message: the same error (`keep`: a decoration taken off) or another one
 * (a wrapper's inner message: no class, code or frames of its own). Written out in the order the
 * trace parsers build links, so that rankLink sees one shape of link (a spread copy is another).
 */
const innerLink = (l: ErrorLink, message: string, keep: boolean): ErrorLink => ({
  errorClass: keep ? l.errorClass : null,
  message,
  errorCode: keep ? l.errorCode : null,
  frames: keep ? l.frames : [],
  language: keep ? l.language : null,
  relation: l.relation,
  inputLine: l.inputLine,
});

/**
 * The message without its generic decorations, ranked with the link's class, code and frames (the
 * same error); not tried when the best hit is already certain (a frame on its site, or a template
 * match with much literal text: quiet.ts), which spares the ranking for messages whose template
 * holds the decoration itself.
 */
function decorationsOf(hits: RankedHit[], text: string, link: ErrorLink): Unwrapped | null {
  if (hits[0] && isCertain(hits[0])) return null;
  const p = peelDecorations(text);
  if (!p) return null;
  return {
    text: p.core, layers: p.layers.map((l) => ({ kind: 'decoration', decoration: l.decoration, text: l.text })),
    link: innerLink(link, p.core, true),
  };
}

/** What a layer's inner hits say first in their reasons. */
function layerReason(layers: WrapLayer[]): string {
  const w = layers[0];
  if (w.kind === 'record') return `the message holds another error's message, in the hole {${w.hole}} of the template at ${w.hit.row.filePath}:${w.hit.lines[0]}`;
  return `the message less its ${layers.map((l) => (l.kind === 'decoration' ? `${l.decoration} ${JSON.stringify(l.text)}` : '')).join(', ')}`;
}

/**
 * Sets the inner hits' scores against the layer around them (see the header). Under decorations a
 * template match is scored as if its literals had been found in the whole message (the
 * decorations' characters count as text it does not explain, rank.ts: 0.25 × coverage) but keeps
 * the bonus of a whole match, less DECORATION_DISCOUNT per decoration: a template that explains
 * the decoration too (`{message} at line {line} col {col}`) stays ahead of one that matches the core.
 * No score goes above `ceiling`, the bound the layers outside set; returns the bound for the layers
 * inside (just below a wrapper that says more than it wraps).
 */
function place(inner: RankedHit[], wrapper: Hit | null, text: string, outerText: string, decorations: number, ceiling: number): number {
  if (!wrapper) {
    const core = nonSpace(text);
    const whole = Math.max(core, nonSpace(outerText));
    for (const h of inner) {
      const covered = h.matchType === 'template' ? Math.min(1, h.row.literalChars / Math.max(1, core)) * (1 - core / whole) : 0;
      h.score = Math.min(ceiling, Math.max(0, h.score - 0.25 * covered - DECORATION_DISCOUNT * decorations));
    }
    return ceiling;
  }
  // (a wrapper of a language whose errors are values puts its inner origin first too, unless a frame lands on it)
  // (so does a wrapper whose error takes the inner error's backtrace, Hole.innerFrames: the frames are the inner raise's)
  const framesOfInner = innerHole(wrapper.row.template)?.innerFrames === true;
  const decoration = wrapper.matchType !== 'frame' && (isDecoration(wrapper) || (wrapper.row.language !== null && VALUES.has(wrapper.row.language)) || framesOfInner);
  const below = Math.max(0, Math.min(ceiling, wrapper.score - BELOW_WRAPPER));
  // (the inner hit that goes first: the best, or among those as good the first the wrapper owns: of
  // equal readings of `unexpected EOF`, the one written beside encoding/xml's wrapper is its origin)
  // (a hit of another language is no reading of this wrapper's inner message: see sameLanguage)
  const generic = isDecoration(wrapper);
  const layer: WrapLayer = { kind: 'record', hit: wrapper, hole: '' };
  const own = inner.filter((h) => sameLanguage(layer, h));
  const top = own[0]?.score ?? 0;
  // (an inner hit that is itself only a decoration, `{msg}: line {n}, column {c}` around a parser's
  // native text, writes no more of the message than the wrapper: the raise the trace shows stays first;
  // so does a re-raise of the error the inner hit makes, reraiseAbove, and a handler of the inner
  // hit's class that raises it again with text of its own, catchesInner)
  const values = wrapper.row.language !== null && VALUES.has(wrapper.row.language);
  const lead = decoration
    ? inner.findIndex((h) => sameLanguage(layer, h) && h.score >= top - 1e-9 && h.score >= CONFIDENT && h.matchType !== 'fuzzy' && (generic || framesOfInner || ownsInner(wrapper, h)) && (values || !isDecoration(h)) && !reraises(wrapper, h) && !catchesInner(wrapper, h) && mayCatch(wrapper, h) && (h.row.repo === wrapper.row.repo || readsFromStart(h, text)))
    : -1;
  inner.forEach((h, k) => {
    if (k === lead) h.score = Math.min(ceiling, Math.max(h.score, Math.min(0.89, wrapper.score + ABOVE_WRAPPER)));
    else h.score = Math.min(h.score, below);
  });
  return decoration ? ceiling : below;
}

/**
 * Whether the wrapper's handler may have caught the inner hit's error: unless the class it catches is
 * one of the tree's (Hole.caughtAlso known) and the inner hit, of the same repository, raises a class
 * neither it nor one deriving from it (genshi's `except ParseError as e: raise TemplateSyntaxError(e.msg,
 * …)` does not catch text.py's `BadDirectiveError`).
 */
function mayCatch(wrapper: Hit, h: Hit): boolean {
  const hole = innerHole(wrapper.row.template);
  if (!hole?.caught || !hole.caughtAlso || !h.row.classTail || h.row.repo !== wrapper.row.repo) return true;
  const tail = (n: string) => n.slice(n.lastIndexOf('.') + 1);
  return h.row.classTail === tail(hole.caught) || hole.caughtAlso.includes(h.row.classTail);
}

/**
 * Whether a hit reads the inner text from its start: another repository's template that reads only
 * its end (`parsing "{str}": invalid syntax` in `strconv.ParseInt: parsing "abc": invalid syntax`,
 * the text of a library that is not indexed) is no origin to put above the wrapper that formatted
 * it. (A reading that leaves only an end unread, a position a decoration adds, still may be.)
 */
function readsFromStart(h: Hit, text: string): boolean {
  if (h.matchType !== 'template') return true;
  const m = matchPrepared(h.row.prepared, new MatchText(text));
  return !m || m.whole || text.slice(0, m.start).trim() === '';
}

/** Literal characters from which an inner template is specific wherever it is written. */
const SPECIFIC_INNER = 16;

/**
 * Whether the inner hit of a wrapper that says what failed (in a language whose errors are values)
 * may go above it: its text is specific (SPECIFIC_INNER literal characters), or it is written in
 * the wrapper's own directory (flag's `parse error` inside its `invalid value … : %v`). A wrapper
 * formats whatever error its call returned; a short common text (`unexpected EOF`) that a record
 * of an unrelated package also writes is more likely that package's copy than the origin (image/gif's
 * `gif: reading header: %v` around io's, which is not indexed), so the wrapper stays first.
 */
function ownsInner(wrapper: Hit, h: Hit): boolean {
  if (h.row.literalChars >= SPECIFIC_INNER) return true;
  const dir = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);
  return h.row.repo === wrapper.row.repo && dir(h.row.filePath) === dir(wrapper.row.filePath);
}

/**
 * A wrapper that is a generic decoration: beside its holes, no word that is not a position or a
 * generic word of context (`{path}: {e}`, `{e} (line {n})`, `While parsing {source}: {e}`, `Error in
 * {file}: {e}`); one such word in a language whose errors are values, where every layer wraps the
 * one below it. `Writer "{name}" not found. {err}` and `Parsing configspec failed: {e}` say what
 * failed: the wrapper is the answer.
 */
function isDecoration(h: Hit): boolean {
  const allowed = h.row.language !== null && VALUES.has(h.row.language) ? 1 : 0;
  let words = 0;
  for (const s of h.row.template) {
    if (isHole(s)) continue;
    for (const w of s.lit.toLowerCase().match(/[a-z]{3,}/g) ?? []) if (!DECORATION_WORDS.has(w) && ++words > allowed) return false;
  }
  return true;
}
const DECORATION_WORDS = new Set([
  'line', 'lines', 'column', 'col', 'row', 'pos', 'position', 'offset', 'char', 'character', 'index', 'file', 'near', 'the', 'and',
  'error', 'errors', 'exception', 'failed', 'while', 'when', 'parsing', 'reading', 'loading', 'processing', 'caused',
]);

/** Characters other than whitespace. */
function nonSpace(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (!SPACE.test(s[i])) n++;
  return n;
}
const SPACE = /\s/;

/**
 * The same template read in the whole message and in its core, the decorations alone making the
 * difference in score: its holes took the decorations (`… in section {section}` took `ui (line
 * 3)`), so the core's reading, whose captures are the values, is the one to show, at the score of
 * the whole message's.
 */
function sameTemplateThroughDecorations(outer: RankedHit, inner: RankedHit): boolean {
  const layers = inner.wrappedBy;
  if (!layers || outer.row.ix !== inner.row.ix || outer.matchType !== inner.matchType) return false;
  if (layers.length <= (outer.wrappedBy?.length ?? 0) || !layers.every((w) => w.kind === 'decoration')) return false;
  return inner.score >= outer.score - DECORATION_DISCOUNT * layers.length - 1e-9;
}

/**
 * Whether `inner` reads the same record as `outer` inside a wrapper record's hole that `outer`'s
 * reading of the whole `text` did not go through, and explains as much of the text with its
 * literals there: `outer`'s reading then explains nothing of the wrapper's own text (its holes may
 * have taken it as values: ParseError's `{offset}` read as `18 (<string>, line 1)`), and the reading
 * in context, ranked against the wrapper, replaces it. A reading whose literals take the wrapper's
 * text (a class that writes the suffix itself) stays; so does a frame on the record, evidence of
 * its own. Two template matches, only for a record read in two layers.
 */
function insideWrapper(outer: RankedHit, inner: RankedHit, text: string): boolean {
  const layers = inner.wrappedBy;
  if (!layers || !inner.inner || outer.row.ix !== inner.row.ix || outer.matchType === 'frame') return false;
  const records = (l: WrapLayer[] | undefined) => (l ?? []).filter((w) => w.kind === 'record').length;
  if (records(layers) <= records(outer.wrappedBy)) return false;
  const part = matchTemplate(inner.row.template, inner.inner);
  if (!part) return false;
  const whole = matchTemplate(outer.row.template, text);
  return !whole || part.literalChars >= whole.literalChars;
}

/**
 * The hits of every layer, best first, one per group of rows that are one answer (the better of
 * two readings reaching it), at most `limit`; equal scores in the order the layers found them.
 */
function merge(all: RankedHit[][], limit: number, index: MatchLookup, text: string): RankedHit[] {
  const facts = index.facts;
  const best = new Map<number, { h: RankedHit; order: number }>();
  let order = 0;
  for (const hits of all) {
    for (const h of hits) {
      const g = facts[h.row.ix * FACTS + F_GROUP];
      const had = best.get(g);
      // (on a tie the reading through more layers: it explains more of the text; and a reading inside a
      // wrapper record's hole replaces the same record's reading of the whole text when it explains as
      // much with its literals: insideWrapper)
      if (!had || h.score > had.h.score || (h.score === had.h.score && (h.wrappedBy?.length ?? 0) > (had.h.wrappedBy?.length ?? 0)) || insideWrapper(had.h, h, text)) {
        best.set(g, { h, order: had ? had.order : order });
      } else if (sameTemplateThroughDecorations(had.h, h)) best.set(g, { h: rescored(h, had.h.score), order: had.order });
      order++;
    }
  }
  return [...best.values()].sort((a, b) => b.h.score - a.h.score || a.order - b.order).slice(0, limit).map((e) => e.h);
}
