// Which file an import names. A pack writes an imported callee's module as a path (CallInfo.from):
// relative to the calling file (`./util`, `../errors`) or, for an absolute Python import, from the
// top of some package (`email/errors`). A file is named when its path without the extension (and
// without a last `index` / `__init__`) is the module's, or lies under it (a package whose index
// re-exports the helper defined in one of its modules).

const stems = new Map<string, string>();

/** `pkg/util.py` → `pkg/util`; `lib/index.js` → `lib`; `pkg/__init__.py` → `pkg`. */
function stemOf(file: string): string {
  let s = stems.get(file);
  if (s !== undefined) return s;
  s = file.replace(/\.[^./]+$/, '').replace(/(?:^|\/)(?:index|__init__)$/, '');
  if (stems.size > 100_000) stems.clear();
  stems.set(file, s);
  return s;
}

/** `a/b/c.js` with `../d` → `a/d`; null when it climbs above the tree's top. */
function join(file: string, rel: string): string | null {
  const out = file.split('/').slice(0, -1);
  for (const seg of rel.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}

/** Whether the module `from`, imported by `caller`, can be (or re-export from) `file`. */
export function importNames(caller: string, from: string, file: string): boolean {
  const target = stemOf(file);
  if (from.startsWith('./') || from.startsWith('../')) {
    const m = join(caller, from);
    if (m === null) return false;
    const mod = m.replace(/(?:^|\/)(?:index|__init__)$/, '');
    return target === mod || (mod !== '' && target.startsWith(`${mod}/`));
  }
  // An absolute import names a package from wherever the tree's top is (`email/errors` is
  // `email/errors.py` of the stdlib, `lib/email/errors.py` of a checkout).
  return target === from || target.endsWith(`/${from}`) || target.startsWith(`${from}/`) || target.includes(`/${from}/`);
}
