// Symbol and guards at lines of a PHP file (frames on lines that are not sites).

import type { LineContext, LinePosition } from '../../core/pack.js';
import { nodeAt } from '../shared/node-at.js';
import { siteContext } from './context.js';
import { parsePhp } from './grammar.js';

export function phpLineContexts(source: string, at: readonly LinePosition[]): (LineContext | null)[] {
  const root = parsePhp(source).root();
  const symbols = new Map<number, string>();
  return at.map(({ line, column }) => {
    const node = nodeAt(root, line - 1, column === null ? null : column - 1);
    if (!node) return null;
    const { symbol, guards } = siteContext(node, symbols);
    return { symbol, guards };
  });
}
