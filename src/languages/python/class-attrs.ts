// `self.message` read at a raise in a method of a class that keeps the text as a class attribute,
// which its subclasses override: Django's validators (`class RegexValidator: message = _('Enter a
// valid value.')` … `raise ValidationError(self.message, code=self.code)` in `__call__`, and
// `class URLValidator(RegexValidator): message = _('Enter a valid URL.')`), DRF's and many others'
// fields. The raise may give the class's own text (or the one it inherits) and each subclass's of
// the same file: the first is the template, the others its alternatives. Texts with the
// placeholders a library fills later (`%(limit_value)d`) have them opened into holes, as a table's.

import type { SgNode } from '@ast-grep/napi';
import { isLit, type FieldStyle, type Template } from '../../template/ir.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';

/** Attribute names read this way: they say what a message is. */
const MESSAGE_NAME = /(?:^|_)(?:msg|message|detail|description|error|reason|text)(?:_|$)/i;
/** Texts one read gives at most (the class's and its subclasses'). */
const MAX_TEXTS = 24;
/** Class bodies of a file read for their attributes, at most. */
const MAX_CLASSES = 500;

interface ClassBody {
  bases: string[];
  /** Attribute name → the value assigned in the class body (the last assignment). */
  attrs: Map<string, SgNode>;
}

interface FileClasses {
  byName: Map<string, ClassBody>;
  /** `class\0attr` → the values a read gives (classAttrTexts), found once. */
  reads: Map<string, SgNode[]>;
}

const files = new WeakMap<SgNode, FileClasses>();

/** The file's classes by name with their bases and class-body assignments, read once a file. */
function classesOf(root: SgNode): FileClasses {
  let f = files.get(root);
  if (f) return f;
  const m = new Map<string, ClassBody>();
  f = { byName: m, reads: new Map() };
  files.set(root, f);
  for (const c of root.findAll({ rule: { kind: 'class_definition' } })) {
    if (m.size >= MAX_CLASSES) break;
    const name = c.field('name')?.text();
    if (!name || m.has(name)) continue;
    const sup = c.field('superclasses');
    const attrs = new Map<string, SgNode>();
    for (const st of c.field('body')?.namedChildren() ?? []) {
      const a = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
      const left = a?.kind() === 'assignment' ? a.field('left') : null;
      const right = a?.field('right');
      if (left?.kind() === 'identifier' && right && MESSAGE_NAME.test(left.text())) attrs.set(left.text(), right);
    }
    // (bases as written, `RegexValidator`, `validators.Base`; `metaclass=` and other keywords left out)
    const bases = (sup?.namedChildren() ?? []).filter((b) => b.kind() === 'identifier' || b.kind() === 'attribute').map((b) => b.text());
    m.set(name, { bases, attrs });
  }
  return f;
}

/** The class whose method `fn` is, by name; null for a function outside a class body. */
export function ownerClass(fn: SgNode): string | null {
  const body = fn.parent();
  const owner = body?.kind() === 'block' ? body.parent() : fn.parent()?.kind() === 'decorated_definition' ? fn.parent()?.parent()?.parent() : null;
  return owner?.kind() === 'class_definition' ? (owner.field('name')?.text() ?? null) : null;
}

/**
 * The texts `self.<attr>` may hold in a method `fn`: the class attribute of the method's class (or
 * of the nearest base of the file that has it), then those of its subclasses in the file; each
 * value read by `text` (a string; a translation call, singular and plural; none when it is no
 * text), with the placeholder style they were read in (null: none), which the texts other files give
 * the attribute share. Empty when the class keeps no such attribute.
 */
export function classAttrTexts(root: SgNode, fn: SgNode, attr: string, text: (v: SgNode) => Template[]): { texts: Template[]; style: FieldStyle | null } {
  const none = { texts: [], style: null };
  if (!MESSAGE_NAME.test(attr)) return none;
  const cls = ownerClass(fn);
  if (!cls) return none;
  const file = classesOf(root);
  const key = `${cls}\u0000${attr}`;
  let values = file.reads.get(key);
  if (!values) file.reads.set(key, (values = attrValues(file.byName, cls, attr)));
  const texts = values.flatMap(text).filter((t) => t.some(isLit));
  const style = tableStyle(texts);
  return { texts: texts.map((t) => openPlaceholders(t, style)), style };
}

/** The class's own value of `attr` (else its nearest base's of the file), then its subclasses', breadth first. */
function attrValues(classes: Map<string, ClassBody>, cls: string, attr: string): SgNode[] {
  const values: SgNode[] = [];
  for (let c: string | undefined = cls, depth = 0; c && depth < 8; depth++) {
    const body = classes.get(c);
    const v = body?.attrs.get(attr);
    if (v) {
      values.push(v);
      break;
    }
    c = body?.bases.find((b) => classes.has(b));
  }
  const seen = new Set([cls]);
  const queue = [cls];
  while (queue.length && values.length < MAX_TEXTS) {
    const parent = queue.shift()!;
    for (const [name, body] of classes) {
      if (seen.has(name) || !body.bases.includes(parent)) continue;
      seen.add(name);
      queue.push(name);
      const v = body.attrs.get(attr);
      if (v && values.length < MAX_TEXTS) values.push(v);
    }
  }
  return values;
}
