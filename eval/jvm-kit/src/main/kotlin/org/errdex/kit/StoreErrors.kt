package org.errdex.kit

/** Failures of a settings store: each kind writes its text where it is declared, not where it is raised. */
sealed class StoreError : RuntimeException() {
    /** A key given twice in one source. */
    class Conflict(val key: String, val first: String, val second: String) : StoreError() {
        override val message: String
            get() = "Setting '$key' is set twice: '$first' and '$second'"
    }

    /** A value its type refuses. */
    class Invalid(val key: String, val value: String, val expected: String) : StoreError() {
        override val message: String
            get() = buildString {
                append("Invalid value '").append(value).append("' for '").append(key).append("'")
                append(": expected ").append(expected)
            }
    }
}

/** Problems reported with a format string of their own. */
enum class StoreProblem(val template: String) {
    MISSING("Setting '%s' is required"),
    RANGE("Setting '%s' must be between %d and %d"),
    LOCKED("Store '%s' is locked for writing");

    fun format(vararg args: Any): String = template.format(*args)
}

/** Texts shared by the store's checks. */
object StoreTexts {
    const val EMPTY_KEY = "Setting keys cannot be empty"
    const val CLOSED = "The store has been closed"

    fun unknownUnit(unit: String, key: String) = "Unknown unit '$unit' in setting '$key'"
}

/** A key quoted the way every message of the store quotes it. */
internal fun String.quoted(): String = "'$this'"

/** "1 value", "3 values". */
internal fun Int.count(word: String): String = if (this == 1) "$this $word" else "$this ${word}s"
