package org.errdex.kit

/** Errors the kit raises: each fixes or decorates its message. */
open class KitException(message: String, cause: Throwable? = null) : RuntimeException(message, cause)

class ConfigException(key: String, reason: String) : KitException("Invalid config key '$key': $reason")

class UnitException(unit: String) : IllegalArgumentException("Unknown unit: $unit")

class TokenException(val position: Int, detail: String) : KitException("Unexpected token at $position: $detail")

class RangeException(value: Long, low: Long, high: Long) : KitException("Value $value outside [$low, $high]")

class MissingKeyException(key: String) : NoSuchElementException("No entry for key $key")
