// Methods reached through `__getattr__` (cssutils' error handler: `__getattr__(self, name)`
// returns `self.__handle` when `name in ('debug', 'info', 'warn', 'error', …)`, and `__handle(msg,
// token, error=…)` raises `error('%s [%s:%s: %s]' % (msg, line, col, value))`). The tree's 151
// `self._log.error('Property: Unexpected ident.', token)` calls are calls of `__handle`: the
// message is written there, the traceback ends at the raise. Read from the text: the dispatch
// where `__getattr__` is defined (`dispatchers`), the names holding an instance of its class
// (`instanceNames`, tree-wide once a dispatcher is known), the calls through them (calls.ts).

export interface Dispatch {
  /** The class defining `__getattr__`, then the file's classes derived from it. */
  classes: string[];
  /** The method `__getattr__` returns (`__handle`). */
  method: string;
  /** The attribute names it returns it for. */
  names: string[];
}

const GETATTR = /^([ \t]+)def[ \t]+__getattr__[ \t]*\([ \t]*self[ \t]*,[ \t]*(\w+)[ \t]*\)[ \t]*:/gm;
const CLASS_HEAD = /^([ \t]*)class[ \t]+([A-Za-z_]\w*)[ \t]*(?:\(([^)]*)\))?[ \t]*:/gm;
/** A tuple, list or set of string literals. */
const STRINGS = /^[([{]\s*((?:(['"])\w+\2\s*,?\s*)+)[)\]}]$/;

const stringsOf = (text: string): string[] | null => {
  const m = STRINGS.exec(text.trim());
  return m ? [...m[1].matchAll(/(['"])(\w+)\1/g)].map((s) => s[2]) : null;
};

/**
 * Each `__getattr__(self, name)` of the file whose body tests `if name in NAMES:` (a literal
 * tuple, list or set of strings, or a local assigned one) and, in that branch, returns `self.m`
 * (a method, not called).
 */
export function dispatchers(source: string): Dispatch[] {
  if (!source.includes('__getattr__')) return [];
  const out: Dispatch[] = [];
  const heads = [...source.matchAll(CLASS_HEAD)].map((m) => ({ at: m.index!, indent: m[1].length, name: m[2], bases: (m[3] ?? '').split(',').map((b) => b.trim().split('.').pop()!) }));
  for (const g of source.matchAll(GETATTR)) {
    const indent = g[1].length;
    const param = g[2];
    const owner = heads.filter((h) => h.at < g.index! && h.indent < indent).pop();
    if (!owner) continue;
    const body = bodyOf(source, g.index! + g[0].length, indent);
    const locals = new Map<string, string[]>();
    for (const a of body.matchAll(/^[ \t]+(\w+)[ \t]*=[ \t]*([([{][^\n]*)$/gm)) {
      const names = stringsOf(a[2]);
      if (names) locals.set(a[1], names);
    }
    const test = new RegExp(`^([ \\t]+)(?:el)?if[ \\t]+${param}[ \\t]+in[ \\t]+([^:\\n]+):[ \\t]*$`, 'gm');
    for (const t of body.matchAll(test)) {
      const names = locals.get(t[2].trim()) ?? stringsOf(t[2]);
      if (!names?.length) continue;
      const branch = bodyOf(body, t.index! + t[0].length, t[1].length);
      const ret = /^[ \t]+return[ \t]+self\.([A-Za-z_]\w*)[ \t]*(?:#.*)?$/m.exec(branch);
      if (!ret) continue;
      const classes = [owner.name, ...heads.filter((h) => h.bases.includes(owner.name)).map((h) => h.name)];
      out.push({ classes, method: ret[1], names });
    }
  }
  return out;
}

/** The lines after `from` indented deeper than `indent` (a block's body), blank lines kept. */
function bodyOf(source: string, from: number, indent: number): string {
  let end = source.indexOf('\n', from);
  if (end < 0) return '';
  const start = end + 1;
  for (;;) {
    const next = source.indexOf('\n', end + 1);
    const line = source.slice(end + 1, next < 0 ? source.length : next);
    if (line.trim() !== '' && /^[ \t]*/.exec(line)![0].length <= indent) break;
    if (next < 0) return source.slice(start);
    end = next;
  }
  return source.slice(start, end);
}

/**
 * The names the file assigns an instance of one of `classes` (`_log = errorhandler.ErrorHandler()`,
 * `self.log = ErrorHandler(log=…)`): the attribute or variable, without `self.`.
 */
export function instanceNames(source: string, classes: readonly string[]): string[] {
  const wanted = classes.filter((c) => source.includes(`${c}(`));
  if (wanted.length === 0) return [];
  const re = new RegExp(`^[ \\t]*(?:self\\.|cls\\.)?([A-Za-z_]\\w*)[ \\t]*=[ \\t]*(?:[A-Za-z_][\\w.]*\\.)?(?:${wanted.join('|')})[ \\t]*\\(`, 'gm');
  return [...new Set([...source.matchAll(re)].map((m) => m[1]))];
}
