// A message argument holding a conditional: each text it chooses between is a message of the site
// (the first the site's, the others `alts:`), also inside a concatenation, nested ones opened, a
// branch of no text a hole. A local given text in branches that end before the raise holds one of
// those texts, or the one given before them.
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
    void branches(String key) {
        String msg;
        if (key == null) {
            msg = "key is null";
        } else {
            msg = "key is empty: " + key;
        }
        // expect: IllegalArgumentException "key is empty: {key}" alts: "key is null"
        throw new IllegalArgumentException(msg);
    }

    void defaulted(int code) {
        String msg = "unknown error";
        switch (code) {
            case 1: msg = "not found"; break;
            case 2: msg = "denied"; break;
        }
        // expect: IllegalStateException "denied" alts: "unknown error" "not found"
        throw new IllegalStateException(msg);
    }

    void overwritten(Exception e) {
        String msg = "first";
        msg = "second";
        // expect: IllegalStateException "second"
        throw new IllegalStateException(msg);
    }
    void accumulated(int r, int g) {
        String bad = "";
        if (r < 0) bad = bad + " Red";
        if (g < 0) bad = bad + " Green";
        // (a branch adding to the local's own text: what it holds after them is a value)
        // expect: IllegalArgumentException "Color parameter outside of expected range:{bad}"
        throw new IllegalArgumentException("Color parameter outside of expected range:" + bad);
    }
}
