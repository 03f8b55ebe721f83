package org.errdex.kit

/** An option a command takes: its name, how many values follow it, the values it allows. */
class OptionSpec(val name: String, val arity: Int, val choices: List<String>, val required: Boolean)

/** Reads `--name value…` arguments against the options a command declares. */
class CommandLine(private val specs: List<OptionSpec>) {
    fun parse(argv: List<String>): Map<String, List<String>> {
        val out = LinkedHashMap<String, List<String>>()
        var i = 0
        while (i < argv.size) {
            val arg = argv[i]
            val spec = specs.firstOrNull { it.name == arg }
                ?: throw NoSuchOption(arg, specs.map { it.name }.filter { similar(it, arg) })
            val values = argv.subList(i + 1, minOf(argv.size, i + 1 + spec.arity))
            if (values.size < spec.arity || values.any { it.startsWith("--") }) {
                throw IncorrectOptionValueCount(spec.arity, spec.name)
            }
            for (v in values) {
                if (spec.choices.isNotEmpty() && v !in spec.choices) throw BadChoice(v, spec.choices, spec.name)
            }
            out[spec.name] = values
            i += 1 + spec.arity
        }
        for (spec in specs) {
            if (spec.required && spec.name !in out) throw MissingOption(spec.name)
        }
        return out
    }

    private fun similar(a: String, b: String) = a.commonPrefixWith(b).length >= 4
}
