// A file the parser has to recover in: the error is reported by its first line,
// and the rest is still analyzed. (Marks: src/languages/CASES.md.)

function f() {
  throw new Error("still found"); // expect: Error "still found"
}
const = ; // expect-syntax-error
