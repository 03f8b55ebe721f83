package org.errdex.kit

/** The states of a job in the queue. */
enum class JobState { QUEUED, RUNNING, DONE, FAILED }

/** A queue that no longer takes jobs; its text is the parameter's default (the raise writes none). */
class QueueClosedException(message: String = "Job queue is closed") : IllegalStateException(message)

/** The checks a job's numbers must pass, each entry writing its own violation (an enum with abstract members). */
enum class Rule {
    POSITIVE {
        override fun test(value: Int) = value > 0
        override fun violation(name: String, value: Int) = "$name must be positive, was $value"
    },
    PERCENT {
        override fun test(value: Int) = value in 0..100
        override fun violation(name: String, value: Int) = "$name must be a percentage (0..100), was $value"
    };

    abstract fun test(value: Int): Boolean
    abstract fun violation(name: String, value: Int): String
}

/** The text of a refused state change, chosen by the target state. */
internal fun transitionText(from: JobState, to: JobState): String = when (to) {
    JobState.RUNNING -> "Job cannot start from state $from"
    JobState.DONE -> "Only a running job can finish (state: $from)"
    JobState.FAILED -> "Job in state $from cannot fail"
    JobState.QUEUED -> "Job cannot be queued again"
}

/** An error made by an extension function on the state, thrown by its caller. */
fun JobState.cannotCancel(): IllegalStateException = IllegalStateException("A job that is $this cannot be cancelled")

/** Every problem of a job description, joined into one text. */
class JobValidationException(val problems: List<String>) :
    IllegalArgumentException(problems.joinToString("; ", prefix = "Invalid job: "))

/** A schedule expression's errors, each kind with its text; the raise passes `text` on. */
sealed class ScheduleError(val text: String) {
    object Empty : ScheduleError("Schedule expression is empty")
    class FieldCount(count: Int) : ScheduleError("Schedule needs 5 fields, got $count")
    class BadField(field: String, value: String) : ScheduleError("Invalid $field field: '$value'")
}

class ScheduleException(message: String) : KitException(message)

/** A job that ran too long; the text is made when asked for. */
class JobTimeoutException(val id: String, val seconds: Long) : RuntimeException() {
    override val message: String
        get() = "Job $id timed out after ${seconds}s"
}

/** The text of an interval that does not parse (a top-level format constant). */
internal const val INTERVAL_FORMAT = "Interval must look like 5m or 2h, got \"%s\""
