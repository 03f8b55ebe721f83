// Message tables across the tree. A pack resolves lookups into a table of its own
// file (`Messages.X` where `Messages` is a const object literal there) and leaves a
// lookup hole (Hole.lookup) where the table is imported. This pass puts the entries
// in: a known key gives its entry (in the file that defines the table, else the
// files of the tree that define a table of that name), a key only known at run time
// (`messages[code]`) gives one template per entry, as alternatives of the site.
// Every entry's literals carry their origin (file and line), which becomes the
// record's `definedAt`.

import { MODULE_TABLE, type ArgInfo, type CallInfo, type ClassInfo, type FileAnalysis, type MessageTable, type RawSite } from '../core/site.js';
import { hasParamLookup, isHole, normalize, openFields, withOrigin, type Hole, type Template } from '../template/ir.js';

/** Templates one lookup expands to, at most (a table's entries for a key known only at run time). */
const MAX_ENTRIES = 200;
/** Files defining a table of the same name that a lookup from another file is read from, at most: past it the name is too common to tell. */
const MAX_DEFINERS = 3;

interface Entry {
  template: Template;
  file: string;
}

interface Table {
  file: string;
  /** MessageTable.reads. */
  reads?: string;
  byKey: Map<string, Entry>;
  all: Entry[];
}

/**
 * The name a table is filed and looked up under: `default_error_messages` is what
 * `self.error_messages` holds once merged, `messages` what a metaclass keeps as `_messages`: a
 * `default_` prefix and leading underscores are dropped.
 */
const tableKey = (name: string): string => name.replace(/^_+/, '').replace(/^(?:default|DEFAULT)_/, '');

/** A module's path as a module table is filed under: the file's path without its extension (`lib/errors/index.js` → `lib/errors/index`). */
const modulePath = (file: string): string => file.replace(/\.(?:[cm]?[jt]sx?|py)$/, '');

/** The most leading segments a bare module path drops to meet the tree's root. */
const MAX_BARE_SEGMENTS = 4;

/**
 * The module paths a lookup `<module>SPEC` from `file` may name: SPEC resolved against the
 * file's directory, and its `index` (`../errors` may be `../errors/index.js`); a bare SPEC also
 * from the tree's root.
 */
function modulePaths(spec: string, file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  for (const seg of modulePath(spec).split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  const p = parts.join('/');
  // (a bare SPEC, an absolute import `pkg/constants`, is also the path from the tree's root, or
  // from a root inside the package, `constants`, when the tree analyzed is the package itself)
  const segs = spec !== '' && !spec.startsWith('.') && !spec.startsWith('/') ? spec.split('/') : [];
  const bare = segs.slice(0, MAX_BARE_SEGMENTS).map((_, i) => segs.slice(i).join('/'));
  return [p, `${p}/index`, ...bare];
}

export class TableIndex {
  private readonly byName = new Map<string, Table[]>();
  private size = 0;
  /**
   * The names of the tree's classes deriving from the class `cls` names from `file` (null when the
   * tree does not define it or too many derive from it): set by record/ for lookups with an owner.
   */
  subclassesOf: ((cls: string, file: string) => string[] | null) | null = null;

  add(file: string, tables: MessageTable[] | undefined): void {
    for (const t of tables ?? []) {
      const table: Table = { file, byKey: new Map(), all: [], ...(t.reads ? { reads: t.reads } : {}) };
      for (const e of t.entries) {
        const entry = { template: withOrigin(e.template, { line: e.line, file }), file };
        if (!table.byKey.has(e.key)) table.byKey.set(e.key, entry);
        table.all.push(entry);
      }
      // (a module's texts exported one by one are its own table: lookups name the module by its path)
      const name = t.name === MODULE_TABLE ? MODULE_TABLE + modulePath(file) : tableKey(t.name);
      const list = this.byName.get(name) ?? [];
      list.push(table);
      this.byName.set(name, list);
      this.size++;
    }
  }

  get empty(): boolean {
    return this.size === 0;
  }

  /**
   * The tables a lookup from `file` reads: the file's own of that name (that have the key, for a
   * keyed lookup), else the tree's (when few files define one with the key: a base class's table,
   * an imported dict).
   */
  private tables(name: string, file: string, key: string | null, definers = MAX_DEFINERS, byParam = false): Table[] {
    if (name.startsWith(MODULE_TABLE)) {
      const spec = name.slice(MODULE_TABLE.length);
      return modulePaths(spec, file).flatMap((p) => this.byName.get(MODULE_TABLE + p) ?? []).filter((t) => key === null || t.byKey.has(key));
    }
    const list = (this.byName.get(tableKey(name)) ?? []).filter((t) => key === null || t.byKey.has(key) || t.reads);
    const own = list.filter((t) => t.file === file);
    // (a locale file's entries, name '', are read by key from every locale file: each language is an alternative)
    const few = name === '' || new Set(list.map((t) => t.file)).size <= definers;
    // (a base class's helper looking up a key its callers pass, `def fail(self, key): msg =
    // self.error_messages[key]`, reads the tables of subclasses in other files too: relations.py's
    // `default_error_messages` reach fields.py's `fail`)
    if (own.length) return byParam && key === null && few ? [...own, ...list.filter((t) => t.file !== file)] : own;
    return few ? list : [];
  }

  /** The entries a lookup can give, from `file`; empty when no table of the tree answers it. */
  entries(l: NonNullable<Hole['lookup']>, file: string, follow = true): Template[] {
    // (a member written with its type, `QueryCode.DUPLICATE`, keys a table of that type's, `QueryCode.render()`, by the member)
    const dot = l.key?.lastIndexOf('.') ?? -1;
    if (dot > 0 && l.table.startsWith(l.key!.slice(0, dot + 1))) l = { ...l, key: l.key!.slice(dot + 1) };
    const out: Template[] = [];
    if (l.subclassesOnly) {
      if (l.owner) this.subclassEntries(l.table, l.owner, file, out);
      return out;
    }
    const seen = new Set<Entry>();
    for (const t of this.tables(l.table, file, l.key, l.definers, l.param !== undefined)) {
      if (t.reads) {
        // (once: a table read through another is not followed further)
        if (follow) for (const e of this.entries({ table: t.reads, key: l.key, ...(l.keySuffix ? { keySuffix: l.keySuffix } : {}), ...(l.keyPrefix ? { keyPrefix: l.keyPrefix } : {}) }, file, false)) if (out.length < MAX_ENTRIES && !out.includes(e)) out.push(e);
        continue;
      }
      if (l.key !== null) {
        const e = t.byKey.get(l.key)!;
        if (!seen.has(e)) out.push(e.template);
        seen.add(e);
      } else {
        const suffix = l.keySuffix;
        const prefix = l.keyPrefix;
        const some = suffix || prefix ? Array.from(t.byKey).flatMap(([k, x]) => ((!suffix || k.endsWith(suffix)) && (!prefix || k.startsWith(prefix)) ? [x] : [])) : t.all;
        for (const e of some) {
          if (out.length >= MAX_ENTRIES || seen.has(e)) continue;
          out.push(e.template);
          seen.add(e);
        }
      }
    }
    if (l.owner && l.key === null) this.subclassEntries(l.table, l.owner, file, out);
    return out;
  }

  /**
   * A base's method reading `self.errmsg` (Lookup.owner): the entries the owner's subclasses file
   * under that name in the other files of the tree (`Class.attr` keys, class-attribute-texts.ts), after
   * those `entries` gave. The class relation bounds them, not the number of files defining the name.
   */
  private subclassEntries(table: string, owner: string, file: string, out: Template[]): void {
    const list = this.byName.get(tableKey(table));
    if (!list || !this.subclassesOf || !list.some((t) => t.file !== file)) return;
    const subs = this.subclassesOf(owner, file);
    if (!subs?.length) return;
    const names = new Set(subs);
    for (const t of list) {
      if (t.file === file || t.reads) continue;
      for (const [key, e] of t.byKey) {
        const dot = key.lastIndexOf('.');
        if (dot <= 0 || !names.has(key.slice(0, dot)) || out.length >= MAX_ENTRIES || out.includes(e.template)) continue;
        out.push(e.template);
      }
    }
  }

  /**
   * The templates `t` becomes with its lookups put in (one per entry a lookup can give, the
   * first lookup's entries times the rest's first), or null when it has no lookup the tree
   * answers. `keyedOnly`: lookups with no key are left as they are.
   */
  expand(t: Template, file: string, keyedOnly = false): Template[] | null {
    if (this.size === 0 || !t.some((s) => isHole(s) && s.hole.lookup)) return null;
    let outs: Template[] = [[]];
    let changed = false;
    for (const s of t) {
      const l = isHole(s) ? s.hole.lookup : undefined;
      // (a bundle's key a caller gives, `getMessage(key, args)` in an error class's constructor: the entry
      // its raise names once bound, never every text of the tree's bundles)
      const found = l && !(keyedOnly && l.key === null) && !(l.key === null && l.table === '' && l.param) ? this.entries(l, file) : [];
      if (!found.length) {
        for (const o of outs) o.push(s);
        continue;
      }
      changed = true;
      const fmt = isHole(s) ? s.hole.fmt : undefined;
      const put = (e: Template) => (fmt ? openFields(e, fmt) : e);
      outs = outs.length === 1 ? found.map((e) => [...outs[0], ...put(e)]) : outs.map((o) => [...o, ...put(found[0])]);
    }
    return changed ? outs.map(normalize) : null;
  }
}

/**
 * The file's analysis with the lookups the tree's tables answer put in: a site's or an
 * argument's template takes a keyed lookup's entry (other tables' entries of the key become
 * alternatives), a lookup with no key adds every entry as an alternative. The analysis
 * itself is not changed (it may be shared by copies of the file).
 */
export function resolveLookups(a: FileAnalysis, file: string, index: TableIndex): FileAnalysis {
  // (an empty index answers nothing, but an alternative standing for subclasses' texts is still dropped)
  if (index.empty && !a.sites.some((s) => s.alternatives?.some(hasLookup))) return a;
  let changed = false;
  const sites = a.sites.map((s) => {
    const r = resolveSite(s, file, index);
    if (r !== s) changed = true;
    return r;
  });
  const calls = a.calls?.map((c) => {
    const args = resolveArgs(c.args, file, index);
    if (args === c.args) return c;
    changed = true;
    return { ...c, args } as CallInfo;
  });
  // (a class whose constructor passes a lookup on: `super(I18n.t(:model_invalid, …))`)
  const classes = a.classes.map((c) => {
    const own = c.template ? index.expand(c.template, file) : null;
    const superArgs = c.superArgs ? resolveArgs(c.superArgs, file, index) : c.superArgs;
    // (and its other texts: `message = I18n.t(…)` in one branch, `message = "Record invalid"` in the other)
    // (a lookup no table answers is left out there: a lone hole says nothing of the text)
    const given = c.alts?.some(hasLookup) ? expandAlts(c.alts, file, index).filter((t) => !loneLookup(t)) : c.alts;
    // (a branch keyed by a constructor's parameter, `code.template` of `code: Problem`, is kept: each raise's
    // argument keys it, facts/classes.ts, and its entry is put in then)
    const branches = c.branches?.some(hasLookup) ? c.branches.flatMap((b) => (hasParamLookup(b) ? [b] : expandAlts([b], file, index).filter((t) => !loneLookup(t)))) : c.branches;
    if (!own && superArgs === c.superArgs && given === c.alts && branches === c.branches) return c;
    changed = true;
    const out: ClassInfo = { ...c, ...(superArgs ? { superArgs } : {}), ...(given ? { alts: given } : {}), ...(branches ? { branches } : {}) };
    if (own) {
      const keyed = hasKeyedLookup(c.template!);
      if (keyed) out.template = own[0];
      const alts = [...(c.alts ?? []), ...(keyed ? own.slice(1) : own)].slice(0, MAX_ENTRIES);
      if (alts.length) out.alts = alts;
    }
    return out;
  });
  return changed ? { ...a, sites, calls, classes } : a;
}

function resolveSite(s: RawSite, file: string, index: TableIndex): RawSite {
  const args = resolveArgs(s.args, file, index);
  const own = s.template ? index.expand(s.template, file) : null;
  if (!own && args === s.args && !s.alternatives?.some(hasLookup)) return s;
  const out: RawSite = { ...s, args };
  if (own) {
    const keyed = hasKeyedLookup(s.template!);
    if (keyed) out.template = own[0];
    // (a lookup with no key keeps the site's own template, a hole: its entries are the site's alternatives)
    const alts = keyed ? own.slice(1) : own;
    if (alts.length) out.alternatives = [...(s.alternatives ?? []), ...alts].slice(0, MAX_ENTRIES);
  }
  if (s.alternatives?.some(hasLookup)) out.alternatives = expandAlts(out.alternatives ?? s.alternatives, file, index);
  return out;
}

function resolveArgs(args: ArgInfo[], file: string, index: TableIndex): ArgInfo[] {
  let changed = false;
  const out = args.map((a) => {
    const e = index.expand(a.template, file);
    const own = a.alts?.some(hasLookup) ? expandAlts(a.alts, file, index) : a.alts;
    if (!e && own === a.alts) return a;
    changed = true;
    if (!e) return { ...a, alts: own };
    const keyed = hasKeyedLookup(a.template);
    const alts = [...(keyed ? e.slice(1) : e), ...(own ?? [])].slice(0, MAX_ENTRIES);
    return { ...a, template: keyed ? e[0] : a.template, ...(alts.length ? { alts } : {}) };
  });
  return changed ? out : args;
}

const hasKeyedLookup = (t: Template): boolean => t.some((s) => isHole(s) && !!s.hole.lookup && s.hole.lookup.key !== null);
const hasLookup = (t: Template): boolean => t.some((s) => isHole(s) && !!s.hole.lookup);
/** A template that is one lookup hole: its table gave nothing. */
const loneLookup = (t: Template): boolean => t.length === 1 && isHole(t[0]) && !!t[0].hole.lookup;

/**
 * Alternatives with their lookups put in: a keyed lookup's entry in its place (each reading of a text
 * built by appends, `let msg = ERRORS.X; if (…) msg += …`, may hold the lookup); one with no key kept,
 * with each entry after it (`$message = $errors[$code] ?? 'default'`: the default first, every entry
 * of the table a form), as a site's own template gives its entries.
 */
function expandAlts(alts: Template[], file: string, index: TableIndex): Template[] {
  const out: Template[] = [];
  for (const t of alts) {
    // (a lookup standing for a base's subclasses' texts of other files: those texts, never itself)
    const h = loneLookup(t) ? (t[0] as { hole: Hole }).hole : null;
    if (h?.lookup!.subclassesOnly) out.push(...index.entries(h.lookup!, file).map((e) => (h.fmt ? openFields(e, h.fmt) : e)));
    else if (hasKeyedLookup(t)) out.push(index.expand(t, file, true)?.[0] ?? t);
    else out.push(t, ...(hasLookup(t) ? index.expand(t, file) ?? [] : []));
  }
  return out.slice(0, MAX_ENTRIES);
}

