// Texts written away from the raise (decision 0106): a usage error whose base's message calls a
// function each class overrides (`override val message get() = formatMessage(DefaultTexts)`), its text
// a localization interface's default method (`texts.missing(paramName)` of a parameter `texts: Texts`,
// a call record/returns.ts binds, or a choice function's branches); and arguments given by name,
// which bind the parameter they name whatever their position.
// expect-file: allow-unmarked=sites,calls
package org.example.usage

interface Texts {
    fun missing(name: String): String = "Missing option \"$name\""

    fun count(name: String, n: Int): String = if (n == 1) "option $name requires a value" else "option $name requires $n values"
}

object DefaultTexts : Texts

// (its own message a call of no text: the subclasses' overrides give theirs)
// expect-class: UsageError - bases: RuntimeException
abstract class UsageError(val paramName: String) : RuntimeException() {
    abstract fun formatMessage(texts: Texts): String

    override val message: String
        get() = formatMessage(DefaultTexts)
}

// (the call's hole, bound to `missing`'s text by record/returns.ts)
// expect-class: MissingOption "{paramName}" params: name from: str holes: texts.missing(paramName)
class MissingOption(name: String) : UsageError(name) {
    override fun formatMessage(texts: Texts) = texts.missing(paramName)
}

// expect-class: OptionCount "option {paramName} requires a value" params: count, name
// ... branches: "option {paramName} requires {count} values"
class OptionCount(private val count: Int, name: String) : UsageError(name) {
    override fun formatMessage(texts: Texts) = texts.count(paramName, count)
}

// expect-class: BadChoice "Invalid value for \"{paramName}\": {choice}" params: choice, name
class BadChoice(private val choice: String, name: String) : UsageError(name) {
    override fun formatMessage(texts: Texts): String {
        return "Invalid value for \"$paramName\": $choice"
    }
}

// (an `if` between calls of text functions of another file: the first is the class's text, bound by
// record/returns.ts; a branch of no text of its own is none)
// expect-class: UnknownOption "{paramName}" params: name, near from: str holes: texts.unknown(paramName) branches: none
class UnknownOption(name: String, private val near: String?) : UsageError(name) {
    override fun formatMessage(texts: Texts) = if (near == null) texts.unknown(paramName) else texts.unknownNear(paramName, near)
}

// (a class overriding a function no message calls keeps what it hands its base)
// expect-class: Described "Described: {what}" params: what
class Described(what: String) : RuntimeException("Described: $what") {
    fun formatMessage(texts: Texts) = texts.missing("x")
}

// expect-class: CellSyntaxException "{reason} (column {column})" params: reason, column
class CellSyntaxException(val reason: String, val column: Int) : IllegalArgumentException("$reason (column $column)")

fun row(letters: String, n: Int) {
    // expect: CellSyntaxException "row numbers start at 1" args: column="{length}" reason="row numbers start at 1"
    if (n <= 0) throw CellSyntaxException(column = letters.length + 1, reason = "row numbers start at 1")
}
