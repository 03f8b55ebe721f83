// .ts is not: JSX there is a syntax error. (Marks: src/languages/CASES.md.)

export const C = () => {
  if (!x) throw new Error("no x"); // expect: Error "no x"
  // (a mark trailing the next line would be read as part of a regular expression there)
  // expect-syntax-error
  return <div>{x}</div>;
};
