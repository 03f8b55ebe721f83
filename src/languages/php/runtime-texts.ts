// Messages the PHP engine and its C extensions write (core/pack.ts Runtime): what php of this
// machine (8.2) prints, each checked by its probe (warnings are read as ErrorException, as
// frameworks turn them into exceptions).

import type { Runtime } from '../../core/pack.js';
import { raisingCall } from '../shared/raising-call.js';

const call = raisingCall("a package's", 'a stack trace (#0 …)');

export const PHP_RUNTIME: Runtime = {
  name: 'PHP',
  texts: [
    {
      text: '{function}({path}): Failed to open stream: {reason}', errorClass: 'ErrorException',
      meaning: `{function}() could not open that path or URL ({reason}); ${call()}. Check that it exists and is readable.`,
      probe: 'file_get_contents("/nonexistent/errdex-probe");',
    },
    {
      text: 'Call to undefined function {function}()', errorClass: 'Error',
      meaning: 'code called a function no loaded file or extension defines (an extension not installed, a missing use function or include, a misspelling); the raising line is the call: a stack trace names it.',
      probe: 'errdex_no_such_function();',
    },
    {
      text: 'Call to undefined method {class}::{method}()', errorClass: 'Error',
      meaning: 'code called a method the class does not have (another version of a package, a misspelling); the raising line is the call: a stack trace names it.',
      probe: '(new stdClass)->errdexNoSuchMethod();',
    },
    {
      text: 'Call to a member function {method}() on {value}', errorClass: 'Error',
      meaning: 'code called {method}() on a value that is not an object ({value}: a lookup that found nothing, a property never set); the raising line is the call: a stack trace names it.',
      probe: '$x = null; $x->foo();',
    },
    {
      text: 'Class {class} not found', errorClass: 'Error',
      meaning: 'code named a class the autoloader cannot find (a missing use statement, a package not installed, a namespace or file name that does not match); the raising line names it: a stack trace names it.',
      probe: 'new ErrdexNoSuchClass();',
    },
    {
      text: '{function}(): Argument #{position} ({parameter}) must be of type {type}, {given} given', errorClass: 'TypeError',
      meaning: `{function}() was given a {given} where it takes {type}; ${call()}.`,
      probe: 'str_replace("a", "b", new stdClass);',
    },
    {
      text: '{function}(): Argument #{position} ({parameter}) must be of type {type}, {given} given, called in {file} on line {line}', errorClass: 'TypeError',
      meaning: '{function}() was given a {given} where its declaration takes {type}; the raising line is the call, on line {line} of {file}.',
      probe: '(function (int $x) {})("a");',
    },
    {
      text: '{function}(): Argument #{position} ({parameter}) must be a valid callback, {reason}', errorClass: 'TypeError',
      meaning: `{function}() was given a callback that cannot be called ({reason}: a misspelt function or method, a method of another class, a file not included); ${call()}.`,
      probe: 'call_user_func_array("errdex_no_such_fn", []);',
    },
    {
      text: 'Failed to create closure from callable: {reason}', errorClass: 'TypeError',
      meaning: `Closure::fromCallable() or a first-class callable was given one that does not exist ({reason}); ${call()}.`,
      probe: 'Closure::fromCallable([new ArrayObject, "nope"]);',
    },
    {
      text: '{function}() expects {count} argument{s}, {given} given', errorClass: 'ArgumentCountError',
      meaning: `{function}() was called with another number of arguments than it takes; ${call()}.`,
      probe: 'strlen();',
    },
    {
      text: 'Object of class {class} could not be converted to string', errorClass: 'Error',
      meaning: 'an object without __toString() was used as a string (echo, concatenation, a string function); the raising line uses it: a stack trace names it.',
      probe: 'echo (string) new stdClass;',
    },
    {
      text: 'Attempt to read property {property} on {value}', errorClass: 'ErrorException',
      meaning: 'code read ->{property} of a value that is not an object ({value}); the raising line reads it: a stack trace names it.',
      probe: '$a = []; $a->x;',
    },
    {
      text: 'Division by zero', errorClass: 'DivisionByZeroError',
      meaning: 'a division or intdiv() had a zero divisor; the raising line has it: a stack trace names it.',
      probe: 'intdiv(1, 0);',
    },
    {
      text: 'Modulo by zero', errorClass: 'DivisionByZeroError',
      meaning: 'a `%` had a zero divisor; the raising line has it: a stack trace names it.',
      probe: '1 % 0;',
    },
    {
      text: 'Cannot instantiate abstract class {class}', errorClass: 'Error',
      meaning: 'code made an instance of an abstract class (a container bound to the abstract type, not an implementation); the raising line has the new: a stack trace names it.',
      probe: 'abstract class ErrdexAbstract { abstract function f(); } new ErrdexAbstract;',
    },
  ],
};
