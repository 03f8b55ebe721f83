// Java and Kotlin analysis by grammar, and the prefilter that skips files that cannot raise.

import type { FileAnalysis } from '../../core/site.js';
import type { JvmGrammar } from './grammar.js';
import { analyzeJava } from './java.js';
import { analyzeKotlin } from './kotlin.js';

export const analyzeJvm = (grammar: JvmGrammar, source: string): FileAnalysis => (grammar === 'java' ? analyzeJava(source) : analyzeKotlin(source));

// Every site needs one of these words: `throw`, an error class's name, a precondition, a logger or
// Kotlin's `lateinit` or `Delegates.notNull()`. A file may also hold the texts other files' raises
// read: a resource bundle's, a Kotlin function's whose body is a text (`fun outOfRange(…) = "…"`).
const MAY_RAISE = /throw|Exception|Error|Throwable|Failure|Fault|require|check|error\(|TODO\(|verify|[Ll]og|LOG|lateinit|notNull|ResourceBundle|\bfun\s+\w+\s*\([^()]*\)\s*(?::\s*String\s*)?=\s*"/;

/** The text names nothing a site needs: analyze would find nothing. */
export const jvmCannotRaise = (source: string): boolean => !MAY_RAISE.test(source);
