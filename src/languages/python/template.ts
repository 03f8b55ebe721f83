// Python expressions → message templates. Strings, concatenation, f-strings,
// `%`, `.format`, `str()`/`repr()`, gettext wrappers, and names followed to the
// assignment that holds the message (local, then module level).

import { beforeUnknown, forkWritten, joinWritten, MAX_BUILT_WRITES, type Written } from '../shared/built-text.js';
import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { moduleAssignmentsAt } from './statements.js';
import { concat, dedentTemplate, isGeneric, isHole, isLit, literalOf, withOrigin, type FieldStyle, type Hole, type Template } from '../../template/ir.js';
import { MODULE_TABLE, type MessageReturn, type RawSite } from '../../core/site.js';
import type { Imports } from '../shared/imports.js';
import { pythonImports } from './imports.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import {
  applyFormat,
  applyPercent,
  CONSTANT_NAME,
  exprHole,
  oneLine,
  splitTopLevel,
  stringTemplate,
  type FormatArgs,
  type PercentArgs,
} from './strings.js';
import { fieldNameTable, MESSAGE_FIELD, TEMPLATE_ATTR } from './record-field-names.js';
import { classAttrTexts, ownerClass } from './class-attrs.js';
import { returnedTable } from './returned-texts.js';
import { unpackedFrom } from './returned-tuples.js';

/** A template plus whether any of it came from a string literal. */
export interface Built {
  t: Template;
  s: boolean;
  /**
   * Other messages the expression can hold: a name assigned in exclusive branches
   * (`if c: msg = "a" else: msg = "b"`), or a parameter given a default only conditionally.
   */
  alts?: Template[];
}

interface Assign {
  /** Byte offsets of the assignment statement: it holds for references after `end`. */
  pos: number;
  end: number;
  aug: boolean;
  value: SgNode | null;
  /** The assignment statement, for walking up to the branches around it. */
  node: SgNode;
  /** The blocks around it read so far (exitsBefore), innermost first, and the node to read on from. */
  up?: BlocksAround;
}

interface BlocksAround {
  /** Each block's byte offsets, and where its last statement starts when that is an exit (else -1). */
  blocks: { start: number; end: number; exitAt: number }[];
  from: SgNode | null;
}

const MAX_DEPTH = 12;
/** Inlined calls nested in one another (each also counts toward MAX_DEPTH). */
const MAX_INLINE_DEPTH = 4;

const WORD_CHAR = /[A-Za-z0-9_]/;
const SPACE_OR_CONTINUATION = /[ \t\f\\\r\n]/;
/** What can follow an assigned name: `=`, an annotation's `:`, an augmented operator. */
const ASSIGN_START = /[=:+\-*/%@&|^<>]/;

/** An assignment or augmented assignment to a plain name (one `has` for both kinds). */
const ASSIGNMENT = {
  any: [{ kind: 'assignment' }, { kind: 'augmented_assignment' }],
  has: { field: 'left', kind: 'identifier' },
};

/** An assignment or augmented assignment to an attribute (`self.last_error = …`). */
const SELF_ASSIGNMENT = {
  any: [{ kind: 'assignment' }, { kind: 'augmented_assignment' }],
  has: { field: 'left', kind: 'attribute' },
};

/** What follows a name an assignment statement assigns: `=`, an annotation, an augmented operator. */
const ASSIGN_OPERATOR = String.raw`[ \t]*(?::[^=\n]*)?(?:[-+*/%@&|^]|<<|>>|\*\*|//)?=(?!=)`;
/** A name an assignment statement assigns, in the text (`x = …`, `x: int = …`, `x += …`, `a = b = …`'s `b`). */
const ASSIGNED_NAME = new RegExp(String.raw`(?<![\w.])[A-Za-z_]\w*` + ASSIGN_OPERATOR, 'g');

/**
 * Where the text assigns `name` (any name when null): the places a module's assignments are read
 * at (python/statements.ts moduleAssignmentsAt reads only the statements holding them).
 */
function assignmentPlaces(source: string, name: string | null): number[] {
  const re = name === null ? ASSIGNED_NAME : new RegExp(String.raw`(?<![\w.])${name}` + ASSIGN_OPERATOR, 'g');
  return [...source.matchAll(re)].map((m) => m.index);
}


/** Per-file state shared by every scope: the tree and cached assignment lookups. */
export class FileCtx {
  private readonly cache = new Map<string, Assign[]>();
  readonly moduleScope: Scope;
  /** Class names defined in this file (`raise error(...)` is a class when `class error` is here). */
  readonly localClasses = new Set<string>();

  private assigned: Set<string> | null = null;
  /** Names unpacked from a call, by function (or module) node id (returned-tuples.ts unpackedFrom). */
  readonly unpacked = new Map<number, Map<string, string>>();
  /** Qualified names of definitions, by node id (python-context.ts). */
  readonly symbols = new Map<number, string>();
  /** Each site's innermost enclosing function (SiteContext.fn), for python-calls.ts. */
  readonly siteFns = new Map<RawSite, SgNode | null>();

  constructor(
    readonly root: SgNode,
    readonly source: string,
  ) {
    this.moduleScope = new Scope(this, null);
  }

  private imported: Imports | null = null;

  /** What the file imports, by the local name (imports.ts), read once. */
  imports(): Imports {
    this.imported ??= pythonImports(this.source);
    return this.imported;
  }

  /**
   * Cheap text test before any tree query: is `name` assigned anywhere in the file?
   */
  private stringAssigned: Set<string> | null = null;

  /** Cheap text test: is `name` assigned a string literal anywhere in the file (`actual = 'not called.'`)? */
  mayAssignString(name: string): boolean {
    this.stringAssigned ??= new Set(
      [...this.source.matchAll(/(?:^|;)[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*(?:\(\s*)?[rRuUbB]?["']/gm)].map((m) => m[1]),
    );
    return this.stringAssigned.has(name);
  }

  private mayAssign(name: string): boolean {
    if (!this.assigned) {
      // names assigned at the start of a statement anywhere in the file (not keyword
      // arguments or defaults): one regex pass instead of a tree query per name
      this.assigned = new Set();
      for (const m of this.source.matchAll(/(?:^|;)[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?\+?=(?!=)/gm)) this.assigned.add(m[1]);
    }
    return this.assigned.has(name);
  }

  /** Start and end of function definitions, by node id. */
  private fnRanges = new Map<number, [number, number]>();

  /**
   * Cheap text test in one function: does `name` occur there followed by `=`, `:`
   * (annotated) or an operator (`+=`...)? Every assignment to it does; most names
   * looked up in a function (parameters, module names) have none, and each query
   * for them walks the function's tree.
   */
  private mayAssignIn(fn: SgNode, name: string): boolean {
    const id = fn.id();
    let range = this.fnRanges.get(id);
    if (!range) {
      const r = fn.range();
      range = [r.start.index, r.end.index];
      this.fnRanges.set(id, range);
    }
    const [start, end] = range;
    const src = this.source;
    // (searched in the function's range alone, a view of the text: indexOf from `start` would run on
    // past `end` to the next occurrence, perhaps the end of the file, for every name asked)
    const text = src.slice(start, end);
    for (let r = text.indexOf(name); r >= 0 && r + name.length <= text.length; r = text.indexOf(name, r + 1)) {
      const i = start + r;
      if (i > 0 && WORD_CHAR.test(src[i - 1])) continue; // inside a longer name
      let j = i + name.length;
      if (j < src.length && WORD_CHAR.test(src[j])) continue;
      while (j < end && SPACE_OR_CONTINUATION.test(src[j])) j++;
      if (ASSIGN_START.test(src[j] ?? '')) return true;
    }
    return false;
  }

  /** Assignments to a simple name in a function, by name, in document order (function id → ...). */
  private readonly fnAssignments = new Map<number, Map<string, SgNode[]>>();

  /**
   * Every simple-name assignment in a function, from one walk, on the first lookup of any of its
   * names: a function is asked about 1.5 names on average, and a walk whose rule holds the name
   * costs a regex compile (~25 µs) on top of the walk itself.
   */
  private assignmentsIn(fn: SgNode): Map<string, SgNode[]> {
    const id = fn.id();
    let byName = this.fnAssignments.get(id);
    if (byName) return byName;
    byName = new Map();
    for (const n of fn.findAll({ rule: ASSIGNMENT as unknown as NapiConfig['rule'] })) {
      const name = n.field('left')!.text();
      const list = byName.get(name);
      if (list) list.push(n);
      else byName.set(name, [n]);
    }
    this.fnAssignments.set(id, byName);
    return byName;
  }

  /** Attributes of `self` assigned at the start of a statement anywhere in the file. */
  private selfAssigned: Set<string> | null = null;
  /** `self.attr = …` assignments in a function, by attribute, in document order (function id → ...). */
  private readonly fnSelfAssignments = new Map<number, Map<string, Assign[]>>();

  /**
   * Assignments to `self.attr` in a function (`self.last_error = 'unknown authentication method'`),
   * every attribute's from one walk on the first lookup; a text test first, as for names.
   */
  selfAssigns(fn: SgNode, attr: string): Assign[] {
    // (one text pass for the file's `self.x =` first: most attributes read in a message are never written in its function)
    this.selfAssigned ??= new Set([...this.source.matchAll(/(?:^|;)[ \t]*self\.([A-Za-z_]\w*)[ \t]*\+?=(?!=)/gm)].map((m) => m[1]));
    if (!this.selfAssigned.has(attr) || !this.mayAssignIn(fn, `self.${attr}`)) return [];
    const id = fn.id();
    let byAttr = this.fnSelfAssignments.get(id);
    if (!byAttr) {
      byAttr = new Map();
      for (const n of fn.findAll({ rule: SELF_ASSIGNMENT as unknown as NapiConfig['rule'] })) {
        const m = /^self\.([A-Za-z_]\w*)$/.exec(n.field('left')!.text());
        if (!m) continue;
        const op = n.kind() === 'augmented_assignment' ? n.field('operator')?.text() : null;
        if (op && op !== '+=' && op !== '%=') continue;
        const aug = op === '+=';
        let value = op === '%=' ? n : n.field('right');
        while (value && value.kind() === 'assignment') value = value.field('right');
        const r = n.range();
        const list = byAttr.get(m[1]) ?? [];
        list.push({ pos: r.start.index, end: r.end.index, aug, value, node: n });
        byAttr.set(m[1], list);
      }
      this.fnSelfAssignments.set(id, byAttr);
    }
    return byAttr.get(attr) ?? [];
  }

  /** Module-level names looked up so far, and (from the second) every module-level assignment by its name. */
  private moduleLookups = 0;
  private moduleAssigns: Map<string, SgNode[]> | null = null;

  /** The assignments outside any function or class, by the name assigned, in the file's order. */
  private moduleAssignments(): Map<string, SgNode[]> {
    const out = new Map<string, SgNode[]>();
    for (const n of moduleAssignmentsAt(this.root, assignmentPlaces(this.source, null))) {
      const left = n.field('left');
      if (!left) continue;
      const name = left.text();
      const list = out.get(name);
      if (list) list.push(n);
      else out.set(name, [n]);
    }
    return out;
  }

  /** Simple-name assignments (`x = ...`, `x += ...`) in a function, or at module level when fn is null. */
  assigns(fn: SgNode | null, name: string): Assign[] {
    const key = `${fn ? fn.id() : 'module'}:${name}`;
    let list = this.cache.get(key);
    if (list) return list;
    list = [];
    if (!this.mayAssign(name) || (fn && !this.mayAssignIn(fn, name))) {
      this.cache.set(key, list);
      return list;
    }
    let found: SgNode[];
    if (fn) found = this.assignmentsIn(fn).get(name) ?? [];
    else if (this.moduleAssigns || ++this.moduleLookups > 1) {
      // (from the second name on, every module-level assignment by name from one reading: a reading
      // per name looked up, dozens per file, cost more)
      this.moduleAssigns ??= this.moduleAssignments();
      found = this.moduleAssigns.get(name) ?? [];
    } else {
      // (the first: only the statements whose text assigns the name are read)
      found = moduleAssignmentsAt(this.root, assignmentPlaces(this.source, name)).filter((n) => n.field('left')?.text() === name);
    }
    for (const n of found) {
      // (`msg %= (ob, invalid)` formats what the name held before: a new value, the statement itself, built as `msg % (…)`)
      const op = n.kind() === 'augmented_assignment' ? n.field('operator')?.text() : null;
      if (op && op !== '+=' && op !== '%=') continue;
      const aug = op === '+=';
      let value = op === '%=' ? n : n.field('right');
      // chained `a = b = "x"`
      while (value && value.kind() === 'assignment') value = value.field('right');
      const r = n.range();
      list.push({ pos: r.start.index, end: r.end.index, aug, value, node: n });
    }
    this.cache.set(key, list);
    return list;
  }

  /** Name → offsets of the name in `def name(` lines, from a text pass. */
  private defNames: Map<string, number[]> | null = null;
  private defs = new Map<string, FnDef[]>();
  /** Function definitions inlined so far (a budget against pathological files). */
  inlined = 0;

  private names(): Map<string, number[]> {
    // a text pass first: most names called in messages (`len`, `repr`...) are not defined here
    if (!this.defNames) {
      this.defNames = new Map();
      for (const m of this.source.matchAll(/\bdef[ \t]+([A-Za-z_]\w*)/g)) {
        const list = this.defNames.get(m[1]) ?? [];
        list.push((m.index ?? 0) + m[0].length - m[1].length);
        this.defNames.set(m[1], list);
      }
    }
    return this.defNames;
  }

  /** Function definitions named `name` in this file (found from the text offsets of their names, on first use). */
  functions(name: string): FnDef[] {
    const offsets = this.names().get(name);
    if (!offsets) return [];
    let list = this.defs.get(name);
    if (list) return list;
    list = [];
    for (const offset of offsets) {
      const node = this.defAt(offset);
      if (!node) continue;
      const r = node.range();
      let p = node.parent();
      if (p && p.kind() === 'decorated_definition') p = p.parent();
      const c = p && p.kind() === 'block' ? p.parent() : null;
      const cr = c && c.kind() === 'class_definition' ? c.range() : null;
      list.push({
        node, id: node.id(), start: r.start.index, end: r.end.index, cls: cr ? [cr.start.index, cr.end.index] : null,
        module: p?.kind() === 'module', returns: null, inert: false,
      });
    }
    this.defs.set(name, list);
    return list;
  }

  private kids = new Map<number, SgNode[]>();

  /**
   * The definition whose name starts at `offset`, found by descending from the root through
   * the children that contain it (children lists are kept for the next lookup): no traversal
   * of the whole tree.
   */
  private defAt(offset: number): SgNode | null {
    let node = this.root;
    for (let depth = 0; depth < 100; depth++) {
      let kids = this.kids.get(node.id());
      if (!kids) {
        kids = node.namedChildren();
        this.kids.set(node.id(), kids);
      }
      let lo = 0;
      let hi = kids.length - 1;
      let at = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if (kids[mid].range().start.index <= offset) {
          at = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (at < 0) return null;
      const c = kids[at];
      if (c.range().end.index <= offset) return null;
      if (c.kind() === 'function_definition' && c.field('name')?.range().start.index === offset) return c;
      node = c;
    }
    return null;
  }


}

/** A function definition of the file, for inlining calls to it. */
export interface FnDef {
  node: SgNode;
  id: number;
  start: number;
  end: number;
  /** Range of the class whose method it is. */
  cls: [number, number] | null;
  /** Defined at module level. */
  module: boolean;
  /** Its own return expressions (not those of nested functions), found on first use. */
  returns: SgNode[] | null;
  /** Inlined with no string argument, it gave no string: it gives none whatever such arguments. */
  inert: boolean;
}

const BRANCH_PARENTS = new Set([
  'if_statement', 'elif_clause', 'else_clause', 'for_statement', 'while_statement', 'try_statement',
  'except_clause', 'except_group_clause', 'case_clause',
]);

/**
 * Is the assignment in a branch body (`block` of if/elif/else, a loop, try/except, case)
 * that contains neither `pos` nor `also`? Walks up only until an ancestor contains `pos`.
 */
function branched(a: Assign, pos: number, also = -1): boolean {
  let prev = a.node;
  for (let p = a.node.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_definition' || k === 'class_definition' || k === 'lambda') return false;
    if (prev.kind() === 'block' && BRANCH_PARENTS.has(k)) {
      const r = prev.range();
      const inPos = r.start.index <= pos && pos < r.end.index;
      if (inPos) return false;
      if (also < 0 || !(r.start.index <= also && also < r.end.index)) return true;
    }
    prev = p;
  }
  return false;
}

/** What `self.attr` means inside a class (implemented by the class analysis). */
export interface ClassScope {
  selfAttr(attr: string, depth: number): Built | null;
  /**
   * `self.NAME` formatted in the class's methods (`self.BAD_TIME_INPUT.format(*self.args)`,
   * `self.FMT % (…)`): the text the class body assigns NAME, whatever the name says (being formatted
   * says it is a message's template); null when it assigns none.
   */
  formattedAttr?(attr: string, depth: number): Built | null;
}

/** Positions `.format(*self.args)` spreads at most. */
const MAX_SPREAD_ARGS = 8;

/**
 * `BadInputError.OUT_OF_BOUNDS` with the class imported from another module of the tree: the text that
 * class's body assigns the constant (tables.ts files class constants in the module's table as
 * `Class.NAME`), a lookup record/ answers.
 */
function classConstant(node: SgNode, scope: Scope): Built | null {
  const obj = node.field('object');
  const attr = node.field('attribute')?.text();
  if (obj?.kind() !== 'identifier' || !attr || !CONSTANT_NAME.test(attr) || !/^[A-Z]/.test(obj.text())) return null;
  // (a class of this file: its body's text, read here)
  const own = ownClassConstant(scope.ctx.root, obj.text(), attr);
  if (own) {
    const b = build(own, scope.ctx.moduleScope, MAX_DEPTH - 2);
    return b.s && b.t.some((x) => isLit(x) && x.lit.includes(' ')) ? b : null;
  }
  const imported = scope.ctx.imports().get(obj.text());
  if (!imported || imported.name === '*') return null;
  return { t: [{ hole: { name: attr, expr: node.text(), kind: 'any', lookup: { table: MODULE_TABLE + imported.from, key: `${imported.name}.${attr}` } } }], s: false };
}

/** Per file: each top-level class's string constants of its body (ownClassConstant), read once. */
const classConstantsOf = new WeakMap<SgNode, Map<string, Map<string, SgNode>>>();

/** The string a top-level class `cls` of the file assigns `attr` in its body, else null. */
function ownClassConstant(root: SgNode, cls: string, attr: string): SgNode | null {
  let byClass = classConstantsOf.get(root);
  if (!byClass) {
    byClass = new Map();
    classConstantsOf.set(root, byClass);
    for (const st of root.children()) {
      const name = st.kind() === 'class_definition' ? st.field('name')?.text() : undefined;
      if (!name || byClass.has(name)) continue;
      const consts = new Map<string, SgNode>();
      byClass.set(name, consts);
      for (const c of st.field('body')?.children() ?? []) {
        const a = c.kind() === 'expression_statement' ? c.namedChildren()[0] : null;
        const left = a?.kind() === 'assignment' ? a.field('left') : null;
        const right = a?.field('right');
        const k = right?.kind() as string | undefined;
        if (left?.kind() === 'identifier' && right && (k === 'string' || k === 'concatenated_string')) consts.set(left.text(), right);
      }
    }
  }
  return byClass.get(cls)?.get(attr) ?? null;
}

/** `self.NAME` formatted in an exception class's method: the class attribute's text (ClassScope.formattedAttr). */
function formattedSelfAttr(obj: SgNode, scope: Scope, depth: number): Built | null {
  if (!scope.cls?.formattedAttr || obj.kind() !== 'attribute') return null;
  const m = /^self\.([A-Za-z_]\w*)$/.exec(obj.text());
  return m ? scope.cls.formattedAttr(m[1], depth + 1) : null;
}

/** What a name holds at a position (Scope.resolve). */
export interface Resolved {
  /** The assignment that holds, then the `+=` that follow it unconditionally. */
  values: SgNode[];
  /** The assignment and every `+=` after it, those in branches too, when there are some (branchReadings). */
  withBranches: Assign[] | null;
  scope: Scope;
  /** Earlier assignments that hold instead when the one in `values` sits in a branch not taken. */
  alts: SgNode[];
  /** Every assignment is in a branch and the name is a parameter: the argument itself may hold. */
  param: boolean;
}

const MAX_ALTS = 6;

export class Scope {
  private params: Set<string> | null = null;

  /**
   * @param bindings parameter → the caller's argument, when a call to this function is inlined
   */
  constructor(
    readonly ctx: FileCtx,
    readonly fn: SgNode | null,
    readonly cls: ClassScope | null = null,
    readonly bindings: Map<string, Built> | null = null,
    /** Inlined calls this scope is nested in. */
    readonly inlineDepth = 0,
  ) {}

  isParam(name: string): boolean {
    if (!this.fn) return false;
    if (!this.params) this.params = new Set(paramNames(this.fn, false));
    return this.params.has(name);
  }

  /** The value(s) a name holds at byte position `pos`: an assignment and the `+=` that follow it. */
  /** An assignment to `name` in this function that holds at `pos`. */
  resolveLocal(name: string, pos: number): Resolved | null {
    if (!this.fn) return null;
    const local = pick(this.ctx.assigns(this.fn, name), pos, false, false);
    return local ? { ...local, scope: this } : null;
  }

  resolve(name: string, pos: number): Resolved | null {
    if (this.fn) {
      const param = this.isParam(name);
      const local = pick(this.ctx.assigns(this.fn, name), pos, false, param);
      if (local) return { ...local, scope: this };
      if (param) return null;
    }
    const mod = pick(this.ctx.assigns(null, name), pos, !!this.fn, false);
    return mod ? { ...mod, scope: this.ctx.moduleScope } : null;
  }
}


/** Statements after which a block's code goes on no further. */
const EXITS = new Set(['raise_statement', 'return_statement', 'continue_statement', 'break_statement']);

/**
 * Whether the assignment cannot reach `pos`: a block around it that does not hold `pos` ends in a
 * raise, return, continue or break (`except KeyError: msg = MISSING.format(…); raise
 * AssertionError(msg)`, before `raise ValidationError(msg.format(**kwargs))`). Walks up only until
 * a block holds `pos`; the blocks read are kept on the assignment, which its name's every
 * reference asks about again.
 */
function exitsBefore(a: Assign, pos: number): boolean {
  const up = (a.up ??= { blocks: [], from: a.node.parent() });
  for (let i = 0; i < up.blocks.length || nextBlock(up); i++) {
    const b = up.blocks[i];
    if (b.start <= pos && pos < b.end) return false;
    if (b.exitAt >= a.end) return true;
  }
  return false;
}

/** Reads the next block up (false at the definition around the assignment). */
function nextBlock(up: BlocksAround): boolean {
  for (let p = up.from; p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_definition' || k === 'class_definition' || k === 'lambda' || k === 'module') break;
    if (k !== 'block') continue;
    const r = p.range();
    const kids = p.namedChildren();
    let i = kids.length - 1;
    while (i > 0 && kids[i].kind() === 'comment') i--;
    const last = kids[i];
    up.blocks.push({ start: r.start.index, end: r.end.index, exitAt: last && EXITS.has(last.kind() as string) ? last.range().start.index : -1 });
    up.from = p.parent();
    return true;
  }
  up.from = null;
  return false;
}

function pick(list: Assign[], pos: number, anyPosition: boolean, param: boolean): Omit<Resolved, 'scope'> | null {
  let base = -1;
  for (let i = 0; i < list.length; i++) if (!list[i].aug && list[i].end <= pos) base = i;
  // (from the last: the first that reaches `pos`; most often that is the last, one short walk)
  while (base >= 0 && !anyPosition && (list[base].aug || exitsBefore(list[base], pos))) base--;
  if (base < 0 && anyPosition) base = list.findIndex((a) => !a.aug);
  if (base < 0 || !list[base].value) return null;
  const b = list[base];
  const values = [b.value as SgNode];
  const all: Assign[] = [b];
  for (let i = base + 1; i < list.length; i++) {
    const a = list[i];
    if (a.end > pos && !anyPosition) break;
    if (!a.aug) break;
    if (!a.value) continue;
    all.push(a);
    // `if request: message += ...` may not run: the message holds with and without it
    if (!(!anyPosition && branched(a, pos, b.pos))) values.push(a.value);
  }
  const withBranches = all.length > values.length ? all : null;
  const alts: SgNode[] = [];
  // only worth a walk up the tree when something else may hold: an earlier assignment or the parameter
  let alone = !anyPosition && (param || list.slice(0, base).some((a) => !a.aug)) && branched(b, pos);
  if (alone) {
    // `if c: msg = "a" elif d: msg = "b" else: msg = "c"`: each branch's assignment may hold
    for (let i = base - 1; i >= 0 && alts.length < MAX_ALTS; i--) {
      const a = list[i];
      if (a.aug || !a.value) continue;
      alts.push(a.value);
      if (!branched(a, pos)) {
        alone = false;
        break;
      }
    }
  }
  return { values, withBranches, alts, param: alone && param };
}

/** Parameter names of a function definition, in order; `self`/`cls` dropped when `dropFirst`. */
export function paramNames(fn: SgNode, dropFirst: boolean): string[] {
  const params = fn.field('parameters');
  return params ? paramNamesFromText(params.text(), dropFirst) : [];
}

/** The same, from the text of a parameter list `(self, a: int = 1, *args, b, **kw)`. */
export function paramNamesFromText(text: string, dropFirst: boolean): string[] {
  const names: string[] = [];
  let first = true;
  for (const part of splitTopLevel(text)) {
    const p = part.trim();
    if (!p) continue;
    const m = /^([A-Za-z_]\w*)/.exec(p);
    const isFirst = first;
    first = false;
    if (!m) continue; // `*args`, `**kw`, `*`, `/`
    if (isFirst && dropFirst) continue;
    names.push(m[1]);
  }
  return names;
}

/** Arguments of a call: positional nodes and keyword nodes (splats are listed as positional). */
export interface CallArgs {
  positional: SgNode[];
  keywords: { name: string; value: SgNode }[];
  splat: boolean;
}

export function callArgs(call: SgNode): CallArgs {
  const out: CallArgs = { positional: [], keywords: [], splat: false };
  const args = call.field('arguments');
  if (!args) return out;
  if (args.kind() === 'generator_expression') {
    out.positional.push(args);
    return out;
  }
  for (const a of args.namedChildren()) {
    const k = a.kind();
    if (k === 'comment') continue;
    if (k === 'keyword_argument') {
      // [name, value]: one call instead of two field lookups
      const kids = a.namedChildren();
      const n = kids[0];
      const v = kids[kids.length - 1];
      if (kids.length >= 2 && v.kind() !== 'comment') out.keywords.push({ name: n.text(), value: v });
    } else {
      if (k === 'list_splat' || k === 'dictionary_splat') out.splat = true;
      out.positional.push(a);
    }
  }
  return out;
}

/**
 * `X(*args)` with `args` a local list written as a literal and not changed after (`args = ['while
 * constructing a mapping', node.start_mark, …]` then `raise DuplicateKeyError(*args)`): the call's
 * positional arguments are the list's elements. Else the arguments as they are.
 */
export function spreadLocalList(a: CallArgs, scope: Scope): CallArgs {
  const splat = a.positional.length === 1 && !a.keywords.length && a.positional[0].kind() === 'list_splat' ? a.positional[0] : null;
  const arg = splat?.namedChildren().find((c) => c.kind() !== 'comment');
  if (!splat || !arg || arg.kind() !== 'identifier' || !scope.fn) return a;
  const name = arg.text();
  const r = scope.resolveLocal(name, splat.range().start.index);
  const list = r && r.values.length === 1 && !r.alts.length ? r.values[0] : null;
  if (!list || list.kind() !== 'list') return a;
  if (new RegExp(String.raw`\b${name}\s*(?:\.(?:append|extend|insert|pop|remove|__setitem__)\s*\(|\+=|\[[^\]]*\]\s*=[^=])`).test(scope.fn.text())) return a;
  const elements = list.namedChildren().filter((c) => c.kind() !== 'comment');
  if (!elements.length || elements.length > MAX_JOINED || elements.some((e) => /splat$/.test(e.kind() as string))) return a;
  return { positional: elements, keywords: [], splat: false };
}

/** Functions that give their argument as text (Django's, which its ecosystem calls on messages kept lazy). */
const TEXT_COERCIONS = new Set(['force_str', 'force_text', 'smart_str', 'smart_text']);
const GETTEXT = new Set([
  '_', 'gettext', 'ugettext', 'gettext_lazy', 'ugettext_lazy', 'lazy_gettext', '_lazy', 'N_', 'ngettext', 'pgettext', 'tr',
  'ngettext_lazy', 'ungettext', 'ungettext_lazy', 'pgettext_lazy', 'npgettext', 'npgettext_lazy',
]);

const holeOf = (n: SgNode): Built => ({ t: [exprHole(n.text())], s: false });

/** Methods a file reports as returning a message looked up by a parameter, at most. */
const MAX_MESSAGE_RETURNS = 50;
/**
 * `self._messages[msgName]`, `cls.error_messages[key]`: an attribute named as a table of messages is
 * (record/tables.ts files tables by such names) subscripted by a name. (`self.data[key]` of a
 * mapping class is no message: a stdlib-wide test by any attribute built a method in most files.)
 */
const SUBSCRIPT_BY_NAME = /\b(?:self|cls)\.\w*(?:messages?|msgs?|errors?|texts?|templates?)\[\s*([A-Za-z_]\w*)\s*\]/gi;
/** `def message(self, msgName, state, **kw):` (its parameters' text, up to the first `)`). */
const METHOD_HEAD = /\bdef[ \t]+([A-Za-z_]\w*)[ \t]*\(\s*(?:self|cls)\s*,([^)]*)\)/g;

/**
 * The file's methods that return a message looked up in a table by one of their parameters
 * (`def message(self, msgName, state, **kw): msg = self._messages[msgName] … return msg % kw`):
 * for calls from other modules (calledElsewhere). A method is built only when its text subscripts
 * by a parameter's name (`[msgName]`).
 */
export function messageReturns(ctx: FileCtx, source: string): MessageReturn[] {
  // (from the text alone first: the names subscripted (`self._messages[msgName]`), then the methods
  // given one of them, `def message(self, msgName, …)`; only those are parsed and built)
  const keys = new Set<string>();
  for (const m of source.matchAll(SUBSCRIPT_BY_NAME)) keys.add(m[1]);
  if (keys.size === 0) return [];
  const names = new Set<string>();
  for (const m of source.matchAll(METHOD_HEAD)) {
    if (names.has(m[1])) continue;
    if (m[2].split(',').some((p) => keys.has(p.trim().replace(/^\*+/, '').split(/[:=\s]/)[0]))) names.add(m[1]);
  }
  const out: MessageReturn[] = [];
  for (const name of names) {
    for (const def of ctx.functions(name)) {
      if (!def.cls || out.length >= MAX_MESSAGE_RETURNS) continue;
      const params = paramNames(def.node, true);
      if (!params.some((p) => keys.has(p))) continue;
      const scope = new Scope(ctx, def.node, null, new Map(), 1);
      for (const e of returnsOf(def).slice(0, MAX_RETURNS)) {
        const t = build(e, scope, 1).t;
        if (t.some((x) => isHole(x) && !!x.hole.lookup && x.hole.lookup.key === null && params.includes(x.hole.lookup.param ?? ''))) {
          out.push({ name, params, template: t, line: def.node.range().start.line + 1 });
          break;
        }
      }
    }
  }
  return out;
}

/**
 * `self.NAME('key', …)` of a method this file does not define, given a literal string: a hole
 * carrying the call (Hole.call), for record/ to bind the template the method returns where it is
 * defined (FileAnalysis.returns). Null for a call given no literal text.
 */
function calledElsewhere(node: SgNode, name: string, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  if (!a.positional.some((p) => p.kind() === 'string') || scope.ctx.functions(name).length) return null;
  const args: { name: string | null; expr: string; template: Template }[] = [];
  for (const p of a.positional) {
    if (p.kind() === 'list_splat' || p.kind() === 'dictionary_splat') break;
    args.push({ name: null, expr: p.text(), template: build(p, scope, depth + 1).t });
  }
  for (const kw of a.keywords) args.push({ name: kw.name, expr: kw.value.text(), template: build(kw.value, scope, depth + 1).t });
  const h = exprHole(node.text());
  return isHole(h) ? { t: [{ hole: { ...h.hole, call: { callee: name, args } } }], s: false } : null;
}

/**
 * The message a translation call gives: its message argument (`pgettext(context, message)`'s
 * second); `ngettext(singular, plural, n)` gives both, the plural as an alternative.
 */
function gettextMessage(node: SgNode, name: string, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  // (`pgettext(context, message)`, `npgettext(context, singular, plural, n)`: the context first)
  const first = /^n?pgettext/.test(name) ? 1 : 0;
  const msg = a.positional[first];
  if (!msg) return null;
  const b = build(msg, scope, depth + 1);
  if (!b.s) return null;
  const pluralArg = /^u?n(?:p)?gettext/.test(name) ? a.positional[first + 1] : undefined;
  const plural = pluralArg ? build(pluralArg, scope, depth + 1) : null;
  return plural?.s ? withAlts(b.t, true, [...(b.alts ?? []), plural.t, ...(plural.alts ?? [])]) : b;
}

/** Build the template of an expression. */
export function build(node: SgNode, scope: Scope, depth = 0): Built {
  if (depth > MAX_DEPTH) return holeOf(node);
  switch (node.kind()) {
    case 'string':
      return fieldTexts([node], scope, depth) ?? { t: stringTemplate(node.text()), s: true };
    case 'concatenated_string': {
      const strings = node.namedChildren().filter((c) => c.kind() === 'string');
      const filled = fieldTexts(strings, scope, depth);
      if (filled) return filled;
      const parts: Template[] = [];
      for (const c of strings) parts.push(stringTemplate(c.text()));
      return { t: concat(...parts), s: true };
    }
    case 'parenthesized_expression': {
      const inner = node.namedChildren().filter((c) => c.kind() !== 'comment');
      return inner.length === 1 ? build(inner[0], scope, depth + 1) : holeOf(node);
    }
    case 'binary_operator':
      return buildBinary(node, scope, depth);
    case 'augmented_assignment':
      // (the value FileCtx.assigns files for `msg %= args`: the name as it was before, formatted)
      return node.field('operator')?.text() === '%=' ? buildPercent(node, scope, depth) : holeOf(node);
    case 'conditional_expression': {
      // `"s" if len(keys) > 1 else ""`: both texts
      const parts = node.namedChildren().filter((c) => c.kind() !== 'comment');
      if (parts.length !== 3) return holeOf(node);
      const a = build(parts[0], scope, depth + 1);
      const b = build(parts[2], scope, depth + 1);
      if (!a.s || !b.s) return holeOf(node);
      return withAlts(a.t, true, [...(a.alts ?? []), b.t, ...(b.alts ?? [])]);
    }
    case 'boolean_operator': {
      // `msg or 'Assertion failed'`: the value given (a parameter's hole, which its callers fill), else
      // the default text, a message of its own
      const [left, right] = [node.field('left'), node.field('right')];
      if (node.field('operator')?.text() !== 'or' || !left || !right) return holeOf(node);
      const d = build(right, scope, depth + 1);
      const given = d.s && d.t.some(isLit) ? build(left, scope, depth + 1) : null;
      // (not inside an inlined helper: its other returns give the caller's text, and unittest's
      // `return msg or standardMsg` read as a hole first would pass the hole on as the message)
      if (!given || given.t.some(isLit) || given.t.length !== 1 || scope.bindings) return holeOf(node);
      return withAlts(given.t, true, [d.t, ...(d.alts ?? [])]);
    }
    case 'call':
      return buildCall(node, scope, depth);
    case 'identifier':
      return buildName(node, scope, depth);
    case 'subscript':
      return subscriptLookup(node, scope, depth) ?? holeOf(node);
    case 'attribute': {
      if (scope.cls) {
        const m = /^self\.([A-Za-z_]\w*)$/.exec(node.text());
        if (m) {
          const b = scope.cls.selfAttr(m[1], depth + 1);
          if (b) return b;
        }
      }
      return selfAttrText(node, scope, depth) ?? classAttrText(node, scope, depth) ?? recordFieldLookup(node, scope) ?? classConstant(node, scope) ?? holeOf(node);
    }
    case 'none':
    case 'true':
    case 'false':
    case 'integer': {
      // `raise UnknownTimeZoneError(None)` says `None`: a constant's text (not a string: a name
      // assigned it is not a message)
      const text = constantText(node);
      return text === null ? holeOf(node) : { t: [{ lit: text }], s: false };
    }
    default:
      return holeOf(node);
  }
}

/**
 * `getattr(self, 'name')` or `getattr(self, 'name', default)`: what the class's `self.name` holds
 * (ClassScope.selfAttr), else a hole read as `self.name`, which a subclass's attribute, property or
 * constructor text fills; null for any other getattr.
 */
function selfGetattr(node: SgNode, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  if (a.splat || a.keywords.length || a.positional.length < 2 || a.positional.length > 3 || a.positional[0].text() !== 'self') return null;
  const attr = /^(['"])([A-Za-z_]\w*)\1$/.exec(a.positional[1].text())?.[2];
  if (!attr) return null;
  const b = scope.cls?.selfAttr(attr, depth + 1);
  return b ?? { t: [{ hole: { name: attr, expr: `self.${attr}`, kind: 'any' } }], s: false };
}

/** Readings an f-string whose fields name locals holding text gives, at most (the fields' texts multiplied). */
const MAX_FIELD_READINGS = 32;

/**
 * An f-string whose fields name a local (or module) assignment holding text, written bare (no
 * conversion but `!s`, no format spec, no `=`): the texts put in, as `+` and `%` put them in
 * (`tstr = ""` / `if self.token_string: tstr = f' for token: "{self.token_string}"'` / `return
 * f"{emsg}{tstr}{pos}"`, boolean.py's ParseError). A name holding several texts (branches, a dict's
 * entries, a default) gives a reading per text, the names with fewest texts first, while the
 * readings stay within MAX_FIELD_READINGS; a name past that, a parameter (even one given a default
 * in a branch), or a value that is not text stays a hole. Null when no field is filled.
 */
function fieldTexts(strings: SgNode[], scope: Scope, depth: number): Built | null {
  const names = new Map<string, SgNode>();
  for (const str of strings) {
    const text = str.text();
    // (a field of a bare name, `{name}` or `{name!s}`, must be in the text before its parts are read)
    if (!/^[A-Za-z]*[fFtT][A-Za-z]*['"]/.test(text) || !/\{\s*[A-Za-z_]\w*\s*(?:!s\s*)?\}/.test(text)) continue;
    for (const c of str.children()) {
      if (c.kind() !== 'interpolation') continue;
      const kids = c.children();
      const inner = kids.filter((k) => k.isNamed() && k.kind() !== 'comment');
      const conv = inner.find((k) => k.kind() === 'type_conversion');
      if (kids.some((k) => k.text() === '=') || inner.some((k) => k.kind() === 'format_specifier')) continue;
      if (conv && conv.text() !== '!s') continue;
      const expr = inner.filter((k) => k.kind() !== 'type_conversion');
      if (expr.length === 1 && expr[0].kind() === 'identifier' && !names.has(expr[0].text())) names.set(expr[0].text(), expr[0]);
    }
  }
  if (!names.size) return null;
  const options: [string, Template[]][] = [];
  for (const [name, n] of names) {
    // (an assignment must hold there: a parameter is its callers' to fill)
    // (`if message is None: message = "TOML parse error"` / `f"{message} at line …"`, tomlkit: a
    // parameter given a default stays the hole its callers fill, the default not put first)
    const r = scope.bindings?.has(name) || scope.isParam(name) ? null : scope.resolve(name, n.range().start.index);
    if (!r) continue;
    const b = build(n, scope, depth + 1);
    // (`value = repr(arg)` / `if len(value) > N: value = value[:N] + '...'`, typing's assert_never: an
    // earlier assignment that may hold instead and is no text leaves the field's hole a reading too)
    const other = r.alts.some((v) => !build(v, r.scope, depth + 1).s) ? [exprHole(name)] : null;
    if (b.s) options.push([name, [b.t, ...(b.alts ?? []), ...(other ? [other] : [])]]);
    // (a lookup, `process_status = self._process_status()` of what a method returns, keeps the
    // field's name: the hole is named for the local, as the seed record names it)
    else if (isLookup(b)) options.push([name, [[{ hole: { ...(b.t[0] as { hole: Hole }).hole, name } }]]]);
  }
  if (!options.length) return null;
  options.sort((a, b) => a[1].length - b[1].length);
  let readings: Map<string, Template>[] = [new Map()];
  for (const [name, opts] of options) {
    if (readings.length * opts.length > MAX_FIELD_READINGS) continue;
    readings = readings.flatMap((r) => opts.map((o) => new Map(r).set(name, o)));
  }
  if (!readings[0].size) return null;
  const templates = strings.map((str) => stringTemplate(str.text()));
  const fieldOf = (seg: Template[number]): Template | undefined => (isHole(seg) && seg.hole.kind === 'any' ? r0.get(seg.hole.expr?.trim() ?? '') : undefined);
  let r0: Map<string, Template> = new Map();
  const fill = (r: Map<string, Template>): Template => {
    r0 = r;
    return concat(...templates.map((t) => concat(...t.map((seg) => fieldOf(seg) ?? [seg]))));
  };
  const seen = new Set<string>();
  const out: Template[] = [];
  for (const r of readings) {
    const t = fill(r);
    const k = JSON.stringify(t);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(t);
  }
  return out.length > 1 ? { t: out[0], s: true, alts: out.slice(1) } : { t: out[0], s: true };
}

/**
 * `self.attr` read in a method that wrote text to it before, where the write holds
 * (`self.last_error = 'unknown authentication method'` / `raise LDAPUnknownAuthenticationMethodError(self.last_error)`):
 * that text, as for a local name. Only text: an attribute given anything else is the object's state.
 */
function selfAttrText(node: SgNode, scope: Scope, depth: number): Built | null {
  if (!scope.fn || scope.bindings) return null;
  const m = /^self\.([A-Za-z_]\w*)$/.exec(node.text());
  if (!m) return null;
  const pos = node.range().start.index;
  // (a write in a branch the read is not in may not have run: the attribute then holds what it held before)
  const r = pick(scope.ctx.selfAssigns(scope.fn, m[1]).filter((a) => a.end <= pos && !branched(a, pos)), pos, false, false);
  if (!r || r.alts.length || r.withBranches) return null;
  const parts = r.values.map((v) => build(v, scope, depth + 1));
  if (!parts.every((p) => p.s && p.t.some(isLit))) return null;
  return withAlts(concat(...parts.map((p) => p.t)), true, []);
}

/** `self.message` in a method, the text its class keeps as a class attribute and its subclasses override (class-attrs.ts). */
function classAttrText(node: SgNode, scope: Scope, depth: number): Built | null {
  const m = /^self\.([A-Za-z_]\w*)$/.exec(node.text());
  if (!m || !scope.fn || scope.bindings) return null;
  const { texts, style } = classAttrTexts(scope.ctx.root, scope.fn, m[1], (v) => {
    const b = build(v, scope.ctx.moduleScope, depth + 1);
    return b.s ? [b.t, ...(b.alts ?? [])] : [];
  });
  if (!texts.length) return null;
  // (and the texts the class's subclasses of other files give the attribute, class-attribute-texts.ts:
  // django.contrib.auth's `ASCIIUsernameValidator(validators.RegexValidator)` says its own `message`)
  const owner = ownerClass(scope.fn);
  const others: Template[] = owner && (MESSAGE_FIELD.test(m[1]) || TEMPLATE_ATTR.test(m[1]))
    ? [[{ hole: { name: m[1], expr: node.text(), kind: 'any', lookup: { table: fieldNameTable(m[1]), key: null, owner, subclassesOnly: true }, ...(style ? { fmt: style } : {}) } }]]
    : [];
  return withAlts(texts[0], true, [...texts.slice(1), ...others]);
}

/**
 * Names given to `.format(…)` that hold text where they are read (`base_message = super(…).__str__()` …
 * `'{error_type}{pos}: {message}'.format(…, message=base_message)`): the name → its text, one reading only.
 */
function namedTexts(values: SgNode[], scope: Scope, depth: number): Map<string, Template> | null {
  let out: Map<string, Template> | null = null;
  for (const v of values) {
    if (v.kind() !== 'identifier' || scope.bindings?.has(v.text())) continue;
    if (!scope.resolve(v.text(), v.range().start.index)) continue;
    const b = build(v, scope, depth + 1);
    if (b.s && !b.alts?.length) (out ??= new Map()).set(v.text(), b.t);
  }
  return out;
}

/** `t` with the plain holes of those names (a field with no format spec or conversion) replaced by their text. */
function putTexts(t: Template, named: Map<string, Template>): Template {
  if (!t.some((seg) => isHole(seg) && seg.hole.kind === 'any' && named.has(seg.hole.expr ?? ''))) return t;
  return concat(...t.map((seg): Template => (isHole(seg) && seg.hole.kind === 'any' && named.has(seg.hole.expr ?? '') ? named.get(seg.hole.expr!)! : [seg])));
}

/** Names of the builtins and common methods whose result is never a library function's returned message. */
const NOT_RETURNING_MESSAGES = /^(?:str|repr|format|len|int|float|bool|type|getattr|get|pop|join|lower|upper|strip|decode|encode|read|readline|group|sub|replace|split)$/;

/**
 * The function a call of another module names (`check_port(port)`, `validators.check_port(port)`):
 * a lower-case name the file does not define, else null.
 */
function calledElsewhereName(v: SgNode, scope: Scope): string | null {
  if (v.kind() !== 'call') return null;
  const f = v.field('function');
  const name = f?.kind() === 'identifier' ? f.text() : f?.kind() === 'attribute' ? (f.field('attribute')?.text() ?? null) : null;
  if (!name || !/^[a-z_]\w*$/.test(name) || NOT_RETURNING_MESSAGES.test(name) || /^__\w+__$/.test(name)) return null;
  return scope.ctx.functions(name).length ? null : name;
}

/** The base's `__str__` called from an exception's own: `super()`, `super(Cls, self)`, `Exception`, `BaseException`. */
const BASE_STR = /^(?:super\s*\([^()]*\)|(?:Base)?Exception)$/;

/** What `str()` shows of a `None`, `True`, `False` or decimal integer literal, else null. */
function constantText(n: SgNode): string | null {
  const text = n.text();
  return /^(?:None|True|False|0|[1-9]\d*)$/.test(text) ? text : null;
}

function buildName(node: SgNode, scope: Scope, depth: number): Built {
  const name = node.text();
  const bound = scope.bindings?.get(name);
  const asParam = (): Built => bound ?? { t: [exprHole(name)], s: false };
  const r = scope.resolve(name, node.range().start.index);
  if (r && !bound) {
    const text = builtText(node, scope, depth);
    if (text) return text;
  }
  if (r) {
    const parts = r.values.map((v) => build(v, r.scope, depth + 1));
    // `msg = self.error_messages[key]`: the lookup (record/ puts the table's entry in)
    const only = parts.length === 1 && !r.alts.length && parts[0].t.length === 1 ? parts[0].t[0] : null;
    if (only && isHole(only) && only.hole.lookup) return parts[0];
    // `note = textwrap.dedent(self.note)`: the dedented value (Hole.dedent), not the local's name
    if (only && isHole(only) && only.hole.dedent) return parts[0];
    // `port_err = check_port(port)`: the texts a function of another module returns (returned-texts.ts)
    // (not a parameter reassigned in a branch, `if not isinstance(s, str): s = unicode(s)`: the argument may hold)
    const callee = only && isHole(only) && r.values.length === 1 && !r.alts.length && !r.param && !r.withBranches ? calledElsewhereName(r.values[0], scope) : null;
    if (callee && only && isHole(only)) return { t: [{ hole: { ...only.hole, lookup: { table: returnedTable(callee), key: null } } }], s: false };
    // `if format_args: msg = msg.format(*format_args)` (h11's `validate(regex, data, msg, *format_args)`):
    // the parameter, a format string: the texts its callers pass have their fields opened (Hole.fmt)
    const fmt = r.param && !bound && !r.alts.length && !r.withBranches && only && isHole(only) && only.hole.expr === name ? only.hole.fmt : undefined;
    if (fmt) return { t: [{ hole: { name, expr: name, kind: 'any', fmt } }], s: false };
    if (parts[0].s) {
      const t = concat(...parts.map((p) => p.t));
      const alts: Template[] = [...(parts[0].alts ?? []).map((a) => concat(a, ...parts.slice(1).map((p) => p.t)))];
      // with the `+=` of branches: `msg += f' on line {lno}'` may be in the middle of the final message;
      // an `if … else` each adds to a reading of its own
      if (r.withBranches) alts.push(...branchReadings(r.withBranches, parts[0].t, r.scope, depth));
      for (const v of r.alts) {
        const b = build(v, r.scope, depth + 1);
        // (with its own alternatives: `msg = errors.get(nargs)` in a branch not taken gives each entry)
        if (b.s) alts.push(b.t, ...(b.alts ?? []));
      }
      if (r.param) {
        // `if msg is None: msg = "default"`: the argument, or the default
        const p = asParam();
        // inside an inlined helper the caller's argument is known: it comes first
        if (bound) return withAlts(p.t, p.s, [t, ...alts, ...(p.alts ?? [])]);
        alts.push(p.t);
      }
      return withAlts(t, true, alts);
    }
  }
  // `ast, err, _ = parser.parse()`: the text `parse` returns at err's position (returned-tuples.ts)
  if (!r && !bound && !scope.isParam(name)) {
    const table = unpackedFrom(scope.fn ?? scope.ctx.root, name, scope.ctx.unpacked);
    const h = exprHole(name);
    if (table && isHole(h)) return { t: [{ hole: { ...h.hole, lookup: { table, key: null } } }], s: false };
    // `from .constants import LINE_VALUE_NO_NEWLINE`: the text that module's constant holds (tables.ts moduleConstantTexts)
    const imported = CONSTANT_NAME.test(name) ? scope.ctx.imports().get(name) : undefined;
    if (imported && imported.name !== '*' && isHole(h)) return { t: [{ hole: { ...h.hole, lookup: { table: MODULE_TABLE + imported.from, key: imported.name } } }], s: false };
  }
  return asParam();
}

/**
 * The texts a name appended to in branches may hold (`msg = 'Invalid options:'` / `if a: msg += ' missing
 * a'` / `else: msg += ' missing b'` / `if n > 2: msg += …`): the assignment, then each `+=` in order;
 * the `+=` of the clauses of one `if` (an `if` written in the assignment's block) give a reading per
 * clause, and one without them when the `if` has no `else` (at most MAX_BUILT_READINGS readings). A
 * `+=` nested deeper, or in a loop or a `try`, ends the text there: the text before it matches as a
 * prefix. When there is no text before it (`msg = ''` / `for line in errors: msg += '\n- ' + line`),
 * the reading is a hole named for the local, so what a message writes after it still matches (`'…
 * in file %s: %s ' % (f, msg)`).
 */
function branchReadings(list: Assign[], first: Template, scope: Scope, depth: number): Template[] {
  const home = blockOf(list[0].node);
  const unknown = exprHole(list[0].node.field('left')?.text() ?? '');
  let readings: Written[][] | null = [[{ t: first }]];
  let open: { node: SgNode; clauses: Map<number, Written[]>; count: number; hasElse: boolean } | null = null;
  const close = () => {
    if (!open || !readings) return;
    const branches: Written[][][] = [];
    for (let i = 0; i < open.count; i++) branches.push([open.clauses.get(i) ?? []]);
    if (!open.hasElse) branches.push([[]]);
    readings = forkWritten(readings, branches) ?? readings.map((r) => [...r, { unknown }]);
    open = null;
  };
  for (const a of list.slice(1)) {
    if (!readings || !a.value) continue;
    const w: Written = { t: build(a.value, scope, depth + 1).t };
    const at = blockOf(a.node);
    if (at && home && at.id() === home.id()) {
      close();
      readings = readings.map((r) => [...r, w]);
      continue;
    }
    const clause = at ? ifClause(at, home) : null;
    if (!clause) {
      close();
      // (a loop's writes, the loop written in the assignment's block, are one text repeated: marked,
      // so a write after the loop still counts, below)
      const loop = at ? loopIn(at, home) : null;
      if (loop !== null && readings.some((r) => r.length && (r[r.length - 1] as LoopWritten).loop === loop)) continue;
      readings = readings.map((r) => [...r, loop === null ? { unknown } : ({ unknown, loop } as LoopWritten)]);
      continue;
    }
    if (open && open.node.id() !== clause.node.id()) close();
    open ??= { node: clause.node, clauses: new Map(), count: clause.count, hasElse: clause.hasElse };
    const c = open.clauses.get(clause.index) ?? [];
    c.push(w);
    open.clauses.set(clause.index, c);
  }
  close();
  const out: Template[] = [];
  for (const r of readings ?? []) {
    const kept = throughLoops(r);
    if (kept) {
      // the loop's text where it ran, and the text without it where it ran no time
      out.push(joinWritten(kept, ''), joinWritten(kept.filter((w) => (w as LoopWritten).loop === undefined), ''));
      continue;
    }
    const before = joinWritten(beforeUnknown(r), '');
    out.push(r.some((w) => 'unknown' in w) && before.every((p) => isLit(p) && !p.lit) ? [unknown] : before);
  }
  return out;
}

/** A write made in a loop (branchReadings): the loop's node id. */
type LoopWritten = Written & { loop?: number };

/**
 * The body block of a `for` or `while` written in `home` (a statement of the assignment's block), as the
 * loop's node id; null for any other block.
 */
function loopIn(block: SgNode, home: SgNode | null): number | null {
  const p = block.parent();
  if (!p || !home || (p.kind() !== 'for_statement' && p.kind() !== 'while_statement') || p.field('body')?.id() !== block.id()) return null;
  return p.parent()?.id() === home.id() ? p.id() : null;
}

/**
 * A reading whose loops' writes are followed by text written after them (`out = '\n'` / `while …: out
 * += f'==> {err.ctx}\n'` / `out += f'=====> {err.error_msg}'`): the writes up to the first other unknown,
 * each loop a hole (`\n{out}=====> {error_msg}`), the text after it matching too. Null when no loop's
 * writes are followed by known text (the reading stops at its first unknown, as before).
 */
function throughLoops(r: Written[]): Written[] | null {
  let stop = r.findIndex((w) => 'unknown' in w && (w as LoopWritten).loop === undefined);
  if (stop < 0) stop = r.length;
  let last = -1;
  for (let i = 0; i < stop; i++) if (!('unknown' in r[i]) && (r[i] as { t: Template }).t.length) last = i;
  const firstLoop = r.findIndex((w) => (w as LoopWritten).loop !== undefined);
  return firstLoop >= 0 && firstLoop < last ? r.slice(0, last + 1) : null;
}

/** The block (or module) a statement's node is written in. */
function blockOf(n: SgNode): SgNode | null {
  for (let p = n.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'block' || k === 'module') return p;
    if (k !== 'expression_statement') return null;
  }
  return null;
}

/** The clause of an `if` written in `home` that `block` is the body of: its index, the clauses, whether one is `else`. */
function ifClause(block: SgNode, home: SgNode | null): { node: SgNode; index: number; count: number; hasElse: boolean } | null {
  const p = block.parent();
  if (!p || !home) return null;
  const ifNode = p.kind() === 'if_statement' ? p : p.kind() === 'elif_clause' || p.kind() === 'else_clause' ? p.parent() : null;
  if (!ifNode || ifNode.kind() !== 'if_statement' || ifNode.parent()?.id() !== home.id()) return null;
  const clauses = ifNode.namedChildren().filter((c) => c.kind() === 'elif_clause' || c.kind() === 'else_clause');
  const index = p.id() === ifNode.id() ? 0 : 1 + clauses.findIndex((c) => c.id() === p.id());
  return { node: ifNode, index, count: 1 + clauses.length, hasElse: clauses.some((c) => c.kind() === 'else_clause') };
}

function withAlts(t: Template, s: boolean, alts: Template[]): Built {
  const key = JSON.stringify(t);
  const seen = new Set([key]);
  const out: Template[] = [];
  for (const a of alts) {
    const k = JSON.stringify(a);
    // (a lookup standing for other files' texts, classAttrText's, is kept past the bound)
    if (seen.has(k) || (out.length >= MAX_ALTS && !standsForOthers(a))) continue;
    seen.add(k);
    out.push(a);
  }
  return out.length ? { t, s, alts: out } : { t, s };
}

/** A lone lookup standing for the texts a class's subclasses of other files give (Lookup.subclassesOnly). */
const standsForOthers = (t: Template): boolean => t.length === 1 && isHole(t[0]) && !!t[0].hole.lookup?.subclassesOnly;

/** The same operation applied to a built value and to each of its alternatives. */
function mapBuilt(b: Built, f: (t: Template) => Template): Built {
  return b.alts ? withAlts(f(b.t), b.s, b.alts.map(f)) : { t: f(b.t), s: b.s };
}

function buildBinary(node: SgNode, scope: Scope, depth: number): Built {
  const op = node.field('operator')?.text();
  const left = node.field('left');
  const right = node.field('right');
  if (!left || !right) return holeOf(node);
  if (op === '+') {
    const l = build(left, scope, depth + 1);
    const r = build(right, scope, depth + 1);
    if (l.s || r.s) {
      // alternatives of one side (the other side's are not combined)
      if (l.alts) return mapBuilt({ ...l, s: true }, (t) => concat(t, r.t));
      return mapBuilt({ ...r, s: true }, (t) => concat(l.t, t));
    }
    // `message + diff` inside an inlined helper: both sides are the caller's arguments
    if (scope.bindings && (isBoundName(left, scope) || isBoundName(right, scope))) return { t: concat(l.t, r.t), s: false };
    return holeOf(node);
  }
  if (op === '%') return buildPercent(node, scope, depth);
  return holeOf(node);
}

/** `left % right` (a binary operator or a `%=` statement): the text on the left formatted with the values on the right. */
function buildPercent(node: SgNode, scope: Scope, depth: number): Built {
  const left = node.field('left');
  const right = node.field('right');
  if (!left || !right) return holeOf(node);
  // (a `%=` that is no text is the name's hole, not the statement's)
  const whole = node.kind() === 'augmented_assignment' ? left : node;
  {
    let l = build(left, scope, depth + 1);
    if (!l.s) l = formattedSelfAttr(left, scope, depth) ?? l;
    if (!l.s) return lookupFormatted(l, 'percent') ?? formatOfParam(left, 'percent', scope) ?? holeOf(whole);
    const args = percentArgs(right);
    if (args.kind === 'unknown' && right.kind() === 'identifier') {
      // `"%s: bad" % name` where `name` holds a value or its string default: one value, each way
      const b = constantItem(right, scope, depth + 1);
      const fallback = b && !b.s && b.alts?.length === 1 ? literalOf(b.alts[0], '') : null;
      if (fallback !== null) {
        const one: PercentArgs = { kind: 'seq', exprs: [right.text()] };
        return withAlts(applyPercent(l.t, one), true, [applyPercent(l.t, { ...one, texts: [fallback] })]);
      }
    }
    if (args.kind !== 'seq') return mapBuilt(l, (t) => applyPercent(t, args));
    // string constants among the values are put in; one value with constant alternatives
    // (`_plural_s(keys)` returning "s" or "") gives one message per alternative
    const items = percentItems(right);
    if (!items || items.length !== args.exprs.length) return mapBuilt(l, (t) => applyPercent(t, args));
    const built = items.map((n) => constantItem(n, scope, depth + 1));
    const texts = built.map((b) => (b?.s ? literalOf(b.t, '') : null));
    const k = built.findIndex((b, i) => texts[i] !== null && b?.alts?.every((a) => literalOf(a, '') !== null));
    const primary = mapBuilt(l, (t) => applyPercent(t, { ...args, texts }));
    const more = k < 0 ? [] : built[k]!.alts!.map((a) => applyPercent(l.t, { ...args, texts: texts.map((x, i) => (i === k ? literalOf(a, '') : x)) }));
    // a value or its string default (constantItem): the message with each default alone put in
    built.forEach((b, d) => {
      const fallback = texts[d] === null && b?.alts?.length === 1 ? literalOf(b.alts[0], '') : null;
      if (fallback !== null) more.push(applyPercent(l.t, { ...args, texts: texts.map((x, i) => (i === d ? fallback : x)) }));
    });
    if (!more.length) return primary;
    return withAlts(primary.t, true, [...(primary.alts ?? []), ...more]);
  }
  return holeOf(node);
}

/** The value nodes of a `%` right-hand side that percentArgs reads as a sequence. */
function percentItems(right: SgNode): SgNode[] | null {
  const k = right.kind();
  if (k === 'tuple') return right.namedChildren().filter((c) => c.kind() !== 'comment');
  if (k === 'parenthesized_expression') {
    const inner = right.namedChildren().filter((c) => c.kind() !== 'comment');
    return inner.length === 1 ? percentItems(inner[0]) : null;
  }
  return [right];
}

/**
 * A `%` value that may be a string constant, built: a string, a call of a local helper,
 * a conditional, an argument bound by an inlined call, a local name assigned a string.
 * Other names are not looked up (module constants are rare here, and costly to find).
 */
function constantItem(n: SgNode, scope: Scope, depth: number): Built | null {
  const k = n.kind();
  if (k === 'string' || k === 'concatenated_string' || k === 'call' || k === 'conditional_expression') return build(n, scope, depth);
  // (`'%s is %s' % (x, None)`: `%s` puts a constant's text in)
  const constant = k === 'none' || k === 'true' || k === 'false' || k === 'integer' ? constantText(n) : null;
  if (constant !== null) return { t: [{ lit: constant }], s: true };
  if (k !== 'identifier' || !scope.fn) return null;
  const name = n.text();
  const bound = scope.bindings?.get(name);
  if (bound) return bound;
  if (!scope.ctx.mayAssignString(name) || scope.isParam(name)) return null;
  const r = scope.resolveLocal(name, n.range().start.index);
  const v = r && r.values.length === 1 ? r.values[0] : null;
  if (!v || (v.kind() !== 'string' && v.kind() !== 'concatenated_string')) return null;
  if (!r!.alts.length) return build(v, scope, depth);
  // `sysid = self.getSystemId()` / `if sysid is None: sysid = "<unknown>"`: the value, or the default
  // (an alternative; the `%` puts it in)
  if (r!.alts.some((a) => a.kind() === 'string' || a.kind() === 'concatenated_string')) return null;
  return { t: [exprHole(name)], s: false, alts: [build(v, scope, depth).t] };
}

/** `from textwrap import dedent` (or a list holding it): a bare `dedent(…)` is textwrap's. */
const DEDENT_IMPORT = /^[ \t]*from[ \t]+textwrap[ \t]+import[ \t(][^\n]*\bdedent\b/m;

/** `textwrap.dedent(text)`: the text's template, dedented (strings.ts dedentTemplate). */
function dedented(node: SgNode, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  if (a.positional.length !== 1 || a.keywords.length || a.splat) return null;
  const b = build(a.positional[0], scope, depth + 1);
  if (b.s) return mapBuilt(b, dedentTemplate);
  // (a value given elsewhere, `textwrap.dedent(self.note)`: the text bound to it is dedented, Hole.dedent)
  const only = b.t.length === 1 && isHole(b.t[0]) ? b.t[0] : null;
  return only ? { t: [{ hole: { ...only.hole, dedent: true } }], s: false } : null;
}

/**
 * `_F('found undefined alias {alias!r}', alias=alias)`: a function of another module given a
 * format string and, by keyword, a value for each of its fields, and nothing else, is read as
 * that string formatted (`def _F(s, *superfluous, **kw): return s.format(**kw)`, ruamel.yaml's
 * helper, and its like). The fields and the keywords agreeing is what says it formats.
 */
function formatHelperCall(node: SgNode, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  const text = a.positional[0];
  if (a.positional.length !== 1 || a.splat || !a.keywords.length || text.kind() !== 'string' || /^[a-zA-Z]*[fF]/.test(text.text())) return null;
  const o = build(text, scope, depth + 1);
  const fields = new Set<string>();
  for (const seg of o.t) {
    if (!isLit(seg)) return null;
    for (const m of seg.lit.matchAll(/\{\{|\}\}|\{([^{}!:]*)[^{}]*\}/g)) if (m[0].length > 2) fields.add(m[1].replace(/[.[].*$/, '').trim());
  }
  const names = new Set(a.keywords.map((kw) => kw.name));
  if (!fields.size || fields.size !== names.size || [...fields].some((f) => !names.has(f))) return null;
  const fa: FormatArgs = { positional: [], keywords: new Map(a.keywords.map((kw) => [kw.name, kw.value.text()])) };
  return mapBuilt({ ...o, s: true }, (t) => applyFormat(t, fa));
}

/** `%` conversions in a text: `%%` (no value), `%(name)s` (a mapping's), or one value's. */
const PERCENT_CONVERSION = /%(?:%|\(|[-#0 +]*(?:\*|\d+)?(?:\.\d+)?[sdrifgeExXoc])/g;
/** A triple-quoted text starting on a new line: a block, written indented. */
const BLOCK_STRING = /^[rRuU]?(?:'{3}|"{3})[ \t]*\r?\n/;

/**
 * `unwrap('''\n    %s value must be a byte string, not %s\n    ''', type_name(self), type_name(value))`
 * (asn1crypto's helper in another module, and its like): a function of another module given a
 * `%` template and, after it, one value per conversion, and nothing else, is read as that template
 * `%`-formatted; the conversions and the values agreeing is what says it formats. A text written as
 * an indented block is what such a helper prints: dedented, without the blank lines around it.
 */
function percentHelperCall(node: SgNode, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  const text = a.positional[0];
  if (a.positional.length < 2 || a.splat || a.keywords.length || text.kind() !== 'string' || /^[a-zA-Z]*[fF]/.test(text.text())) return null;
  const o = build(text, scope, depth + 1);
  const written = o.s && o.t.every(isLit) ? o.t.map((seg) => (isLit(seg) ? seg.lit : '')).join('') : null;
  if (written === null) return null;
  let values = 0;
  for (const m of written.matchAll(PERCENT_CONVERSION)) {
    if (m[0] === '%(' || m[0].includes('*')) return null;
    if (m[0] !== '%%') values++;
  }
  if (values !== a.positional.length - 1) return null;
  const t = applyPercent(o.t, { kind: 'seq', exprs: a.positional.slice(1).map((p) => p.text()) });
  return { t: BLOCK_STRING.test(text.text()) ? trimTemplate(dedentTemplate(t)) : t, s: true };
}

/** The template without the white space at its two ends. */
function trimTemplate(t: Template): Template {
  const out = [...t];
  while (out.length && isLit(out[0]) && !out[0].lit.trim()) out.shift();
  while (out.length) {
    const last = out[out.length - 1];
    if (!isLit(last) || last.lit.trim()) break;
    out.pop();
  }
  const first = out[0];
  if (first && isLit(first)) out[0] = { ...first, lit: first.lit.trimStart() };
  const last = out[out.length - 1];
  if (last && isLit(last)) out[out.length - 1] = { ...last, lit: last.lit.trimEnd() };
  return out;
}

/**
 * `msg.format(**args)` / `msg % args` where `msg` is a parameter: the callers' text,
 * with its fields opened (a hole marked `fmt`, see Hole).
 */
function formatOfParam(n: SgNode, fmt: FieldStyle, scope: Scope): Built | null {
  if (n.kind() !== 'identifier' || !scope.isParam(n.text()) || scope.bindings?.has(n.text())) return null;
  return { t: [{ hole: { name: n.text(), expr: n.text(), kind: 'any', fmt } }], s: false };
}

/**
 * `format_string = self.args[0]` … `format_string.format(*format_args)` in an exception's method: the
 * argument its raise passes first is a format string (`raise BadInputError(BadInputError.OUT_OF_BOUNDS,
 * name, value)`), its fields opened where it is bound (Hole.fmt).
 */
function formatOfArg(obj: SgNode, o: Built, scope: Scope): Built | null {
  if (!scope.cls) return null;
  const h = o.t.length === 1 && isHole(o.t[0]) ? o.t[0].hole : null;
  // (the name's one assignment where it is read, `format_string = self.args[0]`, or the read itself)
  const r = obj.kind() === 'identifier' ? scope.resolve(obj.text(), obj.range().start.index) : null;
  const expr = r ? (r.values.length === 1 ? r.values[0].text() : '') : (h?.expr ?? '');
  if (!/^self\.args\[\d+\]$/.test(expr)) return null;
  return { t: [{ hole: { name: 'args', expr, kind: 'any', fmt: 'brace' } }], s: false };
}

function isBoundName(n: SgNode, scope: Scope): boolean {
  return n.kind() === 'identifier' && !!scope.bindings?.has(n.text());
}

/** The right-hand side of `%` as PercentArgs. */
export function percentArgs(right: SgNode): PercentArgs {
  const k = right.kind();
  if (k === 'tuple') {
    const items = right.namedChildren().filter((c) => c.kind() !== 'comment');
    if (items.some((c) => c.kind() === 'list_splat')) return { kind: 'seq', exprs: [] };
    return { kind: 'seq', exprs: items.map((c) => c.text()) };
  }
  if (k === 'parenthesized_expression') {
    const inner = right.namedChildren().filter((c) => c.kind() !== 'comment');
    if (inner.length === 1) return percentArgs(inner[0]);
  }
  if (k === 'dictionary') return { kind: 'map', entries: dictEntries(right) };
  if (k === 'call') {
    const f = right.field('function')?.text();
    if (f === 'locals' || f === 'vars' || f === 'globals' || f === 'dict') {
      if (f === 'dict') {
        const a = callArgs(right);
        return { kind: 'map', entries: new Map(a.keywords.map((kw) => [kw.name, kw.value.text()])) };
      }
      return { kind: 'map', entries: null };
    }
  }
  if (k === 'identifier' || k === 'attribute' || k === 'subscript') {
    if (/__dict__$/.test(right.text())) return { kind: 'map', entries: null };
    return { kind: 'unknown', expr: right.text() };
  }
  return { kind: 'seq', exprs: [right.text()] };
}

function dictEntries(dict: SgNode): Map<string, string> | null {
  const m = new Map<string, string>();
  for (const p of dict.namedChildren()) {
    if (p.kind() !== 'pair') {
      if (p.kind() === 'dictionary_splat') return null;
      continue;
    }
    const key = p.field('key');
    const value = p.field('value');
    if (!key || !value || key.kind() !== 'string') continue;
    const k = literalOf(stringTemplate(key.text()));
    if (k !== null) m.set(k, value.text());
  }
  return m;
}

function buildCall(node: SgNode, scope: Scope, depth: number): Built {
  const fn = node.field('function');
  if (!fn) return holeOf(node);
  const fk = fn.kind();
  if (fk === 'identifier') {
    const name = fn.text();
    if (name === 'str' || name === 'repr' || TEXT_COERCIONS.has(name)) {
      const a = callArgs(node);
      if (a.positional.length === 1 && !a.splat) {
        const arg = a.positional[0];
        const text = name === 'repr' ? null : arg.kind() === 'identifier' ? builtText(arg, scope, depth) : null;
        if (text) return text;
        // (`force_str(self.default_detail).format(method=method)`: the text given, when it is text)
        const b = name === 'repr' || arg.kind() === 'identifier' ? null : build(arg, scope, depth + 1);
        return b?.s ? b : { t: [exprHole(arg.text(), name === 'repr' ? 'repr' : 'any')], s: false };
      }
    } else if (name === 'format') {
      // `format(msg, a, b)` with a %-template (humanfriendly's text.format and similar helpers);
      // the builtin `format(value, spec)` has no `%` verbs in a string first argument.
      const a = callArgs(node);
      if (a.positional.length >= 2 && !a.splat) {
        const m = build(a.positional[0], scope, depth + 1);
        if (m.s && m.t.some((seg) => 'lit' in seg && /%[-#0 +]*\d*(?:\.\d+)?[sdrifgex]/.test(seg.lit))) {
          return { t: applyPercent(m.t, { kind: 'seq', exprs: a.positional.slice(1).map((p) => p.text()) }), s: true };
        }
      }
    } else if (name === 'getattr') {
      // `getattr(self, 'message', '')` (isbnlib's `__str__`): `self.message`, as an attribute read
      const b = selfGetattr(node, scope, depth);
      if (b) return b;
    } else if (GETTEXT.has(name)) {
      const b = gettextMessage(node, name, scope, depth);
      if (b) return b;
    } else if (name === 'dedent' && DEDENT_IMPORT.test(scope.ctx.source)) {
      const b = dedented(node, scope, depth);
      if (b) return b;
    } else {
      const b = inlineCall(node, name, false, scope, depth);
      if (b) return b;
      // `trans(self._messages[name], **args)`: a table's entry handed to a function (a translation, a
      // renderer) is the message, its placeholders filled there
      const first = callArgs(node).positional[0];
      const l = first && (first.kind() === 'subscript' || first.kind() === 'identifier') ? build(first, scope, depth + 1) : null;
      if (l && isLookup(l)) return l;
      const f = formatHelperCall(node, scope, depth) ?? percentHelperCall(node, scope, depth);
      if (f) return f;
    }
    return holeOf(node);
  }
  if (fk === 'attribute') {
    const attr = fn.field('attribute')?.text();
    if (attr === 'format' || attr === 'format_map') {
      const obj = fn.field('object');
      if (!obj) return holeOf(node);
      let o = build(obj, scope, depth + 1);
      if (!o.s) o = formattedSelfAttr(obj, scope, depth) ?? o;
      if (!o.s) return lookupFormatted(o, 'brace') ?? formatOfParam(obj, 'brace', scope) ?? formatOfArg(obj, o, scope) ?? holeOf(node);
      const a = callArgs(node);
      const fa: FormatArgs = { positional: [], keywords: new Map() };
      if (attr === 'format') {
        for (const p of a.positional) {
          // (`.format(*self.args)` in an exception's method: the exception's arguments by position,
          // `self.args[0]`, `self.args[1]` …, which classes.ts binds to what the raise passes)
          if (p.kind() === 'list_splat' && scope.cls && p.namedChildren()[0]?.text() === 'self.args' && fa.positional.length === 0) {
            for (let i = 0; i < MAX_SPREAD_ARGS; i++) fa.positional.push(`self.args[${i}]`);
            break;
          }
          if (p.kind() === 'list_splat' || p.kind() === 'dictionary_splat') break;
          fa.positional.push(p.text());
        }
        for (const kw of a.keywords) fa.keywords.set(kw.name, kw.value.text());
      } else if (a.positional[0]?.kind() === 'dictionary') {
        for (const [key, v] of dictEntries(a.positional[0]) ?? []) fa.keywords.set(key, v);
      }
      // (in an exception class's methods, where `__str__` composes: elsewhere a name given is a value)
      const named = attr === 'format' && scope.cls ? namedTexts([...a.positional, ...a.keywords.map((kw) => kw.value)], scope, depth) : null;
      return mapBuilt({ ...o, s: true }, (t) => (named ? putTexts(applyFormat(t, fa), named) : applyFormat(t, fa)));
    }
    const obj = fn.field('object');
    if (attr === 'dedent' && obj?.text() === 'textwrap') {
      const b = dedented(node, scope, depth);
      if (b) return b;
    }
    if (attr && READ_OUT.test(attr) && obj?.kind() === 'identifier' && !callArgs(node).positional.length) {
      const text = builtText(obj, scope, depth);
      if (text) return text;
    }
    if (attr === 'join' && obj?.kind() === 'string') {
      const b = joinedList(node, obj, scope, depth) ?? joinedLookups(node, scope, depth);
      if (b) return b;
      // `' '.join(self.args)` in `__str__`: the exception's arguments, which are its message when it
      // was given one (classes.ts binds `self.args[*]` to that parameter)
      const a = callArgs(node);
      if (a.positional.length === 1 && !a.keywords.length && a.positional[0].text() === 'self.args') return { t: [{ hole: { name: 'args', expr: 'self.args[*]', kind: 'any' } }], s: true };
    }
    // `super(PybtexSyntaxError, self).__str__()` (or `Exception.__str__(self)`) in an exception's `__str__`:
    // what the base shows, its arguments, as `' '.join(self.args)` reads them
    if (attr === '__str__' && scope.cls && obj && BASE_STR.test(oneLine(obj.text())) && callArgs(node).positional.length <= 1) {
      return { t: [{ hole: { name: 'args', expr: 'self.args[*]', kind: 'any' } }], s: true };
    }
    if (attr === 'get' && obj?.kind() === 'identifier') {
      // `errors.get(code)` of a dict of messages in scope
      const local = localTexts(obj, scope, depth);
      const a = local ? callArgs(node) : null;
      if (local && a && a.positional.length >= 1) {
        const picked = dictChoice(local, keyOf(a.positional[0]));
        // `PARSE_ERRORS.get(self.error_code, "Unknown parsing error")`: the default, when the key is not
        // one of the entries' (or not known), is a message too
        const d = a.positional.length === 2 && picked.alts ? build(a.positional[1], scope, depth + 1) : null;
        return d?.s && d.t.some(isLit) ? { ...picked, alts: [...(picked.alts ?? []), d.t, ...(d.alts ?? [])] } : picked;
      }
    }
    if (attr && obj && (obj.text() === 'self' || obj.text() === 'cls')) {
      const b = inlineCall(node, attr, true, scope, depth);
      if (b) return b;
      // a method of a base class elsewhere (`self.message('integer', state)`): record/ binds what it returns
      const c = calledElsewhere(node, attr, scope, depth);
      if (c) return c;
    }
    // `field.gettext("Field must be …")`, `self._("…")`, `translations.ngettext(one, many, n)`: a
    // translation function reached through an object (a form field's, a request's) returns its text
    if (attr && GETTEXT.has(attr) && attr !== 'tr') {
      const b = gettextMessage(node, attr, scope, depth);
      if (b) return b;
    }
    return holeOf(node);
  }
  return holeOf(node);
}

/**
 * `'\n'.join(warns + errors)` of lists a call returned (`warns, errors = validate_symbols(symbols)`,
 * license_expression): each name a lookup into the texts the function appends to the list it returns
 * at that position (returned-tuples.ts); one error is the usual message, so each list's texts are
 * readings, the first list's first. Null unless every name joined reads such a lookup.
 */
function joinedLookups(node: SgNode, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  if (a.positional.length !== 1 || a.keywords.length || a.splat) return null;
  const names: SgNode[] = [];
  const collect = (n: SgNode): boolean => {
    if (n.kind() === 'identifier') return names.push(n) > 0;
    if (n.kind() !== 'binary_operator' || n.field('operator')?.text() !== '+') return false;
    const [l, r] = [n.field('left'), n.field('right')];
    return !!l && !!r && collect(l) && collect(r);
  };
  if (!collect(a.positional[0]) || names.length > 4) return null;
  const lookups = names.map((n) => build(n, scope, depth + 1));
  if (!lookups.every(isLookup)) return null;
  return { t: lookups[0].t, s: false, ...(lookups.length > 1 ? { alts: lookups.slice(1).map((l) => l.t) } : {}) };
}

/**
 * `'\n'.join(lines)` of a local list written as a literal and grown by `lines.append(…)`: the
 * elements joined by the separator (`lines = ['Invalid %s:' % name]; lines.append('Reason: %s' %
 * why)`). An append in a branch or a loop may not run: the message without it, and as others with
 * the appends of `if` bodies and loops, and with those of `elif`/`else` bodies and loops. A list
 * changed any other way (`extend`, `insert`, `+=`, an item set) stays a hole.
 */
function joinedList(node: SgNode, sepNode: SgNode, scope: Scope, depth: number): Built | null {
  const a = callArgs(node);
  const arg = a.positional[0];
  if (a.positional.length !== 1 || a.keywords.length || a.splat || arg.kind() !== 'identifier' || !scope.fn) return null;
  // (a bytes separator joins data, not a message)
  const sep = /^[rRuUfF]*['"]/.test(sepNode.text()) ? literalOf(build(sepNode, scope, depth + 1).t, '') : null;
  if (sep === null) return null;
  const name = arg.text();
  const pos = node.range().start.index;
  const r = scope.resolveLocal(name, pos);
  const list = r && r.values.length === 1 && !r.alts.length ? r.values[0] : null;
  if (!list || list.kind() !== 'list') return null;
  const body = scope.fn.text();
  if (new RegExp(String.raw`\b${name}\s*(?:\.(?:extend|insert|__setitem__)\s*\(|\+=|\[[^\]]*\]\s*=[^=])`).test(body)) return null;
  const elements = list.namedChildren().filter((c) => c.kind() !== 'comment');
  if (elements.some((e) => (e.kind() as string) === 'list_splat')) return null;
  const from = list.range().end.index;
  const always: SgNode[] = [...elements];
  // with the appends of `if` bodies and loops, and with those of `elif`/`else` bodies instead:
  // `if …: out.append('lines %d-%d: ' % l) else: out.append('line %d: ' % l)` appends one of the two
  const withIf: SgNode[] = [...elements];
  const withElse: SgNode[] = [...elements];
  let elses = 0;
  const appends = scope.fn.findAll({ rule: { kind: 'call', has: { field: 'function', regex: String.raw`^${name}\.append$` } } });
  for (const c of appends.sort((x, y) => x.range().start.index - y.range().start.index)) {
    const at = c.range().start.index;
    if (at < from || at >= pos) continue;
    const v = callArgs(c).positional[0];
    if (!v) return null;
    if (withIf.length >= MAX_JOINED) return null;
    if (!branched({ pos: at, end: c.range().end.index, aug: false, value: v, node: c }, pos)) {
      always.push(v);
      withIf.push(v);
      withElse.push(v);
    } else {
      const b = branchOf(c);
      if (b !== 'else') withIf.push(v);
      if (b !== 'if') withElse.push(v);
      if (b === 'else') elses++;
    }
  }
  const join = (nodes: SgNode[]): Built => {
    const parts = nodes.map((n) => build(n, scope, depth + 1)).map((p, i) => ({ ...p, t: absentUnless(p.t, nodes[i], sep) }));
    return { t: joinWritten(parts.map((p) => ({ t: p.t })), sep), s: parts.some((p) => p.s) };
  };
  // (a list that starts empty and is only appended to in branches holds at least one of them)
  const variants = [always, withIf, ...(elses ? [withElse] : [])].filter((v) => v.length).map(join);
  if (!variants.length) return null;
  const [main, ...more] = variants;
  return withAlts(main.t, variants.some((v) => v.s), more.map((v) => v.t));
}

/**
 * An appended part that is one value read under `if V is not None:` or `if V:` (the condition's
 * first conjunct; `lines.append(self.context)`, `lines.append(str(self.context_mark))`): a hole the
 * text leaves out, with its separator, for an argument written `None` (Hole.absent).
 */
function absentUnless(t: Template, value: SgNode, sep: string): Template {
  if (t.length !== 1 || !isHole(t[0]) || !t[0].hole.expr || !sep || branchOf(value) !== 'if') return t;
  let ifNode: SgNode | null = value.parent();
  while (ifNode && ifNode.kind() !== 'if_statement') ifNode = ifNode.parent();
  let cond = ifNode?.field('condition') ?? null;
  while (cond && cond.kind() === 'boolean_operator' && cond.field('operator')?.text() === 'and') cond = cond.field('left');
  const read = cond?.text().replace(/\s+is\s+not\s+None$/, '');
  // (the value as written, `str(…)` of it, or what the hole reads: `self.context` is the parameter `context`)
  const written = value.text().replace(/^(?:str|repr)\((.*)\)$/s, '$1');
  return read === written || read === t[0].hole.expr ? [{ hole: { ...t[0].hole, absent: { value: 'None', sep } } }] : t;
}

/** A text-building object's methods that add to it (`append_text`, `write`, `add`), and that read it out (`getvalue`). */
const WRITES = /^(?:append|write|add|extend|print)(?:_|$)/;
const READ_OUT = /^(?:getvalue|to_string|tostring|as_string|text|value)$/;
/** A constructor of a text-building object: a class name (`StringDescription()`, `io.StringIO()`), no argument or one string. */
const BUILDER_CTOR = /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*$/;
/** Statements that may not run (or run more than once) between a builder's making and its reading. */
const NOT_ONCE = new Set(['if_statement', 'for_statement', 'while_statement', 'try_statement', 'with_statement', 'elif_clause', 'else_clause', 'except_clause', 'lambda']);

/**
 * The text a local text-building object holds where it is read (`raise AssertionError(description)`,
 * `str(buf)`, `buf.getvalue()`): hamcrest's `description = StringDescription()` /
 * `description.append_text(reason).append_text("\nExpected: ").append_description_of(matcher)…` /
 * `matcher.describe_mismatch(actual, description)`. Each write of the function before the read, in
 * order (chained calls inner first): a text argument is its text, another argument a hole; the
 * object handed to a function (which may write into it) is a hole named after the function. Null
 * (the name stays a hole) unless the name is assigned once, from a class's constructor with no
 * argument or one string, and written at least once; when a write or hand-off is in a branch, a loop
 * or a `try` (it may not run, or run more than once), or the object is used another way before the read.
 */
function builtText(nameNode: SgNode, scope: Scope, depth: number): Built | null {
  const fn = scope.fn;
  if (!fn) return null;
  const name = nameNode.text();
  const pos = nameNode.range().start.index;
  const r = scope.resolveLocal(name, pos);
  const made = r && r.values.length === 1 && !r.alts.length && !r.param ? r.values[0] : null;
  if (!made || made.kind() !== 'call' || !BUILDER_CTOR.test(made.field('function')?.text() ?? '')) return null;
  const init = callArgs(made);
  if (init.keywords.length || init.splat || init.positional.length > 1 || (init.positional[0] && init.positional[0].kind() !== 'string')) return null;
  const from = made.range().end.index;
  // (each mention of the name between its making and the read; not an attribute's or a keyword's name)
  const uses = fn.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } }).filter((n) => {
    const at = n.range().start.index;
    const p = n.parent();
    if (at <= from || at >= pos || !p) return false;
    if (p.kind() === 'attribute' && p.field('attribute')?.id() === n.id()) return false;
    return !(p.kind() === 'keyword_argument' && p.field('name')?.id() === n.id());
  });
  if (!uses.length || uses.length > MAX_BUILT_WRITES) return null;
  const parts: Written[] = init.positional[0] ? [{ t: build(init.positional[0], scope, depth + 1).t }] : [];
  for (const n of uses) {
    // (a branch or loop holding the read too runs the write before it once)
    for (let p = n.parent(); p && p.id() !== fn.id(); p = p.parent()) if (NOT_ONCE.has(p.kind() as string) && !(p.range().start.index < pos && pos < p.range().end.index)) return null;
    const parent = n.parent();
    if (parent?.kind() === 'attribute' && parent.field('object')?.id() === n.id()) {
      // `name.write(…)`, `name.append_text(…).append_text(…)`: each call of the chain, inner first
      let cur: SgNode | null = parent.parent();
      let attr: SgNode | null = parent;
      while (cur && attr && cur.kind() === 'call' && cur.field('function')?.id() === attr.id()) {
        const method = attr.field('attribute')?.text() ?? '';
        if (!WRITES.test(method)) return null;
        const a = callArgs(cur);
        if (a.positional.length !== 1 || a.keywords.length || a.splat) return null;
        const arg = a.positional[0];
        const b = arg.kind() === 'string' || arg.kind() === 'concatenated_string' ? build(arg, scope, depth + 1) : null;
        parts.push({ t: b?.s ? b.t : [exprHole(arg.text())] });
        attr = cur.parent()?.kind() === 'attribute' ? cur.parent() : null;
        cur = attr ? attr.parent() : null;
      }
      continue;
    }
    if (parent?.kind() === 'argument_list' && parent.parent()?.kind() === 'call') {
      // handed to a function that writes into it (`matcher.describe_mismatch(actual, description)`)
      parts.push({ unknown: exprHole(parent.parent()!.field('function')?.text()) });
      continue;
    }
    return null;
  }
  return parts.length ? { t: joinWritten(parts, ''), s: true } : null;
}

/** The kind of a node's innermost branch body: an `if`'s, an `elif`/`else` clause's, or another (a loop's, a `try`'s). */
function branchOf(n: SgNode): 'if' | 'else' | 'other' {
  let prev = n;
  for (let p = n.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_definition' || k === 'class_definition' || k === 'lambda') break;
    if (prev.kind() === 'block' && BRANCH_PARENTS.has(k)) return k === 'if_statement' ? 'if' : k === 'else_clause' || k === 'elif_clause' ? 'else' : 'other';
    prev = p;
  }
  return 'other';
}
/** Elements of a joined list read at most (a longer one is a table, not a message). */
const MAX_JOINED = 24;

/**
 * `NAME[key]`, `self.NAME[key]`, `cls.NAME[key]`, `mod.NAME[key]`: a lookup hole into the table
 * NAME (python/tables.ts; record/ puts the entry in); null for any other subscript. A key that is
 * a parameter is the callers' (bound to their literal keys); a literal key is the entry's.
 */
function subscriptLookup(node: SgNode, scope: Scope, depth: number): Built | null {
  const value = node.field('value');
  const index = node.field('subscript');
  if (!value || !index) return null;
  const vk = value.kind() as string;
  const table = vk === 'identifier' ? value.text() : vk === 'attribute' ? (value.field('attribute')?.text() ?? null) : null;
  if (!table) return null;
  const ik = index.kind() as string;
  if (vk === 'identifier') {
    const local = localTexts(value, scope, depth);
    if (local) return dictChoice(local, keyOf(index));
  }
  const lookup = (key: string | null, param?: string): Built => {
    const h = exprHole(node.text());
    return { t: [isHole(h) ? { hole: { ...h.hole, lookup: param ? { table, key, param } : { table, key } } } : h], s: false };
  };
  if (ik === 'string') {
    const t = stringTemplate(index.text());
    const key = t.length === 1 && isLit(t[0]) ? t[0].lit : null;
    return key === null ? null : lookup(key);
  }
  if (ik === 'identifier' && scope.isParam(index.text())) {
    // (inside an inlined call, `self._messages[msgName]` with the caller's `'integer'`: that entry)
    const bound = scope.bindings?.get(index.text());
    if (!bound) return lookup(null, index.text());
    const key = bound.s && bound.t.length === 1 && isLit(bound.t[0]) ? bound.t[0].lit : null;
    return key === null ? null : lookup(key);
  }
  return null;
}

const literalKeyOf = (n: SgNode): string | null => {
  const t = stringTemplate(n.text());
  return t.length === 1 && isLit(t[0]) ? t[0].lit : null;
};

/**
 * A dict key or index as localTexts keys entries: a string's text, an integer as written, a name
 * (a constant: `{PARSE_UNKNOWN_TOKEN: "Unknown token", …}` read as `PARSE_ERRORS[PARSE_UNKNOWN_TOKEN]`)
 * marked apart from the texts; null for anything else.
 */
const keyOf = (n: SgNode): string | null => {
  const k = n.kind() as string;
  if (k === 'string') return literalKeyOf(n);
  if (k === 'integer') return n.text();
  if (k === 'identifier' || k === 'attribute') return NAME_KEY + oneLine(n.text());
  return null;
};
const NAME_KEY = '\u0000';

/** Entries read from a dict local to the function (or module) that looks into it, at most. */
const MAX_LOCAL_ENTRIES = 50;

/**
 * `errors = {None: _('expected one argument'), …}; msg = errors.get(action.nargs)`: a dict of
 * messages (or a tuple or list of them, keyed by position) the name holds where it is looked into,
 * its entries built (their literals marked with their lines: the records' definedAt); null when the
 * name holds no such dict.
 */
function localTexts(name: SgNode, scope: Scope, depth: number): { key: string | null; t: Template }[] | null {
  const r = scope.resolve(name.text(), name.range().start.index);
  const d = r && r.values.length === 1 && !r.alts.length ? r.values[0] : null;
  const dk = d?.kind() as string | undefined;
  if (!d || (dk !== 'dictionary' && dk !== 'tuple' && dk !== 'list')) return null;
  const out: { key: string | null; t: Template }[] = [];
  // (a tuple or list of messages, `msg = ('Unexpected end of input', 'Unexpected {1} after {0}', …)`
  // read as `msg[len(tokens)]`: keyed by position, each an alternative when the index is computed)
  const items = d.namedChildren().filter((c) => c.kind() !== 'comment');
  for (let i = 0; i < items.length && out.length < MAX_LOCAL_ENTRIES; i++) {
    const p = items[i];
    const pair = p.kind() === 'pair';
    if (dk === 'dictionary' ? !pair : p.kind() !== 'string' && p.kind() !== 'concatenated_string') continue;
    const k = pair ? p.field('key') : null;
    const v = pair ? p.field('value') : p;
    if (!v) continue;
    const b = build(v, r!.scope, depth + 1);
    const key = pair ? (k && k.kind() !== 'integer' ? keyOf(k) : null) : String(i);
    if (b.s && b.t.some(isLit)) out.push({ key, t: withOrigin(b.t, { line: v.range().start.line + 1 }) });
  }
  if (out.length < 2) return null;
  // (placeholders opened as the table writes them: `{kind}` in every entry is rendered by the code reading it)
  const style = tableStyle(out.map((e) => e.t));
  return style ? out.map((e) => ({ key: e.key, t: openPlaceholders(e.t, style) })) : out;
}

/** The entry of `key` in a local dict, or (key unknown) each entry as an alternative. */
function dictChoice(entries: { key: string | null; t: Template }[], key: string | null): Built {
  const hit = key !== null ? entries.find((e) => e.key === key) : undefined;
  if (hit) return { t: hit.t, s: true };
  // (every entry: more than withAlts keeps for a name's branches)
  return entries.length > 1 ? { t: entries[0].t, s: true, alts: entries.slice(1).map((e) => e.t) } : { t: entries[0].t, s: true };
}

/**
 * `limit.rangeerrorstring`, an attribute whose name says it holds a message: a lookup with no key
 * into the texts the tree's constants pass at that field's position of the record declaring it
 * (record-fields.ts), each an alternative. The receiver is not followed: the field's name ties
 * them, as the record declaring it says which position it is.
 */
function recordFieldLookup(node: SgNode, scope: Scope): Built | null {
  const attr = node.field('attribute')?.text();
  // (and a template named so read through `self` or `cls`: a class attribute's text, class-attribute-texts.ts)
  const own = /^(?:self|cls)$/.test(node.field('object')?.text() ?? '');
  if (!attr || !(MESSAGE_FIELD.test(attr) || (TEMPLATE_ATTR.test(attr) && own))) return null;
  const h = exprHole(node.text());
  // (read through `self` in a method: the texts the method's class and its subclasses of other files
  // give the attribute are entries too, record/tables.ts `Lookup.owner`)
  const owner = own && scope.fn ? ownerClass(scope.fn) : null;
  const lookup = owner ? { table: fieldNameTable(attr), key: null, owner } : { table: fieldNameTable(attr), key: null };
  return { t: [isHole(h) ? { hole: { ...h.hole, lookup } } : h], s: false };
}

/** A built value that is one lookup into a message table. */
const isLookup = (b: Built): boolean => b.t.length === 1 && isHole(b.t[0]) && !!b.t[0].hole.lookup;

/** `table[key].format(…)`, `table[key] % args`: the lookup, its entry filled in as a format string. */
function lookupFormatted(b: Built, fmt: FieldStyle): Built | null {
  const h = b.t.length === 1 && isHole(b.t[0]) ? b.t[0].hole : null;
  return h?.lookup ? { t: [{ hole: { ...h, fmt } }], s: false } : null;
}

const RETURN = { rule: { kind: 'return_statement' } } as const;
const MAX_INLINED = 500;
/** Returns of an inlined function that are looked at. */
const MAX_RETURNS = 8;

/**
 * Holes an inlined function wrote from source text (`'%s' % code`, f-strings) name its own
 * parameters: those the call binds take the argument; the others are qualified with the
 * function's name, so they are not taken for the caller's parameters of the same name.
 */
export function rebind(t: Template, params: string[], bindings: Map<string, Built>, fn: string): Template {
  if (!t.some((x) => 'hole' in x && x.hole.expr && params.includes(x.hole.expr))) return t;
  const out: Template = [];
  for (const seg of t) {
    const e = 'hole' in seg ? seg.hole.expr : undefined;
    if (!e || !params.includes(e)) out.push(seg);
    else if (bindings.has(e)) out.push(...bindings.get(e)!.t);
    else out.push({ hole: { ...(seg as { hole: Hole }).hole, expr: `${fn}.${e}` } });
  }
  return concat(out);
}

/** The definition a call refers to: a method of the caller's class, a function nested in the caller, or a module-level one. */
function callee(name: string, method: boolean, scope: Scope): FnDef | null {
  const defs = scope.ctx.functions(name);
  if (!defs.length) return null;
  const r = scope.fn?.range();
  const fnStart = r?.start.index ?? -1;
  const fnEnd = r?.end.index ?? -1;
  if (method) {
    const methods = defs.filter((d) => d.cls);
    return methods.find((d) => d.cls![0] <= fnStart && fnStart < d.cls![1]) ?? methods[0] ?? null;
  }
  const plain = defs.filter((d) => !d.cls);
  // nested in the caller first, then module level
  return plain.find((d) => fnStart < d.start && d.start < fnEnd) ?? plain.find((d) => d.module) ?? null;
}

/** The return expressions of a definition, not those of functions and lambdas nested in it. */
export function returnsOf(def: FnDef): SgNode[] {
  if (def.returns) return def.returns;
  const out: SgNode[] = [];
  for (const r of def.node.findAll(RETURN)) {
    let owner = r.parent();
    while (owner && owner.kind() !== 'function_definition' && owner.kind() !== 'lambda') owner = owner.parent();
    if (!owner || owner.id() !== def.id) continue;
    const e = r.namedChildren().find((c) => c.kind() !== 'comment');
    if (e) out.push(e);
  }
  def.returns = out;
  return out;
}

/** The function of this file a call refers to, when one more call may be inlined here. */
export function calledDef(name: string, method: boolean, scope: Scope, depth: number): FnDef | null {
  if (depth > MAX_DEPTH - 2 || scope.inlineDepth >= MAX_INLINE_DEPTH || scope.ctx.inlined >= MAX_INLINED) return null;
  const def = callee(name, method, scope);
  return def && !(scope.fn && def.id === scope.fn.id()) ? def : null;
}

/** The call's arguments, by the parameter of `def` each is passed to. */
export function bindArgs(call: SgNode, def: FnDef, method: boolean, scope: Scope, depth: number): { params: string[]; bindings: Map<string, Built> } {
  const params = paramNames(def.node, method);
  const a = callArgs(call);
  const bindings = new Map<string, Built>();
  for (let i = 0; i < a.positional.length && i < params.length; i++) {
    const p = a.positional[i];
    if (p.kind() === 'list_splat' || p.kind() === 'dictionary_splat') break;
    bindings.set(params[i], build(p, scope, depth + 1));
  }
  for (const kw of a.keywords) if (params.includes(kw.name)) bindings.set(kw.name, build(kw.value, scope, depth + 1));
  return { params, bindings };
}

/**
 * The scope of `def` inlined at a call with these bindings; a parameter the call leaves out holds
 * its default when that is a string (`action='call'`).
 */
export function inlinedScope(def: FnDef, params: string[], bindings: Map<string, Built>, method: boolean, scope: Scope, depth: number): Scope {
  scope.ctx.inlined++;
  if (bindings.size < params.length) {
    for (const [pname, value] of paramDefaults(def.node)) {
      if (!bindings.has(pname) && value.kind() === 'string') bindings.set(pname, build(value, scope, depth + 1));
    }
  }
  return new Scope(scope.ctx, def.node, method ? scope.cls : null, bindings, scope.inlineDepth + 1);
}

/** A function's parameters that have a default, with the default's expression, in order. */
export function paramDefaults(fn: SgNode): Map<string, SgNode> {
  const out = new Map<string, SgNode>();
  for (const p of fn.field('parameters')?.namedChildren() ?? []) {
    const k = p.kind();
    if (k !== 'default_parameter' && k !== 'typed_default_parameter') continue;
    const name = p.field('name')?.text();
    const value = p.field('value');
    if (name && value) out.set(name, value);
  }
  return out;
}

/**
 * A call to a function of this file whose return value is the message
 * (`self._formatMessage(msg, standardMsg)`, `_error_message()`): the first
 * return that yields string text, with the function's parameters bound to the
 * call's arguments. A return of a bare parameter passes that argument through.
 */
function inlineCall(call: SgNode, name: string, method: boolean, scope: Scope, depth: number): Built | null {
  const def = calledDef(name, method, scope, depth);
  if (!def) return null;
  const { params, bindings } = bindArgs(call, def, method, scope, depth);
  // what `inert` remembers holds for calls with no text arguments, outside class analysis, not cut short by depth
  const plain = ![...bindings.values()].some((b) => b.s) && !(method && scope.cls);
  if (def.inert && plain) return null;
  const inner = inlinedScope(def, params, bindings, method, scope, depth);
  // Every return that gives text is a message the call can produce. But a constant written in the
  // helper, beside a return that gives none (`return "utf-8"` ... `return orig_enc`), is a value
  // the helper maps to, not a message; and with no text from the call, a result with holes and too
  // little text to identify anything (`line + '\n' + rest`) is no message either.
  const texts: Template[] = [];
  let opaque = false;
  const constants: Template[] = [];
  for (const e of returnsOf(def).slice(0, MAX_RETURNS)) {
    const b = build(e, inner, depth + 1);
    // (a keyed lookup into a message table is text: record/ puts the entry in)
    if (!b.s && !(isLookup(b) && isHole(b.t[0]) && b.t[0].hole.lookup!.key !== null)) {
      opaque = true;
      continue;
    }
    const passed = e.kind() === 'identifier' && bindings.has(e.text());
    for (const t of [b.t, ...(b.alts ?? [])]) {
      const constant = !t.some((x) => 'hole' in x);
      if (plain && !constant && isGeneric(t)) continue;
      (constant && !passed ? constants : texts).push(t);
    }
  }
  if (!opaque) texts.push(...constants);
  if (texts.length) {
    const out = texts.map((t) => rebind(t, params, bindings, name));
    return withAlts(out[0], true, out.slice(1));
  }
  if (plain && depth <= MAX_DEPTH / 2) def.inert = true;
  return null;
}

/** Re-point `self.attr` holes: name after the attribute, expr the constructor parameter it holds. */
export function mapSelfHoles(t: Template, attrToParam: (attr: string) => string | null): Template {
  return t.map((s) => {
    if (!('hole' in s) || !s.hole.expr) return s;
    // (`self.args[0]`: the exception's first argument, `args[0]` to attrToParam)
    const m = /^self\.([A-Za-z_]\w*(?:\[(?:\d+|\*)\])?)$/.exec(s.hole.expr);
    if (!m) return s;
    const param = attrToParam(m[1]);
    const h: Hole = { name: m[1].includes('[') ? (param ?? 'args') : m[1], expr: param ?? s.hole.expr, kind: s.hole.kind };
    if (s.hole.absent) h.absent = s.hole.absent;
    if (s.hole.dedent) h.dedent = true;
    if (s.hole.fmt) h.fmt = s.hole.fmt;
    return { hole: h };
  });
}

