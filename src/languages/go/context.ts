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

export function contextOf(node: SgNode): Context {
  const guards: Guard[] = [];
  let child = node;
  let decl: SgNode | null = null;
  let p = node.parent();
  for (let up = 0; p && up < MAX_UP; up++, child = p, p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_declaration' || k === 'method_declaration') {
      decl = p;
      break;
    }
    // (the line is read only for a level that guards: most levels do not)
    const line = () => p!.range().start.line + 1;
    if (k === 'if_statement') {
      const cond = p.field('condition')?.text() ?? '';
      const within = (f: string) => p!.field(f)?.range().start.index === child.range().start.index;
      if (within('consequence')) guards.push({ kind: 'if', text: cond, line: line() });
      else if (within('alternative')) guards.push({ kind: 'else', text: `!(${cond})`, line: line() });
    } else if (k === 'expression_case' || k === 'type_case') {
      const values = p.namedChildren().find((c) => c.kind() === 'expression_list' || String(c.kind()).endsWith('type'))?.text() ?? '';
      const sw = p.parent();
      const subject = sw?.field('value')?.text();
      guards.push({ kind: 'case', text: subject ? `${subject} == ${values}` : values, line: line() });
    } else if (k === 'for_statement') {
      const clause = p.namedChildren().find((c) => c.kind() !== 'block');
      guards.push({ kind: 'for', text: clause?.text() ?? '', line: line() });
    }
  }
  guards.reverse();
  if (!decl) return { symbol: null, params: [], guards };
  const name = decl.field('name')?.text() ?? null;
  let symbol = name;
  if (decl.kind() === 'method_declaration') {
    const recv = receiverType(decl);
    if (recv && name) symbol = `${recv}.${name}`;
  }
  return { symbol, params: paramNames(decl.field('parameters')), guards };
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
