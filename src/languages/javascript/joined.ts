// A message built in an array and joined where it is read (nearley's `reportErrorCommon`:
// `var lines = []; lines.push(lexerMessage); if (…) { lines.push('Unexpected ' + …) … } else { … }
// lines.push(''); return lines.join('\n')`). The writes are read from the function's statements
// between the array's making and the read, in order (shared/built-text.ts joins them): a push gives
// its arguments' texts; an `if` whose branches push gives one reading per branch (with and without
// the branch when it has no `else`); a loop, the array handed to a function (which may push into
// it) or any other use is text not known here, a hole. Linear: one pass over the statements, each
// tested for the name by its text; at most 24 writes.

import type { SgNode } from '@ast-grep/napi';
import { hole, type Template } from '../../template/ir.js';
import { forkWritten, joinWritten, type Written } from '../shared/built-text.js';

/** Writes read into one joined array, at most. */
const MAX_WRITES = 24;
const FUNCTION_KINDS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);

/** How the pack reads a pushed value (template.ts: its text, or a hole). */
export type ReadValue = (n: SgNode) => Template;

/**
 * The readings of `name.join(sep)` at `read`, where `made` is the array literal `name` was made with
 * (`var lines = []`, in the same function as the read, at the top of its body); null when the name is
 * reassigned, the making or the read is nested in a statement, or nothing is written.
 */
export function joinedReadings(name: string, made: SgNode, read: SgNode, sep: string, value: ReadValue): Template[] | null {
  const fn = ownerFunction(made);
  if (!fn || ownerFunction(read)?.id() !== fn.id()) return null;
  const body = fn.field('body');
  if (!body || body.kind() !== 'statement_block') return null;
  const stmts = body.namedChildren();
  const from = stmts.findIndex((s) => within(made, s));
  const to = stmts.findIndex((s) => within(read, s));
  if (from < 0 || to <= from) return null;
  const mentions = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
  const reassigned = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*=[^=]`);
  let writes = 0;
  const initial: Written[] = made.namedChildren().filter((c) => c.kind() !== 'comment').map((c) => (c.kind() === 'spread_element' ? unknown(name) : { t: value(c) }));

  // The readings after a list of statements, each reading the writes so far; null: give up.
  const walk = (list: SgNode[], readings: Written[][]): Written[][] | null => {
    let out = readings;
    for (const st of list) {
      if (st.kind() === 'comment') continue;
      const text = st.text();
      if (!mentions.test(text)) continue;
      if (reassigned.test(text)) return null;
      const k = st.kind() as string;
      let next: Written[][] | null;
      if (k === 'expression_statement') next = out.map((r) => [...r, ...pushed(st)]);
      else if (k === 'if_statement' && !mentions.test(st.field('condition')?.text() ?? '')) {
        const cons = st.field('consequence');
        const alt = st.field('alternative');
        const a = cons ? walk(statementsOf(cons), [[]]) : null;
        const b = alt ? walk(statementsOf(alt), [[]]) : [[]];
        next = a && b ? forkWritten(out, [a, b]) : null;
        // (more readings than kept: what the choice writes is not known here)
        next ??= out.map((r) => [...r, unknown(name)]);
      } else next = out.map((r) => [...r, unknown(name)]);
      if (writes > MAX_WRITES) return null;
      out = next;
    }
    return out;
  };

  // `name.push(a, b)`: a write per argument; anything else naming the array (handed to a function,
  // a loop's callback): text not known here.
  const pushed = (st: SgNode): Written[] => {
    const e = st.namedChildren()[0];
    const f = e?.kind() === 'call_expression' ? e.field('function') : null;
    if (f && f.text() === `${name}.push`) {
      const args = e!.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
      writes += args.length;
      return args.map((a) => (a.kind() === 'spread_element' ? unknown(name) : { t: value(a) }));
    }
    writes++;
    const called = f && f.text().length <= 60 ? f.text() : name;
    return [unknown(called)];
  };

  const readings = walk(stmts.slice(from + 1, to), [initial]);
  if (!readings || writes === 0) return null;
  return readings.map((r) => joinWritten(r, sep));
}

const unknown = (expr: string): Written => ({ unknown: hole(expr) });

function statementsOf(n: SgNode): SgNode[] {
  const k = n.kind() as string;
  if (k === 'statement_block') return n.namedChildren();
  if (k === 'else_clause') return n.namedChildren().flatMap(statementsOf);
  return [n];
}

const within = (n: SgNode, outer: SgNode): boolean => {
  const a = n.range();
  const b = outer.range();
  return a.start.index >= b.start.index && a.end.index <= b.end.index;
};

function ownerFunction(n: SgNode): SgNode | null {
  for (let a = n.parent(); a; a = a.parent()) if (FUNCTION_KINDS.has(a.kind() as string)) return a;
  return null;
}
