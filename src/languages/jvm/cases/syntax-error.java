// A file the grammar rejects in part: what parsed is still analyzed.
package org.example.broken;

class Broken {
    void f() {
        throw new IllegalStateException("before");  // expect: IllegalStateException "before"
    }
    // expect-syntax-error
    void g( {
}
