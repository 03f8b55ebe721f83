// Calls of V8's native callables of the catalogue (native.ts): `JSON.parse(text)` is a site with
// V8's messages. They are globals: a file that binds the name itself (`const JSON = require('json3')`,
// `function decodeURI`) calls its own.

import type { SgNode } from '@ast-grep/napi';
import type { RawSite } from '../../core/site.js';
import { escapeRegex } from '../../template/ir.js';
import { globalMentions, nativeLabel, nativeTemplates, nodesAtSpans, spanParents } from '../shared/native.js';
import type { SiteContext } from './facts.js';
import { JAVASCRIPT_NATIVE } from './native.js';

const BY_NAME = new Map(JAVASCRIPT_NATIVE.map((c) => [c.name, c]));
const CALLEE = new RegExp(`(?<![\\w$.])(${[...BY_NAME.keys()].sort((a, b) => b.length - a.length).map(escapeRegex).join('|')})[ \\t]*\\(`, 'g');
const ANY = new RegExp(CALLEE.source);
const CALL = { kind: 'call_expression', field: 'function' };
/** A declaration, import or assignment of the global in the file. */
const BINDS = (global: string) => new RegExp(`\\b(?:var|let|const|function|class)\\s+${global}\\b|\\bimport\\s+${global}\\b|[{,]\\s*${global}\\s*[,}]|(?<![\\w$.])${global}\\s*=[^=]`);

export const mayCallNative = (source: string): boolean => ANY.test(source);

export function nativeSites(root: SgNode, source: string, context: (n: SgNode) => SiteContext): RawSite[] {
  if (!mayCallNative(source)) return [];
  // (each the callee as written, whose parent call is the site)
  const found = globalMentions(source, CALLEE, BY_NAME, BINDS, (m) => m[1].length);
  const out: RawSite[] = [];
  for (const [i, call] of spanParents(nodesAtSpans(root, source, found), () => CALL)) {
    const c = found[i].c;
    const ctx = context(call);
    const [template, ...alternatives] = nativeTemplates(c);
    const pos = call.range().start;
    out.push({
      line: pos.line + 1, column: pos.column + 1, errorType: 'exception', errorClass: c.errorClass, errorCode: null, httpStatus: null,
      severity: 'error', template, ...(alternatives.length ? { alternatives } : {}), args: [], symbol: ctx.symbol, guards: ctx.guards, native: nativeLabel(c),
    });
  }
  return out;
}
