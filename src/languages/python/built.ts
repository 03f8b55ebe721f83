// Errors built in one place and raised in another (RawSite.heldAs / raisesHeld / groupOf, linked
// across the file and the tree in src/facts/built.ts): which constructions are kept to be raised
// later, and which raises raise a kept one. Python syntax only; the keys are the neutral form.

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { lastSegment } from '../../template/ir.js';
import { S, W } from '../shared/rule-regex.js';

/** A class name as errors are named (`ValueError`, `errors.RuleError`, `ExceptionGroup`). */
export const ERROR_NAME = /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Failure|Exit|Group)$/;

/**
 * Whether the text may hold a kept construction, from one pass before any tree query (a rule
 * inspecting every call and assignment costs about a third of a parse): an error-named call right
 * after `yield`, `.append(` or `self.x =`.
 */
const HELD_TEXT = /(?:\byield[ \t]+|\.append\([ \t]*|\bself\.\w+[ \t]*=[ \t]*)(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Failure|Exit|Group)\(/;

/** A class statement's name and bases (`class NoMatch(Exception):`). */
const CLASS_HEAD = /^[ \t]*class[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]*)\)/gm;
/** The last file's class heads: two readings of a file ask for them (fileErrorClasses, calls.ts inheritedBases). */
let lastHeads: { source: string; heads: { name: string; bases: string[] }[] } | null = null;

/** The file's `class Name(bases):` heads, in order, each base trimmed (a keyword argument kept as written). */
export function classHeads(source: string): { name: string; bases: string[] }[] {
  if (lastHeads?.source !== source) lastHeads = { source, heads: [...source.matchAll(CLASS_HEAD)].map((m) => ({ name: m[1], bases: m[2].split(',').map((b) => b.trim()) })) };
  return lastHeads.heads;
}
/** The roots of the exception hierarchy, which ERROR_NAME does not take (it wants a word before the suffix). */
const ROOT_ERRORS = /^(?:builtins\.)?(?:Base)?(?:Exception|Warning)$/;
/** Classes read per file at most by fileErrorClasses. */
const MAX_CLASSES = 512;

/**
 * The classes the file defines on an error base, whatever their own name (arpeggio's
 * `class NoMatch(Exception)`, kept as `self.nm = NoMatch(…)` and raised as `raise self.nm`): a base
 * named as errors are, or another such class of the file (a chain of the file's own classes, read
 * in as many passes as it is long, at most 8). One text pass; a tree query is not needed.
 */
export function fileErrorClasses(source: string): Set<string> {
  const heads = classHeads(source)
    .slice(0, MAX_CLASSES)
    .map((h): [string, string[]] => [h.name, h.bases.filter((b) => b && !b.includes('='))]);
  const errors = new Set<string>();
  for (let pass = 0, grew = true; grew && pass < 8; pass++) {
    grew = false;
    for (const [name, bases] of heads) {
      if (errors.has(name) || ERROR_NAME.test(name)) continue;
      if (bases.some((b) => ERROR_NAME.test(b) || ROOT_ERRORS.test(b) || errors.has(lastSegment(b)))) {
        errors.add(name);
        grew = true;
      }
    }
  }
  return errors;
}

/** Whether `fn` (a call's function text) names an error class: by its name, or one of the file's (fileErrorClasses). */
const isErrorClass = (fn: string, local: ReadonlySet<string>): boolean => ERROR_NAME.test(fn) || local.has(fn);

/** HELD_TEXT for the file's own error classes not named as errors are. */
const heldText = (names: Iterable<string>): RegExp =>
  new RegExp(String.raw`(?:\byield[ \t]+|\.append\([ \t]*|\bself\.\w+[ \t]*=[ \t]*)(?:${[...names].join('|')})\(`);

export const mayHoldErrors = (source: string, local: ReadonlySet<string> = new Set()): boolean =>
  HELD_TEXT.test(source) || (local.size > 0 && heldText(local).test(source));

/** What keeps a value: `l.append(…)`, `self.l.append(…)` (a call's function), `self.a = …` (an assignment's left). */
const APPEND = String.raw`^(?:self\.)?[A-Za-z_]${W}*\.append$`;
const SELF_ATTR = String.raw`^self\.[A-Za-z_]${W}*$`;

/** The kept constructions' rule: `yield X(…)`, `l.append(X(…))`, `self.a = X(…)`. */
export const HELD_RULE = {
  rule: {
    any: [
      { kind: 'yield', has: { kind: 'call' } },
      { kind: 'call', has: { field: 'function', regex: APPEND } },
      { kind: 'assignment', has: { field: 'left', regex: SELF_ATTR } },
    ],
  },
};

/** The class of the function's symbol (`Reader.feed` → `Reader`), for `attr:` keys; null at module level. */
const classOf = (symbol: string | null): string | null => (symbol && symbol.includes('.') ? symbol.slice(0, symbol.lastIndexOf('.')) : null);

/** The construction a found node keeps, and under which key; null when it keeps no error. */
export function heldConstruction(node: SgNode, symbol: string | null, fnName: string | null, local: ReadonlySet<string> = new Set()): { call: SgNode; key: string } | null {
  const k = node.kind() as string;
  let call: SgNode | null = null;
  let key: string | null = null;
  if (k === 'yield') {
    call = node.namedChildren().find((c) => c.kind() === 'call') ?? null;
    key = fnName ? `yield:${fnName}` : null;
  } else if (k === 'call') {
    call = node.field('arguments')?.namedChildren().find((c) => c.kind() !== 'comment') ?? null;
    const holder = (node.field('function')?.text() ?? '').replace(/\.append$/, '');
    key = holderKey(holder, symbol);
  } else if (k === 'assignment') {
    call = node.field('right') ?? null;
    key = holderKey(node.field('left')?.text() ?? '', symbol);
  }
  if (!call || call.kind() !== 'call' || !key) return null;
  const fn = call.field('function')?.text() ?? '';
  return isErrorClass(fn, local) ? { call, key } : null;
}

/** `self._error` → `attr:Class._error`; `errors` → `list:<symbol>:errors`. */
export function holderKey(holder: string, symbol: string | null): string | null {
  const m = /^self\.([A-Za-z_]\w*)$/.exec(holder);
  if (m) {
    const cls = classOf(symbol);
    return cls ? `attr:${cls}.${m[1]}` : null;
  }
  return /^[A-Za-z_]\w*$/.test(holder) && symbol ? `list:${symbol}:${holder}` : null;
}

/**
 * What a raise of something not built there raises, as heldAs keys: `raise self._error`,
 * `raise self._errors[0]`, `raise errors[-1]`, and `raise error` inside `for error in rules(x):`
 * (or `self.rules(x)`), which raises what `rules` yields.
 */
export function raisedKeys(expr: SgNode, symbol: string | null): string[] {
  let e = expr;
  if (e.kind() === 'subscript') e = e.field('value') ?? e;
  const text = e.text();
  if (e.kind() === 'attribute' || e !== expr) {
    const key = holderKey(text, symbol);
    return key ? [key] : [];
  }
  if (e.kind() !== 'identifier') return [];
  for (let p = e.parent(); p; p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_definition' || k === 'class_definition') break;
    if (k !== 'for_statement' || p.field('left')?.text() !== text) continue;
    const right = p.field('right');
    const fn = right?.kind() === 'call' ? right.field('function')?.text() : null;
    return fn ? [`yield:${lastSegment(fn)}`] : [];
  }
  return [];
}

/** The holders of an error group's members (`ExceptionGroup('…', errors)`): its second argument's key. */
export function groupKeys(call: SgNode, symbol: string | null): string[] {
  const args = call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
  const second = args[1];
  if (!second) return [];
  const key = holderKey(second.text(), symbol);
  return key ? [key] : [];
}

/** A bare name raised on a line of its own (`raise error`). */
const RAISED_NAME = /^[ \t]*raise[ \t]+([a-z_]\w*)[ \t]*(?:#.*)?$/gm;
/** Names raised bare that keptRaised looks for at most (a file raising many locals is a rare shape). */
const MAX_KEPT_NAMES = 16;

/**
 * The rule of what keeps a raised name for later (keptRaised), from the names the text tests found:
 * `self._errors.append(error)`, `errors.append(error)`, `self._error = error`. Null when the text holds
 * none (no tree query then).
 */
export function keptRaisedRule(source: string): NapiConfig | null {
  const names = new Set<string>();
  for (const m of source.matchAll(RAISED_NAME)) if (names.size < MAX_KEPT_NAMES) names.add(m[1]);
  const kept = [...names].filter((n) => new RegExp(String.raw`\.append\([ \t]*${n}[ \t]*\)|\bself\.\w+[ \t]*=[ \t]*${n}[ \t]*$`, 'm').test(source));
  if (!kept.length) return null;
  const alt = kept.join('|');
  return {
    rule: {
      any: [
        { kind: 'call', all: [{ has: { field: 'function', regex: APPEND } }, { has: { field: 'arguments', regex: String.raw`^\(${S}*(?:${alt})${S}*\)$` } }] },
        { kind: 'assignment', all: [{ has: { field: 'left', regex: SELF_ATTR } }, { has: { field: 'right', regex: `^(?:${alt})$` } }] },
      ],
    },
  };
}

/**
 * What a node keptRaisedRule found keeps: the name and the heldAs key it is kept under, from the
 * function (`symbol`) it is in. An error a function raises and, in another mode, keeps for a later
 * raise (configobj's `_handle_error`: `if self.raise_errors: raise error` / `self._errors.append(error)`,
 * raised at the end of parsing as `error = self._errors[0]` … `raise error`).
 */
export function keptRaised(node: SgNode, symbol: string | null): { name: string; key: string } | null {
  const k = node.kind() as string;
  const holder = k === 'call' ? (node.field('function')?.text() ?? '').replace(/\.append$/, '') : (node.field('left')?.text() ?? '');
  const value = k === 'call' ? node.field('arguments')?.namedChildren().find((c) => c.kind() !== 'comment') : node.field('right');
  if (!value || value.kind() !== 'identifier') return null;
  const key = holderKey(holder, symbol);
  return key ? { name: value.text(), key } : null;
}

/** A local name assigned a construction of an error-named class (`exc = SAXParseException(…)`). */
const HANDED_TEXT = /^[ \t]*([a-z_]\w*)[ \t]*=[ \t]*(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Failure)\(/gm;
/** Names handedRule looks for at most. */
const MAX_HANDED_NAMES = 16;

/**
 * The rule of errors built into a local name and handed to a function as its only argument
 * (`exc = SAXParseException(msg, e, self)` / `self._err_handler.fatalError(exc)`), from the names the
 * text tests found: the assignments. Null when the text holds none (no tree query then).
 */
export function handedRule(source: string): NapiConfig | null {
  const names = new Set<string>();
  for (const m of source.matchAll(HANDED_TEXT)) if (names.size < MAX_HANDED_NAMES) names.add(m[1]);
  const handed = [...names].filter((n) => new RegExp(String.raw`\([ \t]*${n}[ \t]*\)`).test(source));
  if (!handed.length) return null;
  return { rule: { kind: 'assignment', all: [{ has: { field: 'left', regex: `^(?:${handed.join('|')})$` } }, { has: { field: 'right', kind: 'call' } }] } };
}

/** Calls not handing an error on to be raised (`print(exc)`, `str(exc)`, `log.exception(exc)`). */
const NOT_HANDING = /^(?:print|str|repr|isinstance|type|id|len|format|append|add|put|warn|warning|info|debug|exception|log|error_msg)$/;

/**
 * What a node of handedRule keeps: the construction, under `call:<name>` of the first function the
 * function around it hands the name to, after the assignment, as the only argument (not raising it:
 * `raise exc` is a raise of its own). A function of that name whose first parameter it raises
 * (`def fatalError(self, exception): raise exception`, in any module of the tree) raises it.
 */
export function handedConstruction(node: SgNode, fn: SgNode | null): { call: SgNode; key: string } | null {
  const call = node.field('right');
  const name = node.field('left')?.text() ?? '';
  if (!fn || !call || call.kind() !== 'call' || !ERROR_NAME.test(call.field('function')?.text() ?? '')) return null;
  const after = fn.text().slice(node.range().end.index - fn.range().start.index);
  // (the first function it is handed to: `handler.fatalError(exc)`)
  // (a name starts where no word character stands before it: each word is read once)
  for (const m of after.matchAll(new RegExp(String.raw`(?<!\w)([A-Za-z_]\w*)\([ \t]*${name}[ \t]*\)`, 'g'))) {
    if (!NOT_HANDING.test(m[1]) && !/\braise[ \t]+$/.test(after.slice(Math.max(0, m.index - 8), m.index))) return { call, key: `call:${m[1]}` };
  }
  return null;
}

/**
 * An error-named class constructed in parentheses (`(BibliographyDataError(`, `(\n  ECMASyntaxError(`):
 * where handedInlineRule and carriedRule look for the name before the `(`. Searched from `(`, which
 * the engine finds fast, not from every word of the source.
 */
const NESTED_CONSTRUCTION = /\([ \t\n]*(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Failure)\(/g;
/** The words and dots written right before a place (a call's name before its `(`), read back this far at most. */
const CALLEE_BEFORE = /[\w.]+$/;
const CALLEE_SPAN = 256;

/** A NESTED_CONSTRUCTION of a source: the name its `(` follows ('' for none), and whether a newline is inside. */
export interface NestedConstruction {
  callee: string;
  newline: boolean;
}

/** The source's NESTED_CONSTRUCTIONs, read once for both rules that look for them (handedInlineRule, carriedRule). */
export function nestedConstructions(source: string): NestedConstruction[] {
  const found: NestedConstruction[] = [];
  for (const m of source.matchAll(NESTED_CONSTRUCTION)) {
    const from = Math.max(0, m.index - CALLEE_SPAN);
    const before = CALLEE_BEFORE.exec(source.slice(from, m.index));
    // (a name running past the span: no name read, as no call is named so)
    const callee = before && (before.index > 0 || from === 0) ? before[0] : '';
    found.push({ callee, newline: m[0].includes('\n') });
  }
  return found;
}

/** A function's name a call of it is written with (`report_error`, `self.reporter.report_error`). */
const HANDING_CALLEE = /^(?:[A-Za-z_]\w*\.)*[a-z_]\w*$/;

/**
 * The rule of errors built in the call handing them to a function as its only argument, the call a
 * statement of its own (`report_error(BibliographyDataError('repeated entry: %s' % key))`, pybtex's
 * reporter, which raises what it is handed or prints it): the calls of the names `nested` found
 * before such a construction. Null when there is none.
 */
export function handedInlineRule(nested: NestedConstruction[]): NapiConfig | null {
  const names = new Set<string>();
  // (a function called with an error built in its parentheses: `report_error(BibliographyDataError(`)
  for (const { callee, newline } of nested) {
    if (newline || !HANDING_CALLEE.test(callee)) continue;
    const name = lastSegment(callee) ?? callee;
    if (names.size < MAX_HANDED_NAMES && !NOT_HANDING.test(name)) names.add(name);
  }
  if (!names.size) return null;
  return {
    rule: {
      kind: 'call',
      inside: { kind: 'expression_statement' },
      has: { field: 'function', regex: String.raw`(?:^|\.)(?:${[...names].join('|')})$` },
    },
  };
}

/**
 * What a node of handedInlineRule keeps: the construction, under `call:<name>` of the function it is
 * handed to, as handedConstruction does; null unless the statement is that call alone and its only
 * argument constructs an error-named class.
 */
export function handedInline(node: SgNode): { call: SgNode; key: string } | null {
  if (node.parent()?.kind() !== 'expression_statement') return null;
  const args = node.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
  const built = args.length === 1 && args[0].kind() === 'call' ? args[0] : null;
  if (!built || !ERROR_NAME.test(built.field('function')?.text() ?? '')) return null;
  const name = lastSegment(node.field('function')?.text() ?? '');
  return name && !NOT_HANDING.test(name) ? { call: built, key: `call:${name}` } : null;
}

/** An error-named class a construction is written with (`ProductionError`, `errors.ProductionError`). */
const CARRIER = /^(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning)$/;

/**
 * The rule of errors carried inside another as its first argument (`raise ProductionError(ECMASyntaxError('Function
 * statement requires a name at %s:%s' % …))` in a grammar action of calmjs.parse, whose parser
 * catches the carrier and raises what it carries: `except ProductionError as e: raise e.args[0]`):
 * the constructions of the carrier names `nested` found before such a construction. Null when there is none.
 */
export function carriedRule(nested: NestedConstruction[]): NapiConfig | null {
  const names = new Set<string>();
  // (an error-named class constructed with another built in its parentheses: `ProductionError(ECMASyntaxError(`)
  for (const { callee } of nested) if (names.size < MAX_HANDED_NAMES && CARRIER.test(callee)) names.add(callee.replace(/\./g, '\\.'));
  if (!names.size) return null;
  return { rule: { kind: 'call', has: { field: 'function', regex: `^(?:${[...names].join('|')})$` } } };
}

/** What a node of carriedRule keeps: the error carried, under `carried:<carrier class>` (the file's own key). */
export function carriedConstruction(node: SgNode): { call: SgNode; key: string } | null {
  const carrier = node.field('function')?.text() ?? '';
  const first = node.field('arguments')?.namedChildren().find((c) => c.kind() !== 'comment');
  if (!ERROR_NAME.test(carrier) || first?.kind() !== 'call' || !ERROR_NAME.test(first.field('function')?.text() ?? '')) return null;
  return { call: first, key: `carried:${lastSegment(carrier)}` };
}

/** The key a raise of a caught error's first argument reads (`raise e.args[0]`, `e` caught as `except C as e`). */
export function carriedKey(raisedText: string, caughtClass: (name: string) => string | null): string | null {
  const m = /^([A-Za-z_]\w*)\.args\[0\]$/.exec(raisedText);
  const cls = m ? caughtClass(m[1]) : null;
  return cls ? `carried:${lastSegment(cls)}` : null;
}

/** A method keeping a name in a list attribute of its object (`self.errors.append(exc)`). */
const KEEPS_NAME = /\bself\.([A-Za-z_]\w*)\.append\([ \t]*([a-z_]\w*)[ \t]*\)/g;
/** A `def` line: its name and the parameters up to the first `)`. */
const DEF_LINE = /^[ \t]*(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]*)\)/gm;
/** Appends keepers() reads at most per file, and functions per attribute it keeps. */
const MAX_KEEPS = 32;
const MAX_KEEPERS = 4;

/**
 * The methods of the file that keep their first parameter in a list attribute of their object,
 * by the attribute's name: `def push_exception(self, exc): self.errors.append(exc)` → `errors` →
 * [`push_exception`]. An error handed to such a method (`err = JSONDecodeError(message, …)` /
 * `self.push_exception(err)`, kept under `call:push_exception`) is raised where the list is read and
 * an element raised (`errors = [e for e in state.errors if …]` / `raise errors[0]`, keeperKeys).
 * Text passes only: the appends first, the `def` lines only when one is found.
 */
export function keepers(source: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const appends = [...source.matchAll(KEEPS_NAME)].slice(0, MAX_KEEPS);
  if (!appends.length) return out;
  const defs: { at: number; name: string; first: string | undefined }[] = [];
  for (const m of source.matchAll(DEF_LINE)) {
    const params = m[2].split(',').map((p) => p.trim().split(/[:=\s]/)[0]).filter(Boolean);
    defs.push({ at: m.index, name: m[1], first: params[0] === 'self' ? params[1] : undefined });
  }
  for (const m of appends) {
    // (the nearest `def` before the append, by a binary search over the def lines)
    let lo = 0;
    let hi = defs.length - 1;
    let best = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (defs[mid].at < m.index) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    const d = best >= 0 ? defs[best] : null;
    if (!d || d.first !== m[2]) continue;
    const list = out.get(m[1]) ?? [];
    if (list.length < MAX_KEEPERS && !list.includes(d.name)) list.push(d.name);
    out.set(m[1], list);
  }
  return out;
}

/** Attribute names read (not called) in a value's text: `[e for e in state.errors if …]` → `errors`. */
const READ_ATTR = /\.([A-Za-z_]\w*)\b(?![ \t]*\()/g;
/** Characters of a value keeperKeys reads at most. */
const MAX_VALUE_TEXT = 400;

/**
 * The `call:` keys of the keepers (keepers()) of the lists a raise of an element reads: the raised
 * subscript's list (`raise state.errors[0]`, `raise self.errors[-1]`) or the value a local list was
 * assigned (`errors = [err for err in state.errors if err.severity in ('fatal', 'error')]`, `errors =
 * list(self.errors)`), by attribute name, the receiver not followed.
 */
export function keeperKeys(listText: string, kept: ReadonlyMap<string, string[]>): string[] {
  const out: string[] = [];
  if (!kept.size) return out;
  for (const m of listText.slice(0, MAX_VALUE_TEXT).matchAll(READ_ATTR)) {
    for (const fn of kept.get(m[1]) ?? []) if (!out.includes(`call:${fn}`)) out.push(`call:${fn}`);
  }
  return out;
}
