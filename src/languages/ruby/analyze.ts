// The Ruby frontend: one ast-grep query finds the candidate nodes (the names raise, fail, abort,
// warn, error, fatal and helper-like names, class definitions, constant assignments, ERROR nodes)
// in one traversal; each is then read with a few node calls. Templates are template.ts's, symbol
// and guards context.ts's.
//
// Sites:
// - `raise X, msg`, `raise X, msg, backtrace`, `raise X.new(args)`, `raise X.exception(args)`,
//   `raise X` (the class's own message), `raise "msg"` / `raise MSG` (RuntimeError), `fail …` the
//   same; `raise err` where `err = X.new(…)` earlier in the method is followed to the
//   construction. `raise e` of a rescued `e`, of a parameter, and bare `raise` are rethrows.
// - `abort("msg")` → exit (SystemExit, critical); `warn("msg")` → warning; `<logger>.error/fatal/warn`
//   (a receiver whose name has `log`), also with a block (`logger.error { "…" }`) → log.
// Classes: `class X < Base` (with `initialize` → `super(…)`, bare `super`, parameter defaults, and
// `def message` / `def to_s` returning the message) and `X = Class.new(Base)`.
// Tables: constant hashes of strings (`MESSAGES = { blank: "can't be blank" }.freeze`).

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { siteAt, type ArgInfo, type CallInfo, type ClassInfo, type FileAnalysis, type MessageReturn, type MessageTable, type RawSite, type Severity, type SiteFields } from '../../core/site.js';
import { escapeRegex, hole, isHole, isLit, lastSegment, lit, normalize, passesParam, type Hole, type Template } from '../../template/ir.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import { markCaughtMessages } from '../shared/caught.js';
import { messagePosition } from '../shared/message-position.js';
import { globalMentions, nativeLabel, nativeTemplates, nodesAtSpans, spanParents, type NativeCallable } from '../shared/native.js';
import { DESCRIPTOR_CALLS, DYNAMIC_REQUIRE_NATIVE, RUBY_NATIVE, STRICT_BASE64_NATIVE } from './native.js';
import { siteContext, type SiteContext } from './context.js';
import { parseRuby } from './grammar.js';
import { argNodes, arities, build, CONSTANTS, HANDLED_ERROR, FileCtx, HELPERS, helperTexts, I18N, literalKey, DEFINES_MESSAGE_METHOD, MESSAGE_METHOD, methodReturnText, oneLine, paramNames, RETURNS, returnsKey, STRING_VALUES, VALUE_CONSTANT, type Built, type Scope } from './template.js';
import { W } from '../shared/rule-regex.js';

const RAISE = new Set(['raise', 'fail', '__raise__']);
/** Receivers a raise is called on: Kernel's own (`::Kernel::raise`, `Kernel.raise`). */
const KERNEL = new Set(['Kernel', '::Kernel']);
const LOG_METHODS: Record<string, Severity> = { fatal: 'critical', error: 'error', warn: 'warning' };
/** Helpers that raise a message they are given (`error!("…")`, `parse_error(…)`), called in the same file. */
/** Levels of methods passing a message parameter on that are followed to their callers (facts/callers.ts follows as deep). */
const HELPER_LEVELS = 4;
const HELPER_NAME = /(?:err|fail|raise|abort|invalid|die)\w*[!?]?$/i;
const NAME_RULE = String.raw`^(?:raise|fail|__raise__|abort|warn|error|fatal|fetch|${W}*(?:[Ee]rr|[Ff]ail|[Rr]aise|[Aa]bort|[Ii]nvalid|[Dd]ie)${W}*[!?]?)$`;
const NAME_PATTERN = new RegExp(NAME_RULE);
const QUERY: NapiConfig = {
  rule: {
    any: [
      { kind: 'identifier', regex: NAME_RULE },
      { kind: 'class' },
      { kind: 'assignment', has: { field: 'left', kind: 'constant' } },
      { kind: 'ERROR' },
    ],
  },
};
/** A name that says it is an exception class. */
const EXC_NAME = /(?:Error|Exception|Invalid|Failure|Interrupt|Exit)$/;
/** The names a caught error's message is read by: `e`, `e.message`, `e.to_s`, `e.full_message`. */
const CAUGHT_TEXT = /^@?(\w+)(?:\.(?:message|to_s|full_message|detailed_message))?$/;
const MAX_TABLE_ENTRIES = 2000;
const MAX_CALLS = 2000;

/**
 * True when the text holds none of the words any site, class or table needs (a hash constant, or a
 * text constant of words joined by `_`, `EXCEL_NOTICE = "…"`, is filed for other files' raises).
 */
export const rubyCannotRaise = (source: string): boolean => !/\b(?:raise|fail|abort|warn|error|fatal|fetch|class|Class)\b|[A-Z]\w*\s*=\s*\{|\b[A-Z][A-Z0-9]*_[A-Z0-9_]*\s*=\s*["'%<]/.test(source) && !mayCallNative(source);

interface Here {
  ctx: FileCtx;
  node: SgNode;
  sc: SiteContext;
  scope: Scope;
}

function here(ctx: FileCtx, node: SgNode): Here {
  const sc = siteContext(node);
  return { ctx, node, sc, scope: { ctx, fn: sc.fn, params: new Set(sc.params), at: node.range().start.index } };
}

function site(h: Here, fields: SiteFields): RawSite {
  const start = h.node.range().start;
  // (a class raised without a message, its name its text: by the full name Ruby gives it, as the text
  // is, defaultMessage; `raise OutOfBoundsException` and `raise Patch::OutOfBoundsException` in `module
  // Hana; class Patch` are one class, one record at both lines)
  const only = fields.template?.length === 1 ? fields.template[0] : null;
  if (fields.errorClass && only && isLit(only) && only.lit !== fields.errorClass && CONSTANT_PATH.test(fields.errorClass) && only.lit === lexicalName(h.node, fields.errorClass, h.ctx)) {
    fields = { ...fields, errorClass: only.lit };
  }
  const r = siteAt(start.line + 1, start.column + 1, h.sc.symbol, h.sc.guards, { ...(h.sc.params.length ? { params: h.sc.params } : {}), ...fields });
  const caught = new Set(h.sc.caught.keys());
  for (const p of rescuedParams(h, r)) caught.add(p);
  return markCaughtMessages(r, caught, CAUGHT_TEXT);
}

/** A parameter's message read (`e.message`): the parameter's name. */
const PARAM_MESSAGE = /^(\w+)\.(?:message|full_message|detailed_message)$/;
/** Methods per file whose calls rescuedParams reads, at most. */
const MAX_RESCUED_LOOKUPS = 16;
const methodsLooked = new WeakMap<FileCtx, Set<string>>();

/**
 * The parameters of the site's method whose message the site reads (`e.message`) and that every
 * call of the method in the file gives an error it rescued (`rescue ArgumentError => e;
 * reformat_argument_error(e)`): a caught error's message as much as `e.message` in the rescue
 * itself. None when the file has no call of the method (another file's may give anything).
 */
function rescuedParams(h: Here, r: RawSite): string[] {
  const fname = h.sc.fn?.field('name')?.text();
  if (!fname || !h.sc.params.length) return [];
  const read = new Set<string>();
  const look = (t: Template | null | undefined) => {
    for (const x of t ?? []) {
      const m = isHole(x) && x.hole.expr ? PARAM_MESSAGE.exec(x.hole.expr) : null;
      if (m && h.sc.params.includes(m[1]) && !h.sc.caught.has(m[1])) read.add(m[1]);
    }
  };
  look(r.template);
  r.alternatives?.forEach(look);
  for (const a of r.args) {
    look(a.template);
    a.alts?.forEach(look);
  }
  if (!read.size) return [];
  // (each method's calls are looked up once, and only so many methods a file: a generated file of
  // thousands of such methods would otherwise walk its tree once a method)
  const looked = methodsLooked.get(h.ctx) ?? new Set<string>();
  methodsLooked.set(h.ctx, looked);
  if (!looked.has(fname) && looked.size >= MAX_RESCUED_LOOKUPS) return [];
  looked.add(fname);
  const calls = h.ctx.callsNamed(fname).filter((c) => !c.field('receiver') || c.field('receiver')!.text() === 'self');
  if (!calls.length) return [];
  return [...read].filter((p) => {
    const at = h.sc.params.indexOf(p);
    return calls.every((c) => {
      const a = argNodes(c)[at];
      return a?.kind() === 'identifier' && siteContext(c).caught.has(a.text());
    });
  });
}

/**
 * A helper call's arguments, where a local holding an error built in the method (`exception =
 * MockExpectationError.new(message); notify exception`) gives the construction's message: the helper
 * raising what it is handed raises that text.
 */
function helperArgInfos(nodes: SgNode[], scope: Scope): { infos: ArgInfo[]; built: Built[] } {
  const r = argInfos(nodes, scope);
  const positional = nodes.filter((a) => !['block_argument', 'splat_argument', 'hash_splat_argument', 'pair'].includes(a.kind() as string));
  positional.forEach((a, i) => {
    if (a.kind() !== 'identifier' || scope.params.has(a.text()) || !scope.fn || r.built[i]?.s) return;
    const assigned = scope.ctx.assignedBefore(scope.fn, a.text(), scope.at).at(-1)?.field('right');
    const made = assigned ? construction(assigned) : null;
    const msg = made && EXC_NAME.test(lastSegment(made.cls.text().replace(/::/g, '.'))) ? made.args.find((x) => x.kind() !== 'pair') : null;
    if (!msg) return;
    const b = build(msg, scope);
    r.built[i] = b;
    const at = r.infos.findIndex((x) => x.expr === oneLine(a.text()) && x.name === null);
    if (at >= 0) r.infos[at] = { ...r.infos[at], template: b.t };
  });
  return r;
}

function argInfos(nodes: SgNode[], scope: Scope): { infos: ArgInfo[]; built: Built[] } {
  const infos: ArgInfo[] = [];
  const built: Built[] = [];
  for (const a of nodes) {
    const k = a.kind() as string;
    if (k === 'block_argument' || k === 'splat_argument' || k === 'hash_splat_argument') continue;
    if (k === 'pair') {
      const key = a.field('key');
      const v = a.field('value');
      const name = key ? literalKey(key) : null;
      if (!name || !v) continue;
      infos.push({ name, template: build(v, scope).t, expr: oneLine(v.text()) });
      continue;
    }
    const b = build(a, scope);
    built.push(b);
    infos.push({ name: null, template: b.t, expr: oneLine(a.text()), ...(b.alts?.length ? { alts: b.alts } : {}) });
  }
  return { infos, built };
}

const isConstant = (n: SgNode | null | undefined): n is SgNode => !!n && (n.kind() === 'constant' || n.kind() === 'scope_resolution');

/**
 * A constant naming a class rather than a string (`ArgumentError`, `Foo::Bar`, not `MESSAGE`). An
 * upper-case name the file does not assign is a class, unless it has words joined by `_`
 * (`EXCEL_NOTICE`): no class is named so, a message constant of another file is (read from the
 * tree's constants, template.ts `CONSTANTS`).
 */
function isClassConstant(n: SgNode, ctx: FileCtx): boolean {
  const name = n.kind() === 'constant' ? n.text() : n.field('name')?.text() ?? '';
  if (/^[A-Z][A-Z0-9_]*$/.test(name) && !EXC_NAME.test(name)) {
    const v = ctx.constant(name);
    if (!v) return !SNAKE_CONSTANT.test(name);
    return v.kind() === 'call' && v.field('method')?.text() === 'new';
  }
  return true;
}

/** An upper-case constant of words joined by `_` (`ROO_EXCEL_NOTICE`, `NOT_READY`). */
const SNAKE_CONSTANT = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * The message of an error raised without one: Exception#message is the class's name (a class whose
 * constructor or `message` fixes another overrides it in assemble). The name as written, which the
 * printed full name (`Mod::X`) ends with. Errno classes say their errno's text instead: null.
 */
function defaultMessage(cls: SgNode, ctx: FileCtx): Template | null {
  const name = cls.text();
  return name.startsWith('Errno::') || name.includes('(') ? null : [lit(lexicalName(cls, name, ctx))];
}

/** A class written as a constant or a path of constants (`X`, `Mod::X`, `::X`). */
const CONSTANT_PATH = /^(?:::)?[A-Z]\w*(?:::[A-Z]\w*)*$/;

/** Modules and classes nested around a class's definition or a raise, read, at most. */
const MAX_NESTING = 8;

/** The names of the modules and classes a node is written in, outermost first (`class A::B` is `A::B`). */
function nestingOf(n: SgNode): string[] {
  const out: string[] = [];
  for (let p = n.parent(); p && out.length < MAX_NESTING; p = p.parent()) {
    const k = p.kind() as string;
    if (k !== 'class' && k !== 'module') continue;
    const name = p.field('name')?.text();
    if (!name) return [];
    out.unshift(name.replace(/^::/, ''));
    if (name.startsWith('::')) break;
  }
  return out;
}

/** The full names of the classes a file defines (`class X < Base`, `X = Class.new(Base)`), once per file. */
const definedClasses = new WeakMap<FileCtx, Set<string>>();

function classesDefined(ctx: FileCtx): Set<string> {
  let set = definedClasses.get(ctx);
  if (set) return set;
  set = new Set();
  for (const c of ctx.root.findAll({ rule: { kind: 'class' } })) {
    const name = c.field('name')?.text();
    if (name) set.add(name.startsWith('::') ? name.slice(2) : [...nestingOf(c), name].join('::'));
  }
  if (ctx.source.includes('Class.new')) {
    for (const a of ctx.root.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'constant' } } })) {
      const right = a.field('right');
      if (right?.kind() === 'call' && right.field('method')?.text() === 'new' && right.field('receiver')?.text() === 'Class') set.add([...nestingOf(a), a.field('left')!.text()].join('::'));
    }
  }
  definedClasses.set(ctx, set);
  return set;
}

/**
 * The name Ruby prints for a class raised without a message (Exception#message is Module#name, the
 * path of its definition): a constant written in `module Hana; class Patch; … raise
 * OutOfBoundsException` that the file defines as `Hana::Patch::OutOfBoundsException` is looked up as
 * Ruby does, from the innermost module around the raise outwards, against the classes the file
 * defines; a name the file does not define stays as written (the printed name ends with it).
 */
function lexicalName(cls: SgNode, name: string, ctx: FileCtx): string {
  if (name.startsWith('::')) return name.slice(2);
  const around = nestingOf(cls);
  if (!around.length) return name;
  const defined = classesDefined(ctx);
  for (let i = around.length; i > 0; i--) {
    const full = [...around.slice(0, i), name].join('::');
    if (defined.has(full)) return full;
  }
  return name;
}

/** A class method's name that makes an instance (`from_response`, `build`, `for`), not a query (`new?`) or a setter. */
const FACTORY_METHOD = /^[a-z_]\w*$/;

/**
 * `Mod::Error.from_response(response)`: a class method, other than `new`/`exception`, called on a
 * class constant whose last name says it is an error (`…Error`, `…Exception`, EXC_NAME) and that the
 * file does not define (its factory is elsewhere): that class's name. Null otherwise.
 */
function classFactory(n: SgNode, ctx: FileCtx): string | null {
  if (n.kind() !== 'call' || n.field('block')) return null;
  const m = n.field('method')?.text() ?? '';
  const recv = n.field('receiver');
  if (m === 'new' || m === 'exception' || !FACTORY_METHOD.test(m) || !recv || !isConstant(recv)) return null;
  const name = recv.text();
  if (!CONSTANT_PATH.test(name) || !EXC_NAME.test(name.replace(/^.*::/, '')) || !isClassConstant(recv, ctx)) return null;
  return classesDefined(ctx).has(name.replace(/^::/, '')) ? null : name;
}

/** `X.new(…)` / `X.exception(…)`: the class and the arguments. */
function construction(n: SgNode): { cls: SgNode; args: SgNode[] } | null {
  if (n.kind() !== 'call') return null;
  const m = n.field('method')?.text();
  const recv = n.field('receiver');
  return (m === 'new' || m === 'exception') && isConstant(recv) ? { cls: recv, args: argNodes(n) } : null;
}

/**
 * `@error_class.new(message)`, `@@klass.exception(msg)`, `error_class.new(msg)`: a construction of
 * a class a variable holds (an instance or class variable, or a local or parameter), with arguments.
 * Also a class an object's reader gives (`data[:contracts].failure_exception.new(msg, data)`,
 * `self.class.error_class.new(msg)`): a call of a lower-case method, not a constant's path.
 */
function variableConstruction(n: SgNode): { cls: SgNode; args: SgNode[] } | null {
  const m = n.field('method')?.text();
  if (m !== 'new' && m !== 'exception') return null;
  const recv = n.field('receiver');
  const rk = recv?.kind() as string | undefined;
  const reader = rk === 'call' && !recv!.field('arguments') && !recv!.field('block') && /^[a-z_]\w*$/.test(recv!.field('method')?.text() ?? '');
  if (!recv || (rk !== 'instance_variable' && rk !== 'class_variable' && rk !== 'identifier' && !reader)) return null;
  const args = argNodes(n);
  return args.length ? { cls: recv, args } : null;
}

/** Branches of a `case`/`if` whose constructions are read as one raise's, at most. */
const MAX_BRANCH_CONSTRUCTIONS = 8;

/**
 * The constructions a `case`/`if`/`unless` expression's branches end with (`case type when :group
 * then InvalidGroupError.new(what, reason) … end`), when every branch that gives a value makes one;
 * empty otherwise.
 */
function branchConstructions(n: SgNode): { node: SgNode; guard?: string }[] {
  const k = n.kind() as string;
  if (k !== 'case' && k !== 'if' && k !== 'unless') return [];
  // (`case type when :a, :b then …`: the branch's test, `type == :a || type == :b`, when the subject is
  // a name and the patterns literals)
  const subject = k === 'case' ? n.field('value') : null;
  const named = subject?.kind() === 'identifier' ? subject.text() : null;
  const bodies: { body: SgNode; guard?: string }[] = [];
  const walk = (x: SgNode) => {
    for (const c of x.children()) {
      const ck = c.kind() as string;
      if (ck === 'then' || ck === 'else') {
        const patterns = ck === 'then' && x.kind() === 'when' ? x.children().filter((p) => p.kind() === 'pattern').map((p) => p.text()) : [];
        const guard = named && patterns.length && patterns.every((p) => LITERAL_PATTERN.test(p)) ? patterns.map((p) => `${named} == ${p}`).join(' || ') : undefined;
        bodies.push({ body: c, ...(guard ? { guard } : {}) });
      } else if (ck === 'elsif' || ck === 'when') walk(c);
    }
  };
  walk(n);
  const out: { node: SgNode; guard?: string }[] = [];
  for (const { body, guard } of bodies) {
    const last = body.namedChildren().filter((c) => c.kind() !== 'comment').at(-1);
    if (!last || !construction(last)) return [];
    out.push({ node: last, ...(guard ? { guard } : {}) });
  }
  return out.length >= 2 ? out.slice(0, MAX_BRANCH_CONSTRUCTIONS) : [];
}

/** A `when` pattern that is a literal: a symbol, a plain string, a number. */
const LITERAL_PATTERN = /^(?::[A-Za-z_]\w*[?!]?|"[^"#\\]*"|'[^'\\]*'|-?\d+)$/;

/** `klass.new(…)` of a parameter whose default is a class (`def raise(klass = ParseFailed)`): that class. */
function paramConstruction(n: SgNode, fn: SgNode | null): { cls: SgNode; args: SgNode[]; param: string } | null {
  if (n.kind() !== 'call' || (n.field('method')?.text() !== 'new' && n.field('method')?.text() !== 'exception')) return null;
  const recv = n.field('receiver');
  if (recv?.kind() !== 'identifier') return null;
  const p = fn?.field('parameters')?.namedChildren().find((c) => c.kind() === 'optional_parameter' && c.field('name')?.text() === recv.text());
  const cls = p?.field('value');
  return cls && isConstant(cls) ? { cls, args: argNodes(n), param: recv.text() } : null;
}

function raiseSites(h: Here, call: SgNode): RawSite[] {
  const all = argNodes(call);
  const positional = all.filter((a) => a.kind() !== 'pair' && a.kind() !== 'block_argument');
  const a0 = positional[0];
  if (!a0) return [];
  const found = raisedSites(h, positional, all.filter((a) => a.kind() === 'pair'));
  if (hidesOwnFrame(h, positional)) for (const s of found) s.hidesFrame = true;
  return found;
}

/**
 * A backtrace that starts at the method's caller: `caller`, `caller(1)`, and the ranges that say the
 * same, `caller(1..-1)`, `caller(1..)` (http.rb's `raise(Error, message, caller(1..-1))`), maybe
 * called through `Kernel.`/`Kernel::`. A deeper start (`caller(2)`) names another frame: not one.
 */
const CALLER_BACKTRACE = String.raw`(?:Kernel(?:\.|::))?caller(?:\(\s*(?:1(?:\s*\.\.\s*(?:-\s*1)?)?)?\s*\))?`;

/**
 * Whether the raise gives its error the caller's backtrace, so the trace's innermost frame is the
 * call of the method (RawSite.hidesFrame: each caller's message is a record at its call): `raise X,
 * msg, caller`, or `raise e` after `e.set_backtrace(caller)` in the method (clamp's
 * `signal_usage_error`).
 */
function hidesOwnFrame(h: Here, positional: SgNode[]): boolean {
  if (positional.length >= 3) return new RegExp(`^${CALLER_BACKTRACE}$`).test(positional[2].text());
  const a0 = positional[0];
  const fn = h.scope.fn;
  if (positional.length !== 1 || a0.kind() !== 'identifier' || !fn || !setsBacktrace(h.ctx)) return false;
  const before = fn.text().slice(0, h.scope.at - fn.range().start.index);
  return new RegExp(String.raw`(?<![\w.@])${a0.text()}\.set_backtrace[(\s]\s*${CALLER_BACKTRACE}\s*\)?\s*$`, 'm').test(before);
}

/** Whether the file calls `set_backtrace` at all (read once a file: most do not, and a method's text is read only then). */
const backtraceSetters = new WeakMap<FileCtx, boolean>();
function setsBacktrace(ctx: FileCtx): boolean {
  let v = backtraceSetters.get(ctx);
  if (v === undefined) backtraceSetters.set(ctx, (v = ctx.source.includes('.set_backtrace')));
  return v;
}

function raisedSites(h: Here, positional: SgNode[], pairs: SgNode[] = []): RawSite[] {
  const a0 = positional[0];
  if (positional.length === 1 && pairs.length && isConstant(a0)) {
    // `raise NotAuthorizedError, query: query, record: record`: Ruby hands the hash to the class's
    // `exception`, so its constructor: as `raise X.new(query: query, …)`
    const { infos } = argInfos(pairs, h.scope);
    const kwMessage = infos.find((i) => i.name === 'message' || i.name === 'msg');
    return [site(h, { errorType: 'exception', errorClass: a0.text(), template: kwMessage ? kwMessage.template : defaultMessage(a0, h.ctx), args: infos })];
  }
  if (positional.length >= 2) {
    const msg = positional[1];
    const b = build(msg, h.scope);
    const fields: Partial<RawSite> & Pick<RawSite, 'errorType' | 'template'> = {
      errorType: 'exception', errorClass: isConstant(a0) ? a0.text() : null, template: b.t,
      args: [messageArg(b, oneLine(msg.text()))],
    };
    if (a0.kind() === 'identifier' && h.scope.params.has(a0.text())) fields.classParam = a0.text();
    return [site(h, fields)];
  }
  return oneArgument(h, a0, 0);
}

/** The message argument of a site: its text, and the other texts it may be (Built.alts). */
const messageArg = (b: Built, expr: string): ArgInfo => ({ name: null, template: b.t, expr, ...(b.alts?.length ? { alts: b.alts } : {}) });

/** `raise <a0>`: what the one argument raises. */
function oneArgument(h: Here, a0: SgNode, depth: number): RawSite[] {
  const ctx = h.ctx;
  const made = construction(a0);
  if (made) {
    const { infos, built } = argInfos(made.args, h.scope);
    const first = built[messagePosition(built)];
    const kwMessage = infos.find((i) => i.name === 'message' || i.name === 'msg');
    const template = first ? first.t : kwMessage ? kwMessage.template : defaultMessage(made.cls, h.ctx);
    return [site(h, { errorType: 'exception', errorClass: made.cls.text(), template, args: infos })];
  }
  if (isConstant(a0) && isClassConstant(a0, ctx)) return [site(h, { errorType: 'exception', errorClass: a0.text(), template: defaultMessage(a0, h.ctx) })];
  const k = a0.kind() as string;
  // `raise error || VersionConflict.new(conflicts, provider)`: an error found earlier, else the one
  // made here; the left has no text of its own (a rethrow), the right is read as the argument
  const or = k === 'binary' && depth < 2 && ['||', 'or'].includes(a0.field('operator')?.text() ?? '') ? a0.field('right') : null;
  if (or) return oneArgument(h, or, depth + 1);
  if (k === 'identifier') {
    const name = a0.text();
    if (h.sc.caught.has(name)) return [site(h, { errorType: 'exception', errorClass: h.sc.caught.get(name) ?? null, template: null, rethrow: true })];
    if (!h.scope.params.has(name) && depth < 2) {
      const assigned = ctx.assignedBefore(h.scope.fn, name, h.scope.at).at(-1)?.field('right');
      if (assigned && construction(assigned)) return oneArgument(h, assigned, depth + 1);
      // `if error = Octokit::Error.from_response(response) then raise error`: a class method of an
      // error class (not `new`) making the error, in another file: the class's message (its
      // constructor's, facts/classes.ts), the arguments unknown
      const factory = assigned ? classFactory(assigned, ctx) : null;
      if (factory) return [site(h, { errorType: 'exception', errorClass: factory, template: null })];
      // `error = case type when :backref then InvalidBackrefError.new(what, reason) … end; raise error`:
      // each branch's construction is a site (a factory choosing the class by a key)
      const made = assigned ? branchConstructions(assigned) : [];
      if (made.length) {
        // (each under its `when`'s test, `type == :backref`, so a caller passing `:group` binds only
        // into the class that key chooses: facts/callers.ts reads guards against literal arguments)
        return made.flatMap(({ node, guard }) => oneArgument(h, node, depth + 1).map((s) => (guard ? { ...s, guards: [...(s.guards ?? []), { kind: 'if', text: guard, line: node.range().start.line + 1 }] } : s)));
      }
      // `exception = exception_klass.new(msg)` with `def raise(exception_klass = ParseFailed)`: the default class, callers may pass another
      const byParam = assigned ? paramConstruction(assigned, h.scope.fn) : null;
      if (byParam) {
        const { infos, built } = argInfos(byParam.args, h.scope);
        const template = built.length ? built[messagePosition(built)].t : defaultMessage(byParam.cls, h.ctx);
        return [site(h, { errorType: 'exception', errorClass: byParam.cls.text(), template, args: infos, classParam: byParam.param })];
      }
    }
  }
  const fromMap = k === 'call' ? madeClassSite(h, a0) : null;
  if (fromMap) return [fromMap];
  const byVar = k === 'call' ? variableConstruction(a0) : null;
  if (byVar) {
    // `raise @error_class.new(message)`, `raise klass.new(msg)`: a class held by a variable; its
    // first argument is the message, as for a class out of the tree (a parameter: a helper whose
    // callers' texts are the records)
    const { infos, built } = argInfos(byVar.args, h.scope);
    const first = built[messagePosition(built)];
    if (first) {
      const fields: Partial<RawSite> & Pick<RawSite, 'errorType' | 'template'> = { errorType: 'exception', errorClass: null, template: first.t, args: infos };
      if (h.scope.params.has(byVar.cls.text())) fields.classParam = byVar.cls.text();
      return [site(h, fields)];
    }
  }
  const b = build(a0, h.scope);
  // (`raise EXCEL_NOTICE` of a constant another file assigns: its text is looked up in the tree's constants)
  const looked = isConstant(a0) && b.t.length === 1 && !isLit(b.t[0]) && b.t[0].hole.lookup?.table === CONSTANTS;
  if (b.s || looked) return [site(h, { errorType: 'exception', errorClass: 'RuntimeError', template: b.t, args: [messageArg(b, oneLine(a0.text()))] })];
  // (`raise Mod::Error.from_response(response)`: as the local above)
  const factory = k === 'call' ? classFactory(a0, ctx) : null;
  if (factory) return [site(h, { errorType: 'exception', errorClass: factory, template: null })];
  const built = k === 'call' && depth < 2 ? factorySites(h, a0) : [];
  if (built.length) return built;
  if (k === 'call' && !a0.field('receiver') || (k === 'call' && /^(?:self|@?\w+)$/.test(a0.field('receiver')?.text() ?? ''))) {
    // `raise error_for(x, "msg")`: a factory; its first text argument is the message
    const { infos, built } = argInfos(argNodes(a0), h.scope);
    const i = built.findIndex((x) => x.s);
    if (i >= 0) return [site(h, { errorType: 'exception', errorClass: null, template: built[i].t, args: infos })];
  }
  return [site(h, { errorType: 'exception', errorClass: null, template: null, rethrow: true })];
}

/**
 * `raise missing_key(key.name)` where the file defines `def missing_key(name) = MissingKeyError.new(name)`
 * (its last expression or a `return`): one site per such method, its parameters bound to the call's
 * arguments.
 */
function factorySites(h: Here, call: SgNode): RawSite[] {
  const recv = call.field('receiver')?.text();
  const name = call.field('method')?.text();
  if (!name || (recv !== undefined && recv !== 'self')) return [];
  const out: RawSite[] = [];
  const { infos: given } = argInfos(argNodes(call), h.scope);
  const passed = given.filter((a) => a.name === null);
  for (const def of h.ctx.methods(name).slice(0, 4)) {
    let value = methodBodyValue(def);
    // (`error = KeyError.new(message); error.set_backtrace(e.backtrace); error`: the local returned, last
    // assigned a construction)
    if (value?.kind() === 'identifier') value = h.ctx.assignedBefore(def, value.text(), value.range().start.index).at(-1)?.field('right') ?? null;
    const made = value ? construction(value) : null;
    if (!made) continue;
    const params = paramNames(def);
    const scope: Scope = { ctx: h.ctx, fn: def, params: new Set(params), at: value!.range().start.index };
    const bind = (t: Template): Template =>
      t.flatMap((s) => {
        const i = isHole(s) && s.hole.expr ? params.indexOf(s.hole.expr) : -1;
        return i >= 0 && passed[i] ? passed[i].template : [s];
      });
    const { infos } = argInfos(made.args, scope);
    const args = infos.map((a) => ({ ...a, template: bind(a.template) }));
    const first = args.find((a) => a.name === null);
    out.push(site(h, { errorType: 'exception', errorClass: made.cls.text(), template: first ? first.template : defaultMessage(made.cls, h.ctx), args }));
  }
  return out;
}

/** The message of a call's first argument, or of its block's last expression (`logger.error { "…" }`). */
function firstMessage(call: SgNode, scope: Scope): { b: Built; expr: string } | null {
  const args = argNodes(call).filter((a) => a.kind() !== 'pair' && a.kind() !== 'block_argument');
  if (args[0]) return { b: build(args[0], scope), expr: oneLine(args[0].text()) };
  const block = call.field('block');
  const body = block?.namedChildren().filter((c) => c.kind() !== 'block_parameters' && c.kind() !== 'comment').pop();
  const last = body && (body.kind() === 'block_body' || body.kind() === 'body_statement') ? body.namedChildren().pop() : body;
  return last ? { b: build(last, scope), expr: oneLine(last.text()) } : null;
}

function callSites(h: Here, call: SgNode, name: string): RawSite[] {
  const recv = call.field('receiver');
  const recvText = recv?.text() ?? null;
  const kernel = recvText === null || KERNEL.has(recvText);
  if (RAISE.has(name)) return kernel ? raiseSites(h, call) : [];
  if (name === 'abort' && kernel) {
    const m = firstMessage(call, h.scope);
    return m ? [site(h, { errorType: 'exit', errorClass: 'SystemExit', severity: 'critical', template: m.b.t, args: [messageArg(m.b, m.expr)] })] : [];
  }
  if (name === 'warn' && kernel) {
    const m = firstMessage(call, h.scope);
    return m && m.b.s ? [site(h, { errorType: 'warning', severity: 'warning', template: m.b.t, args: [messageArg(m.b, m.expr)] })] : [];
  }
  if (name === 'fetch' && recv && !call.field('block')) {
    // `opts.fetch(:name)`: Hash#fetch (ENV's too) raises in C, naming the literal key as inspect prints it
    const args = argNodes(call);
    const key = args.length === 1 ? inspectedKey(args[0]) : null;
    if (key === null || isFileTable(recv, h.ctx)) return [];
    return [site(h, { errorType: 'exception', errorClass: 'KeyError', template: [lit(`key not found: ${key}`)] })];
  }
  if (Object.hasOwn(LOG_METHODS, name) && recvText !== null && /log/i.test(lastSegment(recvText.replace(/::/g, '.')))) {
    const m = firstMessage(call, h.scope);
    return m ? [site(h, { errorType: 'log', severity: LOG_METHODS[name], template: m.b.t, args: [messageArg(m.b, m.expr)] })] : [];
  }
  if (HELPER_NAME.test(name)) {
    // `RSpec::Support.notify_failure(ExpectationNotMetError.new(message))`: a raising helper handed
    // the error it is to raise, built here (as `raise ExpectationNotMetError.new(message)`)
    const args = argNodes(call);
    const made = args.length === 1 ? construction(args[0]) : null;
    if (made && EXC_NAME.test(lastSegment(made.cls.text().replace(/::/g, '.')))) return oneArgument(h, args[0], 0);
    // `def notify(*args) RSpec::Support.notify_failure(*args) end`: a method forwarding all it is
    // handed raises the error its callers build (`notify MockExpectationError.new(message)`,
    // helperArgInfos); a single value passed on (`fail_with message`) is a call of a helper, not a raise
    const given = args.length === 1 ? forwardedRest(args[0], h.scope) : null;
    if (given) {
      const t = hole(given);
      return [site(h, { errorType: 'exception', errorClass: null, template: [t], args: [{ name: null, template: [t], expr: given }] })];
    }
  }
  return [];
}

/** The method's rest parameter, when the argument splats it (`*args`), or null. */
function forwardedRest(a: SgNode, scope: Scope): string | null {
  const v = a.kind() === 'splat_argument' ? a.namedChildren()[0] : null;
  const rest = scope.fn?.field('parameters')?.namedChildren().find((p) => p.kind() === 'splat_parameter');
  return v?.kind() === 'identifier' && rest?.field('name')?.text() === v.text() ? v.text() : null;
}

/** A literal key as `inspect` prints it (`:iso_code`, `"HOME"`), or null for anything else. */
function inspectedKey(n: SgNode): string | null {
  const t = n.text();
  if (n.kind() === 'simple_symbol') return /^:[A-Za-z_]\w*[?!]?$/.test(t) ? t : null;
  if (n.kind() !== 'string' || n.children().some((c) => c.kind() === 'interpolation' || c.kind() === 'escape_sequence')) return null;
  const body = literalKey(n);
  return body !== null && /^[\w .:/-]{1,80}$/.test(body) ? `"${body}"` : null;
}

/** A constant hash of the file (`MESSAGES.fetch(:blank)` reads a message table, tables.ts). */
function isFileTable(recv: SgNode, ctx: FileCtx): boolean {
  if (!isConstant(recv)) return false;
  const v = ctx.constant(recv.kind() === 'constant' ? recv.text() : recv.field('name')?.text() ?? '');
  return !!v && (v.kind() === 'hash' || v.field('receiver')?.kind() === 'hash');
}

// ---------------------------------------------------------------- classes

/** `@name` holes of a message method read through `initialize`'s `@name = param`. */
function ivarsToParams(t: Template, init: SgNode | null): Template {
  if (!init || !t.some((s) => isHole(s) && s.hole.expr?.startsWith('@'))) return t;
  const params = new Set(paramNames(init));
  const from = new Map<string, string>();
  for (const a of init.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'instance_variable' } } })) {
    const r = a.field('right');
    if (r?.kind() === 'identifier') from.set(a.field('left')!.text(), r.text());
    // (`@value = to_utf8(value)`: a helper of one parameter, re-encoding or trimming it, shows that parameter)
    else if (r?.kind() === 'call' && !r.field('receiver') && !r.field('block')) {
      const args = argNodes(r);
      if (args.length === 1 && args[0].kind() === 'identifier' && params.has(args[0].text())) from.set(a.field('left')!.text(), args[0].text());
    }
  }
  return t.map((s) => (isHole(s) && s.hole.expr && from.has(s.hole.expr) ? hole(from.get(s.hole.expr), s.hole.kind) : s));
}

/** `attr_reader :message` / `attr_accessor :message, …` in a class body. */
function readsMessageAttr(body: SgNode): boolean {
  if (!/\battr_(?:reader|accessor)\b[^\n]*:message\b/.test(body.text())) return false;
  return body.namedChildren().some((c) => c.kind() === 'call' && !c.field('receiver') && /^attr_(?:reader|accessor)$/.test(c.field('method')?.text() ?? '')
    && argNodes(c).some((a) => a.kind() === 'simple_symbol' && a.text() === ':message'));
}

/**
 * A `super` hole of `to_s`/`message` (Exception#to_s: the message the error was made with) as the
 * parameter `initialize` passes to `super(message)` (a bare `super` passes its first).
 */
function superToParam(t: Template, init: SgNode | null): Template {
  if (!init || !t.some((s) => isHole(s) && s.hole.expr === 'super')) return t;
  const sup = init.find({ rule: { kind: 'super' } });
  const call = sup?.parent();
  let param: string | undefined;
  if (call && call.kind() === 'call' && call.field('method')?.range().start.index === sup!.range().start.index) {
    const a = argNodes(call)[0];
    if (a?.kind() === 'identifier') param = a.text();
  } else if (sup) param = paramNames(init)[0];
  if (!param || !paramNames(init).includes(param)) return t;
  return t.map((s) => (isHole(s) && s.hole.expr === 'super' ? hole(param) : s));
}

/**
 * A `super` of `message`/`to_s` (`msg = super; msg = "#{msg} with #{@io.inspect}"`) in a class whose
 * `initialize` never calls `super`: Exception#message of an error made with no message is the
 * class's full name (`Net::ReadTimeout with #<IO:fd 5>`). The hole of `super`, or of a local the
 * method assigns only `super`, becomes that name.
 */
function superToClassName(t: Template, msg: SgNode, init: SgNode | null, node: SgNode, name: string): Template {
  if (!init || init.find({ rule: { kind: 'super' } })) return t;
  const names = new Set(['super']);
  for (const a of msg.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'identifier' } } }).slice(0, 16)) {
    const l = a.field('left')!.text();
    const r = a.field('right');
    if (r?.kind() === 'super') names.add(l);
  }
  if (!t.some((s) => isHole(s) && names.has(s.hole.expr ?? ''))) return t;
  const nameNode = node.field('name');
  const full = [...nestingOf(node), nameNode?.text().replace(/^::/, '') ?? name].join('::');
  return t.map((s) => (isHole(s) && names.has(s.hole.expr ?? '') ? lit(full) : s));
}

function methodBodyValue(m: SgNode): SgNode | null {
  const body = m.field('body');
  if (!body) return null;
  const ret = body.find({ rule: { kind: 'return' } });
  if (ret) return ret.namedChildren()[0]?.namedChildren()[0] ?? ret.namedChildren()[0] ?? null;
  const stmts = body.kind() === 'body_statement' ? body.namedChildren().filter((c) => c.kind() !== 'comment') : [body];
  return stmts[stmts.length - 1] ?? null;
}

/** `set_backtrace $!.backtrace` (or `self.set_backtrace($ERROR_INFO.backtrace)`) in a method: the error takes the handled error's frames. */
function takesHandledBacktrace(fn: SgNode): boolean {
  if (!fn.text().includes('set_backtrace')) return false;
  return fn.findAll({ rule: { kind: 'call', has: { field: 'method', regex: '^set_backtrace$' } } }).some((c) => {
    const r = c.field('receiver')?.text();
    const a = argNodes(c);
    if ((r && r !== 'self') || a.length !== 1 || a[0].kind() !== 'call' || a[0].field('method')?.text() !== 'backtrace') return false;
    return HANDLED_ERROR.test(a[0].field('receiver')?.text() ?? '');
  });
}

/**
 * The name of a class's superclass as written; `class SplatIsNotAnArray < self` written inside
 * `class InvalidValue` (a subclass made in its base's body, where `self` is the base) is the
 * enclosing class's name. Null when there is none.
 */
function superclassName(node: SgNode): string | null {
  const sup = node.field('superclass')?.namedChildren()[0];
  if (!sup) return null;
  if (sup.kind() !== 'self') return sup.text();
  const outer = node.parent()?.parent();
  if (outer?.kind() !== 'class') return null;
  const n = outer.field('name');
  return n ? (n.kind() === 'scope_resolution' ? n.field('name')?.text() ?? n.text() : n.text()) : null;
}

function classInfo(ctx: FileCtx, node: SgNode): ClassInfo | null {
  const nameNode = node.field('name');
  const sup = superclassName(node);
  if (!nameNode || !sup) return null;
  const name = nameNode.kind() === 'scope_resolution' ? nameNode.field('name')?.text() ?? nameNode.text() : nameNode.text();
  const info: ClassInfo = { name, bases: [sup], line: node.range().start.line + 1, template: null, params: [] };
  // (inside a module or class, or named by a path: `class Errors::RangeError`)
  if (nameNode.kind() === 'scope_resolution' || node.ancestors().some((a) => a.kind() === 'module' || a.kind() === 'class')) info.nested = true;
  // (its namespace, for a reference by a path: `Date::Error` is not the `Octokit::Error` of `module
  // Octokit; class Error`; unset when a module around it has no name read)
  const around = nestingOf(node);
  if (!info.nested || around.length || nameNode.kind() === 'scope_resolution') {
    const written = nameNode.text();
    const at = written.lastIndexOf('::');
    info.namespace = written.startsWith('::') ? written.slice(2, Math.max(2, at)) : [...around, ...(at > 0 ? [written.slice(0, at)] : [])].join('::');
  }
  const body = node.field('body');
  const methods = body ? body.namedChildren().filter((c) => c.kind() === 'method') : [];
  const init = methods.find((m) => m.field('name')?.text() === 'initialize') ?? null;
  const scopeOf = (fn: SgNode): Scope => ({ ctx, fn, params: new Set(paramNames(init ?? fn)), at: fn.range().end.index });
  const alts: Template[] = [];
  if (init) {
    info.params = paramNames(init);
    // every `super(…)` of the constructor: the first gives the template, the others (in other
    // branches: `if val then super(val) else super("Dimension mismatch")`) are alternatives
    for (const sup of init.findAll({ rule: { kind: 'super' } }).slice(0, 8)) {
      const call = sup.parent();
      let superArgs: ArgInfo[] | null = null;
      if (call && call.kind() === 'call' && call.field('method')?.range().start.index === sup.range().start.index) {
        superArgs = argInfos(argNodes(call), scopeOf(init)).infos;
      } else {
        // bare `super`: the same arguments
        superArgs = info.params.map((p) => ({ name: null, template: [hole(p)], expr: p }));
      }
      if (!superArgs.length) continue;
      // (`super("#{@element} can not parse …")` after `@element = element`: the parameters, bound by callers)
      superArgs = superArgs.map((a) => ({ ...a, template: ivarsToParams(a.template, init) }));
      if (!info.template) {
        info.superArgs = superArgs;
        info.template = superArgs[0].template;
        info.templateFrom = 'super';
      } else alts.push(superArgs[0].template);
      // (a message chosen by a condition, `namespace ? "… in #{namespace}." : "…."`: each branch is a message of every raise)
      if (superArgs[0].alts?.length) info.branches = [...(info.branches ?? []), ...superArgs[0].alts];
    }
    // (`super(message_with_schema)`: a message computed by a method says nothing; the site's own stays)
    if (info.template && info.template.every((s) => isHole(s) && !s.hole.lookup && !s.hole.call && !info.params.includes(s.hole.expr ?? ''))) {
      info.template = null;
      delete info.templateFrom;
      // (but `super(nil, "#{name} is an invalid integration")` to a base whose `initialize(object,
      // message = nil)` passes its second on: the text is another argument, bound to the base's
      // parameter along the chain, facts/classes.ts)
      if (!info.superArgs?.slice(1).some((a) => a.template.some((s) => isLit(s) && s.lit.trim() !== ''))) delete info.superArgs;
    }
    // `def initialize(msg = "Default")`: the default is the message when none is passed
    for (const p of init.field('parameters')?.namedChildren() ?? []) {
      if (p.kind() !== 'optional_parameter' && p.kind() !== 'keyword_parameter') continue;
      const pn = p.field('name')?.text();
      const v = p.field('value');
      if (!pn || !v || !info.template) continue;
      const d = build(v, scopeOf(init));
      if (!d.s) continue;
      if (info.template.some((s) => isHole(s) && s.hole.expr === pn)) alts.push(info.template.flatMap((s) => (isHole(s) && s.hole.expr === pn ? d.t : [s])));
    }
  }
  if (alts.length) info.alts = alts;
  // (`super("Error while trying to deserialize arguments: #{$!.message}"); set_backtrace $!.backtrace`:
  // the error shows the handled error's frames, Hole.innerFrames)
  if (init && info.template && takesHandledBacktrace(init)) info.template = info.template.map((x) => (isHole(x) && x.hole.inner ? { hole: { ...x.hole, innerFrames: true as const } } : x));
  const msg = methods.find((m) => m.field('name')?.text() === 'message') ?? methods.find((m) => m.field('name')?.text() === 'to_s');
  const value = msg ? methodBodyValue(msg) : null;
  if (msg && value) {
    const b = build(value, scopeOf(msg));
    if (b.s) {
      const own = (t: Template) => superToClassName(superToParam(ivarsToParams(t, init), init), msg, init, node, name);
      info.template = own(b.t);
      info.templateFrom = 'str';
      delete info.alts;
      // (a message built in branches, `if @cause then err = @cause.inspect … else err = "" end`: each a message of every raise)
      if (b.alts?.length) info.branches = [...(info.branches ?? []), ...b.alts.map(own)];
    }
  } else if (body && !info.template && declaredMessage(ctx, node, info)) {
    // (the base class's message, read with what the class declares: declaredMessage)
  } else if (body && readsMessageAttr(body)) {
    // `attr_reader :message` overrides Exception#message with `@message`: what initialize stores
    // there, not what it passes to super (json-schema's `@message = message; super(message_with_schema)`)
    const t = ivarsToParams([hole('@message')], init);
    const only = t[0];
    delete info.superArgs;
    delete info.alts;
    delete info.branches;
    if (isHole(only) && info.params.includes(only.hole.expr ?? '')) {
      info.template = t;
      info.templateFrom = 'str';
    } else {
      info.template = null;
      delete info.templateFrom;
    }
  }
  if (!info.template && body) overridingMessage(ctx, info, methods);
  return info;
}

/** Base classes up a class's chain, in its file, whose message overridingMessage looks for. */
const MAX_BASES = 3;

/**
 * A class overriding a method its base class's message reads (the template method): rest-client's
 * `class RequestFailed < ExceptionWithResponse; def default_message "HTTP status code #{http_code}" end`
 * under `class Exception < RuntimeError; def message @message || default_message end`. The first base
 * of the file (up to MAX_BASES up) with a `message`/`to_s` that calls one of the class's methods of no
 * parameters giving text is read with those texts (FileCtx.methodValues): the class's own template.
 */
function overridingMessage(ctx: FileCtx, info: ClassInfo, methods: SgNode[]): boolean {
  const values = new Map<string, Template>();
  for (const m of methods) {
    const name = m.field('name')?.text();
    if (!name || name === 'initialize' || name === 'message' || name === 'to_s' || paramNames(m).length) continue;
    const r = methodReturnText(m, ctx);
    if (r) values.set(name, r.t);
  }
  if (!values.size) return false;
  const calls = new RegExp(String.raw`(?<![\w@$:.])(?:self\.)?(?:${[...values.keys()].map(escapeRegex).join('|')})(?![\w?!=])`);
  let baseName: string | undefined = info.bases[0];
  for (let i = 0; i < MAX_BASES && baseName; i++) {
    const last: string = baseName.replace(/^.*::/, '');
    const base: SgNode | undefined = ctx.root.findAll({ rule: { kind: 'class', has: { field: 'name', regex: `^(?:\\w+::)*${escapeRegex(last)}$` } } })[0];
    if (!base) return false;
    const own: SgNode[] = base.field('body')?.namedChildren().filter((c: SgNode) => c.kind() === 'method') ?? [];
    const msg = own.find((m: SgNode) => m.field('name')?.text() === 'message') ?? own.find((m: SgNode) => m.field('name')?.text() === 'to_s');
    const value = msg ? methodBodyValue(msg) : null;
    if (msg && value) {
      if (!calls.test(value.text())) return false;
      ctx.methodValues = values;
      let b: Built;
      try {
        b = build(value, { ctx, fn: msg, params: new Set(), at: msg.range().end.index });
      } finally {
        ctx.methodValues = null;
      }
      if (!b.s) return false;
      info.template = b.t;
      info.templateFrom = 'str';
      if (b.alts?.length) info.branches = b.alts;
      return true;
    }
    baseName = superclassName(base) ?? undefined;
  }
  return false;
}

/**
 * A class declaring a value its base class's `message` (or `to_s`) reads through a class method:
 * cmdparse's `class InvalidCommandError < ParseError; reason 'Invalid command'; end`, where the file
 * defines `def self.reason(reason) @reason = reason end` and ParseError's `def message` is
 * `self.class.get_reason + (str.empty? ? "" : ": #{str}")`, `get_reason` being `@reason ||= 'CmdParse
 * error'`. The base's message is read with the declared instance variables' values (FileCtx.ivarValues):
 * the class's own template (`Invalid command`, `Invalid command: {str}` another). The base is looked
 * for in the file, its message only; whether it was read is returned.
 */
function declaredMessage(ctx: FileCtx, node: SgNode, info: ClassInfo): boolean {
  const values = new Map<string, Template>();
  for (const c of node.field('body')?.namedChildren() ?? []) {
    const m = c.kind() === 'call' && !c.field('receiver') ? c.field('method')?.text() : undefined;
    const a = m ? argNodes(c) : [];
    if (!m || a.length !== 1 || a[0].kind() !== 'string') continue;
    const setter = ctx.methods(m).find((d) => d.kind() === 'singleton_method' && paramNames(d).length === 1);
    const stmts = setter?.field('body')?.namedChildren().filter((x) => x.kind() !== 'comment') ?? [];
    const ivar = stmts.length === 1 && stmts[0].kind() === 'assignment' && stmts[0].field('right')?.text() === paramNames(setter!)[0] ? stmts[0].field('left') : null;
    const b = ivar?.kind() === 'instance_variable' ? build(a[0], { ctx, fn: null, params: new Set(), at: Infinity }) : null;
    if (b?.s) values.set(ivar!.text(), b.t);
  }
  if (!values.size) return false;
  const baseName = info.bases[0].replace(/^.*::/, '');
  const base = ctx.root.findAll({ rule: { kind: 'class', has: { field: 'name', regex: `^(?:\\w+::)*${escapeRegex(baseName)}$` } } })[0];
  const methods = base?.field('body')?.namedChildren().filter((c) => c.kind() === 'method') ?? [];
  const msg = methods.find((m) => m.field('name')?.text() === 'message') ?? methods.find((m) => m.field('name')?.text() === 'to_s');
  const value = msg ? methodBodyValue(msg) : null;
  if (!msg || !value) return false;
  ctx.ivarValues = values;
  let b: Built;
  try {
    b = build(value, { ctx, fn: msg, params: new Set(), at: msg.range().end.index });
  } finally {
    ctx.ivarValues = null;
  }
  if (!b.s) return false;
  info.template = b.t;
  info.templateFrom = 'str';
  if (b.alts?.length) info.branches = b.alts;
  return true;
}

/** `Err = Class.new(StandardError)`. */
function classNewInfo(a: SgNode): ClassInfo | null {
  const right = a.field('right');
  if (!right || right.kind() !== 'call' || right.field('receiver')?.text() !== 'Class' || right.field('method')?.text() !== 'new') return null;
  const base = argNodes(right)[0];
  return { name: a.field('left')!.text(), bases: base ? [base.text()] : [], line: a.range().start.line + 1, template: null, params: [] };
}

/** `NAME = { key: "text", … }(.freeze)`: a message table when at least two values are text. */
function tableOf(a: SgNode, ctx: FileCtx): MessageTable | null {
  let right = a.field('right');
  if (right?.kind() === 'call' && right.field('method')?.text() === 'freeze') right = right.field('receiver');
  if (!right || right.kind() !== 'hash') return null;
  const built: { key: string; t: Template; line: number }[] = [];
  const scope: Scope = { ctx, fn: null, params: new Set(), at: Infinity };
  for (const p of right.namedChildren()) {
    if (p.kind() !== 'pair' || built.length >= MAX_TABLE_ENTRIES) continue;
    const k = p.field('key');
    const v = p.field('value');
    const key = k ? literalKey(k) : null;
    if (key === null || !v) continue;
    const b = build(v, scope);
    if (b.s) built.push({ key, t: b.t, line: v.range().start.line + 1 });
  }
  if (built.length < 2) return null;
  const style = tableStyle(built.map((e) => e.t));
  return { name: a.field('left')!.text(), entries: built.map((e) => ({ key: e.key, template: openPlaceholders(e.t, style), line: e.line })) };
}

/** `NOT_READY = "…".freeze` (STRING_VALUES, maybe frozen): the constant's text, an entry of the file's CONSTANTS table; null for any other value. */
function constantText(a: SgNode, ctx: FileCtx): MessageTable['entries'][number] | null {
  const name = a.field('left');
  let right = a.field('right');
  if (right?.kind() === 'call' && right.field('method')?.text() === 'freeze') right = right.field('receiver');
  if (name?.kind() !== 'constant' || !VALUE_CONSTANT.test(name.text()) || !right || !STRING_VALUES.has(right.kind() as string)) return null;
  const b = build(right, { ctx, fn: null, params: new Set(), at: Infinity });
  return b.s ? { key: name.text(), template: b.t, line: right.range().start.line + 1 } : null;
}

/**
 * The texts the file's message-named methods return (MESSAGE_METHOD: `def self.error_message(schema)
 * "was not of a maximum string length of #{limit(schema)}" end`), entries of its RETURNS table by
 * the method's name: a call the calling file cannot read (an overridden method, an unknown
 * receiver's) takes them from the tree. The file's text is tested first: most files define none.
 */
function returnedTexts(ctx: FileCtx): MessageTable['entries'][] {
  const out: MessageTable['entries'][] = [[]];
  if (!DEFINES_MESSAGE_METHOD.test(ctx.source)) return out;
  for (const def of ctx.root.findAll({ rule: { any: [{ kind: 'method' }, { kind: 'singleton_method' }] } })) {
    const name = def.field('name')?.text();
    if (!name || !MESSAGE_METHOD.test(name)) continue;
    const r = methodReturnText(def, ctx);
    if (!r) continue;
    // (filed by each number of arguments it accepts: a call giving another number is another method;
    // the i-th other text it may return in the i-th further table, a table keeping one text a key)
    [r.t, ...(r.alts ?? [])].slice(0, MAX_RETURNED_TEXTS).forEach((t, i) => {
      const layer = (out[i] ??= []);
      for (const n of arities(def)) layer.push({ key: returnsKey(name, n), template: t, line: r.line });
    });
    if (out[0].length >= MAX_TABLE_ENTRIES) break;
  }
  return out;
}

/** Texts one message-named method files, at most (its own and the other texts it may return). */
const MAX_RETURNED_TEXTS = 8;

/**
 * The table a file files the texts of the error classes it makes in a loop over a table of texts, by
 * the constant map the loop puts them in (rest-client's `STATUSES.each_pair do |code, message| klass =
 * Class.new(RequestFailed) do send(:define_method, :default_message) { "#{http_code} #{message}" } end;
 * EXCEPTIONS_MAP[code] = klass end`), keyed as the table is: a raise of a class read from that map
 * (`klass = EXCEPTIONS_MAP.fetch(code); raise klass.new(self, code)`) is a lookup of it (madeClassSite).
 * Not a name Ruby code can give a table.
 */
export const MADE_CLASSES = '::made ';
/** Entries a file's made classes give, at most. */
const MAX_MADE = 256;
const LOOP_METHOD = /^each(?:_pair)?$/;
/** A method an exception's message is read from (Exception#message, #to_s, or a message-named one: `default_message`). */
const isMessageMethod = (name: string): boolean => name === 'message' || name === 'to_s' || MESSAGE_METHOD.test(name);

function madeClassTexts(ctx: FileCtx): MessageTable[] {
  if (!ctx.source.includes('Class.new') || !ctx.source.includes('define_method')) return [];
  const out: MessageTable[] = [];
  let count = 0;
  for (const loop of ctx.root.findAll({ rule: { kind: 'call', has: { field: 'method', regex: LOOP_METHOD.source } } })) {
    const recv = loop.field('receiver');
    const blk = loop.field('block');
    if (!isConstant(recv) || !blk || count >= MAX_MADE) continue;
    const names = blk.children().find((c) => c.kind() === 'block_parameters')?.namedChildren().filter((c) => c.kind() === 'identifier').map((c) => c.text()) ?? [];
    if (names.length !== 2) continue;
    const [keyName, valueName] = names;
    // (the map the loop fills, `Exceptions::EXCEPTIONS_MAP[code] = klass`: by the loop's key)
    const filled = blk.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'element_reference' } } }).map((a) => a.field('left')!)
      .find((l) => isConstant(l.field('object')) && l.namedChildren()[1]?.text() === keyName);
    if (!filled) continue;
    const entries = constantHashEntries(ctx, recv);
    if (!entries.length) continue;
    const bodies: SgNode[] = [];
    for (const made of blk.findAll({ rule: { kind: 'call', has: { field: 'receiver', regex: '^Class$' } } })) {
      if (made.field('method')?.text() !== 'new' || !made.field('block')) continue;
      for (const def of made.field('block')!.findAll({ rule: { kind: 'call', has: { field: 'method', regex: '^(?:define_method|send|__send__)$' } } })) {
        const a = argNodes(def);
        const named = def.field('method')!.text() === 'define_method' ? a[0] : a[0]?.text() === ':define_method' ? a[1] : null;
        const name = named?.kind() === 'simple_symbol' ? named.text().slice(1) : null;
        const body = def.field('block')?.namedChildren().filter((c) => c.kind() !== 'block_parameters').at(-1);
        const last = body?.kind() === 'block_body' || body?.kind() === 'body_statement' ? body.namedChildren().filter((c) => c.kind() !== 'comment').at(-1) : body;
        if (name && isMessageMethod(name) && last) bodies.push(last);
      }
    }
    if (!bodies.length) continue;
    const table: MessageTable = { name: MADE_CLASSES + lastConstant(filled.field('object')!), entries: [] };
    for (const last of bodies.slice(0, 2)) {
      const b = build(last, { ctx, fn: null, params: new Set([keyName, valueName]), at: Infinity });
      if (!b.t.some((x) => isHole(x) && x.hole.expr === valueName)) continue;
      for (const e of entries) {
        const put = (t: Template) => normalize(t.flatMap((x) => (isHole(x) && x.hole.expr === valueName ? e.t : isHole(x) && x.hole.expr === keyName ? [lit(e.key)] : [x])));
        for (const t of [b.t, ...(b.alts ?? [])]) {
          if (count++ >= MAX_MADE) break;
          table.entries.push({ key: e.key, template: put(t), line: e.line });
        }
      }
    }
    if (table.entries.length) out.push(table);
  }
  return out;
}

/** The last name of a constant path (`Exceptions::EXCEPTIONS_MAP`: `EXCEPTIONS_MAP`). */
const lastConstant = (n: SgNode): string => (n.kind() === 'scope_resolution' ? n.field('name')?.text() ?? n.text() : n.text());

/** The entries of a hash constant of the file with text values (`STATUSES = {404 => 'Not Found', …}`): keys literal or integers. */
function constantHashEntries(ctx: FileCtx, c: SgNode): { key: string; t: Template; line: number }[] {
  let v = ctx.constant(lastConstant(c));
  if (v?.kind() === 'call' && v.field('method')?.text() === 'freeze') v = v.field('receiver');
  if (v?.kind() !== 'hash') return [];
  const out: { key: string; t: Template; line: number }[] = [];
  const scope: Scope = { ctx, fn: null, params: new Set(), at: Infinity };
  for (const p of v.namedChildren()) {
    const k = p.field('key');
    const x = p.field('value');
    const key = k ? literalKey(k) ?? (k.kind() === 'integer' ? k.text() : null) : null;
    if (p.kind() !== 'pair' || key === null || !x || !STRING_VALUES.has(x.kind() as string)) continue;
    const b = build(x, scope);
    if (b.s) out.push({ key, t: b.t, line: x.range().start.line + 1 });
    if (out.length >= MAX_MADE) break;
  }
  return out;
}

/**
 * `raise klass.new(…)` where `klass = EXCEPTIONS_MAP.fetch(code)` (or `EXCEPTIONS_MAP[code]`) earlier in
 * the method: a class from a constant map, whose classes a loop of the tree made (MADE_CLASSES): a
 * lookup of that map's texts, the entry of a literal key or every one.
 */
function madeClassSite(h: Here, a0: SgNode): RawSite | null {
  const m = a0.field('method')?.text();
  const recv = a0.field('receiver');
  if ((m !== 'new' && m !== 'exception') || recv?.kind() !== 'identifier' || h.scope.params.has(recv.text())) return null;
  const v = h.ctx.assignedBefore(h.scope.fn, recv.text(), h.scope.at).at(-1)?.field('right');
  let map: SgNode | null | undefined = null;
  let key: SgNode | undefined;
  if (v?.kind() === 'call' && v.field('method')?.text() === 'fetch') [map, key] = [v.field('receiver'), argNodes(v)[0]];
  else if (v?.kind() === 'element_reference') [map, key] = [v.field('object'), v.namedChildren()[1]];
  if (!isConstant(map)) return null;
  const literal = key ? literalKey(key) ?? (key.kind() === 'integer' ? key.text() : null) : null;
  const { infos } = argInfos(argNodes(a0), h.scope);
  const template: Template = [{ hole: { ...(hole(oneLine(a0.text())) as { hole: Hole }).hole, lookup: { table: MADE_CLASSES + lastConstant(map), key: literal } } }];
  return site(h, { errorType: 'exception', errorClass: null, template, args: infos });
}

/** Methods of a file returning an entry of its message tables by a parameter, at most. */
const MAX_KEYED_RETURNS = 16;

/**
 * The file's methods that return an entry of one of its message tables looked up by a parameter
 * (haml's `def self.message(key, *args) string = MESSAGES[key] or raise …; (args.empty? ? string :
 * string % args).rstrip end`): a call from another file given a literal key (template.ts, keyedCall)
 * is bound to it (record/returns.ts) and reads that entry, its `%s` opened as the table's are. A
 * method is taken to return the entry when its body subscripts (or `fetch`es) the table by its
 * parameter; the text is tested first, most files have no table.
 */
function keyedReturns(ctx: FileCtx, tables: MessageTable[]): MessageReturn[] {
  const names = tables.map((t) => t.name).filter((x) => /^[A-Z]\w*$/.test(x));
  if (!names.length) return [];
  const holders = tableHolders(ctx, names);
  const lookup = new RegExp(String.raw`(?<![\w:.@])(?:self\.)?(${[...names, ...holders.keys()].join('|')})(?:\[\s*([a-z_]\w*)\s*\]|\.fetch\(\s*([a-z_]\w*)\s*[,)])`, 'g');
  if (!lookup.test(ctx.source)) return [];
  lookup.lastIndex = 0;
  const out: MessageReturn[] = [];
  for (const def of ctx.root.findAll({ rule: { any: [{ kind: 'method' }, { kind: 'singleton_method' }] } })) {
    const name = def.field('name')?.text();
    const body = def.field('body');
    if (!name || !body) continue;
    const params = paramNames(def);
    for (const m of body.text().matchAll(lookup)) {
      const param = m[2] ?? m[3];
      if (!params.includes(param)) continue;
      const h = hole(param);
      const table = holders.get(m[1]) ?? m[1];
      if (isHole(h)) out.push({ name, params, template: [{ hole: { ...h.hole, lookup: { table, key: null, param } } }], line: def.range().start.line + 1 });
      break;
    }
    if (out.length >= MAX_KEYED_RETURNS) break;
  }
  return out;
}

/** Passes over a file's methods finding those that hand a key on to another (each pass one level deeper), at most. */
const I18N_HELPER_DEPTH = 4;

/**
 * The file's methods that look up a locale entry by a key their parameter ends (grape's
 * `translate_message(key)`, `translate("#{BASE_MESSAGES_KEY}.#{key}", default: '')`, itself `::I18n.translate(key,
 * **options)`, and `compose_message(key, **attributes)` calling it): a key written before the
 * parameter (a constant's text, a literal) is the lookup's start, a method of the file that hands
 * its parameter on to such a method adds that method's. A call from another file given a literal key
 * (template.ts keyedCall: `compose_message(:unknown_validator, …)` in a subclass's `initialize`) is
 * bound to it (record/returns.ts) and reads the entry of the whole key from the package's locale
 * files (record/tables.ts). Only a method whose key has a written start is reported: a bare `I18n.t(key)`
 * wrapper alone names no entry. The text is tested first: most files call no I18n.
 *
 * The parameter may be followed by written text (`translate("#{key}.message", attributes)`: the key's
 * end, Lookup.keySuffix), and a method of the file composing several such lookups of its key into
 * one text (`compose_message(key, attributes)`: `@problem = create_problem(key, attributes)`, …, then
 * `"\nProblem:\n  #{@problem}" "\nSummary:\n  #{@summary}"`, the Problem/Summary/Resolution
 * idiom of many gems' errors) returns that text with each part the entry of its own key (composedI18n).
 */
function i18nReturns(ctx: FileCtx): MessageReturn[] {
  if (!/\bI18n\.(?:t|translate)\b/.test(ctx.source)) return [];
  const defs = ctx.root.findAll({ rule: { any: [{ kind: 'method' }, { kind: 'singleton_method' }] } }).slice(0, 4 * MAX_KEYED_RETURNS);
  const found = new Map<string, { prefix: string; suffix: string; index: number; param: string; def: SgNode }>();
  for (let pass = 0; pass < I18N_HELPER_DEPTH; pass++) {
    const before = found.size;
    for (const def of defs) {
      const name = def.field('name')?.text();
      const params = paramNames(def);
      if (!name || found.has(name) || !params.length) continue;
      for (const call of def.findAll({ rule: { kind: 'call' } })) {
        const method = call.field('method')?.text() ?? '';
        const recv = call.field('receiver');
        const keyed = i18nKeyArg(call, method, recv, found, ctx, def, params);
        if (!keyed) continue;
        found.set(name, { ...keyed, def });
        break;
      }
    }
    if (found.size === before) break;
  }
  const out: MessageReturn[] = [];
  const composed = composedI18n(defs, found, ctx);
  for (const [name, { prefix, suffix, param, def }] of found) {
    if (composed.has(name)) continue;
    const h = i18nHole(param, prefix, suffix);
    if (h) out.push({ name, params: paramNames(def), template: [h], line: def.range().start.line + 1 });
    if (out.length >= MAX_KEYED_RETURNS) break;
  }
  for (const r of composed.values()) if (out.length < MAX_KEYED_RETURNS) out.push(r);
  return out;
}

type I18nKey = { prefix: string; suffix: string; index: number; param: string };

/**
 * The key a call hands to I18n or to a method of the file found to (i18nReturns): its argument at the
 * key's place is written text around one parameter of the enclosing method (`"#{BASE}.#{key}"`,
 * `"#{key}.problem".to_sym`), which with the callee's own start and end is the new method's key.
 */
function i18nKeyArg(call: SgNode, method: string, recv: SgNode | null, found: Map<string, I18nKey & { def: SgNode }>, ctx: FileCtx, def: SgNode, params: string[]): I18nKey | null {
  const via = (method === 't' || method === 'translate') && recv && I18N.has(recv.text()) ? { prefix: '', suffix: '', index: 0 }
    : (!recv || recv.text() === 'self') ? found.get(method) : undefined;
  let arg = via && argNodes(call)[via.index];
  if (!via || !arg) return null;
  // (`"#{key}.problem".to_sym`: the text a symbol is made of)
  if (arg.kind() === 'call' && /^to_s(?:ym)?$/.test(arg.field('method')?.text() ?? '') && !argNodes(arg).length && arg.field('receiver')) arg = arg.field('receiver')!;
  const b = build(arg, { ctx, fn: def, params: new Set(params), at: arg.range().start.index });
  const at = b.t.findIndex(isHole);
  const h = b.t[at];
  const param = h && isHole(h) ? h.hole.expr : undefined;
  if (!param || !params.includes(param) || !b.t.every((x, i) => i === at || isLit(x))) return null;
  const text = (xs: Template): string => xs.map((x) => (isLit(x) ? x.lit : '')).join('');
  return { prefix: via.prefix + text(b.t.slice(0, at)), suffix: text(b.t.slice(at + 1)) + via.suffix, index: params.indexOf(param), param };
}

/** A lookup hole of a locale entry whose key is `prefix` + the parameter + `suffix`; null when the start names no scope. */
function i18nHole(param: string, prefix: string, suffix: string): Template[number] | null {
  if (!/^[\w-]+\.(?:[\w-]+\.)*$/.test(prefix) || !/^(?:\.[\w-]+)*$/.test(suffix)) return null;
  const h = hole(param);
  return isHole(h) ? { hole: { ...h.hole, lookup: { table: '', key: null, param, keyPrefix: prefix, ...(suffix ? { keySuffix: suffix } : {}) } } } : null;
}

/**
 * The file's methods whose last expression is a text made of variables each assigned in the method a
 * call of a found method given the method's own parameter (`@problem = create_problem(key, attrs)`,
 * then `"\nProblem:\n  #{@problem}" "\nSummary:\n  #{@summary}" + …`): that text, each variable the
 * entry of its call's key (i18nHole), by method name. At least two parts must be so: one is a found
 * method already.
 */
function composedI18n(defs: SgNode[], found: Map<string, I18nKey & { def: SgNode }>, ctx: FileCtx): Map<string, MessageReturn> {
  const out = new Map<string, MessageReturn>();
  for (const def of defs) {
    const name = def.field('name')?.text();
    const params = paramNames(def);
    const stmts = def.field('body')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    const last = stmts.at(-1);
    if (!name || !params.length || !last || !/^(?:string|binary|chained_string)$/.test(last.kind() as string)) continue;
    const parts = new Map<string, Template[number]>();
    for (const st of stmts.slice(0, -1)) {
      if (st.kind() !== 'assignment') continue;
      const left = st.field('left');
      const right = st.field('right');
      if (!left || !right || right.kind() !== 'call' || !/^(?:instance_variable|identifier)$/.test(left.kind() as string)) continue;
      const method = right.field('method')?.text() ?? '';
      const keyed = found.has(method) ? i18nKeyArg(right, method, right.field('receiver'), found, ctx, def, params) : null;
      const h = keyed && i18nHole(keyed.param, keyed.prefix, keyed.suffix);
      if (h) parts.set(left.text(), h);
    }
    if (parts.size < 2) continue;
    const b = build(last, { ctx, fn: def, params: new Set(params), at: last.range().start.index });
    let bound = 0;
    const t = b.t.map((x) => {
      if (!isHole(x)) return x;
      const h = parts.get(x.hole.expr ?? '') ?? parts.get('@' + (x.hole.expr ?? ''));
      if (h) bound++;
      return h ?? x;
    });
    if (bound >= 2) out.set(name, { name, params, template: normalize(t), line: def.range().start.line + 1 });
    if (out.size >= MAX_KEYED_RETURNS) break;
  }
  return out;
}

/**
 * `def message = Messages.compile(@reason, @arguments)`: an object's `message` of no parameters that
 * is one call of a class's method given what the object holds first (parser's Diagnostic). Reported
 * as a return of `message` carrying the call, so an error built from such an object
 * (`super(diagnostic.message)`, template.ts) is bound to it and, through the called method's keyed
 * return (`MESSAGES[reason]`), to the table, any entry (record/returns.ts, record/tables.ts).
 */
function heldMessageReturns(ctx: FileCtx): MessageReturn[] {
  if (!/\bdef\s+message\b(?!\s*\()/.test(ctx.source)) return [];
  const out: MessageReturn[] = [];
  for (const def of ctx.root.findAll({ rule: { kind: 'method', has: { field: 'name', regex: '^message$' } } })) {
    if (paramNames(def).length) continue;
    const stmts = def.field('body')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    const call = stmts.length === 1 && stmts[0].kind() === 'call' ? stmts[0] : null;
    const recv = call?.field('receiver');
    const method = call?.field('method')?.text() ?? '';
    const args = call ? argNodes(call) : [];
    if (!call || !isConstant(recv) || !/^[a-z_]\w*$/.test(method) || args[0]?.kind() !== 'instance_variable') continue;
    if (args.some((a) => a.kind() !== 'instance_variable' && a.kind() !== 'identifier')) continue;
    const h = hole(oneLine(call.text()));
    const given = args.map((a) => ({ name: null, expr: a.text(), template: [hole(a.text())] }));
    if (isHole(h)) out.push({ name: 'message', params: [], template: [{ hole: { ...h.hole, call: { callee: method, args: given } } }], line: def.range().start.line + 1 });
    break;
  }
  return out;
}

/**
 * What holds a copy of one of the file's tables, by the table's name: an instance variable assigned
 * it (`@messages = DEFAULTS.dup`, `@messages ||= DEFAULTS.dup`: a table the user may merge entries
 * into), and a method of no parameters whose last expression is such a variable (clamp's `def
 * messages; init_default_messages unless defined?(@messages); @messages; end`). A lookup through one
 * (`format(messages.fetch(key), options)`) reads the table's entries, as its defaults.
 */
function tableHolders(ctx: FileCtx, names: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const assigned = new RegExp(String.raw`(@\w+)\s*(?:\|\|)?=\s*(${names.join('|')})(?:\.(?:dup|clone|freeze))*(?![\w\[.(])`, 'g');
  for (const m of ctx.source.matchAll(assigned)) {
    if (!out.has(m[1])) out.set(m[1], m[2]);
    if (out.size >= MAX_KEYED_RETURNS) break;
  }
  if (!out.size) return out;
  const ivars = [...out.entries()];
  for (const def of ctx.root.findAll({ rule: { kind: 'method' } })) {
    const name = def.field('name')?.text();
    if (!name || !/^[a-z_]\w*$/.test(name) || paramNames(def).length) continue;
    const last = def.field('body')?.namedChildren().filter((c) => c.kind() !== 'comment').at(-1);
    const text = last?.text() ?? '';
    const held = ivars.find(([v]) => text === v || text.startsWith(`${v} ||=`));
    if (held && !out.has(name)) out.set(name, held[1]);
    if (out.size >= 2 * MAX_KEYED_RETURNS) break;
  }
  return out;
}

// ---------------------------------------------------------------- the file

/** The calls of methods named `names` in the file (`assert x, msg`), at most `max`. */
function callsOf(root: SgNode, names: string[], max: number): { node: SgNode; name: string }[] {
  const out: { node: SgNode; name: string }[] = [];
  if (max <= 0) return out;
  const regex = `^(?:${names.map((x) => x.replace(/[^\w]/g, '\\$&')).join('|')})$`;
  for (const n of root.findAll({ rule: { kind: 'identifier', regex } })) {
    const call = n.parent();
    if (call?.kind() !== 'call' || call.field('method')?.range().start.index !== n.range().start.index) continue;
    out.push({ node: call, name: n.text() });
    if (out.length >= max) break;
  }
  return out;
}

export function analyzeRuby(source: string): FileAnalysis {
  const root = parseRuby(source).root();
  const ctx = new FileCtx(root, source);
  const sites: RawSite[] = [];
  const classes: ClassInfo[] = [];
  const tables: MessageTable[] = [];
  const constants: MessageTable['entries'] = [];
  const helperCalls: { node: SgNode; name: string }[] = [];
  let syntaxErrorLine: number | null = null;
  for (const n of root.findAll(QUERY)) {
    const k = n.kind() as string;
    if (k === 'ERROR') {
      syntaxErrorLine ??= n.range().start.line + 1;
      continue;
    }
    if (k === 'class') {
      const c = classInfo(ctx, n);
      if (c) classes.push(c);
      continue;
    }
    if (k === 'assignment') {
      const c = classNewInfo(n);
      if (c) classes.push(c);
      const t = tableOf(n, ctx);
      if (t) tables.push(t);
      const e = constantText(n, ctx);
      if (e && constants.length < MAX_TABLE_ENTRIES) constants.push(e);
      continue;
    }
    const call = n.parent();
    if (!call || call.kind() !== 'call' || call.field('method')?.range().start.index !== n.range().start.index) continue;
    const name = n.text();
    const found = callSites(here(ctx, call), call, name);
    sites.push(...found);
    if (!found.length && !RAISE.has(name) && name !== 'fetch' && helperCalls.length < MAX_CALLS) helperCalls.push({ node: call, name });
  }
  const before = sites.length;
  nativeSites(ctx, sites);
  missingMethodSites(ctx, sites);
  if (sites.length > before) sites.sort((x, y) => x.line - y.line || x.column - y.column);
  const calls: CallInfo[] = [];
  // calls of the file's own helpers that raise a message they receive, and of the methods that pass
  // their own parameter on to one (`flunk(msg)` → `assert false, msg`), HELPER_LEVELS deep
  const helpers = new Set(sites.filter((s) => s.params && s.template && passesParam(s.template, s.params)).map((s) => lastSegment(s.symbol ?? '')));
  const read = (list: { node: SgNode; name: string }[]) => list.map(({ node, name }) => {
    const h = here(ctx, node);
    return { node, name, h, ...helperArgInfos(argNodes(node), h.scope) };
  });
  // (a call passing its method's parameter on: its method is a helper one level up)
  const passesOn = (c: ReturnType<typeof read>[number]) => !!c.h.sc.symbol && c.h.sc.params.length > 0 && c.infos.some((a) => passesParam(a.template, c.h.sc.params));
  const all = read(helperCalls);
  // (the query visits only raise-like names: a helper named otherwise, `assert`, has its calls looked up by name)
  let fresh = [...helpers].filter((x) => !NAME_PATTERN.test(x));
  for (let level = 0; level < HELPER_LEVELS; level++) {
    if (fresh.length) all.push(...read(callsOf(root, fresh, MAX_CALLS - all.length)));
    const up = new Set(all.filter((c) => helpers.has(c.name) && passesOn(c)).map((c) => lastSegment(c.h.sc.symbol!)).filter((x) => !helpers.has(x)));
    if (!up.size) break;
    for (const x of up) helpers.add(x);
    fresh = [...up].filter((x) => !NAME_PATTERN.test(x));
  }
  for (const c of all) {
    // (a helper-like name is looked up across the tree: Ruby requires no import to call another file's method)
    if (!helpers.has(c.name) && !HELPER_NAME.test(c.name)) continue;
    if (!c.built.some((x) => x.s || returnsLookup(x.t)) && !passesOn(c)) continue;
    calls.push({ callee: c.name, args: c.infos, line: c.node.range().start.line + 1, symbol: c.h.sc.symbol, ...(c.h.sc.params.length ? { params: c.h.sc.params } : {}) });
  }
  const out: FileAnalysis = { sites, classes };
  if (syntaxErrorLine !== null) out.syntaxErrorLine = syntaxErrorLine;
  if (calls.length) out.calls = calls;
  if (constants.length) tables.push({ name: CONSTANTS, entries: constants });
  tables.push(...madeClassTexts(ctx));
  const helped = helperTexts(ctx);
  if (helped.length) tables.push({ name: HELPERS, entries: helped });
  for (const returned of returnedTexts(ctx)) if (returned.length) tables.push({ name: RETURNS, entries: returned });
  const keyed = [...keyedReturns(ctx, tables), ...heldMessageReturns(ctx), ...i18nReturns(ctx)];
  if (keyed.length) out.returns = keyed;
  if (tables.length) out.tables = tables;
  return out;
}

/** Callees of the catalogue of Ruby's native messages (native.ts), longest first, as a regex; a file's mentions are read with it. */
/** The catalogue's callables by name (a name may raise several errors: `Socket.tcp`'s SocketError and ECONNREFUSED). */
const NATIVE_BY_NAME = new Map<string, NativeCallable[]>();
for (const c of RUBY_NATIVE) if (!c.via && !c.name.includes('#')) NATIVE_BY_NAME.set(c.name, [...(NATIVE_BY_NAME.get(c.name) ?? []), c]);
/**
 * The callables a file reopening their class calls with no receiver (`new(key, digest)` in `class
 * HMAC`), by class: `OpenSSL::HMAC` → [`new`, …]; an instance method (`Class#method`) only so.
 */
const NATIVE_OWN = new Map<string, { method: string; c: NativeCallable }[]>();
for (const c of RUBY_NATIVE) {
  const m = c.via ? null : /^((?:\w+::)*\w+)[.#](\w+[?!]?)$/.exec(c.name);
  if (m) NATIVE_OWN.set(m[1], [...(NATIVE_OWN.get(m[1]) ?? []), { method: m[2], c }]);
}
/** `class HMAC`, `class SSLContext`: a file reopening a class of NATIVE_OWN (its last name). */
const NATIVE_OWN_CLASS = new RegExp(`^[ \\t]*class[ \\t]+(?:\\w+::)*(?:${[...new Set([...NATIVE_OWN.keys()].map((k) => k.slice(k.lastIndexOf(':') + 1)))].join('|')})\\b`, 'm');
/** The constructors whose object's methods raise (`via`), by constructor: `OpenSSL::Cipher.new` → `key=`, `final`. */
const NATIVE_VIA = new Map<string, NativeCallable[]>();
for (const c of RUBY_NATIVE) if (c.via) NATIVE_VIA.set(c.name, [...(NATIVE_VIA.get(c.name) ?? []), c]);
/** Every callee a file's text is searched for: the callables, and the constructors of `via` ones. */
const NATIVE_MENTIONED = new Map([...NATIVE_VIA, ...NATIVE_BY_NAME].map(([name, list]): [string, NativeCallable] => [name, list[0]]));
const NATIVE_CALLEE = new RegExp(`(?<![\\w:.@$])(?:::)?(${[...NATIVE_MENTIONED.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|')})(?![\\w?!=])`, 'g');
const NATIVE_ANY = new RegExp(NATIVE_CALLEE.source);
/** A call of the catalogue's: `Random.urandom(n)`, `::Date.parse s`. */
const mayCallNative = (source: string): boolean => NATIVE_ANY.test(source) || STRICT_BASE64.test(source) || DYNAMIC_REQUIRE.test(source) || NATIVE_OWN_CLASS.test(source);
/** A descriptor argument that is a number written or an open IO's (`$stdin.fileno`, `STDOUT.fileno`). */
const OWN_DESCRIPTOR = /^(?:\d+|.*\.fileno)$/;
/** `require "dir/#{name}"`: a path the code builds (DYNAMIC_REQUIRE_NATIVE). */
const DYNAMIC_REQUIRE = /\brequire[( ]\s*"[^"\n]*#\{/;
/**
 * `str.unpack1("m0")`, `str.unpack("m0")`: String#unpack's strict Base64 directive (what
 * `Base64.strict_decode64` is, and what gems write for it) raises `invalid base64` in C.
 */
const STRICT_BASE64 = /\.unpack1?[( ]\s*["']m0["']/;

/**
 * A class, module or constant the file defines itself under the callable's first name: nested (indented
 * or under a namespace) or assigned. Not the core's class reopened at the top level (`class Addrinfo`,
 * `class Socket < BasicSocket` in socket.rb, a C extension's Ruby layer; a top-level class of that
 * name is the core's): its calls are the core's, but for a method the file defines itself
 * (NATIVE_REOPENED, DEFINES).
 */
const NATIVE_BINDS = (root: string) => new RegExp(`^[ \\t]+(?:class|module)[ \\t]+(?:\\w+::)*${root}\\b|^(?:class|module)[ \\t]+(?:\\w+::)+${root}\\b|^[ \\t]*${root}[ \\t]*=[^=]`, 'm');
/** The core's class or module reopened at the top level (NATIVE_BINDS). */
const NATIVE_REOPENED = (root: string) => new RegExp(`^(?:class|module)[ \\t]+${root}\\b`, 'm');
/** A method the file defines (`def self.getaddrinfo`, `def getaddrinfo(…)`). */
const DEFINES = (method: string) => new RegExp(`^[ \\t]*def[ \\t]+(?:self\\.)?${escapeRegex(method)}(?![\\w?!=])`, 'm');
const NATIVE_CALL = { kind: 'call', field: 'receiver' };
/** Receivers a constructed object is held in: a local, an instance variable, a method returning it (`new_cipher.final`). */
const RECEIVERS = ['identifier', 'instance_variable', 'call'];
/** Calls of an object's method read per file, at most. */
const MAX_VIA_CALLS = 64;

/**
 * Calls of Ruby's native callables (native.ts): each a site with the catalogue's messages. Found in
 * the text, checked on the tree (a call whose receiver and method are the callable's); a constant
 * the file defines itself (`class Random`) is its own. A callable raising in a method of the object
 * it constructs (`via`: `OpenSSL::Cipher.new(name)`, then `cipher.key = k`) is read at every call of
 * that method in a file that constructs one: Ruby code names no type, and the object rarely leaves
 * the file that makes it (ActiveSupport's `cipher = new_cipher`, a method returning
 * `OpenSSL::Cipher.new(@cipher)`), while a method as specific as `key=` of another object in that
 * file is rare.
 */
/** `method_missing` methods of a file read for their `super`, at most. */
const MAX_MISSING_METHODS = 16;

/**
 * `def method_missing(meth, *args) … super … end` in a class: where the fallback reaches Ruby's own
 * `method_missing`, the interpreter raises NoMethodError there, its text naming the method, the
 * receiver and the receiver's class (`undefined method \`nosuch_format' for ["x", :ident]:CodeRay::Tokens`;
 * `… for an instance of CodeRay::Tokens` since Ruby 3.3, with straight quotes since 3.4). The class is
 * the one the method is defined in, as written with its namespaces (a subclass's instances name their
 * own class: the trace tells). Not in a module: the class it is mixed into is unknown.
 */
function missingMethodSites(ctx: FileCtx, out: RawSite[]): void {
  if (!ctx.source.includes('def method_missing')) return;
  const defs = ctx.root.findAll({ rule: { kind: 'method', has: { field: 'name', regex: '^method_missing$' } } }).slice(0, MAX_MISSING_METHODS);
  const before = out.length;
  for (const def of defs) {
    if (def.parent()?.parent()?.kind() !== 'class') continue;
    for (const sup of def.findAll({ rule: { kind: 'super' } })) {
      const h = here(ctx, sup);
      const cls = (h.sc.symbol ?? '').split('.').slice(0, -1).join('.');
      if (!cls || !/^[A-Z][\w:]*$/.test(cls)) continue;
      const meth = hole(paramNames(def)[0] ?? 'name');
      const versions = (q: string, close: string): Template => [lit(`undefined method ${q}`), meth, lit(`${close} for an instance of ${cls}`)];
      out.push(site(h, {
        errorType: 'exception', errorClass: 'NoMethodError',
        template: [lit('undefined method `'), meth, lit("' for "), hole('self', 'repr'), lit(`:${cls}`)],
        alternatives: [versions('`', "'"), versions("'", "'")],
      }));
    }
  }
  if (out.length > before) out.sort((x, y) => x.line - y.line || x.column - y.column);
}

function nativeSites(ctx: FileCtx, out: RawSite[]): void {
  const source = ctx.source;
  if (!mayCallNative(source)) return;
  // (each the receiver as written, `::Date`, whose parent call is the site)
  const found = globalMentions(source, NATIVE_CALLEE, NATIVE_MENTIONED, NATIVE_BINDS, (m) => m[0].lastIndexOf('.'));
  const add = (k: NativeCallable, at: SgNode) => {
    const [template, ...alternatives] = nativeTemplates(k);
    out.push(site(here(ctx, at), { errorType: 'exception', errorClass: k.errorClass, template, ...(alternatives.length ? { alternatives } : {}), native: nativeLabel(k) }));
  };
  const constructed = new Set<string>();
  // (per callable, once: a file reopening the core's class and defining the method calls its own)
  const own = new Map<string, boolean>();
  const ownMethod = (name: string, method: string): boolean => {
    let v = own.get(name);
    if (v === undefined) own.set(name, (v = NATIVE_REOPENED(name.split(/::|\./)[0]).test(source) && DEFINES(method).test(source)));
    return v;
  };
  for (const [i, call] of spanParents(nodesAtSpans(ctx.root, source, found), () => NATIVE_CALL)) {
    const name = found[i].c.name;
    const method = name.slice(name.lastIndexOf('.') + 1);
    if (call.field('method')?.text() !== method) continue;
    if (ownMethod(name, method)) continue;
    // (`IO.new($stdin.fileno)`, `IO.new(1)`: a descriptor the program holds, not one the caller gives)
    if (DESCRIPTOR_CALLS.includes(name) && OWN_DESCRIPTOR.test(argNodes(call)[0]?.text() ?? '')) continue;
    for (const direct of NATIVE_BY_NAME.get(name) ?? []) add(direct, call);
    if (!NATIVE_VIA.has(name) || constructed.has(name)) continue;
    constructed.add(name);
    for (const k of NATIVE_VIA.get(name)!) for (const at of methodCalls(ctx.root, (k.via as { method: string }).method)) add(k, at);
  }
  if (STRICT_BASE64.test(source)) {
    for (const call of methodCalls(ctx.root, 'unpack1').concat(methodCalls(ctx.root, 'unpack'))) {
      const arg = argNodes(call)[0];
      if (arg?.kind() === 'string' && arg.text().slice(1, -1) === 'm0') add(STRICT_BASE64_NATIVE, call);
    }
  }
  if (NATIVE_OWN_CLASS.test(source)) ownClassCalls(ctx, add);
  if (DYNAMIC_REQUIRE.test(source)) {
    // (the path's written part, a directory at least, `"sequel/adapters/#{file}"`: LoadError's text says it)
    for (const call of ctx.callsNamed('require')) {
      const arg = argNodes(call)[0];
      if (call.field('receiver') || arg?.kind() !== 'string' || !arg.children().some((c) => c.kind() === 'interpolation')) continue;
      const h = here(ctx, call);
      const path = build(arg, h.scope).t;
      if (!path.some((x) => isLit(x) && x.lit.includes('/'))) continue;
      out.push(site(h, { errorType: 'exception', errorClass: DYNAMIC_REQUIRE_NATIVE.errorClass, template: normalize([lit('cannot load such file -- '), ...path]), native: nativeLabel(DYNAMIC_REQUIRE_NATIVE) }));
    }
  }
}

/**
 * Calls with no receiver of a catalogued class's methods from the methods of that class, where the
 * file reopens it (a C extension's Ruby layer: `hmac = new(key, digest)` in `OpenSSL::HMAC.hexdigest`):
 * the enclosing symbol names the class (`OpenSSL::HMAC.hexdigest`), as the file nests it.
 */
function ownClassCalls(ctx: FileCtx, add: (k: NativeCallable, at: SgNode) => void): void {
  for (const [cls, list] of NATIVE_OWN) {
    for (const { method, c } of list) {
      if (!ctx.source.includes(method)) continue;
      for (const call of ctx.callsNamed(method)) {
        if (call.field('receiver')) continue;
        const symbol = siteContext(call).symbol;
        if (symbol?.slice(0, symbol.lastIndexOf('.')) === cls) add(c, call);
      }
    }
  }
}

/** The calls of a method on a receiver (`x.final`), a setter by its assignment (`x.key = k` for `key=`), at most MAX_VIA_CALLS. */
function methodCalls(root: SgNode, method: string): SgNode[] {
  const setter = method.endsWith('=');
  const name = setter ? method.slice(0, -1) : method;
  const call = { kind: 'call', has: { field: 'method', regex: `^${escapeRegex(name)}$` }, all: [{ has: { field: 'receiver', any: RECEIVERS.map((kind) => ({ kind })) } }] };
  const found = setter ? root.findAll({ rule: { kind: 'assignment', has: { field: 'left', ...call } } }) : root.findAll({ rule: call });
  return found.slice(0, MAX_VIA_CALLS);
}

/**
 * A message-named method's text looked up in the tree (template.ts overriddenCall), or a keyed call
 * (`Clamp.message(:too_many_arguments)`, template.ts keyedCall) a file's table may answer: a call
 * passing it gives text once read.
 */
const returnsLookup = (t: Template): boolean => t.some((x) => isHole(x) && (x.hole.lookup?.table === RETURNS || !!x.hole.call));

/** Whether a template is only literal text (used by tests). */
export const isLiteral = (t: Template | null): boolean => !!t && t.every(isLit);
