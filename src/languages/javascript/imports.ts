// What a JavaScript or TypeScript file imports from other modules of its tree (relative
// specifiers), from its text in one pass, and the calls of those of them that are raising
// helpers (Language.importedCalls): `import { fail } from './errors'`, `const { fail } =
// require('./errors')`, `const errors = require('./errors'); errors.fail('…')`, and TypeScript's
// compiled `(0, errors_1.fail)('…')`. Only each such call is parsed, not the file.

import { callEnd, type CallLexer } from '../shared/call-spans.js';
import { normalizeModule, type Imports } from '../shared/imports.js';
import { lineAt, lineStarts } from '../shared/text-index.js';
import type { MethodHelpers } from '../../core/pack.js';
import type { ArgInfo, CallInfo } from '../../core/site.js';
import { memberKey } from '../../template/ir.js';
import { FileScopes } from './facts.js';
import { parseSource } from './grammar.js';
import { argNodes, buildTemplate, exprText, hasLookup, unwrap } from './template.js';
import { optionArgs } from './options.js';

const ID = String.raw`[A-Za-z_$][\w$]*`;
const SPEC = String.raw`(['"])(\.{1,2}/[^'"\n]*|\.{1,2})\3`;
/** `import a, { b as c } from './m'`, `import * as ns from './m'`. */
const IMPORT_FROM = new RegExp(String.raw`\bimport\s+(?:type\s+)?(?:(${ID})\s*,?\s*)?(?:\{([^}]*)\}|\*\s*as\s+(${ID}))?\s*from\s*${SPEC.replace('\\3', '\\4')}`, 'g');
/** `const { a, b: c } = require('./m')`, `const m = require('./m')`, `const a = require('./m').a`. */
const REQUIRE = new RegExp(String.raw`\b(?:const|let|var)\s+(?:\{([^}]*)\}|(${ID}))\s*=\s*(?:__importStar\(|__importDefault\()?\s*require\(\s*${SPEC}\s*\)?\s*\)(?:\.(${ID}))?`, 'g');

/** `./m.js` → `./m` (record paths keep the extension; modules are compared without it). */
const specPath = (spec: string): string => normalizeModule(spec.replace(/\.(?:[cm]?js|[cm]?ts|jsx|tsx)$/, ''));

export function jsImports(source: string): Imports {
  const out: Imports = new Map();
  if (!source.includes('import') && !source.includes('require')) return out;
  for (const m of source.matchAll(IMPORT_FROM)) {
    const from = specPath(m[5]);
    if (m[1]) out.set(m[1], { name: 'default', from });
    if (m[3]) out.set(`${m[3]}.*`, { name: '*', from });
    for (const item of (m[2] ?? '').split(',')) {
      const [name, local] = item.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+/);
      if (name && /^[A-Za-z_$][\w$]*$/.test(name)) out.set(local?.trim() || name, { name, from });
    }
  }
  for (const m of source.matchAll(REQUIRE)) {
    const from = specPath(m[4]);
    if (m[2] && m[5]) out.set(m[2], { name: m[5], from });
    else if (m[2]) out.set(`${m[2]}.*`, { name: '*', from });
    for (const item of (m[1] ?? '').split(',')) {
      const [name, local] = item.trim().split(/\s*:\s*/);
      if (name && /^[A-Za-z_$][\w$]*$/.test(name)) out.set(local?.trim() || name, { name, from });
    }
  }
  return out;
}

/** The symbol of a function a CommonJS module exports as itself (`module.exports = function (…) {…}`). */
const MODULE_FUNCTION = 'exports';

const JS_LEXER: CallLexer = { quotes: `'"`, triple: false, lineComment: '//', blockComment: true, templates: true };

/** The calls of imported helpers in a file (see the top of this file), and of helper methods on objects it is handed; `defines` and `methods` as Language.importedCalls gets them. */
export function jsImportedCalls(source: string, defines: (name: string | null, from: string) => boolean, path = '', methods?: MethodHelpers): CallInfo[] {
  const out = importedHelperCalls(source, defines);
  if (methods && path) out.push(...methodCalls(source, path, methods));
  return out;
}

/** `receiver.method(` with a helper method's name: the receiver (`session`, `this.errorHandler`) and the method. */
const MAX_METHOD_NAMES = 2000;

/**
 * Calls of the tree's helper methods on an object the file is handed (`session.error(\`Rule
 * "${name}" is not defined\`)` for `Session#error` in another module): a receiver named for the
 * helper's class, or the tree's only helper of that name (MethodHelpers.moduleFor). `this.m(…)` is
 * the file's own class's, and `console.m(…)` a log line.
 */
function methodCalls(source: string, path: string, methods: MethodHelpers): CallInfo[] {
  const names = methods.names.filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && source.includes(`.${n}`)).slice(0, MAX_METHOD_NAMES);
  if (names.length === 0) return [];
  const re = new RegExp(String.raw`(?<![\w$.])((?:this\.)?${ID}(?:\.${ID})*)\.(${names.map((n) => n.replace(/\$/g, '\\$')).join('|')})\s*\(`, 'g');
  const out: CallInfo[] = [];
  let lines: number[] | null = null;
  let imports: Imports | null = null;
  for (const m of source.matchAll(re)) {
    const [receiver, name] = [m[1], m[2]];
    if (receiver === 'super' || receiver.startsWith('console')) continue;
    // (`this.createError(…)` in a class extending an imported one that the method is not defined in:
    // the base class's, asked for by the base's name)
    const base = receiver === 'this' ? inheritedFrom(source, m.index!, name) : null;
    if (receiver === 'this' && !base) continue;
    const from = methods.moduleFor(path, name, base ?? receiver);
    if (from === null) continue;
    // (the base's method only when the base is imported from that module, not the tree's one method of the name)
    if (base && !sameModule((imports ??= jsImports(source)).get(base)?.from, from)) continue;
    const call = callAt(source, m.index!, m[0].length, `${receiver}.${name}`);
    if (!call) continue;
    lines ??= lineStarts(source);
    for (const args of call) out.push({ callee: name, args, line: lineAt(lines, m.index!), symbol: null, from });
  }
  return out;
}

/** Whether two relative module specifiers name one module (`./base` and `./base.js`). */
const sameModule = (a: string | undefined, b: string): boolean => !!a && a.replace(/\.[cm]?[jt]s$/, '') === b.replace(/\.[cm]?[jt]s$/, '');

/** Classes searched back for the one a `this.m(…)` call is in, at most (a file's text from the call back). */
const MAX_BASE_LOOKBACK = 200_000;

/**
 * The base class of the class a `this.NAME(…)` call at `at` is in (the nearest `class X extends
 * Base` before it), when the file defines no method NAME (so the call reaches the base's): `Base`,
 * else null. Only a plain name: `extends mixin(A)` names no class.
 */
function inheritedFrom(source: string, at: number, name: string): string | null {
  const esc = name.replace(/\$/g, '\\$');
  if (new RegExp(String.raw`(?:^|[\n;{}])\s*(?:static\s+|async\s+|\*\s*)*${esc}\s*\([^()]*\)\s*\{`).test(source)) return null;
  const from = Math.max(0, at - MAX_BASE_LOOKBACK);
  let base: string | null = null;
  for (const m of source.slice(from, at).matchAll(/\bclass(?:\s+[A-Za-z_$][\w$]*)?\s+extends\s+([A-Za-z_$][\w$]*)\s*\{/g)) base = m[1];
  return base;
}

/**
 * The arguments of the call whose callee text starts at START (`m[0]` of length LEN ends at its `(`),
 * written as CALLEE; null when none carries text. SKIP: characters after the `(` that are not
 * arguments (`.call(void 0, ` has the receiver first). One list of arguments per reading of the call.
 */
function callAt(source: string, start: number, len: number, callee: string, skip = 0): ArgInfo[][] | null {
  const open = start + len - 1 - skip;
  const end = callEnd(source, open, JS_LEXER);
  if (end < 0) return null;
  const snippet = `${callee}(${source.slice(open + 1 + skip, end)}`;
  const root = parseSource('javascript', snippet).root();
  const call = root.find({ rule: { kind: 'call_expression' } });
  if (!call) return null;
  const r = new FileScopes(root, snippet).resolver([]);
  const nodes = argNodes(call);
  // (and a message handed in an options object, `fail({ code, message: '…' })`: options.ts)
  const args: ArgInfo[] = [...nodes.map((a) => ({ name: null, template: buildTemplate(a, r).t, expr: exprText(a) })), ...optionArgs(nodes, r)];
  // (an enum member keys the helper's table: `fail(state, Errors.UnexpectedToken)`)
  const useful = (xs: ArgInfo[]) => xs.some((x) => x.template.some((seg) => 'lit' in seg) || hasLookup(x.template) || memberKey(x.expr) !== null || x.name !== null);
  // (`fail(isAwait ? Errors.A : Errors.B)`: the first argument chosen by a condition gives one call per side)
  const i = nodes.findIndex((a) => unwrap(a).kind() === 'ternary_expression');
  if (i >= 0) {
    const t = unwrap(nodes[i]);
    const sides = [t.field('consequence'), t.field('alternative')].flatMap((side) => (side ? [side] : []));
    const variants = sides.map((side) => args.map((x, j) => (j === i ? { name: null, template: buildTemplate(side, r).t, expr: exprText(side) } : x)));
    if (variants.some(useful)) return variants.filter(useful);
  }
  if (!useful(args)) return null;
  return [args];
}

function importedHelperCalls(source: string, defines: (name: string | null, from: string) => boolean): CallInfo[] {
  const imports = jsImports(source);
  if (imports.size === 0) return [];
  const fnNames: string[] = [];
  const aliases: string[] = [];
  /** Modules called as a function (`const assert = require('./assert'); assert(c, '…')`): local name → module. */
  const called = new Map<string, string>();
  for (const [local, imp] of imports) {
    const esc = local.replace(/\$/g, '\\$');
    if (local.endsWith('.*')) {
      if (defines(null, imp.from)) aliases.push(esc.slice(0, -2));
      // (`module.exports = function (…)`: the module's helper is named `exports`)
      if (defines(MODULE_FUNCTION, imp.from)) {
        called.set(local.slice(0, -2), imp.from);
        fnNames.push(esc.slice(0, -2));
      }
    } else if (imp.name !== 'default' && defines(imp.name, imp.from)) fnNames.push(esc);
  }
  if (fnNames.length === 0 && aliases.length === 0) return [];
  const never = '(?!)';
  // (`alias.name(` or `(0, alias.name)(`: groups 1 and 2; an imported name's `name(`: group 3;
  // `alias.name.call(void 0, …)`, as sucrase compiles an imported function's call: group 4 the
  // receiver and its comma, not an argument)
  const re = new RegExp(
    String.raw`(?<![\w$.])(?:\(\s*0\s*,\s*)?(?:(${aliases.join('|') || never})\.(${ID})|(${fnNames.join('|') || never}))(?:\s*\)?\s*\(|\.call\((\s*(?:void 0|undefined|null)\s*,\s*))`, 'g',
  );
  const out: CallInfo[] = [];
  let lines: number[] | null = null;
  for (const m of source.matchAll(re)) {
    const alias = m[1];
    const name = alias ? m[2] : m[3];
    const asModule = alias ? undefined : called.get(name);
    const imported = asModule !== undefined ? { name: MODULE_FUNCTION, from: asModule } : alias ? imports.get(`${alias}.*`) : imports.get(name);
    if (!imported) continue;
    const callee = imported.name === '*' ? name : imported.name;
    if (!defines(callee, imported.from)) continue;
    const start = m.index!;
    // (the call alone, its callee written plainly: `(0, m.fail)(…)` is `m.fail(…)`)
    const args = callAt(source, start, m[0].length, alias ? `${alias}.${name}` : name, m[4]?.length ?? 0);
    if (!args) continue;
    lines ??= lineStarts(source);
    for (const a of args) out.push({ callee, args: a, line: lineAt(lines, start), symbol: null, from: imported.from });
  }
  return out;
}

