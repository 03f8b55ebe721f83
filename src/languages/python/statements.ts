// Python's statement structure for shared/subtrees.ts: the kinds whose children are statements or a
// statement's parts, and a search of only the statements holding given places of the text.

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { subtreesAt } from '../shared/subtrees.js';

/** Kinds whose children are statements or a statement's parts (shared/subtrees.ts descends through them). */
export const STATEMENT_CONTAINERS: ReadonlySet<string> = new Set([
  'module', 'block', 'class_definition', 'function_definition', 'decorated_definition', 'if_statement', 'elif_clause',
  'else_clause', 'try_statement', 'except_clause', 'finally_clause', 'with_statement', 'for_statement', 'while_statement',
]);

/** The nodes `rule` finds in the statements holding the offsets, in document order (no walk of the whole tree). */
export function findAllAt(root: SgNode, offsets: readonly number[], rule: NapiConfig): SgNode[] {
  return subtreesAt(root, offsets, STATEMENT_CONTAINERS).flatMap((part) => part.findAll(rule));
}
