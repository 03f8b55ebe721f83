// The Ruby pack: Ruby source (.rb, .rake; gemspecs skipped) and the errors Ruby prints. What only
// analysis uses is in analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { rubyTrace } from './trace.js';
import { RUBY_RUNTIME } from './runtime-texts.js';

const TEST_FILE = /(?:_test|_spec)\.rb$|^test_.*\.rb$/;

export const rubyPack: LanguagePack = {
  id: 'ruby',
  // (error_highlight, on by default since Ruby 3.1, appends the raising line to NameError/NoMethodError messages)
  languages: [{ name: 'ruby', extensions: ['rb', 'rake', 'gemspec'], messagesQuoteSource: true, catchSnippet, typeGuardSnippet }],
  files: {
    testDirs: ['spec', 'features'],
    skipDirs: ['.bundle', 'coverage', 'tmp'],
    // A gem's code is under `lib/`, a directory per namespace: `lib/test/unit.rb` is test-unit's
    // Test::Unit, not tests (those are the gem's top-level `test/` and `spec/`).
    packageDir: (ancestors, _name, files) => ancestors[ancestors.length - 1] === 'lib' && !!files?.().some((f) => f.endsWith('.rb')),
    skipFile: (name, includeTests) => (name.endsWith('.gemspec') ? 'gem specification' : !includeTests && TEST_FILE.test(name) ? 'test file' : null),
  },
  trace: rubyTrace,
  runtime: RUBY_RUNTIME,
  repr,
  builtErrorFrame: 'raise',
  grammars: ['ruby'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
