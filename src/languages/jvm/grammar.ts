// The Java and Kotlin grammars: dynamic ast-grep languages, registered with every pack's on first
// use (shared/dynamic-grammar.ts).

import type { SgRoot } from '@ast-grep/napi';
import { parseDynamic } from '../shared/dynamic-grammar.js';

export type JvmGrammar = 'java' | 'kotlin';
export const parseJvm = (grammar: JvmGrammar, source: string): SgRoot => parseDynamic(grammar, source);

/** The grammar of a file by its extension: `.kt` and `.kts` are Kotlin, the rest Java. */
export const grammarOf = (path: string): JvmGrammar => (/\.kts?$/i.test(path) ? 'kotlin' : 'java');
