package org.errdex.kit

/** A field rule's failure, its text made from a code's pattern (Schema.fail). */
open class SchemaException(message: String) : RuntimeException(message)

class FieldRangeException(val field: String, val min: Long, val max: Long, val value: Long) :
    SchemaException("Field '$field' is $value, outside $min..$max")

enum class Problem(val pattern: String) {
    MISSING("Field '%s' is required"),
    NOT_A_NUMBER("Field '%s' must be a number, got \"%s\""),
    TOO_LONG("Field '%s' is longer than %d characters"),
    UNKNOWN("Unknown field '%s'"),
}

/** A flat schema: field name to kind ("int", "text:N", "enum:a|b"). */
class Schema(private val fields: Map<String, String>) {
    private fun fail(problem: Problem, vararg args: Any): Nothing =
        throw SchemaException(problem.pattern.format(*args))

    fun check(record: Map<String, String>): Map<String, Any> {
        for (key in record.keys) if (key !in fields) fail(Problem.UNKNOWN, key)
        val out = LinkedHashMap<String, Any>()
        for ((name, kind) in fields) {
            val raw = record[name] ?: fail(Problem.MISSING, name)
            out[name] = when {
                kind == "int" -> raw.toLongOrNull() ?: fail(Problem.NOT_A_NUMBER, name, raw)
                kind.startsWith("text:") -> {
                    val max = kind.removePrefix("text:").toInt()
                    if (raw.length > max) fail(Problem.TOO_LONG, name, max)
                    raw
                }
                kind.startsWith("enum:") -> {
                    val choices = kind.removePrefix("enum:").split('|')
                    require(raw in choices) { "Field '$name' must be one of ${choices.joinToString()}" }
                    raw
                }
                else -> error("Unsupported kind $kind for field '$name'")
            }
        }
        return out
    }

    fun range(record: Map<String, Any>, name: String, min: Long, max: Long): Long {
        val v = record[name] as? Long ?: throw SchemaException(Problem.MISSING.pattern.format(name))
        if (v < min || v > max) throw FieldRangeException(name, min, max, v)
        return v
    }
}
