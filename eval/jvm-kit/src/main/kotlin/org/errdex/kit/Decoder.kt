package org.errdex.kit

/** A small document decoder: `{ "key": value, … }` with numbers, strings, nested objects and a type tag. */
class Decoder(private val source: String) {
    private var position = 0

    /** The lexer's failure: every syntax error of the decoder goes through here. */
    fun fail(message: String, at: Int = position): Nothing {
        throw DecodingException(at, message, source)
    }

    private fun skipSpace() {
        while (position < source.length && source[position].isWhitespace()) position++
    }

    private fun peek(): Char {
        skipSpace()
        if (position >= source.length) fail("Unexpected end of input")
        return source[position]
    }

    private fun expect(c: Char) {
        val got = peek()
        if (got != c) fail("Expected '$c', but had '$got' instead")
        position++
    }

    private fun string(): String {
        val c = peek()
        if (c != '"') fail("Expected quotation mark '\"', but had '$c' instead")
        val end = source.indexOf('"', position + 1)
        if (end < 0) fail("Unterminated string", position)
        val text = source.substring(position + 1, end)
        position = end + 1
        return text
    }

    private fun value(): Any {
        val c = peek()
        return when {
            c == '"' -> string()
            c == '{' -> obj()
            c == '-' || c.isDigit() -> number()
            else -> fail("Unexpected character '$c' where a value was expected")
        }
    }

    private fun number(): Long {
        val start = position
        if (source[position] == '-') position++
        while (position < source.length && (source[position].isLetterOrDigit() || source[position] == '.')) position++
        val text = source.substring(start, position)
        return digits(text) { throw DecodeException("Bad number '$text': $it") }
    }

    fun obj(): Map<String, Any> {
        expect('{')
        val out = LinkedHashMap<String, Any>()
        if (peek() == '}') { position++; return out }
        while (true) {
            val key = string()
            if (peek() != ':') fail("Expected ':' after key '$key'")
            position++
            out[key] = value()
            val c = peek()
            position++
            if (c == '}') return out
            if (c != ',') fail("Expected end of the object or comma", position - 1)
        }
    }

    /** Decodes the document as a type whose fields are [required]; a `type` key names a subtype of [base]. */
    fun decode(serialName: String, required: List<String>, base: String? = null, subtypes: Set<String> = emptySet()): Map<String, Any> {
        val map = obj()
        if (base != null) {
            val tag = map["type"] as String?
            if (tag == null || tag !in subtypes) throwSubtypeNotRegistered(tag, base)
        }
        val missing = required.filter { it !in map }
        if (missing.isNotEmpty()) throw MissingFieldException(missing, serialName)
        return map
    }

    /** The field at [index] of a type's [names]. */
    fun fieldName(names: List<String>, index: Int): String =
        if (index in names.indices) names[index] else throw UnknownFieldException(index)

    fun stream(): Sequence<Map<String, Any>> = TODO("Streaming decode of concatenated documents")
}

/** The digits of a number, or a reason handed to [onError]. */
fun digits(text: String, onError: (String) -> Nothing): Long {
    for (c in text) if (c != '-' && !c.isDigit()) onError("'$c' is not a digit")
    return text.toLong()
}

/** Checks a decoded value against its constraints. */
object Constraints {
    fun min(field: String, value: Long, min: Long) {
        if (value < min) throw TooSmall(field, min, value)
    }

    fun pattern(field: String, value: String, pattern: String) {
        if (!Regex(pattern).matches(value)) throw PatternMismatch(field, pattern)
    }
}

/** Durations like `15s`, `2m`, `1h`: a parse that reports its failure as a value. */
object Durations {
    fun parse(text: String): Parsed<Long> {
        val t = text.trim()
        if (t.isEmpty()) return Parsed.Failure("Duration is empty")
        val unit = t.last()
        val amount = t.dropLast(1).toLongOrNull()
            ?: return Parsed.Failure("Duration '$text' has no number before its unit")
        val factor = when (unit) {
            's' -> 1L
            'm' -> 60L
            'h' -> 3600L
            else -> return Parsed.Failure("Duration '$text' has an unknown unit '$unit' (expected s, m or h)")
        }
        return Parsed.Ok(amount * factor)
    }

    fun seconds(text: String): Long = parse(text).getOrThrow()
}
