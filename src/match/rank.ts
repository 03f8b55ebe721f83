// Candidate generation, verification and ranking for one error link. Evidence,
// strongest first: a stack frame on the record's file and line; the exception
// class; a template match with many literal characters; an error code; the
// package in frame paths; fuzzy word overlap.

import type { ErrorLink, Frame } from '../core/trace.js';
import { languagesWith } from '../languages/registry.js';
import { innerHole, isGeneric, isLit, literalWeight } from '../template/ir.js';
import { MatchText, matchPrepared, newCaptures, prepareTemplate, type MatchFacts, type PreparedTemplate } from '../template/match.js';
import {
  CANDIDATE_LIMIT, candidateOrder, classTail, descending, F_CLASS, F_ENTRY, F_FLAGS, F_LITERAL_CHARS, F_PACKAGE, F_PATH_LENGTH, F_GROUP, FACTS, ROW_BUNDLED,
  ROW_GENERIC, ROW_HAS_CLASS, ROW_HAS_CODE, ROW_INTERNAL, ROW_LITERAL_ONLY, ROW_NATIVE, ROW_NO_CLASS, ROW_COMPILED_IN_PACKAGE, ROW_OTHER_PLATFORM, type Candidate, type Copy, type IndexedRow,
  type MatchLookup,
} from './row.js';
import { frameEvidence, framePackages, userFrames, type FrameFact } from './frames.js';
import { topDistinct } from './top.js';

/** `line`: no site is on the innermost indexed frame's line; the answer is that line (service/explain.ts). */
export type MatchType = 'frame' | 'template' | 'code' | 'fuzzy' | 'line';

export interface Hit {
  row: IndexedRow;
  /** The lines of the row's file raising the matched message (HitGroups.linesOf). */
  lines: number[];
  score: number;
  matchType: MatchType;
  captures: Record<string, string>;
  why: string[];
  frame: Frame | null;
  /** How the frame is on the record (on its line, within 3 lines, in its file) and its depth (0: innermost); null without a frame. */
  frameKind: FrameFact['kind'] | null;
  frameDepth: number;
  /** The template matched the message, and not only as a generic template that fits any text. */
  explains: boolean;
  /** The same raise in other files of the tree (other builds of the package). */
  copies: Copy[];
}

const NO_CANDIDATES: Scored[] = [];
const NO_ROWS: readonly number[] = [];

/**
 * Less for a template match in which a hole took no text (`'%s' expected a map` read in `'' expected a
 * map`): a reading where every value is there goes first (a bundle's `{sign}0x{hex}` of one build
 * matching `0xc1` only with its sign empty stays below the other build's `{byte}`).
 */
const EMPTY_HOLE = 0.01;
/** Less, by less than EMPTY_HOLE, for a template match whose first literal stood without its leading spaces (MatchFacts.trimmed). */
const TRIMMED_START = 0.005;
/**
 * A runtime's message (a catalogue's record, languages/shared/native.ts) that is the whole text: a
 * little less than a template written in the source, which explains the same text better. The same
 * for a text handed to another package's code (RawSite.handedTo): a raise of that text ranks first.
 */
const NATIVE_TIE = 0.005;
/**
 * A runtime's message read in part of the text: far less, below the wrapper around it (webob's
 * `Badly formed base64 data: {e}` around binascii's text), which unwrapping then ranks it under.
 */
const NATIVE_PART = 0.2;

/** A generic template matched by a record of the class the input names (see assess). */
const CLASS_GENERIC = 0.3;

/** Below this score a hit is not a confident answer. */
export const CONFIDENT = 0.5;

/**
 * `preferRepo`: among hits as good by score and literal text, those of this repository first (the
 * repository that writes the message a wrapper's hole holds: match/wrap.ts). `beside`: wrapper rows
 * to try beside a reading of part of the message (considerBeside).
 */
export function rankLink(index: MatchLookup, link: ErrorLink, limit = 10, preferRepo: string | null = null, beside: Beside | null = null): Hit[] {
  const frames = userFrames(link);
  const { message, msgText, classText } = linkTexts(link);
  const linkClass = classTail(link.errorClass);
  const frameFacts = frameEvidence(index, frames);
  const packagesInFrames = framePackages(frames);

  const longerText = classText ?? msgText;
  // Candidates by the words of the class and the message; then the records whose template is the
  // message and has no word to find them by. Looked up before the row facts are read: a persisted
  // index (match/lazy.ts) loads the rows a lookup selects, and its facts grow with them.
  const found = longerText ? index.candidates(longerText.text, CANDIDATE_LIMIT, scoredFor, index.wordlessRows(message)) : NO_CANDIDATES;
  // The records raising the class the text names, for a message that is only the user's value
  // (`UnknownTimeZoneError: 'Mars/Olympus_Mons'` from `raise UnknownTimeZoneError(zone)`): a template
  // of holes has no word to be found by. A class raised at many records is not looked up (CLASS_ROWS).
  const byClass = link.message.trim() && linkClass !== null ? index.classRows(linkClass) : NO_ROWS;
  const rowFacts = index.facts;
  const facts: LinkFacts = {
    link, message, linkClass, classId: index.classId(linkClass), packageIds: packageIdsOf(index, packagesInFrames), rowFacts,
  };
  const prefixes = prefixesFor(index);
  const longest = index.longest;

  // Every candidate is verified and scored; reasons and captures are only spelled out for the hits returned.
  const scored: Scored[] = [];
  const consider = (c: Scored, onlyMatched = false) => {
    const { row } = c;
    const o = c.ix * FACTS;
    if (!c.wordsPresent) {
      // The text lacks a word the template always holds: no match, without trying.
    } else if (!longerText || !longerText.text.includes(longest[c.ix])) {
      // mayMatch(row.prepared, longerText), from the index's copy of the longest literal. One look in the
      // longer text rules out both readings: the message is the end of `Class: message`.
    } else if (msgText && (c.m = matchPrepared(row.prepared, msgText))) c.matched = msgText;
    else if (classText && !inClassOnly(rowFacts[o + F_FLAGS], longest[c.ix], link.errorClass!, message) && (c.m = matchPrepared(row.prepared, classText))) c.matched = classText;
    if (!c.m && msgText && !(rowFacts[o + F_FLAGS] & ROW_GENERIC) && c.overlap >= PREFIX_OVERLAP && rowFacts[o + F_LITERAL_CHARS] >= MIN_PREFIX_CHARS) {
      matchPrefix(c, msgText, prefixes);
      // (a message read as `Word: rest`, Thor's `ERROR: "app go" was called with …`: the template may hold the word)
      if (!c.m && classText) matchPrefix(c, classText, prefixes);
    }
    if (onlyMatched && !c.m) return;
    assess(c, facts, null);
    scored.push(c);
  };

  // Rows a frame lands on (or within 3 lines of); rows merely in a framed file only get that bonus when
  // the message also brings them in, which keeps files with hundreds of records cheap.
  let seq = 0;
  for (const ff of frameFacts.values()) {
    if (ff.kind === 'file') continue;
    const c = scoredFor(ff.row.ix, ff.row, 0, true, seq++);
    c.fromFrame = true;
    c.ff = ff;
    consider(c);
  }
  for (const c of found) {
    const ff = frameFacts.size > 0 ? (frameFacts.get(c.ix) ?? null) : null; // most links have no frame facts
    if (ff && ff.kind !== 'file') continue; // already considered above
    c.ff = ff;
    consider(c);
  }
  if (byClass.length > 0) considerByClass(index, byClass, found, frameFacts, consider);
  if (beside !== null && msgText) considerBeside(index, beside, scored, facts, consider);

  // One hit per group of rows that are one answer (HitGroups: a site's records, one file's lines raising
  // one message, the copies of one function's raise), with the group's other lines and copies.
  const qualifier = classQualifier(link.errorClass);
  const order = (a: Scored, b: Scored) => rankOrder(a, b, rowFacts, qualifier, preferRepo);
  return topDistinct(scored, limit, order, (c) => rowFacts[c.ix * FACTS + F_GROUP]).map((c): Hit => {
    const why: string[] = [];
    assess(c, facts, why);
    const captures = c.m && c.matched ? matchPrepared(c.prefix ?? c.row.prepared, c.matched, newCaptures())!.captures : newCaptures();
    const flags = rowFacts[c.ix * FACTS + F_FLAGS];
    return {
      row: c.row, lines: index.groups.linesOf(c.ix), score: c.score, matchType: c.matchType, captures, why, frame: c.ff?.frame ?? null,
      frameKind: c.ff?.kind ?? null, frameDepth: c.ff?.depth ?? -1,
      explains: readsMessage(c, flags),
      copies: index.groups.copiesOf(c.ix),
    };
  });
}

/**
 * The texts rankLink matches templates against: the message, and `Class: message` (a message that
 * itself starts with `Word: ` was read as a class; the template may hold that prefix).
 */
export function linkTexts(link: ErrorLink): { message: string; msgText: MatchText | null; classText: MatchText | null } {
  // (a class alone, no message and no frame, is also the message of an error raised without one:
  // Ruby's `raise ArgumentError` says `ArgumentError`, the template such a raise gets)
  const message = link.message.trim() || (link.frames.length === 0 && link.errorClass !== null ? link.errorClass : '');
  return { message, msgText: message ? new MatchText(message) : null, classText: message && link.errorClass ? new MatchText(`${link.errorClass}: ${message}`) : null };
}

/**
 * Hits best first: by score, then the template with more literal text (read from the row facts,
 * with the quotes its repr holes matched); then the preferred repository's (rankLink); then, for a class named with its package,
 * the file in more of that package (see packageAffinity); then a public file before one of a
 * package its library keeps for itself (Language.internalPath); then a file every common build compiles
 * before one built only for another platform (Language.platformPath); then, of errors that are values, the
 * record made at more lines (raiseLinesOrder); then the shorter path; then as
 * considered: rows frames land on first (in the order the frames reached them), then candidates
 * best first by `candidateOrder`.
 */
function rankOrder(a: Scored, b: Scored, facts: Float64Array, qualifier: string[] | null, preferRepo: string | null): number {
  const oa = a.ix * FACTS;
  const ob = b.ix * FACTS;
  return descending(a.score, b.score) || literalsOf(b, facts) - literalsOf(a, facts)
    || (preferRepo !== null ? Number(b.row.repo === preferRepo) - Number(a.row.repo === preferRepo) : 0)
    || (qualifier ? affinityOf(b, qualifier) - affinityOf(a, qualifier) : 0)
    || namesakeOf(b) - namesakeOf(a)
    || (facts[oa + F_FLAGS] & ROW_INTERNAL) - (facts[ob + F_FLAGS] & ROW_INTERNAL)
    || (facts[oa + F_FLAGS] & ROW_OTHER_PLATFORM) - (facts[ob + F_FLAGS] & ROW_OTHER_PLATFORM)
    || raiseLinesOrder(a.row, b.row)
    || facts[oa + F_PATH_LENGTH] - facts[ob + F_PATH_LENGTH]
    || consideredBefore(a, b);
}

/** Languages whose errors are values returned through layers with no trace (Language.errorsAsValues). */
const VALUES = languagesWith('errorsAsValues');

/**
 * Of two records of a language whose errors are values (Language.errorsAsValues) tied on the
 * message, the one made at more lines first: a sentinel or variant returned at twelve lines of the
 * parser (`return nil, ErrHeader`, `Err(Error::TypeMismatch(m))`) is, with nothing else to tell them
 * apart, more likely the one a message came from than the same text made at one line elsewhere (its
 * declaration's own record, a helper, a sibling entry point). Such an error carries no trace to
 * break the tie, so the count of places it is made is the prior left. Other languages' ties keep
 * their order (a trace breaks most of them).
 */
function raiseLinesOrder(a: IndexedRow, b: IndexedRow): number {
  if (a.lines.length === b.lines.length || a.language === null || b.language === null || !VALUES.has(a.language) || !VALUES.has(b.language)) return 0;
  return b.lines.length - a.lines.length;
}

/**
 * The row's literal text, with the quotes a `repr` hole's value came in (`%r` of a string says
 * `'flush'`: as much text as `'%s'` writes; template/match.ts counts them in a match).
 */
function literalsOf(c: Scored, facts: Float64Array): number {
  return facts[c.ix * FACTS + F_LITERAL_CHARS] + (c.m ? c.m.literalChars - (c.prefix ?? c.row.prepared).literalChars : 0);
}

/**
 * The package segments of a class named with them (`javax.swing.text.BadLocationException`,
 * `Symfony\Component\Yaml\Exception\ParseException`, `JWT::DecodeError`, `lark.exceptions.X`):
 * null for a bare class name.
 */
export function classQualifier(errorClass: string | null): string[] | null {
  if (!errorClass) return null;
  const segs = errorClass.split(/\.|::|\\/).filter(Boolean);
  return segs.length > 1 ? segs.slice(0, -1).map((s) => s.toLowerCase().replace(/_/g, '')) : null;
}

/**
 * Of records tied on the message, the one in the class's own package: how many leading segments of
 * the class's package the record's directory holds in a row (`javax/swing/text/StringContent.java`
 * holds all three of `javax.swing.text`, `javax/swing/DefaultRowSorter.java` two). A library raises
 * its own error classes in their package more than elsewhere; the same text raised as another
 * class there is another error.
 */
export function packageAffinity(qualifier: string[], filePath: string): number {
  // (underscores dropped on both sides: Ruby's SemanticRange lives in semantic_range/)
  const dir = `/${filePath.toLowerCase().replace(/_/g, '').split('/').slice(0, -1).join('/')}/`;
  for (let k = qualifier.length; k > 0; k--) if (dir.includes(`/${qualifier.slice(0, k).join('/')}/`)) return k;
  return 0;
}

function affinityOf(c: Scored, qualifier: string[]): number {
  return (c.affinity ??= packageAffinity(qualifier, c.row.filePath));
}

/**
 * Of records tied on the message, one whose file is named as a class (`Controller.php`) and a
 * capture of which names a class ending with that name (`Method InvoiceController::shwo does not
 * exist.`): a base class's message naming the instance's own class (a late static class, the
 * object's runtime class), which a subclass named after its base (`InvoiceController extends
 * Controller`, `UserRepository extends Repository`) fills. 1 for such a record, else 0; read only
 * when a tie asks for it.
 */
export function classNamesake(filePath: string, captures: Record<string, string>): number {
  const stem = /([A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)*)\.[A-Za-z]+$/.exec(filePath.slice(filePath.lastIndexOf('/') + 1));
  if (!stem || stem[1].length < 4 || stem[0].length !== filePath.length - filePath.lastIndexOf('/') - 1) return 0;
  for (const value of Object.values(captures)) {
    // (the class's last segment: `App\Http\InvoiceController`, `com.acme.InvoiceController`)
    const cls = /(?:^|[\\.:])([A-Z][A-Za-z0-9]*)$/.exec(value.trim())?.[1];
    if (cls && cls.length > stem[1].length && cls.endsWith(stem[1]) && /[a-z0-9]/.test(cls[cls.length - stem[1].length - 1])) return 1;
  }
  return 0;
}

function namesakeOf(c: Scored): number {
  if (c.namesake === undefined) {
    const captures = c.m && c.matched ? matchPrepared(c.prefix ?? c.row.prepared, c.matched, newCaptures())?.captures : undefined;
    c.namesake = captures ? classNamesake(c.row.filePath, captures) : 0;
  }
  return c.namesake;
}

function consideredBefore(a: Scored, b: Scored): number {
  if (!a.fromFrame && !b.fromFrame) return candidateOrder(a, b);
  if (!a.fromFrame || !b.fromFrame) return a.fromFrame ? -1 : 1;
  return a.found - b.found;
}

/** What a link brings to the scoring of every candidate. */
interface LinkFacts {
  link: ErrorLink;
  message: string;
  linkClass: string | null;
  /** The index's F_CLASS for linkClass, and F_PACKAGE for each package the frames run in. */
  classId: number;
  packageIds: number[];
  /** MatchIndex.facts: scoring reads a candidate's row from there (see FACTS). */
  rowFacts: Float64Array;
}

function packageIdsOf(index: MatchLookup, packages: ReadonlySet<string>): number[] {
  const ids: number[] = [];
  for (const p of packages) {
    const id = index.packageId(p);
    if (id >= 0) ids.push(id);
  }
  return ids;
}

/** A candidate record with its evidence; `assess` sets its score and match type. */
interface Scored extends Candidate {
  /** Brought in by a frame (considered first, in `found` order) rather than by the word lookup. */
  fromFrame: boolean;
  /** The template match, on the message or else on `Class: message` (`matched` says which). */
  m: MatchFacts | null;
  matched: MatchText | null;
  ff: FrameFact | null;
  /** Set when only this start of the template matched (`m` is its match). */
  prefix: PreparedTemplate | null;
  score: number;
  matchType: MatchType;
  /** packageAffinity of the row for the link's class, read when a tie asks for it. */
  affinity?: number;
  /** classNamesake of the row for its captures, read when a tie asks for it. */
  namesake?: number;
  /** A wrapper whose hole holds the reading of part of the message: scored at least this (considerBeside). */
  wraps?: number;
}

/**
 * A template whose end is added under a condition (`if self.token_history: message += …`) reads
 * as one template; a message without that end still matches its start. Tried, longest start
 * first, for records the message holds most of the words of and whose whole template fails.
 */
const PREFIX_OVERLAP = 0.5;
/** A start needs this many literal characters; a template with fewer in all has none (not looked up). */
const MIN_PREFIX_CHARS = 12;
/** Per index, each row's starts by position (filled on first use): an array, as a WeakMap lookup per row cost more. */
const prefixCache = new WeakMap<MatchLookup, (PreparedTemplate[] | undefined)[]>();

function prefixesFor(index: MatchLookup): (PreparedTemplate[] | undefined)[] {
  let cache = prefixCache.get(index);
  if (!cache) prefixCache.set(index, (cache = new Array<PreparedTemplate[] | undefined>(index.rows.length).fill(undefined)));
  return cache;
}

function prefixesOf(ix: number, row: IndexedRow, cache: (PreparedTemplate[] | undefined)[]): PreparedTemplate[] {
  let out = cache[ix];
  if (out) return out;
  out = [];
  const t = row.template;
  // (an end that is holes only, empty at run time: REXML's `… characters:\n#{@source.buffer[0..80]}` of
  // a source read to its end; the message is trimmed, so the last literal's trailing space goes too)
  let last = t.length - 1;
  while (last >= 0 && !isLit(t[last])) last--;
  const end = t[last];
  if (last >= 1 && last < t.length - 1 && isLit(end) && end.lit.trimEnd()) {
    const p = [...t.slice(0, last), { ...end, lit: end.lit.trimEnd() }];
    if (literalWeight(p) >= MIN_PREFIX_CHARS && !isGeneric(p)) out.push(prepareTemplate(p));
  }
  for (let k = t.length - 1; k >= 1; k--) {
    if (!isLit(t[k])) continue; // cut before a literal; a hole before it stays out too
    let end = k;
    while (end > 0 && !isLit(t[end - 1])) end--;
    const p = t.slice(0, end);
    if (literalWeight(p) >= MIN_PREFIX_CHARS && !isGeneric(p) && !out.some((q) => q.template.length === p.length)) out.push(prepareTemplate(p));
  }
  cache[ix] = out;
  return out;
}

const prefixReason = (m: MatchFacts) =>
  `message matches the start of the template (${m.literalChars} literal characters, ${Math.round(m.coverage * 100)}% of the text); the rest of the template is not in it (added under a condition?)`;

function matchPrefix(c: Scored, text: MatchText, cache: (PreparedTemplate[] | undefined)[]): void {
  for (const p of prefixesOf(c.ix, c.row, cache)) {
    const m = matchPrepared(p, text); // (its quick reject included)
    if (m) {
      c.m = m;
      c.matched = text;
      c.prefix = p;
      return;
    }
  }
}

/**
 * A literal template read in `Class: message` only within the class's name: `raise
 * Errors::UnknownFormatError` (whose message is its name) does not explain
 * `Versionomy::Errors::UnknownFormatError: nosuchformat`, whose message is `nosuchformat`.
 */
function inClassOnly(flags: number, literal: string, errorClass: string, message: string): boolean {
  return (flags & ROW_LITERAL_ONLY) !== 0 && literal !== '' && errorClass.includes(literal) && !message.includes(literal);
}

/**
 * The records raising the link's class that the words did not bring in (nor a frame): considered
 * after them, and kept only when the template matches the message, so a class's other raises do not
 * fill the list (their words, had the message held them, would have found them).
 */
function considerByClass(
  index: MatchLookup, rows: readonly number[], found: Scored[], frameFacts: ReadonlyMap<number, FrameFact>, consider: (c: Scored, onlyMatched: boolean) => void,
): void {
  const seen = new Set<number>();
  for (const c of found) seen.add(c.ix);
  let seq = found.length;
  for (const ix of rows) {
    if (seen.has(ix)) continue;
    const ff = frameFacts.get(ix) ?? null;
    if (ff && ff.kind !== 'file') continue; // considered with the frames
    const c = scoredFor(ix, index.rows[ix], 0, true, seq++);
    c.ff = ff;
    consider(c, true);
  }
}

/** Below the reading of part of the message, a wrapper of its file whose hole holds that reading. */
const BESIDE_BELOW = 0.01;

/**
 * The wrappers rankLink is asked to try beside a reading of part of the message (match/wrap.ts
 * wrappersBeside): the rows, and the reading's row.
 */
export interface Beside {
  rows: readonly number[];
  reading: IndexedRow;
}

/**
 * Tries the wrapper rows beside a reading of part of the message; one whose hole holds text the
 * reading's template matches whole is scored just below the reading, whatever little text of its
 * own it has, so that wrap.ts meets it among the hits.
 */
function considerBeside(
  index: MatchLookup, beside: Beside, scored: Scored[], facts: LinkFacts, consider: (c: Scored, onlyMatched: boolean) => void,
): void {
  const byIx = new Map<number, Scored>();
  for (const c of scored) byIx.set(c.ix, c);
  const reading = byIx.get(beside.reading.ix);
  if (!reading?.m || reading.matchType !== 'template') return;
  let seq = scored.length;
  for (const ix of beside.rows) {
    let c = byIx.get(ix);
    if (!c) {
      c = scoredFor(ix, index.rows[ix], 0, true, seq++);
      consider(c, true);
      byIx.set(ix, c);
    }
    const hole = innerHole(c.row.template);
    const held = hole && c.m && c.matched ? matchPrepared(c.row.prepared, c.matched, newCaptures())?.captures[hole.name]?.trim() : undefined;
    if (held && matchPrepared(reading.row.prepared, new MatchText(held))?.whole) {
      c.wraps = reading.score - BESIDE_BELOW;
      assess(c, facts, null);
    }
  }
}

/**
 * A template with fewer literal characters than this, found inside the message with no literal of
 * its own at the message's start or end, reads no more of it than a word or two would (`undefined`
 * inside "Cannot read properties of undefined (reading 'type')", `missing` inside a path, `cannot
 * {action}` inside "… (cannot load such file -- …)", its hole taking the rest): it is scored by its
 * words, as a template that does not match.
 */
const THIN_INSIDE = 12;

/** Whether the candidate's template reads the message: it matched, is not generic, and is not a thin piece inside it. */
function readsMessage(c: Scored, flags: number): boolean {
  const { m, matched } = c;
  if (!m) return false;
  if (flags & ROW_GENERIC) return (flags & ROW_LITERAL_ONLY) !== 0 && m.whole;
  if (m.whole || m.literalChars >= THIN_INSIDE || !matched) return true;
  // (a hole at an end of the template reaches that end of the text whatever the text is: no anchor)
  const t = (c.prefix ?? c.row.prepared).template;
  return (isLit(t[0]) && matched.startsAt(m.start)) || (isLit(t[t.length - 1]) && matched.endsAt(m.end));
}

const scoredFor = (ix: number, row: IndexedRow, overlap: number, wordsPresent: boolean, found: number): Scored =>
  ({ row, ix, overlap, wordsPresent, found, fromFrame: false, m: null, matched: null, ff: null, prefix: null, score: 0, matchType: 'fuzzy' });

/**
 * Scores a candidate from its evidence. With `why`, also says in words what
 * counted; without it no string is built (`why?.push` skips its argument).
 * What it knows of the row comes from the row facts (FACTS), whose flags
 * stand for the row's fields named beside them; the row object itself is read
 * only for an error code and for the words.
 */
function assess(c: Scored, f: LinkFacts, why: string[] | null): void {
  const { row, overlap, m, ff } = c;
  const { link, message, linkClass, rowFacts } = f;
  const o = c.ix * FACTS;
  const flags = rowFacts[o + F_FLAGS];
  let score = 0;
  let matchType: MatchType = 'fuzzy';
  const classMatch = f.classId >= 0 && rowFacts[o + F_CLASS] === f.classId; // row.classTail === linkClass
  const codeMatch = (flags & ROW_HAS_CODE) !== 0 && (link.errorCode === row.errorCode || message.includes(row.errorCode!));

  if (ff?.kind === 'exact') {
    matchType = 'frame';
    score = 0.9 + (m ? 0.05 : 0) + (classMatch ? 0.03 : 0) + (ff.depth === 0 ? 0.02 : 0);
    why?.push(`stack frame ${ff.frame.file}:${ff.frame.line} is this site`);
  } else if (m && readsMessage(c, flags)) {
    // (A short literal the whole message equals identifies it as well as a long one; the start of a
    // template, when its end did not match, a little less than the whole.)
    matchType = 'template';
    score = 0.55 + 0.25 * m.coverage + (m.whole ? 0.05 : 0) - (c.prefix ? 0.05 : 0) - (m.empty ? EMPTY_HOLE : 0) - (m.trimmed ? TRIMMED_START : 0);
    if (why) why.push(c.prefix ? prefixReason(m) : `message matches the template (${m.literalChars} literal characters, ${Math.round(m.coverage * 100)}% of the text${m.empty ? ', a placeholder empty' : ''})`);
  } else if (m && (flags & ROW_GENERIC)) {
    // (a template of holes fits any text; fitting it and raising the class the input names is
    // evidence still, above words shared with a template that does not match: below any template
    // that reads the message's words, and below CONFIDENT)
    matchType = 'template';
    score = (classMatch ? CLASS_GENERIC : 0.15) + 0.1 * m.coverage;
    why?.push('message fits a generic template (little literal text)');
  } else if (codeMatch) {
    matchType = 'code';
    score = 0.6;
  } else {
    score = 0.4 * Math.min(1, overlap);
    if (overlap > 0) why?.push(`${Math.round(overlap * 100)}% of the template's words appear in the message`);
  }
  if (c.wraps !== undefined && m && matchType === 'template' && c.wraps > score) {
    score = c.wraps;
    why?.push('a wrapper of this file: its placeholder holds the rest of the message, which a raise of the file writes');
  }
  if ((flags & ROW_NATIVE) && m && matchType === 'template') {
    // (the runtime's message, from a catalogue: the runtime does not decorate its own text, so a
    // reading of part of the message is the inner message of a wrapper, which wrap.ts ranks under
    // its wrapper; and a text written in the source explains a message better than a catalogue)
    score -= m.whole ? NATIVE_TIE : NATIVE_PART;
    const inside = row.handed ? "written here and handed to another package's code, which raises it" : "the runtime's, raised inside a native call at this line";
    why?.push(`the message is ${inside}${m.whole ? '' : '; here it is only part of the text'}`);
  }
  if (ff && ff.kind !== 'exact') {
    score += ff.kind === 'near' ? 0.25 : 0.1;
    why?.push(`stack frame ${ff.frame.file}:${ff.frame.line} is in this file${ff.kind === 'near' ? ', within 3 lines' : ''}`);
  }
  if (classMatch) {
    if (matchType !== 'frame') score += 0.05;
    why?.push(`exception class ${link.errorClass} matches`);
  } else if (linkClass && (flags & ROW_HAS_CLASS) && matchType !== 'frame') score -= 0.03;
  if (codeMatch) {
    if (matchType !== 'code') score += 0.03;
    why?.push(`error code ${row.errorCode} matches`);
  }
  if (f.packageIds.length > 0 && f.packageIds.includes(rowFacts[o + F_PACKAGE])) { // row.package is one the frames run in
    score += 0.03;
    why?.push(`frames run inside package ${row.package}`);
  }
  // Ties between copies of the same code: in an installed package prefer the copy its entry points
  // load (and never TypeScript sources, which do not run); in a repository prefer sources over bundles.
  const entry = rowFacts[o + F_ENTRY];
  score += 0.02 * entry;
  if (flags & ROW_COMPILED_IN_PACKAGE) score -= 0.01;
  if (entry === 0 && (flags & ROW_BUNDLED)) score -= 0.005;
  // A trace names an exception; a log call at the same message is the weaker reading.
  if (link.errorClass && (flags & ROW_NO_CLASS)) score -= 0.01;
  if (matchType !== 'frame') score = Math.min(score, 0.89);
  c.score = Math.max(0, Math.min(1, score));
  c.matchType = matchType;
}
