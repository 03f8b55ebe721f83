// Go analysis: one file's sites, error types and sentinel tables (src/core/site.ts).
//
// An error is a value: it is created (`errors.New`, `fmt.Errorf`, a struct literal of a type
// with an `Error() string` method, pkg/errors' `Wrap`…), returned up the stack and printed far
// away. The sites are where a message is created, where a sentinel (`var ErrX = errors.New(…)`)
// is handed out (`return …, ErrX`: the text is at the `var`, the record's definedAt), and where
// the program stops (`panic`, `log.Fatal*`); a wrapping template (`"…: %w"`, an `Error()` that
// appends `e.Err.Error()`) has a hole holding another record's message (Hole.inner).

import type { Rule, SgNode } from '@ast-grep/napi';
import type { ArgInfo, CallInfo, ClassInfo, ErrorType, FileAnalysis, MessageReturn, MessageTable, RawSite, Severity } from '../../core/site.js';
import { concat, hasText, hole, isLit, lit, markInner, type Template } from '../../template/ir.js';
import { contextOf, paramNames, receiverName, receiverType, type ContextMemo } from './context.js';
import { parseGo } from './grammar.js';
import { argsOf, build, calleeOf, formatTemplate, isFormatLiteral, markTrailingCause, returnedLiteral, SENTINEL_NAME, type Scope } from './template.js';
import { forwardsOf, valueCalls } from './values.js';

/** Words without which a file raises nothing this pack reads: the scan then does not parse it. */
const RAISE_WORDS = /string\s*\{\s*return\s+["`]|errors\.|Errorf|panic\(|Error\(\) string|\b[Ee]rr[A-Z]\w*|\bEOF\b|\.Fatal|\.Panic|http\.Error|\.Error\(|\.Warn|Error\{|\b(?:err|error|errorf|fail|failf)\(/;
export const goCannotRaise = (source: string): boolean => !RAISE_WORDS.test(source);

/** A type name as error types are named (`PathError`, `fs.PathError`, `errNotFound`). */
const ERROR_TYPE = /(?:Error|Err|Exception|Failure)$|^(?:[A-Za-z_]\w*\.)?[Ee]rr[A-Z]/;
/** Qualifiers of the errors packages (stdlib errors, golang.org/x/xerrors, github.com/pkg/errors) as usually imported. */
const ERRORS_PKG = new Set(['errors', 'xerrors', 'pkgerrors']);
/** Selectors of loggers whose calls stop the program. */
const FATAL = /^(?:Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln|Exit|Exitf)$/;
const LOG_LEVEL: Record<string, Severity> = { Error: 'error', Errorf: 'error', Errorw: 'error', Warn: 'warning', Warnf: 'warning', Warning: 'warning', Warningf: 'warning', Warnw: 'warning' };
const HTTP_STATUS: Record<string, number> = {
  StatusBadRequest: 400, StatusUnauthorized: 401, StatusForbidden: 403, StatusNotFound: 404, StatusMethodNotAllowed: 405,
  StatusConflict: 409, StatusGone: 410, StatusRequestEntityTooLarge: 413, StatusUnsupportedMediaType: 415,
  StatusUnprocessableEntity: 422, StatusTooManyRequests: 429, StatusInternalServerError: 500, StatusNotImplemented: 501,
  StatusBadGateway: 502, StatusServiceUnavailable: 503, StatusGatewayTimeout: 504,
};
/** Sites and calls read per file, at most (a generated file of 100k lines stays bounded). */
const MAX_ITEMS = 20000;

/** The contexts of the file being read (contextOf's memo): set for one analyzeGo call, which runs to its end synchronously. */
let contexts: ContextMemo | undefined;
const contextAt = (n: SgNode) => contextOf(n, contexts);
/** The assignments of the functions read so far (localMessage's memo), by the body's start: set for one analyzeGo call too. */
let assignments: Map<number, Map<string, Assignment[]>> | undefined;

export function analyzeGo(source: string): FileAnalysis {
  contexts = new Map();
  assignments = new Map();
  try {
    return analyzeFile(source);
  } finally {
    contexts = undefined;
    assignments = undefined;
  }
}

function analyzeFile(source: string): FileAnalysis {
  const root = parseGo(source).root();
  const decls = declarations(root);
  const scope = fileScope(root, source, decls);
  const classes = errorTypes(root, scope, decls.methods);
  const classNames = new Set(classes.map((c) => c.name));
  const helpers = formatHelpers(decls.helpers);
  const sites: RawSite[] = [];
  const calls: CallInfo[] = [];
  const nodes = root.findAll({ rule: siteRule(scope, classNames) });
  let err: SgNode | null = null;
  const raised: { at: SgNode; site: RawSite }[] = [];
  for (const n of nodes) {
    if (sites.length + calls.length >= MAX_ITEMS) break;
    const k = n.kind() as string;
    if (k === 'ERROR') err ??= n;
    else if (k === 'call_expression') callSite(n, scope, classNames, helpers, sites, calls, raised);
    else if (k === 'composite_literal') literalSite(n, scope, classNames, sites);
    else if (!fieldSite(n, scope, classes, sites)) returnSite(n, scope, sites);
  }
  // (`panic(err)` of an error a call returned: the calls named, the file's functions read only then)
  let forwards: Record<string, string[]> | undefined;
  let fileCalls: SgNode[] | null = null;
  for (const { at, site: s } of raised) {
    const from = valueCalls(at, at.text(), () => (fileCalls ??= root.findAll({ rule: { kind: 'call_expression' } })), s.params);
    if (!from.length) continue;
    s.wraps = { caught: null, calls: from, values: true };
    forwards ??= forwardsOf(root);
  }
  const returns = textReturns(decls.texts, scope);
  return {
    sites,
    classes,
    calls,
    ...(returns.length ? { returns } : {}),
    ...(forwards ? { forwards } : {}),
    tables: scope.sentinels.size ? [sentinelTable(scope)] : [],
    ...(err ? { syntaxErrorLine: err.range().start.line + 1 } : {}),
  };
}

/**
 * The nodes the site readers look at, each kind with a regex its text must match to be handed
 * over: a superset of what callSite, literalSite and returnSite read anything from, tested by the
 * native matcher, so that the many nodes that can raise nothing never cross into JavaScript (a
 * crossing, and the field and kind reads after it, cost more than the test). The file's own
 * names (constants, sentinels, error types) are in the regexes too; a file with more of them
 * than MAX_RULE_NAMES hands over every node of the kind, as with no regex.
 */
function siteRule(scope: Scope, classNames: Set<string>): Rule {
  const withNames = (words: string, names: Iterable<string>): string | undefined => {
    const list = [...names];
    return list.length > MAX_RULE_NAMES ? undefined : [words, ...list.map(escapeRegex)].join('|');
  };
  const kind = (k: string, regex: string | undefined): Rule => (regex === undefined ? { kind: k } : { kind: k, regex });
  return {
    any: [
      kind('call_expression', withNames(CALL_WORDS, [...scope.consts.keys(), ...scope.sentinels.keys(), ...classNames])),
      kind('composite_literal', withNames(TYPE_WORDS, classNames)),
      kind('return_statement', withNames(SENTINEL_WORDS, scope.sentinels.keys())),
      kind('assignment_statement', withNames(SENTINEL_WORDS, scope.sentinels.keys())),
      // (`e.Err = "missing close paren"`: a text put in a field of an error value, fieldSite)
      ...(classNames.size ? [{ kind: 'assignment_statement', regex: FIELD_TEXT.source }] : []),
      { kind: 'ERROR' },
    ],
  };
}

/**
 * What the text of a call callSite reads must hold (Rust regex syntax): text that can become a
 * literal piece of a template (a string literal, a number, a constant or sentinel of the file,
 * fmt.Sprintln's spaces), or a word of the callees and arguments the branches that make a site
 * without literal text name: `errors`, `Errorf`/`Error`/`ErrX`/`errX` (SENTINEL_NAME, ERROR_TYPE),
 * `EOF`, `panic`, the fatal and warning loggers, `fmt.Sprintf`, conversions to an error type
 * (`…Exception`, `…Failure`), a callee named `error`/`err`/`fail` (`check.error(x, code, msg)`: a helper handed a
 * local holding the text). Not a bare `err`: an argument of that name makes no site by itself.
 * (An ASCII word boundary before a number: a Unicode one is slow to compile, docs/decisions/0001.)
 */
const CALL_WORDS = '["`]|(?-u:\\b)[0-9]|Err|err[A-Z0-9_]|errors|EOF|[Pp]anic|Fatal|Exit|Warn|Sprint|Exception|Failure|^(?:[\\w.]*[._])?(?:err|error|errorf|fail|failf)\\(';
/** What the text of an error type's composite literal holds (ERROR_TYPE's words; the file's error types are added). */
const TYPE_WORDS = 'Err|err[A-Z]|Exception|Failure';
/** What a `return` or assignment handing out a sentinel holds (SENTINEL_NAME's words, not `return nil, err`; the file's sentinels are added). */
const SENTINEL_WORDS = '[Ee]rr[A-Z0-9_]|EOF';
/** Names of the file put in a rule's regex, at most (a generated file of thousands of constants is read without the filter). */
const MAX_RULE_NAMES = 400;
const escapeRegex = (s: string): string => s.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');

// ---- the file's declarations, in one walk of the tree

interface Declarations {
  /** import_spec, in source order. */
  imports: SgNode[];
  /** Package-level `var` declarations, in source order. */
  vars: SgNode[];
  /** `const` declarations anywhere, in source order. */
  consts: SgNode[];
  /** The methods errorTypes reads (named `Error`), with others: it reads each name. */
  methods: SgNode[];
  /** The package-level functions and methods formatHelpers reads (returning `error`), with others: it reads each. */
  helpers: SgNode[];
  /** Package-level functions and methods returning `string` whose body starts `return "…"` (textReturns reads them). */
  texts: SgNode[];
}

/**
 * What fileScope, errorTypes and formatHelpers read, found in one walk (each walk of a whole tree
 * costs a fair part of its parse), the functions and methods narrowed by the native matcher to
 * those named `Error` or returning `error` (a superset: the readers test what they need).
 */
function declarations(root: SgNode): Declarations {
  const out: Declarations = { imports: [], vars: [], consts: [], methods: [], helpers: [], texts: [] };
  const rule: Rule = {
    any: [
      { kind: 'import_spec' },
      { kind: 'var_declaration', inside: { kind: 'source_file' } },
      { kind: 'const_declaration' },
      { kind: 'method_declaration', has: { field: 'name', regex: '^Error$' } },
      { any: [{ kind: 'function_declaration' }, { kind: 'method_declaration' }], inside: { kind: 'source_file' }, has: { field: 'result', regex: '^error$' } },
      {
        any: [{ kind: 'function_declaration' }, { kind: 'method_declaration' }],
        inside: { kind: 'source_file' },
        all: [{ has: { field: 'result', regex: '^string$' } }, { has: { field: 'body', regex: '^\\{\\s*return\\s+["`]' } }],
      },
    ],
  };
  for (const d of root.findAll({ rule })) {
    const k = d.kind() as string;
    if (k === 'import_spec') out.imports.push(d);
    else if (k === 'var_declaration') out.vars.push(d);
    else if (k === 'const_declaration') out.consts.push(d);
    else if (d.field('result')?.text() === 'string' && d.field('name')?.text() !== 'Error') out.texts.push(d);
    else if (k === 'function_declaration') out.helpers.push(d);
    else {
      out.methods.push(d);
      out.helpers.push(d);
    }
  }
  return out;
}

/** Words a text a function returns has at least, to be a message (not a name: `func (k Kind) String() string { return "int" }`). */
const MESSAGE_WORDS = /[A-Za-z]+\W+[A-Za-z{]/;

/**
 * Functions and methods whose body is one `return` of a literal text of words (a locale's
 * `func (l DefaultLocale) InvalidType() string { return "Invalid type. Expected: {{.expected}}, …" }`),
 * reported by name and arity: a call of one in another file's message gets the text
 * (template.ts returnedText, record/returns.ts). Its text/template actions are fields.
 */
function textReturns(decls: SgNode[], scope: Scope): MessageReturn[] {
  const out: MessageReturn[] = [];
  for (const d of decls) {
    let stmts = d.field('body')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];
    if (stmts.length === 1 && stmts[0].kind() === 'statement_list') stmts = stmts[0].namedChildren().filter((c) => c.kind() !== 'comment');
    if (stmts.length !== 1 || stmts[0].kind() !== 'return_statement') continue;
    const values = stmts[0].namedChildren()[0]?.namedChildren() ?? [];
    if (values.length !== 1) continue;
    const t = build(values[0], scope);
    if (!t.length || !t.every(isLit) || !MESSAGE_WORDS.test(t.map((x) => x.lit).join(''))) continue;
    const name = d.field('name')?.text();
    if (!name) continue;
    const params = (d.field('parameters')?.namedChildren() ?? []).flatMap((p) => p.children().filter((c) => c.kind() === 'identifier').map((c) => c.text()));
    out.push({ name: `${name}/${params.length}`, params, template: returnedLiteral(t), line: d.range().start.line + 1 });
  }
  return out;
}

/** The kinds whose template (template.ts build) can be all text: a constant's value of any other kind is not read. */
const CONST_KINDS = new Set(['interpreted_string_literal', 'raw_string_literal', 'int_literal', 'binary_expression', 'call_expression', 'parenthesized_expression', 'identifier']);

// ---- the file's names: imports, constants, sentinels

function fileScope(root: SgNode, source: string, found: Declarations): Scope {
  const pkg = root.find({ rule: { kind: 'package_identifier' } })?.text() ?? '';
  const scope: Scope = { pkg, consts: new Map(), sentinels: new Map(), imports: new Map(), usedHere: new Set() };
  for (const spec of found.imports) {
    const path = spec.field('path')?.text().slice(1, -1) ?? '';
    const alias = spec.field('name')?.text();
    const name = packageNameOf(path);
    if (alias === '_' || alias === '.') continue;
    scope.imports.set(alias ?? name, name);
  }
  // (package-level consts and vars, and the consts of functions: names are read file-wide)
  for (const top of [...found.vars, ...found.consts]) {
    const specs = top.findAll({ rule: { any: [{ kind: 'const_spec' }, { kind: 'var_spec' }] } });
    for (const spec of specs) {
      const names = spec.children().filter((c) => c.kind() === 'identifier');
      const values = spec.field('value')?.namedChildren() ?? [];
      names.forEach((nameNode, i) => {
        const v = values[i];
        if (!v) return;
        const name = nameNode.text();
        const vk = v.kind() as string;
        if (!CONST_KINDS.has(vk)) return;
        if (vk === 'call_expression' && (isErrorConstructor(v) || makerText(v))) {
          const text = isErrorConstructor(v) ? null : makerText(v);
          const t = text ? returnedLiteral(build(text, scope)) : errorConstructorTemplate(v, scope);
          // (a sentinel named once in its file is handed out elsewhere: the `var` is its only site here)
          if (t && hasText(t)) scope.sentinels.set(name, { template: t, line: v.range().start.line + 1 });
          return;
        }
        const t = build(v, scope);
        if (t.length && t.every(isLit)) scope.consts.set(name, t);
      });
    }
  }
  // (one pass over the text: a sentinel named again in its file is handed out here)
  if (scope.sentinels.size) {
    const seen = new Map<string, number>();
    for (const m of source.matchAll(/[A-Za-z_]\w*/g)) if (scope.sentinels.has(m[0])) seen.set(m[0], (seen.get(m[0]) ?? 0) + 1);
    for (const [name, n] of seen) if (n > 1) scope.usedHere.add(name);
  }
  return scope;
}

/** The package name an import path's package is usually given (`gopkg.in/yaml.v3` → yaml, `github.com/x/go-toml/v2` → toml). */
export function packageNameOf(path: string): string {
  const parts = path.split('/');
  let last = parts.pop() ?? '';
  if (/^v\d+$/.test(last) && parts.length) last = parts.pop()!;
  return last.replace(/\.v\d+$/, '').replace(/^go-/, '').replace(/[.-]go$/, '').replace(/[^A-Za-z0-9_]/g, '');
}

const isErrorConstructor = (call: SgNode): boolean => {
  const c = calleeOf(call);
  return !!c && ((c.qual !== null && ERRORS_PKG.has(c.qual) && (c.name === 'New' || c.name === 'Errorf')) || (c.qual === 'fmt' && c.name === 'Errorf'));
};

/**
 * The message a package's own error constructor is handed (`var ErrRequired = NewError("validation_required",
 * "cannot be blank")`): a call of an error-named function (ERROR_HELPER, `validation.NewError` too) with
 * string literals, the last that has a space (a code has none), else its only one. Such a `var` is a
 * sentinel as `errors.New`'s are, its text/template actions (`{{.min}}`, rendered with the error's
 * parameters) holes.
 */
function makerText(call: SgNode): SgNode | null {
  const c = calleeOf(call);
  if (!c || c.qual === 'fmt' || (c.qual !== null && ERRORS_PKG.has(c.qual)) || !ERROR_HELPER.test(c.name)) return null;
  const texts = argsOf(call).filter((a) => a.kind() === 'interpreted_string_literal' || a.kind() === 'raw_string_literal');
  const worded = texts.filter((a) => /\w\s+\w/.test(a.text()));
  return worded.length ? worded[worded.length - 1] : texts.length === 1 ? texts[0] : null;
}

function errorConstructorTemplate(call: SgNode, scope: Scope): Template | null {
  const args = argsOf(call);
  if (!args.length) return null;
  const c = calleeOf(call)!;
  return c.name === 'New' ? build(args[0], scope) : formatTemplate(args[0], args.slice(1), scope);
}

function sentinelTable(scope: Scope): MessageTable {
  return { name: scope.pkg, entries: [...scope.sentinels].map(([key, s]) => ({ key, template: s.template, line: s.line })) };
}

/** Whether a call is the value of a package-level `var` (a sentinel): its site is the `return` that hands it out. */
function isPackageVar(call: SgNode): boolean {
  const list = call.parent();
  const spec = list?.parent();
  if (spec?.kind() !== 'var_spec') return false;
  // (`var X = …` or a `var ( … )` group, whose specs sit in a var_spec_list)
  let decl = spec.parent();
  if (decl?.kind() === 'var_spec_list') decl = decl.parent();
  return decl?.kind() === 'var_declaration' && decl.parent()?.kind() === 'source_file';
}

// ---- error types: a type with an `Error() string` method

function errorTypes(root: SgNode, scope: Scope, candidates: SgNode[]): ClassInfo[] {
  const methods: { m: SgNode; type: string; body: SgNode; named: string | null }[] = [];
  for (const m of candidates) {
    if (m.kind() !== 'method_declaration' || m.field('name')?.text() !== 'Error' || paramNames(m.field('parameters')).length) continue;
    // (`Error() string`, or a named result, `Error() (s string)`, that a bare `return` gives)
    const result = m.field('result')?.text().replace(/\s+/g, ' ') ?? '';
    const named = /^\(\s*([A-Za-z_]\w*) string\s*\)$/.exec(result)?.[1] ?? null;
    if (result !== 'string' && !named) continue;
    const type = receiverType(m);
    const body = m.field('body');
    if (type && body) methods.push({ m, type, body, named });
  }
  if (!methods.length) return [];
  // (the declarations of the types with an Error() method only: the fields of no other type are read)
  const structs = new Map<string, { fields: string[]; errorFields: Set<string>; line: number }>();
  const named = `^(?:${[...new Set(methods.map((x) => x.type))].join('|')})$`;
  for (const spec of root.findAll({ rule: { kind: 'type_spec', has: { field: 'name', regex: named } } })) {
    const name = spec.field('name')?.text();
    const type = spec.field('type');
    if (!name || !type) continue;
    const fields: string[] = [];
    const errorFields = new Set<string>();
    if (type.kind() === 'struct_type') {
      for (const fd of type.findAll({ rule: { kind: 'field_declaration' } })) {
        const ft = fd.field('type')?.text() ?? '';
        const names = fd.children().filter((c) => c.kind() === 'field_identifier').map((c) => c.text());
        // (an embedded field is named by its type)
        if (!names.length && ft) names.push(ft.replace(/^\*/, '').split('.').pop()!);
        for (const f of names) {
          fields.push(f);
          if (ft === 'error' || /^(?:err|Err|cause|Cause)$/.test(f)) errorFields.add(f);
        }
      }
    }
    structs.set(name, { fields, errorFields, line: spec.range().start.line + 1 });
  }
  const out: ClassInfo[] = [];
  for (const { m, type, body, named } of methods) {
    const st = structs.get(type);
    const recv = receiverName(m) ?? '_';
    // (a named result starts as "": `if e.file != "" { s = e.file + ": " }; s += "dns: " + e.err`)
    const locals = new Map<string, Template>(named ? [[named, []]] : []);
    const s: Scope = { ...scope, receiver: { name: recv, errorFields: st?.errorFields ?? new Set() }, locals };
    // (in source order: a local variable's value is what was last assigned before the return reads it; its
    // earlier values are messages the type may print too: `s := e.Err; if e.Addr != "" { s = "address " + e.Addr + ": " + s }`)
    const earlier = new Map<string, Template[]>();
    // (the values a conditional append may have left, each appended to by the appends after it: `if e.Net != "" { s += " " + e.Net }`)
    const live = new Map<string, Template[]>();
    const templates: Template[] = [];
    const steps = body.findAll({ rule: { any: [{ kind: 'return_statement' }, { kind: 'short_var_declaration' }, { kind: 'assignment_statement' }], not: { inside: { kind: 'func_literal' } } } });
    for (const st of steps) {
      if (st.kind() !== 'return_statement') {
        assignLocal(st, s, locals, earlier, live);
        continue;
      }
      const e = st.namedChildren()[0]?.namedChildren()[0] ?? st.namedChildren()[0];
      // (a bare `return` gives the named result)
      const name = e ? (e.kind() === 'identifier' ? e.text() : null) : named;
      if (name) for (const t of [...(earlier.get(name) ?? []), ...(live.get(name) ?? [])]) if (t.length) templates.push(markTrailingCause(t));
      if (!e) {
        const last = named ? locals.get(named) : undefined;
        if (last?.length) templates.push(markTrailingCause(last));
        continue;
      }
      const t = markTrailingCause(build(e, s));
      if (t.length) templates.push(t);
    }
    if (!templates.length) continue;
    // (a type that is not a struct, `type Errno string`, is its own message: the receiver is the one parameter)
    const params = st && st.fields.length ? st.fields : [recv];
    const main = templates[templates.length - 1];
    // (each return is a message the type may print, chosen by a condition on its fields: every site raising it may give each; each once)
    const seen = new Set([JSON.stringify(main)]);
    const branches = templates.slice(0, -1).filter((t) => !seen.has(JSON.stringify(t)) && !!seen.add(JSON.stringify(t)));
    out.push({ name: type, bases: [], line: st?.line ?? m.range().start.line + 1, template: main, params, branches, templateFrom: 'str' });
  }
  return out;
}

/** Local string variables of an Error() method: `x := v`, `x = v`, `x += v` with one name and one value (others are not read). */
/** Values a conditional append leaves possible, kept per name at most (each later append applies to them too). */
const MAX_LIVE = 3;

function assignLocal(st: SgNode, s: Scope, locals: Map<string, Template>, earlier: Map<string, Template[]>, live: Map<string, Template[]>): void {
  const left = st.field('left');
  const right = st.field('right');
  const names = left?.kind() === 'expression_list' ? left.namedChildren() : left ? [left] : [];
  const values = right?.kind() === 'expression_list' ? right.namedChildren() : right ? [right] : [];
  if (names.length !== 1 || values.length !== 1 || names[0].kind() !== 'identifier') return;
  const name = names[0].text();
  const op = st.children().find((c) => !c.isNamed() && /=$/.test(c.text()))?.text() ?? '=';
  if (op !== ':=' && op !== '=' && op !== '+=') return;
  const prev = locals.get(name);
  const value = build(values[0], s);
  const next = op === '+=' ? concat(prev ?? [hole(name)], value) : value;
  if (op !== '+=') {
    // (a new value: the earlier ones are messages the type may print too, the ones before a conditional append among them)
    const before = [...(live.get(name) ?? []), ...(prev ? [prev] : [])];
    if (before.length) earlier.set(name, [...(earlier.get(name) ?? []), ...before].slice(-4));
    live.delete(name);
    // (a new value under a condition leaves the one before it possible too, and a later append is made to both:
    // `if e.file != "" { s = e.file + ": " }; s += "dns: " + …` prints "dns: …" when the file is empty)
    if (prev && conditional(st)) live.set(name, [prev]);
  } else {
    // (an append under a condition, `if e.errorMsg != "" { s += " (" + e.errorMsg + ")" }`, leaves the value before it
    // possible too; a later append, conditional or not, is made to every value still possible)
    const was = (live.get(name) ?? []).map((t) => concat(t, value));
    if (prev && conditional(st)) was.unshift(prev);
    if (was.length) live.set(name, was.slice(0, MAX_LIVE));
  }
  locals.set(name, next);
}

/** Whether a statement is run under a condition of its function: an `if`, `switch` or `for` lies between them. */
function conditional(st: SgNode): boolean {
  for (let p = st.parent(), up = 0; p && up < 64; p = p.parent(), up++) {
    const k = p.kind() as string;
    if (k === 'function_declaration' || k === 'method_declaration' || k === 'func_literal') return false;
    if (k === 'if_statement' || k === 'expression_switch_statement' || k === 'type_switch_statement' || k === 'for_statement' || k === 'select_statement') return true;
  }
  return false;
}

// ---- a message held in a local variable (`msg = fmt.Sprintf("…", …)`, then `newError(ErrRequired, msg)`)

/** One assignment to a name in a function: where it ends, its value (null: `var msg string`), its operator, whether a condition is around it. */
interface Assignment {
  /** The statement. */
  node: SgNode;
  end: number;
  value: SgNode | null;
  append: boolean;
  conditional: boolean;
  /** For a declaration (`var msg string`, `msg := …`): the block it is visible in. */
  scope?: [number, number];
  /** The type a `var` declares (`var e *SyntaxError`). */
  declared?: string;
  /** The statement's ancestors (besideUse reads them, once). */
  above?: { kind: string; start: number; end: number }[];
}

/** Assignments of one function read, at most (a generated function stays bounded). */
const MAX_ASSIGNMENTS = 20000;
/** Assignments to one name read back from a use, at most (its declaration is looked for among them). */
const MAX_BACK = 64;
/** Values of one name read back from a use, at most. */
const MAX_VALUES = 8;

/** The block a declaration is visible in (its statement list's block, or the function body). */
function blockOf(st: SgNode): [number, number] | null {
  for (let p = st.parent(), up = 0; p && up < 8; p = p.parent(), up++) {
    const k = p.kind() as string;
    if (k === 'block' || k === 'communication_case' || k === 'expression_case' || k === 'default_case' || k === 'type_case') return [p.range().start.index, p.range().end.index];
  }
  return null;
}

/**
 * Whether a statement lies in a branch the use at `at` cannot follow: another `case` of a `switch`
 * the use is in (`case "": network = "tcp"` … `default: return UnknownNetworkError(network)`), or
 * the other block of an `if … else` the use is in.
 */
function besideUse(a: Assignment, at: number): boolean {
  // (the ancestors of the statement, read once: a use only compares numbers)
  a.above ??= ancestorsOf(a.node);
  for (let i = 1; i < a.above.length; i++) {
    const p = a.above[i];
    if (p.start <= at && at < p.end) {
      const c = a.above[i - 1];
      const holdsUse = c.start <= at && at < c.end;
      // (the branch holding the statement is not the one holding the use, and both are of this if or switch)
      if (!holdsUse && BRANCHING.has(p.kind)) return c.kind === 'block' || c.kind.endsWith('_case') || c.kind === 'if_statement';
      return false;
    }
  }
  return false;
}
const BRANCHING = new Set(['if_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement']);

/** A statement and its ancestors up to its function (at most 64), with their kinds and extents. */
function ancestorsOf(st: SgNode): { kind: string; start: number; end: number }[] {
  const out: { kind: string; start: number; end: number }[] = [];
  for (let p: SgNode | null = st, up = 0; p && up < 64; p = p.parent(), up++) {
    const k = p.kind() as string;
    const r = p.range();
    out.push({ kind: k, start: r.start.index, end: r.end.index });
    if (k === 'function_declaration' || k === 'method_declaration' || k === 'func_literal') break;
  }
  return out;
}

/** The body of the function (declaration, method or literal) a node is written in. */
function enclosingBody(n: SgNode): SgNode | null {
  for (let p = n.parent(), up = 0; p && up < 400; p = p.parent(), up++) {
    const k = p.kind() as string;
    if (k === 'function_declaration' || k === 'method_declaration' || k === 'func_literal') return p.field('body');
  }
  return null;
}

/** The assignments of a function's body to each name, in source order (those of function literals inside it are theirs). */
function assignmentsOf(body: SgNode): Map<string, Assignment[]> {
  const key = body.range().start.index;
  const known = assignments?.get(key);
  if (known) return known;
  const out = new Map<string, Assignment[]>();
  const nested = body.findAll({ rule: { kind: 'func_literal' } }).map((f) => f.range());
  const stmts = body.findAll({ rule: { any: [{ kind: 'short_var_declaration' }, { kind: 'assignment_statement' }, { kind: 'var_spec' }] } });
  let n = 0;
  for (const st of stmts) {
    if (n >= MAX_ASSIGNMENTS) break;
    const r = st.range();
    if (nested.some((f) => r.start.index >= f.start.index && r.end.index <= f.end.index)) continue;
    let names: SgNode[];
    let values: SgNode[];
    let append = false;
    if (st.kind() === 'var_spec') {
      names = st.children().filter((c) => c.kind() === 'identifier');
      const v = st.field('value');
      values = v ? (v.kind() === 'expression_list' ? v.namedChildren() : [v]) : [];
      if (values.length && values.length !== names.length) continue;
    } else {
      const left = st.field('left');
      const right = st.field('right');
      names = left?.kind() === 'expression_list' ? left.namedChildren() : left ? [left] : [];
      values = right?.kind() === 'expression_list' ? right.namedChildren() : right ? [right] : [];
      const op = st.children().find((c) => !c.isNamed() && /=$/.test(c.text()))?.text() ?? '=';
      if (op !== ':=' && op !== '=' && op !== '+=') continue;
      append = op === '+=';
      // (`e, ok := x.(*T)`, `v, ok := m[k]`: the first name takes the value)
      if (values.length === 1 && names.length === 2) names = [names[0]];
      if (values.length !== names.length) continue;
    }
    const declares = st.kind() !== 'assignment_statement';
    const block = declares ? blockOf(st) : null;
    names.forEach((id, i) => {
      if (id.kind() !== 'identifier') return;
      const list = out.get(id.text()) ?? [];
      const declared = st.kind() === 'var_spec' ? st.field('type')?.text() : undefined;
      list.push({ node: st, end: r.end.index, value: values[i] ?? null, append, conditional: conditional(st), ...(block ? { scope: block } : {}), ...(declared ? { declared } : {}) });
      out.set(id.text(), list);
      n++;
    });
  }
  assignments?.set(key, out);
  return out;
}

/**
 * The texts a local variable of a function can hold where it is used: the values assigned to it
 * before the use (`msg = fmt.Sprintf("the required flag %s was not specified", …)` in one branch,
 * `msg = fmt.Sprintf("the required flags %s and %s were not specified", …)` in the other), the last
 * one the template and the earlier ones its alternatives (each a message the variable may hold).
 * Null when the name is the file's (a constant, a sentinel), no value with text is assigned, or
 * the name is an error's (`err`).
 */
function localMessage(id: SgNode, scope: Scope): { template: Template; alts: Template[]; written: SgNode | null } | null {
  if (id.kind() !== 'identifier') return null;
  const name = id.text();
  if (scope.locals?.has(name) || scope.consts.has(name) || scope.sentinels.has(name) || SENTINEL_NAME.test(name) || /^(?:err|e|_)$/.test(name)) return null;
  const body = enclosingBody(id);
  if (!body) return null;
  // (a parameter holds its caller's value: what the function assigns it is one case of many)
  if (contextAt(id).params.includes(name)) return null;
  const at = id.range().start.index;
  // (the assignments before the use, found by halves: they are in source order)
  const all = assignmentsOf(body).get(name) ?? [];
  let lo = 0;
  let hi = all.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid].end <= at) lo = mid + 1;
    else hi = mid;
  }
  let list = all.slice(Math.max(0, lo - MAX_BACK), lo);
  // (from the declaration the use sees: an earlier `var msg string` of a block that ended before it is another variable)
  let decl = -1;
  list.forEach((a, i) => {
    if (a.scope && a.scope[0] <= at && at < a.scope[1]) decl = i;
  });
  if (decl >= 0) list = list.slice(decl);
  // (the branch test walks up the tree: only for the last few, so that a use costs a bounded amount)
  const first = list[0];
  list = list
    .filter((a) => !a.scope || (a.scope[0] <= at && at < a.scope[1]) || a === first)
    .slice(-MAX_VALUES * 2)
    .filter((a) => !besideUse(a, at))
    .slice(-MAX_VALUES);
  if (!list.length) return null;
  const values: Template[] = [];
  let prev: Template | null = null;
  // (the last append and the value before it: an append in another case of a switch, or the other block of an
  // if, than the one before it (`case _TruncatedFloat: msg += " (truncated)"`, `case _NumericOverflow: msg += " (overflows)"`)
  // is made to the value before that one, not after it)
  let last: { a: Assignment; before: Template } | null = null;
  // (the statement each value was started by: where its text is written, `msg := check.sprintf("cannot use …", …)`)
  const starts = new Map<Template, SgNode>();
  let start: SgNode | null = null;
  for (const a of list) {
    const v = a.value ? build(a.value, scope) : null;
    if (a.append && prev && v) {
      if (last && a.conditional && besideUse(last.a, a.node.range().start.index)) {
        values.push(prev);
        prev = last.before;
      } else if (a.conditional) values.push(prev);
      last = { a, before: prev };
      prev = concat(prev, v);
    } else {
      if (prev) values.push(prev);
      prev = v;
      start = a.node;
      last = null;
    }
    if (prev && start) starts.set(prev, start);
  }
  if (prev) values.push(prev);
  // (text with a letter: a local holding a number, `n := 10`, is no message; once one is, an empty value, `suggestion := ""`, is one of its values too)
  const worded = (t: Template) => t.some((x) => isLit(x) && /[A-Za-z]/.test(x.lit));
  if (!values.some(worded)) return null;
  const texts = values.filter((t) => worded(t) || !t.length);
  // (the last value with words is the template, the others its alternatives, the latest first)
  const template = texts.filter(worded).pop()!;
  const key = (t: Template) => JSON.stringify(t);
  const seen = new Set([key(template)]);
  const alts = texts.reverse().filter((t) => !seen.has(key(t)) && seen.add(key(t))).slice(0, 3);
  return { template, alts, written: starts.get(template) ?? null };
}

// ---- sites

function site(n: SgNode, errorType: ErrorType, errorClass: string | null, template: Template | null, args: ArgInfo[], extra: Partial<RawSite> = {}): RawSite {
  const { symbol, params, guards } = contextAt(n);
  const start = n.range().start;
  return {
    line: start.line + 1, column: start.column + 1, errorType, errorClass, errorCode: null, httpStatus: null,
    severity: errorType === 'log' ? 'error' : errorType === 'exit' ? 'critical' : 'error',
    template, args, symbol, guards, params, ...extra,
  };
}

const arg = (n: SgNode, scope: Scope, name: string | null = null): ArgInfo => {
  // (a local variable holding text: its values before the call, the others as ArgInfo.alts)
  const local = n.kind() === 'identifier' ? localMessage(n, scope) : null;
  if (local) return { name, template: local.template, expr: n.text(), ...(local.alts.length ? { alts: local.alts } : {}) };
  return { name, template: build(n, scope), expr: n.text() };
};

/** The expressions whose template (template.ts build) can hold literal text: literals, `+`, calls, groups, and names of text. */
const TEXT_KINDS = new Set(['interpreted_string_literal', 'raw_string_literal', 'int_literal', 'binary_expression', 'call_expression', 'parenthesized_expression']);
function mayHoldText(n: SgNode, scope: Scope): boolean {
  const k = n.kind() as string;
  if (TEXT_KINDS.has(k)) return true;
  if (k !== 'identifier') return false;
  const name = n.text();
  return !!scope.locals?.has(name) || scope.consts.has(name) || scope.sentinels.has(name);
}

function callSite(n: SgNode, scope: Scope, classNames: Set<string>, helpers: Set<string>, sites: RawSite[], calls: CallInfo[], raised: { at: SgNode; site: RawSite }[]): void {
  const c = calleeOf(n);
  if (!c) return;
  const args = argsOf(n);
  const q = c.qual;
  const fmtArgs = (from: number) => (args.length > from ? formatTemplate(args[from], args.slice(from + 1), scope) : null);
  const infos = () => args.map((a) => arg(a, scope));
  // `errors.StructuralError("tag byte does not have MSB set")`, `pgperr.UnsupportedError(msg)`: a conversion to an
  // error type of another package of the tree (openpgp's own `errors`, whose Error() writes `"openpgp: invalid data: " +
  // string(s)`), imported by a name that may be the standard one's; the text is the type's with the value in its place
  if (q !== null && scope.imports.has(q) && args.length === 1 && EXPORTED_ERROR_TYPE.test(c.name) && !CONSTRUCTOR.test(c.name) && (isStringArg(args[0]) || isSprintf(args[0]))) {
    sites.push(site(n, 'exception', c.name, build(args[0], scope), infos()));
    return;
  }
  if (q !== null && ERRORS_PKG.has(q)) {
    if ((c.name === 'New' || c.name === 'Errorf') && args.length) {
      if (isPackageVar(n) && scope.usedHere.has(varName(n) ?? '')) return;
      const local = c.name === 'New' ? localMessage(args[0], scope) : null;
      const t = local ? local.template : c.name === 'New' ? build(args[0], scope) : fmtArgs(0);
      const s = site(n, 'exception', null, t && markTrailingCause(t), infos(), local?.alts.length ? { alternatives: local.alts.map(markTrailingCause) } : {});
      sites.push(makerOfParams(n, s, classNames) ? { ...s, hidesFrame: true, returned: true, callersInDir: true } : s);
      return;
    }
    // errors.Join(a, b): the members' messages, one per line; each holds another error's message
    if (c.name === 'Join' && q === 'errors' && args.length) {
      const members = args.map((a) => markInner([hole(a.text().replace(/\.\.\.$/, ''))], () => true));
      sites.push(site(n, 'exception', null, concat(...members.flatMap((m, i) => (i ? [[lit('\n')], m] : [m]))), infos()));
      return;
    }
    // github.com/pkg/errors: the message, then ": " and the wrapped error's
    if ((c.name === 'Wrap' || c.name === 'WithMessage') && args.length === 2) {
      sites.push(site(n, 'exception', null, concat(build(args[1], scope), [lit(': ')], markInner([hole(args[0].text())], () => true)), infos()));
      return;
    }
    if ((c.name === 'Wrapf' || c.name === 'WithMessagef') && args.length >= 2) {
      sites.push(site(n, 'exception', null, concat(fmtArgs(1) ?? [], [lit(': ')], markInner([hole(args[0].text())], () => true)), infos()));
      return;
    }
    return;
  }
  if (q === 'fmt' && c.name === 'Errorf' && args.length) {
    if (isPackageVar(n) && scope.usedHere.has(varName(n) ?? '')) return;
    const t = fmtArgs(0);
    const s = site(n, 'exception', null, t && markTrailingCause(t), infos());
    sites.push(makerOfParams(n, s, classNames) ? { ...s, hidesFrame: true, returned: true, callersInDir: true } : s);
    return;
  }
  if (q === null && c.name === 'panic' && args.length === 1) {
    const t = build(args[0], scope);
    const rethrow = t.length === 1 && !isLit(t[0]) && !!t[0].hole.inner && !t[0].hole.lookup;
    const s = site(n, 'exception', null, t, infos(), rethrow ? { rethrow: true } : {});
    sites.push(s);
    if (rethrow && args[0].kind() === 'identifier') raised.push({ at: args[0], site: s });
    return;
  }
  if (q !== null && FATAL.test(c.name) && args.length && q !== 'errors' && q !== 'fmt') {
    const t = c.name.endsWith('f') ? fmtArgs(0) : concat(...args.map((a, i) => (i && c.name.endsWith('ln') ? concat([lit(' ')], build(a, scope)) : build(a, scope))));
    sites.push(site(n, c.name.startsWith('Panic') ? 'exception' : 'exit', null, t, infos(), { severity: 'critical' }));
    return;
  }
  if (q === 'http' && c.name === 'Error' && args.length === 3) {
    const code = args[2].text();
    const status = /^\d+$/.test(code) ? Number(code) : HTTP_STATUS[code.replace(/^http\./, '')] ?? null;
    sites.push(site(n, 'http', null, build(args[1], scope), infos(), { httpStatus: status }));
    return;
  }
  // gRPC: status.Error(codes.NotFound, "…"), status.Errorf(codes.NotFound, "…", …)
  if (q === 'status' && (c.name === 'Error' || c.name === 'Errorf') && args.length >= 2 && /^codes\.\w+$/.test(args[0].text())) {
    const t = c.name === 'Errorf' ? fmtArgs(1) : build(args[1], scope);
    sites.push(site(n, 'exception', null, t, infos(), { errorCode: args[0].text().slice(6) }));
    return;
  }
  if (q !== null && q !== 'fmt' && q !== 'strings' && Object.hasOwn(LOG_LEVEL, c.name) && args.length && isStringArg(args[0])) {
    const t = c.name.endsWith('f') ? fmtArgs(0) : build(args[0], scope);
    sites.push(site(n, 'log', null, t, infos(), { severity: LOG_LEVEL[c.name] }));
    return;
  }
  // `NewValueError(key)`, `pkg.NewSyntaxError(…)`: a constructor named `New` and an error type's name
  // gives that type, whose Error() writes the text; a returned error has no trace to show the
  // constructor, so the call is where it is made. Its arguments are the constructor's, not the type's
  // fields (`copy(e.v[:], tag)`): the fields stay holes. The call is read on as any other (a
  // constructor building a literal of its parameters has its callers' messages too: makerOfParams).
  const made = CONSTRUCTOR.exec(c.name);
  if (made && !BUILTINS.has(c.name)) sites.push(site(n, 'exception', made[1], null, []));
  // `Errno("…")`, `ProtocolError(msg)`: a conversion to an error type (of this file, or named as error types are)
  if (q === null && args.length === 1 && (classNames.has(c.name) || (/^[A-Z]/.test(c.name) && ERROR_TYPE.test(c.name) && (isStringArg(args[0]) || isSprintf(args[0]))))) {
    sites.push(site(n, 'exception', c.name, build(args[0], scope), infos()));
    return;
  }
  // `return nil, UnknownUserError(username)`: a value converted to an error type of another file of the
  // package (`type UnknownUserError string` in user.go, whose Error() writes `"user: unknown user " + string(e)`),
  // returned: the type's text with the value in its receiver's place (facts/classes resolves the type
  // across the tree; a function of that name has no Error() method and so no text; `NewXError(v)` is
  // the constructor read above; a sentinel or code handed to it, `ConnectionError(ErrCodeFrameSize)`, is read below)
  if (q === null && !made && args.length === 1 && EXPORTED_ERROR_TYPE.test(c.name) && isReturnedValue(n) && !isStringArg(args[0]) && !isSentinelRef(args[0], scope) && !/^(?:\w+\.)?Err[A-Z]/.test(args[0].text())) {
    sites.push(site(n, 'exception', c.name, null, [arg(args[0], scope)]));
    return;
  }
  // `d.terrors = append(d.terrors, fmt.Sprintf("line %d: …", …))`: a message added to a list of errors
  if (q === null && c.name === 'append' && args.length >= 2 && /err/i.test(args[0].text())) {
    const t = build(args[args.length - 1], scope);
    if (t.some(isLit)) {
      sites.push(site(n, 'exception', null, t, infos()));
      return;
    }
  }
  // `fmt.Sprintf(format, args...)` in a function named for errors (`errorf`, `p.fail`, `syntaxError`): its callers' formats are messages
  if (q === 'fmt' && c.name === 'Sprintf' && args.length && args[0].kind() === 'identifier') {
    const ctx = contextAt(n);
    const fn = ctx.symbol?.split('.').pop() ?? '';
    if (ERROR_HELPER.test(fn) && ctx.params.includes(args[0].text())) {
      sites.push(site(n, 'exception', null, fmtArgs(0), infos()));
      return;
    }
  }
  // `s.setErr(ErrTooLong)`, `fail(ErrBadPattern)`: a sentinel handed to a call (not a test of one: errors.Is / errors.As)
  if (c.name !== 'Is' && c.name !== 'As' && args.length <= 2) {
    const s = args.find((a) => isSentinelRef(a, scope));
    // (not a code beside the message of an error-named helper: `newError(ErrRequired, msg)` writes msg)
    if (s && !(ERROR_HELPER.test(c.name) && args.some((a) => a !== s && ((isStringArg(a) && build(a, scope).some(isLit)) || localMessage(a, scope))))) {
      const t = build(s, scope);
      sites.push(site(s, 'exception', null, t, [{ name: null, template: t, expr: s.text() }]));
      handedCall(n, c.name, args, scope, calls);
      return;
    }
  }
  // `lx.errorf("expected %s", x)`, `s.err("literal not terminated")`, `yaml_parser_set_parser_error(p, "did not find …", mark)`:
  // a call of an error-named helper with text is where that text is written (a returned error has no trace to show the helper)
  // (and a printf-style helper of this file that returns an error, whatever its name: toml's `md.e(format, args...) error`)
  const printf = helpers.has(c.name) && q !== 'fmt';
  if ((ERROR_HELPER.test(c.name) && q !== 'fmt') || printf) {
    // (a sentinel the package's own constructor makes, `var ErrRequired = NewError(…)`, named again here: its site is the `return` handing it out)
    if (isPackageVar(n) && scope.usedHere.has(varName(n) ?? '')) return;
    const texts = args.flatMap((a, i) => (isStringArg(a) || (a.kind() === 'identifier' && scope.consts.has(a.text())) ? [i] : []));
    // (`l.error("bad number syntax: %q", l.word())`: a literal with a verb and arguments after it is a format whatever the name)
    const formats = printf || /f$/.test(c.name) || (texts.length > 0 && texts[0] < args.length - 1 && isFormatLiteral(args[texts[0]]));
    const messages = texts.map((at) => (formats ? formatTemplate(args[at], args.slice(at + 1), scope) : build(args[at], scope))).filter((t) => t.some(isLit));
    // (`newError(ErrRequired, msg)` after `msg = fmt.Sprintf("…", …)`: the texts the local holds, each a message)
    let written: SgNode | null = null;
    if (!messages.length && !formats) {
      for (const a of args) {
        const local = localMessage(a, scope);
        if (local) {
          messages.push(local.template, ...local.alts);
          written = local.written;
        }
        if (messages.length) break;
      }
    }
    if (messages.length) {
      // (`set_error(p, "while scanning …", mark, "found character …")`: the context and the problem, either may be the message)
      const extra = messages.length > 1 ? { alternatives: messages.slice(1, 4) } : {};
      sites.push(site(n, 'exception', null, messages[0], infos(), extra));
      // (a text the helper is handed in a local: the statement that wrote it is a line of the message too, `msg :=
      // check.sprintf("cannot use …", …)` before `check.error(x, code, msg)`; a returned error names neither)
      if (written && written.range().start.line !== n.range().start.line) sites.push(site(written, 'exception', null, messages[0], infos(), extra));
      handedCall(n, c.name, args, scope, calls);
      return;
    }
  }
  // Any other call with text in an argument: a helper that builds a message may be called (facts/callers.ts)
  // (most calls have no argument whose template can hold text: they are left before any is built)
  // (a local's text is not read here: the call is any function's, `os.Remove(tmp)`, and its locals are paths and names as often as messages)
  // (a builtin called bare, `append(args, "-o")`, is no call of a method of that name, `p.append(prog, cond, doLabel)`)
  if (!args.some((a) => mayHoldText(a, scope)) || (q === null && BUILTINS.has(c.name))) return;
  const ai = args.map((a) => ({ name: null, template: build(a, scope), expr: a.text() }));
  if (!ai.some((a) => a.template.some(isLit))) return;
  const { symbol, params } = contextAt(n);
  calls.push({ callee: c.name, args: ai, line: n.range().start.line + 1, symbol, params });
}
const BUILTINS = new Set(['append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max', 'min', 'new', 'print', 'println', 'real']);

/**
 * A call that is a site of the text it hands a helper (`p.getErr(ErrMissingParen)`, `newErrorf(ErrUnknownFlag, "unknown flag `%s'", name)`)
 * is also a call of that helper: when the helper makes its error from its parameters (makerOfParams), the
 * caller's message is the helper's text with these arguments in it (facts/callers.ts).
 */
function handedCall(n: SgNode, callee: string, args: SgNode[], scope: Scope, calls: CallInfo[]): void {
  // (`pkg.NewError(…)`: another package's helper, not this directory's)
  const fn = n.field('function');
  if (fn?.kind() === 'selector_expression' && scope.imports.has(fn.field('operand')?.text() ?? '')) return;
  const ai = args.map((a) => ({ name: null, template: build(a, scope), expr: a.text() }));
  if (!ai.some((a) => a.template.some(isLit))) return;
  const { symbol, params } = contextAt(n);
  calls.push({ callee, args: ai, line: n.range().start.line + 1, symbol, params, handed: true });
}

/** `fmt.Sprintf(…)`: text built from a format (`ProtocolError(fmt.Sprintf("malformed MIME header: …", …))`). */
const isSprintf = (n: SgNode): boolean => {
  if (n.kind() !== 'call_expression') return false;
  const c = calleeOf(n);
  return c?.qual === 'fmt' && c.name === 'Sprintf';
};

/**
 * The file's printf-style helpers that make an error: a function or method returning `error` whose
 * last two parameters are a `string` and a `...interface{}` / `...any` (`func (md *MetaData) e(format
 * string, args ...interface{}) error`). A returned error has no trace to show the helper, so each
 * call with a literal format is a site, as for helpers named for errors (the candidates are
 * those declarations() found).
 */
function formatHelpers(candidates: SgNode[]): Set<string> {
  const out = new Set<string>();
  for (const d of candidates) {
    if (d.field('result')?.text() !== 'error') continue;
    const params = d.field('parameters')?.namedChildren().filter((p) => p.kind() !== 'comment') ?? [];
    const last = params[params.length - 1];
    const before = params[params.length - 2];
    if (last?.kind() !== 'variadic_parameter_declaration' || !/^(?:interface\s*\{\s*\}|any)$/.test(last.field('type')?.text() ?? '')) continue;
    if (!before || before.field('type')?.text() !== 'string') continue;
    // (a method named Error is a candidate wherever it is, a helper only at the top level)
    if (d.parent()?.kind() !== 'source_file') continue;
    const name = d.field('name')?.text();
    if (name) out.add(name);
  }
  return out;
}

const isStringArg = (n: SgNode): boolean => n.kind() === 'interpreted_string_literal' || n.kind() === 'raw_string_literal' || n.kind() === 'binary_expression';

/** The name of the `var` a call is the value of. */
const varName = (call: SgNode): string | null => call.parent()?.parent()?.children().find((x) => x.kind() === 'identifier')?.text() ?? null;

function literalSite(n: SgNode, scope: Scope, classNames: Set<string>, sites: RawSite[]): void {
  const type = n.field('type')?.text() ?? '';
  const name = type.split('.').pop() ?? '';
  if (!classNames.has(type) && !ERROR_TYPE.test(type)) {
    errorFieldSite(n, scope, sites);
    return;
  }
  if (!/^[A-Za-z_]/.test(name)) return;
  const body = n.field('body');
  const args: ArgInfo[] = [];
  for (const e of body?.namedChildren() ?? []) {
    if (e.kind() === 'keyed_element') {
      const [k, v] = e.namedChildren();
      const value = v?.namedChildren()[0] ?? v;
      if (k && value) args.push(arg(value, scope, k.text()));
    } else if (e.kind() === 'literal_element') {
      const value = e.namedChildren()[0] ?? e;
      args.push(arg(value, scope));
    }
  }
  // (the site is the `&` when there is one: the line a panic's frame or a reader points at is the same)
  const at = n.parent()?.kind() === 'unary_expression' ? n.parent()! : n;
  const s = site(at, 'exception', type, null, args);
  sites.push(makerOfParams(at, s, classNames) ? { ...s, hidesFrame: true, returned: true, callersInDir: true } : s);
}

/**
 * An error a helper makes from its parameters and returns (`func (p *parser) getErr(code ErrorCode,
 * args ...interface{}) error { return &Error{Code: code, Expr: p.patternRaw, Args: args} }`,
 * `func badStringError(what, val string) error { return fmt.Errorf("%s %q", what, val) }`): a
 * returned error has no trace to name the helper, so each caller's message (the helper's text with
 * the caller's arguments in it: `p.getErr(ErrMissingParen)`) is a record at the call
 * (RawSite.hidesFrame; record/assemble). The value is the `return` of a function or method
 * returning `error` or an error type, written in its body (not under a branch), and an argument of
 * the construction is one of its parameters as it was given.
 */
function makerOfParams(at: SgNode, s: RawSite, classNames: Set<string>): boolean {
  if (!s.params?.length || !s.args.some((a) => s.params!.includes(a.expr.replace(/\.\.\.$/, '')))) return false;
  let p = at.parent();
  if (p?.kind() === 'expression_list') p = p.parent();
  // (returned, or kept to be returned later: `dec.err = &SyntaxError{Msg: msg, …}`)
  if (p?.kind() !== 'return_statement' && !(p?.kind() === 'assignment_statement' && /^(?:\w+\.)?\w*[Ee]rr\w*$/.test(p.field('left')?.text() ?? ''))) return false;
  let body = p.parent();
  if (body?.kind() === 'statement_list') body = body.parent();
  const fn = body?.kind() === 'block' ? body.parent() : null;
  if (fn?.kind() !== 'function_declaration' && fn?.kind() !== 'method_declaration') return false;
  if (p.kind() === 'assignment_statement') return true;
  const result = (fn.field('result')?.text() ?? '').replace(/^\*/, '');
  return result === 'error' || classNames.has(result) || ERROR_TYPE.test(result);
}

/**
 * `ThresholdRule{threshold: min, operator: greaterEqualThan, err: ErrMinGreaterEqualThanRequired}`: a
 * sentinel put in a value's error field (`err`, `error`, `…Err`), which the value returns later
 * (`return r.err`), is handed out here as by `err = ErrX` (returnSite).
 */
function errorFieldSite(n: SgNode, scope: Scope, sites: RawSite[]): void {
  for (const e of n.field('body')?.namedChildren() ?? []) {
    if (e.kind() !== 'keyed_element') continue;
    const [k, v] = e.namedChildren();
    const value = v?.namedChildren()[0] ?? v;
    if (!k || !value || !/^(?:err|error|\w*Err)$/i.test(k.text()) || !isSentinelRef(value, scope)) continue;
    const t = build(value, scope);
    sites.push(site(value, 'exception', null, t, [{ name: null, template: t, expr: value.text() }]));
  }
}

/** A constructor of an error type, named `New` (or `new`) and the type's name (ERROR_TYPE's suffixes): group 1 is the type. */
const CONSTRUCTOR = /^[Nn]ew([A-Z]\w*(?:Error|Exception|Failure))$/;
/** An exported error type called as a conversion (`UnknownUserError(name)`, `errors.StructuralError("…")`). */
const EXPORTED_ERROR_TYPE = /^[A-Z]\w*Error$/;
/** Functions whose name says they build an error (`errorf`, `fail`, `panicf`, `syntaxError`, `raiseError`). */
const ERROR_HELPER = /(?:^|[a-z_])(?:[Ee]rr(?:or)?f?|[Ff]ail(?:f|ure)?|[Pp]anicf?|[Ff]atalf?|[Rr]aise(?:Error)?)(?:[A-Z_]|$)|^(?:err|error|errorf|fail|failf|panicf|fatalf)$/;

/** An identifier or `pkg.Name` naming a sentinel (this file's `var`, or named as sentinels are). */
function isSentinelRef(e: SgNode, scope: Scope): boolean {
  const k = e.kind() as string;
  if (k === 'identifier') return scope.sentinels.has(e.text()) || SENTINEL_NAME.test(e.text());
  if (k !== 'selector_expression' || e.field('operand')?.kind() !== 'identifier' || !scope.imports.has(e.field('operand')!.text())) return false;
  return SENTINEL_NAME.test(e.field('field')?.text() ?? '');
}

/** `x.Field = "…"` (Rust regex syntax too): a text assigned to a field. */
const FIELD_TEXT = /^[A-Za-z_]\w*\.[A-Za-z_]\w*\s*=\s*["`]/;

/**
 * `e.Err = "missing close paren"` where `e` is a value of an error type of the file (`if e, ok :=
 * x.(*SyntaxError); ok { … }`, `e := &SyntaxError{…}`, `var e SyntaxError`): the message of the
 * error it is raised with changes here, so the statement is a site of the type's message with that
 * field bound to the text (go/build/constraint rewrites a caught parse error's text before it
 * panics it again).
 */
function fieldSite(n: SgNode, scope: Scope, classes: ClassInfo[], sites: RawSite[]): boolean {
  if (n.kind() !== 'assignment_statement' || !FIELD_TEXT.test(n.text())) return false;
  const left = n.field('left');
  const target = left?.kind() === 'expression_list' ? left.namedChildren() : left ? [left] : [];
  const right = n.field('right');
  const values = right?.kind() === 'expression_list' ? right.namedChildren() : right ? [right] : [];
  if (target.length !== 1 || values.length !== 1 || target[0].kind() !== 'selector_expression') return false;
  const operand = target[0].field('operand');
  const field = target[0].field('field')?.text() ?? '';
  if (operand?.kind() !== 'identifier' || !isStringArg(values[0])) return false;
  const body = enclosingBody(n);
  if (!body) return false;
  const at = n.range().start.index;
  const decls = (assignmentsOf(body).get(operand.text()) ?? []).filter((a) => a.end <= at);
  const type = decls.length ? typeOfValue(decls[decls.length - 1]) : null;
  const cls = type ? classes.find((c) => c.name === type) : undefined;
  if (!cls || !cls.params.includes(field)) return false;
  const t = build(values[0], scope);
  if (!t.some(isLit)) return false;
  sites.push(site(n, 'exception', cls.name, null, [{ name: field, template: t, expr: values[0].text() }]));
  return true;
}

/** The type a name was given a value of: `x.(*T)`, `&T{…}`, `T{…}`, `var x *T`. */
function typeOfValue(a: Assignment): string | null {
  const v = a.value;
  const bare = (t: string | undefined) => (t ? t.replace(/^\*/, '') : null);
  if (!v) return a.declared ? bare(a.declared) : null;
  if (v.kind() === 'type_assertion_expression') return bare(v.field('type')?.text());
  const lit = v.kind() === 'unary_expression' ? v.namedChildren()[0] : v;
  if (lit?.kind() === 'composite_literal') return bare(lit.field('type')?.text());
  return null;
}

/** `return …, ErrX` / `return io.EOF` / `err = ErrBadPattern`: a sentinel handed out (its text is at the `var`). */
function returnSite(n: SgNode, scope: Scope, sites: RawSite[]): void {
  const list = n.kind() === 'assignment_statement' ? n.field('right') : n.namedChildren()[0];
  const exprs = list?.kind() === 'expression_list' ? list.namedChildren() : list ? [list] : [];
  const last = exprs[exprs.length - 1];
  if (!last || !isSentinelRef(last, scope)) return;
  if (n.kind() === 'assignment_statement' && !/^(?:\w+\.)?(?:err|e|\w*Err)$/.test(n.field('left')?.text() ?? '')) return;
  const t = build(last, scope);
  sites.push(site(last, 'exception', null, t, [{ name: null, template: t, expr: last.text() }]));
}

/** A value a `return` gives (`return nil, X(v)`, `return X(v)`), not one nested in another expression. */
const isReturnedValue = (n: SgNode): boolean => {
  const p = n.parent();
  return p?.kind() === 'return_statement' || (p?.kind() === 'expression_list' && p.parent()?.kind() === 'return_statement');
};
