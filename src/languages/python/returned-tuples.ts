// Messages returned inside a tuple and raised by the caller. json5's parser reports failure as a
// value: `Parser.parse` ends `return None, self._err_str(), self.errpos`, and the caller, in another
// module, unpacks and raises: `ast, err, _ = parser.parse()` … `raise ValueError(err)`. The raise's
// name is neither assigned alone nor a parameter, so it was a hole.
//
// The defining file files the texts each function returns at each position of a tuple under
// `::tuple/NAME#i` (a message table, record/tables.ts); the caller's name, unpacked at position i
// from a call of NAME, is a lookup with no key into that table, each text an alternative. The call's
// receiver is not followed (`parser` there): the method's name and the position tie them, as a
// message table's name does, and the usual rule for which files answer (the caller's own, else
// at most three defining files) keeps a common name (`parse`) from reading every parser's texts.

import type { SgNode } from '@ast-grep/napi';
import { findAllAt } from './statements.js';
import type { MessageTable } from '../../core/site.js';
import { isLit, type Template } from '../../template/ir.js';

/** The table a function's returned tuple element is filed under. */
export const tupleTable = (fn: string, index: number): string => `::tuple/${fn}#${index}`;

/** A `return a, b` line with text or a message-named call in it (the text test before any tree query). */
const TUPLE_RETURN = /^[ \t]*return[ \t]+[^\n#]*,[^\n]*$/gm;
/** …with a quoted text of two words or more, or a call whose name says message, in it. */
const TEXTUAL = /['"][^'"\n]*\w\s+\w[^'"\n]*['"]|\b_*\w*(?:err|msg|message|reason)\w*\(/i;
/** A `return warnings, errors` line of names only (read when the file appends to a list). */
const NAMES_ONLY = /^[ \t]*return[ \t]+[A-Za-z_]\w*(?:[ \t]*,[ \t]*[A-Za-z_]\w*)+[ \t]*,?[ \t]*(?:#[^\n]*)?$/;
/** Texts appended to one returned list that are filed, at most. */
const MAX_APPENDED = 32;
/** Tuple returns read per file, at most. */
const MAX_RETURNS = 64;
/** Elements of one tuple read, at most. */
const MAX_ELEMENTS = 8;

/** A built value: its template and whether text came into it. */
export type BuildFn = (node: SgNode, fn: SgNode) => { t: Template; s: boolean };

/**
 * The texts the file's functions return inside a tuple (`return None, self._err_str(), pos`), one
 * table per function name and position; only elements built with text of two words or more.
 */
export function tupleReturnTables(root: SgNode, source: string, buildIn: BuildFn): MessageTable[] {
  const byTable = new Map<string, MessageTable>();
  const appends = source.includes('.append(');
  const appended = new Map<string, boolean>();
  const ats: number[] = [];
  for (const m of source.matchAll(TUPLE_RETURN)) {
    if (!TEXTUAL.test(m[0]) && !(appends && NAMES_ONLY.test(m[0]) && returnsAppended(m[0], source, appended))) continue;
    if (ats.length >= MAX_RETURNS) break;
    ats.push(m.index + m[0].indexOf('return'));
  }
  // (the returns of a tuple by offset, searched for in the statements holding the lines that pass the text test)
  const returns = new Map(findAllAt(root, ats, { rule: { kind: 'return_statement', has: { kind: 'expression_list' } } }).map((n) => [n.range().start.index, n]));
  for (const at of ats) {
    const ret = returns.get(at);
    const list = ret?.namedChildren().find((c) => c.kind() === 'expression_list');
    if (!ret || !list) continue;
    let fn = ret.parent();
    while (fn && fn.kind() !== 'function_definition' && fn.kind() !== 'lambda') fn = fn.parent();
    const name = fn?.kind() === 'function_definition' ? fn.field('name')?.text() : undefined;
    if (!fn || !name) continue;
    list.namedChildren().filter((c) => c.kind() !== 'comment').slice(0, MAX_ELEMENTS).forEach((e, i) => {
      const k = e.kind() as string;
      const file = (value: SgNode): void => {
        const b = buildIn(value, fn!);
        if (!b.s || !b.t.some((s) => isLit(s) && /\S\s+\S/.test(s.lit))) return;
        const table = tupleTable(name, i);
        const t = byTable.get(table) ?? { name: table, entries: [] };
        t.entries.push({ key: name, template: b.t, line: value.range().start.line + 1 });
        byTable.set(table, t);
      };
      // `return warnings, errors` of lists the function grows: each text appended is one it may hold
      if (k === 'identifier') {
        if (appends) for (const v of appendedTexts(fn!, e.text())) file(v);
        return;
      }
      if (k === 'none' || k === 'integer' || k === 'true' || k === 'false' || k === 'attribute') return;
      file(e);
    });
  }
  return [...byTable.values()];
}

/**
 * Whether a name of a `return a, b` line of names is appended to somewhere in the file (else no list
 * it returns holds a text); `known` keeps each name's answer, one pass over the text per name.
 */
function returnsAppended(line: string, source: string, known: Map<string, boolean>): boolean {
  const names = line.replace(/#.*/, '').trim().slice('return'.length).split(',').map((n) => n.trim()).filter(Boolean);
  return names.some((n) => {
    let hit = known.get(n);
    if (hit === undefined) known.set(n, (hit = new RegExp(`(?<![\\w.])${n}\\s*\\.\\s*append\\s*\\(`).test(source)));
    return hit;
  });
}

/**
 * The values a function appends to a list it starts empty (`errors = []` … `errors.append(f'Invalid
 * duplicated license key: {dupe!r}.')`), in order, at most MAX_APPENDED; none when the list is
 * changed any other way (`extend`, `insert`, `+=`, an item set, assigned again).
 */
function appendedTexts(fn: SgNode, name: string): SgNode[] {
  const text = fn.text();
  const n = name.replace(/[^\w]/g, '');
  const starts = text.match(new RegExp(`(?:^|[^\\w.])${n}[ \\t]*=[ \\t]*(?:\\[[ \\t]*\\]|list\\(\\))`, 'g'));
  if (!starts || starts.length !== 1) return [];
  if (new RegExp(`(?:^|[^\\w.])${n}[ \\t]*(?:\\.(?:extend|insert)\\(|\\+=|\\[[^\\]\\n]*\\][ \\t]*=[^=])`).test(text)) return [];
  const out: SgNode[] = [];
  for (const c of fn.findAll({ rule: { kind: 'call', has: { field: 'function', kind: 'attribute', regex: `^${n}\\.append$` } } })) {
    const args = c.field('arguments')?.namedChildren().filter((a) => a.kind() !== 'comment') ?? [];
    if (args.length === 1 && args[0].kind() !== 'keyword_argument' && args[0].kind() !== 'list_splat') out.push(args[0]);
    if (out.length >= MAX_APPENDED) break;
  }
  return out;
}

/**
 * `err` of `ast, err, _ = parser.parse()` in the function (or module body) `body`: the table of the
 * called function's returned tuple at err's position, or null when no such unpacking assigns it.
 * Every unpacking of the body is read once (`cache`, by the body's node id): linear in the body
 * whatever the number of names asked.
 */
export function unpackedFrom(body: SgNode, name: string, cache: Map<number, Map<string, string>>): string | null {
  let byName = cache.get(body.id());
  if (!byName) {
    byName = new Map();
    cache.set(body.id(), byName);
    // (text first: a comma before an `=` that is not `==`, on one line)
    if (/,[^\n=]*=[^=]/.test(body.text())) {
      for (const a of body.findAll({ rule: { kind: 'assignment', has: { field: 'left', any: [{ kind: 'pattern_list' }, { kind: 'tuple_pattern' }] } } })) {
        const right = a.field('right');
        if (right?.kind() !== 'call') continue;
        const f = right.field('function');
        const callee = f?.kind() === 'identifier' ? f.text() : f?.kind() === 'attribute' ? f.field('attribute')?.text() : undefined;
        if (!callee) continue;
        a.field('left')!.namedChildren().filter((c) => c.kind() !== 'comment').forEach((n, i) => {
          // (the first unpacking of the name is kept: a later one is most often the same call's)
          if (n.kind() === 'identifier' && !byName!.has(n.text())) byName!.set(n.text(), tupleTable(callee, i));
        });
      }
    }
  }
  return byName.get(name) ?? null;
}
