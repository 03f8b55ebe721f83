// Messages looked up in tables (marks: src/languages/CASES.md). A table of this file gives its
// entry, its placeholders opened as the table writes them; a table imported from another module is
// a lookup hole that record/ fills from the tree's tables (`holes:` names the lookup).
import { ErrorMessages } from './messages.js';

const M = {
  'string.min': '{{#label}} is too short',
  'string.max': '{{#label}} is too long',
};

export function imported() {
  throw new SyntaxError(ErrorMessages.UnexpectedEOF); // expect: SyntaxError "{UnexpectedEOF}" holes: ErrorMessages.UnexpectedEOF
}

export function local() {
  throw new Error(M['string.min']); // expect: Error "{label} is too short" holes: label
}

export function render(t) {
  return t;
}

export function rendered(code) {
  // (the lookup keyed by a parameter: its callers' keys, or every entry of M, are put in by record/)
  throw new Error(render(M[code], {})); // expect: Error "{code}" holes: M[code] params: code
}
