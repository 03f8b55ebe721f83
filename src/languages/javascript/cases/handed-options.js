// A message handed to a helper in an options object (options.ts, decision 0087): the raise's hole
// is named after the parameter's position and the option, and added to the parameters, so the
// callers' object literals fill it. (Marks: src/languages/CASES.md.)

function fail({ code, message }) {
  throw new Error(message); // expect: Error "{message}" holes: #0.message params: { code, message }, #0.message
}

function reject(options) {
  throw new RangeError(options.message); // expect: RangeError "{message}" holes: #0.message params: options, #0.message
}

function refuse(where, { msg: text }) {
  throw new TypeError(text); // expect: TypeError "{text}" holes: #1.msg params: where, { msg: text }, #1.msg
}

// a stream's reason, `strm.msg`, is set by the callee: no option
function inflateError(strm) {
  throw new Error(strm.msg); // expect: Error "{msg}" holes: strm.msg params: strm
}

// A table the caller may replace, the file's own by default, held in a local with an optional
// suffix and wrapped in String(): each entry is a message of the raise.
const defaultMessages = { [0]: 'Unterminated string.', [1]: 'Missing closing bracket.' };
function compileError(code, messages, extra) {
  const msg = (messages || defaultMessages)[code] + (extra || '');
  // expect: SyntaxError "{msg}" holes: msg
  // ... alternatives: "Unterminated string." "Missing closing bracket."
  return new SyntaxError(String(msg));
}

// A message a reporter writes into the error right after building it (reporter.ts): the
// construction, where V8 takes the stack, has the assignment's text; not after a statement that
// may return the error first.
function badType(type) {
  var error = new Error(); // expect: Error "Unsupported column type: {type}" holes: type params: type
  error.message = 'Unsupported column type: ' + type;
  return error;
}
function late(name) {
  const err = new RangeError(); // expect: RangeError - params: name
  if (name) return err;
  err.message = 'Never seen: ' + name;
  return err;
}
