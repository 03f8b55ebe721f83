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
const ATTR_TEXT = /^[ \t]+\w*(?:msg|message|error|reason|text|description|template|fmt|format)\w*[ \t]*(?::[^=\n]*)?=[ \t]*(?:(?:_|\w*gettext\w*)\(\s*)?(?:\(\s*)?[rRuU]?["']/gim;
/** A `self.NAME = '…'` line in a method whose name says message or template (the same test for texts set on the instance). */
const SELF_TEXT = /^[ \t]+self\.\w*(?:msg|message|error|reason|text|description|template|fmt|format)\w*[ \t]*=[ \t]*(?:\(\s*)?[rRuU]?["']/gim;
/** A translation call's function (`_`, `gettext_lazy`, `ugettext`): its argument is the text. */
const TRANSLATED = /^(?:_|\w*gettext\w*)$/;
/** Attributes filed per file, at most. */
const MAX_ATTRS = 64;

/** The texts the file's class bodies assign to message-named attributes, one table per name. */
export function classAttributeTables(classes: SgNode[], source: string, scope: Scope): MessageTable[] {
  // (where the lines that pass the text tests are: only the classes and methods holding one are read)
  const classAt = [...source.matchAll(ATTR_TEXT)].map((m) => m.index);
  const selfAt = [...source.matchAll(SELF_TEXT)].map((m) => m.index);
  if (!classAt.length && !selfAt.length) return [];
  const holds = (at: number[], n: SgNode) => {
    const r = n.range();
    return at.some((i) => i >= r.start.index && i < r.end.index);
  };
  const byTable = new Map<string, MessageTable>();
  let n = 0;
  const file = (cls: string, attr: string, right: SgNode) => {
    if (attr.startsWith('__') || !(MESSAGE_FIELD.test(attr) || TEMPLATE_ATTR.test(attr))) return;
    const k = right.kind();
    // (a text or one a translation call marks, `message = _('Enter a valid username.')`)
    if (k !== 'string' && k !== 'concatenated_string' && k !== 'parenthesized_expression' && !(k === 'call' && TRANSLATED.test(right.field('function')?.text() ?? ''))) return;
    const b = build(right, scope, 0);
    // (a sentence, not a code or a flag: `error = 'invalid_request'` is not filed)
    if (!b.s || !b.t.some((s) => isLit(s) && /\S\s+\S/.test(s.lit))) return;
    n++;
    const table = fieldNameTable(attr);
    const t = byTable.get(table) ?? { name: table, entries: [] };
    t.entries.push({ key: `${cls}.${attr}`, template: b.t, line: right.range().start.line + 1 });
    byTable.set(table, t);
  };
  for (const cls of classes) {
    const onClass = classAt.length > 0 && holds(classAt, cls);
    const onSelf = selfAt.length > 0 && holds(selfAt, cls);
    if (!onClass && !onSelf) continue;
    const name = cls.field('name')?.text();
    if (!name) continue;
    for (const st of cls.field('body')?.namedChildren() ?? []) {
      if (n >= MAX_ATTRS) break;
      if (st.kind() === 'expression_statement') {
        if (!onClass) continue;
        const a = st.namedChildren()[0];
        const left = a?.kind() === 'assignment' ? a.field('left') : null;
        const right = a?.field('right');
        if (left && right && left.kind() === 'identifier') file(name, left.text(), right);
      } else if (onSelf) {
        // (a text the class's methods set on the instance, `def setup(self): self.errmsg_negord = "…"`:
        // a base's method raising `self.errmsg_negord % value` says the text of the class it runs for)
        const fn = st.kind() === 'decorated_definition' ? st.field('definition') : st;
        if (fn?.kind() === 'function_definition' && holds(selfAt, fn)) for (const [attr, right] of selfTexts(fn)) if (n < MAX_ATTRS) file(name, attr, right);
      }
    }
  }
  return [...byTable.values()];
}

/**
 * The `self.NAME = value` statements of a method (not of a function nested in it), the last of a
 * name, in order: the values written as text are filed (classAttributeTables).
 */
function selfTexts(fn: SgNode): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  const self = fn.field('parameters')?.namedChildren()[0];
  if (self?.kind() !== 'identifier' || self.text() !== 'self') return out;
  const walk = (n: SgNode, depth: number) => {
    for (const st of n.namedChildren()) {
      const k = String(st.kind());
      if (k === 'function_definition' || k === 'class_definition' || k === 'decorated_definition' || depth > MAX_DEPTH) continue;
      if (k === 'expression_statement') {
        const a = st.namedChildren()[0];
        const left = a?.kind() === 'assignment' ? a.field('left') : null;
        const right = a?.field('right');
        if (left?.kind() === 'attribute' && left.field('object')?.text() === 'self' && right) {
          const attr = left.field('attribute')?.text();
          if (attr) out.set(attr, right);
        }
      } else if (k === 'block' || k.endsWith('_statement') || k.endsWith('_clause')) walk(st, depth + 1);
    }
  };
  const body = fn.field('body');
  if (body) walk(body, 0);
  return out;
}
/** Blocks nested in a method that are searched for `self.NAME = …`, at most. */
const MAX_DEPTH = 4;
