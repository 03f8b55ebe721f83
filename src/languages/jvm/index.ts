// The JVM pack: Java (.java) and Kotlin (.kt, .kts) sources, and the stack traces the JVM prints
// for both. What only analysis uses is in analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { javaCatchSnippet, javaTypeGuardSnippet, kotlinCatchSnippet, kotlinTypeGuardSnippet } from './snippets.js';
import { jvmTrace } from './trace.js';

const TEST_FILE = /(?:Tests?|IT|Spec)\.(?:java|kts?)$/;

export const jvmPack: LanguagePack = {
  id: 'jvm',
  languages: [
    { name: 'java', extensions: ['java'], catchSnippet: javaCatchSnippet, typeGuardSnippet: javaTypeGuardSnippet },
    { name: 'kotlin', extensions: ['kt', 'kts'], catchSnippet: kotlinCatchSnippet, typeGuardSnippet: kotlinTypeGuardSnippet },
  ],
  files: {
    testDirs: ['androidtest', 'testfixtures', 'jmh'],
    skipDirs: ['target', '.gradle', '.idea'],
    skipFile: (name, includeTests) => (!includeTests && TEST_FILE.test(name) ? 'test file' : name === 'module-info.java' || name === 'package-info.java' ? 'declarations' : null),
  },
  trace: jvmTrace,
  repr,
  builtErrorFrame: 'construction',
  grammars: ['java', 'kotlin'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
