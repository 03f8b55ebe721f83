// Messages read from a property whose texts are assigned elsewhere in the file. zlib ports keep
// the reason on the stream (`strm.msg = 'incorrect header check'` in the inflater, one
// assignment per failure) and another function raises it: `throw new Error(inflator.msg)`, after
// `this.msg = strm.msg || messages[status]`. The raise holds no text; the file's assignments to
// that property name are the texts it can raise, each an alternative of the site (as a table's
// entries are for `errors[type]`). The receiver is not followed (`strm` there, `inflator` here):
// only the property's name ties them, so the name must be specific enough to say "a message".

import type { SgNode } from '@ast-grep/napi';
import { isLit, type Template } from '../../template/ir.js';
import { buildTemplate, entryTemplate, tableMessages, unwrap, type Resolver } from './template.js';

/** Assignments read for one property, at most (pako's inflater has about 30). */
const MAX_ASSIGNMENTS = 64;
/** Texts one property gives, at most. */
const MAX_TEXTS = 64;

/**
 * Property names that hold a message (`msg`, `reason`, `errorText`, `error_message`…). An error's own
 * `message` is not among them: `err.message` is read from a caught error (a wrapped message,
 * caught.ts), and its assignments are that error's, not text another raise copies.
 */
const MESSAGE_PROPERTY = /^(?:_*(?:msg|errmsg|errMsg|reason|(?:error|err|fail(?:ure)?)_?(?:msg|message|text|reason)|(?:error|err|fail(?:ure)?)(?:Msg|Message|Text|Reason)))$/;

/** The property a message reads (`inflator.msg`, `this.errorText`), when its name says it holds a message. */
export function messageProperty(node: SgNode): string | null {
  const n = unwrap(node);
  if (n.kind() !== 'member_expression') return null;
  const prop = n.field('property');
  if (prop?.kind() !== 'property_identifier') return null;
  return MESSAGE_PROPERTY.test(prop.text()) ? prop.text() : null;
}

/**
 * The texts the file assigns to property `prop` of any object (`x.prop = 'text'`, a template or a
 * concatenation with text, and the fallback of `x.prop = y.prop || messages[status]` read as a table),
 * in source order, without repeats; null when there are none. One query for the file's assignments
 * to that name.
 */
export function assignedPropertyTexts(root: SgNode, source: string, prop: string, r: Resolver): Template[] | null {
  // (cheap text check first: most files never assign the property)
  if (!new RegExp(`\\.${prop}\\s*=[^=]`).test(source)) return null;
  const hits = root.findAll({
    rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'member_expression', has: { field: 'property', regex: `^${prop}$` } } },
  });
  const out: Template[] = [];
  const seen = new Set<string>();
  const add = (t: Template) => {
    const key = JSON.stringify(t.map((s) => (isLit(s) ? s.lit : '\u0000')));
    if (seen.has(key) || out.length >= MAX_TEXTS) return;
    seen.add(key);
    out.push(t);
  };
  for (const a of hits.slice(0, MAX_ASSIGNMENTS)) {
    const right = a.field('right');
    if (!right) continue;
    const v = unwrap(right);
    const k = v.kind() as string;
    if (k === 'string' || k === 'template_string' || k === 'binary_expression') {
      const b = buildTemplate(v, r, 1);
      if (b.s && b.t.some(isLit)) {
        add(entryTemplate(b.t, v, null));
        continue;
      }
    }
    for (const t of tableMessages(v, r) ?? []) add(t);
  }
  return out.length ? out : null;
}
