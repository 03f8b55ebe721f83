package org.errdex.kit

/** HTTP methods a route may name. */
enum class Verb { GET, POST, PUT, DELETE }

/** One parsed route line: `VERB /path/{param} -> handler [weight]`. */
class Route(val verb: Verb, val segments: List<String>, val handler: String, val weight: Int) {
    val params: List<String> get() = segments.filter { it.startsWith("{") }.map { it.trim('{', '}') }
}

class RouteSyntaxException(line: Int, detail: String) : RuntimeException("routes:$line: $detail")

/** A small route-table parser: one route per line, `#` comments, a base prefix set once. */
class RouteTable {
    private val routes = ArrayList<Route>()
    lateinit var base: String

    fun parse(text: String): RouteTable {
        for ((i, raw) in text.lines().withIndex()) {
            val line = raw.substringBefore('#').trim()
            if (line.isEmpty()) continue
            routes += parseLine(i + 1, line)
        }
        return this
    }

    private fun parseLine(n: Int, line: String): Route {
        val parts = line.split(Regex("\\s+"))
        if (parts.size < 4 || parts[2] != "->") throw RouteSyntaxException(n, "expected 'VERB /path -> handler'")
        val verb = Verb.valueOf(parts[0])
        val path = parts[1]
        require(path.startsWith("/")) { "Path must start with '/': $path" }
        val segments = path.split('/').filter { it.isNotEmpty() }
        val names = segments.filter { it.startsWith("{") }.map { it.trim('{', '}') }
        val dup = names.groupingBy { it }.eachCount().filterValues { it > 1 }.keys.firstOrNull()
        if (dup != null) throw RouteSyntaxException(n, "parameter {$dup} appears twice")
        val weight = if (parts.size > 4) parts[4].toInt() else 1
        check(weight > 0) { "Weight must be positive, got $weight on line $n" }
        return Route(verb, segments, parts[3], weight)
    }

    fun url(handler: String, vararg values: String): String {
        val route = routes.firstOrNull { it.handler == handler } ?: error("No route for handler '$handler'")
        if (values.size != route.params.size) {
            throw IllegalArgumentException("Handler $handler takes ${route.params.size} parameters, got ${values.size}")
        }
        var i = 0
        return base + "/" + route.segments.joinToString("/") { if (it.startsWith("{")) values[i++] else it }
    }

    fun heaviest(): Route = routes.sortedBy { it.weight }.lastOrNull() ?: throw NoSuchElementException("Route table is empty")

    fun first(verb: Verb): Route = routes.first { it.verb == verb }
}
