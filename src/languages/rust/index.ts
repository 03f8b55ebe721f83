// The Rust pack: Rust source (.rs), panics as the standard library prints them and anyhow/eyre
// error reports. What only analysis uses is in analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { rustTrace } from './trace.js';

export const rustPack: LanguagePack = {
  id: 'rust',
  languages: [{ name: 'rust', extensions: ['rs'], pathsFromPackageDir: true, errorsAsValues: true, catchSnippet, typeGuardSnippet }],
  files: {
    // (`tests/`, `benches/`, `examples/` of a crate: integration tests, benchmarks and examples)
    testDirs: ['tests', 'benches', 'examples', 'fuzz'],
    skipDirs: ['target'],
    skipFile: () => null,
  },
  trace: rustTrace,
  repr,
  grammars: ['rust'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
