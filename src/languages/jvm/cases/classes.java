// Error classes a Java file defines: the message a constructor gives its base (`super(…)`), with
// holes naming the constructor's parameters.
package org.example.classes;

// expect-class: InvalidValueException "Invalid value: {v}" bases: IllegalArgumentException params: v
class InvalidValueException extends IllegalArgumentException {
    InvalidValueException(String v) {
        super("Invalid value: " + v);
    }
}

// expect-class: ConfigError "{message}" bases: RuntimeException params: message, cause
class ConfigError extends RuntimeException {
    ConfigError(String message, Throwable cause) {
        super(message, cause);
    }
}

class Uses {
    void f(String v) {
        // expect: InvalidValueException "{v}" holes: v
        throw new InvalidValueException(v);
    }

    void g() {
        // expect: ConfigError "bad config" constructed-only: yes
        ConfigError e = new ConfigError("bad config", null);
        throw e;
    }
}
