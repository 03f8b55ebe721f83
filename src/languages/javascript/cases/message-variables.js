// Messages held in variables and module constants, += concatenation, the
// nearest preceding assignment, messages returned by functions of the module,
// and messages looked up in tables (every entry is another message the site can
// raise: `alternatives:`). (Marks: src/languages/CASES.md.)

const PREFIX = 'Config error: ';
const MESSAGES = { notFound: 'Thing not found' };
function unknownKey(key) {
  let m = 'Unknown key ' + key;
  m += '; expected one of ' + KEYS;
  throw new Error(m); // expect: Error "Unknown key {key}; expected one of {KEYS}" holes: key, KEYS
}
function prefixed(x) { throw new Error(PREFIX + x); } // expect: Error "Config error: {x}" holes: x
function fromTable() { throw new Error(MESSAGES.notFound); } // expect: Error "Thing not found"
function cannot(p) {
  let text = 'Cannot ' + p;
  if (p.deep) text += ' deeply';
  text += ' now';
  // a conditional `+=` gives the text with it and without it (joined.ts appendedReadings)
  throw new Error(text); // expect: Error "Cannot {p} deeply now" holes: p alts: "Cannot {p} now"
}
function later() { throw new Error(LATER); } // expect: Error "defined after use"
const LATER = `defined after use`;

// the nearest preceding assignment in the same function wins; locals shadow module names
const message = 'module level';
function shadowedByParam(message) { throw new Error(message); } // expect: Error "{message}" holes: message
function reassigned() {
  let t = 'first';
  t = 'second';
  throw new Error(t); // expect: Error "second"
}
function shadowedByLocal() {
  const message = 'local';
  function inner() { const message = 'nested only'; }
  throw new Error(message); // expect: Error "local"
}

// variables inside substitutions are inlined only when constant
const KIND = 'widget';
function state(n) {
  let state = 'idle';
  if (n) state = 'busy';
  throw new Error(`${KIND} is ${state}`); // expect: Error "widget is {state}" holes: state
}

// a call to a function of the module that returns the message, arguments bound to its parameters
const syntaxError = (type, char) => `Missing ${type}: "${char}"`;
function fmt(name, n) {
  const where = ' at ' + n;
  return 'bad ' + name + where;
}
function twoReturns(x) { if (x) return 'a'; return 'b'; }
// (a function that may return what it was given is no message function: its call stays a hole)
function maybeText(x) { if (x.name) return 'named ' + x.name; return x; }
function parse(x, tok) {
  if (x) throw new SyntaxError(syntaxError('closing', ']')); // expect: SyntaxError "Missing closing: \"]\""
  if (tok) throw new TypeError(fmt('token', tok)); // expect: TypeError "bad token at {n}" holes: n
  if (!x) throw new Error(maybeText(x)); // expect: Error "{x}" holes: maybeText(x)
  // each return of a function of several returns, all text, is a message the call may give
  throw new Error(twoReturns(x)); // expect: Error "a" alts: "b"
}

// a message looked up in a table of messages: every string entry is an alternative
const errors = {
  'overflow': 'Overflow: input needs wider integers to process',
  'invalid-input': 'Invalid input',
  'code': 42,
};
function error(type) {
  // expect: RangeError "{type}" holes: errors[type]
  // ... alternatives: "Overflow: input needs wider integers to process" "Invalid input"
  throw new RangeError(errors[type]);
}

// a local assigned again under a condition the use is not under: each assignment that reaches the
// use is a text it may hold (the first argument's `alts:`), through a choice and a `.replace`
function reassignedUnder(x) {
  let msg = 'Bad input';
  if (x > 3) msg = 'Too large input';
  throw new Error(msg); // expect: Error "Too large input" alts: "Bad input"
}
const TOKEN_MESSAGES = { Unexpected: 'Unexpected token %0', UnexpectedString: 'Unexpected string' };
function reassignedThenReplaced(token) {
  let msg = TOKEN_MESSAGES.Unexpected;
  if (token.type === 8) {
    msg = token.quoted ? TOKEN_MESSAGES.UnexpectedString : 'Unexpected quote';
  }
  msg = msg.replace('%0', token.value);
  // expect: Error "Unexpected string" alts: "Unexpected quote" "Unexpected token {value}"
  throw new Error(msg);
}
function reassignedBoth(x) {
  let msg;
  if (x) msg = 'Left side';
  else msg = 'Right side';
  throw new Error(msg); // expect: Error "Right side" alts: "Left side"
}

// a message joined from an array pushed to (joined.ts): each `if` branch a reading, a loop a hole
function joined(tok, expected) {
  const lines = ['Unexpected ' + tok + '.'];
  if (expected.length) lines.push('Expected one of:');
  else lines.push('Expected end of input.');
  for (const e of expected) lines.push('  ' + e);
  throw new SyntaxError(lines.join('\n')); // expect: SyntaxError "Unexpected {tok}.\nExpected one of:\n{lines}" alts: "Unexpected {tok}.\nExpected end of input.\n{lines}"
}

// a message property's texts assigned elsewhere in the file (property-texts.ts)
function inflate(strm) {
  if (strm.bad) strm.msg = 'incorrect header check';
  else strm.msg = `invalid window size ${strm.bits}`;
}
function run(stream) {
  inflate(stream);
  // expect: Error "{msg}" holes: stream.msg
  // ... alternatives: "incorrect header check" "invalid window size {bits}"
  throw new Error(stream.msg);
}

// a string appended to in a `switch`: a reading per case (and none without a `default`); a `+=` in
// a loop ends the text there
function unsupported(node) {
  let msg = 'Unsupported node ' + node.type + '.';
  switch (node.type) {
    case 'Filter':
      msg += ' Use filters first.';
      break;
    case 'Include':
    case 'Extends':
      msg += ' Use the linker first.';
      break;
  }
  throw new TypeError(msg); // expect: TypeError "Unsupported node {type}. Use filters first." alts: "Unsupported node {type}. Use the linker first." "Unsupported node {type}."
}
function listed(items) {
  let msg = 'Bad items:';
  for (const i of items) msg += ' ' + i;
  if (items.length > 3) msg += ' (and more)';
  throw new Error(msg); // expect: Error "Bad items:" alts: none
}
