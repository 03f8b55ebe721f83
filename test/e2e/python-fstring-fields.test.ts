// Texts an f-string's fields put in, through the CLI on Debian's python3-boolean: the error is made
// by running the real library (/usr/bin/python3) on bad input, and its message is explained against
// an index of the library (decision 0095).
//   - boolean.py's `ParseError.__str__`: `emsg = PARSE_ERRORS.get(self.error_code, "Unknown parsing
//     error")`, `tstr = ""` / `if self.token_string: tstr = f' for token: "{self.token_string}"'`, the
//     same for `pos`, then `return f"{emsg}{tstr}{pos}"`: each field a local holding text (a dict's
//     entries keyed by constants, a default, a text set in a branch), not a hole
//   - a raise passing neither token nor position (`raise ParseError(error_code=PARSE_INVALID_EXPRESSION)`)
//     may give any entry without the parts: each is a message of that raise (facts/classes.ts)
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

describe.skipIf(!have('boolean'))("an exception's __str__ joining locals in an f-string (boolean.py)", () => {
  it("says the table's entry and the token's part, at the raise passing the token", () => {
    const m = raised("import boolean\nboolean.BooleanAlgebra().parse('a b')").message;
    expect(m).toBe('Invalid symbols sequence such as (A B) for token: "b" at position: 2');
    expect(first('boolean', m)).toMatchObject({ file: 'boolean/boolean.py', line: 243, template: 'Invalid symbols sequence such as (A B) for token: "{token_string}" at position: {token_position}' });
  });

  it('says an entry alone at a raise passing only the code', () => {
    const m = raised("import boolean\nboolean.BooleanAlgebra().parse('(a & b')").message;
    expect(m).toBe('Invalid expression');
    const a = first('boolean', m);
    expect(a).toMatchObject({ file: 'boolean/boolean.py', template: 'Invalid expression' });
    expect(a.lines).toContain(382);
  });
});
