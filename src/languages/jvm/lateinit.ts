// Kotlin's `lateinit var name: T`: reading the property before anything is assigned to it throws
// `kotlin.UninitializedPropertyAccessException: lateinit property name has not been initialized`, a
// message no source holds (the compiler emits the check, the standard library's `Intrinsics` writes
// the text and takes its own frames off the trace). Where the JVM reports it, as Kotlin 1.3 and
// later compile it (test/e2e/kotlin-lateinit.test.ts runs each form):
// - a read inside the declaring class (`base + "/"`, `this.base`, `"$base"`) checks the field
//   inline: the frame is the read's line;
// - a read from elsewhere calls the generated getter, whose frame is the declaration's line (a
//   private property has no getter: every read is inside the class);
// - a local `lateinit var` is checked at each read in its function.
// Assignments (`base = x`, `this.base = x`), the `this::base.isInitialized` test and reads of
// another object's property (`other.base`, through its getter) are not reads here.
// A property delegated to `Delegates.notNull()` raises `IllegalStateException: Property port
// should be initialized before get.` in the standard library's delegate, called by the generated
// getter, whose frame carries no line: the first frame with one is the read's, so its reads are
// the sites and its declaration is not.

import type { SgNode } from '@ast-grep/napi';

/** Properties per file, and reads per property, made sites at most (a generated file gives no more). */
const MAX_PROPERTIES = 64;
const MAX_READS = 32;

/** Where a lateinit property raises: its reads in its scope, and its declaration when a getter is generated. */
export interface LateinitRaise {
  name: string;
  /** `lateinit var`, or a property delegated to `Delegates.notNull()`. */
  kind: 'lateinit' | 'notNull';
  /** A read, or the declaration (the getter's line). */
  node: SgNode;
  getter: boolean;
}

/** Whether the declaration is `lateinit` (a modifier, not a word in its type or initializer), or delegated to `Delegates.notNull()`. */
function checkedKind(decl: SgNode): LateinitRaise['kind'] | null {
  const mods = decl.children().find((c) => c.kind() === 'modifiers');
  if (mods?.children().some((m) => m.kind() === 'member_modifier' && m.text() === 'lateinit')) return 'lateinit';
  const by = decl.children().find((c) => c.kind() === 'property_delegate');
  return by && NOT_NULL.test(by.text()) ? 'notNull' : null;
}

const NOT_NULL = /^by\s+(?:kotlin\.properties\.)?Delegates\s*\.\s*notNull\s*(?:<[^>]*>\s*)?\(\s*\)$/;

const SCOPES = new Set(['class_body', 'function_body', 'source_file', 'statements']);
const FUNCTIONS = new Set(['function_declaration', 'secondary_constructor', 'anonymous_initializer']);

/** The node the property is visible in: its class body, its function's body, or the file. */
function scopeOf(decl: SgNode): SgNode | null {
  for (let p = decl.parent(); p; p = p.parent()) if (SCOPES.has(p.kind() as string)) return p.kind() === 'statements' ? enclosingFunction(p) ?? p : p;
  return null;
}

function enclosingFunction(n: SgNode): SgNode | null {
  for (let p: SgNode | null = n; p; p = p.parent()) {
    const k = p.kind() as string;
    if (FUNCTIONS.has(k)) return p;
    if (k === 'class_body' || k === 'source_file') return null;
  }
  return null;
}

/** A parameter or local of the read's function with the property's name hides it. */
function shadowed(read: SgNode, name: string): boolean {
  const fn = enclosingFunction(read);
  if (!fn) return false;
  const params = fn.children().find((c) => c.kind() === 'function_value_parameters');
  if (params?.children().some((p) => p.kind() === 'parameter' && p.children().find((c) => c.kind() === 'simple_identifier')?.text() === name)) return true;
  return new RegExp(`\\b(?:val|var)\\s+${name}\\b`).test(fn.text());
}

/** Whether an identifier named like the property reads it (see the head comment). */
function isRead(n: SgNode, name: string, local: boolean): boolean {
  const p = n.parent();
  if (!p) return false;
  const kind = p.kind() as string;
  if (kind === 'variable_declaration' || kind === 'callable_reference' || kind === 'parameter' || kind === 'class_parameter') return false;
  // (an assignment's target: `base = x`, `this.base = x`)
  for (let a: SgNode | null = p, i = 0; a && i < 3; a = a.parent(), i++) if (a.kind() === 'directly_assignable_expression') return false;
  if (kind === 'navigation_suffix') {
    if (p.text().startsWith('::')) return false;
    const receiver = p.parent()?.children()[0];
    return receiver?.kind() === 'this_expression';
  }
  // (`f(base = 1)`: a named argument; `base(…)`: a call of something else)
  if (kind === 'value_argument' && p.children().some((c) => c.text() === '=') && p.children()[0]?.id() === n.id()) return false;
  if (kind === 'call_expression' && p.children()[0]?.id() === n.id()) return false;
  // (a local lateinit is the function's own `var`)
  return local || !shadowed(n, name);
}

/** The raises of the file's lateinit properties: `decls` are its property declarations. */
export function lateinitRaises(decls: SgNode[]): LateinitRaise[] {
  const out: LateinitRaise[] = [];
  let properties = 0;
  for (const d of decls) {
    const text = d.text();
    const kind = text.includes('lateinit') || text.includes('notNull') ? checkedKind(d) : null;
    if (!kind) continue;
    if (++properties > MAX_PROPERTIES) break;
    const name = d.children().find((c) => c.kind() === 'variable_declaration')?.children().find((c) => c.kind() === 'simple_identifier')?.text();
    const scope = name ? scopeOf(d) : null;
    // (a name in backquotes is no identifier a rule's regex reads as written)
    if (!name || !/^[A-Za-z_]\w*$/.test(name) || !scope) continue;
    const local = scope.kind() !== 'class_body' && scope.kind() !== 'source_file';
    let reads = 0;
    const found = scope.findAll({ rule: { any: [{ kind: 'simple_identifier', regex: `^${name}$` }, { kind: 'interpolated_identifier', regex: `^${name}$` }] } });
    for (const n of found) {
      // (a local is read only after its declaration)
      if (local && n.range().start.index < d.range().start.index) continue;
      if (!isRead(n, name, local)) continue;
      out.push({ name, kind, node: n, getter: false });
      if (++reads >= MAX_READS) break;
    }
    const hidden = d.children().find((c) => c.kind() === 'modifiers')?.children().some((m) => m.kind() === 'visibility_modifier' && m.text() === 'private');
    if (kind === 'lateinit' && !local && !hidden) out.push({ name, kind, node: d, getter: true });
  }
  return out;
}

/** The class and message the runtime raises for a property read before it was assigned. */
export const uninitializedRead = (r: LateinitRaise): { errorClass: string; message: string } =>
  r.kind === 'lateinit'
    ? { errorClass: 'UninitializedPropertyAccessException', message: `lateinit property ${r.name} has not been initialized` }
    : { errorClass: 'IllegalStateException', message: `Property ${r.name} should be initialized before get.` };
