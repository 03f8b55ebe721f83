// How a Python function's body assigns a name, in the forms the frontend's assignment index does
// not hold (`x = …` and `x += …` are read from the tree, branch by branch): tuple targets, loop
// variables, `as` names, the walrus, other compound operators (shared/assigned.ts reads them).

import type { AssignmentForms } from '../shared/assigned.js';

const PY_OTHER_OP = String.raw`(?:[-*/%&|^@]|\*\*|//|<<|>>)=(?!=)`;

export function assignmentForms(name: string): AssignmentForms {
  const other = String.raw`[\w.\[\]]+`;
  return {
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
