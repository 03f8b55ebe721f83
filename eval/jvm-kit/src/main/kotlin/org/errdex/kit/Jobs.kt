package org.errdex.kit

/** A job queue in the idioms Kotlin libraries use for texts not written at the raise. */
class JobQueue(private val capacity: Int) {
    private val jobs = LinkedHashMap<String, JobState>()
    private var closed = false

    fun close() {
        closed = true
    }

    fun submit(id: String, name: String, priority: Int, retries: Int) {
        if (closed) throw QueueClosedException()
        val problems = mutableListOf<String>()
        if (name.isBlank()) problems += "name is blank"
        if (priority !in 0..9) problems += "priority $priority is outside 0..9"
        if (retries < 0) problems += "retries must not be negative"
        if (problems.isNotEmpty()) throw JobValidationException(problems)
        check(jobs.size < capacity) { "Queue is full ($capacity jobs)" }
        jobs[id] = JobState.QUEUED
    }

    fun limit(name: String, value: Int, rule: Rule): Int {
        if (!rule.test(value)) throw IllegalArgumentException(rule.violation(name, value))
        return value
    }

    fun move(id: String, to: JobState) {
        val from = requireNotNull(jobs[id]) { "No job with id $id" }
        val ok = when (to) {
            JobState.RUNNING -> from == JobState.QUEUED
            JobState.DONE, JobState.FAILED -> from == JobState.RUNNING
            JobState.QUEUED -> false
        }
        check(ok) { transitionText(from, to) }
        jobs[id] = to
    }

    fun cancel(id: String) {
        val state = jobs.getValue(id)
        if (state == JobState.DONE || state == JobState.FAILED) throw state.cannotCancel()
        jobs.remove(id)
    }

    fun await(id: String, waited: Long, limit: Long) {
        if (waited > limit) throw JobTimeoutException(id, limit)
    }
}

/** A cron-like schedule's five fields; each error's text is its kind's. */
fun parseSchedule(expr: String): List<String> {
    val error: ScheduleError? = when {
        expr.isBlank() -> ScheduleError.Empty
        expr.trim().split(Regex("\\s+")).size != 5 -> ScheduleError.FieldCount(expr.trim().split(Regex("\\s+")).size)
        else -> null
    }
    if (error != null) throw ScheduleException(error.text)
    val parts = expr.trim().split(Regex("\\s+"))
    val names = listOf("minute", "hour", "day", "month", "weekday")
    for ((i, p) in parts.withIndex()) {
        if (p != "*" && p.toIntOrNull() == null) throw ScheduleException(ScheduleError.BadField(names[i], p).text)
    }
    return parts
}

/** An interval like `5m` or `2h`; the text is a top-level constant of another file, formatted in `require`'s lambda. */
fun intervalSeconds(text: String): Long {
    val m = Regex("(\\d+)([smh])").matchEntire(text)
    require(m != null) { INTERVAL_FORMAT.format(text) }
    val n = m.groupValues[1].toLong()
    return n * when (m.groupValues[2]) { "s" -> 1L; "m" -> 60L; else -> 3600L }
}
