const = ; // expect-syntax-error
throw new Error("x"); // expect: Error "x"
// Broken for both grammars: the syntax error is still reported. (Marks:
// src/languages/CASES.md.)
