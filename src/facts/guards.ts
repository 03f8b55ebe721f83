// Whether a helper's guards can hold for what one caller passes it. A helper raising
// `'%r is not a prefixed name' % code` under `if ':' in code:` cannot raise that for a caller
// passing `'XPST0017'`; binding the caller's text into the message anyway made a record no
// run produces. The guards, read by the site's language (ConditionSyntax: src/core/condition.ts),
// are evaluated with the helper's parameters bound to the caller's literal arguments, three-valued
// (true, false, unknown); anything not read is unknown, and only a guard known false drops the caller.

import { evaluateCondition, truthy, UNKNOWN, type ConditionSyntax, type Value } from '../core/condition.js';
import type { ArgInfo, Guard } from '../core/site.js';

/** Guards that must hold where the site is (an `else` guard is stored negated, an assert as its failure). */
const CONDITION_KINDS = new Set(['if', 'elif', 'else', 'while', 'assert']);

/**
 * False when one of the guards is known to be false with the parameters bound to the caller's
 * literal arguments (by position or keyword; not those `reassigned` on a line before the guard's);
 * true otherwise (true, or not known). `conditions` reads the guards' and arguments' text.
 */
export function guardsMayHold(
  guards: Guard[], params: string[], args: ArgInfo[], conditions: ConditionSyntax, reassigned: Record<string, number> = {},
): boolean {
  const bound = boundLiterals(params, args, conditions);
  if (bound.size === 0) return true;
  for (const g of guards) {
    if (!CONDITION_KINDS.has(g.kind)) continue;
    // (a parameter assigned to before the guard may no longer hold the caller's value there)
    const values = new Map([...bound].filter(([p]) => !(reassigned[p] <= g.line)));
    // (a guard naming no bound parameter cannot be decided by the call)
    if (![...values.keys()].some((p) => new RegExp(`(?<![\\w$])${p.replace(/\$/g, '\\$')}(?![\\w$])`).test(g.text))) continue;
    const cond = conditions.parseCondition(g.text);
    const r = evaluateCondition(cond, values);
    if (r !== UNKNOWN && !truthy(cond, r)) return false;
  }
  return true;
}

/** Parameter → the value of a literal argument the call passes for it. */
function boundLiterals(params: string[], args: ArgInfo[], conditions: ConditionSyntax): Map<string, Value> {
  const out = new Map<string, Value>();
  const positional = args.filter((a) => a.name === null);
  params.forEach((p, i) => {
    const arg = args.find((a) => a.name === p) ?? positional[i];
    if (!arg) return;
    const v = conditions.parseLiteral(arg.expr);
    if (v !== UNKNOWN) out.set(p, v);
  });
  return out;
}
