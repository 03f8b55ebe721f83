// Node-style message tables: E('ERR_X', fmt, Base) and createErrorType(code, fn,
// Base) define one class per code. (Marks: src/languages/CASES.md.)

// expect-class: ERR_INVALID_THING "The \"{arg0}\" argument must be {arg1}. Received {arg2}" holes: arg0, arg1, arg2:int
// ... bases: TypeError, RangeError code: ERR_INVALID_THING status: - params: arg0, arg1, arg2 exact: yes
E('ERR_INVALID_THING', 'The "%s" argument must be %s. Received %d', TypeError, RangeError);
// expect-class: ERR_INVALID_OPT_VALUE "The value \"{value}\" is invalid for option \"{name}\"" holes: value, name
// ... bases: TypeError params: name, value
createErrorType('ERR_INVALID_OPT_VALUE', function (name, value) {
  return 'The value "' + value + '" is invalid for option "' + name + '"';
}, TypeError);
E('ERR_ARROW', (a) => `bad ${a}`, Error); // expect-class: ERR_ARROW "bad {a}" holes: a params: a

// A factory making a class from a code and a format, bound to a name: the class is constructed by that
// name (fastify's `lib/errors.js` with `@fastify/error`'s `createError`; decision 0079).
const codes = {
  // expect-class: FST_ERR_DEC_ALREADY_PRESENT "The decorator '{arg0}' has already been added!" holes: arg0
  // ... code: FST_ERR_DEC_ALREADY_PRESENT params: arg0
  FST_ERR_DEC_ALREADY_PRESENT: createError('FST_ERR_DEC_ALREADY_PRESENT', "The decorator '%s' has already been added!"),
};
// expect-class: NotFound "No route matches {arg0} {arg1}" holes: arg0, arg1 bases: RangeError code: E_NOT_FOUND params: arg0, arg1
const NotFound = createError('E_NOT_FOUND', 'No route matches %s %s', 404, RangeError);
// expect-class: AVV_ERR_PLUGIN_TIMEOUT "Plugin did not start in time: {arg0}" holes: arg0 code: AVV_ERR_PLUGIN_TIMEOUT params: arg0
exports.AVV_ERR_PLUGIN_TIMEOUT = errors.makeError('AVV_ERR_PLUGIN_TIMEOUT', 'Plugin did not start in time: %s');
function decorate(instance, name) {
  throw new FST_ERR_DEC_ALREADY_PRESENT(name); // expect: FST_ERR_DEC_ALREADY_PRESENT "{name}" code: FST_ERR_DEC_ALREADY_PRESENT
}
// Bound to `err`, the call is an error, its text the message; given no code, it is no class either.
function lock() {
  const err = createError('E_BUSY', 'The lock is held'); // expect: - "The lock is held" code: E_BUSY
  throw err;
}
createError(404, 'Not here');
