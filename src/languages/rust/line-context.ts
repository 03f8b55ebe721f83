// Symbol and guards at lines of a Rust file (frames on lines that are not sites).

import type { LineContext, LinePosition } from '../../core/pack.js';
import { nodeAt } from '../shared/node-at.js';
import { siteContext } from './analyze.js';
import { parseRust } from './grammar.js';

export function rustLineContexts(source: string, at: readonly LinePosition[]): (LineContext | null)[] {
  const root = parseRust(source).root();
  return at.map(({ line, column }) => {
    const node = nodeAt(root, line - 1, column === null ? null : column - 1);
    if (!node) return null;
    const { symbol, guards } = siteContext(node);
    return { symbol, guards };
  });
}
