// The Python frontend: one ast-grep query finds every candidate node (raise,
// assert, class definitions, logging/warnings/exit/abort calls) in a single
// traversal in native code; each candidate is then examined with a handful of
// node calls. Messages are built by python-template.ts, classes by
// python-classes.ts, symbol and guards by python-context.ts.
//
// Sites:
// - `raise X(...)`, `raise X`, `raise X(...) from e`, `raise exc` where `exc = X(...)` earlier
//   (followed to the constructor call). Bare `raise`, `raise e` for an `except ... as e` name and
//   `raise e.with_traceback(tb)` are not sites. `raise <something else>` (a parameter, an
//   attribute with a lower-case last name) is emitted with `rethrow: true` and errorClass null.
// - `raise make_error(x)` where a function of this file returns what it builds
//   (`return ValueError("bad %s" % x)`): one site per such return, parameters bound to the call.
// - `raise make_error("msg")` otherwise (a lower-case callee that is not a class of this file):
//   errorClass null, template from the first string argument (the next one after an error code,
//   `left.error('XPST0017', 'unknown function %r' % name)`, which is the site's code).
// - `assert c, msg` → assertion; `assert c` → template []; guard {kind: 'assert', text: 'not (c)'}.
// - logging: `<recv>.error/exception/critical/fatal/warning/warn(...)` where recv is `logging` or its
//   last name contains "log"; `<recv>.log(logging.ERROR, ...)`; lazy `%` args are bound.
// - `warnings.warn(msg, Category)`, `warn(msg)`, `warnings.warn_explicit(...)` → warning.
// - `sys.exit("msg")` (string argument only) → exit/SystemExit, severity critical;
//   `parser.error("msg")` (receiver name ending in "parser", argparse) → exit/SystemExit.
// - `abort(404[, msg])`, `flask.abort(...)` with an integer status → http/HTTPException.
// Lines are 1-based, columns 1-based.

import { markCaughtMessages } from '../shared/caught.js';
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { helperCalls } from './calls.js';
import { callbacks } from './callbacks.js';
import { dispatchers } from './dispatch.js';
import { carriedConstruction, carriedKey, carriedRule, fileErrorClasses, groupKeys, handedConstruction, handedInline, handedInlineRule, handedRule, heldConstruction, nestedConstructions, HELD_RULE, keeperKeys, keepers, keptRaised, keptRaisedRule, mayHoldErrors, raisedKeys } from './built.js';
import { externalBindings, externalCall, externalCallees } from './external.js';
import { mayCallNative, nativeCalls } from './native-calls.js';
import { handedTexts, mayHandMessages } from './handed.js';
import { MAX_NATIVE_CALLS, nativeLabel, nativeTemplates, spanParents, SpanRules, type NativeCallable, type Span } from '../shared/native.js';
import { parsePython } from './grammar.js';
import { fileTables, mayHoldTable, moduleConstantTexts } from './tables.js';
import { mayBuildRecords, recordConstantTables, recordFieldTables } from './record-fields.js';
import { mayReturnText, textReturnTables } from './returned-texts.js';
import { classAttributeTables } from './class-attribute-texts.js';
import { tupleReturnTables } from './returned-tuples.js';
import { mapSiteTemplates, reraisesCaught, siteAt, type ArgInfo, type ClassInfo, type FileAnalysis, type Guard, type RawSite, type Severity, type SiteFields } from '../../core/site.js';
import { escapeRegex, isHole, lastSegment, literalOf, type Template } from '../../template/ir.js';
import { analyzeClass, type ClassMembers } from './classes.js';
import { errorFunctions, mayDefineErrorFunctions } from './error-functions.js';
import { exceptHeader, exceptVar, siteContext, type SiteContext } from './context.js';
import { storedCaught } from './stored-caught.js';
import { findAllAt } from './statements.js';
import { callsByFunction } from './calls-made.js';
import { applyFormat, applyPercent, oneLine } from './strings.js';
import {
  bindArgs,
  build,
  calledDef,
  callArgs,
  FileCtx,
  inlinedScope,
  messageReturns,
  paramDefaults,
  paramNames,
  percentArgs,
  rebind,
  returnsOf,
  Scope,
  spreadLocalList,
  type Built,
  type CallArgs,
  type FnDef,
} from './template.js';

const LOG_METHODS: Record<string, Severity> = {
  critical: 'critical',
  fatal: 'critical',
  error: 'error',
  exception: 'error',
  warning: 'warning',
  warn: 'warning',
};
const LOG_LEVELS: Record<string, Severity> = { CRITICAL: 'critical', FATAL: 'critical', ERROR: 'error', WARNING: 'warning', WARN: 'warning' };

// The single query. Raise/assert/class are matched by kind. Candidate calls
// (`x.error(`, `warn(`...) and `def __init__`/`def __str__` are located in the
// text first, and matched by the exact range of their name identifier: a rule
// that inspects every call node (`has: {field: 'function', ...}`) costs a third
// of a parse; identifiers compared with a few ranges cost a few percent.
// ERROR nodes ride along for syntaxErrorLine (a separate `find` would be another full traversal).
const BASE_RULES = [{ kind: 'raise_statement' }, { kind: 'assert_statement' }, { kind: 'class_definition' }, { kind: 'ERROR' }];
const METHOD_NAMES = 'error|exception|critical|fatal|warning|warn|warn_explicit|exit|abort|log';
/** Fallback for files with very many candidates: match the calls structurally. */
const STRUCTURAL_RULE = {
  rule: {
    any: [
      ...BASE_RULES,
      { kind: 'function_definition', has: { field: 'name', regex: '^__(init|str)__$' } },
      { kind: 'call', has: { field: 'function', kind: 'attribute', has: { field: 'attribute', regex: `^(${METHOD_NAMES})$` } } },
      { kind: 'call', has: { field: 'function', kind: 'identifier', regex: '^(warn|abort)$' } },
    ],
  },
} as NapiConfig;
const CANDIDATE_TEXT = new RegExp(
  `\\.[ \\t]*(${METHOD_NAMES})\\s*\\(|(?:^|[^\\w.])(warn|abort)\\s*\\(|\\bdef[ \\t]+(__init__|__str__)\\s*\\(`,
  'g',
);
/** CANDIDATE_TEXT without `g`: a test that leaves no lastIndex behind for the next file's matchAll. */
const ANY_CANDIDATE = new RegExp(CANDIDATE_TEXT.source);
const MAX_RANGES = 128;

interface Found {
  node: SgNode;
  kind: string;
}

/** Every candidate node of the file, in document order, from one traversal (with the nodes of `spans`' rules, kept there). */
function query(root: SgNode, source: string, spans: SpanRules | null): Found[] {
  const ranges: object[] = [];
  const isDef = new Map<string, boolean>();
  let line = 0;
  let lineStart = 0;
  let overflow = false;
  // (the next newline is kept from one match to the next: looking it up again at each match
  // would rescan a long line once per match on it)
  let nl = source.indexOf('\n');
  for (const m of source.matchAll(CANDIDATE_TEXT)) {
    if (ranges.length >= MAX_RANGES) {
      overflow = true;
      break;
    }
    const name = m[1] ?? m[2] ?? m[3];
    const at = (m.index ?? 0) + m[0].indexOf(name, m[1] ? 1 : 0);
    for (; nl >= 0 && nl < at; nl = source.indexOf('\n', lineStart)) {
      line++;
      lineStart = nl + 1;
    }
    const column = at - lineStart;
    ranges.push({ range: { start: { line, column }, end: { line, column: column + name.length } } });
    isDef.set(`${line}:${column}`, m[3] !== undefined);
  }
  // `kind` first: only identifiers are compared with the ranges
  const base = overflow ? STRUCTURAL_RULE.rule.any! : ranges.length ? [...BASE_RULES, { kind: 'identifier', any: ranges }] : BASE_RULES;
  const rule = { rule: { any: spans?.rules.length ? [...base, ...spans.rules] : base } } as NapiConfig;
  const found = root.findAll(rule);
  const out: Found[] = [];
  for (const n of found) {
    if (spans?.take(n)) continue;
    const k = n.kind() as string;
    if (k !== 'identifier') {
      out.push({ node: n, kind: k });
      continue;
    }
    const start = n.range().start;
    const def = isDef.get(`${start.line}:${start.column}`);
    const p = n.parent();
    if (!p || def === undefined) continue;
    const pk = p.kind() as string;
    if (def) {
      if (pk === 'function_definition') out.push({ node: p, kind: pk });
    } else if (pk === 'call') out.push({ node: p, kind: pk });
    else if (pk === 'attribute') {
      const c = p.parent();
      if (c && c.kind() === 'call') out.push({ node: c, kind: 'call' });
    }
  }
  return out;
}

/** Lower-case names that are exception classes: a module's own `error`, `socket.timeout`... */
const LOWER_CLASSES = new Set(['error', 'herror', 'gaierror', 'timeout']);
/** Modules whose lower-case `error`-style attributes are classes (not `self.error(...)` factories). */
const LOWER_CLASS_MODULES = new Set([
  'socket', '_socket', 'os', 'select', 'struct', 're', 'sre_constants', 'zlib', 'getopt', 'binascii',
  'curses', 'dbm', 'audioop', 'expat', 'ssl', 'mmap', 'shelve', 'nis', 'resource', 'termios', 'xdrlib',
]);
const CODE_KWARGS = new Set(['code', 'error_code', 'errcode', 'err_code']);
/** An error code as a factory's first argument: capitals then digits, no space (`XPST0017`, `E1`, `ERR_BAD_INPUT`). */
const ERROR_CODE = /^(?:[A-Z]+[0-9]+|[A-Z]{2,}(?:_[A-Z0-9]+)+)$/;
const STATUS_KWARGS = new Set(['status_code', 'status', 'http_status', 'code']);
const MESSAGE_KWARGS = new Set(['message', 'msg']);
/** A name that says it is an exception class. */
const EXC_NAME = /(?:Error|Exception|Warning|Exit|Failure)$/;
/** A function that builds errors (`parse_error`, `make_exception`, `_fail`). */
const FACTORY_NAME = /err|exc|fail/i;

/**
 * `if type(r) == SyntaxError:` / `if isinstance(r, ParseError):` right above `raise r`: an error a
 * function of the file built and returned, raised by its caller once a class test says it is one
 * (`t, r = self._parse(t, thing, pos)` / `if type(r) == SyntaxError: raise r`). One text pass: the
 * name tested, the class, the name raised.
 */
const TESTED_RAISE = /^[ \t]*if[ \t]+(?:type\([ \t]*([a-z_]\w*)[ \t]*\)[ \t]*(?:==|is)[ \t]*((?:[A-Za-z_]\w*\.)*[A-Z]\w*)|isinstance\([ \t]*([a-z_]\w*)[ \t]*,[ \t]*((?:[A-Za-z_]\w*\.)*[A-Z]\w*)[ \t]*\))[ \t]*:[ \t]*(?:#[^\n]*)?\n[ \t]+raise[ \t]+([a-z_]\w*)[ \t]*(?:#[^\n]*)?$/gm;
/** Calls of the file's factories read per file at most for tested raises. */
const MAX_TESTED_CALLS = 64;
/** Per file: the classes tested before a raise of the name tested (TESTED_RAISE), by last segment. */
const testedByFile = new WeakMap<FileCtx, Set<string>>();
function testedClasses(ctx: FileCtx): Set<string> {
  let out = testedByFile.get(ctx);
  if (!out) {
    testedByFile.set(ctx, (out = new Set()));
    if (ctx.source.includes('raise')) {
      for (const m of ctx.source.matchAll(TESTED_RAISE)) {
        const [name, cls] = m[1] ? [m[1], m[2]] : [m[3], m[4]];
        // (a test for the root, `isinstance(ret, Exception)`, tells no class apart)
        if (name === m[5] && EXC_NAME.test(lastSegment(cls)) && !/^(?:Base)?Exception$/.test(lastSegment(cls))) out.add(lastSegment(cls));
      }
    }
  }
  return out;
}
/** The class a raise of `name` is tested for in the `if` right around it (`if type(r) == C: raise r`), when the file has such tests. */
function testedClass(expr: SgNode, name: string, s: Site): string | null {
  const classes = testedClasses(s.ctx);
  if (!classes.size) return null;
  const block = s.node.parent();
  const stmt = block?.kind() === 'block' ? block.parent() : null;
  if (stmt?.kind() !== 'if_statement' || block?.namedChildren()[0]?.range().start.index !== s.node.range().start.index) return null;
  const cond = oneLine(stmt.field('condition')?.text() ?? '');
  const m = /^type\(\s*([a-z_]\w*)\s*\)\s*(?:==|is)\s*([\w.]+)$/.exec(cond) ?? /^isinstance\(\s*([a-z_]\w*)\s*,\s*([\w.]+)\s*\)$/.exec(cond);
  return m && m[1] === name && classes.has(lastSegment(m[2])) ? lastSegment(m[2]) : null;
}

interface Site {
  node: SgNode;
  ctx: FileCtx;
  sc: SiteContext;
  scope: Scope;
  line: number;
  column: number;
  /** Names a handler before the site stored its caught error in, with that handler (stored-caught.ts). */
  stored: Map<string, SgNode>;
}

function isClassName(text: string, ctx: FileCtx): boolean {
  if (!/^[A-Za-z_][\w.]*$/.test(text)) return false;
  const dot = text.lastIndexOf('.');
  const last = lastSegment(text);
  if (/^_*[A-Z]/.test(last)) return true;
  if (dot < 0) return LOWER_CLASSES.has(last) || ctx.localClasses.has(last);
  // `socket.error`; `self.error` where `class error` is nested in this file's class (imaplib)
  return (LOWER_CLASSES.has(last) && LOWER_CLASS_MODULES.has(lastSegment(text.slice(0, dot)))) || ctx.localClasses.has(last);
}

function site(s: Site, fields: SiteFields): RawSite {
  const r = siteAt(s.line, s.column, s.sc.symbol, s.sc.guards, fields);
  s.ctx.siteFns.set(r, s.sc.fn);
  return keyErrorsAsRepr(markCaughtMessages(r, s.sc.exceptVars, CAUGHT_TEXT, (name) => handlerClass(s, name)), s);
}

/**
 * A caught `KeyError` put in a message as it is (`except KeyError as exc: raise X('Unknown type:
 * {}'.format(exc))`, `f"… {exc}"`, `'%s' % exc`, `str(exc)`) shows as its key's repr: `str()` of a
 * KeyError is `repr()` of its argument (`Unknown type: 'text'`), so its hole is a repr hole, whose
 * quotes count as text. `exc.args[0]` is the key itself, and stays as it is.
 */
function keyErrorsAsRepr(r: RawSite, s: Site): RawSite {
  if (s.sc.exceptVars.size === 0) return r;
  const quoted = (t: Template): Template => (t.some((g) => isHole(g) && g.hole.caught === 'KeyError') ? t.map((g) =>
    isHole(g) && g.hole.caught === 'KeyError' && g.hole.kind === 'any' && g.hole.expr !== undefined && /^[A-Za-z_]\w*$/.test(g.hole.expr) ? { hole: { ...g.hole, kind: 'repr' as const } } : g) : t);
  return mapSiteTemplates(r, quoted);
}

/** `e` (also `str(e)`, `{e}`, `%s % e`: the hole's expression is the name), `e.args[0]`, `e.msg`: a caught exception's message. */
const CAUGHT_TEXT = /^([A-Za-z_]\w*)(?:\.args\[0\]|\.msg|\.message|\.strerror|\.reason)?$/;
/** The attributes CAUGHT_TEXT reads a caught exception's message from. */
const MESSAGE_ATTRS = new Set(['msg', 'message', 'strerror', 'reason']);

function newSite(node: SgNode, ctx: FileCtx): Site {
  const sc = siteContext(node, ctx.symbols);
  const start = node.range().start;
  // (a name a handler stored the caught error in reads it as the `except` name does)
  const stored = storedCaught(node, sc.fn, ctx.root, ctx.source);
  if (stored.size) sc.exceptVars = new Set([...sc.exceptVars, ...stored.keys()]);
  return { node, ctx, sc, scope: new Scope(ctx, sc.fn), line: start.line + 1, column: start.column + 1, stored };
}

function intLiteral(n: SgNode | undefined): number | null {
  if (!n || n.kind() !== 'integer') return null;
  const v = Number(n.text().replace(/_/g, ''));
  return Number.isInteger(v) ? v : null;
}

// ---------------------------------------------------------------- raise

function raiseSites(node: SgNode, ctx: FileCtx, out: RawSite[]): void {
  // named children: the raised expression, then the `from` cause if any
  const expr = node.namedChildren().find((c) => c.kind() !== 'comment');
  if (!expr) return; // bare raise
  const s = newSite(node, ctx);
  raised(expr, s, out, 0);
}

function raised(expr: SgNode, s: Site, out: RawSite[], depth: number): void {
  const k = expr.kind();
  if (k === 'parenthesized_expression') {
    const inner = expr.namedChildren().find((c) => c.kind() !== 'comment');
    if (inner) raised(inner, s, out, depth + 1);
    return;
  }
  if (k === 'conditional_expression') {
    const parts = expr.namedChildren().filter((c) => c.kind() !== 'comment');
    if (parts.length === 3 && depth < 4) {
      raised(parts[0], s, out, depth + 1);
      raised(parts[2], s, out, depth + 1);
    }
    return;
  }
  if (k === 'boolean_operator' && expr.field('operator')?.text() === 'or') {
    // `raise too_long or ValueError(msg)`: a given exception, else a new one
    const left = expr.field('left');
    const right = expr.field('right');
    if (left && right && depth < 4) {
      raised(left, s, out, depth + 1);
      raised(right, s, out, depth + 1);
    }
    return;
  }
  if (k === 'call') {
    const fn = expr.field('function');
    if (fn && fn.kind() === 'attribute' && fn.field('attribute')?.text() === 'with_traceback') {
      const obj = fn.field('object');
      // `raise exc.with_traceback(None)` drops the old traceback: this line becomes the innermost
      // frame users see, so it is kept as a generic site even for a caught exception.
      if (obj && s.sc.exceptVars.has(oneLine(obj.text())) && oneLine(expr.field('arguments')?.text() ?? '') === '(None)') {
        // the class caught (`except ParseBaseException as exc`) says what the message looks like
        out.push(site(s, { errorType: 'exception', errorClass: caughtClass(s, oneLine(obj.text())), template: null, rethrow: true }));
        return;
      }
      if (obj && depth < 4) raised(obj, s, out, depth + 1);
      return;
    }
    if (depth < 4 && factoryRaises(expr, s, out, depth)) return;
    const r = callSite(expr, s);
    // (an error group's members: built.ts)
    if (/^(?:Base)?ExceptionGroup$/.test(lastSegment(r.errorClass ?? ''))) {
      const keys = groupKeys(expr, s.sc.symbol);
      if (keys.length) r.groupOf = keys;
    }
    out.push(r);
    return;
  }
  const text = oneLine(expr.text());
  // (a raise of an error kept elsewhere: `raise self._error`, `raise errors[0]`, `for e in rules(x): raise e`;
  // a class name raised, `raise ValueError`, is none)
  const held = k === 'identifier' && !/^[a-z_]/.test(text) ? [] : raisedKeys(expr, s.sc.symbol);
  // (`except ProductionError as e: raise e.args[0]`: the errors the caught class carries, built.ts carriedConstruction)
  const carried = k === 'subscript' ? carriedKey(text, (name) => (s.sc.exceptVars.has(name) ? handlerClass(s, name) : null)) : null;
  if (carried) held.push(carried);
  // (`errors = [e for e in state.errors if …]` / `raise errors[0]`: what the methods keeping their
  // parameter in that list were handed, built.ts keepers)
  if (k === 'subscript') held.push(...keptListKeys(expr, s));
  // (`def fatalError(self, exception): raise exception`: what the callers hand it, built.ts handedConstruction)
  const fnName = s.sc.fn ? s.sc.fn.field('name')?.text() : null;
  if (k === 'identifier' && !held.length && fnName && firstParam(s.sc.fn!) === text && !s.scope.resolveLocal(text, expr.range().start.index)) held.push(`call:${fnName}`);
  if (k === 'identifier') {
    // rethrow of the caught exception (not a name a handler stored it in that other branches give a
    // new error: `error = type(exc)(message)` … `else: error = exc` / `raise error`, those built)
    if (s.sc.exceptVars.has(text) && !(s.stored.has(text) && buildsOther(s, text, expr))) return;
    if (held.length) {
      out.push(site(s, { errorType: 'exception', errorClass: null, template: null, rethrow: true, raisesHeld: held }));
      return;
    }
    // (`error`, a lower-case class name elsewhere, assigned in this function is a variable)
    const local = /^[a-z]/.test(text) && s.scope.resolveLocal(text, expr.range().start.index);
    if (isClassName(text, s.ctx) && !s.scope.isParam(text) && !local) {
      out.push(site(s, { errorType: 'exception', errorClass: text, template: null }));
      return;
    }
    const r = depth < 4 ? s.scope.resolve(text, expr.range().start.index) : null;
    if (r && r.values.length) {
      // The assignment that holds, and those of exclusive branches before it (`if c: error =
      // ConfigObjError(msg) else: error = self._errors[0]`). A value not followed (and not a name
      // followed to nothing, such as a caught exception) leaves the generic site below as well.
      const at = r.scope === s.scope ? s : { ...s, scope: r.scope };
      const start = out.length;
      let opaque = false;
      for (const v of [r.values[0], ...r.alts]) {
        const vk = v.kind() as string;
        const before = out.length;
        // (built in a handler, `except (ValueError, TypeError) as exc: … error = type(exc)(message)`: its caught name reads the caught error)
        if (FOLLOWED_VALUES.has(vk)) raised(v, vk === 'call' ? inHandlers(v, at) : at, out, depth + 1);
        if (out.length === before && vk !== 'identifier') opaque = true;
      }
      if (opaque) {
        // (`if type(r) == SyntaxError: raise r`: what the file's factories of that class build and do not raise)
        const tested = testedClass(expr, text, s);
        out.push(site(s, { errorType: 'exception', errorClass: tested, template: null, rethrow: true, ...(tested ? { raisesHeld: [`tested:${tested}`] } : {}) }));
      }
      dropRepeats(out, start);
      // (the same error also kept for a later raise: `self._errors.append(error)` in this function)
      const kept = keptKey(s.ctx, s.sc.symbol, text);
      if (kept) for (let i = start; i < out.length; i++) if (!out[i].rethrow) out[i].keptAs = kept;
      return;
    }
  } else if (k === 'attribute' && isClassName(text, s.ctx)) {
    out.push(site(s, { errorType: 'exception', errorClass: text, template: null }));
    return;
  }
  // (`t, r = self._parse(…)` / `if type(r) == SyntaxError: raise r`: what the file's factories of that class build and do not raise)
  const tested = k === 'identifier' && !held.length ? testedClass(expr, text, s) : null;
  if (tested) held.push(`tested:${tested}`);
  out.push(site(s, { errorType: 'exception', errorClass: tested, template: null, rethrow: true, ...(held.length ? { raisesHeld: held } : {}) }));
}

/** Whether a name a handler stored the caught error in is also assigned an error built there (a call): `error = type(exc)(message)`. */
function buildsOther(s: Site, name: string, at: SgNode): boolean {
  const r = s.scope.resolve(name, at.range().start.index);
  return !!r && [...r.values, ...r.alts].some((v) => v.kind() === 'call');
}

/** The site with the names of the `except … as name` clauses around `node` (within its function) among its caught names. */
function inHandlers(node: SgNode, s: Site): Site {
  let vars: Set<string> | null = null;
  for (let n = node.parent(); n && n.kind() !== 'function_definition'; n = n.parent()) {
    const v = n.kind() === 'except_clause' ? exceptVar(n) : null;
    if (v && !s.sc.exceptVars.has(v)) (vars ??= new Set(s.sc.exceptVars)).add(v);
  }
  return vars ? { ...s, sc: { ...s.sc, exceptVars: vars } } : s;
}

/** A function's first parameter, after `self` or `cls`. */
function firstParam(fn: SgNode): string | undefined {
  const ps = paramNames(fn, false);
  return ps[0] === 'self' || ps[0] === 'cls' ? ps[1] : ps[0];
}

/** Per file: list attribute → the methods keeping their first parameter in it (built.ts keepers), read on the first raise of an element. */
const keepersByFile = new WeakMap<FileCtx, Map<string, string[]>>();

/** The `call:` keys of the methods keeping what a raised element's list holds (`raise errors[0]`, `raise state.errors[0]`). */
function keptListKeys(expr: SgNode, s: Site): string[] {
  const list = expr.field('value');
  if (!list) return [];
  let text: string | null = null;
  if (list.kind() === 'attribute') text = list.text();
  else if (list.kind() === 'identifier') text = s.scope.resolveLocal(list.text(), expr.range().start.index)?.values[0]?.text() ?? null;
  if (!text || !text.includes('.')) return [];
  let kept = keepersByFile.get(s.ctx);
  if (!kept) keepersByFile.set(s.ctx, (kept = keepers(s.ctx.source)));
  return keeperKeys(text, kept);
}

/** Per file: `symbol\0name` → the heldAs key a raised name is also kept under (built.ts keptRaised). */
const keptByFile = new WeakMap<FileCtx, Map<string, string>>();

/** The key under which the function `symbol` also keeps the error it raises as `name`, if it does. */
function keptKey(ctx: FileCtx, symbol: string | null, name: string): string | null {
  let kept = keptByFile.get(ctx);
  if (!kept) {
    keptByFile.set(ctx, (kept = new Map()));
    const rule = keptRaisedRule(ctx.source);
    for (const node of rule ? ctx.root.findAll(rule) : []) {
      const sym = siteContext(node, ctx.symbols).symbol;
      const k = keptRaised(node, sym);
      if (k) kept.set(`${sym}\0${k.name}`, k.key);
    }
  }
  return kept.get(`${symbol}\0${name}`) ?? null;
}

/** Errors built to be raised elsewhere (built.ts): each construction a site, with the key it is kept under. */
function heldSites(ctx: FileCtx, out: RawSite[]): void {
  let added = false;
  const local = fileErrorClasses(ctx.source);
  for (const node of mayHoldErrors(ctx.source, local) ? ctx.root.findAll(HELD_RULE) : []) {
    const sc = siteContext(node, ctx.symbols);
    const held = heldConstruction(node, sc.symbol, sc.symbol ? lastSegment(sc.symbol) : null, local);
    if (!held) continue;
    const s = newSite(held.call, ctx);
    out.push({ ...callSite(held.call, s), constructedOnly: true, heldAs: held.key });
    added = true;
  }
  // Errors built in one place and raised by a function they are handed to or carried in: a site at
  // the construction, held under a key the raise reads.
  const held = (rule: NapiConfig | null, find: (node: SgNode) => { call: SgNode; key: string } | null) => {
    for (const node of rule ? ctx.root.findAll(rule).slice(0, MAX_HANDED) : []) {
      const h = find(node);
      if (!h) continue;
      out.push({ ...callSite(h.call, newSite(h.call, ctx)), constructedOnly: true, heldAs: h.key });
      added = true;
    }
  };
  // (`exc = SAXParseException(…)` / `self._err_handler.fatalError(exc)`: handed to a function raising it)
  held(handedRule(ctx.source), (node) => handedConstruction(node, siteContext(node, ctx.symbols).fn));
  // (errors built in another's or a call's parentheses, one scan of the text for both readings)
  const nested = nestedConstructions(ctx.source);
  // (`raise ProductionError(ECMASyntaxError(…))`: carried, raised by `raise e.args[0]` where it is caught)
  held(carriedRule(nested), carriedConstruction);
  // (`report_error(BibliographyDataError(…))`: built in the call handing it to a function raising it)
  held(handedInlineRule(nested), handedInline);
  // (`if type(r) == SyntaxError: raise r`: the errors of that class the file's factories build
  // and return, `syntax_error("expecting " + repr(thing))`, each a site held for that raise)
  if (testedFactoryCalls(ctx, out)) added = true;
  if (added) out.sort((x, y) => x.line - y.line || x.column - y.column);
}

/**
 * The calls, not raised, of the file's functions named as factories are (`syntax_error(msg)`,
 * `self.generate_syntax_error(msg, pos)`), read as factoryRaises reads a raised one, when the file
 * raises a name after a class test (testedClasses): each construction of a tested class with text
 * is a site held under `tested:<class>`. Only files with such a test; the calls are found in the
 * statements holding them (findAllAt), after a text scan for the names.
 */
function testedFactoryCalls(ctx: FileCtx, out: RawSite[]): boolean {
  const classes = testedClasses(ctx);
  if (!classes.size) return false;
  const names = new Set<string>();
  for (const m of ctx.source.matchAll(/^[ \t]*def[ \t]+([A-Za-z_]\w*)[ \t]*\(/gm)) if (FACTORY_NAME.test(m[1])) names.add(m[1]);
  if (!names.size) return false;
  const offsets: number[] = [];
  const callText = new RegExp(String.raw`(?<![\w.]|\bdef[ \t]|\braise[ \t])(?:self\.)?(?:${[...names].join('|')})\(`, 'g');
  for (const m of ctx.source.matchAll(callText)) {
    offsets.push(m.index);
    if (offsets.length >= MAX_TESTED_CALLS) break;
  }
  if (!offsets.length) return false;
  const at = new Set(offsets);
  let added = false;
  for (const call of findAllAt(ctx.root, offsets, { rule: { kind: 'call' } })) {
    if (!at.has(call.range().start.index) || call.parent()?.kind() === 'raise_statement') continue;
    const s = newSite(call, ctx);
    const found: RawSite[] = [];
    if (!factoryRaises(call, s, found, 1)) continue;
    for (const r of found) {
      const cls = r.errorClass ? lastSegment(r.errorClass) : null;
      if (!cls || !classes.has(cls) || !r.template?.some((g) => !isHole(g) && /[A-Za-z]{2}/.test(g.lit))) continue;
      out.push({ ...r, constructedOnly: true, heldAs: `tested:${cls}` });
      added = true;
    }
  }
  return added;
}

/** Errors handed to a function read at most per file (each reads the rest of its function's text). */
const MAX_HANDED = 64;

/**
 * `raise _error(tok)`, `raise self.error('E1', msg)`, `raise source.error("bad", pos)`: a function of
 * this file that returns the exception it builds. The traceback points at the raise, so the site is
 * here, with what each of the function's returns constructs, its parameters bound to the call's
 * arguments. False (nothing pushed) when no return builds an exception with arguments.
 */
function factoryRaises(call: SgNode, s: Site, out: RawSite[], depth: number): boolean {
  const fn = call.field('function');
  if (!fn || isClassName(oneLine(fn.text()), s.ctx)) return false;
  let def: FnDef | null = null;
  const method = fn.kind() === 'attribute';
  if (fn.kind() === 'identifier') def = calledDef(fn.text(), false, s.scope, depth);
  else if (method) {
    const name = fn.field('attribute')?.text() ?? '';
    const receiver = fn.field('object')?.text();
    // (another object's method: only when the file defines one function of that name)
    if (receiver === 'self' || receiver === 'cls' || s.ctx.functions(name).length === 1) def = calledDef(name, true, s.scope, depth);
  }
  if (!def || !returnsOf(def).length) return false;
  const { params, bindings } = bindArgs(call, def, method, s.scope, depth);
  const inner = { ...s, scope: inlinedScope(def, params, bindings, method, s.scope, depth) };
  const name = lastSegment(oneLine(fn.text()));
  // (holes the factory wrote from text take the call's arguments; its parameters the call leaves
  // unbound are named after it, not taken for the caller's)
  const own = (t: Template) => rebind(t, params, bindings, name);
  const built: RawSite[] = [];
  for (const e of chosenReturns(def, bindings)) {
    const found: RawSite[] = [];
    raised(e, inner, found, depth + 1);
    for (const r of found) {
      if (r.rethrow || !r.errorClass || (!r.template && r.args.length === 0)) continue;
      const site: RawSite = { ...r, template: r.template && own(r.template), args: r.args.map((a) => ({ ...a, template: own(a.template) })) };
      // (a class parameter of the factory is none of the raise's function)
      delete site.classParam;
      built.push(site);
      s.ctx.siteFns.set(built[built.length - 1], s.sc.fn);
    }
  }
  out.push(...built);
  return built.length > 0;
}
const MAX_FACTORY_RETURNS = 8;

/**
 * The returns of a factory a call can reach, as far as its `None`-defaulted parameters tell
 * (`def wrong_syntax(self, message=None): if message: return ParseError(message) elif …`): a
 * return using such a parameter the call leaves out is not reached; when the call passes one,
 * the returns that use it are those reached.
 */
function chosenReturns(def: FnDef, bindings: Map<string, Built>): SgNode[] {
  const returns = returnsOf(def).slice(0, MAX_FACTORY_RETURNS);
  const optional = noneDefaults(def.node);
  if (optional.length === 0) return returns;
  const uses = (e: SgNode, names: string[]) => names.length > 0 && new RegExp(`\\b(?:${names.join('|')})\\b`).test(e.text());
  const given = optional.filter((p) => bindings.has(p));
  const left = optional.filter((p) => !bindings.has(p));
  const reached = returns.filter((e) => !uses(e, left));
  return reached.some((e) => uses(e, given)) ? reached.filter((e) => uses(e, given)) : reached;
}

/** Parameters whose default is `None`. */
const noneDefaults = (fn: SgNode): string[] => [...paramDefaults(fn)].filter(([, v]) => v.text() === 'None').map(([name]) => name);

/** Sites from `start` on that repeat an earlier one of them (two values of a name raising alike). */
function dropRepeats(out: RawSite[], start: number): void {
  const seen = new Set<string>();
  let kept = start;
  for (let i = start; i < out.length; i++) {
    const r = out[i];
    const key = JSON.stringify([r.errorClass, r.template, r.rethrow ?? false, r.args.map((a) => a.template)]);
    if (seen.has(key)) continue;
    seen.add(key);
    out[kept++] = r;
  }
  out.length = kept;
}

/** Values of a raised name that are followed to what they hold. */
const FOLLOWED_VALUES = new Set(['call', 'identifier', 'attribute', 'subscript', 'conditional_expression', 'parenthesized_expression']);

/** `exc` or `str(exc)` for an `except … as exc` name around the site: that name. */
function caughtName(arg: SgNode, s: Site): string | null {
  let n = arg;
  if (n.kind() === 'call' && n.field('function')?.text() === 'str') {
    const inner = n.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (inner.length !== 1) return null;
    n = inner[0];
  }
  // (`ConversionError(e.args[0])`: the caught error's first argument, its message)
  if (n.kind() === 'subscript' && n.field('subscript')?.text() === '0') {
    const v = n.field('value');
    if (v?.kind() === 'attribute' && v.field('attribute')?.text() === 'args') n = v.field('object') ?? n;
  }
  // (`error(e.msg, e.pattern, e.pos)`: the attribute a class keeps its message in, as CAUGHT_TEXT reads)
  if (n.kind() === 'attribute' && MESSAGE_ATTRS.has(n.field('attribute')?.text() ?? '')) n = n.field('object') ?? n;
  return n.kind() === 'identifier' && s.sc.exceptVars.has(n.text()) ? n.text() : null;
}

/**
 * The caught error's name when the message holds it in a hole with text around it (`'{0} at
 * {1}'.format(e, path)`, `f"{path}: {e}"`, `'%s: %s' % (name, e)`): the hole CAUGHT_TEXT reads
 * (`e`, `str(e)`, `e.msg`), the first one. Null when the message is none or holds no caught error.
 */
function caughtInText(t: Template | null, s: Site): string | null {
  if (!t || s.sc.exceptVars.size === 0) return null;
  for (const seg of t) {
    if (!isHole(seg) || seg.hole.kind === 'repr' || !seg.hole.expr) continue;
    const e = /^str\((.*)\)$/.exec(seg.hole.expr)?.[1] ?? seg.hole.expr;
    const name = CAUGHT_TEXT.exec(e)?.[1];
    if (name && s.sc.exceptVars.has(name)) return name;
  }
  return null;
}

/**
 * A local message one of whose assignments is the caught error (`if …: message = str(exc)` / `else:
 * message = "Invalid value for %s" % key` / `type(exc)(message)`): that error's name (caughtName).
 */
function caughtAssigned(arg: SgNode, s: Site): string | null {
  if (arg.kind() !== 'identifier') return null;
  const r = s.scope.resolve(arg.text(), arg.range().start.index);
  for (const v of r ? [...r.values, ...r.alts] : []) {
    const name = caughtName(v, s);
    if (name) return name;
  }
  return null;
}

/** caughtInText of the first of a message's alternatives that holds the caught error. */
function caughtInAlts(alts: Template[] | undefined, s: Site): string | null {
  for (const t of alts ?? []) {
    const name = caughtInText(t, s);
    if (name) return name;
  }
  return null;
}

/**
 * The first and last lines of the `try` body whose handler is `clause`: a raise written there of
 * the class the handler catches leaves the `try` as the handler's raise (facts/raised.ts).
 */
function tryBodyLines(clause: SgNode | null): [number, number] | null {
  const body = clause?.parent()?.field('body');
  return body ? [body.range().start.line + 1, body.range().end.line + 1] : null;
}

/** The `except … as name` clause that holds `at`, or null. */
function handlerOf(at: SgNode, name: string): SgNode | null {
  for (let n = at.parent(); n; n = n.parent()) if (n.kind() === 'except_clause' && exceptVar(n) === name) return n;
  return null;
}

/** Names of the functions called in the `try` body of an `except` clause. */
function tryBodyCalls(clause: SgNode | null): string[] {
  const body = clause?.parent()?.field('body');
  if (!body) return [];
  const names = new Set<string>();
  let lookups = 0;
  for (const c of body.findAll({ rule: { kind: 'call' } })) {
    const fn = c.field('function');
    const last = fn?.kind() === 'identifier' ? fn.text() : fn?.kind() === 'attribute' ? fn.field('attribute')?.text() : null;
    if (!last) continue;
    // (a decorator's parameter, `return function(self, value)`: what runs is each function it decorates)
    const decorated = fn?.kind() === 'identifier' ? decoratedBy(c, last) : null;
    // (a function looked up in a module's table, `validator = VALIDATORS.get(key, raise_config_error)` /
    // `validator(opt, value)`: what runs is each function the table holds)
    const looked = !decorated && fn?.kind() === 'identifier' && lookups++ < MAX_TABLE_LOOKUPS ? tableCallees(c, last) : null;
    if (looked) {
      for (const d of looked) if (names.size < MAX_TABLE_CALLS) names.add(d);
      continue;
    }
    for (const d of decorated ?? [last]) if (names.size < MAX_WRAPPED_CALLS) names.add(d);
  }
  return [...names];
}
const MAX_WRAPPED_CALLS = 20;
/** Functions a table looked up in a `try` body gives, with the body's other calls, at most. */
const MAX_TABLE_CALLS = 40;
/** Calls of a plain name in a `try` body read for a table lookup (tableCallees: a walk of the function each), at most. */
const MAX_TABLE_LOOKUPS = 4;
/** Assignments of a function read for the table a called name was looked up in, at most. */
const MAX_LOOKUP_ASSIGNS = 16;

/**
 * When `name`, called at `call`, is a local its function assigns from a lookup into a module-level
 * dict written as a literal (`validator = VALIDATORS.get(key, default)`, `VALIDATORS[key]`): the
 * names of the functions the dict's values (and a `.get` default) name; null otherwise.
 */
function tableCallees(call: SgNode, name: string): string[] | null {
  let fn: SgNode | null = call.parent();
  while (fn && fn.kind() !== 'function_definition') fn = fn.parent();
  if (!fn || !new RegExp(`\\b${name}[ \\t]*=[ \\t]*[A-Za-z_]\\w*[ \\t]*(?:\\.[ \\t]*get[ \\t]*\\(|\\[)`).test(fn.text())) return null;
  let table: string | null = null;
  let fallback: string | null = null;
  for (const a of fn.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'identifier', regex: `^${name}$` } } }).slice(0, MAX_LOOKUP_ASSIGNS)) {
    const v = a.field('right');
    if (v?.kind() === 'subscript') table = v.field('value')?.kind() === 'identifier' ? v.field('value')!.text() : null;
    else if (v?.kind() === 'call' && v.field('function')?.kind() === 'attribute' && v.field('function')!.field('attribute')?.text() === 'get') {
      const obj = v.field('function')!.field('object');
      table = obj?.kind() === 'identifier' ? obj.text() : null;
      const args = v.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
      fallback = args[1]?.kind() === 'identifier' ? args[1].text() : null;
    } else table = null;
    if (!table) return null;
  }
  if (!table) return null;
  const root = call.getRoot().root();
  const out: string[] = [];
  for (const st of root.children()) {
    const a = st.kind() === 'expression_statement' ? st.child(0) : null;
    if (a?.kind() !== 'assignment' || a.field('left')?.text() !== table) continue;
    const dict = a.field('right');
    if (dict?.kind() !== 'dictionary') return null;
    for (const pair of dict.namedChildren()) {
      const value = pair.kind() === 'pair' ? pair.field('value') : null;
      if (value?.kind() === 'identifier' && !out.includes(value.text())) out.push(value.text());
    }
  }
  if (fallback && !out.includes(fallback)) out.push(fallback);
  return out.length ? out : null;
}

/**
 * When `name`, called at `call`, is a parameter of a function enclosing it (a decorator:
 * `def raise_conversion_error(function): def result(self, value): try: return function(self, value)`),
 * the names of the module's functions decorated by that function (`@raise_conversion_error def
 * pack_uint`, or `@factory(…)` for a decorator its factory returns); null when it is not a parameter or
 * decorates nothing. Only decorators named by the module's own names are read.
 */
function decoratedBy(call: SgNode, name: string): string[] | null {
  for (let n = call.parent(); n; n = n.parent()) {
    if (n.kind() !== 'function_definition') continue;
    const params = n.field('parameters')?.namedChildren() ?? [];
    if (!params.some((p) => (p.kind() === 'identifier' ? p : p.field('name') ?? p.namedChildren()[0])?.text() === name)) continue;
    const decorator = n.field('name')?.text();
    if (!decorator) return null;
    // (a decorator made by a factory, `def translate(cls): def deco(function): …`, decorates as `@translate(KeyError)`)
    let outer: SgNode | null = n.parent();
    while (outer && outer.kind() !== 'function_definition' && outer.kind() !== 'class_definition') outer = outer.parent();
    const factory = outer?.kind() === 'function_definition' ? outer.field('name')?.text() : null;
    const out: string[] = [];
    for (const d of n.getRoot().root().findAll({ rule: { kind: 'decorator' } })) {
      const target = d.namedChildren()[0];
      const named = target?.kind() === 'call' ? target.field('function') : null;
      const bare = target?.kind() === 'identifier' && target.text() === decorator;
      if (!bare && !(factory && named?.kind() === 'identifier' && named.text() === factory)) continue;
      const def = d.parent()?.field('definition');
      const fname = def?.kind() === 'function_definition' ? def.field('name')?.text() : null;
      if (fname && out.length < MAX_WRAPPED_CALLS) out.push(fname);
    }
    return out.length ? out : null;
  }
  return null;
}

/** The one class an `except C as name:` around the site (or that stored its error in `name`) catches as `name`, or null. */
function caughtClass(s: Site, name: string): string | null {
  const c = handlerClass(s, name);
  return c && isClassName(c, s.ctx) ? c : null;
}

/** The one name `except C as name:` writes (`C`), a class whether or not its name says so (`error`), or null. */
function handlerClass(s: Site, name: string): string | null {
  const stored = s.stored.get(name);
  const headers = stored ? [exceptHeader(stored)] : s.sc.guards.filter((g) => g.kind === 'except').map((g) => g.text).reverse();
  for (const h of headers) {
    const m = /^([A-Za-z_][\w.]*) as ([A-Za-z_]\w*)$/.exec(h);
    if (m && (stored || m[2] === name)) return m[1];
  }
  return null;
}

function argInfos(a: CallArgs, scope: Scope): { infos: ArgInfo[]; built: Built[] } {
  const infos: ArgInfo[] = [];
  const built: Built[] = [];
  const info = (name: string | null, b: Built, n: SgNode): ArgInfo =>
    b.alts ? { name, template: b.t, expr: oneLine(n.text()), alts: b.alts } : { name, template: b.t, expr: oneLine(n.text()) };
  for (const p of a.positional) {
    const b = build(p, scope);
    built.push(b);
    infos.push(info(null, b, p));
  }
  for (const kw of a.keywords) infos.push(info(kw.name, build(kw.value, scope), kw.value));
  return { infos, built };
}

function callSite(call: SgNode, s: Site): RawSite {
  const fn = call.field('function');
  const fnText = fn ? oneLine(fn.text()) : '';
  // `raise error(msg)` where `error` is a parameter (`error=ImportError`) is no particular class here:
  // its callers' (RawSite.classParam)
  const classParam = fn?.kind() === 'identifier' && s.scope.isParam(fnText) ? fnText : null;
  // (`type(exc)(message)`: a new error of the class caught, whichever it was)
  const caughtType = fn?.kind() === 'call' ? /^type\(\s*([A-Za-z_]\w*)\s*\)$/.exec(fnText)?.[1] : undefined;
  const ofCaught = caughtType !== undefined && s.sc.exceptVars.has(caughtType) ? caughtType : null;
  const cls = isClassName(fnText, s.ctx) && !classParam ? fnText : ofCaught ? caughtClass(s, ofCaught) : null;
  const a = spreadLocalList(callArgs(call), s.scope);
  const { infos, built } = argInfos(a, s.scope);
  const first0 = a.positional[0];
  if (!cls && first0 && (first0.kind() === 'identifier' || first0.kind() === 'attribute')) {
    // `raise self.parse_error(InvalidNumberError, c)`: a factory given the class to build. The
    // class's own message is used (the factory's other arguments need not be the class's).
    const name = oneLine(first0.text());
    if (isClassName(name, s.ctx) && (EXC_NAME.test(lastSegment(name)) || FACTORY_NAME.test(lastSegment(fnText))) && !s.scope.isParam(name)) {
      const msg = built.slice(1).find((b) => b.s);
      return site(s, { errorType: 'exception', errorClass: name, template: msg ? msg.t : null, args: [] });
    }
  }
  let template: Template | null = null;
  let codeArg: string | null = null;
  const first = a.positional[0];
  if (cls) {
    if (first && !/splat$/.test(first.kind() as string)) {
      // `raise ArgumentError(action, "msg %s" % x)`, `raise OSError(errno.ENOENT, "No such file")`:
      // when the first argument is not text but a later one is, the text is the message.
      const later = built.findIndex((b) => b.s);
      template = built[0].s || later < 0 ? built[0].t : built[later].t;
      if (built[0].s && !BUILTIN_EXCEPTIONS.has(cls)) {
        const formatted = formattedByClass(built[0].t, a.positional.slice(1));
        if (formatted) template = infos[0].template = formatted;
      }
    } else {
      const kw = infos.find((i) => i.name && MESSAGE_KWARGS.has(i.name));
      if (kw) template = kw.template;
    }
  } else {
    // (a factory of another file given an error code, then the message: `left.error('XPST0017',
    // 'unknown function {!r}'.format(name))`: the code is the record's code, the text after it its message)
    let i = built.findIndex((b) => b.s);
    const code = i >= 0 ? literalOf(built[i].t) : null;
    const later = code !== null && ERROR_CODE.test(code) ? built.findIndex((b, k) => k > i && b.s) : -1;
    if (later >= 0) {
      codeArg = code;
      i = later;
    }
    if (i >= 0) template = built[i].t;
    else {
      const kw = infos.find((x) => x.name && MESSAGE_KWARGS.has(x.name));
      if (kw) template = kw.template;
    }
  }
  let errorCode: string | null = codeArg;
  let httpStatus: number | null = null;
  for (const kw of a.keywords) {
    if (CODE_KWARGS.has(kw.name) && kw.value.kind() === 'string') {
      const info = infos.find((i) => i.name === kw.name);
      errorCode = info ? literalOf(info.template) : null;
    }
    if (STATUS_KWARGS.has(kw.name)) {
      const n = intLiteral(kw.value);
      if (n !== null && n >= 100 && n <= 599) httpStatus = n;
    }
  }
  const fields: Partial<RawSite> & Pick<RawSite, 'errorType' | 'template'> = { errorType: 'exception', errorClass: cls, template, args: infos, errorCode, httpStatus };
  if (classParam) fields.classParam = classParam;
  // (the caught error as the message, or inside it: `raise ParseError('{0} at {1}'.format(e, path))`)
  // (and in an alternative the message may hold: `message = str(exc)` in one branch of several)
  const wrapped = (cls || ofCaught) && first ? caughtName(first, s) ?? caughtInText(template, s) ?? caughtInAlts(built[0]?.alts, s) ?? caughtAssigned(first, s) : null;
  if (wrapped) {
    const clause = s.stored.get(wrapped) ?? handlerOf(call, wrapped);
    fields.wraps = { caught: caughtClass(s, wrapped), calls: tryBodyCalls(clause) };
    const body = tryBodyLines(clause);
    if (body) fields.wraps.body = body;
  }
  // `raise self._exception_factory()`, `raise errors.pop()`: nothing identifies a new error here
  if (!cls && !template) {
    fields.rethrow = true;
    // …unless the function called only returns a class (FileAnalysis.factories, in assemble).
    if (fn && a.positional.length === 0 && a.keywords.length === 0) fields.factory = lastSegment(fnText) ?? undefined;
  }
  // `for _, cls in inspect.getmembers(…): if cls.error == error: raise cls(**kwargs)`: the classes looped over
  if (!cls && !classParam && fn?.kind() === 'identifier') {
    const loop = loopClass(fnText, s.sc.guards);
    if (loop) {
      fields.loopClass = loop;
      fields.rethrow = true;
    }
  }
  return site(s, fields);
}

/**
 * The classes a loop's variable `name` runs over, when the site raises `name(…)` inside that loop:
 * written out (`for cls in (NotFound, Gone)`), or tested by an attribute (`if cls.error == error`),
 * which a class raised must set. A loop neither tells (`for f in handlers`) is nothing known.
 */
function loopClass(name: string, guards: Guard[]): RawSite['loopClass'] | null {
  const MAX_LOOP_TEXT = 2000;
  for (let i = guards.length - 1; i >= 0; i--) {
    const g = guards[i];
    if (g.kind !== 'for') continue;
    const at = g.text.indexOf(' in ');
    if (at < 0) continue;
    const targets = g.text.slice(0, at).replace(/[()[\]]/g, '').split(',').map((t) => t.trim());
    if (!targets.includes(name)) continue;
    const over = g.text.slice(at + 4).trim();
    // (a list of names written out; a long header is not read, as no loop over classes has one)
    const listed = over.length <= MAX_LOOP_TEXT ? /^[([]\s*((?:[A-Za-z_][\w.]*\s*,\s*)*[A-Za-z_][\w.]*)\s*,?\s*[)\]]$/.exec(over) : null;
    const names = listed ? listed[1].split(',').map((t) => t.trim()) : null;
    let attr: string | null = null;
    const tested = new RegExp(`(?:^|[^\\w.])${name}\\.([A-Za-z_]\\w*)\\s*(?:==|!=|\\bis\\b|\\bin\\b)|(?:==|!=)\\s*${name}\\.([A-Za-z_]\\w*)\\b`);
    for (const inner of guards.slice(i + 1)) {
      const m = (inner.kind === 'if' || inner.kind === 'elif') && tested.exec(inner.text);
      if (m) attr = m[1] ?? m[2];
    }
    return names || attr ? { names, attr } : null;
  }
  return null;
}

/** Python's own exception classes keep extra arguments as they are (`str()` shows the tuple). */
const BUILTIN_EXCEPTIONS = new Set([
  'Exception', 'BaseException', 'ArithmeticError', 'AssertionError', 'AttributeError', 'BufferError', 'EOFError',
  'ImportError', 'ModuleNotFoundError', 'IndexError', 'KeyError', 'LookupError', 'MemoryError', 'NameError',
  'NotImplementedError', 'OSError', 'IOError', 'EnvironmentError', 'OverflowError', 'RecursionError', 'ReferenceError',
  'RuntimeError', 'StopIteration', 'SyntaxError', 'SystemError', 'TypeError', 'ValueError', 'UnicodeError',
  'ZeroDivisionError', 'FileNotFoundError', 'FileExistsError', 'PermissionError', 'TimeoutError', 'ConnectionError',
  'Warning', 'UserWarning', 'DeprecationWarning', 'RuntimeWarning',
]);
const AUTO_FIELD_RE = /(?<!\{)\{(\d*)(?:![rsa])?(?::[^{}]*)?\}(?!\})/g;
const PERCENT_FIELD_RE = /(?<!%)%[#0\- +]*\d*(?:\.\d+)?[diouxXeEfFgGcrsa]/g;

/**
 * `raise CreationError("{0} is too large for length {1}.", uint, length)`: a message with
 * positional format fields, passed with at least as many further arguments, is formatted
 * by the class (`self.msg.format(*self.params)`, `msg % args`): its fields are those arguments.
 */
function formattedByClass(t: Template, rest: SgNode[]): Template | null {
  if (!rest.length || rest.some((r) => /splat$/.test(r.kind() as string))) return null;
  const text = t.filter((x) => 'lit' in x).map((x) => ('lit' in x ? x.lit : '')).join('');
  const exprs = rest.map((r) => r.text());
  const brace = text.match(AUTO_FIELD_RE)?.length ?? 0;
  if (brace && brace <= rest.length && !/\{[A-Za-z_]/.test(text)) return applyFormat(t, { positional: exprs, keywords: new Map() });
  const percent = text.match(PERCENT_FIELD_RE)?.length ?? 0;
  if (percent && percent <= rest.length && !/%\(/.test(text)) return applyPercent(t, { kind: 'seq', exprs });
  return null;
}

// ---------------------------------------------------------------- assert

function assertSite(node: SgNode, ctx: FileCtx, out: RawSite[]): void {
  const parts = node.namedChildren().filter((c) => c.kind() !== 'comment');
  const cond = parts[0];
  if (!cond) return;
  const s = newSite(node, ctx);
  const msg = parts[1];
  let template: Template = [];
  const args: ArgInfo[] = [];
  if (msg) {
    template = build(msg, s.scope).t;
    args.push({ name: null, template, expr: oneLine(msg.text()) });
  }
  const guards = [...s.sc.guards, { kind: 'assert', text: `not (${oneLine(cond.text())})`, line: s.line }];
  out.push(site(s, { errorType: 'assertion', errorClass: 'AssertionError', template, args, guards }));
}

// ---------------------------------------------------------------- calls

function receiverName(obj: SgNode): { text: string; last: string } {
  let r = obj;
  while (r.kind() === 'call') {
    const f = r.field('function');
    if (!f) break;
    r = f;
  }
  const text = oneLine(r.text());
  return { text, last: lastSegment(text) };
}

function messageTemplate(msg: SgNode | undefined, s: Site): Built | null {
  return msg ? build(msg, s.scope) : null;
}

function callSites(call: SgNode, ctx: FileCtx, out: RawSite[]): void {
  const fn = call.field('function');
  if (!fn) return;
  if (fn.kind() === 'identifier') {
    const name = fn.text();
    if (name === 'warn') warningSite(call, ctx, out);
    else if (name === 'abort') abortSite(call, ctx, out);
    return;
  }
  const attr = fn.field('attribute')?.text() ?? '';
  const obj = fn.field('object');
  if (!obj) return;
  const recv = receiverName(obj);
  if ((attr === 'warn' || attr === 'warn_explicit') && (recv.last === 'warnings' || recv.last === '_warnings')) {
    warningSite(call, ctx, out);
    return;
  }
  if (attr === 'exit') {
    if (recv.text === 'sys') exitSite(call, ctx, out, 'critical', 0);
    return;
  }
  if (attr === 'abort') {
    if (recv.text !== 'os') abortSite(call, ctx, out);
    return;
  }
  if (attr === 'error' && /parser$/i.test(recv.last)) {
    exitSite(call, ctx, out, 'error', 0);
    return;
  }
  const isLogger = recv.text === 'logging' || /log/i.test(recv.last);
  if (!isLogger) return;
  if (attr === 'log') {
    const a = callArgs(call);
    const level = a.positional[0] ? lastSegment(oneLine(a.positional[0].text())) : '';
    const sev = Object.hasOwn(LOG_LEVELS, level) ? LOG_LEVELS[level] : undefined;
    if (sev) logSite(call, ctx, out, sev, a, 1);
    return;
  }
  const sev = Object.hasOwn(LOG_METHODS, attr) ? LOG_METHODS[attr] : undefined;
  if (sev) logSite(call, ctx, out, sev, callArgs(call), 0);
}

function logSite(call: SgNode, ctx: FileCtx, out: RawSite[], severity: Severity, a: CallArgs, msgIndex: number): void {
  let msg: SgNode | undefined = a.positional[msgIndex];
  if (!msg) msg = a.keywords.find((k) => k.name === 'msg')?.value;
  if (!msg) return;
  const s = newSite(call, ctx);
  const b = build(msg, s.scope);
  let template = b.t;
  const rest = a.positional.slice(msgIndex + 1);
  if (b.s && rest.length) {
    if (rest.length === 1 && rest[0].kind() === 'dictionary') template = applyPercent(template, percentArgs(rest[0]));
    else if (rest.some((r) => r.kind() === 'list_splat')) template = applyPercent(template, { kind: 'seq', exprs: [] });
    else template = applyPercent(template, { kind: 'seq', exprs: rest.map((r) => r.text()) });
  }
  out.push(site(s, { errorType: 'log', template, severity }));
}

function warningSite(call: SgNode, ctx: FileCtx, out: RawSite[]): void {
  const a = callArgs(call);
  const msg = a.positional[0] ?? a.keywords.find((k) => k.name === 'message')?.value;
  if (!msg) return;
  const s = newSite(call, ctx);
  const catNode = a.positional[1] ?? a.keywords.find((k) => k.name === 'category')?.value;
  let errorClass = catNode ? oneLine(catNode.text()) : 'UserWarning';
  let template: Template | null = null;
  let args: ArgInfo[] = [];
  // warnings.warn(DeprecationWarning("..."))
  const mf = msg.kind() === 'call' ? msg.field('function') : null;
  if (mf && isClassName(oneLine(mf.text()), ctx)) {
    const inner = callSite(msg, s);
    errorClass = inner.errorClass ?? errorClass;
    template = inner.template;
    args = inner.args;
  } else template = build(msg, s.scope).t;
  out.push(site(s, { errorType: 'warning', errorClass, template, args, severity: 'warning' }));
}

function exitSite(call: SgNode, ctx: FileCtx, out: RawSite[], severity: Severity, msgIndex: number): void {
  const a = callArgs(call);
  const msg = a.positional[msgIndex];
  if (!msg) return;
  const k = msg.kind();
  if (k === 'integer' || k === 'none' || k === 'true' || k === 'false' || k === 'unary_operator') return;
  const s = newSite(call, ctx);
  const b = messageTemplate(msg, s);
  if (!b || !b.s) return; // sys.exit(code) with a variable: an exit status, not a message
  out.push(site(s, { errorType: 'exit', errorClass: 'SystemExit', template: b.t, severity }));
}

function abortSite(call: SgNode, ctx: FileCtx, out: RawSite[]): void {
  const a = callArgs(call);
  const status = intLiteral(a.positional[0]);
  if (status === null || status < 100 || status > 599) return;
  const s = newSite(call, ctx);
  const msg = a.positional[1] ?? a.keywords.find((k) => k.name === 'description' || k.name === 'message')?.value;
  const b = messageTemplate(msg, s);
  out.push(site(s, { errorType: 'http', errorClass: 'HTTPException', httpStatus: status, template: b ? b.t : null }));
}

/** Calls of the standard library's assertion helpers (external.ts): each a site with the message it is given. */
function externalSites(ctx: FileCtx, out: RawSite[]): void {
  const b = externalBindings(ctx.source);
  if (!b) return;
  const callees = externalCallees(b).map((c) => c.replace(/\./g, '\\.'));
  let added = false;
  for (const call of ctx.root.findAll({ rule: { kind: 'call', has: { field: 'function', regex: `^(?:${callees.join('|')})$` } } })) {
    const s = newSite(call, ctx);
    const e = externalCall(b, oneLine(call.field('function')?.text() ?? ''), s.sc.symbol);
    if (!e || e.index === null) continue;
    const a = callArgs(call);
    const msg = a.positional[e.index] ?? a.keywords.find((k) => k.name === e.keyword)?.value;
    if (!msg) continue;
    const built = build(msg, s.scope);
    // (a message with no text of its own counts when it is a name: a parameter, given by the callers)
    if (e.keyword === 'msg' && !built.t.some((seg) => 'lit' in seg) && msg.kind() !== 'identifier') continue;
    out.push(site(s, { errorType: 'assertion', errorClass: e.errorClass, template: e.compose(built.t), args: [] }));
    added = true;
  }
  if (added) out.sort((x, y) => x.line - y.line || x.column - y.column);
}

/** Texts the file's calls hand to another package's code as its message (handed.ts): a site at each call. */
function handedSites(ctx: FileCtx, out: RawSite[]): void {
  const found = handedTexts(ctx.root, ctx.source, (name) => ctx.functions(name).length > 0);
  let added = false;
  for (const h of found) {
    const s = newSite(h.call, ctx);
    const b = build(h.value, s.scope);
    if (!b.s || !b.t.some((seg) => 'lit' in seg)) continue;
    out.push(site(s, { errorType: 'exception', template: b.t, ...(b.alts?.length ? { alternatives: b.alts } : {}), handedTo: h.callee }));
    added = true;
  }
  if (added) out.sort((x, y) => x.line - y.line || x.column - y.column);
}

/** A call of a callable of CPython's catalogue of native messages, as found in the text: the callee's (or iterable's) span. */
interface NativeSpan extends Span {
  entries: NativeCallable[];
  parent: 'call' | 'for_statement';
}

/**
 * Calls of a callable of CPython's catalogue of native messages (native-calls.ts): each a site whose
 * messages are the catalogue's. Found in the text; the file's query finds the spans' nodes, and
 * nativeSites checks them on the tree (the callee of a call, or the iterable of `next(x)` / `for … in
 * x:` for an object that raises when iterated).
 */
function nativeSpans(source: string): NativeSpan[] | null {
  const want = nativeCalls(source);
  if (!want) return null;
  // (each a span of the text: the callee of a call, or the name a `for` iterates, whose parent is the site)
  const found: NativeSpan[] = [];
  const alts = (names: Iterable<string>) => [...names].sort((a, b) => b.length - a.length).map(escapeRegex).join('|');
  if (want.calls.size) {
    for (const m of source.matchAll(new RegExp(`(?<![\\w.])(${alts(want.calls.keys())})[ \\t]*\\(`, 'g'))) {
      found.push({ at: m.index, length: m[1].length, entries: want.calls.get(m[1])!, parent: 'call' });
      if (found.length >= MAX_NATIVE_CALLS) break;
    }
  }
  if (want.iterated.size) {
    const names = alts(want.iterated.keys());
    const re = new RegExp(`(?<![\\w.])next[ \\t]*\\([ \\t]*(${names})[ \\t]*[,)]|^([ \\t]*(?:async[ \\t]+)?for[ \\t][^\\n]*?[ \\t]in[ \\t]+)(${names})[ \\t]*:`, 'gm');
    for (const m of source.matchAll(re)) {
      if (m[1]) found.push({ at: m.index, length: 4, entries: want.iterated.get(m[1])!, parent: 'call' });
      else found.push({ at: m.index + m[2].length, length: m[3].length, entries: want.iterated.get(m[3])!, parent: 'for_statement' });
      if (found.length >= 2 * MAX_NATIVE_CALLS) break;
    }
  }
  if (!found.length) return null;
  return found.sort((a, b) => a.at - b.at);
}

/** The sites of the calls nativeSpans found (`nodes`: the nodes of each span, from the file's query). */
function nativeSites(ctx: FileCtx, found: NativeSpan[], nodes: SgNode[][], out: RawSite[]): void {
  // (the callee of the call, the iterable of the `for`: not an argument that reads the same)
  for (const [i, p] of spanParents(nodes, (i) => NATIVE_PARENT[found[i].parent])) {
    const s = newSite(p, ctx);
    // (one site per callable: a callee two callables share, `sock.bind` of a socket, has each one's messages)
    for (const e of found[i].entries) {
      const [template, ...alternatives] = nativeTemplates(e);
      out.push(site(s, { errorType: 'exception', errorClass: e.errorClass, template, ...(alternatives.length ? { alternatives } : {}), native: nativeLabel(e) }));
    }
  }
  out.sort((x, y) => x.line - y.line || x.column - y.column);
}

const NATIVE_PARENT = { call: { kind: 'call', field: 'function' }, for_statement: { kind: 'for_statement', field: 'right' } };

// ---------------------------------------------------------------- frontend

/**
 * A function whose body only returns a capitalized name: `def _unknown_exception_class(cls):` /
 * `return UnknownRdatatype`. Read from the text (no tree walk for a rare form).
 */
const FACTORY_DEF = /^[ \t]*def[ \t]+([A-Za-z_]\w*)[ \t]*\([^)]*\)[^:\n]*:[ \t]*\n(?:[ \t]*(?:#[^\n]*)?\n)*[ \t]+return[ \t]+((?:[A-Za-z_]\w*\.)*[A-Z]\w*)[ \t]*(?:#[^\n]*)?$/gm;

function classFactories(source: string): Record<string, string[]> | null {
  let out: Record<string, string[]> | null = null;
  for (const m of source.matchAll(FACTORY_DEF)) {
    out ??= {};
    (out[m[1]] ??= []).push(m[2]);
  }
  return out;
}

export function analyzePython(source: string): FileAnalysis {
  const root = parsePython(source).root();
  const ctx = new FileCtx(root, source);
  const native = nativeSpans(source);
  const spans = native ? new SpanRules(source, native) : null;
  const found = query(root, source, spans);
  // classes and their members (a class always precedes its members in document order)
  const classNodes: { node: SgNode; name: string; members: ClassMembers }[] = [];
  const membersById = new Map<number, ClassMembers>();
  for (const { node: n, kind: k } of found) {
    if (k === 'class_definition') {
      const name = n.field('name')?.text();
      if (!name) continue;
      const members: ClassMembers = { init: null, str: null };
      membersById.set(n.id(), members);
      classNodes.push({ node: n, name, members });
      ctx.localClasses.add(name);
    } else if (k === 'function_definition') {
      let p = n.parent();
      if (p && p.kind() === 'decorated_definition') p = p.parent();
      const owner = p && p.kind() === 'block' ? p.parent() : null;
      const m = owner ? membersById.get(owner.id()) : undefined;
      if (!m) continue;
      if (n.field('name')?.text() === '__init__') m.init = n;
      else m.str = n;
    }
  }
  const classes: ClassInfo[] = [];
  for (const c of classNodes) {
    const info = analyzeClass(c.node, ctx, c.name, c.members);
    if (info) classes.push(info);
  }
  classes.push(...errorFunctions(root, source, ctx));
  const sites: RawSite[] = [];
  for (const { node, kind } of found) {
    if (kind === 'raise_statement') raiseSites(node, ctx, sites);
    else if (kind === 'assert_statement') assertSite(node, ctx, sites);
    else if (kind === 'call') callSites(node, ctx, sites);
  }
  externalSites(ctx, sites);
  handedSites(ctx, sites);
  if (native) nativeSites(ctx, native, spans!.nodes, sites);
  heldSites(ctx, sites);
  const out: FileAnalysis = { sites, classes, calls: helperCalls(ctx, sites) };
  const tables = [...fileTables(root, source, ctx.moduleScope), ...moduleConstantTexts(root, source, ctx.moduleScope), ...recordConstantTables(root, source, ctx.moduleScope), ...recordFieldTables(root, source), ...tupleReturnTables(root, source, (n, fn) => build(n, new Scope(ctx, fn), 1)), ...textReturnTables(root, source, (n, fn) => build(n, new Scope(ctx, fn), 1)), ...classAttributeTables(classNodes.map((c) => c.node), source, ctx.moduleScope)];
  if (tables.length) out.tables = tables;
  const returns = messageReturns(ctx, source);
  if (returns.length) out.returns = returns;
  const factories = classFactories(source);
  if (factories) out.factories = factories;
  const handed = callbacks(source);
  if (handed.length) out.callbacks = handed;
  const dispatch = dispatchers(source);
  if (dispatch.length) out.dispatch = dispatch;
  // (a re-raise's `try` body calls are followed into the file's functions: read them while the file is parsed)
  if (sites.some(reraisesCaught)) out.callsByFunction = callsByFunction(root, source);
  // tree-sitter recovers from syntax errors; report the first so the user knows what was skipped.
  const err = found.find((f) => f.kind === 'ERROR');
  if (err) out.syntaxErrorLine = err.node.range().start.line + 1;
  return out;
}

/**
 * No word the query's kinds need (`raise`, `assert`, `class`), no candidate
 * call in the text and no function returning a class: analyzePython would find
 * nothing but syntax errors.
 */
export function pythonCannotRaise(source: string): boolean {
  if (source.includes('raise') || source.includes('assert') || source.includes('class') || mayHoldTable(source) || mayBuildRecords(source) || mayCallNative(source) || mayHandMessages(source)) return false;
  return !ANY_CANDIDATE.test(source) && classFactories(source) === null && !mayDefineErrorFunctions(source) && !mayReturnText(source);
}
