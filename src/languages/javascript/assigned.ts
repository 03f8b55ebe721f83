// How a JavaScript function's body assigns a name: an assignment, compound assignment, increment
// or decrement (shared/assigned.ts reads them).

const JS_ASSIGN_OP = String.raw`(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])`;

export function assignmentForms(param: string): RegExp[] {
  const name = param.replace(/\$/g, '\\$');
  return [
    new RegExp(String.raw`(?<![\w$.])${name}\s*${JS_ASSIGN_OP}`),
    new RegExp(String.raw`(?:\+\+|--)\s*${name}(?![\w$])`),
    new RegExp(String.raw`(?<![\w$.])${name}\s*(?:\+\+|--)`),
  ];
}
