// Helpers that raise a message they receive (`_raise_error(self, condition,
// explanation)`, `fail(self, msg)`): each site gets its enclosing function's
// parameters, and calls to such helpers with string arguments are listed so
// assemble can bind the callers' messages into the helper's template.

import type { SgNode } from '@ast-grep/napi';
import { isHole, lastSegment, passesParam } from '../template/ir.js';
import { siteContext } from './python-context.js';
import { build, callArgs, paramNamesFromText, Scope, type FileCtx } from './python-template.js';
import { oneLine } from './python-strings.js';
import type { ArgInfo, CallInfo, RawSite } from './types.js';

interface Fn {
  node: SgNode;
  start: number;
  end: number;
  params: string[];
}

/** Parameters without a leading `self`/`cls`. */
function params(fn: SgNode): string[] {
  const text = fn.field('parameters')?.text() ?? '()';
  const dropFirst = /^\(\s*(self|cls)\b/.test(text);
  return paramNamesFromText(text, dropFirst);
}

/** Innermost function containing a line (functions are listed in document order, so the last hit is innermost). */
function enclosing(fns: Fn[], line: number): Fn | null {
  let best: Fn | null = null;
  for (const f of fns) if (f.start <= line && line <= f.end) best = f;
  return best;
}

export function helperCalls(ctx: FileCtx, sites: RawSite[]): CallInfo[] {
  // Only files where some site's message may be a parameter look for calls.
  const message = (s: RawSite) => s.template ?? s.args[0]?.template ?? [];
  const candidates = sites.filter((s) => s.symbol && message(s).some((seg) => isHole(seg) && /^[A-Za-z_]\w*$/.test(seg.hole.expr ?? '')));
  // Calls are only looked for in this file, so a helper must be called here: `name(` beyond its `def`.
  const calledHere = (name: string) => {
    const first = ctx.source.indexOf(`${name}(`);
    return first >= 0 && ctx.source.indexOf(`${name}(`, first + name.length + 1) >= 0;
  };
  if (!candidates.some((s) => calledHere(lastSegment(s.symbol!)))) return [];
  // The innermost function around a site is the one its siteContext found (a function ancestor
  // contains the site's line, and no other function does). Only a site whose innermost definition
  // is a class (a class body inside a function) needs every function of the file, by line.
  let fns: Fn[] | null = null;
  const paramsById = new Map<number, string[]>();
  const paramsOf = (fn: SgNode): string[] => {
    const id = fn.id();
    let p = paramsById.get(id);
    if (!p) paramsById.set(id, (p = params(fn)));
    return p;
  };
  const enclosingParams = (s: RawSite): string[] | null => {
    const node = ctx.siteFns.get(s);
    if (node) return paramsOf(node);
    fns ??= ctx.root.findAll({ rule: { kind: 'function_definition' } }).map((node) => {
      const r = node.range();
      return { node, start: r.start.line + 1, end: r.end.line + 1, params: params(node) };
    });
    return enclosing(fns, s.line)?.params ?? null;
  };
  const names = new Set<string>();
  for (const s of candidates) {
    const fnParams = enclosingParams(s);
    if (!fnParams || fnParams.length === 0) continue;
    s.params = fnParams;
    if (passesParam(message(s), fnParams)) names.add(lastSegment(s.symbol!));
  }
  if (names.size === 0) return [];
  const regex = `(?:^|\\.)(?:${[...names].join('|')})$`;
  const out: CallInfo[] = [];
  for (const call of ctx.root.findAll({ rule: { kind: 'call', has: { field: 'function', regex } } })) {
    const fnText = call.field('function')?.text() ?? '';
    const sc = siteContext(call, ctx.symbols);
    const scope = new Scope(ctx, sc.fn);
    const a = callArgs(call);
    const args: ArgInfo[] = [
      ...a.positional.map((p) => ({ name: null, template: build(p, scope).t, expr: oneLine(p.text()) })),
      ...a.keywords.map((k) => ({ name: k.name, template: build(k.value, scope).t, expr: oneLine(k.value.text()) })),
    ];
    if (!args.some((x) => x.template.some((seg) => 'lit' in seg))) continue;
    const line = call.range().start.line + 1;
    out.push({
      callee: lastSegment(fnText), args, line, symbol: sc.symbol,
      params: sc.fn ? paramsOf(sc.fn) : undefined,
    });
  }
  return out;
}
