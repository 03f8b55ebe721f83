// The in-memory match index: an inverted index from literal words to records
// (candidate generation without looping over all templates) and an index from
// path tails to records (stack-frame evidence). What a lookup reads for every
// record it weighs (word ids, lines) sits in flat typed arrays beside the row
// objects, and lookups mark words and records with stamps instead of building
// sets: a lookup touches little memory besides the records it returns.

import { renderMessage } from '../template/ir.js';
import type { MatchRow } from '../core/row.js';
import { HitGroups } from './groups.js';
import {
  bestCandidates, CANDIDATE_LIMIT, CLASS_ROWS, FACTS, F_WEIGHT, fileKey, indexedRow, inNpmPackage, KEY_WORDS, MATCH_CODE, pathMatch, requiredWords, tail2, writeRowFacts,
  type Candidate, type IndexedRow, type MatchLookup, type PersistedIndex,
} from './row.js';
import { WordTable } from './words.js';

const plainCandidate = (ix: number, row: IndexedRow, overlap: number, wordsPresent: boolean, found: number): Candidate => ({ row, ix, overlap, wordsPresent, found });

const NO_ROWS: number[] = [];

export class MatchIndex implements MatchLookup {
  readonly rows: IndexedRow[];
  /** Which rows give one hit (see HitGroups.group), the copies a hit names and the lines it lists. */
  readonly groups: HitGroups;
  /**
   * Words are interned, and each record's words are kept as ids in one flat array (record i's at
   * wordStart[i] .. wordStart[i + 1], in the order of its `words`), and again in `wordCode`.
   * A lookup marks the text's words in a per-word stamp array, so weighing a record needs no
   * string hashing.
   */
  private vocab = new WordTable();
  private wordStart: Int32Array;
  private wordFlat: Int32Array;
  /** wordFlat's ids as id * 2 + 1 when the word is required (see requiredWords), else id * 2: what weighing reads. */
  private wordCode: Int32Array;
  /** word id → IDF. */
  private idf: Float64Array;
  /**
   * word id → records whose rarest words include it, the candidate prefilter: word `id`'s records
   * are keyedFlat[keyedStart[id] .. keyedStart[id + 1]] (one flat array, not an array per word).
   */
  private keyedStart: Int32Array;
  private keyedFlat: Int32Array;
  /**
   * Records by the last two components of their path (see the constructor). Path matching is
   * decided once per distinct file (`fileOf`, `files`), and line distances are taken from a flat
   * copy of the rows' lines (`lineStart`, `lineFlat`), so a frame on a file with hundreds of
   * records visits no record object.
   */
  private byTail = new Map<string, number[]>();
  /** Literal-only templates without a word the lookup can use (`x / 0`), by their text. */
  private wordless = new Map<string, number[]>();
  /** Records by their class tail, for tails of at most CLASS_ROWS records (see classRows). */
  private byClass = new Map<string, number[]>();
  /** The longest of those texts, and a text longer than that. */
  private wordlessMax = 0;
  private tooLong: string;
  private fileOf: Int32Array;
  private files: { filePath: string; package: string | null; npm: boolean }[] = [];
  private lineStart: Int32Array;
  private lineFlat: Float64Array;
  /** Scratch marks for one lookup at a time: a word or row is marked when its stamp equals `stamp`. */
  private wordMark: Uint32Array;
  private rowMark: Uint32Array;
  /** Per file: marked when its path verdict for the current lookup is in fileMatches. */
  private fileMark: Uint32Array;
  private fileMatches: Uint8Array;
  private stamp = 0;
  /** Scratch for `candidates`: one slot per record at most. */
  private scratchRow: Int32Array;
  private scratchOverlap: Float64Array;
  private scratchPresent: Uint8Array;
  /** Scratch for `best`. */
  private scratchSelect: Float64Array;
  /** Scratch for the text's word ids. */
  private scratchIds: number[] = [];
  /** Row facts (see FACTS). */
  readonly facts: Float64Array;
  /**
   * Each row's prepared.longest, the quick reject of verification (mayMatch): most candidates
   * verified fail it, and reading it here spares them a load of the row and its prepared template.
   */
  readonly longest: string[];
  /** Ids of the rows' class tails and packages, for F_CLASS and F_PACKAGE. */
  private classIds = new Map<string, number>();
  private packageIds = new Map<string, number>();

  constructor(rows: MatchRow[]) {
    /** word id → records that contain it (document frequency only). */
    const postings: number[][] = [];
    const flat: number[] = [];
    const required: number[] = [];
    this.wordStart = new Int32Array(rows.length + 1);
    const words = rows.map((r, i) => {
      const ws = requiredWords(r.template);
      for (const [w, req] of ws) {
        const id = this.vocab.add(w);
        if (id === postings.length) postings.push([]);
        postings[id].push(i);
        flat.push(id);
        required.push(req ? 1 : 0);
      }
      this.wordStart[i + 1] = flat.length;
      return [...ws.keys()];
    });
    this.wordFlat = Int32Array.from(flat);
    this.wordCode = Int32Array.from(flat, (id, k) => id * 2 + required[k]);
    const n = rows.length + 1;
    this.idf = Float64Array.from(postings, (p) => Math.log(n / p.length));
    const keyed: number[][] = postings.map(() => []);
    this.fileOf = new Int32Array(rows.length);
    const fileIds = new Map<string, number>();
    this.lineStart = new Int32Array(rows.length + 1);
    this.lineFlat = Float64Array.from(rows.flatMap((r) => r.lines));
    // Rows repeat a few strings (package, language, class) thousands of times: share one copy of each,
    // which keeps what scoring compares in few, cached places.
    const strings = new Map<string, string>();
    const share = <T extends string | null>(s: T): T => (s === null ? s : ((strings.get(s) ?? (strings.set(s, s), s)) as T));
    this.rows = rows.map((r, i) => {
      const ids = this.wordFlat.subarray(this.wordStart[i], this.wordStart[i + 1]);
      let wordWeight = 0;
      for (const id of ids) wordWeight += this.idf[id];
      // A message produced by this template contains all of its whole words, so it contains its
      // rarest one: filing each record under its rarest words makes lookups touch few records.
      const keys = [...ids].sort((a, b) => postings[a].length - postings[b].length).slice(0, KEY_WORDS);
      for (const id of keys) keyed[id].push(i);
      this.lineStart[i + 1] = this.lineStart[i] + r.lines.length;
      const npm = inNpmPackage(r);
      const file = `${npm ? r.package : ''}\0${r.filePath}`;
      let f = fileIds.get(file);
      if (f === undefined) {
        fileIds.set(file, (f = this.files.length));
        this.files.push({ filePath: r.filePath, package: r.package, npm });
      }
      this.fileOf[i] = f;
      const key = fileKey(r);
      let b = this.byTail.get(key);
      if (!b) this.byTail.set(key, (b = []));
      b.push(i);
      return indexedRow(r, i, words[i], wordWeight, share);
    });
    this.rows.forEach((r, i) => {
      if (!r.literalOnly || r.words.length > 0) return;
      const text = renderMessage(r.template).trim();
      const list = this.wordless.get(text);
      if (list) list.push(i);
      else this.wordless.set(text, [i]);
      this.wordlessMax = Math.max(this.wordlessMax, text.length);
    });
    this.tooLong = '\0'.repeat(this.wordlessMax + 1);
    this.rows.forEach((r, i) => {
      if (r.classTail === null) return;
      const list = this.byClass.get(r.classTail);
      if (list) list.push(i);
      else this.byClass.set(r.classTail, [i]);
    });
    for (const [tail, list] of this.byClass) if (list.length > CLASS_ROWS) this.byClass.delete(tail);
    this.keyedStart = new Int32Array(postings.length + 1);
    keyed.forEach((rows, id) => (this.keyedStart[id + 1] = this.keyedStart[id] + rows.length));
    this.keyedFlat = Int32Array.from(keyed.flat());
    this.wordMark = new Uint32Array(postings.length);
    this.rowMark = new Uint32Array(this.rows.length);
    this.scratchRow = new Int32Array(this.rows.length);
    this.scratchOverlap = new Float64Array(this.rows.length);
    this.scratchPresent = new Uint8Array(this.rows.length);
    this.scratchSelect = new Float64Array(this.rows.length);
    this.groups = new HitGroups(this.rows);
    this.facts = this.rowFacts();
    this.longest = this.rows.map((r) => r.prepared.longest);
    this.fileMark = new Uint32Array(this.files.length);
    this.fileMatches = new Uint8Array(this.files.length);
  }

  get size(): number {
    return this.rows.length;
  }

  /** What a persisted index keeps of this one (see PersistedIndex). */
  persisted(): PersistedIndex {
    const words = this.vocab.words.map((word, id) => ({
      word, idf: this.idf[id], keyed: this.keyedFlat.subarray(this.keyedStart[id], this.keyedStart[id + 1]),
    }));
    const tails: PersistedIndex['tails'] = new Map();
    for (const [tail, rows] of this.byTail) {
      const byFile = new Map<number, { filePath: string; package: string | null; npm: boolean; rows: number[] }>();
      for (const i of rows) {
        const f = this.fileOf[i];
        let e = byFile.get(f);
        if (!e) byFile.set(f, (e = { ...this.files[f], rows: [] }));
        e.rows.push(i);
      }
      tails.set(tail, [...byFile.values()]);
    }
    return { words, codes: (ix) => this.wordCode.subarray(this.wordStart[ix], this.wordStart[ix + 1]), tails, wordless: this.wordless, classes: this.byClass };
  }

  /** The rows' facts (see FACTS), interning class tails and packages as it goes. */
  private rowFacts(): Float64Array {
    const facts = new Float64Array(this.rows.length * FACTS);
    this.rows.forEach((r, i) => writeRowFacts(facts, i, r, this.groups.group[i], this.classIds, this.packageIds));
    return facts;
  }

  /** The F_CLASS of rows whose classTail is this (-1 when none has it, or for no class). */
  classId(classTail: string | null): number {
    return classTail === null ? -1 : (this.classIds.get(classTail) ?? -1);
  }

  /** The F_PACKAGE of rows of this package (-1 when none is of it). */
  packageId(pkg: string): number {
    return this.packageIds.get(pkg) ?? -1;
  }

  /** A fresh stamp for one lookup's marks (clearing both arrays on the rare wrap-around). */
  private nextStamp(): number {
    if (this.stamp === 0xffffffff) {
      this.wordMark.fill(0);
      this.rowMark.fill(0);
      this.fileMark.fill(0);
      this.stamp = 0;
    }
    return ++this.stamp;
  }

  /**
   * Records (positions in `rows`) whose template is exactly this text and has no word for
   * `candidates` to find: its `extra`. Found or not, the answer is an array of small integers (one
   * array shape where it is read).
   */
  wordlessRows(text: string): readonly number[] {
    // A longer text is not looked up (nor hashed): a key too long to be there (its hash kept with it) is
    // looked up instead. The lookup itself always runs: optimized code that had not seen it run would be
    // thrown away the first time a short message came.
    const list = this.wordless.get(text.length <= this.wordlessMax ? text : this.tooLong);
    return list ?? NO_ROWS;
  }

  classRows(classTail: string | null): readonly number[] {
    return (classTail !== null && this.byClass.get(classTail)) || NO_ROWS;
  }

  /**
   * Records that may have produced the text: those filed under a word of the
   * text (see KEY_WORDS); of those the `limit` best by `candidateOrder`, the
   * share of their own word weight the text holds. Not sorted: callers that
   * rank them use `candidateOrder`. Cost follows the text's words, not the
   * index size.
   */
  candidates(text: string, limit?: number): Candidate[];
  /**
   * The same, built by `make` (a caller's own record per candidate, so it need not wrap ours); and
   * with `extra` rows (positions in `rows`, none of them filed under a word, such as wordlessRows)
   * after those, found last, with overlap 1 and every word present.
   */
  candidates<C extends Candidate>(
    text: string, limit: number, make: (ix: number, row: IndexedRow, overlap: number, wordsPresent: boolean, found: number) => C, extra?: readonly number[],
  ): C[];
  candidates(text: string, limit = CANDIDATE_LIMIT, make = plainCandidate, extra: readonly number[] = NO_ROWS): Candidate[] {
    const q = this.nextStamp();
    const { wordMark, rowMark, wordStart, wordCode, idf, facts, keyedStart, keyedFlat } = this;
    // The text's indexed words, marked; repeats are dropped as they come.
    const ids = this.scratchIds;
    ids.length = 0;
    this.vocab.idsOf(text, ids);
    // Gathered into scratch arrays first: a text with common words reaches hundreds of records, and
    // only the `limit` best become objects.
    const { scratchRow: ri, scratchOverlap: ov, scratchPresent: present } = this;
    let n = 0;
    for (const id of ids) {
      if (wordMark[id] === q) continue;
      wordMark[id] = q;
      for (let k = keyedStart[id]; k < keyedStart[id + 1]; k++) {
        const i = keyedFlat[k];
        if (rowMark[i] === q) continue;
        rowMark[i] = q;
        ri[n] = i;
        n++;
      }
    }
    // Weighed once every word of the text is marked.
    for (let j = 0; j < n; j++) {
      const i = ri[j];
      // Summed in the record's word order, as its wordWeight is: equal weights give exactly 1.
      let weight = 0;
      let wordsPresent = 1;
      for (let k = wordStart[i]; k < wordStart[i + 1]; k++) {
        const id = wordCode[k] >> 1;
        if (wordMark[id] === q) weight += idf[id];
        else if (wordCode[k] & 1) wordsPresent = 0;
      }
      const rowWeight = facts[i * FACTS + F_WEIGHT];
      ov[j] = rowWeight > 0 ? weight / rowWeight : 0;
      present[j] = wordsPresent;
    }
    // The caller's extra rows follow, found last, whatever the limit. Copied in with array builtins and
    // made by the loops below: a loop of their own, rarely run, would lack type feedback in optimized
    // code, and the first extra row would throw the caller's optimized code away.
    const w = extra.length;
    ri.set(extra, n);
    ov.fill(1, n, n + w);
    present.fill(1, n, n + w);
    const out: Candidate[] = [];
    const rows = this.rows;
    if (n <= limit) {
      for (let j = 0; j < n + w; j++) out.push(make(ri[j], rows[ri[j]], ov[j], present[j] === 1, j));
      return out;
    }
    for (const j of this.best(n, limit, w)) out.push(make(ri[j], rows[ri[j]], ov[j], present[j] === 1, j));
    return out;
  }

  /** Of the first `n` scratch candidates, bestCandidates' positions; then the `extra` after them. */
  private best(n: number, limit: number, extra: number): number[] {
    const { scratchRow: ri, scratchOverlap: ov, scratchSelect: sel, facts } = this;
    const out = bestCandidates(ov, n, (j) => facts[ri[j] * FACTS + F_WEIGHT], limit, sel);
    for (let j = n; j < n + extra; j++) out.push(j);
    return out;
  }

  /**
   * Records (positions in `rows`) whose file path is a suffix of the frame path (at a `/` boundary);
   * only when no file is, those of files sharing its last components (row.ts pathMatch).
   */
  rowsForFile(framePath: string): number[] {
    const p = framePath.includes('\\') ? framePath.replace(/\\/g, '/') : framePath;
    const q = this.nextStamp();
    const whole: number[] = [];
    const tailOnly: number[] = [];
    const tail = tail2(p);
    const base = p.slice(p.lastIndexOf('/') + 1);
    this.addFileRows(p, tail, q, whole, tailOnly);
    if (base !== tail) this.addFileRows(p, base, q, whole, tailOnly);
    return whole.length > 0 ? whole : tailOnly;
  }

  /** Appends the rows filed under `key` (byTail) whose file the frame path is in, by how (pathMatch). */
  private addFileRows(p: string, key: string, q: number, whole: number[], tailOnly: number[]): void {
    const rows = this.byTail.get(key);
    if (!rows) return;
    for (const i of rows) {
      const f = this.fileOf[i];
      if (this.fileMark[f] !== q) {
        this.fileMark[f] = q;
        this.fileMatches[f] = MATCH_CODE[pathMatch(p, this.files[f], this.files[f].npm)];
      }
      if (this.fileMatches[f] === MATCH_CODE.whole) whole.push(i);
      else if (this.fileMatches[f] === MATCH_CODE.tail) tailOnly.push(i);
    }
  }

  /** Distance from `line` to the nearest of a record's lines (Infinity when it has none). */
  lineDistance(i: number, line: number): number {
    let dist = Infinity;
    for (let k = this.lineStart[i]; k < this.lineStart[i + 1]; k++) dist = Math.min(dist, Math.abs(this.lineFlat[k] - line));
    return dist;
  }
}

