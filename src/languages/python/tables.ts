// Python message tables: dicts of messages assigned at module level or in a class
// body (`MESSAGES = {'invalid': 'Not a valid {kind}.'}`, `default_error_messages =
// {'invalid': _('Enter a valid value.')}`), and lookups into them (`MESSAGES['x']`,
// `self.error_messages['invalid']`, `self.error_messages[key]` with `key` a
// parameter). The pack reports both; record/tables.ts puts the entries in, from this
// file or another of the tree (a base class's table, an imported dict).

import type { SgNode } from '@ast-grep/napi';
import { MODULE_TABLE, type MessageTable } from '../../core/site.js';
import { concat, isLit, type Template } from '../../template/ir.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import { CONSTANT_NAME, stringTemplate } from './strings.js';
import { build, type Scope } from './template.js';

/** A dict literal whose first entry maps a string to a string, assigned to a name (the text test before any tree walk). */
const TABLE_TEXT = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*\{\s*[rRuUbB]?['"][^'"\n]{0,80}['"]\s*:\s*(?:_l?\(\s*|gettext(?:_lazy)?\(\s*)?[rRuUbBfF]{0,2}['"]/gm;
/** `NAME = dict(key=_('…'), …)`, the same test for a table written as a call. */
const DICT_CALL_TEXT = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*dict\(\s*[A-Za-z_]\w*\s*=\s*(?:_l?\(\s*|gettext(?:_lazy)?\(\s*)?[rRuUbBfF]{0,2}['"]/gm;
/**
 * `NAME = MappingProxyType({'k': '…', …})`: the same test for a dict handed to a wrapper (a read-only
 * view, `types.MappingProxyType`, `frozendict`, `OrderedDict`), the table its one argument.
 */
const WRAPPED_TEXT = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=[ \t]*[A-Za-z_][\w.]*\(\s*\{\s*[rRuUbB]?['"][^'"\n]{0,80}['"]\s*:\s*(?:\(\s*)?(?:_l?\(\s*|gettext(?:_lazy)?\(\s*)?[rRuUbBfF]{0,2}['"]/gm;
/** A call given a dict literal (`({`, or across lines), which WRAPPED_TEXT needs. */
const WRAPPED_MARK = /\(\s*\{/;
/** The rules, sticky: tried only at the starts of the lines holding their `= {` or `= dict(` (lineMatches). */
const TABLE_AT = new RegExp(TABLE_TEXT.source, 'my');
const DICT_CALL_AT = new RegExp(DICT_CALL_TEXT.source, 'my');
const MAX_ENTRIES = 2000;
/** The longest source text of an entry's value read as a message (the longest message of the Python stdlib's records is 615 characters). */
const MAX_VALUE_CHARS = 2000;

/**
 * A constant's text at module level (`LINE_VALUE_NO_NEWLINE = ' No newline at end of file'`), the text
 * test before any tree walk: a text with a space (a word such as `'utf-8'` or `'GET'` is no message).
 */
const CONSTANT_TEXT = /^(_?(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*|[A-Z]{2,}[A-Z0-9]*))[ \t]*(?::[^=\n]*)?=[ \t]*(?:\(\s*)?[rRuU]?(?:'[^'\n]* |"[^"\n]* )/gm;
/** The same test for a constant of a class body (indented). */
const CLASS_CONSTANT_TEXT = /^[ \t]+(_?(?:[A-Z][A-Z0-9]*_[A-Z0-9_]*|[A-Z]{2,}[A-Z0-9]*))[ \t]*(?::[^=\n]*)?=[ \t]*(?:\(\s*)?[rRuU]?(?:'[^'\n]* |"[^"\n]* )/gm;
/** The most module-level constants filed a file (a generated module of thousands is data, not messages). */
const MAX_CONSTANTS = 500;

/** Whether the text may hold a message table (a file with no raise is parsed for its tables then). */
export const mayHoldTable = (source: string): boolean =>
  new RegExp(TABLE_TEXT.source, 'm').test(source) || new RegExp(DICT_CALL_TEXT.source, 'm').test(source) || new RegExp(CONSTANT_TEXT.source, 'm').test(source)
  || (WRAPPED_MARK.test(source) && new RegExp(WRAPPED_TEXT.source, 'm').test(source));

/**
 * The texts a module keeps in upper-case constants at its top level (unidiff's constants.py:
 * `LINE_VALUE_NO_NEWLINE = ' No newline at end of file'`): a table of the module itself
 * (MODULE_TABLE), which a file importing a name from it (`from unidiff.constants import
 * LINE_VALUE_NO_NEWLINE`, `from .constants import X`) looks into for that name (template.ts
 * importedText). Only texts: a constant given anything else is not a message.
 */
export function moduleConstantTexts(root: SgNode, source: string, scope: Scope): MessageTable[] {
  const top = new RegExp(CONSTANT_TEXT.source, 'm').test(source);
  const inClass = new RegExp(CLASS_CONSTANT_TEXT.source, 'm').test(source);
  if (!top && !inClass) return [];
  const entries: MessageTable['entries'] = [];
  // (a top-level class's constants too, as `Class.NAME`: `class BadInputError(…): OUT_OF_BOUNDS = "Invalid
  // input (out of bounds): {0}: {1}"`, which a module importing the class reads as
  // `BadInputError.OUT_OF_BOUNDS`, template.ts classConstant)
  const statements: { st: SgNode; prefix: string }[] = [];
  for (const st of root.children()) {
    if (st.kind() === 'class_definition' && inClass) {
      const name = st.field('name')?.text();
      if (name) for (const c of st.field('body')?.children() ?? []) statements.push({ st: c, prefix: `${name}.` });
    } else if (top) statements.push({ st, prefix: '' });
  }
  for (const { st, prefix } of statements) {
    if (entries.length >= MAX_CONSTANTS) break;
    if (st.kind() !== 'expression_statement') continue;
    const a = st.namedChildren()[0];
    if (a?.kind() !== 'assignment') continue;
    const left = a.field('left');
    const right = a.field('right');
    if (left?.kind() !== 'identifier' || !right || !CONSTANT_NAME.test(left.text())) continue;
    const k = right.kind() as string;
    if (k !== 'string' && k !== 'concatenated_string' && k !== 'binary_operator' && k !== 'parenthesized_expression') continue;
    const at = right.range();
    if (at.end.index - at.start.index > MAX_VALUE_CHARS) continue;
    const b = build(right, scope, 1);
    if (b.s && b.t.some((x) => isLit(x) && x.lit.includes(' '))) entries.push({ key: prefix + left.text(), template: b.t, line: at.start.line + 1 });
  }
  return entries.length ? [{ name: MODULE_TABLE, entries }] : [];
}
const MIN_ENTRIES = 2;

/** The dict tables the file assigns at module level or in a class body. */
export function fileTables(root: SgNode, source: string, scope: Scope): MessageTable[] {
  const starts: number[] = [];
  for (const m of lineMatches(source, '{', TABLE_AT)) starts.push(m.index + m[0].indexOf(m[1]));
  for (const m of lineMatches(source, 'dict(', DICT_CALL_AT)) starts.push(m.index + m[0].indexOf(m[1]));
  if (WRAPPED_MARK.test(source)) for (const m of source.matchAll(WRAPPED_TEXT)) starts.push(m.index! + m[0].indexOf(m[1]));
  if (!starts.length) return [];
  const out: MessageTable[] = [];
  // (a class body's one-entry dict, kept when other class bodies of the file assign one of that name)
  const single: { name: string; built: { key: string; t: Template; line: number }[] }[] = [];
  const classTables = new Map<string, number>();
  let total = 0;
  for (const at of starts) {
    const a = assignmentAt(root, at);
    let right = a?.field('right');
    // (`MappingProxyType({…})`: the dict its one argument)
    const wrapped = right?.kind() === 'call' && right.field('function')?.text() !== 'dict' ? right.field('arguments')?.namedChildren() : null;
    if (wrapped?.length === 1 && wrapped[0].kind() === 'dictionary') right = wrapped[0];
    const left = a?.field('left');
    const dictCall = right?.kind() === 'call' && right.field('function')?.text() === 'dict' ? right.field('arguments') : null;
    if (!a || !right || (right.kind() !== 'dictionary' && !dictCall) || left?.kind() !== 'identifier') continue;
    // (a dict of literals only, as html.entities' 2,231 entries or _sysconfigdata's, is read from its
    // text: the same entries as from its nodes, without ~10 binding calls an entry, 14 µs)
    const literal = dictCall ? null : literalEntries(right.text(), right.range().start.line, MAX_ENTRIES - total);
    const built: { key: string; t: Template; line: number }[] = literal ?? [];
    if (!literal) for (const p of (dictCall ?? right).namedChildren()) {
      // (`dict(integer=_('Please enter an integer value'), …)`: keyword arguments are entries too)
      const kw = p.kind() === 'keyword_argument';
      if (total + built.length >= MAX_ENTRIES) break;
      if (p.kind() !== 'pair' && !kw) continue;
      const k = kw ? p.field('name') : p.field('key');
      const v = p.field('value');
      const at = v?.range();
      // (a value longer than any message is a document, not a template: pydoc's topics, 79 texts of
      // up to 40 KB, took 0.5 s of a worker to build and yielded no record)
      if (!v || !at || at.end.index - at.start.index > MAX_VALUE_CHARS) continue;
      const key = kw ? (k?.text() ?? null) : k?.kind() === 'string' ? literalText(k, scope) : null;
      if (key === null) continue;
      const b = build(v, scope, 1);
      if (b.s && b.t.some(isLit)) built.push({ key, t: b.t, line: at.start.line + 1 });
    }
    const inClass = a.parent()?.parent()?.parent()?.kind() === 'class_definition';
    if (inClass) classTables.set(left.text(), (classTables.get(left.text()) ?? 0) + 1);
    if (built.length < MIN_ENTRIES) {
      if (built.length === 1 && inClass) single.push({ name: left.text(), built });
      continue;
    }
    out.push(table(left.text(), built));
    total += built.length;
  }
  // Classes of one hierarchy each adding their message to a dict of one name (`messages =
  // dict(integer=_('Please enter an integer value'))` in each validator, merged by the base class):
  // one entry is a table there.
  for (const t of single) if ((classTables.get(t.name) ?? 0) >= MIN_CLASS_TABLES && total < MAX_ENTRIES) {
    out.push(table(t.name, t.built));
    total++;
  }
  return out;
}

/**
 * The matches `source.matchAll` of the rule gives (non-overlapping, in order), tried only at the
 * line starts before each `mark` that follows a `=` (and spaces) on its line: a rule's match starts
 * at a line start and holds `= {` or `= dict(` with no `\n` before it. (Both rules scanned every
 * line of every file: 45 ms of one core for the stdlib, against 4.5 ms for the marks.) `at`: the
 * rule, sticky.
 */
function lineMatches(source: string, mark: string, at: RegExp): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  // (no match starts before `end`, the last one's end; line starts up to `tried` are tried)
  let end = 0;
  let tried = -1;
  for (let i = source.indexOf(mark); i >= 0; i = source.indexOf(mark, i + 1)) {
    let to = i - 1;
    while (to >= 0 && (source[to] === ' ' || source[to] === '\t')) to--;
    if (to < 0 || source[to] !== '=') continue;
    // (`^` also starts a line after \r, \u2028 and \u2029, which a rule's first line may hold)
    for (let l = Math.max(source.lastIndexOf('\n', to - 1) + 1, end, tried + 1); l <= to; l++) {
      tried = l;
      if (l > 0 && !LINE_END.test(source[l - 1])) continue;
      at.lastIndex = l;
      const m = at.exec(source);
      if (!m) continue;
      out.push(m);
      end = l + m[0].length;
      break;
    }
  }
  return out;
}

const LINE_END = /[\n\r\u2028\u2029]/;

/** Class bodies of a file assigning a dict of one name for a one-entry dict among them to be a table. */
const MIN_CLASS_TABLES = 3;

function table(name: string, built: { key: string; t: Template; line: number }[]): MessageTable {
  const style = tableStyle(built.map((e) => e.t));
  return { name, entries: built.map((e) => ({ key: e.key, template: openPlaceholders(e.t, style), line: e.line })) };
}

/** The assignment statement whose target starts at `offset` (module level or directly in a class body). */
function assignmentAt(root: SgNode, offset: number): SgNode | null {
  let node: SgNode | null = root;
  for (let depth = 0; node && depth < 8; depth++) {
    const kids: SgNode[] = node.namedChildren();
    const c: SgNode | undefined = kids.find((k) => k.range().start.index <= offset && offset < k.range().end.index);
    if (!c) return null;
    const k = c.kind() as string;
    if (k === 'assignment') return c.range().start.index === offset ? c : null;
    // (a table in a function is the function's own, read as it runs)
    if (k === 'function_definition') return null;
    node = c;
  }
  return null;
}

function literalText(n: SgNode, scope: Scope): string | null {
  const b = build(n, scope, 1);
  return b.t.length === 1 && isLit(b.t[0]) ? b.t[0].lit : b.t.length === 0 ? '' : null;
}

/**
 * The entries of a dict whose keys and values are all literals (strings, implicitly concatenated
 * strings, numbers, `True`, `False`, `None`), read from its text, at most `max`: what the loop over
 * its nodes in fileTables keeps (a string key's text and a value with literal text, by the same
 * stringTemplate as build), its lines counted from the dict's first (`line`, 0-based). Null when
 * the text holds anything else (an f-string, a name, a call, a splat, a line continuation): the
 * nodes are read then.
 */
export function literalEntries(text: string, line: number, max: number): { key: string; t: Template; line: number }[] | null {
  const n = text.length;
  if (text[0] !== '{' || text[n - 1] !== '}') return null;
  const out: { key: string; t: Template; line: number }[] = [];
  let i = 1;
  // (lines counted up to `at`, offsets only ever growing)
  let counted = 0;
  const lineAt = (at: number) => {
    for (let j = text.indexOf('\n', counted); j >= 0 && j < at; j = text.indexOf('\n', j + 1)) line++;
    counted = at;
    return line;
  };
  const space = () => {
    for (;;) {
      const c = text[i];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f') i++;
      else if (c === '#') {
        const e = text.indexOf('\n', i);
        i = e < 0 ? n : e;
      } else return;
    }
  };
  // One expression: its string tokens (none for a number, True, False, None), its start and end; null past anything else.
  const expr = (): { strings: string[]; start: number; end: number } | null => {
    const start = i;
    const strings: string[] = [];
    for (;;) {
      const m = STRING_START.exec(text.slice(i, i + 6));
      if (!m) break;
      const end = stringEnd(text, i + m[0].length - 1);
      if (end < 0) return null;
      strings.push(text.slice(i, end));
      const at = end;
      i = end;
      space();
      if (!STRING_START.test(text.slice(i, i + 6))) {
        i = at;
        return { strings, start, end: at };
      }
    }
    if (strings.length) return null;
    const m = OTHER_LITERAL.exec(text.slice(i, i + 64));
    if (!m) return null;
    i += m[0].length;
    return { strings, start, end: i };
  };
  for (;;) {
    space();
    if (i === n - 1) return out;
    if (out.length >= max) return out;
    const k = expr();
    space();
    if (!k || text[i] !== ':') return null;
    i++;
    space();
    const v = expr();
    if (!v) return null;
    space();
    if (text[i] === ',') i++;
    else if (i !== n - 1) return null;
    // (as the node loop: a value longer than any message, a key that is no one string, a value with no literal text)
    if (v.end - v.start > MAX_VALUE_CHARS || k.strings.length !== 1 || !v.strings.length) continue;
    const kt = stringTemplate(k.strings[0]);
    const key = kt.length === 0 ? '' : kt.length === 1 && isLit(kt[0]) ? kt[0].lit : null;
    if (key === null) continue;
    const t = v.strings.length === 1 ? stringTemplate(v.strings[0]) : concat(...v.strings.map(stringTemplate));
    if (t.some(isLit)) out.push({ key, t, line: lineAt(v.start) + 1 });
  }
}

/** A string token's start (its prefix and quote), of no f-string (whose braces hold expressions). */
const STRING_START = /^(?:[rR][bB]?|[bB][rR]?|[uU])?['"]/;
/** A number, `True`, `False` or `None` (none of them text: build gives them no literal). */
const OTHER_LITERAL = /^(?:-?(?:\d[\w.]*|\.\d[\w.]*)(?:(?<=[eE])[-+]\d\w*)?|True|False|None)(?![\w.])/;

/** The index after the string whose quote is at `q`, or -1 where the text ends first or a one-line string meets a line break. */
function stringEnd(text: string, q: number): number {
  const c = text[q];
  const triple = text.startsWith(c + c + c, q);
  const close = triple ? c + c + c : c;
  for (let j = q + close.length; j < text.length; j++) {
    const d = text[j];
    if (d === '\\') j++;
    else if (!triple && (d === '\n' || d === '\r')) return -1;
    else if (d === c && text.startsWith(close, j)) return j + close.length;
  }
  return -1;
}
