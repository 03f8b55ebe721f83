package org.errdex.kit

import java.text.MessageFormat

/** Error codes of the migration runner, each with its text (a library's error-code enum, as JDBC drivers and parsers keep). */
enum class MigrationError(val template: String) {
    EMPTY_DURATION("Duration is empty"),
    UNKNOWN_UNIT("Unknown time unit '%s' in \"%s\""),
    TOO_LONG("Timeout %s exceeds the limit of %d seconds")
}

/** An error of the runner, its text made from its code's template and the arguments. */
open class MigrationException(message: String, cause: Throwable? = null) : RuntimeException(message, cause) {
    constructor(code: MigrationError, vararg args: Any?) : this(code.template.format(*args))

    companion object {
        fun checksumMismatch(version: Int, expected: String, actual: String) =
            MigrationException("Checksum mismatch for migration $version: expected $expected, got $actual")
    }
}

/** A version that does not parse; the secondary constructor writes the text. */
class VersionException(message: String) : IllegalArgumentException(message) {
    constructor(version: String, reason: String) : this("Invalid migration version \"$version\": $reason")
}

/** A gap in the migrations; the text is built when asked for. */
class MigrationGapException(val from: Int, val to: Int, val missing: List<Int>) : IllegalStateException() {
    override val message: String
        get() = buildString {
            append("No migration path from version ")
            append(from).append(" to ").append(to)
            append(": missing ")
            missing.joinTo(this)
        }
}

/** The runner's texts, kept by key as a bundle keeps them. */
internal object RunnerMessages {
    private val TEXTS = mapOf(
        "lock.held" to "Migration lock is held by {0} since {1}",
        "target.behind" to "Target version {0} is older than the current version {1}"
    )

    fun get(key: String, vararg args: Any?): String = MessageFormat.format(TEXTS.getValue(key), *args)

    const val NOT_APPLIED = "Migration %d has not been applied"
}

/** A lookup's outcome: the error is made where the lookup fails and thrown where the value is asked for. */
sealed class Lookup<out T> {
    class Found<T>(val value: T) : Lookup<T>()
    class Missing(val error: Exception) : Lookup<Nothing>()

    fun orThrow(): T = when (this) {
        is Found -> value
        is Missing -> throw error
    }
}
