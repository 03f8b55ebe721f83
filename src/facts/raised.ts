// Messages a site raises that are written at other sites: the caught exception it raises again
// (`except TypeError as exc: raise TypeError(exc)`), and the class a factory function returns
// (`raise cls._unknown_exception_class()`).

import { reraisesCaught, type FileAnalysis, type RawSite } from '../core/site.js';
import { concat, hasKeyedLookup, isGeneric, isHole, lastSegment, type Template } from '../template/ir.js';
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
 * The tree's raises by the function they are in, and the names each function calls
 * (FileAnalysis.forwards), for a re-raise of a caught error whose `try` body calls a function of
 * another file (`catch (MalformedURLException e) { throw new ConfigurationException(e.getMessage()); }`
 * around `DnsUrl.fromList(url)`). A function is known by its name, or by its class and name when
 * the call names a class (`DnsUrl.fromList`, `DnsUrl.<init>` for `new DnsUrl(…)`).
 */
export class RaiseIndex {
  private fns = new Map<string, RaiseFn[]>();
  /** A file's functions' calls when its language reads them on demand (LanguageAnalyzer.callsByFunction), read once. */
  private lazy = new Map<string, { read: () => Record<string, string[]>; calls?: Map<string, string[]>; byName?: Map<string, RaiseFn[]> }>();

  /** `callsOf`: the file's functions' calls, read when a re-raise's calls are followed into the file. */
  add(file: string, a: FileAnalysis, callsOf?: () => Record<string, string[]>): void {
    const own = new Map<string, RaiseFn>();
    const entry = (symbol: string) => {
      let e = own.get(symbol);
      if (!e) {
        const { cls, name } = partsOf(symbol);
        own.set(symbol, (e = { symbol, cls, file, sites: [], calls: [] }));
        const list = this.fns.get(name);
        if (list) list.push(e);
        else this.fns.set(name, [e]);
      }
      return e;
    };
    for (const s of a.sites) if (s.symbol && s.errorClass && !s.rethrow) entry(s.symbol).sites.push(s);
    for (const [symbol, calls] of Object.entries(a.forwards ?? {})) entry(symbol).calls.push(...calls);
    const known = a.callsByFunction;
    if (known) this.lazy.set(file, { read: () => known });
    else if (callsOf) this.lazy.set(file, { read: callsOf });
  }

  /** The calls of a function `resolve` gave: its file's forwards, or those read on demand. */
  callsOf(fn: RaiseFn): string[] {
    return fn.calls.length ? fn.calls : this.lazyCalls(fn.file)?.get(fn.symbol) ?? [];
  }

  private lazyCalls(file: string): Map<string, string[]> | null {
    const l = this.lazy.get(file);
    if (!l) return null;
    l.calls ??= new Map(Object.entries(l.read()));
    return l.calls;
  }

  /** The file's functions whose calls were read on demand, by function name (grouped once: resolve asks per call). */
  private lazyByName(file: string): Map<string, RaiseFn[]> | null {
    const calls = this.lazyCalls(file);
    if (!calls) return null;
    const l = this.lazy.get(file)!;
    if (!l.byName) {
      l.byName = new Map();
      for (const [symbol, called] of calls) {
        const { cls, name } = partsOf(symbol);
        const fn: RaiseFn = { symbol, cls, file, sites: [], calls: called };
        const list = l.byName.get(name);
        if (list) list.push(fn);
        else l.byName.set(name, [fn]);
      }
    }
    return l.byName;
  }

  /**
   * The functions a call of `name` may run: the file's own when it defines one of that name (a
   * local definition shadows the others; with calls read on demand, one that raises nothing
   * itself too), else the tree's that raise, unless more than MAX_DEFINITIONS define it (a name
   * too common to say which).
   */
  resolve(name: string, file: string): RaiseFn[] {
    const dot = name.lastIndexOf('.');
    const cls = dot > 0 ? name.slice(0, dot) : null;
    const base = dot > 0 ? name.slice(dot + 1) : name;
    const all = (this.fns.get(base) ?? []).filter((e) => cls === null || e.cls === cls);
    const mine = all.filter((e) => e.file === file);
    // (a function of the file that raises nothing itself: only its calls, known when read on demand)
    const known = new Set(mine.map((e) => e.symbol));
    for (const fn of this.lazyByName(file)?.get(base) ?? []) if (!known.has(fn.symbol) && (cls === null || fn.cls === cls)) mine.push(fn);
    if (mine.length) return mine;
    return all.length <= MAX_DEFINITIONS ? all : [];
  }
}

/** A symbol's function name and the class (or enclosing name) before it (`DnsUrl.fromList`: `DnsUrl`, `fromList`). */
function partsOf(symbol: string): { cls: string | null; name: string } {
  const parts = symbol.split('.');
  return { cls: parts.length > 1 ? parts[parts.length - 2] : null, name: parts[parts.length - 1] };
}

/** A function of the tree: where it is, its raises, and the calls its file's analysis gave (FileAnalysis.forwards). */
interface RaiseFn {
  symbol: string;
  cls: string | null;
  file: string;
  sites: RawSite[];
  calls: string[];
}

/** Functions of one name a call is followed into at most (RaiseIndex.resolve). */
const MAX_DEFINITIONS = 8;
/** Wrapped re-raises followed inside one another (a re-raise of a re-raise) at most. */
const MAX_NESTING = 2;
/** Inner messages given to one re-raise at most. */
const MAX_WRAPPED = 64;

/**
 * The messages of a caught exception a site raises again (`except TypeError as exc: raise
 * TypeError(exc) from None`, `catch (X e) { throw new Y("bad: " + e.getMessage()); }`): those the
 * functions the `try` body calls raise of the class caught (any class, for `Exception`), with what
 * their callers pass them, each put in the site's template for the caught message (Hole.inner).
 * The functions are the file's, else the tree's (RaiseIndex), and those they call (the forwards a
 * pack gives: in Java every call hands its exceptions on), breadth first, bounded. An error value
 * raised again (`wraps.values`: Go's `panic(err)`, Rust's `panic!("{}", e)`) has no class: any error
 * made in the functions called, or in those they hand errors on from (`forwards`), in the same file,
 * is its message.
 */
export function wrappedMessages(site: RawSite, file: string, a: FileAnalysis, classes: ClassTable, callers: CallerTable, raises?: RaiseIndex, nesting = 0): WrappedMessage[] {
  if (!site.wraps || (site.wraps.calls.length === 0 && !site.wraps.body)) return [];
  if (site.wraps.values || !raises) return sameFileMessages(site, file, a, classes, callers).map((template) => ({ template, at: null }));
  const caught = lastSegment(site.wraps.caught);
  const anyClass = caught === null || caught === 'Exception' || caught === 'BaseException' || caught === 'Throwable';
  const inner: InnerMessage[] = [];
  // (the raises written in the `try` body itself, of the class caught: `try: … raise ParseError('Message
  // type …') … except ParseError as e: raise ParseError(str(e))`)
  const body = site.wraps.body;
  if (body) {
    for (const s of a.sites) {
      if (s === site || inner.length >= MAX_WRAPPED || s.line < body[0] || s.line > body[1] || s.symbol !== site.symbol) continue;
      if (!s.errorClass || s.rethrow || (!anyClass && !raisesClass(s, caught, file, classes))) continue;
      const t = siteTemplate(s, file, classes).template;
      const at = { file, line: s.line };
      const sameClass = lastSegment(s.errorClass) === lastSegment(site.errorClass);
      for (const m of messagesOf(s, file, t, callers)) inner.push({ template: m, at, sameClass });
    }
  }
  const seen = new Set<string>(site.wraps.calls);
  let frontier = site.wraps.calls.map((name) => ({ name, from: file }));
  for (let depth = 0; depth < MAX_DEPTH && frontier.length && inner.length < MAX_WRAPPED; depth++) {
    const next: typeof frontier = [];
    for (const { name, from } of frontier) {
      for (const fn of raises.resolve(name, from)) {
        for (const s of fn.sites) {
          if (s === site || inner.length >= MAX_WRAPPED) continue;
          if (!anyClass && !raisesClass(s, caught, fn.file, classes)) continue;
          const t = siteTemplate(s, fn.file, classes).template;
          // (a raise that itself re-raises what it caught: the messages it wraps)
          const own = isGeneric(t) && reraisesCaught(s) && nesting < MAX_NESTING ? wrappedMessages(s, fn.file, a, classes, callers, raises, nesting + 1) : [];
          const at = { file: fn.file, line: s.line };
          const sameClass = lastSegment(s.errorClass) === lastSegment(site.errorClass);
          for (const m of messagesOf(s, fn.file, t, callers)) inner.push({ template: m, at, sameClass });
          inner.push(...own);
        }
        for (const c of raises.callsOf(fn)) {
          if (seen.has(c) || seen.size >= MAX_FOLLOWED) continue;
          seen.add(c);
          next.push({ name: c, from: fn.file });
        }
      }
    }
    frontier = next;
  }
  // (the re-raise's class writes its message from the arguments: PatternError's `{msg} at column {pos}`)
  const formats = site.errorClass !== null && !!classes.resolve(site.errorClass, file)?.template;
  return put(site, inner.slice(0, MAX_WRAPPED), formats);
}

/** A message a re-raise passes on, and, when it passes it on as it is, where the raise it catches is (else null). */
export interface WrappedMessage {
  template: Template;
  at: { file: string; line: number } | null;
}

/** An inner raise's message, and whether it raises the re-raise's own class. */
interface InnerMessage extends WrappedMessage {
  sameClass?: boolean;
}

/**
 * Each inner message in the place of the site's first hole holding the caught message (itself when
 * the template is only that hole). Not the inner raise's own text again for a re-raise of its own
 * class when that class formats its message (`formats`: `except PatternError as e: caught = e` …
 * `raise PatternError(caught.msg, caught.pos)`):
 * the re-raise's template reads that message with its hole, which ranks it just above the raise it
 * catches (match/wrap.ts reraiseAbove); a copy of the inner text would only tie with it.
 */
function put(site: RawSite, inner: InnerMessage[], formats: boolean): WrappedMessage[] {
  const t = site.template ?? [];
  const hole = t.findIndex((s) => isHole(s) && s.hole.inner);
  // (where the text is written: only for a message passed on as it is)
  const asIs = hole < 0 || t.length === 1;
  const seen = new Set<string>();
  const out: WrappedMessage[] = [];
  for (const m of inner) {
    const whole = hole < 0 ? m.template : concat(...t.slice(0, hole).map((s) => [s]), m.template, ...t.slice(hole + 1).map((s) => [s]));
    const key = JSON.stringify(whole);
    if (m.sameClass && formats && key === JSON.stringify(m.template)) continue;
    if (!seen.has(key)) {
      seen.add(key);
      out.push({ template: whole, at: asIs ? m.at : null });
    }
  }
  return out;
}

/** wrappedMessages within the file (an error value raised again; a language with no RaiseIndex). */
function sameFileMessages(site: RawSite, file: string, a: FileAnalysis, classes: ClassTable, callers: CallerTable): Template[] {
  const values = !!site.wraps!.values;
  const calls = values ? followed(site.wraps!.calls, a.forwards ?? {}) : new Set(site.wraps!.calls);
  const caught = lastSegment(site.wraps!.caught);
  const anyClass = caught === null || caught === 'Exception' || caught === 'BaseException';
  const out: Template[] = [];
  for (const s of a.sites) {
    if (s === site || s.rethrow || (!s.errorClass && !values) || !calls.has(lastSegment(s.symbol) ?? '')) continue;
    if (!anyClass && !raisesClass(s, caught, file, classes)) continue;
    const t = siteTemplate(s, file, classes).template;
    // (with the other messages of a runtime callable the body calls: `struct.pack`'s, RawSite.native)
    out.push(...messagesOf(s, file, t, callers));
  }
  return out;
}

/** Whether the site raises the class `caught` names, or one of its subclasses. */
function raisesClass(s: RawSite, caught: string | null, file: string, classes: ClassTable): boolean {
  return lastSegment(s.errorClass) === caught || !!classes.resolve(s.errorClass!, file)?.bases.some((b) => lastSegment(b) === caught);
}

/** A raise's messages a re-raise of its error passes on: its template, what its callers pass it, its other texts; none generic (but a table's entry by its key, put in once the record is made). */
function messagesOf(s: RawSite, file: string, t: Template, callers: CallerTable): Template[] {
  return [t, ...callers.expand(file, s, t).map((c) => c.template), ...(s.alternatives ?? [])].filter((m) => !isGeneric(m) || hasKeyedLookup(m));
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
