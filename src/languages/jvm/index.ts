// The JVM pack: Java (.java) and Kotlin (.kt, .kts) sources, and the stack traces the JVM prints
// for both. What only analysis uses is in analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { javaCatchSnippet, javaTypeGuardSnippet, kotlinCatchSnippet, kotlinTypeGuardSnippet } from './snippets.js';
import { javaQuotedCode } from './quoted.js';
import { jvmTrace } from './trace.js';
import { JVM_RUNTIME } from './runtime-texts.js';

// The first segments of JVM package paths: below one, a `spec` or `example` directory is a
// package (`java.security.spec`, `org.example`), not tests, which live in `src/test/` instead.
const PACKAGE_ROOTS = new Set(['java', 'javax', 'jdk', 'sun', 'kotlin', 'org', 'com']);

// The JDK's packages for itself (JEP 260: `sun.*`, `jdk.internal.*`), and any library's `internal`
// package (`kotlinx.coroutines.internal`); record paths start at the package root.
const INTERNAL = /^(?:sun|jdk\/internal)\/|(?:^|\/)internal\//;

export const jvmPack: LanguagePack = {
  id: 'jvm',
  languages: [
    { name: 'java', extensions: ['java'], internalPath: INTERNAL, quotedCode: javaQuotedCode, catchSnippet: javaCatchSnippet, typeGuardSnippet: javaTypeGuardSnippet },
    { name: 'kotlin', extensions: ['kt', 'kts'], internalPath: INTERNAL, catchSnippet: kotlinCatchSnippet, typeGuardSnippet: kotlinTypeGuardSnippet },
  ],
  files: {
    testDirs: ['androidtest', 'testfixtures', 'jmh'],
    skipDirs: ['target', '.gradle', '.idea'],
    packageDir: (ancestors) => ancestors.some((d) => PACKAGE_ROOTS.has(d)),
    // No file is a test by its name: JVM builds keep tests in `src/test/`, and names such as
    // `KeySpec`, `NodeTest` or `MONITOREXIT` are classes the library runs.
    skipFile: (name) => (name === 'module-info.java' || name === 'package-info.java' ? 'declarations' : null),
  },
  trace: jvmTrace,
  runtime: JVM_RUNTIME,
  repr,
  builtErrorFrame: 'construction',
  grammars: ['java', 'kotlin'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
