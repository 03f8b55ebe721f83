package org.errdex.kit

/** A request's parameters, in the manner of a web framework: bad requests are a family of exceptions. */
open class BadRequestException(message: String, cause: Throwable? = null) : Exception(message, cause)

class MissingRequestParameterException(val parameterName: String) :
    BadRequestException("Request parameter $parameterName is missing")

class ParameterConversionException(val parameterName: String, val type: String, cause: Throwable? = null) :
    BadRequestException("Request parameter $parameterName couldn't be parsed/converted to $type", cause)

/** Codes of the failures a header check reports, each with its format. */
enum class HeaderProblem(val template: String) {
    DUPLICATE("Header '%s' may occur only once, found %d times"),
    TOO_LONG("Header '%s' is %d bytes long, the limit is %d");
}

class HeaderException(val problem: HeaderProblem, vararg args: Any) : BadRequestException(problem.template.format(*args))

/** A status line's reason phrase, by code. */
internal object Status {
    fun reason(code: Int): String = when (code) {
        400 -> "Bad Request"
        404 -> "Not Found"
        409 -> "Conflict"
        else -> "Unknown Status"
    }
}

class HttpStatusException(val code: Int) : RuntimeException("HTTP $code ${Status.reason(code)}")

/** Texts the parameters' checks share. */
internal object ParamTexts {
    fun tooLong(name: String, max: Int) = "Parameter '$name' is longer than $max characters"
}

class Parameters(private val values: Map<String, List<String>>) {
    operator fun get(name: String): String? = values[name]?.firstOrNull()

    fun getOrFail(name: String): String = get(name) ?: throw MissingRequestParameterException(name)

    fun intValue(name: String): Int {
        val text = getOrFail(name)
        try {
            return text.toInt()
        } catch (e: NumberFormatException) {
            throw ParameterConversionException(name, "Int", e)
        }
    }

    fun longValue(name: String): Long {
        val text = getOrFail(name)
        return try {
            text.toLong()
        } catch (e: NumberFormatException) {
            throw DecodeException("Cannot decode parameter '$name': ${e.message}", e)
        }
    }

    fun text(name: String, max: Int): String {
        val text = getOrFail(name)
        require(text.length <= max) { ParamTexts.tooLong(name, max) }
        return text
    }

    fun single(name: String): String {
        val all = values[name].orEmpty()
        if (all.size > 1) throw HeaderException(HeaderProblem.DUPLICATE, name, all.size)
        return getOrFail(name)
    }

    fun header(name: String, limit: Int): String {
        val text = getOrFail(name)
        val size = text.toByteArray().size
        if (size > limit) throw HeaderException(HeaderProblem.TOO_LONG, name, size, limit)
        return text
    }

    fun status(code: Int): Nothing = throw HttpStatusException(code)
}
