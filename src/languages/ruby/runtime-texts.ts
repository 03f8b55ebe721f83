// Messages Ruby's core writes in C (core/pack.ts Runtime): what ruby of this machine (3.1) prints,
// each checked by its probe. A quoted name is one hole with its quotes, so 3.4's `'x'` reads as
// 3.1's backtick form does.

import type { Runtime } from '../../core/pack.js';
import { raisingCall } from '../shared/raising-call.js';

const call = raisingCall("a gem's", 'a backtrace');

export const RUBY_RUNTIME: Runtime = {
  name: 'Ruby',
  texts: [
    {
      text: '{strerror} @ {syscall} - {path}', errorClass: 'Errno::ENOENT',
      meaning: `the operating system refused \`{syscall}\` on that path (an Errno:: class by errno: ENOENT, EACCES, EEXIST, …); ${call('File.open/read, Dir.*, FileUtils with that path')}. Check that it exists and is reachable with these permissions.`,
      probe: "File.read('/nonexistent/errdex-probe')",
    },
    {
      text: 'Connection refused - connect(2) for {address}', errorClass: 'Errno::ECONNREFUSED',
      meaning: `nothing listens at {address}; ${call('a socket, an HTTP, SMTP or database client connecting')}.`,
      probe: "require 'socket'; TCPSocket.new('127.0.0.1', 1)",
    },
    {
      text: 'undefined method {method} for {receiver}', errorClass: 'NoMethodError',
      meaning: 'code called {method} on a value that has no such method; with nil, a value expected to be set was nil (a lookup that found nothing, a method that returned nothing). The raising line has the call: a backtrace names it.',
      probe: 'nil.size',
    },
    {
      text: 'wrong number of arguments (given {given}, expected {expected})', errorClass: 'ArgumentError',
      meaning: "a method was called with another number of arguments than it declares; the backtrace's first line is the method's definition and the next one the call.",
      probe: 'def errdex_probe; end; errdex_probe(1)',
    },
    {
      text: 'no implicit conversion of {from} into {to}', errorClass: 'TypeError',
      meaning: `a core method was given a value of another type than it takes (nil where a String is expected, a String where an Integer is); ${call()}.`,
      probe: "'a' + 1",
    },
    {
      text: "{value} can't be coerced into {type}", errorClass: 'TypeError',
      meaning: 'arithmetic mixed a number with a value of another type (often nil); the raising line has the operator: a backtrace names it.',
      probe: '1 + nil',
    },
    {
      text: 'comparison of {left} with {right} failed', errorClass: 'ArgumentError',
      meaning: 'values that cannot be compared were sorted or compared (sort, min, max over mixed types or nils); the raising line sorts or compares them: a backtrace names it.',
      probe: "[1, 'a'].sort",
    },
    {
      text: "can't modify frozen {class}: {value}", errorClass: 'FrozenError',
      meaning: 'code changed a frozen object (a string literal under `frozen_string_literal: true`, a constant, a frozen Hash); the raising line has the change: a backtrace names it.',
      probe: "'x'.freeze << 'y'",
    },
    {
      text: 'no block given (yield)', errorClass: 'LocalJumpError',
      meaning: "a method that yields was called without a block; the backtrace's first line is the yield and the next one the call that needed a block.",
      probe: 'def errdex_probe; yield; end; errdex_probe',
    },
    {
      text: 'invalid value for {function}(): {value}', errorClass: 'ArgumentError',
      meaning: `a strict conversion (Integer(), Float(), Rational()) was given text that is not a number; ${call()}.`,
      probe: "Integer('abc')",
    },
    {
      text: 'undefined local variable or method {name} for {receiver}', errorClass: 'NameError',
      meaning: 'code used a name no scope defines (a misspelling, a variable of another block); the raising line uses it: a backtrace names it.',
      probe: 'errdex_undefined_name',
    },
    {
      text: 'uninitialized constant {name}', errorClass: 'NameError',
      meaning: 'code named a class or module that is not loaded: a missing require, a gem not in the bundle, or a misspelling. The raising line names it: a backtrace names it.',
      probe: 'ErrdexNoSuchConstant',
    },
    {
      text: 'cannot load such file -- {feature}', errorClass: 'LoadError',
      meaning: 'a require named a file or gem not on the load path: not installed, or not in the Gemfile of this bundle. The raising line is the require: a backtrace names it.',
      probe: "require 'errdex_no_such_feature'",
    },
    {
      text: 'key not found: {key}', errorClass: 'KeyError',
      meaning: 'Hash#fetch (or ENV.fetch) asked for a key the hash does not hold; the raising line is the fetch: a backtrace names it.',
      probe: '{}.fetch(:errdex)',
    },
    {
      text: 'index {index} outside of array bounds: {bounds}', errorClass: 'IndexError',
      meaning: 'Array#fetch asked for an index past the end; the raising line is the fetch: a backtrace names it.',
      probe: '[].fetch(3)',
    },
    {
      text: 'divided by 0', errorClass: 'ZeroDivisionError',
      meaning: 'an integer `/` or `%` had a zero divisor; the raising line has the operator: a backtrace names it.',
      probe: '1 / 0',
    },
    {
      text: 'stack level too deep', errorClass: 'SystemStackError',
      meaning: 'a recursion did not end (a method calling itself, two methods calling each other, a `method_missing` or `to_s` that calls itself); the backtrace repeats the lines of the loop.',
      probe: 'def errdex_probe; errdex_probe; end; errdex_probe',
    },
    {
      text: 'invalid byte sequence in {encoding}', errorClass: 'ArgumentError',
      meaning: `a string holds bytes that are not valid in its encoding (binary data or Latin-1 text tagged UTF-8); ${call('a String method that reads characters')}. Read with the right encoding, or scrub the string.`,
      probe: '"\\xff".unicode_normalize',
    },
  ],
};
