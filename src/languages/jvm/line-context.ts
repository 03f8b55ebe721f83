// Symbol and guards at lines of a Java or Kotlin file (frames on lines that are not sites), read by
// climbing from the node at the position: what the walk in java.ts / kotlin.ts gives a site there.

import type { SgNode } from '@ast-grep/napi';
import type { LineContext, LinePosition } from '../../core/pack.js';
import type { Guard } from '../../core/site.js';
import { nodeAt } from '../shared/node-at.js';
import { parseJvm, type JvmGrammar } from './grammar.js';
import { conditionText, oneLine } from './sites.js';

const TYPES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'object_declaration', 'companion_object']);

function nameOf(n: SgNode, java: boolean): string | null {
  const k = n.kind() as string;
  if (java) {
    if (k === 'constructor_declaration') return '<init>';
    if (k === 'static_initializer') return '<clinit>';
    if (TYPES.has(k) || k === 'method_declaration') return n.field('name')?.text() ?? null;
    return null;
  }
  if (k === 'secondary_constructor') return '<init>';
  if (k === 'companion_object') return n.children().find((c) => c.kind() === 'type_identifier')?.text() ?? 'Companion';
  if (TYPES.has(k)) return n.children().find((c) => c.kind() === 'type_identifier')?.text() ?? null;
  if (k === 'function_declaration') return n.children().find((c) => c.kind() === 'simple_identifier')?.text() ?? null;
  return null;
}

function contextOf(node: SgNode, java: boolean): LineContext {
  const names: string[] = [];
  const guards: Guard[] = [];
  let inFunction = false;
  let child: SgNode | null = null;
  for (let n: SgNode | null = node; n; child = n, n = n.parent()) {
    const k = n.kind() as string;
    const name = nameOf(n, java);
    if (name !== null) {
      if (!TYPES.has(k)) inFunction = true;
      names.unshift(name);
      continue;
    }
    if (inFunction || !child) continue;
    const line = n.range().start.line + 1;
    if (java && k === 'if_statement') {
      const cond = n.field('condition');
      const text = cond ? conditionText(cond.text()) : '';
      if (n.field('consequence')?.id() === child.id()) guards.unshift({ kind: 'if', text, line });
      else if (n.field('alternative')?.id() === child.id()) guards.unshift({ kind: 'else', text: `!(${text})`, line });
    } else if (!java && k === 'if_expression') {
      const parts = n.children().filter((c) => c.isNamed());
      const text = parts[0] ? conditionText(parts[0].text()) : '';
      const bodies = parts.slice(1).filter((p) => p.kind() === 'control_structure_body');
      if (bodies[0]?.id() === child.id()) guards.unshift({ kind: 'if', text, line });
      else if (bodies[1]?.id() === child.id()) guards.unshift({ kind: 'else', text: `!(${text})`, line });
    } else if (k === 'catch_clause' || k === 'catch_block') {
      const type = java ? n.children().find((c) => c.kind() === 'catch_formal_parameter')?.children().find((c) => c.kind() === 'catch_type')?.text()
        : n.children().find((c) => c.kind() === 'user_type')?.text();
      guards.unshift({ kind: 'catch', text: oneLine(type ?? 'Throwable'), line });
    }
  }
  return { symbol: names.length ? names.join('.') : null, guards };
}

export function jvmLineContexts(grammar: JvmGrammar, source: string, at: readonly LinePosition[]): (LineContext | null)[] {
  const root = parseJvm(grammar, source).root();
  return at.map(({ line, column }) => {
    const node = nodeAt(root, line - 1, column === null ? null : column - 1);
    return node ? contextOf(node, grammar === 'java') : null;
  });
}
