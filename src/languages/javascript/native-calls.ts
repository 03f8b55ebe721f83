// Calls of V8's native callables of the catalogue (native.ts): `JSON.parse(text)` is a site with
// V8's messages. They are globals: a file that binds the name itself (`const JSON = require('json3')`,
// `function decodeURI`) calls its own.

import type { SgNode } from '@ast-grep/napi';
import type { RawSite } from '../../core/site.js';
import { escapeRegex } from '../../template/ir.js';
import { nativeLabel, nativeTemplates, nodesAtSpans, type NativeCallable, type Span } from '../shared/native.js';
import type { SiteContext } from './facts.js';
import { JAVASCRIPT_NATIVE } from './native.js';

const BY_NAME = new Map(JAVASCRIPT_NATIVE.map((c) => [c.name, c]));
const CALLEE = new RegExp(`(?<![\\w$.])(${[...BY_NAME.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|')})[ \\t]*\\(`, 'g');
const ANY = new RegExp(CALLEE.source);
/** Calls read per file, at most (a bundle of thousands of `JSON.parse` gives no more). */
const MAX_NATIVE = 200;

export const mayCallNative = (source: string): boolean => ANY.test(source);

export function nativeSites(root: SgNode, source: string, context: (n: SgNode) => SiteContext): RawSite[] {
  if (!mayCallNative(source)) return [];
  const out: RawSite[] = [];
  const own = new Map<string, boolean>();
  // (each the callee as written, whose parent call is the site)
  const found: (Span & { c: NativeCallable })[] = [];
  for (const m of source.matchAll(CALLEE)) {
    const c = BY_NAME.get(m[1])!;
    const global = c.name.split('.')[0];
    let bound = own.get(global);
    if (bound === undefined) {
      own.set(global, (bound = new RegExp(`\\b(?:var|let|const|function|class)\\s+${global}\\b|\\bimport\\s+${global}\\b|[{,]\\s*${global}\\s*[,}]|(?<![\\w$.])${global}\\s*=[^=]`).test(source)));
    }
    if (bound) continue;
    found.push({ at: m.index, length: m[1].length, c });
    if (found.length >= MAX_NATIVE) break;
  }
  const seen = new Set<number>();
  const nodes = nodesAtSpans(root, source, found);
  for (const [i, { c }] of found.entries()) {
    for (const callee of nodes[i]) {
      const call = callee.parent();
      if (!call || call.kind() !== 'call_expression' || seen.has(call.id()) || call.field('function')?.range().start.index !== callee.range().start.index) continue;
      seen.add(call.id());
      const ctx = context(call);
      const [template, ...alternatives] = nativeTemplates(c);
      const pos = call.range().start;
      out.push({
        line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: c.errorClass, errorCode: null, httpStatus: null,
        severity: 'error', template, ...(alternatives.length ? { alternatives } : {}), args: [], symbol: ctx.symbol, guards: ctx.guards, native: nativeLabel(c),
      });
    }
  }
  return out;
}
