package org.errdex.kit

import java.text.MessageFormat
import java.util.ResourceBundle

/** What reading a query can go wrong with, each with its text. */
enum class QueryCode(private val pattern: String) {
    EMPTY_NAME("Parameter %d has an empty name"),
    DUPLICATE("Parameter '%s' is given more than once"),
    NOT_A_NUMBER("Parameter '%s' is not a number: '%s'"),
    UNKNOWN("Unknown parameter '%s' (known: %s)");

    fun render(vararg args: Any): String = pattern.format(*args)
}

/** A failure with its code: the message is the code's text filled with the arguments. */
class QueryException(val code: QueryCode, vararg args: Any) : IllegalArgumentException(code.render(*args))

/** A syntax error at an offset of the query. */
class QuerySyntaxException(val offset: Int, detail: String) :
    IllegalArgumentException("Malformed query at offset $offset: $detail")

/** The texts of `query.properties`, by key. */
internal object QueryMessages {
    private val bundle: ResourceBundle = ResourceBundle.getBundle("org.errdex.kit.query")

    fun get(key: String, vararg args: Any): String = MessageFormat.format(bundle.getString(key), *args)
}
