// The JavaScript, TypeScript and TSX grammars, built into @ast-grep/napi.
//
// Native trees are freed only when the event loop turns: a caller that parses
// many files must yield between batches (the pool does), or memory grows with
// every file parsed.

import { createRequire } from 'node:module';
import type { SgRoot } from '@ast-grep/napi';

// (the native module is loaded on the first parse: commands that read traces or records, and
// never parse source, do not load it)
const require = createRequire(import.meta.url);
let napi: typeof import('@ast-grep/napi') | undefined;

export type Grammar = 'javascript' | 'typescript' | 'tsx';

export function parseSource(grammar: Grammar, source: string): SgRoot {
  napi ??= require('@ast-grep/napi') as typeof import('@ast-grep/napi');
  const lang = grammar === 'javascript' ? napi.Lang.JavaScript : grammar === 'typescript' ? napi.Lang.TypeScript : napi.Lang.Tsx;
  return napi.parse(lang, source);
}

/** A TypeScript file's grammar: TSX for `.tsx`. */
export const tsGrammar = (path: string): Grammar => (path.toLowerCase().endsWith('.tsx') ? 'tsx' : 'typescript');
