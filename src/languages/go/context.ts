// The enclosing symbol, parameters and guards of a node in Go code: `Func`, `Type.Method` (a
// function literal is part of the function it is written in), and the `if` / `else` / `case` /
// `for` conditions around it, outermost first.

import type { SgNode } from '@ast-grep/napi';
import type { Guard } from '../../core/site.js';

export interface Context {
  symbol: string | null;
  params: string[];
  guards: Guard[];
}

/** Levels walked up from a node, at most (the depth of real code is far below it). */
const MAX_UP = 400;

/** What is above a node: the guards, outermost first, and the declaration it is in. */
interface Above {
  guards: Guard[];
  decl: { symbol: string | null; params: string[] } | null;
  /** Ancestors read to the declaration (itself included) or to the root. */
  levels: number;
}

/**
 * A file's contexts as read so far, by node id: what is above the node. Sites of one function
 * share most of their ancestors, and every level read is a few crossings into the native tree:
 * with a memo the walk up stops at the first node whose upper part is known.
 */
export type ContextMemo = Map<number, Above>;

export function contextOf(node: SgNode, memo?: ContextMemo): Context {
  const { guards, decl } = aboveOf(node, memo);
  return decl ? { symbol: decl.symbol, params: [...decl.params], guards: [...guards] } : { symbol: null, params: [], guards: [...guards] };
}

function aboveOf(node: SgNode, memo?: ContextMemo): Above {
  const levels: { id: number; guard: Guard | null }[] = [];
  let tail: Above | null = null;
  let child = node;
  let p = node.parent();
  for (let up = 0; p && up < MAX_UP; up++, child = p, p = p.parent()) {
    const id = memo ? child.id() : 0;
    const hit = memo?.get(id);
    if (hit) {
      // (a node so deep that the walk from here stops before the known part ends: read as without the memo)
      if (up + hit.levels > MAX_UP) return aboveOf(node);
      tail = hit;
      break;
    }
    const k = p.kind() as string;
    if (k === 'function_declaration' || k === 'method_declaration') {
      tail = { guards: [], decl: declOf(p), levels: 1 };
      memo?.set(id, tail);
      break;
    }
    levels.push({ id, guard: guardAt(p, child) });
  }
  // (stopped after MAX_UP levels: the guards read, no declaration, nothing kept)
  const complete = tail !== null || !p;
  let out: Above = tail ?? { guards: [], decl: null, levels: 0 };
  if (!complete) return { guards: levels.flatMap((l) => (l.guard ? [l.guard] : [])).reverse(), decl: null, levels: levels.length };
  for (let i = levels.length - 1; i >= 0; i--) {
    const g = levels[i].guard;
    out = { guards: g ? [...out.guards, g] : out.guards, decl: out.decl, levels: out.levels + 1 };
    memo?.set(levels[i].id, out);
  }
  return out;
}

/** The guard a level of the walk up adds, `child` being the node below it: an `if`'s branch, a `case`, a `for`; null for any other level. */
function guardAt(p: SgNode, child: SgNode): Guard | null {
  const k = p.kind() as string;
  // (the line is read only for a level that guards: most levels do not)
  const line = () => p.range().start.line + 1;
  if (k === 'if_statement') {
    const cond = p.field('condition')?.text() ?? '';
    const within = (f: string) => p.field(f)?.range().start.index === child.range().start.index;
    if (within('consequence')) return { kind: 'if', text: cond, line: line() };
    if (within('alternative')) return { kind: 'else', text: `!(${cond})`, line: line() };
  } else if (k === 'expression_case' || k === 'type_case') {
    const values = p.namedChildren().find((c) => c.kind() === 'expression_list' || String(c.kind()).endsWith('type'))?.text() ?? '';
    const sw = p.parent();
    const subject = sw?.field('value')?.text();
    return { kind: 'case', text: subject ? `${subject} == ${values}` : values, line: line() };
  } else if (k === 'for_statement') {
    const clause = p.namedChildren().find((c) => c.kind() !== 'block');
    return { kind: 'for', text: clause?.text() ?? '', line: line() };
  }
  return null;
}

/** A function's or method's symbol (`Func`, `Type.Method`) and parameter names. */
function declOf(decl: SgNode): { symbol: string | null; params: string[] } {
  const name = decl.field('name')?.text() ?? null;
  let symbol = name;
  if (decl.kind() === 'method_declaration') {
    const recv = receiverType(decl);
    if (recv && name) symbol = `${recv}.${name}`;
  }
  return { symbol, params: paramNames(decl.field('parameters')) };
}

/** The type a method is declared on (`(e *PathError)` → `PathError`, `(s Set[T])` → `Set`). */
export function receiverType(method: SgNode): string | null {
  const r = method.field('receiver')?.namedChildren().find((c) => c.kind() === 'parameter_declaration');
  const t = r?.field('type')?.text();
  if (!t) return null;
  const m = /^\*?\s*([A-Za-z_]\w*)/.exec(t);
  return m ? m[1] : null;
}

/** The receiver's name (`e` of `(e *PathError)`); null when it has none. */
export function receiverName(method: SgNode): string | null {
  const r = method.field('receiver')?.namedChildren().find((c) => c.kind() === 'parameter_declaration');
  return r?.field('name')?.text() ?? null;
}

/** Names of a parameter list (`(a, b string, c int)` → a, b, c). */
export function paramNames(list: SgNode | null): string[] {
  const out: string[] = [];
  for (const d of list?.namedChildren() ?? []) {
    if (d.kind() !== 'parameter_declaration' && d.kind() !== 'variadic_parameter_declaration') continue;
    for (const c of d.children()) if (c.kind() === 'identifier') out.push(c.text());
  }
  return out;
}
