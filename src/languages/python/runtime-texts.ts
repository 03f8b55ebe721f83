// Messages CPython writes in its C code (core/pack.ts Runtime): what python3 of this machine (3.11)
// prints, each checked by its probe. Texts a Python module of the standard library writes are its
// records, not here (`Object of type X is not JSON serializable` is json/encoder.py's).

import type { Runtime } from '../../core/pack.js';
import { raisingCall } from '../shared/raising-call.js';

const call = raisingCall("a library's", 'a traceback');

export const PYTHON_RUNTIME: Runtime = {
  name: 'CPython',
  texts: [
    {
      text: '[Errno {errno}] {strerror}: {filename}', errorClass: 'FileNotFoundError',
      meaning: `the operating system refused an operation on that path (an OSError subclass by errno: FileNotFoundError, PermissionError, …); ${call('open(), os.* or shutil.* with that path')}. Check that it exists and is reachable with these permissions.`,
      probe: "open('/nonexistent/errdex-probe.txt')",
    },
    {
      text: '[Errno {errno}] {strerror}', errorClass: 'ConnectionRefusedError',
      meaning: `the operating system refused an operation (an OSError subclass by errno: ConnectionRefusedError, ProcessLookupError, …); ${call('a socket, a process, a device')}.`,
      probe: "import socket; socket.create_connection(('127.0.0.1', 1))",
    },
    {
      text: 'invalid literal for int() with base {base}: {value}', errorClass: 'ValueError',
      meaning: `int() was given text that is not a whole number in that base; ${call()}: the value quoted came from input, a file or a parse.`,
      probe: "int('forty')",
    },
    {
      text: 'could not convert string to float: {value}', errorClass: 'ValueError',
      meaning: `float() was given text that is not a number (a decimal comma, a unit, an empty string); ${call()}.`,
      probe: "float('1,5')",
    },
    {
      text: "'{type}' object has no attribute '{name}'", errorClass: 'AttributeError',
      meaning: 'code read `.{name}` of a value of type {type}; with NoneType, a value expected to be set was None (a function that returned nothing, a lookup that found nothing). The raising line reads the attribute: a traceback names it.',
      probe: "None.strip()",
    },
    {
      text: "'{type}' object is not iterable", errorClass: 'TypeError',
      meaning: 'a value of type {type} was used where a sequence is needed (a for loop, unpacking, list(), sorted(), `in`); the raising line iterates it: a traceback names it.',
      probe: 'iter(5)',
    },
    {
      text: "argument of type '{type}' is not iterable", errorClass: 'TypeError',
      meaning: '`x in value` was run on a value of type {type}, which holds nothing to look in; the raising line has the `in` test: a traceback names it.',
      probe: "'x' in 5",
    },
    {
      text: "'{type}' object is not subscriptable", errorClass: 'TypeError',
      meaning: 'code indexed (`value[...]`) a value of type {type}; with NoneType, a value expected to be a list or dict was None. The raising line has the subscript: a traceback names it.',
      probe: '5[0]',
    },
    {
      text: "'{type}' object does not support item assignment", errorClass: 'TypeError',
      meaning: 'code assigned to `value[...]` of an immutable value (a tuple, a str, bytes); the raising line has the assignment: a traceback names it.',
      probe: '(1,)[0] = 2',
    },
    {
      text: "object of type '{type}' has no len()", errorClass: 'TypeError',
      meaning: `len() was given a value of type {type}; ${call()}.`,
      probe: 'len(5)',
    },
    {
      text: "'{type}' object cannot be interpreted as an integer", errorClass: 'TypeError',
      meaning: `a call that takes an integer (range(), a size, an index) was given a value of type {type}; ${call()}.`,
      probe: 'range(1.5)',
    },
    {
      text: "unsupported operand type(s) for {op}: '{left}' and '{right}'", errorClass: 'TypeError',
      meaning: 'an arithmetic operator was applied to values of those two types (often a number and a str read from input, or None); the raising line has the operator: a traceback names it.',
      probe: "1 + 'a'",
    },
    {
      text: "'{op}' not supported between instances of '{left}' and '{right}'", errorClass: 'TypeError',
      meaning: 'two values of those types were compared, often by sorting, min()/max(), heapq or bisect over mixed values; the raising line compares or sorts them: a traceback names it.',
      probe: "1 < 'a'",
    },
    {
      text: 'not enough values to unpack (expected {expected}, got {got})', errorClass: 'ValueError',
      meaning: 'an assignment unpacked a sequence into more names than it holds (`a, b = line.split(",")` of a line with no comma); the raising line has the assignment: a traceback names it.',
      probe: 'a, b = [1]',
    },
    {
      text: 'too many values to unpack (expected {expected})', errorClass: 'ValueError',
      meaning: 'an assignment unpacked a sequence into fewer names than it holds; the raising line has the assignment: a traceback names it.',
      probe: 'a, = [1, 2]',
    },
    {
      text: '{function}() takes {expected} positional argument{s} but {given} given', errorClass: 'TypeError',
      meaning: 'a function was called with more positional arguments than it declares (a method called on the class, a callback of another signature); the raising line is the call: a traceback names it.',
      probe: 'def f(): pass\nf(1)',
    },
    {
      text: '{function}() missing {count} required positional argument{s}: {names}', errorClass: 'TypeError',
      meaning: 'a function was called without arguments it requires; the raising line is the call: a traceback names it.',
      probe: 'def f(x): pass\nf()',
    },
    {
      text: "{function}() got an unexpected keyword argument '{name}'", errorClass: 'TypeError',
      meaning: 'a function was called with a keyword it does not declare (a misspelt option, or an option of another version of the library); the raising line is the call: a traceback names it.',
      probe: 'def f(): pass\nf(y=1)',
    },
    {
      text: "No module named '{module}'", errorClass: 'ModuleNotFoundError',
      meaning: 'an import named a module this interpreter cannot find: not installed in this environment (the virtualenv, the Python version), or misspelt. The raising line is the import: a traceback names it.',
      probe: 'import errdex_no_such_module',
    },
    {
      text: "cannot import name '{name}' from '{module}' ({path})", errorClass: 'ImportError',
      meaning: 'the module was found but defines no such name: another version of it than the code expects, or a circular import. The raising line is the import: a traceback names it.',
      probe: 'from os import errdex_no_such_name',
    },
    {
      text: "name '{name}' is not defined", errorClass: 'NameError',
      meaning: 'code used a name no scope defines (a missing import, a misspelling); the raising line uses it: a traceback names it.',
      probe: 'errdex_undefined_name',
    },
    {
      text: "cannot access local variable '{name}' where it is not associated with a value", errorClass: 'UnboundLocalError',
      meaning: 'a function read a local variable before any assignment to it ran (an assignment in a branch not taken, or a name also assigned later in the function); the raising line reads it: a traceback names it.',
      probe: 'def f():\n  print(y)\n  y = 1\nf()',
    },
    {
      text: 'division by zero', errorClass: 'ZeroDivisionError',
      meaning: 'a `/`, `//` or `%` had a zero divisor; the raising line has the operator: a traceback names it.',
      probe: '1 / 0',
    },
    {
      text: 'list index out of range', errorClass: 'IndexError',
      meaning: 'code indexed a list past its end (often `[0]` of an empty list); the raising line has the subscript: a traceback names it.',
      probe: '[1][5]',
    },
    {
      text: "unhashable type: '{type}'", errorClass: 'TypeError',
      meaning: 'a mutable value (list, dict, set) was used as a dict key or set member; the raising line stores or looks it up: a traceback names it.',
      probe: 'hash([])',
    },
    {
      text: "'{codec}' codec can't decode byte {byte} in position {position}: {reason}", errorClass: 'UnicodeDecodeError',
      meaning: `bytes were decoded with an encoding they are not in (a file read as UTF-8 that is Latin-1 or binary); ${call('open(')} in text mode, .decode()). Pass the right encoding, or errors=.`,
      probe: "b'\\xff'.decode('utf-8')",
    },
    {
      text: "'{codec}' codec can't encode character {char} in position {position}: {reason}", errorClass: 'UnicodeEncodeError',
      meaning: `text holds a character the target encoding cannot write (ASCII, a terminal's or a file's locale encoding); ${call('print(')}, write(), .encode()).`,
      probe: "'\\u1234'.encode('ascii')",
    },
    {
      text: "cannot pickle '{type}' object", errorClass: 'TypeError',
      meaning: 'pickle, copy.deepcopy or multiprocessing was handed an object holding a value that cannot be copied (a lock, a generator, an open file, a socket); the raising line is the call that copies or sends it: a traceback names it.',
      probe: 'import pickle, threading; pickle.dumps(threading.Lock())',
    },
    {
      text: "a bytes-like object is required, not '{type}'", errorClass: 'TypeError',
      meaning: `code that works on bytes was given a str (or str code bytes); ${call()}: encode or decode the value first.`,
      probe: "b'a'.split('x')",
    },
    {
      text: 'expected str, bytes or os.PathLike object, not {type}', errorClass: 'TypeError',
      meaning: `a call taking a file path was given a value of type {type} (None: a path setting left unset); ${call()}.`,
      probe: 'open(None)',
    },
    {
      text: "cannot create weak reference to '{type}' object", errorClass: 'TypeError',
      meaning: `a weak reference (weakref.ref, a WeakValueDictionary or WeakSet) was asked for a value of type {type}, which cannot have one (ints, strs, tuples, classes with __slots__ and no __weakref__); ${call()}.`,
      probe: 'import weakref; weakref.ref(1)',
    },
    {
      text: 'cannot use a {pattern} pattern on a {subject} object', errorClass: 'TypeError',
      meaning: `a regular expression of {pattern} was run on a {subject} text: bytes and str do not mix; ${call('re.match, re.search, re.sub… with that text')}.`,
      probe: "import re; re.match(b'x', 'x')",
    },
    {
      text: "expected string or bytes-like object, got '{type}'", errorClass: 'TypeError',
      meaning: `a regular expression was run on a value of type {type}, not a text; ${call('re.match, re.search, re.sub… with that value')}.`,
      probe: "import re; re.match('x', 5)",
    },
    {
      text: "'in <string>' requires string as left operand, not {type}", errorClass: 'TypeError',
      meaning: '`x in text` looked for a value of type {type} inside a str: bytes and str do not mix; the raising line has the `in` test: a traceback names it.',
      probe: "b'x' in 'abc'",
    },
    {
      text: '{method} first arg must be {expected}, not {type}', errorClass: 'TypeError',
      meaning: `{method}() of a str or bytes was given a value of type {type}: bytes and str do not mix; ${call()}.`,
      probe: "'abc'.startswith(b'a')",
    },
    {
      text: "argument should be integer or bytes-like object, not '{type}'", errorClass: 'TypeError',
      meaning: `a bytes method (find, index, count, \`in\`) was given a value of type {type}: bytes and str do not mix; ${call()}.`,
      probe: "b'abc'.find('a')",
    },
    {
      text: "string argument expected, got '{type}'", errorClass: 'TypeError',
      meaning: `a text stream (io.StringIO) was written a value of type {type}; ${call()}.`,
      probe: "import io; io.StringIO().write(b'x')",
    },
    {
      text: 'write() argument must be str, not {type}', errorClass: 'TypeError',
      meaning: `a file opened in text mode was written {type}: open it in binary mode ('wb') or decode the value first; ${call()}.`,
      probe: "import tempfile; tempfile.TemporaryFile('w').write(b'x')",
    },
    {
      text: 'unknown encoding: {encoding}', errorClass: 'LookupError',
      meaning: `no codec has the encoding name {encoding} (a misspelling, or a name another tool uses); ${call('.encode(), .decode() or open(…, encoding=…)')}.`,
      probe: "'x'.encode('latin-9')",
    },
    {
      text: 'list.remove(x): x not in list', errorClass: 'ValueError',
      meaning: `list.remove() was asked to take out a value the list does not hold; ${call()}.`,
      probe: '[].remove(3)',
    },
    {
      text: 'math domain error', errorClass: 'ValueError',
      meaning: `a math function was given a value outside its domain (sqrt or log of a negative number); ${call()}.`,
      probe: 'import math; math.sqrt(-1)',
    },
  ],
};
