// One place that knows how to get a tree-sitter tree for a language. Python is a
// dynamic grammar (@ast-grep/lang-python ships prebuilt parser.so files inside
// its npm tarball); JS/TS/TSX are built into @ast-grep/napi.
//
// Native trees are freed only when the event loop turns: a caller that parses
// many files must yield between batches (the pool does), or memory grows with
// every file parsed.

import { createRequire } from 'node:module';
import { Lang, parse, registerDynamicLanguage, type SgRoot } from '@ast-grep/napi';

const require = createRequire(import.meta.url);
let registered = false;

function ensureRegistered(): void {
  if (registered) return;
  registerDynamicLanguage({ python: require('@ast-grep/lang-python') });
  registered = true;
}

export type Grammar = 'python' | 'javascript' | 'typescript' | 'tsx';

export function parseSource(grammar: Grammar, source: string): SgRoot {
  if (grammar === 'python') {
    ensureRegistered();
    return parse('python', source);
  }
  const lang = grammar === 'typescript' ? Lang.TypeScript : grammar === 'tsx' ? Lang.Tsx : Lang.JavaScript;
  return parse(lang, source);
}
