// Calls of a raising helper from another module of the tree (`fail('no configuration path given')`
// with `from .util import fail` in another file): a file is analyzed alone and cached, so it cannot
// know which names it imports are helpers. Once every file is analyzed the tree's helpers are known
// by name and file (helperFiles); each file's pack then reads the calls of the helpers it imports
// (LanguageAnalyzer.importedCalls), from one pass over its text, parsing only a file that calls one. Files
// not parsed for sites (LanguageAnalyzer.cannotRaise) are read too: a module that only calls `fail(…)`
// holds no `raise`.

import { posix } from 'node:path';
import type { MethodHelpers } from '../core/pack.js';
import type { CallInfo, ClassInfo, FileAnalysis, RawSite } from '../core/site.js';
import { importNames } from '../facts/modules.js';
import type { Analyzers } from '../languages/registry.js';
import { classPassesParam, lastSegment, passesParam } from '../template/ir.js';

/** The tree's helpers that raise a message they are given (a site whose message passes a parameter): name → files. */
export function helperFiles(files: { rel: string; analysis: FileAnalysis }[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { rel, name } of helperSites(files)) {
    const list = out.get(name);
    if (!list) out.set(name, [rel]);
    else if (list[list.length - 1] !== rel) list.push(rel);
  }
  return out;
}

/** Each site of the tree that raises a message it is given, with its file and the helper's name (see helperFiles). */
function* helperSites(files: { rel: string; analysis: FileAnalysis }[]): Generator<{ rel: string; name: string; symbol: string }> {
  // (error classes whose message holds a constructor parameter: a site handing it one of its own parameters is a helper too)
  const classes = new Map<string, ClassInfo>();
  for (const { analysis: a } of files) for (const c of a.classes) if (c.template && c.params.length && !classes.has(c.name)) classes.set(c.name, c);
  const viaClass = (s: RawSite): boolean => {
    const c = s.errorClass ? classes.get(lastSegment(s.errorClass)) : undefined;
    return !!c && classPassesParam(c.template!, c.params, s.args, s.params!);
  };
  for (const { rel, analysis: a } of files) {
    for (const s of a.sites) {
      const t = s.template ?? s.args[0]?.template;
      // (a minifier's names are not followed across files: callers.ts)
      const name = lastSegment(s.symbol);
      if (!name || name.length <= 2 || !s.params?.length || !((t && passesParam(t, s.params)) || viaClass(s))) continue;
      yield { rel, name, symbol: s.symbol! };
    }
  }
}

/**
 * Methods a logger has: a call `x.error('…')` on an object not named for the helper's class is as
 * likely a log line as a call of the tree's one `error` helper.
 */
const LOGGER_METHODS = new Set(['error', 'warn', 'warning', 'info', 'debug', 'log', 'trace', 'fatal']);

/** The last word of a name, lower-cased: `errorHandler` and `DOMHandler` → `handler`, `_session` → `session`. */
export function lastWord(name: string): string {
  const words = name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+/g);
  return (words?.[words.length - 1] ?? name).toLowerCase();
}

/** The tree's helpers that are methods of a class or object (`Session.error`), for calls through an object (MethodHelpers). */
export function methodHelpers(files: { rel: string; analysis: FileAnalysis }[]): MethodHelpers | undefined {
  const byName = new Map<string, { file: string; owner: string }[]>();
  for (const { rel, name, symbol } of helperSites(files)) {
    const segs = symbol.split('.');
    if (segs.length < 2) continue;
    const owner = segs[segs.length - 2];
    if (!owner || owner === 'prototype') continue;
    const list = byName.get(name) ?? [];
    if (!list.some((h) => h.file === rel && h.owner === owner)) list.push({ file: rel, owner });
    byName.set(name, list);
  }
  if (byName.size === 0) return undefined;
  const spec = (caller: string, file: string): string => {
    const r = posix.relative(posix.dirname(caller), file.replace(/\.[^./]+$/, ''));
    return r.startsWith('../') ? r : `./${r}`;
  };
  return {
    names: [...byName.keys()],
    moduleFor(caller, method, receiver) {
      const list = byName.get(method)?.filter((h) => h.file !== caller);
      if (!list?.length) return null;
      const word = lastWord(lastSegment(receiver) ?? receiver);
      const named = new Set(list.filter((h) => lastWord(h.owner) === word).map((h) => h.file));
      if (named.size === 1) return spec(caller, [...named][0]);
      const files = new Set(byName.get(method)!.map((h) => h.file));
      if (named.size === 0 && files.size === 1 && !LOGGER_METHODS.has(method)) return spec(caller, list[0].file);
      return null;
    },
  };
}

/** Each file's calls of helpers it imports from other modules, added to its analysis's calls. */
export function addImportedCalls(files: { rel: string; language: string; text: string; analysis: FileAnalysis }[], analyzers: Analyzers): void {
  const helpers = helperFiles(files);
  if (helpers.size === 0) return;
  const methods = withDispatched(methodHelpers(files), files, analyzers, helpers);
  // Files holding a helper, under each segment of their path (`pkg/sub/util.py`: `pkg`, `sub`, `util`):
  // a module imported can only hold one when its last segment is one of them.
  const bySegment = new Map<string, Set<string>>();
  for (const list of helpers.values()) {
    for (const file of list) {
      for (const seg of file.replace(/\.[^./]+$/, '').split('/')) {
        let set = bySegment.get(seg);
        if (!set) bySegment.set(seg, (set = new Set()));
        set.add(file);
      }
    }
  }
  for (const f of files) {
    const lang = analyzers.language(f.language);
    if (!lang?.importedCalls) continue;
    let calls: CallInfo[];
    try {
      const defines = (name: string | null, from: string) => {
        const files = name === null ? bySegment.get(lastModuleSegment(f.rel, from)) : helpers.get(name);
        if (!files) return false;
        for (const file of files) if (file !== f.rel && importNames(f.rel, from, file)) return true;
        return false;
      };
      calls = lang.importedCalls(f.text, f.rel, defines, methods);
    } catch {
      continue;
    }
    if (calls.length) f.analysis = { ...f.analysis, calls: [...(f.analysis.calls ?? []), ...calls] };
  }
}

/**
 * The methods of the tree reached through attribute lookup (FileAnalysis.dispatch) that raise a
 * message they are given, with the names the tree's files assign an instance of their class
 * (LanguageAnalyzer.instanceNames, read only when such a method is a helper).
 */
function withDispatched(
  methods: MethodHelpers | undefined, files: { rel: string; language: string; text: string; analysis: FileAnalysis }[], analyzers: Analyzers,
  helpers: Map<string, string[]>,
): MethodHelpers | undefined {
  const found: { language: string; classes: string[]; method: string; names: string[] }[] = [];
  for (const f of files) for (const d of f.analysis.dispatch ?? []) if (helpers.has(d.method)) found.push({ language: f.language, ...d });
  if (found.length === 0) return methods;
  const dispatched: NonNullable<MethodHelpers['dispatched']>[number][] = [];
  for (const d of found) {
    const receivers = new Set<string>();
    for (const f of files) {
      const read = f.language === d.language ? analyzers.language(f.language)?.instanceNames : undefined;
      if (read) for (const n of read(f.text, d.classes)) receivers.add(n);
    }
    if (receivers.size) dispatched.push({ receivers: [...receivers], names: d.names, method: d.method });
  }
  if (dispatched.length === 0) return methods;
  return methods ? { ...methods, dispatched } : { names: [], moduleFor: () => null, dispatched };
}

/** The last segment of the module a file imports (`./` of `pkg/x.py` is `pkg`). */
function lastModuleSegment(file: string, from: string): string {
  const segs = from.split('/').filter((s) => s && s !== '.');
  const last = segs[segs.length - 1];
  if (last && last !== '..') return last;
  // (`./`, `../`: the directory itself)
  const dirs = file.split('/').slice(0, -1);
  const up = segs.filter((s) => s === '..').length;
  return dirs[dirs.length - 1 - up] ?? '';
}
