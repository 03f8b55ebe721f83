// Messages returned by a method of another module: `raise Invalid(self.message('integer', state))`
// where `message` is defined on a base class in another file (`msg = self._messages[msgName]; return
// msg % kw`). A file is analyzed alone, so its pack leaves a hole with `call` (the callee and the
// call's arguments) and each file reports the methods it defines that return a message looked up by
// a parameter (FileAnalysis.returns). This pass, before the tables are read, binds the method's
// template to the call's arguments: the lookup takes the call's key, which record/tables.ts reads
// from the tables of the caller's file first (a subclass's `messages = dict(integer=…)`).

import type { ArgInfo, CallInfo, ClassInfo, FileAnalysis, MessageReturn, RawSite } from '../core/site.js';
import { bindTemplate, reprFor } from '../facts/classes.js';
import { isHole, normalize, type Hole, type Segment, type Template } from '../template/ir.js';

/** Files defining a method of one name that a call from another file is bound to, at most: past it the name is too common to tell. */
const MAX_DEFINERS = 3;
/** Calls a returned template is followed through, at most. */
const RESOLVE_DEPTH = 3;
/** Texts of one function choosing between them that a call is resolved to, at most. */
const MAX_CHOSEN = 8;
/** Overrides a base's hook call is filled with, at most (decision 0135). */
const MAX_HOOKS = 48;

interface Located extends MessageReturn {
  file: string;
}

export class ReturnIndex {
  private readonly byName = new Map<string, Located[]>();
  /** Overrides (MessageReturn.hook) by name: only for a base's hook calls. */
  private readonly hooks = new Map<string, Located[]>();

  add(file: string, returns: MessageReturn[] | undefined): void {
    for (const r of returns ?? []) {
      const map = r.hook ? this.hooks : this.byName;
      const list = map.get(r.name) ?? [];
      list.push({ ...r, file });
      map.set(r.name, list);
    }
  }

  /**
   * A template holding a hook call (Hole.call.hook: a base's `$this->failureDescription($other)`), once
   * with the base's own text in its place first, then once per override of that name in another file,
   * bound to the call's arguments (MAX_HOOKS at most). Other templates as they are.
   */
  expandHooks(t: Template, file: string): Template[] {
    const at = t.findIndex((s) => isHole(s) && !!s.hole.call?.hook);
    if (at < 0) return [t];
    const call = (t[at] as { hole: Hole }).hole.call!;
    const defs = (this.hooks.get(call.callee) ?? []).filter((d) => d.file !== file && d.params.length <= call.args.length).slice(0, MAX_HOOKS);
    const put = (x: Template) => normalize([...t.slice(0, at), ...x, ...t.slice(at + 1)]);
    return [put(call.hook!), ...defs.map((def) => put(bindTemplate(def.template, def.params, call.args, reprFor(file))))];
  }

  /** The methods a call of `name` from `file` may be: the file's own, else the tree's when few files define one. */
  private definers(name: string, file: string): Located[] {
    const list = this.byName.get(name) ?? [];
    const own = list.filter((r) => r.file === file);
    const from = own.length ? own : new Set(list.map((r) => r.file)).size <= MAX_DEFINERS ? list : [];
    // (a function choosing between texts, a `when`'s branches, reports each under its one name and line)
    return from.filter((r) => r.file === from[0].file && r.line === from[0].line).slice(0, MAX_CHOSEN);
  }

  /**
   * `t` resolved (resolve), and when its one call is of a function choosing between texts, each text it
   * may give: the first is `t`'s, the others messages the site may raise too (RawSite.alternatives).
   */
  resolveAll(t: Template, file: string): Template[] {
    const calls = t.filter((s) => isHole(s) && s.hole.call);
    if (calls.length !== 1) return [this.resolve(t, file)];
    const call = (calls[0] as { hole: Hole }).hole.call!;
    const defs = this.definers(call.callee, file);
    if (defs.length < 2 || (call.args.length === 0 && defs[0].params.length > 0)) return [this.resolve(t, file)];
    return defs.map((def) => normalize(t.flatMap((s): Segment[] => (isHole(s) && s.hole.call ? bindTemplate(def.template, def.params, call.args, reprFor(file)) : [s]))));
  }

  /**
   * `t` with its call holes replaced by what the called method returns for their arguments (a call no
   * method answers: a plain hole). A method of no parameters returning another call (`def message =
   * Messages.compile(@reason, @arguments)`, what an object holds handed on) is followed, RESOLVE_DEPTH
   * calls deep; a call giving no arguments is answered only by a method taking none (another method
   * of that name needs its key).
   */
  resolve(t: Template, file: string, depth = 0): Template {
    if (!t.some((s) => isHole(s) && s.hole.call)) return t;
    const out: Segment[] = [];
    for (const s of t) {
      if (!isHole(s) || !s.hole.call) {
        out.push(s);
        continue;
      }
      const { call, ...plain } = s.hole;
      if (call.hook) {
        out.push(...call.hook);
        continue;
      }
      const def = depth < RESOLVE_DEPTH ? this.definers(call.callee, file)[0] : undefined;
      if (!def || (call.args.length === 0 && def.params.length > 0)) out.push({ hole: plain });
      else {
        const bound = bindTemplate(def.template, def.params, call.args, reprFor(file));
        out.push(...(def.params.length === 0 ? this.resolve(bound, def.file, depth + 1) : bound));
      }
    }
    return normalize(out);
  }
}

/** The file's analysis with its call holes resolved (ReturnIndex.resolve); the same object when it has none. */
export function resolveReturns(a: FileAnalysis, file: string, index: ReturnIndex): FileAnalysis {
  let changed = false;
  const args = (list: ArgInfo[]): ArgInfo[] => {
    let any = false;
    const out = list.map((x) => {
      const [first, ...others] = index.expandHooks(x.template, file);
      const t = index.resolve(first, file);
      const alts = others.length || x.alts ? [...others, ...(x.alts ?? []).flatMap((y) => index.expandHooks(y, file))].map((y) => index.resolve(y, file)) : undefined;
      if (t === x.template && (!alts || (alts.length === x.alts?.length && alts.every((y, i) => y === x.alts![i])))) return x;
      any = true;
      return { ...x, template: t, ...(alts ? { alts } : {}) };
    });
    if (any) changed = true;
    return any ? out : list;
  };
  const sites = a.sites.map((s): RawSite => {
    const [own, ...hooked] = s.template ? index.expandHooks(s.template, file) : [];
    const all = own ? index.resolveAll(own, file) : null;
    const template = all ? all[0] : s.template;
    const sargs = args(s.args);
    const chosen = [...(all && all.length > 1 ? all.slice(1) : []), ...hooked.map((y) => index.resolve(y, file))];
    const alternatives = s.alternatives || chosen.length ? [...chosen, ...(s.alternatives?.flatMap((y) => index.expandHooks(y, file)).map((y) => index.resolve(y, file)) ?? [])] : undefined;
    const altsChanged = chosen.length > 0 || (!!alternatives && (alternatives.length !== s.alternatives!.length || alternatives.some((y, i) => y !== s.alternatives![i])));
    if (template === s.template && sargs === s.args && !altsChanged) return s;
    changed = true;
    return { ...s, template, args: sargs, ...(alternatives ? { alternatives } : {}) };
  });
  const calls = a.calls?.map((c): CallInfo => {
    const cargs = args(c.args);
    return cargs === c.args ? c : { ...c, args: cargs };
  });
  // (a class's own text may call one too: `class Bad(v: Long) : Exception(Texts.outOfRange(v))`)
  const classes = a.classes.map((c): ClassInfo => {
    const template = c.template ? index.resolve(c.template, file) : c.template;
    const superArgs = c.superArgs ? args(c.superArgs) : c.superArgs;
    if (template === c.template && superArgs === c.superArgs) return c;
    changed = true;
    return { ...c, template, ...(superArgs ? { superArgs } : {}) };
  });
  return changed ? { ...a, sites, calls, classes } : a;
}
