// Where a Python site sits: its qualified symbol, the guards that lead to it
// (outermost first, stopping at the enclosing function), the enclosing
// function (the scope for name lookups) and the names bound by enclosing
// `except ... as e` clauses (for telling a rethrow from a new error).
//
// Guard rules:
// - `if c:` body → {kind: 'if', text: 'c'}
// - `elif c2:` body → one {kind: 'else', text: 'not (c1)'} per earlier condition, then {kind: 'elif', text: 'c2'}
// - `else:` body → one {kind: 'else', text: 'not (cN)'} per condition of the chain, in order
//   (separate guards, each on the line of the condition it negates)
// - `while c:` body → 'while'; `for x in y:` body → 'for' with text `x in y`
// - `except E as e:` → 'except' with text `E as e` (`` for a bare except)
// - `case p if g:` → 'case' with text `p if g`
// - `with`, `try`, loop `else:` and conditional expressions add nothing.

import type { SgNode } from '@ast-grep/napi';
import type { Guard } from '../../core/site.js';
import { oneLine } from './strings.js';

export interface SiteContext {
  symbol: string | null;
  guards: Guard[];
  /** Innermost enclosing function definition, or null at module/class level. */
  fn: SgNode | null;
  /** Names bound by `except ... as name` around the site, inside the same function. */
  exceptVars: Set<string>;
}

const lineOf = (n: SgNode): number => n.range().start.line + 1;
const neg = (c: SgNode): Guard => ({ kind: 'else', text: `not (${oneLine(c.text())})`, line: lineOf(c) });

/** `p if g` of a case clause. */
function caseHeader(clause: SgNode): string {
  const pats: string[] = [];
  let guard = '';
  for (const c of clause.namedChildren()) {
    const k = c.kind() as string;
    if (k === 'case_pattern') pats.push(oneLine(c.text()));
    else if (k === 'if_clause') guard = ' ' + oneLine(c.text());
  }
  return pats.join(', ') + guard;
}

/** `E as e` of an except clause, from its children (the clause text would copy the whole block). */
export function exceptHeader(clause: SgNode): string {
  const parts: string[] = [];
  const alias = clause.field('alias');
  const aliasId = alias?.id();
  for (const c of clause.namedChildren()) {
    const k = c.kind() as string;
    if (k === 'block' || k === 'comment' || c.id() === aliasId) continue;
    parts.push(oneLine(c.text()));
  }
  const text = parts.join(', ');
  return alias ? `${text} as ${oneLine(alias.text())}` : text;
}

/** The name an except clause binds (`except E as e` → `e`), or null. */
export function exceptVar(clause: SgNode): string | null {
  return exceptVarOf(exceptHeader(clause));
}
const exceptVarOf = (header: string): string | null => /\bas\s+([A-Za-z_]\w*)$/.exec(header)?.[1] ?? null;

const isDef = (k: string): boolean => k === 'function_definition' || k === 'class_definition';

/**
 * Qualified name of the definition `def`, memoized per definition node (`symbols`,
 * one map per file): sites in the same function share the walk to the module.
 */
function qualify(def: SgNode, symbols: Map<number, string>): string {
  const pending: { id: number; name: string }[] = [];
  let prefix = '';
  for (let a: SgNode | null = def; a; a = a.parent()) {
    if (a !== def && !isDef(a.kind() as string)) continue;
    const id = a.id();
    const hit = symbols.get(id);
    if (hit !== undefined) {
      prefix = hit;
      break;
    }
    pending.push({ id, name: a.field('name')?.text() ?? '?' });
  }
  for (let p = pending.length - 1; p >= 0; p--) {
    prefix = prefix ? `${prefix}.${pending[p].name}` : pending[p].name;
    symbols.set(pending[p].id, prefix);
  }
  return prefix;
}

/** The qualified name of a `def` (as sites name their enclosing symbol); `symbols` memoizes per file. */
export function definitionSymbol(def: SgNode, symbols: Map<number, string>): string {
  return qualify(def, symbols);
}

export function siteContext(node: SgNode, symbols: Map<number, string> = new Map()): SiteContext {
  // walk up with parent() only as far as the innermost definition: fewer node
  // objects than ancestors() (which reaches the module)
  let symbol: string | null = null;
  const groups: Guard[][] = [];
  const exceptVars = new Set<string>();
  let fn: SgNode | null = null;
  let active = true;
  let prev = node;
  let prevKind = node.kind() as string;
  for (let a = node.parent(); a; a = a.parent()) {
    const k = a.kind() as string;
    if (isDef(k)) {
      // guards stop at the innermost definition; above it only names matter
      if (k === 'function_definition') fn = a;
      symbol = qualify(a, symbols);
      break;
    } else if (k === 'lambda') {
      active = false;
    } else if (active) {
      switch (k) {
        case 'if_statement': {
          const cond = a.field('condition');
          if (!cond) break;
          if (prevKind === 'block') groups.push([{ kind: 'if', text: oneLine(cond.text()), line: lineOf(cond) }]);
          else if (prevKind === 'elif_clause' || prevKind === 'else_clause') {
            const g: Guard[] = [neg(cond)];
            const pid = prev.id();
            for (const alt of a.fieldChildren('alternative')) {
              if (alt.id() === pid) break;
              const c = alt.kind() === 'elif_clause' ? alt.field('condition') : null;
              if (c) g.push(neg(c));
            }
            if (prevKind === 'elif_clause') {
              const c = prev.field('condition');
              if (c) g.push({ kind: 'elif', text: oneLine(c.text()), line: lineOf(c) });
            }
            groups.push(g);
          }
          break;
        }
        case 'while_statement': {
          const cond = a.field('condition');
          if (cond && prevKind === 'block') groups.push([{ kind: 'while', text: oneLine(cond.text()), line: lineOf(cond) }]);
          break;
        }
        case 'for_statement': {
          const left = a.field('left');
          const right = a.field('right');
          if (left && right && prevKind === 'block')
            groups.push([{ kind: 'for', text: `${oneLine(left.text())} in ${oneLine(right.text())}`, line: lineOf(a) }]);
          break;
        }
        case 'except_clause':
        case 'except_group_clause': {
          const text = exceptHeader(a);
          const v = exceptVarOf(text);
          if (v) exceptVars.add(v);
          groups.push([{ kind: 'except', text, line: lineOf(a) }]);
          break;
        }
        case 'case_clause':
          groups.push([{ kind: 'case', text: caseHeader(a), line: lineOf(a) }]);
          break;
      }
    }
    prev = a;
    prevKind = k;
  }
  const guards: Guard[] = [];
  for (let i = groups.length - 1; i >= 0; i--) guards.push(...groups[i]);
  return { symbol, guards, fn, exceptVars };
}
