package org.errdex.kit

/** A template's error; `at` gives a caught one the template's name and line (a new error, the cause kept). */
open class TemplateException(message: String, cause: Throwable? = null) : KitException(message, cause) {
    fun at(template: String, line: Int): TemplateException = TemplateException("$template:$line: $message", this)

    override fun toString(): String = "TemplateException: " + message
}

/** A syntax error; its text is the companion's format with positional arguments. */
class TemplateSyntaxException(pos: Int, found: Char, expected: String) :
    TemplateException(String.format(FORMAT, pos, found, expected)) {
    companion object {
        private const val FORMAT = "Expected %3\$s at offset %1\$d, found '%2\$c'"
    }
}

/** The problems a render meets, each with its template; `format` fills it. */
enum class RenderProblem(private val template: String) {
    UNDEFINED("Variable '%s' is not defined"),
    ARITY("Filter '%s' takes %d argument(s), got %d"),
    NOT_ITERABLE("Cannot loop over '%s': %s is not a list");

    fun format(vararg args: Any?): String = template.format(*args)
}

/** An error whose text is only its cause's (the constructor taking a cause alone). */
class FilterFailure(cause: Throwable) : RuntimeException(cause)

/** Texts of the loader, kept apart from the code that raises them. */
internal object LoaderTexts {
    const val NOT_FOUND = "Template not found: "
    const val CYCLE = "Include cycle: "
}

/** A raise through `runCatching … getOrElse`: the cause's text appended to the loader's. */
internal fun includeFailed(name: String, cause: Throwable): Nothing =
    throw TemplateException("Cannot include '$name': ${cause.message}", cause)
