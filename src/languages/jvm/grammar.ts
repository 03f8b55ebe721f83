// The Java and Kotlin grammars: dynamic ast-grep languages, registered with every pack's on first
// use (shared/dynamic-grammar.ts).

import type { SgRoot } from '@ast-grep/napi';
import { parseDynamic } from '../shared/dynamic-grammar.js';
import { kotlinParsable } from './kotlin-source.js';

export type JvmGrammar = 'java' | 'kotlin';
/** A file's tree; Kotlin the grammar does not know is first rewritten into what it does, at the same offsets (kotlin-source.ts). */
export const parseJvm = (grammar: JvmGrammar, source: string): SgRoot => parseDynamic(grammar, grammar === 'kotlin' ? kotlinParsable(source) : source);

/** The grammar of a file by its extension: `.kt` and `.kts` are Kotlin, the rest Java. */
export const grammarOf = (path: string): JvmGrammar => (/\.kts?$/i.test(path) ? 'kotlin' : 'java');
