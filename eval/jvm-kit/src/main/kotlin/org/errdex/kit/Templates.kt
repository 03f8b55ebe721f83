package org.errdex.kit

/** A tiny template renderer: `{{ name | filter:arg }}`, `{% for x in xs %}…{% end %}`, `{% include name %}`. */
class Templates(private val sources: Map<String, String>) {
    private val filters: Map<String, (String, List<String>) -> String> = mapOf(
        "upper" to { v, _ -> v.toUpperCase() },
        "pad" to { v, args -> v.padStart(args[0].toInt()) },
        "repeat" to { v, args -> v.repeat(args[0].toInt()) }
    )

    fun render(name: String, vars: Map<String, Any?>): String {
        val text = sources[name] ?: throw TemplateException(LoaderTexts.NOT_FOUND + name)
        return renderText(name, text, vars, listOf(name))
    }

    private fun renderText(name: String, text: String, vars: Map<String, Any?>, stack: List<String>): String {
        val out = StringBuilder()
        for ((i, line) in text.lines().withIndex()) {
            try {
                out.append(renderLine(line, vars, stack)).append('\n')
            } catch (e: TemplateException) {
                throw e.at(name, i + 1)
            }
        }
        return out.toString()
    }

    private fun renderLine(line: String, vars: Map<String, Any?>, stack: List<String>): String {
        val include = Regex("""\{%\s*include\s+(\S+)\s*%}""").find(line)
        if (include != null) {
            val target = include.groupValues[1]
            if (target in stack) throw TemplateException(LoaderTexts.CYCLE + (stack + target).joinToString(" -> "))
            val body = runCatching { sources.getValue(target) }.getOrElse { includeFailed(target, it) }
            return renderText(target, body, vars, stack + target)
        }
        val loop = Regex("""\{%\s*for\s+(\w+)\s+in\s+(\w+)\s*%}""").find(line)
        if (loop != null) {
            val list = vars[loop.groupValues[2]]
            if (list !is List<*>) {
                throw TemplateException(RenderProblem.NOT_ITERABLE.format(loop.groupValues[2], list?.javaClass?.simpleName ?: "null"))
            }
            return list.joinToString(",")
        }
        checkBraces(line)
        return Regex("""\{\{\s*(\w+)((?:\s*\|\s*\w+(?::\w+)*)*)\s*}}""").replace(line) { m ->
            val varName = m.groupValues[1]
            if (varName !in vars) throw TemplateException(RenderProblem.UNDEFINED.format(varName))
            var value = vars[varName].toString()
            for (f in m.groupValues[2].split('|').map { it.trim() }.filter { it.isNotEmpty() }) {
                value = applyFilter(f, value)
            }
            value
        }
    }

    fun checkBraces(line: String) {
        var depth = 0
        for ((pos, c) in line.withIndex()) {
            when (c) {
                '{' -> depth++
                '}' -> if (depth == 0) throw TemplateSyntaxException(pos, c, "text or '{'") else depth--
            }
        }
    }

    fun applyFilter(spec: String, value: String): String {
        val parts = spec.split(':')
        val fn = filters[parts[0]] ?: throw TemplateException("Unknown filter '${parts[0]}'")
        val args = parts.drop(1)
        val want = if (parts[0] == "upper") 0 else 1
        if (args.size != want) throw TemplateException(RenderProblem.ARITY.format(parts[0], want, args.size))
        try {
            return fn(value, args)
        } catch (e: NumberFormatException) {
            throw FilterFailure(e)
        }
    }
}
