// Throw sites of Java: `throw new X(…)`, errors built in one place and thrown in another (the JVM
// takes the stack at construction), Objects.requireNonNull and Guava's Preconditions. (Marks:
// src/languages/CASES.md.)
// expect-file: allow-unmarked=calls
package org.example.sites;

import java.util.Objects;
import com.google.common.base.Preconditions; import javax.management.InstanceNotFoundException;

class Sites {
    void plain(int x) {
        // expect: IllegalArgumentException "negative count" symbol: Sites.plain guards: if x < 0 @13
        if (x < 0) throw new IllegalArgumentException("negative count");
        // expect: java.io.UncheckedIOException "closed" guards: none
        throw new java.io.UncheckedIOException("closed", null);
    }

    void noMessage() {
        // expect: UnsupportedOperationException - args: none
        throw new UnsupportedOperationException();
    }

    static NumberFormatException forInput(String s) {
        // expect: NumberFormatException "For input string: \"{s}\"" constructed-only: yes symbol: Sites.forInput params: s
        return new NumberFormatException("For input string: \"" + s + "\"");
    }

    void later(String name) {
        // expect: IllegalStateException "no such name: {name}" constructed-only: yes
        IllegalStateException e = new IllegalStateException("no such name: " + name);
        throw e;
    }

    void checks(Object o, int n) {
        // expect: NullPointerException "o must not be null"
        Objects.requireNonNull(o, "o must not be null");
        // expect: IllegalArgumentException "n out of range: {n}" guards: if !(n > 0)
        Preconditions.checkArgument(n > 0, "n out of range: %s", n);
        // expect: IllegalStateException "not started"
        Preconditions.checkState(started, "not started");
    }

    void wrapped() {
        try {
            run();
        } catch (java.io.IOException e) {
            // expect: RuntimeException "cannot run: {getMessage}" guards: catch java.io.IOException
            throw new RuntimeException("cannot run: " + e.getMessage(), e);
        }
    }

    // The JVM names the line of the last call among the arguments (javac's line-number entries):
    // the site is there, not on the `throw`.
    void multiLine(int offs) {
        throw new IllegalStateException("bad offset " + offs,
                                        cause(offs));  // expect: IllegalStateException "bad offset {offs}"
    }

    Sites() {
        // expect: IllegalStateException "built twice" symbol: Sites.<init>
        throw new IllegalStateException("built twice");
    }
}

// A static factory given the format string (java.net.http's Utils.newIAE): the site is its `new`,
// the messages are written at the callers, whose `%s` fields are opened.
class Utils {
    static IllegalArgumentException newIAE(String message, Object... args) {
        // expect: IllegalArgumentException "{message}" constructed-only: yes params: message, args
        return new IllegalArgumentException(String.format(message, args));
    }

    void check(String scheme) {
        // expect-call: newIAE "invalid URI scheme %s" symbol: Utils.check
        throw newIAE("invalid URI scheme %s", scheme);
    }

    void method(String method) {
        // (a literal inside a concatenation: the call still passes text)
        // expect-call: newIAE "illegal method \"{trim}\"" symbol: Utils.method
        throw newIAE("illegal method \"" + method.trim() + "\"");
    }
}

// A caught exception as the only argument: Throwable(cause) makes the message the cause's
// toString(), its class by its full name (imports, the package, java.lang) and its message.
class Causes {
    void proxy(String name) {
        try {
            find(name);
        } catch (InstanceNotFoundException | NumberFormatException e) {
            // expect: IllegalArgumentException "javax.management.InstanceNotFoundException: {message}" alternatives: "java.lang.NumberFormatException: {message}"
            throw new IllegalArgumentException(e);
        }
    }

    void local(String name) {
        try {
            find(name);
        } catch (LocalProblem e) {
            // expect: IllegalStateException "org.example.sites.LocalProblem: {message}"
            throw new IllegalStateException(e);
        } catch (Exception e) {
            // (a catch-all: the class printed is the thrown subclass, not known here)
            // expect: RuntimeException "{e}"
            throw new RuntimeException(e);
        }
    }
}
