// The dynamic grammars every pack declares (LanguagePack.grammars), collected when the registry
// loads. Kept apart from dynamic-grammar.ts, which loads the parser: a command that never parses
// (explain, show, stats) loads this list and no parser.

const declared = new Set<string>();

/** Declares grammars to register on the first parse (the registry declares every pack's). */
export function declareGrammars(names: readonly string[]): void {
  for (const n of names) declared.add(n);
}

/** Every grammar declared so far. */
export const declaredGrammars = (): ReadonlySet<string> => declared;
