// The in-memory match index: an inverted index from literal words to records
// (candidate generation without looping over all templates) and an index from
// file base names to records (stack-frame evidence).

import { isLit, type Template } from '../template/ir.js';
import type { MatchRow } from './row.js';

export interface IndexedRow extends MatchRow {
  /** Distinct whole words of the template's literals. */
  words: string[];
  /** Sum of the words' IDF: how much evidence a full word match carries. */
  wordWeight: number;
  literalChars: number;
}

const WORD = /[a-z0-9_]{3,}/g;

/** Words of a template that are whole in every message it produces (not glued to a hole). */
export function templateWords(t: Template): string[] {
  const out = new Set<string>();
  t.forEach((seg, i) => {
    if (!isLit(seg)) return;
    const text = seg.lit.toLowerCase();
    const gluedLeft = i > 0 && /^[a-z0-9_]/.test(text);
    const gluedRight = i < t.length - 1 && /[a-z0-9_]$/.test(text);
    const words = [...text.matchAll(WORD)];
    words.forEach((m, k) => {
      if (k === 0 && gluedLeft && m.index === 0) return;
      if (k === words.length - 1 && gluedRight && m.index! + m[0].length === text.length) return;
      out.add(m[0]);
    });
  });
  return [...out];
}

export function textWords(text: string): Set<string> {
  return new Set(text.toLowerCase().match(WORD) ?? []);
}

/** Each record is filed under this many of its rarest words. */
const KEY_WORDS = 1;

export class MatchIndex {
  readonly rows: IndexedRow[];
  /** word → records that contain it (document frequency only). */
  private postings = new Map<string, number[]>();
  /** word → records whose rarest words include it: the candidate prefilter. */
  private keyed = new Map<string, number[]>();
  private idf = new Map<string, number>();
  private byTail = new Map<string, number[]>();

  constructor(rows: MatchRow[]) {
    this.rows = rows.map((r) => ({ ...r, words: templateWords(r.template), wordWeight: 0, literalChars: 0 }));
    this.rows.forEach((r, i) => {
      for (const w of r.words) {
        let p = this.postings.get(w);
        if (!p) this.postings.set(w, (p = []));
        p.push(i);
      }
      // Filed under the last two path components (with an npm package's own directory in front), so a
      // frame on `.../lib/index.js` does not scan every `index.js` of every package.
      const key = tail2(inNpmPackage(r) ? `${r.package}/${r.filePath}` : r.filePath);
      let b = this.byTail.get(key);
      if (!b) this.byTail.set(key, (b = []));
      b.push(i);
      for (const s of r.template) if (isLit(s)) r.literalChars += s.lit.replace(/\s+/g, '').length;
    });
    const n = this.rows.length + 1;
    for (const [w, p] of this.postings) this.idf.set(w, Math.log(n / p.length));
    this.rows.forEach((r, i) => {
      r.wordWeight = r.words.reduce((a, w) => a + this.idf.get(w)!, 0);
      // A message produced by this template contains all of its whole words, so it contains its
      // rarest one: filing each record under its rarest words makes lookups touch few records.
      const keys = [...r.words].sort((a, b) => this.postings.get(a)!.length - this.postings.get(b)!.length).slice(0, KEY_WORDS);
      for (const w of keys) {
        let p = this.keyed.get(w);
        if (!p) this.keyed.set(w, (p = []));
        p.push(i);
      }
    });
  }

  /**
   * Records that may have produced the text: those filed under a word of the
   * text (see KEY_WORDS), best first by the share of their own word weight the
   * text holds. Cost follows the text's words, not the index size.
   */
  candidates(text: string, limit = 60): { row: IndexedRow; overlap: number }[] {
    const words = textWords(text);
    const seen = new Set<number>();
    const out: { row: IndexedRow; overlap: number }[] = [];
    for (const w of words) {
      const p = this.keyed.get(w);
      if (!p) continue;
      for (const i of p) {
        if (seen.has(i)) continue;
        seen.add(i);
        const row = this.rows[i];
        let weight = 0;
        for (const rw of row.words) if (words.has(rw)) weight += this.idf.get(rw)!;
        out.push({ row, overlap: row.wordWeight > 0 ? weight / row.wordWeight : 0 });
      }
    }
    out.sort((a, b) => b.overlap - a.overlap || b.row.wordWeight - a.row.wordWeight);
    return out.slice(0, limit);
  }

  /** Records whose file path is a suffix of the frame path (at a `/` boundary). */
  rowsForFile(framePath: string): IndexedRow[] {
    const p = framePath.replace(/\\/g, '/');
    const out: IndexedRow[] = [];
    for (const key of new Set([tail2(p), p.slice(p.lastIndexOf('/') + 1)])) {
      for (const i of this.byTail.get(key) ?? []) if (pathMatches(p, this.rows[i])) out.push(this.rows[i]);
    }
    return out;
  }
}

/** The last two components of a path (`a/b/c.py` → `b/c.py`; `c.py` stays). */
function tail2(p: string): string {
  const last = p.lastIndexOf('/');
  if (last < 0) return p;
  const prev = p.lastIndexOf('/', last - 1);
  return p.slice(prev + 1);
}

export function pathMatches(framePath: string, row: MatchRow): boolean {
  if (framePath === row.filePath) return true;
  if (framePath.endsWith('/' + row.filePath)) {
    // An installed npm package: the frame must run inside that package's directory.
    if (inNpmPackage(row)) {
      return framePath.endsWith(`/${row.package}/${row.filePath}`);
    }
    return true;
  }
  const a = framePath.split('/');
  const b = row.filePath.split('/');
  let k = 0;
  while (k < a.length && k < b.length && a[a.length - 1 - k] === b[b.length - 1 - k]) k++;
  return k >= 3;
}

/** A record of an installed npm package, whose file paths start inside the package directory. */
function inNpmPackage(r: MatchRow): boolean {
  return !!r.package && !r.filePath.startsWith(r.package + '/') && (r.language === 'javascript' || r.language === 'typescript');
}
