// Class constants and arrays of texts as message tables (core MessageTable, record/tables.ts): a
// class's text constants are the table named after the class (`Messages::NOT_FOUND` from another
// file reads the entry `NOT_FOUND` of `Messages`), and each array constant of texts a table of its own
// named `Class::NAME` (`Lexer::TOKEN_LABELS[$type]`: every entry when the key is known only at run
// time, the one a caller's literal key names when a parameter holds it). A property's array of texts
// (`private static $errors = [...]`) read by key in a message of its file (`self::$errors[$code]`) is
// a table `Class::$errors`, and a function's own (`static $errors = [...]`, `$errors = [...]`) a
// table of that function (template.ts `arrayTableOf`). The same file's scalar constants are read
// where they are used (FileCtx.constant); its arrays go through the tables.

import type { SgNode } from '@ast-grep/napi';
import type { MessageTable } from '../../core/site.js';
import type { Template } from '../../template/ir.js';
import { CLASS_KINDS } from './context.js';
import { build, FileCtx, Scope, stringText } from './template.js';

/** A constant given a text or an array: the file may hold a table of constants. */
export const CONST_TEXT = /\bconst\s+\w+\s*=\s*(?:['"[]|array\s*\(|<<<)/i;
/** The values of a constant a table reads (`textOf`). */
const VALUE_KINDS = ['string', 'encapsed_string', 'binary_expression', 'heredoc', 'nowdoc', 'array_creation_expression'];
/** Entries of one file's tables, at most (a generated file of constants says no message). */
const MAX_ENTRIES = 400;
/** A table entry's text says something: two letters in a row. */
const WORDY = /[A-Za-z]{2}/;

export function constantTables(ctx: FileCtx): MessageTable[] {
  const tables = new Map<string, MessageTable>();
  let count = 0;
  const add = (name: string, key: string, template: Template, line: number) => {
    if (count >= MAX_ENTRIES) return;
    const t = tables.get(name) ?? { name, entries: [] };
    t.entries.push({ key, template, line });
    tables.set(name, t);
    count++;
  };
  const entriesOf = (name: string, arr: SgNode, scope: Scope) => {
    for (const e of arr.namedChildren()) {
      if (e.kind() !== 'array_element_initializer') continue;
      const parts = e.namedChildren().filter((c) => c.kind() !== 'comment');
      if (parts.length !== 2) continue;
      const text = textOf(parts[1], scope);
      if (text) add(name, keyOf(parts[0]), text, parts[1].range().start.line + 1);
    }
  };
  // (the arrays the file's messages read by key, found as they were built: FileCtx.arrays)
  for (const [name, { arr, scope }] of ctx.arrays) entriesOf(name, arr, scope);
  if (!CONST_TEXT.test(ctx.source)) return [...tables.values()];
  for (const el of ctx.root.findAll({ rule: { kind: 'const_element', has: { any: VALUE_KINDS.map((kind) => ({ kind })) } } })) {
    if (count >= MAX_ENTRIES) break;
    const kids = el.namedChildren().filter((c) => c.kind() !== 'comment');
    const value = kids[kids.length - 1];
    const name = kids.find((k) => k.kind() === 'name')?.text();
    const cls = ownerClass(el);
    if (!cls || !name || kids.length < 2) continue;
    // (a class's text constant, in the class's table; an array constant of texts, a table of its own)
    const scope = new Scope(ctx, null, cls);
    if (value.kind() === 'array_creation_expression') entriesOf(`${cls}::${name}`, value, scope);
    else {
      const text = textOf(value, scope);
      if (text) add(cls, name, text, value.range().start.line + 1);
    }
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
