package org.errdex.kit

/** Codes of a manifest's errors, each carrying its template (filled by [ManifestException]). */
enum class ManifestError(val template: String) {
    MISSING("Missing required field '%s'"),
    BAD_DEPENDENCY("Malformed dependency '%s' (expected name@version)"),
    DUPLICATE("Duplicate dependency '%s'"),
}

/** An error with a code: its text is the code's name and its template filled with the arguments. */
class ManifestException(val code: ManifestError, vararg args: Any?) :
    IllegalArgumentException("[${code.name}] " + code.template.format(*args)) {
    companion object {
        @JvmStatic
        fun missing(field: String): ManifestException = ManifestException(ManifestError.MISSING, field)
    }
}

/** A field whose value breaks a rule; the rule's text comes from [ManifestRules]. */
class InvalidFieldException(val field: String, val value: String, rule: String) :
    IllegalArgumentException("Invalid $field '$value': $rule")

/** A field that may not be set; subclasses give the kind, the base writes the text. */
open class FieldException(kind: String, field: String) : IllegalStateException("Cannot set $kind field '$field'")

class ReadOnlyFieldException(field: String) : FieldException("read-only", field)

class UndeclaredFieldException(field: String) : FieldException("unknown", field)

/** A license id no one knows: the text lists the known ones (built by the companion's private helper). */
class UnknownLicenseException(id: String, known: Collection<String>) : IllegalArgumentException(describe(id, known)) {
    private companion object {
        fun describe(id: String, known: Collection<String>): String =
            "Unknown license '$id'; known: ${known.sorted().joinToString()}"
    }
}

/** A line of a manifest that does not parse, located `source:line`. */
class ManifestSyntaxException(source: String, line: Int, detail: String) : IllegalArgumentException("$source:$line: $detail")

/** A manifest that failed to load: the source's text, the cause kept as the cause. */
class ManifestLoadException(source: String, cause: Throwable) : RuntimeException("Cannot load manifest from $source", cause)

/** Texts of the manifest's rules, kept apart from the checks. */
internal object ManifestRules {
    const val NAME_RULE = "must start with a lower-case letter and hold only lower-case letters, digits and dashes"

    fun versionPart(index: Int, part: String): String = "part ${index + 1} ('$part') is not a number"

    fun range(field: String, min: Int, max: Int, got: Int): String = "$field must be between $min and $max, got $got"
}

/** A field that should hold a number: the error, made here, raised by the caller. */
internal fun badNumber(field: String, value: String): NumberFormatException =
    NumberFormatException("Field '$field' is not a number: \"$value\"")

internal fun unknownKind(kind: String?): String = "Unknown manifest kind: ${kind ?: "<none>"}"
