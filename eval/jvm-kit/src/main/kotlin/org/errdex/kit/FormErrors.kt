package org.errdex.kit

import java.util.ListResourceBundle

/** What a form's validation raises: one class per kind of failure, each writing its own text. */
sealed class FormError(message: String, cause: Throwable? = null) : RuntimeException(message, cause) {
    class Missing(field: String) : FormError("Missing required field '$field'")
    class TooLong(field: String, max: Int) : FormError("Field '$field' exceeds $max characters")
    class BadValue(field: String, reason: String, cause: Throwable? = null) :
        FormError("Field '$field' is invalid: $reason", cause)

    companion object {
        /** The one failure a form with no fields has. */
        fun empty(form: String) = IllegalArgumentException("Form '$form' declares no fields")

        fun unknownKind(kind: String, field: String): FormError =
            BadValue(field, "unknown kind '$kind'")
    }
}

/** Texts of the checks that read them by key. */
class FormMessages : ListResourceBundle() {
    override fun getContents(): Array<Array<Any>> = arrayOf(
        arrayOf<Any>("form.closed", "The form has already been submitted"),
        arrayOf<Any>("field.range", "Field ''{0}'' must be between {1} and {2}"),
        arrayOf<Any>("field.pattern", "Field ''{0}'' does not match the pattern {1}")
    )
}

/** Reasons a value is refused, by the rule that refused it. */
internal val REASONS = mapOf(
    "email" to "not an e-mail address",
    "zip" to "not a postal code",
    "phone" to "not a phone number"
)

internal object Texts {
    const val NOT_A_NUMBER = "must be a whole number"

    fun outOfRange(field: String, value: Long, limit: Long) =
        "Field '$field' is $value, above the limit of $limit"
}
