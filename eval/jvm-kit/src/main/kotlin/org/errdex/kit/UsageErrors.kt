package org.errdex.kit

/**
 * The texts of command-line usage errors, each a default method an application may override to translate
 * them (a command-line library's localization interface).
 */
interface Localization {
    fun noSuchOption(name: String): String = "No such option: $name"

    fun noSuchOptionSuggest(name: String, possibilities: List<String>): String = when (possibilities.size) {
        1 -> "No such option: $name. Did you mean ${possibilities[0]}?"
        else -> possibilities.joinToString(prefix = "No such option: $name. (Possible options: ", postfix = ")")
    }

    fun missingOption(name: String): String = "Missing option \"$name\""

    fun invalidChoice(choice: String, choices: List<String>): String =
        "invalid choice: $choice. (choose from ${choices.joinToString()})"

    fun optionRequiresValues(name: String, count: Int): String =
        if (count == 1) "option $name requires a value" else "option $name requires $count values"
}

object DefaultLocalization : Localization

/** A usage error: the localization writes its text when the message is read. */
abstract class UsageError(val paramName: String? = null) : RuntimeException() {
    abstract fun formatMessage(localization: Localization): String

    override val message: String
        get() = formatMessage(DefaultLocalization)
}

class NoSuchOption(private val name: String, private val possibilities: List<String> = emptyList()) : UsageError(name) {
    override fun formatMessage(localization: Localization): String =
        if (possibilities.isEmpty()) localization.noSuchOption(name) else localization.noSuchOptionSuggest(name, possibilities)
}

class MissingOption(name: String) : UsageError(name) {
    override fun formatMessage(localization: Localization) = localization.missingOption(paramName!!)
}

class BadChoice(private val choice: String, private val choices: List<String>, name: String) : UsageError(name) {
    override fun formatMessage(localization: Localization) =
        "Invalid value for \"$paramName\": ${localization.invalidChoice(choice, choices)}"
}

class IncorrectOptionValueCount(private val count: Int, name: String) : UsageError(name) {
    override fun formatMessage(localization: Localization) = localization.optionRequiresValues(paramName!!, count)
}
