// Ruby's messages written in its C core and C extensions, by the callable that raises them
// (shared/native.ts): what ruby of this machine (3.1) prints. Each probe is run by
// test/languages/native-catalogues.test.ts. A Ruby callable is a constant's method (`Random.urandom`,
// `::Date.parse`), which Ruby needs no import to call; a file that defines a constant of that
// name itself (`class Random`) is not read as calling the core's. A C extension's Ruby layer calls
// its class's methods with no receiver, from methods of the class it reopens: those calls are read
// too (analyze.ts, ownClassCalls), and an instance method (`Class#method`, often private) is read
// only so. A `via` method is read at its
// calls in a file that constructs the object (analyze.ts, nativeSites). Kernel's `Integer()`, `File.open`'s
// `No such file or directory @ rb_sysopen` and errno texts raised from thousands of calls are not here;
// an errno text is when the few calls handing the caller's value to one method raise it (`TCPSocket.open`'s
// refused connection, `IO.for_fd`'s bad descriptor).

import type { NativeCallable } from '../shared/native.js';

const DATE = ['parse', 'strptime', 'iso8601', 'rfc3339', 'xmlschema', 'rfc2822', 'httpdate', 'jisx0301'];
const NOT_KNOWN = 'getaddrinfo: Name or service not known';
const SERVNAME = 'getaddrinfo: Servname not supported for ai_socktype';
const OPENSSL = "require 'openssl'";

/** The callables opening an IO on a descriptor number, whose text is the caller's bad number. */
export const DESCRIPTOR_CALLS = ['IO.for_fd', 'IO.new'];

export const RUBY_NATIVE: readonly NativeCallable[] = [
  ...['urandom', 'bytes'].map((m): NativeCallable => ({
    name: `Random.${m}`, errorClass: 'ArgumentError',
    messages: [{ text: 'negative string size (or size too big)', probe: `Random.${m}(-1)` }],
  })),
  ...[...DATE.map((m) => `Date.${m}`), ...['parse', 'strptime', 'iso8601'].map((m) => `DateTime.${m}`)].map((name): NativeCallable => ({
    name, errorClass: 'Date::Error',
    messages: [{ text: 'invalid date', probe: `require 'date'; ${name}('nope')` }],
  })),
  ...['Socket.tcp', 'TCPSocket.new', 'TCPSocket.open', 'Addrinfo.tcp', 'Socket.tcp_server_sockets'].map((name): NativeCallable => ({
    name, errorClass: 'SocketError',
    messages: [
      { text: NOT_KNOWN, probe: `require 'socket'; ${name}(nil, nil)` },
      { text: SERVNAME, probe: `require 'socket'; ${name}(nil, 'nosuchservice')` },
    ],
  })),
  // (a client socket's connection refused: Errno's text, the call and the address as TCPSocket
  // prints them; `Socket.tcp`'s `for host:port` is socket.rb's own raise, `Socket#connect` below, which
  // a site at each of its callers would only tie with)
  ...['TCPSocket.new', 'TCPSocket.open'].map((name): NativeCallable => ({
    name, errorClass: 'Errno::ECONNREFUSED',
    messages: [{ text: 'Connection refused - connect(2) for "{host}" port {port}', probe: `require 'socket'; ${name}('127.0.0.1', 1)` }],
  })),
  {
    name: 'TCPServer.new', errorClass: 'SocketError',
    messages: [{ text: SERVNAME, probe: "require 'socket'; TCPServer.new(nil, 'nosuchservice')" }],
  },
  ...['Socket.getaddrinfo', 'Addrinfo.getaddrinfo'].map((name): NativeCallable => ({
    name, errorClass: 'SocketError',
    messages: [
      { text: NOT_KNOWN, probe: `require 'socket'; ${name}(nil, nil)` },
      { text: SERVNAME, probe: `require 'socket'; ${name}(nil, 'nosuchservice', nil, :STREAM)` },
    ],
  })),
  ...['Zlib::Inflate.inflate', 'Zlib.inflate'].map((name): NativeCallable => ({
    name, errorClass: 'Zlib::DataError',
    messages: [{ text: 'incorrect header check', probe: `require 'zlib'; ${name}('abc')` }],
  })),
  ...['Zlib::GzipReader.new', 'Zlib::GzipReader.wrap'].map((name): NativeCallable => ({
    name, errorClass: 'Zlib::GzipFile::Error',
    messages: [{ text: 'not in gzip format', probe: `require 'zlib'; require 'stringio'; ${name}(StringIO.new('abc'))` }],
  })),
  {
    name: 'Marshal.load', errorClass: 'ArgumentError',
    messages: [{ text: 'marshal data too short', probe: "Marshal.load('')" }],
  },
  // (a cipher's object is configured and run by its methods: sites at their calls in a file constructing one)
  {
    name: 'OpenSSL::Cipher.new', errorClass: 'RuntimeError',
    messages: [{ text: 'unsupported cipher algorithm ({name})', probe: `${OPENSSL}; OpenSSL::Cipher.new('nope')` }],
  },
  ...['key', 'iv'].map((m): NativeCallable => ({
    name: 'OpenSSL::Cipher.new', via: { method: `${m}=` }, errorClass: 'ArgumentError',
    messages: [{ text: `${m} must be {size} bytes`, probe: `${OPENSSL}; c = OpenSSL::Cipher.new('aes-256-gcm'); c.encrypt; c.${m} = 'x'` }],
  })),
  {
    name: 'OpenSSL::Cipher.new', via: { method: 'final' }, errorClass: 'OpenSSL::Cipher::CipherError',
    messages: [{ text: 'bad decrypt', probe: `${OPENSSL}; c = OpenSSL::Cipher.new('aes-256-cbc'); c.decrypt; c.key = 'k' * 32; c.iv = 'i' * 16; c.update('x' * 16); c.final` }],
  },
  // (a socket is connected by its method: Errno's text, then the call and the address; sites at the
  // calls in a file constructing one, socket.rb's `sock = Socket.new(…)` then `sock.connect(self)`)
  ...([
    ['Errno::ECONNREFUSED', 'Connection refused', "Socket.new(:INET, :STREAM).connect(Socket.sockaddr_in(1, '127.0.0.1'))"],
    ['Errno::ENOENT', 'No such file or directory', "Socket.new(:UNIX, :STREAM).connect(Socket.sockaddr_un('/nonexistent/x'))"],
  ] as const).map(([errorClass, text, code]): NativeCallable => ({
    name: 'Socket.new', via: { method: 'connect' }, errorClass,
    messages: [{ text: `${text} - connect(2) for {address}`, probe: `require 'socket'; ${code}` }],
  })),
  // (a mutex is locked and unlocked by its methods: sites at their calls in a file constructing one)
  ...['Thread::Mutex.new', 'Mutex.new'].flatMap((name): NativeCallable[] => [
    {
      name, via: { method: 'unlock' }, errorClass: 'ThreadError',
      messages: [{ text: 'Attempt to unlock a mutex which is not locked', probe: `m = ${name}; m.unlock` }],
    },
    ...['lock', 'synchronize'].map((m): NativeCallable => ({
      name, via: { method: m }, errorClass: 'ThreadError',
      messages: [{ text: 'deadlock; recursive locking', probe: `m = ${name}; m.lock; m.${m} {}` }],
    })),
  ]),
  // (the extension's Ruby layer calls these from its own classes, with no receiver: `hmac = new(key,
  // digest)` in `HMAC.hexdigest`, `set_minmax_proto_version(version, …)` in `SSLContext#min_version=`)
  {
    name: 'OpenSSL::HMAC.new', errorClass: 'RuntimeError',
    messages: [{ text: 'Unsupported digest algorithm ({name}).: {reason}', probe: `${OPENSSL}; OpenSSL::HMAC.new('k', 'nope')` }],
  },
  {
    name: 'OpenSSL::SSL::SSLContext#set_minmax_proto_version', errorClass: 'ArgumentError',
    messages: [{ text: 'unrecognized version "{version}"', probe: `${OPENSSL}; OpenSSL::SSL::SSLContext.new.send(:set_minmax_proto_version, :TLS9, nil)` }],
  },
  // (a shared library loaded by name: the dynamic loader's text, dlerror(3), the name first)
  ...['Fiddle.dlopen', 'Fiddle::Handle.new'].map((name): NativeCallable => ({
    name, errorClass: 'Fiddle::DLError',
    messages: [{ text: '{library}: cannot open shared object file: No such file or directory', probe: `require 'fiddle'; ${name}('libnosuch-errdex.so.9')` }],
  })),
  // (an IO opened on a descriptor number the caller gives: not a literal, not an open IO's `fileno`,
  // analyze.ts OWN_DESCRIPTOR)
  ...DESCRIPTOR_CALLS.map((name): NativeCallable => ({
    name, errorClass: 'Errno::EBADF',
    messages: [{ text: 'Bad file descriptor', probe: `${name}(97)` }],
  })),
  {
    name: 'Encoding.find', errorClass: 'ArgumentError',
    messages: [{ text: 'unknown encoding name - {name}', probe: "Encoding.find('utf-9')" }],
  },
];

/**
 * String#unpack's strict Base64 directive (`str.unpack1("m0")`, `unpack("m0")`: what
 * `Base64.strict_decode64` does, and what gems write for it), read at such a call by its literal
 * format (analyze.ts, nativeSites): a method of every String, called on no constant.
 */
export const STRICT_BASE64_NATIVE: NativeCallable = {
  name: 'String#unpack1("m0")', errorClass: 'ArgumentError',
  messages: [{ text: 'invalid base64', probe: '"eyJ".unpack1("m0")' }],
};

/**
 * Kernel#require of a path the code builds (`require "sequel/adapters/#{file}"`, an adapter or
 * plugin named by the caller): Ruby's LoadError says the path, so the text is the call's own
 * (analyze.ts, nativeSites). A literal path is left out: `require "json"` is on thousands of lines
 * and fails only when a gem is missing, for any of them.
 */
export const DYNAMIC_REQUIRE_NATIVE: NativeCallable = {
  name: 'Kernel#require', errorClass: 'LoadError',
  messages: [{ text: 'cannot load such file -- {path}', probe: 'x = "nosuch"; require "errdex/adapters/#{x}"' }],
};
