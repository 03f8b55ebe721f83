// Grammars that @ast-grep/napi does not build in: `@ast-grep/lang-<name>` packages ship their
// parsers prebuilt inside the npm tarball. napi accepts dynamic grammars in one
// registerDynamicLanguage call only: a language passed to a second call is refused ("not
// supported") at parse time. So every pack declares its grammars when the registry loads
// (grammar-names.ts), and the first parse of any of them registers all of them together.
//
// Native trees are freed only when the event loop turns: a caller that parses many files must
// yield between batches (the pool does), or memory grows with every file parsed.

import { createRequire } from 'node:module';
import type { SgRoot } from '@ast-grep/napi';
import { declareGrammars, declaredGrammars } from './grammar-names.js';

const require = createRequire(import.meta.url);
let napi: typeof import('@ast-grep/napi') | undefined;
let registered: ReadonlySet<string> = new Set();

/**
 * Parses `source` with the dynamic grammar `name` (`@ast-grep/lang-<name>`). The first call loads
 * napi and registers every declared grammar, this one included, so a pack used without the
 * registry (its own unit tests) still parses.
 */
export function parseDynamic(name: string, source: string): SgRoot {
  if (!napi) {
    declareGrammars([name]);
    const loaded = require('@ast-grep/napi') as typeof import('@ast-grep/napi');
    registered = new Set(declaredGrammars());
    loaded.registerDynamicLanguage(Object.fromEntries([...registered].map((n) => [n, require(`@ast-grep/lang-${n}`)])));
    napi = loaded;
  }
  if (!registered.has(name)) throw new Error(`grammar ${name} was not declared before the first parse (declare it in its pack's grammars)`);
  return napi.parse(name, source);
}
