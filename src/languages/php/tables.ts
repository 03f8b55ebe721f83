// Class constants as message tables (core MessageTable, record/tables.ts): a class's text constants
// are the table named after the class (`Messages::NOT_FOUND` from another file reads the entry
// `NOT_FOUND` of `Messages`), and each array constant of texts a table of its own named
// `Class::NAME` (`Lexer::TOKEN_LABELS[$type]`: every entry when the key is known only at run time,
// the one a caller's literal key names when a parameter holds it). The same file's scalar constants
// are read where they are used (FileCtx.constant); its array constants go through the table too.

import type { SgNode } from '@ast-grep/napi';
import type { MessageTable } from '../../core/site.js';
import type { Template } from '../../template/ir.js';
import { CLASS_KINDS } from './context.js';
import { build, FileCtx, Scope, stringText } from './template.js';

/** Entries of one file's tables, at most (a generated file of constants says no message). */
const MAX_ENTRIES = 400;
/** A table entry's text says something: two letters in a row. */
const WORDY = /[A-Za-z]{2}/;

export function constantTables(ctx: FileCtx): MessageTable[] {
  if (!ctx.source.includes('const')) return [];
  const tables = new Map<string, MessageTable>();
  let count = 0;
  const add = (name: string, key: string, template: Template, line: number) => {
    if (count >= MAX_ENTRIES) return;
    const t = tables.get(name) ?? { name, entries: [] };
    t.entries.push({ key, template, line });
    tables.set(name, t);
    count++;
  };
  for (const el of ctx.root.findAll({ rule: { kind: 'const_element' } })) {
    const cls = ownerClass(el);
    if (!cls) continue;
    const kids = el.namedChildren();
    const name = kids.find((k) => k.kind() === 'name')?.text();
    const value = kids[kids.length - 1];
    if (!name || !value || value === kids[0]) continue;
    const scope = new Scope(ctx, null, cls);
    const line = value.range().start.line + 1;
    if (value.kind() === 'array_creation_expression') {
      for (const e of value.namedChildren()) {
        if (e.kind() !== 'array_element_initializer') continue;
        const parts = e.namedChildren().filter((c) => c.kind() !== 'comment');
        if (parts.length !== 2) continue;
        const text = textOf(parts[1], scope);
        if (text) add(`${cls}::${name}`, keyOf(parts[0]), text, parts[1].range().start.line + 1);
      }
      continue;
    }
    const text = textOf(value, scope);
    if (text) add(cls, name, text, line);
  }
  return [...tables.values()];
}

/** The text a constant's value gives, when it is one that says something. */
function textOf(v: SgNode, scope: Scope): Template | null {
  const k = v.kind() as string;
  if (k !== 'string' && k !== 'encapsed_string' && k !== 'binary_expression' && k !== 'heredoc' && k !== 'nowdoc') return null;
  const b = build(v, scope, 1);
  if (!b.s) return null;
  return b.t.some((s) => 'lit' in s && WORDY.test(s.lit)) ? b.t : null;
}

/** An array key as a lookup names it: a literal's text, else the key expression as written. */
function keyOf(k: SgNode): string {
  const kind = k.kind() as string;
  return (kind === 'string' || kind === 'encapsed_string' ? stringText(k) : null) ?? k.text();
}

/** The class-like declaration a constant belongs to: its name (none for a global `const`). */
function ownerClass(n: SgNode): string | null {
  for (let p = n.parent(); p; p = p.parent()) if (CLASS_KINDS.has(p.kind() as string)) return p.field('name')?.text() ?? null;
  return null;
}
