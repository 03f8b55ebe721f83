// An error value received from a call and raised again: `match Self::try_new(n, s) { Err(e) =>
// panic!("{}", e), Ok(d) => d }`, `if let Err(e) = parse(s) { panic!("{}", e) }`. Its message is
// the Display of the error the called function returns, and of those it hands on with `?`: the
// call is named here, the same file's functions followed in facts/raised.ts (RawSite.wraps.values,
// FileAnalysis.forwards). (`{:?}` prints the Debug form, not the message: not read.)

import type { SgNode } from '@ast-grep/napi';

/** The last name of a call's callee (`Self::try_new` → try_new, `x.parse::<u8>` → parse). */
function calleeName(call: SgNode): string | null {
  let f = call.field('function');
  if (f?.kind() === 'generic_function') f = f.field('function');
  if (!f) return null;
  const k = f.kind() as string;
  if (k === 'identifier') return f.text();
  if (k === 'scoped_identifier') return f.field('name')?.text() ?? null;
  if (k === 'field_expression') return f.field('field')?.text() ?? null;
  return null;
}

/** `Err(name)` as a pattern. */
const isErrOf = (p: SgNode | null | undefined, name: string): boolean =>
  !!p && p.kind() === 'tuple_struct_pattern' && /^(?:Result::)?Err$/.test(p.field('type')?.text() ?? p.children()[0]?.text() ?? '') &&
  p.namedChildren().length === 2 && p.namedChildren()[1].text() === name;

/** Levels looked up from the panic for the `Err(e)` that binds its value. */
const MAX_UP = 12;

/** The function whose `Err` the panic at `at` raises the value `name` of (a match arm's or `if let`'s call), if any. */
export function valueCall(at: SgNode, name: string): string | null {
  let p = at.parent();
  for (let up = 0; p && up < MAX_UP; up++, p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_item' || k === 'closure_expression') return null;
    if (k === 'match_arm' && isErrOf(p.field('pattern')?.namedChildren()[0], name)) {
      const value = p.parent()?.parent()?.field('value');
      return value?.kind() === 'call_expression' ? calleeName(value) : null;
    }
    if (k === 'if_expression') {
      const cond = p.field('condition');
      if (cond?.kind() === 'let_condition' && isErrOf(cond.field('pattern'), name)) {
        const value = cond.field('value');
        return value?.kind() === 'call_expression' ? calleeName(value) : null;
      }
    }
  }
  return null;
}

/** Each function of the file → the functions whose errors it hands on with `?` (`foo(x)?`, `s.parse().map_err(…)?` names parse). */
export function forwardsOf(functions: SgNode[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const fn of functions) {
    const name = fn.field('name')?.text();
    const body = fn.field('body');
    if (!name || !body) continue;
    const names = new Set(Object.hasOwn(out, name) ? out[name] : []);
    for (const t of body.findAll({ rule: { kind: 'try_expression' } })) {
      let call = t.namedChildren()[0];
      // (`.map_err(…)?`, `.context(…)?`: the call whose error it is sits under the adapter)
      while (call?.kind() === 'call_expression' && /^(?:map_err|context|with_context|wrap_err)$/.test(calleeName(call) ?? '')) {
        const inner = call.field('function')?.field('value');
        if (!inner) break;
        call = inner;
      }
      const callee = call?.kind() === 'call_expression' ? calleeName(call) : null;
      if (callee) names.add(callee);
    }
    names.delete(name);
    if (names.size) out[name] = [...names];
  }
  return out;
}
