// The JavaScript, TypeScript and TSX grammars, built into @ast-grep/napi.
//
// Native trees are freed only when the event loop turns: a caller that parses
// many files must yield between batches (the pool does), or memory grows with
// every file parsed.

import { Lang, parse, type SgRoot } from '@ast-grep/napi';

export type Grammar = 'javascript' | 'typescript' | 'tsx';

const LANG = { javascript: Lang.JavaScript, typescript: Lang.TypeScript, tsx: Lang.Tsx } as const;

export function parseSource(grammar: Grammar, source: string): SgRoot {
  return parse(LANG[grammar], source);
}

/** A TypeScript file's grammar: TSX for `.tsx`. */
export const tsGrammar = (path: string): Grammar => (path.toLowerCase().endsWith('.tsx') ? 'tsx' : 'typescript');
