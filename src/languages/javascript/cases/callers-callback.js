// A helper handed to a function as a callback: that function calls it by its
// parameter; the class is the parameter the callers fill. (Marks:
// src/languages/CASES.md.)

const throwError = (message, Ctor) => { throw new Ctor(message) } // expect: - "{message}" symbol: throwError class-param: Ctor params: message, Ctor
const noop = () => false
const checkPath = (path, original, doThrow) => {
  if (typeof path !== 'string') return doThrow(`path must be a string, but got ${original}`, TypeError) // expect-call: throwError "path must be a string, but got {original}"
  if (!path) return doThrow('path must not be empty', TypeError) // expect-call: throwError "path must not be empty"
  api.doThrow('a member of that name is something else')
  return true
}
function other(doThrow) { doThrow('a parameter of another function') }
// (checkPath passes its own parameter on: its callers are followed in the next round)
function test(p, strict) { return checkPath(p, p, strict ? throwError : noop) } // expect-call: checkPath "{p}"
