// The Python grammar: a dynamic ast-grep language (@ast-grep/lang-python ships
// prebuilt parser files inside its npm tarball), registered on first use.
//
// Native trees are freed only when the event loop turns: a caller that parses
// many files must yield between batches (the pool does), or memory grows with
// every file parsed.

import { createRequire } from 'node:module';
import { parse, registerDynamicLanguage, type SgRoot } from '@ast-grep/napi';

const require = createRequire(import.meta.url);
let registered = false;

export function parsePython(source: string): SgRoot {
  if (!registered) {
    registerDynamicLanguage({ python: require('@ast-grep/lang-python') });
    registered = true;
  }
  return parse('python', source);
}
