package org.errdex.kit

/** The decoder's root error: a message and an optional cause, as serialization libraries declare it. */
open class DecodeException(message: String?, cause: Throwable? = null) : IllegalArgumentException(message, cause) {
    constructor(message: String?) : this(message, null)
}

/** A syntax error at an offset; its text is made by the factory function of the same name below. */
class DecodingException(message: String) : DecodeException(message)

/** Made like the class (a function named after it): the offset, the reason and a piece of the input. */
internal fun DecodingException(offset: Int, message: String, input: CharSequence) =
    DecodingException("Unexpected token at offset $offset: $message\nInput: ${input.snippet(offset)}")

internal fun CharSequence.snippet(offset: Int): String {
    if (length < 40) return toString()
    val start = (offset - 15).coerceAtLeast(0)
    val end = (offset + 15).coerceAtMost(length)
    return (if (start > 0) "....." else "") + subSequence(start, end) + (if (end < length) "....." else "")
}

/** Fields a class needs that the input lacks: the secondary constructor chooses the singular or the plural text. */
class MissingFieldException(
    val missingFields: List<String>,
    message: String?,
    cause: Throwable?
) : DecodeException(message, cause) {
    constructor(missingFields: List<String>, serialName: String) : this(
        missingFields,
        if (missingFields.size == 1) {
            "Field '${missingFields[0]}' is required for type with serial name '$serialName', but it was missing"
        } else {
            "Fields $missingFields are required for type with serial name '$serialName', but they were missing"
        },
        null
    )
}

/** An index no field has: the text is the exception's own `message` property. */
class UnknownFieldException(val index: Int) : DecodeException(null) {
    override val message: String
        get() = "An unknown field for index $index"
}

/** A violated constraint: the base class composes the text from what each kind says. */
abstract class ConstraintViolation : RuntimeException() {
    abstract val path: String
    abstract val reason: String
    override val message: String
        get() = "Constraint violated on '$path': $reason"
}

class TooSmall(override val path: String, private val min: Long, private val actual: Long) : ConstraintViolation() {
    override val reason: String
        get() = "$actual is less than the minimum $min"
}

class PatternMismatch(override val path: String, private val pattern: String) : ConstraintViolation() {
    override val reason: String
        get() = "does not match the pattern /$pattern/"
}

/** A subtype no one registered: a local scope text and a choice, in a helper that never returns. */
internal fun throwSubtypeNotRegistered(subClassName: String?, baseClass: String): Nothing {
    val scope = "in the scope of '$baseClass'"
    throw DecodeException(
        if (subClassName == null) {
            "Class discriminator was missing and no default serializers were registered $scope."
        } else {
            "Serializer for subclass '$subClassName' is not found $scope.\n" +
                "Check if class with serial name '$subClassName' exists and serializer is registered in a corresponding module."
        }
    )
}

/** What a parse gives back: a value, or a reason made where the parse failed and thrown by the caller. */
sealed class Parsed<out T> {
    class Ok<T>(val value: T) : Parsed<T>()
    class Failure(val reason: String) : Parsed<Nothing>()
}

fun <T> Parsed<T>.getOrThrow(): T = when (this) {
    is Parsed.Ok -> value
    is Parsed.Failure -> throw IllegalArgumentException(reason)
}
