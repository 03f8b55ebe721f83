package org.errdex.kit

/** A query string, `a=1&b=two`, read into parameters a schema names. */
class Query @JvmOverloads constructor(private val known: Set<String>, private val maxLength: Int = 64) {
    private val params = LinkedHashMap<String, String>()
    private var frozen = false
    private var text = ""
    private var pos = 0

    fun parse(query: String): Query {
        if (query.length > maxLength) throw IllegalArgumentException(QueryMessages.get("query.too.long", query.length, maxLength))
        text = query
        pos = 0
        var index = 0
        while (pos < text.length) {
            index++
            val start = pos
            val end = text.indexOf('&', pos).let { if (it < 0) text.length else it }
            val part = text.substring(start, end)
            pos = end + 1
            if (part.isEmpty()) fail("empty parameter", start)
            val name = part.substringBefore('=')
            if (name.isEmpty()) throw QueryException(QueryCode.EMPTY_NAME, index)
            if (name !in known) throw QueryException(QueryCode.UNKNOWN, name, known.sorted().joinToString())
            if ('=' !in part) throw IllegalArgumentException(QueryMessages.get("query.no.value", name))
            if (params.containsKey(name)) throw QueryException(QueryCode.DUPLICATE, name)
            params[name] = decode(name, part.substringAfter('='), start + name.length + 1)
        }
        return this
    }

    private fun decode(name: String, raw: String, offset: Int): String {
        val out = StringBuilder()
        var i = 0
        while (i < raw.length) {
            val c = raw[i]
            when {
                c == '%' -> {
                    val hex = raw.substring(i + 1, minOf(i + 3, raw.length))
                    val code = hex.toIntOrNull(16)
                    if (hex.length < 2 || code == null) throw IllegalArgumentException(QueryMessages.get("query.bad.escape", "%$hex", name))
                    out.append(code.toChar())
                    i += 3
                }
                c == ' ' -> fail("space in value of '$name'", offset + i)
                else -> { out.append(c); i++ }
            }
        }
        return out.toString()
    }

    private fun fail(detail: String, at: Int = pos): Nothing = throw QuerySyntaxException(at, detail)

    fun number(name: String): Long {
        val v = params[name] ?: throw NoSuchElementException(LIMITS.getValue("missing").format(name))
        return v.toLongOrNull() ?: throw QueryException(QueryCode.NOT_A_NUMBER, name, v)
    }

    fun page(): Int {
        val n = number("page")
        require(n in 1..MAX_PAGE) { LIMITS.getValue("page").format(n, MAX_PAGE) }
        return n.toInt()
    }

    fun freeze(): Query { frozen = true; return this }

    fun put(name: String, value: String) {
        check(!frozen) { QueryMessages.get("query.closed") }
        params[name] = value
    }

    companion object {
        const val MAX_PAGE = 500L

        private val LIMITS = mapOf(
            "missing" to "Parameter '%s' is missing",
            "page" to "Page %d is out of range 1..%d"
        )

        /** Reads a query for a caller, naming the query in what it raises. */
        fun read(known: Set<String>, query: String): Query =
            try {
                Query(known).parse(query)
            } catch (e: QueryException) {
                throw IllegalStateException("Cannot read query '$query'", e)
            }
    }
}
