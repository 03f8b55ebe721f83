// Message tables a JavaScript file defines at its top level, for lookups from other
// files of the tree (record/tables.ts): `const ErrorMessages = { UnexpectedEOF: '…' }`,
// `export const messages = { string: { min: '{{#label}} …' } }` (nested keys joined
// by `.`), `exports.Messages = { … }`. Lookups in the same file are resolved as the
// templates are built (template.ts: member, subscript); these are what the file
// leaves for the others, and for callers' keys into a helper's `messages[code]`.

import type { SgNode } from '@ast-grep/napi';
import { MODULE_TABLE, type MessageTable } from '../../core/site.js';
import { isLit } from '../../template/ir.js';
import { buildTemplate, entryTemplate, propertyKey, styleOfTable, unwrap, type Resolver } from './template.js';

/** Entries read from one file's tables, at most (a generated locale bundle may hold thousands). */
const MAX_ENTRIES = 2000;
/** Nesting read under a table's top (`messages.string.min`). */
const MAX_NESTING = 3;
/** A table is an object literal with at least this many message entries. */
const MIN_ENTRIES = 2;

/** An object literal assigned whose first entry (or its first nested entry) is a string, its key plain or computed (`[30]:`, `[Errors.X]:`): a table may be there. */
const TABLE_TEXT = /=\s*\{\s*\[?\s*['"]?[\w$.-]+['"]?\s*\]?\s*:\s*(?:\{\s*['"]?[\w$.-]+['"]?\s*:\s*)?['"`]/;

/** A module's exports object holding an object (`module.exports = { ErrorMessages: { … } }`): a table may be its value. */
const EXPORTS_OBJECT = /^(?:module\.)?exports\s*=\s*\{\s*[A-Za-z_$][\w$]*\s*:\s*\{/m;

/** A text exported by name at the top level: `exports.NOT_FOUND = '…'`, `export const NOT_FOUND = '…'`. */
const EXPORTED_TEXT = /^(?:(?:module\.)?exports\.[A-Za-z_$][\w$]*|export\s+const\s+[A-Za-z_$][\w$]*)\s*=\s*['"`]/m;

/** The tail of TypeScript's compiled enum, `})(Kind || (exports.Kind = Kind = {}));`, `})(Kind || (Kind = {}));`. */
const ENUM_TAIL = /\}\)\(\s*([A-Za-z_$][\w$]*)\s*\|\|\s*\((?:[\w$.]+\s*=\s*)*\1\s*=\s*\{\s*\}\s*\)\s*\)/;

/**
 * Texts a module declares at the top level and exports afterwards by a list, `const PREFIX = '…'`
 * and `export { PREFIX, other as NAME }` or `module.exports = { PREFIX, NAME: other }`: both a
 * top-level text constant and such a list.
 */
const TEXT_CONST = /^(?:const|let|var)\s+[A-Za-z_$][\w$]*\s*=\s*['"`]/m;
const EXPORT_LIST = /^(?:export\s*\{|(?:module\.)?exports\s*=\s*\{)/m;
const exportsList = (source: string): boolean => TEXT_CONST.test(source) && EXPORT_LIST.test(source);

/** Whether the text may hold a message table (a file with no raise is parsed for its tables then). */
export const mayHoldTable = (source: string): boolean =>
  TABLE_TEXT.test(source) || EXPORTS_OBJECT.test(source) || EXPORTED_TEXT.test(source) || ENUM_TAIL.test(source) || exportsList(source);

/** The file's top-level tables of messages; none when the text has no table's start (TABLE_TEXT). */
export function fileTables(root: SgNode, source: string, r: Resolver): MessageTable[] {
  const out: MessageTable[] = [];
  const own = EXPORTED_TEXT.test(source) || exportsList(source) ? exportedTexts(root, r) : null;
  if (own) out.push(own);
  if (ENUM_TAIL.test(source)) out.push(...enumTables(root, r));
  if (!TABLE_TEXT.test(source) && !EXPORTS_OBJECT.test(source)) return out;
  let total = 0;
  for (const st of root.children()) {
    for (const [name, obj] of tableDeclarations(st)) {
      if (total >= MAX_ENTRIES) return out;
      const entries: MessageTable['entries'] = [];
      const style = styleOfTable(obj);
      const visit = (o: SgNode, prefix: string, depth: number) => {
        for (const c of o.namedChildren()) {
          if (total + entries.length >= MAX_ENTRIES) continue;
          const fnEntry = c.kind() === 'method_definition' ? c : null;
          if (c.kind() !== 'pair' && !fnEntry) continue;
          const k = c.field(fnEntry ? 'name' : 'key');
          const v = fnEntry ? returnedText(fnEntry) : c.field('value');
          if (!k || !v) continue;
          const key = propertyKey(k);
          if (key === null) continue;
          let u = unwrap(v);
          // (`KEY: (id) => \`… ${id}\``, `KEY: function (id) { return …; }`: the text it returns, its parameters holes)
          if (!fnEntry && (u.kind() === 'arrow_function' || u.kind() === 'function_expression')) {
            const body = returnedText(u);
            if (!body) continue;
            u = unwrap(body);
          }
          if (u.kind() === 'object') {
            if (depth < MAX_NESTING) visit(u, prefix + key + '.', depth + 1);
            continue;
          }
          const kind = u.kind() as string;
          if (kind !== 'string' && kind !== 'template_string' && kind !== 'binary_expression') continue;
          const b = buildTemplate(u, r, 1);
          if (b.s && b.t.some(isLit)) entries.push({ key: prefix + key, template: entryTemplate(b.t, u, style), line: u.range().start.line + 1 });
        }
      };
      visit(obj, '', 0);
      if (entries.length >= MIN_ENTRIES) {
        out.push({ name, entries });
        total += entries.length;
      }
    }
  }
  return out;
}

/**
 * TypeScript's compiled enums at the top level, each a table named for the enum: `(function (Kind)
 * { Kind[Kind["EXPECT_ARGUMENT_CLOSING_BRACE"] = 1] = "EXPECT_ARGUMENT_CLOSING_BRACE"; …
 * })(Kind || (exports.Kind = Kind = {}));`. A numeric member's reverse mapping is an entry keyed
 * by its number whose text is the member's name (`SyntaxError(ErrorKind[result.err.kind])` raises
 * the name), a string member (`Kind["Missing"] = "value is missing"`) an entry keyed by the member.
 * Null entries (computed values) are left out; fewer than MIN_ENTRIES make no table.
 */
function enumTables(root: SgNode, r: Resolver): MessageTable[] {
  const out: MessageTable[] = [];
  let total = 0;
  for (const st of root.children()) {
    if (st.kind() !== 'expression_statement') continue;
    const call = unwrap(st.namedChildren()[0] ?? st);
    if (call.kind() !== 'call_expression') continue;
    const fn = unwrap(call.field('function') ?? call);
    const args = call.field('arguments')?.namedChildren() ?? [];
    if (fn.kind() !== 'function_expression' || args.length !== 1) continue;
    const params = fn.field('parameters')?.namedChildren() ?? [];
    const name = params.length === 1 && params[0].kind() === 'identifier' ? params[0].text() : null;
    const arg = unwrap(args[0]);
    if (!name || arg.kind() !== 'binary_expression' || arg.field('operator')?.text() !== '||' || arg.field('left')?.text() !== name) continue;
    const entries: MessageTable['entries'] = [];
    for (const b of fn.field('body')?.namedChildren() ?? []) {
      if (total + entries.length >= MAX_ENTRIES) break;
      const a = b.kind() === 'expression_statement' ? b.namedChildren()[0] : null;
      if (a?.kind() !== 'assignment_expression') continue;
      const left = a.field('left');
      const right = a.field('right');
      if (left?.kind() !== 'subscript_expression' || right?.kind() !== 'string' || left.field('object')?.text() !== name) continue;
      const ix = left.field('index');
      if (!ix) continue;
      let key: string | null = null;
      if (ix.kind() === 'string') key = stringValue(ix);
      else if (ix.kind() === 'assignment_expression') {
        // (`Kind[Kind["NAME"] = 1] = "NAME"`: the reverse mapping, keyed by the number)
        const inner = ix.field('left');
        const v = ix.field('right');
        if (inner?.kind() === 'subscript_expression' && inner.field('object')?.text() === name && v?.kind() === 'number') key = v.text();
      }
      const t = key === null ? null : buildTemplate(right, r, 1);
      if (!t || !t.s || !t.t.some(isLit)) continue;
      entries.push({ key: key!, template: entryTemplate(t.t, right, null), line: right.range().start.line + 1 });
    }
    if (entries.length >= MIN_ENTRIES) {
      out.push({ name, entries });
      total += entries.length;
    }
  }
  return out;
}

/**
 * The text a function entry of a table returns: an arrow's expression body, or a body that is one
 * `return` of an expression (`UNEXPECTED_TOKEN(id) { return \`Unexpected token ${JSON.stringify(id)}\`; }`).
 * Its parameters resolve to nothing, so they are holes, which the caller's arguments fill.
 */
function returnedText(fn: SgNode): SgNode | null {
  const body = fn.field('body');
  if (!body) return null;
  if (body.kind() !== 'statement_block') return body;
  const kids = body.namedChildren().filter((c) => c.kind() !== 'comment');
  if (kids.length !== 1 || kids[0].kind() !== 'return_statement') return null;
  return kids[0].namedChildren()[0] ?? null;
}

/** A plain string literal's text (no escapes other than quotes and backslashes), or null. */
function stringValue(n: SgNode): string | null {
  const t = n.text();
  if (t.length < 2 || !/^(['"]).*\1$/s.test(t)) return null;
  const body = t.slice(1, -1);
  if (/\\[^'"\\]/.test(body)) return null;
  return body.replace(/\\(['"\\])/g, '$1');
}

/** `const NAME = {…}` (also exported), `exports.NAME = {…}`, `module.exports.NAME = {…}` in one top-level statement. */
function tableDeclarations(st: SgNode): [string, SgNode][] {
  let s = st;
  if (s.kind() === 'export_statement') {
    const d = s.field('declaration');
    if (!d) return [];
    s = d;
  }
  const k = s.kind() as string;
  if (k === 'lexical_declaration' || k === 'variable_declaration') {
    return declared(s).flatMap(([name, value]): [string, SgNode][] => {
      const v = unwrap(value);
      return v.kind() === 'object' ? [[name, v]] : [];
    });
  }
  if (k === 'expression_statement') {
    const a = s.namedChildren()[0];
    if (a?.kind() !== 'assignment_expression') return [];
    const left = a.field('left');
    const right = a.field('right');
    const v = right ? unwrap(right) : null;
    if (!left || v?.kind() !== 'object') return [];
    // (`module.exports = { ErrorMessages: { … }, … }`: each object it exports by name)
    if (/^(?:module\.)?exports$/.test(left.text())) {
      const out: [string, SgNode][] = [];
      for (const c of v.namedChildren()) {
        const key = c.kind() === 'pair' ? c.field('key') : null;
        const val = c.field('value');
        const name = key?.kind() === 'property_identifier' ? key.text() : null;
        const o = val ? unwrap(val) : null;
        if (name && o?.kind() === 'object') out.push([name, o]);
      }
      return out;
    }
    const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(left.text());
    return m ? [[m[1], v]] : [];
  }
  return [];
}

/** `const A = …, b = …`: each declarator's plain name and value. */
function declared(d: SgNode): [string, SgNode][] {
  const out: [string, SgNode][] = [];
  for (const v of d.namedChildren()) {
    const name = v.kind() === 'variable_declarator' ? v.field('name') : null;
    const value = v.field('value');
    if (name?.kind() === 'identifier' && value) out.push([name.text(), value]);
  }
  return out;
}

/**
 * The texts a module exports one by one at its top level (`exports.AMBIGUOUS_MATCH = 'Ambiguous
 * match found for serviceIdentifier:'`, TypeScript's compiled `export const`, `export const X =
 * '…'`): a table of the module itself (MODULE_TABLE), which a file binding the module as a
 * namespace looks into (`ERROR_MSGS.AMBIGUOUS_MATCH` of `const ERROR_MSGS =
 * __importStar(require('../constants/error_msgs'))`). Null with fewer than MIN_ENTRIES texts.
 */
function exportedTexts(root: SgNode, r: Resolver): MessageTable | null {
  const entries: MessageTable['entries'] = [];
  const add = (key: string, value: SgNode) => {
    const u = unwrap(value);
    const kind = u.kind() as string;
    if (entries.length >= MAX_ENTRIES || (kind !== 'string' && kind !== 'template_string' && kind !== 'binary_expression')) return;
    const b = buildTemplate(u, r, 1);
    if (b.s && b.t.some(isLit)) entries.push({ key, template: entryTemplate(b.t, u, null), line: u.range().start.line + 1 });
  };
  // (top-level `const NAME = '…'`, for an export list naming them; the list comes after them)
  const texts = new Map<string, SgNode>();
  for (const st of root.children()) {
    const k = st.kind() as string;
    if (k === 'lexical_declaration' || k === 'variable_declaration') {
      for (const [name, value] of declared(st)) if (texts.size < MAX_ENTRIES) texts.set(name, value);
    } else if (k === 'export_statement') {
      const d = st.field('declaration');
      if (d?.kind() === 'lexical_declaration') {
        for (const [name, value] of declared(d)) add(name, value);
        continue;
      }
      // (`export { PREFIX, other as NAME }`, not a re-export `export { … } from '…'`)
      if (d || st.field('source')) continue;
      const clause = st.namedChildren().find((c) => c.kind() === 'export_clause');
      for (const sp of clause?.namedChildren() ?? []) {
        if (sp.kind() !== 'export_specifier') continue;
        const local = sp.field('name')?.text() ?? '';
        const value = texts.get(local);
        if (value) add(sp.field('alias')?.text() ?? local, value);
      }
    } else if (k === 'expression_statement') {
      const a = st.namedChildren()[0];
      if (a?.kind() !== 'assignment_expression') continue;
      const left = a.field('left')?.text() ?? '';
      const right = a.field('right');
      const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(left);
      if (m && right) add(m[1], right);
      else if (/^(?:module\.)?exports$/.test(left) && right?.kind() === 'object') {
        // (`module.exports = { PREFIX, NAME: other }`: shorthands and names of top-level texts)
        for (const c of right.namedChildren()) {
          const key = c.kind() === 'shorthand_property_identifier' ? c.text() : c.kind() === 'pair' ? propertyKey(c.field('key') ?? c) : null;
          const v = c.kind() === 'pair' ? c.field('value') : c;
          const value = key !== null && v && (v.kind() === 'identifier' || v.kind() === 'shorthand_property_identifier') ? texts.get(v.text()) : undefined;
          if (key !== null && value) add(key, value);
        }
      }
    }
  }
  return entries.length >= MIN_ENTRIES ? { name: MODULE_TABLE, entries } : null;
}

