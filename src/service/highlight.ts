// Syntax highlighting of a record's source window, on the server, from the language's own
// grammar (the parse analysis uses): keywords, strings, comments and numbers, read off the syntax
// tree by what is common to tree-sitter grammars (a keyword is an anonymous token spelled as a
// word; strings, comments and numbers are named so). A window that does not parse alone (it cuts
// a block in two) still gets what tree-sitter recovered.

import type { SgNode } from '@ast-grep/napi';
import { loadAnalyzers } from '../languages/registry.js';

export type TokenClass = 'kw' | 'str' | 'com' | 'num';
export interface Span { text: string; cls: TokenClass | null }

interface Token { line: number; col: number; endLine: number; endCol: number; cls: TokenClass }

const WORD = /^[A-Za-z_][A-Za-z_]*$/;

function classOf(n: SgNode, leaf: boolean): TokenClass | null {
  const kind = String(n.kind());
  if (/comment/.test(kind)) return 'com';
  if (/string|char_literal|heredoc|template_literal|regex/.test(kind)) return 'str';
  if (!leaf) return null;
  if (/^(integer|float|number|decimal|hex|octal|binary)|_literal$/.test(kind) && /^[\d.]/.test(n.text())) return 'num';
  if (WORD.test(kind) && kind === n.text()) return 'kw';
  if (/^(true|false|none|null|nil|undefined|self|this)$/.test(kind)) return 'kw';
  return null;
}

function tokens(root: SgNode): Token[] {
  const out: Token[] = [];
  const stack: SgNode[] = [root];
  // (depth-first, children in order: tokens come out in document order)
  while (stack.length) {
    const n = stack.pop()!;
    const children = n.children();
    const cls = classOf(n, children.length === 0);
    if (cls) {
      const r = n.range();
      out.push({ line: r.start.line, col: r.start.column, endLine: r.end.line, endCol: r.end.column, cls });
    } else for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/** The window's lines as spans, classed where the grammar says; plain lines for a language no pack parses. */
export async function highlightLines(language: string | null | undefined, text: string): Promise<Span[][]> {
  const lines = text.split('\n');
  const plain = () => lines.map((l) => [{ text: l, cls: null }]);
  const analyzer = language ? (await loadAnalyzers([language])).language(language) : undefined;
  if (!analyzer) return plain();
  let toks: Token[];
  try {
    toks = tokens(analyzer.parse(text, `window.${language}`).root());
  } catch {
    return plain();
  }
  const out: Span[][] = lines.map(() => []);
  const at = lines.map(() => 0);
  const push = (line: number, to: number, cls: TokenClass | null) => {
    const l = lines[line];
    const from = at[line];
    const end = Math.min(Math.max(to, from), l.length);
    if (end > from) out[line].push({ text: l.slice(from, end), cls });
    at[line] = end;
  };
  for (const t of toks) {
    for (let line = t.line; line <= t.endLine && line < lines.length; line++) {
      const start = line === t.line ? t.col : 0;
      push(line, start, null);
      push(line, line === t.endLine ? t.endCol : lines[line].length, t.cls);
    }
  }
  for (let line = 0; line < lines.length; line++) push(line, lines[line].length, null);
  return out;
}
