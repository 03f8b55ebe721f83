// Go messages as templates (src/template/ir.ts): string literals, `+`, fmt's format strings with
// every verb (`%w` and an error's `%v`/`%s` hold another error's message: Hole.inner), constants,
// sentinel errors (`ErrX`, `io.EOF`: their text is where the `var` is written), the fields of an
// `Error() string` method's receiver (`e.Op`, `e.Err.Error()`), and the helpers that quote or
// convert a value (`strconv.Quote`, `string(b)`).

import type { SgNode } from '@ast-grep/napi';
import { concat, hole, isHole, lit, markInner, rewriteLiterals, withOrigin, type Hole, type HoleKind, type Segment, type Template } from '../../template/ir.js';
import { formatVerbs, literalText } from './strings.js';

/** What the names of a file (and of the function a message is built in) hold. */
export interface Scope {
  /** The `package` clause's name: the table a sentinel of this package is filed under. */
  pkg: string;
  /** String constants (and package-level string `var`s), by name. */
  consts: Map<string, Template>;
  /** Sentinel errors of this file (`var ErrX = errors.New("…")`): the text and the line it is written on. */
  sentinels: Map<string, { template: Template; line: number }>;
  /** Import name (alias, or the path's last element) → the package name a qualified sentinel is looked up under. */
  imports: Map<string, string>;
  /** Sentinels this file names again after their `var` (handed out here: the `var` is not a site of its own). */
  usedHere: Set<string>;
  /** Inside an `Error()` method: the receiver's name, its fields, and those of type error. */
  receiver?: { name: string; errorFields: Set<string> };
  /** Inside an `Error()` method: what its local variables hold at the point read (`s := e.Err; s = "address " + e.Addr + ": " + s`). */
  locals?: Map<string, Template>;
}

/** Depth of nested expressions read, at most (a deeper one is a hole). */
const MAX_DEPTH = 24;

/** A name a sentinel error is conventionally given (`ErrNotFound`, `errShortWrite`, `EOF`). */
export const SENTINEL_NAME = /^(?:[Ee]rr[A-Z0-9_]\w*|EOF)$/;
/** A name that holds an error value (`err`, `e`, `parseErr`, `cause`). */
const ERROR_VALUE = /^(?:err|e|er|cause|inner|\w*Err|err\w*|\w*Error)$/;

/** A hole holding another error's message. */
const innerHole = (expr: string, kind: HoleKind = 'any'): Template => markInner([hole(expr, kind)], () => true);

/** The template of an expression; `isString`: whether it is text for certain (a literal or built from one). */
export function build(n: SgNode, scope: Scope, depth = 0): Template {
  if (depth > MAX_DEPTH) return [hole(n.text())];
  const k = n.kind() as string;
  const text = literalText(k, n.text());
  if (text !== null) return text === '' ? [] : [lit(text)];
  switch (k) {
    case 'parenthesized_expression': {
      const inner = n.namedChildren()[0];
      return inner ? build(inner, scope, depth + 1) : [hole(n.text())];
    }
    case 'binary_expression': {
      const op = n.field('operator')?.text() ?? n.children().find((c) => !c.isNamed())?.text();
      const l = n.field('left');
      const r = n.field('right');
      if (op === '+' && l && r) {
        const a = build(l, scope, depth + 1);
        const b = build(r, scope, depth + 1);
        return concat(a, b);
      }
      return [hole(n.text())];
    }
    case 'identifier':
      return nameTemplate(n.text(), scope);
    case 'selector_expression':
      return selectorTemplate(n, scope);
    case 'call_expression':
      return callTemplate(n, scope, depth);
    case 'int_literal':
      return [lit(n.text())];
    default:
      return [hole(n.text())];
  }
}

/** An identifier: a constant's text, a sentinel's (with where it is written), else a hole. */
function nameTemplate(name: string, scope: Scope): Template {
  const local = scope.locals?.get(name);
  if (local) return local;
  const c = scope.consts.get(name);
  if (c) return c;
  const s = scope.sentinels.get(name);
  if (s) return withOrigin(s.template, { line: s.line });
  if (SENTINEL_NAME.test(name)) return [lookupHole(name, scope.pkg, name)];
  if (scope.receiver && name === scope.receiver.name) return [hole(name)];
  return ERROR_VALUE.test(name) ? innerHole(name) : [hole(name)];
}

/** A sentinel of another file or package: record/tables.ts puts in its text from the table its `var` is in. */
function lookupHole(expr: string, table: string, key: string): { hole: Hole } {
  return { hole: { name: key, expr, kind: 'any', inner: true, lookup: { table, key } } };
}

function selectorTemplate(n: SgNode, scope: Scope): Template {
  const operand = n.field('operand');
  const field = n.field('field')?.text() ?? '';
  const base = operand?.text() ?? '';
  if (scope.receiver && operand?.kind() === 'identifier' && base === scope.receiver.name) {
    // (`e.Op` in `func (e *PathError) Error()`: the field, which the struct literal that builds the error fills)
    return scope.receiver.errorFields.has(field) ? innerHole(field) : [hole(field)];
  }
  if (operand?.kind() === 'identifier' && scope.imports.has(base)) {
    if (SENTINEL_NAME.test(field)) return [lookupHole(n.text(), scope.imports.get(base)!, field)];
    return [hole(n.text())];
  }
  return ERROR_VALUE.test(field) ? innerHole(n.text()) : [hole(n.text())];
}

/** The arguments of a call, comments left out. */
export const argsOf = (call: SgNode): SgNode[] => call.field('arguments')?.namedChildren().filter((c) => c.kind() !== 'comment') ?? [];

/** `pkg.Name` or `Name` of a call's function: the qualifier (null when none) and the name. */
export function calleeOf(call: SgNode): { qual: string | null; name: string } | null {
  const f = call.field('function');
  if (!f) return null;
  if (f.kind() === 'identifier') return { qual: null, name: f.text() };
  if (f.kind() === 'selector_expression') return { qual: f.field('operand')?.text() ?? null, name: f.field('field')?.text() ?? '' };
  return null;
}

function callTemplate(n: SgNode, scope: Scope, depth: number): Template {
  const c = calleeOf(n);
  const args = argsOf(n);
  if (!c) return [hole(n.text())];
  // `x.Error()`: the message of the error x (`e.Err.Error()`, `err.Error()`)
  if (c.name === 'Error' && c.qual !== null && args.length === 0) {
    const t = build(n.field('function')!.field('operand')!, scope, depth + 1);
    return markInner(t, () => true);
  }
  // `e.Code.String()`: the value as it prints, the field (or constant) itself (`&Error{ErrMissingParen, s}` binds Code)
  if (c.name === 'String' && c.qual !== null && args.length === 0) {
    const operand = n.field('function')!.field('operand')!;
    // `b.String()` of a bytes.Buffer / strings.Builder the function wrote the message into
    const written = operand.kind() === 'identifier' ? builderTemplate(n, operand.text(), scope, depth) : null;
    if (written) return written;
    if (operand.kind() === 'selector_expression' || operand.kind() === 'identifier') return build(operand, scope, depth + 1);
  }
  const q = c.qual;
  if (q === 'fmt' && (c.name === 'Sprintf' || c.name === 'Errorf') && args.length) return formatTemplate(args[0], args.slice(1), scope, depth);
  // `check.sprintf("cannot use %s as %s value in %s", x, T, context)`: a method or function of the program's named
  // as fmt's is (a wrapper that formats its operands its own way), given a literal format: that format, its verbs opened
  if (q !== 'fmt' && c.name.toLowerCase() === 'sprintf' && args.length && isFormatLiteral(args[0])) return formatTemplate(args[0], args.slice(1), scope, depth);
  if (q === 'fmt' && (c.name === 'Sprint' || c.name === 'Sprintln')) return sprint(args, scope, depth, c.name === 'Sprintln');
  if (q === 'errors' && c.name === 'New' && args.length === 1) return build(args[0], scope, depth + 1);
  if (q === 'strconv' && (c.name === 'Quote' || c.name === 'QuoteToASCII') && args.length === 1) return quoted(args[0], scope, depth);
  if (q === 'strconv' && (c.name === 'Itoa' || c.name === 'FormatInt' || c.name === 'FormatUint') && args.length) return [hole(args[0].text(), 'int')];
  if (q === null && c.name === 'string' && args.length === 1) return build(args[0], scope, depth + 1);
  // `strings.Join(e.Errors, "\n  ")` in an Error() method, `strings.Join(errs, "; ")`: messages of other errors, joined
  if (q === 'strings' && c.name === 'Join' && args.length === 2 && joinsMessages(args[0], scope)) return innerHole(args[0].text().split('.').pop()!);
  // (in an Error() method a call's hole stays plain: record/returns.ts binds the calls of a type's message, not of its alternatives)
  if (scope.receiver) return [hole(n.text())];
  // `render(Locale.InvalidType(), details)`: a function given a text a call returns first fills that text's
  // fields; the hole is the render's, so it reads as before when no function returns that text
  const first = args[0];
  if (first?.kind() === 'call_expression') {
    const t = callTemplate(first, scope, depth + 1);
    if (t.length === 1 && isHole(t[0]) && t[0].hole.call) {
      const h = hole(n.text());
      if (isHole(h)) return [{ hole: { ...h.hole, call: t[0].hole.call } }];
    }
  }
  return [returnedText(n, c.name, args)];
}

/** A string literal with a fmt verb in it (`"cannot use %s as %s"`): what a format argument is. */
export const isFormatLiteral = (n: SgNode): boolean => (n.kind() === 'interpreted_string_literal' || n.kind() === 'raw_string_literal') && /%[-+# 0]*[0-9]*(?:\.[0-9]*)?[vsqdxXfgeTtbcoUp]/.test(n.text());

/**
 * A call no rule above reads: a hole that record/returns.ts replaces with the text the called
 * function returns when a function or method of that name and arity is written `return "…"` in the
 * caller's file or in few files of the tree (`Locale.InvalidType()` → `func (l DefaultLocale)
 * InvalidType() string { return "Invalid type. Expected: {{.expected}}, …" }`, textReturns).
 */
function returnedText(n: SgNode, name: string, args: SgNode[]): Segment {
  const h = hole(n.text());
  if (!('hole' in h)) return h;
  return { hole: { ...h.hole, call: { callee: `${name}/${args.length}`, args: args.map((a) => ({ name: null, expr: a.text(), template: [hole(a.text())] })) } } };
}

/** A text/template action naming a field or key of the data (`{{.expected}}`, `{{ .Field.Name }}`). */
const TEMPLATE_ACTION = /\{\{-?\s*\.([A-Za-z_]\w*)(?:\.\w+)*\s*-?\}\}/g;

/** A literal a function returns, its text/template actions opened into holes (the caller renders it with the data). */
export function returnedLiteral(t: Template): Template {
  return rewriteLiterals(t, TEMPLATE_ACTION, (m) => [hole(m[1])]);
}

/** Statements read back from a `b.String()` to the builder's declaration, at most. */
const MAX_BUILDER_STATEMENTS = 40;

/**
 * `b.String()` of a `bytes.Buffer` or `strings.Builder` declared in a block around the call
 * (`var b bytes.Buffer`, `b := new(strings.Builder)`, `b := &bytes.Buffer{}`): what the statements
 * between the declaration and the one holding the call write to it, in order
 * (`b.WriteString("circular reference in:\n")`, `fmt.Fprintf(&b, "%s=%s\n", k, v)`). A statement
 * that writes to it inside a loop or a branch is one hole (how often, or whether, it wrote is not
 * known here). Null when no such declaration is found within the function.
 */
function builderTemplate(call: SgNode, name: string, scope: Scope, depth: number): Template | null {
  const declared = new RegExp(`^(?:var\\s+${name}\\s+\\*?|${name}\\s*:=\\s*(?:&|new\\()\\s*)(?:bytes\\.Buffer|strings\\.Builder)\\b`);
  const mentions = new RegExp(`\\b${name}\\b`);
  let child = call;
  for (let p = call.parent(); p; child = p, p = p.parent()) {
    const k = p.kind() as string;
    if (k === 'function_declaration' || k === 'method_declaration' || k === 'func_literal') return null;
    if (k !== 'statement_list' && k !== 'block') continue;
    const at = child.range().start.index;
    const stmts = p.namedChildren().filter((x) => x.range().start.index < at).slice(-MAX_BUILDER_STATEMENTS);
    let from = stmts.length - 1;
    while (from >= 0 && !declared.test(stmts[from].text())) from--;
    if (from < 0) continue;
    const parts: Template[] = [];
    for (const st of stmts.slice(from + 1)) {
      const text = st.text();
      if (!mentions.test(text)) continue;
      const w = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
      parts.push(w?.kind() === 'call_expression' ? builderWrite(w, name, scope, depth) ?? [hole(name)] : [hole(name)]);
    }
    return concat(...parts);
  }
  return null;
}

/** What one call writes to the builder `name` (`name.WriteString(x)`, `fmt.Fprintf(&name, f, …)`, `fmt.Fprint`), or null. */
function builderWrite(w: SgNode, name: string, scope: Scope, depth: number): Template | null {
  const c = calleeOf(w);
  const args = argsOf(w);
  if (!c) return null;
  if (c.qual === name && c.name === 'WriteString' && args.length === 1) return build(args[0], scope, depth + 1);
  const target = args[0]?.text().replace(/^&/, '');
  if (c.qual !== 'fmt' || target !== name) return null;
  if (c.name === 'Fprintf' && args.length >= 2) return formatTemplate(args[1], args.slice(2), scope, depth + 1);
  if (c.name === 'Fprint' || c.name === 'Fprintln') return concat(sprint(args.slice(1), scope, depth, c.name === 'Fprintln'), c.name === 'Fprintln' ? [lit('\n')] : []);
  return null;
}

/** Whether a `strings.Join` joins error messages: a field of an Error() method's receiver, or a name that holds errors or messages. */
function joinsMessages(list: SgNode, scope: Scope): boolean {
  const k = list.kind() as string;
  if (k === 'selector_expression' && scope.receiver && list.field('operand')?.text() === scope.receiver.name) return true;
  const name = k === 'identifier' ? list.text() : k === 'selector_expression' ? list.field('field')?.text() ?? '' : '';
  return /^(?:errs|errors|\w*Errs|\w*Errors|msgs|messages|problems|issues)$/i.test(name);
}

/** `%q` of a value: Go quotes it with double quotes (a literal's text is known; anything else is a repr hole). */
function quoted(arg: SgNode, scope: Scope, depth: number): Template {
  const t = build(arg, scope, depth + 1);
  if (t.length === 1 && 'lit' in t[0] && /^[ -~]*$/.test(t[0].lit) && !/["\\]/.test(t[0].lit)) return [lit(`"${t[0].lit}"`)];
  return [hole(arg.text(), 'repr')];
}

/** `fmt.Sprint(a, b)`: the operands one after another (Sprintln: with spaces). */
function sprint(args: SgNode[], scope: Scope, depth: number, spaced: boolean): Template {
  const parts: Template[] = [];
  args.forEach((a, i) => {
    if (i > 0 && spaced) parts.push([lit(' ')]);
    parts.push(build(a, scope, depth + 1));
  });
  return concat(...parts);
}

/** Verbs whose argument prints as a number. */
const INT_VERBS = new Set(['d', 'b', 'o', 'O', 'c', 'U']);
const FLOAT_VERBS = new Set(['e', 'E', 'f', 'F', 'g', 'G']);

/**
 * A format string with its arguments put in (fmt.Sprintf, fmt.Errorf, log.Fatalf, errors.Wrapf…):
 * a literal or constant argument of `%s`/`%v` is its text, `%q` of one is its text in quotes,
 * `%d` a number hole, `%w` (and `%v`/`%s` of an error) a hole holding another error's message.
 * A format that is not text known here is a hole.
 */
/** A format of literal pieces and holes: the holes stand in the text as NUL marks (no verb holds one), the verbs are read over the whole. */
function mixedFormat(f: Template, args: SgNode[], scope: Scope, depth: number): Template {
  const holes = f.filter((x) => !('lit' in x));
  const format = f.map((x) => ('lit' in x ? x.lit.replace(/\0/g, '') : '\0')).join('');
  const pieces = (s: string): Template => {
    const out: Template = [];
    s.split('\0').forEach((p, i) => {
      if (i) out.push(holes.shift()!);
      if (p) out.push(lit(p));
    });
    return out;
  };
  const out: Template[] = [];
  let last = 0;
  for (const v of formatVerbs(format)) {
    out.push(pieces(format.slice(last, v.at)));
    last = v.at + v.length;
    if (v.verb === '%') out.push([lit('%')]);
    else out.push(args[v.arg] ? verbTemplate(v.verb, args[v.arg], scope, depth) : [hole(undefined)]);
  }
  out.push(pieces(format.slice(last)));
  return concat(...out);
}

export function formatTemplate(fmtNode: SgNode, args: SgNode[], scope: Scope, depth = 0): Template {
  const f = build(fmtNode, scope, depth + 1);
  // (a format passed in, `fmt.Sprintf(format, args...)` in a helper: its callers' format strings get their verbs opened)
  if (f.length === 1 && 'hole' in f[0]) return [{ hole: { ...f[0].hole, fmt: 'printf' } }];
  // (`invalidOp + "cannot index %s"`: a format built of text and other values, its literal pieces' verbs opened in order)
  if (f.length > 1 && f.length <= 16 && f.some((x) => 'lit' in x && x.lit.includes('%')) && f.every((x) => 'lit' in x || !x.hole.fmt)) return mixedFormat(f, args, scope, depth);
  if (!(f.length === 1 && 'lit' in f[0])) return f.length === 0 ? [] : f;
  const format = f[0].lit;
  const at = f[0].at;
  const piece = (s: string): Template => (s ? (at ? withOrigin([lit(s)], at) : [lit(s)]) : []);
  const out: Template[] = [];
  let last = 0;
  for (const v of formatVerbs(format)) {
    out.push(piece(format.slice(last, v.at)));
    last = v.at + v.length;
    if (v.verb === '%') {
      out.push(piece('%'));
      continue;
    }
    const arg = args[v.arg];
    if (!arg) {
      out.push([hole(undefined)]);
      continue;
    }
    out.push(verbTemplate(v.verb, arg, scope, depth));
  }
  out.push(piece(format.slice(last)));
  return concat(...out);
}

function verbTemplate(verb: string, arg: SgNode, scope: Scope, depth: number): Template {
  const expr = arg.text();
  if (verb === 'q') return quoted(arg, scope, depth);
  if (INT_VERBS.has(verb)) return arg.kind() === 'int_literal' ? [lit(expr)] : [hole(expr, 'int')];
  if (FLOAT_VERBS.has(verb)) return [hole(expr, 'float')];
  const t = build(arg, scope, depth + 1);
  if (verb === 'w') return markInner(t, () => true);
  if (verb === 'v' || verb === 's') return t;
  return t.length === 1 && 'lit' in t[0] && verb !== 'x' && verb !== 'X' ? t : [hole(expr)];
}

/**
 * Go's convention for a message that wraps another, `context: cause`: a hole at the end of the
 * template after a literal ending in `: ` holds another error's message (`"open %s: %v"`, an
 * `Error()` returning `e.Op + ": " + e.Msg`), whatever its name.
 */
export function markTrailingCause(t: Template): Template {
  const last = t[t.length - 1];
  const before = t[t.length - 2];
  if (!last || !before || !('hole' in last) || !('lit' in before) || !before.lit.endsWith(': ') || last.hole.inner) return t;
  return [...t.slice(0, -1), { hole: { ...last.hole, inner: true } }];
}
