// Messages V8 and Node's C++ write (core/pack.ts Runtime): what node of this machine (20) prints,
// each checked by its probe. Node's own JavaScript (`ERR_INVALID_ARG_TYPE` texts) is not here: an
// index of Node's lib/ holds it.

import type { Runtime } from '../../core/pack.js';
import { raisingCall } from '../shared/raising-call.js';

const call = raisingCall("a package's", 'a stack trace');

/** V8 names the value as code writes it, without spaces but for its `(intermediate value)`. */
const EXPRESSION = /^(?:\(intermediate value\))?\S* is not (?:a function|iterable)$/;

export const JAVASCRIPT_RUNTIME: Runtime = {
  name: 'Node.js (V8)',
  texts: [
    {
      text: 'ENOENT: no such file or directory, {syscall} {path}', errorClass: 'Error',
      meaning: `the operating system refused {syscall} on that path (ENOENT); ${call('fs.readFile, fs.open, fs.readdir, fs.mkdir, a require of a file with that path')}. Check that it exists and is reachable.`,
      probe: "require('fs').readFileSync('/nonexistent/errdex-probe')",
    },
    {
      text: 'EEXIST: file already exists, {syscall} {path}', errorClass: 'Error',
      meaning: `the operating system refused {syscall} on that path (EEXIST); ${call('fs.readFile, fs.open, fs.readdir, fs.mkdir, a require of a file with that path')}. Check that it exists and is reachable.`,
      probe: "require('fs').mkdirSync('/tmp')",
    },
    {
      text: 'ENOTDIR: not a directory, {syscall} {path}', errorClass: 'Error',
      meaning: `the operating system refused {syscall} on that path (ENOTDIR); ${call('fs.readFile, fs.open, fs.readdir, fs.mkdir, a require of a file with that path')}. Check that it exists and is reachable.`,
      probe: "require('fs').readdirSync('/etc/passwd')",
    },
    {
      text: 'Cannot read properties of {value} (reading {property})', errorClass: 'TypeError',
      meaning: 'code read {property} of a value that was {value} (a missing field, a function that returned nothing, an argument not passed); the raising line reads it: a stack trace names it.',
      probe: "let a; return a.b",
    },
    {
      text: 'Cannot set properties of {value} (setting {property})', errorClass: 'TypeError',
      meaning: 'code set {property} on a value that was {value}; the raising line has the assignment: a stack trace names it.',
      probe: 'let a; a.b = 1',
    },
    {
      text: '{expression} is not a function', errorClass: 'TypeError', shape: EXPRESSION,
      meaning: 'code called {expression}, whose value is not a function (undefined: a misspelt method, a method of another version of a package, a default export imported as a named one); the raising line has the call: a stack trace names it.',
      probe: 'const o = {}; o.f()',
    },
    {
      text: '{expression} is not iterable', errorClass: 'TypeError', shape: EXPRESSION,
      meaning: 'a for…of, a spread or a destructuring was given a value that is not iterable (undefined, a plain object, a number); the raising line has it: a stack trace names it.',
      probe: 'for (const x of 5) {}',
    },
    {
      text: '{name} is not defined', errorClass: 'ReferenceError', shape: /^[\w$]+ is not defined$/,
      meaning: 'code used a name no scope declares (a missing import, a global of another environment such as `window` or `require` in an ES module); the raising line uses it: a stack trace names it.',
      probe: 'errdexUndefinedName',
    },
    {
      text: 'Assignment to constant variable.', errorClass: 'TypeError',
      meaning: 'code assigned to a name declared with const; the raising line has the assignment: a stack trace names it.',
      probe: 'const c = 1; c = 2',
    },
    {
      text: "Class constructor {name} cannot be invoked without 'new'", errorClass: 'TypeError',
      meaning: 'a class was called as a function (its instance made without new, or a class passed where a factory is expected); the raising line has the call: a stack trace names it.',
      probe: 'class A {} A()',
    },
    {
      text: 'Unexpected token {token}', errorClass: 'SyntaxError', shape: /^Unexpected token '[^']{1,20}'$/,
      meaning: 'V8 met {token} where its syntax does not allow it, compiling code made at run time (new Function, eval, vm, the function a template engine compiles) or a file of a syntax this Node does not read; the stack trace names the call that compiled it.',
      probe: "new Function('f(a))')",
    },
    {
      text: 'Unexpected end of JSON input', errorClass: 'SyntaxError',
      meaning: `JSON.parse was given an empty or cut-off text (an empty response body, a file being written); ${call()}.`,
      probe: "JSON.parse('')",
    },
    {
      text: '{problem} in JSON at position {position}', errorClass: 'SyntaxError',
      meaning: `JSON.parse was given text that is not JSON at that position (HTML from an error page, single quotes, a trailing comma); ${call()}.`,
      probe: "JSON.parse('{a')",
    },
    {
      text: 'Converting circular structure to JSON', errorClass: 'TypeError',
      meaning: `JSON.stringify was given an object that refers back to itself (a request, a socket, a parent link); ${call()}.`,
      probe: 'const o = {}; o.o = o; JSON.stringify(o)',
    },
    {
      text: 'Maximum call stack size exceeded', errorClass: 'RangeError',
      meaning: 'a recursion did not end (a function calling itself, two calling each other, a getter or toJSON that reads itself); the stack trace repeats the lines of the loop.',
      probe: 'function r() { r() } r()',
    },
    {
      text: 'Invalid array length', errorClass: 'RangeError',
      meaning: `an array was made or resized with a negative, fractional or too large length; ${call()}.`,
      probe: 'new Array(-1)',
    },
    {
      text: "Cannot find module '{module}'", errorClass: 'Error',
      meaning: 'a require or import named a package or file that is not installed where node looks (node_modules of this project, a path relative to the importing file); the require stack under the message names the importing file.',
      probe: "require('errdex-no-such-module')",
    },
    {
      text: 'Offset is outside the bounds of the DataView', errorClass: 'RangeError',
      meaning: `a DataView read or wrote past the end of its buffer (binary data shorter than its format says); ${call()}.`,
      probe: 'new DataView(new ArrayBuffer(1)).getInt32(0)',
    },
    {
      text: 'URI malformed', errorClass: 'URIError',
      meaning: `decodeURIComponent or decodeURI was given text with a bad %-escape (a lone %, invalid UTF-8); ${call()}.`,
      probe: "decodeURIComponent('%')",
    },
  ],
};
