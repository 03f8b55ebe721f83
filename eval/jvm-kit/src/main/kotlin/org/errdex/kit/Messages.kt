package org.errdex.kit

const val EMPTY_INPUT = "Input must not be empty"
const val CLOSED = "Reader is closed"
const val BAD_ESCAPE = "Invalid escape sequence"

internal fun badHex(text: String): IllegalArgumentException = IllegalArgumentException("Not a hex string: \"$text\"")

internal fun tooDeep(depth: Int, limit: Int) = IllegalStateException("Nesting depth $depth exceeds limit $limit")
