// Valid JavaScript the JavaScript grammar rejects is read with the TSX grammar,
// and no syntax error is reported (tree-sitter-javascript: a reserved word as a
// JSX attribute name). (Marks: src/languages/CASES.md.)

export const C = ({ x }) => {
  if (!x) throw new Error("no x"); // expect: Error "no x" args: "no x"
  return <div class="box">{x}</div>;
};
