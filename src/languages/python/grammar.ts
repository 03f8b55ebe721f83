// The Python grammar: a dynamic ast-grep language (@ast-grep/lang-python ships
// prebuilt parser files inside its npm tarball), registered on first use.
//
// Native trees are freed only when the event loop turns: a caller that parses
// many files must yield between batches (the pool does), or memory grows with
// every file parsed.

import { createRequire } from 'node:module';
import type { SgRoot } from '@ast-grep/napi';

// (the native module, like the grammar, is loaded on the first parse)
const require = createRequire(import.meta.url);
let napi: typeof import('@ast-grep/napi') | undefined;

export function parsePython(source: string): SgRoot {
  if (!napi) {
    const loaded = require('@ast-grep/napi') as typeof import('@ast-grep/napi');
    loaded.registerDynamicLanguage({ python: require('@ast-grep/lang-python') });
    napi = loaded;
  }
  return napi.parse('python', source);
}
