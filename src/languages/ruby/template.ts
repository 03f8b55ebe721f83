// Ruby expressions → message templates: string literals (single- and double-quoted, `%q()`/`%Q()`,
// adjacent literals), `#{}` interpolation, heredocs (`<<~` dedented as Ruby does), `+` and `<<`,
// `format`/`sprintf`/`String#%` with the Kernel#format verbs (`%s`, `%d`, `%05.2f`, `%p`,
// `%<name>s`, `%{name}`), `.freeze`/`.dup`/`.to_s` of a string, `x.inspect` (a repr hole),
// constants of the file (`MESSAGE = "…".freeze`, `Foo::MESSAGE`), hash tables of the file looked up
// with a literal key (`MESSAGES[:blank]`, `MESSAGES.fetch("x")`), and locals assigned earlier in the
// method. Anything else is a hole named by its expression.

import type { SgNode } from '@ast-grep/napi';
import { concat, escapeRegex, hole, isHole, isLit, lit, normalize, placeholderName, type Hole, type HoleKind, type Lookup, type Segment, type Template } from '../../template/ir.js';

export interface Built {
  t: Template;
  /** The template holds literal text of a string (not only holes). */
  s: boolean;
  /** Other messages it may be (`cond ? "a" : "b"`: `t` is the first branch's). */
  alts?: Template[];
}

const MAX_DEPTH = 6;
/** Characters a repeated literal (`"=" * 60`) may give, at most. */
const MAX_REPEATED = 400;
/** String methods that put a written replacement into a text (`sub`, `gsub`). */
const SUBSTITUTES = new Set(['sub', 'gsub']);
/** The error being handled (`$!`, English's `$ERROR_INFO`), and the methods that give its text. */
export const HANDLED_ERROR = /^\$(?:!|ERROR_INFO)$/;
const ERROR_TEXT = new Set(['message', 'to_s', 'full_message']);

/**
 * The table a file's string constants are filed under (FileAnalysis.tables, by the constant's own
 * name): a constant no assignment of the file defines is looked up there (record/tables.ts reads
 * it from the few files of the tree that define it). Not a name Ruby code can give a table.
 */
export const CONSTANTS = '::constants';
/** A constant that holds a value (`NOT_READY`, `MSG`), not a class or module (`Errors`). */
export const VALUE_CONSTANT = /^[A-Z][A-Z0-9_]*[A-Z0-9]$/;
/** `A::B::C` of CamelCase names (classes and modules, not `Errors::NOT_READY`). */
const CLASS_PATH = /^(?:::)?(?:[A-Z][a-z]\w*::)+[A-Z][a-z]\w*$/;
const MAX_TEXT = 2000;

/** What one file gives every template built in it: constants, hash tables, heredoc bodies. */
export class FileCtx {
  private consts: Map<string, SgNode> | null = null;
  private heredocs: SgNode[] | null = null;
  private defs: Map<string, SgNode[]> | null = null;
  private locals = new Map<number, Map<string, SgNode[]>>();
  private appended = new Map<number, Set<string>>();
  private nils = new Map<number, Set<string>>();
  private classes = new Map<number, SgNode | null>();
  private ends = new Map<SgNode[], number[]>();
  private ors = new Map<number, SgNode[]>();
  /** Whether a method of the file returns text, by its offset (givesText). */
  readonly texts = new Map<number, boolean>();
  private named = new Map<string, SgNode[]>();
  /**
   * Values a class declares for its class's instance variables (`reason 'Invalid command'` with
   * `def self.reason(r) @reason = r end`), set while a base class's message is read for that class
   * (analyze.ts classInfo): `@reason` and `@reason ||= 'CmdParse error'` read as them.
   */
  ivarValues: Map<string, Template> | null = null;
  /**
   * Texts a class's methods of no parameters return (`def default_message "HTTP status code #{http_code}"
   * end`), set while its base class's message is read for it (analyze.ts overridingMessage): a call of
   * one of those names there reads as the class's text (the template method an error class overrides).
   */
  methodValues: Map<string, Template> | null = null;
  constructor(readonly root: SgNode, readonly source: string) {}

  /** The names a method appends to with `<<` or `+=` (`err << x`, `msg += x`), read once per method from its text. */
  appendedIn(fn: SgNode): Set<string> {
    const r = fn.range();
    let set = this.appended.get(r.start.index);
    if (!set) {
      set = new Set();
      for (const m of this.source.slice(r.start.index, r.end.index).matchAll(/(?:^|[^\w@$.])([a-z_]\w*)[ \t]*(?:<<(?![~-]?[A-Z"'])|\+=)/g)) set.add(m[1]);
      this.appended.set(r.start.index, set);
    }
    return set;
  }

  /** The class or module around a method (null at the top level), once per method. */
  classOf(fn: SgNode | null): SgNode | null {
    if (!fn) return null;
    const k = fn.range().start.index;
    let c = this.classes.get(k);
    if (c === undefined) {
      c = null;
      for (let p = fn.parent(); p; p = p.parent()) if (p.kind() === 'class' || p.kind() === 'module') { c = p; break; }
      this.classes.set(k, c);
    }
    return c;
  }

  /** The instance variables a class sets to nil (`@x = nil`, `@a, @x = a, nil`), once per class. */
  nilIvars(cls: SgNode): Set<string> {
    const k = cls.range().start.index;
    let set = this.nils.get(k);
    if (!set) {
      set = new Set();
      for (const a of cls.findAll({ rule: { kind: 'assignment', has: { field: 'right', any: [{ kind: 'nil' }, { kind: 'right_assignment_list', has: { kind: 'nil' } }] } } })) {
        const left = a.field('left');
        const right = a.field('right');
        if (!left || !right) continue;
        if (left.kind() === 'instance_variable' && right.kind() === 'nil') set.add(left.text());
        else if (left.kind() === 'left_assignment_list' && right.kind() === 'right_assignment_list') {
          const vals = right.namedChildren();
          left.namedChildren().forEach((c, i) => { if (c.kind() === 'instance_variable' && vals[i]?.kind() === 'nil') set!.add(c.text()); });
        }
      }
      this.nils.set(k, set);
    }
    return set;
  }

  /** `NAME = value` anywhere in the file (the first one), by the constant's own name. */
  constant(name: string): SgNode | null {
    if (!this.consts) {
      this.consts = new Map();
      if (/(?:^|[\s;])[A-Z]\w*\s*=[^=~]/m.test(this.source)) {
        for (const a of this.root.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'constant' } } })) {
          const left = a.field('left')?.text();
          const right = a.field('right');
          if (left && right && !this.consts.has(left)) this.consts.set(left, right);
        }
      }
    }
    return this.consts.get(name) ?? null;
  }

  /** The methods the file defines by this name (`def name`, `def self.name`). */
  methods(name: string): SgNode[] {
    if (!this.defs) {
      this.defs = new Map();
      for (const m of this.root.findAll({ rule: { any: [{ kind: 'method' }, { kind: 'singleton_method' }] } })) {
        const n = m.field('name')?.text();
        if (!n) continue;
        const list = this.defs.get(n) ?? [];
        list.push(m);
        this.defs.set(n, list);
      }
    }
    return this.defs.get(name) ?? [];
  }

  /** `x ||= value` statements of a method, in order (read once per method). */
  orAssignments(fn: SgNode): SgNode[] {
    const k = fn.range().start.index;
    let list = this.ors.get(k);
    if (!list) {
      list = /\|\|=/.test(fn.text()) ? fn.findAll({ rule: { kind: 'operator_assignment', regex: '^\\w+\\s*\\|\\|=' } }) : [];
      this.ors.set(k, list);
    }
    return list;
  }

  /** Calls of a method by name in the file (`x.name(…)`, `name(…)`), at most 64, read once per name. */
  callsNamed(name: string): SgNode[] {
    let list = this.named.get(name);
    if (!list) {
      list = this.source.includes(name) ? this.root.findAll({ rule: { kind: 'call', has: { field: 'method', regex: `^${name.replace(/[^\w]/g, '\\$&')}$` } } }).slice(0, 64) : [];
      this.named.set(name, list);
    }
    return list;
  }

  /** The heredoc body a `<<~EOS` starts: the first body after it not taken by an earlier start on its line. */
  heredocBody(start: SgNode): SgNode | null {
    this.heredocs ??= this.root.findAll({ rule: { kind: 'heredoc_body' } });
    const end = start.range().end.index;
    const line = start.range().start.line;
    // (two heredocs started on one line have their bodies in that order)
    let before = 0;
    for (let p: SgNode | null = start.parent(); p; p = p.parent()) {
      if (p.range().start.line !== line || p.parent() === null) {
        before = p.findAll({ rule: { kind: 'heredoc_beginning' } }).filter((b) => b.range().start.line === line && b.range().end.index < end).length;
        break;
      }
    }
    const after = this.heredocs.filter((b) => b.range().start.index >= end);
    return after[before] ?? null;
  }

  /**
   * A local's plain assignments in the method (or the file) that end before `at`, in order: the ends
   * read once per local (a node call each), then a binary search per site. A generated method
   * assigning one local thousands of times before as many raises stays linear in node calls (3,000
   * assignments and raises in one method: 25 s of analysis before, 1.6 s with it).
   */
  assignedBefore(fn: SgNode | null, name: string, at: number): SgNode[] {
    const list = this.localsOf(fn).get(name);
    if (!list) return [];
    let ends = this.ends.get(list);
    if (!ends) this.ends.set(list, (ends = list.map((a) => a.range().end.index)));
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= at) lo = mid + 1;
      else hi = mid;
    }
    return list.slice(0, lo);
  }

  /** Plain `name = value` assignments of a method (or the file), by name, in order. */
  localsOf(fn: SgNode | null): Map<string, SgNode[]> {
    const scope = fn ?? this.root;
    const key = scope.range().start.index + 1;
    let m = this.locals.get(key);
    if (!m) {
      m = new Map();
      for (const a of scope.findAll({ rule: { kind: 'assignment', has: { field: 'left', kind: 'identifier' } } })) {
        const name = a.field('left')!.text();
        const list = m.get(name) ?? [];
        list.push(a);
        m.set(name, list);
      }
      this.locals.set(key, m);
    }
    return m;
  }
}

/** Where a template is built: the file, the method around it and where in it. */
export interface Scope {
  ctx: FileCtx;
  fn: SgNode | null;
  params: ReadonlySet<string>;
  /** Offset of the site: locals are read as last assigned before it. */
  at: number;
}

const str = (t: Template): Built => ({ t: normalize(t), s: t.some(isLit) });
const holeOf = (n: SgNode, kind: HoleKind = 'any'): Built => ({ t: [hole(oneLine(n.text()), kind)], s: false });
/** Two texts one after the other (`a + b`, adjacent literals), each side's other texts with the other side's first. */
function joined(a: Built, b: Built): Built {
  const alts = [...(a.alts ?? []).map((x) => concat(x, b.t)), ...(b.alts ?? []).map((y) => concat(a.t, y))].slice(0, 8).map(normalize);
  return { ...str(concat(a.t, b.t)), ...(alts.length ? { alts } : {}) };
}


export const oneLine = (s: string): string => (s.length > 200 ? s.slice(0, 200) : s).replace(/\s*\n\s*/g, ' ');

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', s: ' ', r: '\r', e: '\x1b', a: '\x07', b: '\b', f: '\f', v: '\v', '0': '\0' };

function unescape(e: string): string {
  const c = e[1];
  if (c === undefined) return e;
  if (c in ESCAPES) return ESCAPES[c];
  const u = /^\\u\{?([0-9a-fA-F]{1,6})\}?$/.exec(e) ?? /^\\x([0-9a-fA-F]{1,2})$/.exec(e);
  if (u) return String.fromCodePoint(parseInt(u[1], 16));
  return e.slice(1);
}

/**
 * A part of a longer text with no room for its alternatives, as one text: a string's literal text
 * with an interpolation of several texts a hole (`"… by running `#{suggested_command}`."`), any other
 * value of several texts (`message << if … "a" else "b" end`) a hole.
 */
function oneText(b: Built, n: SgNode, scope: Scope, depth: number): Built {
  if (!b.alts?.length) return b;
  const k = n.kind() as string;
  if (k === 'string') return str(stringTexts(n, scope, depth, 1)[0]);
  if (k === 'chained_string') return str(n.namedChildren().flatMap((c) => oneText(build(c, scope, depth + 1), c, scope, depth + 1).t));
  // (`"#{cmd} stdout: " + (out.empty? ? "Nothing written" : out) + "\n"`: each operand as one text,
  // the written ones kept around the hole of the one of several)
  if (k === 'binary' && n.field('operator')?.text() === '+' && depth < MAX_ONE_TEXT_DEPTH) {
    const parts = [n.field('left'), n.field('right')].map((c) => (c ? oneText(build(c, scope, depth + 1), c, scope, depth + 1) : null));
    if (parts[0] && parts[1] && (parts[0].s || parts[1].s)) return str(concat(parts[0].t, parts[1].t));
  }
  return holeOf(n);
}

/** Depth of a `+` chain oneText splits into its operands, at most. */
const MAX_ONE_TEXT_DEPTH = 12;

/**
 * `[header, body].join(sep)` whose elements give several texts (`header = if … then "a" else "b"
 * end`): each combination joined, the first texts' first; null when no element gives several, none
 * gives text, or the combinations pass MAX_STRING_TEXTS.
 */
function joinedTexts(items: Built[], sep: Template): Built | null {
  if (!items.some((b) => b.alts?.length) || !items.some((b) => b.s)) return null;
  let out: Template[] = [[]];
  for (const [i, b] of items.entries()) {
    const texts = [b.t, ...(b.alts ?? [])];
    if (out.length * texts.length > MAX_STRING_TEXTS) return null;
    out = out.flatMap((o) => texts.map((t) => [...o, ...(i ? sep : []), ...t]));
  }
  const [first, ...alts] = out.map(normalize);
  return { t: first, s: true, ...(alts.length ? { alts } : {}) };
}

/** Texts a string with interpolations of several texts gives at most (`"… #{v ? 'a' : 'b'} …"`: two). */
const MAX_STRING_TEXTS = 8;

/**
 * The texts a string node can be, at most `max`: its literal text with each interpolation's text,
 * one per combination of the texts an interpolation of several gives (a ternary, a local assigned in
 * two branches), the first texts' first. An interpolation whose texts would pass `max` is a hole.
 */
function stringTexts(n: SgNode, scope: Scope, depth: number, max: number): Template[] {
  const text = n.text();
  const single = text.startsWith("'") || /^%q/.test(text) || /^%w/i.test(text);
  let out: Template[] = [[]];
  const add = (t: Template) => {
    for (const o of out) o.push(...t);
  };
  for (const c of n.children()) {
    const k = c.kind() as string;
    if (k === 'string_content' || k === 'heredoc_content') add([lit(single ? c.text().replace(/\\([\\'])/g, '$1') : c.text())]);
    else if (k === 'escape_sequence') add([lit(unescape(c.text()))]);
    else if (k === 'interpolation') {
      const b = interpolation(c, scope, depth);
      if (!b.alts?.length) add(b.t);
      else if (out.length * (b.alts.length + 1) <= max) out = out.flatMap((o) => [b.t, ...b.alts!].map((t) => [...o, ...t]));
      else add([hole(oneLine(c.text().replace(/^#\{|\}$/g, '')))]);
    }
  }
  return out;
}

function interpolation(n: SgNode, scope: Scope, depth: number): Built {
  const inner = n.namedChildren().filter((c) => c.kind() !== 'comment');
  if (inner.length !== 1) return { t: [hole(oneLine(n.text().replace(/^#\{|\}$/g, '')))], s: false };
  const e = inner[0];
  const k = e.kind() as string;
  const own = k === 'self' || k === 'identifier' || k === 'call' ? ownClassName(e, scope) : null;
  if (own) return own;
  if (k === 'instance_variable' && setToNil(e.text(), scope)) {
    const h = hole(e.text());
    if (isHole(h)) (h.hole as Marked)[MAY_BE_EMPTY] = true;
    return { t: [h], s: false };
  }
  if (k === 'identifier' && !scope.params.has(e.text()) && onlyUnderConditions(e.text(), scope)) {
    // (a local assigned only under conditions the site is not in, `msg = "#{exp.pop}.\n" if String === exp.last`:
    // it may be nil, which interpolates as the empty string)
    const h = hole(e.text());
    if (isHole(h)) (h.hole as Marked)[MAY_BE_EMPTY] = true;
    return { t: [h], s: false };
  }
  if (isArrayValue(e)) {
    // (an Array interpolates as its inspect, `[:a, :b]`: the brackets are always written, decision 0110)
    return { t: [lit('['), hole(oneLine(e.text())), lit(']')], s: false };
  }
  // a string, a constant, a local assigned a string, a ternary's texts: its text; anything else is a hole
  if (k === 'string' || k === 'constant' || k === 'scope_resolution' || k === 'identifier' || k === 'call' || k === 'binary' || k === 'conditional') {
    const b = build(e, scope, depth + 1);
    if (b.s && k === 'identifier' && !scope.params.has(e.text())) return earlierValues(b, e.text(), scope, depth);
    // (a helper of another file, `#{format_for_exception}`: the lookup of its text, helperLookup)
    if (b.s || (k === 'call' && !b.alts?.length) || (k === 'identifier' && b.t.length === 1 && isHole(b.t[0]) && b.t[0].hole.lookup?.table === HELPERS)) return b;
  }
  return { t: [hole(oneLine(e.text()))], s: false };
}

/** Methods whose result is an Array whatever the receiver (Hash#keys, Enumerable#map, #to_a, #sort_by, …). */
const ARRAY_RESULT = new Set(['keys', 'values', 'to_a', 'entries', 'map', 'collect', 'flat_map', 'collect_concat', 'sort', 'sort_by', 'partition']);

/**
 * `options.keys`, `list.map(&:name)`, `items.map { |i| i.id }`, `[a, b]`: an expression whose value
 * is an Array, which `#{}` shows as Array#inspect does, between brackets. A call given arguments other
 * than a block is not one, nor a receiver-less call (a method of the file).
 */
function isArrayValue(e: SgNode): boolean {
  const k = e.kind() as string;
  if (k === 'array') return true;
  if (k !== 'call' || !e.field('receiver') || !ARRAY_RESULT.has(e.field('method')?.text() ?? '')) return false;
  return argNodes(e).every((a) => a.kind() === 'block_argument');
}

/** A heredoc body as Ruby reads it: the first newline (the start's line end) and the end marker's indentation dropped; `<<~` dedented. */
function heredoc(start: SgNode, scope: Scope, depth: number): Built | null {
  const body = scope.ctx.heredocBody(start);
  if (!body) return null;
  const raw = body.text();
  const squiggly = start.text().startsWith('<<~');
  let cut = 0;
  if (squiggly) {
    const lines = raw.replace(/^\n/, '').split('\n').slice(0, -1);
    const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)![0].length);
    cut = indents.length ? Math.min(...indents) : 0;
  }
  const [t, ...alts] = stringTexts(body, scope, depth, MAX_STRING_TEXTS).map((parts) => {
    // (the body node starts right after the start's line: its text runs to the end marker)
    const lines = normalize(parts);
    if (lines.length && isLit(lines[0])) lines[0] = { lit: lines[0].lit.replace(/^\n/, '') };
    const last = lines[lines.length - 1];
    if (last && isLit(last)) lines[lines.length - 1] = { lit: last.lit.replace(/\n[ \t]*$/, '\n') };
    return cut > 0 ? dedent(lines, cut) : lines;
  });
  return { ...str(t), ...(alts.length ? { alts } : {}) };
}

function dedent(t: Template, cut: number): Template {
  let atLineStart = true;
  const strip = new RegExp(`^[ \\t]{0,${cut}}`);
  return t.map((s) => {
    if (!isLit(s)) {
      atLineStart = false;
      return s;
    }
    const lines = s.lit.split('\n');
    const out = lines.map((l, i) => ((i > 0 || atLineStart) ? l.replace(strip, '') : l));
    atLineStart = s.lit.endsWith('\n');
    return lit(out.join('\n'));
  });
}

const PASS_THROUGH = new Set(['freeze', 'dup', 'to_s', 'to_str', '+@', '-@', 'itself', 'to_sym']);
const FORMAT_FNS = new Set(['format', 'sprintf']);
const TRIMS = new Set(['strip', 'lstrip', 'rstrip', 'chomp']);

/**
 * Holes of an instance variable the class sets to nil (`@context = nil`): `"#{nil}"` is the empty
 * string, which a hole cannot match, so the message built at depth 0 also gets the text without them
 * as an alternative (parslet's `Cause#to_s`, `"… char #{column}#{@context}."` with `@context` set
 * only by `set_label`).
 */
const MAY_BE_EMPTY = Symbol('may be empty');
type Marked = { [MAY_BE_EMPTY]?: true };
const mayBeEmpty = (x: Segment): boolean => isHole(x) && !!(x.hole as Marked)[MAY_BE_EMPTY];
/** (the mark is a symbol, copied with the hole by normalize's spread and taken off here) */
const unmarked = (t: Template): Template => (t.some(mayBeEmpty) ? t.map((x) => (mayBeEmpty(x) && isHole(x) ? { hole: Object.fromEntries(Object.entries(x.hole)) as typeof x.hole } : x)) : t);

/** The template of an expression (a text with holes that may be empty also gives the text without them). */
export function build(n: SgNode, scope: Scope, depth = 0): Built {
  const b = buildAt(n, scope, depth);
  if (depth > 0 || !(b.t.some(mayBeEmpty) || b.alts?.some((a) => a.some(mayBeEmpty)))) return b;
  const without = normalize(b.t.filter((x) => !mayBeEmpty(x)));
  const alts = [...(b.alts ?? []).map(unmarked), ...(b.t.some(mayBeEmpty) && without.some(isLit) ? [without] : [])].slice(0, 8);
  return { ...b, t: unmarked(b.t), ...(alts.length ? { alts } : {}) };
}

function buildAt(n: SgNode, scope: Scope, depth: number): Built {
  if (depth > MAX_DEPTH || n.text().length > MAX_TEXT * 4) return holeOf(n);
  const k = n.kind() as string;
  switch (k) {
    case 'string':
    case 'bare_string': {
      const [t, ...alts] = stringTexts(n, scope, depth, MAX_STRING_TEXTS);
      return { ...str(t), ...(alts.length ? { alts: alts.map(normalize) } : {}) };
    }
    case 'chained_string':
      return n.namedChildren().map((c) => build(c, scope, depth + 1)).reduce(joined, { t: [], s: false });
    case 'heredoc_beginning':
      return heredoc(n, scope, depth) ?? holeOf(n);
    case 'simple_symbol':
      return { t: [lit(n.text().slice(1))], s: false };
    case 'integer':
    case 'float':
      return { t: [lit(n.text().replace(/_/g, ''))], s: false };
    case 'parenthesized_statements': {
      const inner = n.namedChildren();
      return inner.length === 1 ? build(inner[0], scope, depth + 1) : holeOf(n);
    }
    case 'constant':
    case 'scope_resolution': {
      const name = k === 'constant' ? n.text() : n.field('name')?.text();
      const v = name ? scope.ctx.constant(name) : null;
      if (v && v.kind() !== 'call' || (v && isStringCall(v))) {
        const b = build(v!, { ...scope, fn: null, params: new Set(), at: Infinity }, depth + 1);
        if (b.s) return { t: withLine(b.t, v!), s: true };
      }
      // (a constant of another file, `Errors::NOT_READY`: its text is put in from the tree's constants, record/tables.ts)
      if (name && !v && VALUE_CONSTANT.test(name)) return { t: [{ hole: { ...(hole(oneLine(n.text())) as { hole: Hole }).hole, lookup: { table: CONSTANTS, key: name } } }], s: false };
      // (a path of class and module names, `Mail::AddressList`, shows as its name: Module#to_s; a
      // bare `Foo` may be a value, and its full name depends on the nesting it is read in)
      if (!v && k === 'scope_resolution' && CLASS_PATH.test(n.text())) return { t: [lit(n.text().replace(/^::/, ''))], s: false };
      return holeOf(n);
    }
    case 'identifier': {
      const name = n.text();
      const v = assignedBefore(name, scope);
      if (scope.params.has(name)) {
        // (a parameter the method gives a text of its own before, `msg = message(msg) { "…" }`: that text,
        // unless each such assignment is under a condition, `msg = "#{msg}.\n" if msg`: the parameter reaches)
        const params = scope.fn?.field('parameters');
        const given = v && params && scope.ctx.assignedBefore(scope.fn, name, scope.at).some((x) => !conditionOf(x, params.range().start.index, scope.fn!));
        const b = given ? build(v, { ...scope, at: v.range().start.index }, depth + 1) : null;
        if (b?.s) return withEarlier(b, name, scope, depth);
        // (`message ||= matcher.failure_message`: what the method says when its caller gives none)
        const fallback = orAssigned(name, scope, depth);
        if (fallback) return fallback;
        return withDefault(holeOf(n), name, scope, depth);
      }
      const appended = v ? appendedText(name, scope, depth) : null;
      if (appended) return appended;
      if (v) {
        const b = build(v, { ...scope, at: v.range().start.index }, depth + 1);
        if (b.s || b.t.length === 1) return withEarlier(b, name, scope, depth);
      }
      // (a bare `to_s` no local is assigned: a call of the class's method)
      if (!v && !scope.ctx.localsOf(scope.fn).has(name)) return ownMethodText(name, scope, depth) ?? helperLookup(name, n, scope) ?? holeOf(n);
      return holeOf(n);
    }
    case 'binary': {
      const op = n.field('operator')?.text();
      const left = n.field('left');
      const right = n.field('right');
      if (!left || !right) return holeOf(n);
      if (op === '+' || op === '<<') {
        const a = build(left, scope, depth + 1);
        const b = build(right, scope, depth + 1);
        return a.s || b.s ? joined(a, b) : holeOf(n);
      }
      // (`@message || default_message`: the text when no message was given; an instance variable
      // before it says nothing of the text)
      // (read so only for a subclass, FileCtx.methodValues: `@reason || self.class::Reason` elsewhere is
      // each subclass's constant, not the base's)
      if ((op === '||' || op === 'or') && left.kind() === 'instance_variable' && scope.ctx.methodValues) {
        const b = build(right, scope, depth + 1);
        if (b.s) return b;
      }
      if (op === '%') {
        const f = build(left, scope, depth + 1);
        if (f.s) return str(applyFormat(f.t, formatArgs(right.kind() === 'array' ? right.namedChildren() : [right], right.kind() === 'hash' ? right : null, scope, depth)));
        // (another file's constant as the format: its verbs are opened when its text is put in)
        const only = f.t.length === 1 ? f.t[0] : null;
        if (only && isHole(only) && only.hole.lookup) return { t: [{ hole: { ...only.hole, fmt: 'printf' } }], s: false };
      }
      // `"=" * 60`, a rule under a message: the literal repeated (String#*), a count written as a number
      if (op === '*' && right.kind() === 'integer' && /^\d{1,4}$/.test(right.text())) {
        const f = build(left, scope, depth + 1);
        const times = Number(right.text());
        const only = f.s && f.t.length === 1 ? f.t[0] : null;
        if (only && isLit(only) && only.lit.length * times <= MAX_REPEATED) return str([lit(only.lit.repeat(times))]);
      }
      return holeOf(n);
    }
    case 'call':
      return callTemplate(n, scope, depth);
    case 'conditional': {
      // `namespace ? "… in #{namespace} namespace." : "…."`: the first branch, the other an alternative
      const a = n.field('consequence');
      const b = n.field('alternative');
      if (!a || !b) return holeOf(n);
      const x = build(a, scope, depth + 1);
      const y = build(b, scope, depth + 1);
      if (!x.s && !y.s) return holeOf(n);
      return { t: x.t, s: true, alts: [...(x.alts ?? []), y.t, ...(y.alts ?? [])].slice(0, 8) };
    }
    case 'if':
    case 'unless':
    case 'case':
      return branchValues(n, scope, depth) ?? holeOf(n);
    case 'instance_variable': {
      const declared = scope.ctx.ivarValues?.get(n.text());
      return declared ? str(declared) : holeOf(n);
    }
    case 'operator_assignment': {
      // (`@reason ||= 'CmdParse error'` of a class whose subclass declares its `@reason`: ivarValues)
      const left = n.field('left');
      const declared = left?.kind() === 'instance_variable' ? scope.ctx.ivarValues?.get(left.text()) : undefined;
      return declared ? str(declared) : holeOf(n);
    }
    case 'element_reference': {
      const entry = tableEntry(n.field('object'), n.namedChildren()[1], scope);
      return entry ? build(entry, { ...scope, fn: null, params: new Set(), at: Infinity }, depth + 1) : holeOf(n);
    }
    default:
      return holeOf(n);
  }
}

/** A string constant's literal text keeps where it is written (the record's definedAt when raised elsewhere). */
function withLine(t: Template, at: SgNode): Template {
  const line = at.range().start.line + 1;
  return t.map((s) => (isLit(s) && !s.at ? { lit: s.lit, at: { line } } : s));
}

const isStringCall = (n: SgNode): boolean => PASS_THROUGH.has(n.field('method')?.text() ?? '') || FORMAT_FNS.has(n.field('method')?.text() ?? '');

function callTemplate(n: SgNode, scope: Scope, depth: number): Built {
  const own = ownClassName(n, scope);
  if (own) return own;
  const method = n.field('method')?.text() ?? '';
  const recv = n.field('receiver');
  const args = argNodes(n);
  const onClass = recv?.text() === 'self.class';
  if (recv && HANDLED_ERROR.test(recv.text()) && ERROR_TEXT.has(method) && !args.length) {
    // `$!.message`: the text of the error being handled (Hole.inner: match/wrap.ts reads it as a message of its own)
    const h = hole(oneLine(n.text()));
    if (isHole(h)) return { t: [{ hole: { ...h.hole, inner: true } }], s: false };
  }
  if ((!recv || recv.text() === 'self') && MESSAGE_BUILDER.test(method) && args.length >= 2) {
    const marked = markedText(args, scope, depth);
    if (marked) return marked;
  }
  if ((!recv || recv.text() === 'self' || onClass) && !n.field('block')) {
    // `self.to_s`, `message()`, `describe(value)`, `self.class.problem(v)`: a method of the class that returns the text
    // (a bare call in a class's body outside any method, in a proc or lambda written there, is one of
    // the class's own: `DEFAULT_FAILURE_CALLBACK = proc do |data| fail Error, failure_msg(data) end`)
    const body = !scope.fn && !recv ? bodyClassOf(n) : null;
    const b = ownMethodText(method, scope, depth, onClass || !!body || scope.fn?.kind() === 'singleton_method', args.length > 0, body);
    if (b) return b;
  }
  const overridden = overriddenCall(n, method, recv, args, scope, depth);
  if (overridden) {
    // (and a keyed call of no receiver, `compose_message(:unknown_validator, …)`: a method of the tree
    // returning a keyed lookup binds it first, record/returns.ts; else the RETURNS lookup stays)
    const keyed = !recv || recv.text() === 'self' ? keyedCall(n, null, method, args, scope, depth)?.t[0] : undefined;
    const only = overridden.t[0];
    if (keyed && isHole(keyed) && keyed.hole.call && overridden.t.length === 1 && isHole(only)) return { t: [{ hole: { ...only.hole, call: keyed.hole.call } }], s: false };
    return overridden;
  }
  if (method === 'message' && recv?.kind() === 'identifier' && scope.params.has(recv.text()) && !args.length && scope.fn?.field('name')?.text() === 'initialize') {
    // `def initialize(diagnostic) super(diagnostic.message)`: the message of an object handed in, which
    // a class of the tree may define as a table's entry (analyze.ts, heldMessageReturns): a hole carrying
    // the call, bound where such a method is defined (record/returns.ts); a plain hole when none is
    const h = hole(oneLine(n.text()));
    if (isHole(h)) return { t: [{ hole: { ...h.hole, call: { callee: method, args: [] } } }], s: false };
  }
  if (method === 'pp' && (recv?.text() === 'PP' || recv?.text() === '::PP') && args.length === 2) {
    // `PP.pp(obj, "… did not match\n")`: the pretty-printer appends the object, then a newline, to the
    // text it is given and returns it
    const out = build(args[1], scope, depth + 1);
    if (out.s) return str([...out.t, hole(oneLine(args[0].text()), 'repr'), lit('\n')]);
  }
  if (recv && PASS_THROUGH.has(method) && args.length === 0) {
    const b = build(recv, scope, depth + 1);
    // (`message.to_s` of a parameter: the parameter's text, which callers give)
    return b.s || (recv.kind() === 'identifier' && scope.params.has(recv.text())) ? b : holeOf(n);
  }
  if (recv && (method === 'read' || method === 'string') && args.length === 0 && recv.kind() === 'identifier' && scope.fn) {
    // `message = StringIO.new; message.puts(str); …; message.rewind; X.new(message.read)`: the texts
    // written to a buffer in the block it is made in, in order (`puts` ends a line), before the read
    const buffered = bufferText(recv.text(), scope, depth);
    if (buffered) return buffered;
  }
  if (recv && TRIMS.has(method) && args.length === 0) {
    // `"… #{reason}".strip`: the text with its ends trimmed as written
    const b = build(recv, scope, depth + 1);
    if (!b.s) return holeOf(n);
    const t = [...b.t];
    const first = t[0];
    const last = t[t.length - 1];
    if (method !== 'rstrip' && first && isLit(first)) t[0] = { ...first, lit: first.lit.trimStart() };
    if (method !== 'lstrip' && last && isLit(last)) t[t.length - 1] = { ...last, lit: last.lit.trimEnd() };
    return str(t);
  }
  if (recv && SUBSTITUTES.has(method) && args.length === 2 && args[0].kind() === 'string') {
    // `key_error.message.sub("key not found", "#{@name} not registered")`: another text rewritten, its
    // replacement written inside it (a hole either side that the replacement does not start or end
    // with; the forms with nothing before or after it as alternatives)
    const b = build(recv, scope, depth + 1);
    const r = build(args[1], scope, depth + 1);
    if (!b.s && r.s && r.t.some((x) => isLit(x) && x.lit.trim() !== '')) {
      const before = isHole(r.t[0]) ? [] : [hole('before')];
      const after = isHole(r.t[r.t.length - 1]) ? [] : [hole('after')];
      const forms = [[...before, ...r.t, ...after], [...r.t, ...after], [...before, ...r.t]].map(normalize);
      const alts = forms.slice(1).filter((f, i, all) => f.length < forms[0].length && all.findIndex((g) => g.length === f.length && g.every((s, j) => isHole(s) === isHole(f[j]))) === i);
      return { t: forms[0], s: true, ...(alts.length ? { alts } : {}) };
    }
  }
  if (recv && method === 'inspect' && args.length === 0) {
    // (a local or parameter last assigned a string, `key = key.to_s`: String#inspect quotes it)
    if (recv.kind() === 'identifier' && isStringValue(assignedBefore(recv.text(), scope))) {
      return { t: [lit('"'), hole(oneLine(recv.text())), lit('"')], s: false };
    }
    return { t: [hole(oneLine(recv.text()), 'repr')], s: false };
  }
  if ((!recv || recv.text() === 'Kernel') && FORMAT_FNS.has(method) && args.length) {
    const f = build(args[0], scope, depth + 1);
    if (f.s) {
      const hash = args.length === 2 && args[1].kind() === 'hash' ? args[1] : null;
      const pairs = args.slice(1).filter((a) => a.kind() === 'pair');
      return str(applyFormat(f.t, formatArgs(args.slice(1).filter((a) => a.kind() !== 'pair'), hash, scope, depth, pairs)));
    }
    // `format(fmt, *args)` of a parameter: a format string its callers give (their text's verbs opened)
    if (f.t.length === 1 && isHole(f.t[0])) return { t: [{ hole: { ...f.t[0].hole, fmt: 'printf' } }], s: false };
  }
  if (recv && (method === 'call' || n.field('method') === null)) {
    // `non_zero_message.call(x)`, `MSG.(x)`: a lambda or proc of the file that returns the text
    const fnNode = recv.kind() === 'identifier' && !scope.params.has(recv.text()) ? assignedBefore(recv.text(), scope)
      : recv.kind() === 'constant' ? scope.ctx.constant(recv.text()) : null;
    const fn = fnNode && lambdaResult(fnNode);
    if (fn) {
      const b = build(fn.body, { ...scope, params: new Set([...scope.params, ...fn.params]), at: fn.body.range().start.index }, depth + 1);
      if (b.s) return b;
    }
  }
  if (recv && method === 'fetch' && args.length >= 1) {
    const entry = tableEntry(recv, args[0], scope);
    if (entry) return build(entry, { ...scope, fn: null, params: new Set(), at: Infinity }, depth + 1);
    // `options.fetch(:message) { "not allowed to #{query} this #{record.class}" }`, `fetch(:message,
    // "…")`: the default's text, what the message is when the caller gives none (the given value, a
    // hole, says nothing of it)
    const block = n.field('block');
    const fallback = block ? blockText(block, scope, depth) : args[1] && args[1].kind() !== 'pair' ? build(args[1], scope, depth + 1) : null;
    if (fallback?.s) return fallback;
  }
  // `I18n.t('errors.messages.blank')`, `t(:blank, scope: [:errors, :messages])`: a key into the
  // package's locale files (record/locale.ts)
  if ((method === 't' || method === 'translate') && (!recv || I18N.has(recv.text())) && args.length) {
    const key = i18nKey(args);
    // (`:"#{record.class.i18n_scope}.errors.messages.record_invalid"`: a key whose start is computed,
    // its written end naming the entry: the entries of the locale files whose key ends so, and the
    // `default:` key's entry as another)
    const end = I18N_KEY_END.exec(args[0].text())?.[1];
    const at = (l: Lookup, name: string): Segment => ({ hole: { name: placeholderName(name.replace(/\W+/g, '_')), expr: oneLine(n.text()), kind: 'any', lookup: l } });
    if (end) return { t: [at({ table: '', key: null, keySuffix: end }, end)], s: false, ...(key ? { alts: [[at({ table: '', key }, key)]] } : {}) };
    if (key) return { t: [at({ table: '', key }, key)], s: false };
  }
  const block = n.field('block');
  if (block && (!recv || recv.text() === 'self')) {
    // `message(msg) { "Expected #{mu_pp(obj)} to be empty" }`, `message(msg) { diff exp, act }`: a method of
    // the code given the text lazily, as its block's value (the block is a message builder's default)
    const b = blockText(block, scope, depth);
    if (b) return b;
  }
  if (recv && method === 'join' && args.length <= 1 && messagesOf(recv)) {
    // `errors.map(&:message).join("\n")`: the messages of errors collected before, each a message of
    // its own (Hole.inner: match/wrap.ts reads what the hole holds as another error's text)
    const h = hole(oneLine(n.text()));
    if (isHole(h)) return { t: [{ hole: { ...h.hole, inner: true } }], s: false };
  }
  // (`[a, b].compact.join(sep)`: an element with no text may be nil, gone with its separator)
  const compacted = recv?.kind() === 'call' && recv.field('method')?.text() === 'compact' && !recv.field('arguments') && recv.field('receiver')?.kind() === 'array';
  const list = compacted ? recv!.field('receiver')! : recv;
  if (list && method === 'join' && list.kind() === 'array' && args.length <= 1) {
    const sep = args[0] ? build(args[0], scope, depth + 1) : { t: [], s: false };
    const raw = list.namedChildren().map((c) => build(c, scope, depth + 1));
    const items = raw.map((b, i) => oneText(b, list.namedChildren()[i], scope, depth + 1));
    if (!compacted && (args.length === 0 || sep.s)) {
      // (an element of several texts, a local assigned in an `if`'s branches: one text per
      // combination, at most eight, the first texts' first; more, and such an element is a hole)
      const joined = joinedTexts(raw, sep.t);
      if (joined) return joined;
    }
    if (items.some((b) => b.s) && (args.length === 0 || sep.s)) {
      if (!compacted) return str(items.flatMap((b, i) => (i ? [...sep.t, ...b.t] : b.t)));
      // (the elements with no text of their own, each with the separator before it, one hole: the
      // lines they give; the other form without them, each nil)
      const out: Template = [];
      const without: Template = [];
      items.forEach((b, i) => {
        if (!b.s && i > 0) {
          const last = out[out.length - 1];
          if (!(last && isHole(last) && last.hole.name === 'lines')) out.push(hole('lines'));
          return;
        }
        out.push(...(i ? sep.t : []), ...b.t);
        without.push(...(i ? sep.t : []), ...b.t);
      });
      return { t: normalize(out), s: true, ...(without.length < out.length ? { alts: [normalize(without)] } : {}) };
    }
  }
  return keyedCall(n, recv, method, args, scope, depth) ?? holeOf(n);
}

/** `self.class`, `self.class.name`, `self.class.to_s` in an instance method; `self`, `self.name`, `name`, `to_s` in a `def self.x`. */
const OWN_CLASS = /^self\.class(?:\.(?:name|to_s))?$/;
const OWN_SELF = /^(?:self|(?:self\.)?(?:name|to_s))$/;
const MAX_NESTING = 16;

/**
 * The class an instance method's object is, or the class or module a singleton method is called on
 * (`fail ParseError, "'#{v}' is not a valid #{self.class} version string!"` in each of a library's
 * format classes): known only at run time; the qualified name of the class written around it first
 * (Module#name: its nesting's names joined by `::`, a method raising for its own class's objects),
 * the hole (a subclass's name) as the other form. An instance method of a module (a mixin: the
 * including class's name) or of `class << self`, or a name the file defines as a method, is a hole.
 */
export function ownClassName(n: SgNode, scope: Scope): Built | null {
  const fn = scope.fn;
  if (!fn || (fn.kind() !== 'method' && fn.kind() !== 'singleton_method')) return null;
  const text = n.text();
  const singleton = fn.kind() === 'singleton_method';
  if (singleton ? !OWN_SELF.test(text) || fn.field('object')?.text() !== 'self' : !OWN_CLASS.test(text)) return null;
  if (singleton && n.kind() === 'identifier' && (scope.params.has(text) || scope.ctx.localsOf(fn).has(text) || scope.ctx.methods(text).length)) return null;
  const names: string[] = [];
  let first: SgNode | null = null;
  let hops = 0;
  for (let p = fn.parent(); p && hops < MAX_NESTING; p = p.parent(), hops++) {
    const k = p.kind() as string;
    // (a method of `class << self`, of another method, or of a block, `Class.new(Base) do … end`, `class_eval do`: another class's)
    if (k === 'singleton_class' || k === 'method' || k === 'singleton_method' || k === 'block' || k === 'do_block') return null;
    if (k !== 'class' && k !== 'module') continue;
    first ??= p;
    const name = p.field('name')?.text().replace(/^::/, '');
    if (!name || !/^[A-Z]\w*(?:::[A-Z]\w*)*$/.test(name)) return null;
    names.unshift(name);
    // (a name written from the top, `class ::Foo`, ends the nesting)
    if (p.field('name')?.text().startsWith('::')) break;
  }
  if (!first || (!singleton && first.kind() !== 'class')) return null;
  return { t: [lit(names.join('::'))], s: true, alts: [[hole(oneLine(text))]] };
}

const MESSAGE_READS = new Set(['message', 'to_s', 'full_message']);
/** A list's name that says it holds errors (`errors`, `@exceptions`, `failures`): its `to_s` are their messages. */
const ERRORS_NAME = /(?:^|_|@)(?:err|errors|exceptions|failures|problems)$/;

/**
 * `errors.map(&:message)`, `errors.collect(&:to_s)`, `errors.map { |e| e.message }`: the messages of a
 * list of errors (a parser collecting the errors of a run and raising one that holds them all); `to_s`
 * only of a list named as errors (`types.map(&:to_s)` are values).
 */
function messagesOf(n: SgNode): boolean {
  if (n.kind() !== 'call') return false;
  const method = n.field('method')?.text();
  const recv = n.field('receiver');
  if ((method !== 'map' && method !== 'collect') || !recv) return false;
  const reads = (m: string) => MESSAGE_READS.has(m) && (m !== 'to_s' || ERRORS_NAME.test(recv.text()));
  const args = argNodes(n);
  const block = n.field('block');
  if (args.length === 1 && !block) {
    const a = args[0];
    return a.kind() === 'block_argument' && reads(a.namedChildren()[0]?.text().replace(/^:/, '') ?? '');
  }
  if (args.length || !block) return false;
  const params = block.namedChildren().find((c) => c.kind() === 'block_parameters')?.namedChildren() ?? [];
  const body = block.namedChildren().filter((c) => c.kind() === 'block_body' || c.kind() === 'body_statement');
  const stmts = body.length === 1 ? body[0].namedChildren().filter((c) => c.kind() !== 'comment') : [];
  if (params.length !== 1 || params[0].kind() !== 'identifier' || stmts.length !== 1) return false;
  const only = stmts[0];
  return only.kind() === 'call' && only.field('receiver')?.text() === params[0].text() && reads(only.field('method')?.text() ?? '') && !argNodes(only).length;
}

/**
 * `Error.message(:missing_if, keyword)`: a class's method given a literal key first (a symbol or a
 * plain string), which a file of the tree may define as returning that entry of its message table
 * (analyze.ts, keyedReturns): a hole carrying the call (Hole.call), bound where the method is defined
 * (record/returns.ts); a plain hole when no file defines one. Null for any other call.
 */
function keyedCall(n: SgNode, recv: SgNode | null, method: string, args: SgNode[], scope: Scope, depth: number): Built | null {
  if (recv ? recv.kind() !== 'constant' && recv.kind() !== 'scope_resolution' : !inheritedKeyed(method, scope)) return null;
  if (!/^[a-z_]\w*$/.test(method) || n.field('block')) return null;
  const key = args[0] && (args[0].kind() === 'simple_symbol' || args[0].kind() === 'string') ? literalKey(args[0]) : null;
  if (key === null || !/^[\w.-]{1,80}$/.test(key)) return null;
  const given: { name: string | null; expr: string; template: Template }[] = [{ name: null, expr: oneLine(args[0].text()), template: [lit(key)] }];
  for (const a of args.slice(1)) {
    if (SPLATS.has(a.kind() as string) || a.kind() === 'block_argument') break;
    const k = a.kind() === 'pair' ? a.field('key') : null;
    const v = k ? a.field('value') : a;
    const name = k ? literalKey(k) : null;
    if (!v || (k && name === null)) break;
    given.push({ name, expr: oneLine(v.text()), template: build(v, scope, depth + 1).t });
  }
  const h = hole(oneLine(n.text()));
  return isHole(h) ? { t: [{ hole: { ...h.hole, call: { callee: method, args: given } } }], s: false } : null;
}

/**
 * A call with no receiver of a method the file does not define (one its class inherits or includes:
 * grape's `super(message: compose_message(:unknown_validator, …))`, `compose_message` defined on the
 * base class in another file) may be keyed too; never `message`, every error's own.
 */
const inheritedKeyed = (method: string, scope: Scope): boolean => method !== 'message' && !scope.ctx.methods(method).length;

/** Whether each assignment of a local before the site is under a condition the site is not in (there is at least one). */
function onlyUnderConditions(name: string, scope: Scope): boolean {
  const fn = scope.fn;
  if (!fn) return false;
  const before = scope.ctx.assignedBefore(fn, name, scope.at);
  if (!before.length) return false;
  return before.every((x) => conditionOf(x, scope.at, fn) !== null);
}

/** The text a block's last expression makes (a string, or a call of a method of the file returning one); null when none. */
function blockText(block: SgNode, scope: Scope, depth: number): Built | null {
  const body = block.children().find((c) => c.kind() === 'block_body' || c.kind() === 'body_statement');
  const last = body?.namedChildren().filter((c) => c.kind() !== 'comment').at(-1);
  if (!last) return null;
  const b = build(last, { ...scope, at: last.range().start.index }, depth + 1);
  return b.s ? b : null;
}

/** A method building a message from a text with markers and values (test-unit's `build_message`). */
const MESSAGE_BUILDER = /^build_(?:\w+_)?message$/;

/**
 * test-unit's `build_message(message, "<?> expected but was\n<?>.?", expected, actual, diff)`: the
 * builder's text argument after the first, its `?` markers filled with the values after it (a `\?`
 * is a question mark), as AssertionMessage#to_s does; the text ends without the heredoc's line break.
 * Null when no argument after the first is text with a marker.
 */
function markedText(args: SgNode[], scope: Scope, depth: number): Built | null {
  for (let i = 1; i < args.length; i++) {
    const b = build(args[i], scope, depth + 1);
    if (!b.s) continue;
    if (!b.t.some((x) => isLit(x) && /(?<!\\)\?/.test(x.lit))) return null;
    const values = args.slice(i + 1).map((a) => oneLine(a.text()));
    let k = 0;
    const out: Template = [];
    for (const x of b.t) {
      if (!isLit(x)) {
        out.push(x);
        continue;
      }
      const parts = x.lit.split(/(?<!\\)\?/);
      parts.forEach((part, j) => {
        if (j > 0) out.push(hole(values[k++]));
        out.push(lit(part.replace(/\\\?/g, '?')));
      });
    }
    const last = out.at(-1);
    if (last && isLit(last)) out[out.length - 1] = lit(last.lit.replace(/\n$/, ''));
    return str(normalize(out));
  }
  return null;
}

const TO_STRING = new Set(['to_s', 'to_str', 'inspect', 'join', 'strip', 'chomp']);

/** An expression whose value is a String: a string literal, `x.to_s`, `String(x)`. */
function isStringValue(n: SgNode | null): boolean {
  if (!n) return false;
  const k = n.kind() as string;
  if (k === 'string' || k === 'chained_string' || k === 'heredoc_beginning') return true;
  if (k !== 'call') return false;
  const m = n.field('method')?.text() ?? '';
  return n.field('receiver') ? TO_STRING.has(m) && argNodes(n).length === 0 : m === 'String';
}

const LAMBDA_CALLS = new Set(['lambda', 'proc']);

/**
 * What a lambda or proc returns when its body is one expression (`lambda do |value| "…#{value}" end`,
 * `->(v) { "…" }`, `proc { |v| … }`), with its parameters' names; null for anything else.
 */
function lambdaResult(n: SgNode): { body: SgNode; params: string[] } | null {
  const k = n.kind() as string;
  const isLambda = k === 'lambda' || (k === 'call' && !n.field('receiver') && LAMBDA_CALLS.has(n.field('method')?.text() ?? ''));
  if (!isLambda) return null;
  const block = n.children().find((c) => c.kind() === 'block' || c.kind() === 'do_block');
  if (!block) return null;
  const params: string[] = [];
  const list = [...n.children(), ...block.children()].find((c) => c.kind() === 'lambda_parameters' || c.kind() === 'block_parameters');
  for (const p of list?.namedChildren() ?? []) if (p.kind() === 'identifier') params.push(p.text());
  const body = block.children().find((c) => c.kind() === 'block_body' || c.kind() === 'body_statement');
  const stmts = body?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
  return stmts.length === 1 ? { body: stmts[0], params } : null;
}

export const I18N = new Set(['I18n', '::I18n']);
const I18N_KEY = /^[\w-]+(?:\.[\w-]+)*$/;
/** A key (a symbol or a string) whose one interpolation is its start: its written end (`.errors.messages.x`). */
const I18N_KEY_END = /^:?["']#\{[^{}"']*\}((?:\.[\w-]+){2,})["']$/;

/** The key an i18n lookup names: its first argument (else its `default:` key), under its `scope:`. */
function i18nKey(args: SgNode[]): string | null {
  const opt = (name: string) => args.find((a) => a.kind() === 'pair' && literalKey(a.field('key')!) === name)?.field('value') ?? null;
  let key = literalKey(args[0]);
  if (key === null || /#\{/.test(args[0].text())) {
    const d = opt('default');
    key = d && (d.kind() === 'simple_symbol' || d.kind() === 'delimited_symbol') && !/#\{/.test(d.text()) ? literalKey(d) : null;
  }
  if (key === null || !I18N_KEY.test(key)) return null;
  const scope = opt('scope');
  if (scope) {
    const parts = scope.kind() === 'array' ? scope.namedChildren().map(literalKey) : [literalKey(scope)];
    if (parts.some((p) => p === null)) return null;
    key = `${parts.join('.')}.${key}`;
  }
  return key;
}

/** The arguments of a call, comments left out. */
export function argNodes(call: SgNode): SgNode[] {
  const list = call.field('arguments');
  return list ? list.namedChildren().filter((c) => c.kind() !== 'comment') : [];
}

/** The value a local holds at the site: its last plain assignment before it in the method. */
/** The writes to a buffer bufferText reads, at most. */
const MAX_BUFFER_WRITES = 8;
const BUFFER_WRITE = new Set(['puts', 'print', 'write', '<<']);

/**
 * The text of a `StringIO.new` local read whole (`buf.read`, `buf.string`): its unconditional writes
 * (`buf.puts(x)`, `buf.print(x)`, `buf.write(x)`, `buf << x`, statements of the block it is made in) before
 * the read, joined; any other statement naming the buffer (a write under a condition, a printer handed
 * it) ends the text with a hole there (what it adds is not known).
 */
function bufferText(name: string, scope: Scope, depth: number): Built | null {
  const made = assignedBefore(name, scope);
  if (!made || !/^(?:::)?StringIO\.new(?:\(\s*(?:''|"")?\s*\))?$/.test(made.text())) return null;
  // (the statements after the assignment, in its block: a method's body, a branch's)
  const assign = made.parent();
  const block = assign?.parent();
  if (!assign || !block) return null;
  const t: Template = [];
  let writes = 0;
  for (const stmt of block.namedChildren()) {
    if (stmt.range().start.index <= assign.range().start.index) continue;
    if (stmt.range().start.index >= scope.at || writes >= MAX_BUFFER_WRITES) break;
    const k = stmt.kind() as string;
    const isWrite = k === 'call' && stmt.field('receiver')?.text() === name && BUFFER_WRITE.has(stmt.field('method')?.text() ?? '');
    const shift = k === 'binary' && stmt.field('left')?.text() === name && stmt.field('operator')?.text() === '<<';
    if (isWrite || shift) {
      const arg = shift ? stmt.field('right') : argNodes(stmt)[0];
      if (!arg) return null;
      const b = build(arg, scope, depth + 1);
      t.push(...b.t);
      if (!shift && stmt.field('method')?.text() === 'puts') {
        const last = b.t[b.t.length - 1];
        if (!(last && isLit(last) && last.lit.endsWith('\n'))) t.push(lit('\n'));
      }
      writes++;
    } else if (writes && new RegExp(`(?<![\\w@$.:])${name}(?![\\w?!])`).test(stmt.text()) && !new RegExp(`^${name}\\.rewind\\b`).test(stmt.text())) {
      // (`if debug then message.puts(…)`, `PrettyPrinter.pp(message, datum)`: what more is written is not known)
      t.push(hole(oneLine(`${name}.string`)));
      break;
    }
  }
  return writes && t.some(isLit) ? str(t) : null;
}

function assignedBefore(name: string, scope: Scope): SgNode | null {
  return scope.ctx.assignedBefore(scope.fn, name, scope.at).at(-1)?.field('right') ?? null;
}

/** `TABLE[:key]`, `TABLE["key"]` of a constant hash of the file: the entry's value node. */
function tableEntry(obj: SgNode | null | undefined, keyNode: SgNode | undefined, scope: Scope): SgNode | null {
  if (!obj || !keyNode) return null;
  const name = obj.kind() === 'constant' ? obj.text() : obj.kind() === 'scope_resolution' ? obj.field('name')?.text() : null;
  const key = literalKey(keyNode);
  if (!name || key === null) return null;
  const table = scope.ctx.constant(name);
  const hash = table && (table.kind() === 'hash' ? table : table.kind() === 'call' && table.field('receiver')?.kind() === 'hash' ? table.field('receiver') : null);
  if (!hash) return null;
  for (const p of hash.namedChildren()) {
    if (p.kind() !== 'pair') continue;
    const k = p.field('key');
    if (k && literalKey(k) === key) return p.field('value') ?? null;
  }
  return null;
}

/** A hash key or symbol written as a literal (`:blank`, `blank:`, `"blank"`), or null. */
export function literalKey(n: SgNode): string | null {
  const k = n.kind() as string;
  const t = n.text();
  if (k === 'simple_symbol') return t.slice(1);
  if (k === 'hash_key_symbol') return t;
  if (k === 'string' && !n.children().some((c) => c.kind() === 'interpolation')) return t.slice(1, -1);
  if (k === 'delimited_symbol') return t.slice(2, -1);
  return null;
}

// ---------------------------------------------------------------- Kernel#format

/** A format argument: its expression, and its text when it is a string literal. */
export interface FormatArg {
  expr: string;
  text: Template | null;
}
export interface FormatArgs {
  positional: FormatArg[];
  named: Map<string, FormatArg>;
}

function formatArg(n: SgNode, scope: Scope, depth: number): FormatArg {
  if (n.kind() === 'identifier' || n.kind() === 'call') {
    // (a message-named method's value, or a local assigned one: `format("The property '%s' %s",
    // property, description)` with `description = error_message(schema)` looks it up in the tree)
    const b = build(n, scope, depth + 1);
    const only = b.t.length === 1 ? b.t[0] : null;
    return { expr: oneLine(n.text()), text: only && isHole(only) && only.hole.lookup?.table === RETURNS ? b.t : null };
  }
  const b = n.kind() === 'string' ? build(n, scope, depth + 1) : null;
  return { expr: oneLine(n.text()), text: b && b.s ? b.t : null };
}

export function formatArgs(positional: SgNode[], hash: SgNode | null, scope: Scope, depth: number, pairs: SgNode[] = []): FormatArgs {
  const named = new Map<string, FormatArg>();
  for (const p of [...(hash ? hash.namedChildren() : []), ...pairs]) {
    const k = p.kind() === 'pair' ? p.field('key') : null;
    const v = p.field('value');
    const key = k ? literalKey(k) : null;
    if (key !== null && v) named.set(key, formatArg(v, scope, depth));
  }
  return { positional: hash ? [] : positional.filter((p) => p.kind() !== 'hash').map((p) => formatArg(p, scope, depth)), named };
}

const FORMAT_RE = /%(?:<(\w+)>|\{(\w+)\})?([-+ 0#]*)(\d+|\*)?(?:\.(\d+|\*))?([bBdiouxXeEfgGaAcps%])?/g;

const verbKind = (v: string | undefined): HoleKind => (v === undefined ? 'any' : /[diu]/.test(v) ? 'int' : /[eEfgGaA]/.test(v) ? 'float' : v === 'p' ? 'repr' : 'any');

/** The format string's verbs as holes of the arguments (`%{x}` and `%<x>s` by name). */
export function applyFormat(t: Template, args: FormatArgs): Template {
  let next = 0;
  const out: Segment[] = [];
  for (const s of t) {
    if (!isLit(s)) {
      out.push(s);
      continue;
    }
    let last = 0;
    for (const m of s.lit.matchAll(FORMAT_RE)) {
      const name = m[1] ?? m[2];
      const verb = m[6];
      // (`%` not followed by a verb or a name is kept as written)
      if (!name && !verb) continue;
      out.push({ ...s, lit: s.lit.slice(last, m.index) });
      last = (m.index ?? 0) + m[0].length;
      if (verb === '%' && !name) {
        out.push(lit('%'));
        continue;
      }
      if (m[4] === '*') next++;
      if (m[5] === '*') next++;
      const arg = name ? args.named.get(name) : args.positional[next++];
      // (a string literal argument of a `%s` or `%{}` is its text)
      if (arg?.text && (verb === 's' || verb === undefined)) out.push(...arg.text);
      else out.push(hole(arg?.expr ?? name, verbKind(verb)));
    }
    out.push({ ...s, lit: s.lit.slice(last) });
  }
  return normalize(out);
}

/**
 * The text a method of the same class returns (its last expression, or a final `return x`), built
 * in that method: `exception_klass.new(self.to_s, self)` with `def to_s … "… at line #{line} char
 * #{column}." end`. `withArgs`: the call passes arguments, and the method's parameters are holes
 * (`raise Error, describe(v)` with `def describe(v) "the wobble #{v} has no sprocket" end`);
 * without, only a method without parameters is read. `singleton`: a class method (`def self.x`:
 * called bare from another one, or as `self.class.x`). Only a name defined once in that class;
 * null when it gives no text.
 */
function ownMethodText(name: string, scope: Scope, depth: number, singleton = false, withArgs = false, inClass: SgNode | null = null): Built | null {
  if (!/^[a-z_]\w*[?!]?$/.test(name) || depth >= MAX_DEPTH - 1) return null;
  const overriding = !singleton && !withArgs ? scope.ctx.methodValues?.get(name) : undefined;
  if (overriding) return str(overriding);
  const defs = scope.ctx.methods(name);
  if (!defs.length) return null;
  const cls = inClass ?? scope.ctx.classOf(scope.fn);
  const own = defs.filter((d) => d.kind() === (singleton ? 'singleton_method' : 'method') && scope.ctx.classOf(d)?.id() === cls?.id());
  if (own.length !== 1 || own[0].id() === scope.fn?.id()) return null;
  const params = paramNames(own[0]);
  if ((params.length > 0) !== withArgs) return null;
  return returnedText(own[0], scope.ctx, depth)?.b ?? null;
}

/**
 * The class whose body a node is written in outside any method (in a block, proc or lambda there:
 * `self` is the class or module), or null: at the top level, in a `def`, or in `class << self`.
 */
function bodyClassOf(n: SgNode): SgNode | null {
  for (let p = n.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'method' || k === 'singleton_method' || k === 'singleton_class') return null;
    if (k === 'class' || k === 'module') return p;
  }
  return null;
}

/**
 * The text a method returns, built in it (its parameters holes): its last expression (or a final
 * `return x`), and early `return "…" if …` statements of its body as other texts; with the line the
 * first text is written on. Null when none gives text.
 */
function returnedText(def: SgNode, ctx: FileCtx, depth: number): { b: Built; line: number } | null {
  const body = def.field('body');
  const stmts = body ? (body.kind() === 'body_statement' ? body.namedChildren().filter((c) => c.kind() !== 'comment') : [body]) : [];
  let last: SgNode | null | undefined = stmts[stmts.length - 1];
  if (last?.kind() === 'return') last = returned(last);
  if (!last) return null;
  const inner = { ctx, fn: def, params: new Set(paramNames(def)) };
  let b: Built | null = build(last, { ...inner, at: last.range().start.index }, depth + 1);
  // (a local returned that earlier assignments with no text may still reach, minitest's `mu_pp` giving
  // `s = obj.inspect` and only for some strings `s = "# encoding: …\n#{s}"`: its text is not the method's)
  if (last.kind() === 'identifier' && !b.alts?.length && ctx.assignedBefore(def, last.text(), last.range().start.index).length > 1) b = null;
  if (b && !b.s) b = null;
  // (an early `return "…" unless expect` of the body, minitest's `diff` returning its plain text before
  // computing a diff: what the method returns in that case, another text it may give)
  const early: Template[] = [];
  let earlyLine = 0;
  for (const st of stmts.slice(0, -1)) {
    const k = st.kind() as string;
    if (k !== 'if_modifier' && k !== 'unless_modifier') continue;
    const ret = st.namedChildren()[0];
    const v = ret?.kind() === 'return' ? returned(ret) : null;
    if (!v) continue;
    const e = build(v, { ...inner, at: v.range().start.index }, depth + 1);
    if (!e.s) continue;
    if (!early.length) earlyLine = v.range().start.line + 1;
    early.push(e.t, ...(e.alts ?? []));
    if (early.length >= 8) break;
  }
  if (!early.length) return b ? { b, line: last.range().start.line + 1 } : null;
  if (!b) return { b: { t: early[0], s: true, ...(early.length > 1 ? { alts: early.slice(1) } : {}) }, line: earlyLine };
  return { b: { ...b, alts: [...(b.alts ?? []), ...early].slice(0, 8) }, line: last.range().start.line + 1 };
}

/**
 * The table each file files the texts its message-named methods return in (FileAnalysis.tables, by
 * the method's name): `error_message(schema)` in a base class whose own definition only raises
 * NotImplementedError, each subclass's in a file of its own. Not a name Ruby code can give a table.
 */
export const RETURNS = '::returns';

/**
 * The table each file files the texts its helper methods of no parameters return (`def
 * format_for_exception msg = "" … msg << "---- Begin output of #{command} ----\n" … msg end`), by name:
 * a bare call of such a name in a file that defines no method of it (a module of the same class in
 * another file: mixlib-shellout's unix.rb, `module Unix` of `class ShellOut`, calling shellout.rb's)
 * reads the text from the few files of the tree defining one (record/tables.ts). Not a name Ruby code
 * can give a table.
 */
export const HELPERS = '::helpers';
/** A helper's name: words joined by an underscore (never an attribute's one-word reader, `name`, `path`), not message-named (RETURNS has those). */
export const HELPER_TEXT_NAME = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+[?!]?$/;
const isHelperName = (name: string): boolean => HELPER_TEXT_NAME.test(name) && !MESSAGE_METHOD.test(name);

/**
 * A bare `format_for_exception` (no receiver, no arguments) of a helper name the file defines no method
 * of, in a message: a lookup of the tree's HELPERS texts by that name. Not a block's parameter. Null otherwise.
 */
function helperLookup(name: string, n: SgNode, scope: Scope): Built | null {
  if (!isHelperName(name) || scope.ctx.methods(name).length) return null;
  // (not an attribute the file declares, `attr_accessor :default_subcommand_name`, nor a local a
  // destructuring assignment or a block gives, `source, join_condition = …`)
  const word = escapeRegex(name);
  if (new RegExp(String.raw`\battr_(?:reader|accessor)\b[^\n]*:${word}\b`).test(scope.ctx.source)) return null;
  const within = scope.fn ? scope.fn.text() : scope.ctx.source;
  if (new RegExp(String.raw`(?<![\w.@$:])${word}\s*(?:,|=(?![=~>]))|(?:,|\|)\s*${word}(?![\w?!])`).test(within)) return null;
  for (let p = n.parent(); p && p.id() !== scope.fn?.id(); p = p.parent()) {
    const k = p.kind() as string;
    if ((k === 'block' || k === 'do_block') && p.children().find((c) => c.kind() === 'block_parameters')?.namedChildren().some((c) => c.text() === name)) return null;
  }
  return { t: [{ hole: { ...(hole(oneLine(n.text())) as { hole: Hole }).hole, lookup: { table: HELPERS, key: name } } }], s: false };
}

/** Helper methods' texts a file files, at most. */
const MAX_HELPER_TEXTS = 64;

/** The texts a file's helper methods of no parameters return (HELPERS), by name: methods whose text has a string literal. */
export function helperTexts(ctx: FileCtx): { key: string; template: Template; line: number }[] {
  const out: { key: string; template: Template; line: number }[] = [];
  for (const def of ctx.root.findAll({ rule: { kind: 'method' } })) {
    const name = def.field('name')?.text();
    if (!name || !isHelperName(name) || def.field('parameters')?.namedChildren().length || !/["']/.test(def.text())) continue;
    const r = methodReturnText(def, ctx);
    if (r && r.t.some((x) => isLit(x) && x.lit.trim().length >= 3)) out.push({ key: name, template: r.t, line: r.line });
    if (out.length >= MAX_HELPER_TEXTS) break;
  }
  return out;
}
/**
 * A method whose name says it returns a message (`error_message`, `failure_message`,
 * `failure_message_when_negated`, `description`): such a method called where its definition is not
 * read (another class's, an unknown receiver's) is looked up in the tree's RETURNS tables. Never
 * the names every object answers (`message`, `to_s`, `inspect`: Exception's own, Object's).
 */
const MESSAGE_WORDS = String.raw`[a-z_]*(?:message|description|explanation|reason)`;
export const MESSAGE_METHOD = new RegExp(String.raw`^(?!(?:full_|detailed_)?message$)${MESSAGE_WORDS}[a-z_]*[?!]?$`);
/** Whether a file's text may define a MESSAGE_METHOD (`def error_message`, `def self.reason`): tested before its methods are read. */
export const DEFINES_MESSAGE_METHOD = new RegExp(String.raw`\bdef\s+(?:self\.)?${MESSAGE_WORDS}`);
/** Files defining a message-named method of one name that a call is read from, at most (a base class's subclasses, one file each). */
const MAX_OVERRIDES = 32;

/**
 * A call of a message-named method whose text the file does not give (MESSAGE_METHOD): no receiver,
 * `self` or `self.class`, with no definition in the file but ones that only raise
 * (`def self.error_message(schema) raise NotImplementedError end`), or a local's or parameter's
 * (`matcher.failure_message`, `matcher.__send__(:failure_message)`): a lookup of that name in the
 * tree's RETURNS tables, every definition's text an alternative (record/tables.ts). Null otherwise.
 */
function overriddenCall(n: SgNode, method: string, recv: SgNode | null, args: SgNode[], scope: Scope, depth: number): Built | null {
  let name = method;
  let receiver = recv;
  let given = args;
  const sent = recv && SENDS.has(method) && args[0] ? sentName(args[0], scope) : null;
  if (sent) {
    name = sent;
    given = args.slice(1);
  } else if (recv && recv.kind() === 'call' && recv.field('method')?.text() === 'class' && recv.field('receiver')?.text() === 'self') receiver = null;
  if (!MESSAGE_METHOD.test(name) || n.field('block')) return null;
  if (receiver && receiver.text() !== 'self' && receiver.kind() !== 'identifier') return null;
  // (a definition of the file's own that gives text is read by ownMethodText, and a receiver of
  // unknown class is as likely the file's as another's: only names the file defines without text,
  // abstract or forwarding, or not at all, are looked up)
  if (depth >= MAX_DEPTH - 1 || scope.ctx.methods(name).some((d) => !onlyRaises(d) && givesText(d, scope.ctx, depth))) return null;
  if (given.some((a) => SPLATS.has(a.kind() as string))) return null;
  const positional = given.filter((a) => a.kind() !== 'pair' && a.kind() !== 'block_argument').length;
  return { t: [{ hole: { ...(hole(oneLine(n.text())) as { hole: Hole }).hole, lookup: { table: RETURNS, key: returnsKey(name, positional), definers: MAX_OVERRIDES } } }], s: false };
}

const SPLATS = new Set(['splat_argument', 'hash_splat_argument']);
/** A RETURNS entry's key: the method's name and a number of positional arguments it accepts (`error_message/1`). */
export const returnsKey = (name: string, positional: number): string => `${name}/${positional}`;
/** Optional positional parameters past the required ones a RETURNS entry is filed for, at most (a splat counts as this many). */
const MAX_OPTIONAL = 3;

/** The numbers of positional arguments a method accepts, required first (`def x(a, b = 1, *r)`: 1 to 1 + MAX_OPTIONAL). */
export function arities(def: SgNode): number[] {
  let required = 0;
  let optional = 0;
  for (const p of def.field('parameters')?.namedChildren() ?? []) {
    const k = p.kind() as string;
    if (k === 'identifier' || k === 'destructured_parameter') required++;
    else if (k === 'optional_parameter') optional++;
    else if (k === 'splat_parameter') optional = MAX_OPTIONAL;
  }
  optional = Math.min(optional, MAX_OPTIONAL);
  return Array.from({ length: optional + 1 }, (_, i) => required + i);
}

const SENDS = new Set(['send', '__send__', 'public_send']);

/** Whether a method returns text (returnedText), once per method and file. */
function givesText(def: SgNode, ctx: FileCtx, depth: number): boolean {
  const k = def.range().start.index;
  let v = ctx.texts.get(k);
  if (v === undefined) ctx.texts.set(k, (v = !!returnedText(def, ctx, depth + 1)));
  return v;
}

/**
 * The method a `__send__` argument names: a literal symbol, or a parameter of the method around it
 * that the file's calls of that method give a literal symbol (`handle_failure(matcher, msg,
 * :failure_message)` for `matcher.__send__(failure_message_method)`: the first such call's).
 */
function sentName(arg: SgNode, scope: Scope): string | null {
  if (arg.kind() === 'simple_symbol') return arg.text().slice(1);
  if (arg.kind() !== 'identifier' || !scope.params.has(arg.text()) || !scope.fn) return null;
  const at = paramNames(scope.fn).indexOf(arg.text());
  const fname = scope.fn.field('name')?.text();
  if (at < 0 || !fname) return null;
  for (const call of scope.ctx.callsNamed(fname)) {
    const a = argNodes(call)[at];
    if (a?.kind() === 'simple_symbol' && MESSAGE_METHOD.test(a.text().slice(1))) return a.text().slice(1);
  }
  return null;
}

/**
 * `name ||= value` of a parameter before the site, whose value is a lookup of a message-named
 * method (`message ||= matcher.__send__(failure_message_method)`): that lookup, the parameter's own
 * value an alternative hole. Null otherwise.
 */
function orAssigned(name: string, scope: Scope, depth: number): Built | null {
  if (!scope.fn) return null;
  for (const a of scope.ctx.orAssignments(scope.fn)) {
    if (a.range().end.index > scope.at || a.field('left')?.text() !== name) continue;
    const v = a.field('right');
    const b = v ? build(v, { ...scope, at: v.range().start.index }, depth + 1) : null;
    const only = b && b.t.length === 1 ? b.t[0] : null;
    if (only && isHole(only) && only.hole.lookup?.table === RETURNS) return b;
  }
  return null;
}

/** Whether a method's body is empty or one `raise`/`fail` (an abstract method its subclasses override). */
function onlyRaises(def: SgNode): boolean {
  const body = def.field('body');
  if (!body) return true;
  const stmts = body.kind() === 'body_statement' ? body.namedChildren().filter((c) => c.kind() !== 'comment') : [body];
  if (stmts.length === 0) return true;
  if (stmts.length !== 1) return false;
  const s = stmts[0];
  const callee = s.kind() === 'call' ? s.field('method')?.text() : s.kind() === 'identifier' ? s.text() : null;
  return (callee === 'raise' || callee === 'fail') && !s.field('receiver');
}

/**
 * The text a method returns (its last expression, or early `return "…" if …` statements), its
 * parameters holes, for the file's RETURNS table; null when it gives none.
 */
export function methodReturnText(def: SgNode, ctx: FileCtx): { t: Template; line: number; alts?: Template[] } | null {
  const r = returnedText(def, ctx, 0);
  // (a method that may also return what is not text, hocon's `description` giving `_description`
  // alone on one branch, is no text of its own, else its texts would stand for every value it returns)
  if (!r || r.b.alts?.some((t) => !t.some(isLit))) return null;
  // (the other texts it may return, a ternary's or a branch's: `negation = is_negated ? "was not" :
  // "was"`, each combination of them; filed as further tables of the same name, record/tables.ts
  // keeping one entry a key a table)
  const alts = (r.b.alts ?? []).map(trimEnds);
  return { t: trimEnds(r.b.t), line: r.line, ...(alts.length ? { alts } : {}) };
}

/**
 * A text with the whitespace at its ends cut (rspec's `"\nexpected: …\n\n(compared using ==)\n"`):
 * a message is read with its ends trimmed, so written ends could never match.
 */
function trimEnds(t: Template): Template {
  const out = [...t];
  const first = out[0];
  if (first && isLit(first)) out[0] = { ...first, lit: first.lit.trimStart() };
  const last = out[out.length - 1];
  if (last && isLit(last)) out[out.length - 1] = { ...last, lit: last.lit.trimEnd() };
  return normalize(out.filter((x) => !isLit(x) || x.lit !== ''));
}

/** The value a `return x` statement gives (its one argument). */
const returned = (ret: SgNode): SgNode | null => ret.namedChildren()[0]?.namedChildren()[0] ?? ret.namedChildren()[0] ?? null;

/** The names of a method's parameters, in order (splats, keywords and the block too). */
export function paramNames(fn: SgNode | null): string[] {
  const list = fn?.field('parameters');
  if (!list) return [];
  const out: string[] = [];
  for (const p of list.namedChildren()) {
    const k = p.kind() as string;
    const name = k === 'identifier' ? p.text() : p.field('name')?.text();
    if (name) out.push(name);
  }
  return out;
}

/** Whether the class around the scope sets `@name` to nil: interpolated, it may be the empty string. */
function setToNil(ivar: string, scope: Scope): boolean {
  const cls = scope.ctx.classOf(scope.fn);
  return !!cls && scope.ctx.nilIvars(cls).has(ivar);
}

/** At most this many `name << x` statements of a method are read for one local. */
const MAX_APPENDS = 24;

/**
 * The branch of the nearest `if`/`unless`/`case` the two nodes are in different branches of: they
 * cannot both run (`if e then err = e.inspect … else err = "" end`).
 */
function exclusive(a: SgNode, b: SgNode): boolean {
  return exclusiveAt(a, b.range().start.index);
}

/** exclusive, of a node and a place in the file (`bs`, an offset). */
function exclusiveAt(a: SgNode, bs: number): boolean {
  for (let p = a.parent(), child: SgNode = a; p; child = p, p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'method' || k === 'singleton_method' || k === 'program') return false;
    if (k !== 'if' && k !== 'unless' && k !== 'case' && k !== 'elsif') continue;
    if (bs < p.range().start.index || bs >= p.range().end.index) continue;
    const cond = p.field('condition') ?? p.field('value');
    const inChild = bs >= child.range().start.index && bs < child.range().end.index;
    if (!inChild && child.id() !== cond?.id() && !(cond && bs >= cond.range().start.index && bs < cond.range().end.index)) return true;
  }
  return false;
}

/** Kinds under which an append may not run: a branch, a modifier, a loop. */
const CONDITIONAL = new Set(['if', 'unless', 'if_modifier', 'unless_modifier', 'case', 'while', 'until', 'while_modifier', 'until_modifier', 'conditional', 'elsif', 'else', 'then', 'when']);
/** Texts one local's appends give at most (each append under a condition is there or not). */
const MAX_APPEND_TEXTS = 4;

/**
 * The innermost node making `n` conditional that does not hold the offset `at` too (null: `n` runs
 * whenever the code at `at` does).
 */
function conditionOf(n: SgNode, at: number, fn: SgNode): SgNode | null {
  for (let p = n.parent(); p && p.id() !== fn.id(); p = p.parent()) {
    if (!CONDITIONAL.has(p.kind() as string)) continue;
    const r = p.range();
    if (at >= r.start.index && at < r.end.index) return null;
    return p;
  }
  return null;
}

/** `msg << "a" << b`: the pieces one append statement adds, in order, from the innermost `msg << "a"`. */
function appendPieces(inner: SgNode): { top: SgNode; pieces: SgNode[] } {
  const pieces = [inner.field('right')!];
  let top = inner;
  for (let p = top.parent(); p && p.kind() === 'binary' && p.field('operator')?.text() === '<<' && p.field('left')?.id() === top.id(); p = p.parent()) {
    const r = p.field('right');
    if (r) pieces.push(r);
    top = p;
  }
  return { top, pieces };
}

/**
 * A local built up by appends (`err = e.inspect; err << "\n" … err << super; err << "\nLine: #{line}\n"`):
 * the text of each assignment the site can see, followed by the appends that can run after it (not
 * one in a branch the assignment's excludes). Appends under a condition of their own (`msg << "no
 * arguments" if args.empty?`, an `if @source` block) are there or not, each such condition doubling
 * the texts, up to MAX_APPEND_TEXTS. The last assignment's full text is the template, the others
 * alternatives. Null when no `name << x` statement follows an assignment.
 */
function appendedText(name: string, scope: Scope, depth: number): Built | null {
  const fn = scope.fn;
  if (!fn || !scope.ctx.appendedIn(fn).has(name)) return null;
  // (`msg << "a" << b` and `msg += "a"`: String#+ builds a new string, the same text as an append)
  const appends = fn.findAll({ rule: { any: ['binary', 'operator_assignment'].map((kind) => ({ kind, has: { field: 'left', kind: 'identifier', regex: `^${name}$` } })) } })
    .filter((b) => ['<<', '+='].includes(b.field('operator')?.text() ?? '') && b.range().end.index <= scope.at && b.field('right'))
    .slice(0, MAX_APPENDS)
    .map((b) => (b.kind() === 'binary' ? appendPieces(b) : { top: b, pieces: [b.field('right')!] }));
  if (!appends.length) return null;
  const assigns = scope.ctx.assignedBefore(fn, name, scope.at);
  // (an assignment a later one on its path overwrites is no start)
  const starts = assigns.filter((a, i) => !assigns.slice(i + 1).some((b) => !exclusive(a, b))).slice(-4);
  const texts: Template[][] = [];
  for (const a of starts) {
    const right = a.field('right');
    if (!right) continue;
    const first = build(right, { ...scope, at: right.range().start.index }, depth + 1);
    // each variant: its text, and the conditions it took or left (by node id)
    // (a start of several texts, `msg = "… #{strict ? 'a' : 'b'}"`, starts a variant each)
    let variants: { t: Template; s: boolean; taken: Map<number, boolean> }[] = [first.t, ...(first.alts ?? [])].slice(0, MAX_APPEND_TEXTS).map((t) => ({ t, s: first.s, taken: new Map() }));
    // (the text with no conditional append, every condition false: past the forks' room the later
    // conditional appends are always taken, so it is kept aside and added when some was)
    let bare = { t: first.t, s: first.s };
    let forced = false;
    for (const { top, pieces } of appends) {
      if (top.range().start.index < a.range().end.index || exclusive(a, top)) continue;
      // (a piece of several texts, `"… `#{suggested_command}`"` of an `if` with two, is one text with a
      // hole: the texts' room goes to the appends that may not run)
      const add = pieces.map((p) => oneText(build(p, { ...scope, at: p.range().start.index }, depth + 1), p, scope, depth + 1));
      const t = add.flatMap((b) => b.t);
      const s = add.some((b) => b.s);
      // (a conditional append of holes only, `message << "#{response_message}" unless response_message.nil?`,
      // does not fork: a hole may match nothing, and the forks stay for the appends with text)
      const cond = t.some((x) => isLit(x) && x.lit !== '') ? conditionOf(top, a.range().start.index, fn) : null;
      if (!cond) bare = { t: concat(bare.t, t), s: bare.s || s };
      const next: typeof variants = [];
      for (const v of variants) {
        const k = cond ? cond.id() : -1;
        const decided = cond ? v.taken.get(k) : true;
        if (decided === undefined && variants.length * 2 <= MAX_APPEND_TEXTS) {
          next.push({ t: concat(v.t, t), s: v.s || s, taken: new Map(v.taken).set(k, true) });
          next.push({ ...v, taken: new Map(v.taken).set(k, false) });
        } else if (decided !== false) {
          if (decided === undefined) forced = true;
          next.push({ t: concat(v.t, t), s: v.s || s, taken: v.taken });
        } else next.push(v);
      }
      variants = next;
    }
    const kept = variants.filter((v) => v.s && v.t.length).map((v) => v.t);
    if (forced && bare.s && bare.t.length) kept.push(bare.t);
    texts.push(kept);
  }
  // (the last start's text with every conditional append is the template; the rest alternatives)
  const last = texts.pop() ?? [];
  const alts = [...last.slice(1), ...texts.flat()].slice(0, 8);
  if (!last.length) return alts.length ? { t: alts[0], s: true, ...(alts.length > 1 ? { alts: alts.slice(1) } : {}) } : null;
  return { t: last[0], s: true, ...(alts.length ? { alts } : {}) };
}

/**
 * A parameter's hole, with the text of its default as an alternative (`def fail!(message = "the
 * sprocket is misaligned")`, `message: "…"`): what the raise says when the caller passes none.
 */
function withDefault(b: Built, name: string, scope: Scope, depth: number): Built {
  const p = scope.fn?.field('parameters')?.namedChildren().find((x) => (x.kind() === 'optional_parameter' || x.kind() === 'keyword_parameter') && x.field('name')?.text() === name);
  const v = p?.field('value');
  const d = v && STRING_VALUES.has(v.kind() as string) ? build(v, { ...scope, params: new Set(), at: v.range().start.index }, depth + 1) : null;
  return d?.s ? { ...b, alts: [d.t, ...(d.alts ?? [])].slice(0, 8) } : b;
}

/** Values a string is written as: a literal, adjacent literals, a heredoc. */
export const STRING_VALUES = new Set(['string', 'chained_string', 'heredoc_beginning']);

/** Texts a local's other assignments give at most (those that reach the site beside the last). */
const MAX_EARLIER = 4;

/**
 * The last assignment's text `b`, with the text of each earlier assignment that can still reach the
 * site as an alternative: one in a branch the last one's excludes (`if kind == :a then msg = "…"
 * else msg = "…" end`), or one a later assignment overwrites only under a condition of its own
 * (`msg = "…"; msg = "…" if strict`). One in a branch the site is not in never reaches it.
 */
function withEarlier(b: Built, name: string, scope: Scope, depth: number): Built {
  return withAlternatives(b, earlierReadings(name, scope, depth, (e) => (e.s || isLookup(e.t) ? [e.t, ...(e.alts ?? [])] : [])));
}

/** A template that is one lookup of a table (a locale entry, `I18n.t(…)`): text once record/ puts it in. */
const isLookup = (t: Template): boolean => t.length === 1 && isHole(t[0]) && !!t[0].hole.lookup;

/**
 * A local interpolated into a text, whose last value has text (b): the values with no text that a
 * later text rewrites only under a condition of its own are alternatives too, as holes (they reach
 * the site when the condition does not hold): `after = scanner.string[0...pos]` then `after = "..."
 * + after[-15..-1] if after.size > 18`; `message = e.message` before branches that rewrite it (a
 * hole the site marks when `e` is a caught error, analyze.ts). Not a rewrite of the local's own
 * value (`s = s.encode(…)`, which says no more than the value before it).
 */
function earlierValues(b: Built, name: string, scope: Scope, depth: number): Built {
  const own = new RegExp(`^${name}\\b`);
  return withAlternatives(b, earlierReadings(name, scope, depth, (e) => (!e.s && e.t.length === 1 && isHole(e.t[0]) && !own.test(e.t[0].hole.expr ?? '') ? [e.t] : [])));
}

/**
 * What `take` keeps of the readings of the local's earlier values that reach the site: each one
 * that no later assignment rewrites unconditionally, latest first, until MAX_EARLIER are kept.
 */
function earlierReadings(name: string, scope: Scope, depth: number, take: (e: Built) => Template[]): Template[] {
  const fn = scope.fn ?? scope.ctx.root;
  // (the last few only: each is checked against the later ones, and a generated method may assign one local thousands of times)
  const before = scope.ctx.assignedBefore(scope.fn, name, scope.at).slice(-MAX_EARLIER * 4);
  const alts: Template[] = [];
  for (let i = before.length - 2; i >= 0 && alts.length < MAX_EARLIER; i--) {
    const a = before[i];
    const aAt = a.range().start.index;
    if (exclusiveAt(a, scope.at) || before.slice(i + 1).some((later) => !conditionOf(later, aAt, fn))) continue;
    const right = a.field('right');
    const e = right ? build(right, { ...scope, at: right.range().start.index }, depth + 1) : null;
    if (e) alts.push(...take(e));
  }
  return alts;
}

const withAlternatives = (b: Built, alts: Template[]): Built => (alts.length ? { ...b, alts: [...(b.alts ?? []), ...alts].slice(0, 8) } : b);

/**
 * The values an `if`/`unless`/`case` expression can take: the last statement of each branch
 * (`msg = case kind when :a then "…" else "…" end`), the first branch's text the template and the
 * others alternatives; null when no branch gives text.
 */
function branchValues(n: SgNode, scope: Scope, depth: number): Built | null {
  const bodies: SgNode[] = [];
  const walk = (x: SgNode) => {
    for (const c of x.children()) {
      const k = c.kind() as string;
      if (k === 'then' || k === 'else') bodies.push(c);
      else if (k === 'elsif') walk(c);
      else if (k === 'when') walk(c);
    }
  };
  walk(n);
  const texts: Template[] = [];
  const others: Template[] = [];
  for (const body of bodies.slice(0, 9)) {
    const stmts = body.namedChildren().filter((c) => c.kind() !== 'comment');
    const last = stmts[stmts.length - 1];
    const b = last ? build(last, scope, depth + 1) : null;
    if (b?.s) texts.push(b.t, ...(b.alts ?? []));
    else if (b) others.push(b.t);
  }
  if (!texts.length) return null;
  // (a branch without text is one more value: the expression is not only the texts)
  const alts = [...texts.slice(1), ...others].slice(0, 8);
  return { t: texts[0], s: true, ...(alts.length ? { alts } : {}) };
}
