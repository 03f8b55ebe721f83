// Which parameters a function assigns to in its body text, and where first. A guard after such an
// assignment (`value = value.strip()` … `if not value:`) cannot be read with the value a caller
// passes (facts/guards.ts). The text is scanned, so an assignment anywhere (in a branch, in a
// nested function) counts: the check errs toward not reading a guard.

const PY_OTHER_OP = String.raw`(?:[-*/%&|^@]|\*\*|//|<<|>>)=(?!=)`;
const JS_ASSIGN_OP = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])`;

/**
 * Parameter → the line (0-based, in `fnText`) of its first assignment, for those assigned: a guard
 * before that line still sees the caller's value. For Python, the forms the frontend's assignment
 * index does not hold (`x = …` and `x += …` are read from the tree, branch by branch): tuple
 * targets, loop variables, `as` names, the walrus, other compound operators.
 */
export function assignedParams(fnText: string, params: string[], python: boolean): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of params) {
    let first = -1;
    for (const re of python ? pythonForms(p) : jsForms(p.replace(/\$/g, '\\$'))) {
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

function pythonForms(name: string): RegExp[] {
  const other = String.raw`[\w.\[\]]+`;
  return [
    // `a, name = …`, `name, b = …` (a keyword argument `f(name=1)` is no statement)
    new RegExp(String.raw`(?:^|;)[ \t]*\(?(?:${other}[ \t]*,[ \t]*)+${name}(?!\w)[ \t]*(?:,[ \t]*${other}[ \t]*)*\)?[ \t]*=(?!=)`, 'm'),
    new RegExp(String.raw`(?:^|;)[ \t]*\(?${name}(?!\w)[ \t]*(?:,[ \t]*${other}[ \t]*)+\)?[ \t]*=(?!=)`, 'm'),
    new RegExp(String.raw`(?:^|;)[ \t]*${name}[ \t]*${PY_OTHER_OP}`, 'm'),
    new RegExp(String.raw`\bfor\b[^\n:]*(?<![\w.])${name}(?!\w)[^\n:]*\bin\b`),
    new RegExp(String.raw`\bas\s+${name}(?!\w)`),
    new RegExp(String.raw`(?<![\w.])${name}\s*:=`),
  ];
}

/** JavaScript: an assignment, compound assignment, increment or decrement of the name. */
function jsForms(name: string): RegExp[] {
  return [
    new RegExp(String.raw`(?<![\w$.])${name}\s*${JS_ASSIGN_OP}`),
    new RegExp(String.raw`(?:\+\+|--)\s*${name}(?![\w$])`),
    new RegExp(String.raw`(?<![\w$.])${name}\s*(?:\+\+|--)`),
  ];
}
