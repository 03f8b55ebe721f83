// V8's messages (Node 20 of this machine), by the global callable that raises them
// (shared/native.ts); each probe is run by test/languages/native-catalogues.test.ts. Only callables
// whose messages are specific: property reads of undefined and `x is not a function`, raised from
// any line, are not here; nor JSON.stringify, called in a great many messages and logs (`'bad ' +
// JSON.stringify(x)`) and failing only on a cycle or a BigInt.

import type { NativeCallable } from '../shared/native.js';

/**
 * JSON.parse's messages and an input that makes V8 print each: those of text that is not JSON at
 * all, cut short or hand-written (each message is one more record at every call, so V8's rarer
 * ones, of bad escapes and numbers, are left out).
 */
const PARSE: [string, string][] = [
  ['Unexpected end of JSON input', ''],
  ["Expected property name or '}' in JSON at position {position}", '{'],
  ['Expected double-quoted property name in JSON at position {position}', '{"a":1,}'],
  ["Expected ':' after property name in JSON at position {position}", '{"a" 1}'],
  ["Expected ',' or '}' after property value in JSON at position {position}", '{"a":1 "b"}'],
  ["Expected ',' or ']' after array element in JSON at position {position}", '[1 2]'],
  ['Unexpected token {token}, {text} is not valid JSON', 'nope'],
  ['Unexpected non-whitespace character after JSON at position {position}', '{"a":1} x'],
  ['Unterminated string in JSON at position {position}', '"abc'],
];

export const JAVASCRIPT_NATIVE: readonly NativeCallable[] = [
  {
    name: 'JSON.parse', errorClass: 'SyntaxError',
    messages: PARSE.map(([text, input]) => ({ text, probe: `JSON.parse(${JSON.stringify(input)})` })),
  },
  ...['decodeURIComponent', 'decodeURI'].map((name): NativeCallable => ({
    name, errorClass: 'URIError',
    messages: [{ text: 'URI malformed', probe: `${name}('%')` }],
  })),
];
