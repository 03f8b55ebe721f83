// The Kotlin frontend: one walk over the tree.
//
// Sites:
// - `throw X(args)`: the class as written, the message from the first text argument; `X(…)` of an
//   error class anywhere else is constructedOnly (the stack is filled in where it is built).
// - `require(c) { "…" }`, `check`, `requireNotNull`, `checkNotNull` (their default messages
//   without a lambda), `error("…")`, `TODO()` / `TODO("why")`: inline functions of the standard
//   library, so a trace names the caller's line.
// - Loggers at error and warning level, as in Java.
// - Reads of a `lateinit var` and its getter, of a `by Delegates.notNull()` property (lateinit.ts).
// Messages: literals and raw strings, `$x` and `${expr}` templates, `+`, `"…".format(args)`,
// `MessageFormat.format`, `const val` / `val` constants and locals; a `ListResourceBundle`'s entries
// (`bundle.getString("k")`), maps of texts (`REASONS[kind]`), objects' constants of other files
// (`Texts.NOT_A_NUMBER`), and texts functions return (`Texts.outOfRange(…)`, record/returns.ts).
// Classes: `class X(msg: String) : Base("…$msg")` (the primary constructor's delegation), and
// secondary constructors' `: super(…)`.

import type { SgNode } from '@ast-grep/napi';
import type { ArgInfo, CallInfo, ClassInfo, FileAnalysis, Guard, MessageReturn, MessageTable, RawSite } from '../../core/site.js';
import { concat, hasParamLookup, hole, isHole, isLit, lastSegment, lit, placeholderName, type Hole, type Template } from '../../template/ir.js';
import { kotlinCallsUnder } from './calls-made.js';
import { parseJvm } from './grammar.js';
import { unescape } from './strings.js';
import { applyAnchors, applyBraces, applyPercent, bundleEntry, joinedChoices, MAX_CHOICES, type FieldArg } from './template.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import {
  BUNDLE_LOOKUP, causeMessages, conditionText, EXC_NAME, hasLiteral, isLogger, KOTLIN_CHECKS, LOCALE_SUFFIX, LOG_METHODS, makeSite, MAX_BUNDLE_ENTRIES, messageOf, oneLine, superText, type At, type Fn,
} from './sites.js';
import { S, W } from '../shared/rule-regex.js';
import { lateinitRaises, uninitializedRead } from './lateinit.js';

const TYPE_DECLS = new Set(['class_declaration', 'object_declaration']);
const FUNCTIONS = new Set(['function_declaration', 'secondary_constructor', 'anonymous_initializer']);
/** How a call that may raise starts: a precondition, a capitalized (class) name, a logger. */
const CALL_START = `^(?:(?:require|check|requireNotNull|checkNotNull|error|TODO)\\b|(?:${W}+\\.)*[A-Z]${W}*${S}*[(]|[A-Za-z0-9_.?!]*(?:log|LOG|logger|Logger|LOGGER)\\b)`;

/** The standard library's types of values, whose functions are no enum's text table (`format.format(*args)` of `format: String`). */
const KOTLIN_BUILTIN = /^(?:String|CharSequence|Any|Int|Long|Short|Byte|Double|Float|Boolean|Char|Number)$/;

/** The value a branch's body gives: the expression, or a block's last statement. */
function branchValue(body: SgNode): SgNode | undefined {
  const first = body.children().find((c) => c.isNamed());
  if (first?.kind() !== 'statements') return first;
  return first.children().filter((c) => c.isNamed()).at(-1);
}

/** Calls passing text reported for the helpers they may call, at most (a file's). */
const MAX_CALLS = 2000;
/** Functions of the standard library given text that are no helper raising it. */
const NOT_HELPERS = new Set(['TODO', 'StringBuilder', 'Pair', 'Triple', 'File', 'format', 'println', 'print', 'append', 'appendLine', 'buildString', 'listOf', 'setOf', 'mapOf', 'arrayOf', 'mutableListOf', 'mutableMapOf', 'to', 'split', 'startsWith', 'endsWith', 'contains', 'replace', 'equals', 'substringBefore', 'substringAfter', 'trimMargin', 'trimIndent', 'joinToString', 'getString', 'get', 'put', 'add', 'matches', 'toRegex', 'Regex']);

/** A constant's name, as constants are written (`EMPTY_INPUT`, `MAX_DEPTH`). */
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;
/** Entries of one enum read as a message table, at most. */
const MAX_ENUM_ENTRIES = 500;
/** Functions of one file reported as returning text, at most (a generated file of thousands). */
const MAX_RETURNS = 500;
/** Functions building a map (`mapOf("k" to "text")`) read as a table of texts. */
const MAP_BUILDERS = new Set(['mapOf', 'hashMapOf', 'mutableMapOf', 'linkedMapOf', 'sortedMapOf']);
/** A map's methods giving the value of a key. */
const MAP_GETS = new Set(['getValue', 'get', 'getOrDefault', 'getOrElse', 'getOrThrow']);
/** The expressions a function's text may be (a text, a concatenation, a format or a lookup's call, a map's entry). */
const TEXT_KINDS = new Set(['string_literal', 'line_string_literal', 'multi_line_string_literal', 'additive_expression', 'call_expression', 'indexing_expression', 'navigation_expression']);
/** Arguments past a `vararg` function's fixed parameters that a call of it is recognised with, at most. */
const MAX_VARARGS = 4;
/** A function's name as a function returning a message is named (`outOfRange`, `badKey`), not a class or a constant. */
const FUNCTION_NAME = /^[a-z_]\w*$/;
/**
 * The name a function returning text is reported and called under (MessageReturn, Hole.call): its
 * name and arity, so a call binds only a definition it can be a call of (`toString()` of the JDK's
 * `Objects.toString(x)` is not a data class's `toString()`).
 */
const returnName = (name: string, arity: number): string => `${name}/${arity}`;

interface FnEntry {
  fn: Fn;
  decls: { at: number; name: string; value: SgNode }[] | null;
  node: SgNode;
}

export function analyzeKotlin(source: string): FileAnalysis {
  const root = parseJvm('kotlin', source).root();
  return new KotlinFile(root, source).run();
}

const named = (n: SgNode): SgNode[] => n.children().filter((c) => c.isNamed());

/**
 * The name an argument is given by (`column = letters.length + 1` of `CellSyntaxException(column = …,
 * reason = "…")`): the parameter it binds, whatever its position (facts/classes.ts bindTemplate); null
 * for a positional one.
 */
function argumentName(value: SgNode): string | null {
  const v = value.parent();
  if (v?.kind() !== 'value_argument') return null;
  const kids = named(v);
  return kids.length > 1 && kids[0].kind() === 'simple_identifier' && kids[0].id() !== value.id() ? kids[0].text() : null;
}
const childOf = (n: SgNode, kind: string): SgNode | undefined => n.children().find((c) => c.kind() === kind);

/** A type as a class is named (`a.b.E<T>?` → `a.b.E`). */
/**
 * A raise of a caught error's message (`catch (e: NumberFormatException) { throw
 * ConfigException("bad: ${e.message}") }`): the class its catch names and what the `try` body calls
 * (facts/raised.ts wrappedMessages).
 */
function wrapsOf(n: SgNode, template: Template | null, cause: string | null = null): RawSite['wraps'] | undefined {
  const h = template?.find((s) => isHole(s) && s.hole.inner);
  // (`"$e"`, `e.toString()`: the caught class's name before the message, not its text alone; a cause
  // passed whole to a class whose toString() the site's template writes)
  const name = cause ?? (h && isHole(h) ? /^([A-Za-z_]\w*)\??\.(?:localizedMessage|message|getMessage\(\)|getLocalizedMessage\(\))$/.exec(h.hole.expr ?? '')?.[1] : undefined);
  if (!name) return undefined;
  let clause: SgNode | null = n.parent();
  while (clause && !(clause.kind() === 'catch_block' && childOf(clause, 'simple_identifier')?.text() === name)) clause = clause.parent();
  const body = clause?.parent()?.kind() === 'try_expression' ? childOf(clause.parent()!, 'statements') : undefined;
  const calls = body ? kotlinCallsUnder(body) : [];
  if (!clause || !calls.length) return undefined;
  const type = childOf(clause, 'user_type');
  return { caught: type ? typeName(type) : null, calls };
}

/** Whether a text is one constant of another file (`Texts.NOT_FOUND`: its table's entry, text by declaration). */
const isLookup = (t: Template | null): boolean => t?.length === 1 && isHole(t[0]) && !!t[0].hole.lookup?.key;

/** Catch types that stand for many classes: the one printed is the thrown subclass. */
const BROAD_CAUGHT = new Set(['Exception', 'Throwable', 'RuntimeException', 'Error', 'IOException']);
/** Exceptions Kotlin names without an import (its aliases of java.lang's and java.util's, java.lang's own). */
const DEFAULT_EXCEPTIONS: Record<string, string> = Object.fromEntries([
  ...['IllegalArgumentException', 'IllegalStateException', 'NumberFormatException', 'ClassNotFoundException', 'InterruptedException',
    'NullPointerException', 'IndexOutOfBoundsException', 'ArrayIndexOutOfBoundsException', 'StringIndexOutOfBoundsException',
    'UnsupportedOperationException', 'ArithmeticException', 'ClassCastException', 'SecurityException', 'AssertionError',
    'CloneNotSupportedException', 'NoSuchMethodException', 'NoSuchFieldException', 'IllegalAccessException'].map((n) => [n, `java.lang.${n}`]),
  ...['NoSuchElementException', 'ConcurrentModificationException'].map((n) => [n, `java.util.${n}`]),
]);

/**
 * `catch (e: NumberFormatException) { throw FilterFailure(e) }`: an error given the caught one alone
 * takes Throwable(cause)'s message, the cause's toString() (`java.lang.NumberFormatException: <its
 * message>`), when the catch names one class whose full name the file tells (an import, the
 * package's own, a default one). Null for a catch-all type.
 */
function causeText(n: SgNode, name: string, fullName: (t: string) => string | null): Template | null {
  let clause: SgNode | null = n.parent();
  while (clause && !(clause.kind() === 'catch_block' && childOf(clause, 'simple_identifier')?.text() === name)) clause = clause.parent();
  const type = clause ? childOf(clause, 'user_type') : undefined;
  const full = type ? fullName(typeName(type)) : null;
  return full ? [{ lit: `${full}: ` }, { hole: { name: 'message', kind: 'any', inner: true, caught: lastSegment(full) } }] : null;
}

/** A hole for an expression, named as any hole of it is (an enum text lookup no table answers renders as before). */
const placeholder = (expr: string): Hole => ({ name: placeholderName(expr), expr, kind: 'any' });

const typeName = (n: SgNode): string => oneLine(n.text()).replace(/[<?].*$/, '').trim();

class KotlinFile {
  private readonly sites: RawSite[] = [];
  private readonly classes: ClassInfo[] = [];
  private readonly constants = new Map<string, Template>();
  private readonly errorClasses = new Set<string>();
  private syntaxErrorLine: number | null = null;
  private readonly fns = new Map<number, FnEntry>();
  /** The file's maps of texts by name (mapTable): `REASONS[kind]`, `REASONS.getValue(kind)` look them up. */
  private readonly mapNames = new Set<string>();
  /** The source names a map builder (`mapOf`): its properties may be maps of texts. */
  private get mayHoldMaps(): boolean {
    return (this.mapsWritten ??= /\b(?:mapOf|hashMapOf|mutableMapOf|linkedMapOf|sortedMapOf)\b/.test(this.source));
  }
  private mapsWritten: boolean | undefined;
  /** The file's package (`org.errdex.kit`), null for the default package. */
  private pkg: string | null = null;
  /**
   * The file's functions whose body chooses a text by `when` or `if` (`fun reason(code: Int) = when (code) {
   * 404 -> "Not Found"; … }`), by name and arity (choiceFunctions): a call of one gives each text.
   */
  private readonly choiceFns = new Map<string, { params: string[]; texts: Template[] }>();
  /** The functions an error class's message calls, by name (messageFunctionNames), read on first use. */
  private messageFns: Set<string> | null = null;
  /** The file's classes named like errors that are none (markErrorClass): a value's `Failure(reason)`. */
  private readonly notErrors = new Set<string>();
  /** The file's imports by simple name (`import a.b.C` → C: a.b.C), read on first use (fullName). */
  private imports: Map<string, string> | null = null;
  private wildcards = false;

  /** A class's full name from the file's imports and package (Kotlin's default exceptions by name); null for a catch-all type or one a wildcard import may hold. */
  private fullName(type: string): string | null {
    if (type.includes('.')) return type;
    if (BROAD_CAUGHT.has(type)) return null;
    if (Object.hasOwn(DEFAULT_EXCEPTIONS, type)) return DEFAULT_EXCEPTIONS[type];
    if (!this.imports) {
      this.imports = new Map([...this.source.matchAll(/^[ \t]*import\s+([\w.]+)\.(\w+)(?:\s+as\s+(\w+))?[ \t]*;?[ \t]*$/gm)].map((m) => [m[3] ?? m[2], `${m[1]}.${m[2]}`]));
      this.wildcards = /^[ \t]*import\s+[\w.]+\.\*/m.test(this.source);
    }
    const imported = this.imports.get(type);
    if (imported) return imported;
    return this.pkg && !this.wildcards ? `${this.pkg}.${type}` : null;
  }

  /** The primary constructors' parameters of the file's classes, by name (a property read back, heldBy). */
  private readonly ctorParams = new Map<string, string[]>();

  constructor(
    private readonly root: SgNode,
    private readonly source: string,
  ) {}

  // Two queries run in the grammar's own code (no JavaScript walk over every node): the
  // declarations, then the calls that may raise, each climbing to its context.
  run(): FileAnalysis {
    const header = this.root.children().find((c) => c.kind() === 'package_header');
    // (the header's identifier: its text may run on over a comment after it)
    const pkgName = header ? childOf(header, 'identifier') : undefined;
    this.pkg = pkgName ? oneLine(pkgName.text()).replace(/\s+/g, '') || null : null;
    // (functions, for those returning text, in the same walk: a walk of its own cost a tenth of the analysis)
    const decls = this.root.findAll({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'property_declaration' }, { kind: 'ERROR' }, { kind: 'function_declaration' }] } });
    const classDecls: SgNode[] = [];
    const textFunctions: SgNode[] = [];
    const tableEntries: MessageTable['entries'] = [];
    const tables = new Map<string, MessageTable>();
    for (const n of decls) {
      const kind = n.kind() as string;
      if (kind === 'ERROR') this.syntaxErrorLine ??= n.range().start.line + 1;
      else if (kind === 'class_declaration') classDecls.push(n);
      else if (kind === 'function_declaration') textFunctions.push(n);
      else if (!this.inFunction(n)) {
        const p = this.propertyConstant(n, null);
        if (!p) continue;
        const line = n.range().start.line + 1;
        if (this.topLevel(n) && CONSTANT_NAME.test(p.name) && this.constants.has(p.name)) tableEntries.push({ key: p.name, template: this.constants.get(p.name)!, line });
        else if (CONSTANT_NAME.test(p.name)) {
          // (an object's or a companion's constant, `Texts.NOT_A_NUMBER` in other files: the table of its name, as a Java class's)
          const owner = this.objectName(n);
          const t = owner ? this.template(p.value, null) : null;
          if (owner && hasLiteral(t)) {
            if (!tables.has(owner)) tables.set(owner, { name: owner, entries: [] });
            tables.get(owner)!.entries.push({ key: p.name, template: t, line });
          }
        }
        const map = this.mayHoldMaps ? this.mapTable(p.name, p.value) : null;
        if (map && !tables.has(p.name)) {
          tables.set(p.name, map);
          this.mapNames.add(p.name);
        }
      }
    }
    // (and `Texts.NOT_APPLIED.format(n)` of such a constant, read as an enum entry's function is, `X.format()`:
    // its fields opened)
    for (const [owner, t] of [...tables]) {
      if (this.mapNames.has(owner) || tables.has(`${owner}.format()`)) continue;
      const fmt = t.entries.filter((e) => e.template.some((x) => isLit(x) && x.lit.includes('%')));
      if (fmt.length) tables.set(`${owner}.format()`, { name: `${owner}.format()`, entries: fmt.map((e) => ({ ...e, template: openPlaceholders(e.template, 'percent') })) });
    }
    const declared = new Set(classDecls.map((c) => childOf(c, 'type_identifier')?.text() ?? ''));
    for (const c of classDecls) {
      const ctor = childOf(c, 'primary_constructor');
      const name = childOf(c, 'type_identifier')?.text();
      if (ctor && name) this.ctorParams.set(name, ctor.children().filter((p) => p.kind() === 'class_parameter').map((p) => childOf(p, 'simple_identifier')?.text() ?? '?'));
    }
    for (let pass = 0; pass < 2; pass++) for (const c of classDecls) this.markErrorClass(c, declared);
    for (const d of declared) if (EXC_NAME.test(d) && !this.errorClasses.has(d)) this.notErrors.add(d);
    if (textFunctions.length && /\b(?:when|if)\b/.test(this.source)) this.choiceFunctions(textFunctions);
    for (const c of classDecls) this.classInfo(c, childOf(c, 'type_identifier')?.text() ?? '?');
    const calls = this.root.findAll({ rule: { kind: 'call_expression', regex: CALL_START } });
    for (const n of calls) {
      const up = n.parent();
      const thrown = up?.kind() === 'jump_expression' && up.text().startsWith('throw');
      this.call(n, this.contextAt(n), thrown);
    }
    for (const r of lateinitRaises(decls.filter((d) => d.kind() === 'property_declaration'))) {
      const { start } = r.node.range();
      const { errorClass, message } = uninitializedRead(r);
      const template = [lit(message)];
      this.sites.push(makeSite(this.contextAt(r.node), start.line + 1, start.column + 1, { errorType: 'exception', errorClass, template, args: [{ name: null, template, expr: r.name }] }));
    }
    const out: FileAnalysis = { sites: this.sites, classes: this.classes };
    const passing = this.textCalls();
    if (passing.length) out.calls = passing;
    if (tables.size) out.tables = [...tables.values()];
    const bundle = this.source.includes('ListResourceBundle') ? this.bundleTable(classDecls) : null;
    if (bundle) (out.tables ??= []).push(bundle);
    const returns = this.messageReturns(textFunctions);
    if (returns.length) out.returns = returns;
    const enums = classDecls.flatMap((c) => this.enumTables(c));
    // the file's top-level constants, for the package's other files (packageConstant)
    if (tableEntries.length && this.pkg !== null) (out.tables ??= []).push({ name: `package:${this.pkg}`, entries: tableEntries });
    if (enums.length) out.tables = [...(out.tables ?? []), ...enums];
    if (this.syntaxErrorLine !== null) out.syntaxErrorLine = this.syntaxErrorLine;
    return out;
  }

  /**
   * Calls passing text, for the helpers that raise what they are given (facts/callers.ts), as the Java
   * pack reports them: `fail("empty key")`, `Errors.invalid("port", value)`, and a trailing lambda's text
   * as the last argument (`ensure(width >= min) { "Column '$name' must be at least $min" }` of a
   * library's own precondition, `fun ensure(condition: Boolean, message: () -> String)` raising
   * `IllegalArgumentException(message())`: the lambda is the parameter `message`).
   */
  private textCalls(): CallInfo[] {
    const calls: CallInfo[] = [];
    for (const n of this.root.findAll({ rule: { kind: 'call_expression', has: { kind: 'string_literal', stopBy: 'end' } } })) {
      if (calls.length >= MAX_CALLS) break;
      // (`f(a) { … }` is a call of a call: the outer one is read, with its lambda)
      const up = n.parent();
      if (up?.kind() === 'call_expression' && named(up)[0]?.id() === n.id()) continue;
      const parts = this.callParts(n);
      if (!parts || (parts.callee.kind() !== 'simple_identifier' && parts.callee.kind() !== 'navigation_expression')) continue;
      const callee = lastSegment(oneLine(parts.callee.text()));
      // (the standard preconditions and format calls are read where they are; an error class's construction
      // is a site's; another class's, `Parsed.Failure("…")`, gives a raise of the property it sets, heldBy)
      const made = /^[A-Z]\w*$/.test(callee) && !this.isErrorClass(oneLine(parts.callee.text()));
      if (!(FUNCTION_NAME.test(callee) || made) || Object.hasOwn(KOTLIN_CHECKS, callee) || NOT_HELPERS.has(callee)) continue;
      const at = this.contextAt(n);
      const args = this.argInfos(parts.args, at.fn);
      if (parts.lambda) {
        const t = this.lambdaText(parts.lambda, at.fn);
        args.push({ name: null, template: t ?? [hole(oneLine(parts.lambda.text()))], expr: oneLine(parts.lambda.text()) });
      }
      if (!args.some((a) => hasLiteral(a.template))) continue;
      calls.push({ callee, args, line: n.range().start.line + 1, symbol: at.fn.symbol, ...(at.fn.params.length ? { params: at.fn.params } : {}) });
    }
    return calls;
  }

  /** The object a declaration is a member of (`object Texts`), or the class of a companion object's member; null for any other. */
  private objectName(n: SgNode): string | null {
    const body = n.parent();
    const owner = body?.kind() === 'class_body' ? body.parent() : null;
    if (owner?.kind() === 'object_declaration') return childOf(owner, 'type_identifier')?.text() ?? null;
    if (owner?.kind() !== 'companion_object') return null;
    const cls = owner.parent()?.kind() === 'class_body' ? owner.parent()!.parent() : null;
    return cls?.kind() === 'class_declaration' ? childOf(cls, 'type_identifier')?.text() ?? null : null;
  }

  /**
   * A map of texts (`val REASONS = mapOf("email" to "not an e-mail address", …)`): a table of the
   * property's name, keyed by the keys written (a string, or a constant's name: `Kind.EMAIL to …`).
   */
  private mapTable(name: string, value: SgNode): MessageTable | null {
    if (value.kind() !== 'call_expression') return null;
    const parts = this.callParts(value);
    if (!parts || !MAP_BUILDERS.has(parts.callee.text())) return null;
    const entries: MessageTable['entries'] = [];
    for (const a of parts.args) {
      if (entries.length >= MAX_ENUM_ENTRIES) break;
      const kids = named(a);
      if (a.kind() !== 'infix_expression' || kids.length !== 3 || kids[1].text() !== 'to') continue;
      const k = kids[0];
      const key = k.kind() === 'string_literal' && !k.children().some((x) => (x.kind() as string).startsWith('interpolat')) ? unescape(k.text().slice(1, -1)) : /^(?:\w+\.)*\w+$/.test(k.text()) ? lastSegment(k.text()) : null;
      const t = this.template(kids[2], null);
      if (key !== null && hasLiteral(t)) entries.push({ key, template: t, line: a.range().start.line + 1 });
    }
    return entries.length ? { name, entries } : null;
  }

  /** A lookup into a map of texts (`REASONS[kind]`, `REASONS.getValue("zip")`): a map of the file's, or a constant's name (a map of another file); null for any other receiver. */
  private mapLookup(receiver: SgNode, keyNode: SgNode | undefined, expr: string, fn: Fn | null): Template | null {
    const name = receiver.kind() === 'simple_identifier' ? receiver.text() : '';
    if (!keyNode || !(this.mapNames.has(name) || CONSTANT_NAME.test(name)) || fn?.params.includes(name) || fn?.locals.has(name)) return null;
    const k = keyNode.kind() === 'string_literal' && !keyNode.children().some((x) => (x.kind() as string).startsWith('interpolat')) ? unescape(keyNode.text().slice(1, -1)) : null;
    const param = k === null && keyNode.kind() === 'simple_identifier' && fn?.returning && fn.params.includes(keyNode.text()) ? keyNode.text() : undefined;
    return [{ hole: { ...placeholder(expr), lookup: { table: name, key: k, ...(param ? { param } : {}) } } }];
  }

  private topLevel(n: SgNode): boolean {
    return n.parent()?.kind() === 'source_file';
  }

  private inFunction(n: SgNode): boolean {
    for (let p = n.parent(); p; p = p.parent()) {
      const k = p.kind() as string;
      if (FUNCTIONS.has(k)) return true;
      if (TYPE_DECLS.has(k)) return false;
    }
    return false;
  }

  private propertyConstant(n: SgNode, fn: Fn | null): { name: string; value: SgNode } | null {
    const name = childOf(n, 'variable_declaration')?.children().find((c) => c.kind() === 'simple_identifier')?.text();
    const value = named(n).at(-1);
    if (!name || !value || value.kind() === 'variable_declaration') return null;
    if (fn === null) {
      const t = this.template(value, null);
      if (hasLiteral(t) && !this.constants.has(name)) this.constants.set(name, t);
    }
    return { name, value };
  }

  private markErrorClass(n: SgNode, declared: Set<string>): void {
    const name = childOf(n, 'type_identifier')?.text();
    const base = this.baseCall(n);
    const baseName = base ? typeName(childOf(base, 'user_type') ?? base) : null;
    const baseIsError = !!baseName && (EXC_NAME.test(baseName) || this.errorClasses.has(lastSegment(baseName)));
    // (named like an error, but of no supertype, or whose base is a class of the file that is none: no
    // Throwable, whatever its name; a result's `class Failure(val reason: String) : Parsed<Nothing>()`)
    const supers = n.children().some((d) => d.kind() === 'delegation_specifier');
    const byName = !!name && EXC_NAME.test(name) && supers && !(baseName && declared.has(lastSegment(baseName)) && !baseIsError);
    if (name && (byName || baseIsError)) this.errorClasses.add(name);
  }

  /** The class's `: Base(…)` delegation (a constructor invocation), if any. */
  private baseCall(cls: SgNode): SgNode | null {
    for (const d of cls.children()) {
      if (d.kind() !== 'delegation_specifier') continue;
      const call = childOf(d, 'constructor_invocation');
      if (call) return call;
    }
    return null;
  }

  private isErrorClass(name: string): boolean {
    const last = lastSegment(name);
    if (!/^[A-Z]/.test(last)) return false;
    if (this.errorClasses.has(last)) return true;
    const outer = name.slice(0, -last.length - 1);
    // (a class of the file named like an error that is none, markErrorClass; and a result type's
    // `Failure` case, `Parsed.Failure(…)`, `Result.Failure(…)`: a value carrying a reason, not a Throwable)
    if (EXC_NAME.test(last)) return !this.notErrors.has(last) && !(/Failure$/.test(last) && outer !== '' && !EXC_NAME.test(lastSegment(outer)) && !this.errorClasses.has(lastSegment(outer)));
    // (`StoreError.Invalid(…)` of a sealed hierarchy declared in another file: a class nested in an
    // error class is one of its kinds)
    return outer !== '' && EXC_NAME.test(lastSegment(outer));
  }

  /** The enclosing function (symbol, parameters, locals given text before the node), guards, caught names and classes of a node. */
  private contextAt(node: SgNode): At {
    const guards: Guard[] = [];
    const caught = new Set<string>();
    const classes: string[] = [];
    let fnNode: SgNode | null = null;
    let fnName: string | null = null;
    let child = node;
    for (let n = node.parent(); n; child = n, n = n.parent()) {
      const kind = n.kind() as string;
      if (TYPE_DECLS.has(kind)) {
        classes.unshift(childOf(n, 'type_identifier')?.text() ?? '?');
        continue;
      }
      if (kind === 'companion_object') {
        classes.unshift(childOf(n, 'type_identifier')?.text() ?? 'Companion');
        continue;
      }
      if (fnNode) continue;
      if (FUNCTIONS.has(kind)) {
        fnNode = n;
        fnName = kind === 'function_declaration' ? childOf(n, 'simple_identifier')?.text() ?? '?' : '<init>';
        continue;
      }
      const line = n.range().start.line + 1;
      if (kind === 'if_expression') {
        const parts = named(n);
        const text = parts[0] ? conditionText(parts[0].text()) : '';
        const bodies = parts.slice(1).filter((p) => p.kind() === 'control_structure_body');
        if (bodies[0]?.id() === child.id()) guards.unshift({ kind: 'if', text, line });
        else if (bodies[1]?.id() === child.id()) guards.unshift({ kind: 'else', text: `!(${text})`, line });
      } else if (kind === 'catch_block') {
        const name = childOf(n, 'simple_identifier')?.text();
        if (name) caught.add(name);
        guards.unshift({ kind: 'catch', text: oneLine(childOf(n, 'user_type')?.text() ?? 'Throwable'), line });
      }
    }
    const cls = classes.join('.');
    if (!fnNode) return { fn: { symbol: cls || null, params: [], locals: new Map() }, guards, caught, classes };
    let entry = this.fns.get(fnNode.id());
    if (!entry) {
      let types: Map<string, string> | null | undefined;
      const node = fnNode;
      entry = { fn: { symbol: cls ? `${cls}.${fnName}` : fnName, params: this.params(fnNode), locals: new Map(), types: () => (types === undefined ? (types = this.paramTypes(node)) : types) }, decls: null, node: fnNode };
      this.fns.set(fnNode.id(), entry);
    }
    return { fn: this.localsBefore(entry, node.range().start.index), guards, caught, classes };
  }

  /** The function with the text its locals were last given before `offset`. */
  private localsBefore(entry: FnEntry, offset: number): Fn {
    entry.decls ??= entry.node.findAll({ rule: { kind: 'property_declaration' } }).flatMap((d) => {
      const p = this.propertyConstant(d, entry.fn);
      return p ? [{ at: d.range().start.index, ...p }] : [];
    });
    if (entry.decls.length === 0) return entry.fn;
    const locals = new Map<string, Template>();
    const fn: Fn = { ...entry.fn, locals };
    for (const d of entry.decls) {
      if (d.at >= offset) break;
      fn.branchTexts?.delete(d.name);
      // (`val reason = if (…) "is negative" else "is above 65535"`: each text an alternative where the local is used, a hole in any other text)
      const kind = d.value.kind() as string;
      const choices = kind === 'if_expression' || kind === 'when_expression' ? this.choices(d.value, fn) : null;
      if (choices) {
        (fn.branchTexts ??= new Map()).set(d.name, choices);
        locals.delete(d.name);
        continue;
      }
      const t = this.template(d.value, fn);
      if (hasLiteral(t)) locals.set(d.name, t);
      else locals.delete(d.name);
    }
    return fn;
  }

  private params(fn: SgNode): string[] {
    const list = childOf(fn, 'function_value_parameters');
    if (!list) return [];
    return list.children().flatMap((p) => {
      const name = p.kind() === 'parameter' ? childOf(p, 'simple_identifier')?.text() : undefined;
      return name ? [name] : [];
    });
  }

  /** Parameters declared with a class's type (`problem: Problem`), by name; null when none is. */
  private paramTypes(fn: SgNode, kind: 'parameter' | 'class_parameter' = 'parameter'): Map<string, string> | null {
    const list = kind === 'parameter' ? childOf(fn, 'function_value_parameters') : fn;
    let out: Map<string, string> | null = null;
    for (const p of list?.children() ?? []) {
      if (p.kind() !== kind) continue;
      const name = childOf(p, 'simple_identifier')?.text();
      const type = childOf(p, 'user_type');
      const t = type ? typeName(type) : '';
      if (name && /^[A-Z]\w*$/.test(lastSegment(t))) (out ??= new Map()).set(name, lastSegment(t));
    }
    return out;
  }

  /**
   * A resource bundle's messages (`class FormMessages : ListResourceBundle()` whose contents are
   * `arrayOf<Any>("form.closed", "The form has already been submitted")` pairs): a table looked up by
   * key (`bundle.getString("form.closed")`), under no name as Java's (java.ts bundleTable). A
   * translation (`FormMessages_de`) is not read.
   */
  private bundleTable(classDecls: SgNode[]): MessageTable | null {
    const found: MessageTable['entries'] = [];
    for (const c of classDecls) {
      const base = this.baseCall(c);
      if (!base || lastSegment(typeName(childOf(base, 'user_type') ?? base)) !== 'ListResourceBundle') continue;
      if (LOCALE_SUFFIX.test(childOf(c, 'type_identifier')?.text() ?? '')) continue;
      for (const pair of c.findAll({ rule: { kind: 'call_expression', regex: '^arrayOf\\b' } })) {
        if (found.length >= MAX_BUNDLE_ENTRIES) break;
        const parts = this.callParts(pair);
        if (!parts || parts.args.length !== 2 || parts.callee.text() !== 'arrayOf') continue;
        const [k, v] = parts.args;
        if (k.kind() !== 'string_literal' || k.children().some((x) => (x.kind() as string).startsWith('interpolat'))) continue;
        const t = this.template(v, null);
        if (!hasLiteral(t)) continue;
        found.push({ key: unescape(k.text().slice(1, -1)), template: t, line: pair.range().start.line + 1 });
      }
    }
    if (!found.length) return null;
    const style = tableStyle(found.map((f) => f.template));
    return { name: '', entries: found.map((f) => ({ ...f, template: bundleEntry(f.template, style) })) };
  }

  /**
   * Functions whose body is a `when` or an `if` choosing between texts (`fun reason(code: Int): String =
   * when (code) { 400 -> "Bad Request"; 404 -> "Not Found"; else -> "Unknown Status" }`, or a block of one
   * `return` of it), a status's reason phrase or a kind's description: a call of one in the file
   * (`"HTTP $code ${Status.reason(code)}"`) gives each branch's text, its parameters the call's
   * arguments (variants). An `override` describes an object.
   */
  private choiceFunctions(functions: SgNode[]): void {
    for (const f of functions) {
      if (this.choiceFns.size >= MAX_RETURNS) break;
      const one = valueFunction(f);
      if (!one) continue;
      const { name, value } = one;
      if (value?.kind() !== 'when_expression' && value?.kind() !== 'if_expression') continue;
      const params = this.params(f);
      const texts = this.choices(value, { symbol: name, params, locals: new Map() });
      // (one of a name and arity: two would be told apart by their receivers, which a call's text does not give)
      const key = returnName(name, params.length);
      if (texts && !this.choiceFns.has(key)) this.choiceFns.set(key, { params, texts });
      else this.choiceFns.delete(key);
    }
  }

  /** The texts a call of one of the file's choice functions gives, its parameters the call's arguments; null for any other call. */
  private calledChoices(n: SgNode, fn: Fn | null, depth: number): Template[] | null {
    const parts = this.callParts(n);
    if (!parts || parts.lambda) return null;
    const callee = parts.callee;
    // (`reason(code)`, `Status.reason(code)` of an object or a class: not a call on a value)
    const receiver = callee.kind() === 'navigation_expression' ? named(callee)[0] : null;
    // (or `localization.noSuchOptionSuggest(name, all)` of a parameter `localization: Localization`)
    const typed = receiver?.kind() === 'simple_identifier' && !fn?.locals.has(receiver.text()) && !!fn?.types?.()?.get(receiver.text());
    if (callee.kind() !== 'simple_identifier' && !(receiver && (typed || /^[A-Z]\w*$/.test(receiver.text())))) return null;
    const def = this.choiceFns.get(returnName(lastSegment(oneLine(callee.text())), parts.args.length));
    if (!def) return null;
    const args = parts.args.map((a) => this.template(a, fn, depth + 1) ?? [hole(oneLine(a.text()))]);
    return def.texts.map((t) => concat(...t.map((x): Template => {
      const i = isHole(x) && x.hole.expr ? def.params.indexOf(x.hole.expr) : -1;
      return i >= 0 ? args[i] : [x];
    })));
  }

  /**
   * Functions whose body is a text (`fun outOfRange(field: String, value: Long) = "Field '$field' is
   * $value"`, or a block of one `return` of text), for calls from any file of the tree (a hole's
   * `call`, record/returns.ts binds the template to the call's arguments). An `override` (a
   * `toString()`) describes an object, not an error.
   */
  private messageReturns(functions: SgNode[]): MessageReturn[] {
    const out: MessageReturn[] = [];
    for (const f of functions) {
      if (out.length >= MAX_RETURNS) break;
      const one = valueFunction(f);
      if (!one) continue;
      const { name, value } = one;
      if (!value) continue;
      const params = this.params(f);
      // (a `when` or an `if` choosing the text, choiceFunctions: each text under the function's one name and
      // line, all of which a call from another file may give, record/returns.ts resolveAll)
      const choice = value.kind() === 'when_expression' || value.kind() === 'if_expression' ? this.choiceFns.get(returnName(name, params.length)) : undefined;
      if (choice) {
        const line = f.range().start.line + 1;
        for (const t of choice.texts.filter((x) => hasLiteral(x)).slice(0, MAX_CHOICES)) out.push({ name: returnName(name, params.length), params, template: t.map((x) => (isHole(x) && x.hole.call ? hole(x.hole.expr) : x)), line });
        continue;
      }
      if (!TEXT_KINDS.has(value.kind() as string)) continue;
      const t = this.template(value, { symbol: name, params, locals: new Map(), returning: true });
      if (!hasLiteral(t) && !(t && hasParamLookup(t))) continue;
      // (a call inside the text is not followed further: record/returns.ts binds one level)
      const template = t.map((x) => (isHole(x) && x.hole.call ? hole(x.hole.expr) : x));
      const line = f.range().start.line + 1;
      // (a `vararg` parameter takes any number of arguments: the calls of a few more or one fewer)
      const vararg = childOf(f, 'function_value_parameters')?.children().some((c) => c.kind() === 'parameter_modifiers' && /\bvararg\b/.test(c.text()));
      const arities = vararg ? Array.from({ length: MAX_VARARGS + 2 }, (_, i) => params.length - 1 + i) : [params.length];
      // (an object's function, or a companion's, also under its owner's name: `Texts.get(key, n)` of two objects
      // is told apart by the receiver the call names, callText)
      const owner = this.objectName(f);
      for (const n of arities) {
        out.push({ name: returnName(name, n), params, template, line });
        if (owner) out.push({ name: returnName(`${owner}.${name}`, n), params, template, line });
      }
    }
    return out;
  }

  /**
   * An enum whose entries carry text (`enum class Problem(val pattern: String) { MISSING("Field
   * '%s' is required"), … }`): a message table per property of type String (`Problem.pattern`),
   * keyed by entry, its placeholders opened as a table's; read by `problem.pattern` of a parameter
   * of that type (any entry) or `Problem.MISSING.pattern` (that one), in any file of the tree.
   */
  private enumTables(c: SgNode): MessageTable[] {
    const body = childOf(c, 'enum_class_body');
    const name = childOf(c, 'type_identifier')?.text();
    const ctor = childOf(c, 'primary_constructor');
    if (!body || !name) return [];
    if (!ctor) return this.entryFunctionTables(body, name);
    const params = ctor.children().filter((p) => p.kind() === 'class_parameter');
    const out: MessageTable[] = [];
    params.forEach((p, i) => {
      const prop = childOf(p, 'simple_identifier')?.text();
      const type = childOf(p, 'user_type');
      if (!prop || !type || typeName(type) !== 'String') return;
      const found: MessageTable['entries'] = [];
      for (const e of body.children()) {
        if (e.kind() !== 'enum_entry' || found.length >= MAX_ENUM_ENTRIES) continue;
        const key = childOf(e, 'simple_identifier')?.text();
        const args = childOf(e, 'value_arguments')?.children().filter((a) => a.kind() === 'value_argument') ?? [];
        // (by name, `pattern = "…"`, else by position)
        const arg = args.find((a) => childOf(a, 'simple_identifier')?.text() === prop) ?? (args.every((a) => !childOf(a, 'simple_identifier')) ? args[i] : undefined);
        const value = arg ? named(arg).at(-1) : undefined;
        const t = value ? this.template(value, null) : null;
        if (key && hasLiteral(t)) found.push({ key, template: t, line: e.range().start.line + 1 });
      }
      if (!found.length) return;
      const style = tableStyle(found.map((f) => f.template));
      out.push({ name: `${name}.${prop}`, entries: found.map((f) => ({ ...f, template: openPlaceholders(f.template, style) })) });
    });
    // (`fun format(vararg args: Any) = template.format(*args)`: `Problem.RANGE.format(key, 1, 9)` is the
    // entry's text, its fields filled in; a table of the function's name, `Problem.format()`, holds it)
    for (const f of body.children()) {
      if (f.kind() !== 'function_declaration') continue;
      const fname = childOf(f, 'simple_identifier')?.text();
      let value: SgNode | undefined = named(childOf(f, 'function_body') ?? f).at(-1);
      if (value?.kind() === 'statements') {
        const st = named(value);
        value = st.length === 1 && st[0].kind() === 'jump_expression' && st[0].text().startsWith('return') ? named(st[0])[0] : undefined;
      }
      if (!fname || value?.kind() !== 'call_expression') continue;
      const read = out.filter((t) => new RegExp(`(?<![\\w.])${t.name.slice(name.length + 1)}\\b`).test(value!.text()));
      if (read.length === 1) out.push({ name: `${name}.${fname}()`, entries: read[0].entries });
    }
    return out;
  }

  /**
   * `items.joinToString(sep, prefix = "…", postfix = "…")`: the prefix, the items (a hole) and the postfix,
   * when either is text; null otherwise.
   */
  private joinedText(n: SgNode, receiver: SgNode | undefined, fn: Fn | null, depth: number): Template | null {
    const suffix = named(n)[1];
    const list = suffix ? childOf(suffix, 'value_arguments') : undefined;
    if (!receiver || !list) return null;
    let prefix: Template = [];
    let postfix: Template = [];
    for (const v of list.children()) {
      if (v.kind() !== 'value_argument') continue;
      const kids = named(v);
      // (given by name only: `prefix = "…"`)
      const name = kids.length > 1 && kids[0].kind() === 'simple_identifier' ? kids[0].text() : undefined;
      const value = kids.at(-1);
      if (!value || (name !== 'prefix' && name !== 'postfix')) continue;
      const t = this.template(value, fn, depth + 1);
      if (!t || !hasLiteral(t)) continue;
      if (name === 'prefix') prefix = t;
      else postfix = t;
    }
    if (!prefix.length && !postfix.length) return null;
    return concat(prefix, [hole(oneLine(receiver.text()))], postfix);
  }

  /**
   * An enum whose entries override a function with their own text (`enum class Rule { POSITIVE {
   * override fun violation(name: String, v: Int) = "$name must be positive, was $v" }, … }`): a table of
   * the function's name (`Rule.violation()`), keyed by entry, each entry's text its override's value (the
   * function's parameters holes), read by `rule.violation(…)` of a parameter of that type as an entry's
   * function is (enumText).
   */
  private entryFunctionTables(body: SgNode, name: string): MessageTable[] {
    if (!/\boverride\s+fun\b/.test(body.text())) return [];
    const tables = new Map<string, MessageTable>();
    for (const e of body.children()) {
      if (e.kind() !== 'enum_entry') continue;
      const key = childOf(e, 'simple_identifier')?.text();
      const members = childOf(e, 'class_body');
      if (!key || !members) continue;
      for (const f of members.children()) {
        if (f.kind() !== 'function_declaration' || !/\boverride\b/.test(childOf(f, 'modifiers')?.text() ?? '')) continue;
        const fname = childOf(f, 'simple_identifier')?.text();
        let value: SgNode | undefined = named(childOf(f, 'function_body') ?? f).at(-1);
        if (value?.kind() === 'statements') {
          const st = named(value);
          value = st.length === 1 && st[0].kind() === 'jump_expression' && st[0].text().startsWith('return') ? named(st[0])[0] : undefined;
        }
        if (!fname || !value || !TEXT_KINDS.has(value.kind() as string)) continue;
        const t = this.template(value, { symbol: `${name}.${fname}`, params: this.params(f), locals: new Map(), returning: true });
        if (!hasLiteral(t)) continue;
        const table = `${name}.${fname}()`;
        if (!tables.has(table)) tables.set(table, { name: table, entries: [] });
        const entries = tables.get(table)!.entries;
        if (entries.length < MAX_ENUM_ENTRIES) entries.push({ key, template: t, line: f.range().start.line + 1 });
      }
    }
    return [...tables.values()];
  }

  /** The call's callee, value arguments and trailing lambda (`f(a) { … }` parses as a call of a call). */
  private callParts(n: SgNode): { callee: SgNode; args: SgNode[]; lambda: SgNode | null } | null {
    const kids = named(n);
    if (kids.length < 2 || kids[1].kind() !== 'call_suffix') return null;
    let callee = kids[0];
    let suffix = kids[1];
    let lambda: SgNode | null = childOf(suffix, 'annotated_lambda') ?? null;
    let argsList = childOf(suffix, 'value_arguments');
    if (!argsList && lambda && callee.kind() === 'call_expression') {
      const inner = named(callee);
      if (inner.length >= 2 && inner[1].kind() === 'call_suffix') {
        callee = inner[0];
        suffix = inner[1];
        argsList = childOf(suffix, 'value_arguments');
      }
    }
    const args = argsList ? argsList.children().filter((c) => c.kind() === 'value_argument').map((v) => named(v).at(-1)!).filter(Boolean) : [];
    if (lambda) lambda = childOf(lambda, 'lambda_literal') ?? null;
    return { callee, args, lambda };
  }

  private argInfos(nodes: SgNode[], fn: Fn | null): ArgInfo[] {
    return nodes.map((a) => {
      const expr = oneLine(a.text());
      const name = argumentName(a);
      // (an `if`/`when` choosing the text, or a local given one in its branches: each a message, ArgInfo.alts)
      const choices = /\b(?:if|when)\b/.test(expr) || fn?.branchTexts?.size || (this.choiceFns.size && expr.includes('(')) ? this.choices(a, fn) : null;
      if (choices) return { name, template: choices[0], expr, alts: choices.slice(1) };
      return { name, template: this.template(a, fn) ?? [hole(expr)], expr };
    });
  }

  /**
   * The texts an expression chooses between (`if (strict) "Strict mode forbids '$name'" else "…"`, a
   * `when`'s branches, `"Port $port $reason"` of a local `val reason = if (port < 0) "is negative" else
   * "is above 65535"`), when one holds text and there are several; null for any other expression.
   */
  private choices(n: SgNode, fn: Fn | null): Template[] | null {
    const all = this.variants(n, fn, 0);
    return all && all.length > 1 && all.some((t) => hasLiteral(t)) ? all : null;
  }

  private variants(n: SgNode, fn: Fn | null, depth: number): Template[] | null {
    if (depth > 4) return null;
    while (n.kind() === 'parenthesized_expression' && named(n)[0]) n = named(n)[0];
    const one = (e: SgNode): Template[] => this.variants(e, fn, depth + 1) ?? [this.template(e, fn) ?? [hole(oneLine(e.text()))]];
    const kind = n.kind() as string;
    if (kind === 'if_expression' || kind === 'when_expression') {
      const bodies = kind === 'if_expression'
        ? named(n).filter((p) => p.kind() === 'control_structure_body')
        : named(n).filter((e) => e.kind() === 'when_entry').map((e) => childOf(e, 'control_structure_body')).filter((b): b is SgNode => !!b);
      if (kind === 'if_expression' && bodies.length < 2) return null;
      const out: Template[] = [];
      for (const b of bodies) {
        const value = branchValue(b);
        // (a branch that throws or returns gives no text: `else -> return`)
        if (!value || value.kind() === 'jump_expression') continue;
        for (const t of one(value)) if (out.length < MAX_CHOICES) out.push(t);
      }
      return out.length ? out : null;
    }
    if (kind === 'simple_identifier') return fn?.branchTexts?.get(n.text()) ?? null;
    if (kind === 'call_expression' && this.choiceFns.size) return this.calledChoices(n, fn, depth);
    if (kind === 'additive_expression') {
      const [l, r] = named(n);
      if (!l || !r) return null;
      const lv = this.variants(l, fn, depth + 1);
      const rv = this.variants(r, fn, depth + 1);
      if (!lv && !rv) return null;
      return joinedChoices(lv ?? one(l), rv ?? one(r));
    }
    if (kind === 'string_literal' && this.choiceFns.size) {
      // (`"HTTP $code ${Status.reason(code)}"`: the text with each of the call's texts in its place)
      const kids = n.children();
      const at = kids.findIndex((c) => c.kind() === 'interpolated_expression' && named(c)[0]?.kind() === 'call_expression');
      const call = at >= 0 ? named(kids[at])[0] : undefined;
      const texts = call ? this.calledChoices(call, fn, depth) : null;
      if (texts) {
        const whole = this.template(n, fn);
        // (the parts before and after the call, as the whole text reads them: the call's one hole between)
        const callHole = whole?.findIndex((x) => isHole(x) && x.hole.expr === oneLine(call!.text())) ?? -1;
        if (whole && callHole >= 0) return texts.map((t) => concat(whole.slice(0, callHole), t, whole.slice(callHole + 1)));
      }
    }
    if (kind === 'string_literal' && fn?.branchTexts?.size) {
      // (`"Port $port $reason"`: the text with each of the local's texts in its place)
      const local = n.children().map((c) => (c.kind() === 'interpolated_identifier' ? c.text() : c.kind() === 'interpolated_expression' ? named(c)[0]?.text() : undefined))
        .find((x): x is string => !!x && fn.branchTexts!.has(x));
      if (!local) return null;
      return fn.branchTexts.get(local)!.map((v) => this.template(n, { ...fn, locals: new Map(fn.locals).set(local, v) }) ?? [hole(oneLine(n.text()))]);
    }
    return null;
  }

  /** The text a lambda's last statement gives (`{ "x must be $y" }`). */
  private lambdaText(l: SgNode, fn: Fn | null): Template | null {
    const st = childOf(l, 'statements');
    const last = st ? named(st).at(-1) : undefined;
    return last ? this.template(last, fn) : null;
  }

  private call(n: SgNode, at: At, thrown: boolean): void {
    // `require(c) { … }` is a call of a call: the outer one is read, with its lambda
    const up = n.parent();
    if (up?.kind() === 'call_expression' && named(up)[0]?.id() === n.id() && named(up)[1] && childOf(named(up)[1], 'annotated_lambda') && !childOf(named(up)[1], 'value_arguments')) return;
    const parts = this.callParts(n);
    if (!parts) return;
    const { callee, lambda } = parts;
    const calleeText = oneLine(callee.text());
    const { start } = n.range();
    const line = start.line + 1;
    const column = start.column + 1;
    if (callee.kind() === 'simple_identifier' && !thrown) {
      const name = callee.text();
      const check = Object.hasOwn(KOTLIN_CHECKS, name) ? KOTLIN_CHECKS[name] : null;
      if (check) {
        const args = this.argInfos(parts.args, at.fn);
        let template: Template;
        if (name === 'error') {
          if (!args[0]) return;
          template = args[0].template;
        } else template = (lambda && this.lambdaText(lambda, at.fn)) || (lambda ? [hole(oneLine(lambda.text()))] : [lit(check.fallback)]);
        const guards: Guard[] = name === 'require' || name === 'check' ? [...at.guards, { kind: 'if', text: `!(${args[0]?.expr ?? ''})`, line }] : at.guards;
        this.sites.push(makeSite({ ...at, guards }, line, column, { errorType: 'exception', errorClass: check.cls, template, args: [{ name: null, template, expr: lambda ? oneLine(lambda.text()) : args[0]?.expr ?? '' }] }));
        return;
      }
      if (name === 'TODO') {
        const args = this.argInfos(parts.args, at.fn);
        const template = args[0] ? concat([lit('An operation is not implemented: ')], args[0].template) : [lit('An operation is not implemented.')];
        this.sites.push(makeSite(at, line, column, { errorType: 'exception', errorClass: 'NotImplementedError', template, args }));
        return;
      }
    }
    if (callee.kind() === 'navigation_expression') {
      const method = lastSegment(calleeText);
      const receiver = calleeText.slice(0, calleeText.length - method.length - 1).replace(/[?!]+$/, '');
      if (isLogger(receiver) && Object.hasOwn(LOG_METHODS, method)) {
        const args = this.argInfos(parts.args, at.fn);
        const msg = args[0];
        if (!msg || !hasLiteral(msg.template)) return;
        const t = applyAnchors(msg.template, args.slice(1));
        this.sites.push(makeSite(at, line, column, { errorType: 'log', template: t, severity: LOG_METHODS[method], args: [{ ...msg, template: t }] }));
        return;
      }
    }
    if (callee.kind() !== 'simple_identifier' && callee.kind() !== 'navigation_expression') return;
    if (!/^[A-Z]/.test(lastSegment(calleeText))) return;
    if (!thrown && !this.isErrorClass(calleeText)) return;
    const args = this.argInfos(parts.args, at.fn);
    const site = makeSite(at, line, column, { errorType: 'exception', errorClass: calleeText, template: messageOf(args), args });
    if (!thrown) site.constructedOnly = true;
    else this.heldBy(n, site, at.fn);
    const cause = args.length === 1 && at.caught.has(args[0].expr) ? causeText(n, args[0].expr, (t) => this.fullName(t)) : null;
    if (cause) site.template = cause;
    else if (site.template && site.args) {
      // (the class's constructor takes the argument's text: each argument's and the site's)
      const args2 = site.args.map((a) => (a.template ? { ...a, template: this.ownMessage(a.template, at) } : a));
      if (args2.some((a, i) => a !== site.args![i])) {
        site.args = args2;
        site.template = this.ownMessage(site.template, at);
      }
    }
    const wraps = wrapsOf(n, site.template, cause ? args[0].expr : null);
    if (wraps) site.wraps = wraps;
    this.sites.push(site);
  }

  /**
   * A function of an error class making a new error around its own text (`fun at(template: String, line:
   * Int) = TemplateException("$template:$line: $message", this)`, called as `catch (e: TemplateException) {
   * throw e.at(name, n) }`): `message` (`this.message`, `localizedMessage`) there is the message of an
   * error of that class, the inner message of a wrapper (Hole.inner, `caught` the class), so the raise it
   * wraps ranks below it, as a handler's of that class does (match/wrap.ts catchesInner).
   */
  private ownMessage(t: Template, at: At): Template {
    if (!t.some((x) => isHole(x) && (x.hole.expr === 'message' || x.hole.expr === 'this.message' || x.hole.expr === 'localizedMessage'))) return t;
    const cls = at.classes.at(-1);
    if (!cls || !at.fn.symbol || !this.isErrorClass(cls)) return t;
    const own = (e: string | undefined) => !!e && /^(?:this\.)?(?:message|localizedMessage)$/.test(e) && !at.fn.params.includes(e) && !at.fn.locals.has(e);
    if (!t.some((x) => isHole(x) && own(x.hole.expr))) return t;
    return t.map((x) => (isHole(x) && own(x.hole.expr) ? { hole: { ...x.hole, inner: true, caught: cls } } : x));
  }

  /**
   * A raise of a property of the value a `when` tested (`is Parsed.Failure -> throw
   * IllegalArgumentException(reason)`, or `r.reason` of `when (r)`), the value a class of the file whose
   * constructor takes it (`class Failure(val reason: String)`): the texts its constructions are given,
   * in any file (`Parsed.Failure("Duration '$text' has no unit")`), are the raise's (RawSite.heldBy).
   */
  private heldBy(n: SgNode, site: RawSite, fn: Fn | null): void {
    const t = site.template;
    const expr = t?.length === 1 && isHole(t[0]) ? t[0].hole.expr : undefined;
    const m = expr ? /^(?:(\w+)\.)?(\w+)$/.exec(expr) : null;
    if (!m || (!m[1] && (fn?.params.includes(m[2]) || fn?.locals.has(m[2])))) return;
    for (let p = n.parent(); p; p = p.parent()) {
      const k = p.kind() as string;
      if (FUNCTIONS.has(k) || TYPE_DECLS.has(k)) return;
      if (k !== 'when_entry') continue;
      const test = childOf(childOf(p, 'when_condition') ?? p, 'type_test');
      const type = test ? childOf(test, 'user_type') : undefined;
      if (!type) return;
      const cls = lastSegment(typeName(type));
      // (`r.reason`: the value is the `when`'s subject)
      const subject = p.parent()?.kind() === 'when_expression' ? childOf(p.parent()!, 'when_subject') : undefined;
      // (a bare name, `reason`, is the tested value's when that value is `this`)
      if (oneLine((subject ? named(subject)[0]?.text() : undefined) ?? '') !== (m[1] ?? 'this')) return;
      const params = this.ctorParams.get(cls);
      if (!params?.includes(m[2])) return;
      site.heldBy = { symbol: cls, params };
      if (m[1]) site.template = [hole(m[2])];
      return;
    }
  }

  private classInfo(n: SgNode, name: string): void {
    if (!this.errorClasses.has(name)) return;
    const base = this.baseCall(n);
    const bases = base ? [typeName(childOf(base, 'user_type') ?? base)] : [];
    // (`class ConfigException : RuntimeException { constructor(…) : super(…) }`: a base named without a call)
    if (!bases.length) {
      const named0 = n.children().find((d) => d.kind() === 'delegation_specifier');
      const type = named0 ? childOf(named0, 'user_type') : undefined;
      if (type) bases.push(typeName(type));
    }
    const info: ClassInfo = { name, bases, line: n.range().start.line + 1, template: null, params: [] };
    const ctor = childOf(n, 'primary_constructor');
    const params = ctor ? ctor.children().filter((c) => c.kind() === 'class_parameter').map((p) => childOf(p, 'simple_identifier')?.text() ?? '?') : [];
    // (a parameter's class, `code: QueryCode`: `code.render(*args)` passed to the base reads its enum's table)
    let types: Map<string, string> | null | undefined;
    const fn: Fn = { symbol: `${name}.<init>`, params, locals: new Map(), types: () => (types === undefined ? (types = this.paramTypes(ctor ?? n, 'class_parameter')) : types) };
    if (base) {
      const list = childOf(base, 'value_arguments');
      const args = this.argInfos(list ? list.children().filter((c) => c.kind() === 'value_argument').map((v) => named(v).at(-1)!).filter(Boolean) : [], fn);
      const t = messageOf(args);
      if (t) {
        const causes = /\.(?:message|localizedMessage)\b/.test(base.text()) ? this.causeParams(ctor) : null;
        info.template = causes ? causeMessages(t, causes) : t;
        info.params = params;
        info.templateFrom = 'super';
        info.superArgs = causes ? args.map((a) => ({ ...a, template: causeMessages(a.template, causes) })) : args;
        // (the text chosen by a `when` or `if`, or by a choice function's call, `"HTTP $code
        // ${Status.reason(code)}"`: each other text a message every raise may give, as a base of the
        // tree would make of it, facts/classes.ts)
        const alts = args.find((a) => a.template === t)?.alts?.filter((x) => hasLiteral(x));
        if (alts?.length) info.branches = alts.slice(0, MAX_CHOICES);
      }
    }
    // (secondary constructors, `constructor(key: String) : super("Missing configuration key '$key'")`: the
    // first giving text is the class's template, the others alternatives a raise picks by its arguments)
    if (!info.template) this.secondaryTexts(n, name, info);
    else if (info.templateFrom === 'super') this.delegatedTexts(n, name, params, info);
    // (`override val message get() = "Setting '$key' is set twice"`: the class's own text, over its base's)
    const own = this.messageOverride(n, fn);
    if (own) {
      info.template = own;
      info.params = params;
      info.templateFrom = 'str';
      delete info.superArgs;
    } else {
      // (`override fun formatMessage(l: Localization) = l.missingOption(name)` of a base whose message
      // calls it: the text this class's override writes, each other text it chooses a branch)
      const texts = this.messageFunctionTexts(n, fn);
      if (texts) {
        info.template = texts[0];
        info.params = params;
        info.templateFrom = 'str';
        delete info.superArgs;
        if (texts.length > 1) info.branches = texts.slice(1, MAX_CHOICES);
      }
    }
    if (info.templateFrom === 'super' && ctor && info.template) this.defaultTexts(ctor, fn, info);
    this.classes.push(info);
  }

  /**
   * The primary constructor's parameters declared an error class (`cause: Throwable`, `e: IOException?`),
   * when one is: their message in the text the class hands its base is a caught error's (causeMessages).
   */
  private causeParams(ctor: SgNode | undefined): Set<string> | null {
    if (!ctor) return null;
    let out: Set<string> | null = null;
    for (const p of ctor.children()) {
      if (p.kind() !== 'class_parameter') continue;
      const name = childOf(p, 'simple_identifier')?.text();
      const type = childOf(p, 'user_type') ?? childOf(childOf(p, 'nullable_type') ?? p, 'user_type');
      if (name && type && EXC_NAME.test(lastSegment(typeName(type)))) (out ??= new Set()).add(name);
    }
    return out;
  }

  /**
   * A primary constructor's parameter handed to the base whose default is text (`class QueueClosedException(
   * message: String = "Job queue is closed") : IllegalStateException(message)`): the class's text with the
   * default in its place is another message (ClassInfo.alts), the one a raise not passing that parameter
   * gets (facts/classes.ts chooses by the arguments a raise passes).
   */
  private defaultTexts(ctor: SgNode, fn: Fn, info: ClassInfo): void {
    if (!ctor.text().includes('=')) return;
    let t = info.template!;
    for (const p of ctor.children()) {
      if (p.kind() !== 'class_parameter') continue;
      const kids = p.children();
      const eq = kids.findIndex((k) => k.text() === '=');
      const pname = childOf(p, 'simple_identifier')?.text();
      const value = eq >= 0 ? kids[eq + 1] : undefined;
      if (!pname || !value || !t.some((x) => isHole(x) && x.hole.expr === pname)) continue;
      const d = this.template(value, fn);
      if (!d || !hasLiteral(d)) continue;
      t = concat(...t.map((x): Template => (isHole(x) && x.hole.expr === pname ? d : [x])));
    }
    if (t !== info.template) info.alts = [...(info.alts ?? []), t];
  }

  /**
   * The functions an error class's message calls (`override val message: String get() =
   * formatMessage(DefaultLocalization)`, a usage error's text written when it is read), by name: the
   * file's classes, read once.
   */
  private messageFunctionNames(): Set<string> {
    if (this.messageFns) return this.messageFns;
    const out = new Set<string>();
    if (/\boverride\s+val\s+(?:message|localizedMessage)\b/.test(this.source)) {
      for (const m of this.root.findAll({ rule: { kind: 'property_declaration', regex: '^\\s*(?:\\w+\\s+)*override\\s+val\\s+(?:message|localizedMessage)\\b' } })) {
        const members = m.parent()?.children() ?? [];
        const i = members.findIndex((x) => x.id() === m.id());
        const getter = members[i + 1]?.kind() === 'getter' ? childOf(members[i + 1], 'function_body') : undefined;
        let value = getter ? named(getter)[0] : named(m).at(-1);
        if (value?.kind() === 'statements') value = named(value).length === 1 ? named(value)[0] : undefined;
        const callee = value?.kind() === 'call_expression' ? named(value)[0] : undefined;
        if (callee?.kind() === 'simple_identifier') out.add(callee.text());
      }
    }
    this.messageFns = out;
    return out;
  }

  /**
   * The texts a class's override of a function its base's message calls gives (messageFunctionNames):
   * its value (`= …`, or one `return`) read with the class's properties and the function's parameters;
   * the texts of an `if` or a `when` each. Null when the class overrides none or gives no text.
   */
  private messageFunctionTexts(c: SgNode, classFn: Fn): Template[] | null {
    const body = childOf(c, 'class_body');
    if (!body || !/\boverride\s+fun\b/.test(body.text())) return null;
    const names = this.messageFunctionNames();
    if (!names.size) return null;
    for (const f of body.children()) {
      if (f.kind() !== 'function_declaration' || !/\boverride\b/.test(childOf(f, 'modifiers')?.text() ?? '')) continue;
      const name = childOf(f, 'simple_identifier')?.text();
      const fbody = childOf(f, 'function_body');
      if (!name || !names.has(name) || !fbody) continue;
      let value: SgNode | undefined = named(fbody)[0];
      if (value?.kind() === 'statements') {
        const st = named(value);
        value = st.length === 1 && st[0].kind() === 'jump_expression' && st[0].text().startsWith('return') ? named(st[0])[0] : undefined;
      }
      if (!value) return null;
      let types: Map<string, string> | null | undefined;
      const fnTypes = (): Map<string, string> | null => {
        if (types === undefined) {
          const own = this.paramTypes(f);
          const cls = classFn.types?.() ?? null;
          types = own || cls ? new Map([...(cls ?? []), ...(own ?? [])]) : null;
        }
        return types;
      };
      const fn: Fn = { symbol: classFn.symbol, params: [...classFn.params, ...this.params(f)], locals: new Map(), types: fnTypes };
      // (each branch, a call of another file's text function among them, `localization.noSuchOption(name)`,
      // which record/returns.ts binds: the first such is the class's text, a branch must hold text)
      const texts: Template[] = [];
      for (const t of this.variants(value, fn, 0) ?? [this.template(value, fn)]) {
        if (t && (t.some((x) => isLit(x)) || (!texts.length && t.some((x) => isHole(x) && !!x.hole.call)))) texts.push(t);
      }
      return texts.length ? texts : null;
    }
    return null;
  }

  /**
   * A class handing its base a parameter of its primary constructor (`class MissingFieldException(val
   * fields: List<String>, message: String?, cause: Throwable?) : DecodeException(message, cause)`) whose
   * secondary constructors make that text (`constructor(fields: List<String>, serialName: String) :
   * this(fields, if (fields.size == 1) "Field '${fields[0]}' is required …" else "Fields $fields are
   * required …", null)`): each text a secondary constructor gives there is a message every raise of the
   * class may give (ClassInfo.branches), its parameters put where the raise's arguments bind them.
   */
  private delegatedTexts(c: SgNode, name: string, primary: string[], info: ClassInfo): void {
    const t = info.template!;
    const at = t.length === 1 && isHole(t[0]) && t[0].hole.expr ? primary.indexOf(t[0].hole.expr) : -1;
    const body = at >= 0 ? childOf(c, 'class_body') : undefined;
    if (!body) return;
    const out: Template[] = [];
    for (const m of body.children()) {
      if (m.kind() !== 'secondary_constructor' || out.length >= MAX_CHOICES) continue;
      const call = childOf(m, 'constructor_delegation_call');
      if (!call || !call.text().startsWith('this')) continue;
      const list = childOf(call, 'value_arguments');
      const values = list ? list.children().filter((v) => v.kind() === 'value_argument') : [];
      // (by position: an argument given by name, `this(message = …)`, is not read)
      if (values.some((v) => childOf(v, 'simple_identifier') && named(v).length > 1)) continue;
      const arg = values[at] ? named(values[at]).at(-1) : undefined;
      if (!arg) continue;
      const params = this.params(m);
      // (with its parameters' types: `this(code.template.format(*args))` of `code: Problem` reads the enum's texts)
      let types: Map<string, string> | null | undefined;
      const fn: Fn = { symbol: `${name}.<init>`, params, locals: new Map(), types: () => (types === undefined ? (types = this.paramTypes(m)) : types) };
      // (a secondary constructor's parameter binds the raise's argument at its own position: the primary's name there)
      const rename = (x: Template): Template => x.map((seg) => {
        if (!isHole(seg) || !seg.hole.expr) return seg;
        // (an entry of an enum the parameter names, `code.template` of `code: Problem`: keyed by the raise's
        // argument there, `Problem.RANGE`, as a primary constructor's `problem.pattern` is)
        // (the entry's parameter named by the lookup, `code` of `code.template`, is the secondary constructor's)
        const entryOf = seg.hole.lookup && seg.hole.lookup.key === null ? seg.hole.lookup.param ?? /^(\w+)\./.exec(seg.hole.expr)?.[1] : undefined;
        const k = entryOf ? params.indexOf(entryOf) : -1;
        if (k >= 0 && k < primary.length) return { hole: { ...seg.hole, lookup: { ...seg.hole.lookup!, param: primary[k] } } };
        const j = params.indexOf(seg.hole.expr);
        if (j < 0 || primary[j] === seg.hole.expr) return seg;
        return j < primary.length ? { hole: { ...seg.hole, expr: primary[j] } } : hole(`${seg.hole.expr}?`);
      });
      for (const v of this.choices(arg, fn) ?? [this.template(arg, fn) ?? []]) {
        const r = rename(v);
        if ((hasLiteral(r) || hasParamLookup(r)) && out.length < MAX_CHOICES) out.push(r);
      }
    }
    if (out.length) info.branches = [...(info.branches ?? []), ...out];
  }

  /** The texts a class's secondary constructors hand `super(…)`, as a Java class's constructors (ClassInfo.alts). */
  private secondaryTexts(c: SgNode, name: string, info: ClassInfo): void {
    const body = childOf(c, 'class_body');
    const alts: Template[] = [];
    for (const m of body?.children() ?? []) {
      if (m.kind() !== 'secondary_constructor') continue;
      const call = childOf(m, 'constructor_delegation_call');
      if (!call || !call.text().startsWith('super')) continue;
      const params = this.params(m);
      const fn: Fn = { symbol: `${name}.<init>`, params, locals: new Map() };
      const list = childOf(call, 'value_arguments');
      const args = this.argInfos(list ? list.children().filter((v) => v.kind() === 'value_argument').map((v) => named(v).at(-1)!).filter(Boolean) : [], fn);
      const t = messageOf(args);
      if (!t) continue;
      const other = superText(info, t, params, args);
      if (other && hasLiteral(other) && alts.length < MAX_CHOICES) alts.push(other);
    }
    if (alts.length) info.alts = alts;
  }

  /**
   * The text an error class gives as its message by overriding it (`override val message: String
   * get() = …`, `override val message = …`, `override fun getLocalizedMessage() = …`): what every
   * raise of the class says, its holes the primary constructor's properties.
   */
  private messageOverride(c: SgNode, fn: Fn): Template | null {
    const body = childOf(c, 'class_body');
    if (!body) return null;
    const members = body.children();
    for (let i = 0; i < members.length; i++) {
      const m = members[i];
      if (m.kind() !== 'property_declaration' || !/\boverride\b/.test(childOf(m, 'modifiers')?.text() ?? '')) continue;
      const v = childOf(m, 'variable_declaration');
      if (!v || !/^(?:message|localizedMessage)$/.test(childOf(v, 'simple_identifier')?.text() ?? '')) continue;
      // (the getter follows the declaration as its sibling in this grammar)
      const getter = members[i + 1]?.kind() === 'getter' ? childOf(members[i + 1], 'function_body') : undefined;
      let value = getter ? named(getter)[0] : named(m).at(-1);
      if (value?.kind() === 'statements') {
        const st = named(value);
        value = st.length === 1 && st[0].kind() === 'jump_expression' && st[0].text().startsWith('return') ? named(st[0])[0] : undefined;
      }
      if (!value || value === v) return null;
      const t = this.template(value, fn);
      return hasLiteral(t) ? t : null;
    }
    return null;
  }

  /**
   * `buildString { append("a").append(x); append("b") }`: the text its appends put in, in order; any
   * other statement (a loop, a condition) is a hole where it stands.
   */
  private builtText(lambda: SgNode, fn: Fn | null, depth: number): Template | null {
    const statements = childOf(lambda, 'statements');
    if (!statements) return null;
    const parts: Template[] = [];
    for (const st of named(statements)) {
      const chain: Template[] = [];
      let cur: SgNode | undefined = st;
      for (let k = 0; cur && k < 50; k++) {
        const p: ReturnType<typeof this.callParts> = cur.kind() === 'call_expression' ? this.callParts(cur) : null;
        if (!p || p.args.length !== 1 || p.lambda) { cur = undefined; break; }
        const method = p.callee.kind() === 'simple_identifier' ? p.callee.text() : p.callee.kind() === 'navigation_expression' ? lastSegment(oneLine(p.callee.text())) : '';
        if (method !== 'append') { cur = undefined; break; }
        chain.unshift(this.template(p.args[0], fn, depth + 1) ?? [hole(oneLine(p.args[0].text()))]);
        if (p.callee.kind() === 'simple_identifier') break;
        cur = named(p.callee)[0];
        if (cur?.kind() === 'this_expression') break;
      }
      parts.push(...(cur ? chain : [[hole(oneLine(st.text()))]]));
    }
    const t = concat(...parts);
    return hasLiteral(t) ? t : null;
  }

  /**
   * `problem.pattern` of a parameter declared `problem: Problem` (any entry of the table
   * `Problem.pattern`), `Problem.MISSING.pattern` (that entry): a lookup, answered when an enum of
   * the tree has the table (enumTables).
   */
  private enumText(n: SgNode, prop: string, fn: Fn | null): Template | null {
    const receiver = named(n)[0];
    if (!receiver || !/^[a-z]\w*$/.test(prop)) return null;
    const expr = oneLine(n.text());
    if (receiver.kind() === 'simple_identifier') {
      const type = fn?.types?.()?.get(receiver.text());
      if (!type || this.isErrorClass(type) || fn!.locals.has(receiver.text())) return null;
      // (a parameter of the function, `code.template` of `code: Problem`: the entry a caller's argument names, bound
      // where the call is, `Problem.MISSING`, as `code.render(*args)` is)
      const param = fn!.params.includes(receiver.text()) ? { param: receiver.text() } : {};
      return [{ hole: { ...placeholder(expr), lookup: { table: `${type}.${prop}`, key: null, ...param } } }];
    }
    const m = /^(?:\w+\.)*([A-Z]\w*)\.([A-Z][A-Z0-9_]*)$/.exec(oneLine(receiver.text()));
    return m ? [{ hole: { ...placeholder(expr), lookup: { table: `${m[1]}.${prop}`, key: m[2] } } }] : null;
  }

  /**
   * A constant of no declaration here (`EMPTY_INPUT`): a top-level `const val` of another file of
   * the package, looked up in the package's table (record/tables.ts puts its text in).
   */
  private packageConstant(name: string): Template | null {
    if (!CONSTANT_NAME.test(name) || this.pkg === null) return null;
    return [{ hole: { name, expr: name, kind: 'any', lookup: { table: `package:${this.pkg}`, key: name } } }];
  }

  /** The text an expression gives, as a template; null for an expression of no known text. */
  template(n: SgNode, fn: Fn | null, depth = 0): Template | null {
    if (depth > 60) return null;
    switch (n.kind()) {
      case 'string_literal':
      case 'line_string_literal':
      case 'multi_line_string_literal':
        return this.stringTemplate(n, fn);
      case 'parenthesized_expression': {
        const inner = named(n)[0];
        return inner ? this.template(inner, fn, depth + 1) : null;
      }
      case 'additive_expression': {
        const [l, r] = named(n);
        if (!l || !r || !n.children().some((c) => c.text() === '+' && !c.isNamed())) return null;
        const lt = this.template(l, fn, depth + 1);
        const rt = this.template(r, fn, depth + 1);
        // (`LoaderTexts.NOT_FOUND + name`: a side that is another file's constant is text by its table)
        if (!hasLiteral(lt) && !hasLiteral(rt) && !isLookup(lt) && !isLookup(rt)) return null;
        return concat(lt ?? [hole(oneLine(l.text()))], rt ?? [hole(oneLine(r.text()))]);
      }
      case 'simple_identifier': {
        const name = n.text();
        const local = fn?.locals.get(name);
        if (local) return local;
        if (fn?.params.includes(name)) return [hole(name)];
        return this.constants.get(name) ?? this.packageConstant(name);
      }
      case 'navigation_expression': {
        const last = lastSegment(oneLine(n.text()));
        if (/^[A-Z][A-Z0-9_]*$/.test(last)) {
          const own = this.constants.get(last);
          if (own) return own;
          // (`Texts.NOT_A_NUMBER`: the constant of an object or class of another file, its table)
          const receiver = named(n)[0];
          return receiver?.kind() === 'simple_identifier' && /^[A-Z]/.test(receiver.text()) ? [{ hole: { ...placeholder(oneLine(n.text())), lookup: { table: receiver.text(), key: last } } }] : null;
        }
        return this.enumText(n, last, fn);
      }
      case 'indexing_expression': {
        const [receiver, suffix] = named(n);
        const keys = suffix ? named(suffix) : [];
        return receiver && keys.length === 1 ? this.mapLookup(receiver, keys[0], oneLine(n.text()), fn) : null;
      }
      case 'call_expression': {
        // `"…%s…".format(args)`, `String.format("…", args)`, `MessageFormat.format("…{0}…", args)`
        const parts = this.callParts(n);
        if (!parts) return null;
        const calleeText = oneLine(parts.callee.text());
        const method = lastSegment(calleeText);
        // (`problems.joinToString("; ", prefix = "Invalid job: ")`: the items joined between the texts given by name)
        if (method === 'joinToString' && parts.callee.kind() === 'navigation_expression') {
          const joined = this.joinedText(n, named(parts.callee)[0], fn, depth);
          if (joined) return joined;
        }
        // (`Problem.RANGE.format(key, 1, 9)`: a function of an enum giving its entry's text, enumTables)
        const entry = /^(?:\w+\.)*([A-Z]\w*)\.([A-Z][A-Z0-9_]*)\.([a-z]\w*)$/.exec(calleeText);
        if (entry && !parts.lambda) return [{ hole: { ...placeholder(oneLine(n.text())), lookup: { table: `${entry[1]}.${entry[3]}()`, key: entry[2] } } }];
        // (`code.render(*args)` of a parameter `code: QueryCode`: any entry of that function's table, the
        // one a caller's `QueryCode.DUPLICATE` names once bound: facts/classes.ts, record/tables.ts)
        const own = parts.callee.kind() === 'navigation_expression' && !parts.lambda ? named(parts.callee)[0] : undefined;
        const ownType = own?.kind() === 'simple_identifier' && !fn?.locals.has(own.text()) ? fn?.types?.()?.get(own.text()) : undefined;
        if (own && ownType && !this.isErrorClass(ownType) && !KOTLIN_BUILTIN.test(ownType) && /^[a-z]\w*$/.test(method)) {
          // (of an interface or a class, `localization.missingOption(name)` of `localization: Localization`:
          // the text the function returns, record/returns.ts, when it is one of the tree's text functions)
          const chosen = this.calledChoices(n, fn, depth);
          if (chosen) return chosen[0];
          const args = parts.args.map((a) => ({ name: null, expr: oneLine(a.text()), template: this.template(a, fn, depth + 1) ?? [hole(oneLine(a.text()))] }));
          const call = FUNCTION_NAME.test(method) ? { call: { callee: returnName(method, args.length), args } } : {};
          return [{ hole: { ...placeholder(oneLine(n.text())), lookup: { table: `${ownType}.${method}()`, key: null, param: own.text() }, ...call } }];
        }
        // (`message()` or `message.invoke()` of a parameter of a function type: the text each caller's lambda gives)
        const invoked = parts.callee.kind() === 'simple_identifier' ? calleeText : /^(\w+)\.invoke$/.exec(calleeText)?.[1];
        if (invoked && !parts.args.length && !parts.lambda && fn?.params.includes(invoked) && !fn.locals.has(invoked)) return [hole(invoked)];
        if (parts.callee.kind() === 'simple_identifier' || method !== 'format') return this.callText(n, parts, method, fn, depth);
        const fieldArgs = (nodes: SgNode[]): FieldArg[] => nodes.map((a) => ({ template: this.template(a, fn, depth + 1), expr: oneLine(a.text()) }));
        // (a format the function is given, `fun fail(format: String, vararg args: Any) = … format.format(*args)`:
        // each caller's text is opened as a format string once bound, facts/callers.ts)
        const given = (t: Template | null): boolean => {
          const h = t?.length === 1 && isHole(t[0]) ? t[0].hole.expr : undefined;
          return h !== undefined && !!fn?.params.includes(h) && !fn.locals.has(h);
        };
        if ((calleeText === 'String.format' || /^(?:java\.text\.)?MessageFormat\.format$/.test(calleeText)) && parts.args.length) {
          // (`String.format(Locale.ROOT, "…", …)`: the locale first)
          const args = calleeText === 'String.format' && /^(?:java\.util\.)?Locale\.\w+$/.test(oneLine(parts.args[0].text())) ? parts.args.slice(1) : parts.args;
          if (!args.length) return null;
          const fmt = this.template(args[0], fn, depth + 1);
          const style = calleeText === 'String.format' ? 'percent' : 'brace';
          // (`MessageFormat.format(bundle.getString("k"), x)`: the entry's fields are opened once it is put in)
          if (fmt?.length === 1 && isHole(fmt[0]) && (fmt[0].hole.lookup || given(fmt))) return [{ hole: { ...fmt[0].hole, fmt: style } }];
          if (!hasLiteral(fmt)) return null;
          return style === 'percent' ? applyPercent(fmt, fieldArgs(args.slice(1))) : applyBraces(fmt, fieldArgs(args.slice(1)));
        }
        const target = named(parts.callee)[0];
        const fmt = target ? this.template(target, fn, depth + 1) : null;
        // (`problem.pattern.format(*args)`: an entry's fields are opened once it is put in)
        if (fmt?.length === 1 && isHole(fmt[0]) && (fmt[0].hole.lookup || given(fmt))) return [{ hole: { ...fmt[0].hole, fmt: 'percent' } }];
        return hasLiteral(fmt) ? applyPercent(fmt, fieldArgs(parts.args)) : null;
      }
    }
    return null;
  }

  /**
   * A call's text that is not a format: `bundle.getString("k")` (a lookup into a resource bundle,
   * bundleTable), and a function's returned text (`Texts.outOfRange(field, sum, ceiling)`, an object's
   * or the file's function, or `badKey(k)` of the package): a hole whose `call` record/returns.ts
   * binds, by the function's name and arity (messageReturns), in this file or another.
   */
  private callText(n: SgNode, parts: { callee: SgNode; args: SgNode[]; lambda: SgNode | null }, method: string, fn: Fn | null, depth: number): Template | null {
    const expr = oneLine(n.text());
    const callee = parts.callee;
    const receiver = callee.kind() === 'navigation_expression' ? named(callee)[0] : null;
    if (receiver && BUNDLE_LOOKUP.has(method) && parts.args.length === 1 && parts.args[0].kind() === 'string_literal' && !parts.args[0].children().some((x) => (x.kind() as string).startsWith('interpolat'))) {
      const key = unescape(parts.args[0].text().slice(1, -1));
      return [{ hole: { name: key, expr, kind: 'any', lookup: { table: '', key } } }];
    }
    // (`fun msg(key: String) = bundle.getString(key)`: each caller's key picks the entry; a raise's
    // own lookup of a key it is given would be every entry of the tree's bundles)
    const keyParam = parts.args[0]?.text();
    if (receiver && fn?.returning && BUNDLE_LOOKUP.has(method) && parts.args.length === 1 && parts.args[0].kind() === 'simple_identifier' && fn.params.includes(keyParam!)) {
      return [{ hole: { name: keyParam!, expr, kind: 'any', lookup: { table: '', key: null, param: keyParam } } }];
    }
    if (receiver && MAP_GETS.has(method)) {
      const t = this.mapLookup(receiver, parts.args[0], expr, fn);
      if (t) return t;
    }
    if (method === 'buildString' && parts.lambda && !receiver && !parts.args.length) return this.builtText(parts.lambda, fn, depth);
    if (parts.lambda || !FUNCTION_NAME.test(method)) return null;
    // (a call on a value, `name.trim()`, is not a message function's; an object's or a class's is)
    if (receiver && !(receiver.kind() === 'simple_identifier' && /^[A-Z]/.test(receiver.text()))) return null;
    const args = parts.args.map((a) => ({ name: null, expr: oneLine(a.text()), template: this.template(a, fn, depth + 1) ?? [hole(oneLine(a.text()))] }));
    // (`Texts.get(key, n)` names its object: bound to that object's function (messageReturns), not to another
    // object's of the same name and arity)
    const name = receiver ? `${receiver.text()}.${method}` : method;
    return [{ hole: { ...placeholder(expr), call: { callee: returnName(name, args.length), args } } }];
  }

  private stringTemplate(n: SgNode, fn: Fn | null): Template {
    const raw = n.text().startsWith('"""');
    const out: Template = [];
    for (const c of n.children()) {
      const k = c.kind();
      if (k === 'string_content') out.push(lit(raw ? c.text() : unescape(c.text())));
      else if (k === 'escape_sequence' || k === 'character_escape_seq') out.push(lit(unescape(c.text())));
      else if (k === 'interpolated_identifier') {
        const local = fn?.locals.get(c.text());
        out.push(...(local ?? this.constants.get(c.text()) ?? this.packageConstant(c.text()) ?? [hole(c.text())]));
      } else if (k === 'interpolated_expression') {
        const inner = named(c)[0];
        const t = inner ? this.template(inner, fn) : null;
        out.push(...(t ?? [hole(oneLine(inner ? inner.text() : c.text().replace(/^\$\{|\}$/g, '')))]));
      }
    }
    return concat(out);
  }
}

/**
 * A function named like a text's maker, not an `override` (a `toString()` describes an object, not
 * an error), whose body is one value (`= …`, or a block of one `return …`): its name and that value.
 */
function valueFunction(f: SgNode): { name: string; value: SgNode | undefined } | null {
  // (the children read once: each read makes a wrapper of every child)
  const kids = f.children();
  const body = kids.at(-1);
  if (body?.kind() !== 'function_body') return null;
  const name = kids.find((c) => c.kind() === 'simple_identifier')?.text();
  const modifiers = kids[0].kind() === 'modifiers' ? kids[0].text() : '';
  if (!name || !FUNCTION_NAME.test(name) || /\boverride\b/.test(modifiers)) return null;
  let value: SgNode | undefined = named(body)[0];
  if (value?.kind() === 'statements') {
    const st = named(value);
    value = st.length === 1 && st[0].kind() === 'jump_expression' && st[0].text().startsWith('return') ? named(st[0])[0] : undefined;
  }
  return { name, value };
}
