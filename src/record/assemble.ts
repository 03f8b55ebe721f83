// site + facts → record. Pure: the caller hands in every file's analysis and
// text; nothing here touches the file system or the store.

import { CallerTable, type CallerTemplate } from '../facts/callers.js';
import { ClassTable, siteTemplate } from '../facts/classes.js';
import { FactoryTable, loopMessages, RaiseIndex, wrappedMessages } from '../facts/raised.js';
import { framesAtRaise, HeldTable } from '../facts/built.js';
import { RETURNED_MESSAGE, reraisesCaught, type ClassInfo, type FileAnalysis, type RawSite } from '../core/site.js';
import type { Analyzers } from '../languages/registry.js';
import { hasKeyedLookup, isGeneric, isHole, isLit, lastSegment, originOf, placeholders, renderMessage, renderPattern, withoutOrigins, type Template } from '../template/ir.js';
import type { StoredRecord } from './complete.js';
import { permalink, recordId, slugify, SourceLines, sourceWindow } from './ids.js';
import { resolveReturns, ReturnIndex } from './returns.js';
import { resolveLookups, TableIndex } from './tables.js';

export interface AssembleTree {
  repo: string;
  sha: string | null;
  /** What permalinks point at: the checkout's commit, or the revision an installed package's metadata names. */
  revision: { ref: string; basis: 'commit' | 'tag' } | null;
  package: string | null;
  version: string | null;
  /** Prefix put in front of every file path (an installed package's own directory, e.g. `requests/`). */
  pathPrefix: string;
  analyzedAt: string;
}

export interface AssembleFile {
  rel: string;
  language: string;
  text: string;
  /** The file says it is generated; its records are tagged so. */
  generated?: boolean;
  /** The file is minified; its records are tagged so. */
  minified?: boolean;
  analysis: FileAnalysis;
}

/** One message of a site: the callers' that supplies it, a class it raises other than the site's, where it is written. */
interface Variant {
  template: Template;
  via: CallerTemplate['via'] | null;
  errorClass?: string;
  definedAt?: { file: string; line: number };
  looped?: true;
}

export interface TemplateVariant {
  lines: number[];
  template: Template;
}

export interface Assembled {
  /** Records as stored: without the prose derived when they are read (see complete.ts). */
  records: StoredRecord[];
  /** id → the templates the record's sites raise (more than one when an error code is raised with several messages). */
  templates: Map<string, TemplateVariant[]>;
  sites: number;
}

/**
 * Records one site may give (its messages times its callers'), at most: as many as the caller
 * templates a site keeps (facts/callers.ts), so an assertion library's one reporting helper keeps
 * each assertion's message.
 */
const MAX_VARIANTS = 256;
/** Besides: callers' keys into a table the site looks its message up in (`report(parser, 30)` → `errorMessages[type]`), one entry each, at most. */
const MAX_KEYED = 200;

/** `analyzers`: loadAnalyzers() (the callers' guards are read as each file's language writes conditions). */
export function assemble(tree: AssembleTree, input: AssembleFile[], analyzers: Analyzers): Assembled {
  // Message tables first: lookups into a table of another file of the tree are put in before
  // callers bind arguments (a helper's caller passing `Messages.X` gives its text).
  // (and before them, messages a method of another module returns: its lookup takes the call's key)
  const returns = new ReturnIndex();
  for (const f of input) returns.add(f.rel, f.analysis.returns);
  const called = input.map((f) => {
    const analysis = resolveReturns(f.analysis, f.rel, returns);
    return analysis === f.analysis ? f : { ...f, analysis };
  });
  const tables = new TableIndex();
  for (const f of called) tables.add(f.rel, f.analysis.tables);
  // (a base's method reading a text its subclasses set: their classes, read once when a lookup asks)
  let hierarchy: ClassTable | null = null;
  tables.subclassesOf = (cls, file) => {
    if (!hierarchy) {
      hierarchy = new ClassTable();
      for (const f of called) hierarchy.add(f.rel, withFiles(f.analysis.classes, f.rel));
    }
    return hierarchy.subclasses(cls, file, MAX_OWNER_SUBCLASSES, true);
  };
  const files = called.map((f) => { const analysis = resolveLookups(f.analysis, f.rel, tables); return analysis === f.analysis ? f : { ...f, analysis }; });
  const classes = new ClassTable();
  const callers = new CallerTable(analyzers.conditionsFor);
  const factories = new FactoryTable();
  const held = new HeldTable();
  // (the tree's raises by function, only when some site raises a caught error again)
  const raises = files.some((f) => f.analysis.sites.some(reraisesCaught)) ? new RaiseIndex() : undefined;
  for (const f of files) {
    classes.add(f.rel, withFiles(f.analysis.classes, f.rel));
    const lang = raises ? analyzers.language(f.language) : undefined;
    raises?.add(f.rel, f.analysis, lang?.callsByFunction ? () => lang.callsByFunction!(f.text, f.rel) : undefined);
    callers.add(f.rel, f.analysis);
    factories.add(f.rel, f.analysis);
    held.add(f.rel, f.analysis);
  }
  /** Built here, raised there (facts/built.ts): attached to the records at both ends once all are made. */
  const links: { built: { file: string; line: number }; raised: { file: string; line: number }; message: string }[] = [];

  const byId = new Map<string, StoredRecord>();

  const templates = new Map<string, TemplateVariant[]>();
  /** Records of a class a loop picks (loopMessages), the tree's raises by name may say the same. */
  const loopedIds = new Set<string>();
  let sites = 0;
  /** One record of a site's message (or one more line or message of a record with its id). */
  const emit = (
    f: AssembleFile, lines: SourceLines, site: RawSite, v: Variant, code: string | null, httpStatus: number | null,
  ): void => {
    const { template: marked, via, errorClass, definedAt, looped } = v;
    // (literals from a table carry where they are written: the record's definedAt, not stored with the template)
    const origin = originOf(marked);
    const template = withCaughtSubclasses(withoutOrigins(marked), f.rel, classes);
    const errorMessage = renderMessage(template);
    let id = recordId(tree.repo, code, errorMessage, tree.pathPrefix + f.rel);
    // Raises of another class with the same message (pytz's `raise NonExistentTimeError(dt)` and
    // `raise AmbiguousTimeError(dt)`) are another answer: a record of their own, its id the rule's
    // with the class (the first class raising it keeps the rule's id).
    const klass = errorClass ?? site.errorClass;
    if (otherClass(byId.get(id)?.errorClass, klass, f.rel, classes)) id = recordId(tree.repo, code, errorMessage, tree.pathPrefix + f.rel, klass!);
    const existing = byId.get(id);
    if (existing) {
      // Same message (or code) in the same file shares the id by the id rule; keep every line, and
      // every distinct message (one error code raised with several messages) for matching.
      if (existing.lineNumber !== site.line && !existing.alsoAt!.includes(site.line)) existing.alsoAt!.push(site.line);
      const list = templates.get(existing.id)!;
      const key = JSON.stringify(template);
      const same = list.find((v) => JSON.stringify(v.template) === key);
      if (same) {
        if (!same.lines.includes(site.line)) same.lines.push(site.line);
      } else {
        list.push({ lines: [site.line], template });
        (existing.variants ??= []).push({ line: site.line, errorMessage, messagePattern: renderPattern(template) });
      }
      return;
    }
    const record = buildRecord(id, tree, f, lines, errorClass ? { ...site, errorClass } : site, template, code, httpStatus, via);
    // (an error built elsewhere: where it is built; else a table's entry: where its text is written)
    if (definedAt) record.definedAt = { filePath: tree.pathPrefix + definedAt.file, line: definedAt.line };
    else if (origin) record.definedAt = { filePath: tree.pathPrefix + (origin.file ?? via?.file ?? f.rel), line: origin.line };
    byId.set(id, record);
    templates.set(record.id, [{ lines: [site.line], template }]);
    if (looped) loopedIds.add(id);
  };
  /** Messages of self-hiding helpers' callers, made records at the calls once every file's sites are. */
  const hiddenCalls: { at: CallerTemplate['via']; site: RawSite; template: Template; via: CallerTemplate['via']; errorClass?: string; code: string | null; httpStatus: number | null }[] = [];
  const byRel = new Map<string, { f: AssembleFile; lines: () => SourceLines }>();
  for (const f of files) {
    let l: SourceLines | null = null;
    byRel.set(f.rel, { f, lines: () => (l ??= new SourceLines(f.text)) });
  }
  for (const f of files) {
    if (f.analysis.sites.length === 0) continue;
    const lines = new SourceLines(f.text);
    // (a raise of an error value made at other sites of the file comes last: the records of those
    // messages are theirs, and list the raise among their lines)
    const order = f.analysis.sites.some((s) => s.wraps?.values) ? [...f.analysis.sites.filter((s) => !s.wraps?.values), ...f.analysis.sites.filter((s) => s.wraps?.values)] : f.analysis.sites;
    for (const raw of order) {
      // A raise of something received or caught (`raise exception`, `throw err`) is kept as a
      // generic record: its message is unknown here, but a stack frame can still point at it.
      const site = raw.rethrow ? { ...raw, template: raw.template ?? raw.args[0]?.template ?? [] } : raw;
      sites++;
      // An error kept to be raised elsewhere: where a trace shows the raise (Python), its records are at
      // the raise, unless only an error group holds it (a member has no frames of its own).
      // (a plain object's message: only at the raises; an object nothing raises is no error)
      if (site.heldAs && (site.heldPlain || (framesAtRaise(f.rel) && held.raisesOf(f.rel, site).some((r) => !r.group)))) continue;
      // (an error handed to a function that raises nothing it is handed is no error raised: `code = GetLastError()`)
      if (site.heldAs?.startsWith('call:') && !held.raisesOf(f.rel, site).length) continue;
      // The site's own template (one per alternative message of its argument), then one per caller
      // that hands it a message; then the messages of a table it looks its message up in.
      // (`errorClass`: the class a variant raises, when it is not the site's: a class factory's.)
      const variants: Variant[] = [];
      let own: ReturnType<typeof siteTemplate> | null = null;
      // (callers keying a table the site looks its message up in, one entry each: apart from MAX_VARIANTS)
      const keyed = new Set<(typeof variants)[number]>();
      for (const alt of argumentAlternatives(site)) {
        const t = siteTemplate(alt, f.rel, classes);
        own ??= t;
        // (the site's own table entries are in this file, also once a caller of another file fills its other holes)
        const mine = inFile(t.template, f.rel);
        variants.push({ template: mine, via: null }, ...t.branches.map((b) => ({ template: inFile(b, f.rel), via: null })));
        for (const c of callers.expand(f.rel, alt, mine)) {
          if (site.hidesFrame) {
            hiddenCalls.push({ at: site.returned ? c.via : c.first, site, template: c.template, via: c.via, errorClass: c.errorClass, code: t.code, httpStatus: t.httpStatus });
          } else if (!hasKeyedLookup(c.template)) variants.push(c);
          else if (keyed.size < MAX_KEYED) {
            keyed.add(c);
            variants.push(c);
          }
        }
        if (variants.length - keyed.size >= MAX_VARIANTS) break;
      }
      // (a message passed on as it is: the raise it catches is where it is written)
      for (const { template, at } of wrappedMessages(site, f.rel, f.analysis, classes, callers, raises)) variants.push({ template, via: null, ...(at ? { definedAt: at } : {}) });
      // (a class of another module built from an object's message field raises the texts message
      // functions return, as a class of the file does: its constructions here do not know it)
      const fieldClass = !site.heldAs && site.errorClass && !site.raisesHeld?.includes(RETURNED_MESSAGE) ? classes.lookup(site.errorClass, f.rel) : undefined;
      const raising = fieldClass?.messageField ? { ...site, raisesHeld: [...(site.raisesHeld ?? []), RETURNED_MESSAGE] } : site;
      for (const h of held.reaching(f.rel, raising)) {
        const m = siteTemplate(h.site, h.file, classes);
        const t = m.template;
        links.push({ built: { file: h.file, line: h.site.line }, raised: { file: f.rel, line: site.line }, message: renderMessage(t) });
        if (site.groupOf || !(framesAtRaise(f.rel) || h.site.heldPlain)) continue;
        // (with the other messages its class chooses between: `__str__`'s `"<unknown>"` when it has no id)
        // (and the other texts it is chosen from: `${expected ? `Expected ${expected} but r` : 'R'}eceived`)
        for (const b of [t, ...m.branches, ...(h.site.alternatives ?? [])]) variants.push({ template: b, via: null, errorClass: h.site.errorClass ?? undefined, definedAt: { file: h.file, line: h.site.line } });
        // (a helper's error kept for later, `self._errors.append(error)`, or handed on to be kept or
        // raised, `err = JSONDecodeError(message, …)` / `self.push_exception(err)`: the message each
        // caller hands it, written at the caller)
        if (h.site.keptAs || h.site.heldAs?.startsWith('call:')) {
          for (const c of callers.expand(h.file, h.site, t)) {
            variants.push({ template: c.template, via: null, errorClass: c.errorClass ?? h.site.errorClass ?? undefined, definedAt: { file: c.via.file, line: c.via.line } });
          }
        }
      }
      for (const { template, errorClass } of factories.messages(site, classes)) variants.push({ template, via: null, errorClass });
      for (const { template, errorClass } of loopMessages(site, f.rel, classes)) variants.push({ template, via: null, errorClass, looped: true });
      if (variants.length - keyed.size > MAX_VARIANTS) {
        let plain = 0;
        const kept = variants.filter((v) => keyed.has(v) || plain++ < MAX_VARIANTS);
        variants.length = 0;
        variants.push(...kept);
      }
      for (const template of site.alternatives ?? []) variants.push({ template, via: null });
      // A caller's key into a table the helper looks its message up in (`this.error('string.min')` →
      // `messages[code]`): the entry of that key.
      // A key no table of the tree has leaves no message: that caller's variant is dropped.
      // (and the site's own key into a table its class looks its message up in, `QueryException(QueryCode.DUPLICATE, name)`
      // with `code.render(*args)` passed to the base: bound only once the class is, in siteTemplate)
      for (let i = 0; i < variants.length; i++) {
        const v = variants[i];
        if (!v.template.some((s) => isHole(s) && s.hole.lookup && (v.via || s.hole.lookup.key !== null))) continue;
        const e = tables.expand(v.template, f.rel, true);
        if (e) variants[i] = { ...v, template: e[0] };
        else if (v.via && !v.template.some(isLit)) variants.splice(i--, 1);
        // (a key no table has: the site's own text, the key as written, is what it says; a message it
        // passes on from another raise says nothing)
        else if (!v.via && !v.template.some(isLit)) {
          if (site.template?.some(isLit)) variants[i] = { ...v, template: site.template };
          else if (i > 0) variants.splice(i--, 1);
        }
      }
      const { code, httpStatus } = own!;
      for (const v of variants) emit(f, lines, site, v, code, httpStatus);
    }
  }
  // A self-hiding helper's callers (RawSite.hidesFrame): each message at the call that gives it,
  // where the trace's innermost frame is.
  for (const h of hiddenCalls) {
    const at = byRel.get(h.at.file);
    if (!at) continue;
    const site: RawSite = { ...h.site, line: h.at.line, column: 1, symbol: h.at.symbol, guards: [] };
    emit(at.f, at.lines(), site, { template: h.template, via: h.via, errorClass: h.errorClass }, h.code, h.httpStatus);
  }
  if (loopedIds.size) dropLoopedTwins(byId, templates, loopedIds);
  if (links.length) attachLinks(tree, byId, links);
  return { records: [...byId.values()], templates, sites };
}

/**
 * Whether two raises of `file` name different classes: both known (`pytz.exceptions.X` is `X`), and
 * neither a base of the other (pyparsing's `except ParseBaseException as exc: raise exc` re-raises
 * what the `ParseException` raises gave it).
 */
function otherClass(a: string | null | undefined, b: string | null | undefined, file: string, classes: ClassTable): boolean {
  if (!a || !b || lastSegment(a) === lastSegment(b)) return false;
  const derives = (x: string, base: string) => !!classes.resolve(x, file)?.bases.some((n) => lastSegment(n) === lastSegment(base));
  return !derives(a, b) && !derives(b, a);
}

/**
 * A class a loop picks at run time (`for cls in …: raise cls(**kwargs)`) that the tree also raises by
 * name with the same message (`raise InsecureTransportError()`) is answered by that raise: the
 * loop's record of it, with no other line, is dropped (a trace still finds the loop's own line).
 */
function dropLoopedTwins(byId: Map<string, StoredRecord>, templates: Map<string, TemplateVariant[]>, looped: Set<string>): void {
  const key = (r: StoredRecord) => `${lastSegment(r.errorClass) ?? ''}\0${r.errorMessage}`;
  const named = new Set<string>();
  for (const r of byId.values()) if (!looped.has(r.id)) named.add(key(r));
  for (const id of looped) {
    const r = byId.get(id)!;
    if (r.alsoAt!.length === 0 && templates.get(id)!.length === 1 && named.has(key(r))) {
      byId.delete(id);
      templates.delete(id);
    }
  }
}

/**
 * The two ends of each error built in one place and raised in another: the records at the
 * construction (JavaScript's, or a group member's) list the raises (`raisedAt`), the raise's records
 * of no message of their own (generic, or a group's) what reaches them (`builtAt`).
 */
function attachLinks(tree: AssembleTree, byId: Map<string, StoredRecord>, links: { built: { file: string; line: number }; raised: { file: string; line: number }; message: string }[]): void {
  const at = new Map<string, StoredRecord[]>();
  for (const r of byId.values()) {
    for (const line of [r.lineNumber, ...(r.alsoAt ?? [])]) {
      const k = `${r.filePath}\0${line}`;
      const list = at.get(k);
      if (list) list.push(r);
      else at.set(k, [r]);
    }
  }
  for (const l of links) {
    const built = { filePath: tree.pathPrefix + l.built.file, line: l.built.line };
    const raised = { filePath: tree.pathPrefix + l.raised.file, line: l.raised.line };
    for (const r of at.get(`${built.filePath}\0${built.line}`) ?? []) {
      if (!(r.raisedAt ??= []).some((x) => x.filePath === raised.filePath && x.line === raised.line)) r.raisedAt.push(raised);
    }
    for (const r of at.get(`${raised.filePath}\0${raised.line}`) ?? []) {
      if (r.definedAt) continue;
      if (!(r.builtAt ??= []).some((x) => x.filePath === built.filePath && x.line === built.line)) r.builtAt.push({ ...built, errorMessage: l.message });
    }
  }
}

/**
 * The site, then one copy per alternative message of its first argument that has
 * some (`if c: msg = "a" else: msg = "b"; raise E(msg)`).
 */
/** The template with the origins that name no file (written where the template was read) placed in `file`. */
function inFile(t: Template, file: string): Template {
  if (!t.some((s) => isLit(s) && s.at && !s.at.file)) return t;
  return t.map((s) => (isLit(s) && s.at && !s.at.file ? { lit: s.lit, at: { ...s.at, file } } : s));
}

function argumentAlternatives(site: RawSite): RawSite[] {
  const i = site.args.findIndex((a) => a.alts?.length);
  if (i < 0) return [site];
  const arg = site.args[i];
  const fromArg = site.template !== null && JSON.stringify(site.template) === JSON.stringify(arg.template);
  return [
    site,
    ...arg.alts!.map((alt) => ({
      ...site,
      template: fromArg ? alt : site.template,
      args: site.args.map((a, j) => (j === i ? { name: a.name, expr: a.expr, template: alt } : a)),
    })),
  ];
}

function buildRecord(
  id: string, tree: AssembleTree, f: AssembleFile, lines: SourceLines, site: RawSite, template: Template,
  code: string | null, httpStatus: number | null, via: CallerTemplate['via'] | null,
): StoredRecord {
  const filePath = tree.pathPrefix + f.rel;
  const errorMessage = renderMessage(template);
  const win = sourceWindow(lines, site.line, site.column);
  const record: StoredRecord = {
    id,
    repo: tree.repo,
    slug: slugify(code ?? errorMessage),
    errorCode: code,
    errorMessage,
    messagePattern: renderPattern(template),
    errorType: site.errorType,
    errorClass: site.errorClass,
    httpStatus,
    severity: site.severity,
    filePath,
    lineNumber: site.line,
    sourceCode: win.text,
    sourceCodeStart: win.start,
    sourceCodeEnd: win.end,
    githubUrl: permalink(tree.repo, tree.revision?.ref ?? null, filePath, win.start, win.end),
    analyzedSha: tree.sha,
    analyzedAt: tree.analyzedAt,
    contentChangedAt: tree.analyzedAt,
    schemaVersion: 2 as const,
    language: f.language,
    symbol: site.symbol,
    guards: site.guards,
    placeholders: placeholders(template),
    generic: isGeneric(template),
    alsoAt: [] as number[],
    package: tree.package,
    version: tree.version,
    tags: [...(f.generated ? ['generated'] : []), ...(f.minified ? ['minified'] : [])],
  };
  if (via) record.callers = [{ filePath: tree.pathPrefix + via.file, line: via.line, symbol: via.symbol }];
  if (site.native) record.native = site.native;
  if (site.handedTo) record.handedTo = site.handedTo;
  if (site.deprecated && !via) record.deprecated = true;
  if (record.githubUrl && tree.revision) record.permalinkBasis = tree.revision.basis;
  return record;
}

/**
 * The classes with the origins of their templates' literals marked with their file: a class's
 * message written in a class attribute is raised from other files (the record's definedAt).
 */
function withFiles(classes: ClassInfo[], file: string): ClassInfo[] {
  const mark = (t: Template): Template => (t.some((s) => isLit(s) && s.at && !s.at.file) ? t.map((s) => (isLit(s) && s.at ? { lit: s.lit, at: { ...s.at, file } } : s)) : t);
  let changed = false;
  const out = classes.map((c) => {
    if (!c.template || !originOf(c.template)) return c;
    changed = true;
    return { ...c, template: mark(c.template), ...(c.alts ? { alts: c.alts.map(mark) } : {}) };
  });
  return changed ? out : classes;
}

/** Subclasses a caught class may have, at most (Hole.caughtAlso). */
const MAX_CAUGHT_ALSO = 32;
/** Subclasses whose texts a base's `self.attr` read takes, at most (past it the attribute is too common to tell). */
const MAX_OWNER_SUBCLASSES = 64;

/**
 * A handler's hole holding the error it caught (`except ParseError as e: raise
 * TemplateSyntaxError(e.msg, …)`) says which of the tree's classes it catches: the caught class's
 * subclasses (Hole.caughtAlso), when the tree defines that class.
 */
function withCaughtSubclasses(t: Template, file: string, classes: ClassTable): Template {
  if (!t.some((s) => isHole(s) && s.hole.inner && s.hole.caught)) return t;
  return t.map((s) => {
    if (!isHole(s) || !s.hole.inner || !s.hole.caught) return s;
    const also = classes.subclasses(s.hole.caught, file, MAX_CAUGHT_ALSO);
    return also ? { hole: { ...s.hole, caughtAlso: also } } : s;
  });
}
