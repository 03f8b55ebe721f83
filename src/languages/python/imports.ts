// What a Python file imports, from its text in one pass (`from .util import fail as f`,
// `from email import errors`, `import xml.dom.minidom as md`): see shared/imports.ts.

import { normalizeModule, type Imports } from '../shared/imports.js';

const FROM_IMPORT = /[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*(?:\\\n[^\n#;]*)*)/y;
const PLAIN_IMPORT = /[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)/y;

/** `..pkg.mod` → `../pkg/mod`; `pkg.mod` → `pkg/mod`. */
function modulePath(dots: string, dotted: string): string {
  const path = dotted.split('.').filter(Boolean).join('/');
  if (!dots) return path;
  return normalizeModule(`./${'../'.repeat(dots.length - 1)}${path}`);
}

/**
 * Local name → what it names. `from .m import f` binds `f` to `f` of `./m`; `import a.b as m` and
 * `from . import m` bind `m` to the module (`*`), whose attributes' calls (`m.f(…)`) are looked up
 * as `f` of it (`from . import m` is also read as `m` of `./__init__`).
 */
export function pythonImports(source: string): Imports {
  const out: Imports = new Map();
  if (!source.includes('import')) return out;
  // (each line holding `import` is read from its start: one pass over the text's `import`s)
  let lastLine = -1;
  for (let i = source.indexOf('import'); i >= 0; i = source.indexOf('import', i + 6)) {
    const ls = source.lastIndexOf('\n', i) + 1;
    if (ls === lastLine) continue;
    lastLine = ls;
    FROM_IMPORT.lastIndex = ls;
    const f = FROM_IMPORT.exec(source);
    if (f) {
      fromImport(out, f);
      continue;
    }
    PLAIN_IMPORT.lastIndex = ls;
    const p = PLAIN_IMPORT.exec(source);
    if (p) plainImport(out, p);
  }
  return out;
}

function fromImport(out: Imports, m: RegExpExecArray): void {
  const from = modulePath(m[1], m[2]);
  if (!from) return;
  for (const item of m[3].replace(/[()\\]/g, ' ').split(',')) {
    const parts = item.trim().split(/\s+as\s+/);
    const name = parts[0]?.trim();
    const local = (parts[1] ?? parts[0])?.trim();
    if (!name || !local || !/^\w+$/.test(name) || !/^\w+$/.test(local)) continue;
    // (`from . import m` or `from pkg import m`: m may be a module of the package or a name its __init__ defines)
    out.set(local, { name, from });
    out.set(`${local}.*`, { name: '*', from: from.endsWith('/') ? from + name : `${from}/${name}` });
  }
}

function plainImport(out: Imports, m: RegExpExecArray): void {
  for (const item of m[1].split(',')) {
    const parts = item.trim().split(/\s+as\s+/);
    const dotted = parts[0]?.trim();
    if (!dotted) continue;
    const local = parts[1]?.trim() ?? dotted;
    out.set(`${local}.*`, { name: '*', from: modulePath('', dotted) });
  }
}
