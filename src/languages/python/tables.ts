// Python message tables: dicts of messages assigned at module level or in a class
// body (`MESSAGES = {'invalid': 'Not a valid {kind}.'}`, `default_error_messages =
// {'invalid': _('Enter a valid value.')}`), and lookups into them (`MESSAGES['x']`,
// `self.error_messages['invalid']`, `self.error_messages[key]` with `key` a
// parameter). The pack reports both; record/tables.ts puts the entries in, from this
// file or another of the tree (a base class's table, an imported dict).

import type { SgNode } from '@ast-grep/napi';
import type { MessageTable } from '../../core/site.js';
import { isLit, type Template } from '../../template/ir.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import { build, type Scope } from './template.js';

/** A dict literal whose first entry maps a string to a string, assigned to a name (the text test before any tree walk). */
const TABLE_TEXT = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*\{\s*[rRuUbB]?['"][^'"\n]{0,80}['"]\s*:\s*(?:_l?\(\s*|gettext(?:_lazy)?\(\s*)?[rRuUbBfF]{0,2}['"]/gm;
/** `NAME = dict(key=_('…'), …)`, the same test for a table written as a call. */
const DICT_CALL_TEXT = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*dict\(\s*[A-Za-z_]\w*\s*=\s*(?:_l?\(\s*|gettext(?:_lazy)?\(\s*)?[rRuUbBfF]{0,2}['"]/gm;
const MAX_ENTRIES = 2000;
/** The longest source text of an entry's value read as a message (the longest message of the Python stdlib's records is 615 characters). */
const MAX_VALUE_CHARS = 2000;

/** Whether the text may hold a message table (a file with no raise is parsed for its tables then). */
export const mayHoldTable = (source: string): boolean => new RegExp(TABLE_TEXT.source, 'm').test(source) || new RegExp(DICT_CALL_TEXT.source, 'm').test(source);
const MIN_ENTRIES = 2;

/** The dict tables the file assigns at module level or in a class body. */
export function fileTables(root: SgNode, source: string, scope: Scope): MessageTable[] {
  const starts: number[] = [];
  for (const m of source.matchAll(TABLE_TEXT)) starts.push((m.index ?? 0) + m[0].indexOf(m[1]));
  for (const m of source.matchAll(DICT_CALL_TEXT)) starts.push((m.index ?? 0) + m[0].indexOf(m[1]));
  if (!starts.length) return [];
  const out: MessageTable[] = [];
  // (a class body's one-entry dict, kept when other class bodies of the file assign one of that name)
  const single: { name: string; built: { key: string; t: Template; line: number }[] }[] = [];
  const classTables = new Map<string, number>();
  let total = 0;
  for (const at of starts) {
    const a = assignmentAt(root, at);
    const right = a?.field('right');
    const left = a?.field('left');
    const dictCall = right?.kind() === 'call' && right.field('function')?.text() === 'dict' ? right.field('arguments') : null;
    if (!a || !right || (right.kind() !== 'dictionary' && !dictCall) || left?.kind() !== 'identifier') continue;
    const built: { key: string; t: Template; line: number }[] = [];
    for (const p of (dictCall ?? right).namedChildren()) {
      // (`dict(integer=_('Please enter an integer value'), …)`: keyword arguments are entries too)
      const kw = p.kind() === 'keyword_argument';
      if (total + built.length >= MAX_ENTRIES) break;
      if (p.kind() !== 'pair' && !kw) continue;
      const k = kw ? p.field('name') : p.field('key');
      const v = p.field('value');
      const at = v?.range();
      // (a value longer than any message is a document, not a template: pydoc's topics, 79 texts of
      // up to 40 KB, took 0.5 s of a worker to build and yielded no record)
      if (!v || !at || at.end.index - at.start.index > MAX_VALUE_CHARS) continue;
      const key = kw ? (k?.text() ?? null) : k?.kind() === 'string' ? literalText(k, scope) : null;
      if (key === null) continue;
      const b = build(v, scope, 1);
      if (b.s && b.t.some(isLit)) built.push({ key, t: b.t, line: at.start.line + 1 });
    }
    const inClass = a.parent()?.parent()?.parent()?.kind() === 'class_definition';
    if (inClass) classTables.set(left.text(), (classTables.get(left.text()) ?? 0) + 1);
    if (built.length < MIN_ENTRIES) {
      if (built.length === 1 && inClass) single.push({ name: left.text(), built });
      continue;
    }
    out.push(table(left.text(), built));
    total += built.length;
  }
  // Classes of one hierarchy each adding their message to a dict of one name (`messages =
  // dict(integer=_('Please enter an integer value'))` in each validator, merged by the base class):
  // one entry is a table there.
  for (const t of single) if ((classTables.get(t.name) ?? 0) >= MIN_CLASS_TABLES && total < MAX_ENTRIES) {
    out.push(table(t.name, t.built));
    total++;
  }
  return out;
}

/** Class bodies of a file assigning a dict of one name for a one-entry dict among them to be a table. */
const MIN_CLASS_TABLES = 3;

function table(name: string, built: { key: string; t: Template; line: number }[]): MessageTable {
  const style = tableStyle(built.map((e) => e.t));
  return { name, entries: built.map((e) => ({ key: e.key, template: openPlaceholders(e.t, style), line: e.line })) };
}

/** The assignment statement whose target starts at `offset` (module level or directly in a class body). */
function assignmentAt(root: SgNode, offset: number): SgNode | null {
  let node: SgNode | null = root;
  for (let depth = 0; node && depth < 8; depth++) {
    const kids: SgNode[] = node.namedChildren();
    const c: SgNode | undefined = kids.find((k) => k.range().start.index <= offset && offset < k.range().end.index);
    if (!c) return null;
    const k = c.kind() as string;
    if (k === 'assignment') return c.range().start.index === offset ? c : null;
    // (a table in a function is the function's own, read as it runs)
    if (k === 'function_definition') return null;
    node = c;
  }
  return null;
}

function literalText(n: SgNode, scope: Scope): string | null {
  const b = build(n, scope, 1);
  return b.t.length === 1 && isLit(b.t[0]) ? b.t[0].lit : b.t.length === 0 ? '' : null;
}
