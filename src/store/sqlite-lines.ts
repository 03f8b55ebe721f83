// Which stored sources hold a given whole line, without scanning them all: a long-lived reader
// (`errdex serve`, `errdex mcp`) asked for a quoted line (Ruby's error_highlight: SqliteStore
// sourcesHolding, service/line-answers.ts quotedLine) scanned every source of the quoting
// languages for each new message, 80-700 ms measured on the evaluation's index (12 MB of Ruby in
// 178 MB of sources), the whole time on the thread that serves every other request. This is a
// hash of every line of those sources, read once (a few files a turn, beside the requests): a lookup is a binary search and a read of the
// few files it names, whose text is checked, so a collision costs a read and changes no answer.

import type Database from 'better-sqlite3';

/** FNV-1a over the UTF-16 code units of `s` from `start` to `end`. */
function lineHash(s: string, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

export interface LineIndex {
  /**
   * The rowids of the sources that may hold `\n${line}\n` (every one that does, and those whose
   * lines collide with it), in rowid order.
   */
  candidates(line: string): number[];
}

/**
 * Builds the line index of the sources of these languages a few files at a time (step), so that
 * no turn of a serving process's event loop holds the whole read (a second or more measured on
 * a loaded machine): the hash of every line that has a newline on both sides (what a needle
 * `\n…\n` can match), beside its source's rowid; finish() sorts them by hash.
 */
export class LineIndexBuilder {
  private hashes = new Int32Array(1 << 16);
  private ids = new Int32Array(1 << 16);
  private n = 0;
  private after = 0;
  private readonly stmt: Database.Statement;

  constructor(db: Database.Database, languages: readonly string[]) {
    this.stmt = db.prepare(`SELECT rowid AS id, text FROM sources WHERE rowid > ? AND language IN (${languages.map(() => '?').join(', ')}) ORDER BY rowid LIMIT ?`);
    this.languages = languages;
  }

  private readonly languages: readonly string[];

  /** Reads the next `files` sources; true when there are none left. */
  step(files: number): boolean {
    const rows = this.stmt.all(this.after, ...this.languages, files) as { id: number; text: string }[];
    for (const r of rows) this.add(r.id, r.text);
    if (rows.length > 0) this.after = rows[rows.length - 1].id;
    return rows.length < files;
  }

  private add(id: number, t: string): void {
    let start = t.indexOf('\n');
    while (start >= 0) {
      const end = t.indexOf('\n', start + 1);
      if (end < 0) break;
      if (this.n === this.hashes.length) {
        const h2 = new Int32Array(this.n * 2);
        h2.set(this.hashes);
        this.hashes = h2;
        const i2 = new Int32Array(this.n * 2);
        i2.set(this.ids);
        this.ids = i2;
      }
      this.hashes[this.n] = lineHash(t, start + 1, end);
      this.ids[this.n++] = id;
      start = end;
    }
  }

  finish(): LineIndex {
    const { hashes, ids, n } = this;
    // (sorted by hash, then rowid)
    const order = new Uint32Array(n);
    for (let i = 0; i < n; i++) order[i] = i;
    order.sort((a, b) => hashes[a] - hashes[b] || ids[a] - ids[b]);
    const sortedHashes = new Int32Array(n);
    const sortedIds = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      sortedHashes[i] = hashes[order[i]];
      sortedIds[i] = ids[order[i]];
    }
    return {
      candidates(line) {
        const h = lineHash(line, 0, line.length);
        let lo = 0;
        let hi = n;
        while (lo < hi) {
          const mid = (lo + hi) >>> 1;
          if (sortedHashes[mid] < h) lo = mid + 1;
          else hi = mid;
        }
        const out: number[] = [];
        for (let i = lo; i < n && sortedHashes[i] === h; i++) if (out[out.length - 1] !== sortedIds[i]) out.push(sortedIds[i]);
        return out;
      },
    };
  }
}
