// The JavaScript / TypeScript frontend. One Rust-side query per file collects
// every candidate node (throws, raising calls, classes with a base, ES5
// prototype wiring, syntax errors); everything else is computed lazily per site
// (see js-facts.ts) so that analysis stays within a small factor of parsing.

import { markCaughtMessages } from '../shared/caught.js';
import { messagePosition } from '../shared/message-position.js';
import type { SgNode } from '@ast-grep/napi';
import { classPassesParam, hole, isHole, memberKey, isLit, lastSegment, normalize, passesParam, type Hole, type Template } from '../../template/ir.js';
import { madeByFactory, madeKey, stackTakerFactory } from './made-classes.js';
import { BUILTIN_ERRORS, compiledSuper, extendsBuiltin, extendsClass, type CompiledSuper } from './compiled-classes.js';
import { calledNames, HANDED_CLASS, mainRule, memberCalledNames, passedNames } from './query.js';
import { assignedParams } from '../shared/assigned.js';
import { calleeName, findAllNames, type NamesQuery } from '../shared/find-names.js';
import { assignmentForms } from './assigned.js';
import { parseSource, tsGrammar, type Grammar } from './grammar.js';
import { externalSites } from './external.js';
import { nativeSites } from './native-calls.js';
import { handsItselfOn, rendersHashMarkers, restJoined } from './self-hiding.js';
import { derivedLocals, groupKeys, heldKey, MAX_MESSAGE_OBJECTS, MESSAGE_FIELD, messageFieldNames, messageObjectNodes, passesMessageField, returnedCheckMessages, thrownKeys } from './built.js';
import { messageFunctionTexts } from './message-functions.js';
import { CLASS_KINDS, ContextCache, FileScopes, siteContext, type SiteContext } from './facts.js';
import {
  argNodes,
  choices,
  buildTemplate,
  returnedExpression,
  expandVerbs,
  exprText,
  formatArgs,
  hasLookup,
  isFallback,
  literalString,
  namedKids,
  objectProperty,
  tableMessages,
  handedTable,
  bindParams,
  unwrap,
  VERB_KIND,
  type Built,
  type Resolver,
} from './template.js';
import { ownerFunction } from './joined.js';
import { fileTables } from './tables.js';
import { bindOptionHoles, optionArgs, propertyTables } from './options.js';
import { assignedMessage, reporterTexts } from './reporter.js';
import { assignedPropertyTexts, messageProperty } from './property-texts.js';
import { RETURNED_MESSAGE, type ArgInfo, type CallInfo, type ClassInfo, type ErrorType, type FileAnalysis, type RawSite, type Severity } from '../../core/site.js';

/** `err.message`, `err?.message`, `String(err)`, `err` (as `${err}`): a caught error's message (the last two say `Error: ` first). */
const CAUGHT_TEXT = /^(?:String\(([A-Za-z_$][\w$]*)\)|([A-Za-z_$][\w$]*)(?:\??\.message)?)$/;

// ---------------------------------------------------------------------------
// The one query (js-query.ts) matches calls by how the callee's text ends:
// `Error(...)`/`errors.ParseError(...)`, `reject`, `console.error`/`.warn`,
// `process.emitWarning`, `util.inherits`, `Object.setPrototypeOf`,
// `Error.captureStackTrace`, Node's `E(...)`/`createErrorType(...)` tables,
// error-first callbacks by name (`cb(err)`, `done(err)`, `next(err)`,
// `opts.onCallback(err)`) and `.emit('error', err)`; they are filtered precisely here.
// Regexes run in Rust and are compiled on every findAll call: keep them
// ASCII-only (a Unicode `\w` class costs ~0.3 ms to compile, per file).

const CB_NAME = /^(?:cb|callback|done|next|(?:[\w$]+\.)*[\w$]*(?:[Cc]allback|Cb))$/;

/** Calls that take an error as a value to compare or inspect (tests, assertions, logging). */
const TEST_CALLEES = new Set([
  'expect', 'toThrow', 'toThrowError', 'toEqual', 'toStrictEqual', 'toBe', 'toMatchObject', 'equal', 'strictEqual', 'deepEqual',
  'deepStrictEqual', 'notEqual', 'throws', 'doesNotThrow', 'rejects', 'isError', 'instanceOf', 'inspect', 'format',
  'captureStackTrace', 'is', 'same', 'assert', 'ok',
]);
/** `Error(...)`, `errors.ParseError(...)`: a capitalized *Error / *Exception called without `new`; a bundler's alias of a built-in (`SyntaxError$1(...)`, see deconflicted). */
const ERROR_CALL = /^(?:[\w$]+\.)*(?:[A-Z][\w$]*)?(?:Error|Exception)$|^(?:Aggregate|Eval|Range|Reference|Syntax|Type|URI)?Error\$\d+$/;

/** `_super.call` calls of a file read at most (a bundle of compiled classes). */
const MAX_SUPER_CALLS = 64;
/** `message = message.join(" ")`: a parameter joined in place (group 4 the separator). */
const PARAM_JOINED = /\b([\w$]+)\s*=\s*([\w$]+)\.join\(\s*(['"])(.{0,8}?)\3\s*\)/g;
/** Elements of an array literal argument read (ArgInfo.items), at most. */
const MAX_JOINED_ITEMS = 16;
/** `this.field = param;` in a constructor (a field holding a parameter as given). */
const PARAM_FIELD = /\bthis\.([\w$]+)\s*=\s*([\w$]+)\s*(?:;|\n|\r|$)/g;
const CTOR_FACTS = /\bsuper\s*\(|this\.(?:message|code|status|statusCode)\s*=[^=]|\.call\(\s*this\s*,|\breturn\s+[\w$]/;

const CTOR_RULE = {
  rule: {
    any: [
      { kind: 'call_expression', has: { field: 'function', kind: 'super' } },
      // ES5: `Error.call(this, message)`, `Base.call(this, message)`
      { kind: 'call_expression', all: [{ has: { field: 'function', regex: String.raw`^[A-Za-z0-9_$.]+\.call$` } }, { has: { field: 'arguments', has: { nthChild: 1, kind: 'this' } } }] },
      { kind: 'assignment_expression', has: { field: 'left', regex: String.raw`^this\.(?:message|code|status|statusCode)$` } },
      // a constructor returning an error it builds: `var instance = new Error(message); … return instance`
      { kind: 'return_statement' },
    ],
  },
};

/** Calls whose first argument is an Error but which do not raise it. */
const NOT_RAISING = new Set([
  'super', 'push', 'unshift', 'add', 'set', 'has', 'includes', 'indexOf', 'expect', 'equal', 'strictEqual', 'deepEqual',
  'deepStrictEqual', 'notEqual', 'throws', 'doesNotThrow', 'rejects', 'toBe', 'toEqual', 'toThrow', 'resolve', 'instanceOf',
  'ok', 'assert', 'assign', 'captureStackTrace', 'inspect', 'format', 'String', 'isError', 'log', 'info', 'debug', 'trace',
]);

const STATEMENT_PARENTS = new Set(['expression_statement', 'return_statement', 'arrow_function', 'unary_expression', 'sequence_expression', 'await_expression']);
const ERRORISH = /err|fail|exception/i;
/** `this.m`: a method of the class around the call. */
const THIS_METHOD = /^this\.[\w$]+$/;
/** The names of an `import { a, b as c } from '…'` (its braces' text). */
const IMPORTED_NAMES = /\bimport\s*\{([^}]{0,4000})\}\s*from\b/g;
/** An error factory of another module, by its name: `createCompilerError`, `makeParseError`. */
const HANDED_TABLE_FACTORY = /^(?:create|make|build)[A-Z][\w$]*(?:Error|Exception)$/;
/** A call of a method of `this` in a constructor's text (the method that may set its message). */
const THIS_CALL = /\bthis\.([\w$]+)\s*\(/;
const ERROR_CLASS = /(?:Error|Exception|Failure|Fault)$|^(?:[A-Z][A-Z0-9]*_)*ERR_|^E[A-Z0-9]+$/;
/** A class named by its error code: Node's `ERR_X`, a library's prefixed `FST_ERR_X` / `AVV_ERR_X`. */
const CODE_CLASS = /^(?:[A-Z][A-Z0-9]*_)*ERR_[A-Z0-9_]+$/;
/** Node's table of error classes: `E('ERR_X', 'msg %s', TypeError)`, readable-stream's `createErrorType(code, fn, Base)`. */
const NODE_TABLE_CALL = /^(?:E|createErrorType|makeNodeErrorWithCode)$/;
/**
 * A factory making an error class from a code and a message format (`createError('FST_ERR_X',
 * "'%s' …", 500, TypeError)`), when its value is bound to a class's name (decision 0079).
 */
const CLASS_FACTORY_CALL = /(?:^|\.)(?:createError|makeError)$/;
const ERROR_VAR = /^(?:e|er|err|error|ex|exc|exception)$|(?:Error|Err|Exception)$/i;

// ---------------------------------------------------------------------------
// What a thrown/rejected/passed expression is

type Thrown =
  | {
      kind: 'new';
      /** The construction (`new X(...)` / `X(...)`): V8 stack frames point at it, so the site's line is its line. */
      node: SgNode;
      cls: string;
      args: SgNode[];
      extras: SgNode[];
      code: SgNode | null;
      status: SgNode | null;
      r: Resolver;
    }
  | {
      kind: 'factory';
      callee: string;
      args: SgNode[];
      r: Resolver;
      /** The call, when its result is kept in a variable and thrown later (`const err = error(code, message); throw err`): the frame V8 shows is the call's line. */
      node?: SgNode;
    }
  | { kind: 'value'; node: SgNode; r: Resolver; built?: Built }
  | { kind: 'object'; node: SgNode; r: Resolver };

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** A parameter named as a message is (`message`, `msg`, `reason`): handed to an error factory, the error's text. */
const MESSAGE_PARAM = /^(?:msg|message|errorMessage|text|reason|description|detail)$/;

/** The error code and HTTP status an object literal gives (`{ code: 'E_X', statusCode: 404 }`). */
const objectFacts = (obj: SgNode): { code: string | null; status: number | null } => ({
  code: literalString(objectProperty(obj, 'code')),
  status: httpStatusOf(numberLiteral(objectProperty(obj, 'statusCode') ?? objectProperty(obj, 'status'))),
});
const isClassName = (s: string): boolean => /^[A-Z]/.test(lastSegment(s));

function numberLiteral(n: SgNode | null): number | null {
  if (!n) return null;
  const u = unwrap(n);
  if (u.kind() !== 'number') return null;
  const v = Number(u.text());
  return Number.isInteger(v) ? v : null;
}

const httpStatusOf = (v: number | null): number | null => (v !== null && v >= 100 && v <= 599 ? v : null);

/** Levels of helpers passing a message on that are searched for (CallerTable follows as many). */
const HELPER_ROUNDS = 3;

/**
 * Where a plain call `name(...)` can reach the helpers named `name`: a function
 * declared by name (`function fail(m)`, `const fail = (m) => …`) is bound only
 * inside the function around it. A minified bundle declares the same one-letter
 * name in hundreds of modules; without this every call of `p(...)` in the
 * bundle would be taken for a call of each raising `p`. A helper defined
 * otherwise (a method, a property) can be called from anywhere.
 */
type Reach = Scope[] | typeof ANYWHERE;
interface Scope {
  node: SgNode;
  start: number;
  end: number;
}
const ANYWHERE = 'anywhere';
const NAMED_FN = new Set(['function_declaration', 'generator_function_declaration']);
const BOUND_FN = new Set(['function_expression', 'function', 'arrow_function', 'generator_function']);
/** The name of a function's parameter at `index` when it is a plain name (`doThrow`, `doThrow = fail`). */
function plainParam(fn: SgNode, index: number): string | null {
  const list = fn.field('parameters');
  let p = list ? namedKids(list)[index] : index === 0 ? fn.field('parameter') : null;
  if (p && p.kind() === 'assignment_pattern') p = p.field('left');
  return p && p.kind() === 'identifier' ? p.text() : null;
}

/** What a callback can be wrapped in as an argument (`strict ? throwError : noop`, `fail || noop`). */
const CALLBACK_WRAPPERS = new Set(['parenthesized_expression', 'ternary_expression', 'binary_expression']);

/**
 * The class TypeScript's CommonJS output names by its module (`new ValidationError_js_1.default(…)`
 * for `import ValidationError from './ValidationError.js'`), or Babel's by the import's name with
 * an underscore (`new _ValidationError.default(…)`): that name, as the class is named in a trace
 * and declared (`class ValidationError`); other names as written.
 */
function compiledDefault(cls: string): string {
  const m = /^([A-Za-z_$][\w$]*?)(?:_[cm]?js)?_\d+\.default$/.exec(cls) ?? /^_([A-Z][\w$]*)\.default$/.exec(cls);
  return m ? m[1] : cls;
}

/**
 * A bundler's alias of a built-in error class, renamed so as not to clash with a name of the bundle
 * (Rollup's `const SyntaxError$1 = SyntaxError;`, called as `SyntaxError$1(…)`): the built-in's
 * name, as a trace prints it. Only built-ins: a class of the bundle declared `class X$1` is named so.
 */
const DECONFLICTED_BUILTIN = /^((?:Aggregate|Eval|Range|Reference|Syntax|Type|URI)?Error)\$\d+$/;
export function deconflicted(cls: string): string {
  const m = DECONFLICTED_BUILTIN.exec(cls);
  return m ? m[1] : cls;
}

/**
 * The class a function of `fns` taking `cls` as a parameter gives it when none is passed
 * (`ErrorConstructor = ErrorConstructor || Error;`, `?? Error`, or a default `ErrorClass = Error`
 * in the parameters), read in the function's first 2,000 characters; null when none does.
 */
function handedDefault(cls: string, fns: SgNode[], params: (f: SgNode) => string[]): string | null {
  const fn = fns.find((f) => params(f).includes(cls));
  if (!fn) return null;
  const name = cls.replace(/\$/g, '\\$');
  const head = fn.text().slice(0, 2000);
  const m = new RegExp(String.raw`\b${name}\s*=\s*(?:${name}\s*(?:\|\||\?\?)\s*)?((?:[A-Z][\w$]*)?(?:Error|Exception))\b`).exec(head);
  return m ? m[1] : null;
}

/** A function declared by name (`function fail(m)`, `const fail = (m) => …`), not a method or a property. */
function declaresByName(fn: SgNode | undefined): boolean {
  return !!fn && (NAMED_FN.has(fn.kind() as string) || (BOUND_FN.has(fn.kind() as string) && fn.parent()?.kind() === 'variable_declarator'));
}

function addReach(reach: Map<string, Reach>, name: string, fns: SgNode[] | undefined): void {
  if (reach.get(name) === ANYWHERE) return;
  if (!declaresByName(fns?.[0]) || !fns![1]) return void reach.set(name, ANYWHERE);
  const r = fns![1].range();
  const list = (reach.get(name) as Scope[] | undefined) ?? [];
  const ix = scopeIndex(list);
  const key = `${r.start.index}:${r.end.index}`;
  if (!ix.keys.has(key)) {
    ix.keys.add(key);
    list.push({ node: fns![1], start: r.start.index, end: r.end.index });
    ix.sorted = null;
  }
  reach.set(name, list);
}

/**
 * A reach list's scopes by start and end (`start:end`, so a scope is listed once) and, built when
 * asked, its starts in order with the furthest end among the scopes starting there or before:
 * whether some scope holds an offset is then one binary search, not a look at each scope (a
 * bundle's one-letter helper is bound in each of its thousands of modules).
 */
interface ScopeIndex {
  keys: Set<string>;
  sorted: { starts: number[]; maxEnd: number[] } | null;
}
const scopeIndexes = new WeakMap<Scope[], ScopeIndex>();
function scopeIndex(list: Scope[]): ScopeIndex {
  let ix = scopeIndexes.get(list);
  if (!ix) scopeIndexes.set(list, (ix = { keys: new Set(list.map((s) => `${s.start}:${s.end}`)), sorted: null }));
  return ix;
}

/** Whether a scope of `list` holds offset `at` (start ≤ at < end). */
function scopesHold(list: Scope[], at: number): boolean {
  if (list.length <= 8) return list.some((s) => s.start <= at && at < s.end);
  const ix = scopeIndex(list);
  if (!ix.sorted) {
    const byStart = [...list].sort((a, b) => a.start - b.start);
    const maxEnd: number[] = [];
    byStart.forEach((s, i) => maxEnd.push(Math.max(s.end, i ? maxEnd[i - 1] : -Infinity)));
    ix.sorted = { starts: byStart.map((s) => s.start), maxEnd };
  }
  const { starts, maxEnd } = ix.sorted;
  let lo = 0, hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && maxEnd[lo - 1] > at;
}

/** Above this many search roots, one walk of the whole tree filtered by the roots' ranges (see callsIn). */
const MANY_ROOTS = 16;

/**
 * The nodes `rule` finds in the search roots `tops` (disjoint, in document order), in document
 * order. Each findAll compiles the rule, whose regex alternates every name searched: over
 * thousands of roots (a bundle's modules) that is one compile per root. Past MANY_ROOTS the
 * whole tree is walked once and what lies within a root kept: the same nodes in the same order
 * (a node within a root's range is in its subtree, or is an ancestor with the root's range,
 * which no call is: a call ends after its callee).
 */
function callsIn(root: SgNode, tops: SgNode[], names: string[], q: NamesQuery): SgNode[] {
  const escaped = names.map((n) => n.replace(/\$/g, '\\$'));
  if (tops.length <= MANY_ROOTS || tops.some((t) => t.id() === root.id())) return tops.flatMap((top) => findAllNames(top, names, escaped, q));
  const ranges = tops.map((t) => t.range()).map((r) => [r.start.index, r.end.index] as const);
  const out: SgNode[] = [];
  let k = 0;
  for (const n of findAllNames(root, names, escaped, q)) {
    const r = n.range();
    while (k < ranges.length && ranges[k][1] <= r.start.index) k++;
    if (k < ranges.length && ranges[k][0] <= r.start.index && r.end.index <= ranges[k][1]) out.push(n);
  }
  return out;
}

/**
 * The subtrees a round's calls of `names` can be in: the scopes binding them,
 * when every name is bound only in scopes and none is also called as a member
 * (`x.fail(…)`, which can reach a property anywhere); otherwise the whole tree.
 * Scopes inside another are dropped, so no call is found twice, and they are in
 * document order, as one walk of the tree would find the calls. (A walk of a
 * bundle costs about a sixth of its parse.)
 */
function searchRoots(root: SgNode, source: string, names: string[], reach: Map<string, Reach>): SgNode[] {
  const scopes: Scope[] = [];
  for (const n of names) {
    const r = reach.get(n);
    if (!r || r === ANYWHERE) return [root];
    scopes.push(...r);
  }
  if (memberCalledNames(source, names).size) return [root];
  scopes.sort((a, b) => a.start - b.start || b.end - a.end);
  const out: Scope[] = [];
  for (const s of scopes) if (!out.length || s.start >= out[out.length - 1].end) out.push(s);
  return out.map((s) => s.node);
}

/** `recv` of a member callee `recv.name` / `recv?.name` when it is `this` or a plain name; else null. */
function receiverOf(callee: string): string | null {
  const dot = callee.lastIndexOf('.');
  if (dot < 0) return null;
  const recv = callee.slice(0, dot).replace(/\?$/, '').trim();
  return /^[A-Za-z_$][\w$]*$/.test(recv) ? recv : null;
}

/**
 * Who defines each raising helper (`Decimal128` for `Decimal128._fromString`), and
 * the classes the file declares with their bases. A method's name is shared by
 * unrelated classes of a bundle (bson's `Long._fromString` and
 * `Decimal128._fromString`): a call on another class (`Long._fromString(str)`, or
 * `this._fromString(str)` in a method of `Long`) cannot reach the helper, and
 * following it made junk records (`"{addend}" is not a valid Decimal128 string`
 * through `Long.add`). A receiver that is no class declared in the file (an
 * instance, an alias, a module object) may be anything, and is followed.
 */
class HelperOwners {
  private readonly owners = new Map<string, Set<string>>();
  private bases: Map<string, string | null> | null = null;

  constructor(private readonly source: string) {}

  /** A helper's qualified symbol: its owner is the segment before its name ('' for a plain function). */
  add(symbol: string): void {
    const parts = symbol.split('.');
    const name = parts[parts.length - 1];
    const set = this.owners.get(name) ?? new Set<string>();
    set.add(parts.length >= 2 ? parts[parts.length - 2] : '');
    this.owners.set(name, set);
  }

  /** Whether a call of `name` on `receiver` (a name, or the class of the method holding a `this` call) can reach a helper of that name. */
  mayReach(name: string, receiver: string): boolean {
    const bases = this.classBases();
    if (!bases.has(receiver)) return true;
    const owners = this.owners.get(name);
    if (!owners || owners.has('')) return true;
    for (const owner of owners) if (this.related(receiver, owner, bases)) return true;
    return false;
  }

  /** One class is the other or derives from it (either way: a base's method may call a subclass's override). */
  private related(a: string, b: string, bases: Map<string, string | null>): boolean {
    const derives = (from: string, to: string) => {
      for (let c: string | null | undefined = from, n = 0; c && n < 32; c = bases.get(c), n++) if (c === to) return true;
      return false;
    };
    return derives(a, b) || derives(b, a);
  }

  /** `class A` and `class A extends B` (B's last segment) in the text, read once. */
  private classBases(): Map<string, string | null> {
    if (this.bases) return this.bases;
    this.bases = new Map();
    for (const m of this.source.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)(?:\s+extends\s+([A-Za-z_$][\w$.]*))?/g)) {
      if (!this.bases.has(m[1])) this.bases.set(m[1], m[2] ? lastSegment(m[2]) : null);
    }
    return this.bases;
  }
}

class Analyzer {
  private readonly scopes: FileScopes;
  private readonly sites: RawSite[] = [];
  private readonly classes: ClassInfo[] = [];
  /** Classes of this file whose message is the `message` of an object they are given (`super(issues[0].message)`): built.ts. */
  private readonly fromMessageField = new Set<string>();
  private readonly es5 = new Set<string>();
  /**
   * ES5 error classes whose instances take their stack from their prototype (`(X.prototype = new
   * Error()).constructor = X` with a constructor that takes none of its own): the class → the line of
   * that `new Error()`, where V8 took the one stack every instance shows.
   */
  private readonly prototypeStacks = new Map<string, number>();
  /** ids of calls already looked at. */
  private readonly calls = new Set<number>();
  /** ids of constructions already reported by a site. */
  private readonly consumed = new Set<number>();
  /** Error constructions seen in the query, reported after all throws/calls unless consumed. */
  private readonly constructions: SgNode[] = [];
  /** Self-hiding raising helpers (`Error.captureStackTrace(e, helper)`): name → class they build. */
  /** Self-hiding helpers by name: the class they build, where calls to them can be, and their message. */
  private readonly helpers = new Map<string, { cls: string; scope: SgNode; message: { node: SgNode; fn: SgNode; r: Resolver } | null }>();
  private syntaxErrorLine: number | null = null;
  /** Texts assigned to a message property, by its name (propertyTexts). */
  private readonly assignedTexts = new Map<string, Template[] | null>();
  /** `_super.call(this, …)` calls of classes compiled to ES5, with the arguments after `this`. */
  private readonly superCalls: { n: SgNode; s: CompiledSuper; args: SgNode[] }[] = [];

  constructor(
    private readonly root: SgNode,
    private readonly source: string,
    private readonly ts: boolean,
  ) {
    this.scopes = new FileScopes(root, source);
  }

  run(): FileAnalysis {
    for (const n of this.root.findAll(mainRule(this.source, this.ts))) {
      const k = n.kind() as string;
      if (k === 'throw_statement') this.onThrow(n);
      else if (k === 'new_expression') {
        this.constructions.push(n);
        // `cb(new Error(...))`, `foo.fail(new XError(...))`: the call it is handed to.
        const p = n.parent();
        if (p && p.kind() === 'arguments') {
          const call = p.parent();
          const first = namedKids(p)[0];
          if (call && call.kind() === 'call_expression' && first && first.id() === n.id()) this.onCall(call);
        }
      }
      else if (k === 'call_expression') this.onCall(n);
      else if (CLASS_KINDS.has(k)) this.onClass(n);
      else if (k === 'assignment_expression') {
        if (n.field('left')?.text() === 'this.message') this.onMadeMessage(n);
        else this.onPrototypeAssign(n);
      }
      else if (k === 'ERROR') {
        const line = n.range().start.line + 1;
        if (this.syntaxErrorLine === null || line < this.syntaxErrorLine) this.syntaxErrorLine = line;
      }
    }
    for (const n of this.constructions) if (!this.consumed.has(n.id())) this.onConstruction(n);
    if (this.superCalls.length) this.compiledSuperSites();
    if (this.fromMessageField.size) this.messageObjects();
    this.messageFunctions();
    // (calls of assertion helpers of other packages: external.ts)
    this.sites.push(...externalSites(this.root, this.source, (n) => this.context(n), (ctx) => this.scopes.resolver(ctx.fns),
      (ctx) => (ctx.fns[0] ? this.scopes.paramNames(ctx.fns[0]).display : undefined)));
    // (calls of the runtime's callables whose messages V8 writes: native-calls.ts)
    this.sites.push(...nativeSites(this.root, this.source, (n) => this.context(n)));
    if (this.helpers.size) this.helperCalls();
    if (this.prototypeStacks.size) this.stacksFromPrototypes();
    this.sites.sort((a, b) => a.line - b.line || a.column - b.column);
    this.classes.push(...classAliases(this.source, this.classes));
    const out: FileAnalysis = { sites: this.sites, classes: this.classes, calls: this.helperCallInfos() };
    const tables = [...fileTables(this.root, this.source, this.scopes.resolver([])), ...propertyTables(this.root, this.source, this.scopes.resolver([]))];
    if (tables.length) out.tables = tables;
    if (this.syntaxErrorLine !== null) out.syntaxErrorLine = this.syntaxErrorLine;
    return out;
  }

  // -------------------------------------------------------------------------
  // classification

  private classify(expr: SgNode, ctx: SiteContext, fns: SgNode[], at: number, depth = 0): Thrown | null {
    if (depth > 4) return null;
    const e = unwrap(expr);
    const k = e.kind() as string;
    const r = this.scopes.resolver(fns);
    switch (k) {
      case 'new_expression': {
        const ctor = e.field('constructor');
        if (!ctor) return null;
        return { kind: 'new', node: e, cls: deconflicted(compiledDefault(oneLine(ctor.text()))), args: argNodes(e), extras: [], code: null, status: null, r };
      }
      case 'call_expression': {
        const fn = e.field('function');
        if (!fn) return null;
        const fk = fn.kind() as string;
        if (fk !== 'identifier' && fk !== 'member_expression') return null;
        const callee = oneLine(fn.text());
        const args = argNodes(e);
        if (callee === 'Object.assign' && args[0]) {
          const inner = this.classify(args[0], ctx, fns, at, depth + 1);
          if (inner && inner.kind === 'new') {
            inner.extras.push(...args.slice(1).map(unwrap).filter((a) => a.kind() === 'object'));
            return inner;
          }
          return null;
        }
        if (isClassName(callee)) return { kind: 'new', node: e, cls: deconflicted(callee), args, extras: [], code: null, status: null, r };
        // `throw this.error(new TomlError('...'))`: a helper decorating the error it is given.
        for (const a of args) {
          const u = unwrap(a);
          if (u.kind() === 'new_expression' && ERROR_CLASS.test(lastSegment(oneLine(u.field('constructor')?.text() ?? '')))) {
            return this.classify(u, ctx, fns, at, depth + 1);
          }
        }
        // `throw typeError('undefined')` with `function typeError (type) { return new Error('Can only
        // stringify objects, not ' + type) }` in the file: the construction is the site V8 shows, and it
        // is one already, with the caller's text composed in (facts/callers.ts); read here, the argument
        // alone would be a template of one word that fits any message holding it.
        // (`const err = this.makeError(message); throw err` with `makeError` a method of the class
        // around that returns `new Error(prefix + message)`: saxes's `fail`, the same idiom on a method.)
        if ((fk === 'identifier' || THIS_METHOD.test(callee)) && this.returnsConstruction(callee, fns, at, r)) return null;
        return { kind: 'factory', callee, args, r };
      }
      case 'string':
      case 'template_string':
        return { kind: 'value', node: e, r };
      case 'binary_expression': {
        const b = buildTemplate(e, r);
        return b.s ? { kind: 'value', node: e, r, built: b } : null;
      }
      case 'object':
        return { kind: 'object', node: e, r };
      case 'identifier': {
        const name = e.text();
        if (ctx.catchParams.has(name)) return null; // rethrow of a caught error
        const hit = this.scopes.lookup(name, at, fns);
        if (!hit || !hit.binding.value) return null; // parameter, unknown, or destructured: not a new error
        const value = hit.binding.value;
        const innerFns = fns.slice(hit.level);
        const inner = this.classify(value, ctx, innerFns, value.range().start.index, depth + 1);
        if (inner && inner.kind === 'new') {
          inner.code = this.scopes.memberValue(hit.scope, `${name}.code`, hit.binding.index, at) ?? inner.code;
          inner.status =
            this.scopes.memberValue(hit.scope, `${name}.statusCode`, hit.binding.index, at) ??
            this.scopes.memberValue(hit.scope, `${name}.status`, hit.binding.index, at) ??
            inner.status;
        }
        if (inner && inner.kind === 'factory') inner.node = unwrap(value);
        return inner;
      }
      default:
        return null;
    }
  }

  /**
   * Whether `name` is a function of the file that returns an error it constructs (`return new X(…)`,
   * `return Error(…)`), or `this.m` a method of the class around that does.
   */
  private returnsConstruction(name: string, fns: SgNode[], at: number, r: Resolver): boolean {
    const fn = THIS_METHOD.test(name) ? r.callee?.(name, at)?.fn ?? null : this.scopes.findFunction(name, fns, at);
    if (!fn) return false;
    let known = this.constructing.get(fn.id());
    if (known === undefined) this.constructing.set(fn.id(), (known = this.constructsAndReturns(fn)));
    return known;
  }

  private readonly constructing = new Map<number, boolean>();

  private constructsAndReturns(fn: SgNode): boolean {
    const body = fn.field('body');
    if (!body) return false;
    const constructs = (e: SgNode): boolean => {
      const u = unwrap(e);
      if (u.kind() === 'new_expression') return true;
      const callee = u.kind() === 'call_expression' ? u.field('function')?.text() : undefined;
      return !!callee && ERROR_CLASS.test(lastSegment(oneLine(callee)));
    };
    if (constructs(body)) return true; // `const f = (m) => new Error(m)`
    return body.findAll({ rule: { kind: 'return_statement' } }).some((ret) => {
      const arg = namedKids(ret)[0];
      return !!arg && constructs(arg) && ownerFunction(ret)?.id() === fn.id();
    });
  }

  /** What lies above the nodes earlier sites' walks went through (see siteContext). */
  private readonly outer = new ContextCache();

  private context(n: SgNode): SiteContext {
    return siteContext(n, this.outer);
  }

  private push(site: RawSite | null): void {
    if (site) this.sites.push(site);
  }

  private argInfos(args: SgNode[], r: Resolver, built?: Built[]): ArgInfo[] {
    return args.map((a, i) => {
      const b = built?.[i] ?? buildTemplate(a, r);
      // (the other texts an argument with optional parts can take: assemble gives each its record)
      const info: ArgInfo = b.alts ? { name: null, template: b.t, expr: exprText(a), alts: b.alts } : { name: null, template: b.t, expr: exprText(a) };
      // (an array literal's elements, for a class that joins the parameter: Hole.join)
      const u = unwrap(a);
      const elems = u.kind() === 'array' ? namedKids(u) : [];
      if (elems.length && elems.length <= MAX_JOINED_ITEMS && elems.every((e) => e.kind() !== 'spread_element')) {
        const items = elems.map((e) => buildTemplate(e, r));
        if (items.some((t) => t.s && t.t.some(isLit))) info.items = items.map((t) => t.t);
      }
      return info;
    });
  }

  /** Build a RawSite from a classified expression. */
  private site(th: Thrown, at: SgNode, ctx: SiteContext, errorType: ErrorType, severity: Severity): RawSite | null {
    const site = this.buildSite(th, at, ctx, errorType, severity);
    if (site && ctx.fns[0]) this.siteFns.set(site, ctx.fns);
    // (a message a reporter writes into the error after building it: reporter.ts)
    if (site && th.kind === 'new') this.reportedMessage(site, th);
    // (a message handed in an options object: `function fail({ message }) { throw new Error(message) }`, options.ts)
    if (site && ctx.fns[0]) bindOptionHoles(site, ctx.fns[0], this.scopes.paramNames(ctx.fns[0]).display);
    if (site && th.kind === 'new') this.selfHiding(site, th, ctx);
    // (an error kept to be thrown later: built.ts)
    if (site && th.kind === 'new' && at.id() === th.node.id()) {
      const key = heldKey(th.node, ctx.symbol);
      if (key) Object.assign(site, { constructedOnly: true, heldAs: key });
    }
    if (site && th.kind === 'new' && lastSegment(th.cls) === 'AggregateError') {
      const keys = groupKeys(th.args[0], ctx.symbol);
      if (keys.length) site.groupOf = keys;
    }
    return site && markCaughtMessages(site, ctx.catchParams, CAUGHT_TEXT);
  }

  /** `var error = new X(…); error.message = VALUE;`: the site's message is VALUE's (reporter.ts). */
  private reportedMessage(site: RawSite, th: Extract<Thrown, { kind: 'new' }>): void {
    const value = assignedMessage(th.node);
    if (!value) return;
    const b = buildTemplate(value, th.r);
    if (b.s && b.t.some(isLit)) {
      site.template = b.t;
      return;
    }
    const texts = tableMessages(value, th.r) ?? reporterTexts(value, this.root, (fns) => this.scopes.resolver(fns));
    if (!texts) return;
    site.template = b.t;
    site.alternatives = [...(site.alternatives ?? []), ...texts];
  }

  /** A site whose function hands itself to the error (self-hiding.ts): its message as its callers fill it. */
  private selfHiding(site: RawSite, th: Extract<Thrown, { kind: 'new' }>, ctx: SiteContext): void {
    const msgAt = lastSegment(th.cls) === 'AggregateError' ? 1 : 0;
    if (!handsItselfOn(th.args, msgAt, ctx.fns[0], ctx.symbol)) return;
    const params = site.params ?? [];
    if (params.length === 0) return;
    site.hidesFrame = true;
    if (site.template && !passesParam(site.template, params) && th.args[msgAt]) {
      const joined = restJoined(th.args[msgAt], ctx.fns[0], th.r);
      if (joined) {
        site.template = joined;
        // (the class's constructor binds its message parameter to this argument)
        if (site.args[msgAt]) site.args[msgAt] = { ...site.args[msgAt], template: joined };
      }
    }
    if (site.template && rendersHashMarkers(this.source)) {
      const mark = (t: Template): Template => t.map((s) => (isHole(s) && !s.hole.fmt && params.includes(s.hole.expr ?? '') ? { hole: { ...s.hole, fmt: 'hash' as const } } : s));
      site.template = mark(site.template);
      // (and the argument a class of the file binds its message to, `this.message = message`)
      if (site.args[msgAt]) site.args[msgAt] = { ...site.args[msgAt], template: mark(site.args[msgAt].template) };
    }
  }

  /**
   * Objects carrying a message an error class of this file is later built from (valibot's issues:
   * `{ kind, message: \`Invalid ${label}: …\` }` pushed to `dataset.issues`, raised by `throw new
   * ValiError(dataset.issues)` whose constructor calls `super(issues[0].message)`): each object's
   * message is kept (heldAs `field:message`, heldPlain: no stack is taken where it is built) and
   * the constructions of such a class raise it (raisesHeld), within the file.
   */
  private messageObjects(): void {
    let n = 0;
    for (const site of this.sites) {
      if (site.errorClass && this.fromMessageField.has(lastSegment(site.errorClass)) && !site.heldAs) site.raisesHeld = [...(site.raisesHeld ?? []), MESSAGE_FIELD, RETURNED_MESSAGE];
    }
    // (and the messages validator callbacks return in place of `true`, which the file's driver
    // wraps into such an object: superstruct's refinements)
    const values = [...messageObjectNodes(this.root).map((obj) => objectProperty(obj, 'message')), ...returnedCheckMessages(this.root)];
    for (const value of values) {
      if (n >= MAX_MESSAGE_OBJECTS) break;
      if (!value) continue;
      const ctx = this.context(value);
      const b = buildTemplate(value, this.scopes.resolver(ctx.fns));
      if (!b.s || !b.t.some(isLit)) continue;
      const pos = value.range().start;
      n++;
      this.sites.push({
        line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: null, errorCode: null, httpStatus: null, severity: 'error',
        template: b.t, args: [], symbol: ctx.symbol, guards: ctx.guards, constructedOnly: true, heldAs: MESSAGE_FIELD, heldPlain: true,
        ...(b.alts ? { alternatives: b.alts } : {}),
      });
    }
  }

  /**
   * The texts the file's message functions return (message-functions.ts), kept as held messages of
   * the tree (`returned:message`, heldPlain): raised by the constructions of classes built from an
   * object's `message` field, in whichever file.
   */
  private messageFunctions(): void {
    for (const value of messageFunctionTexts(this.root, this.source)) {
      const ctx = this.context(value);
      const b = buildTemplate(value, this.scopes.resolver(ctx.fns));
      if (!b.s || !b.t.some(isLit)) continue;
      const pos = value.range().start;
      this.sites.push({
        line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: null, errorCode: null, httpStatus: null, severity: 'error',
        template: b.t, args: [], symbol: ctx.symbol, guards: ctx.guards, constructedOnly: true, heldAs: RETURNED_MESSAGE, heldPlain: true,
        ...(b.alts ? { alternatives: b.alts } : {}),
      });
    }
  }

  /**
   * Whether a constructor's message (`super(explanation ?? msg)`, `msg` a choice of `message` and
   * \`At path: … -- ${message}\`) is, in one of its choices, the `message` field of an object it is
   * given: destructured (`const { message } = failure`) or read (`failure.message`).
   */
  private readsMessageField(a: SgNode, r: Resolver, body: SgNode, params: string[]): boolean {
    const names = messageFieldNames(body, params);
    const from = [...params, ...derivedLocals(body, params)];
    return choices(a, r).some(({ node }) => passesMessageField(node, from) || (node.kind() === 'identifier' && names.has(node.text())));
  }

  /** Enclosing functions of sites built by site(), innermost first: where calls to a helper can come from (see addReach). */
  private readonly siteFns = new Map<RawSite, SgNode[]>();

  private buildSite(th: Thrown, at: SgNode, ctx: SiteContext, errorType: ErrorType, severity: Severity): RawSite | null {
    if (th.kind === 'new') {
      // One site per construction (`const e = new Error(); if (a) throw e; cb(e)`).
      const id = th.node.id();
      if (this.consumed.has(id)) return null;
      this.consumed.add(id);
    }
    const pos = (th.kind === 'new' ? th.node : th.kind === 'factory' && th.node ? th.node : at).range().start;
    const base = {
      line: pos.line + 1,
      column: pos.column + 1,
      errorType,
      severity,
      symbol: ctx.symbol,
      guards: ctx.guards,
      params: ctx.fns[0] ? this.scopes.paramNames(ctx.fns[0]).display : undefined,
    };
    switch (th.kind) {
      case 'new': {
        const built = th.args.map((a) => buildTemplate(a, th.r));
        const args = this.argInfos(th.args, th.r, built);
        let template: Template | null = null;
        let code: string | null = null;
        let status: number | null = null;
        // (`new AggregateError(errors, message)`, `new DOMException(DOMException.HIERARCHY_REQUEST_ERR,
        // 'Unexpected node type ' + …)`: the message is the second argument; else shared/message-position.ts)
        const msgAt = lastSegment(th.cls) === 'AggregateError' || codeBeforeMessage(th.cls, th.args, built) ? 1 : messagePosition(built);
        const first = th.args[msgAt] ? unwrap(th.args[msgAt]) : null;
        if (first && first.kind() === 'object') {
          const m = objectProperty(first, 'message');
          template = m ? buildTemplate(m, th.r).t : [hole(exprText(first))];
        } else if (first) {
          // The first argument's template when it is a string; otherwise one value.
          const b = built[msgAt];
          template = b.s || (b.t.length === 1 && isHole(b.t[0])) || hasLookup(b.t) ? b.t : [hole(exprText(first))];
        }
        for (const obj of [...th.args.map(unwrap).filter((a) => a.kind() === 'object'), ...th.extras]) {
          const f = objectFacts(obj);
          code = code ?? f.code;
          status = status ?? f.status;
        }
        code = literalString(th.code) ?? code;
        status = httpStatusOf(numberLiteral(th.status)) ?? status;
        const short = lastSegment(th.cls);
        if (!code && CODE_CLASS.test(short)) code = short;
        const alone = first && template?.length === 1 && isHole(template[0]);
        let alternatives = alone ? tableMessages(first, th.r) ?? this.propertyTexts(first) : null;
        // (`function unexpected(message = "Unexpected token") { … new SyntaxError(message) }`: a call
        // that passes no message raises the default's text, a message of its own)
        const defaulted = template && ctx.fns[0] ? withParamDefaults(template, ctx.fns[0], th.r) : null;
        if (defaulted) alternatives = [...(alternatives ?? []), defaulted];
        // `throw new Ctor(message)` with `Ctor` a parameter: the class is the caller's, not known here
        // (callers that pass one give it: CallerTemplate.errorClass).
        const classParam = base.params?.includes(th.cls) ? th.cls : null;
        // (a class handed to a function around, `minErr(module, ErrorConstructor)`: the class it
        // defaults to there, else not known here)
        const outer = !classParam && HANDED_CLASS.test(th.cls) ? handedDefault(th.cls, ctx.fns.slice(1, 3), (f) => this.scopes.paramNames(f).display) : undefined;
        return {
          ...base, errorClass: classParam ? null : outer !== undefined ? outer : th.cls, ...(classParam ? { classParam } : {}), errorCode: code, httpStatus: status, template, args,
          ...(alternatives ? { alternatives } : {}),
        };
      }
      case 'factory': {
        const built = th.args.map((a) => buildTemplate(a, th.r));
        const args = this.argInfos(th.args, th.r, built);
        let code: string | null = null;
        let status: number | null = null;
        let template: Template | null = null;
        const errorish = ERRORISH.test(th.callee);
        th.args.forEach((a, i) => {
          const s = literalString(a);
          if (s !== null && code === null && /^(?:(?:[A-Z][A-Z0-9]*_)*ERR_[A-Z0-9_]+|E_?[A-Z0-9]{2,}(?:_[A-Z0-9]+)*)$/.test(s)) {
            code = s;
            return;
          }
          if (errorish && status === null) status = httpStatusOf(numberLiteral(a));
          if (template === null && args[i].template.some(isLit) && built[i].s) template = args[i].template;
        });
        // `error(code, message, {…})` of another package, given the enclosing function's `message`: that
        // parameter is the message (its callers' texts fill it)
        if (template === null && base.params) {
          const m = args.find((a) => a.template.length === 1 && isHole(a.template[0]) && MESSAGE_PARAM.test(a.expr) && base.params!.includes(a.expr));
          if (m) template = m.template;
        }
        return { ...base, errorClass: null, errorCode: code, httpStatus: status, template, args };
      }
      case 'value': {
        const b = th.built ?? buildTemplate(th.node, th.r);
        return { ...base, errorClass: null, errorCode: null, httpStatus: null, template: b.t, args: [], ...(b.alts ? { alternatives: b.alts } : {}) };
      }
      case 'object': {
        const m = objectProperty(th.node, 'message');
        const f = objectFacts(th.node);
        return { ...base, errorClass: null, errorCode: f.code, httpStatus: f.status, template: m ? buildTemplate(m, th.r).t : null, args: [] };
      }
    }
  }

  /** The texts the file assigns to the message property a raise reads (`throw new Error(inflator.msg)`): property-texts.ts. */
  private propertyTexts(message: SgNode): Template[] | null {
    const prop = messageProperty(message);
    if (!prop) return null;
    if (!this.assignedTexts.has(prop)) this.assignedTexts.set(prop, assignedPropertyTexts(this.root, this.source, prop, this.scopes.resolver([])));
    return this.assignedTexts.get(prop)!;
  }

  /**
   * Whether the site constructs a class of this file whose message holds a constructor parameter
   * the site hands one of its own parameters (`report(parser, type)` → `new ParseError(…, type)`
   * with `errorMessages[type]` in the constructor): the site's callers fill the message, so the
   * site is a helper whose calls are collected. (The class's template is bound at the site in
   * record/; this only says whether its callers are wanted.)
   */
  private classPasses(site: RawSite, params: string[]): boolean {
    if (!site.errorClass) return false;
    const cls = this.classes.find((c) => c.name === lastSegment(site.errorClass!));
    return !!cls?.template && classPassesParam(cls.template, cls.params, site.args, params);
  }

  /**
   * Calls to functions of this file that raise a message they receive
   * (`syntaxError(message)`), with their arguments: assemble binds them into
   * the helper's template. Only those helpers' names are searched for. A caller
   * that passes its own parameter on (`strictFail(p, m)` → `error(p, m)`) is a
   * helper too, searched for in the next round.
   */
  private helperCallInfos(): CallInfo[] {
    let names = new Set<string>();
    const reach = new Map<string, Reach>();
    /** Helper names this file declares as functions by name: a plain call of one is of that function (CallInfo.local). */
    const declared = new Set<string>();
    const owners = new HelperOwners(this.source);
    // (the text forms' assignments to a function's parameters, read once per function, not once per site in it)
    const assignedIn = new Map<number, { params: string[]; out: Map<string, number> }>();
    for (const site of this.sites) {
      if (site.symbol && site.params?.length && ((site.template && passesParam(site.template, site.params)) || this.classPasses(site, site.params))) {
        const fn = this.siteFns.get(site)?.[0];
        const params = site.params;
        // (only guards over parameters are read with callers' values: facts/guards.ts)
        const body = fn && site.guards.some((g) => params.some((p) => g.text.includes(p))) ? fn.field('body') : null;
        if (body) {
          const at = body.range().start.line + 1;
          let hit = assignedIn.get(fn!.id());
          if (!hit || hit.params.length !== params.length || hit.params.some((p, i) => p !== params[i])) {
            assignedIn.set(fn!.id(), (hit = { params, out: assignedParams(body.text(), params, assignmentForms) }));
          }
          const assigned = hit.out;
          if (assigned.size) site.reassigned = Object.fromEntries([...assigned].map(([p, line]) => [p, at + line]));
        }
        const name = lastSegment(site.symbol);
        names.add(name);
        addReach(reach, name, this.siteFns.get(site));
        if (declaresByName(this.siteFns.get(site)?.[0])) declared.add(name);
        owners.add(site.symbol);
      }
    }
    const calls: CallInfo[] = [];
    const searched = new Set<string>();
    /** A parameter a helper is handed to as a callback → that helper (see callbackParams). */
    const aliasOf = new Map<string, string>();
    for (let round = 0; round < HELPER_ROUNDS && names.size > 0; round++) {
      // A minifier's name (`p`, `Te`) defined where any call could reach it is not searched for: in a
      // bundle such names are reused by every module, so their calls are mostly someone else's.
      const ident = [...names].filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && !searched.has(n) && !(n.length <= 2 && reach.get(n) === ANYWHERE));
      ident.forEach((n) => searched.add(n));
      if (ident.length === 0) break;
      for (const a of this.callbackParams(ident)) {
        if (searched.has(a.param) || reach.has(a.param)) continue;
        aliasOf.set(a.param, a.helper);
        const r = a.fn.range();
        reach.set(a.param, [{ node: a.fn, start: r.start.index, end: r.end.index }]);
        searched.add(a.param);
        ident.push(a.param);
      }
      names = new Set();
      // A name the text never calls has no calls to find: walking a whole bundle's tree costs ~30 ms.
      const called = calledNames(this.source, ident);
      const calledHere = ident.filter((n) => called.has(n));
      if (calledHere.length === 0) break;
      const rule = (ns: string[]) => ({ rule: { kind: 'call_expression', has: { field: 'function', regex: `(?:^|\\.)(?:${ns.join('|')})$` } } });
      const q = { rule, kind: 'call_expression', nameOf: calleeName };
      for (const call of callsIn(this.root, searchRoots(this.root, this.source, calledHere, reach), calledHere, q)) {
        const fn = call.field('function');
        const fnText = fn?.text() ?? '';
        const callee = lastSegment(fnText);
        // (a parameter holding a helper is called by its name alone)
        if (aliasOf.has(callee) && fn!.kind() !== 'identifier') continue;
        const within = reach.get(callee);
        if (within && within !== ANYWHERE && fn!.kind() === 'identifier') {
          const at = call.range().start.index;
          if (!scopesHold(within, at)) continue;
        }
        const receiver = receiverOf(fnText);
        if (receiver && receiver !== 'this' && !owners.mayReach(callee, receiver)) continue;
        // A call given nothing passes nothing on (and its context is not needed).
        const argList = argNodes(call);
        if (argList.length === 0) continue;
        const ctx = this.context(call);
        if (receiver === 'this' && ctx.symbol && !owners.mayReach(callee, ctx.symbol.split('.')[0])) continue;
        const callR = this.scopes.resolver(ctx.fns);
        // (and a message handed in an options object, `fail({ code, message: '…' })`: options.ts)
        const args = [...this.argInfos(argList, callR), ...optionArgs(argList, callR)];
        const params = ctx.fns[0] ? this.scopes.paramNames(ctx.fns[0]).display : undefined;
        const passes = !!params && !!ctx.symbol && args.some((a) => passesParam(a.template, params));
        // (an enum member keys a table the helper looks its message up in: `report(parser, Errors.UnexpectedToken)`)
        if (!passes && !args.some((a) => a.template.some(isLit) || memberKey(a.expr) !== null || a.name !== null)) continue;
        const local = fn!.kind() === 'identifier' && declared.has(callee);
        calls.push({ callee: aliasOf.get(callee) ?? callee, args, line: call.range().start.line + 1, symbol: ctx.symbol, params, ...(local ? { local } : {}) });
        if (passes) {
          const name = lastSegment(ctx.symbol!);
          names.add(name);
          addReach(reach, name, ctx.fns);
          if (declaresByName(ctx.fns[0])) declared.add(name);
          owners.add(ctx.symbol!);
        }
      }
    }
    return calls;
  }

  /**
   * Parameters the helpers named are handed to as callbacks: `checkPath(path, original, strict ?
   * throwError : noop)` with `const checkPath = (path, original, doThrow) => { … doThrow(`path must be
   * a string, but got ${original}`, TypeError) }` makes `doThrow` a name for `throwError` inside
   * checkPath. Looked for only when the text passes a name as an argument.
   */
  private passed: Set<string> | null = null;

  /** The names the text passes as an argument, read once (query.ts). */
  private passedNames(): Set<string> {
    this.passed ??= passedNames(this.source);
    return this.passed;
  }

  private callbackParams(names: string[]): { param: string; helper: string; fn: SgNode }[] {
    // (a minifier's names are reused by every module of a bundle: not followed, as in helperCallInfos)
    const passedHere = this.passedNames();
    const passed = names.filter((n) => n.length > 2 && passedHere.has(n));
    if (passed.length === 0) return [];
    const out: { param: string; helper: string; fn: SgNode }[] = [];
    const rule = (ns: string[]) => ({ rule: { kind: 'identifier', regex: `^(?:${ns.join('|')})$` } });
    const q = { rule, kind: 'identifier', nameOf: (n: SgNode) => n.text() };
    for (const id of findAllNames(this.root, passed, passed.map((n) => n.replace(/\$/g, '\\$')), q)) {
      let arg = id;
      let p = arg.parent();
      while (p && CALLBACK_WRAPPERS.has(p.kind() as string)) {
        arg = p;
        p = p.parent();
      }
      const call = p?.kind() === 'arguments' ? p.parent() : null;
      const callee = call?.kind() === 'call_expression' ? call.field('function') : null;
      if (!callee || callee.kind() !== 'identifier') continue;
      const at = call!.range().start.index;
      const fns = this.context(call!).fns;
      const fn = this.scopes.findFunction(callee.text(), fns, at) ?? this.boundFunction(callee.text(), at, fns);
      const param = fn ? plainParam(fn, namedKids(p!).findIndex((k) => k.id() === arg.id())) : null;
      if (fn && param && param.length > 2) out.push({ param, helper: id.text(), fn });
    }
    return out;
  }

  /** `const name = (…) => {…}` (or a function expression) that holds at `at`. */
  private boundFunction(name: string, at: number, fns: SgNode[]): SgNode | null {
    const v = this.scopes.lookup(name, at, fns)?.binding.value;
    return v && BOUND_FN.has(v.kind() as string) ? v : null;
  }

  // -------------------------------------------------------------------------
  // sites

  private onThrow(n: SgNode): void {
    const e = namedKids(n)[0];
    if (!e) return;
    const ctx = this.context(n);
    const th = this.classify(e, ctx, ctx.fns, n.range().start.index);
    if (!th) {
      // `throw this._error`, `throw errors[0]`: an error kept elsewhere (built.ts)
      const held = thrownKeys(unwrap(e), ctx.symbol);
      if (held.length) {
        const pos = n.range().start;
        this.push({
          line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: null, errorCode: null, httpStatus: null, severity: 'error',
          template: null, args: [], symbol: ctx.symbol, guards: ctx.guards, rethrow: true, raisesHeld: held,
        });
      }
      return;
    }
    this.push(this.site(th, n, ctx, 'exception', 'error'));
  }

  private onCall(n: SgNode): void {
    const id = n.id();
    if (this.calls.has(id)) return;
    this.calls.add(id);
    const fn = n.field('function');
    if (!fn) return;
    const callee = fn.kind() === 'identifier' || fn.kind() === 'member_expression' ? oneLine(fn.text()) : '';
    const last = lastSegment(callee);
    const args = argNodes(n);
    if (callee === 'Error.captureStackTrace') return this.onCaptureStackTrace(n, args);
    if (callee === '_super.call') return this.onCompiledSuper(n, args);
    if (callee === 'console.error' || callee === 'console.warn') return this.onConsole(n, args, callee === 'console.warn');
    if (callee === 'process.emitWarning') return this.onWarning(n, args);
    if (last === 'inherits' && args.length >= 2) return this.onInherits(n, args);
    if (callee === 'Object.setPrototypeOf') {
      if (args.length >= 2) this.onSetPrototypeOf(n, args);
      return;
    }
    const coded = args.length >= 2 && /^[A-Z][A-Z0-9_]+$/.test(literalString(args[0]) ?? '');
    if (NODE_TABLE_CALL.test(callee)) {
      if (coded) this.onMessageTable(n, args, null);
      return;
    }
    if (coded && CLASS_FACTORY_CALL.test(callee)) {
      // `FST_ERR_X: createError('FST_ERR_X', …)`, `const NotFound = createError('E_NOT_FOUND', …)`: a class
      // constructed by that name. Bound to `err`, thrown or handed on, the call is an error, read as
      // any other; so is `createError(404, 'Not here')`, given no code.
      const name = boundName(n);
      if (name && /^[A-Z]/.test(name)) return this.onMessageTable(n, args, name);
    }
    if (ERROR_CALL.test(callee)) {
      // `Error('...')` called without `new`: a construction like `new Error('...')`.
      this.constructions.push(n);
      return;
    }
    if (HANDED_TABLE_FACTORY.test(last) && n.parent()?.kind() === 'return_statement') return this.onHandedTable(n, fn, args);
    if (last === 'emit' || callee === 'emit') {
      if (literalString(args[0] ?? null) !== 'error' || !args[1]) return;
      return this.raiseFrom(n, args[1], 'callback', false);
    }
    if (callee === 'Promise.reject' || last === 'reject') {
      if (!args[0]) return;
      return this.raiseFrom(n, args[0], 'rejection', true);
    }
    if (!args[0]) return;
    if (callee && NOT_RAISING.has(last)) return;
    // Only error-first callbacks by name, or any call handed a freshly built error.
    if (!CB_NAME.test(callee)) {
      const a0 = unwrap(args[0]);
      if (a0.kind() !== 'new_expression' || !ERROR_CLASS.test(lastSegment(oneLine(a0.field('constructor')?.text() ?? '')))) return;
    }
    // A callback is called for its effect: `cb(err);`, `return cb(err)`, `() => cb(err)`.
    // `f(new Error())` used as a value (`expect(f(new Error()))`, `throw wrap(...)`) is not one.
    const pk = n.parent()?.kind() as string | undefined;
    if (!pk || !STATEMENT_PARENTS.has(pk)) return;
    this.raiseFrom(n, args[0], 'callback', false);
  }

  /**
   * `return compilerCore.createCompilerError(code, loc, DOMErrorMessages)`: an error factory of
   * another module (a member call named `create…Error`/`make…Error`) handed a const table of this
   * file's texts. The error is made there, but the nearest frame of this tree is this call, and its
   * message is one of the table's entries: one record per entry, at this line.
   */
  private onHandedTable(n: SgNode, fn: SgNode, args: SgNode[]): void {
    const ctx = this.context(n);
    const r = this.scopes.resolver(ctx.fns);
    let entries: Template[] | null = null;
    for (const a of args.slice(1)) if ((entries = handedTable(a, r))) break;
    if (!entries) return;
    // (a member of another module, `compilerCore.createCompilerError`, or a name imported from a package
    // and bound by no declaration of the file: `import { createCompilerError } from '@vue/compiler-core'`)
    if (fn.kind() !== 'member_expression') {
      const name = fn.text();
      const at = n.range().start.index;
      const imported = Array.from(this.source.matchAll(IMPORTED_NAMES), (m) => m[1]).some((list) => new RegExp(`(?:^|[\\s,{])${name.replace(/\$/g, '\\$')}(?:$|[\\s,}])`).test(list));
      if (!imported || this.scopes.lookup(name, at, ctx.fns) || this.scopes.findFunction(name, ctx.fns, at)) return;
    }
    const pos = n.range().start;
    this.sites.push({
      line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: null, errorCode: null, httpStatus: null,
      severity: 'error', template: entries[0], alternatives: entries.slice(1), args: [], symbol: ctx.symbol, guards: ctx.guards,
    });
  }

  /**
   * `Error.captureStackTrace(e, helper)` hides `helper` and everything above it
   * from the stack: the error's construction inside the helper is never shown,
   * the helper's callers are. Remember the helper; its calls become sites.
   */
  private onCaptureStackTrace(n: SgNode, args: SgNode[]): void {
    if (args.length < 2) return;
    const target = unwrap(args[0]);
    const helper = unwrap(args[1]);
    if (target.kind() !== 'identifier') return; // `(this, MyError)`: the class idiom
    const ctx = this.context(n);
    // `Error.captureStackTrace(err, this.createError)` inside the method `createError` hides the
    // method: its calls `this.createError(…)` in the class's body are the sites (ws's Receiver).
    const method = helper.kind() === 'member_expression' && helper.field('object')?.kind() === 'this' ? (helper.field('property')?.text() ?? '') : null;
    const inMethod = method !== null && ctx.fns[0]?.kind() === 'method_definition' && functionName(ctx.fns[0]) === method;
    if (helper.kind() !== 'identifier' && !inMethod) return;
    const th = this.classify(target, ctx, ctx.fns, n.range().start.index);
    if (!th || th.kind !== 'new') return;
    this.consumed.add(th.node.id());
    // Calls can only be where the helper's name is visible: the function around
    // the helper (usually the helper is the function making this call), else the file;
    // a method's, the class body around it.
    const name = inMethod ? `this.${method}` : helper.text();
    const self = ctx.fns[0] ? (inMethod ? name : functionName(ctx.fns[0])) : null;
    const scope = inMethod ? (ctx.fns[0]!.parent() ?? this.root) : ((self === name ? ctx.fns[1] : ctx.fns[0]) ?? this.root);
    // The helper's message expression, read again at each call with the call's arguments.
    const message = self === name && th.args[0] ? { node: th.args[0], fn: ctx.fns[0], r: th.r } : null;
    this.helpers.set(name, { cls: th.cls, scope, message });
  }

  private helperCalls(): void {
    const byScope = new Map<number, { scope: SgNode; names: string[] }>();
    for (const [name, h] of this.helpers) {
      if (!/^(?:this\.)?[\w$]+$/.test(name)) continue;
      const id = h.scope.id();
      const entry = byScope.get(id) ?? { scope: h.scope, names: [] };
      entry.names.push(name.replace(/\$/g, '\\$').replace('.', '\\.'));
      byScope.set(id, entry);
    }
    const calls: SgNode[] = [];
    for (const { scope, names } of byScope.values()) {
      calls.push(...scope.findAll({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^(?:${names.join('|')})$` } } }));
    }
    for (const call of calls) {
      if (call.parent()?.kind() === 'throw_statement') continue; // already the throw's site
      const ctx = this.context(call);
      const args = argNodes(call);
      const r = this.scopes.resolver(ctx.fns);
      const th: Thrown = { kind: 'factory', callee: call.field('function')?.text() ?? '', args, r };
      const site = this.site(th, call, ctx, 'exception', 'error');
      if (!site) continue;
      const helper = this.helpers.get(th.callee);
      site.errorClass = helper?.cls ?? null;
      // (a class the helper is handed, `createError(ErrorCtor, message, …)`: the call's argument)
      if (helper?.message && site.errorClass) {
        const at = this.scopes.paramNames(helper.message.fn).display.indexOf(site.errorClass);
        const given = at >= 0 && args[at] ? unwrap(args[at]) : null;
        if (at >= 0) site.errorClass = given?.kind() === 'identifier' && isClassName(given.text()) ? given.text() : null;
      }
      // (or a message the helper builds around its parameter, `prefix ? \`Invalid WebSocket frame:
      // ${message}\` : message`, where the call's text alone would be the caller's part of it)
      if (helper?.message && (!site.template?.some(isLit) || th.callee.startsWith('this.'))) {
        // `err(13)` with `new Error(msg || ec[ind])` inside: `ec[13]`.
        const m = helper.message;
        const params = this.scopes.paramNames(m.fn).display;
        const bound = bindParams(params, args, m.r, r);
        const b = buildTemplate(chosenBy(m.node, params, args), bound);
        if (b.s && b.t.some(isLit)) {
          site.template = b.t;
          // (a small table's entries, keyed by a value: each is a text the call may give)
          if (b.alts?.length) site.alternatives = b.alts;
        } else {
          const alternatives = tableMessages(m.node, bound);
          if (alternatives) site.alternatives = alternatives;
        }
      }
      this.push(site);
    }
  }

  /**
   * An error built but not thrown or passed here (`return new XError(...)` in a
   * helper, `er = new Error(er)`, `errors.push(new XError())`): its line is the
   * one stack traces show, so it is a site.
   */
  /** `instance.stack = new Error().stack` in a factory of error classes (made-classes.ts): raises what its classes hold. */
  private onStackTaker(n: SgNode): void {
    const ctx = this.context(n);
    const factory = stackTakerFactory(n, ctx.fns);
    if (!factory) return;
    const pos = n.range().start;
    this.sites.push({
      line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: oneLine(n.field('constructor')?.text() ?? 'Error'), errorCode: null, httpStatus: null,
      severity: 'error', template: null, args: [], symbol: ctx.symbol, guards: ctx.guards, raisesHeld: [madeKey(factory)],
    });
  }

  /** `this.message = …` in a class a factory makes (made-classes.ts): a message its stack's taking raises. */
  private onMadeMessage(n: SgNode): void {
    const right = n.field('right');
    if (!right) return;
    const ctx = this.context(n);
    const factory = madeByFactory(n, ctx.fns);
    if (!factory) return;
    const b = buildTemplate(right, this.scopes.resolver(ctx.fns));
    if (!b.s || !b.t.some(isLit)) return;
    const pos = right.range().start;
    this.sites.push({
      line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: null, errorCode: null, httpStatus: null, severity: 'error',
      template: b.t, args: [], symbol: ctx.symbol, guards: ctx.guards, constructedOnly: true, heldAs: madeKey(factory), heldPlain: true,
      ...(b.alts ? { alternatives: b.alts } : {}),
    });
  }

  /** `_super.call(this, msg)` in a class compiled to ES5 (compiled-classes.ts), kept for compiledSuperSites. */
  private onCompiledSuper(n: SgNode, args: SgNode[]): void {
    const s = compiledSuper(n);
    if (s && args[0]?.text() === 'this' && this.superCalls.length < MAX_SUPER_CALLS) this.superCalls.push({ n, s, args: args.slice(1) });
  }

  /**
   * A compiled class whose `_super` is a built-in error: its `_super.call(this, msg)` makes the error,
   * a construction of the built-in with the message its constructor is given, and the texts the file's
   * classes built on it pass their `_super.call` (see compiled-classes.ts).
   */
  private compiledSuperSites(): void {
    for (const { n, s, args } of this.superCalls) {
      if (!extendsBuiltin(s)) continue;
      const ctx = this.context(n);
      const r = this.scopes.resolver(ctx.fns);
      const site = this.site({ kind: 'new', node: n, cls: s.base, args, extras: [], code: null, status: null, r }, n, ctx, 'exception', 'error');
      if (!site) continue;
      const texts: Template[] = [];
      for (const sub of this.superCalls) {
        if (!extendsClass(sub.s, s.cls) || !sub.args[0]) continue;
        const b = buildTemplate(sub.args[0], this.scopes.resolver(this.context(sub.n).fns));
        if (b.s) texts.push(...[b.t, ...(b.alts ?? [])].filter((t) => t.some(isLit)));
      }
      if (texts.length) site.alternatives = [...(site.alternatives ?? []), ...texts.slice(0, MAX_SUPER_CALLS)];
      this.sites.push(site);
    }
  }

  private onConstruction(n: SgNode): void {
    const parent = n.parent();
    const pk = parent?.kind() as string | undefined;
    if (pk === 'member_expression') return this.onStackTaker(n); // `new Error().stack`
    if (pk === 'call_expression') return; // `Error('x')()`
    if (pk === 'arguments') {
      // `expect(parse(new Error('x')))`: an argument of an assertion, a few calls up.
      let call = parent?.parent() ?? null;
      for (let i = 0; call && i < 3; i++) {
        if (call.kind() !== 'call_expression') break;
        const callee = call.field('function');
        const name = callee ? lastSegment(oneLine(callee.text().slice(-60))) : '';
        if (TEST_CALLEES.has(name) && !(i === 0 && this.ownThrower(call, n))) return;
        if (callee?.kind() === 'member_expression' && /^(?:expect|assert)\b/.test(callee.text())) return;
        const up = call.parent();
        if (!up || up.kind() !== 'arguments') break;
        call = up.parent();
      }
    }
    const ctx = this.context(n);
    // (a class named as handed in is one only when it is a parameter: the caller's class, CallerTemplate.errorClass)
    const ctor = oneLine(n.field('constructor')?.text() ?? '');
    // (or of a function around it: `function minErr(module, ErrorConstructor) { return function () { … new ErrorConstructor(message) } }`)
    if (HANDED_CLASS.test(ctor) && !ctx.fns.slice(0, 3).some((f) => this.scopes.paramNames(f).display.includes(ctor))) return;
    const th = this.classify(n, ctx, ctx.fns, n.range().start.index);
    if (th && th.kind === 'new') this.push(this.site(th, n, ctx, 'exception', 'error'));
  }

  /**
   * A function of the file named as an assertion that throws what it is given: `const throws =
   * (error) => { throw error; }`, called `throws(SyntaxError(…))` (an assertion's `throws(block,
   * error)` takes a function first, and is imported, not bound to a function here).
   */
  private ownThrower(call: SgNode, arg: SgNode): boolean {
    const callee = call.field('function');
    if (!callee || callee.kind() !== 'identifier' || argNodes(call)[0]?.id() !== arg.id()) return false;
    const at = callee.range().start.index;
    const hit = this.scopes.lookup(callee.text(), at, this.context(call).fns);
    const fn = hit?.binding.value ? unwrap(hit.binding.value) : null;
    if (!fn || !(BOUND_FN.has(fn.kind() as string) || NAMED_FN.has(fn.kind() as string))) return false;
    const param = this.scopes.paramNames(fn).display[0];
    const body = fn.field('body');
    return !!param && !!body && new RegExp(String.raw`\bthrow\s+${param.replace(/\$/g, '\\$')}\s*[;}\n]`).test(body.text().slice(0, 400));
  }

  /** A call passing an error on (reject, callback, emit): a site when the error is built here. */
  private raiseFrom(call: SgNode, arg: SgNode, errorType: ErrorType, acceptValues: boolean): void {
    const ctx = this.context(call);
    const th = this.classify(arg, ctx, ctx.fns, call.range().start.index);
    if (!th) return;
    if (!acceptValues) {
      // Passing something on is only a raise when what is passed is an error.
      if (th.kind === 'value' || th.kind === 'object') return;
      if (th.kind === 'factory' && !ERRORISH.test(th.callee)) return;
      if (th.kind === 'new' && !ERROR_CLASS.test(lastSegment(th.cls))) {
        const a = unwrap(arg);
        if (a.kind() !== 'identifier' || !ERROR_VAR.test(a.text())) return;
      }
    }
    this.push(this.site(th, call, ctx, errorType, 'error'));
  }

  private onConsole(n: SgNode, args: SgNode[], warn: boolean): void {
    if (args.length === 0) return;
    // `console.error(new Error('x'))` is this log, not also a construction site.
    for (const a of args) if (a.kind() === 'new_expression') this.consumed.add(a.id());
    const ctx = this.context(n);
    const r = this.scopes.resolver(ctx.fns);
    const pos = n.range().start;
    this.sites.push({
      line: pos.line + 1,
      column: pos.column + 1,
      errorType: 'log',
      errorClass: null,
      errorCode: null,
      httpStatus: null,
      severity: warn ? 'warning' : 'error',
      template: formatArgs(args, r),
      args: this.argInfos(args, r),
      symbol: ctx.symbol,
      guards: ctx.guards,
    });
  }

  private onWarning(n: SgNode, args: SgNode[]): void {
    if (args.length === 0) return;
    const ctx = this.context(n);
    const r = this.scopes.resolver(ctx.fns);
    const pos = n.range().start;
    let cls: string | null = null;
    let code: string | null = null;
    const second = args[1] ? unwrap(args[1]) : null;
    if (second && second.kind() === 'object') {
      cls = literalString(objectProperty(second, 'type'));
      code = literalString(objectProperty(second, 'code'));
    } else if (second) {
      cls = literalString(second);
      code = literalString(args[2] ?? null);
    }
    const first = unwrap(args[0]);
    let template: Template = buildTemplate(first, r).t;
    if (first.kind() === 'new_expression') {
      // emitWarning(new Error('...')): the error's message is the warning text.
      this.consumed.add(first.id());
      const ctor = first.field('constructor');
      cls = cls ?? (ctor ? oneLine(ctor.text()) : null);
      const a = argNodes(first)[0];
      template = a ? buildTemplate(a, r).t : [];
    }
    this.sites.push({
      line: pos.line + 1,
      column: pos.column + 1,
      errorType: 'warning',
      errorClass: cls ?? 'Warning',
      errorCode: code,
      httpStatus: null,
      severity: 'warning',
      template,
      args: this.argInfos(args, r),
      symbol: ctx.symbol,
      guards: ctx.guards,
    });
  }

  // -------------------------------------------------------------------------
  // classes

  private onClass(n: SgNode): void {
    let name = n.field('name')?.text() ?? null;
    if (!name) {
      const p = n.parent();
      const pk = p?.kind() as string;
      if (p && pk === 'variable_declarator') name = p.field('name')?.text() ?? null;
      else if (p && pk === 'assignment_expression') name = lastSegment(oneLine(p.field('left')?.text() ?? ''));
      if (name && !/^[A-Za-z_$][\w$]*$/.test(name)) name = null;
    }
    if (!name) return;
    const heritage = n.children().find((c) => c.kind() === 'class_heritage');
    if (!heritage) return;
    const bases: string[] = [];
    for (const h of namedKids(heritage)) {
      if (h.kind() === 'implements_clause') continue;
      if (h.kind() === 'extends_clause') {
        const v = h.field('value') ?? namedKids(h)[0];
        if (v) bases.push(oneLine(v.text()));
      } else bases.push(oneLine(h.text()));
    }
    const info: ClassInfo = { name, bases, line: n.range().start.line + 1, template: null, params: [], code: null, httpStatus: null };
    const body = n.field('body');
    let ctor: SgNode | null = null;
    let fieldTemplate: Template | null = null;
    // `get message() { return `Service with "${this.normalizedIdentifier}" identifier was not found…` }`
    let getter: SgNode | null = null;
    if (body) {
      for (const m of namedKids(body)) {
        const mk = m.kind() as string;
        if (mk === 'method_definition') {
          const mname = m.field('name')?.text();
          if (mname === 'constructor') ctor = m;
          else if (mname === 'message' && m.children().some((c) => c.kind() === 'get')) getter = m;
        } else if (mk === 'field_definition' || mk === 'public_field_definition') {
          const key = (mk === 'field_definition' ? m.field('property') : m.field('name'))?.text();
          const value = m.field('value');
          if (!key || !value) continue;
          if (key === 'code') info.code = literalString(value) ?? info.code;
          else if (key === 'status' || key === 'statusCode') info.httpStatus = httpStatusOf(numberLiteral(value)) ?? info.httpStatus;
          else if (key === 'message') {
            const s = literalString(value);
            if (s !== null) fieldTemplate = [{ lit: s }];
          }
        }
      }
    }
    if (ctor) {
      const { display } = this.scopes.paramNames(ctor);
      info.params = display;
      this.constructorFacts(ctor, info, display);
    }
    if (!info.template && fieldTemplate) info.template = fieldTemplate;
    if (getter) {
      this.getterMessage(getter, info);
      const body = ctor?.field('body');
      if (body) this.paramFields(body, info, info.params);
    }
    this.classes.push(info);
  }

  /**
   * A message getter's text is the class's message, whatever the constructor passes its base: the
   * getter on the prototype is what `err.message` and the stack's header read (typedi's
   * `ServiceNotFoundError`, whose constructor calls `super()` and keeps the identifier in a field).
   */
  private getterMessage(getter: SgNode, info: ClassInfo): void {
    const ret = returnedExpression(getter);
    if (!ret) return;
    const b = buildTemplate(ret, this.scopes.resolver(this.context(ret).fns));
    if (!b.s || !b.t.some(isLit)) return;
    info.template = b.t;
    const alts = (b.alts ?? []).filter((t) => t.some(isLit));
    if (alts.length) info.branches = alts;
    else delete info.branches;
  }

  /** Message, code and status fixed by a constructor body (`super(msg)`, `this.message = ...`, `this.code = ...`). */
  private constructorFacts(fn: SgNode, info: ClassInfo, params: string[]): void {
    const body = fn.field('body');
    if (!body) return;
    // Cheap text check first: most constructors fix nothing (`super(props)` of a component...).
    if (!CTOR_FACTS.test(body.text())) {
      this.methodMessage(fn, body, info);
      return;
    }
    let superT: Template | null = null;
    // The messages passed to the base chosen by a condition (`super(explanation ?? msg)`, with
    // `msg = path.length ? \`At path: …\` : message`): the ones with text of their own.
    let superChoices: Template[] = [];
    // Every `this.message = …`: a constructor may choose its message by a condition (mathjs IndexError).
    const messages: Template[] = [];
    let lastAlts: Template[] = [];
    const usable = (a: SgNode, r: Resolver): Template | null => {
      const b = buildTemplate(a, r);
      if (b.s) return b.t;
      // A bare parameter passed through: the hole binds the call's argument.
      const t = b.t;
      const only = t.length === 1 ? t[0] : null;
      if (only && isHole(only) && params.includes(only.hole.expr ?? '')) return t;
      return null;
    };
    // The message of an error the constructor returns in place of `this` (dependency-graph's
    // `DepGraphCycleError`, an ES5 function hiding itself with captureStackTrace).
    let returned: Template | null = null;
    for (const n of body.findAll(CTOR_RULE)) {
      const ctx = this.context(n);
      const r = this.scopes.resolver(ctx.fns);
      if (n.kind() === 'return_statement') {
        if (returned === null && ctx.fns[0]?.id() === fn.id()) returned = this.returnedError(n, r, usable);
        continue;
      }
      if (n.kind() === 'call_expression') {
        const cargs = argNodes(n);
        // super(msg) or Base.call(this, msg)
        const isSuper = n.field('function')?.kind() === 'super';
        const a = isSuper ? cargs[0] : cargs[1];
        // (`super(validator, message, given)` to a base of the tree: what it hands each of the base's
        // parameters, so the base's message is bound to the one it names, not taken as the first)
        if (isSuper && cargs.length >= 2 && !info.superArgs && ctx.fns[0]?.id() === fn.id()) info.superArgs = this.argInfos(cargs, r);
        if (a && superT === null) {
          // (not a wrapper of an error it is handed: `super(error instanceof Error ? error.message : 'Unknown error')`)
          const wraps = /\binstanceof\s+Error\b/.test(a.text());
          if (!wraps && (passesMessageField(a, params) || this.readsMessageField(a, r, body, params))) {
            this.fromMessageField.add(info.name);
            info.messageField = true;
          }
          superT = usable(a, r);
          // (Not `super(message || 'default')`: the default is no message of a site that passes one.)
          const options = defaultsParam(a, params) ? [] : choices(a, r);
          if (options.length > 1) superChoices = options.map((c) => buildTemplate(c.node, c.r).t).filter((t) => t.some(isLit));
          // A choice of messages the class makes itself: one unknown message besides the ones it spells out.
          if (superChoices.length) superT ??= buildTemplate(a, r).t;
          // (the other readings of the message it passes, valita's `super(formatIssueTree(tree))`
          // returning a text appended to under conditions, `msg += " (+ 1 other issue)"`)
          else if (superT?.some(isLit)) superChoices = (buildTemplate(a, r).alts ?? []).filter((t) => t.some(isLit));
        }
        continue;
      }
      const left = n.field('left')?.text() ?? '';
      const right = n.field('right');
      if (!right) continue;
      if (left === 'this.message') {
        const t = usable(right, r);
        if (t) messages.push(t);
        // (the readings a part of it gives, `${getArticle(type)}` returning "an" or "a", are the message's too)
        lastAlts = t ? (buildTemplate(right, r).alts ?? []) : [];
      }
      else if (left === 'this.code') info.code = literalString(right) ?? info.code ?? null;
      else info.httpStatus = httpStatusOf(numberLiteral(right)) ?? info.httpStatus ?? null;
    }
    const hasLit = (t: Template | null): boolean => !!t && t.some(isLit);
    // The last assignment is the message when they run in sequence; the ones with text of their own
    // before it are the branches' messages.
    const messageT = messages.at(-1) ?? null;
    if (returned) {
      info.template = returned;
      return;
    }
    info.template = messageT && (hasLit(messageT) || !hasLit(superT)) ? messageT : superT;
    const branches = messageT && info.template === messageT ? [...messages.slice(0, -1), ...lastAlts].filter(hasLit) : superChoices;
    if (branches.length) info.branches = branches;
    this.paramFields(body, info, params);
  }

  /**
   * A constructor that hands its message to a method of its class which sets it (`function
   * ReporterError(path, msg) { this.path = path; this.rethrow(msg); }` with
   * `ReporterError.prototype.rethrow = function (msg) { this.message = msg + ' at: ' + … }`, or the
   * method of an ES6 class's body): the method's `this.message`, its parameters read as the call's
   * arguments, so the class's message holds the constructor's parameters. Only constructors with no
   * message of their own get here, and one method is looked up per constructor.
   */
  private methodMessage(fn: SgNode, body: SgNode, info: ClassInfo): void {
    const m = THIS_CALL.exec(body.text());
    if (!m) return;
    const call = body.find({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^this\\.${m[1].replace(/\$/g, '\\$')}$` } } });
    if (!call || this.context(call).fns[0]?.id() !== fn.id()) return;
    let method: SgNode | null = null;
    const owner = fn.parent()?.kind() === 'class_body' ? fn.parent() : null;
    if (owner) {
      method = owner.children().find((c) => c.kind() === 'method_definition' && c.field('name')?.text() === m[1]) ?? null;
    } else if (info.name) {
      const left = `^${info.name.replace(/\$/g, '\\$')}\\.prototype\\.${m[1].replace(/\$/g, '\\$')}$`;
      const assign = this.root.find({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: left } } });
      const right = assign?.field('right');
      const rk = right?.kind() as string | undefined;
      method = rk === 'function_expression' || rk === 'function' || rk === 'arrow_function' ? right! : null;
    }
    const mbody = method?.field('body');
    if (!method || !mbody || !/this\.message\s*=[^=]/.test(mbody.text())) return;
    const set = mbody.find({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: '^this\\.message$' } } });
    const right = set?.field('right');
    if (!set || !right) return;
    const inner = this.scopes.resolver(this.context(set).fns);
    const r = bindParams(this.scopes.paramNames(method).display, argNodes(call), inner, this.scopes.resolver(this.context(call).fns));
    const b = buildTemplate(right, r);
    if (!b.s || !b.t.some(isLit)) return;
    info.template = b.t;
    const alts = (b.alts ?? []).filter((t) => t.some(isLit));
    if (alts.length) info.branches = alts;
  }

  /**
   * A parameter the constructor joins when it is an array (`if (Array.isArray(message)) message =
   * message.join(" ")` before `super(message)`, csv-stringify's `CsvError`): its holes say so
   * (Hole.join), and a raise's array literal fills them with its elements, joined.
   */
  private joinedParams(body: SgNode, info: ClassInfo, params: string[]): void {
    if (!info.template?.some(isHole)) return;
    const joins = new Map<string, string>();
    for (const m of body.text().matchAll(PARAM_JOINED)) if (params.includes(m[1]) && m[1] === m[2]) joins.set(m[1], m[4]);
    if (!joins.size) return;
    const mark = (t: Template): Template => t.map((s) => {
      const sep = isHole(s) && s.hole.expr ? joins.get(s.hole.expr) : undefined;
      return sep !== undefined ? { hole: { ...(s as { hole: Hole }).hole, join: sep } } : s;
    });
    info.template = mark(info.template);
    if (info.branches) info.branches = info.branches.map(mark);
  }

  /**
   * Holes reading a field the constructor sets to a parameter, once (`this._message = message`, read by a
   * method building the message, `this.message = this.str()`) name that parameter: a raise's argument
   * at its position fills them, as it fills `{message}` of `super(message)`.
   */
  private paramFields(body: SgNode, info: ClassInfo, params: string[]): void {
    this.joinedParams(body, info, params);
    if (!params.length || !info.template?.some((s) => isHole(s) && s.hole.expr?.startsWith('this.'))) return;
    const fields = new Map<string, string>();
    const text = body.text();
    for (const m of text.matchAll(PARAM_FIELD)) if (params.includes(m[2]) && !fields.has(`this.${m[1]}`)) fields.set(`this.${m[1]}`, m[2]);
    // (only a field the constructor writes once: one set to the parameter in a branch and to something
    // else in another, typedi's `normalizedIdentifier`, holds no one argument)
    for (const f of [...fields.keys()]) if ((text.match(new RegExp(`\\b${f.replace(/[.$]/g, '\\$&')}\\s*=[^=]`, 'g')) ?? []).length !== 1) fields.delete(f);
    if (!fields.size) return;
    const rename = (t: Template): Template => t.map((s) => {
      const p = isHole(s) && s.hole.expr ? fields.get(s.hole.expr) : undefined;
      return p ? { hole: { ...(s as { hole: Hole }).hole, name: p, expr: p } } : s;
    });
    info.template = rename(info.template);
    if (info.branches) info.branches = info.branches.map(rename);
  }

  /** The message of the error a constructor's `return` gives (`return new Error(msg)`, or a local holding one), or null. */
  private returnedError(ret: SgNode, r: Resolver, usable: (a: SgNode, r: Resolver) => Template | null): Template | null {
    let v: SgNode | null = namedKids(ret)[0] ?? null;
    let scope = r;
    if (v && unwrap(v).kind() === 'identifier') {
      const res = r.resolve(unwrap(v).text(), v.range().start.index, true);
      v = res?.value ?? null;
      if (res) scope = res.scope;
    }
    const u = v ? unwrap(v) : null;
    const cls = u?.kind() === 'new_expression' ? u.field('constructor')?.text() : null;
    const arg = u && cls && ERROR_CALL.test(cls) ? argNodes(u)[0] : null;
    return arg ? usable(arg, scope) : null;
  }

  private onInherits(call: SgNode, args: SgNode[]): void {
    const child = unwrap(args[0]);
    if (child.kind() !== 'identifier') return;
    this.es5Class(call, child.text(), oneLine(args[1].text()));
  }

  private onSetPrototypeOf(call: SgNode, args: SgNode[]): void {
    this.prototypeWiring(call, args[0], args[1]);
  }

  private onPrototypeAssign(n: SgNode): void {
    const right = n.field('right');
    if (!right) return;
    if (right.kind() === 'call_expression' && right.field('function')?.text() === 'Object.create') {
      this.prototypeWiring(n, n.field('left'), argNodes(right)[0]);
    } else if (right.kind() === 'new_expression') {
      // `IndexError.prototype = new RangeError()` (mathjs): the older way to inherit.
      const m = /^([\w$]+)\.prototype$/.exec(oneLine(n.field('left')?.text() ?? ''));
      const base = right.field('constructor');
      if (m && base && /^[\w$.]+$/.test(base.text())) {
        this.es5Class(n, m[1], base.text());
        if (BUILTIN_ERRORS.test(base.text())) this.stackOnPrototype(n, m[1], right);
      }
    }
  }

  /**
   * `X.prototype = new Error()` where X's constructor neither takes a stack (`captureStackTrace`,
   * `.stack =`, calling or constructing an error) nor hands back another object: every X shows the
   * prototype's stack, taken once, at this line.
   */
  private stackOnPrototype(at: SgNode, name: string, made: SgNode): void {
    const fn = this.scopes.findFunction(name, this.context(at).fns);
    if (!fn || this.prototypeStacks.has(name)) return;
    const body = fn.field('body')?.text() ?? fn.text();
    if (/captureStackTrace|\.stack\b|\bnew\s|Error\s*\(|\.(?:call|apply)\(\s*this\b|\breturn\b/.test(body)) return;
    this.prototypeStacks.set(name, made.range().start.line + 1);
  }

  /**
   * Raises of a class whose stack is its prototype's are answered where that stack was taken: the
   * class by its name, or by a key the file gives it (`$sub = { Err: JsViewsError }` … `new
   * $sub.Err(message)`; jsrender).
   */
  private stacksFromPrototypes(): void {
    const lineOf = new Map<string, number>();
    for (const [name, line] of this.prototypeStacks) {
      lineOf.set(name, line);
      const esc = name.replace(/\$/g, '\\$');
      // (`Err: X,` in an object literal, `ns.Err = X;`: linear scans of the text, only in a file with such a class)
      for (const m of this.source.matchAll(new RegExp(`([\\w$]+)\\s*:\\s*${esc}(?![\\w$])(?!\\s*[.(])`, 'g'))) if (!lineOf.has(m[1])) lineOf.set(m[1], line);
      for (const m of this.source.matchAll(new RegExp(`\\.([\\w$]+)\\s*=\\s*${esc}\\s*[;,\\n]`, 'g'))) if (!lineOf.has(m[1])) lineOf.set(m[1], line);
    }
    for (const site of this.sites) {
      const line = site.errorClass ? lineOf.get(lastSegment(site.errorClass)) : undefined;
      if (line !== undefined && line !== site.line) {
        site.line = line;
        site.column = 0;
      }
    }
  }

  /** `Child.prototype` wired to `Base.prototype` (setPrototypeOf, `= Object.create(...)`): an ES5 class. */
  private prototypeWiring(at: SgNode, child: SgNode | null | undefined, base: SgNode | null | undefined): void {
    const m = child ? /^([\w$]+)\.prototype$/.exec(oneLine(child.text())) : null;
    const mb = base ? /^([\w$.]+)\.prototype$/.exec(oneLine(base.text())) : null;
    if (m && mb) this.es5Class(at, m[1], mb[1]);
  }

  /** An ES5 constructor wired with util.inherits / Object.create / setPrototypeOf. */
  private es5Class(at: SgNode, name: string, base: string): void {
    if (this.es5.has(name)) return;
    this.es5.add(name);
    const fn = this.scopes.findFunction(name, this.context(at).fns);
    if (!fn) return;
    const { display } = this.scopes.paramNames(fn);
    const info: ClassInfo = { name, bases: [base], line: fn.range().start.line + 1, template: null, params: display, code: null, httpStatus: null };
    this.constructorFacts(fn, info, display);
    this.classes.push(info);
  }

  /**
   * An error class made from a code and a message: Node's internal table (`E('ERR_X', 'msg %s',
   * TypeError)`, readable-stream's `createErrorType(code, fn, Base)`), a factory's class bound to a name.
   */
  private onMessageTable(n: SgNode, args: SgNode[], bound: string | null): void {
    const code = literalString(args[0] ?? null);
    if (!code || !args[1]) return;
    const msg = unwrap(args[1]);
    const mk = msg.kind() as string;
    let template: Template | null = null;
    let params: string[] = [];
    if (mk === 'string' || mk === 'template_string') {
      const ctx = this.context(n);
      const t = buildTemplate(msg, this.scopes.resolver(ctx.fns)).t;
      let count = 0;
      template = expandVerbs(t, (i, verb) => {
        count = Math.max(count, i + 1);
        return [hole(`arg${i}`, VERB_KIND[verb] ?? 'any')];
      }).t;
      params = Array.from({ length: count }, (_, i) => `arg${i}`);
    } else if (mk === 'arrow_function' || mk === 'function_expression' || mk === 'function') {
      params = this.scopes.paramNames(msg).display;
      const body = msg.field('body');
      let ret: SgNode | null = null;
      if (body && body.kind() !== 'statement_block') ret = body;
      else if (body) {
        for (const st of namedKids(body)) if (st.kind() === 'return_statement') ret = namedKids(st)[0] ?? ret;
      }
      if (ret) {
        const ctx = this.context(ret);
        const b = buildTemplate(ret, this.scopes.resolver(ctx.fns));
        if (b.s) template = b.t;
      }
    }
    const bases = args.slice(2).map((a) => oneLine(a.text())).filter((b) => /^[A-Za-z_$][\w$.]*$/.test(b));
    // The class is constructed by its code (Node's table), or by the name a factory's value is bound to.
    this.classes.push({ name: bound ?? code, bases, line: n.range().start.line + 1, template, params, code, httpStatus: null });
  }
}

/** The name a value is bound to: a property's key (`X: f()`), a variable (`const X = f()`), `exports.X = f()`. */
function boundName(value: SgNode): string | null {
  const p = value.parent();
  if (!p) return null;
  let name: string | null = null;
  if (p.kind() === 'pair' && p.field('value')?.id() === value.id()) name = p.field('key')?.text() ?? null;
  else if (p.kind() === 'variable_declarator' && p.field('value')?.id() === value.id()) name = p.field('name')?.text() ?? null;
  else if (p.kind() === 'assignment_expression' && p.field('right')?.id() === value.id()) name = lastSegment(oneLine(p.field('left')?.text() ?? ''));
  return name && /^[A-Za-z_$][\w$]*$/.test(name) ? name : null;
}

/** The name a function is known by: its own, or the variable it is assigned to. */
/**
 * `prefix ? a : b` where `prefix` is a parameter the call passes as `true` or `false`: the side it
 * chooses (ws's `this.createError(RangeError, '…', false, …)`); anything else as it is.
 */
function chosenBy(node: SgNode, params: string[], args: SgNode[]): SgNode {
  const t = unwrap(node);
  if (t.kind() !== 'ternary_expression') return node;
  const cond = t.field('condition') ? unwrap(t.field('condition')!) : null;
  const at = cond?.kind() === 'identifier' ? params.indexOf(cond.text()) : -1;
  const given = at >= 0 && args[at] ? unwrap(args[at]).kind() as string : '';
  const side = given === 'true' ? t.field('consequence') : given === 'false' ? t.field('alternative') : null;
  return side ?? node;
}

function functionName(fn: SgNode): string | null {
  const own = fn.field('name');
  if (own) return own.text();
  const p = fn.parent();
  if (p && p.kind() === 'variable_declarator') return p.field('name')?.text() ?? null;
  return null;
}

function analyzeWith(grammar: Grammar, source: string): FileAnalysis {
  const root = parseSource(grammar, source).root();
  const analysis = new Analyzer(root, source, grammar !== 'javascript').run();
  if (analysis.syntaxErrorLine === undefined || grammar !== 'javascript') return analysis;
  // tree-sitter-javascript rejects some valid code that its superset, the TSX grammar, reads: JSX
  // attributes and export names that are reserved words (`<div class="x">`, `export { t as enum }`),
  // `let a` followed by a line starting with `[`. Every such file among the installed packages
  // (argparse, zod, valibot) parses cleanly as TSX; a file broken for both keeps its first analysis.
  const again = new Analyzer(parseSource('tsx', source).root(), source, true).run();
  return again.syntaxErrorLine === undefined ? again : analysis;
}

/** Analyze a JavaScript file (`tsx`: a TypeScript file written as TSX). */
export const analyzeJavaScript = (source: string): FileAnalysis => analyzeWith('javascript', source);
export const analyzeTypeScript = (source: string, path: string): FileAnalysis => analyzeWith(tsGrammar(path), source);

/**
 * TEMPLATE with each hole that is a parameter of FN written with a default text (`message =
 * "Unexpected token"`) put as that text: what a call leaving the parameter out raises. Null when no
 * hole is such a parameter.
 */
function withParamDefaults(template: Template, fn: SgNode, r: Resolver): Template | null {
  if (!template.some((s) => isHole(s) && /^[\w$]+$/.test(s.hole.expr ?? ''))) return null;
  const params = fn.field('parameters');
  if (!params) return null;
  const defaults = new Map<string, Template>();
  for (const p of namedKids(params)) {
    if (p.kind() !== 'assignment_pattern') continue;
    const name = p.field('left');
    const value = p.field('right') ? unwrap(p.field('right')!) : null;
    if (!name || name.kind() !== 'identifier' || !value || (value.kind() !== 'string' && value.kind() !== 'template_string')) continue;
    const b = buildTemplate(value, r);
    if (b.s && b.t.some(isLit)) defaults.set(name.text(), b.t);
  }
  if (defaults.size === 0) return null;
  let changed = false;
  const out = template.flatMap((s) => {
    const d = isHole(s) && s.hole.expr === s.hole.name ? defaults.get(s.hole.expr) : undefined;
    if (!d) return [s];
    changed = true;
    return d;
  });
  return changed ? normalize(out) : null;
}

/** `var ValidationError = _ValidationError;`: a name bound to another name, at the start of a line. */
const NAME_ALIAS = /^[ \t]*(?:var|let|const)\s+([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*;?[ \t]*$/gm;
const MAX_CLASS_ALIASES = 500;

/**
 * The file's classes under the other names they are bound to: esbuild keeps a class's name by
 * declaring `var _X = class _X extends Base {…}; __name(_X, "X"); var X = _X;` (tsup's bundles), and
 * the raises construct `new X(…)`. Each alias is the class, under its name.
 */
function classAliases(source: string, classes: ClassInfo[]): ClassInfo[] {
  if (classes.length === 0) return [];
  const byName = new Map(classes.map((c) => [c.name, c]));
  const out: ClassInfo[] = [];
  for (const m of source.matchAll(NAME_ALIAS)) {
    const cls = byName.get(m[2]);
    if (!cls || byName.has(m[1]) || m[1] === m[2]) continue;
    const alias = { ...cls, name: m[1] };
    byName.set(m[1], alias);
    out.push(alias);
    if (out.length >= MAX_CLASS_ALIASES) break;
  }
  return out;
}

/** `param || …` / `param ?? …`: a parameter with a fallback. */
function defaultsParam(node: SgNode, params: string[]): boolean {
  const n = unwrap(node);
  if (!isFallback(n)) return false;
  const left = n.field('left');
  return !!left && left.kind() === 'identifier' && params.includes(left.text());
}

/** A code constant: `DOMException.HIERARCHY_REQUEST_ERR` (the class's own), `ErrorCodes.NOT_FOUND`. */
const CODE_CONSTANT = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/**
 * Whether a construction's first argument is a code and its second the message: the old DOM form
 * `new DOMException(code, message)` and its like. The first is a number or an upper-case constant of
 * the class itself or of an object named for codes, and is no text; the second is text.
 */
function codeBeforeMessage(cls: string, args: SgNode[], built: { t: Template; s: boolean }[]): boolean {
  if (args.length < 2 || built[0].s || !built[1].s || !built[1].t.some(isLit)) return false;
  const first = unwrap(args[0]);
  if (first.kind() === 'number') return true;
  if (first.kind() !== 'member_expression') return false;
  const obj = first.field('object');
  const prop = first.field('property')?.text() ?? '';
  if (!obj || obj.kind() !== 'identifier' || !CODE_CONSTANT.test(prop)) return false;
  return obj.text() === lastSegment(cls) || /codes?$/i.test(obj.text());
}
