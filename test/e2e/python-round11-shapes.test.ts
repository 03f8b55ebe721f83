// Round 11's shapes through the CLI. Texts an f-string's fields put in, on Debian's python3-boolean: the error is made
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

// Lists of texts a helper grows and returns in a tuple, joined at the raise, through the CLI on
// Debian's python3-license-expression (decision 0095): `warns, errors = validate_symbols(symbols)` …
// `raise ValueError('\n'.join(warns + errors))`, validate_symbols' `errors.append(f'Invalid duplicated
// license key: {dupe!r}.')` in a loop, then `return warnings, errors`.
describe.skipIf(!have('license_expression'))("texts a helper appends to the lists it returns (license_expression)", () => {
  it("says the helper's appended text at the raise joining the lists", () => {
    const m = raised("from license_expression import Licensing\nLicensing(['mit', 'mit'], quiet=True)").message;
    expect(m).toBe("Invalid duplicated license key: 'mit'.");
    expect(first('license_expression', m)).toMatchObject({ file: 'license_expression/__init__.py', line: 276, template: 'Invalid duplicated license key: {dupe}.' });
  });
});

// A constructor's parameter that defaults to the empty text, through the CLI on Debian's python3-pint
// (Hole.emptyByDefault): `DimensionalityError.__init__(self, units1, units2, dim1="", dim2="", *,
// extra_msg="")` and `__str__` ending `f"'{self.units2}'{dim2}{self.extra_msg}"`. The registry's raise
// passes no `extra_msg`, so its text ends at `{dim2}`: the whole message is the template, not its start.
describe.skipIf(!have('pint'))('a parameter that defaults to the empty text, left out by the raise (pint)', () => {
  it("says the raise's text ending where the left-out parameter would go", () => {
    const m = raised("import pint\nu = pint.UnitRegistry()\nu('meter').to('second')").message;
    expect(m).toBe("Cannot convert from 'meter' ([length]) to 'second' ([time])");
    // (quantity.py's and registry.py's raises tie: either is first)
    expect(first('pint', m).template).toMatch(/^Cannot convert from '\{\w+\}' \(\{\w+\}\) to '\{\w+\}' \(\{\w+\}\)$/);
  });
});
