// Symbol and guards at lines of a Go file (frames on lines that are not sites).

import type { LineContext, LinePosition } from '../../core/pack.js';
import { nodeAt } from '../shared/node-at.js';
import { contextOf } from './context.js';
import { parseGo } from './grammar.js';

export function goLineContexts(source: string, at: readonly LinePosition[]): (LineContext | null)[] {
  const root = parseGo(source).root();
  return at.map(({ line, column }) => {
    const node = nodeAt(root, line - 1, column === null ? null : column - 1);
    if (!node) return null;
    const { symbol, guards } = contextOf(node);
    return { symbol, guards };
  });
}
