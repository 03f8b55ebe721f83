// The PHP pack: PHP source (.php) and PHP's printed errors. What only analysis uses is in
// analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { phpQuotedCode } from './quoted.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { phpTrace } from './trace.js';
import { PHP_RUNTIME } from './runtime-texts.js';

const TEST_FILE = /(?:Test|TestCase)\.php$/;

export const phpPack: LanguagePack = {
  id: 'php',
  languages: [{ name: 'php', extensions: ['php'], quotedCode: phpQuotedCode, catchSnippet, typeGuardSnippet }],
  files: {
    testDirs: [],
    // (every pack's skipDirs apply to every walk: no common word such as `cache` or `var`, which name code elsewhere)
    skipDirs: ['.phpunit.cache', '.php-cs-fixer.cache'],
    skipFile: (name, includeTests) => (!includeTests && TEST_FILE.test(name) ? 'test file' : null),
  },
  trace: phpTrace,
  runtime: PHP_RUNTIME,
  repr,
  builtErrorFrame: 'construction',
  grammars: ['php'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
