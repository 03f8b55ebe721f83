// Rust sites, error types and their messages, from one parse of a file.
//
// Sites: the panicking macros (`panic!`, `unreachable!`, `todo!`, `unimplemented!`, `assert*!`,
// `debug_assert*!`, each with the default message the standard library prints when given none),
// `.expect("…")` and `.unwrap()`, anyhow/eyre's `bail!`/`anyhow!`/`eyre!`/`ensure!` and
// `.context(…)`/`.with_context(|| …)`/`.wrap_err(…)`, `Err(…)` and the error values handed to
// `.ok_or(…)`/`.ok_or_else(|| …)`/`.map_err(|…| …)`, `io::Error::new(kind, "…")`-style
// constructors given a message, and `eprintln!` followed by `process::exit`.
//
// Error types (ClassInfo, resolved across the tree): an enum variant or struct with thiserror's
// `#[error("…")]`, and the arms of a hand-written `impl Display` (`match self { E::V(n) => write!(f,
// "… {}", n) }`), also through a method `fmt` calls on `self` (`f.write_str(self.description())`).
// A variant is named `Enum::Variant`; a site's error value is read for such paths (`Err(E::V(x))`,
// `Error { kind: ErrorKind::V }`, `Error::new(ErrorKind::V)`), and its arguments bound by position
// (`{0}`, or the arm's bindings in order) or by field name.

import type { SgNode } from '@ast-grep/napi';
import type { ArgInfo, CallInfo, ClassInfo, ErrorType, FileAnalysis, Guard, RawSite } from '../../core/site.js';
import { concat, hole, isHole, lit, normalize, type Hole, type Template } from '../../template/ir.js';
import { formatTemplate, macroCall, splitArgs, stringLiteral } from './fmt.js';
import { parseRust } from './grammar.js';
import { forwardsOf, valueCall } from './values.js';
import { W } from '../shared/rule-regex.js';

/** Words without which a file has nothing analyze reports. */
const MAY_RAISE = /\b(?:panic!|unreachable!|todo!|unimplemented!|assert|debug_assert|expect\(|unwrap\(|bail!|anyhow!|eyre!|ensure!|context\(|wrap_err|Err\(|Error::|Display|#\[error|exit\(|ok_or|map_err)/;
export const rustCannotRaise = (source: string): boolean => !MAY_RAISE.test(source);

const DEPTH = 3;
/** Error values read per expression for variant paths at most. */
const MAX_CANDIDATES = 6;

/**
 * The nodes the passes read, from one traversal of the tree in document order: every findAll walks
 * the whole tree (about a sixth of the parse's time each), so the passes filter this list instead.
 */
class Nodes {
  private readonly all: { kind: string; node: SgNode }[] = [];
  private inImpl: SgNode[] | null = null;
  constructor(root: SgNode) {
    for (const node of root.findAll({ rule: { any: [...NODE_KINDS.map((kind) => ({ kind })), CALLS] } })) this.all.push({ kind: node.kind() as string, node });
  }
  of(...kinds: string[]): SgNode[] {
    return this.all.filter((n) => kinds.includes(n.kind)).map((n) => n.node);
  }
  /** Functions inside an `impl` (at any depth). */
  implFunctions(): SgNode[] {
    if (this.inImpl) return this.inImpl;
    const impls = this.of('impl_item').map((i) => [i.range().start.index, i.range().end.index]);
    return (this.inImpl = this.of('function_item').filter((f) => {
      const at = f.range().start.index;
      return impls.some(([a, b]) => at > a && at < b);
    }));
  }
}
const NODE_KINDS = ['macro_invocation', 'attribute_item', 'impl_item', 'const_item', 'static_item', 'function_item', 'macro_definition', 'ERROR'];
/**
 * The calls callSites or helperCall read (of every call, most are neither): a method callSites
 * knows, `Err(…)`, an error type's constructor, or a call given a string or a `format!`.
 */
const CALLS = {
  kind: 'call_expression',
  // (cheap tests first, and regexes only on short texts: a method call's `function` holds its whole receiver chain)
  any: [
    { has: { field: 'arguments', has: { any: [{ kind: 'string_literal' }, { kind: 'raw_string_literal' }, { kind: 'macro_invocation', has: { field: 'macro', regex: '^format$' } }] } } },
    { has: { field: 'function', kind: 'field_expression', has: { field: 'field', regex: '^(?:expect|unwrap|context|wrap_err|with_context|wrap_err_with|ok_or|ok_or_else|map_err)$' } } },
    { has: { field: 'function', any: [{ kind: 'identifier', regex: '^Err$' }, { kind: 'scoped_identifier', has: { field: 'name', regex: '^(?:new|other|custom|msg|with_message|from)$' } }] } },
    // (an error type's `new_…` constructor: callSites' `made`)
    { has: { field: 'function', kind: 'scoped_identifier', has: { field: 'name', regex: '^new_' }, regex: 'Error::new_\\w+$' } },
  ],
};
const ERROR_ATTR = /^#\[\s*error\s*\(/;
const DISPLAY_TRAIT = /(^|::)Display$/;

interface Ctx {
  consts: Map<string, string>;
  tests: [number, number][];
  /** Enums whose variants the file names bare (`use self::Error::*;`). */
  globs: string[];
  /** The file's own `macro_rules!` that panic: name → the message their body's `panic!` gives. */
  macros: Map<string, Template>;
  /** The file's own `macro_rules!` that make an error of a variant they are given (`Err(Error::$err)`): name → the type and the argument's position. */
  kindMacros: Map<string, { type: string; at: number }[]>;
}

export function analyzeRust(source: string): FileAnalysis {
  const root = parseRust(source).root();
  const nodes = new Nodes(root);
  const ctx: Ctx = { consts: constants(nodes), tests: testRanges(nodes), globs: globEnums(source), macros: new Map(), kindMacros: new Map() };
  ctx.macros = panickingMacros(nodes, ctx);
  ctx.kindMacros = kindMacros(nodes);
  const sites: RawSite[] = [];
  const classes = new Map<string, ClassInfo>();
  const inTest = (n: SgNode) => {
    const at = n.range().start.index;
    return ctx.tests.some(([a, b]) => at >= a && at < b);
  };
  for (const m of nodes.of('macro_invocation')) {
    if (inTest(m)) continue;
    const s = macroSite(m, ctx);
    if (s) sites.push(s);
    else sites.push(...macroErrorValues(m, ctx), ...kindMacroSites(m, ctx), ...invocationErrors(m, ctx));
  }
  for (const m of nodes.of('macro_definition')) if (!inTest(m)) sites.push(...macroRuleErrors(m, ctx));
  const calls: CallInfo[] = [];
  for (const c of nodes.of('call_expression')) {
    // (CALLS: only the calls one of the two reads)
    if (inTest(c)) continue;
    sites.push(...callSites(c, ctx));
    const call = helperCall(c, ctx);
    if (call) calls.push(call);
  }
  sites.push(...errorPathSites(root, source, ctx, sites, inTest));
  markMakers(nodes, ctx, sites, calls, inTest);
  for (const a of nodes.of('attribute_item')) {
    if (!ERROR_ATTR.test(a.text()) || inTest(a)) continue;
    const c = thiserrorClass(a, ctx);
    if (c && !classes.has(c.name)) classes.set(c.name, c);
  }
  for (const impl of nodes.of('impl_item')) {
    if (!DISPLAY_TRAIT.test(impl.field('trait')?.text() ?? '') || inTest(impl)) continue;
    for (const c of displayClasses(impl, nodes, ctx)) if (!classes.has(c.name)) classes.set(c.name, c);
  }
  for (const c of debugClasses(nodes, inTest)) if (!classes.has(c.name)) classes.set(c.name, c);
  orderByConstructor(classes, nodes);
  sites.push(...convertedByTry(root, nodes, classes, inTest));
  const factories = factoryFunctions(nodes);
  // (the construction inside such a constructor is not where the error is made: its callers are)
  const made = sites.filter((st) => {
    const named = factoryOf(st.symbol, factories);
    return !(st.errorClass && named?.includes(st.errorClass)) && !(named && st.template === null && !st.factory);
  });
  sites.length = 0;
  sites.push(...made);
  const err = nodes.of('ERROR')[0];
  // (a panic of an error a call returned: the file's functions read only then)
  const forwards = sites.some((st) => st.wraps?.values) ? forwardsOf(nodes.of('function_item')) : null;
  return {
    sites, classes: [...classes.values()], calls,
    ...(Object.keys(factories).length ? { factories } : {}),
    ...(forwards ? { forwards } : {}),
    ...(err ? { syntaxErrorLine: err.range().start.line + 1 } : {}),
  };
}

// ---- reading expressions as templates ----

/** An argument or value expression as a template: literals, format macros, constants; else a hole. */
function readExpr(expr: string, ctx: Ctx, depth: number): Template {
  let e = expr.trim();
  for (let k = 0; k < 4; k++) {
    const before = e;
    e = e.replace(/^&(?:mut\s+)?/, '').replace(/\.(?:to_string|to_owned|into|as_str|as_ref|borrow|clone)\(\)$/, '').trim();
    const from = /^(?:String|Box|Cow|std::borrow::Cow)::(?:from|new|Borrowed|Owned)\(([\s\S]*)\)$/.exec(e);
    if (from && splitArgs(from[1]).length === 1) e = from[1].trim();
    if (e === before) break;
  }
  const s = stringLiteral(e);
  if (s !== null) return s === '' ? [] : [lit(s)];
  const m = macroCall(e);
  if (m) {
    const args = splitArgs(m.inner);
    if (m.name === 'concat') return concat(...args.map((a) => readExpr(a, ctx, depth - 1)));
    if (FMT_VALUE.has(m.name) && args.length) {
      const f = stringLiteral(args[0]);
      if (f !== null) return formatTemplate(f, args.slice(1), (x, d) => readExpr(x, ctx, d), depth);
    }
  }
  if (depth > 0 && (/^[A-Z_][A-Z0-9_]*$/.test(e) || /^self\.\w+\(\)$/.test(e)) && ctx.consts.has(e)) return readExpr(ctx.consts.get(e)!, ctx, depth - 1);
  return [hole(e)];
}
const FMT_VALUE = new Set(['format', 'format_args', 'anyhow', 'eyre', 'format_err', 'err_msg']);

/** The template of a macro's format arguments (`"fmt", a, b`); a lone non-literal is its value's hole. */
function fmtArgs(args: string[], ctx: Ctx): Template | null {
  if (!args.length) return null;
  const f = stringLiteral(args[0]) ?? concatLiteral(args[0], ctx);
  if (f === null) return args.length === 1 ? readExpr(args[0], ctx, DEPTH) : null;
  return formatTemplate(f, args.slice(1), (x, d) => readExpr(x, ctx, d), DEPTH);
}

const hasText = (t: Template | null): t is Template => !!t && t.some((s) => !isHole(s));

/** `concat!("a", $x, "b")` as one format string: its literal parts, a macro argument as a `{name}` field. */
function concatLiteral(expr: string, ctx: Ctx): string | null {
  const m = macroCall(expr.trim());
  if (!m || m.name !== 'concat') return null;
  let out = '';
  for (const a of splitArgs(m.inner)) {
    const t = stringLiteral(a) ?? (ctx.consts.has(a) ? stringLiteral(ctx.consts.get(a)!) : null);
    out += t ?? `{${a.replace(/^\$/, '').replace(/\W+/g, '_') || 'value'}}`;
  }
  return out;
}

/** `use path::Enum::*;`: the enums whose variants the file writes without their type. */
function globEnums(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:pub(?:\([\w:]+\))?\s+)?use\s+(?:[\w]+::)*([A-Z]\w*)::\*\s*;/gm)) if (!out.includes(m[1]) && out.length < 8) out.push(m[1]);
  return out;
}

/** `macro_rules! name { … panic!(…) … }`: what an invocation of the macro panics with (its arguments left as holes). */
function panickingMacros(nodes: Nodes, ctx: Ctx): Map<string, Template> {
  const out = new Map<string, Template>();
  for (const m of nodes.of('macro_definition')) {
    const name = m.field('name')?.text();
    const text = m.text();
    const at = text.search(/\bpanic!\s*\(/);
    if (!name || at < 0) continue;
    const open = text.indexOf('(', at);
    const close = matching(text, open);
    if (close < 0) continue;
    const t = fmtArgs(splitArgs(text.slice(open + 1, close)), ctx);
    if (hasText(t)) out.set(name, t);
  }
  return out;
}

/** A path into an error-named type whose variant is a macro's metavariable: `Error::$err`, `ErrorKind::$kind`. */
const KIND_METAVAR = /\b([A-Z]\w*)::\$([a-z_]\w*)\b/g;
/** A type named for errors (`Error`, `ParseError`, `ErrorKind`: not any `…Kind`, `MatchKind::$kind` picks an option). */
const ERROR_NAMED = /^(?:[A-Z]\w*)?(?:Error|ErrorKind|ErrorCode)$/;

/**
 * `macro_rules! handle_invalid_char { ($bytes:ident, $b:ident, $err:ident) => { … return
 * Err(Error::$err); … } }`: a macro that makes an error of the variant it is handed. Each such path
 * of its rules, with the position of the metavariable among the rule's matcher's (httparse's
 * invocation `handle_invalid_char!(bytes, b, HeaderName)` makes `Error::HeaderName`).
 */
function kindMacros(nodes: Nodes): Map<string, { type: string; at: number }[]> {
  const out = new Map<string, { type: string; at: number }[]>();
  for (const m of nodes.of('macro_definition')) {
    const name = m.field('name')?.text();
    if (!name || !m.text().includes('::$')) continue;
    const found: { type: string; at: number }[] = [];
    for (const rule of m.findAll({ rule: { kind: 'macro_rule' } })) {
      const left = rule.field('left')?.text() ?? '';
      const right = rule.field('right')?.text() ?? '';
      const vars = [...left.matchAll(/\$([a-z_]\w*)\s*:\s*\w+/g)].map((x) => x[1]);
      for (const p of right.matchAll(KIND_METAVAR)) {
        const at = vars.indexOf(p[2]);
        if (at >= 0 && ERROR_NAMED.test(p[1]) && !found.some((f) => f.type === p[1] && f.at === at)) found.push({ type: p[1], at });
      }
    }
    if (found.length) out.set(name, found.slice(0, 4));
  }
  return out;
}

/** A metavariable in a value's path (`Error::$err`, `$kind::Bad`, a value that is one, `$e`): the invocation names the error. */
const META_PATH = /^\$(?!crate\b)|::\s*\$[A-Za-z_]|\$(?!crate\b)[A-Za-z_]\w*\s*::/;

/** Error values a macro_rules! definition writes, at most (a generated macro stays bounded). */
const MAX_RULE_ERRORS = 64;

/**
 * `macro_rules! expect_byte { ($parser:ident) => ({ if $parser.is_eof() { return
 * Err(Error::UnexpectedEndOfJson); } … }) }`: an error value written whole in a rule's transcriber
 * is made there, at its line of the definition, whoever invokes the macro (the rule's tokens are no
 * expression tree: `Err` then its parenthesised tokens). A value whose path names a metavariable
 * (`Error::$err`) is the invocation's (kindMacros); one in a field or an argument (`ParseError { span:
 * $span, reason: Reason::Unexpected(&expected) }`) is a hole of the value written there.
 */
function macroRuleErrors(m: SgNode, ctx: Ctx): RawSite[] {
  if (!TOKEN_ERRORS.test(m.text())) return [];
  const out: RawSite[] = [];
  for (const rule of m.findAll({ rule: { kind: 'macro_rule' } })) {
    const right = rule.field('right');
    if (right) errsInTokens(right, ctx, out);
  }
  return out;
}

/** A token tree that may write an error value: `Err(…)`, or one handed to `.map_err(…)`, `.ok_or(…)`, `.ok_or_else(…)`. */
const TOKEN_ERRORS = /\bErr\s*\(|\.\s*(?:map_err|ok_or(?:_else)?)\s*\(/;
/** The methods whose argument is an error value (or a closure returning one), as callSites reads them in code. */
const ERR_METHODS = new Set(['map_err', 'ok_or', 'ok_or_else']);

/**
 * `Err(…)` in a token tree, and the argument of `.map_err(|_| …)`, `.ok_or(…)`, `.ok_or_else(|| …)`
 * (a closure's body): each value written whole a site at its line (macroRuleErrors). A trait
 * implemented for many types by a macro makes its errors there as code outside a macro does
 * (num-traits' `src.parse().map_err(|_| PFE { kind: if src.is_empty() { Empty } else { Invalid } })`).
 */
function errsInTokens(tokens: SgNode, ctx: Ctx, out: RawSite[]): void {
  for (const e of tokens.findAll({ rule: { kind: 'identifier', regex: '^(?:Err|map_err|ok_or|ok_or_else)$' } })) {
    const tt = e.next();
    if (out.length >= MAX_RULE_ERRORS || tt?.kind() !== 'token_tree' || !tt.text().startsWith('(')) continue;
    const method = ERR_METHODS.has(e.text());
    if (method && e.prev()?.text() !== '.') continue;
    let written = tt.text().slice(1, -1).trim();
    if (method) {
      // (a closure's body: `|_| PFE { … }`, `|| { Error::Eof }`)
      const m = /^(?:move\s*)?\|[^|]*\|\s*([\s\S]+)$/.exec(written);
      if (m) written = m[1].replace(/^\{\s*([\s\S]*?)\s*\}$/, '$1');
    }
    // (a metavariable naming the type or variant, `Error::$err`, is the invocation's: kindMacros)
    if (!written || META_PATH.test(written)) continue;
    // (one in a field or an argument, `ParseError { span: $span, reason: Reason::Unexpected(&expected) }`, is a value the rule is handed: a hole)
    const value = written.replace(/\$crate\b/g, 'crate').replace(/\$([A-Za-z_]\w*)/g, '$1');
    out.push(...errorValueSites(e, value, ctx).filter((st) => st.errorClass || hasText(st.template)));
  }
}

/** Macros whose tokens are not code of the crate run where they are written: code generated for a user (`quote!`). */
const NOT_CODE_MACROS = new Set(['quote', 'quote_spanned', 'parse_quote', 'parse_quote_spanned']);

/**
 * `depth_count!(self.depth, { … match seq.left { 0 => Ok(res), excess =>
 * Err(Error::LengthMismatch(len - excess)) } })`: code handed to a macro of the crate's own is
 * tokens to the grammar, so an `Err(…)` written whole in them is read as in a rule's transcriber
 * (errsInTokens), at its line. Not in the standard format, panic and assert macros (their
 * arguments are read as such) nor in code-generating ones.
 */
function invocationErrors(m: SgNode, ctx: Ctx): RawSite[] {
  const full = m.field('macro')?.text() ?? '';
  const name = full.slice(full.lastIndexOf(':') + 1);
  if (FORMAT_ONLY.has(name) || SITE_MACROS.has(name) || NOT_CODE_MACROS.has(name) || ctx.macros.has(name)) return [];
  const tt = m.children().find((c) => c.kind() === 'token_tree');
  if (!tt || !TOKEN_ERRORS.test(tt.text())) return [];
  const out: RawSite[] = [];
  errsInTokens(tt, ctx, out);
  return out;
}

/** An invocation of a kindMacros macro: a site of each variant it is handed (`handle_invalid_char!(bytes, b, HeaderName)`). */
function kindMacroSites(m: SgNode, ctx: Ctx): RawSite[] {
  const full = m.field('macro')?.text() ?? '';
  const paths = ctx.kindMacros.get(full.slice(full.lastIndexOf(':') + 1));
  if (!paths) return [];
  const args = splitArgs(innerOf(m)).map((a) => a.trim());
  const out: RawSite[] = [];
  for (const { type, at } of paths) {
    const v = args[at];
    if (v && /^[A-Z]\w*$/.test(v)) out.push(baseSite(m, null, 'exception', `${type}::${v}`));
  }
  return out;
}

/** `const NAME: &str = "…";` and `static` alike: the value's text by name. */
function constants(nodes: Nodes): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of nodes.of('const_item', 'static_item')) {
    const name = c.field('name')?.text();
    const value = c.field('value');
    if (name && value && (value.kind() === 'string_literal' || value.kind() === 'raw_string_literal' || value.kind() === 'macro_invocation')) out.set(name, value.text());
  }
  // `fn s(&self) -> &str { "mime parse error" }`: a method that is one literal, read where `self.s()` is
  // formatted (`write!(f, "{}: {}", self.s(), self.inner)`); a name two such methods give different texts is not read
  const ambiguous = new Set<string>();
  for (const f of nodes.of('function_item')) {
    if (f.parent()?.kind() !== 'declaration_list') continue;
    const name = f.field('name')?.text();
    const params = f.field('parameters')?.text().replace(/\s+/g, '');
    const body = f.field('body')?.namedChildren().filter((c) => c.kind() !== 'line_comment' && c.kind() !== 'block_comment') ?? [];
    if (!name || params !== '(&self)' || body.length !== 1) continue;
    const k = body[0].kind();
    if (k !== 'string_literal' && k !== 'raw_string_literal') continue;
    const key = `self.${name}()`;
    if (out.has(key) && out.get(key) !== body[0].text()) ambiguous.add(key);
    out.set(key, body[0].text());
  }
  for (const k of ambiguous) out.delete(k);
  return out;
}

/** `#[cfg(test)] mod …` and `#[test] fn …`: the ranges whose sites are tests'. */
const TEST_ATTR = /^#\[\s*(?:cfg\s*\(\s*test\s*\)|test|tokio::test)\s*\]/;

function testRanges(nodes: Nodes): [number, number][] {
  const out: [number, number][] = [];
  for (const a of nodes.of('attribute_item')) {
    if (!TEST_ATTR.test(a.text())) continue;
    let n = a.next();
    while (n && (n.kind() === 'attribute_item' || n.kind() === 'line_comment')) n = n.next();
    if (n) out.push([n.range().start.index, n.range().end.index]);
  }
  return out;
}

// ---- sites ----

function baseSite(n: SgNode, template: Template | null, errorType: ErrorType = 'exception', errorClass: string | null = null): RawSite {
  const r = n.range().start;
  const { symbol, guards, params } = siteContext(n);
  return { line: r.line + 1, column: r.column + 1, errorType, errorClass, errorCode: null, httpStatus: null, severity: 'error', template, args: [], symbol, guards, params };
}

/** A function's parameter names (without `self`). */
function paramNames(fn: SgNode): string[] {
  const out: string[] = [];
  for (const q of fn.field('parameters')?.namedChildren() ?? []) {
    if (q.kind() !== 'parameter') continue;
    const name = q.field('pattern')?.text().replace(/^mut\s+/, '');
    if (name && /^[a-z_]\w*$/.test(name)) out.push(name);
  }
  return out;
}

/** Calls the tree's helpers may be (`self.error(format!(…))`, `tail_error("…")`): a call with a message-like argument. */
function helperCall(c: SgNode, ctx: Ctx): CallInfo | null {
  const fn = c.field('function');
  const argsNode = c.field('arguments');
  if (!fn || !argsNode) return null;
  const callee = fn.kind() === 'field_expression' ? fn.field('field')?.text() : fn.kind() === 'identifier' ? fn.text() : fn.kind() === 'scoped_identifier' ? fn.field('name')?.text() : null;
  if (!callee || !/^[a-z_]\w*$/.test(callee) || NOT_HELPERS.has(callee)) return null;
  const args = argsNode.namedChildren().filter((a) => !a.kind().toString().endsWith('comment'));
  if (!args.some((a) => a.kind() === 'string_literal' || a.kind() === 'raw_string_literal' || (a.kind() === 'macro_invocation' && /^format!/.test(a.text())))) return null;
  const { symbol, params } = siteContext(c);
  return { callee, args: args.map((a) => ({ name: null, expr: a.text(), template: readExpr(a.text(), ctx, DEPTH) })), line: c.range().start.line + 1, symbol, params };
}
const NOT_HELPERS = new Set(['expect', 'context', 'with_context', 'wrap_err', 'wrap_err_with', 'push_str', 'contains', 'starts_with', 'ends_with', 'split', 'find', 'replace', 'parse', 'from', 'new', 'eq', 'write_str', 'get', 'insert', 'remove', 'trim_matches', 'strip_prefix', 'strip_suffix']);

/** Where a path is not an error value (a path inside one of these is not read): patterns, `use`, attributes, comments, strings, enums, impls of Display and the like, matches! and asserts. */
const PATH_MASKS = [
  { kind: 'match_pattern' }, { kind: 'use_declaration' }, { kind: 'attribute_item' }, { kind: 'let_condition' }, { kind: 'line_comment' }, { kind: 'block_comment' },
  { kind: 'impl_item', has: { field: 'trait', regex: String.raw`(^|::)(Display|Debug|From|PartialEq|Clone)$` } },
  { kind: 'macro_invocation', regex: String.raw`^(?:matches|assert${W}*|debug_assert${W}*)!` }, { kind: 'string_literal' }, { kind: 'enum_item' },
];

/** A path into a type whose variants are errors by name (`ErrorKind::X`, `ErrorCode::X`, `ParseError::X`, `DecodeKind::X`). */
const ERROR_PATH_NODE = String.raw`^(?:[A-Z]${W}*)?(?:Error|ErrorKind|ErrorCode|Kind|Code)::[A-Z]${W}*$`;
/** A tuple struct of an error-named type called as its constructor (`ParseLevelError(())`, `InvalidLengthError(n)`). */
const TUPLE_ERROR_NODE = String.raw`^[A-Z]${W}*[a-z]Error$`;

/**
 * Error values handed anywhere (`self.err(ErrorCode::Eof)`, `self.error(ErrorKind::Nested)`): a
 * site per path of an error-named type outside patterns, `use`, attributes and Display impls, on a
 * line no other site of the same class is on. Two queries (the paths, and the masks).
 */
function errorPathSites(root: SgNode, source: string, ctx: Ctx, have: RawSite[], inTest: (n: SgNode) => boolean): RawSite[] {
  if (!/(?:Error|Kind|Code)::[A-Z]|[a-z]Error\s*\(/.test(source)) return [];
  // (a struct variant's literal names it as a type: `CustomError::DuplicateKey { … }`; a tuple
  // struct's call names its type: `ParseLevelError(())` handed to a helper)
  const unmasked = { not: { inside: { any: PATH_MASKS, stopBy: 'end' as const } } };
  const paths = root.findAll({ rule: { any: [
    { kind: 'scoped_identifier', regex: ERROR_PATH_NODE, ...unmasked },
    { kind: 'scoped_type_identifier', regex: ERROR_PATH_NODE, inside: { kind: 'struct_expression' }, ...unmasked },
    { kind: 'identifier', regex: TUPLE_ERROR_NODE, inside: { kind: 'call_expression', field: 'function' }, ...unmasked },
  ] } });
  const seen = new Set(have.map((h) => `${h.line}\0${h.errorClass}`));
  const out: RawSite[] = [];
  for (const node of paths) {
    if (inTest(node) || out.length >= 5000) continue;
    const cls = node.text();
    const line = node.range().start.line + 1;
    if (seen.has(`${line}\0${cls}`)) continue;
    seen.add(`${line}\0${cls}`);
    const site = baseSite(node, null, 'exception', cls);
    const end = node.range().end.index;
    site.args = argsAfter(source.slice(end, end + 2000), 0, ctx);
    out.push(site);
  }
  return out;
}

const innerOf = (m: SgNode): string => {
  const tt = m.children().find((c) => c.kind() === 'token_tree');
  const t = tt?.text() ?? '';
  return t.slice(1, -1);
};

const PANIC_DEFAULT: Record<string, [string, string]> = {
  unreachable: ['internal error: entered unreachable code', 'internal error: entered unreachable code: '],
  todo: ['not yet implemented', 'not yet implemented: '],
  unimplemented: ['not implemented', 'not implemented: '],
};

function macroSite(m: SgNode, ctx: Ctx): RawSite | null {
  const full = m.field('macro')?.text() ?? m.children()[0]?.text() ?? '';
  const name = full.slice(full.lastIndexOf(':') + 1);
  const own = ctx.macros.get(name);
  if (own) return baseSite(m, own);
  if (!SITE_MACROS.has(name)) return /err|fail/i.test(name) ? errorMacroSite(m, ctx) : null;
  if (FORMAT_ONLY.has(name)) return null;
  const args = splitArgs(innerOf(m));
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim();
  switch (name) {
    case 'panic': {
      const t = args.length ? fmtArgs(args, ctx) : [lit('explicit panic')];
      if (!t) return null;
      const s = baseSite(m, t);
      // (`Err(e) => panic!("{}", e)`: the message is the error's that the matched call returned)
      const value = args.length === 2 && norm(args[0]) === '"{}"' ? args[1].trim() : null;
      const from = value && /^[a-z_]\w*$/.test(value) ? valueCall(m, value) : null;
      if (from) s.wraps = { caught: null, calls: [from], values: true };
      return s;
    }
    case 'unreachable':
    case 'todo':
    case 'unimplemented': {
      const [bare, prefix] = PANIC_DEFAULT[name];
      const t = args.length ? fmtArgs(args, ctx) : null;
      return baseSite(m, t ? concat([lit(prefix)], t) : [lit(bare)]);
    }
    case 'assert':
    case 'debug_assert': {
      if (!args.length) return null;
      const t = args.length > 1 ? fmtArgs(args.slice(1), ctx) : [lit(`assertion failed: ${norm(args[0])}`)];
      return t ? baseSite(m, t, 'assertion') : null;
    }
    case 'assert_eq':
    case 'assert_ne':
    case 'debug_assert_eq':
    case 'debug_assert_ne': {
      if (args.length < 2) return null;
      const op = name.endsWith('eq') ? '==' : '!=';
      const msg = args.length > 2 ? fmtArgs(args.slice(2), ctx) : null;
      const left = hole(args[0], 'repr');
      const right = hole(args[1], 'repr');
      const head: Template = msg ? [lit(`assertion \`left ${op} right\` failed: `), ...msg] : [lit(`assertion \`left ${op} right\` failed`)];
      return baseSite(m, normalize([...head, lit('\n  left: '), left, lit('\n right: '), right]), 'assertion');
    }
    case 'bail':
    case 'anyhow':
    case 'eyre':
    case 'format_err': {
      const t = fmtArgs(args, ctx);
      return t ? baseSite(m, t) : null;
    }
    case 'ensure': {
      if (!args.length) return null;
      const t = args.length > 1 ? fmtArgs(args.slice(1), ctx) : [lit(`Condition failed: \`${norm(args[0])}\``)];
      return t ? baseSite(m, t, 'assertion') : null;
    }
    case 'eprintln':
    case 'eprint': {
      // a message printed before the process exits: `eprintln!(…); process::exit(1)`
      const stmt = m.parent();
      let n = stmt?.next();
      for (let k = 0; n && k < 3; k++, n = n.next()) {
        if (/\bexit\s*\(/.test(n.text().slice(0, 200))) {
          const t = fmtArgs(args, ctx);
          return hasText(t) ? { ...baseSite(m, t, 'exit'), severity: 'critical' } : null;
        }
      }
      return null;
    }
  }
  return null;
}
/** A macro of the crate's own that makes an error from a message (`self_error!(self; "…: {}", x)`): its first string literal on. */
function errorMacroSite(m: SgNode, ctx: Ctx): RawSite | null {
  const args = splitArgs(innerOf(m).replace(/^[^;"]*;/, ''));
  const i = args.findIndex((a) => stringLiteral(a) !== null);
  if (i < 0) return null;
  const t = fmtArgs(args.slice(i), ctx);
  return hasText(t) ? baseSite(m, t) : null;
}

const FORMAT_ONLY = new Set(['format', 'format_args', 'write', 'writeln', 'print', 'println', 'vec', 'matches', 'concat', 'stringify', 'include_str', 'cfg', 'debug', 'trace', 'info', 'warn']);

/** An error value among the arguments of a macro of the crate's own (`check!(SpecificationError(ExtraPadding), c)`). */
function macroErrorValues(m: SgNode, ctx: Ctx): RawSite[] {
  const full = m.field('macro')?.text() ?? '';
  const name = full.slice(full.lastIndexOf(':') + 1);
  if (FORMAT_ONLY.has(name) || SITE_MACROS.has(name) || ctx.macros.has(name)) return [];
  const inner = innerOf(m);
  if (!/[A-Z]\w*(?:Error|Kind)\b/.test(inner)) return [];
  const out: RawSite[] = [];
  for (const a of splitArgs(inner)) if (/^[A-Z]\w*(?:Error|Kind)\s*[({]/.test(a)) out.push(...errorValueSites(m, a, ctx));
  return out;
}

const SITE_MACROS = new Set(['panic', 'unreachable', 'todo', 'unimplemented', 'assert', 'debug_assert', 'assert_eq', 'assert_ne', 'debug_assert_eq', 'debug_assert_ne', 'bail', 'anyhow', 'eyre', 'format_err', 'ensure', 'eprintln', 'eprint']);

const UNWRAP_RESULT = 'called `Result::unwrap()` on an `Err` value: ';
const UNWRAP_OPTION = 'called `Option::unwrap()` on a `None` value';

function callSites(c: SgNode, ctx: Ctx): RawSite[] {
  const fn = c.field('function');
  const argsNode = c.field('arguments');
  if (!fn || !argsNode) return [];
  const args = argsNode.namedChildren().filter((a) => !a.kind().toString().endsWith('comment'));
  if (fn.kind() === 'field_expression') {
    const method = fn.field('field')?.text() ?? '';
    switch (method) {
      case 'expect': {
        if (args.length !== 1) return [];
        const t = readExpr(args[0].text(), ctx, DEPTH);
        if (!hasText(t)) return [];
        return [{ ...baseSite(c, t, 'assertion'), alternatives: [concat(t, [lit(': '), { hole: { name: 'err', expr: 'err', kind: 'repr' } }])] }];
      }
      case 'unwrap':
        if (args.length) return [];
        return [{ ...baseSite(c, [lit(UNWRAP_RESULT), { hole: { name: 'err', expr: 'err', kind: 'repr' } }], 'assertion'), alternatives: [[lit(UNWRAP_OPTION)]] }];
      case 'context':
      case 'wrap_err':
      case 'with_context':
      case 'wrap_err_with': {
        if (args.length !== 1) return [];
        let e = args[0].text();
        if (method.endsWith('_with') || method === 'with_context') {
          const m = /^(?:move\s*)?\|[^|]*\|\s*([\s\S]+)$/.exec(e);
          if (!m) return [];
          e = m[1].replace(/^\{\s*([\s\S]*?)\s*\}$/, '$1');
        }
        const t = readExpr(e, ctx, DEPTH);
        if (!hasText(t)) return [];
        // `{:#}` prints the chain on one line, `context: source`
        const chained = concat(t, [lit(': '), { hole: { name: 'source', expr: 'source', kind: 'any', inner: true } }]);
        return [{ ...baseSite(c, t), alternatives: [chained] }];
      }
      case 'ok_or':
      case 'ok_or_else':
      case 'map_err': {
        if (args.length !== 1) return [];
        let e = args[0];
        if (e.kind() === 'closure_expression') e = e.field('body') ?? e;
        // (at the method's name, the line the adapter is written on: a receiver of many lines,
        // `match &self.flavor { … }.map_err(|_| RecvError)`, starts lines above it)
        const at = fn.field('field') ?? c;
        // (`|err| match err { SendTimeoutError::Disconnected(msg) => SendError(msg), … }`: the arms' values are
        // the errors made; their patterns name the error taken in, made elsewhere)
        const arms = matchArmValues(e);
        if (arms) return arms.flatMap((v) => errorValueSites(at, v, ctx)).slice(0, MAX_CANDIDATES);
        return errorValueSites(at, e, ctx);
      }
    }
    return [];
  }
  const callee = fn.text();
  if (callee === 'Err' && args.length === 1) return errorValueSites(c, args[0], ctx);
  // `io::Error::new(ErrorKind::Other, "…")`, `Error::other(format!(…))`, `Error::custom("…")`
  const ctor = /^(?:[\w]+::)*([A-Z]\w*)::(new|other|custom|msg|with_message|from)$/.exec(callee);
  if (ctor && args.length && !isErrValueArg(c)) {
    const t = readExpr(args[args.length - 1].text(), ctx, DEPTH);
    if (hasText(t)) return [baseSite(c, t, 'exception', callee.slice(0, callee.lastIndexOf('::')))];
  }
  // `errors.push(Error::new_from_span(ErrorVariant::CustomError { message: format!(…) }, span))`,
  // `Some(ParseError::new_at(pos, "…"))`, `let e: Error = Error::new_with_kind(…)`: an error type's
  // `new_…` constructor outside an `Err(…)` makes the error where it is written (one collected in a
  // `Vec` of errors, or handed back in an `Option`, returned later); its message is the first text of
  // its arguments, a field of a variant handed to it included.
  const made = /^(?:\w+::)*(\w*Error)::new_\w+$/.exec(callee);
  if (made && args.length && !isErrValueArg(c)) {
    for (const a of args) {
      const t = firstText(a, ctx);
      if (t) return [baseSite(c, t, 'exception', callee.slice(0, callee.lastIndexOf('::')))];
    }
  }
  return [];
}

/**
 * The values of the arms of a `match` that is the whole of an expression (`match err { … }`, or a block
 * holding only it), at most MAX_CANDIDATES; null when the expression is no such match.
 */
function matchArmValues(e: SgNode): SgNode[] | null {
  let m: SgNode | null = e;
  if (m.kind() === 'block') {
    const inner = m.namedChildren().filter((x) => !x.kind().toString().endsWith('comment'));
    m = inner.length === 1 ? inner[0] : null;
    if (m?.kind() === 'expression_statement') m = m.namedChildren()[0] ?? null;
  }
  if (m?.kind() !== 'match_expression') return null;
  const out: SgNode[] = [];
  for (const arm of m.field('body')?.namedChildren() ?? []) {
    if (arm.kind() !== 'match_arm') continue;
    const v = arm.field('value');
    if (v && out.length < MAX_CANDIDATES) out.push(v);
  }
  return out;
}

/** The call is itself inside an `Err(…)` or error-value argument already read as a site's value. */
function isErrValueArg(c: SgNode): boolean {
  for (let p = c.parent(), k = 0; p && k < 6; p = p.parent(), k++) {
    if (p.kind() === 'call_expression') {
      const f = p.field('function');
      const name = f?.kind() === 'field_expression' ? f.field('field')?.text() : f?.text();
      if (name === 'Err' || name === 'ok_or' || name === 'ok_or_else' || name === 'map_err') return true;
    }
    if (p.kind().toString().endsWith('_statement') || p.kind() === 'block' || p.kind() === 'let_declaration') return false;
  }
  return false;
}

const VARIANT_PATH = /(?:\b[A-Za-z_]\w*::)*\b(Self|[A-Z]\w*)::([A-Z]\w*)\b(?!\s*::)(?!\s*!)/g;
const STRUCT_LIT = /(?<![:\w])([A-Z]\w*)\s*\{/g;
/** `AddrParseError(())`: a tuple struct; `Error::new(…)`, `Error::from(…)`: a type's constructor (its arguments are not its fields). */
const TUPLE_STRUCT = /(?<![:\w])([A-Z]\w*)\s*\(/g;
const BARE_NAME = /(?<![:\w])([A-Z]\w*)\b(?!\s*::)/g;
const CTOR_CALL = /(?<![:\w])([A-Z]\w*)::[a-z_]\w*(?=\s*\()/g;
const NOT_ERRORS = new Set(['Some', 'Ok', 'Err', 'Box', 'String', 'Vec', 'Cow', 'Arc', 'Rc', 'Self', 'Option', 'Result', 'From', 'Into']);

/**
 * Sites for an error value (`E::V(x)`, `Error { kind: K::V }`, `"…".into()`, `format!(…)`): one per
 * variant or struct path in it (at most MAX_CANDIDATES, the tree's error types tell which has a
 * message), else one with the first message-like text the value holds.
 */
function errorValueSites(at: SgNode, value: SgNode | string, ctx: Ctx): RawSite[] {
  const text = typeof value === 'string' ? value : value.text();
  const direct = readExpr(text, ctx, DEPTH);
  if (hasText(direct)) return [baseSite(at, direct)];
  const blanked = text.slice(0, 4000).replace(/"(?:[^"\\]|\\[\s\S])*"/g, (s) => '"' + ' '.repeat(s.length - 2) + '"');
  const self = text.includes('Self') ? implType(at) : null;
  const out: RawSite[] = [];
  const seen = new Set<string>();
  const add = (cls: string, end: number) => {
    if (seen.has(cls) || out.length >= MAX_CANDIDATES) return;
    seen.add(cls);
    out.push({ ...baseSite(at, null, 'exception', cls), args: argsAfter(text, end, ctx) });
  };
  for (const m of blanked.matchAll(VARIANT_PATH)) {
    const t = m[1] === 'Self' ? self : m[1];
    if (t) add(`${t}::${m[2]}`, (m.index ?? 0) + m[0].length);
  }
  if (/^[A-Z]\w*$/.test(text.trim())) {
    add(text.trim(), text.length);
    for (const e of ctx.globs) add(`${e}::${text.trim()}`, text.length);
  }
  for (const m of blanked.matchAll(STRUCT_LIT)) {
    add(m[1], (m.index ?? 0) + m[0].length - 1);
    // (a struct variant written bare after `use Enum::*`: `ParseError { msg, line, column }`)
    if (!NOT_ERRORS.has(m[1])) for (const e of ctx.globs) add(`${e}::${m[1]}`, (m.index ?? 0) + m[0].length - 1);
  }
  // (a variant written bare after `use Enum::*`: `Err(UnexpectedToken(tok))`, `SpecificationError(BadSize)`)
  for (const m of blanked.matchAll(BARE_NAME)) for (const e of ctx.globs) if (!NOT_ERRORS.has(m[1]) && !seen.has(m[1])) add(`${e}::${m[1]}`, (m.index ?? 0) + m[0].length);
  for (const m of blanked.matchAll(TUPLE_STRUCT)) if (!NOT_ERRORS.has(m[1])) add(m[1], (m.index ?? 0) + m[0].length - 1);
  for (const m of blanked.matchAll(CTOR_CALL)) {
    if (NOT_ERRORS.has(m[1])) continue;
    const before = out.length;
    add(m[1], (m.index ?? 0) + m[0].length);
    // (`ParseBigIntError::invalid()`: a constructor of no arguments, whose body names the variant: FileAnalysis.factories)
    const fn = /::([a-z_]\w*)$/.exec(m[0])?.[1];
    if (out.length > before && fn && /^\s*\(\s*\)/.test(blanked.slice((m.index ?? 0) + m[0].length))) out[out.length - 1].factory = fn;
    // (`Error::template_not_found(name)`: a constructor with arguments, found under its type's path)
    else if (out.length > before && fn) out[out.length - 1].factory = `${m[1]}::${fn}`;
  }
  if (out.length) {
    // a message written in the value itself (`Error::new(Kind::Other, "…")`) is the site's own
    const t = typeof value === 'string' ? ctorMessage(value, ctx) : firstText(value, ctx);
    if (t) for (const s of out) s.template = t;
    return out;
  }
  const t = typeof value === 'string' ? ctorMessage(value, ctx) : firstText(value, ctx);
  if (t) return [baseSite(at, t)];
  // `Err(msg.into())` with `msg` a parameter: the callers' messages (facts/callers.ts)
  const own: Template = readExpr(text, ctx, DEPTH);
  const site = baseSite(at, own);
  const only = own.length === 1 ? own[0] : null;
  return only && isHole(only) && site.params?.includes(only.hole.expr ?? '') ? [site] : [];
}

/** A function's result that is an error value itself (`-> Error`, `-> ParseError`, `-> io::Error`; `-> Self` in an error type's impl). */
const ERROR_RESULT = /^(?:\w+::)*\w*Error$/;

/**
 * An error a helper makes from its parameters (`fn parse_error(&self, location: &str, msg: String)
 * -> Error { …; ParseError { msg, line, column } }`, a variant written bare under `use
 * Error::*`): a returned error has no trace to name the helper, so each caller's message (the
 * variant's text with the caller's arguments, `self.parse_error(text, format!("Invalid keyword name
 * '{}'", text))`) is a record at the call (RawSite.hidesFrame, RawSite.returned), from calls of its
 * directory (RawSite.callersInDir: `custom(msg)` is every serde error's constructor). The value is the
 * function's tail expression or a `return`'s, the function returns an error type, and a field or
 * argument of the value is one of its parameters as it was given. A site another reader made of
 * the value is marked; a value no reader took (a bare variant's struct literal) is a site here
 * when the file calls the helper with text (CallInfo: a string or a `format!` argument).
 */
function markMakers(nodes: Nodes, ctx: Ctx, sites: RawSite[], calls: CallInfo[], inTest: (n: SgNode) => boolean): void {
  const called = new Set(calls.map((c) => c.callee));
  for (const f of nodes.of('function_item')) {
    const result = f.field('return_type')?.text().replace(/\s+/g, '') ?? '';
    if (!(ERROR_RESULT.test(result) || (result === 'Self' && ERROR_RESULT.test(implType(f) ?? '')))) continue;
    const params = paramNames(f);
    const body = f.field('body');
    if (!params.length || !body || inTest(f)) continue;
    const kids = body.namedChildren().filter((c) => !c.kind().toString().endsWith('comment'));
    const values = [kids[kids.length - 1], ...body.findAll({ rule: { kind: 'return_expression' } }).map((r) => r.namedChildren()[0])];
    for (const v of values) {
      if (!v || (v.kind() !== 'struct_expression' && v.kind() !== 'call_expression')) continue;
      const line = v.range().start.line + 1;
      const have = sites.filter((st) => st.line === line && st.errorClass);
      const made = have.length ? have : errorValueSites(v, v, ctx).filter((st) => st.errorClass);
      const maker = made.filter((st) => st.args.some((a) => params.includes(a.expr.trim())));
      if (!maker.length) continue;
      // (callers of its directory only: `Error::custom(msg)` is every serde crate's, a helper's name says little)
      for (const st of maker) Object.assign(st, { hidesFrame: true, returned: true, callersInDir: true });
      // (a value no reader took is a site only where the file hands the helper text: its callers' messages are the point)
      if (!have.length && called.has(f.field('name')?.text() ?? '')) sites.push(...maker);
    }
  }
}

/** A constructor's parameter given to a field as it is or converted (`loc`, `info.to_owned()`, `msg.into()`, `String::from(msg)`). */
const PARAM_VALUE = /^(?:([a-z_]\w*)(?:\s*\.\s*(?:to_owned|to_string|into|clone)\s*\(\s*\))?|(?:String|Box|Cow)::(?:from|new)\s*\(\s*([a-z_]\w*)\s*\))$/;

/**
 * The params of a struct error type in the order of its `new` (`impl ScanError { pub fn new(loc:
 * Marker, info: &str) -> ScanError { ScanError { mark: loc, info: info.to_owned() } } }`): a call
 * `ScanError::new(mark, "…")` hands its arguments by position, and the fields its Display names
 * (`self.info`, `self.mark.line`, in the order written) are not that order. Each parameter takes the
 * field it is given to (one given to none keeps its place under a name no hole has), then the other
 * fields. Only a `new` of the file whose tail is the type's struct literal.
 */
function orderByConstructor(classes: Map<string, ClassInfo>, nodes: Nodes): void {
  for (const f of nodes.implFunctions()) {
    if (f.field('name')?.text() !== 'new') continue;
    const type = implType(f);
    const cls = type ? classes.get(type) : undefined;
    const body = f.field('body');
    if (!type || !cls || !body) continue;
    const params = paramNames(f);
    const kids = body.namedChildren().filter((c) => !c.kind().toString().endsWith('comment'));
    const tail = kids[kids.length - 1];
    if (!params.length || tail?.kind() !== 'struct_expression') continue;
    const name = tail.field('name')?.text();
    if (name !== type && name !== 'Self') continue;
    const given = new Map<string, string>();
    for (const fi of tail.field('body')?.namedChildren() ?? []) {
      if (fi.kind() === 'shorthand_field_initializer') given.set(fi.text().trim(), fi.text().trim());
      else if (fi.kind() === 'field_initializer') {
        const field = fi.field('field')?.text();
        const v = PARAM_VALUE.exec(fi.field('value')?.text().trim() ?? '');
        const p = v?.[1] ?? v?.[2];
        if (field && p && !given.has(p)) given.set(p, field);
      }
    }
    const order = params.map((p, i) => given.get(p) ?? `(argument ${i})`);
    if (!order.some((x, i) => cls.params[i] !== x) || !order.some((x) => cls.params.includes(x))) continue;
    classes.set(type, { ...cls, params: [...order, ...cls.params.filter((x) => !order.includes(x))] });
  }
}

/**
 * Constructors of no arguments whose short body names error variants (`fn invalid() -> Self {
 * ParseBigIntError { kind: BigIntErrorKind::InvalidDigit } }`): name → the variants, as
 * FileAnalysis.factories (a site calling `T::invalid()` raises what they name). A constructor of an
 * error type (`…Error`) that takes arguments and names one variant (`pub fn template_not_found(tpl:
 * impl ToString) -> Self { Self { kind: ErrorKind::TemplateNotFound(tpl.to_string()), source: None }
 * }`) is one too, under its type's path (`Error::template_not_found`: a name such as `new` says
 * nothing alone), for a call that writes that path (`Err(Error::template_not_found(name))`): the
 * variant's Display is the text, the call where the error is made.
 */
function factoryFunctions(nodes: Nodes): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const f of nodes.implFunctions()) {
    const name = f.field('name')?.text();
    const params = f.field('parameters')?.namedChildren() ?? [];
    const body = f.field('body')?.text() ?? '';
    if (!name || body.length > 400) continue;
    const self = implType(f);
    // (an inherent constructor only: a trait's `fn from(e: Utf8Error) -> Error { Error::NonDecodable(Some(e)) }` is where a `?` makes it)
    if (params.length && (!self || !ERROR_RESULT.test(self) || params.some((p) => p.kind() === 'self_parameter') || f.parent()?.parent()?.field('trait'))) continue;
    const found: string[] = [];
    for (const m of body.matchAll(VARIANT_PATH)) {
      const t = m[1] === 'Self' ? self : m[1];
      if (t && !found.includes(`${t}::${m[2]}`)) found.push(`${t}::${m[2]}`);
    }
    if (params.length && found.length !== 1) continue;
    const key = params.length ? `${self}::${name}` : name;
    if (found.length) out[key] = [...(out[key] ?? []), ...found];
  }
  return out;
}

/** The key a site's function has in FileAnalysis.factories: `Type::name` for a constructor with arguments (factoryFunctions), its name otherwise. */
function factoryOf(symbol: string | null, factories: Record<string, string[]>): string[] | undefined {
  if (!symbol) return undefined;
  const parts = symbol.split('.');
  const fn = parts[parts.length - 1];
  const typed = parts.length > 1 ? `${parts[parts.length - 2]}::${fn}` : null;
  return (typed !== null && Object.hasOwn(factories, typed) ? factories[typed] : undefined) ?? (Object.hasOwn(factories, fn) ? factories[fn] : undefined);
}

/** `Error::custom(format_args!("…", …))`, `io::Error::new(kind, "…")`: a type's constructor handed its message last. */
const CTOR_VALUE = /^(?:\w+::)*[A-Z]\w*::(?:new|other|custom|msg|with_message)\s*\(/;

/** The message a constructor written as text is handed (a value in a macro's tokens, where firstText has no node to search). */
function ctorMessage(value: string, ctx: Ctx): Template | null {
  const m = CTOR_VALUE.exec(value.trim());
  if (!m) return null;
  const v = value.trim();
  const open = m[0].length - 1;
  if (matching(v, open) !== v.length - 1) return null;
  const args = splitArgs(v.slice(open + 1, -1));
  const t = args.length ? readExpr(args[args.length - 1], ctx, DEPTH) : null;
  return hasText(t) ? t : null;
}

/** The first string literal or format macro inside a node that reads as text. */
function firstText(n: SgNode, ctx: Ctx): Template | null {
  const text = n.text();
  if (!text.includes('"') && !/\b[A-Z][A-Z0-9_]{2,}\b/.test(text)) return null;
  for (const m of n.text().slice(0, 2000).matchAll(/\b[A-Z][A-Z0-9_]{2,}\b/g)) if (ctx.consts.has(m[0])) return readExpr(m[0], ctx, DEPTH);
  for (const s of n.findAll({ rule: { any: [{ kind: 'string_literal' }, { kind: 'raw_string_literal' }, { kind: 'macro_invocation', regex: '^(?:format|format_args|anyhow|format_err|eyre)!' }] } })) {
    const t = readExpr(s.text(), ctx, DEPTH);
    if (hasText(t)) return t;
  }
  return null;
}

/** The arguments written right after a path: `(a, b)` positional, `{ f: x, g }` by field. */
function argsAfter(text: string, end: number, ctx: Ctx): ArgInfo[] {
  const rest = text.slice(end).trimStart();
  const open = rest[0];
  if (open !== '(' && open !== '{') return [];
  const close = matching(rest, 0);
  if (close < 0) return [];
  const parts = splitArgs(rest.slice(1, close));
  return parts.filter((p) => !p.startsWith('..')).map((p) => {
    if (open === '(') return { name: null, expr: p, template: readExpr(p, ctx, DEPTH) };
    const m = /^([A-Za-z_]\w*)\s*(?::\s*([\s\S]+))?$/.exec(p);
    const expr = m?.[2] ?? m?.[1] ?? p;
    return { name: m?.[1] ?? null, expr, template: readExpr(expr, ctx, DEPTH) };
  });
}

function matching(s: string, open: number): number {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    const c = s[i];
    if (c === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') if (--depth === 0) return i;
  }
  return -1;
}

// ---- error types ----

/** The type an `impl` block is for (`impl<T> fmt::Display for Error<T>` → `Error`). */
function implTypeOf(impl: SgNode): string | null {
  const t = impl.field('type')?.text() ?? '';
  const m = /^(?:[\w]+::)*([A-Za-z_]\w*)/.exec(t);
  return m ? m[1] : null;
}

function implType(n: SgNode): string | null {
  for (let p = n.parent(); p; p = p.parent()) if (p.kind() === 'impl_item') return implTypeOf(p);
  return null;
}

const INNER_NAMES = /^(?:e|err|error|source|cause|inner|io|io_err|e2)$/;

/** A `fmt` of a Display impl that writes a value's Debug text (`write!(f, "{:?}", self)`, `fmt::Debug::fmt(&self.kind, f)`). */
const WRITES_DEBUG = /\{[\w.]*:#?\?\}|\bDebug::fmt\(/;
/** Variants read per enum, at most. */
const MAX_DEBUG_VARIANTS = 200;

/**
 * The messages of an enum whose `#[derive(Debug)]` text is what a Display of this file writes (plist's
 * `impl Display for Error { … fmt::Debug::fmt(&self.inner.kind, f) }` over `#[derive(Debug)] enum
 * ErrorKind { UnexpectedEof, UnexpectedEventType { expected: EventKind, found: EventKind }, … }`):
 * each variant with no Display text of its own prints as the derive writes it, `Name`, `Name(…, …)`
 * or `Name { field: …, … }`, its fields holes. Only when a Display impl of the file writes a Debug text,
 * and only for the file's enums deriving Debug without a Display impl in the file.
 */
function debugClasses(nodes: Nodes, inTest: (n: SgNode) => boolean): ClassInfo[] {
  const displays = nodes.of('impl_item').filter((i) => DISPLAY_TRAIT.test(i.field('trait')?.text() ?? '') && !inTest(i));
  const writers = displays.filter((i) => WRITES_DEBUG.test(i.find({ rule: { kind: 'function_item', has: { field: 'name', regex: '^fmt$' } } })?.field('body')?.text() ?? ''));
  if (!writers.length) return [];
  const displayed = new Set(displays.map((i) => implTypeOf(i)));
  const out: ClassInfo[] = [];
  for (const a of nodes.of('attribute_item')) {
    if (!/^#\[\s*derive\s*\([^)]*\bDebug\b/.test(a.text())) continue;
    let en = a.next();
    while (en && (en.kind() === 'attribute_item' || en.kind().toString().endsWith('comment'))) en = en.next();
    const name = en?.kind() === 'enum_item' ? en.field('name')?.text() : null;
    if (!en || !name || displayed.has(name) || inTest(en)) continue;
    const variants = en.field('body')?.findAll({ rule: { kind: 'enum_variant' } }) ?? [];
    for (const v of variants.slice(0, MAX_DEBUG_VARIANTS)) {
      const vn = v.field('name')?.text();
      if (!vn || !same(v.parent()?.parent(), en)) continue;
      const body = v.field('body') ?? null;
      const { names, inner } = fieldsOf(body);
      const field = (f: string): Template => [{ hole: { ...(hole(/^\d+$/.test(f) ? undefined : f) as { hole: Hole }).hole, expr: f, ...(inner.has(f) ? { inner: true as const } : {}) } }];
      let template: Template;
      if (!body || !names.length) template = [lit(vn)];
      else if (body.kind() === 'ordered_field_declaration_list') template = concat([lit(`${vn}(`)], ...names.map((f, i) => concat(i ? [lit(', ')] : [], field(f))), [lit(')')]);
      else template = concat([lit(`${vn} { `)], ...names.map((f, i) => concat([lit(`${i ? ', ' : ''}${f}: `)], field(f))), [lit(' }')]);
      out.push({ name: `${name}::${vn}`, bases: [], line: v.range().start.line + 1, template, params: names, templateFrom: 'str' });
    }
  }
  return out;
}

function thiserrorClass(a: SgNode, ctx: Ctx): ClassInfo | null {
  const inner = a.text().replace(/^#\[\s*error\s*\(/, '').replace(/\)\s*\]$/, '');
  const args = splitArgs(inner);
  const fmt = args.length ? stringLiteral(args[0]) : null;
  let item = a.next();
  while (item && (item.kind() === 'attribute_item' || item.kind().toString().endsWith('comment'))) item = item.next();
  if (!item || fmt === null) return null;
  let name: string | null = null;
  let fields: { names: string[]; inner: Set<string> } = { names: [], inner: new Set() };
  if (item.kind() === 'enum_variant') {
    const en = item.parent()?.parent();
    const v = item.field('name')?.text();
    if (!v || en?.kind() !== 'enum_item') return null;
    name = `${en.field('name')?.text()}::${v}`;
    fields = fieldsOf(item.field('body') ?? null);
  } else if (item.kind() === 'struct_item') {
    name = item.field('name')?.text() ?? null;
    fields = fieldsOf(item.field('body') ?? null);
  }
  if (!name) return null;
  // `{0}` and `{field}` name the fields; `{}` takes the extra arguments (`.0`, `.path.display()`)
  const extra = args.slice(1).map((x) => x.replace(/^\.(?=\w)/, ''));
  const t = fieldFormat(fmt, extra, ctx);
  const template = t.map((s) => (isHole(s) && s.hole.expr && fields.inner.has(s.hole.expr) ? { hole: { ...s.hole, inner: true as const } } : s));
  return { name, bases: [], line: a.range().start.line + 1, template, params: fields.names, templateFrom: 'str' };
}

/** thiserror's format: a field by number or name, extra arguments by position. */
function fieldFormat(fmt: string, extra: string[], ctx: Ctx): Template {
  const named = [...fmt.matchAll(/\{([A-Za-z_]\w*|\d+)(?::[^{}]*)?\}/g)].map((m) => m[1]);
  const marks = named.map((n) => `${/^\d/.test(n) ? '_f' + n : n} = ${n}`);
  const rewritten = fmt.replace(/\{(\d+)((?::[^{}]*)?)\}/g, (all, n, spec, off, s) => (s[off - 1] === '{' ? all : `{_f${n}${spec}}`));
  return formatTemplate(rewritten, [...extra, ...marks], (x, d) => readExpr(x, ctx, d), 0).map((s) =>
    isHole(s) && s.hole.name.startsWith('_f') ? { hole: { ...s.hole, name: 'value' } } : s);
}

/** A variant's or struct's fields: names in order (`0`, `1` for a tuple), and those holding a source error. */
function fieldsOf(body: SgNode | null): { names: string[]; inner: Set<string> } {
  const names: string[] = [];
  const inner = new Set<string>();
  if (!body) return { names, inner };
  if (body.kind() === 'ordered_field_declaration_list') {
    // (attributes and types are children; each type is one field)
    let i = 0;
    let attr = false;
    for (const c of body.namedChildren()) {
      if (c.kind() === 'attribute_item') {
        if (/#\[\s*(?:from|source)\b/.test(c.text())) attr = true;
        continue;
      }
      if (c.kind() === 'visibility_modifier' || c.kind().toString().endsWith('comment')) continue;
      const n = String(i++);
      names.push(n);
      if (attr || /Error\b/.test(c.text())) inner.add(n);
      attr = false;
    }
  } else {
    for (const f of body.findAll({ rule: { kind: 'field_declaration' } })) {
      const n = f.field('name')?.text();
      if (!n) continue;
      names.push(n);
      const prev = f.prev();
      if (n === 'source' || (prev?.kind() === 'attribute_item' && /#\[\s*(?:from|source)\b/.test(prev.text()))) inner.add(n);
    }
  }
  return { names, inner };
}

/** What `impl Display for T { fn fmt }` writes: per variant for the arms of a `match self`, else the type's. */
function displayClasses(impl: SgNode, nodes: Nodes, ctx: Ctx): ClassInfo[] {
  const type = implTypeOf(impl);
  const fmt = impl.find({ rule: { kind: 'function_item', has: { field: 'name', regex: '^fmt$' } } });
  const body = fmt?.field('body');
  if (!type || !fmt || !body) return [];
  const out: ClassInfo[] = [];
  const arms = matchArms(body, type, ctx);
  out.push(...arms);
  // methods `fmt` calls on self (`self.description()`, `self.as_str()`): their arms are messages too
  const called = new Set([...body.text().matchAll(/\bself\.([a-z_]\w*)\(\)/g)].map((m) => m[1]));
  if (called.size) {
    // (the method's text for a variant, by method and variant: `fmt`'s arm of that variant writes it in its place)
    const byVariant = new Map<string, Map<string, Template>>();
    for (const f of nodes.implFunctions()) {
      const n = f.field('name')?.text();
      const fb = f.field('body');
      if (!n || !called.has(n) || !fb || same(f, fmt)) continue;
      const owner = implType(f);
      if (owner !== type && owner) continue;
      const own = matchArms(fb, type, ctx);
      out.push(...own);
      const m = byVariant.get(n) ?? new Map<string, Template>();
      for (const c of own) if (c.template && !m.has(c.name)) m.set(c.name, c.template);
      byVariant.set(n, m);
    }
    // `InvalidUtf8Encoding(ref e) => write!(fmt, "{}: {}", self.description(), e)` with `fn description(&self)
    // -> &str { match *self { InvalidUtf8Encoding(_) => "string is not valid utf8", … } }`: the arm writes
    // its own variant's text where it calls the method (bincode's ErrorKind)
    for (let i = 0; i < arms.length; i++) {
      const c = arms[i];
      if (!c.template) continue;
      let changed = false;
      const template = c.template.flatMap((x) => {
        const m = isHole(x) && x.hole.expr ? /^self\.([a-z_]\w*)\(\)$/.exec(x.hole.expr) : null;
        const t = m ? byVariant.get(m[1])?.get(c.name) : undefined;
        if (!t) return [x];
        changed = true;
        return t;
      });
      if (changed) out[i] = { ...c, template: normalize(template) };
    }
  }
  // a method of a field's type (`self.kind.description().fmt(f)`, `write!(f, "{}: {}", self.kind.as_str(), …)`)
  // whose arms are texts: each variant of that type is a message, the arm's text in the place `fmt` writes it
  // (num-rational's `impl RatioErrorKind { fn description(&self) -> &'static str { match *self { … } } }`)
  const viaField = new Map([...body.text().matchAll(/\bself\.(\w+)\.([a-z_]\w*)\(\)/g)].map((m) => [m[2], m[0]]));
  if (viaField.size) {
    const around = writesIn(body, ctx, null);
    for (const f of nodes.implFunctions()) {
      const n = f.field('name')?.text();
      const fb = f.field('body');
      const owner = implType(f);
      if (!n || !viaField.has(n) || !fb || !owner || owner === type || same(f, fmt)) continue;
      const expr = viaField.get(n)!;
      const i = around.findIndex((x) => isHole(x) && x.hole.expr === expr);
      for (const c of matchArms(fb, owner, ctx)) {
        if (!c.template) continue;
        const template = i < 0 ? c.template : normalize([...around.slice(0, i), ...c.template, ...around.slice(i + 1)]);
        out.push({ ...c, template });
      }
    }
  }
  if (!arms.length) {
    const t = writesIn(body, ctx, null);
    if (hasText(t)) {
      const fields = new Set<string>();
      const template = t.map((s) => {
        const m = isHole(s) && s.hole.expr ? /^self\.(\w+)/.exec(s.hole.expr) : null;
        if (!m || !isHole(s)) return s;
        fields.add(m[1]);
        return { hole: { ...s.hole, expr: m[1], ...(INNER_NAMES.test(m[1]) ? { inner: true as const } : {}) } };
      });
      out.push({ name: type, bases: [], line: fmt.range().start.line + 1, template, params: [...fields], templateFrom: 'str' });
    }
  }
  return out;
}

const WRITE_RULE = {
  rule: {
    any: [
      { kind: 'macro_invocation', regex: String.raw`^write(?:ln)?!` },
      { kind: 'call_expression', has: { field: 'function', kind: 'field_expression', regex: String.raw`\.(?:write_str|pad|write_fmt|fmt)$` } },
    ],
  },
};

/** What a block writes to the formatter, in order, as one template; `skip` is a node whose writes are not counted. */
function writesIn(n: SgNode, ctx: Ctx, skip: SgNode | null): Template {
  const parts: Template[] = [];
  const skipRange = skip?.range();
  for (const w of n.findAll(WRITE_RULE)) {
    const at = w.range().start.index;
    if (skipRange && at >= skipRange.start.index && at < skipRange.end.index) continue;
    const t = writeTemplate(w, ctx);
    if (t) parts.push(t);
  }
  return concat(...parts);
}

/** What one `write!`/`writeln!`/`f.write_str(…)`/`x.fmt(f)` writes; null for a `write!` without a format. */
function writeTemplate(w: SgNode, ctx: Ctx): Template | null {
  if (w.kind() === 'macro_invocation') {
    const args = splitArgs(innerOf(w));
    if (args.length < 2) return null;
    const f = stringLiteral(args[1]);
    if (f === null) return readExpr(args[1], ctx, DEPTH);
    return formatTemplate(f, args.slice(2), (x, d) => readExpr(x, ctx, d), DEPTH);
  }
  const fe = w.field('function')!;
  const method = fe.field('field')?.text();
  const args = w.field('arguments')?.namedChildren() ?? [];
  // `"…".fmt(f)`, `self.0.fmt(f)`, `fmt::Display::fmt(&x, f)`
  if (method === 'fmt') return readExpr(fe.field('value')?.text() ?? '', ctx, DEPTH);
  return args[0] ? readExpr(args[0].text(), ctx, DEPTH) : null;
}

/** Alternatives a block writes at most (the branches of its `if`s, multiplied). */
const MAX_WRITE_BRANCHES = 8;

/**
 * What a block writes, one template per exclusive path: the writes of an `if … else …` are one
 * message per branch (`if table.is_empty() { writeln!(f, "… in document root") } else { writeln!(f,
 * "… in table …") }`), writes in sequence are concatenated. The first is the message, the others its
 * branches. A block with no `if` around a write is writesIn's one template.
 */
function writePaths(n: SgNode, ctx: Ctx): Template[] {
  const writes = n.findAll(WRITE_RULE);
  if (!writes.length) return [];
  const ifs = n.findAll({ rule: { kind: 'if_expression', has: { field: 'alternative', kind: 'else_clause' } } });
  if (!ifs.length || !writes.some((w) => ifs.some((i) => inside(w, i)))) return [writesIn(n, ctx, null)];
  const paths = (node: SgNode): Template[] => {
    if (writes.some((w) => same(w, node))) {
      const t = writeTemplate(node, ctx);
      return [t ?? []];
    }
    if (!writes.some((w) => inside(w, node))) return [[]];
    if (node.kind() === 'if_expression' && node.field('alternative')) {
      const out: Template[] = [];
      for (const b of [node.field('consequence'), node.field('alternative')]) if (b) out.push(...paths(b));
      // (a branch that writes nothing leaves the message to another write: not a message of its own)
      const written = out.filter((t) => t.length);
      return (written.length ? written : [[]]).slice(0, MAX_WRITE_BRANCHES);
    }
    let acc: Template[] = [[]];
    for (const c of node.children()) {
      const next = paths(c);
      acc = acc.flatMap((a) => next.map((b) => concat(a, b))).slice(0, MAX_WRITE_BRANCHES);
    }
    return acc;
  };
  return paths(n).filter((t) => t.length);
}

/** Whether `n` lies inside `outer` (or is it). */
function inside(n: SgNode, outer: SgNode): boolean {
  const a = n.range();
  const b = outer.range();
  return a.start.index >= b.start.index && a.end.index <= b.end.index;
}

const SELF_VALUE = /^[*&]*\s*self(?:\.\w+)*$/;

/** The classes of each arm of the `match self…` expressions in a block. */
function matchArms(body: SgNode, type: string, ctx: Ctx): ClassInfo[] {
  const out: ClassInfo[] = [];
  for (const m of body.findAll({ rule: { kind: 'match_expression' } })) {
    const value = m.field('value')?.text() ?? '';
    if (!SELF_VALUE.test(value)) continue;
    const onSelf = /^[*&]*\s*self$/.test(value);
    // `let msg = match self { … }; write!(f, "…: {}", msg)`: the arm's text goes in the hole
    const letName = m.parent()?.kind() === 'let_declaration' ? m.parent()!.field('pattern')?.text() : null;
    const around = letName ? writesIn(body, ctx, m) : null;
    for (const arm of m.findAll({ rule: { kind: 'match_arm' } })) {
      if (!same(arm.parent()?.parent(), m)) continue;
      const pat = arm.field('pattern')?.text() ?? '';
      const val = arm.field('value');
      if (!val) continue;
      const written = around ? [] : writePaths(val, ctx);
      let t = around ? writesIn(val, ctx, null) : (written[0] ?? []);
      if (!t.length) t = readExpr(val.text().replace(/^\{\s*([\s\S]*?)\s*\}$/, '$1'), ctx, DEPTH);
      if (around && hasText(t)) {
        const i = around.findIndex((s) => isHole(s) && s.hole.expr === letName);
        if (i >= 0) t = normalize([...around.slice(0, i), ...t, ...around.slice(i + 1)]);
      }
      if (!hasText(t)) continue;
      for (const alt of splitArgs(pat.replace(/\|/g, ','))) {
        const pm = /^(?:[\w]+::)*?(?:(Self|[A-Z]\w*)::)?([A-Z]\w*)\s*([({][\s\S]*)?$/.exec(alt.trim());
        if (!pm) continue;
        const owners = pm[1] === 'Self' || (!pm[1] && onSelf) ? [type] : pm[1] ? [pm[1]] : ctx.globs;
        for (const owner of owners) {
        const { params, rename } = bindings(pm[3] ?? '');
        const bind = (x: Template): Template => x.map((s) => {
          if (!isHole(s) || !s.hole.expr) return s;
          const e = s.hole.expr.replace(/^[*&]+/, '');
          const key = rename.get(e);
          if (key === undefined) return s;
          const h: Hole = { ...s.hole, expr: key };
          if (INNER_NAMES.test(e) || INNER_NAMES.test(key)) h.inner = true;
          return { hole: h };
        });
        const branches = written.slice(1).filter(hasText).map(bind);
        const name = `${owner}::${pm[2]}`;
        // a variant with several arms (`V { unit, .. } if unit == "" => …`, then `V { .. } => …`; `V(None)`
        // then `V(Some(e))`): one is picked at run time, so every arm's text is an alternative of the variant's message
        const earlier = out.find((c) => c.name === name && c.line < arm.range().start.line + 1);
        if (earlier) {
          earlier.branches = [...(earlier.branches ?? []), bind(t), ...branches];
          continue;
        }
        out.push({ name, bases: [], line: arm.range().start.line + 1, template: bind(t), params, templateFrom: 'str', ...(branches.length ? { branches } : {}) });
        }
      }
    }
  }
  return out;
}

/** A pattern's bindings after the path: `(a, _, b)` → params 0,1,2 and a→0, b→2; `{ f, g: x }` → f, g. */
function bindings(rest: string): { params: string[]; rename: Map<string, string> } {
  const params: string[] = [];
  const rename = new Map<string, string>();
  const r = rest.trim();
  if (!r) return { params, rename };
  const parts = splitArgs(r.slice(1, -1));
  parts.forEach((p, i) => {
    if (p.startsWith('..')) return;
    if (r[0] === '(') {
      params.push(String(i));
      const v = /^(?:ref\s+)?(?:mut\s+)?([a-z_]\w*)$/.exec(p);
      if (v) rename.set(v[1], String(i));
    } else {
      const m = /^(?:ref\s+)?(?:mut\s+)?([A-Za-z_]\w*)\s*(?::\s*(?:ref\s+)?(?:mut\s+)?([a-z_]\w*))?$/.exec(p);
      if (!m) return;
      params.push(m[1]);
      rename.set(m[2] ?? m[1], m[1]);
    }
  });
  return { params, rename };
}

/** The same syntax node (the binding gives a new object for each visit). */
function same(a: SgNode | null | undefined, b: SgNode): boolean {
  if (!a) return false;
  const x = a.range();
  const y = b.range();
  return x.start.index === y.start.index && x.end.index === y.end.index && a.kind() === b.kind();
}

// ---- symbol and guards ----

export function siteContext(n: SgNode): { symbol: string | null; guards: Guard[]; params: string[] } {
  const names: string[] = [];
  const guards: Guard[] = [];
  let params: string[] | null = null;
  let child: SgNode = n;
  for (let p = n.parent(); p; child = p, p = p.parent()) {
    const k = p.kind();
    if (k === 'function_item') {
      const name = p.field('name')?.text();
      if (name) names.unshift(name);
      params ??= paramNames(p);
    } else if (k === 'impl_item' || k === 'trait_item') {
      const t = k === 'impl_item' ? implTypeOf(p) : p.field('name')?.text();
      if (t) names.unshift(t);
    } else if (k === 'mod_item' && names.length === 0) {
      // (a module-level site keeps no symbol)
    } else if (k === 'if_expression' && child.kind() !== 'binary_expression') {
      const cond = p.field('condition')?.text().replace(/\s+/g, ' ') ?? '';
      const alt = p.field('alternative');
      const inElse = !!alt && child.range().start.index >= alt.range().start.index && child.range().end.index <= alt.range().end.index;
      if (cond && child !== p.field('condition')) guards.unshift({ kind: inElse ? 'else' : 'if', text: inElse ? `!(${cond})` : cond, line: p.range().start.line + 1 });
    } else if (k === 'match_arm') {
      const pat = p.field('pattern')?.text().replace(/\s+/g, ' ');
      if (pat && child !== p.field('pattern')) guards.unshift({ kind: 'case', text: pat, line: p.range().start.line + 1 });
    } else if (k === 'while_expression') {
      const cond = p.field('condition')?.text().replace(/\s+/g, ' ');
      if (cond) guards.unshift({ kind: 'while', text: cond, line: p.range().start.line + 1 });
    }
    if (guards.length > 12) guards.shift();
  }
  return { symbol: names.length ? names.join('.') : null, guards, params: params ?? [] };
}

/** Variants one error type's conversions make, at most (convertedByTry): more say little about which `?` made which. */
const MAX_FROM_VARIANTS = 3;

/**
 * `Ok(part.parse()?)` in `|part| -> Result<u64, LlvmVersionParseError> { … }` beside `impl
 * From<num::ParseIntError> for LlvmVersionParseError { fn from(e: …) -> Self {
 * LlvmVersionParseError::ParseIntError(e) } }` (or a thiserror variant's `#[from]` field): the `?`
 * converts another error into the variant, whose Display writes the text (`error parsing LLVM
 * version component: {}`), so the `?` is where the error is made. A `?` in a function or closure
 * whose written result is `Result<_, E>`, E's conversions written in the same file and known
 * variants of it (MAX_FROM_VARIANTS at most), one site per variant; not a `?` on a call of this
 * file's functions returning E already (no conversion: `other(s)?`, `self.other(s)?`). Only files with such conversions are walked
 * again.
 */
function convertedByTry(root: SgNode, nodes: Nodes, classes: Map<string, ClassInfo>, inTest: (n: SgNode) => boolean): RawSite[] {
  const made = new Map<string, string[]>();
  const add = (type: string, variant: string) => {
    const list = made.get(type) ?? [];
    if (!list.includes(variant)) made.set(type, [...list, variant]);
  };
  for (const impl of nodes.of('impl_item')) {
    if (!/^From\s*</.test(impl.field('trait')?.text() ?? '') || inTest(impl)) continue;
    const type = impl.field('type')?.text().trim() ?? '';
    const body = impl.field('body')?.text() ?? '';
    if (!/^[A-Z]\w*$/.test(type) || body.length > 400) continue;
    const found = [...new Set([...body.matchAll(VARIANT_PATH)].map((m) => `${m[1] === 'Self' ? type : m[1]}::${m[2]}`))];
    if (found.length === 1 && found[0].startsWith(`${type}::`) && classes.has(found[0])) add(type, found[0]);
  }
  for (const a of nodes.of('attribute_item')) {
    if (!/^#\[\s*from\s*\]$/.test(a.text())) continue;
    let v: SgNode | null = a.parent();
    while (v && v.kind() !== 'enum_variant') v = v.parent();
    const e = v?.parent()?.parent();
    const type = e?.kind() === 'enum_item' ? e.field('name')?.text() : undefined;
    const name = v?.field('name')?.text();
    if (type && name && classes.has(`${type}::${name}`)) add(type, `${type}::${name}`);
  }
  if (!made.size) return [];
  const returning = new Set<string>();
  for (const f of nodes.of('function_item')) {
    const e = resultError(f.field('return_type')?.text() ?? '');
    const name = f.field('name')?.text();
    if (e && name && made.has(e)) returning.add(name);
  }
  const out: RawSite[] = [];
  for (const t of root.findAll({ rule: { kind: 'try_expression' } })) {
    let fn: SgNode | null = t.parent();
    while (fn && fn.kind() !== 'function_item' && fn.kind() !== 'closure_expression') fn = fn.parent();
    const e = fn ? resultError(fn.field('return_type')?.text() ?? '') : null;
    const variants = e ? made.get(e) : undefined;
    if (!variants || variants.length > MAX_FROM_VARIANTS || inTest(t)) continue;
    // (a call of the file's function, `other(s)?`, `self.other(s)?`, `Self::other(s)?`: not a method of another value, `s.parse()?`)
    const called = t.namedChildren()[0]?.kind() === 'call_expression' ? t.namedChildren()[0].field('function')?.text().replace(/\s+/g, '') : undefined;
    const own = called ? /^(?:self\.|Self::)?([a-z_]\w*)$/.exec(called)?.[1] : undefined;
    if (own && returning.has(own)) continue;
    for (const v of variants) out.push(baseSite(t, null, 'exception', v));
  }
  return out;
}

/** The error type of a written `Result<T, E>` (E a plain name, its path's last part), else null. */
function resultError(type: string): string | null {
  const m = /^(?:\w+::)*Result\s*<([\s\S]+)>$/.exec(type.trim());
  if (!m) return null;
  const args = splitArgs(m[1]);
  const e = args.length === 2 ? args[1].trim() : '';
  return /^(?:\w+::)*[A-Z]\w*$/.test(e) ? e.slice(e.lastIndexOf(':') + 1) : null;
}
