// Error classes across the whole tree: an error class whose constructor fixes
// the message contributes that message to every site that raises it, with the
// call's arguments bound to the constructor's parameters.

import type { AltWhen, ArgInfo, ClassInfo, RawSite } from '../core/site.js';
import { packForFile } from '../languages/registry.js';
import { boundExpr, dedentTemplate, hasKeyedLookup, hole, isGeneric, isHole, isLit, lastSegment, lit, literalOf, memberKey, normalize, openFields, passesParam, trimTemplate, type Template } from '../template/ir.js';

interface Located extends ClassInfo {
  file: string;
}

/** `Mod::Class`, `::A::B::C`: constants all the way. */
const CONSTANT_PATH = /^(?:::)?(?:[A-Z]\w*::)+[A-Z]\w*$/;

/** Of the classes a path names (`A::B::C`, `::A::C`), those whose namespace fits its qualifier. */
function byQualifier(list: Located[], name: string): Located[] {
  const rooted = name.startsWith('::');
  const path = rooted ? name.slice(2) : name;
  const at = path.lastIndexOf('::');
  const q = at < 0 ? '' : path.slice(0, at);
  const fits = (ns: string): boolean => ns === q || (!rooted && ns.endsWith('::' + q));
  const known = list.filter((c) => c.namespace !== undefined);
  if (!known.length) return list;
  const match = known.filter((c) => fits(c.namespace!));
  return match.length ? match : list.filter((c) => c.namespace === undefined);
}

export class ClassTable {
  private byName = new Map<string, Located[]>();
  /** resolve() by name and file: every site raising a class asks again (results are shared, not copied). */
  private resolved = new Map<string, Resolved | undefined>();

  add(file: string, classes: ClassInfo[]): void {
    this.resolved.clear();
    this.derived = null;
    for (const c of classes) {
      const list = this.byName.get(c.name) ?? [];
      list.push({ ...c, file });
      this.byName.set(c.name, list);
    }
  }

  /** The classes `file` defines, in order. */
  inFile(file: string): Located[] {
    const out: Located[] = [];
    for (const list of this.byName.values()) for (const c of list) if (c.file === file) out.push(c);
    return out.sort((a, b) => a.line - b.line);
  }

  /** The class a name refers to from `file`: same file first, then the nearest directory. */
  lookup(name: string, file: string): Located | undefined {
    // (a constant path, Ruby's `REXML::ParseException` or `::Foo::Bar`, names the class by its last
    // constant; not a path with a module in lower case, Rust's `io::Error`)
    let list = this.byName.get(lastSegment(name)) ?? (CONSTANT_PATH.test(name) ? this.byName.get(name.slice(name.lastIndexOf('::') + 2)) : undefined);
    // (a class nested in a namespace is named by its bare name only from code near it: another
    // library's `ISO8601::Errors::RangeError` is not the `RangeError` a file sharing no directory with it raises)
    if (list && !name.includes('::') && list.some((c) => c.nested)) list = list.filter((c) => !c.nested || c.file === file || sharesDir(c.file, file));
    // (a path reaches only a class whose namespace ends with its qualifier: `Date::Error` is not the
    // `Error` of another namespace; classes of unknown namespace stay candidates when none fits)
    if (list && name.includes('::') && CONSTANT_PATH.test(name)) list = byQualifier(list, name);
    if (!list || list.length === 0) return undefined;
    if (list.length === 1) return list[0];
    let best = list[0];
    let bestScore = -1;
    for (const c of list) {
      const score = c.file === file ? 1e6 : commonPrefix(c.file, file);
      if (score > bestScore) [best, bestScore] = [c, score];
    }
    return best;
  }

  /**
   * Walk up the bases (within the tree) to the first class that fixes a
   * message, code or status; returns the chain's effective facts.
   */
  resolve(name: string, file: string): Resolved | undefined {
    const key = `${name}\0${file}`;
    if (this.resolved.has(key)) return this.resolved.get(key);
    const r = this.resolveChain(name, file);
    this.resolved.set(key, r);
    return r;
  }

  private resolveChain(name: string, file: string): Resolved | undefined {
    const first = this.lookup(name, file);
    if (!first) return undefined;
    const chain: string[] = [];
    let code: string | null = null;
    let httpStatus: number | null = null;
    const attrs: Record<string, string> = {};
    const props: Record<string, Template> = {};
    let doc: string | null = null;
    let usesDoc = false;
    let cls: Located | undefined = first;
    for (let depth = 0; cls && depth < MAX_CHAIN; depth++) {
      code = code ?? cls.code ?? null;
      httpStatus = httpStatus ?? cls.httpStatus ?? null;
      // (the most derived class's attribute or property of a name: a property shadows a base's attribute, and an attribute a base's property)
      for (const [k, v] of Object.entries(cls.attrs ?? {})) if (!(k in attrs) && !(k in props)) attrs[k] = v;
      for (const [k, v] of Object.entries(cls.props ?? {})) if (!(k in attrs) && !(k in props)) props[k] = v;
      doc ??= cls.doc ?? null;
      usesDoc ||= !!cls.usesDoc;
      chain.push(...cls.bases);
      cls = this.base(cls);
    }
    const t = this.message(first, 0);
    return {
      template: t?.template ?? null, alts: t?.alts ?? [], altWhen: t?.altWhen ?? [], branches: t?.branches ?? [], branchAlts: t?.branchAlts ?? [], params: t?.params ?? [], fromAttr: t?.fromAttr ?? false, code, httpStatus, bases: chain,
      attrs, props, doc: usesDoc ? doc : null,
    };
  }

  /** A base class's name less its module path → the names (less theirs) of the classes deriving from it, directly or not: built once. */
  private derived: Map<string, Set<string>> | null = null;

  /**
   * The names (less module paths) of the tree's classes deriving from the class `name` names from
   * `file`, at most `max`; null when the tree does not define that class (unless `anyClass`) or more
   * derive from it.
   */
  subclasses(name: string, file: string, max: number, anyClass = false): string[] | null {
    // (`anyClass`: a class the table may not hold, one of no base, `class RegexValidator:`, by its name)
    const found = this.lookup(name, file);
    if (!found && !anyClass) return null;
    const tail = lastSegment(found?.name ?? name);
    const out = [...(this.derivedIndex().get(tail) ?? [])].filter((n) => n !== tail);
    return out.length > max ? null : out.sort();
  }

  /** ClassTable.derived, from each class's chain of bases (no message is resolved for it). */
  private derivedIndex(): Map<string, Set<string>> {
    if (this.derived) return this.derived;
    const out = new Map<string, Set<string>>();
    for (const list of this.byName.values()) {
      for (const c of list) {
        const own = lastSegment(c.name);
        let cls: Located | undefined = c;
        for (let depth = 0; cls && depth < MAX_CHAIN; depth++) {
          for (const b of cls.bases) {
            const t = lastSegment(b);
            let set = out.get(t);
            if (!set) out.set(t, (set = new Set()));
            set.add(own);
          }
          cls = this.base(cls);
        }
      }
    }
    return (this.derived = out);
  }

  private base(cls: Located): Located | undefined {
    for (const b of cls.bases) {
      const found = b !== cls.name ? this.lookup(b, cls.file) : undefined;
      if (found) return found;
    }
    return undefined;
  }

  /**
   * The message a class fixes: its own `__str__`; else its base's message with the
   * arguments it passes to the base constructor bound in; else its own; else its base's.
   * Params are those of the nearest class (from this one up) that has any.
   */
  private message(cls: Located, depth: number): ClassMessage | null {
    if (depth >= MAX_CHAIN) return null;
    const own = cls.template && cls.template.length
      ? { template: cls.template, alts: cls.alts ?? [], altWhen: cls.altWhen ?? [], branches: cls.branches ?? [], branchAlts: cls.branchAlts ?? [], params: cls.params, fromAttr: cls.templateFrom === 'attr' }
      : null;
    if (own && cls.templateFrom === 'str') return own;
    const base = this.base(cls);
    const inherited = base ? this.message(base, depth + 1) : null;
    // `Error.__init__(self, msg)` in a class whose first base is another: Error's message
    const target = cls.superClass ? this.lookup(cls.superClass, cls.file) : base;
    const called = target && target !== base ? (target !== cls ? this.message(target, depth + 1) : null) : inherited;
    // (a base's kept text, `default_detail = 'A server error occurred.'`, that the class's constructor
    // replaces by handing the base a text of its own: that text)
    // (a base that hands what it is given on as it is, avro's `AvroTypeException.__init__(self, *args)`
    // falling back to `super().__init__(*args)`: a subclass handing it its own text says that text)
    if (own && cls.templateFrom === 'super' && target?.passesArgsOn && ownText(own.template)) return own;
    if (own && called?.fromAttr && cls.superArgs && !passesParam(called.template, called.params) && ownText(own.template) && cls.superArgs.some((a) => a.name === null)) return own;
    if (called && cls.superArgs) {
      const templates = [called.template, ...called.alts];
      const bound = chooseBound(templates, called.params, cls.superArgs, reprFor(cls.file));
      if (!own || !isGeneric(bound) || isGeneric(own.template)) {
        // an argument the constructor sets in exclusive branches gives the class one message each; a site
        // takes the one using the arguments it passes (chooseBound)
        const variants = argVariants(cls.superArgs).map((args) => chooseBound(templates, called.params, args, reprFor(cls.file)));
        // (a variant using the same parameters as the first, `super(nil, "… #{error_message}")` whose
        // method returns one of two texts by an `if`, is chosen by no call's arguments: every raise
        // may give it, a branch)
        const uses = paramsUsed(bound, cls.params);
        const same = (t: Template) => paramsUsed(t, cls.params) === uses;
        // (the base's other forms, bound to the same arguments, when they need other parameters of this
        // class: `sprintf('Invalid "%s" notifier DSN: %s', $dsn, $message)` only `if ($dsn)`, the bare
        // message otherwise; a raise passing no `$dsn` takes the bare one, chooseBound at the site)
        const forms = templates.length > 1 ? templates.map((t) => bindTemplate(t, called.params, cls.superArgs!, reprFor(cls.file))).filter((t) => !same(t)) : [];
        // (a class handing its base only what it is given, whose own branches are the texts its other
        // constructors make of it: those texts too)
        const given = own && own.branches.length && own.template.length === 1 && isHole(own.template[0]) ? own.branches : [];
        return { template: bound, alts: [...variants.filter((t) => !same(t)), ...forms], altWhen: [], branches: [...variants.filter(same), ...given], branchAlts: [], params: cls.params, fromAttr: false };
      }
    }
    if (own) return own;
    if (!inherited) return null;
    const filled = cls.initTexts ? withInitTexts(inherited, cls.initTexts) : inherited;
    return cls.params.length ? { ...filled, params: cls.params } : filled;
  }
}

/**
 * An inherited message whose `self.x` holes the class's constructor sets to a text (ClassInfo.initTexts:
 * a base's `__str__` returning `self.message`, a subclass's `__init__` setting it): those texts, their
 * holes the class's own parameters. Unchanged when none is filled.
 */
function withInitTexts(m: ClassMessage, texts: Record<string, Template>): ClassMessage {
  let changed = false;
  const textOf = (s: Template[number]): Template | undefined => {
    const attr = isHole(s) ? /^self\.(\w+)$/.exec(s.hole.expr ?? '')?.[1] : undefined;
    return attr !== undefined && Object.hasOwn(texts, attr) ? texts[attr] : undefined;
  };
  const fill = (t: Template): Template => {
    if (!t.some((s) => textOf(s))) return t;
    changed = true;
    return normalize(t.flatMap((s): Template => textOf(s) ?? [s]));
  };
  const out = { ...m, template: fill(m.template), alts: m.alts.map(fill), branches: m.branches.map(fill) };
  return changed ? { ...out, fromAttr: false } : m;
}

/** What a class's message is made of, as `message` finds it along the chain. */
interface ClassMessage {
  template: Template;
  alts: Template[];
  altWhen: (AltWhen | null)[];
  branches: Template[];
  branchAlts: Template[][];
  params: string[];
  /** ClassInfo.templateFrom is `attr`: a text the class keeps, which a raise passing its own may replace. */
  fromAttr: boolean;
}

export interface Resolved {
  template: Template | null;
  /** Other messages the class can fix (a parameter's default, or the parameter itself). */
  alts: Template[];
  /** ClassInfo.altWhen, of the class whose constructor has the alternatives ([] when none has conditions). */
  altWhen: (AltWhen | null)[];
  /** Other messages the class fixes by a condition (ClassInfo.branches): every site may raise each. */
  branches: Template[];
  /** Each branch's other forms (ClassInfo.branchAlts): a site takes the one its arguments use. */
  branchAlts: Template[][];
  params: string[];
  /** ClassMessage.fromAttr. */
  fromAttr: boolean;
  code: string | null;
  httpStatus: number | null;
  bases: string[];
  /** String class attributes along the chain, the most derived first. */
  attrs: Record<string, string>;
  /** The texts of properties along the chain (ClassInfo.props), where no more derived class sets an attribute of the name. */
  props: Record<string, Template>;
  /** The docstring of the nearest class that has one, when the chain says its docstring. */
  doc: string | null;
}

const MAX_CHAIN = 8;

/** Whether a call gives parameter `p`: by keyword, or by position. */
function passedBy(params: string[], args: ArgInfo[]): (p: string) => boolean {
  const positional = args.filter((a) => a.name === null).length;
  return (p) => {
    const i = params.indexOf(p);
    return args.some((a) => a.name === p) || (i >= 0 && i < positional);
  };
}

/**
 * Among a class's templates, the one that best fits the arguments a call passes: it
 * uses them, and does not need parameters the call leaves out (`While opening
 * {filename}: ...` when no filename is given). Bound.
 */
function chooseBound(templates: Template[], params: string[], args: ArgInfo[], repr: Repr): Template {
  return bindTemplate(chooseTemplate(templates, params, args), params, args, repr);
}

/** The template chooseBound binds: the one whose holes the call passes most, unbound. */
function chooseTemplate(templates: Template[], params: string[], args: ArgInfo[]): Template {
  const passed = passedBy(params, args);
  let best = templates[0];
  let bestScore = -Infinity;
  for (const t of templates) {
    let score = 0;
    for (const s of t) {
      if (!isHole(s) || !s.hole.expr || !params.includes(s.hole.expr)) continue;
      score += passed(s.hole.expr) ? 2 : -1;
    }
    if (score > bestScore) [best, bestScore] = [t, score];
  }
  return best;
}

/** The arguments with one argument's alternative in its place, for each alternative (ArgInfo.alts). */
function argVariants(args: ArgInfo[]): ArgInfo[][] {
  const out: ArgInfo[][] = [];
  args.forEach((a, i) => {
    for (const t of a.alts ?? []) if (out.length < MAX_VARIANTS) out.push(args.map((b, j) => (j === i ? { ...b, template: t } : b)));
  });
  return out;
}
const MAX_VARIANTS = 8;

/** The class's parameters a template's holes show, sorted and joined: which arguments a call must pass for it. */
function paramsUsed(t: Template, params: string[]): string {
  const used = new Set<string>();
  for (const s of t) if (isHole(s) && s.hole.expr && params.includes(s.hole.expr)) used.add(s.hole.expr);
  return [...used].sort().join('\0');
}

/**
 * Whether two files of a tree are of one part of it: under one directory, or one beside the directory
 * named as it is (`virtus.rb` and `virtus/attribute/strict.rb`).
 */
function sharesDir(a: string, b: string): boolean {
  const top = (p: string) => p.split('/')[0].replace(/\.\w+$/, '');
  return top(a) === top(b) && (a.includes('/') || b.includes('/'));
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** What a repr hole shows for an argument, when known (the language pack's rule); null keeps the hole. */
export type Repr = (arg: ArgInfo) => Template | null;

const NO_REPR: Repr = () => null;

/** The repr rule of the language a file is in. */
export const reprFor = (file: string): Repr => packForFile(file)?.repr ?? NO_REPR;

/**
 * Substitute a class template's parameter holes with the call's arguments. An argument bound into a
 * repr hole is shown as repr() shows it when that is known (`NotFound('abc')` with `'%r not found' %
 * key` is `'abc' not found` in Python), else the hole stays.
 */
export function bindTemplate(template: Template, params: string[], args: ArgInfo[], repr: Repr): Template {
  const positional = args.filter((a) => a.name === null);
  const out: Template = [];
  const dropped = new Map<number, string>();
  for (const seg of template) {
    if (!isHole(seg) || !boundExpr(seg.hole)) {
      out.push(seg);
      continue;
    }
    const param = boundExpr(seg.hole)!;
    const idx = params.indexOf(param);
    const arg = args.find((a) => a.name === param) ?? (idx >= 0 ? positional[idx] : undefined);
    const fmt = seg.hole.fmt;
    const look = seg.hole.lookup;
    if (arg && look && look.key === null) {
      // `messages[code]` with the caller's `'string.min'`: that key of the table (record/ reads it);
      // a caller passing its own parameter on keeps the lookup for its callers.
      // (an enum member or a namespace's constant, `Errors.UnexpectedToken`, keys the table as written: memberKey)
      const passed = arg.template.length === 1 && isHole(arg.template[0]) ? arg.template[0].hole.expr : undefined;
      const key = literalOf(arg.template) ?? (passed !== undefined ? memberKey(passed) : null);
      // (a key written around the parameter, `"#{key}.summary"`, keeps its written end too)
      if (key !== null) out.push({ hole: { ...seg.hole, lookup: { table: look.table, key: (look.keyPrefix ?? '') + key + (look.param !== undefined ? look.keySuffix ?? '' : '') } } });
      else out.push(passed ? { hole: { ...seg.hole, lookup: { ...look, param: passed } } } : seg);
      continue;
    }
    if (seg.hole.rest !== undefined && idx >= 0 && !args.some((a) => a.name !== null)) {
      // (`...args` joined: the caller's arguments from the parameter's position on, joined)
      const given = positional.slice(idx);
      if (given.length === 0) out.push(seg);
      given.forEach((a, i) => out.push(...(i ? [lit(seg.hole.rest!)] : []), ...a.template));
      continue;
    }
    if (arg && seg.hole.absent && arg.expr.trim() === seg.hole.absent.value) {
      // (`ComposerError(None, None, problem, mark)` of a class that leaves out what is None: the part
      // and the separator joining it go, the one after it or, for the last part, the one before it)
      dropped.set(out.length, seg.hole.absent.sep);
      out.push(lit(''));
      continue;
    }
    if (!arg) out.push(seg.hole.emptyByDefault ? lit('') : seg);
    else if (seg.hole.join !== undefined && arg.items?.length) arg.items.forEach((t, i) => out.push(...(i ? [lit(seg.hole.join!)] : []), ...t));
    else if (arg.template.length === 1 && isHole(arg.template[0])) {
      const h = hole(arg.template[0].hole.expr, seg.hole.kind);
      // (A parameter the caller formats itself keeps that mark for its own callers.)
      const f = fmt ?? arg.template[0].hole.fmt;
      if (f && isHole(h)) h.hole.fmt = f;
      // (a hole that holds another error's message keeps saying so, whichever side said it: `{Err}` of an `Error()` bound to `err`)
      if ((seg.hole.inner || arg.template[0].hole.inner) && isHole(h)) h.hole.inner = true;
      // (and the class its handler catches: Hole.caught)
      const caught = arg.template[0].hole.caught ?? seg.hole.caught;
      if (caught && isHole(h)) h.hole.caught = caught;
      const passedLookup = arg.template[0].hole.lookup;
      if (passedLookup && isHole(h)) h.hole.lookup = passedLookup;
      // (a parameter trimmed here and passed on from the caller's own parameter: its callers' text is trimmed)
      const trim = seg.hole.trim ?? arg.template[0].hole.trim;
      if (trim && isHole(h)) h.hole.trim = trim;
      // (and a rest parameter's joined arguments, passed through an error class's constructor)
      const rest = arg.template[0].hole.rest;
      if (rest !== undefined && isHole(h)) h.hole.rest = rest;
      out.push(h);
    } else if (seg.hole.kind === 'repr' && !fmt) out.push(...(repr(arg) ?? [seg]));
    else {
      const trimmed = seg.hole.trim ? trimTemplate(arg.template, seg.hole.trim) : arg.template;
      const given = seg.hole.dedent ? dedentTemplate(trimmed) : trimmed;
      out.push(...(fmt ? openFields(given, fmt) : given));
    }
  }
  return normalize(dropped.size ? withoutAbsent(out, dropped) : out);
}

/** The output with each part left out (at its index, with its separator: Hole.absent) cut together with that separator. */
function withoutAbsent(out: Template, dropped: Map<number, string>): Template {
  const res: Template = [];
  for (let i = 0; i < out.length; i++) {
    const sep = dropped.get(i);
    if (sep === undefined) {
      res.push(out[i]);
      continue;
    }
    const next = out[i + 1];
    if (next && isLit(next) && next.lit.startsWith(sep)) {
      out[i + 1] = { lit: next.lit.slice(sep.length) };
      continue;
    }
    const prev = res[res.length - 1];
    if (prev && isLit(prev) && prev.lit.endsWith(sep)) res[res.length - 1] = { lit: prev.lit.slice(0, -sep.length) };
  }
  return res;
}

/** The message a site produces, preferring the class's own message when the class fixes one. */
export function siteTemplate(site: RawSite, file: string, classes: ClassTable): SiteMessage {
  const resolved = site.errorClass ? classes.resolve(site.errorClass, file) : undefined;
  const code = site.errorCode ?? resolved?.code ?? null;
  const httpStatus = site.httpStatus ?? resolved?.httpStatus ?? null;
  // `raise LabelTooLong` where the base says `self.__doc__` when given nothing
  if (resolved?.doc && site.args.length === 0) return { template: [lit(resolved.doc)], branches: [], code, httpStatus };
  // A class's kept text that uses no constructor parameter (`default_detail = 'Invalid input.'`) is what a
  // raise passing nothing gets; one passing a text of its own (`ValidationError(message_string)`, the
  // message a table lookup gave) raises that
  if (resolved?.template && resolved.fromAttr && !passesParam(resolved.template, resolved.params) && site.template && ownText(site.template) && site.args.some((a) => a.name === null)) {
    return { template: site.template, branches: [], code, httpStatus };
  }
  if (resolved?.template && resolved.template.length) {
    const bind = (t: Template[]) => fillAttrs(chooseBound(t, resolved.params, site.args, reprFor(file)), resolved, site.args, reprFor(file));
    const conditioned = byCondition(resolved, site.args);
    const all = conditioned ?? [resolved.template, ...resolved.alts];
    const bound = bind(all);
    // A class that only passes its argument through (`{msg}`) must not hide the site's literal message.
    // (but a table's entry the site's key names, `new BadArgs("err.unknown.option", name)` of a class passing
    // its key to a bundle's helper, is the class's text: record/assemble.ts puts it in, or the site's own when no table has it)
    if (!(isGeneric(bound) && !hasKeyedLookup(bound) && site.template && !isGeneric(site.template))) {
      // Messages none of which holds a parameter (`switch ($code) { case X: $message = '…'; … }` before
      // `parent::__construct($message)`): the call's arguments cannot choose among them, so the site may
      // raise each, as the class's branches.
      const free = resolved.alts.length > 0 && all.every((t) => !passesParam(t, resolved.params));
      // (the class's other texts needing the same parameters as the one an alternative chosen needs,
      // `Unknown token` beside `Invalid expression` for a raise passing neither token nor position:
      // the call's arguments cannot choose among them either)
      const chosen = free ? null : chooseTemplate(all, resolved.params, site.args);
      const uses = chosen && chosen !== resolved.template ? paramsUsed(chosen, resolved.params) : null;
      const alike = uses === null ? [] : (conditioned ?? resolved.alts).filter((t) => t !== chosen && paramsUsed(t, resolved.params) === uses);
      // (a branch keyed by an argument, `code.template` of a constructor taking `code`, is not what a raise
      // passing its own text there says: that raise calls another constructor)
      const keyedByText = (b: Template): boolean => b.some((x) => {
        const p = isHole(x) && x.hole.lookup && x.hole.lookup.key === null ? x.hole.lookup.param : undefined;
        const i = p ? resolved.params.indexOf(p) : -1;
        const arg = i >= 0 ? site.args.filter((a) => a.name === null)[i] : undefined;
        return !!arg && arg.template.some(isLit) && literalOf(arg.template) === null;
      });
      const own = resolved.branches.map((b, i) => (keyedByText(b) ? null : bind([b, ...(resolved.branchAlts[i] ?? [])]))).filter((b): b is Template => b !== null);
      const branches = [...own, ...(free ? resolved.alts : alike).map((b) => bind([b]))];
      if (chosen && fallsBack(resolved, chosen, site.args)) branches.push(resolved.template);
      return { template: bound, branches, code, httpStatus };
    }
  }
  return { template: site.template ?? [], branches: [], code, httpStatus };
}

/**
 * The class's forms a raise may give when its constructor chooses among them by an argument compared
 * with a literal (Resolved.altWhen) and the raise passes a literal there: the forms under that literal,
 * else those under no condition. Null when no argument decides.
 */
function byCondition(resolved: Resolved, args: ArgInfo[]): Template[] | null {
  if (!resolved.template || !resolved.altWhen.some((w) => w)) return null;
  const positional = args.filter((a) => a.name === null);
  const valueOf = (p: string): string | null => {
    const arg = args.find((a) => a.name === p) ?? positional[resolved.params.indexOf(p)];
    return arg ? literalOf(arg.template) : null;
  };
  const forms = resolved.alts.map((t, i) => ({ t, when: resolved.altWhen[i] ?? null }));
  const decided = forms.filter((f) => f.when && valueOf(f.when.param) !== null);
  if (!decided.length) return null;
  const hit = decided.filter((f) => valueOf(f.when!.param) === f.when!.value);
  if (hit.length) return hit.map((f) => f.t);
  return [resolved.template, ...forms.filter((f) => !f.when).map((f) => f.t)];
}

/**
 * Whether a raise may also give the class's first text, one using no parameter, though it chose the
 * parameter handed on as it is: the class keeps that text for an empty argument (`$message ?? 'This
 * action is unauthorized.'`, `message or 'default'`, its first form the default and the argument the
 * other), and the raise passes a value whose text is unknown (`$this->message()`), which may be empty.
 */
function fallsBack(resolved: Resolved, chosen: Template, args: ArgInfo[]): boolean {
  const first = resolved.template;
  if (!first || chosen === first || chosen.length !== 1 || !isHole(chosen[0])) return false;
  const p = chosen[0].hole.expr;
  if (!p || !resolved.params.includes(p) || first.some((s) => isHole(s) && !!s.hole.expr && resolved.params.includes(s.hole.expr)) || !saysSomething(first)) return false;
  const i = resolved.params.indexOf(p);
  const arg = args.find((a) => a.name === p) ?? args.filter((a) => a.name === null)[i];
  return !!arg && !arg.template.some((s) => isLit(s) || (isHole(s) && !!s.hole.lookup));
}

/** A template with text that says something: a literal of more than spaces (`$message ?? ''` keeps none), or a table lookup. */
const saysSomething = (t: Template): boolean => t.some((s) => (isLit(s) && s.lit.trim() !== '') || (isHole(s) && !!s.hole.lookup));

/** A template with text of its own: a literal, or a table lookup (Hole.lookup) that record/tables.ts fills. */
const ownText = (t: Template): boolean => t.some((s) => isLit(s) || (isHole(s) && !!s.hole.lookup));

export interface SiteMessage {
  template: Template;
  /** The other messages the class chooses between (Resolved.branches), bound to the site's arguments. */
  branches: Template[];
  code: string | null;
  httpStatus: number | null;
}

/**
 * Holes the call leaves open that name a class attribute (`self.error`, or a parameter
 * `description` that falls back to the attribute) take the most derived class's string value.
 */
function fillAttrs(t: Template, resolved: Resolved, args: ArgInfo[], repr: Repr): Template {
  if (!Object.keys(resolved.attrs).length && !Object.keys(resolved.props).length) return t;
  const passed = passedBy(resolved.params, args);
  let changed = false;
  const out = t.flatMap((seg): Template => {
    if (!isHole(seg) || !seg.hole.expr) return [seg];
    const self = /^self\.([A-Za-z_]\w*(?:\(\))?)$/.exec(seg.hole.expr);
    let attr: string | null = self ? self[1] : null;
    // (a property's text: only for `self.x` itself, its holes the property's own; a method's, keyed
    // `x()`, for `self.x()` called with nothing)
    if (attr !== null && attr in resolved.props) {
      changed = true;
      // (a method's holes name the constructor's parameters: the call's arguments fill them)
      return attr.endsWith('()') ? bindTemplate(resolved.props[attr], resolved.params, args, repr) : resolved.props[attr];
    }
    if (!attr) {
      if (resolved.params.includes(seg.hole.expr) && !passed(seg.hole.expr)) attr = seg.hole.name;
    }
    if (attr === null || !(attr in resolved.attrs)) return [seg];
    changed = true;
    return [lit(resolved.attrs[attr])];
  });
  return changed ? normalize(out) : t;
}
