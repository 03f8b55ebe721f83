// Symbol and guards at lines of a Python file (frames on lines that are not sites).

import type { SgNode } from '@ast-grep/napi';
import type { LineContext, LinePosition } from '../../core/pack.js';
import { nodeAt } from '../shared/node-at.js';
import { siteContext } from './context.js';
import { parsePython } from './grammar.js';

/**
 * A position inside a top-level `def` or `class` is read from a parse of that block alone (its
 * symbol and guards are all inside it): explain answers a frame this way, and a parse of a whole
 * big module (the stdlib's are up to 300 KB) cost every such explain several milliseconds. A block
 * whose slice does not parse cleanly, and any other position, are read from the whole file.
 */
export function pythonLineContexts(source: string, at: readonly LinePosition[]): (LineContext | null)[] {
  const lines = source.split('\n');
  const blocks = at.map(({ line }) => topLevelBlock(lines, line - 1));
  let whole: SgNode | null = null;
  const sliced = new Map<number, SgNode | null>();
  return at.map(({ line, column }, i) => {
    const b = blocks[i];
    let root: SgNode | null = null;
    let shift = 0;
    if (b) {
      if (!sliced.has(b[0])) {
        const r = parsePython(lines.slice(b[0], b[1]).join('\n')).root();
        sliced.set(b[0], r.find({ rule: { kind: 'ERROR' } }) ? null : r);
      }
      root = sliced.get(b[0])!;
      if (root) shift = b[0];
    }
    root ??= whole ??= parsePython(source).root();
    const node = nodeAt(root, line - 1 - shift, column === null ? null : column - 1);
    if (!node) return null;
    const { symbol, guards } = siteContext(node);
    return { symbol, guards: shift ? guards.map((g) => ({ ...g, line: g.line + shift })) : guards };
  });
}

const TOP_BLOCK = /^(?:async[ \t]+def|def|class)[ \t]/;

/**
 * The lines [first, end) of the top-level `def`/`class` holding 0-based `line`: back to the
 * nearest unindented line, which must open one, and on to the next unindented line that is not a
 * comment. Null when the line is in module-level code.
 */
function topLevelBlock(lines: string[], line: number): [number, number] | null {
  if (line < 0 || line >= lines.length) return null;
  const top = (s: string) => s.length > 0 && s[0] !== ' ' && s[0] !== '\t' && s[0] !== '#' && s[0] !== '\r';
  let k = line;
  while (k >= 0 && !top(lines[k])) k--;
  if (k < 0 || !TOP_BLOCK.test(lines[k])) return null;
  let j = line + 1;
  while (j < lines.length && !top(lines[j])) j++;
  return [k, j];
}
