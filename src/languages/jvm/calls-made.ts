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
/** Calls of one file read at most (a generated file of thousands). */
const MAX_CALL_NODES = 20_000;

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

/** Each method's calls (FileAnalysis.forwards), by its symbol. */
export function forwardsOf(root: SgNode): Record<string, string[]> {
  return forwardsBy(root.findAll(CALL_RULE), callName, FUNCTIONS, symbolOf);
}

/** Each call's name under the function around it, by the function's symbol. */
function forwardsBy(found: SgNode[], nameOf: (n: SgNode) => string | null, functions: Set<string>, symbolOf: (fn: SgNode) => string | null): Record<string, string[]> {
  const byFn = new Map<number, { symbol: string | null; names: Set<string> }>();
  let read = 0;
  for (const c of found) {
    if (++read > MAX_CALL_NODES) break;
    const name = nameOf(c);
    if (!name) continue;
    let fn: SgNode | null = c.parent();
    while (fn && !functions.has(fn.kind() as string)) fn = fn.parent();
    if (!fn) continue;
    let e = byFn.get(fn.id());
    if (!e) {
      if (byFn.size >= MAX_FUNCTIONS) continue;
      byFn.set(fn.id(), (e = { symbol: symbolOf(fn), names: new Set() }));
    }
    if (e.names.size < MAX_NAMES) e.names.add(name);
  }
  const out = new Map<string, string[]>();
  for (const { symbol, names } of byFn.values()) {
    // (overloads share a symbol: their calls together)
    if (symbol) out.set(symbol, [...new Set([...(out.get(symbol) ?? []), ...names])]);
  }
  return Object.fromEntries(out);
}

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
  return forwardsBy(root.findAll(KOTLIN_CALL_RULE), kotlinCallName, KOTLIN_FUNCTIONS, kotlinSymbolOf);
}
