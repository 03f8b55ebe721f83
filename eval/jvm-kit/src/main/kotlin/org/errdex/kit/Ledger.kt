package org.errdex.kit

/** A small double-entry ledger: accounts in one currency each, transfers, rates, and a text format for amounts. */
class Ledger(private val name: String) {
    private val balances = LinkedHashMap<String, Long>()
    private val currencies = HashMap<String, String>()
    private val frozen = HashMap<String, Int>()
    private val rates = HashMap<Pair<String, String>, Double>()
    private var closed = false

    fun open(account: String, currency: String, balance: Long = 0): Ledger {
        if (currency !in KNOWN) throw LedgerException.unknownCurrency(currency)
        balances[account] = balance
        currencies[account] = currency
        return this
    }

    fun freeze(account: String, reason: Int): Ledger {
        frozen[account] = reason
        return this
    }

    fun close() {
        closed = true
    }

    fun rate(from: String, to: String): Double = rates[from to to] ?: throw LedgerException.noRate(from, to)

    fun transfer(from: String, to: String, amount: Long) {
        check(!closed) { LedgerTexts.CLOSED.format(name) }
        require(amount > 0) { LedgerTexts.NON_POSITIVE.format(amount) }
        val have = balance(from)
        balance(to)
        frozen[from]?.let { throw LedgerException(LedgerProblem.Frozen(from, it)) }
        if (currencies[from] != currencies[to]) throw CurrencyMismatchException(currencies[from]!!, currencies[to]!!)
        if (have < amount) throw LedgerException(LedgerProblem.Insufficient(from, amount, have))
        balances[from] = have - amount
        balances[to] = balances.getValue(to) + amount
    }

    fun balance(account: String): Long =
        balances[account] ?: throw LedgerException(LedgerProblem.UnknownAccount(account))

    /** Transfers in one transaction: any ledger error is raised again as the transaction's. */
    fun batch(id: String, moves: List<Triple<String, String, Long>>) = transaction(id) {
        for ((from, to, amount) in moves) transfer(from, to, amount)
    }

    fun limit(kind: TransferLimit, limit: Long, amount: Long) {
        if (amount > limit) throw IllegalArgumentException(kind.exceeded(limit, amount))
    }

    /** Checks that an entry balances; the text is built up part by part. */
    fun post(debits: List<Long>, credits: List<Long>) {
        val d = debits.sum()
        val c = credits.sum()
        if (d != c) {
            throw LedgerException(buildString {
                append("Unbalanced entry: debits ")
                append(d)
                append(" != credits ")
                append(c)
            })
        }
    }

    companion object {
        private val KNOWN = setOf("EUR", "USD", "GBP", "JPY")
    }
}

/** Reads an amount such as `12.50 EUR`; a number that does not parse is the cause of the error raised. */
fun parseAmount(text: String): Pair<Long, String> {
    val parts = text.trim().split(' ')
    if (parts.size != 2) throw AmountFormatException(text, "expected '<number> <currency>'")
    val cents = runCatching { parts[0].toBigDecimal().movePointRight(2).longValueExact() }
        .getOrElse { throw AmountFormatException(text, "not a number", it) }
    return cents to parts[1]
}

/** A malformed amount: the text and the reason joined by the class. */
class AmountFormatException(text: String, reason: String, cause: Throwable? = null) :
    IllegalArgumentException("Malformed amount '$text': $reason", cause)
