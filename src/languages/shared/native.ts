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

import type { SgNode } from '@ast-grep/napi';
import { lit, openFields, type Template } from '../../template/ir.js';
import { nodeAt } from './node-at.js';

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

/**
 * The innermost node of `kind` holding a position of the text (a callee's first character), or
 * null; offsets are given in increasing order, so the lines are counted once over the text.
 */
export class NodesAt {
  private line = 0;
  private lineStart = 0;

  constructor(private readonly root: SgNode, private readonly source: string) {}

  at(offset: number, kind: string): SgNode | null {
    for (let nl = this.source.indexOf('\n', this.lineStart); nl >= 0 && nl < offset; nl = this.source.indexOf('\n', this.lineStart)) {
      this.line++;
      this.lineStart = nl + 1;
    }
    let n: SgNode | null = nodeAt(this.root, this.line, offset - this.lineStart);
    while (n && n.kind() !== kind) n = n.parent();
    return n;
  }
}
