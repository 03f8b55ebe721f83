// A message returned by a method of the same file whose body is one `return` of text: the call's
// arguments take the method's parameters' places. Overloads of the call's arity, methods of several
// returns and methods returning no text are not opened.
package org.example.methods;

class Keys {
    private static String unknownKey(String key, int line) {
        return "Unknown key '" + key + "' on line " + line;
    }

    private String describe(Object o) {
        if (o == null) return "nothing";
        return "a " + o.getClass().getSimpleName();
    }

    private static String twice(String s) {
        return twice(s) + s;
    }

    void lookup(String name, int n) {
        // expect: IllegalArgumentException "Unknown key '{name}' on line {n}"
        throw new IllegalArgumentException(unknownKey(name, n));
    }

    void wrapped(String name) {
        // expect: IllegalStateException "cannot use {name}"
        throw new IllegalStateException("cannot use " + describe(name));
    }

    void recursive(String name) {
        // expect: IllegalStateException "{name}"
        throw new IllegalStateException(this.twice(name));
    }
}
