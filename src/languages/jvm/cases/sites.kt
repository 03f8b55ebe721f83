// Kotlin sites: `throw X(…)`, errors built elsewhere, the standard library's preconditions
// (require, check, requireNotNull, checkNotNull, error, TODO) and string templates.
package org.example.kt

const val LIMIT_MSG = "limit reached"

// expect-class: BadRecord "Bad record: {id}" bases: IllegalArgumentException params: id
class BadRecord(id: String) : IllegalArgumentException("Bad record: $id")

class Parser(private val text: String) {
    fun parse(pos: Int): Int {
        // expect: IllegalArgumentException "position {pos} outside {length}" symbol: Parser.parse guards: if !(pos >= 0)
        require(pos >= 0) { "position $pos outside ${text.length}" }
        // expect: IllegalStateException "Check failed." guards: if !(text.isNotEmpty())
        check(text.isNotEmpty())
        if (pos > 10) {
            // expect: ParseException "too far: {pos}" guards: if pos > 10
            throw ParseException("too far: " + pos)
        }
        // expect: IllegalStateException "limit reached"
        error(LIMIT_MSG)
    }

    fun later(): Nothing {
        // expect: NotImplementedError "An operation is not implemented: streaming"
        TODO("streaming")
    }

    fun built(id: String): BadRecord {
        // expect: BadRecord "{id}" constructed-only: yes
        return BadRecord(id)
    }

    fun formatted(n: Int) {
        // expect: IllegalStateException "count {n} of {text}"
        throw IllegalStateException("count %d of %s".format(n, text))
    }

    fun nulls(x: String?) {
        // expect: IllegalArgumentException "Required value was null."
        requireNotNull(x)
    }
}

// expect-class: ParseException "{message}" bases: RuntimeException params: message
class ParseException(message: String) : RuntimeException(message)
