// The word table of the match index: interned words with ids, and the
// tokenizer every lookup starts with. A text's words are what
// `text.toLowerCase().match(WORD)` finds; for printable ASCII text (nearly
// every error message) they are looked up straight from the text, without
// lowercasing it or cutting out a string per word.

/** A word: three or more of [a-z0-9_], in lowercased text. */
export const WORD = /[a-z0-9_]{3,}/g;

/** [A-Za-z0-9_]: in ASCII text, what lowercases into a word character. */
const isWordChar = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
const lower = (c: number): number => (c >= 65 && c <= 90 ? c | 0x20 : c);

export class WordTable {
  readonly words: string[] = [];
  private ids = new Map<string, number>();
  /**
   * Open addressing over word hashes: slot s holds word id + 1 at 2s (0 when empty) and the word's
   * hash at 2s + 1, so a probe compares hashes in this one array and reads a word's characters
   * only when its hash is the one looked up. Rebuilt as words are added.
   */
  private slots = new Int32Array(32);
  /**
   * The words' characters end to end (word id's at charStart[id] .. charStart[id + 1]): a probe that
   * finds its hash compares against these few contiguous bytes, not a string object apiece.
   */
  private chars = new Uint8Array(64);
  private charStart = new Int32Array(16);

  /** The word's id, adding it if new. Words are made of [a-z0-9_] only (what WORD matches). */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      this.ids.set(word, (id = this.words.length));
      this.words.push(word);
      this.spell(id, word);
      if (this.words.length * 4 > this.slots.length) this.rehash(this.slots.length);
      else this.place(id);
    }
    return id;
  }

  /** Appends to `out` the id of each word of the text that is in the table, in text order (repeats included). */
  idsOf(text: string, out: number[]): void {
    const first = out.length;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (!isWordChar(c)) {
        if (c > 126 || (c < 32 && (c < 9 || c > 13))) {
          // Lowercasing may change lengths or map other letters to ASCII (`\u212a` → `k`): do it as written.
          out.length = first;
          this.idsOfAnyText(text, out);
          return;
        }
        i++;
        continue;
      }
      const start = i;
      let h = HASH_SEED;
      for (; i < n; i++) {
        const c = text.charCodeAt(i);
        if (!isWordChar(c)) break;
        h = hashStep(h, lower(c));
      }
      if (i - start >= 3) {
        const id = this.find(text, start, i, h);
        if (id >= 0) out.push(id);
      }
    }
  }

  private idsOfAnyText(text: string, out: number[]): void {
    for (const w of text.toLowerCase().match(WORD) ?? []) {
      const id = this.ids.get(w);
      if (id !== undefined) out.push(id);
    }
  }

  /** The id of the word spelled (case-insensitively) by text[start, end), or -1. */
  private find(text: string, start: number, end: number, h: number): number {
    const slots = this.slots;
    const mask = (slots.length >> 1) - 1;
    for (let s = h & mask; ; s = (s + 1) & mask) {
      const slot = slots[2 * s];
      if (slot === 0) return -1;
      if (slots[2 * s + 1] !== (h | 0)) continue;
      const from = this.charStart[slot - 1];
      const len = this.charStart[slot] - from;
      if (len !== end - start) continue;
      let k = 0;
      while (k < len && this.chars[from + k] === lower(text.charCodeAt(start + k))) k++;
      if (k === len) return slot - 1;
    }
  }

  /** Appends the word's characters to `chars`, growing the arrays as needed. */
  private spell(id: number, word: string): void {
    if (id + 2 > this.charStart.length) {
      const starts = new Int32Array(2 * (id + 2));
      starts.set(this.charStart);
      this.charStart = starts;
    }
    const from = this.charStart[id];
    if (from + word.length > this.chars.length) {
      const chars = new Uint8Array(2 * (from + word.length));
      chars.set(this.chars);
      this.chars = chars;
    }
    for (let k = 0; k < word.length; k++) this.chars[from + k] = word.charCodeAt(k);
    this.charStart[id + 1] = from + word.length;
  }

  private place(id: number): void {
    const w = this.words[id];
    let h = HASH_SEED;
    for (let k = 0; k < w.length; k++) h = hashStep(h, w.charCodeAt(k));
    const mask = (this.slots.length >> 1) - 1;
    let s = h & mask;
    while (this.slots[2 * s] !== 0) s = (s + 1) & mask;
    this.slots[2 * s] = id + 1;
    this.slots[2 * s + 1] = h | 0;
  }

  /** `capacity` slots (two numbers each). */
  private rehash(capacity: number): void {
    this.slots = new Int32Array(2 * capacity);
    for (let id = 0; id < this.words.length; id++) this.place(id);
  }
}

/** FNV-1a over character codes, kept within 32 bits. */
const HASH_SEED = 0x811c9dc5;
const hashStep = (h: number, c: number): number => Math.imul(h ^ c, 16777619) >>> 0;
