package org.errdex.kit

/** A tokenizer for a small expression language. */
class Tokenizer(private val text: String) {
    private var pos = 0
    private var closed = false
    private var depth = 0

    fun next(): String {
        check(!closed) { CLOSED }
        while (pos < text.length && text[pos] == ' ') pos++
        if (pos >= text.length) throw TokenException(pos, "end of input")
        val c = text[pos]
        return when {
            c.isDigit() -> number()
            c.isLetter() -> word()
            c == '"' -> string()
            c == '(' -> { open(); "(" }
            c == ')' -> { depth--; pos++; ")" }
            c in "+-*/" -> { pos++; c.toString() }
            else -> throw TokenException(pos, "character '$c'")
        }
    }

    fun all(): List<String> {
        val out = ArrayList<String>()
        while (true) {
            while (pos < text.length && text[pos] == ' ') pos++
            if (pos >= text.length) break
            out.add(next())
        }
        if (depth != 0) throw KitException("Unbalanced parentheses: depth $depth at end")
        return out
    }

    fun close() {
        closed = true
    }

    private fun open() {
        depth++
        pos++
        if (depth > 8) throw tooDeep(depth, 8)
    }

    private fun number(): String {
        val start = pos
        while (pos < text.length && (text[pos].isDigit() || text[pos] == '.')) pos++
        val s = text.substring(start, pos)
        if (s.count { it == '.' } > 1) throw NumberFormatException("Too many decimal points in $s")
        return s
    }

    private fun word(): String {
        val start = pos
        while (pos < text.length && text[pos].isLetterOrDigit()) pos++
        val w = text.substring(start, pos)
        if (w == "lambda") TODO("lambda expressions")
        return w
    }

    private fun string(): String {
        val sb = StringBuilder()
        pos++
        while (true) {
            if (pos >= text.length) throw TokenException(pos, "unterminated string")
            val c = text[pos++]
            if (c == '"') break
            if (c == '\\') {
                val e = text.getOrNull(pos++) ?: throw TokenException(pos, BAD_ESCAPE)
                sb.append(
                    when (e) {
                        'n' -> '\n'
                        't' -> '\t'
                        '"' -> '"'
                        else -> throw IllegalArgumentException("$BAD_ESCAPE: \\$e at ${pos - 1}")
                    }
                )
            } else sb.append(c)
        }
        return sb.toString()
    }
}
