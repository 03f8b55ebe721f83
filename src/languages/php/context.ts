// Where a PHP site sits: its qualified symbol (`Class.method`, `function`, `Class.method.{closure}`
// is written `Class.method`), the guards that lead to it (outermost first, stopping at the
// enclosing function), the enclosing function (the scope for variable lookups), the class around
// it (what `self`/`static` name) and the variables bound by enclosing `catch (X $e)` clauses.
//
// Guard rules:
// - `if (c)` body → {kind: 'if', text: 'c'}; `elseif (c2)` → {kind: 'else', text: '!(c1)'} per
//   earlier condition, then {kind: 'elif', text: 'c2'}; `else` → one 'else' per condition
// - `while (c)` → 'while'; `foreach ($xs as $x)` → 'for' with text `$xs as $x`
// - `catch (E $e)` → 'except' with text `E $e`; `case v:` → 'case' with text `v`
// - `try`, `for (;;)`, `match` and conditional expressions add nothing.

import type { SgNode } from '@ast-grep/napi';
import type { Guard } from '../../core/site.js';

export interface SiteContext {
  symbol: string | null;
  guards: Guard[];
  /** Innermost enclosing function, method, closure or arrow function; null at file or class level. */
  fn: SgNode | null;
  /** The innermost named class (or trait, interface, enum) around the site: what `self` names. */
  cls: string | null;
  /** The class node itself. */
  clsNode: SgNode | null;
  /** Variables (without `$`) bound by `catch (… $e)` around the site, inside the same function. */
  caught: Set<string>;
}

export const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
const lineOf = (n: SgNode): number => n.range().start.line + 1;
/** The condition of an `if (…)`, without its parentheses. */
export const condText = (c: SgNode): string => {
  const t = oneLine(c.text());
  return c.kind() === 'parenthesized_expression' && t.startsWith('(') && t.endsWith(')') ? t.slice(1, -1).trim() : t;
};
const neg = (c: SgNode): Guard => ({ kind: 'else', text: `!(${condText(c)})`, line: lineOf(c) });

export const FN_KINDS = new Set(['function_definition', 'method_declaration', 'anonymous_function', 'arrow_function']);
export const CLASS_KINDS = new Set(['class_declaration', 'trait_declaration', 'interface_declaration', 'enum_declaration']);

/** `E1|E2 $e` of a catch clause. */
function catchHeader(clause: SgNode): { text: string; name: string | null } {
  const type = clause.field('type');
  const name = clause.field('name');
  const v = name ? name.text().replace(/^\$/, '') : null;
  return { text: `${type ? oneLine(type.text()) : ''}${name ? ' ' + name.text() : ''}`.trim(), name: v };
}

export function siteContext(node: SgNode, symbols: Map<number, string> = new Map()): SiteContext {
  const groups: Guard[][] = [];
  const caught = new Set<string>();
  let fn: SgNode | null = null;
  let active = true;
  let prev = node;
  let prevKind = node.kind() as string;
  const names: string[] = [];
  let cls: string | null = null;
  let clsNode: SgNode | null = null;
  let symbol: string | null = null;
  for (let a = node.parent(); a; a = a.parent()) {
    const k = a.kind() as string;
    if (FN_KINDS.has(k)) {
      fn ??= a;
      active = false;
      const n = a.field('name')?.text();
      if (n) names.push(n);
      const hit = symbols.get(a.id());
      if (hit !== undefined && n) {
        // the rest of the walk only finds the class: memoized per function
        symbol = hit;
      }
    } else if (CLASS_KINDS.has(k)) {
      const n = a.field('name')?.text() ?? null;
      if (n && cls === null) {
        cls = n;
        clsNode = a;
      }
      if (n) names.push(n);
      if (symbol !== null) break;
    } else if (active) {
      switch (k) {
        case 'if_statement': {
          const cond = a.field('condition');
          if (!cond) break;
          const pk = prevKind;
          if (pk === 'else_if_clause' || pk === 'else_clause') {
            const g: Guard[] = [neg(cond)];
            const pid = prev.id();
            for (const alt of a.fieldChildren('alternative')) {
              if (alt.id() === pid) break;
              const c = alt.kind() === 'else_if_clause' ? alt.field('condition') : null;
              if (c) g.push(neg(c));
            }
            if (pk === 'else_if_clause') {
              const c = prev.field('condition');
              if (c) g.push({ kind: 'elif', text: condText(c), line: lineOf(c) });
            }
            groups.push(g);
          } else if (prev.id() !== cond.id()) groups.push([{ kind: 'if', text: condText(cond), line: lineOf(cond) }]);
          break;
        }
        case 'while_statement': {
          const cond = a.field('condition');
          if (cond && prev.id() !== cond.id()) groups.push([{ kind: 'while', text: condText(cond), line: lineOf(cond) }]);
          break;
        }
        case 'foreach_statement': {
          const kids = a.namedChildren();
          if (kids.length >= 2 && prev.id() !== kids[0].id()) {
            groups.push([{ kind: 'for', text: `${oneLine(kids[0].text())} as ${oneLine(kids[1].text())}`, line: lineOf(a) }]);
          }
          break;
        }
        case 'catch_clause': {
          const h = catchHeader(a);
          if (h.name) caught.add(h.name);
          groups.push([{ kind: 'except', text: h.text, line: lineOf(a) }]);
          break;
        }
        case 'case_statement': {
          const v = a.field('value');
          if (v) groups.push([{ kind: 'case', text: oneLine(v.text()), line: lineOf(a) }]);
          break;
        }
      }
    }
    prev = a;
    prevKind = k;
  }
  if (symbol === null && names.length) {
    symbol = names.reverse().join('.');
    if (fn) symbols.set(fn.id(), symbol);
  }
  const guards: Guard[] = [];
  for (let i = groups.length - 1; i >= 0; i--) guards.push(...groups[i]);
  return { symbol, guards, fn, cls, clsNode, caught };
}

/** `@deprecated` as a doc comment's tag: at a line's start, after its `*` or the opening `/**`. */
const DEPRECATED_TAG = /(?:^|\n)\s*(?:\/\*\*|\*)?\s*@deprecated\b/;
/** How many declarations out a site's deprecation is looked for (a closure in a method in a class). */
const DEPRECATED_DEPTH = 4;

/**
 * Whether a function or class around the node is marked deprecated by its doc comment (the `/** …
 * @deprecated … *\/` written just before it, attributes between them passed over): a method kept
 * for old callers beside its replacement, often with the same message (a legacy named constructor
 * beside the exception class that took its place).
 */
export function inDeprecated(node: SgNode): boolean {
  let seen = 0;
  for (let a = node.parent(); a && seen < DEPRECATED_DEPTH; a = a.parent()) {
    const k = a.kind() as string;
    // (a closure's doc comment is rare, and what is written before it may be anything)
    if (k !== 'method_declaration' && k !== 'function_definition' && !CLASS_KINDS.has(k)) continue;
    seen++;
    let p = a.prev();
    while (p && p.kind() === 'attribute_list') p = p.prev();
    if (p && p.kind() === 'comment') {
      const t = p.text();
      if (t.startsWith('/**') && DEPRECATED_TAG.test(t)) return true;
    }
  }
  return false;
}

/** Parameter names (without `$`) of a function node, in order. */
export function paramNames(fn: SgNode): string[] {
  const ps = fn.field('parameters');
  if (!ps) return [];
  const out: string[] = [];
  for (const p of ps.namedChildren()) {
    const n = p.field('name');
    if (n) out.push(n.text().replace(/^[&$]+/, ''));
  }
  return out;
}
