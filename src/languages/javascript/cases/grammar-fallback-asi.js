// Valid JavaScript the JavaScript grammar rejects is read with the TSX grammar
// (tree-sitter-javascript: `let a` then a line starting with `[`). (Marks:
// src/languages/CASES.md.)

function g(a) {
  let argv
  [a, argv] = a.split(" ")
  if (!argv) throw new Error("no argv"); // expect: Error "no argv"
}
