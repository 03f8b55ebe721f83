// Messages kept in a field of a record built as a constant. aniso8601 declares
// `Limit = namedtuple('Limit', ['casterrorstring', 'min', 'max', 'rangeexception',
// 'rangeerrorstring', 'rangefunc'])`, raises `limit.rangeexception(limit.rangeerrorstring)` in the
// same file, and builds the limits in another: `TIME_HH_LIMIT = Limit('Invalid hour string.', 0,
// 24, HoursOutOfBoundsError, 'Hour must be between 0..24 …', …)`. The raise holds no text; the
// texts passed at that field's position to the record's constants are what it can raise.
//
// The declaring file knows the field's position (a namedtuple's field list, a NamedTuple class's or
// a dataclass's annotated fields, in order); the constants' files know the texts by position. Both
// meet in a message table (record/tables.ts) named for the record and the position,
// `::field/Limit#4`: the constants file it, the raise reads it as a lookup with no key, each text an
// alternative of the site. Keyword arguments are not filed (the constant's file does not know the
// position they stand for).

import type { SgNode } from '@ast-grep/napi';
import type { MessageTable } from '../../core/site.js';
import { isLit, type Template } from '../../template/ir.js';
import { fieldNameTable, fieldTable, MESSAGE_FIELD } from './record-field-names.js';
import { build, type Scope } from './template.js';

/** `NAME = Record(` at the start of a line: a constant built by calling a CapWords name (the text test before any tree query). */
const CONSTANT_TEXT = /^[ \t]*[A-Z][A-Z0-9_]*[ \t]*=[ \t]*(?:[A-Za-z_]\w*\.)*[A-Z]\w*\(/gm;
/** `namedtuple('Name', …)`, `class Name(NamedTuple)`, `@dataclass`: the text test for a record declaration. */
const RECORD_TEXT = /namedtuple\(|\(\s*(?:typing\.)?NamedTuple\s*\)|@(?:dataclasses\.)?dataclass\b/;
/**
 * A message-named field in a declaration's text: a quoted name in a namedtuple's field list or an
 * annotated name in a class body (`rangeerrorstring'`, `    error_text: str`). Most files declaring
 * records declare none: they are not walked.
 */
const MESSAGE_FIELD_TEXT = /namedtuple\(\s*['"]\w+['"]\s*,[^)]{0,800}?\w*(?:msg|message|error|reason|text|description)|^[ \t]+\w*(?:msg|message|error|reason|text|description)\w*[ \t]*:[ \t]*[A-Za-z_][\w.[\], ]*(?:=[^\n]*)?$/im;
/** Constants read per file, at most. */
const MAX_CONSTANTS = 200;
/** Fields of one record read, at most. */
const MAX_FIELDS = 32;
/** The longest source text of an argument read as a message. */
const MAX_ARG_CHARS = 1000;

/** Tables that send a lookup of a message field by name (fieldNameTable) to its position's texts, one per field the file's records declare. */
export function recordFieldTables(root: SgNode, source: string): MessageTable[] {
  const out: MessageTable[] = [];
  for (const [field, f] of recordFields(root, source)) {
    if (MESSAGE_FIELD.test(field)) out.push({ name: fieldNameTable(field), entries: [], reads: fieldTable(f.record, f.index) });
  }
  return out;
}

/** Whether the file may build record constants (a file with no raise is parsed for them then). */
export const mayBuildRecords = (source: string): boolean => new RegExp(CONSTANT_TEXT.source, 'm').test(source);

/**
 * The texts the file's constants pass to records by position (`X_LIMIT = Limit('…', 0, 24, …)`), one
 * table per record and position; only arguments built with text of two words or more (a sentence,
 * not a name or a flag).
 */
export function recordConstantTables(root: SgNode, source: string, scope: Scope): MessageTable[] {
  if (!mayBuildRecords(source)) return [];
  const byTable = new Map<string, MessageTable>();
  const hits = root.findAll({
    rule: {
      kind: 'assignment',
      has: { field: 'left', kind: 'identifier', regex: '^[A-Z][A-Z0-9_]*$' },
      all: [{ has: { field: 'right', kind: 'call', has: { field: 'function', regex: '(?:^|\\.)[A-Z]\\w*$' } } }],
    },
  });
  for (const a of hits.slice(0, MAX_CONSTANTS)) {
    const key = a.field('left')!.text();
    const call = a.field('right')!;
    const fn = call.field('function')!.text();
    const record = fn.slice(fn.lastIndexOf('.') + 1);
    const args = call.field('arguments');
    if (!args || args.kind() !== 'argument_list') continue;
    let i = 0;
    for (const arg of args.namedChildren()) {
      const k = arg.kind() as string;
      if (k === 'keyword_argument' || k === 'list_splat' || k === 'dictionary_splat') break;
      if (k === 'comment') continue;
      const index = i++;
      if (k !== 'string' && k !== 'concatenated_string' && k !== 'binary_operator' && k !== 'call') continue;
      if (arg.text().length > MAX_ARG_CHARS) continue;
      const b = build(arg, scope, 0);
      if (!b.s || !sentence(b.t)) continue;
      const name = fieldTable(record, index);
      const table = byTable.get(name) ?? { name, entries: [] };
      table.entries.push({ key, template: b.t, line: arg.range().start.line + 1 });
      byTable.set(name, table);
    }
  }
  return [...byTable.values()];
}

/** Text of two words or more among the template's literals. */
const sentence = (t: Template): boolean => t.some((s) => isLit(s) && /\S\s+\S/.test(s.lit));

/**
 * The fields of the records the file declares, each with its record and position; a field name two
 * records declare (at different positions or records) is left out: the read does not say which.
 */
export function recordFields(root: SgNode, source: string): Map<string, { record: string; index: number }> {
  const out = new Map<string, { record: string; index: number }>();
  if (!RECORD_TEXT.test(source) || !MESSAGE_FIELD_TEXT.test(source)) return out;
  const ambiguous = new Set<string>();
  const add = (record: string, fields: string[]) => {
    fields.slice(0, MAX_FIELDS).forEach((f, index) => {
      const had = out.get(f);
      if (had && (had.record !== record || had.index !== index)) ambiguous.add(f);
      else out.set(f, { record, index });
    });
  };
  // `Name = namedtuple('Name', ['a', 'b'])`, `namedtuple('Name', 'a b')`, `namedtuple('Name', 'a, b')`
  for (const c of root.findAll({ rule: { kind: 'call', has: { field: 'function', regex: '(?:^|\\.)namedtuple$' } } })) {
    const args = c.field('arguments')?.namedChildren().filter((n) => n.kind() !== 'comment') ?? [];
    const a = c.parent();
    const left = a?.kind() === 'assignment' ? a.field('left') : null;
    if (!left || left.kind() !== 'identifier' || args.length < 2) continue;
    const spec = args[1];
    let fields: string[] | null = null;
    if (spec.kind() === 'list' || spec.kind() === 'tuple') {
      const items = spec.namedChildren().filter((n) => n.kind() !== 'comment');
      if (items.every((n) => n.kind() === 'string')) fields = items.map((n) => unquote(n.text()));
    } else if (spec.kind() === 'string') {
      fields = unquote(spec.text()).split(/[\s,]+/).filter(Boolean);
    }
    if (fields && fields.every((f) => /^[A-Za-z_]\w*$/.test(f))) add(left.text(), fields);
  }
  // `class Name(NamedTuple): a: str` and `@dataclass class Name: a: str`: annotated fields in order
  for (const cls of root.findAll({ rule: { kind: 'class_definition' } })) {
    const supers = cls.field('superclasses')?.text() ?? '';
    const decorated = cls.parent()?.kind() === 'decorated_definition' && /@(?:dataclasses\.)?dataclass\b/.test(cls.parent()!.text().slice(0, cls.range().start.index - cls.parent()!.range().start.index));
    if (!/^\(\s*(?:typing\.)?NamedTuple\s*\)$/.test(supers) && !decorated) continue;
    const fields: string[] = [];
    for (const st of cls.field('body')?.namedChildren() ?? []) {
      const e = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
      // (`a: str` is an assignment with a type and maybe no value in tree-sitter-python)
      if (e?.kind() === 'assignment' && e.field('type') && e.field('left')?.kind() === 'identifier') fields.push(e.field('left')!.text());
    }
    if (fields.length) add(cls.field('name')!.text(), fields);
  }
  for (const f of ambiguous) out.delete(f);
  return out;
}

const unquote = (s: string): string => s.replace(/^[rRuUbB]{0,2}(['"])(.*)\1$/s, '$2');
