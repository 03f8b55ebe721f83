// A raising helper that hands itself to the error it builds, so that the error's stack starts at
// the helper's caller: chai's `throw new AssertionError(msg, props, config.includeStack ?
// this.assert : flag(this, 'ssfi'))`, @hapi/hoek's `throw new AssertError(msgs.join(' '), assert)`,
// whose constructors call `Error.captureStackTrace(this, ssf)`. A function passes itself to an
// error's constructor for nothing else (Node's `AssertionError` takes it as `stackStartFn`). The
// trace's innermost frame is then each call of the helper, so each call is where its message is
// raised (RawSite.hidesFrame; record/ puts the callers' messages at the calls).

import type { SgNode } from '@ast-grep/napi';
import { lastSegment, type Template } from '../../template/ir.js';
import { literalString, namedKids, type Resolver, unwrap } from './template.js';

/** The names a function is called by: its own, the variable or property it is assigned to (`const assert = module.exports = function (…)`), its method name. */
function namesOf(fn: SgNode, symbol: string | null): Set<string> {
  const out = new Set<string>();
  const own = fn.field('name');
  if (own) out.add(own.text());
  const last = lastSegment(symbol);
  if (last) out.add(last);
  // (up through `a = b = function …` to the declaration)
  let p = fn.parent();
  for (let i = 0; p && i < 3; i++, p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'variable_declarator') {
      const name = p.field('name');
      if (name?.kind() === 'identifier') out.add(name.text());
      break;
    }
    if (k !== 'assignment_expression') break;
    const left = p.field('left');
    if (left) out.add(lastSegment(left.text()) ?? left.text());
  }
  return out;
}

/** The values an argument may be: both sides of `c ? a : b` and of `a || b`. */
function readings(n: SgNode): SgNode[] {
  const u = unwrap(n);
  const k = u.kind() as string;
  if (k === 'ternary_expression') return [u.field('consequence'), u.field('alternative')].flatMap((x) => (x ? readings(x) : []));
  if (k === 'binary_expression' && /^(?:\|\||\?\?)$/.test(u.field('operator')?.text() ?? '')) {
    return [u.field('left'), u.field('right')].flatMap((x) => (x ? readings(x) : []));
  }
  return [u];
}

/** Whether a construction's arguments after the message name the function `fn` around it (itself, or `this.<its name>`). */
export function handsItselfOn(args: SgNode[], msgAt: number, fn: SgNode | undefined, symbol: string | null): boolean {
  if (!fn || args.length <= msgAt + 1) return false;
  const names = namesOf(fn, symbol);
  if (names.size === 0) return false;
  for (const a of args.slice(msgAt + 1)) {
    for (const v of readings(a)) {
      const k = v.kind() as string;
      if (k === 'identifier' && names.has(v.text())) return true;
      if (k === 'member_expression' && v.field('object')?.kind() === 'this' && names.has(v.field('property')?.text() ?? '')) return true;
    }
  }
  return false;
}

/** The rest parameter of a function (`function (condition, ...args)`): its name. */
function restParam(fn: SgNode): string | null {
  const params = fn.field('parameters') ?? fn.field('parameter');
  if (!params) return null;
  for (const p of namedKids(params)) {
    if (p.kind() !== 'rest_pattern') continue;
    const id = namedKids(p)[0];
    return id?.kind() === 'identifier' ? id.text() : null;
  }
  return null;
}

/**
 * A message that joins the function's rest parameter (`msgs.join(' ')` with `msgs =
 * args.filter(…).map(…)`, or `args.join(' ')`): a hole of the parameter whose callers' arguments
 * from there on are joined (Hole.rest). Null for anything else.
 */
export function restJoined(message: SgNode, fn: SgNode | undefined, r: Resolver): Template | null {
  if (!fn) return null;
  const rest = restParam(fn);
  if (!rest) return null;
  const m = unwrap(message);
  if (m.kind() !== 'call_expression') return null;
  const callee = m.field('function');
  if (callee?.kind() !== 'member_expression' || callee.field('property')?.text() !== 'join') return null;
  const argList = m.field('arguments');
  const sepNode = argList ? namedKids(argList)[0] : undefined;
  const sep = sepNode ? literalString(sepNode) : ',';
  if (sep === null) return null;
  const recv = callee.field('object');
  if (recv?.kind() !== 'identifier') return null;
  const from = recv.text();
  if (from !== rest) {
    // (a local made from it: `const msgs = args.filter(…).map(…)`)
    const hit = r.resolve(from, recv.range().start.index);
    const v = hit?.value ? unwrap(hit.value).text() : '';
    if (!new RegExp(`^${rest.replace(/\$/g, '\\$')}\\s*(?:\\.|$)`).test(v)) return null;
  }
  return [{ hole: { name: rest, expr: rest, kind: 'any', rest: sep } }];
}

/**
 * The file renders `#{name}` markers in messages (`.replace(/#\{this\}/g, …)`, chai's
 * getMessage): a self-hiding helper's message parameter is then such a format (FieldStyle `hash`).
 */
export const rendersHashMarkers = (source: string): boolean => /\.replace\(\s*\/#\\\{/.test(source);
