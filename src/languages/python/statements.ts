// Python's statement structure for shared/subtrees.ts: the kinds whose children are statements or a
// statement's parts, and a search of only the statements holding given places of the text.

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { subtreesAt } from '../shared/subtrees.js';

/** Kinds whose children are statements or a statement's parts (shared/subtrees.ts descends through them). */
export const STATEMENT_CONTAINERS: ReadonlySet<string> = new Set([
  'module', 'block', 'class_definition', 'function_definition', 'decorated_definition', 'if_statement', 'elif_clause',
  'else_clause', 'try_statement', 'except_clause', 'finally_clause', 'with_statement', 'for_statement', 'while_statement',
]);

/** Definitions: what is written at a module's level is outside them. */
export const DEFINITIONS: ReadonlySet<string> = new Set(['function_definition', 'class_definition', 'decorated_definition']);

/** The nodes `rule` finds in the statements holding the offsets, in document order (no walk of the whole tree). */
export function findAllAt(root: SgNode, offsets: readonly number[], rule: NapiConfig): SgNode[] {
  return subtreesAt(root, offsets, STATEMENT_CONTAINERS).flatMap((part) => part.findAll(rule));
}

/** A plain name's assignment, or an augmented one, outside any definition (the rule for a part that is no single statement). */
const MODULE_ASSIGNMENT = {
  rule: {
    all: [
      { any: [{ kind: 'assignment' }, { kind: 'augmented_assignment' }], has: { field: 'left', kind: 'identifier' } },
      { not: { inside: { any: [{ kind: 'function_definition' }, { kind: 'class_definition' }], stopBy: 'end' } } },
    ],
  },
} as unknown as NapiConfig;

/**
 * The assignments to a plain name (`x = …`, `x += …`, each of `a = b = …`) outside any definition, in
 * document order, in the statements holding the offsets. A part that is one expression statement is
 * read directly (its assignment and those chained in it), a search costing more than the reading.
 */
export function moduleAssignmentsAt(root: SgNode, offsets: readonly number[]): SgNode[] {
  const out: SgNode[] = [];
  for (const part of subtreesAt(root, offsets, STATEMENT_CONTAINERS, DEFINITIONS)) {
    if (part.kind() !== 'expression_statement') {
      out.push(...part.findAll(MODULE_ASSIGNMENT));
      continue;
    }
    for (let a: SgNode | null = part.namedChildren()[0] ?? null; a && (a.kind() === 'assignment' || a.kind() === 'augmented_assignment'); ) {
      if (a.field('left')?.kind() === 'identifier') out.push(a);
      a = a.kind() === 'assignment' ? a.field('right') : null;
    }
  }
  return out;
}
