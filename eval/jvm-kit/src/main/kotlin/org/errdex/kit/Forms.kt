package org.errdex.kit

import java.text.MessageFormat
import java.util.ResourceBundle

/** A form of named fields, each with a kind ("text:N", "int:MIN..MAX", "email", "zip", "phone"). */
class Form(private val name: String, private val kinds: Map<String, String>) {
    private val bundle = ResourceBundle.getBundle("org.errdex.kit.FormMessages")
    private var submitted = false

    init {
        if (kinds.isEmpty()) throw FormError.empty(name)
    }

    fun submit(values: Map<String, String>): Map<String, Any> {
        check(!submitted) { bundle.getString("form.closed") }
        val out = LinkedHashMap<String, Any>()
        for ((field, kind) in kinds) {
            val raw = values[field] ?: throw FormError.Missing(field)
            out[field] = read(field, kind, raw)
        }
        submitted = true
        return out
    }

    private fun read(field: String, kind: String, raw: String): Any = when {
        kind.startsWith("text:") -> {
            val max = kind.removePrefix("text:").toInt()
            if (raw.length > max) throw FormError.TooLong(field, max)
            raw
        }
        kind.startsWith("int:") -> {
            val (min, max) = kind.removePrefix("int:").split("..").map { it.toLong() }
            val n = number(field, raw)
            require(n >= min && n <= max) { MessageFormat.format(bundle.getString("field.range"), field, min, max) }
            n
        }
        kind in REASONS -> {
            if (!PATTERNS.getValue(kind).matches(raw)) throw FormError.BadValue(field, REASONS.getValue(kind))
            raw
        }
        else -> throw FormError.unknownKind(kind, field)
    }

    private fun number(field: String, raw: String): Long =
        try {
            raw.toLong()
        } catch (e: NumberFormatException) {
            throw FormError.BadValue(field, Texts.NOT_A_NUMBER, e)
        }

    /** The total of an amount field over several submissions, under a ceiling. */
    fun total(field: String, rows: List<Map<String, String>>, ceiling: Long): Long {
        var sum = 0L
        for (row in rows) sum += number(field, row[field] ?: throw FormError.Missing(field))
        if (sum > ceiling) throw IllegalStateException(Texts.outOfRange(field, sum, ceiling))
        return sum
    }

    companion object {
        private val PATTERNS = mapOf(
            "email" to Regex("[^@ ]+@[^@ ]+"),
            "zip" to Regex("[0-9]{5}"),
            "phone" to Regex("\\+?[0-9 ]{6,}")
        )
    }
}

/** Reads a form's definition, `name: field=kind, …`, wrapping what goes wrong in what it was reading. */
object FormReader {
    fun parse(text: String): Form {
        val head = text.substringBefore(':', "")
        require(head.isNotBlank()) { "Form definition needs a name before ':'" }
        val kinds = LinkedHashMap<String, String>()
        for (part in text.substringAfter(':').split(',').map { it.trim() }.filter { it.isNotEmpty() }) {
            val eq = part.indexOf('=')
            if (eq < 0) throw IllegalArgumentException(MessageFormat.format(ResourceBundle.getBundle("org.errdex.kit.FormMessages").getString("field.pattern"), part, "name=kind"))
            kinds[part.substring(0, eq)] = part.substring(eq + 1)
        }
        return Form(head.trim(), kinds)
    }

    fun load(text: String, values: Map<String, String>): Map<String, Any> =
        try {
            parse(text).submit(values)
        } catch (e: FormError) {
            throw IllegalStateException("Could not load form: ${e.message}", e)
        }
}
