// .tsx is read with the TSX grammar. (Marks: src/languages/CASES.md.)

export const C = () => {
  if (!x) throw new Error("no x"); // expect: Error "no x" args: "no x"
  return <div>{x}</div>;
};
