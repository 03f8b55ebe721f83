// Template literals as compilers leave them: "a".concat(x, "b") chains read as
// the template they were compiled from. (Marks: src/languages/CASES.md.)

function units(other, tok) {
  throw new Error("Units do not match ('".concat(other, "' != '").concat(tok.unit, "') in ").concat(tok.a, ", ").concat(tok.b, ".")); // expect: Error "Units do not match ('{other}' != '{unit}') in {a}, {b}."
}
// one starting from "" (Babel's `${x} is not a function`)
function notAFunction(x) { throw new TypeError("".concat(x, " is not a function")); } // expect: TypeError "{x} is not a function"
// an array's concat: one value
function arrayConcat(list, x) { throw new Error([list].concat(x)); } // expect: Error "{x}"
function port(input) { throw new EnvError("Invalid port input: \"".concat(input, "\"")); } // expect: EnvError "Invalid port input: \"{input}\""
