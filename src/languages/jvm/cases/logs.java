// Logging at error and warning level: SLF4J / Log4j `{}` placeholders, java.util.logging's
// levels and `{0}` parameters.
// expect-file: allow-unmarked=calls
package org.example.logs;

import java.util.logging.Level;
import java.util.logging.Logger;

class Logs {
    private static final Logger LOGGER = Logger.getLogger("x");

    void slf4j(String id, Exception e) {
        // expect: - "failed to load {id}" type: log
        log.error("failed to load {}", id, e);
        // expect: - "retrying {id}" type: log severity: warning
        log.warn("retrying {}", id);
        // expect-no-site: info is not a failure
        log.info("loaded {}", id);
    }

    void jul(String name) {
        // expect: - "cannot open {name}" type: log severity: critical
        LOGGER.log(Level.SEVERE, "cannot open {0}", name);
        // expect: - "slow" type: log severity: warning
        LOGGER.warning("slow");
    }
}
