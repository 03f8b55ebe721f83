package org.errdex.kit

/** One migration: its version, name and checksum. */
data class Migration(val version: Int, val name: String, val checksum: String)

/** Parses a migration's file name (`V3__add_users.sql`) into a version and a name. */
fun parseMigrationName(file: String): Pair<Int, String> {
    require(file.startsWith("V")) { "Migration file '$file' must start with 'V'" }
    val sep = file.indexOf("__")
    if (sep < 0) throw VersionException(file, "no '__' between version and name")
    val digits = file.substring(1, sep)
    val version = try {
        digits.toInt()
    } catch (e: NumberFormatException) {
        throw MigrationException("Invalid migration file name '$file'", e)
    }
    return version to file.substring(sep + 2).removeSuffix(".sql")
}

/** Parses a timeout such as `30s` or `5m` into seconds. */
fun parseTimeout(text: String): Long {
    if (text.isBlank()) throw MigrationException(MigrationError.EMPTY_DURATION)
    val unit = text.trimStart { it.isDigit() }
    val n = text.dropLast(unit.length).toLong()
    val seconds = when (unit) {
        "s" -> n
        "m" -> n * 60
        "h" -> n * 3600
        else -> throw MigrationException(MigrationError.UNKNOWN_UNIT, unit, text)
    }
    if (seconds > 86_400) throw MigrationException(MigrationError.TOO_LONG, text, 86_400)
    return seconds
}

/** Applies migrations over a schema's history. */
class MigrationRunner(private val current: Int, private val applied: Map<Int, String>) {
    private var lockOwner: String? = null

    fun lock(owner: String, since: String) {
        lockOwner?.let { throw IllegalStateException(RunnerMessages.get("lock.held", it, since)) }
        lockOwner = owner
    }

    fun verify(migration: Migration) {
        val checksum = checkNotNull(applied[migration.version]) { RunnerMessages.NOT_APPLIED.format(migration.version) }
        if (checksum != migration.checksum) throw MigrationException.checksumMismatch(migration.version, checksum, migration.checksum)
    }

    fun plan(target: Int, available: List<Migration>): List<Migration> {
        if (target < current) throw IllegalArgumentException(RunnerMessages.get("target.behind", target, current))
        val have = available.map { it.version }.toSet()
        val missing = (current + 1..target).filter { it !in have }
        if (missing.isNotEmpty()) throw MigrationGapException(current, target, missing)
        return available.filter { it.version in current + 1..target }.sortedBy { it.version }
    }

    fun timeoutOf(version: Int, setting: String): Long = try {
        parseTimeout(setting)
    } catch (e: MigrationException) {
        throw MigrationException("Migration $version: ${e.message}", e)
    }

    fun load(scripts: Map<String, String>): List<Migration> = scripts.map { (file, body) ->
        val (version, name) = parseMigrationName(file)
        Migration(version, name, body.hashCode().toString(16))
    }.also { list ->
        list.groupBy { it.version }.values.firstOrNull { it.size > 1 }?.let { dup ->
            error("Duplicate migration version ${dup[0].version}: ${dup.joinToString { it.name }}")
        }
    }

    fun lookup(version: Int): Lookup<String> =
        applied[version]?.let { Lookup.Found(it) } ?: Lookup.Missing(NoSuchElementException("Migration $version is unknown to the history"))
}
