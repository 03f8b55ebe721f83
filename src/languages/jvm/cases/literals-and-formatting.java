// Messages of Java: literals, escapes and text blocks, `+`, String.format / formatted /
// MessageFormat.format, StringBuilder chains, constants and locals.
// expect-file: allow-unmarked=calls
package org.example.text;

import java.text.MessageFormat;

class Text {
    static final String PREFIX = "Bad input: ";
    private static final String NO_KEY = "no key";

    void run(String name, int pos, long size) {
        // expect: IllegalArgumentException "tab\there \"quoted\" é"
        throw new IllegalArgumentException("tab\there \"quoted\" \u00e9");
    }

    void concat(String name, int pos) {
        // expect: IllegalArgumentException "Bad input: {name} at {pos}"
        throw new IllegalArgumentException(PREFIX + name + " at " + pos);
    }

    void constant() {
        // expect: java.util.NoSuchElementException "no key"
        throw new java.util.NoSuchElementException(NO_KEY);
    }

    void formats(String name, int pos, double f) {
        // expect: IllegalArgumentException "Unknown {name} at {pos}: {f}%" holes: name, pos:int, f:float
        throw new IllegalArgumentException(String.format("Unknown %s at %d: %.2f%%", name, pos, f));
    }

    void formatted(String name) {
        // expect: IllegalStateException "state {name}\n"
        throw new IllegalStateException("state %s%n".formatted(name));
    }

    void messageFormat(String name, int n) {
        // expect: IllegalArgumentException "Can't find {name} ({n})"
        throw new IllegalArgumentException(MessageFormat.format("Can''t find {0} ({1})", name, n));
    }

    void builder(String name, int n) {
        // expect: IllegalArgumentException "bad [{name}] x{n}"
        throw new IllegalArgumentException(new StringBuilder("bad [").append(name).append("] x").append(n).toString());
    }

    void local(String name) {
        String msg = "missing " + name;
        // expect: IllegalStateException "missing {name}"
        throw new IllegalStateException(msg);
    }

    void block() {
        // expect: IllegalStateException "first line\nsecond line\n"
        throw new IllegalStateException("""
            first line
            second line
            """);
    }
}
