package org.errdex.kit

/** A `key = value` config reader. */
class Config(private val entries: Map<String, String>) {
    fun string(key: String): String = entries[key] ?: throw MissingKeyException(key)

    fun integer(key: String): Int {
        val raw = string(key)
        return raw.toIntOrNull() ?: throw ConfigException(key, "expected an integer, got \"$raw\"")
    }

    fun flag(key: String): Boolean = when (val raw = string(key)) {
        "true", "yes", "on" -> true
        "false", "no", "off" -> false
        else -> throw ConfigException(key, "expected a boolean, got \"$raw\"")
    }

    fun port(key: String): Int {
        val p = integer(key)
        require(p in 1..65535) { "Port $p for $key is out of range" }
        return p
    }

    companion object {
        fun parse(text: String): Config {
            require(text.isNotBlank()) { EMPTY_INPUT }
            val out = LinkedHashMap<String, String>()
            for ((n, line) in text.lines().withIndex()) {
                val t = line.trim()
                if (t.isEmpty() || t.startsWith("#")) continue
                val eq = t.indexOf('=')
                if (eq < 0) throw KitException("Line ${n + 1}: missing '=' in \"$t\"")
                val key = t.substring(0, eq).trim()
                check(key.isNotEmpty()) { "Line ${n + 1}: empty key" }
                if (out.containsKey(key)) error("Duplicate key '$key' on line ${n + 1}")
                out[key] = t.substring(eq + 1).trim()
            }
            return Config(out)
        }
    }
}
