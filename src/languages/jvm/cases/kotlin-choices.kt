// Kotlin texts chosen away from the raise (decision 0099): a function of the file whose body is a
// `when` or an `if` choosing between texts (a status's reason phrase), called in an error class's text;
// and secondary constructors making the text a class hands its base (`: this(…, if (…) "…" else "…", …)`).
// expect-file: allow-unmarked=sites,calls
package org.example.choices

internal object Status {
    fun reason(code: Int): String = when (code) {
        400 -> "Bad Request"
        404 -> "Not Found"
        else -> "Unknown Status"
    }
}

fun kind(strict: Boolean): String {
    return if (strict) "strict" else "lenient"
}

// expect-class: HttpStatusException "HTTP {code} Bad Request" params: code
// ... branches: "HTTP {code} Not Found" "HTTP {code} Unknown Status"
class HttpStatusException(val code: Int) : RuntimeException("HTTP $code ${Status.reason(code)}")

// expect-class: ModeException "Mode strict refused" params: strict
// ... branches: "Mode lenient refused"
class ModeException(strict: Boolean) : IllegalStateException("Mode ${kind(strict)} refused")

// expect-class: MissingFieldException "{message}" params: fields, message, cause
// ... branches: "Field '{fields}' is required by '{serialName}'" "Fields {fields} are required by '{serialName}'"
class MissingFieldException(val fields: List<String>, message: String?, cause: Throwable?) :
    IllegalArgumentException(message, cause) {
    constructor(fields: List<String>, serialName: String) : this(
        fields,
        if (fields.size == 1) "Field '${fields[0]}' is required by '$serialName'" else "Fields $fields are required by '$serialName'",
        null
    )
}

// expect-class: LengthException "{message}" params: message
// ... branches: none
class LengthException(message: String) : IllegalArgumentException(message) {
    // (a text of its own given by name: not read)
    constructor(max: Int, actual: Int) : this(message = "Length $actual above $max")
}

// A result whose failure carries a reason: no Throwable, whatever its name (no construction of it is a
// raise), and a raise of its reason where the result was tested is given the constructions' texts.
sealed class Parsed<out T> {
    class Ok<T>(val value: T) : Parsed<T>()
    class Failure(val reason: String) : Parsed<Nothing>()
}

fun <T> Parsed<T>.getOrThrow(): T = when (this) {
    is Parsed.Ok -> value
    // expect: IllegalArgumentException "{reason}"
    is Parsed.Failure -> throw IllegalArgumentException(reason)
}

fun port(text: String): Parsed<Int> {
    val n = text.toIntOrNull()
    // expect-no-site: a value, not an error
    // expect-call: Failure "Port '{text}' is not a number"
    return if (n == null) Parsed.Failure("Port '$text' is not a number") else Parsed.Ok(n)
}
