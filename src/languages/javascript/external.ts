// Assertion helpers of other packages and of Node: `assert(cond, 'msg')` with `const assert =
// require('assert')`, `assert.strictEqual(a, b, 'msg')`, `invariant(cond, 'msg %s', x)` with
// `import invariant from 'invariant'`, `Hoek.assert(cond, 'msg')`. The call raises the message it
// is given, so it is a site with that message. Recognised by how the name is imported, never by the
// bare name: the table below is the whole of it, as data.

import type { SgNode } from '@ast-grep/napi';
import { concat, hole, isLit, lit, passesParam, type Template } from '../../template/ir.js';
import type { ArgInfo, Guard, RawSite } from '../../core/site.js';
import { findAllNames } from '../shared/find-names.js';
import type { SiteContext } from './facts.js';
import { argNodes, buildTemplate, expandVerbs, exprText, unwrap, type Resolver } from './template.js';
import { S } from '../shared/rule-regex.js';

interface ExternalHelper {
  /** Module specifiers it is imported from. */
  modules: string[];
  /**
   * The calls that raise, by what is called: `''` the imported binding itself (or its `.default`, as
   * TypeScript compiles a default import), else a method of it or a name imported from the module.
   * The value is the index of the message argument.
   */
  calls: Record<string, number>;
  errorClass: string;
  /** Whether the first argument is the condition that must hold (`assert(cond, msg)`): the site's guard is its negation. */
  condition?: Record<string, boolean>;
  /** How the message is composed from the arguments: `percent-s` (`%s` replaced by the following ones), `spaced` (all joined by spaces). */
  format?: 'percent-s' | 'spaced';
  /** Text the library puts before the message. */
  prefix?: string;
}

const ASSERT_EQUALITY = ['equal', 'notEqual', 'strictEqual', 'notStrictEqual', 'deepEqual', 'notDeepEqual', 'deepStrictEqual', 'notDeepStrictEqual', 'match', 'doesNotMatch'];

export const EXTERNAL_HELPERS: ExternalHelper[] = [
  {
    // Node's assert (its AssertionError hides the assert call from the stack: the trace's innermost frame is the call)
    modules: ['assert', 'node:assert', 'assert/strict', 'node:assert/strict'],
    calls: { '': 1, ok: 1, fail: 0, ...Object.fromEntries(ASSERT_EQUALITY.map((m) => [m, 2])) },
    condition: { '': true, ok: true },
    errorClass: 'AssertionError',
  },
  // invariant: `error.name = 'Invariant Violation'`, `%s` replaced by the arguments after the format.
  { modules: ['invariant'], calls: { '': 1 }, condition: { '': true }, errorClass: 'Invariant Violation', format: 'percent-s' },
  // tiny-invariant: `new Error(prefix + ': ' + message)` with prefix 'Invariant failed'.
  { modules: ['tiny-invariant'], calls: { '': 1 }, condition: { '': true }, errorClass: 'Error', prefix: 'Invariant failed: ' },
  // @hapi/hoek: `assert(condition, ...messages)`, the messages joined by spaces.
  { modules: ['@hapi/hoek', '@hapi/hoek/assert', '@hapi/hoek/lib/assert', 'hoek'], calls: { assert: 1 }, condition: { assert: true }, errorClass: 'AssertError', format: 'spaced' },
];

const MODULES = new Map(EXTERNAL_HELPERS.flatMap((h) => h.modules.map((m) => [m, h] as const)));

/**
 * A thrower of another package: a function imported by name from a bare specifier (not `./…`) and
 * named `throw…` (`throwParseError`, `throwError` of @ark/util; `throwTypeError` of a monorepo's
 * shared package). Its body is in another tree, so the helper analysis cannot see that it raises;
 * the name says it, and the import says the name is that function's. Its first argument is the
 * message; the class is the name's rest when it ends in `Error` (`throwParseError` → ParseError).
 * `throwIf…`/`throwUnless…` take a condition first and are not among them.
 */
const THROWER = /^throw(?!If[A-Z]|Unless[A-Z])[A-Z][\w$]*$/;
/** The source may import a thrower (a name of that form among an import's or require's names). */
const THROWER_IMPORT = /[{,]\s*throw(?!If[A-Z]|Unless[A-Z])[A-Z][\w$]*\s*(?:[,}]|as\b|:)/;
const throwerHelpers = new Map<string, ExternalHelper>();
function throwerHelper(name: string): ExternalHelper {
  let h = throwerHelpers.get(name);
  if (!h) {
    const rest = name.slice('throw'.length);
    h = { modules: [], calls: { [name]: 0 }, errorClass: /Error$/.test(rest) ? rest : 'Error' };
    throwerHelpers.set(name, h);
  }
  return h;
}
const isBareSpecifier = (spec: string): boolean => !/^[./]/.test(spec) && !spec.includes(':');
/** A module of the table written as a string (`'node:assert'`). */
const QUOTED_MODULE = new RegExp(`['"](?:${[...MODULES.keys()].map((m) => m.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})['"]`);
const ID = String.raw`[A-Za-z_$][\w$]*`;
const SPEC = String.raw`['"]([^'"\n]+)['"]`;
const IMPORT_FROM = new RegExp(String.raw`\bimport\s+(?:(${ID})\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+(${ID}))?\s*from\s*${SPEC}`, 'g');
const REQUIRE = new RegExp(String.raw`\b(?:const|let|var)\s+(?:\{([^}]*)\}|(${ID}))\s*=\s*(?:__importStar\(|__importDefault\()?\s*require\(\s*${SPEC}\s*\)?\s*\)(?:\.(${ID}))?`, 'g');

/** Whether the text names a module of the table (else it binds none of its helpers): for Language.cannotRaise. */
export const mayCallExternal = (source: string): boolean => QUOTED_MODULE.test(source) || THROWER_IMPORT.test(source);

/** A local name bound to one of the helpers: the binding (`''`) or one of its calls by name. */
interface Bound {
  helper: ExternalHelper;
  /** `''`: the module's default (assert itself); a name: the call it is (`ok`, `strictEqual`). */
  as: string;
}

/** Local names bound to a helper of the table, from the file's imports (one pass over its text). */
export function externalBindings(source: string): Map<string, Bound> {
  const out = new Map<string, Bound>();
  if (!mayCallExternal(source)) return out;
  const named = (helper: ExternalHelper, list: string | undefined, sep: RegExp) => {
    for (const item of (list ?? '').split(',')) {
      const [name, local] = item.trim().split(sep);
      // (`import { strict as assert } from 'assert'`: the module itself)
      const as = name === 'strict' || name === 'default' ? '' : name;
      if (name && (as === '' || as in helper.calls)) out.set((local ?? name).trim(), { helper, as });
    }
  };
  const throwers = (list: string | undefined, sep: RegExp) => {
    for (const item of (list ?? '').split(',')) {
      const [name, local] = item.trim().split(sep);
      if (name && THROWER.test(name)) out.set((local ?? name).trim(), { helper: throwerHelper(name), as: name });
    }
  };
  for (const m of source.matchAll(IMPORT_FROM)) {
    const helper = MODULES.get(m[4]);
    if (!helper) {
      if (isBareSpecifier(m[4])) throwers(m[2], /\s+as\s+/);
      continue;
    }
    for (const local of [m[1], m[3]]) if (local) out.set(local, { helper, as: '' });
    named(helper, m[2], /\s+as\s+/);
  }
  for (const m of source.matchAll(REQUIRE)) {
    const helper = MODULES.get(m[3]);
    if (!helper) {
      if (isBareSpecifier(m[3])) throwers(m[1], /\s*:\s*/);
      continue;
    }
    if (m[2]) {
      const prop = m[4];
      const as = !prop || prop === 'strict' || prop === 'default' ? '' : prop;
      if (as === '' || as in helper.calls) out.set(m[2], { helper, as });
    }
    named(helper, m[1], /\s*:\s*/);
  }
  return out;
}

/**
 * The sites of the file's calls of external helpers. `context` and `resolver` are the analyzer's (a
 * call's enclosing functions, symbol and guards; how its arguments' names are followed).
 */
export function externalSites(
  root: SgNode, source: string, context: (n: SgNode) => SiteContext, resolver: (ctx: SiteContext) => Resolver,
  params: (ctx: SiteContext) => string[] | undefined,
): RawSite[] {
  const bound = externalBindings(source);
  if (bound.size === 0) return [];
  const names = [...bound.keys()].filter((n) => /^[A-Za-z_$][\w$]*$/.test(n));
  const esc = names.map((n) => n.replace(/\$/g, '\\$'));
  // (`name(…)`, `name.method(…)`, TypeScript's `(0, name.default)(…)`)
  const rule = (ns: string[]) => ({ rule: { kind: 'call_expression', has: { field: 'function', regex: `^\\(?(?:0${S}*,${S}*)?(?:${ns.join('|')})(?:\\.[A-Za-z_$][A-Za-z0-9_$]*)?\\)?$` } } });
  const nameOf = (n: SgNode) => {
    const t = (n.field('function')?.text() ?? '').replace(/^\(\s*0\s*,\s*|\)$/g, '');
    return t.split('.')[0];
  };
  const out: RawSite[] = [];
  for (const call of findAllNames(root, names, esc, { rule, kind: 'call_expression', nameOf })) {
    const text = (call.field('function')?.text() ?? '').replace(/^\(\s*0\s*,\s*|\)$/g, '');
    const [local, method] = text.split('.');
    const b = bound.get(local);
    if (!b) continue;
    // (a method of a name bound to one call, `ok.call(…)`, is not the helper)
    if (method !== undefined && b.as !== '') continue;
    const what = b.as !== '' ? b.as : method === undefined || method === 'default' || method === 'strict' ? '' : method;
    const index = b.helper.calls[what];
    if (index === undefined) continue;
    const args = argNodes(call);
    const msg = args[index];
    if (!msg) continue;
    const ctx = context(call);
    const r = resolver(ctx);
    const template = message(b.helper, args.slice(index), r);
    const p = params(ctx);
    // (a message passed in, `assert(ok, msg)` in a helper of its own, is given by that helper's callers)
    if (!template || !(template.some(isLit) || (p && passesParam(template, p)))) continue;
    const guards: Guard[] = [...ctx.guards];
    const cond = b.helper.condition?.[what] && args[0] ? unwrap(args[0]) : null;
    const pos = call.range().start;
    if (cond) guards.push({ kind: 'assert', text: `!(${exprText(cond)})`, line: pos.line + 1 });
    const argInfos: ArgInfo[] = args.map((a) => ({ name: null, template: buildTemplate(a, r).t, expr: exprText(a) }));
    out.push({
      line: pos.line + 1, column: pos.column + 1, errorType: 'assertion', errorClass: b.helper.errorClass, errorCode: null, httpStatus: null,
      severity: 'error', template, args: argInfos, symbol: ctx.symbol, guards, ...(p ? { params: p } : {}),
    });
  }
  return out;
}

/** The message a helper composes from its arguments, the first of them its message argument. */
function message(h: ExternalHelper, args: SgNode[], r: Resolver): Template | null {
  const first = buildTemplate(args[0], r);
  // (a message that is an Error instance is thrown as it is: its construction is the site)
  if (unwrap(args[0]).kind() === 'new_expression') return null;
  let t = first.t;
  if (h.format === 'percent-s') {
    const rest = args.slice(1);
    t = expandVerbs(t, (i, verb) => (verb === 's' && rest[i] ? buildTemplate(rest[i], r).t.length ? buildTemplate(rest[i], r).t : [hole(exprText(rest[i]))] : null)).t;
  } else if (h.format === 'spaced') {
    t = concat(t, ...args.slice(1).flatMap((a) => [[lit(' ')], buildTemplate(a, r).t]));
  }
  return h.prefix ? concat([lit(h.prefix)], t) : t;
}
