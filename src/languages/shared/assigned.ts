// Which parameters a function assigns to in its body text, and where first. A guard after such an
// assignment (`value = value.strip()` … `if not value:`) cannot be read with the value a caller
// passes (facts/guards.ts). The text is scanned, so an assignment anywhere (in a branch, in a
// nested function) counts: the check errs toward not reading a guard. Each pack supplies the
// forms an assignment of a name takes in its language.

/**
 * Parameter → the line (0-based, in `fnText`) of its first assignment, for those assigned: a guard
 * before that line still sees the caller's value. `forms(name)`: the patterns an assignment of
 * that name is written as.
 */
export function assignedParams(fnText: string, params: string[], forms: (name: string) => RegExp[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of params) {
    let first = -1;
    for (const re of forms(p)) {
      const m = re.exec(fnText);
      if (m && (first < 0 || m.index < first)) first = m.index;
    }
    if (first >= 0) out.set(p, lineAt(fnText, first));
  }
  return out;
}

function lineAt(text: string, index: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
