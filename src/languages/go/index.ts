// The Go pack: Go source (.go) and the runtime's panic traces. What only analysis uses is in
// analyzer.ts, imported on first use.

import type { LanguagePack } from '../../core/pack.js';
import { repr } from './repr.js';
import { catchSnippet, typeGuardSnippet } from './snippets.js';
import { goTrace } from './trace.js';
import { GO_RUNTIME } from './runtime-texts.js';

const DOC_DIRS = new Set(['doc', 'docs']);
/**
 * Files Go builds only for another platform than linux on amd64 or arm64, by the name suffixes the
 * go tool reads as build constraints (`_windows.go`, `_plan9_386.go`, `gcm_s390x.go`; `_test` aside):
 * an error a user saw came, of two files raising one text, more likely from the one a common build
 * compiles. (A `//go:build` line inside the file is not read: os/user's `cgo_lookup_unix.go` and
 * `lookup_unix.go` both stay.)
 */
const OTHER_OS = 'aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|nacl|netbsd|openbsd|plan9|solaris|wasip1|windows|zos';
const OTHER_ARCH = '386|arm|armbe|arm64be|loong64|mips|mipsle|mips64|mips64le|mips64p32|mips64p32le|ppc|ppc64|ppc64le|riscv|riscv64|s390|s390x|sparc|sparc64|wasm';
export const OTHER_PLATFORM = new RegExp(`_(?:(?:${OTHER_OS})(?:_(?:amd64|arm64|${OTHER_ARCH}))?|${OTHER_ARCH})(?:_test)?\\.go$`);
const isGoCode = (file: string) => file.endsWith('.go') && !file.endsWith('_test.go');

export const goPack: LanguagePack = {
  id: 'go',
  languages: [{ name: 'go', extensions: ['go'], errorsAsValues: true, platformPath: OTHER_PLATFORM, catchSnippet, typeGuardSnippet }],
  files: {
    testDirs: ['testdata'],
    skipDirs: ['vendor'],
    // A Go directory is a package, and Go keeps its tests in `_test.go` files and documentation in
    // comments: a `doc` directory holding Go code is a package (`go/doc`, `cmd/doc`), not docs.
    packageDir: (_ancestors, name, files) => DOC_DIRS.has(name) && !!files?.().some(isGoCode),
    skipFile: (name, includeTests) => (!includeTests && name.endsWith('_test.go') ? 'test file' : null),
  },
  trace: goTrace,
  runtime: GO_RUNTIME,
  repr,
  // (a returned error has no trace; a panic's innermost frame is the panic, so a sentinel's record is at the return)
  builtErrorFrame: 'raise',
  grammars: ['go'],
  analyzer: async () => (await import('./analyzer.js')).analyzer,
};
