// A match row as an index holds it, and what both indexes share: the lookup contract ranking reads
// (MatchLookup), the row facts, the words a template requires, path matching. MatchIndex (built in
// memory, index.ts) and the persisted index's LazyMatchIndex (lazy.ts) both build rows here, so
// explain on a persisted index loads none of the in-memory builder.

import { isLit, literalWeight, type Template } from '../template/ir.js';
import { prepareTemplate, type PreparedTemplate } from '../template/match.js';
import type { MatchRow } from '../core/row.js';
import { languagePaths, languagesWith } from '../languages/registry.js';
import { tail2 } from '../core/text/paths.js';
import { WORD } from './words.js';

/** Another copy of a hit's code: the same message from the same function in another file of the tree. */
export interface Copy {
  id: string;
  filePath: string;
  line: number;
  /** Every line of the copy's file raising the message, when there are more than `line` (HitGroups.linesOf). */
  lines?: number[];
}

export interface IndexedRow extends MatchRow {
  /** Position in MatchIndex.rows. */
  ix: number;
  /** Distinct whole words of the template's literals. */
  words: string[];
  /** The template prepared for verification. */
  prepared: PreparedTemplate;
  /** Sum of the words' IDF: how much evidence a full word match carries. */
  wordWeight: number;
  literalChars: number;
  /** The error class without its module path (`json.decoder.JSONDecodeError` → `JSONDecodeError`). */
  classTail: string | null;
  /** The file looks like build output (dist/, umd/, *.min.js), which ranks below sources. */
  bundled: boolean;
  /** The template is literal text only: a message equal to it is identified however short it is. */
  literalOnly: boolean;
}

/** Languages whose sources in an installed package are not what runs (their compiled copy is). */
const COMPILED = languagesWith('compiled');
/** Each language's paths of packages a library keeps for itself (Language.internalPath). */
const INTERNAL = languagePaths('internalPath');
/** Each language's paths of files built only for another platform than the common one (Language.platformPath). */
const PLATFORM = languagePaths('platformPath');
/** Languages whose installed packages keep record paths relative to the package directory. */
const FROM_PACKAGE_DIR = languagesWith('pathsFromPackageDir');


/** A record that may have produced a text, from `candidates`. */
export interface Candidate {
  row: IndexedRow;
  /** row.ix, kept here so that what reads the row's facts (MatchIndex.facts) need not load the row. */
  ix: number;
  /** Share of the record's word weight found in the text, in [0, 1]. */
  overlap: number;
  /**
   * False when a word the template always holds inside one literal is missing from the text: then
   * the template cannot match it (see `requiredWords`), and verification can be skipped.
   */
  wordsPresent: boolean;
  /** Position in the order the lookup found the records: the last tie-break. */
  found: number;
}

/**
 * A comparator term putting larger numbers first: the sign of `b - a`, as an integer (a difference of
 * fractions would be a heap-allocated number on every comparison).
 */
export const descending = (a: number, b: number): number => (b > a ? 1 : b < a ? -1 : 0);

/** Candidates best first: more of their word weight in the text, then more word weight, then found first. */
export const candidateOrder = (a: Candidate, b: Candidate): number =>
  descending(a.overlap, b.overlap) || descending(a.row.wordWeight, b.row.wordWeight) || a.found - b.found;


/**
 * Row facts: what weighing and scoring read for every candidate, as numbers in one flat array
 * (MatchIndex.facts), a 64-byte stretch per row: FACTS slots from ix * FACTS. Weighing brings a
 * row's stretch into the cache and scoring finds it there, where the row object (and its boxed
 * numbers) would each be another memory access.
 */
export const FACTS = 8;
/** The row's wordWeight. */
export const F_WEIGHT = 0;
/** Bits below (ROW_*): flags of the row's fields. */
export const F_FLAGS = 1;
/** The classTail's id (MatchIndex.classId), -1 without one. */
export const F_CLASS = 2;
/** The package's id (MatchIndex.packageId), -1 without one. */
export const F_PACKAGE = 3;
/** The row's entry and literalChars. */
export const F_ENTRY = 4;
export const F_LITERAL_CHARS = 5;
/** The row's group (HitGroups.group): rows of one group give one hit. */
export const F_GROUP = 6;
/** The length of filePath. */
export const F_PATH_LENGTH = 7;
export const ROW_GENERIC = 1;
export const ROW_LITERAL_ONLY = 2;
export const ROW_BUNDLED = 4;
/** errorClass is a non-empty string. */
export const ROW_HAS_CLASS = 8;
/** errorClass is null. */
export const ROW_NO_CLASS = 16;
/** errorCode is a non-empty string. */
export const ROW_HAS_CODE = 32;
/** A source file of a compiled language (see Language.compiled) in an installed package. */
export const ROW_COMPILED_IN_PACKAGE = 64;
/** A file of a package its library keeps for itself (Language.internalPath). */
export const ROW_INTERNAL = 128;
/** Raised inside a call at this line: the runtime's message, or a text handed to another package (MatchRow.native). */
export const ROW_NATIVE = 256;
/** A file built only for another platform than the common one (Language.platformPath). */
export const ROW_OTHER_PLATFORM = 512;

const BUNDLE_PATH = /(^|\/)(dist|umd|esm|es6?|browser|bundles?|cdn|min)(\/|\.)|\.min\.[cm]?js$/;

/**
 * A match row as an index holds it, at position `ix` (both MatchIndex and the persisted index's
 * LazyMatchIndex build rows so). Every field spelled out, so each row is one flat object;
 * `share` gives one copy of strings rows repeat.
 */
export function indexedRow(
  r: MatchRow, ix: number, words: string[], wordWeight: number, share: <T extends string | null>(s: T) => T = (s) => s,
): IndexedRow {
  return {
    ix, key: r.key, id: r.id, repo: share(r.repo), language: share(r.language), errorClass: share(r.errorClass),
    errorCode: share(r.errorCode), filePath: r.filePath, symbol: r.symbol, lines: r.lines, template: r.template, generic: r.generic,
    native: r.native === true, handed: r.handed === true, package: share(r.package), entry: r.entry,
    words, prepared: prepareTemplate(r.template), wordWeight, literalChars: literalWeight(r.template),
    classTail: share(classTail(r.errorClass)), bundled: BUNDLE_PATH.test(r.filePath),
    literalOnly: r.template.length > 0 && r.template.every(isLit),
  };
}

const intern = (ids: Map<string, number>, s: string) => ids.get(s) ?? (ids.set(s, ids.size), ids.size - 1);

/** Row `i`'s facts (see FACTS) into `facts`, interning its class tail and package into the id maps. */
export function writeRowFacts(
  facts: Float64Array, i: number, r: IndexedRow, group: number, classIds: Map<string, number>, packageIds: Map<string, number>,
): void {
  const o = i * FACTS;
  facts[o + F_WEIGHT] = r.wordWeight;
  facts[o + F_FLAGS] = (r.generic ? ROW_GENERIC : 0) | (r.literalOnly ? ROW_LITERAL_ONLY : 0) | (r.bundled ? ROW_BUNDLED : 0)
    | (r.errorClass ? ROW_HAS_CLASS : 0) | (r.errorClass === null ? ROW_NO_CLASS : 0) | (r.errorCode ? ROW_HAS_CODE : 0)
    | (r.package && r.language !== null && COMPILED.has(r.language) ? ROW_COMPILED_IN_PACKAGE : 0)
    | (r.language !== null && INTERNAL.get(r.language)?.test(r.filePath) ? ROW_INTERNAL : 0) | (r.native ? ROW_NATIVE : 0)
    | (r.language !== null && PLATFORM.get(r.language)?.test(r.filePath) ? ROW_OTHER_PLATFORM : 0);
  facts[o + F_CLASS] = r.classTail === null ? -1 : intern(classIds, r.classTail);
  facts[o + F_PACKAGE] = r.package ? intern(packageIds, r.package) : -1;
  facts[o + F_ENTRY] = r.entry;
  facts[o + F_LITERAL_CHARS] = r.literalChars;
  facts[o + F_GROUP] = group;
  facts[o + F_PATH_LENGTH] = r.filePath.length;
}


/**
 * Words of a template that are whole in every message it produces (not glued to a hole), each
 * with whether it is required: whole in every text the template matches. Matching is unanchored,
 * so a word at the very start of the template or the very end may run into surrounding text
 * (`XInvalid value` matches `Invalid value`); any other occurrence is bounded by non-word
 * characters of its own literal, and the same characters appear in a matching text.
 */
export function requiredWords(t: Template): Map<string, boolean> {
  const out = new Map<string, boolean>();
  t.forEach((seg, i) => {
    if (!isLit(seg)) return;
    const text = seg.lit.toLowerCase();
    const gluedLeft = i > 0 && /^[a-z0-9_]/.test(text);
    const gluedRight = i < t.length - 1 && /[a-z0-9_]$/.test(text);
    const words = [...text.matchAll(WORD)];
    words.forEach((m, k) => {
      const atStart = k === 0 && m.index === 0;
      const atEnd = k === words.length - 1 && m.index! + m[0].length === text.length;
      if (atStart && gluedLeft) return;
      if (atEnd && gluedRight) return;
      const required = !(atStart && i === 0) && !(atEnd && i === t.length - 1);
      out.set(m[0], (out.get(m[0]) ?? false) || required);
    });
  });
  return out;
}

export function textWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}


/**
 * What a match index is to ranking (rankLink, frameEvidence, explain): MatchIndex, built in memory
 * from every row, or a persisted index that loads only the rows a lookup selects (match/lazy.ts).
 * Row positions (`ix`) are the index's own; `size` is the number of rows indexed.
 */
export interface MatchLookup {
  readonly rows: readonly IndexedRow[];
  readonly size: number;
  /** What a hit lists beside its row (HitGroups): every line of its file raising its message, its copies in other files. */
  readonly groups: { linesOf(ix: number): number[]; copiesOf(ix: number): Copy[] };
  /** Row facts (see FACTS); read after the link's lookups (a persisted index grows it as rows load). */
  readonly facts: Float64Array;
  readonly longest: readonly string[];
  classId(classTail: string | null): number;
  packageId(pkg: string): number;
  wordlessRows(text: string): readonly number[];
  /** Records raising an exception class of this tail (IndexedRow.classTail), when at most CLASS_ROWS do; else none. */
  classRows(classTail: string | null): readonly number[];
  candidates<C extends Candidate>(
    text: string, limit: number, make: (ix: number, row: IndexedRow, overlap: number, wordsPresent: boolean, found: number) => C, extra?: readonly number[],
  ): C[];
  rowsForFile(framePath: string): number[];
  lineDistance(i: number, line: number): number;
}

/** What a persisted index stores of a MatchIndex (store/sqlite-match-write.ts): everything ranking reads that depends on other rows. */
export interface PersistedIndex {
  /** Per word id: the word, its IDF and the rows filed under it (KEY_WORDS), in row order. */
  words: { word: string; idf: number; keyed: Int32Array }[];
  /** Per row: its word codes (id * 2 + required, in the row's word order). */
  codes: (ix: number) => Int32Array;
  /** Path tails (byTail) → per file, in order of the file's first row: the file and its rows. */
  tails: Map<string, { filePath: string; package: string | null; npm: boolean; rows: number[] }[]>;
  /** Wordless literal templates by their text. */
  wordless: Map<string, number[]>;
  /** Class tails raised by at most CLASS_ROWS records → those records, in row order. */
  classes: Map<string, number[]>;
}

/**
 * A class's own name, without its package in any language's notation (`.`, `::`, `\`): what a
 * record's class and a link's are compared by (`SemanticRange::InvalidVersion` is `InvalidVersion`).
 */
export const classTail = <T extends string | null>(s: T): T => (s === null ? s : (s.slice(Math.max(s.lastIndexOf('.'), s.lastIndexOf(':'), s.lastIndexOf('\\')) + 1) as T));

/**
 * A class raised at more records than this is not looked up by its name (classRows): it says
 * little of which raise it was (`ValueError`), and the lookup stays bounded.
 */
export const CLASS_ROWS = 50;

/** How many candidates a lookup returns at most (the best by candidateOrder), before CANDIDATE_TIES. */
export const CANDIDATE_LIMIT = 60;

/**
 * How many more a lookup keeps of the candidates tied exactly (overlap and word weight) with the
 * last one the limit keeps. Such candidates hold the same words and are otherwise kept as found: a
 * library whose message function writes a hundred texts of one word (typebox's `Expected {const}`,
 * `Expected boolean`, …) filled the 60 with its own and hid another library's exact `Expected \`)\``
 * (test/e2e/crowded-words.test.ts). Only such runs of ties cost the extra scoring.
 */
export const CANDIDATE_TIES = 60;

/**
 * How many more a lookup keeps, of the candidates the overlap order left out, those holding the most
 * word weight of their own in the text (overlap × the record's weight). A long template the text
 * holds most of ranks below every short record all of whose words it holds: a long message of
 * common words (`Invalid configuration object. Object has been initialized using a configuration
 * object that does not match the API schema.`) filled the 60 with `Invalid object`-like records of
 * other libraries and left out schema-utils' template (test/e2e/crowded-words.test.ts).
 */
export const CANDIDATE_BY_WEIGHT = 10;

/**
 * Of the first `n` candidates (overlap `ov[j]`, word weight `weightOf(j)`), the `limit` best by
 * candidateOrder (overlap, then word weight, then found first), then withMostMatched's others, as
 * positions in found order. Callers rank candidates with a total order, so which are kept matters,
 * not in what order. The limit-th best overlap is selected without sorting; only candidates tied at
 * it are compared further. `sel` is scratch space of at least `n`.
 */
export function bestCandidates(ov: ArrayLike<number>, n: number, weightOf: (j: number) => number, limit: number, sel: Float64Array): number[] {
  for (let j = 0; j < n; j++) sel[j] = ov[j];
  const cut = kthSmallest(sel, n, n - limit);
  // Candidates tied at the cut (copies of one template in several files often are) rank by word
  // weight, then found first: the `room` best of them are those above the room-th best weight, then
  // the first found at it.
  let above = 0;
  let tied = 0;
  for (let j = 0; j < n; j++) {
    if (ov[j] > cut) above++;
    else if (ov[j] === cut) sel[tied++] = weightOf(j);
  }
  const room = limit - above;
  const weightCut = kthSmallest(sel, tied, tied - room);
  let atWeightCut = room + CANDIDATE_TIES;
  for (let k = 0; k < tied; k++) if (sel[k] > weightCut) atWeightCut--;
  const kept: number[] = [];
  for (let j = 0; j < n; j++) {
    if (ov[j] > cut) kept.push(j);
    else if (ov[j] === cut) {
      const w = weightOf(j);
      if (w > weightCut) kept.push(j);
      else if (w === weightCut && atWeightCut > 0) {
        kept.push(j);
        atWeightCut--;
      }
    }
  }
  return withMostMatched(kept, n, (j) => ov[j] * weightOf(j), sel);
}

/**
 * `kept` (positions in found order, ascending, among the first `n`) and, of the others, the
 * CANDIDATE_BY_WEIGHT with the most matched weight (`matched(j)`, ties by found order), in found
 * order. `sel` is scratch space of at least `n`.
 */
export function withMostMatched(kept: number[], n: number, matched: (j: number) => number, sel: Float64Array): number[] {
  if (kept.length >= n) return kept;
  // (with no more left out than CANDIDATE_BY_WEIGHT, each holding any weight is kept: no cut to find)
  let cut = 0;
  let atCut = 0;
  if (n - kept.length > CANDIDATE_BY_WEIGHT) {
    let u = 0;
    for (let j = 0, p = 0; j < n; j++) {
      if (kept[p] === j) p++;
      else sel[u++] = matched(j);
    }
    cut = kthSmallest(sel, u, u - CANDIDATE_BY_WEIGHT);
    let above = 0;
    for (let k = 0; k < u; k++) if (sel[k] > cut) above++;
    atCut = CANDIDATE_BY_WEIGHT - above;
  }
  const out: number[] = [];
  for (let j = 0, p = 0; j < n; j++) {
    if (kept[p] === j) {
      out.push(j);
      p++;
      continue;
    }
    const m = matched(j);
    if (m <= 0) continue;
    if (m > cut) out.push(j);
    else if (m === cut && atCut > 0) {
      out.push(j);
      atCut--;
    }
  }
  return out;
}

/** Each record is filed under this many of its rarest words. */
export const KEY_WORDS = 1;

/** The k-th smallest (from 0) of a[0, n), reordering a: Hoare's selection, linear on average. */
export function kthSmallest(a: Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i++] = a[j];
        a[j--] = t;
      }
    }
    // Now a[lo..j] <= pivot <= a[i..hi], and anything strictly between equals the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return a[k];
  }
  return a[k];
}

/** The last two components of a path (`a/b/c.py` → `b/c.py`; `c.py` stays). */
export { tail2 };

/** pathMatch's verdict as a byte, for a per-file cache. */
export const MATCH_CODE = { none: 0, tail: 1, whole: 2 } as const;

/**
 * How a frame path is in the file (`npm`: the file is in an installed npm package, inNpmPackage):
 * `whole` when it ends with the file's whole path, `tail` when only their last three or more
 * components agree (a tree analyzed under another layout), `none`.
 * Two files of one tail (the JDK's `java/rmi/server/LoaderHandler.java` and
 * `sun/rmi/server/LoaderHandler.java`) are told apart by `whole`.
 */
export function pathMatch(framePath: string, row: { filePath: string; package: string | null }, npm: boolean): 'whole' | 'tail' | 'none' {
  if (framePath === row.filePath) return 'whole';
  if (endsWithPath(framePath, row.filePath, framePath.length)) {
    // An installed npm package: the frame must run inside that package's directory.
    if (npm) {
      const end = framePath.length - row.filePath.length - 1;
      return endsWithPath(framePath, row.package!, end) || inVersionedDir(framePath, row.package!, end) ? 'whole' : 'none';
    }
    return 'whole';
  }
  const a = framePath.split('/');
  const b = row.filePath.split('/');
  let k = 0;
  while (k < a.length && k < b.length && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
  return k >= 3 ? 'tail' : 'none';
}

/**
 * The path component ending at `end` is the package's directory named with its version
 * (`arrayvec-0.7.2`, `name@v1.2.3`): how Cargo's registry and Go's module cache name them.
 */
function inVersionedDir(path: string, pkg: string, end: number): boolean {
  const start = path.lastIndexOf('/', end - 1) + 1;
  if (end - start <= pkg.length + 1 || !path.startsWith(pkg, start)) return false;
  const sep = path[start + pkg.length];
  const digit = path.charCodeAt(start + pkg.length + (path[start + pkg.length + 1] === 'v' ? 2 : 1));
  return (sep === '-' || sep === '@') && digit >= 48 && digit <= 57;
}

/** `path.slice(0, end).endsWith('/' + suffix)`, without building either string. */
function endsWithPath(path: string, suffix: string, end: number): boolean {
  return path.endsWith(suffix, end) && path[end - suffix.length - 1] === '/';
}

/** A record of an installed package whose file paths start inside the package directory (npm's layout). */
export function inNpmPackage(r: Pick<MatchRow, 'filePath' | 'package' | 'language'>): boolean {
  return !!r.package && !r.filePath.startsWith(r.package + '/') && r.language !== null && FROM_PACKAGE_DIR.has(r.language);
}

/**
 * The key a file is filed under for frame lookups (one of the frame path's frameKeys): its last
 * two path components, with an npm package's own directory in front, so that a frame on
 * `.../lib/index.js` does not visit every `index.js` of every package.
 */
export function fileKey(r: Pick<MatchRow, 'filePath' | 'package' | 'language'>): string {
  return tail2(inNpmPackage(r) ? `${r.package}/${r.filePath}` : r.filePath);
}
