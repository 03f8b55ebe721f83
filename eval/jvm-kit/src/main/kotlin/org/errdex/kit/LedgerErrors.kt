package org.errdex.kit

/** What went wrong in a ledger, as data; `describe()` (in this file) writes the text. */
sealed class LedgerProblem {
    data class Insufficient(val account: String, val need: Long, val have: Long) : LedgerProblem()
    data class UnknownAccount(val name: String) : LedgerProblem()
    data class Frozen(val name: String, val reason: Int) : LedgerProblem()
}

private val FREEZE_REASONS = mapOf(1 to "under review", 2 to "closed by its owner")

/** The text of a problem, chosen by its kind away from every raise. */
fun LedgerProblem.describe(): String = when (this) {
    is LedgerProblem.Insufficient -> "Insufficient funds in '$account': need $need, have $have"
    is LedgerProblem.UnknownAccount -> "Unknown account '$name'"
    is LedgerProblem.Frozen -> "Account '$name' is frozen (${FREEZE_REASONS.getValue(reason)})"
}

/** A ledger's error: given a problem, its text is the problem's description; its companion makes the common ones. */
open class LedgerException(message: String, cause: Throwable? = null) : RuntimeException(message, cause) {
    constructor(problem: LedgerProblem) : this(problem.describe())

    companion object {
        fun unknownCurrency(code: String): LedgerException = LedgerException("Unknown currency code: $code")

        fun noRate(from: String, to: String): LedgerException =
            LedgerException(String.format(RATE_FORMAT, from, to))

        private const val RATE_FORMAT = "No exchange rate from %s to %s"
    }
}

/** A transaction's failure: the text of the error it caught, prefixed with the transaction's id. */
class TransactionException(id: String, cause: Throwable) :
    LedgerException("Transaction $id failed: ${cause.message}", cause)

/** An error whose text is a getter over its fields. */
class CurrencyMismatchException(val left: String, val right: String) : LedgerException("") {
    override val message: String
        get() = "Currency mismatch: $left vs $right"
}

/** Texts of the ledger's checks, kept apart from the code (formats filled at the check). */
internal object LedgerTexts {
    const val NON_POSITIVE = "Amount must be positive, got %d"
    const val CLOSED = "Ledger '%s' is closed"
}

/** Runs a transaction's body; an error of the ledger is raised again as the transaction's. */
fun <T> transaction(id: String, block: () -> T): T =
    try {
        block()
    } catch (e: LedgerException) {
        throw TransactionException(id, e)
    }

/** Limits of an account; each entry writes its own text. */
enum class TransferLimit {
    DAILY {
        override fun exceeded(limit: Long, amount: Long) = "Daily limit of $limit exceeded by ${amount - limit}"
    },
    SINGLE {
        override fun exceeded(limit: Long, amount: Long) = "A single transfer may not exceed $limit (got $amount)"
    };

    abstract fun exceeded(limit: Long, amount: Long): String
}
