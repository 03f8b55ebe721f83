// Kotlin's lateinit properties: each read before an assignment throws
// UninitializedPropertyAccessException, at the read inside the class and at the declaration (the
// generated getter) for a read from elsewhere; assignments and `::x.isInitialized` are not reads. A
// `Delegates.notNull()` property raises IllegalStateException at its reads only.
package org.example.late

import kotlin.properties.Delegates

class Session {
    // expect: UninitializedPropertyAccessException "lateinit property token has not been initialized" symbol: Session
    lateinit var token: String
    private lateinit var secret: String
    var port: Int by Delegates.notNull()

    fun header(): String {
        // expect: UninitializedPropertyAccessException "lateinit property token has not been initialized" symbol: Session.header
        return "Bearer $token"
    }

    fun login(token: String) {
        this.token = token
        secret = token.reversed()
    }

    fun ready(): Boolean = this::token.isInitialized

    // expect: IllegalStateException "Property port should be initialized before get." symbol: Session.url
    fun url(): String = "http://localhost:" + port

    fun check(): Int {
        // expect: UninitializedPropertyAccessException "lateinit property secret has not been initialized" symbol: Session.check
        return this.secret.length
    }
}

fun local(): Int {
    lateinit var later: String
    // expect: UninitializedPropertyAccessException "lateinit property later has not been initialized" symbol: local
    return later.length
}
