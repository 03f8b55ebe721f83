package org.errdex.kit

/** A cell reference that does not parse, with the column of the reference it stopped at. */
class CellSyntaxException(val reason: String, val column: Int) : IllegalArgumentException("$reason (column $column)")

/** What is wrong with a cell reference, each case with its text. */
sealed class CellProblem {
    abstract val text: String

    object Empty : CellProblem() {
        override val text = "cell reference is empty"
    }

    class BadRow(val row: String) : CellProblem() {
        override val text: String
            get() = "row '$row' is not a number"
    }
}

class CellException(ref: String, problem: CellProblem) : IllegalArgumentException("Bad cell '$ref': ${problem.text}")

/** A sheet of named cells (`B12`), read as text or numbers. */
class Sheet(private val name: String, private val cells: Map<String, String>) {
    companion object {
        private const val NO_CELL = "Sheet '%s' has no cell %s"
    }

    fun ref(text: String): Pair<String, Int> {
        if (text.isEmpty()) throw CellException(text, CellProblem.Empty)
        val letters = text.takeWhile { it.isLetter() }
        if (letters.isEmpty()) text.unexpectedAt(0)
        val row = text.substring(letters.length)
        val n = row.toIntOrNull() ?: throw CellException(text, CellProblem.BadRow(row))
        if (n <= 0) throw CellSyntaxException(column = letters.length + 1, reason = "row numbers start at 1")
        return letters to n
    }

    fun value(ref: String): String = cells[ref] ?: throw NoSuchElementException(NO_CELL.format(name, ref))

    fun number(ref: String): Double = runCatching { value(ref).toDouble() }
        .getOrElse { throw IllegalStateException("Cell $ref of '$name' is not a number", it) }
}

private fun String.unexpectedAt(index: Int): Nothing =
    throw CellSyntaxException("unexpected '${this[index]}' in '$this'", index + 1)
