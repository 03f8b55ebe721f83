// Messages a function of another module returns and a caller keeps in a local before raising it.
// ldap3's validators report a bad value as text: `def check_port(port): … return 'Source port must
// in range from 0 to 65535'` (utils/port_validators.py), and the caller, in another module, raises
// it: `port_err = check_port(port)` / `if port_err: raise LDAPInvalidPortError(port_err)`. A file
// is analyzed alone, so the local was a hole.
//
// The defining file files the texts each function returns (`return '…'`, a text of two words or
// more) under `::returned/NAME` (a message table, record/tables.ts); the caller's local, assigned a
// call of NAME that its file does not define, is a lookup with no key into that table, each text an
// alternative. As for tuples (returned-tuples.ts), the receiver is not followed and the usual rule
// for which files answer (the caller's own, else at most three defining files) keeps a common name
// from reading every module's texts.

import type { SgNode } from '@ast-grep/napi';
import { findAllAt } from './statements.js';
import type { MessageTable } from '../../core/site.js';
import { isLit } from '../../template/ir.js';
import type { BuildFn } from './returned-tuples.js';

/** The table a function's returned texts are filed under. */
export const returnedTable = (fn: string): string => `::returned/${fn}`;

/** A `return '…'` line returning a quoted text of two words or more (the text test before any tree query). */
const TEXT_RETURN = /^[ \t]*return[ \t]+[rRuUfF]{0,2}(['"])[^'"\n]*\w\s+\w[^\n]*$/gm;
/** Does the text return such a text (pythonCannotRaise: a file of validators raising nothing is analyzed)? */
export const mayReturnText = (source: string): boolean => new RegExp(TEXT_RETURN.source, 'm').test(source);

/** Text returns read per file, at most. */
const MAX_RETURNS = 64;

/** The texts the file's functions return (`return 'Source port must be an integer'`), one table per function name. */
export function textReturnTables(root: SgNode, source: string, buildIn: BuildFn): MessageTable[] {
  const byTable = new Map<string, MessageTable>();
  const ats = [...source.matchAll(TEXT_RETURN)].slice(0, MAX_RETURNS).map((m) => m.index + m[0].indexOf('return'));
  // (the return statements by offset, searched for in the statements holding the lines that pass the text test)
  const returns = new Map(findAllAt(root, ats, { rule: { kind: 'return_statement' } }).map((n) => [n.range().start.index, n]));
  for (const at of ats) {
    const ret = returns.get(at);
    const e = ret?.namedChildren().find((c) => c.kind() !== 'comment');
    if (!ret || !e || (e.kind() !== 'string' && e.kind() !== 'concatenated_string' && e.kind() !== 'binary_operator' && e.kind() !== 'call')) continue;
    let fn = ret.parent();
    while (fn && fn.kind() !== 'function_definition' && fn.kind() !== 'lambda') fn = fn.parent();
    const name = fn?.kind() === 'function_definition' ? fn.field('name')?.text() : undefined;
    // (`__str__`, `__repr__` and their like return an object's text, not a message kept for a raise)
    if (!fn || !name || /^__\w+__$/.test(name)) continue;
    const b = buildIn(e, fn);
    if (!b.s || !b.t.some((s) => isLit(s) && /\S\s+\S/.test(s.lit))) continue;
    const table = returnedTable(name);
    const t = byTable.get(table) ?? { name: table, entries: [] };
    t.entries.push({ key: name, template: b.t, line: e.range().start.line + 1 });
    byTable.set(table, t);
  }
  return [...byTable.values()];
}
