// How a Python function's body assigns a name, in the forms the frontend's assignment index does
// not hold (`x = …` and `x += …` are read from the tree, branch by branch): tuple targets, loop
// variables, `as` names, the walrus, other compound operators (shared/assigned.ts reads them).

import type { AssignmentForms } from '../shared/assigned.js';

const PY_OTHER_OP = String.raw`(?:[-*/%&|^@]|\*\*|//|<<|>>)=(?!=)`;

/** Names whose forms are kept compiled (a tree's functions share their parameters' names: `self`, `name`, `value`). */
const KEPT_FORMS = 4096;
const compiled = new Map<string, AssignmentForms>();

export function assignmentForms(name: string): AssignmentForms {
  let f = compiled.get(name);
  if (!f) {
    if (compiled.size >= KEPT_FORMS) compiled.clear();
    compiled.set(name, (f = formsOf(name)));
  }
  return f;
}

const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isLineEnd = (c: string): boolean => c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
/** A character of what may stand between a statement's `(` and the name in a one-line form: targets before it (`a, b[0].c, name`). */
const isTargetChar = (c: string): boolean => /[\w.[\] \t,]/.test(c);
/** What may follow the name (spaces and tabs aside): `,`, `)`, `=`, or the first character of a compound operator. */
const AFTER = new Set([',', ')', '=', '-', '*', '/', '%', '&', '|', '^', '@', '<', '>']);

/**
 * Whether any of the one-line forms can match at this occurrence of the name, by what all three
 * hold around it: from a line's start or `;`, spaces, an optional `(`, then only targets and
 * commas up to the name; after it, spaces then `,`, `)`, `=` or an operator.
 */
function near(text: string, at: number, name: string): boolean {
  let a = at + name.length;
  while (a < text.length && isSpace(text[a])) a++;
  if (!AFTER.has(text[a])) return false;
  let b = at - 1;
  while (b >= 0 && isTargetChar(text[b])) b--;
  if (b >= 0 && text[b] === '(') b--;
  while (b >= 0 && isSpace(text[b])) b--;
  return b < 0 || text[b] === ';' || isLineEnd(text[b]);
}

function formsOf(name: string): AssignmentForms {
  const other = String.raw`[\w.\[\]]+`;
  return {
    near,
    // (in one line: nothing from the start or `;` to the `=` matches a line end)
    inLine: [
      // `a, name = …`, `name, b = …` (a keyword argument `f(name=1)` is no statement)
      new RegExp(String.raw`(?:^|;)[ \t]*\(?(?:${other}[ \t]*,[ \t]*)+${name}(?!\w)[ \t]*(?:,[ \t]*${other}[ \t]*)*\)?[ \t]*=(?!=)`, 'm'),
      new RegExp(String.raw`(?:^|;)[ \t]*\(?${name}(?!\w)[ \t]*(?:,[ \t]*${other}[ \t]*)+\)?[ \t]*=(?!=)`, 'm'),
      new RegExp(String.raw`(?:^|;)[ \t]*${name}[ \t]*${PY_OTHER_OP}`, 'm'),
    ],
    text: [
      new RegExp(String.raw`\bfor\b[^\n:]*(?<![\w.])${name}(?!\w)[^\n:]*\bin\b`),
      new RegExp(String.raw`\bas\s+${name}(?!\w)`),
      new RegExp(String.raw`(?<![\w.])${name}\s*:=`),
    ],
  };
}
