package org.errdex.kit

/** A package manifest: `key=value` lines, each field read and checked on demand against [ManifestRules]. */
class Manifest internal constructor(private val source: String, private val fields: MutableMap<String, String>) {
    private var frozen = false

    fun name(): String {
        val name = fields["name"] ?: throw ManifestException.missing("name")
        if (!NAME_PATTERN.matches(name)) throw InvalidFieldException("name", name, ManifestRules.NAME_RULE)
        return name
    }

    fun version(): List<Int> {
        val raw = fields["version"] ?: throw ManifestException.missing("version")
        return raw.split('.').mapIndexed { i, part ->
            part.toIntOrNull() ?: throw InvalidFieldException("version", raw, ManifestRules.versionPart(i, part))
        }
    }

    fun port(): Int {
        val raw = fields["port"] ?: return 8080
        val port = raw.toIntOrNull() ?: throw badNumber("port", raw)
        require(port in 1..65535) { ManifestRules.range("port", 1, 65535, port) }
        return port
    }

    fun license(): License = License.parse(fields["license"] ?: "")

    fun kind(): String = when (val kind = fields["kind"]) {
        "app", "lib" -> kind
        else -> error(unknownKind(kind))
    }

    fun mainClass(): String = requireNotNull(fields["main"]) { "Manifest '$source' names no main class" }

    fun dependencies(): Map<String, String> {
        val out = LinkedHashMap<String, String>()
        val entries = (fields["depends"] ?: "").split(',').map { it.trim() }.filter { it.isNotEmpty() }
        for (entry in entries) {
            val parts = entry.split('@')
            if (parts.size != 2) throw ManifestException(ManifestError.BAD_DEPENDENCY, entry)
            check(out.put(parts[0], parts[1]) == null) { ManifestError.DUPLICATE.template.format(parts[0]) }
        }
        return out
    }

    fun set(field: String, value: String): Manifest {
        if (frozen) throw UnsupportedOperationException("Manifest is frozen")
        if (field in READ_ONLY) throw ReadOnlyFieldException(field)
        if (field !in KNOWN_FIELDS) throw UndeclaredFieldException(field)
        fields[field] = value
        return this
    }

    fun freeze(): Manifest {
        frozen = true
        return this
    }

    private companion object {
        val NAME_PATTERN = Regex("[a-z][a-z0-9-]*")
        val READ_ONLY = setOf("name", "version")
        val KNOWN_FIELDS = setOf("name", "version", "port", "license", "kind", "main", "depends")
    }
}

/** Licenses a manifest may name, by their lower-case identifiers. */
enum class License {
    MIT, APACHE_2, GPL_3;

    companion object {
        private val IDS = mapOf("mit" to MIT, "apache-2.0" to APACHE_2, "gpl-3.0" to GPL_3)

        fun parse(id: String): License = IDS[id.toLowerCase()] ?: throw UnknownLicenseException(id, IDS.keys)
    }
}

/** Reads manifests; [load] checks the name and version and wraps what fails with the manifest's source. */
object Manifests {
    @JvmStatic
    fun parse(source: String, text: String): Manifest {
        val fields = LinkedHashMap<String, String>()
        text.lines().forEachIndexed { i, line ->
            if (line.isBlank()) return@forEachIndexed
            val eq = line.indexOf('=')
            if (eq < 0) throw ManifestSyntaxException(source, i + 1, "expected key=value")
            val key = line.substring(0, eq).trim()
            if (fields.put(key, line.substring(eq + 1).trim()) != null) {
                throw ManifestSyntaxException(source, i + 1, "duplicate key '$key'")
            }
        }
        return Manifest(source, fields)
    }

    @JvmStatic
    fun load(source: String, text: String): Manifest =
        try {
            parse(source, text).also { it.name(); it.version() }
        } catch (e: IllegalArgumentException) {
            throw ManifestLoadException(source, e)
        }
}
