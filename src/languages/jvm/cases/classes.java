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

// (a constructor formatting the text it is given, JVMCIError's: a raise's literal is a format string)
// expect-class: FormattedError "{msg}" bases: Error params: msg, args
class FormattedError extends Error {
    FormattedError(String msg) {
        super(msg);
    }

    FormattedError(String msg, Object... args) {
        super(format(msg, args));
    }

    private static String format(String msg, Object... args) {
        return String.format(java.util.Locale.ENGLISH, msg, args);
    }
}

// (a constructor handing its key to a message helper, javap's BadArgs: a raise's key is a bundle's entry)
// expect-class: BadArgs "{key}" bases: Exception params: key, args
class BadArgs extends Exception {
    BadArgs(String key, Object... args) {
        super(Messages.getMessage(key, args));
    }
}
