// Message texts kept as class attributes and read through `self` in another class's file.
// pathvalidate's `BaseFile` (in _base.py) says `_ERROR_MSG_TEMPLATE = "invalid char found:
// invalids=({invalid}), value={value}"`; its subclass `FileNameValidator`, in _filename.py, raises
// `InvalidCharError(self._ERROR_MSG_TEMPLATE.format(invalid=…, value=…))`. A file is analyzed
// alone, so the attribute was a hole.
//
// The defining file files each such text under the attribute's name, in the table a raise reading
// a message-named attribute already looks into (record-field-names.ts' `fieldNameTable`; the read
// is template.ts' `recordFieldLookup`): each text an alternative of the raise, `.format(…)` opening
// its fields. As for the other tables, the reading file's own answer first, else at most three
// defining files: the receiver (`self`) is not followed to its class.

import type { SgNode } from '@ast-grep/napi';
import type { MessageTable } from '../../core/site.js';
import { isLit } from '../../template/ir.js';
import { fieldNameTable, MESSAGE_FIELD, TEMPLATE_ATTR } from './record-field-names.js';
import { build, type Scope } from './template.js';

/** A class-level `NAME = '…'` line whose name says message or template: the text test before any tree query. */
const ATTR_TEXT = /^[ \t]+\w*(?:msg|message|error|reason|text|description|template|fmt|format)\w*[ \t]*(?::[^=\n]*)?=[ \t]*(?:\(\s*)?[rRuU]?["']/im;
/** Attributes filed per file, at most. */
const MAX_ATTRS = 64;

/** The texts the file's class bodies assign to message-named attributes, one table per name. */
export function classAttributeTables(classes: SgNode[], source: string, scope: Scope): MessageTable[] {
  if (!ATTR_TEXT.test(source)) return [];
  const byTable = new Map<string, MessageTable>();
  let n = 0;
  for (const cls of classes) {
    const name = cls.field('name')?.text();
    if (!name) continue;
    for (const st of cls.field('body')?.namedChildren() ?? []) {
      if (st.kind() !== 'expression_statement' || n >= MAX_ATTRS) continue;
      const a = st.namedChildren()[0];
      const left = a?.kind() === 'assignment' ? a.field('left') : null;
      const right = a?.field('right');
      if (!left || !right || left.kind() !== 'identifier') continue;
      const attr = left.text();
      if (attr.startsWith('__') || !(MESSAGE_FIELD.test(attr) || TEMPLATE_ATTR.test(attr))) continue;
      const k = right.kind();
      if (k !== 'string' && k !== 'concatenated_string' && k !== 'parenthesized_expression') continue;
      const b = build(right, scope, 0);
      // (a sentence, not a code or a flag: `error = 'invalid_request'` is not filed)
      if (!b.s || !b.t.some((s) => isLit(s) && /\S\s+\S/.test(s.lit))) continue;
      n++;
      const table = fieldNameTable(attr);
      const t = byTable.get(table) ?? { name: table, entries: [] };
      t.entries.push({ key: `${name}.${attr}`, template: b.t, line: right.range().start.line + 1 });
      byTable.set(table, t);
    }
  }
  return [...byTable.values()];
}
