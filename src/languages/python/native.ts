// CPython's messages written in its C modules, by the callable that raises them (shared/native.ts):
// what python3 of this machine (3.11) prints. Each probe is run by test/languages/native-catalogues.test.ts.
// Only callables whose messages are specific: `int()`, `open()` and errno texts, raised from
// thousands of calls, are not here. A Python module that re-exports its C module's object
// verbatim (`struct` of `_struct`, `csv` of `_csv`) lists both; a Python wrapper (`signal.signal`,
// `bz2.decompress`) is indexed code, whose own call of the C callable is the record.

import type { NativeCallable } from '../shared/native.js';

export const PYTHON_NATIVE: readonly NativeCallable[] = [
  {
    modules: ['struct', '_struct'], name: 'unpack', errorClass: 'struct.error',
    messages: [{ text: 'unpack requires a buffer of {size} bytes', probe: "import struct; struct.unpack('<I', b'ab')" }],
  },
  {
    modules: ['struct', '_struct'], name: 'unpack_from', errorClass: 'struct.error',
    messages: [{
      text: 'unpack_from requires a buffer of at least {need} bytes for unpacking {size} bytes at offset {offset} (actual buffer size is {actual})',
      probe: "import struct; struct.unpack_from('<I', b'ab', 1)",
    }],
  },
  {
    modules: ['struct', '_struct'], name: 'iter_unpack', errorClass: 'struct.error',
    messages: [{ text: 'iterative unpacking requires a buffer of a multiple of {size} bytes', probe: "import struct; struct.iter_unpack('<I', b'abc')" }],
  },
  {
    modules: ['struct', '_struct'], name: 'pack', errorClass: 'struct.error',
    messages: [
      { text: 'pack expected {n} items for packing (got {got})', probe: "import struct; struct.pack('<II', 1)" },
      { text: '{format} format requires {low} <= number <= {high}', probe: "import struct; struct.pack('<B', 300)" },
      { text: 'argument out of range', probe: "import struct; struct.pack('>L', -1)" },
      { text: 'required argument is not an integer', probe: "import struct; struct.pack('>l', 'x')" },
      { text: 'required argument is not a float', probe: "import struct; struct.pack('>d', 'x')" },
    ],
  },
  {
    modules: ['struct', '_struct'], name: 'Struct', via: { method: 'unpack' }, errorClass: 'struct.error',
    messages: [{ text: 'unpack requires a buffer of {size} bytes', probe: "import struct; struct.Struct('<I').unpack(b'ab')" }],
  },
  {
    modules: ['csv', '_csv'], name: 'reader', via: 'iterate', errorClass: '_csv.Error',
    messages: [
      { text: 'field larger than field limit ({limit})', probe: "import csv; csv.field_size_limit(4); next(csv.reader(['abcdef']))" },
      { text: 'iterator should return strings, not {type} (the file should be opened in text mode)', probe: "import csv; next(csv.reader([b'abc']))" },
      {
        text: 'new-line character seen in unquoted field - do you need to open the file in universal-newline mode?',
        probe: "import csv; list(csv.reader(['a\"\\rb']))",
      },
      { text: "'{delimiter}' expected after '{quotechar}'", probe: "import csv; next(csv.reader(['\"a\"b'], strict=True))" },
    ],
  },
  {
    modules: ['csv', '_csv'], name: 'writer', via: { method: 'writerow' }, errorClass: '_csv.Error',
    messages: [{ text: 'iterable expected, not {type}', probe: 'import csv, io; csv.writer(io.StringIO()).writerow(5)' }],
  },
  {
    modules: ['bz2', '_bz2'], name: 'BZ2Decompressor', via: { method: 'decompress' }, errorClass: 'OSError',
    messages: [{ text: 'Invalid data stream', probe: "import bz2; bz2.BZ2Decompressor().decompress(b'not bz2 data')" }],
  },
  {
    modules: ['lzma', '_lzma'], name: 'LZMADecompressor', via: { method: 'decompress' }, errorClass: '_lzma.LZMAError',
    messages: [
      { text: 'Input format not supported by decoder', probe: "import lzma; lzma.LZMADecompressor().decompress(b'not lzma data at all')" },
      { text: 'Corrupt input data', probe: "import lzma; lzma.LZMADecompressor(format=lzma.FORMAT_XZ).decompress(b'\\xfd7zXZ\\x00\\x00\\x00\\x00\\x00\\x00\\x00')" },
      { text: 'Memory usage limit exceeded', probe: "import lzma; lzma.LZMADecompressor(memlimit=1).decompress(lzma.compress(b'x'))" },
    ],
  },
  {
    modules: ['zlib'], name: 'decompress', errorClass: 'zlib.error',
    messages: [{ text: 'Error {code} while decompressing data: {reason}', probe: "import zlib; zlib.decompress(b'abc')" }],
  },
  {
    modules: ['zlib'], name: 'decompressobj', via: { method: 'decompress' }, errorClass: 'zlib.error',
    messages: [{ text: 'Error {code} while decompressing data: {reason}', probe: "import zlib; zlib.decompressobj().decompress(b'abc')" }],
  },
  {
    modules: ['binascii'], name: 'a2b_base64', errorClass: 'binascii.Error',
    messages: [
      { text: 'Incorrect padding', probe: "import binascii; binascii.a2b_base64(b'abc')" },
      {
        text: 'Invalid base64-encoded string: number of data characters ({n}) cannot be 1 more than a multiple of 4',
        probe: "import binascii; binascii.a2b_base64(b'abcde')",
      },
      { text: 'Only base64 data is allowed', probe: "import binascii; binascii.a2b_base64(b'ab!c', strict_mode=True)" },
    ],
  },
  {
    modules: ['binascii'], name: 'a2b_uu', errorClass: 'binascii.Error',
    messages: [
      { text: 'Illegal char', probe: "import binascii; binascii.a2b_uu(b'#\\x7f\\x7f\\x7f')" },
      { text: 'Trailing garbage', probe: "import binascii; binascii.a2b_uu(b'!!!!\\x01')" },
    ],
  },
  ...['unhexlify', 'a2b_hex'].map((name): NativeCallable => ({
    modules: ['binascii'], name, errorClass: 'binascii.Error',
    messages: [
      { text: 'Odd-length string', probe: `import binascii; binascii.${name}(b'abc')` },
      { text: 'Non-hexadecimal digit found', probe: `import binascii; binascii.${name}(b'zz')` },
    ],
  })),
  {
    modules: ['codecs', '_codecs'], name: 'lookup', errorClass: 'LookupError',
    messages: [{ text: 'unknown encoding: {encoding}', probe: "import codecs; codecs.lookup('utf-9')" }],
  },
  {
    modules: ['_signal'], name: 'signal', errorClass: 'ValueError',
    messages: [
      { text: 'signal number out of range', probe: 'import _signal; _signal.signal(1000, _signal.SIG_DFL)' },
      {
        text: 'signal only works in main thread of the main interpreter',
        probe: 'import _signal, threading\nt = threading.Thread(target=lambda: probe(lambda: _signal.signal(2, _signal.SIG_DFL))); t.start(); t.join()',
      },
    ],
  },
  {
    modules: ['_ctypes'], name: 'dlopen', errorClass: 'OSError',
    messages: [{ text: '{name}: cannot open shared object file: No such file or directory', probe: "import _ctypes; _ctypes.dlopen('libdoesnotexist.so.1')" }],
  },
  {
    modules: ['_socket'], name: 'getaddrinfo', errorClass: 'socket.gaierror',
    messages: [
      { text: '[Errno {errno}] Servname not supported for ai_socktype', probe: "import _socket; _socket.getaddrinfo('localhost', 'nosuchservice')" },
      { text: '[Errno {errno}] Name or service not known', probe: 'import _socket; _socket.getaddrinfo(None, None)' },
    ],
  },
  ...['bind', 'connect'].map((method): NativeCallable => ({
    modules: ['socket', '_socket'], name: 'socket', via: { method }, errorClass: 'OverflowError',
    messages: [{ text: `${method}(): port must be 0-65535.`, probe: `import socket; socket.socket().${method}(('127.0.0.1', 70000))` }],
  })),
  ...['loads', 'load'].map((name): NativeCallable => ({
    modules: ['pickle', '_pickle'], name, errorClass: '_pickle.UnpicklingError',
    messages: [
      { text: 'invalid load key, {key}.', probe: `import pickle, io; pickle.${name}(${name === 'load' ? "io.BytesIO(b'\\x00')" : "b'\\x00'"})` },
      { text: 'pickle data was truncated', probe: `import pickle, io; pickle.${name}(${name === 'load' ? "io.BytesIO(b'\\x80\\x04\\x95')" : "b'\\x80\\x04\\x95'"})` },
      { text: 'unpickling stack underflow', probe: `import pickle, io; pickle.${name}(${name === 'load' ? "io.BytesIO(b'0')" : "b'0'"})` },
    ],
  })),
  {
    // (the C function writes its own name first; `curses.initscr` calls it through `from _curses import *`)
    modules: ['_curses', 'curses'], name: 'setupterm', errorClass: '_curses.error',
    messages: [{ text: 'setupterm: could not find terminal', probe: "import _curses; _curses.setupterm('errdex-no-such-terminal', 1)" }],
  },
  ...['datetime', 'date', 'time'].map((cls): NativeCallable => ({
    modules: ['datetime', '_datetime'], name: `${cls}.fromisoformat`, errorClass: 'ValueError',
    messages: [{ text: 'Invalid isoformat string: {value}', probe: `import datetime; datetime.${cls}.fromisoformat('nope')` }],
  })),
];
