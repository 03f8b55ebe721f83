// Messages handed to a helper in an options object (decision 0087). `function getValidateError({
// message, details }) { return new ValidateError(message || '', details) }` called as
// `getValidateError({ message: report.commonErrorMessage, details })`, `function fail(opts) { throw
// new Error(opts.message) }` called as `fail({ code: 'E_X', message: 'Bad value' })`: the raise
// holds the helper's parameter's property, the text is the caller's object's property.
//
// - At the raise, a hole reading such a property (a destructured `message`/`msg` of a parameter at
//   position i, or `p.message` of parameter p at position i, not `p.msg`) is named `#i.message`, and that name
//   is added to the site's parameters, so facts/callers.ts binds it to the callers' argument of that
//   name.
// - At a call, an object literal at position i with a `message`/`msg` property gives one more
//   argument, named `#i.message`, its template the property's value.
// - The value may be a property whose name says it holds a message and that another module sets
//   (`report.commonErrorMessage`, assigned `"JSON_OBJECT_VALIDATION_FAILED"` in the validator's
//   module): a lookup hole into PROPERTY_TABLE + name, the table each module assigning texts to that
//   property reports (propertyTables). record/ puts every entry in, each a record of the raise.

import type { SgNode } from '@ast-grep/napi';
import type { ArgInfo, MessageTable, RawSite } from '../../core/site.js';
import { isHole, isLit, type Template } from '../../template/ir.js';
import { buildTemplate, entryTemplate, exprText, unwrap, type Resolver } from './template.js';

/**
 * A property whose name says it holds an error's message: `reason`, `msg`, `errorMessage`,
 * `commonErrorMessage`, `failure_text` (not `message`, an error's own, nor a bare `text`).
 */
const MESSAGE_PROPERTY = /^(?:_*(?:msg|errmsg|errMsg|reason)|[A-Za-z_$]*(?:[Ee]rror|[Ee]rr|[Ff]ail(?:ure)?)_?(?:[Mm]sg|[Mm]essage|[Tt]ext|[Rr]eason))$/;

/** The property a value reads (`report.commonErrorMessage`), when its name says it holds a message. */
function messageProperty(node: SgNode): string | null {
  const n = unwrap(node);
  const prop = n.kind() === 'member_expression' ? n.field('property') : null;
  return prop?.kind() === 'property_identifier' && MESSAGE_PROPERTY.test(prop.text()) ? prop.text() : null;
}

/** The option a message is handed in. */
const OPTION = /^(?:message|msg)$/;
/** Tables of a property's assigned texts are filed under this prefix and the property's name. */
export const PROPERTY_TABLE = '.property:';
/**
 * Files of the tree whose texts of a property a lookup reads, at most: a package's copies of one
 * module (an ES build, a CommonJS bundle, a UMD bundle) each assign them.
 */
const MAX_DEFINERS = 12;
/** Texts read per property and file, at most. */
const MAX_TEXTS = 64;
/** Assignments looked at per file, at most. */
const MAX_ASSIGNMENTS = 256;

/** The name a helper's option is bound under: `#0.message`. */
const optionName = (i: number, prop: string): string => `#${i}.${prop}`;

/**
 * The holes of the function's parameters' message options: `message` (destructured, also renamed
 * `{ message: msg }` or defaulted `{ message = '…' }`) or `opts.message`, each to its `#i.prop`.
 */
export function optionHoles(fn: SgNode, display: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const params = fn.field('parameters');
  if (!params) return out;
  let i = 0;
  for (const p of params.namedChildren()) {
    const k = p.kind() as string;
    if (k === 'comment') continue;
    let n: SgNode | null = k === 'required_parameter' || k === 'optional_parameter' ? p.field('pattern') : p;
    if (n && n.kind() === 'assignment_pattern') n = n.field('left');
    if (n?.kind() === 'object_pattern') {
      for (const c of n.namedChildren()) {
        const ck = c.kind() as string;
        if (ck === 'shorthand_property_identifier_pattern' && OPTION.test(c.text())) out.set(c.text(), optionName(i, c.text()));
        else if (ck === 'object_assignment_pattern') {
          const left = c.field('left');
          if (left && OPTION.test(left.text())) out.set(left.text(), optionName(i, left.text()));
        } else if (ck === 'pair_pattern') {
          const key = c.field('key')?.text() ?? '';
          const value = c.field('value');
          if (OPTION.test(key) && value?.kind() === 'identifier') out.set(value.text(), optionName(i, key));
        }
      }
    } else if (n?.kind() === 'identifier' && display[i] === n.text()) {
      // (`.message` only: `strm.msg` is a zlib stream's reason, set by the callee, not handed in)
      out.set(`${n.text()}.message`, optionName(i, 'message'));
    }
    i++;
  }
  return out;
}

/** ` || ''` after a value: a default that adds no text. */
const EMPTY_DEFAULT = /\s*(?:\|\||\?\?)\s*(?:''|""|``)$/;

/** The template with its option holes renamed; the same array when none is. */
function renamed(t: Template, holes: Map<string, string>, used: Set<string>): Template {
  let changed = false;
  const out = t.map((s) => {
    // (`message || ''`: the option, empty when not given)
    const to = isHole(s) && s.hole.expr !== undefined ? holes.get(s.hole.expr.replace(EMPTY_DEFAULT, '')) : undefined;
    if (!to || !isHole(s)) return s;
    changed = true;
    used.add(to);
    return { hole: { ...s.hole, expr: to } };
  });
  return changed ? out : t;
}

/**
 * A raise in a function given its message in an options object: its option holes renamed and
 * added to its parameters (the callers' named arguments fill them). In place.
 */
export function bindOptionHoles(site: RawSite, fn: SgNode, display: string[]): void {
  if (!site.params) return;
  // (cheap: only a raise with a hole, in a function with parameters)
  const texts = [site.template, ...site.args.map((a) => a.template), ...(site.alternatives ?? [])];
  if (site.params.length === 0 || !texts.some((t) => t?.some(isHole))) return;
  const holes = optionHoles(fn, display);
  if (holes.size === 0) return;
  const used = new Set<string>();
  if (site.template) site.template = renamed(site.template, holes, used);
  site.args = site.args.map((a) => {
    const t = renamed(a.template, holes, used);
    return t === a.template ? a : { ...a, template: t };
  });
  if (site.alternatives) site.alternatives = site.alternatives.map((t) => renamed(t, holes, used));
  if (used.size) site.params = [...site.params, ...[...used].filter((u) => !site.params!.includes(u))];
}

/**
 * The named arguments a call's object literals hand a message in: `{ message: '…' }` at position
 * i is `#i.message`. A value reading a message property (`report.commonErrorMessage`) is a lookup
 * into that property's tables (this module's, else the few of the tree's that assign it).
 */
export function optionArgs(args: SgNode[], r: Resolver): ArgInfo[] {
  const out: ArgInfo[] = [];
  args.forEach((a, i) => {
    const obj = unwrap(a);
    if (obj.kind() !== 'object') return;
    for (const c of obj.namedChildren()) {
      if (c.kind() !== 'pair') continue;
      const key = c.field('key')?.text() ?? '';
      const value = c.field('value');
      if (!OPTION.test(key) || !value) continue;
      const prop = messageProperty(value);
      // (the file's own texts of the property come first: record/ reads its own table before the tree's)
      const template: Template = prop
        ? [{ hole: { name: prop, expr: exprText(value), kind: 'any', lookup: { table: PROPERTY_TABLE + prop, key: null, definers: MAX_DEFINERS } } }]
        : buildTemplate(value, r).t;
      if (!prop && !template.some(isLit)) continue;
      out.push({ name: optionName(i, key), template, expr: exprText(value) });
    }
  });
  return out;
}

/** `x.errorMessage = '…'`, `x.commonErrorMessage = "…"`: the text test before any query. */
export const mayAssignMessageProperty = (source: string): boolean => ASSIGNED_TEXT.test(source);
const ASSIGNED_TEXT = /\.\w*(?:[Mm]sg|[Mm]essage|[Rr]eason|[Tt]ext)\s*=[^=]\s*['"`]/;

/**
 * The file's texts assigned to a property whose name says it holds a message (`report.commonErrorMessage
 * = "SCHEMA_VALIDATION_FAILED"`), as one table per property, for lookups from other modules.
 */
export function propertyTables(root: SgNode, source: string, r: Resolver): MessageTable[] {
  if (!ASSIGNED_TEXT.test(source)) return [];
  const byProp = new Map<string, MessageTable>();
  const hits = root.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', kind: 'member_expression' } } });
  for (const a of hits.slice(0, MAX_ASSIGNMENTS)) {
    const prop = a.field('left')?.field('property');
    const right = a.field('right');
    if (prop?.kind() !== 'property_identifier' || !right || !MESSAGE_PROPERTY.test(prop.text())) continue;
    const v = unwrap(right);
    const k = v.kind() as string;
    if (k !== 'string' && k !== 'template_string' && k !== 'binary_expression') continue;
    const b = buildTemplate(v, r, 1);
    if (!b.s || !b.t.some(isLit)) continue;
    const name = PROPERTY_TABLE + prop.text();
    const table = byProp.get(name) ?? { name, entries: [] };
    if (table.entries.length >= MAX_TEXTS) continue;
    table.entries.push({ key: String(table.entries.length), template: entryTemplate(b.t, v, null), line: v.range().start.line + 1 });
    byProp.set(name, table);
  }
  return [...byProp.values()];
}
