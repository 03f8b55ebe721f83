package org.errdex.kit

/** A typed settings store read from `key = value` lines. */
class Store(private val name: String) {
    private val values = LinkedHashMap<String, String>()
    private var locked = false
    private var closed = false

    fun load(text: String): Store {
        for (line in text.lines().filter { it.isNotBlank() }) {
            val key = line.substringBefore('=').trim()
            val value = line.substringAfter('=', "").trim()
            if (key.isEmpty()) throw IllegalArgumentException(StoreTexts.EMPTY_KEY)
            val old = values[key]
            if (old != null) throw StoreError.Conflict(key, old, value)
            values[key] = value
        }
        return this
    }

    fun lock(): Store { locked = true; return this }

    fun close() { closed = true }

    fun set(key: String, value: String) {
        check(!closed) { StoreTexts.CLOSED }
        if (locked) throw IllegalStateException(StoreProblem.LOCKED.format(name))
        values[key] = value
    }

    fun string(key: String): String = values[key] ?: throw NoSuchElementException(StoreProblem.MISSING.format(key))

    fun bool(key: String): Boolean = when (val v = string(key)) {
        "true", "yes", "on" -> true
        "false", "no", "off" -> false
        else -> throw StoreError.Invalid(key, v, "a boolean")
    }

    fun integer(key: String, min: Int, max: Int): Int {
        val v = string(key).toIntOrNull() ?: throw invalid(key, "an integer")
        if (v < min || v > max) throw IllegalArgumentException(StoreProblem.RANGE.format(key, min, max))
        return v
    }

    fun millis(key: String): Long {
        val raw = string(key)
        val unit = raw.trimStart { it.isDigit() }
        val n = raw.removeSuffix(unit).toLongOrNull() ?: throw invalid(key, "a duration")
        return n * when (unit) {
            "ms" -> 1L
            "s" -> 1000L
            "m" -> 60_000L
            else -> throw IllegalArgumentException(StoreTexts.unknownUnit(unit, key))
        }
    }

    fun list(key: String, size: Int): List<String> {
        val items = string(key).split(',').map { it.trim() }
        require(items.size == size) {
            "Setting ${key.quoted()} needs ${size.count("value")}, got ${items.size}"
        }
        return items
    }

    fun name(key: String): String {
        val v = string(key)
        val why = when {
            v.isEmpty() -> "is empty"
            v.length > 16 -> "is longer than 16 characters"
            v.any { it.isWhitespace() } -> "contains whitespace"
            else -> return v
        }
        throw IllegalArgumentException("Name ${v.quoted()} in ${key.quoted()} $why")
    }

    /** The error a value of the wrong shape gets, built where every typed getter can raise it. */
    private fun invalid(key: String, expected: String) = StoreError.Invalid(key, values[key] ?: "", expected)
}

/** Opens a store from a file's text, naming the file in what it raises. */
object Stores {
    fun open(path: String, text: String): Store = try {
        Store(path).load(text)
    } catch (e: StoreError) {
        throw IllegalStateException("Cannot open settings $path (${e.message})", e)
    }
}
