// Grammars that @ast-grep/napi does not build in (each `@ast-grep/lang-<id>` package ships its
// parser prebuilt inside the npm tarball). napi accepts dynamic grammars in one
// registerDynamicLanguage call only: a language passed to a second call is refused ("not
// supported") at parse time. So every pack declares its grammars when the registry loads, and the
// first parse of any of them registers all of them together.
//
// Native trees are freed only when the event loop turns: a caller that parses many files must
// yield between batches (the pool does), or memory grows with every file parsed.

import { createRequire } from 'node:module';
import type { SgRoot } from '@ast-grep/napi';

const require = createRequire(import.meta.url);
/** Grammar name (what `parse` is called with) → the npm module that ships it. */
const declared = new Map<string, string>();
let napi: typeof import('@ast-grep/napi') | undefined;
let registered: ReadonlySet<string> = new Set();

/** Declares grammars to register on the first parse (the registry declares every pack's). */
export function declareGrammars(grammars: Readonly<Record<string, string>>): void {
  for (const [name, module] of Object.entries(grammars)) declared.set(name, module);
}

/**
 * Parses `source` with the dynamic grammar `name` (shipped by `module`). The first call loads napi
 * and registers every declared grammar, this one included, so a pack used without the registry
 * (its own unit tests) still parses.
 */
export function parseDynamic(name: string, module: string, source: string): SgRoot {
  if (!napi) {
    declared.set(name, module);
    const loaded = require('@ast-grep/napi') as typeof import('@ast-grep/napi');
    loaded.registerDynamicLanguage(Object.fromEntries([...declared].map(([n, m]) => [n, require(m)])));
    registered = new Set(declared.keys());
    napi = loaded;
  }
  if (!registered.has(name)) {
    throw new Error(`grammar ${name} was not declared before the first parse (declare it in its pack's grammars)`);
  }
  return napi.parse(name, source);
}
