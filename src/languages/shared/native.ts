// Messages written in a runtime's native code (CPython's C modules, Ruby's core, V8): no indexed
// source holds their text, so from the message alone nothing pointed at the library line that
// calls into the runtime (csv.py's `return next(self.reader)` raising `field larger than field
// limit (64)`). Each pack may keep its runtime's catalogue (languages/<id>/native.ts, data only):
// callables whose messages are specific, keyed as code names them, each message with a probe
// that makes the runtime print it (test/languages/native-catalogues.test.ts runs every probe and
// fails when a text no longer matches). The pack makes a site, with `native` set, at each call of
// such a callable it resolves through the file's imports, never by a bare name that could be
// another's. Callables whose messages come from thousands of calls (`int()`, `open()`, errno
// texts) are left out on purpose: their records would only tie and bloat the index.

import type { NapiConfig, SgNode } from '@ast-grep/napi';
import { lit, openFields, type Template } from '../../template/ir.js';

export interface NativeMessage {
  /** The message as the runtime prints it, with `{name}` where a value goes. */
  text: string;
  /** Code the runtime runs to print it (the catalogue's test checks the text against its output). */
  probe: string;
}

export interface NativeCallable {
  /**
   * The module the callable is imported from, then the others that export the same object (a
   * Python module re-exporting its C module: `struct`, `_struct`). Absent for a global (`JSON`, `Random`).
   */
  modules?: string[];
  /** The callable's path inside the module, or the global's: `unpack`, `datetime.fromisoformat`, `JSON.parse`. */
  name: string;
  /**
   * Where the raise reaches the calling line when not at the call itself: a method of the object
   * the call returns (`BZ2Decompressor().decompress`), or iterating that object (`_csv.reader`).
   */
  via?: { method: string } | 'iterate';
  errorClass: string;
  messages: NativeMessage[];
}

/** What a record says of a native callable: the module's first name and the path (`struct.unpack`, `_bz2.BZ2Decompressor().decompress`). */
export function nativeLabel(c: NativeCallable): string {
  const base = c.modules?.length ? `${c.modules[0]}.${c.name}` : c.name;
  if (!c.via) return base;
  return c.via === 'iterate' ? `iterating ${base}()` : `${base}().${c.via.method}`;
}

const templates = new WeakMap<NativeCallable, Template[]>();

/** The callable's messages as templates (`{size}` a hole), built once. */
export function nativeTemplates(c: NativeCallable): Template[] {
  let t = templates.get(c);
  if (!t) templates.set(c, (t = c.messages.map((m) => openFields([lit(m.text)], 'brace'))));
  return t;
}

/** Every module name of a catalogue, for a pack's quick test of whether a file imports one. */
export function catalogueModules(catalogue: readonly NativeCallable[]): string[] {
  return [...new Set(catalogue.flatMap((c) => c.modules ?? []))];
}

/** A stretch of a file's text, on one line: a callee as written. */
export interface Span {
  at: number;
  length: number;
}

/** Spans looked up with one walk of the file, at most (past it, the rest are left). */
const MAX_SPANS = 256;

/**
 * Range rules for spans of a file's text (`at` increasing), and the span a node found by them
 * is: a pack adds the rules to the one query it walks the file with, or walks with them alone
 * (nodesAtSpans). A descent from the root per span would cost a node call per child passed: a
 * millisecond a call in a long module.
 */
export class SpanRules {
  readonly rules: object[] = [];
  readonly nodes: SgNode[][];
  private readonly byStart = new Map<string, number>();

  constructor(source: string, spans: Span[]) {
    this.nodes = spans.map(() => []);
    let line = 0;
    let lineStart = 0;
    for (let i = 0; i < spans.length && i < MAX_SPANS; i++) {
      const { at, length } = spans[i];
      for (let nl = source.indexOf('\n', lineStart); nl >= 0 && nl < at; nl = source.indexOf('\n', lineStart)) {
        line++;
        lineStart = nl + 1;
      }
      const column = at - lineStart;
      this.byStart.set(`${line}:${column}:${column + length}`, i);
      this.rules.push({ range: { start: { line, column }, end: { line, column: column + length } } });
    }
  }

  /** Whether the node is a span's (then kept in `nodes` under the span's index). */
  take(n: SgNode): boolean {
    if (!this.byStart.size) return false;
    const { start, end } = n.range();
    const i = end.line === start.line ? this.byStart.get(`${start.line}:${start.column}:${end.column}`) : undefined;
    if (i === undefined) return false;
    this.nodes[i].push(n);
    return true;
  }
}

/** The nodes whose range is exactly each span (`at` increasing), by the span's index: one findAll of the file in native code comparing ranges. */
export function nodesAtSpans(root: SgNode, source: string, spans: Span[]): SgNode[][] {
  const s = new SpanRules(source, spans);
  if (!s.rules.length) return s.nodes;
  for (const n of root.findAll({ rule: { any: s.rules } } as NapiConfig)) s.take(n);
  return s.nodes;
}

/** Calls of a catalogue's callables read per file, at most (a generated file of thousands of `unpack` calls gives no more). */
export const MAX_NATIVE_CALLS = 200;

/**
 * The mentions of a catalogue's globals in a file's text (`callee`, global, its group 1 the
 * callable's name), at most MAX_NATIVE_CALLS: each span `length(m)` long from the match. A global
 * the file binds itself (`binds(global)`, tested once a global) is its own, and skipped.
 */
export function globalMentions(
  source: string, callee: RegExp, byName: ReadonlyMap<string, NativeCallable>, binds: (global: string) => RegExp, length: (m: RegExpMatchArray) => number,
): (Span & { c: NativeCallable })[] {
  const own = new Map<string, boolean>();
  const found: (Span & { c: NativeCallable })[] = [];
  for (const m of source.matchAll(callee)) {
    const c = byName.get(m[1])!;
    const global = c.name.split(/::|\./)[0];
    let bound = own.get(global);
    if (bound === undefined) own.set(global, (bound = binds(global).test(source)));
    if (bound) continue;
    found.push({ at: m.index!, length: length(m), c });
    if (found.length >= MAX_NATIVE_CALLS) break;
  }
  return found;
}

/**
 * Each span's node that is the `field` of a parent of `kind` (`shape(i)` for span i: a call's
 * callee, a `for`'s iterable), not merely a node reading the same inside it: [span index,
 * parent], each parent once.
 */
export function* spanParents(nodes: SgNode[][], shape: (i: number) => { kind: string; field: string }): Generator<[number, SgNode]> {
  const seen = new Set<number>();
  for (const [i, list] of nodes.entries()) {
    const { kind, field } = shape(i);
    for (const n of list) {
      const p = n.parent();
      if (!p || p.kind() !== kind || seen.has(p.id()) || p.field(field)?.range().start.index !== n.range().start.index) continue;
      seen.add(p.id());
      yield [i, p];
    }
  }
}
