// An error value received from a call and raised again: `g, err := Compile(p); if err != nil {
// panic(err) }` (a `MustCompile`), or a `Must(v, err)` helper called as `Must(NewVersion(s))`.
// Its messages are those of the errors the called functions make, and of the functions they hand
// errors on from (`if err := v.Set(s); err != nil { return nil, err }`): the calls are named here,
// the same file's functions followed in facts/raised.ts (RawSite.wraps.values, FileAnalysis.forwards).

import type { SgNode } from '@ast-grep/napi';
import { calleeOf } from './template.js';

/** A variable that holds an error, as Go names them. */
const ERROR_VAR = /^(?:err|e|er|\w*Err|err\w*)$/;

const isDecl = (k: string): boolean => k === 'function_declaration' || k === 'method_declaration';

function enclosingDecl(n: SgNode): SgNode | null {
  for (let p = n.parent(); p; p = p.parent()) if (isDecl(p.kind() as string)) return p;
  return null;
}

/** The names on the left of `a, err := f()` / `err = f()`, and the call on the right (the first value), if any. */
function assigned(st: SgNode): { names: string[]; call: SgNode | null } {
  const left = st.field('left');
  const right = st.field('right');
  const names = (left?.kind() === 'expression_list' ? left.namedChildren() : left ? [left] : []).map((x) => x.text());
  const first = right?.kind() === 'expression_list' ? right.namedChildren()[0] : right;
  return { names, call: first?.kind() === 'call_expression' ? first : null };
}

/**
 * The name of a function the file may define that a call names: `F(…)` or `x.M(…)` on a name (a
 * local, the receiver); not `x.Field.M(…)`, a method of a field's type (`flag.Value.Set`), which
 * a method of the same name in the file is not.
 */
function calleeName(call: SgNode): string | null {
  const f = call.field('function');
  if (f?.kind() === 'selector_expression' && f.field('operand')?.kind() !== 'identifier') return null;
  return calleeOf(call)?.name || null;
}

/**
 * The functions whose error `name`, raised at `at`, comes from: the calls assigning it in its
 * function, or, for a parameter, the calls passed to that function in the file (`fileCalls`, read once per file).
 */
export function valueCalls(at: SgNode, name: string, fileCalls: () => SgNode[], params: string[] | undefined): string[] {
  const decl = enclosingDecl(at);
  if (!decl) return [];
  const out = new Set<string>();
  for (const st of decl.findAll({ rule: { any: [{ kind: 'short_var_declaration' }, { kind: 'assignment_statement' }] } })) {
    const { names, call } = assigned(st);
    const callee = call && names.includes(name) ? calleeName(call) : null;
    if (callee) out.add(callee);
  }
  const fn = decl.field('name')?.text();
  if (!out.size && fn && params?.includes(name)) {
    // (`Must(NewVersion(s))`: the call handing its results to the helper)
    for (const call of fileCalls()) {
      if (calleeName(call) !== fn) continue;
      for (const a of call.field('arguments')?.namedChildren() ?? []) {
        const callee = a.kind() === 'call_expression' ? calleeName(a) : null;
        if (callee) out.add(callee);
      }
    }
  }
  out.delete(fn ?? '');
  return [...out];
}

/**
 * Each function of the file → the functions whose errors it hands on: called in a `return`
 * (`return nil, f(x)`), or assigned to an error variable the function returns as it is (`if err :=
 * v.Set(s); err != nil { return nil, err }`; not one it only wraps, `return f.failf("…: %v", err)`).
 */
export function forwardsOf(root: SgNode): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const decl of root.findAll({ rule: { any: [{ kind: 'function_declaration' }, { kind: 'method_declaration' }] } })) {
    const fn = decl.field('name')?.text();
    const body = decl.field('body');
    if (!fn || !body) continue;
    const names = new Set(Object.hasOwn(out, fn) ? out[fn] : []);
    const returned = new Set<string>();
    for (const ret of body.findAll({ rule: { kind: 'return_statement' } })) {
      const list = ret.namedChildren()[0];
      for (const e of list?.kind() === 'expression_list' ? list.namedChildren() : list ? [list] : []) {
        const k = e.kind() as string;
        const callee = k === 'call_expression' ? calleeName(e) : null;
        if (callee) names.add(callee);
        else if (k === 'identifier' && ERROR_VAR.test(e.text())) returned.add(e.text());
      }
    }
    if (returned.size) {
      for (const st of body.findAll({ rule: { any: [{ kind: 'short_var_declaration' }, { kind: 'assignment_statement' }] } })) {
        const { names: left, call } = assigned(st);
        const callee = call && left.some((x) => returned.has(x)) ? calleeName(call) : null;
        if (callee) names.add(callee);
      }
    }
    names.delete(fn);
    if (names.size) out[fn] = [...names];
  }
  return out;
}
