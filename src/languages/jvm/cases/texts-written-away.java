// Texts written away from the raise (decision 0106): a helper making the error of the text it is
// given and a text of its own (`new LoadException(message + constructTrace())`, a `String message`
// parameter and a `String` method of the file): a concatenation without a literal is text when a side
// is a `String`, so callers' texts fill the parameter (facts/callers.ts).
// expect-file: allow-unmarked=calls
package org.example.loader;

import java.io.IOException;

// expect-class: LoadException "{message}" params: message
class LoadException extends IOException {
    LoadException(String message) { super(message); }
}

class Loader {
    private int line;

    LoadException constructLoadException(String message) {
        // expect: LoadException "{message}\nline {line}" holes: message, line constructed-only: yes
        return new LoadException(message + constructTrace());
    }

    LoadException located(String message, Throwable cause) {
        // expect: IllegalStateException "{message}{toString}" holes: message, cause.toString() constructed-only: yes
        return new IllegalStateException(message + cause.toString());
    }

    int sum(int a, int b) {
        // (numbers added: one value, no text)
        // expect: ArithmeticException "{b}" holes: a + b constructed-only: yes
        return new ArithmeticException(a + b).hashCode();
    }

    private String constructTrace() {
        StringBuilder b = new StringBuilder("\n");
        b.append("line ").append(line);
        return b.toString();
    }

    // (a StringBuilder filled over statements, its `if` a hole where it stands)
    private String childMessage(String cause, Object node) {
        final StringBuilder sb = new StringBuilder("Children: ");
        sb.append(cause);
        sb.append(": parent = ").append(this);
        if (node != null) {
            sb.append(", node = ").append(node);
        }
        return sb.toString();
    }

    void add(Object node) {
        // expect: IllegalArgumentException "Children: cycle detected: parent = {this}{sb}"
        if (node == this) throw new IllegalArgumentException(childMessage("cycle detected", node));
    }

    void element(String name) throws LoadException {
        throw constructLoadException(name + " is not a valid type.");
    }
}
