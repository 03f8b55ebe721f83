package org.errdex.kit

import java.time.LocalDate
import java.time.format.DateTimeParseException

/** A small CSV reader: a header line, then records of as many fields. */
class Records(private val delimiter: Char = ',', private val maxRows: Int = 1000, private val maxWidth: Int = 200) {
    private var open = true

    fun read(text: String): Table {
        check(open) { RecordTexts.CLOSED }
        val lines = text.split('\n').filter { it.isNotEmpty() }
        if (lines.isEmpty()) throw IllegalArgumentException(RecordTexts.EMPTY)
        if (lines.size - 1 > maxRows) throw LimitExceeded(Limit.ROWS, maxRows)
        val header = split(lines[0], 1)
        if (header.size > MAX_COLUMNS) throw LimitExceeded(Limit.COLUMNS, MAX_COLUMNS)
        header.forEachIndexed { i, name ->
            checkName(name)
            val first = header.indexOf(name)
            if (first != i) {
                throw IllegalArgumentException(buildString {
                    append("Duplicate header '")
                    append(name)
                    append("' in columns ")
                    append(first + 1)
                    append(" and ")
                    append(i + 1)
                })
            }
        }
        val rows = lines.drop(1).mapIndexed { i, line ->
            if (line.length > maxWidth) throw IllegalStateException(TOO_WIDE.format(i + 2, line.length, maxWidth))
            val fields = split(line, i + 2)
            if (fields.size != header.size) throw RecordError.FieldCount(i + 2, header.size, fields.size)
            fields
        }
        return Table(header, rows)
    }

    fun close() {
        open = false
    }

    private fun checkName(name: String) {
        val reason = when {
            name.isEmpty() -> "is empty"
            name.length > 32 -> "is longer than 32 characters"
            name.any { !it.isLetterOrDigit() && it != '_' } -> "has a character other than letters, digits and '_'"
            else -> return
        }
        throw IllegalArgumentException("Header '$name' $reason")
    }

    private fun split(line: String, number: Int): List<String> {
        val out = ArrayList<String>()
        val field = StringBuilder()
        var state = PLAIN
        var i = 0
        while (i < line.length) {
            val c = line[i]
            when {
                state and QUOTED != 0 && c == '"' -> state = AFTER_QUOTE
                state and QUOTED != 0 -> field.append(c)
                c == '"' && field.isEmpty() && state == PLAIN -> state = QUOTED
                c == delimiter -> { out.add(field.toString()); field.setLength(0); state = PLAIN }
                state == AFTER_QUOTE -> throw syntax(number, "a delimiter after the closing quote, found ${c.describe()}")
                else -> field.append(c)
            }
            i++
        }
        if (state and QUOTED != 0) throw RecordError.UnterminatedQuote(number)
        out.add(field.toString())
        return out
    }

    private fun Char.describe(): String = when (this) {
        '\t' -> "a tab"
        ' ' -> "a space"
        else -> "'$this'"
    }

    companion object {
        private const val PLAIN = 0b0000
        private const val QUOTED = 0b0001
        private const val AFTER_QUOTE = 0b0010
        private const val MAX_COLUMNS = 8
        private const val TOO_WIDE = "Line %d is %d characters wide (limit %d)"
    }
}

/** A table read by [Records]. */
class Table(val header: List<String>, val rows: List<List<String>>) {
    private fun column(name: String): Int {
        val index = header.indexOf(name)
        return if (index >= 0) index else throw NoSuchElementException("No column named '$name' (columns: ${header.joinToString(", ")})")
    }

    fun number(row: Int, name: String): Long {
        val text = rows[row][column(name)]
        return text.toLongOrNull() ?: throw RecordFormatException.badNumber(name, text)
    }

    fun date(row: Int, name: String): LocalDate {
        val text = rows[row][column(name)]
        try {
            return LocalDate.parse(text)
        } catch (e: DateTimeParseException) {
            throw RecordFormatException.badDate(name, e)
        }
    }

    fun required(row: Int, name: String): String {
        val value = rows[row].getOrNull(column(name))?.takeIf { it.isNotBlank() }
        return requireNotNull(value) { "Row ${row + 1} has no value for required column '$name'" }
    }

    fun width(row: Int, name: String, min: Int): Int {
        val value = number(row, name)
        ensure(value >= min) { "Column '$name' must be at least $min, was $value" }
        return value.toInt()
    }
}
