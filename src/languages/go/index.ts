// The Go pack: Go source (.go) and the runtime's panic traces. What only analysis uses is in
// analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { goTrace } from './trace.js';

const DOC_DIRS = new Set(['doc', 'docs']);
const isGoCode = (file: string) => file.endsWith('.go') && !file.endsWith('_test.go');

export const goPack: LanguagePack = {
  id: 'go',
  languages: [{ name: 'go', extensions: ['go'], errorsAsValues: true, catchSnippet, typeGuardSnippet }],
  files: {
    testDirs: ['testdata'],
    skipDirs: ['vendor'],
    // A Go directory is a package, and Go keeps its tests in `_test.go` files and documentation in
    // comments: a `doc` directory holding Go code is a package (`go/doc`, `cmd/doc`), not docs.
    packageDir: (_ancestors, name, files) => DOC_DIRS.has(name) && !!files?.().some(isGoCode),
    skipFile: (name, includeTests) => (!includeTests && name.endsWith('_test.go') ? 'test file' : null),
  },
  trace: goTrace,
  repr,
  // (a returned error has no trace; a panic's innermost frame is the panic, so a sentinel's record is at the return)
  builtErrorFrame: 'raise',
  grammars: ['go'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
