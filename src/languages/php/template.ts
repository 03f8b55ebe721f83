// Messages of PHP expressions as templates (src/template/ir.ts): string literals, `"…{$x}…"` and
// `"$x"` interpolation, heredoc and nowdoc, `.` concatenation, `sprintf`/`vsprintf` (and `printf`
// verbs in a message), class and global constants of the same file, translation calls (`__()`,
// `trans()`), ternaries (each branch a message), and local variables assigned earlier in the same
// function (`$msg = '…'; $msg .= …`). Anything else is a hole named after its expression (`$key` is
// the hole `key`, so a parameter's hole binds to the callers' arguments).

import type { SgNode } from '@ast-grep/napi';
import type { MessageReturn } from '../../core/site.js';
import { concat, hole, isHole, isLit, lit, normalize, openFields, rewriteLiterals, type Hole, type Segment, type Template, type Trim } from '../../template/ir.js';
import { CLASS_KINDS, FN_KINDS, oneLine, paramNames } from './context.js';
import { dedent, unescapeDouble, unescapeSingle } from './strings.js';
import { CAUGHT_NATIVE, NATIVE_MESSAGES } from './native.js';

export interface Built {
  t: Template;
  /** The value is text (a literal, interpolation, a format call…), not just some value. */
  s: boolean;
  /** Other messages the value can be (a ternary's other branch). */
  alts?: Template[];
}

/** The expression as a hole's source text: variables without `$` (`$key` → `key`, `$this->name` → `this->name`). */
export const exprOf = (n: SgNode | string): string => oneLine(typeof n === 'string' ? n : n.text()).replace(/\$(?=[A-Za-z_])/g, '');

const MAX_DEPTH = 5;
const MAX_ASSIGNS = 2000;
/** Translation helpers that return their first argument translated (the source language's text is the message). */
const TRANSLATE = new Set(['__', '_', 'gettext', 'trans', '_t', 't', 'translate', 'lang', 'dgettext']);
/** Functions whose result reads one argument, shown as that argument's value. */
const PASS_THROUGH = new Set(['strval', 'trim', 'rtrim', 'ltrim', 'chop', 'ucfirst', 'lcfirst', 'strtolower', 'strtoupper', 'htmlspecialchars', 'addslashes']);
const PRINTF = new Set(['sprintf', 'vsprintf']);
/** The pass-through functions that cut characters off an end of their argument (`chop` is `rtrim`). */
const TRIMS: Record<string, { start: boolean; end: boolean }> = {
  trim: { start: true, end: true }, rtrim: { start: false, end: true }, chop: { start: false, end: true }, ltrim: { start: true, end: false },
};
/** What PHP's trims cut without a second argument. */
const TRIM_DEFAULT = ' \n\r\t\v\0';
const BUILTIN_CONSTS: Record<string, string> = { PHP_EOL: '\n', DIRECTORY_SEPARATOR: '/' };

interface Assign {
  at: number;
  append: boolean;
  value: SgNode;
  /** Inside a branch or loop of the function (not one of its body's own statements). */
  nested: boolean;
  /** The statement list the assignment's statement is one of (a block, a `case`), when it is a statement of its own. */
  block: number | null;
}

/** What one file's analysis looks up many times: constants and assignments, each indexed once on first use. */
export class FileCtx {
  readonly symbols = new Map<number, string>();
  private consts: Map<string, SgNode> | null = null;
  private assigns = new Map<number, Map<string, Assign[]>>();
  private namespaces: { at: number; name: string }[] | null = null;
  private decls = new Map<number, Map<string, SgNode | null>>();
  /** What the file's functions return, by node id, read without arguments bound (ownCallText). */
  readonly returned = new Map<number, Built | null>();
  private uses: Map<string, string> | null = null;
  /** Classes of this file by name: their bases (extends) as written, short names. */
  readonly classes = new Map<string, string[]>();
  /** Arrays of texts a message reads by key (`self::$errors[$code]`, `$errors[$code]`), by table name: php/tables.ts makes them tables. */
  readonly arrays = new Map<string, { arr: SgNode; scope: Scope }>();
  private props: Map<string, SgNode> | null = null;
  /** Each function's variables given an array literal, by the function's node id (localArrays). */
  readonly locals = new Map<number, Map<string, SgNode>>();

  constructor(
    readonly root: SgNode,
    readonly source: string,
  ) {}

  /** The array literal property `$name` of class `cls` is declared with in this file (`private static $errors = [...]`). */
  propertyArray(cls: string, name: string): SgNode | undefined {
    if (!this.props) {
      this.props = new Map();
      for (const el of this.root.findAll({ rule: { kind: 'property_element', has: { kind: 'array_creation_expression' } } })) {
        const kids = el.namedChildren().filter((c) => c.kind() !== 'comment');
        let owner: string | null = null;
        for (let p = el.parent(); p && owner === null; p = p.parent()) if (CLASS_KINDS.has(p.kind() as string)) owner = p.field('name')?.text() ?? '';
        if (owner && kids[0]?.kind() === 'variable_name') this.props.set(`${owner}::${kids[0].text().slice(1)}`, kids[kids.length - 1]);
      }
    }
    return this.props.get(`${cls}::${name}`);
  }

  /** The default value property `$name` of class `cls` is declared with in this file (`protected $exception = ValidationException::class;`). */
  propertyDefault(cls: string, name: string): SgNode | undefined {
    if (!this.propDefaults) {
      this.propDefaults = new Map();
      for (const el of this.root.findAll({ rule: { kind: 'property_element' } })) {
        const kids = el.namedChildren().filter((c) => c.kind() !== 'comment');
        if (kids.length < 2 || kids[0].kind() !== 'variable_name') continue;
        let owner: string | null = null;
        for (let p = el.parent(); p && owner === null; p = p.parent()) if (CLASS_KINDS.has(p.kind() as string)) owner = p.field('name')?.text() ?? '';
        if (owner) this.propDefaults.set(`${owner}::${kids[0].text().slice(1)}`, kids[kids.length - 1]);
      }
    }
    return this.propDefaults.get(`${cls}::${name}`);
  }
  private propDefaults: Map<string, SgNode> | null = null;

  /** `Class::NAME` (`::NAME` for a global constant, `define('NAME', …)` included) → the value's node. */
  constant(cls: string | null, name: string): SgNode | undefined {
    if (!this.consts) {
      this.consts = new Map();
      if (this.source.includes('const') || this.source.includes('define')) {
        for (const n of this.root.findAll({ rule: { any: [{ kind: 'const_element' }, { kind: 'function_call_expression', has: { field: 'function', regex: '^define$' } }] } })) {
          if (n.kind() === 'const_element') {
            const kids = n.namedChildren();
            const nm = kids.find((k) => k.kind() === 'name')?.text();
            const value = kids[kids.length - 1];
            if (!nm || !value || value.kind() === 'name' && value.text() === nm) continue;
            let owner: string | null = null;
            for (let p = n.parent(); p; p = p.parent()) {
              if (CLASS_KINDS.has(p.kind() as string)) {
                owner = p.field('name')?.text() ?? null;
                break;
              }
            }
            this.consts.set(`${owner ?? ''}::${nm}`, value);
          } else {
            const args = argNodes(n);
            const key = args[0] && args[0].kind() === 'string' ? stringText(args[0]) : null;
            if (key && args[1]) this.consts.set(`::${key}`, args[1]);
          }
        }
      }
    }
    return this.consts.get(`${cls ?? ''}::${name}`);
  }

  /**
   * The namespace a node at `index` is in (`A\\B`, '' for the global one): the last `namespace`
   * declaration starting before it, which is the enclosing one for braced declarations too.
   */
  namespaceAt(index: number): string {
    if (!this.namespaces) {
      this.namespaces = [];
      if (this.source.includes('namespace')) {
        for (const d of this.root.findAll({ rule: { kind: 'namespace_definition' } })) {
          const name = d.namedChildren().find((c) => c.kind() === 'namespace_name');
          this.namespaces.push({ at: d.range().start.index, name: name ? name.text().replace(/\s+/g, '') : '' });
        }
      }
    }
    let ns = '';
    for (const d of this.namespaces) if (d.at <= index) ns = d.name;
    return ns;
  }

  /** A class name as written resolved as PHP does: `\\A\\B` as is, an imported alias (`use X\\Y as Z`) to its class, else in the namespace at `index`. */
  resolveClass(written: string, index: number): string {
    if (written.startsWith('\\')) return written.slice(1);
    if (/^namespace\\/i.test(written)) {
      const ns = this.namespaceAt(index);
      return ns ? `${ns}\\${written.slice(10)}` : written.slice(10);
    }
    if (!this.uses) {
      this.uses = new Map();
      if (this.source.includes('use')) {
        for (const d of this.root.findAll({ rule: { kind: 'namespace_use_declaration' } })) {
          // (`use function …` and `use const …` import no class)
          if (/^use\s+(?:function|const)\b/i.test(d.text())) continue;
          for (const c of d.findAll({ rule: { kind: 'namespace_use_clause' } })) {
            const kids = c.namedChildren();
            let target = kids[0]?.text().replace(/^\\/, '');
            if (!target) continue;
            const alias = kids.length > 1 && kids[kids.length - 1].kind() === 'name' ? kids[kids.length - 1].text() : target.slice(target.lastIndexOf('\\') + 1);
            // (a group use `use A\\{B, C as D}` names its prefix in the declaration)
            if (c.parent()?.kind() === 'namespace_use_group') {
              const prefix = d.namedChildren().find((k) => k.kind() === 'namespace_name')?.text().replace(/^\\/, '');
              if (!prefix) continue;
              target = `${prefix}\\${target}`;
            }
            this.uses.set(alias.toLowerCase(), target);
          }
        }
      }
    }
    const cut = written.indexOf('\\');
    const first = cut < 0 ? written : written.slice(0, cut);
    const imported = this.uses.get(first.toLowerCase());
    if (imported) return cut < 0 ? imported : imported + written.slice(cut);
    const ns = this.namespaceAt(index);
    return ns ? `${ns}\\${written}` : written;
  }

  /**
   * The method `name` of a class declaration (cls), or the file's function `name` (cls null), when
   * declared exactly once there (PHP's names are case-insensitive); methods indexed per class on first use.
   */
  /** Whether a method or function of this name (any class's) is declared in the file. */
  declaresMethod(name: string): boolean {
    if (!this.methodNames) {
      // (from the text: a name after `function` in a comment counts too, which only makes a call stay a hole)
      this.methodNames = new Set();
      for (const m of this.source.matchAll(/\bfunction\s+&?\s*([A-Za-z_]\w*)/gi)) this.methodNames.add(m[1].toLowerCase());
    }
    return this.methodNames.has(name.toLowerCase());
  }
  private methodNames: Set<string> | null = null;

  declared(cls: SgNode | null, name: string): SgNode | undefined {
    if (!/^[A-Za-z_]\w*$/.test(name)) return undefined;
    const id = cls ? cls.id() : -1;
    let m = this.decls.get(id);
    if (!m) {
      m = new Map();
      this.decls.set(id, m);
      const kinds = cls ? cls.field('body')?.namedChildren().filter((c) => c.kind() === 'method_declaration') ?? [] : this.root.findAll({ rule: { kind: 'function_definition' } });
      for (const d of kinds) {
        const key = d.field('name')?.text().toLowerCase();
        if (!key) continue;
        m.set(key, m.has(key) ? null : d);
      }
    }
    return m.get(name.toLowerCase()) ?? undefined;
  }

  /** Assignments of one function's body (or the file's top level, fn null), by variable name, in order. */
  assignsIn(fn: SgNode | null): Map<string, Assign[]> {
    const id = fn ? fn.id() : -1;
    let m = this.assigns.get(id);
    if (m) return m;
    m = new Map();
    this.assigns.set(id, m);
    const within = fn ?? this.root;
    let count = 0;
    for (const a of within.findAll({ rule: { any: [{ kind: 'assignment_expression' }, { kind: 'augmented_assignment_expression' }] } })) {
      if (++count > MAX_ASSIGNS) break;
      const left = a.field('left');
      const right = a.field('right');
      if (!left || !right || left.kind() !== 'variable_name') continue;
      const aug = a.kind() === 'augmented_assignment_expression';
      if (aug && a.field('operator')?.text() !== '.=') continue;
      if (innermostFn(a) !== fn?.id()) continue;
      const name = left.text().slice(1);
      const list = m.get(name) ?? [];
      const stmt = a.parent();
      const nested = !(stmt?.kind() === 'expression_statement' && stmt.parent()?.id() === (fn?.field('body') ?? this.root).id());
      const block = stmt?.kind() === 'expression_statement' ? stmt.parent()?.id() ?? null : null;
      list.push({ at: a.range().start.index, append: aug, value: right, nested, block });
      m.set(name, list);
    }
    return m;
  }
}

function innermostFn(n: SgNode): number | undefined {
  for (let p = n.parent(); p; p = p.parent()) if (FN_KINDS.has(p.kind() as string)) return p.id();
  return undefined;
}

/** Where an expression is read: the function (for its variables and parameters) and the class (for `self::`). */
export class Scope {
  readonly params: Set<string>;
  constructor(
    readonly ctx: FileCtx,
    readonly fn: SgNode | null,
    readonly cls: string | null,
    /** Values bound to the parameters (a factory inlined at a call): name → template. */
    readonly bound: Map<string, Template> = new Map(),
  ) {
    this.params = new Set(fn ? paramNames(fn) : []);
  }
}

/** The argument expressions of a call or `new` (named arguments included, by position). */
export function argNodes(call: SgNode): SgNode[] {
  const args = call.kind() === 'arguments' ? call : call.field('arguments') ?? call.namedChildren().find((c) => c.kind() === 'arguments');
  if (!args) return [];
  const out: SgNode[] = [];
  for (const a of args.namedChildren()) {
    if (a.kind() !== 'argument') continue;
    const kids = a.namedChildren().filter((k) => k.kind() !== 'comment');
    const v = kids[kids.length - 1];
    if (v) out.push(v);
  }
  return out;
}

/** `name:` of a named argument, by the argument's value node. */
export function argName(value: SgNode): string | null {
  const p = value.parent();
  if (!p || p.kind() !== 'argument') return null;
  return p.field('name')?.text() ?? null;
}

/** The text of a `'…'` / `"…"` literal without interpolation; null for anything else. */
export function stringText(n: SgNode): string | null {
  const k = n.kind();
  if (k === 'string') {
    const raw = n.text().replace(/^[bB]/, '');
    if (raw.startsWith("'")) return unescapeSingle(raw.slice(1, -1));
    return raw.slice(1, -1).replace(/\\(?:x[0-9A-Fa-f]{1,2}|u\{[0-9A-Fa-f]+\}|[0-7]{1,3}|.)/g, (s) => unescapeDouble(s));
  }
  if (k === 'encapsed_string') {
    const b = build(n, null);
    return b.t.every((s) => 'lit' in s) ? b.t.map((s) => ('lit' in s ? s.lit : '')).join('') : null;
  }
  return null;
}

const holeOf = (n: SgNode): Built => ({ t: [hole(exprOf(n))], s: false });

/**
 * A value record/ may still read as text: one hole looking an entry up in a table (Hole.lookup) or
 * holding what a method of another file returns (Hole.call). Bound into a helper, held in a variable
 * and returned as text do.
 */
export const deferred = (t: Template): boolean => t.length === 1 && isHole(t[0]) && !!(t[0].hole.lookup || t[0].hole.call);

/** A subscript's key as lookupHole takes it: a literal's text as written, else a parameter holding it (null: any entry). */
function indexKey(index: SgNode, scope: Scope): [string, string | null | undefined] {
  const k = index.kind() as string;
  const key = k === 'string' || k === 'encapsed_string' ? stringText(index) : k === 'integer' ? index.text() : null;
  if (key !== null) return [key, undefined];
  const name = index.kind() === 'variable_name' ? index.text().slice(1) : '';
  return [index.text(), scope.params.has(name) ? name : null];
}

/**
 * The table an array of texts held in a property or a local variable is, registered for the file's
 * tables (FileCtx.arrays, php/tables.ts) when the array is declared here: `$this->x`, `self::$x`,
 * `static::$x` read the property `$x` of the class around (or `Name::$x` of `Name`) declared with an
 * array literal in this file; `$x` the function's own `static $x = [...]` or `$x = [...]`. Null
 * for anything else.
 */
function arrayTableOf(obj: SgNode, scope: Scope): string | null {
  const k = obj.kind() as string;
  let prop: string | null = null;
  let owner = scope.cls;
  if (k === 'member_access_expression') {
    const name = obj.field('name');
    if (obj.field('object')?.text() === '$this' && name?.kind() === 'name') prop = name.text();
  } else if (k === 'scoped_property_access_expression') {
    const parts = obj.namedChildren();
    const written = parts[0]?.text() ?? '';
    if (!/^(?:self|static)$/.test(written)) owner = written.slice(written.lastIndexOf('\\') + 1);
    if (parts[1]?.kind() === 'variable_name') prop = parts[1].text().slice(1);
  }
  if (prop !== null) {
    const arr = owner ? scope.ctx.propertyArray(owner, prop) : undefined;
    if (!arr) return null;
    const table = `${owner}::$${prop}`;
    scope.ctx.arrays.set(table, { arr, scope: new Scope(scope.ctx, null, owner) });
    return table;
  }
  if (k !== 'variable_name' || !scope.fn || obj.text() === '$this') return null;
  const name = obj.text().slice(1);
  const arr = localArray(scope.fn, name, scope.ctx);
  if (!arr) return null;
  const table = `${scope.fn.field('name')?.text() ?? ''}@${scope.fn.range().start.line + 1}$${name}`;
  scope.ctx.arrays.set(table, { arr, scope: new Scope(scope.ctx, scope.fn, scope.cls) });
  return table;
}

/** The array literal the function's own variable `$name` is given (`$map = [...]`), read once per function (FileCtx.locals). */
export function localArray(fn: SgNode, name: string, ctx: FileCtx): SgNode | undefined {
  let arrays = ctx.locals.get(fn.id());
  if (!arrays) ctx.locals.set(fn.id(), (arrays = localArrays(fn)));
  return arrays.get(name);
}

/** A function's variables given an array literal (`static $errors = [...]`, `$errors = [...]`), by name, with the literal. */
function localArrays(fn: SgNode): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  for (const d of fn.findAll({ rule: { any: [{ kind: 'static_variable_declaration' }, { kind: 'assignment_expression' }] } })) {
    if (innermostFn(d) !== fn.id()) continue;
    const kids = d.namedChildren().filter((c) => c.kind() !== 'comment');
    const v = kids[0];
    const value = kids[kids.length - 1];
    if (v?.kind() === 'variable_name' && value?.kind() === 'array_creation_expression' && !out.has(v.text().slice(1))) out.set(v.text().slice(1), value);
  }
  return out;
}

/**
 * A hole reading an entry of a table of constants (Hole.lookup, record/tables.ts): `key` the entry's
 * name; `param` (a parameter holding the key, its callers' literal keys pick the entry) or null (any
 * entry) when the key is only known at run time, undefined when `key` is the key as written.
 */
function lookupHole(n: SgNode, table: string, key: string, param: string | null | undefined): Built {
  const h = hole(exprOf(n));
  if (!isHole(h)) return { t: [h], s: false };
  h.hole.lookup = param === undefined ? { table, key } : { table, key: null, ...(param ? { param } : {}) };
  return { t: [h], s: false };
}

/** The message an expression gives, as a template. `scope` null: literals only (no variables or constants). */
export function build(n: SgNode, scope: Scope | null, depth = 0): Built {
  const k = n.kind() as string;
  // (a single-quoted literal is a leaf: read past the cap too, so a format a helper's return hands
  // `sprintf` several levels down, `sprintf('only knows about the %s service%s.', …)`, keeps its words)
  if (depth > MAX_DEPTH) return k === 'string' ? { t: [lit(stringText(n) ?? '')], s: true } : holeOf(n);
  switch (k) {
    case 'string':
      return { t: [lit(stringText(n) ?? '')], s: true };
    case 'encapsed_string':
      return { ...interpolated(n, scope, depth), s: true };
    case 'heredoc':
    case 'nowdoc':
      return { t: heredoc(n, scope, depth), s: true };
    case 'integer':
    case 'float':
      return { t: [lit(n.text().replace(/_/g, ''))], s: false };
    case 'parenthesized_expression': {
      const inner = n.namedChildren().find((c) => c.kind() !== 'comment');
      return inner ? build(inner, scope, depth + 1) : holeOf(n);
    }
    case 'cast_expression': {
      const kids = n.namedChildren();
      const v = kids[kids.length - 1];
      // (`(string) $description` of an object built by appends: the text its calls wrote)
      const written = v?.kind() === 'variable_name' && scope && /^\(\s*string\s*\)/i.test(n.text()) ? builderText(v, scope, depth) : null;
      if (written) return written;
      return v && v.kind() !== 'cast_type' ? build(v, scope, depth + 1) : holeOf(n);
    }
    case 'binary_expression': {
      const op = n.field('operator')?.text();
      const l = n.field('left');
      const r = n.field('right');
      if (op !== '.' || !l || !r) {
        if (op === '??' && l && r) {
          // (`$message ?? 'default'`: the default is what a caller that passes nothing sees)
          const d = build(r, scope, depth + 1);
          // (`$errors[$code] ?? 'default'`: the table's entries are the others, arrayTableOf)
          const other = l.kind() === 'subscript_expression' ? build(l, scope, depth + 1).t : [hole(exprOf(l))];
          return d.s ? { t: d.t, s: true, alts: [other] } : holeOf(n);
        }
        return holeOf(n);
      }
      return concatChain(n, scope, depth);
    }
    case 'conditional_expression': {
      const body = n.field('body');
      const alt = n.field('alternative');
      if (!alt) return holeOf(n);
      if (!body) {
        // (`$message ?: 'default'`: the default is what a caller that passes nothing sees)
        const d = build(alt, scope, depth + 1);
        return d.s ? { t: d.t, s: true, alts: [[hole(exprOf(n.field('condition') ?? n))]] } : holeOf(n);
      }
      const a = build(body, scope, depth + 1);
      const b = build(alt, scope, depth + 1);
      if (!a.s && !b.s) return holeOf(n);
      const first = a.s ? a : b;
      const other = a.s ? b : a;
      return { t: first.t, s: true, alts: [other.t, ...(first.alts ?? []), ...(other.alts ?? [])].slice(0, 8) };
    }
    case 'function_call_expression': {
      // (the whole message is a runtime function's text: one of its fixed messages, native.ts)
      const native = depth === 0 && argNodes(n).length === 0 ? nativeMessages(n) : null;
      return native ? { t: [lit(native[0])], s: true, alts: native.slice(1).map((m) => [lit(m)]) } : callTemplate(n, scope, depth);
    }
    case 'class_constant_access_expression': {
      if (!scope) return holeOf(n);
      const kids = n.namedChildren();
      if (kids.length !== 2) return holeOf(n);
      const owner = kids[0].text().replace(/^\\/, '');
      const name = kids[1].text();
      if (name === 'class') {
        if (owner === 'static' || owner === '$this') return lateStaticClass(n, scope.ctx);
        const v = classNameOf(n, kids[0].text(), scope.ctx);
        return v === null ? holeOf(n) : { t: [lit(v)], s: true };
      }
      if (owner === 'static') return holeOf(n);
      const cls = owner === 'self' ? scope.cls : owner.slice(owner.lastIndexOf('\\') + 1);
      const v = scope.ctx.constant(cls, name);
      if (v) return { ...build(v, scope, depth + 1), s: true };
      // (a constant of a class declared in another file, `Messages::NOT_FOUND`: its table, constantTables)
      return cls && owner !== 'parent' ? lookupHole(n, cls, name, undefined) : holeOf(n);
    }
    case 'subscript_expression': {
      // (`Lexer::TOKEN_LABELS[$type]`, `self::MESSAGES['missing']`: the entry of an array constant, constantTables)
      const kids = n.namedChildren().filter((c) => c.kind() !== 'comment');
      const [obj, index] = kids;
      if (!scope || kids.length !== 2) return holeOf(n);
      const table = arrayTableOf(obj, scope);
      if (table) return lookupHole(n, table, ...indexKey(index, scope));
      if (obj.kind() !== 'class_constant_access_expression') return holeOf(n);
      const parts = obj.namedChildren();
      const owner = parts[0]?.text().replace(/^\\/, '') ?? '';
      if (parts.length !== 2 || owner === 'static' || owner === 'parent') return holeOf(n);
      const cls = owner === 'self' ? scope.cls : owner.slice(owner.lastIndexOf('\\') + 1);
      if (!cls) return holeOf(n);
      return lookupHole(n, `${cls}::${parts[1].text()}`, ...indexKey(index, scope));
    }
    case 'name':
    case 'qualified_name': {
      const name = n.text().replace(/^\\/, '');
      if (Object.hasOwn(BUILTIN_CONSTS, name)) return { t: [lit(BUILTIN_CONSTS[name])], s: true };
      if (MAGIC.has(name)) {
        const v = scope ? magicConstant(n, name, scope.ctx) : null;
        return v === null ? holeOf(n) : { t: [lit(v)], s: true };
      }
      const v = scope?.ctx.constant(null, name);
      return v ? { ...build(v, scope, depth + 1), s: true } : holeOf(n);
    }
    case 'variable_name':
      return variable(n, scope, depth);
    case 'match_expression': {
      // (`match ($code) { JSON_ERROR_SYNTAX => 'Syntax error', … }`: each arm's text a message the
      // value may be, the first the main one; an arm that throws or gives no text is none)
      const texts: Template[] = [];
      const arms = n.field('body')?.namedChildren() ?? n.namedChildren().find((c) => c.kind() === 'match_block')?.namedChildren() ?? [];
      for (const arm of arms) {
        if (texts.length > MAX_BRANCHES) break;
        const k = arm.kind() as string;
        if (k !== 'match_conditional_expression' && k !== 'match_default_expression') continue;
        const kids = arm.namedChildren().filter((c) => c.kind() !== 'comment');
        const v = kids[kids.length - 1];
        if (!v || v.kind() === 'match_condition_list') continue;
        const b = build(v, scope, depth + 1);
        if (b.s) texts.push(b.t, ...(b.alts ?? []));
      }
      if (!texts.length) return holeOf(n);
      return texts.length > 1 ? { t: texts[0], s: true, alts: texts.slice(1, MAX_BRANCHES + 1) } : { t: texts[0], s: true };
    }
    case 'member_call_expression':
    case 'scoped_call_expression': {
      // (`Translator::gettext($msg)`, `$this->translator->trans('…')`: a translation method as the functions)
      const translated = translation(n.field('name')?.text().toLowerCase() ?? '', argNodes(n), scope, depth);
      if (translated) return translated;
      const texts = scope ? caughtNativeMessages(n, scope.ctx) : null;
      // (the hole stays the message, marked as a caught error's later; each of PHP's texts a form)
      if (texts) return { t: holeOf(n).t, s: false, alts: texts.map((m) => [lit(m)]) };
      const own = scope ? ownCallText(n, scope, depth) : null;
      return own ?? (scope ? calledElsewhere(n, scope, depth) : null) ?? holeOf(n);
    }
    default:
      return holeOf(n);
  }
}

/** PHP's magic constants a message may name (`__CLASS__` in `new ReserveNotSupportedException(__CLASS__)`). */
const MAGIC = new Set(['__CLASS__', '__METHOD__', '__FUNCTION__', '__NAMESPACE__']);

/** The innermost function and the innermost class-like declaration around a node. */
function enclosing(n: SgNode): { fn: SgNode | null; cls: SgNode | null } {
  let fn: SgNode | null = null;
  for (let p = n.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (FN_KINDS.has(k)) fn ??= p;
    else if (CLASS_KINDS.has(k) || k === 'anonymous_class') return { fn, cls: p };
  }
  return { fn, cls: null };
}

/** A class declaration's qualified name (`A\\B\\Name`); null for a trait (its `__CLASS__` is the using class's) or an anonymous class. */
function qualifiedClass(cls: SgNode | null, ctx: FileCtx): string | null {
  if (!cls || cls.kind() === 'trait_declaration' || cls.kind() === 'anonymous_class') return null;
  const name = cls.field('name')?.text();
  if (!name) return null;
  const ns = ctx.namespaceAt(cls.range().start.index);
  return ns ? `${ns}\\${name}` : name;
}

/**
 * The value of a magic constant where it is written, as PHP gives it: `__CLASS__` the qualified
 * class, `__METHOD__` `Class::method` (a function's qualified name outside a class),
 * `__FUNCTION__` the function's name, `__NAMESPACE__` the namespace. Null where it depends on
 * the caller (a trait's class) or is `{closure}`.
 */
function magicConstant(n: SgNode, name: string, ctx: FileCtx): string | null {
  if (name === '__NAMESPACE__') return ctx.namespaceAt(n.range().start.index);
  const { fn, cls } = enclosing(n);
  if (name === '__CLASS__') return cls ? qualifiedClass(cls, ctx) : '';
  if (!fn || fn.kind() === 'anonymous_function' || fn.kind() === 'arrow_function') return null;
  const fname = fn.field('name')?.text();
  if (!fname) return null;
  if (name === '__FUNCTION__') return fname;
  if (fn.kind() === 'function_definition') {
    const ns = ctx.namespaceAt(fn.range().start.index);
    return ns ? `${ns}\\${fname}` : fname;
  }
  const q = qualifiedClass(cls, ctx);
  return q ? `${q}::${fname}` : null;
}

/**
 * `static::class`, `get_class($this)`, `$this::class`, `get_called_class()`: the class the object is, known only at run
 * time; the class written around it first (a class raising its own message, `sprintf('Method %s::%s
 * does not exist.', static::class, $method)` in `Validator::__call`, names itself unless a subclass
 * is the caller's), the hole (a subclass's name) as the other form. A trait's is the using class's: a hole.
 */
function lateStaticClass(n: SgNode, ctx: FileCtx): Built {
  const own = qualifiedClass(enclosing(n).cls, ctx);
  return own ? { t: [lit(own)], s: true, alts: [[hole(exprOf(n))]] } : holeOf(n);
}

/** `self::class` and `Name::class`: the qualified name PHP gives (`static::class`: lateStaticClass; `parent::class`: null). */
function classNameOf(n: SgNode, owner: string, ctx: FileCtx): string | null {
  if (owner === 'static' || owner === 'parent') return null;
  if (owner === 'self') return qualifiedClass(enclosing(n).cls, ctx);
  return /^\\?[A-Za-z_][\w\\]*$/.test(owner) ? ctx.resolveClass(owner, n.range().start.index) : null;
}

/** Operands of one `.` chain read at one level; past this the chain's head nests as before. */
const MAX_CHAIN = 64;

/**
 * `'a ['.get_class($x).'] b ['.$y.'] c'`: PHP parses a chain of `.` as nested binary expressions
 * leaning left, one level per operator, so reading it by recursion spent a level of MAX_DEPTH on
 * each operator and turned the chain's head (its first literal words) into a hole past six of them.
 * The chain is one concatenation: its operands are read side by side, each one level down.
 */
function concatChain(n: SgNode, scope: Scope | null, depth: number): Built {
  const rights: SgNode[] = [];
  let cur: SgNode = n;
  while (rights.length < MAX_CHAIN && cur.kind() === 'binary_expression' && cur.field('operator')?.text() === '.') {
    const l = cur.field('left');
    const r = cur.field('right');
    if (!l || !r) break;
    rights.push(r);
    cur = l;
  }
  const parts = [cur, ...rights.reverse()].map((p) => build(p, scope, depth + 1));
  let t: Template = [];
  for (const p of parts) t = concat(t, p.t);
  const out: Built = { t, s: parts.some((p) => p.s) };
  const alts: Template[] = [];
  for (let i = 0; i < parts.length && alts.length < 8; i++) {
    for (const x of parts[i].alts ?? []) {
      if (alts.length >= 8) break;
      let a: Template = [];
      for (let j = 0; j < parts.length; j++) a = concat(a, j === i ? x : parts[j].t);
      alts.push(a);
    }
  }
  if (alts.length) out.alts = alts;
  return out;
}

function variable(n: SgNode, scope: Scope | null, depth: number): Built {
  const name = n.text().slice(1);
  if (!scope || name === 'this') return holeOf(n);
  const b = scope.bound.get(name);
  if (b) return { t: b, s: true };
  const list = scope.ctx.assignsIn(scope.fn).get(name);
  if (!list) return holeOf(n);
  const at = n.range().start.index;
  // (an assignment of a block the read is in, `case 'sniffs': … $error = 'ERROR: …'; $error .=
  // $this->printShortUsage(true); throw new DeepExitException($error, 3);`, runs on every path to
  // the read, as the body's own statements do: the last one is the value, the branches after it
  // the other forms; not another `case`'s or `if`'s assignment before it)
  const blocks = new Set<number>();
  if (list.some((a) => a.nested && a.block !== null && a.at < at)) for (let p = n.parent(); p && p.id() !== scope.fn?.id(); p = p.parent()) blocks.add(p.id());
  // (not the assignment the read is in: `if ($expression) { $message = sprintf('%s for …', $message, …); }`
  // reads the value before it)
  const own = list.map((a) => !a.nested || (a.block !== null && blocks.has(a.block) && !(a.value.range().start.index <= at && at < a.value.range().end.index)));
  // (the assignments before this point: the last of the function body's own statements, and those
  // of branches after it, each a message the variable may hold; `$msg = $msg . …` reads the one before)
  let top = -1;
  for (let i = 0; i < list.length && list[i].at < at; i++) if (!list[i].append && own[i]) top = i;
  const branches: number[] = [];
  for (let i = top + 1; i < list.length && list[i].at < at; i++) if (!list[i].append) branches.push(i);
  // (a parameter only appended to, `$prefix .= sprintf('; %s yielded at key %s', …)` in a
  // constructor that then passes `$prefix` on: the caller's text with the appends)
  const appendedParam = top < 0 && scope.params.has(name) && list.some((a, i) => a.append && own[i] && a.at < at);
  if (top < 0 && branches.length === 0 && !appendedParam) return holeOf(n);
  const within = (i: number) => {
    const v = list[i].value.range();
    return v.start.index <= at && at < v.end.index;
  };
  /** The message from assignment `i` on, with the appends of the body's own statements after it. */
  const from = (i: number): Built | null => {
    if (i >= 0 && within(i)) return null;
    let first = i >= 0 ? build(list[i].value, scope, depth + 1) : { t: [hole(name)], s: false };
    if (i >= 0 && !first.s && !deferred(first.t)) return null;
    // (a value record/ may read, `$msg = $provider->get($code, $params)`, keeps the variable's name while it is a hole)
    if (!first.s && isHole(first.t[0])) first = { ...first, t: [{ hole: { ...first.t[0].hole, name, expr: name } }] };
    // (an appended value's own forms, `$error .= $this->printShortUsage(true)` of a method whose
    // `if`/`else` give two texts: each another form of the message, the first one's appends after it)
    const variants: Template[] = [];
    const appended = (branch: number): Template => {
      let t = first.t;
      for (let j = i + 1; j < list.length && list[j].at < at; j++) {
        if (!list[j].append || !(own[j] || j === branch)) continue;
        const b = build(list[j].value, scope, depth + 1);
        if (branch < 0) {
          for (let k = 0; k < variants.length; k++) variants[k] = concat(variants[k], b.t);
          for (const a of b.alts ?? []) if (variants.length < MAX_BRANCH_APPENDS) variants.push(concat(t, a));
        }
        t = concat(t, b.t);
      }
      return t;
    };
    // (an append in a branch, `if ($description) { $message .= ' with reason: ' . $description; }`:
    // the text with it is another form the message may take)
    const forms: Template[] = [];
    for (let j = i + 1; j < list.length && list[j].at < at && forms.length < MAX_BRANCH_APPENDS; j++) if (list[j].append && !own[j]) forms.push(appended(j));
    const t = appended(-1);
    forms.push(...variants);
    // (a parameter with text appended is text: the caller's, then the appends)
    const out: Built = { ...first, t, s: first.s || (i < 0 && t.length > first.t.length) };
    if (forms.length) out.alts = [...(first.alts ?? []), ...forms].slice(0, MAX_BRANCHES);
    return out;
  };
  const main = top >= 0 ? from(top) : scope.params.has(name) ? from(-1) : null;
  // (each branch's own alternatives too: `$msg = $this->describe(…)` in a `case`, whose method returns two texts)
  const alts = branches.slice(-MAX_BRANCHES).map(from).filter((x): x is Built => x !== null && (x.s || deferred(x.t))).flatMap((x) => [x.t, ...(x.alts ?? [])]).slice(0, MAX_BRANCHES);
  if (!main) {
    if (!alts.length) return holeOf(n);
    // (a value given before the branches that is no text, `$type = strtoupper(trim($type)); if ($type
    // == '*') { $type = 'ANY'; }`: the run time's value stays the message's first form, the branch's
    // text another)
    if (top >= 0 && !within(top)) return { t: [hole(name)], s: true, alts };
    return { t: alts[0], s: true, ...(alts.length > 1 ? { alts: alts.slice(1) } : {}) };
  }
  const all = [...(main.alts ?? []), ...alts].slice(0, MAX_BRANCHES);
  return all.length ? { t: main.t, s: main.s || alts.length > 0, alts: all } : main;
}
const MAX_BRANCHES = 8;
/** Appends in branches read as other forms of one message, at most. */
const MAX_BRANCH_APPENDS = 4;

/** Methods of a text builder whose argument is the text they add (`appendText`, `write`, `add`…). */
const BUILDER_ADD = /^(?:append|add|write|print|put|push)/i;
/** Statements of a builder read, at most; conditional parts giving forms of its text, at most. */
const MAX_BUILDER_STMTS = 32;
const MAX_BUILDER_BRANCHES = 3;

/**
 * The text of an object built by appends and read as a string (`$d = new StringDescription(); if
 * ($id) { $d->appendText($id . PHP_EOL); } $d->appendText('Expected: ')->appendDescriptionOf($m);
 * $m->describeMismatch($actual, $d); … (string) $d`): the function's statements after the `new`
 * and before the read, each call of the object's chains whose name says it adds (`append…`,
 * `write…`, `add…`) giving its argument's text (a hole when the argument is not text), a call
 * handing the object to another (`$m->describeMismatch($actual, $d)`) a hole, an `if` around such
 * calls a part the text has or not (each combination a form, the fullest first). Null when the
 * variable is not given a `new` object at the function's top level, or the text has no literal.
 */
function builderText(v: SgNode, scope: Scope, depth: number): Built | null {
  const fn = scope.fn;
  const body = fn?.field('body');
  if (!fn || !body || depth >= MAX_DEPTH) return null;
  const name = v.text();
  const at = v.range().start.index;
  // (the block around the read that gives the variable its object: the body, or an `if`'s around the raise)
  let stmts: SgNode[] = [];
  let start = -1;
  for (let b: SgNode | null = v.parent(); b && start < 0; b = b.parent()) {
    if (b.kind() !== 'compound_statement') continue;
    stmts = b.namedChildren().filter((c) => c.kind() !== 'comment' && c.range().start.index < at);
    stmts.forEach((st, i) => {
      const e = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
      if (e?.kind() === 'assignment_expression' && e.field('left')?.text() === name && e.field('right')?.kind() === 'object_creation_expression') start = i;
    });
    if (b.id() === body.id()) break;
  }
  if (start < 0) return null;
  const parts: { t: Template; optional: boolean }[] = [];
  /** What one statement writes into the object: null when it does not touch it. */
  const written = (st: SgNode): Template | null => {
    if (st.kind() !== 'expression_statement') return null;
    const e = st.namedChildren()[0];
    if (!e) return null;
    const chain: SgNode[] = [];
    for (let c: SgNode | null = e; c && c.kind() === 'member_call_expression'; c = c.field('object')) chain.unshift(c);
    if (chain.length && chain[0].field('object')?.text() === name) {
      const out: Template = [];
      for (const c of chain) {
        if (!BUILDER_ADD.test(c.field('name')?.text() ?? '')) continue;
        const a = argNodes(c)[0];
        if (!a) continue;
        const b = build(a, scope, depth + 1);
        out.push(...(b.s ? b.t : [hole(exprOf(a))]));
      }
      return out;
    }
    // (the object handed to another, which writes into it)
    if (/call_expression$/.test(String(e.kind())) && argNodes(e).some((a) => a.text() === name)) return [hole(exprOf(e))];
    return null;
  };
  for (const st of stmts.slice(start + 1, start + 1 + MAX_BUILDER_STMTS)) {
    if (st.kind() === 'if_statement' && !st.field('alternative')) {
      const inner = st.field('body');
      const list = inner?.kind() === 'compound_statement' ? inner.namedChildren() : inner ? [inner] : [];
      const t = list.flatMap((x) => written(x) ?? []);
      if (t.length) parts.push({ t, optional: true });
      continue;
    }
    const t = written(st);
    if (t?.length) parts.push({ t, optional: false });
  }
  const optional = parts.map((p, i) => (p.optional ? i : -1)).filter((i) => i >= 0).slice(0, MAX_BUILDER_BRANCHES);
  const forms: Template[] = [];
  for (let mask = (1 << optional.length) - 1; mask >= 0; mask--) {
    const t = normalize(parts.flatMap((p, i) => (!p.optional || (optional.includes(i) && mask & (1 << optional.indexOf(i))) ? p.t : [])));
    if (t.some((x) => isLit(x) && /[A-Za-z]{2}/.test(x.lit))) forms.push(t);
  }
  if (!forms.length) return null;
  return forms.length > 1 ? { t: forms[0], s: true, alts: forms.slice(1) } : { t: forms[0], s: true };
}

/** `"a {$x->y} $z[0]"`: literal parts and escapes as text, every interpolated expression a hole. */
function interpolated(n: SgNode, scope: Scope | null, depth: number): { t: Template; alts?: Template[] } {
  const parts: { t: Template; alts?: Template[] }[] = [];
  for (const c of n.namedChildren()) {
    const k = c.kind() as string;
    if (k === 'string_content' || k === 'string_value') parts.push({ t: [lit(c.text())] });
    else if (k === 'escape_sequence') parts.push({ t: [lit(unescapeDouble(c.text()))] });
    else if (k === 'variable_name' && scope) {
      // (`"The {$typePart}file"` with `$typePart = ''` and, in a branch, `"$type "`: each value the
      // variable may hold gives the text another form, as concatenation's operands do)
      const b = variable(c, scope, depth);
      parts.push(b.s ? { t: b.t, ...(b.alts ? { alts: b.alts } : {}) } : { t: [hole(exprOf(c))] });
    } else if (k === 'dynamic_variable_name') parts.push({ t: [hole(exprOf(c.text().replace(/^\$\{?|\}$/g, '')))] });
    else parts.push({ t: [hole(exprOf(c))] });
  }
  const join = (i: number, alt: Template | null): Template => normalize(parts.flatMap((p, j) => (j === i && alt ? alt : p.t)));
  const alts: Template[] = [];
  parts.forEach((p, i) => {
    for (const a of p.alts ?? []) if (alts.length < MAX_BRANCHES) alts.push(join(i, a));
  });
  const t = join(-1, null);
  return alts.length ? { t, alts } : { t };
}

/** A variable interpolated in a string: a literal value it holds when assigned one, else its hole. */
function variableHole(c: SgNode, scope: Scope, depth: number): Template {
  const b = variable(c, scope, depth);
  return b.s ? b.t : [hole(exprOf(c))];
}

/** A heredoc's body with its interpolations, its closing marker's indentation removed; a nowdoc's as written. */
function heredoc(n: SgNode, scope: Scope | null, depth: number): Template {
  const kids = n.namedChildren();
  const end = kids.find((c) => c.kind() === 'heredoc_end');
  const body = kids.find((c) => c.kind() === 'heredoc_body' || c.kind() === 'nowdoc_body');
  if (!body) return [];
  const indent = end ? end.range().start.column : 0;
  // (the file's text once per file, not once per heredoc)
  const src = scope?.ctx.source ?? n.getRoot().root().text();
  const nowdoc = n.kind() === 'nowdoc';
  const out: Segment[] = [];
  let pos = body.range().start.index;
  const gap = (to: number) => {
    if (to > pos) {
      const g = src.slice(pos, to);
      out.push(lit(nowdoc ? g : g.replace(/[^\n]/g, '')));
    }
  };
  for (const c of body.namedChildren()) {
    const r = c.range();
    gap(r.start.index);
    pos = r.end.index;
    const k = c.kind() as string;
    if (k === 'string_content' || k === 'nowdoc_string' || k === 'string_value') out.push(lit(c.text()));
    else if (k === 'escape_sequence') out.push(lit(unescapeDouble(c.text(), true)));
    else if (k === 'variable_name' && scope) out.push(...variableHole(c, scope, depth));
    else out.push(hole(exprOf(c)));
  }
  gap(body.range().end.index);
  let t = normalize(out);
  // (the body's lines lose the closing marker's indentation; the newline before the marker is not text)
  t = t.map((s, i) => {
    if (!('lit' in s)) return s;
    let text = s.lit.replace(/\n[ \t]*/g, (m) => '\n' + dedent(m.slice(1), indent));
    if (i === 0) text = dedent(text.replace(/^\r?\n/, ''), indent);
    return lit(text);
  });
  const last = t[t.length - 1];
  if (last && 'lit' in last) t[t.length - 1] = lit(last.lit.replace(/\r?\n[ \t]*$/, ''));
  return normalize(t);
}

/**
 * A translation's message id, which is the text shown when no catalogue has it (`__('Hello :name',
 * ['name' => $x])`, `trans('%name% is bad')`: the replacements are the library's). A variable's
 * id stays the variable, so a parameter translated before the raise (`new ParserException(
 * Translator::gettext($msg))`) still binds to its callers' texts.
 */
function translation(name: string, args: SgNode[], scope: Scope | null, depth: number): Built | null {
  if (!TRANSLATE.has(name) || !args[0]) return null;
  const first = name === 'dgettext' ? args[1] : args[0];
  if (!first) return null;
  const b = build(first, scope, depth + 1);
  if (b.s) return b;
  return first.kind() === 'variable_name' ? b : null;
}

/**
 * PHP's texts for `$e->getMessage()` when `$e` is bound by a `catch` of one of PHP's own exception
 * classes that only its functions raise with fixed texts (`catch (\JsonException $e)` around
 * `json_decode(…, JSON_THROW_ON_ERROR)`: native.ts), within the function around the call.
 */
function caughtNativeMessages(call: SgNode, ctx: FileCtx): readonly string[] | null {
  if (call.kind() !== 'member_call_expression' || call.field('name')?.text() !== 'getMessage') return null;
  const obj = call.field('object');
  if (obj?.kind() !== 'variable_name' || argNodes(call).length) return null;
  for (let p = call.parent(); p && !FN_KINDS.has(p.kind() as string); p = p.parent()) {
    if (p.kind() !== 'catch_clause' || p.field('name')?.text() !== obj.text()) continue;
    const type = p.field('type');
    const names = type ? type.namedChildren().filter((c) => c.kind() !== 'comment') : [];
    if (names.length !== 1) return null;
    const fn = CAUGHT_NATIVE[ctx.resolveClass(names[0].text(), p.range().start.index)];
    return fn ? NATIVE_MESSAGES[fn] : null;
  }
  return null;
}

/** The fixed messages of a runtime function the call names (native.ts), if it is one. */
function nativeMessages(call: SgNode): readonly string[] | null {
  const name = call.field('function')?.text().replace(/^\\/, '').toLowerCase() ?? '';
  return Object.hasOwn(NATIVE_MESSAGES, name) ? NATIVE_MESSAGES[name] : null;
}

/** `sprintf('…%s…', $x)`, translations, pass-through string functions; any other call is one value. */
function callTemplate(n: SgNode, scope: Scope | null, depth: number): Built {
  const fn = n.field('function');
  const name = fn ? fn.text().replace(/^\\/, '').toLowerCase() : '';
  const args = argNodes(n);
  if (PRINTF.has(name) && args[0]) {
    const rest = name === 'vsprintf' ? (args[1]?.kind() === 'array_creation_expression' ? arrayValues(args[1]) : null) : args.slice(1);
    const f = build(args[0], scope, depth + 1);
    const out = printf(f.t, rest, scope, depth);
    const alts = [...out.alts, ...(f.alts ?? []).map((a) => printf(a, rest, scope, depth).t)].slice(0, MAX_BRANCHES);
    return alts.length ? { t: out.t, s: true, alts } : { t: out.t, s: true };
  }
  if (scope && ((name === 'get_class' && args.length === 1 && args[0].text() === '$this') || (name === 'get_called_class' && !args.length))) return lateStaticClass(n, scope.ctx);
  const translated = translation(name, args, scope, depth);
  if (translated) return translated;
  if (PASS_THROUGH.has(name) && args[0]) {
    const h = hole(exprOf(args[0]));
    const trim = TRIMS[name];
    // (`rtrim($message, '.')`: a message bound to the parameter loses its final period; PHP's `a..z` ranges are not read)
    const chars = trim ? (args[1] ? stringText(args[1]) : TRIM_DEFAULT) : null;
    if (trim && chars && !chars.includes('..')) {
      const composed = trimmedText(args[0], { ...trim, chars }, scope, depth);
      if (composed) return composed;
    }
    if (trim && chars && !chars.includes('..') && 'hole' in h) h.hole.trim = { ...trim, chars };
    return { t: [h], s: false };
  }
  if (name === 'strtr' && args.length === 2 && args[1].kind() === 'array_creation_expression') {
    // `strtr($message, ['{parameter}' => $name, …])`: each key of the pairs a field of the text
    const f = build(args[0], scope, depth + 1);
    if (f.s) return { t: replacePairs(f.t, args[1], scope, depth), s: true };
  }
  const filled = placeholdersFilled(name, args, scope, depth);
  if (filled) return filled;
  const own = scope && fn?.kind() === 'name' ? ownCallText(n, scope, depth) : null;
  return own ?? holeOf(n);
}

/**
 * `trim($prefix . ' ' . $msg)` (HTML Purifier's `ConfigSchema_Validator::error`), `rtrim("$a, $b", ', ')`:
 * a trim of a text composed of parts, read as the text with the characters cut from its ends: from
 * a literal at an end its characters, from a hole at an end the value bound to it (Hole.trim). Null
 * for one variable (the caller's text: the hole keeps the trim) or a value that is not composed text.
 */
function trimmedText(arg: SgNode, trim: Trim, scope: Scope | null, depth: number): Built | null {
  const k = arg.kind() as string;
  if (k !== 'binary_expression' && k !== 'encapsed_string' && k !== 'parenthesized_expression') return null;
  const b = build(arg, scope, depth + 1);
  if (!b.s || !b.t.some(isLit)) return null;
  const cut = (t: Template): Template => {
    const out = [...t];
    const set = (i: number, start: boolean) => {
      const seg = out[i];
      if (isLit(seg)) {
        const lit0 = start ? trimStart(seg.lit, trim.chars) : trimEnd(seg.lit, trim.chars);
        out[i] = lit(lit0);
      } else if (isHole(seg)) {
        const was = seg.hole.trim;
        out[i] = { hole: { ...seg.hole, trim: { start: start || !!was?.start, end: !start || !!was?.end, chars: was && was.chars !== trim.chars ? was.chars + trim.chars : trim.chars } } };
      }
    };
    if (trim.start && out.length) set(0, true);
    if (trim.end && out.length) set(out.length - 1, false);
    return normalize(out.filter((x) => !isLit(x) || x.lit !== ''));
  };
  const out: Built = { t: cut(b.t), s: true };
  if (b.alts) out.alts = b.alts.map(cut);
  return out;
}

const trimStart = (s: string, chars: string): string => {
  let i = 0;
  while (i < s.length && chars.includes(s[i])) i++;
  return s.slice(i);
};
const trimEnd = (s: string, chars: string): string => {
  let i = s.length;
  while (i > 0 && chars.includes(s[i - 1])) i--;
  return s.slice(0, i);
};

/**
 * `str_replace($keys, $values, $message)` (`str_ireplace`, `strtr($message, $pairs)`) with keys
 * computed at run time (`'{$' . $key . '}'` for each of the caller's variables): a message
 * catalogue's template filled in. The text is the template's, its `{…}` placeholders opened into
 * holes, and a table's entry or a caller's text bound to it opened so too (Hole.fmt `brace`).
 * Null for literal keys (a substitution the text keeps) or a template that is not text.
 */
function placeholdersFilled(name: string, args: SgNode[], scope: Scope | null, depth: number): Built | null {
  const [search, subject] = name === 'strtr' ? (args.length === 2 ? [args[1], args[0]] : []) : name === 'str_replace' || name === 'str_ireplace' ? (args.length >= 3 ? [args[0], args[2]] : []) : [];
  if (!search || !subject || !scope) return null;
  const k = search.kind() as string;
  if (k === 'string' || k === 'encapsed_string' || k === 'array_creation_expression') return null;
  const b = build(subject, scope, depth + 1);
  if (!b.s && !deferred(b.t) && !(b.t.length === 1 && isHole(b.t[0]) && scope.params.has(b.t[0].hole.expr ?? ''))) return null;
  const open = (t: Template): Template => openFields(t.map((x) => (isHole(x) && !x.hole.fmt ? { hole: { ...x.hole, fmt: 'brace' } } : x)), 'brace');
  return { t: open(b.t), s: true, ...(b.alts ? { alts: b.alts.map(open) } : {}) };
}

/**
 * The text a method of the class around the call returns (`$this->getErrorMessage($symbol,
 * $state)`, `self::describe($x)`, `static::…`), or a function of the file (`message($code)`):
 * what its last statement `return`s, and each earlier `return` of its body as another text, built
 * in it with the call's text arguments bound to its parameters (the others stay holes named after
 * the parameters). Only a name declared once there, whose last statement returns text; else null.
 */
function ownCallText(n: SgNode, scope: Scope, depth: number): Built | null {
  if (depth >= MAX_DEPTH - 1) return null;
  const k = n.kind() as string;
  let def: SgNode | undefined;
  let cls: SgNode | null = null;
  if (k === 'function_call_expression') {
    def = scope.ctx.declared(null, n.field('function')?.text() ?? '');
  } else {
    const recv = k === 'member_call_expression' ? n.field('object')?.text() : n.field('scope')?.text();
    if (recv !== (k === 'member_call_expression' ? '$this' : 'self') && recv !== 'static') return null;
    cls = enclosing(n).cls;
    if (!cls || cls.kind() === 'anonymous_class') return null;
    def = scope.ctx.declared(cls, n.field('name')?.text() ?? '');
  }
  if (!def || def.id() === scope.fn?.id()) return null;
  const bound = new Map<string, Template>();
  const params = paramNames(def);
  argNodes(n).forEach((a, i) => {
    if (!params[i] || argName(a) !== null) return;
    const b = build(a, scope, depth + 1);
    // (a table's entry, `$this->replaceTemplateVars($this->messages[$code], $vars)`, is text once record/ reads it)
    if (b.s || deferred(b.t)) bound.set(params[i], b.t);
  });
  // (a method many messages call, `$this->describe()`, is read once when no text is bound into it)
  const cache = bound.size === 0 ? scope.ctx.returned : null;
  if (cache?.has(def.id())) return cache.get(def.id()) ?? null;
  const out = returnedText(def, new Scope(scope.ctx, def, cls?.field('name')?.text() ?? scope.cls, bound), depth);
  cache?.set(def.id(), out);
  return out && cls && k === 'member_call_expression' && isHook(cls, def) ? { ...out, t: [hookCall(n, out.t, scope, depth)] } : out;
}

/** A class declared `abstract`. */
const isAbstract = (cls: SgNode): boolean => cls.children().some((c) => c.kind() === 'abstract_modifier');
/** A method its subclasses may override to fill the class's message: `protected`, not `final`. */
const isHook = (cls: SgNode, def: SgNode): boolean =>
  isAbstract(cls) && def.children().some((c) => c.kind() === 'visibility_modifier' && c.text() === 'protected') && !def.children().some((c) => c.kind() === 'final_modifier');

/**
 * `$this->failureDescription($other)` of an abstract class's protected method: a hole carrying the call
 * with the class's own text (Hole.call.hook), for record/ to put that text in its place and each subclass's
 * method of that name, in the other files, as another message (FileAnalysis.returns, `hook`; decision 0135).
 */
function hookCall(n: SgNode, own: Template, scope: Scope, depth: number): Segment {
  const h = hole(exprOf(n));
  const name = n.field('name')?.text() ?? '';
  if (isHole(h)) h.hole.call = { callee: name, hook: own, args: callArgs(argNodes(n), scope, depth) };
  return h;
}

/** A call's arguments a Hole.call carries, read at most. */
const MAX_CALL_ARGS = 8;

/** The arguments a Hole.call carries: each one's name (a named argument's), code and text. */
function callArgs(args: SgNode[], scope: Scope, depth: number): NonNullable<Hole['call']>['args'] {
  return args.slice(0, MAX_CALL_ARGS).map((a) => ({ name: argName(a), expr: a.text(), template: build(a, scope, depth + 1).t }));
}

/**
 * `$provider->get($code, $params)` of a method no class of this file declares, given arguments: a
 * hole carrying the call (Hole.call), for record/ to bind what a method of that name returns where it
 * is declared (FileAnalysis.returns, messageReturns: a message provider's entry looked up by the code).
 */
function calledElsewhere(n: SgNode, scope: Scope, depth: number): Built | null {
  // (the message itself or a variable holding it, not a part deep inside one: a provider gives the whole text)
  if (depth > 2) return null;
  const name = n.field('name')?.text();
  const args = argNodes(n);
  if (!name || !/^[A-Za-z_]\w*$/.test(name) || args.length === 0 || scope.ctx.declaresMethod(name)) return null;
  const h = hole(exprOf(n));
  if (!isHole(h)) return null;
  h.hole.call = { callee: name, args: callArgs(args, scope, depth) };
  return { t: [h], s: false };
}

/** `$this->messages[$code]`, `self::$errors[$key]`: a class's array (group 1) read by a variable (group 2; messageReturns looks for methods given it). */
const SUBSCRIPT_BY_VAR = /(?:\$this->|(?:self|static)::\$)(\w+)\[\s*\$([A-Za-z_]\w*)\s*\]/g;
/** A quoted text of two words: an array holding messages, not values. */
const QUOTED_SENTENCE = /['"][^'"\n]*?[A-Za-z]{2}\s+[A-Za-z]{2}/;
/** What one file gives as message returns, at most. */
const MAX_MESSAGE_RETURNS = 16;

/**
 * The file's methods that return a message looked up in a table of their class by one of their
 * parameters (`public function get($code, $vars) { return $this->replaceTemplateVars($this->messages[$code], $vars); }`,
 * a message provider): for calls from other files (calledElsewhere). Only methods of a class whose
 * text subscripts a property by a parameter's name are built.
 */
export function messageReturns(ctx: FileCtx, source: string): MessageReturn[] {
  const keys = new Map<string, Set<string>>();
  for (const m of source.matchAll(SUBSCRIPT_BY_VAR)) keys.set(m[2], (keys.get(m[2]) ?? new Set()).add(m[1]));
  if (keys.size === 0) return [];
  // (a property of those declared with an array literal: else no table, and the methods are not walked)
  const props = new Set([...keys.values()].flatMap((x) => [...x]));
  // (…holding a quoted text of two words before the declaration's end: `$elements = [];` holds none)
  const declared = [...source.matchAll(/\$(\w+)\s*=\s*(?:\[|array\s*\()/gi)]
    .filter((m) => props.has(m[1]) && QUOTED_SENTENCE.test(source.slice(m.index, source.indexOf(';', m.index) >>> 0).slice(0, 20_000)))
    .map((m) => m[1]);
  if (!declared.length) return [];
  // (only an array of texts a class declares: `$this->elements[$key]` of a collection is no table)
  const texts = new Map<string, boolean>();
  const isText = (owner: string, prop: string): boolean => {
    const k = `${owner}::${prop}`;
    if (!texts.has(k)) texts.set(k, QUOTED_SENTENCE.test(ctx.propertyArray(owner, prop)?.text() ?? ''));
    return texts.get(k)!;
  };
  const out: MessageReturn[] = [];
  for (const def of ctx.root.findAll({ rule: { kind: 'method_declaration' } })) {
    if (out.length >= MAX_MESSAGE_RETURNS) break;
    const name = def.field('name')?.text();
    // (the method's text subscripts by a name that is one of the keys: its parameters are read then)
    const body = def.field('body');
    if (!name || !body || ![...keys.keys()].some((k) => body.text().includes(`[$${k}`))) continue;
    const params = paramNames(def);
    if (!params.some((p) => keys.has(p))) continue;
    const { cls } = enclosing(body);
    const owner = cls?.field('name')?.text();
    if (!owner || !params.some((p) => [...(keys.get(p) ?? [])].some((prop) => declared.includes(prop) && isText(owner, prop)))) continue;
    const b = returnedText(def, new Scope(ctx, def, cls?.field('name')?.text() ?? null), 1);
    if (!b) continue;
    const keyed = (t: Template) => t.some((x) => isHole(x) && !!x.hole.lookup && x.hole.lookup.key === null && params.includes(x.hole.lookup.param ?? ''));
    if (keyed(b.t)) out.push({ name, params, template: b.t, line: def.range().start.line + 1 });
  }
  return out;
}

/** Methods one file gives as overrides (hook returns), at most. */
const MAX_HOOK_RETURNS = 16;

/**
 * The file's `protected` methods of a class that extends another, returning text (`protected function
 * failureDescription($other): string { return sprintf('actual size %d matches expected size %d', …); }`):
 * what a base composing its message from `$this->failureDescription($other)` in another file may get
 * (hookCall; decision 0135). Only methods whose text quotes something are built.
 */
export function hookReturns(ctx: FileCtx, source: string): MessageReturn[] {
  if (!source.includes('protected function') || !source.includes('extends')) return [];
  const out: MessageReturn[] = [];
  for (const def of ctx.root.findAll({ rule: { kind: 'method_declaration' } })) {
    if (out.length >= MAX_HOOK_RETURNS) break;
    if (!def.children().some((c) => c.kind() === 'visibility_modifier' && c.text() === 'protected')) continue;
    const name = def.field('name')?.text();
    const body = def.field('body');
    if (!name || !body || !/return\b[^;]*['"]/.test(body.text())) continue;
    const { cls } = enclosing(body);
    if (!cls || cls.kind() === 'anonymous_class' || !cls.namedChildren().some((c) => c.kind() === 'base_clause')) continue;
    const b = returnedText(def, new Scope(ctx, def, cls.field('name')?.text() ?? null), 1);
    if (b?.s && b.t.some(isLit)) out.push({ name, params: paramNames(def), template: b.t, line: def.range().start.line + 1, hook: true });
  }
  return out;
}

/** What a function's returns give: its last statement's `return` first, the others as alternatives. */
function returnedText(def: SgNode, inner: Scope, depth: number): Built | null {
  const body = def.field('body');
  const stmts = body?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
  const last = stmts[stmts.length - 1];
  if (!body || !last) return null;
  // (a body ending in the branches that return, `switch (json_last_error()) { case …: return '…'; … }`
  // inside an `if`: each text one the function returns, the first the main one)
  const ending = last.kind() === 'return_statement';
  const texts: Template[] = [];
  let main: Built | null = null;
  for (const r of body.findAll({ rule: { kind: 'return_statement' } })) {
    if (innermostFn(r) !== def.id()) continue;
    const v = r.namedChildren().find((c) => c.kind() !== 'comment');
    if (!v) continue;
    // (`return preg_last_error_msg();` before `return 'UNDEFINED_ERROR';` in composer/pcre's
    // `pcreLastErrorMessage($code)`: each of PHP's texts is one the method returns)
    const native = r.id() !== last.id() && v.kind() === 'function_call_expression' && argNodes(v).length === 0 ? nativeMessages(v) : null;
    if (native) {
      texts.push(...native.map((m) => [lit(m)]));
      continue;
    }
    const b = build(v, inner, depth + 1);
    if (!b.s && !deferred(b.t)) continue;
    if (ending ? r.id() === last.id() : !main) main = b;
    else texts.push(b.t, ...(b.alts ?? []));
    if (texts.length >= MAX_BRANCHES) break;
  }
  // (a last return with no text, Webmozart Assert's `valueToString()` ending in `return (string) $value`
  // after `return 'null'`, `return 'true'`…: the method shows a value, and stays a hole)
  if (!main) return null;
  const alts = [...(main.alts ?? []), ...texts].slice(0, MAX_BRANCHES);
  return alts.length ? { t: main.t, s: true, alts } : { t: main.t, s: true };
}

/** The text with each literal key of the array replaced by its value's template (`strtr` with pairs). */
function replacePairs(t: Template, arr: SgNode, scope: Scope | null, depth: number): Template {
  const pairs = new Map<string, SgNode>();
  for (const e of arr.namedChildren()) {
    if (e.kind() !== 'array_element_initializer') continue;
    const kids = e.namedChildren();
    const key = kids.length === 2 ? stringText(kids[0]) : null;
    if (key) pairs.set(key, kids[1]);
  }
  if (pairs.size === 0) return t;
  const re = new RegExp([...pairs.keys()].sort((a, b) => b.length - a.length).map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return rewriteLiterals(t, re, (m) => {
    const v = pairs.get(m[0]);
    return v ? build(v, scope, depth + 1).t : null;
  });
}

function arrayValues(arr: SgNode): SgNode[] {
  const out: SgNode[] = [];
  for (const e of arr.namedChildren()) {
    if (e.kind() !== 'array_element_initializer') continue;
    const kids = e.namedChildren();
    const v = kids[kids.length - 1];
    if (v) out.push(v);
  }
  return out;
}

const PRINTF_FIELD = /%(?:(\d+)\$)?(?:[-+ 0]|'.)*\d*(?:\.\d+)?([bcdeEfFgGhHosuxX%])/g;

/**
 * A printf format with its fields filled: `%s` by the argument's text when it is a literal, else a
 * hole named after it (`%d` an int hole, `%f` a float); `%1$s` by position; `%%` is `%`. Arguments
 * not known (`vsprintf` of a variable) leave holes.
 */
export function printf(format: Template, rest: SgNode[] | null, scope: Scope | null, depth: number): { t: Template; alts: Template[] } {
  // (a format read from a table, `sprintf($errors[$code], $name)`: the entry's `%s` are fields once it is put in)
  const fmt = format.map((s): Segment => (isHole(s) && s.hole.lookup && !s.hole.fmt ? { hole: { ...s.hole, fmt: 'printf' } } : s));
  let next = 0;
  const fields: { index: number; alts: Template[] }[] = [];
  const pick = (choice: number, alt: number): Template => {
    next = 0;
    let k = 0;
    return rewriteLiterals(fmt, PRINTF_FIELD, (m) => {
      if (m[2] === '%') return [lit('%')];
      const i = m[1] ? Number(m[1]) - 1 : next++;
      const field = k++;
      const kind = /[du]/.test(m[2]) ? 'int' : /[eEfFgG]/.test(m[2]) ? 'float' : 'any';
      const a = rest?.[i];
      if (!a) return [hole(undefined, kind)];
      const b = build(a, scope, depth + 1);
      if (choice < 0 && b.alts) fields.push({ index: field, alts: b.alts });
      if (kind === 'any' && m[2] === 's' && field === choice && b.alts) return b.alts[alt];
      if (kind === 'any' && m[2] === 's' && (b.s || b.t.every((s) => 'lit' in s))) return b.t;
      if (b.t.length === 1 && 'hole' in b.t[0]) {
        const h = hole(b.t[0].hole.expr, kind);
        // (`sprintf('%s around …', rtrim($message, '.'))`: the value is still cut; a table's entry is still looked up)
        if (b.t[0].hole.trim && 'hole' in h) h.hole.trim = b.t[0].hole.trim;
        if (b.t[0].hole.lookup && 'hole' in h) h.hole.lookup = b.t[0].hole.lookup;
        return [h];
      }
      return [hole(exprOf(a), kind)];
    });
  };
  const t = pick(-1, 0);
  const alts: Template[] = [];
  for (const f of fields) for (let j = 0; j < f.alts.length && alts.length < MAX_BRANCHES; j++) alts.push(pick(f.index, j));
  return { t, alts };
}

/** PSR-3 `{placeholder}`s of a log message opened into holes. */
export const psr3 = (t: Template): Template => openFields(t, 'brace');
