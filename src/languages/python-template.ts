// Python expressions → message templates. Strings, concatenation, f-strings,
// `%`, `.format`, `str()`/`repr()`, gettext wrappers, and names followed to the
// assignment that holds the message (local, then module level).

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { concat, type FieldStyle, type Hole, type Template } from '../template/ir.js';
import {
  applyFormat,
  applyPercent,
  exprHole,
  splitTopLevel,
  stringTemplate,
  type FormatArgs,
  type PercentArgs,
} from './python-strings.js';

/** A template plus whether any of it came from a string literal. */
export interface Built {
  t: Template;
  s: boolean;
  /**
   * Other messages the expression can hold: a name assigned in exclusive branches
   * (`if c: msg = "a" else: msg = "b"`), or a parameter given a default only conditionally.
   */
  alts?: Template[];
}

interface Assign {
  /** Byte offsets of the assignment statement: it holds for references after `end`. */
  pos: number;
  end: number;
  aug: boolean;
  value: SgNode | null;
  /** Byte ranges of the branch bodies around the assignment (if/else, loops, try/except, case). */
  blocks: [number, number][];
}

const MAX_DEPTH = 12;
/** Inlined calls nested in one another (each also counts toward MAX_DEPTH). */
const MAX_INLINE_DEPTH = 4;

/** Per-file state shared by every scope: the tree and cached assignment lookups. */
export class FileCtx {
  private readonly cache = new Map<string, Assign[]>();
  readonly moduleScope: Scope;
  /** Class names defined in this file (`raise error(...)` is a class when `class error` is here). */
  readonly localClasses = new Set<string>();

  private assigned: Set<string> | null = null;
  /** Qualified names of definitions, by node id (python-context.ts). */
  readonly symbols = new Map<number, string>();

  constructor(
    readonly root: SgNode,
    readonly source: string,
  ) {
    this.moduleScope = new Scope(this, null);
  }

  /**
   * Cheap text test before any tree query: is `name` assigned anywhere in the file?
   */
  private mayAssign(name: string): boolean {
    if (!this.assigned) {
      // names assigned at the start of a statement anywhere in the file (not keyword
      // arguments or defaults): one regex pass instead of a tree query per name
      this.assigned = new Set();
      for (const m of this.source.matchAll(/(?:^|;)[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?\+?=(?!=)/gm)) this.assigned.add(m[1]);
    }
    return this.assigned.has(name);
  }

  /** Simple-name assignments (`x = ...`, `x += ...`) in a function, or at module level when fn is null. */
  assigns(fn: SgNode | null, name: string): Assign[] {
    const key = `${fn ? fn.id() : 'module'}:${name}`;
    let list = this.cache.get(key);
    if (list) return list;
    const left = { field: 'left', kind: 'identifier', regex: `^${name}$` } as const;
    const rule: Record<string, unknown> = { any: [{ kind: 'assignment', has: left }, { kind: 'augmented_assignment', has: left }] };
    if (!fn) rule.not = { inside: { any: [{ kind: 'function_definition' }, { kind: 'class_definition' }], stopBy: 'end' } };
    list = [];
    if (!this.mayAssign(name)) {
      this.cache.set(key, list);
      return list;
    }
    for (const n of (fn ?? this.root).findAll({ rule: rule as unknown as NapiConfig['rule'] })) {
      const aug = n.kind() === 'augmented_assignment';
      if (aug && n.field('operator')?.text() !== '+=') continue;
      let value = n.field('right');
      // chained `a = b = "x"`
      while (value && value.kind() === 'assignment') value = value.field('right');
      const r = n.range();
      list.push({ pos: r.start.index, end: r.end.index, aug, value, blocks: branchBlocks(n) });
    }
    this.cache.set(key, list);
    return list;
  }

  private defNames: Set<string> | null = null;
  private defs: Map<string, SgNode[]> | null = null;
  /** Function definitions inlined so far (a budget against pathological files). */
  inlined = 0;

  /** Function definitions named `name` in this file (one traversal, on first use). */
  functions(name: string): SgNode[] {
    // a text pass first: most names called in messages (`len`, `repr`...) are not defined here
    this.defNames ??= new Set([...this.source.matchAll(/\bdef[ \t]+([A-Za-z_]\w*)/g)].map((m) => m[1]));
    if (!this.defNames.has(name)) return [];
    if (!this.defs) {
      this.defs = new Map();
      for (const d of this.root.findAll({ rule: { kind: 'function_definition' } })) {
        const n = d.field('name')?.text();
        if (!n) continue;
        const list = this.defs.get(n) ?? [];
        list.push(d);
        this.defs.set(n, list);
      }
    }
    return this.defs.get(name) ?? [];
  }
}

const BRANCH_PARENTS = new Set([
  'if_statement', 'elif_clause', 'else_clause', 'for_statement', 'while_statement', 'try_statement',
  'except_clause', 'except_group_clause', 'case_clause',
]);

/** Ranges of the branch bodies (`block`s of if/elif/else, loops, try/except, case) around a node, up to its definition. */
function branchBlocks(n: SgNode): [number, number][] {
  const out: [number, number][] = [];
  let prev = n;
  for (let a = n.parent(); a; a = a.parent()) {
    const k = a.kind() as string;
    if (k === 'function_definition' || k === 'class_definition' || k === 'lambda') break;
    if (prev.kind() === 'block' && BRANCH_PARENTS.has(k)) {
      const r = prev.range();
      out.push([r.start.index, r.end.index]);
    }
    prev = a;
  }
  return out;
}

/** What `self.attr` means inside a class (implemented by the class analysis). */
export interface ClassScope {
  selfAttr(attr: string, depth: number): Built | null;
}

/** What a name holds at a position (Scope.resolve). */
export interface Resolved {
  /** The assignment that holds, then the `+=` that follow it unconditionally. */
  values: SgNode[];
  scope: Scope;
  /** Earlier assignments that hold instead when the one in `values` sits in a branch not taken. */
  alts: SgNode[];
  /** Every assignment is in a branch and the name is a parameter: the argument itself may hold. */
  param: boolean;
}

const MAX_ALTS = 6;

export class Scope {
  private params: Set<string> | null = null;

  /**
   * @param bindings parameter → the caller's argument, when a call to this function is inlined
   */
  constructor(
    readonly ctx: FileCtx,
    readonly fn: SgNode | null,
    readonly cls: ClassScope | null = null,
    readonly bindings: Map<string, Built> | null = null,
    /** Inlined calls this scope is nested in. */
    readonly inlineDepth = 0,
  ) {}

  isParam(name: string): boolean {
    if (!this.fn) return false;
    if (!this.params) this.params = new Set(paramNames(this.fn, false));
    return this.params.has(name);
  }

  /** The value(s) a name holds at byte position `pos`: an assignment and the `+=` that follow it. */
  resolve(name: string, pos: number): Resolved | null {
    if (this.fn) {
      const param = this.isParam(name);
      const local = pick(this.ctx.assigns(this.fn, name), pos, false, param);
      if (local) return { ...local, scope: this };
      if (param) return null;
    }
    const mod = pick(this.ctx.assigns(null, name), pos, !!this.fn, false);
    return mod ? { ...mod, scope: this.ctx.moduleScope } : null;
  }
}

const inside = (r: [number, number], pos: number): boolean => r[0] <= pos && pos < r[1];
/** The assignment is in a branch that does not contain `pos` (nor `also`, when given). */
const branched = (a: Assign, pos: number, also = -1): boolean =>
  a.blocks.some((b) => !inside(b, pos) && (also < 0 || !inside(b, also)));

function pick(list: Assign[], pos: number, anyPosition: boolean, param: boolean): Omit<Resolved, 'scope'> | null {
  let base = -1;
  for (let i = 0; i < list.length; i++) if (!list[i].aug && list[i].end <= pos) base = i;
  if (base < 0 && anyPosition) base = list.findIndex((a) => !a.aug);
  if (base < 0 || !list[base].value) return null;
  const b = list[base];
  const values = [b.value as SgNode];
  for (let i = base + 1; i < list.length; i++) {
    const a = list[i];
    if (a.end > pos && !anyPosition) break;
    if (!a.aug) break;
    // `if request: message += ...` may not run: the message holds without it
    if (a.value && !(!anyPosition && branched(a, pos, b.pos))) values.push(a.value);
  }
  const alts: SgNode[] = [];
  let all = !anyPosition && branched(b, pos);
  if (all) {
    // `if c: msg = "a" elif d: msg = "b" else: msg = "c"`: each branch's assignment may hold
    for (let i = base - 1; i >= 0 && alts.length < MAX_ALTS; i--) {
      const a = list[i];
      if (a.aug || !a.value) continue;
      alts.push(a.value);
      if (!branched(a, pos)) {
        all = false;
        break;
      }
    }
  }
  return { values, alts, param: all && param };
}

/** Parameter names of a function definition, in order; `self`/`cls` dropped when `dropFirst`. */
export function paramNames(fn: SgNode, dropFirst: boolean): string[] {
  const params = fn.field('parameters');
  return params ? paramNamesFromText(params.text(), dropFirst) : [];
}

/** The same, from the text of a parameter list `(self, a: int = 1, *args, b, **kw)`. */
export function paramNamesFromText(text: string, dropFirst: boolean): string[] {
  const names: string[] = [];
  let first = true;
  for (const part of splitTopLevel(text)) {
    const p = part.trim();
    if (!p) continue;
    const m = /^([A-Za-z_]\w*)/.exec(p);
    const isFirst = first;
    first = false;
    if (!m) continue; // `*args`, `**kw`, `*`, `/`
    if (isFirst && dropFirst) continue;
    names.push(m[1]);
  }
  return names;
}

/** Arguments of a call: positional nodes and keyword nodes (splats are listed as positional). */
export interface CallArgs {
  positional: SgNode[];
  keywords: { name: string; value: SgNode }[];
  splat: boolean;
}

export function callArgs(call: SgNode): CallArgs {
  const out: CallArgs = { positional: [], keywords: [], splat: false };
  const args = call.field('arguments');
  if (!args) return out;
  if (args.kind() === 'generator_expression') {
    out.positional.push(args);
    return out;
  }
  for (const a of args.namedChildren()) {
    const k = a.kind();
    if (k === 'comment') continue;
    if (k === 'keyword_argument') {
      // [name, value]: one call instead of two field lookups
      const kids = a.namedChildren();
      const n = kids[0];
      const v = kids[kids.length - 1];
      if (kids.length >= 2 && v.kind() !== 'comment') out.keywords.push({ name: n.text(), value: v });
    } else {
      if (k === 'list_splat' || k === 'dictionary_splat') out.splat = true;
      out.positional.push(a);
    }
  }
  return out;
}

const GETTEXT = new Set(['_', 'gettext', 'ugettext', 'gettext_lazy', 'ugettext_lazy', 'lazy_gettext', '_lazy', 'N_', 'ngettext', 'pgettext', 'tr']);

const holeOf = (n: SgNode): Built => ({ t: [exprHole(n.text())], s: false });

/** Build the template of an expression. */
export function build(node: SgNode, scope: Scope, depth = 0): Built {
  if (depth > MAX_DEPTH) return holeOf(node);
  switch (node.kind()) {
    case 'string':
      return { t: stringTemplate(node.text()), s: true };
    case 'concatenated_string': {
      const parts: Template[] = [];
      for (const c of node.namedChildren()) if (c.kind() === 'string') parts.push(stringTemplate(c.text()));
      return { t: concat(...parts), s: true };
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren().filter((c) => c.kind() !== 'comment');
      return inner.length === 1 ? build(inner[0], scope, depth + 1) : holeOf(node);
    }
    case 'binary_operator':
      return buildBinary(node, scope, depth);
    case 'conditional_expression': {
      // `"s" if len(keys) > 1 else ""`: both texts
      const parts = node.namedChildren().filter((c) => c.kind() !== 'comment');
      if (parts.length !== 3) return holeOf(node);
      const a = build(parts[0], scope, depth + 1);
      const b = build(parts[2], scope, depth + 1);
      if (!a.s || !b.s) return holeOf(node);
      return withAlts(a.t, true, [...(a.alts ?? []), b.t, ...(b.alts ?? [])]);
    }
    case 'call':
      return buildCall(node, scope, depth);
    case 'identifier':
      return buildName(node, scope, depth);
    case 'attribute': {
      if (scope.cls) {
        const m = /^self\.([A-Za-z_]\w*)$/.exec(node.text());
        if (m) {
          const b = scope.cls.selfAttr(m[1], depth + 1);
          if (b) return b;
        }
      }
      return holeOf(node);
    }
    default:
      return holeOf(node);
  }
}

function buildName(node: SgNode, scope: Scope, depth: number): Built {
  const name = node.text();
  const bound = scope.bindings?.get(name);
  const asParam = (): Built => bound ?? { t: [exprHole(name)], s: false };
  const r = scope.resolve(name, node.range().start.index);
  if (r) {
    const parts = r.values.map((v) => build(v, r.scope, depth + 1));
    if (parts[0].s) {
      const t = concat(...parts.map((p) => p.t));
      const alts: Template[] = [...(parts[0].alts ?? []).map((a) => concat(a, ...parts.slice(1).map((p) => p.t)))];
      for (const v of r.alts) {
        const b = build(v, r.scope, depth + 1);
        if (b.s) alts.push(b.t);
      }
      if (r.param) {
        // `if msg is None: msg = "default"`: the argument, or the default
        const p = asParam();
        // inside an inlined helper the caller's argument is known: it comes first
        if (bound) return withAlts(p.t, p.s, [t, ...alts, ...(p.alts ?? [])]);
        alts.push(p.t);
      }
      return withAlts(t, true, alts);
    }
  }
  return asParam();
}

function withAlts(t: Template, s: boolean, alts: Template[]): Built {
  const key = JSON.stringify(t);
  const seen = new Set([key]);
  const out: Template[] = [];
  for (const a of alts) {
    const k = JSON.stringify(a);
    if (seen.has(k) || out.length >= MAX_ALTS) continue;
    seen.add(k);
    out.push(a);
  }
  return out.length ? { t, s, alts: out } : { t, s };
}

/** The same operation applied to a built value and to each of its alternatives. */
function mapBuilt(b: Built, f: (t: Template) => Template): Built {
  return b.alts ? withAlts(f(b.t), b.s, b.alts.map(f)) : { t: f(b.t), s: b.s };
}

function buildBinary(node: SgNode, scope: Scope, depth: number): Built {
  const op = node.field('operator')?.text();
  const left = node.field('left');
  const right = node.field('right');
  if (!left || !right) return holeOf(node);
  if (op === '+') {
    const l = build(left, scope, depth + 1);
    const r = build(right, scope, depth + 1);
    if (l.s || r.s) {
      // alternatives of one side (the other side's are not combined)
      if (l.alts) return mapBuilt({ ...l, s: true }, (t) => concat(t, r.t));
      return mapBuilt({ ...r, s: true }, (t) => concat(l.t, t));
    }
    // `message + diff` inside an inlined helper: both sides are the caller's arguments
    if (scope.bindings && (isBoundName(left, scope) || isBoundName(right, scope))) return { t: concat(l.t, r.t), s: false };
    return holeOf(node);
  }
  if (op === '%') {
    const l = build(left, scope, depth + 1);
    if (!l.s) return formatOfParam(left, 'percent', scope) ?? holeOf(node);
    const args = percentArgs(right);
    if (args.kind !== 'seq') return mapBuilt(l, (t) => applyPercent(t, args));
    // string constants among the values are put in; one value with constant alternatives
    // (`_plural_s(keys)` returning "s" or "") gives one message per alternative
    const items = percentItems(right);
    if (!items || items.length !== args.exprs.length) return mapBuilt(l, (t) => applyPercent(t, args));
    const built = items.map((n) => (constantCandidate(n) ? build(n, scope, depth + 1) : null));
    const texts = built.map((b) => (b?.s ? constantText(b.t) : null));
    const k = built.findIndex((b, i) => texts[i] !== null && b?.alts?.every((a) => constantText(a) !== null));
    const primary = mapBuilt(l, (t) => applyPercent(t, { ...args, texts }));
    if (k < 0) return primary;
    const more = built[k]!.alts!.map((a) => applyPercent(l.t, { ...args, texts: texts.map((x, i) => (i === k ? constantText(a) : x)) }));
    return withAlts(primary.t, true, [...(primary.alts ?? []), ...more]);
  }
  return holeOf(node);
}

/** The value nodes of a `%` right-hand side that percentArgs reads as a sequence. */
function percentItems(right: SgNode): SgNode[] | null {
  const k = right.kind();
  if (k === 'tuple') return right.namedChildren().filter((c) => c.kind() !== 'comment');
  if (k === 'parenthesized_expression') {
    const inner = right.namedChildren().filter((c) => c.kind() !== 'comment');
    return inner.length === 1 ? percentItems(inner[0]) : null;
  }
  return [right];
}

/** Expressions that may be string constants: names, strings, calls of local helpers, conditionals. */
function constantCandidate(n: SgNode): boolean {
  const k = n.kind();
  return k === 'identifier' || k === 'string' || k === 'concatenated_string' || k === 'call' || k === 'conditional_expression';
}

/** The text of a template without holes. */
function constantText(t: Template): string | null {
  if (t.length === 0) return '';
  return t.length === 1 && 'lit' in t[0] ? t[0].lit : null;
}

/**
 * `msg.format(**args)` / `msg % args` where `msg` is a parameter: the callers' text,
 * with its fields opened (a hole marked `fmt`, see Hole).
 */
function formatOfParam(n: SgNode, fmt: FieldStyle, scope: Scope): Built | null {
  if (n.kind() !== 'identifier' || !scope.isParam(n.text()) || scope.bindings?.has(n.text())) return null;
  return { t: [{ hole: { name: n.text(), expr: n.text(), kind: 'any', fmt } }], s: false };
}

function isBoundName(n: SgNode, scope: Scope): boolean {
  return n.kind() === 'identifier' && !!scope.bindings?.has(n.text());
}

/** The right-hand side of `%` as PercentArgs. */
export function percentArgs(right: SgNode): PercentArgs {
  const k = right.kind();
  if (k === 'tuple') {
    const items = right.namedChildren().filter((c) => c.kind() !== 'comment');
    if (items.some((c) => c.kind() === 'list_splat')) return { kind: 'seq', exprs: [] };
    return { kind: 'seq', exprs: items.map((c) => c.text()) };
  }
  if (k === 'parenthesized_expression') {
    const inner = right.namedChildren().filter((c) => c.kind() !== 'comment');
    if (inner.length === 1) return percentArgs(inner[0]);
  }
  if (k === 'dictionary') return { kind: 'map', entries: dictEntries(right) };
  if (k === 'call') {
    const f = right.field('function')?.text();
    if (f === 'locals' || f === 'vars' || f === 'globals' || f === 'dict') {
      if (f === 'dict') {
        const a = callArgs(right);
        return { kind: 'map', entries: new Map(a.keywords.map((kw) => [kw.name, kw.value.text()])) };
      }
      return { kind: 'map', entries: null };
    }
  }
  if (k === 'identifier' || k === 'attribute' || k === 'subscript') {
    if (/__dict__$/.test(right.text())) return { kind: 'map', entries: null };
    return { kind: 'unknown', expr: right.text() };
  }
  return { kind: 'seq', exprs: [right.text()] };
}

function dictEntries(dict: SgNode): Map<string, string> | null {
  const m = new Map<string, string>();
  for (const p of dict.namedChildren()) {
    if (p.kind() !== 'pair') {
      if (p.kind() === 'dictionary_splat') return null;
      continue;
    }
    const key = p.field('key');
    const value = p.field('value');
    if (!key || !value || key.kind() !== 'string') continue;
    const kt = stringTemplate(key.text());
    if (kt.length === 1 && 'lit' in kt[0]) m.set(kt[0].lit, value.text());
  }
  return m;
}

function buildCall(node: SgNode, scope: Scope, depth: number): Built {
  const fn = node.field('function');
  if (!fn) return holeOf(node);
  const fk = fn.kind();
  if (fk === 'identifier') {
    const name = fn.text();
    if (name === 'str' || name === 'repr') {
      const a = callArgs(node);
      if (a.positional.length === 1 && !a.splat) return { t: [exprHole(a.positional[0].text(), name === 'repr' ? 'repr' : 'any')], s: false };
    } else if (name === 'format') {
      // `format(msg, a, b)` with a %-template (humanfriendly's text.format and similar helpers);
      // the builtin `format(value, spec)` has no `%` verbs in a string first argument.
      const a = callArgs(node);
      if (a.positional.length >= 2 && !a.splat) {
        const m = build(a.positional[0], scope, depth + 1);
        if (m.s && m.t.some((seg) => 'lit' in seg && /%[-#0 +]*\d*(?:\.\d+)?[sdrifgex]/.test(seg.lit))) {
          return { t: applyPercent(m.t, { kind: 'seq', exprs: a.positional.slice(1).map((p) => p.text()) }), s: true };
        }
      }
    } else if (GETTEXT.has(name)) {
      const a = callArgs(node);
      // pgettext(context, message)
      const msg = name === 'pgettext' ? a.positional[1] : a.positional[0];
      if (msg) {
        const b = build(msg, scope, depth + 1);
        if (b.s) return b;
      }
    } else {
      const b = inlineCall(node, name, false, scope, depth);
      if (b) return b;
    }
    return holeOf(node);
  }
  if (fk === 'attribute') {
    const attr = fn.field('attribute')?.text();
    if (attr === 'format' || attr === 'format_map') {
      const obj = fn.field('object');
      if (!obj) return holeOf(node);
      const o = build(obj, scope, depth + 1);
      if (!o.s) return formatOfParam(obj, 'brace', scope) ?? holeOf(node);
      const a = callArgs(node);
      const fa: FormatArgs = { positional: [], keywords: new Map() };
      if (attr === 'format') {
        for (const p of a.positional) {
          if (p.kind() === 'list_splat' || p.kind() === 'dictionary_splat') break;
          fa.positional.push(p.text());
        }
        for (const kw of a.keywords) fa.keywords.set(kw.name, kw.value.text());
      } else if (a.positional[0]?.kind() === 'dictionary') {
        for (const [key, v] of dictEntries(a.positional[0]) ?? []) fa.keywords.set(key, v);
      }
      return mapBuilt({ ...o, s: true }, (t) => applyFormat(t, fa));
    }
    const obj = fn.field('object');
    if (attr && obj && (obj.text() === 'self' || obj.text() === 'cls')) {
      const b = inlineCall(node, attr, true, scope, depth);
      if (b) return b;
    }
    return holeOf(node);
  }
  return holeOf(node);
}

const RETURN = { rule: { kind: 'return_statement' } } as const;
const MAX_INLINED = 500;

/** The definition a call refers to: a method of the caller's class, a function nested in the caller, or a module-level one. */
function callee(name: string, method: boolean, scope: Scope): SgNode | null {
  const defs = scope.ctx.functions(name);
  if (!defs.length) return null;
  const classOf = (d: SgNode): SgNode | null => {
    let p = d.parent();
    if (p && p.kind() === 'decorated_definition') p = p.parent();
    const c = p && p.kind() === 'block' ? p.parent() : null;
    return c && c.kind() === 'class_definition' ? c : null;
  };
  const fnStart = scope.fn?.range().start.index ?? -1;
  const within = (outer: SgNode | null, pos: number): boolean => {
    if (!outer) return false;
    const r = outer.range();
    return r.start.index <= pos && pos < r.end.index;
  };
  if (method) {
    const methods = defs.filter((d) => classOf(d));
    return methods.find((d) => within(classOf(d), fnStart)) ?? methods[0] ?? null;
  }
  const plain = defs.filter((d) => !classOf(d));
  // nested in the caller first, then module level
  return (
    plain.find((d) => scope.fn && d.id() !== scope.fn.id() && within(scope.fn, d.range().start.index)) ??
    plain.find((d) => d.parent()?.kind() === 'module') ??
    null
  );
}

/**
 * A call to a function of this file whose return value is the message
 * (`self._formatMessage(msg, standardMsg)`, `_error_message()`): the first
 * return that yields string text, with the function's parameters bound to the
 * call's arguments. A return of a bare parameter passes that argument through.
 */
function inlineCall(call: SgNode, name: string, method: boolean, scope: Scope, depth: number): Built | null {
  if (depth > MAX_DEPTH - 2 || scope.inlineDepth >= MAX_INLINE_DEPTH || scope.ctx.inlined >= MAX_INLINED) return null;
  const def = callee(name, method, scope);
  if (!def || (scope.fn && def.id() === scope.fn.id())) return null;
  scope.ctx.inlined++;
  const params = paramNames(def, method);
  const a = callArgs(call);
  const bindings = new Map<string, Built>();
  for (let i = 0; i < a.positional.length && i < params.length; i++) {
    const p = a.positional[i];
    if (p.kind() === 'list_splat' || p.kind() === 'dictionary_splat') break;
    bindings.set(params[i], build(p, scope, depth + 1));
  }
  for (const kw of a.keywords) if (params.includes(kw.name)) bindings.set(kw.name, build(kw.value, scope, depth + 1));
  // a parameter the call leaves out holds its default when that is a string (`action='call'`)
  if (bindings.size < params.length) {
    for (const p of def.field('parameters')?.namedChildren() ?? []) {
      const k = p.kind();
      if (k !== 'default_parameter' && k !== 'typed_default_parameter') continue;
      const name = p.field('name')?.text();
      const value = p.field('value');
      if (name && value && !bindings.has(name) && value.kind() === 'string') bindings.set(name, build(value, scope, depth + 1));
    }
  }
  const inner = new Scope(scope.ctx, def, method ? scope.cls : null, bindings, scope.inlineDepth + 1);
  const id = def.id();
  for (const r of def.findAll(RETURN)) {
    // returns of nested functions and lambdas are theirs
    let owner = r.parent();
    while (owner && owner.kind() !== 'function_definition' && owner.kind() !== 'lambda') owner = owner.parent();
    if (!owner || owner.id() !== id) continue;
    const e = r.namedChildren().find((c) => c.kind() !== 'comment');
    if (!e) continue;
    const b = build(e, inner, depth + 1);
    if (b.s) return b;
  }
  return null;
}

/** Re-point `self.attr` holes: name after the attribute, expr the constructor parameter it holds. */
export function mapSelfHoles(t: Template, attrToParam: (attr: string) => string | null): Template {
  return t.map((s) => {
    if (!('hole' in s) || !s.hole.expr) return s;
    const m = /^self\.([A-Za-z_]\w*)$/.exec(s.hole.expr);
    if (!m) return s;
    const param = attrToParam(m[1]);
    const h: Hole = { name: m[1], expr: param ?? s.hole.expr, kind: s.hole.kind };
    return { hole: h };
  });
}

