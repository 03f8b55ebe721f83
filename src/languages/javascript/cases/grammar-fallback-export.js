// Valid JavaScript the JavaScript grammar rejects is read with the TSX grammar
// (tree-sitter-javascript: a reserved word as an export name). (Marks:
// src/languages/CASES.md.)

function f(v) {
  if (v < 0) throw new RangeError("negative"); // expect: RangeError "negative"
}
export { f as enum };
