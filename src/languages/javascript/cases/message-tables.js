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
