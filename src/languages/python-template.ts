// Python expressions → message templates. Strings, concatenation, f-strings,
// `%`, `.format`, `str()`/`repr()`, gettext wrappers, and names followed to the
// assignment that holds the message (local, then module level).

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { concat, type Hole, type Template } from '../template/ir.js';
import type { RawSite } from './types.js';
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
}

interface Assign {
  /** Byte offsets of the assignment statement: it holds for references after `end`. */
  pos: number;
  end: number;
  aug: boolean;
  value: SgNode | null;
}

const MAX_DEPTH = 8;

/** Per-file state shared by every scope: the tree and cached assignment lookups. */
export class FileCtx {
  private readonly cache = new Map<string, Assign[]>();
  readonly moduleScope: Scope;
  /** Class names defined in this file (`raise error(...)` is a class when `class error` is here). */
  readonly localClasses = new Set<string>();

  private assigned: Set<string> | null = null;
  /** Qualified names of definitions, by node id (python-context.ts). */
  readonly symbols = new Map<number, string>();
  /** Each site's innermost enclosing function (SiteContext.fn), for python-calls.ts. */
  readonly siteFns = new Map<RawSite, SgNode | null>();

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
    // one `has` for both kinds: its regex is compiled once per query, not twice
    const rule: Record<string, unknown> = {
      any: [{ kind: 'assignment' }, { kind: 'augmented_assignment' }],
      has: { field: 'left', kind: 'identifier', regex: `^${name}$` },
    };
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
      list.push({ pos: r.start.index, end: r.end.index, aug, value });
    }
    this.cache.set(key, list);
    return list;
  }
}

/** What `self.attr` means inside a class (implemented by the class analysis). */
export interface ClassScope {
  selfAttr(attr: string, depth: number): Built | null;
}

export class Scope {
  private params: Set<string> | null = null;

  constructor(
    readonly ctx: FileCtx,
    readonly fn: SgNode | null,
    readonly cls: ClassScope | null = null,
  ) {}

  isParam(name: string): boolean {
    if (!this.fn) return false;
    if (!this.params) this.params = new Set(paramNames(this.fn, false));
    return this.params.has(name);
  }

  /** The value(s) a name holds at byte position `pos`: an assignment and the `+=` that follow it. */
  resolve(name: string, pos: number): { values: SgNode[]; scope: Scope } | null {
    if (this.fn) {
      const local = pick(this.ctx.assigns(this.fn, name), pos, false);
      if (local) return { values: local, scope: this };
      if (this.isParam(name)) return null;
    }
    const mod = pick(this.ctx.assigns(null, name), pos, !!this.fn);
    return mod ? { values: mod, scope: this.ctx.moduleScope } : null;
  }
}

function pick(list: Assign[], pos: number, anyPosition: boolean): SgNode[] | null {
  let base = -1;
  for (let i = 0; i < list.length; i++) if (!list[i].aug && list[i].end <= pos) base = i;
  if (base < 0 && anyPosition) base = list.findIndex((a) => !a.aug);
  if (base < 0 || !list[base].value) return null;
  const values = [list[base].value as SgNode];
  for (let i = base + 1; i < list.length; i++) {
    const a = list[i];
    if (a.end > pos && !anyPosition) break;
    if (a.aug && a.value) values.push(a.value);
    else if (!a.aug) break;
  }
  return values;
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
    case 'call':
      return buildCall(node, scope, depth);
    case 'identifier': {
      const name = node.text();
      const r = scope.resolve(name, node.range().start.index);
      if (r) {
        const parts = r.values.map((v) => build(v, r.scope, depth + 1));
        if (parts[0].s) return { t: concat(...parts.map((p) => p.t)), s: true };
      }
      return { t: [exprHole(name)], s: false };
    }
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

function buildBinary(node: SgNode, scope: Scope, depth: number): Built {
  const op = node.field('operator')?.text();
  const left = node.field('left');
  const right = node.field('right');
  if (!left || !right) return holeOf(node);
  if (op === '+') {
    const l = build(left, scope, depth + 1);
    const r = build(right, scope, depth + 1);
    if (l.s || r.s) return { t: concat(l.t, r.t), s: true };
    return holeOf(node);
  }
  if (op === '%') {
    const l = build(left, scope, depth + 1);
    if (!l.s) return holeOf(node);
    return { t: applyPercent(l.t, percentArgs(right)), s: true };
  }
  return holeOf(node);
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
    }
    return holeOf(node);
  }
  if (fk === 'attribute') {
    const attr = fn.field('attribute')?.text();
    if (attr === 'format' || attr === 'format_map') {
      const obj = fn.field('object');
      if (!obj) return holeOf(node);
      const o = build(obj, scope, depth + 1);
      if (!o.s) return holeOf(node);
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
      return { t: applyFormat(o.t, fa), s: true };
    }
  }
  return holeOf(node);
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

