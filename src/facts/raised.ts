// Messages a site raises that are written at other sites: the caught exception it raises again
// (`except TypeError as exc: raise TypeError(exc)`), and the class a factory function returns
// (`raise cls._unknown_exception_class()`).

import type { FileAnalysis, RawSite } from '../core/site.js';
import { isGeneric, lastSegment, type Template } from '../template/ir.js';
import type { CallerTable } from './callers.js';
import { siteTemplate, type ClassTable } from './classes.js';

/** Functions of the tree that only return a class (FileAnalysis.factories), by name. */
export class FactoryTable {
  private byName = new Map<string, { cls: string; file: string }[]>();

  add(file: string, a: FileAnalysis): void {
    for (const [name, list] of Object.entries(a.factories ?? {})) {
      this.byName.set(name, [...(this.byName.get(name) ?? []), ...list.map((cls) => ({ cls, file }))]);
    }
  }

  /**
   * `raise cls._unknown_exception_class()`: the messages of the classes the tree's functions of that
   * name return (dnspython: `UnknownRdatatype`, whose docstring is its message), raised without
   * arguments, each with its class.
   */
  messages(site: RawSite, classes: ClassTable): { template: Template; errorClass: string }[] {
    const out: { template: Template; errorClass: string }[] = [];
    for (const { cls, file } of (site.factory && this.byName.get(site.factory)) || []) {
      if (!classes.lookup(cls, file)) continue; // a constant, or a class from elsewhere: nothing known
      const t = siteTemplate({ ...site, errorClass: cls, template: null, args: [] }, file, classes).template;
      if (!isGeneric(t)) out.push({ template: t, errorClass: cls });
    }
    return out;
  }
}

/** Functions followed from a raised error value's calls (RawSite.wraps.values), at most, and how deep. */
const MAX_FOLLOWED = 32;
const MAX_DEPTH = 4;

/**
 * `for _, cls in inspect.getmembers(sys.modules[__name__], inspect.isclass): if cls.error == error:
 * raise cls(**kwargs)` (oauthlib's `raise_from_error`): each class the loop can raise, with its
 * message. The classes are those written in the loop, else the error classes of the site's file that
 * set the attribute tested (their own or a base's); the call's keywords are bound, a `**` spread is
 * nothing known (each class's defaults).
 */
export function loopMessages(site: RawSite, file: string, classes: ClassTable): { template: Template; errorClass: string }[] {
  const loop = site.loopClass;
  if (!loop) return [];
  const args = site.args.filter((a) => !a.expr.startsWith('*'));
  const out: { template: Template; errorClass: string }[] = [];
  const names = loop.names ?? classes.inFile(file).map((c) => c.name);
  for (const name of names.slice(0, MAX_LOOP_CLASSES)) {
    const r = classes.resolve(name, file);
    if (!r || (loop.attr !== null && !(loop.attr in r.attrs))) continue;
    const m = siteTemplate({ ...site, errorClass: name, template: null, args }, file, classes);
    for (const t of [m.template, ...m.branches]) if (!isGeneric(t)) out.push({ template: t, errorClass: name });
  }
  return out;
}
const MAX_LOOP_CLASSES = 200;

/**
 * The messages of a caught exception a site raises again as its message (`except TypeError as exc:
 * raise TypeError(exc) from None`): those the same file's functions the `try` body calls raise of
 * the class caught (any class, for `Exception`), with what their callers pass them. An error value
 * raised again (`wraps.values`: Go's `panic(err)`, Rust's `panic!("{}", e)`) has no class: any error
 * made in the functions called, or in those they hand errors on from (`forwards`), is its message.
 */
export function wrappedMessages(site: RawSite, file: string, a: FileAnalysis, classes: ClassTable, callers: CallerTable): Template[] {
  if (!site.wraps || site.wraps.calls.length === 0) return [];
  const values = !!site.wraps.values;
  const calls = values ? followed(site.wraps.calls, a.forwards ?? {}) : new Set(site.wraps.calls);
  const caught = lastSegment(site.wraps.caught);
  const anyClass = caught === null || caught === 'Exception' || caught === 'BaseException';
  const out: Template[] = [];
  for (const s of a.sites) {
    if (s === site || s.rethrow || (!s.errorClass && !values) || !calls.has(lastSegment(s.symbol) ?? '')) continue;
    if (!anyClass && lastSegment(s.errorClass) !== caught && !classes.resolve(s.errorClass!, file)?.bases.some((b) => lastSegment(b) === caught)) continue;
    const t = siteTemplate(s, file, classes).template;
    // (with the other messages of a runtime callable the body calls: `struct.pack`'s, RawSite.native)
    for (const m of [t, ...callers.expand(file, s, t).map((c) => c.template), ...(s.alternatives ?? [])]) if (!isGeneric(m)) out.push(m);
  }
  return out;
}

/** The names called, then those the functions of those names hand errors on from, breadth first, bounded. */
function followed(calls: string[], forwards: Record<string, string[]>): Set<string> {
  const seen = new Set(calls);
  let frontier = calls;
  for (let depth = 0; depth < MAX_DEPTH && frontier.length && seen.size < MAX_FOLLOWED; depth++) {
    const next: string[] = [];
    for (const name of frontier) {
      for (const g of Object.hasOwn(forwards, name) ? forwards[name] : []) {
        if (seen.has(g) || seen.size >= MAX_FOLLOWED) continue;
        seen.add(g);
        next.push(g);
      }
    }
    frontier = next;
  }
  return seen;
}
