// Facts around a JavaScript/TypeScript site: the qualified enclosing symbol, the
// guard conditions (outermost first), and variable lookup (nearest preceding
// assignment in the same function, then enclosing functions, then the module).
//
// Everything here is computed from a walk up each site's ancestors (stopping
// where an earlier site's walk went through, see ContextCache) plus lazily
// built, cached per-function binding indexes, to keep N-API crossings low.

import type { SgNode } from '@ast-grep/napi';
import type { Guard } from '../../core/site.js';
import { namedImportBindings, namespaceBindings } from './namespaces.js';
import { namedKids, unwrap, type Resolved, type Resolver } from './template.js';

export const FN_KINDS = new Set([
  'function_declaration',
  'function_expression',
  'function',
  'arrow_function',
  'method_definition',
  'generator_function_declaration',
  'generator_function',
  'class_static_block',
]);
export const CLASS_KINDS = new Set(['class_declaration', 'class', 'abstract_class_declaration']);

export interface SiteContext {
  /** Enclosing functions, innermost first. */
  fns: SgNode[];
  symbol: string | null;
  guards: Guard[];
  /** Names bound by enclosing `catch (e)` clauses (any level). */
  catchParams: Set<string>;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
const MAX_GUARD = 300;
const cap = (s: string): string => (s.length > MAX_GUARD ? s.slice(0, MAX_GUARD) : s);

/** Condition text without its parentheses: `(a && b)` → `a && b`. */
export function condText(n: SgNode | null): string {
  if (!n) return '';
  let t = oneLine(n.text());
  if (n.kind() === 'parenthesized_expression' && t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1).trim();
  return cap(t);
}

/** `for (...)` header text: `let i = 0; i < n; i++`, `const x of xs`. */
function forHeader(n: SgNode): string {
  let out = '';
  let open = false;
  for (const c of n.children()) {
    const t = c.text();
    if (!open) {
      if (t === '(') open = true;
      continue;
    }
    if (t === ')' && !c.isNamed()) break;
    if (c.kind() === 'comment') continue;
    const s = oneLine(t);
    if (s === ';') out += ';';
    else out += (out && !out.endsWith(' ') ? ' ' : '') + s;
  }
  return cap(out.trim());
}

type KindAt = (i: number) => string | undefined;
type NodeAt = (i: number) => SgNode | undefined;

/**
 * Ancestors fetched one parent() at a time: a site usually needs only the part
 * up to its innermost function (the rest comes from a per-function cache), and
 * every node handed over N-API costs microseconds.
 */
function lazyAncestors(node: SgNode): { at: NodeAt; kind: KindAt } {
  const nodes: SgNode[] = [];
  const kinds: string[] = [];
  let done = false;
  const at: NodeAt = (i) => {
    while (!done && nodes.length <= i) {
      const last = nodes.length ? nodes[nodes.length - 1] : node;
      const p = last.parent();
      if (p) nodes.push(p);
      else done = true;
    }
    return nodes[i];
  };
  const kind: KindAt = (i) => {
    const n = at(i);
    if (!n) return undefined;
    return (kinds[i] ??= n.kind() as string);
  };
  return { at, kind };
}

/** `module.exports.parse` → `exports.parse`, `this.run` → `run`, `A.prototype.run` → `A.run`. */
function cleanTarget(t: string): string | null {
  let s = oneLine(t).replace(/^module\./, '').replace(/^this\./, '').replace(/\.prototype\./g, '.').replace(/\.prototype$/, '');
  if (s.length > 80) s = s.slice(0, 80);
  return s || null;
}

function keyText(k: SgNode | null): string | null {
  if (!k) return null;
  const t = k.text();
  if (k.kind() === 'string') return t.slice(1, -1);
  return oneLine(t);
}

/** Name a function/class gets from where it is written: `const f = () => {}`, `obj.f = function () {}`, `{ f: () => {} }`. */
function holderName(anc: NodeAt, kinds: KindAt, i: number): string | null {
  const p = anc(i + 1);
  const pk = kinds(i + 1);
  if (!p) return null;
  // `const f = ...` and `obj.f = ...` name it the way they name an object literal.
  if (pk === 'variable_declarator' || pk === 'assignment_expression') return objectHolder(anc, kinds, i);
  if (pk === 'pair') {
    const key = keyText(p.field('key'));
    if (!key) return null;
    const holder = kinds(i + 2) === 'object' ? objectHolder(anc, kinds, i + 2) : null;
    return holder ? `${holder}.${key}` : key;
  }
  if (pk === 'field_definition') return keyText(p.field('property'));
  if (pk === 'public_field_definition') return keyText(p.field('name'));
  // `export default (a, b) => {…}`: V8 names it `default` (`at Function.default (…/mix.js:12:15)`)
  if (pk === 'export_statement') return 'default';
  return null;
}

/** The variable or assignment target holding an object literal. */
function objectHolder(anc: NodeAt, kinds: KindAt, j: number): string | null {
  const pk = kinds(j + 1);
  const p = anc(j + 1);
  if (!p) return null;
  if (pk === 'variable_declarator') {
    const nm = p.field('name');
    return nm && nm.kind() === 'identifier' ? nm.text() : null;
  }
  if (pk === 'assignment_expression') {
    const left = p.field('left');
    return left ? cleanTarget(left.text()) : null;
  }
  return null;
}

function nameAt(anc: NodeAt, kinds: KindAt, i: number): string | null {
  const a = anc(i)!;
  const k = kinds(i);
  switch (k) {
    case 'function_declaration':
    case 'generator_function_declaration':
      return a.field('name')?.text() ?? null;
    case 'method_definition': {
      const nm = keyText(a.field('name'));
      if (!nm) return null;
      if (kinds(i + 1) === 'object') {
        const holder = objectHolder(anc, kinds, i + 1);
        return holder ? `${holder}.${nm}` : nm;
      }
      return nm;
    }
    case 'function_expression':
    case 'function':
    case 'generator_function': {
      const own = a.field('name');
      return own ? own.text() : holderName(anc, kinds, i);
    }
    case 'arrow_function':
      return holderName(anc, kinds, i);
    case 'class_declaration':
    case 'abstract_class_declaration':
    case 'class': {
      const own = a.field('name');
      return own ? own.text() : holderName(anc, kinds, i);
    }
    default:
      return null;
  }
}

/** What a node gets from everything strictly above it (innermost first). */
interface Above {
  guards: Guard[];
  fns: SgNode[];
  names: string[];
  catchList: string[];
}

/**
 * Per-file memory of siteContext walks: node id → what lies above the node.
 * Each ancestor handed over N-API costs microseconds to create and collect, and
 * sites cluster (one function raising in several branches, a minified bundle
 * calling a helper hundreds of times): a walk stops at the first node an
 * earlier walk went through. What lies above a node depends only on the node
 * and on whether the walk is still below its innermost function (guards are
 * collected only there), hence two maps.
 */
export class ContextCache {
  readonly belowFn = new Map<number, Above>();
  readonly aboveFn = new Map<number, Above>();
}

/**
 * Symbol, guards and enclosing functions of a node, from one walk up its
 * ancestors (stopping where an earlier walk in `cache` went through).
 */
export function siteContext(node: SgNode, cache?: ContextCache): SiteContext {
  const { at: anc, kind: kinds } = lazyAncestors(node);
  const fns: SgNode[] = [];
  const guards: Guard[] = [];
  const names: string[] = [];
  const catchList: string[] = [];
  let inFn = true;
  let child = node;
  let childKind = node.kind() as string;
  // Each node walked through gets a cache entry: what was collected from its parent on.
  const marks: Array<{ map: Map<number, Above>; id: number; guards: number; fns: number; names: number; catches: number }> = [];
  for (let i = 0; ; i++) {
    if (cache) {
      const map = inFn ? cache.belowFn : cache.aboveFn;
      const id = child.id();
      const hit = map.get(id);
      if (hit) {
        guards.push(...hit.guards);
        fns.push(...hit.fns);
        names.push(...hit.names);
        catchList.push(...hit.catchList);
        break;
      }
      marks.push({ map, id, guards: guards.length, fns: fns.length, names: names.length, catches: catchList.length });
    }
    const a = anc(i);
    if (!a) break;
    const k = kinds(i)!;
    if (FN_KINDS.has(k)) {
      fns.push(a);
      inFn = false;
    } else if (k === 'class_body' || k === 'program') {
      inFn = false;
    }
    if (FN_KINDS.has(k) || CLASS_KINDS.has(k)) {
      const nm = nameAt(anc, kinds, i);
      if (nm) names.push(nm);
    }
    if (k === 'catch_clause') {
      const p = a.field('parameter');
      if (p) {
        const ids = p.kind() === 'identifier' ? [p.text()] : (p.text().match(/[A-Za-z_$][\w$]*/g) ?? []);
        catchList.push(...ids, ...catchAliases(a, ids));
      }
    }
    if (inFn) {
      const line = () => a.range().start.line + 1;
      switch (k) {
        case 'if_statement':
          if (childKind === 'else_clause') guards.push({ kind: 'else', text: `!(${condText(a.field('condition'))})`, line: line() });
          else if (childKind !== 'parenthesized_expression') guards.push({ kind: 'if', text: condText(a.field('condition')), line: line() });
          break;
        case 'while_statement':
        case 'do_statement':
          if (childKind !== 'parenthesized_expression') guards.push({ kind: 'while', text: condText(a.field('condition')), line: line() });
          break;
        case 'for_statement':
        case 'for_in_statement': {
          const body = a.field('body');
          if (body && body.id() === child.id()) guards.push({ kind: 'for', text: forHeader(a), line: line() });
          break;
        }
        case 'switch_case': {
          const value = a.field('value');
          if (!value || value.id() !== child.id()) {
            const sw = kinds(i + 2) === 'switch_statement' ? (anc(i + 2) ?? null) : null;
            const v = value ? oneLine(value.text()) : '';
            const subject = sw ? condText(sw.field('value')) : '';
            guards.push({ kind: 'case', text: cap(subject ? `${subject} === ${v}` : v), line: line() });
          }
          break;
        }
        case 'switch_default': {
          const sw = kinds(i + 2) === 'switch_statement' ? (anc(i + 2) ?? null) : null;
          guards.push({ kind: 'default', text: sw ? condText(sw.field('value')) : '', line: line() });
          break;
        }
        case 'catch_clause':
          if (childKind === 'statement_block') {
            const p = a.field('parameter');
            guards.push({ kind: 'catch', text: p ? oneLine(p.text()) : '', line: line() });
          }
          break;
      }
    }
    child = a;
    childKind = k;
  }
  for (const m of marks) {
    m.map.set(m.id, { guards: guards.slice(m.guards), fns: fns.slice(m.fns), names: names.slice(m.names), catchList: catchList.slice(m.catches) });
  }
  guards.reverse();
  const symbolNames = [...names].reverse();
  return { fns, symbol: symbolNames.length ? symbolNames.join('.') : null, guards, catchParams: new Set(catchList) };
}

/**
 * Names the first statements of a catch block set to its parameter (`catch (e$) { e = e$; … }`, as
 * LiveScript and CoffeeScript compile a catch): they hold the caught error too.
 */
function catchAliases(clause: SgNode, params: string[]): string[] {
  const out: string[] = [];
  const body = clause.field('body');
  if (!body || params.length !== 1) return out;
  let k = 0;
  for (const st of body.namedChildren()) {
    if (k++ >= MAX_ALIAS_STATEMENTS) break;
    const m = ALIAS.exec(st.text());
    if (m && m[2] === params[0]) out.push(m[1]);
  }
  return out;
}
const MAX_ALIAS_STATEMENTS = 2;
const ALIAS = /^(?:(?:var|let|const)\s+)?([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*)\s*;?$/;

// ---------------------------------------------------------------------------
// Bindings

type Op = 'decl' | 'assign' | 'aug';

/** One binding of a name. Position and value are read lazily (N-API crossings are the cost). */
export class Binding {
  private idx = -1;
  private endIdx = -1;
  private val: SgNode | null | undefined;
  constructor(
    readonly name: string,
    readonly op: Op,
    readonly node: SgNode,
    private readonly valueField: 'value' | 'right' | null,
  ) {}
  get index(): number {
    if (this.idx < 0) this.read();
    return this.idx;
  }
  /** Where the binding's node ends (read with its start: one crossing for both). */
  get end(): number {
    if (this.idx < 0) this.read();
    return this.endIdx;
  }
  private read(): void {
    const r = this.node.range();
    this.idx = r.start.index;
    this.endIdx = r.end.index;
  }
  get value(): SgNode | null {
    if (this.val === undefined) this.val = this.valueField ? this.node.field(this.valueField) : null;
    return this.val;
  }
}

export interface Scope {
  /** Function node id, or -1 for the module. */
  id: number;
  /** Index built from the whole subtree (owner checks needed) or from top-level statements only. */
  full: boolean;
  /** A full index was asked for and cannot be built (function too large, no block body): this is final. */
  noFull?: boolean;
  bindings: Map<string, Binding[]>;
  /** `err.code = ...` style assignments, keyed `err.code`. */
  members: Map<string, Binding[]>;
  params: Set<string>;
  /** Function declarations of the scope, unnamed until findFunction needs them. */
  functions: SgNode[];
  functionNames?: Map<string, SgNode>;
  /** Full indexes: functions nested in this one (their bindings are not this scope's). */
  nested?: Nested;
}

const CONDITIONAL = new Set([
  'if_statement', 'switch_case', 'switch_default', 'for_statement', 'for_in_statement', 'while_statement', 'do_statement',
  'catch_clause', 'ternary_expression', 'binary_expression',
]);

/** Values of a reassigned name read as its alternatives at one use, at most. */
const MAX_REACHING = 4;

/** Whether a binding is under a condition (in its function) that position `at` is not inside. */
function conditionalBefore(n: SgNode, at: number): boolean {
  for (let a = n.parent(); a; a = a.parent()) {
    const k = a.kind() as string;
    if (FN_KINDS.has(k)) return false;
    if (!CONDITIONAL.has(k)) continue;
    const r = a.range();
    if (at < r.start.index || at >= r.end.index) return true;
  }
  return false;
}

/** ids of the conditional constructs around a node, up to its function. */
function conditionalAncestors(n: SgNode): Set<number> {
  const out = new Set<number>();
  for (let a = n.parent(); a; a = a.parent()) {
    const k = a.kind() as string;
    if (FN_KINDS.has(k)) break;
    if (CONDITIONAL.has(k)) out.add(a.id());
  }
  return out;
}

const IDENT_RE = /[A-Za-z_$][\w$]*/g;
/** Innermost functions larger than this are indexed by their top-level statements only. */
const FULL_INDEX_LIMIT = 200_000;

function push(map: Map<string, Binding[]>, b: Binding): void {
  const list = map.get(b.name);
  if (list) list.push(b);
  else map.set(b.name, [b]);
}

const SIMPLE_NAME = /^[A-Za-z_$][\w$]*$/;

function addDeclaration(scope: Scope, decl: SgNode): void {
  for (const d of decl.namedChildren()) {
    // The declarator's text starts with its name (`x = ...`, `x: T = ...`): cheaper than field('name').
    const head = /^[A-Za-z_$][\w$]*/.exec(d.text());
    if (head && head[0] !== 'in' && head[0] !== 'of') {
      push(scope.bindings, new Binding(head[0], 'decl', d, 'value'));
      continue;
    }
    const nm = d.field('name'); // null for comments
    if (!nm) continue;
    const t = nm.text();
    if (SIMPLE_NAME.test(t)) push(scope.bindings, new Binding(t, 'decl', d, 'value'));
    else for (const id of patternNames(t)) push(scope.bindings, new Binding(id, 'decl', d, null));
  }
}

/** A property key of an object pattern that renames (`{ throws: assertThrows }`): the key binds nothing. */
const RENAMED_KEY = /[A-Za-z_$][\w$]*\s*:/g;

/**
 * The names a destructuring pattern binds, read from its text: every identifier but the keys an
 * object pattern renames (`const { throws: assertThrows } = require('assert')` binds
 * `assertThrows`, not `throws`, which may be the file's own function).
 */
function patternNames(t: string): string[] {
  return (t.includes(':') ? t.replace(RENAMED_KEY, ' ') : t).match(IDENT_RE) ?? [];
}

function addAssignment(scope: Scope, a: SgNode, augmented: boolean): void {
  const left = a.field('left');
  if (!left) return;
  const t = left.text();
  if (SIMPLE_NAME.test(t)) {
    if (augmented) {
      const op = a.field('operator')?.text();
      if (op === '+=') push(scope.bindings, new Binding(t, 'aug', a, 'right'));
      else if (op === '??=' || op === '||=') push(scope.bindings, new Binding(t, 'assign', a, 'right'));
      else push(scope.bindings, new Binding(t, 'assign', a, null));
    } else {
      push(scope.bindings, new Binding(t, 'assign', a, 'right'));
    }
  } else if (!augmented && t.length < 80 && /^[A-Za-z_$][\w$]*\.(?:prototype\.)?[A-Za-z_$][\w$]*$/.test(t)) {
    // (`X.prototype.m = function …`: an ES5 class's method, which `this.m(…)` in its other methods calls)
    push(scope.members, new Binding(t, 'assign', a, 'right'));
  }
}

/** Function declarations are only needed by name for ES5 classes: named lazily (see findFunction). */
function addFunction(scope: Scope, fn: SgNode): void {
  scope.functions.push(fn);
}

function addStatement(scope: Scope, st: SgNode): void {
  const k = st.kind() as string;
  if (k === 'lexical_declaration' || k === 'variable_declaration') addDeclaration(scope, st);
  else if (k === 'function_declaration') addFunction(scope, st);
  else if (k === 'export_statement') {
    const d = st.field('declaration');
    const dk = d ? (d.kind() as string) : '';
    if (d && (dk === 'lexical_declaration' || dk === 'variable_declaration')) addDeclaration(scope, d);
    else if (d && dk === 'function_declaration') addFunction(scope, d);
  } else if (k === 'expression_statement') {
    const e = namedKids(st)[0];
    if (!e) return;
    const ek = e.kind() as string;
    if (ek === 'assignment_expression') addAssignment(scope, e, false);
    else if (ek === 'augmented_assignment_expression') addAssignment(scope, e, true);
  }
}

const FUNCTION_VALUES = new Set(['function_expression', 'function', 'arrow_function']);

/** The method `name` of a class body (only a `static` one with `statics`). */
function classMethod(body: SgNode, name: string, statics: boolean): SgNode | null {
  for (const m of namedKids(body)) {
    if (m.kind() !== 'method_definition' || m.field('name')?.text() !== name) continue;
    const isStatic = m.children().some((c) => c.kind() === 'static');
    if (isStatic === statics) return m;
  }
  return null;
}

/** Parameter names of a function (identifiers inside patterns included). */
export function paramNames(fn: SgNode): { names: Set<string>; display: string[] } {
  const names = new Set<string>();
  const display: string[] = [];
  const single = fn.field('parameter');
  if (single) {
    names.add(single.text());
    display.push(single.text());
    return { names, display };
  }
  const params = fn.field('parameters');
  if (!params) return { names, display };
  for (const p of namedKids(params)) {
    let n: SgNode | null = p;
    const k = p.kind() as string;
    if (k === 'required_parameter' || k === 'optional_parameter') n = p.field('pattern');
    if (n && n.kind() === 'assignment_pattern') n = n.field('left');
    if (n && n.kind() === 'rest_pattern') n = namedKids(n)[0] ?? n;
    if (!n) continue;
    const t = oneLine(n.text());
    if (t === 'this') continue;
    if (n.kind() === 'identifier') names.add(t);
    else for (const id of t.match(IDENT_RE) ?? []) names.add(id);
    display.push(t);
  }
  return { names, display };
}

// Bindings are pushed in document order (children order, findAll pre-order), so
// each per-name list is already sorted by position.

const INDEX_RULE = {
  rule: {
    any: [
      { kind: 'lexical_declaration' },
      { kind: 'variable_declaration' },
      { kind: 'assignment_expression' },
      { kind: 'augmented_assignment_expression' },
      { kind: 'function_declaration' },
      // nested functions, to tell which bindings belong to the indexed function
      { kind: 'function_expression' },
      { kind: 'arrow_function' },
      { kind: 'method_definition' },
      { kind: 'generator_function_declaration' },
      { kind: 'generator_function' },
      { kind: 'class_static_block' },
    ],
  },
};

/** Start/end of nested functions, sorted by start, with the running maximum end. */
interface Nested {
  starts: number[];
  maxEnd: number[];
}

function insideNested(n: Nested | undefined, index: number): boolean {
  if (!n || n.starts.length === 0) return false;
  // last nested function starting strictly before `index`
  let lo = 0;
  let hi = n.starts.length - 1;
  let j = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (n.starts[mid] < index) {
      j = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return j >= 0 && n.maxEnd[j] > index;
}

export interface Lookup {
  binding: Binding;
  scope: Scope;
  /** Level in the function chain where it was found (fns.length = module). */
  level: number;
  augments: SgNode[];
  /** `augments` stop before a `+=` under a condition or loop the binding is not under. */
  cut?: boolean;
  constant: boolean;
  /** The bindings before `binding` that `at` may see (FileScopes.reaching). */
  earlier: Earlier;
}

/** A scope's bindings of one name, in order, and how many of them come before the chosen one (`aug` ones included). */
interface Earlier {
  list: Binding[];
  before: number;
}

const EXPORTED_OBJECT_TEXT = /\bexports\.[\w$]+\s*=\s*\{/;
const EXPORTED_OBJECT_RULE = {
  rule: { kind: 'assignment_expression', has: { field: 'left', regex: String.raw`^(?:module\.)?exports\.[A-Za-z_$][A-Za-z0-9_$]*$` } },
};

/** Per-file cache of binding indexes, and lookups over a chain of functions. */
export class FileScopes {
  private scopes = new Map<number, Scope>();
  private module: Scope | null = null;

  constructor(
    private readonly root: SgNode,
    private readonly source: string,
  ) {}

  /** `exports.NAME = {…}` anywhere in the file (a module of a bundle), by NAME; walked for on first use. */
  private exportedObjects: Map<string, SgNode> | null = null;

  exportedObject(name: string): SgNode | null {
    if (!this.exportedObjects) {
      this.exportedObjects = new Map();
      if (EXPORTED_OBJECT_TEXT.test(this.source)) {
        for (const a of this.root.findAll(EXPORTED_OBJECT_RULE)) {
          const right = a.field('right');
          const key = /[\w$]+$/.exec(a.field('left')?.text() ?? '')?.[0];
          if (key && right && unwrap(right).kind() === 'object' && !this.exportedObjects.has(key)) this.exportedObjects.set(key, unwrap(right));
        }
      }
    }
    return this.exportedObjects.get(name) ?? null;
  }

  private moduleScope(): Scope {
    if (this.module) return this.module;
    const scope: Scope = { id: -1, full: false, bindings: new Map(), members: new Map(), params: new Set(), functions: [] };
    for (const st of this.root.children()) addStatement(scope, st);
    this.module = scope;
    return this.module;
  }

  private params = new Map<number, { names: Set<string>; display: string[] }>();

  /** paramNames, once per function: every site and helper call in a function asks (shared: do not mutate). */
  paramNames(fn: SgNode, id = fn.id()): { names: Set<string>; display: string[] } {
    let p = this.params.get(id);
    if (!p) {
      p = paramNames(fn);
      this.params.set(id, p);
    }
    return p;
  }

  paramsOf(fn: SgNode, id = fn.id()): Set<string> {
    return this.paramNames(fn, id).names;
  }

  scopeOf(fn: SgNode, wantFull: boolean): Scope {
    const id = fn.id();
    const cached = this.scopes.get(id);
    if (cached && (cached.full || cached.noFull || !wantFull)) return cached;
    const scope: Scope = { id, full: false, bindings: new Map(), members: new Map(), params: this.paramsOf(fn, id), functions: [] };
    const body = fn.field('body');
    const r = fn.range();
    if (wantFull && body && r.end.index - r.start.index <= FULL_INDEX_LIMIT) {
      scope.full = true;
      const ranges: Array<[number, number]> = [];
      for (const n of body.findAll(INDEX_RULE)) {
        const k = n.kind() as string;
        if (k === 'lexical_declaration' || k === 'variable_declaration') addDeclaration(scope, n);
        else if (k === 'assignment_expression' || k === 'augmented_assignment_expression') addAssignment(scope, n, k === 'augmented_assignment_expression');
        else {
          const nr = n.range();
          ranges.push([nr.start.index, nr.end.index]);
          if (k === 'function_declaration') addFunction(scope, n);
        }
      }
      // findAll is pre-order: starts are already sorted
      const maxEnd: number[] = [];
      let m = -1;
      for (const [, e] of ranges) maxEnd.push((m = Math.max(m, e)));
      scope.nested = { starts: ranges.map((x) => x[0]), maxEnd };
    } else if (body && body.kind() === 'statement_block') {
      for (const st of body.children()) addStatement(scope, st);
    } else if (body && (body.kind() as string === 'class_body' || FN_KINDS.has(fn.kind() as string))) {
      // expression-bodied arrow: nothing declared
    }
    // (A bundle's wrapper function, too large for a full index, is asked for one at every site on its top level.)
    if (wantFull && !scope.full) scope.noFull = true;
    this.scopes.set(id, scope);
    return scope;
  }

  /** Start and end of each function's body, by function id (null: no body). */
  private bodies = new Map<number, [number, number] | null>();

  /**
   * Can the body of `fn` bind `name`? A binding's text holds the name, so a body
   * holding it nowhere but at `at` (the use being resolved) binds nothing: its full
   * index, one query over the whole body, is not needed for this name (parameters,
   * names from outer functions). Answers from an index already built are free.
   */
  private mayBind(fn: SgNode, name: string, at: number): boolean {
    const id = fn.id();
    if (this.scopes.get(id)?.full) return true;
    let body = this.bodies.get(id);
    if (body === undefined) {
      const r = fn.field('body')?.range();
      body = r ? [r.start.index, r.end.index] : null;
      this.bodies.set(id, body);
    }
    if (!body) return false;
    const [start, end] = body;
    // (searched in the body's range alone, a view of the text: indexOf from `start` would run on past
    // `end` to the next occurrence, perhaps the end of the file, for every name asked)
    const range = this.source.slice(start, end);
    for (let r = range.indexOf(name); r >= 0 && r + name.length <= range.length; r = range.indexOf(name, r + 1)) {
      if (start + r !== at) return true;
    }
    return false;
  }

  /** A full index holds nested functions' bindings too: keep only this function's own. */
  private owned(b: Binding, scope: Scope): boolean {
    return this.ownedAt(b.index, scope);
  }

  private ownedAt(index: number, scope: Scope): boolean {
    return !scope.full || !insideNested(scope.nested, index);
  }

  /** Pick the binding of `name` visible at `at` in `scope`. */
  private pick(list: Binding[] | undefined, scope: Scope, at: number, precedingOnly: boolean): { b: Binding; augments: SgNode[]; cut?: boolean; constant: boolean; earlier: Earlier } | null {
    if (!list) return null;
    const owned = list.filter((b) => this.owned(b, scope));
    if (owned.length === 0) return null;
    let ci = -1;
    for (let i = 0; i < owned.length; i++) {
      const b = owned[i];
      if (b.index >= at) break;
      if (b.op !== 'aug') ci = i;
    }
    // (an assignment whose own value is read, `msg = msg.replace('%0', v)`, reads the one before it)
    while (ci >= 0 && owned[ci].end > at) {
      ci--;
      while (ci >= 0 && owned[ci].op === 'aug') ci--;
    }
    let chosen: Binding | null = ci >= 0 ? owned[ci] : null;
    if (!chosen && !precedingOnly) chosen = owned.find((b) => b.op === 'decl') ?? null;
    if (!chosen) return null;
    const augments: SgNode[] = [];
    let cut = false;
    let base: Set<number> | null = null;
    for (const b of owned) {
      if (!(b.index > chosen.index && b.index < at && b.op === 'aug' && b.value)) continue;
      // `msg += x` under a condition or loop the declaration is not under: the
      // message may or may not have it. Stop there (patterns are unanchored, so
      // the shorter prefix still matches every variant).
      base ??= conditionalAncestors(chosen.node);
      const own = conditionalAncestors(b.node);
      let inside = true;
      for (const id of own) if (!base.has(id)) inside = false;
      if (!inside) {
        cut = true;
        break;
      }
      augments.push(b.value);
    }
    const constant = owned.length === 1 && chosen.op === 'decl';
    return { b: chosen, augments, ...(cut ? { cut } : {}), constant, earlier: { list: owned, before: ci < 0 ? 0 : ci } };
  }

  /**
   * The other values a name may hold at `at` besides the chosen binding's: while the binding that
   * reaches is under a condition `at` is not under (`let msg = 'a'; if (x) msg = 'b'; throw …
   * msg`), the one before it reaches too (at most MAX_REACHING, the nearest first).
   */
  private reaching(chosen: Binding, earlier: Earlier, at: number): SgNode[] {
    const out: SgNode[] = [];
    let b: Binding = chosen;
    for (let i = earlier.before - 1; i >= 0 && out.length < MAX_REACHING && conditionalBefore(b.node, at); i--) {
      if (earlier.list[i].op === 'aug') continue;
      b = earlier.list[i];
      if (b.value) out.push(b.value);
    }
    return out;
  }

  /** Find the binding of `name` seen from position `at` inside the function chain `fns`. */
  lookup(name: string, at: number, fns: SgNode[]): Lookup | null {
    for (let level = 0; level < fns.length; level++) {
      if (level === 0 && !this.mayBind(fns[0], name, at)) {
        // (what the full index would say: no binding here)
        if (this.paramsOf(fns[0]).has(name)) return null;
        continue;
      }
      const scope = this.scopeOf(fns[level], level === 0);
      const hit = this.pick(scope.bindings.get(name), scope, at, level === 0);
      if (hit) return { binding: hit.b, scope, level, augments: hit.augments, ...(hit.cut ? { cut: true } : {}), constant: hit.constant, earlier: hit.earlier };
      if (scope.params.has(name)) return null;
    }
    const m = this.moduleScope();
    const hit = this.pick(m.bindings.get(name), m, at, fns.length === 0);
    if (hit) return { binding: hit.b, scope: m, level: fns.length, augments: hit.augments, ...(hit.cut ? { cut: true } : {}), constant: hit.constant, earlier: hit.earlier };
    return null;
  }

  /** The function a name declares (`function X() {}` or `var X = function () {}`), seen from inside `fns`. */
  findFunction(name: string, fns: SgNode[], at = -1): SgNode | null {
    // Scopes indexed one at a time, innermost first: the search usually ends early.
    for (let level = 0; level <= fns.length; level++) {
      // (`at`: a use of the name, see mayBind; the innermost function may declare nothing by that name.)
      if (level === 0 && at >= 0 && fns.length && !this.mayBind(fns[0], name, at)) continue;
      const scope = level < fns.length ? this.scopeOf(fns[level], level === 0) : this.moduleScope();
      if (!scope.functionNames) {
        scope.functionNames = new Map();
        for (const f of scope.functions) {
          const nm = f.field('name')?.text();
          if (nm && !scope.functionNames.has(nm)) scope.functionNames.set(nm, f);
        }
      }
      const declared = scope.functionNames.get(name);
      // (`!scope.full` first: it spares the node's range, a native call.)
      if (declared && (!scope.full || this.ownedAt(declared.range().start.index, scope))) return declared;
      for (const b of scope.bindings.get(name) ?? []) {
        if (!this.owned(b, scope)) continue;
        // (`var X = (exports.X = function (…) {…})`: the function at the end of the assignments)
        let v = b.value;
        for (let i = 0; v && i < 4 && (v = unwrap(v)).kind() === 'assignment_expression'; i++) v = v.field('right');
        const vk = v ? (v.kind() as string) : '';
        if (v && (vk === 'function_expression' || vk === 'function')) return v;
      }
    }
    return null;
  }

  /** Member assignments `obj.prop = v` between two positions in a scope (last one wins). */
  memberValue(scope: Scope, key: string, from: number, to: number): SgNode | null {
    const list = scope.members.get(key);
    if (!list) return null;
    let v: SgNode | null = null;
    for (const b of list) {
      if (b.index > from && b.index < to && this.owned(b, scope)) v = b.value;
    }
    return v;
  }

  /** A function (declared, or a const holding a function or arrow) a name calls from inside `fns`. */
  private callable(name: string, at: number, fns: SgNode[]): { fn: SgNode; level: number } | null {
    if (name.includes('.')) return this.memberCallable(name, fns);
    const fn = this.findFunction(name, fns, at);
    if (fn) {
      const r = fn.range();
      return {
        fn,
        level: fns.findIndex((f) => {
          const fr = f.range();
          return r.start.index > fr.start.index && r.end.index <= fr.end.index;
        }),
      };
    }
    const hit = this.lookup(name, at, fns);
    const v = hit?.constant && hit.binding.value ? unwrap(hit.binding.value) : null;
    return v && v.kind() === 'arrow_function' ? { fn: v, level: hit!.level } : null;
  }

  /**
   * The function `X.m(…)` calls: one assigned to the property in a scope of the chain (`X.m = function
   * (…) {…}`, PEG.js's `peg$SyntaxError.buildMessage`), else a `static m` of a class `X` of the file
   * (Peggy's); `this.m(…)`: a method `m` of the class whose method the call is in. `level`: the
   * first function of `fns` around it (-1: none).
   */
  private memberCallable(name: string, fns: SgNode[]): { fn: SgNode; level: number } | null {
    const dot = name.indexOf('.');
    const [obj, prop] = [name.slice(0, dot), name.slice(dot + 1)];
    if (obj === 'this') {
      // (an arrow function's `this` is its outer function's)
      const level = fns.findIndex((f) => f.kind() !== 'arrow_function');
      const cls = level >= 0 && fns[level].kind() === 'method_definition' ? fns[level].parent() : null;
      const m = cls ? classMethod(cls, prop, false) : null;
      if (m) return { fn: m, level: level + 1 < fns.length ? level + 1 : -1 };
      return level >= 0 ? this.prototypeMethod(fns, level, prop) : null;
    }
    for (let level = 0; level <= fns.length; level++) {
      const scope = level < fns.length ? this.scopeOf(fns[level], level === 0) : this.moduleScope();
      const list = scope.members.get(name)?.filter((b) => this.owned(b, scope));
      const v = list?.length ? list[list.length - 1].value : null;
      const u = v ? unwrap(v) : null;
      if (u && FUNCTION_VALUES.has(u.kind() as string)) return { fn: u, level: level < fns.length ? level : -1 };
    }
    const cls = this.classDeclaration(obj);
    const m = cls?.field('body') ? classMethod(cls.field('body')!, prop, true) : null;
    if (!m) return null;
    const r = m.range();
    return { fn: m, level: fns.findIndex((f) => f.range().start.index < r.start.index && f.range().end.index >= r.end.index) };
  }

  /**
   * `this.m(…)` in a function assigned as `X.prototype.f = function …` (an ES5 class's method):
   * the function assigned to `X.prototype.m` in a scope around it (nearley's `Parser.prototype.reportError`
   * calling `this.reportErrorCommon(…)`).
   */
  private prototypeMethod(fns: SgNode[], level: number, prop: string): { fn: SgNode; level: number } | null {
    const assigned = fns[level].parent();
    const left = assigned?.kind() === 'assignment_expression' ? assigned.field('left')?.text() : null;
    const m = left ? /^([A-Za-z_$][\w$]*)\.prototype\.[A-Za-z_$][\w$]*$/.exec(left) : null;
    if (!m) return null;
    const key = `${m[1]}.prototype.${prop}`;
    for (let l = level + 1; l <= fns.length; l++) {
      const scope = l < fns.length ? this.scopeOf(fns[l], false) : this.moduleScope();
      const list = scope.members.get(key)?.filter((b) => this.owned(b, scope));
      const v = list?.length ? list[list.length - 1].value : null;
      const u = v ? unwrap(v) : null;
      if (u && FUNCTION_VALUES.has(u.kind() as string)) return { fn: u, level: l < fns.length ? l : -1 };
    }
    return null;
  }

  /** `class NAME` declared anywhere in the file, found on first use of the name (null: none). */
  private classes = new Map<string, SgNode | null>();

  private classDeclaration(name: string): SgNode | null {
    if (!this.classes.has(name)) {
      // (a file declaring no class of that name is not walked)
      const found = this.source.includes(`class ${name}`)
        ? this.root.findAll({ rule: { kind: 'class_declaration', has: { field: 'name', regex: `^${name.replace(/\$/g, '\\$')}$` } } })[0] ?? null
        : null;
      this.classes.set(name, found);
    }
    return this.classes.get(name)!;
  }

  /** namespaceBindings of the file, read on first use. */
  private namespaces: Map<string, string> | null = null;
  /** namedImportBindings of the file, read on first use. */
  private namedImports: Map<string, { from: string; name: string }> | null = null;

  /** A Resolver for template building, seen from inside `fns`. */
  resolver(fns: SgNode[]): Resolver {
    return {
      namespace: (name: string) => (this.namespaces ??= namespaceBindings(this.source)).get(name) ?? null,
      imported: (name: string) => (this.namedImports ??= namedImportBindings(this.source)).get(name) ?? null,
      callee: (name: string, at: number) => {
        const c = this.callable(name, at, fns);
        if (!c) return null;
        const outer = c.level < 0 ? [] : fns.slice(c.level);
        return { fn: c.fn, params: this.paramNames(c.fn).display, scope: this.resolver([c.fn, ...outer]) };
      },
      exported: (name: string) => {
        const value = this.exportedObject(name);
        return value ? { value, scope: this.resolver([]) } : null;
      },
      resolve: (name: string, at: number, constOnly?: boolean): Resolved | null => {
        // A parameter of the innermost function is never const-like: skip indexing it.
        if (constOnly && fns.length && this.paramsOf(fns[0]).has(name)) return null;
        const hit = this.lookup(name, at, fns);
        if (!hit) return null;
        return {
          value: hit.binding.value,
          augments: hit.augments,
          ...(hit.cut && !constOnly ? { augmentsCut: true } : {}),
          constant: hit.constant,
          ...(constOnly || hit.constant || hit.level > 0 ? {} : { alternatives: this.reaching(hit.binding, hit.earlier, at) }),
          scope: this.resolver(fns.slice(hit.level)),
        };
      },
    };
  }
}
