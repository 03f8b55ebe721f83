package org.errdex.kit

private val UNITS = mapOf("ms" to 1L, "s" to 1000L, "m" to 60_000L, "h" to 3_600_000L)

/** `"5s"`, `"10m"` as milliseconds. */
fun parseDuration(text: String): Long {
    val m = Regex("""^(\d+)([a-z]+)$""").matchEntire(text.trim()) ?: throw IllegalArgumentException("Malformed duration: " + text)
    val unit = m.groupValues[2]
    val scale = UNITS[unit] ?: throw UnitException(unit)
    return m.groupValues[1].toLong() * scale
}

fun parseSize(text: String): Long {
    val units = listOf("B", "KB", "MB", "GB")
    val parts = text.trim().split(" ")
    if (parts.size != 2) throw IllegalArgumentException(String.format("Size must be '<number> <unit>', got '%s'", text))
    val i = units.indexOf(parts[1].toUpperCase())
    if (i < 0) throw IllegalArgumentException("Unknown size unit %s (expected one of %s)".format(parts[1], units.joinToString()))
    return parts[0].toLong() shl (10 * i)
}

fun clamp(value: Long, low: Long, high: Long): Long {
    if (low > high) throw IllegalArgumentException("low ($low) must not exceed high ($high)")
    if (value < low || value > high) throw RangeException(value, low, high)
    return value
}

fun percent(value: Double): Double {
    require(!value.isNaN()) { "Percentage is NaN" }
    check(value >= 0.0 && value <= 100.0) { "Percentage $value is not within 0..100" }
    return value / 100.0
}
