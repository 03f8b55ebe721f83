// Which rows give one hit. A hit list names each answer once, and records that are one answer are
// many rows: the records of one site (messages its callers pass), the lines of one file raising one
// message under other placeholder names, and copies of the same code. Packages ship one function
// several times (CommonJS and ESM builds, a browser bundle), each copy raising the same message; a
// message alone cannot tell them apart, and listing each as its own hit pushes the other candidates
// out of the top few. So a hit names one row and lists the other copies and lines with it.

import { renderMessage, renderPattern } from '../template/ir.js';
import type { Copy, IndexedRow } from './row.js';

export class HitGroups {
  /**
   * Rows in one group give one hit: the records of one site (tree, file and line; they differ only
   * in the message a caller passed), the copies of one function's raise, and the lines of one file
   * raising the same message under other placeholder names (`Invalid argument: ' + v` and `… + str`).
   */
  readonly group: Int32Array;
  /** Row → the rows (other files) raising the same message from a function of the same name. */
  private copies = new Map<number, number[]>();
  /** Row → every line of its file raising its message, when other rows raise it too. */
  private fileLines = new Map<number, number[]>();

  constructor(private rows: IndexedRow[]) {
    const parent = Int32Array.from(rows, (_, i) => i);
    const find = (i: number): number => {
      while (parent[i] !== i) i = parent[i] = parent[parent[i]];
      return i;
    };
    const union = (a: number, b: number) => {
      const ra = find(a);
      const rb = find(b);
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    };
    const firstOf = new Map<string, number>();
    const byCode = new Map<string, number[]>();
    const byText = new Map<string, number[]>();
    const vendored = new Map<string, number[]>();
    rows.forEach((r, i) => {
      const site = `${r.repo}\0${r.filePath}\0${r.lines[0]}`;
      const first = firstOf.get(site);
      if (first === undefined) firstOf.set(site, i);
      else union(first, i);
      // A message with little text of its own says nothing about being the same raise, unless it is
      // all text (`radix`).
      const telling = !r.generic || r.literalOnly;
      if (!telling) return;
      const pattern = renderPattern(r.template);
      push(byText, `${r.repo}\0${r.filePath}\0${pattern}`, i);
      // Nor does a function without a name (module level, a callback).
      if (!r.symbol) return;
      // (The class by its own name: a CJS build reaches it as `_errors.IndexError`, the ESM build as `IndexError`.)
      const named = `${copySymbol(r.symbol, r.filePath)}\0${r.classTail ?? ''}`;
      push(byCode, `${r.repo}\0${named}\0${renderMessage(r.template)}`, i);
      // (and in another tree, by its module's place: a vendored copy, `setuptools/_distutils/util.py` beside `distutils/util.py`,
      // or another major version's, whose placeholders may be named anew: `line {line}` / `line {Line}` in yaml.v2 / yaml.v3)
      push(vendored, `${r.filePath.slice(r.filePath.lastIndexOf('/') + 1)}\0${named}\0${pattern}`, i);
    });
    for (const same of byText.values()) {
      if (same.length < 2) continue;
      const lines = [...new Set(same.flatMap((i) => rows[i].lines))].sort((a, b) => a - b);
      for (const i of same) {
        union(same[0], i);
        this.fileLines.set(i, lines);
      }
    }
    for (const same of byCode.values()) {
      if (same.length < 2) continue;
      for (const i of same) {
        const others = same.filter((j) => rows[j].filePath !== rows[i].filePath);
        if (others.length === 0) continue;
        this.copies.set(i, others);
        union(i, others[0]);
      }
    }
    // The same code in another tree (a library vendored into another under its own file and folder
    // name, a leading `_` aside; a tree that is the folder itself has its files at its top): its raise
    // is the same answer, each tree a copy of the other.
    for (const same of vendored.values()) {
      if (same.length < 2) continue;
      for (const i of same) {
        const others = same.filter((j) => rows[j].repo !== rows[i].repo && sameFolder(rows[i].filePath, rows[j].filePath));
        if (others.length === 0) continue;
        this.copies.set(i, [...(this.copies.get(i) ?? []), ...others]);
        union(i, others[0]);
      }
    }
    // Rows of one file grouped by text are one hit, which names one of them: it carries the copies of
    // each (a bundle's `get` and `set` raising one text, each copied from its own source file).
    for (const same of byText.values()) {
      if (same.length < 2 || !same.some((i) => this.copies.has(i))) continue;
      const all = [...new Set(same.flatMap((i) => this.copies.get(i) ?? []))].sort((a, b) => a - b);
      for (const i of same) this.copies.set(i, all);
    }
    this.group = Int32Array.from(rows, (_, i) => find(i));
  }

  /** The lines of the row's file raising its message (its own, and those of rows it is grouped with by text). */
  linesOf(ix: number): number[] {
    return this.fileLines.get(ix) ?? this.rows[ix].lines;
  }

  /** The row's fileLines, when other rows raise its message in its file (what linesOf adds to the row's own). */
  fileLinesOf(ix: number): number[] | undefined {
    return this.fileLines.get(ix);
  }

  /** The other copies of a row's raise, one per file, in index order. */
  copiesOf(ix: number): Copy[] {
    const seen = new Set<string>();
    const out: Copy[] = [];
    for (const j of this.copies.get(ix) ?? []) {
      const r = this.rows[j];
      const file = `${r.repo}\0${r.filePath}`;
      if (seen.has(file)) continue;
      seen.add(file);
      // (a copy raising the message at several lines, as a hit does: a bundle's copy of several raises of one record)
      const lines = this.linesOf(j);
      out.push({ id: r.id, filePath: r.filePath, line: r.lines[0], ...(lines.length > 1 ? { lines } : {}) });
    }
    return out;
  }
}

/**
 * The name copies of a raise are keyed by: a class's constructor is the class, as one build writes a
 * class (`Color.constructor`) and another compiles it to the constructor function (`Color`); and a
 * module's anonymous default export (`default`) is named after the module's file, as bundlers name
 * it when they inline the module (`src/generator/mix.js`'s `export default (…) => {…}` is `mix`).
 */
const BUNDLE_PREFIX = /(^|\.)\$[0-9a-f]{16}\$/g;

function copySymbol(symbol: string, filePath: string): string {
  // (a scope-hoisting bundler's module prefix, `$1b358053f79e3a77$export$6b862160d295c8e`, differs
  // between the builds of one module; the rest of the name is the same)
  symbol = symbol.replace(BUNDLE_PREFIX, '$1');
  if (symbol === 'default') return /([^/]+?)(?:\.[^./]*)?$/.exec(filePath)?.[1] ?? symbol;
  return symbol.endsWith('.constructor') ? symbol.slice(0, -'.constructor'.length) : symbol;
}

/**
 * Whether two files of two trees may be one vendored file: their folders are named the same, without
 * the leading underscores a vendoring package gives it (`_distutils/cmd.py`, `_vendor/…`), or one of
 * them is at its tree's top (the tree is the folder: `distutils` analyzed by itself).
 */
export function sameFolder(a: string, b: string): boolean {
  const folder = (p: string) => {
    const parts = p.split('/');
    return parts.length > 1 ? parts[parts.length - 2].replace(/^_+/, '') : null;
  };
  const fa = folder(a);
  const fb = folder(b);
  return fa === null || fb === null || fa === fb;
}

function push(m: Map<string, number[]>, key: string, i: number): void {
  const list = m.get(key);
  if (list) list.push(i);
  else m.set(key, [i]);
}
