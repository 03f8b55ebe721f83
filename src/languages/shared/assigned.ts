// Which parameters a function assigns to in its body text, and where first. A guard after such an
// assignment (`value = value.strip()` … `if not value:`) cannot be read with the value a caller
// passes (facts/guards.ts). The text is scanned, so an assignment anywhere (in a branch, in a
// nested function) counts: the check errs toward not reading a guard. Each pack supplies the
// forms an assignment of a name takes in its language.

/**
 * The forms of one name's assignment: `text`, tried on the whole text; `inLine`, forms a match of
 * which lies in one line (between two line ends, `\n`, `\r`, U+2028 or U+2029: no part of the form
 * matches one) holding the name: tried on those lines alone. (Python's three forms anchored at a
 * line start or `;` were tried at every offset of the body: ~60% of this scan's time; a name's
 * lines are a few.)
 */
export interface AssignmentForms {
  text: RegExp[];
  inLine: RegExp[];
  /**
   * What must hold around an occurrence of the name at `at` (its first character) for any of the
   * `inLine` forms to match there: a line none of whose occurrences passes is not tried (most of
   * a short name's occurrences are inside other words: `s` in `self`). Absent: every line holding
   * the name is tried.
   */
  near?: (text: string, at: number, name: string) => boolean;
}

/**
 * Parameter → the line (0-based, in `fnText`) of its first assignment, for those assigned: a guard
 * before that line still sees the caller's value. `forms(name)`: the patterns an assignment of
 * that name is written as.
 */
export function assignedParams(fnText: string, params: string[], forms: (name: string) => RegExp[] | AssignmentForms): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of params) {
    const f = forms(p);
    let first = -1;
    for (const re of Array.isArray(f) ? f : f.text) {
      const m = re.exec(fnText);
      if (m && (first < 0 || m.index < first)) first = m.index;
    }
    if (!Array.isArray(f) && f.inLine.length) {
      const at = firstInLines(fnText, p, f.inLine, f.near);
      if (at >= 0 && (first < 0 || at < first)) first = at;
    }
    if (first >= 0) out.set(p, lineAt(fnText, first));
  }
  return out;
}

const isLineEnd = (c: string): boolean => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';

/** The offset of the first match of any of the forms, tried on each line holding `name` in turn (the first line with one holds the first); -1 when none. */
function firstInLines(text: string, name: string, forms: RegExp[], near?: AssignmentForms['near']): number {
  for (let i = name ? text.indexOf(name) : -1; i >= 0;) {
    if (near && !near(text, i, name)) {
      i = text.indexOf(name, i + 1);
      continue;
    }
    let start = i;
    while (start > 0 && !isLineEnd(text[start - 1])) start--;
    let end = i + name.length;
    while (end < text.length && !isLineEnd(text[end])) end++;
    const line = text.slice(start, end);
    let first = -1;
    for (const re of forms) {
      const m = re.exec(line);
      if (m && (first < 0 || m.index < first)) first = m.index;
    }
    if (first >= 0) return start + first;
    i = text.indexOf(name, end);
  }
  return -1;
}

function lineAt(text: string, index: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
