// Helpers that raise a message they receive (`_raise_error(self, condition,
// explanation)`, `fail(self, msg)`): each site gets its enclosing function's
// parameters, and calls to such helpers with string arguments are listed so
// assemble can bind the callers' messages into the helper's template.

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { boundExpr, isHole, lastSegment, passesParam, type Template } from '../../template/ir.js';
import { assignedParams } from '../shared/assigned.js';
import { calleeName, findAllNames } from '../shared/find-names.js';
import { callEnd, type CallLexer } from '../shared/call-spans.js';
import { callCounts, dottedCalls, lineAt, lineStarts } from '../shared/text-index.js';
import type { Imported, Imports } from '../shared/imports.js';
import { assignmentForms } from './assigned.js';
import { findAllAt } from './statements.js';
import { classHeads } from './built.js';
import { callbacks, storedCallbacks } from './callbacks.js';
import { siteContext } from './context.js';
import { build, callArgs, paramNamesFromText, Scope, type FileCtx } from './template.js';
import { oneLine } from './strings.js';
import type { ArgInfo, CallInfo, RawSite } from '../../core/site.js';
import type { MethodHelpers } from '../../core/pack.js';

interface Fn {
  node: SgNode;
  start: number;
  end: number;
  params: string[];
}

/** Parameters without a leading `self`/`cls`. */
function params(fn: SgNode): string[] {
  const text = fn.field('parameters')?.text() ?? '()';
  const dropFirst = /^\(\s*(self|cls)\b/.test(text);
  return paramNamesFromText(text, dropFirst);
}

/** Innermost function containing a line (functions are listed in document order, so the last hit is innermost). */
function enclosing(fns: Fn[], line: number): Fn | null {
  let best: Fn | null = null;
  for (const f of fns) if (f.start <= line && line <= f.end) best = f;
  return best;
}

/**
 * Parameters the function assigns to where that can precede the site, by the line of the first
 * such assignment (RawSite.reassigned): `x = …` / `x += …` from the tree, except in an arm of an
 * if/elif/else chain another arm of which holds the site (elementpath's `if isinstance(code,
 * QName): code = code.local_name` beside `elif ':' not in code: … raise`); the other forms
 * from the text (assigned.ts).
 */
function reassignedParams(
  ctx: FileCtx, fn: SgNode, body: SgNode, site: RawSite, params: string[], text: TextIndex,
): Record<string, number> {
  const pos = text.offset(site.line, site.column);
  const bodyLine = body.range().start.line + 1;
  const fromText = text.assigned(fn, body, params);
  const out: Record<string, number> = {};
  for (const p of params) {
    const lines = ctx.assigns(fn, p).filter((a) => !inOtherArm(a.node, pos)).map((a) => a.node.range().start.line + 1);
    const t = fromText.get(p);
    if (t !== undefined) lines.push(bodyLine + t);
    if (lines.length) out[p] = Math.min(...lines);
  }
  return out;
}

const ARM_OWNERS = new Set(['if_statement', 'elif_clause', 'else_clause']);

/** Whether `n` is in one arm of an if/elif/else chain and `pos` in another: they never both run. */
function inOtherArm(n: SgNode, pos: number): boolean {
  let prev = n;
  for (let p = n.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_definition' || k === 'class_definition' || k === 'lambda') return false;
    if (prev.kind() === 'block' && ARM_OWNERS.has(k)) {
      const arm = prev.range();
      if (arm.start.index <= pos && pos < arm.end.index) return false;
      const chain = (k === 'if_statement' ? p : p.parent())?.range();
      if (chain && chain.start.index <= pos && pos < chain.end.index) return true;
    }
    prev = p;
  }
  return false;
}

/**
 * What helperCalls asks of the file's text, from one pass each: offsets of lines (a site's
 * offset was counted from the top, line by line, once per site) and the text forms'
 * assignments to a function's parameters (once per function, not per site in it).
 */
class TextIndex {
  private starts: number[] | null = null;
  private readonly byFn = new Map<number, { params: string[]; out: Map<string, number> }>();

  constructor(private readonly source: string) {}

  /** Offset of a 1-based line and column in the text. */
  offset(line: number, column: number): number {
    this.starts ??= lineStarts(this.source);
    // (a line past the last one: counted as it was, one line at a time)
    if (line - 1 >= this.starts.length) return offsetOf(this.source, line, column);
    return this.starts[line - 1] + column - 1;
  }

  assigned(fn: SgNode, body: SgNode, params: string[]): Map<string, number> {
    const hit = this.byFn.get(fn.id());
    if (hit && hit.params.length === params.length && hit.params.every((p, i) => p === params[i])) return hit.out;
    const out = assignedParams(body.text(), params, assignmentForms);
    this.byFn.set(fn.id(), { params, out });
    return out;
  }
}

/** Offset of a 1-based line and column in the text, counted line by line. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at + column - 1;
}

/** Calls of helpers in the text past which the whole tree is searched by its callees' text. */
const MAX_CALL_PLACES = 40;

/**
 * The calls of these names, in document order. Most files call a helper at a few places: only the
 * statements holding a `name(` of the text are searched (shared/subtrees.ts), each for its calls,
 * kept by their callee's last name. A rule matching callees by a regular expression costs its
 * compilation at every search, and a walk of the whole tree about half a parse.
 */
function helperCallNodes(ctx: FileCtx, names: string[], rule: (ns: string[]) => NapiConfig): SgNode[] {
  const places = [...ctx.source.matchAll(new RegExp(`(?<!\\w)(?:${names.join('|')})(?=\\s*\\()`, 'g'))].map((m) => m.index);
  if (places.length > MAX_CALL_PLACES) return findAllNames(ctx.root, names, names, { rule, kind: 'call', nameOf: calleeName });
  const wanted = new Set(names);
  return findAllAt(ctx.root, places, { rule: { kind: 'call' } }).filter((c) => wanted.has(calleeName(c) ?? ''));
}

/** Levels of functions passing a message parameter on whose calls are looked for. */
const HELPER_LEVELS = 4;

export function helperCalls(ctx: FileCtx, sites: RawSite[]): CallInfo[] {
  // Only files where some site's message may be a parameter look for calls.
  const message = (s: RawSite) => s.template ?? s.args[0]?.template ?? [];
  // An error class's raise may say any argument it is given, not only its first: iniconfig's
  // `raise ParseError(self.path, lineno, msg)`, whose `__str__` is `"%s:%s: %s" % (self.path,
  // self.lineno+1, self.msg)`, says the `msg` its callers hand `_raise` (facts/callers.ts binds
  // them into the class's composed text, and gives up on a text that does not pass the parameter).
  const handed = (s: RawSite): Template[] => (s.args.length <= 1 ? [message(s)] : [message(s), ...s.args.map((a) => a.template)]);
  const bareParam = (t: Template) => t.some((seg) => isHole(seg) && /^[A-Za-z_]\w*$/.test(boundExpr(seg.hole) ?? ''));
  const candidates = sites.filter((s) => s.symbol && handed(s).some(bareParam));
  // A callable the object stored from its constructor (`self.error_func(msg, …)`) stands for the
  // functions constructions hand it (callbacks.ts): its calls are a helper's, whatever it raises.
  const stored = storedCallbacks(ctx.source);
  // Calls are only looked for in this file, so a helper must be called here: `name(` beyond its `def`
  // (twice in the text), counted for every candidate's name in one pass over the text.
  if (candidates.length === 0 && stored.length === 0) return [];
  const counts = callCounts(ctx.source, candidates.map((s) => lastSegment(s.symbol!)), 2);
  const text = new TextIndex(ctx.source);
  // The innermost function around a site is the one its siteContext found (a function ancestor
  // contains the site's line, and no other function does). Only a site whose innermost definition
  // is a class (a class body inside a function) needs every function of the file, by line.
  let fns: Fn[] | null = null;
  const paramsById = new Map<number, string[]>();
  const paramsOf = (fn: SgNode): string[] => {
    const id = fn.id();
    let p = paramsById.get(id);
    if (!p) paramsById.set(id, (p = params(fn)));
    return p;
  };
  const enclosingParams = (s: RawSite): string[] | null => {
    const node = ctx.siteFns.get(s);
    if (node) return paramsOf(node);
    fns ??= ctx.root.findAll({ rule: { kind: 'function_definition' } }).map((node) => {
      const r = node.range();
      return { node, start: r.start.line + 1, end: r.end.line + 1, params: params(node) };
    });
    return enclosing(fns, s.line)?.params ?? null;
  };
  const names = new Set<string>();
  for (const s of candidates) {
    // Calls are looked for in this file when it calls the helper: `name(` beyond its `def` (twice in
    // the text). A helper this file never calls gets its parameters all the same, for the callers
    // other modules of the tree import it to (importedCalls); its guards are then not read with their
    // values (every parameter counts as reassigned from the function's first line: finding the
    // assignments costs a tree walk per function, for callers most helpers never have).
    const calledHere = counts.get(lastSegment(s.symbol!))! >= 2;
    const node = ctx.siteFns.get(s);
    if (!calledHere && !node) continue;
    const fnParams = enclosingParams(s);
    if (!fnParams || fnParams.length === 0) continue;
    s.params = fnParams;
    const fn = ctx.siteFns.get(s);
    // (only guards over parameters are read with callers' values: facts/guards.ts)
    const body = fn && s.guards.some((g) => fnParams.some((p) => g.text.includes(p))) ? fn.field('body') : null;
    if (fn && body && !calledHere) {
      const from = fn.range().start.line + 1;
      s.reassigned = Object.fromEntries(fnParams.filter((p) => s.guards.some((g) => g.text.includes(p))).map((p) => [p, from]));
    } else if (fn && body) {
      const reassigned = reassignedParams(ctx, fn, body, s, fnParams, text);
      if (Object.keys(reassigned).length) s.reassigned = reassigned;
    }
    if (calledHere && handed(s).some((t) => passesParam(t, fnParams))) names.add(lastSegment(s.symbol!));
  }
  // The functions known only as handing their parameter to a stored callable (`_error(msg, token)`):
  // their calls (`self._error('Illegal character %s' % …, t)`) are of this file's function, never
  // another file's helper of the same name (CallInfo.local); the chain reaches them from the
  // function a construction hands the callable (facts/callers.ts).
  const viaStored = new Set(stored.filter((k) => !names.has(k)));
  for (const k of stored) names.add(k);
  if (names.size === 0) return [];
  const rule = (ns: string[]): NapiConfig => ({ rule: { kind: 'call', has: { field: 'function', regex: `(?:^|\\.)(?:${ns.join('|')})$` } } });
  const out: CallInfo[] = [];
  // A function passing its own parameter on to a helper (`def fail(msg): _raise(ValueError, msg)`) is a
  // helper too: its calls are looked for in turn, HELPER_LEVELS deep (facts/callers.ts follows as deep).
  const helpers = new Set(names);
  let fresh = [...names];
  for (let level = 0; level < HELPER_LEVELS && fresh.length; level++) {
    const up = new Set<string>();
    const upNamed = new Set<string>();
    for (const call of helperCallNodes(ctx, fresh, rule)) {
      const fnText = call.field('function')?.text() ?? '';
      const sc = siteContext(call, ctx.symbols);
      const scope = new Scope(ctx, sc.fn);
      const a = callArgs(call);
      const args: ArgInfo[] = [
        ...a.positional.map((p) => ({ name: null, template: build(p, scope).t, expr: oneLine(p.text()) })),
        ...a.keywords.map((k) => ({ name: k.name, template: build(k.value, scope).t, expr: oneLine(k.value.text()) })),
      ];
      const fnParams = sc.fn ? paramsOf(sc.fn) : undefined;
      const passes = !!fnParams?.length && !!sc.symbol && args.some((x) => passesParam(x.template, fnParams));
      if (!passes && !args.some((x) => x.template.some((seg) => 'lit' in seg))) continue;
      const callee = lastSegment(fnText);
      if (passes && !helpers.has(lastSegment(sc.symbol!))) (viaStored.has(callee) ? up : upNamed).add(lastSegment(sc.symbol!));
      const line = call.range().start.line + 1;
      const info: CallInfo = { callee, args, line, symbol: sc.symbol, params: fnParams };
      if (fnText === `self.${callee}` && stored.includes(callee)) info.stored = true;
      else if (viaStored.has(callee)) info.local = true;
      out.push(info);
    }
    for (const x of up) if (!upNamed.has(x)) viaStored.add(x);
    for (const x of upNamed) up.add(x);
    for (const x of up) helpers.add(x);
    fresh = [...up];
  }
  return out;
}

const PY_LEXER: CallLexer = { quotes: '\'"', triple: true, lineComment: '#', blockComment: false, templates: false };

/**
 * Calls in this file of helpers of other modules of the tree that it imports (`fail(…)` with
 * `from .util import fail`, `util.fail(…)` with `from . import util`, `genericpath._check_arg_types(
 * 'join', …)` with `import genericpath`): `defines(name, from)` says whether the module imported
 * defines a helper of that name (CallInfo.from names the module). Read from the text in one pass;
 * only each such call is parsed (its arguments are built as at any call: a name stays a hole), and
 * its function is the `def` around its line by indentation.
 */
export function importedCalls(
  source: string, defines: (name: string | null, from: string) => boolean, imports: Imports, parse: (text: string) => FileCtx,
  dispatched?: MethodHelpers['dispatched'],
): CallInfo[] {
  // (`self._log.error('…', token)`: `_log` holds an instance whose `__getattr__` returns `__handle`
  // for `error`; dispatch.ts): `recv.name` → the method
  const through = new Map<string, string>();
  for (const d of dispatched ?? []) for (const r of d.receivers) for (const n of d.names) through.set(`${r}.${n}`, d.method);
  if (imports.size === 0 && through.size === 0) return [];
  const fnNames: string[] = [];
  const aliases: string[] = [];
  for (const [local, imp] of imports) {
    if (local.endsWith('.*')) {
      const m = local.slice(0, -2);
      if (/^\w+$/.test(m) && defines(null, imp.from)) aliases.push(m);
    } else if (/^[A-Za-z_]\w*$/.test(local) && defines(imp.name, imp.from)) fnNames.push(local);
  }
  const bases = inheritedBases(source, imports);
  if (fnNames.length === 0 && aliases.length === 0 && bases.size === 0 && through.size === 0) return [];
  /** The method a call reaches through attribute lookup: its callee's last two names. */
  const dispatchedTo = (callee: string): string | undefined => {
    if (through.size === 0) return undefined;
    const last = callee.lastIndexOf('.');
    if (last < 0) return undefined;
    return through.get(callee.slice(callee.lastIndexOf('.', last - 1) + 1));
  };
  const fnSet = new Set(fnNames);
  const aliasSet = new Set(aliases);
  // (a method of this file overrides the base's of that name)
  let ownDefs: Set<string> | null = null;
  // (`alias.name(`, an imported name's `name(`, or `self.name(` in a class on an imported base, from
  // one pass over the text's `(`s)
  const accept = (callee: string) => {
    if (dispatchedTo(callee)) return true;
    const dot = callee.indexOf('.');
    if (dot < 0) return fnSet.has(callee);
    if (dot !== callee.lastIndexOf('.')) return false;
    const head = callee.slice(0, dot);
    if (head === 'self') return bases.size > 0 && !(ownDefs ??= new Set(defLines(source).map((d) => d.name))).has(callee.slice(dot + 1));
    return aliasSet.has(head);
  };
  const out: CallInfo[] = [];
  let lines: number[] | null = null;
  let defs: DefLine[] | null = null;
  let handed: Set<string> | null = null;
  for (const c of dottedCalls(source, accept)) {
    const dot = c.callee.indexOf('.');
    const alias = dot >= 0 ? c.callee.slice(0, dot) : undefined;
    const name = dot >= 0 ? c.callee.slice(dot + 1) : c.callee;
    const method = dispatchedTo(c.callee);
    let imported: Imported | undefined;
    let inClass: string | null = null;
    if (method) {
      // (a method reached through attribute lookup is of no module the file imports: any of the tree's)
    } else if (alias === 'self') {
      defs ??= defLines(source);
      // (the class around the call, by indentation: it must be one on an imported base that defines the helper)
      inClass = enclosingDef(source, defs, c.start)?.symbol.split('.')[0] ?? null;
      imported = inClass ? bases.get(inClass)?.find((b) => defines(name, b.from)) : undefined;
    } else imported = alias !== undefined ? imports.get(`${alias}.*`) : imports.get(name);
    if (!method && !imported) continue;
    const callee = method ?? (imported!.name === '*' || alias === 'self' ? name : imported!.name);
    if (!method && !defines(callee, imported!.from)) continue;
    const start = c.start;
    const end = callEnd(source, c.open, PY_LEXER);
    if (end < 0) continue;
    // (literal text in an argument is a string's, so a call without a quote is kept by no test
    // below: not parsed; 148 of the stdlib's 196 such calls)
    const inParens = source.slice(c.open, end);
    // (a method handed as a callback (callbacks.ts) passing its parameter on is kept without one:
    // `def _lex_error_func(self, msg, line, column): self._parse_error(msg, self._coord(line, column))`)
    let passer: DefAt | null = null;
    if (!inParens.includes("'") && !inParens.includes('"')) {
      handed ??= new Set(callbacks(source).map((h) => h.fn));
      if (handed.size === 0) continue;
      defs ??= defLines(source);
      passer = enclosingDef(source, defs, start);
      if (!passer?.params.length || !handed.has(lastSegment(passer.symbol)!)) continue;
    }
    const ctx = parse(source.slice(start, end));
    const call = ctx.root.find({ rule: { kind: 'call' } });
    if (!call) continue;
    const a = callArgs(call);
    const scope = ctx.moduleScope;
    const args: ArgInfo[] = [
      ...a.positional.map((p) => ({ name: null, template: build(p, scope).t, expr: oneLine(p.text()) })),
      ...a.keywords.map((k) => ({ name: k.name, template: build(k.value, scope).t, expr: oneLine(k.value.text()) })),
    ];
    if (passer ? !args.some((x) => passesParam(x.template, passer!.params)) : !args.some((x) => x.template.some((seg) => 'lit' in seg))) continue;
    lines ??= lineStarts(source);
    defs ??= defLines(source);
    const line = lineAt(lines, start);
    const def = enclosingDef(source, defs, start);
    out.push({ callee, args, line, symbol: def?.symbol ?? null, ...(def?.params.length ? { params: def.params } : {}), ...(imported ? { from: imported.from } : {}) });
  }
  return out;
}

/**
 * The file's classes derived from a class it imports (`from .plyparser import PLYParser` /
 * `class CParser(PLYParser):`, or `plyparser.PLYParser`): class name → the imports of its bases.
 * Their `self.m(…)` calls reach a helper `m` of the module a base comes from (pycparser's
 * `self._parse_error('before: %s' % p.value, coord)`, defined in `PLYParser`), unless the file
 * defines `m` itself.
 */
function inheritedBases(source: string, imports: Imports): Map<string, Imported[]> {
  const out = new Map<string, Imported[]>();
  if (!source.includes('class')) return out;
  for (const head of classHeads(source)) {
    const found: Imported[] = [];
    for (const base of head.bases) {
      const dot = base.lastIndexOf('.');
      const imp = dot < 0 ? imports.get(base) : dot === base.indexOf('.') ? imports.get(`${base.slice(0, dot)}.*`) : undefined;
      if (imp) found.push(imp);
    }
    if (found.length) out.set(head.name, found);
  }
  return out;
}

interface DefAt {
  symbol: string;
  params: string[];
}

interface DefLine {
  at: number;
  indent: number;
  def: boolean;
  name: string;
  params: string;
}

const DEF_LINES = /^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)[ \t]*(\([^)]*\))?/gm;

/** Every `def` / `class` line of the text, in order, from one pass. */
const defLines = (source: string): DefLine[] =>
  [...source.matchAll(DEF_LINES)].map((m) => ({ at: m.index!, indent: m[1].length, def: m[2] === 'def', name: m[3], params: m[4] ?? '()' }));

/**
 * The innermost `def` around an offset, by indentation (`Class.method`, `outer.inner`): the nearest
 * definition before it indented less than its line, then that one's, and so on (Python's blocks
 * nest so). Costs the definitions passed over going back.
 */
function enclosingDef(source: string, defs: DefLine[], at: number): DefAt | null {
  const ls = source.lastIndexOf('\n', at - 1) + 1;
  let indent = /^[ \t]*/.exec(source.slice(ls, ls + 200))![0].length;
  const chain: DefLine[] = [];
  let lo = 0;
  let hi = defs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (defs[mid].at < ls) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0 && indent > 0; i--) {
    if (defs[i].indent >= indent) continue;
    chain.unshift(defs[i]);
    indent = defs[i].indent;
  }
  let fn = -1;
  for (let i = chain.length - 1; i >= 0 && fn < 0; i--) if (chain[i].def) fn = i;
  if (fn < 0) return null;
  const d = chain[fn];
  return { symbol: chain.slice(0, fn + 1).map((c) => c.name).join('.'), params: paramNamesFromText(d.params, /^\(\s*(self|cls)\b/.test(d.params)) };
}

