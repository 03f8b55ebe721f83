// The functions Java and Kotlin code calls, by name, for re-raises of caught errors (facts/raised.ts
// wrappedMessages): the calls of a `try` body a handler's raise wraps (RawSite.wraps.calls), and
// each method's calls (FileAnalysis.forwards: on the JVM every call hands its exceptions on).
// A call is named by its method (`fromList`), by its class and method when the receiver is written
// as a class (`DnsUrl.fromList`), and a construction by its class (`DnsUrl.<init>`), as the sites'
// symbols name their functions.

import type { SgNode } from '@ast-grep/napi';
import { lastSegment } from '../../template/ir.js';
import { oneLine } from './sites.js';

/** Names one function (or `try` body) is read to call at most. */
const MAX_NAMES = 32;
/** Methods of one file whose calls are kept at most. */
const MAX_FUNCTIONS = 512;

const CALL_RULE = { rule: { any: [{ kind: 'method_invocation' }, { kind: 'object_creation_expression' }] } };
const FUNCTIONS = new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration']);
const TYPE_DECLS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration']);

/** The name a call is known by, or null (a call of an anonymous class's body, a generic receiver). */
function callName(n: SgNode): string | null {
  if (n.kind() === 'object_creation_expression') {
    if (n.children().some((c) => c.kind() === 'class_body')) return null;
    const type = n.field('type');
    const cls = type ? lastSegment(oneLine(type.text()).replace(/<.*$/, '').replace(/@\w+\s*/g, '').trim()) : null;
    return cls ? `${cls}.<init>` : null;
  }
  const name = n.field('name')?.text();
  if (!name) return null;
  const object = n.field('object');
  // (a receiver written as a class, `DnsUrl.fromList`, `a.b.Util.parse`: that class's method)
  const receiver = object && (object.kind() === 'identifier' || object.kind() === 'field_access') ? lastSegment(oneLine(object.text())) : null;
  return receiver && /^[A-Z]/.test(receiver) && !/^[A-Z0-9_]+$/.test(receiver) ? `${receiver}.${name}` : name;
}

/** The names the code under `node` calls (a `try` body, its resources), in order, at most MAX_NAMES. */
export function callsUnder(node: SgNode): string[] {
  const names = new Set<string>();
  for (const c of node.findAll(CALL_RULE)) {
    if (names.size >= MAX_NAMES) break;
    const name = callName(c);
    if (name) names.add(name);
  }
  return [...names];
}

/** The symbol sites are given for a function node (`Outer.Inner.method`, `Cls.<init>`), as java.ts contextAt names it. */
function symbolOf(fn: SgNode): string | null {
  const kind = fn.kind() as string;
  const name = kind === 'method_declaration' ? fn.field('name')?.text() ?? '?' : '<init>';
  const classes: string[] = [];
  let child = fn;
  for (let n = fn.parent(); n; child = n, n = n.parent()) {
    const k = n.kind() as string;
    if (TYPE_DECLS.has(k)) classes.unshift(n.field('name')?.text() ?? '?');
    else if (k === 'object_creation_expression' && child.kind() === 'class_body') classes.unshift('');
  }
  const cls = classes.filter(Boolean).join('.');
  return cls ? `${cls}.${name}` : name;
}

/**
 * Each method's calls (FileAnalysis.forwards), by its symbol. Read from the text of each function's
 * body (strings and comments blanked), not from its call nodes: a JavaScript wrapper per call node
 * of every file (java.desktop: hundreds of thousands) cost more than the rest of the analysis.
 */
export function forwardsOf(root: SgNode): Record<string, string[]> {
  return forwardsBy(root.findAll(FUNCTION_RULE), (fn) => fn.field('body'), javaCalls, symbolOf);
}

const FUNCTION_RULE = { rule: { any: [...FUNCTIONS].map((kind) => ({ kind })) } };
const JAVA_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'return', 'throw', 'new', 'super', 'this', 'assert', 'try', 'else', 'do', 'case']);
/** Strings, characters, text blocks and comments: blanked before calls are read from a body's text. */
const NOT_CODE = /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const CALL_TEXT = /\bnew\s+([A-Za-z_$][\w$.]*)\s*(?:<[^<>()]*>)?\s*\(|(?:\b([A-Za-z_$][\w$]*)\s*\.\s*)?\b([A-Za-z_$][\w$]*)\s*\(/g;

/** The names a Java body's text calls (callName's forms). */
function javaCalls(text: string, add: (name: string) => boolean): void {
  for (const m of text.replace(NOT_CODE, '""').matchAll(CALL_TEXT)) {
    if (m[1]) {
      if (!add(`${lastSegment(m[1])}.<init>`)) return;
      continue;
    }
    const name = m[3];
    if (JAVA_KEYWORDS.has(name) || (!m[2] && /^[A-Z]/.test(name))) continue;
    const r = m[2];
    if (!add(r && /^[A-Z]/.test(r) && !/^[A-Z0-9_]+$/.test(r) ? `${r}.${name}` : name)) return;
  }
}

/** Each function's calls, read from its body's text, by the function's symbol. */
function forwardsBy(fns: SgNode[], bodyOf: (fn: SgNode) => SgNode | null | undefined, read: (text: string, add: (name: string) => boolean) => void, symbolOf: (fn: SgNode) => string | null): Record<string, string[]> {
  const out = new Map<string, Set<string>>();
  let chars = 0;
  for (const fn of fns.slice(0, MAX_FUNCTIONS)) {
    const body = bodyOf(fn);
    const symbol = body ? symbolOf(fn) : null;
    if (!body || !symbol) continue;
    const text = body.text();
    if ((chars += text.length) > MAX_BODY_CHARS) break;
    // (overloads share a symbol: their calls together)
    let names = out.get(symbol);
    if (!names) out.set(symbol, (names = new Set()));
    const own = names;
    read(text, (name) => (own.size < MAX_NAMES ? (own.add(name), true) : false));
  }
  return Object.fromEntries([...out].filter(([, n]) => n.size > 0).map(([k, n]) => [k, [...n]]));
}
/** Text of function bodies read per file at most (a nested class's methods are read again inside their outer one's). */
const MAX_BODY_CHARS = 4_000_000;

const KOTLIN_FUNCTIONS = new Set(['function_declaration', 'secondary_constructor', 'anonymous_initializer']);
const KOTLIN_CALL_RULE = { rule: { kind: 'call_expression' } };

/** A Kotlin call's name (`parse`, `Q.parse`, `Foo.<init>` for a constructor call `Foo(…)`), or null. */
function kotlinCallName(n: SgNode): string | null {
  const callee = n.children().find((c) => c.isNamed());
  if (!callee) return null;
  const text = oneLine(callee.text());
  if (callee.kind() === 'simple_identifier') return /^[A-Z]/.test(text) ? `${text}.<init>` : text;
  if (callee.kind() !== 'navigation_expression') return null;
  const method = lastSegment(text);
  if (!method || !/^[A-Za-z_]\w*$/.test(method)) return null;
  if (/^[A-Z]/.test(method)) return `${method}.<init>`;
  const receiver = lastSegment(text.slice(0, text.length - method.length - 1).replace(/[?!]+$/, ''));
  return receiver && /^[A-Z]/.test(receiver) && !/^[A-Z0-9_]+$/.test(receiver) ? `${receiver}.${method}` : method;
}

/** callsUnder for Kotlin. */
export function kotlinCallsUnder(node: SgNode): string[] {
  const names = new Set<string>();
  for (const c of node.findAll(KOTLIN_CALL_RULE)) {
    if (names.size >= MAX_NAMES) break;
    const name = kotlinCallName(c);
    if (name) names.add(name);
  }
  return [...names];
}

/** The symbol Kotlin sites are given for a function node, as kotlin.ts contextAt names it. */
function kotlinSymbolOf(fn: SgNode): string {
  const name = fn.kind() === 'function_declaration' ? fn.children().find((c) => c.kind() === 'simple_identifier')?.text() ?? '?' : '<init>';
  const classes: string[] = [];
  for (let n = fn.parent(); n; n = n.parent()) {
    const k = n.kind() as string;
    if (k === 'class_declaration' || k === 'object_declaration') classes.unshift(n.children().find((c) => c.kind() === 'type_identifier')?.text() ?? '?');
    else if (k === 'companion_object') classes.unshift(n.children().find((c) => c.kind() === 'type_identifier')?.text() ?? 'Companion');
  }
  return classes.length ? `${classes.join('.')}.${name}` : name;
}

/** forwardsOf for Kotlin. */
export function kotlinForwardsOf(root: SgNode): Record<string, string[]> {
  return forwardsBy(root.findAll(KOTLIN_FUNCTION_RULE), (fn) => fn.children().find((c) => c.kind() === 'function_body' || c.kind() === 'statements' || c.kind() === 'block') ?? (fn.kind() === 'anonymous_initializer' ? fn : null), kotlinCalls, kotlinSymbolOf);
}

const KOTLIN_FUNCTION_RULE = { rule: { any: [...KOTLIN_FUNCTIONS].map((kind) => ({ kind })) } };
const KOTLIN_KEYWORDS = new Set(['if', 'for', 'while', 'when', 'catch', 'return', 'throw', 'super', 'this', 'try', 'else', 'do', 'fun', 'object']);
const KOTLIN_NOT_CODE = /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const KOTLIN_CALL_TEXT = /(?:\b([A-Za-z_]\w*)\s*[?!]*\.\s*)?\b([A-Za-z_]\w*)\s*(?:<[^<>()]*>)?\s*\(/g;

/** The names a Kotlin body's text calls (kotlinCallName's forms). */
function kotlinCalls(text: string, add: (name: string) => boolean): void {
  for (const m of text.replace(KOTLIN_NOT_CODE, '""').matchAll(KOTLIN_CALL_TEXT)) {
    const name = m[2];
    if (KOTLIN_KEYWORDS.has(name)) continue;
    const r = m[1];
    const call = /^[A-Z]/.test(name) ? `${name}.<init>` : r && /^[A-Z]/.test(r) && !/^[A-Z0-9_]+$/.test(r) ? `${r}.${name}` : name;
    if (!add(call)) return;
  }
}
