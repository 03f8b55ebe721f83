// JSX is part of the JavaScript grammar. (Marks: src/languages/CASES.md.)

export const C = () => {
  if (!x) throw new Error("no x"); // expect: Error "no x"
  return <div>{x}</div>;
};
