// A message argument holding a conditional: each text it chooses between is a message of the site
// (the first the site's, the others `alts:`), also inside a concatenation, nested ones opened, a
// branch of no text a hole.
package org.example.choices;

class Stream {
    void read(boolean closed) {
        // expect: IllegalStateException "Stream closed" alts: "Stream not open"
        throw new IllegalStateException(closed ? "Stream closed" : "Stream not open");
    }

    void invoke(Object target, String methodName) {
        // (the JVM names the line of the conditional's alternative, whichever branch ran)
        throw new NullPointerException((target == null ? "target" :
                                        "methodName") + " should not be null"); // expect: NullPointerException "target should not be null" alts: "methodName should not be null"
    }

    void open(boolean closed) {
        // (a string concatenation on a later line starts no line entry of its own)
        // expect: IllegalStateException "Stream {closed}"
        throw new IllegalStateException(
            "Stream " + closed);
    }

    void mode(int m, String name) {
        // expect: IllegalArgumentException "Cannot read {name}" alts: "Cannot write {name}" "Cannot {m} {name}"
        throw new IllegalArgumentException("Cannot " + (m == 0 ? "read" : m == 1 ? "write" : m) + " " + name);
    }

    void cause(Exception e, boolean quiet) {
        // expect: IllegalStateException "load failed" alts: "{getMessage}"
        throw new IllegalStateException(quiet ? "load failed" : e.getMessage());
    }

    void brackets(boolean closingMissing, String missing) {
        // (a local given text in branches beside its use: each text it may hold, JLine's DefaultParser)
        String message = null;
        if (closingMissing) {
            message = "Missing closing brackets";
        } else {
            message = "Missing opening bracket";
        }
        // expect: IllegalStateException "Missing closing brackets" alts: "Missing opening bracket"
        throw new IllegalStateException(message);
    }

    void color(int r, int g) {
        // (one built up by parts in branches, java.awt.Color: its start, then what run time adds)
        String bad = "";
        if (r < 0) {
            bad = bad + " Red";
        }
        if (g < 0) {
            bad = bad + " Green";
        }
        // expect: IllegalArgumentException "Color parameter outside of expected range:{bad}" alts: none
        throw new IllegalArgumentException("Color parameter outside of expected range:" + bad);
    }

    void reset(boolean strict) {
        // (an assignment in the block of the use is what the local holds from there on)
        String why = "lenient";
        if (strict) {
            why = "strict";
        }
        why = "checked";
        // expect: IllegalStateException "checked" alts: none
        throw new IllegalStateException(why);
    }

    void eof(boolean some) {
        // (the declaration's text stays one the local may hold when a branch beside the use assigns another)
        String msg = "Unexpected EOF";
        if (some) {
            msg = "Returning fewer bytes";
        }
        // expect: IllegalStateException "Unexpected EOF" alts: "Returning fewer bytes"
        throw new IllegalStateException(msg);
    }

    void count(int n) {
        // (a local of no text type is not read from its assignments)
        int x = 0;
        x = 5;
        // expect: IllegalStateException "count {n} x {x}"
        throw new IllegalStateException("count " + n + " x " + x);
    }
}
