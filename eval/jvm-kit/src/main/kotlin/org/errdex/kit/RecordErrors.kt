package org.errdex.kit

/** Every failure of the record reader: a sealed family, each case composing its own text. */
sealed class RecordError(message: String) : IllegalArgumentException(message) {
    class UnterminatedQuote(line: Int) : RecordError("Unterminated quoted field starting on line $line")
    class FieldCount(line: Int, expected: Int, actual: Int) :
        RecordError("Line $line has $actual fields, expected $expected")
}

/** A value that does not convert; made by the factories of its companion, thrown by the callers. */
class RecordFormatException private constructor(message: String, cause: Throwable? = null) :
    RuntimeException(message, cause) {
    companion object {
        fun badNumber(column: String, text: String) =
            RecordFormatException("Column '$column' is not a number: \"$text\"")

        fun badDate(column: String, cause: Throwable) =
            RecordFormatException("Column '$column' is not an ISO date", cause)
    }
}

/** A syntax error at a line, with what was expected there. */
class RecordSyntaxException(val line: Int, detail: String) :
    IllegalArgumentException("Syntax error on line $line: $detail")

/** What a limit counts, each kind describing itself. */
enum class Limit {
    ROWS {
        override fun describe(max: Int) = "more than $max rows"
    },
    COLUMNS {
        override fun describe(max: Int) = "more than $max columns"
    };

    abstract fun describe(max: Int): String
}

class LimitExceeded(limit: Limit, max: Int) : IllegalStateException("Input has ${limit.describe(max)}")

/** Texts shared by the reader. */
object RecordTexts {
    const val EMPTY = "Input has no header line"
    const val CLOSED = "Reader is closed"
}

internal fun syntax(line: Int, what: String) = RecordSyntaxException(line, "expected $what")

/** The reader's own precondition helper: the text comes from the caller's lambda. */
internal fun ensure(condition: Boolean, message: () -> String) {
    if (!condition) throw IllegalArgumentException(message())
}
