// Which calls of a file reach a callable of CPython's catalogue (native.ts), read from its text:
// through what it imports (`from struct import unpack`, `import zlib as z`, `from _codecs import *`),
// and for a callable whose object raises later, the names the file binds that object to
// (`decomp = BZ2Decompressor()` then `decomp.decompress(data)`; `self.reader = reader(f)` then
// `next(self.reader)`). A bound name is read per file, not per scope: cheap, and a name bound to a
// decompressor in one function and to something else in another is rare.

import { escapeRegex } from '../../template/ir.js';
import { catalogueModules, type NativeCallable } from '../shared/native.js';
import { pythonImports } from './imports.js';
import { PYTHON_NATIVE } from './native.js';

const MODULES = catalogueModules(PYTHON_NATIVE);
const BY_MODULE = new Map<string, NativeCallable[]>();
for (const c of PYTHON_NATIVE) for (const m of c.modules ?? []) BY_MODULE.set(m, [...(BY_MODULE.get(m) ?? []), c]);

/** A line importing a module of the catalogue (`import struct`, `from zlib import …`, `import os, zlib as z`). */
const GATE = new RegExp(`^[ \\t]*(?:from[ \\t]+(?:${MODULES.join('|')})[ \\t]+import\\b|import[ \\t][^\\n#]*\\b(?:${MODULES.join('|')})\\b)`, 'm');
const STAR = new RegExp(`^[ \\t]*from[ \\t]+(${MODULES.join('|')})[ \\t]+import[ \\t]+\\*`, 'gm');

/** Whether the file may call a callable of the catalogue: it imports one of its modules. */
export const mayCallNative = (source: string): boolean => GATE.test(source);

export interface NativeCalls {
  /** Callee as written (`unpack`, `z.decompress`, `decomp.decompress`) → what it calls. */
  calls: Map<string, NativeCallable[]>;
  /** Names bound to an object that raises when iterated (`self.reader`) → what made it. */
  iterated: Map<string, NativeCallable[]>;
}

/** The file's callees of the catalogue, or null when it has none. */
export function nativeCalls(source: string): NativeCalls | null {
  if (!mayCallNative(source)) return null;
  const direct = new Map<string, NativeCallable[]>();
  for (const [local, imp] of pythonImports(source)) {
    const module = imp.from.replace(/\//g, '.');
    const list = BY_MODULE.get(module);
    if (!list) continue;
    if (local.endsWith('.*')) {
      for (const c of list) add(direct, `${local.slice(0, -2)}.${c.name}`, c);
      continue;
    }
    // (`from datetime import datetime`: `datetime.fromisoformat` is `datetime.datetime.fromisoformat`)
    for (const c of list) {
      const dot = c.name.indexOf('.');
      const first = dot < 0 ? c.name : c.name.slice(0, dot);
      if (first === imp.name) add(direct, local + c.name.slice(first.length), c);
    }
  }
  for (const m of source.matchAll(STAR)) {
    for (const c of BY_MODULE.get(m[1]) ?? []) {
      const first = c.name.split('.')[0];
      // (a name the file defines itself is its own, not the module's)
      if (!new RegExp(`^[ \\t]*(?:def|class)[ \\t]+${first}\\b`, 'm').test(source)) add(direct, c.name, c);
    }
  }
  if (!direct.size) return null;
  const out: NativeCalls = { calls: new Map(), iterated: new Map() };
  const makers = new Map<string, NativeCallable[]>();
  for (const [callee, list] of direct) for (const c of list) add(c.via ? makers : out.calls, callee, c);
  if (makers.size) {
    // `name = maker(…)` / `self.name = maker(…)`: the object's methods (or its iteration) raise
    const bind = new RegExp(`^[ \\t]*((?:self\\.)?[A-Za-z_]\\w*)[ \\t]*=[ \\t]*(${[...makers.keys()].map(escapeRegex).join('|')})[ \\t]*\\(`, 'gm');
    for (const m of source.matchAll(bind)) {
      for (const c of makers.get(m[2]) ?? []) {
        if (c.via === 'iterate') add(out.iterated, m[1], c);
        else if (c.via) add(out.calls, `${m[1]}.${c.via.method}`, c);
      }
    }
  }
  return out.calls.size || out.iterated.size ? out : null;
}

function add(map: Map<string, NativeCallable[]>, key: string, c: NativeCallable): void {
  const list = map.get(key);
  if (!list) map.set(key, [c]);
  else if (!list.includes(c)) list.push(c);
}
