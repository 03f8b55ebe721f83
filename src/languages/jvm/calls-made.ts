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
/** Type declarations of one file read for functions' symbols, at most. */
const MAX_TYPE_SPANS = 1000;
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

/**
 * The symbols sites are given for function nodes (`Outer.Inner.method`, `Cls.<init>`), as java.ts
 * contextAt names them: the named type declarations whose span holds the function, outermost first
 * (an anonymous class adds no name). Read from the declarations' spans, not by climbing each
 * function's parents (a wrapper per node climbed).
 */
function symbolsBySpan(decls: SgNode[], nameOf: (decl: SgNode) => string | undefined, fnName: (fn: SgNode) => string): (fn: SgNode) => string {
  const spans = decls.slice(0, MAX_TYPE_SPANS).map((d) => ({ start: d.range().start.index, end: d.range().end.index, name: nameOf(d) ?? '?' }));
  return (fn) => {
    const at = fn.range().start.index;
    const cls = spans.filter((d) => d.start < at && at < d.end).sort((a, b) => a.start - b.start).map((d) => d.name).join('.');
    return cls ? `${cls}.${fnName(fn)}` : fnName(fn);
  };
}

/**
 * Each method's calls (FileAnalysis.forwards), by its symbol. Read from the text of each function's
 * body (strings and comments blanked), not from its call nodes: a JavaScript wrapper per call node
 * of every file (java.desktop: hundreds of thousands) cost more than the rest of the analysis.
 * (A body's first line may hold its own header: `foo(` read as a call of itself, which adds nothing.)
 */
export function forwardsOf(root: SgNode, source: string): Record<string, string[]> {
  const fns = root.findAll(FUNCTION_RULE);
  if (!fns.length) return {};
  const symbolOf = symbolsBySpan(root.findAll(TYPE_RULE), (d) => d.field('name')?.text(), (fn) => (fn.kind() === 'method_declaration' ? fn.field('name')?.text() ?? '?' : '<init>'));
  return forwardsBy(fns, (fn) => fn.field('body'), source, NOT_CODE, javaCalls, symbolOf);
}

const TYPE_RULE = { rule: { any: [...TYPE_DECLS].map((kind) => ({ kind })) } };

const FUNCTION_RULE = { rule: { any: [...FUNCTIONS].map((kind) => ({ kind })) } };
const JAVA_KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'synchronized', 'return', 'throw', 'new', 'super', 'this', 'assert', 'try', 'else', 'do', 'case']);
/** Strings, characters, text blocks and comments: blanked before calls are read from a body's text. */
const NOT_CODE = /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const CALL_TEXT = /\bnew\s+([A-Za-z_$][\w$.]*)\s*(?:<[^<>()]*>)?\s*\(|(?:\b([A-Za-z_$][\w$]*)\s*\.\s*)?\b([A-Za-z_$][\w$]*)\s*\(/g;

/** The names a Java body's text calls (callName's forms). */
function javaCalls(text: string, add: (name: string) => boolean): void {
  for (const m of text.matchAll(CALL_TEXT)) {
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

/**
 * Each function's calls, read from its body's lines of the text with strings and comments blanked
 * (once per file: `notCode`'s matches keep only their line breaks), by the function's symbol.
 */
function forwardsBy(
  fns: SgNode[], bodyOf: (fn: SgNode) => SgNode | null | undefined, source: string, notCode: RegExp,
  read: (text: string, add: (name: string) => boolean) => void, symbolOf: (fn: SgNode) => string | null,
): Record<string, string[]> {
  if (!fns.length) return {};
  const lines = source.replace(notCode, (m) => m.replace(/[^\n]+/g, '""')).split('\n');
  const out = new Map<string, Set<string>>();
  let chars = 0;
  for (const fn of fns.slice(0, MAX_FUNCTIONS)) {
    const body = bodyOf(fn);
    const symbol = body ? symbolOf(fn) : null;
    if (!body || !symbol) continue;
    const { start, end } = body.range();
    const text = lines.slice(start.line, end.line + 1).join('\n');
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

/** forwardsOf for Kotlin. */
export function kotlinForwardsOf(root: SgNode, source: string): Record<string, string[]> {
  const bodyOf = (fn: SgNode) => fn.children().find((c) => c.kind() === 'function_body' || c.kind() === 'statements' || c.kind() === 'block') ?? (fn.kind() === 'anonymous_initializer' ? fn : null);
  const fns = root.findAll(KOTLIN_FUNCTION_RULE);
  if (!fns.length) return {};
  const typeName = (d: SgNode) => d.children().find((c) => c.kind() === 'type_identifier')?.text() ?? (d.kind() === 'companion_object' ? 'Companion' : undefined);
  const fnName = (fn: SgNode) => (fn.kind() === 'function_declaration' ? fn.children().find((c) => c.kind() === 'simple_identifier')?.text() ?? '?' : '<init>');
  return forwardsBy(fns, bodyOf, source, KOTLIN_NOT_CODE, kotlinCalls, symbolsBySpan(root.findAll(KOTLIN_TYPE_RULE), typeName, fnName));
}

const KOTLIN_FUNCTION_RULE = { rule: { any: [...KOTLIN_FUNCTIONS].map((kind) => ({ kind })) } };
const KOTLIN_TYPE_RULE = { rule: { any: [{ kind: 'class_declaration' }, { kind: 'object_declaration' }, { kind: 'companion_object' }] } };
const KOTLIN_KEYWORDS = new Set(['if', 'for', 'while', 'when', 'catch', 'return', 'throw', 'super', 'this', 'try', 'else', 'do', 'fun', 'object']);
const KOTLIN_NOT_CODE = /"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g;
const KOTLIN_CALL_TEXT = /(?:\b([A-Za-z_]\w*)\s*[?!]*\.\s*)?\b([A-Za-z_]\w*)\s*(?:<[^<>()]*>)?\s*\(/g;

/** The names a Kotlin body's text calls (kotlinCallName's forms). */
function kotlinCalls(text: string, add: (name: string) => boolean): void {
  for (const m of text.matchAll(KOTLIN_CALL_TEXT)) {
    const name = m[2];
    if (KOTLIN_KEYWORDS.has(name)) continue;
    const r = m[1];
    const call = /^[A-Z]/.test(name) ? `${name}.<init>` : r && /^[A-Z]/.test(r) && !/^[A-Z0-9_]+$/.test(r) ? `${r}.${name}` : name;
    if (!add(call)) return;
  }
}
