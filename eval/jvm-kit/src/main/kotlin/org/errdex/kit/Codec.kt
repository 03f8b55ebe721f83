package org.errdex.kit

object Hex {
    fun decode(text: String): ByteArray {
        if (text.length % 2 != 0) throw badHex(text)
        val out = ByteArray(text.length / 2)
        for (i in out.indices) {
            val hi = Character.digit(text[2 * i], 16)
            val lo = Character.digit(text[2 * i + 1], 16)
            if (hi < 0 || lo < 0) throw badHex(text)
            out[i] = ((hi shl 4) or lo).toByte()
        }
        return out
    }
}

object Ids {
    fun parse(id: String?): Long {
        val s = requireNotNull(id) { "Id must not be null" }
        require(s.startsWith("id-")) { "Id '$s' must start with 'id-'" }
        val n = s.removePrefix("id-").toLongOrNull()
        return checkNotNull(n) { "Id '$s' has no numeric part" }
    }

    fun version(text: String): Triple<Int, Int, Int> {
        val parts = text.split('.')
        if (parts.size != 3) {
            val e = IllegalArgumentException("Version '$text' must have three parts, has ${parts.size}")
            throw e
        }
        val nums = parts.map { it.toIntOrNull() ?: throw IllegalArgumentException("Version part '$it' is not a number") }
        return Triple(nums[0], nums[1], nums[2])
    }
}

fun retry(times: Int, block: () -> Unit) {
    require(times > 0) { "times must be positive, was $times" }
    var last: Exception? = null
    repeat(times) {
        try {
            block()
            return
        } catch (e: Exception) {
            last = e
        }
    }
    throw KitException("Gave up after $times attempts: ${last?.message}", last)
}
