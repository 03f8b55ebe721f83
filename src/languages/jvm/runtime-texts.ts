// Messages the JVM writes in C++ and the JDK's native code (core/pack.ts Runtime): what java of this
// machine (17) prints, each checked by its probe. Texts of the JDK's Java sources (`For input
// string: …`) are records of an index of src.zip, not here.

import type { Runtime } from '../../core/pack.js';

const FRAME = "the raising line is the trace's first `at` line";

export const JVM_RUNTIME: Runtime = {
  name: 'the JVM',
  texts: [
    {
      text: 'Cannot invoke "{method}" because {what} is null', errorClass: 'java.lang.NullPointerException',
      meaning: `code called {method} on {what}, which was null (a field never set, a lookup that found nothing); ${FRAME}.`,
      probe: 'String s = System.getProperty("errdex.none"); s.length();',
    },
    {
      text: 'Cannot read field "{field}" because {what} is null', errorClass: 'java.lang.NullPointerException',
      meaning: `code read the field {field} of {what}, which was null; ${FRAME}.`,
      probe: 'java.awt.Point p = System.getProperty("errdex.none") == null ? null : new java.awt.Point(); int x = p.x;',
    },
    {
      text: 'Cannot read the array length because {what} is null', errorClass: 'java.lang.NullPointerException',
      meaning: `code read the length of {what}, an array that was null; ${FRAME}.`,
      probe: 'int[] a = System.getProperty("errdex.none") == null ? null : new int[1]; int n = a.length;',
    },
    {
      text: 'Index {index} out of bounds for length {length}', errorClass: 'java.lang.ArrayIndexOutOfBoundsException',
      meaning: `code indexed an array or list past its end (length {length}, index {index}); ${FRAME}.`,
      probe: 'int[] a = new int[1]; int x = a[Integer.parseInt("5")];',
    },
    {
      text: '/ by zero', errorClass: 'java.lang.ArithmeticException',
      meaning: `an integer division or remainder had a zero divisor; ${FRAME}.`,
      probe: 'int z = Integer.parseInt("0"); int x = 1 / z;',
    },
    {
      text: 'class {from} cannot be cast to class {to}{rest}', errorClass: 'java.lang.ClassCastException',
      meaning: `a cast or a generic collection's element had another class than the code expects (a raw collection, a deserialized value, two class loaders); ${FRAME}.`,
      probe: 'Object o = "x"; Integer i = (Integer) o;',
    },
    {
      text: '{path} (No such file or directory)', errorClass: 'java.io.FileNotFoundException',
      meaning: `a file stream was opened on a path that does not exist; ${FRAME} under the JDK's (FileInputStream, FileReader, …): the first line of your code or a library's below them made the call.`,
      probe: 'new java.io.FileInputStream("/nonexistent/errdex-probe");',
    },
    {
      text: '{path} (Is a directory)', errorClass: 'java.io.FileNotFoundException',
      meaning: 'a file stream was opened on a directory; the first trace line of your code or a library\'s below the JDK\'s made the call.',
      probe: 'new java.io.FileInputStream("/tmp");',
    },
  ],
};
