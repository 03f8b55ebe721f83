// A class that is a parameter is not a class name: the callers give the class.
// (Marks: src/languages/CASES.md.)

const throwError = (message, Ctor) => {
  throw new Ctor(message) // expect: - "{message}" class-param: Ctor params: message, Ctor symbol: throwError
}
function f() { throw new RangeError('r'); } // expect: RangeError "r"
