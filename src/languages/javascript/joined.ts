// A message built in an array and joined where it is read (nearley's `reportErrorCommon`:
// `var lines = []; lines.push(lexerMessage); if (…) { lines.push('Unexpected ' + …) … } else { … }
// lines.push(''); return lines.join('\n')`). The writes are read from the function's statements
// between the array's making and the read, in order (shared/built-text.ts joins them): a push gives
// its arguments' texts; an `if` whose branches push gives one reading per branch (with and without
// the branch when it has no `else`); a loop, the array handed to a function (which may push into
// it) or any other use is text not known here, a hole. A string local appended to under conditions
// (`if (p.deep) text += ' deeply'`) is read the same way, its `+=` the writes. Linear: one pass over
// the statements, each tested for the name by its text; at most MAX_BUILT_WRITES writes.

import type { SgNode } from '@ast-grep/napi';
import { hole, type Template } from '../../template/ir.js';
import { beforeUnknown, forkWritten, joinWritten, MAX_BUILT_WRITES, type Written } from '../shared/built-text.js';

/** Statements between the making and the read, and characters of them, read at most (a bundle's wrapper function is one body). */
const MAX_STATEMENTS = 64;
const MAX_TEXT = 64 * 1024;
const FUNCTION_KINDS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function']);

/** How the pack reads a pushed value (template.ts: its text, or a hole). */
export type ReadValue = (n: SgNode) => Template;

/**
 * The readings of `name.join(sep)` at `read`, where `made` is the array literal `name` was made with
 * (`var lines = []`, in the same function as the read, at the top of its body); null when the name is
 * reassigned, the making or the read is nested in a statement, or nothing is written.
 */
export function joinedReadings(name: string, made: SgNode, read: SgNode, sep: string, value: ReadValue): Template[] | null {
  const initial: Written[] = made.namedChildren().filter((c) => c.kind() !== 'comment').map((c) => (c.kind() === 'spread_element' ? unknown(name) : { t: value(c) }));
  return readings(name, made, read, initial, sep, 'array', value);
}

/**
 * The readings of a string local at `read` whose `+=` are under conditions (`let text = 'Cannot ' + p;
 * if (p.deep) text += ' deeply'; text += ' now'`): its value, then each `+=` in order, an `if` a
 * reading per branch, a `+=` in a loop or inside another expression a hole. `value` is the value of
 * the assignment that reaches the read; null as for joinedReadings.
 */
export function appendedReadings(name: string, made: SgNode, read: SgNode, value: ReadValue): Template[] | null {
  return readings(name, made, read, [{ t: value(made) }], '', 'string', value);
}

function readings(name: string, made: SgNode, read: SgNode, initial: Written[], sep: string, kind: 'array' | 'string', value: ReadValue): Template[] | null {
  const fn = ownerFunction(made);
  if (!fn || ownerFunction(read)?.id() !== fn.id()) return null;
  const body = fn.field('body');
  if (!body || body.kind() !== 'statement_block') return null;
  const stmts = body.namedChildren();
  const from = stmts.findIndex((s) => within(made, s));
  const to = stmts.findIndex((s) => within(read, s));
  if (from < 0 || to <= from || to - from > MAX_STATEMENTS) return null;
  if (stmts[to].range().start.index - stmts[from].range().end.index > MAX_TEXT) return null;
  const escaped = name.replace(/\$/g, '\\$');
  const mentions = new RegExp(`(?<![\\w$.])${escaped}(?![\\w$])`);
  const reassigned = new RegExp(`(?<![\\w$.])${escaped}\\s*=[^=]`);
  const appends = new RegExp(`(?<![\\w$.])${escaped}\\s*\\+=`);
  let writes = 0;

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
      // (a string is changed only by `+=`; an array's condition may read what was pushed)
      const branches = k === 'if_statement' && (kind === 'string' || !mentions.test(st.field('condition')?.text() ?? ''))
        ? ifBranches(st)
        : k === 'switch_statement' && !mentions.test(st.field('value')?.text() ?? '') ? switchBranches(st) : null;
      if (branches) {
        const each = branches.map((b) => walk(b, [[]]));
        next = each.every((e) => e !== null) ? forkWritten(out, each as Written[][][]) : null;
        // (more readings than kept: what the choice writes is not known here)
        next ??= out.map((r) => [...r, unknown(name)]);
      } else {
        const w = kind === 'array' ? pushed(st) : appended(st, text);
        next = w.length ? out.map((r) => [...r, ...w]) : out;
      }
      if (writes > MAX_BUILT_WRITES) return null;
      out = next;
    }
    return out;
  };

  // `name.push(a, b)`: a write per argument; anything else naming the array (handed to a function,
  // a loop's callback): text not known here.
  const pushed = (st: SgNode): Written[] => {
    const e = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
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

  // `name += x`: its text; a `+=` elsewhere in the statement (a loop's, inside an expression): a hole;
  // a statement only reading the string: nothing.
  const appended = (st: SgNode, text: string): Written[] => {
    if (!appends.test(text)) return [];
    writes++;
    const e = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
    const right = e?.kind() === 'augmented_assignment_expression' && e.field('left')?.text() === name && e.field('operator')?.text() === '+=' ? e.field('right') : null;
    return [right ? { t: value(right) } : unknown(name)];
  };

  const out = walk(stmts.slice(from + 1, to), [initial]);
  if (!out || writes === 0) return null;
  // (a string's text stops before a `+=` not read)
  return out.map((r) => joinWritten(kind === 'string' ? beforeUnknown(r) : r, sep));
}

/** An `if`'s branches: its body's statements and its `else`'s (none when it has no `else`). */
function ifBranches(st: SgNode): SgNode[][] {
  const cons = st.field('consequence');
  const alt = st.field('alternative');
  return [cons ? statementsOf(cons) : [], alt ? statementsOf(alt) : []];
}

/**
 * A `switch`'s branches: each case's statements (a case with none falls through to the next and is
 * that one's), and none when there is no `default`.
 */
function switchBranches(st: SgNode): SgNode[][] {
  const out: SgNode[][] = [];
  let hasDefault = false;
  for (const c of st.field('body')?.namedChildren() ?? []) {
    const k = c.kind() as string;
    if (k !== 'switch_case' && k !== 'switch_default') continue;
    if (k === 'switch_default') hasDefault = true;
    const value = c.field('value');
    const body = c.namedChildren().filter((n) => n.kind() !== 'comment' && n.kind() !== 'break_statement' && (!value || n.id() !== value.id()));
    if (body.length) out.push(body);
  }
  if (!hasDefault) out.push([]);
  return out;
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

/** The innermost function a node is in. */
export function ownerFunction(n: SgNode): SgNode | null {
  for (let a = n.parent(); a; a = a.parent()) if (FUNCTION_KINDS.has(a.kind() as string)) return a;
  return null;
}
