// Errors built but not thrown here (returned by helpers, handed on): the
// construction is the site, the line V8 stack traces point at. (Marks:
// src/languages/CASES.md.)

function syntaxError(message) {
  const err = new SyntaxError(message); // expect: SyntaxError "{message}" holes: message symbol: syntaxError
  err.lineNumber = line;
  return err;
}
const DivisionByZero = function () { return new Error("Division by Zero"); }; // expect: Error "Division by Zero" symbol: DivisionByZero
function illegal(token) {
  return Error("illegal token '" + token + "'"); // expect: Error "illegal token '{token}'" holes: token
}
function fail(parser, er) {
  er = new Error(er + '\nLine: ' + parser.line); // expect: Error "{er}\nLine: {line}" holes: er, parser.line
  parser.error = er;
}
const stack = new Error().stack; // expect-no-site: only its stack is read
expect(parse(new Error('in a test'))).toBe(1); // expect-no-site: an assertion's argument

// a helper decorating the error it is given
function decorated() {
  throw this.error(new TomlError("Can't redefine existing key")); // expect: TomlError "Can't redefine existing key"
}
