// Symbol and guards at lines of a JavaScript or TypeScript file (frames on lines that are not sites).

import type { SgRoot } from '@ast-grep/napi';
import type { LineContext, LinePosition } from '../../core/pack.js';
import { nodeAt } from '../shared/node-at.js';
import { siteContext } from './facts.js';

export function jsLineContexts(tree: SgRoot, at: readonly LinePosition[]): (LineContext | null)[] {
  const root = tree.root();
  return at.map(({ line, column }) => {
    const node = nodeAt(root, line - 1, column === null ? null : column - 1);
    if (!node) return null;
    const { symbol, guards } = siteContext(node);
    return { symbol, guards };
  });
}
