package org.errdex.kit

class LoadException(message: String, cause: Throwable? = null) : Exception(message, cause)

/** Reads `key=value` lines against a schema; a schema's error is raised again with the line it was on. */
class Loader(private val schema: Schema) {
    fun load(text: String): Map<String, Any> {
        val record = LinkedHashMap<String, String>()
        for ((i, line) in text.lines().withIndex()) {
            if (line.isBlank()) continue
            val eq = line.indexOf('=')
            if (eq < 0) throw LoadException("Line ${i + 1}: expected key=value")
            record[line.substring(0, eq).trim()] = line.substring(eq + 1).trim()
        }
        try {
            return schema.check(record)
        } catch (e: SchemaException) {
            throw LoadException("Invalid record: ${e.message}", e)
        }
    }

    fun loadPort(text: String): Int {
        val record = load(text)
        try {
            return schema.range(record, "port", 1, 65535).toInt()
        } catch (e: FieldRangeException) {
            throw IllegalArgumentException(e.message)
        }
    }

    fun weights(text: String): List<Int> = text.split(',').map {
        try {
            it.trim().toInt()
        } catch (e: NumberFormatException) {
            throw LoadException("Bad weight list: " + e.message)
        }
    }
}
