// Names a file imports from other modules, read from its text by the pack (one pass): the
// calls of an imported raising helper (`fail('…')` with `from .util import fail`, `const {
// fail } = require('./util')`) are its callers in another file of the tree, and a name
// imported from a known package (`node:assert`, `tiny-invariant`, `unittest`) makes its calls
// sites (each pack's table of external helpers).

export interface Imported {
  /** The name the module exports (`default` for a JS default export, `*` for the module itself). */
  name: string;
  /**
   * The module as a path: `./util`, `../errors/index`, or a bare path for an absolute import
   * (`email/errors`, `node:assert`, `tiny-invariant`). CallInfo.from.
   */
  from: string;
}

/** The imports of a file by the local name they bind. */
export type Imports = Map<string, Imported>;

/** A module path with `.` and `..` segments and empty segments collapsed (`./a/../b` → `./b`). */
export function normalizeModule(p: string): string {
  const rel = p.startsWith('./') || p.startsWith('../') || p === '.' || p === '..';
  const out: string[] = [];
  let up = 0;
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length) out.pop();
      else up++;
    } else out.push(seg);
  }
  if (!rel) return out.join('/');
  return (up ? '../'.repeat(up) : './') + out.join('/');
}
