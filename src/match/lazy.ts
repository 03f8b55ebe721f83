// The persisted match index: the same lookups as MatchIndex, answered from a
// store's MatchSource (the tables a write precomputed from a full MatchIndex),
// loading only the rows a lookup selects. Rows get positions of their own here
// in the order they are first loaded; everything ranking compares across rows
// (IDF, word weights, groups, the order candidates are found in) is the full
// index's, so rankings are the same as MatchIndex's over the same rows.

import type { MatchSource, SourceRow } from '../core/match-source.js';
import {
  bestCandidates, FACTS, indexedRow, pathMatch, KEY_WORDS, requiredWords, tail2, writeRowFacts,
  type Candidate, type Copy, type IndexedRow, type MatchLookup,
} from './row.js';
import { WORD } from './words.js';

const NO_ROWS: number[] = [];

export class LazyMatchIndex implements MatchLookup {
  readonly rows: IndexedRow[] = [];
  readonly longest: string[] = [];
  readonly size: number;
  private factsArray = new Float64Array(64 * FACTS);
  /** Source position → ours, -1 when not loaded (a typed array: every lookup asks for hundreds of positions, measured 5% of a warm explain as a Map). */
  private local: Int32Array;
  private extras: { fileLines: number[] | null; copies: Copy[] }[] = [];
  private classIds = new Map<string, number>();
  private packageIds = new Map<string, number>();
  readonly groups = {
    linesOf: (ix: number): number[] => this.extras[ix].fileLines ?? this.rows[ix].lines,
    // (copies written out: a spread copy of each costs some microseconds, and every hit asks)
    copiesOf: (ix: number): Copy[] => this.extras[ix].copies.map((c) => (c.lines === undefined ? { id: c.id, filePath: c.filePath, line: c.line } : { id: c.id, filePath: c.filePath, line: c.line, lines: c.lines })),
  };

  /** Per word id, for one lookup at a time: marked when its stamp is `stamp`, with its IDF (as MatchIndex's wordMark). */
  private wordMark: Uint32Array;
  private markedIdf: Float64Array;
  private stamp = 0;

  constructor(private source: MatchSource) {
    this.size = source.size;
    this.local = new Int32Array(source.size).fill(-1);
    this.wordMark = new Uint32Array(source.vocabulary);
    this.markedIdf = new Float64Array(source.vocabulary);
  }

  get facts(): Float64Array {
    return this.factsArray;
  }

  classId(classTail: string | null): number {
    return classTail === null ? -1 : (this.classIds.get(classTail) ?? -1);
  }

  packageId(pkg: string): number {
    return this.packageIds.get(pkg) ?? -1;
  }

  /** Our positions of these source rows, loading those not loaded yet (in one read). */
  private load(ixs: readonly number[]): number[] {
    const local = this.local;
    let missing: Set<number> | null = null;
    // (a position past the index's size, which only a damaged index holds, is looked up as any other)
    for (const g of ixs) if (!(local[g] >= 0)) (missing ??= new Set()).add(g);
    if (missing) for (const r of this.source.rows([...missing])) this.add(r);
    return ixs.map((g) => this.local[g]);
  }

  private add(s: SourceRow): void {
    const i = this.rows.length;
    if (s.ix >= this.local.length) {
      const grown = new Int32Array(s.ix + 1).fill(-1);
      grown.set(this.local);
      this.local = grown;
    }
    this.local[s.ix] = i;
    const r = s.row;
    const row = indexedRow(r, i, [...requiredWords(r.template).keys()], s.wordWeight);
    this.rows.push(row);
    this.longest.push(row.prepared.longest);
    this.extras.push({ fileLines: s.fileLines, copies: s.copies });
    if ((i + 1) * FACTS > this.factsArray.length) {
      const grown = new Float64Array(this.factsArray.length * 2);
      grown.set(this.factsArray);
      this.factsArray = grown;
    }
    writeRowFacts(this.factsArray, i, row, s.group, this.classIds, this.packageIds);
  }

  wordlessRows(text: string): readonly number[] {
    const rows = this.source.wordless(text);
    return rows.length === 0 ? NO_ROWS : this.load(rows);
  }

  classRows(classTail: string | null): readonly number[] {
    const rows = classTail === null ? NO_ROWS : this.source.classRows(classTail);
    return rows.length === 0 ? NO_ROWS : this.load(rows);
  }

  /** As MatchIndex.candidates: the same rows, overlaps and found order, read from the words' keyed rows. */
  candidates<C extends Candidate>(
    text: string, limit: number, make: (ix: number, row: IndexedRow, overlap: number, wordsPresent: boolean, found: number) => C, extra: readonly number[] = NO_ROWS,
  ): C[] {
    if (this.stamp === 0xffffffff) {
      this.wordMark.fill(0);
      this.stamp = 0;
    }
    const q = ++this.stamp;
    const { wordMark, markedIdf } = this;
    const lists: Float64Array[] = [];
    for (const w of text.toLowerCase().match(WORD) ?? []) {
      const word = this.source.word(w);
      if (!word || wordMark[word.id] === q) continue;
      wordMark[word.id] = q;
      markedIdf[word.id] = word.idf;
      lists.push(word.keyed);
    }
    // (each row is filed under KEY_WORDS words: with one, no row is in two lists)
    const seen = KEY_WORDS > 1 ? new Set<number>() : null;
    const ri: number[] = [];
    const ov: number[] = [];
    const weights: number[] = [];
    const present: boolean[] = [];
    for (const keyed of lists) {
      for (let k = 0; k < keyed.length; k += 3 + keyed[k + 2]) {
        const g = keyed[k];
        if (seen) {
          if (seen.has(g)) continue;
          seen.add(g);
        }
        const rowWeight = keyed[k + 1];
        let weight = 0;
        let wordsPresent = true;
        for (let c = k + 3; c < k + 3 + keyed[k + 2]; c++) {
          const code = keyed[c];
          const id = code >> 1;
          if (wordMark[id] === q) weight += markedIdf[id];
          else if (code & 1) wordsPresent = false;
        }
        ri.push(g);
        ov.push(rowWeight > 0 ? weight / rowWeight : 0);
        weights.push(rowWeight);
        present.push(wordsPresent);
      }
    }
    const n = ri.length;
    const chosen = n <= limit ? ri.map((_, j) => j) : bestCandidates(ov, n, (j) => weights[j], limit, new Float64Array(n));
    const locals = this.load(chosen.map((j) => ri[j]));
    const out: C[] = [];
    chosen.forEach((j, k) => out.push(make(locals[k], this.rows[locals[k]], ov[j], present[j], j)));
    extra.forEach((ix, k) => out.push(make(ix, this.rows[ix], 1, true, n + k)));
    return out;
  }

  rowsForFile(framePath: string): number[] {
    const p = framePath.includes('\\') ? framePath.replace(/\\/g, '/') : framePath;
    const tail = tail2(p);
    const base = p.slice(p.lastIndexOf('/') + 1);
    const whole: number[] = [];
    const tailOnly: number[] = [];
    this.fileRows(p, tail, whole, tailOnly);
    if (base !== tail) this.fileRows(p, base, whole, tailOnly);
    // (as MatchIndex.rowsForFile: files sharing only the last components when no file is the whole path)
    const found = whole.length > 0 ? whole : tailOnly;
    return found.length === 0 ? found : this.load(found);
  }

  /** Appends the source rows filed under `key` whose file the frame path is in, by how, in row order (as MatchIndex visits them). */
  private fileRows(p: string, key: string, whole: number[], tailOnly: number[]): void {
    const w: number[] = [];
    const t: number[] = [];
    for (const f of this.source.tail(key)) {
      const how = pathMatch(p, f, f.npm);
      if (how === 'whole') w.push(...f.rows);
      else if (how === 'tail') t.push(...f.rows);
    }
    whole.push(...w.sort((a, b) => a - b));
    tailOnly.push(...t.sort((a, b) => a - b));
  }

  lineDistance(i: number, line: number): number {
    let dist = Infinity;
    for (const l of this.rows[i].lines) dist = Math.min(dist, Math.abs(l - line));
    return dist;
  }
}
