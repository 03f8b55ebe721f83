// The Java frontend: one walk over the tree.
//
// Sites:
// - `throw new X(args)`: the class as written, the message from the first text argument (or the
//   first argument, a hole); no argument leaves the message to the class (assemble).
// - `new X(…)` of an error class anywhere else (`return new X(…)` in a static factory, `X e =
//   new X(…); … throw e;`, an argument): constructedOnly. The JVM fills in the stack where the
//   object is constructed, so a trace's innermost frame names this line.
// - `Objects.requireNonNull(x, msg)` (NullPointerException), Guava `Preconditions.checkArgument /
//   checkState / checkNotNull(cond, "…%s…", args)`.
// - Loggers at error and warning level (`log.error("… {}", x)`, `logger.severe(…)`,
//   `logger.log(Level.SEVERE, "… {0}", x)`): errorType log.
// Messages: literals and text blocks, `+`, String.format / formatted / MessageFormat.format,
// StringBuilder append chains, `static final` constants and locals assigned text.
// Classes: `class X extends Base` with constructors calling `super(…)` / `this(…)`.

import type { SgNode } from '@ast-grep/napi';
import type { ArgInfo, CallInfo, ClassInfo, FileAnalysis, Guard, MessageTable, RawSite } from '../../core/site.js';
import { concat, hole, isHole, isLit, lastSegment, lit, placeholderName, type Hole, type Template } from '../../template/ir.js';
import { callsUnder } from './calls-made.js';
import { parseJvm } from './grammar.js';
import { javaString } from './strings.js';
import { openPlaceholders, tableStyle } from '../../template/placeholders.js';
import { applyAnchors, applyBraces, applyPercent, bundleEntry, joinedChoices, MAX_CHOICES, type FieldArg } from './template.js';
import {
  BUNDLE_LOOKUP, causeMessages, conditionText, EXC_NAME, GUAVA_CHECKS, hasLiteral, isLogger, LOG_LEVELS, LOCALE_SUFFIX, LOG_METHODS, makeSite, MAX_BUNDLE_ENTRIES, messageOf, oneLine, superText, type At, type Fn,
} from './sites.js';

const TYPE_DECLS = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration', 'annotation_type_declaration']);
const FUNCTIONS = new Set(['method_declaration', 'constructor_declaration', 'compact_constructor_declaration']);

/** The declared types of a local whose assignments are read as texts it may hold. */
const TEXT_TYPE = /^(?:(?:java\.lang\.)?(?:String|CharSequence|Object)|var)$/;
/** Assignments of locals read in one function, at most (a generated method of thousands). */
const MAX_ASSIGNMENTS = 400;
/** A local's declaration with text (localsBefore). */
interface LocalText {
  at: number;
  name: string;
  /** Null for a local declared without a value (`String message;`). */
  value: SgNode | null;
  /** Declared with a text type (`String`, `var`): its assignments are read (localsBefore). */
  text: boolean;
}

interface Assignment {
  at: number;
  name: string;
  value: SgNode;
  node: SgNode;
  /** `=` or `+=`. */
  op: string;
}

interface FnEntry {
  fn: Fn;
  decls: LocalText[] | null;
  /** Assignments to a plain name in the function (`message = "…"`), in order. */
  assigns?: Assignment[];
  node: SgNode;
}

export function analyzeJava(source: string): FileAnalysis {
  const root = parseJvm('java', source).root();
  return new JavaFile(root, source).run();
}

/** A read of a caught error's message itself (its class's name not before it). */
const MESSAGE_READ = /^([A-Za-z_$][\w$]*)\.get(?:Localized)?Message\(\)$/;

/** The `catch` clause around `n` that binds `name`. */
function catchOf(n: SgNode, name: string): SgNode | null {
  let c: SgNode | null = n.parent();
  while (c && !(c.kind() === 'catch_clause' && c.children().find((k) => k.kind() === 'catch_formal_parameter')?.field('name')?.text() === name)) c = c.parent();
  return c;
}

/** A hole for an expression, named as any hole of it is (an enum text lookup no table answers renders as before). */
const placeholder = (expr: string): Hole => ({ name: placeholderName(expr), expr, kind: 'any' });

/** The type's name as a class is named: generics and annotations dropped (`a.b.E<T>` → `a.b.E`). */
function typeName(n: SgNode): string {
  return oneLine(n.text()).replace(/<.*$/, '').replace(/@\w+\s*/g, '').trim();
}

/** Method names of the calls that raise or log (the rest are not looked at). */
const CALLS = '^(?:requireNonNull|checkArgument|checkState|checkNotNull|verify|verifyNotNull|error|fatal|severe|warn|warning|wtf|e|w|log)$';

/**
 * The line a JVM frame names for a construction: javac starts a new line-number entry at each
 * method call (and `new`), so when an argument on a later line calls something, the constructor
 * runs, and the stack is taken, on the line of the last such call
 * (`throw new BadLocationException("Invalid remove",\n getLength() + 1)` is reported on the second
 * line). A conditional (`?:`) starts an entry at each branch, so the one after the last branch in
 * the code, its alternative, covers the constructor's call (`new NullPointerException((target == null
 * ? "target" :\n "methodName") + " should not be null")` is reported on the second line, whichever
 * branch ran). A string concatenation starts none. Otherwise the line of the `new`.
 */
function frameLine(n: SgNode, args: SgNode | null): number {
  let line = n.range().start.line + 1;
  if (!args || args.range().end.line + 1 === line) return line;
  for (const c of args.findAll({ rule: { any: [{ kind: 'method_invocation' }, { kind: 'object_creation_expression' }, { kind: 'ternary_expression' }] } })) {
    // (a conditional marks the line of each branch: the constructor runs after the last one in the code, the alternative)
    const at = (c.kind() === 'ternary_expression' ? c.field('alternative') ?? c : c.field('name') ?? c).range().start.line + 1;
    if (at > line) line = at;
  }
  return line;
}

/** Catch types that stand for many classes: the one printed is the thrown subclass. */
const BROAD_CAUGHT = new Set(['Exception', 'Throwable', 'RuntimeException', 'Error', 'ReflectiveOperationException', 'IOException', 'GeneralSecurityException']);
/** java.lang's exceptions, named without an import. */
const JAVA_LANG_EXCEPTIONS = new Set([
  'IllegalArgumentException', 'IllegalStateException', 'NumberFormatException', 'ClassNotFoundException', 'CloneNotSupportedException',
  'InterruptedException', 'NullPointerException', 'IndexOutOfBoundsException', 'ArrayIndexOutOfBoundsException', 'StringIndexOutOfBoundsException',
  'UnsupportedOperationException', 'ArithmeticException', 'ClassCastException', 'SecurityException', 'NoSuchMethodException', 'NoSuchFieldException',
  'InstantiationException', 'IllegalAccessException', 'NoClassDefFoundError', 'LinkageError', 'ExceptionInInitializerError', 'AssertionError',
  'IllegalMonitorStateException', 'NegativeArraySizeException', 'ArrayStoreException', 'TypeNotPresentException', 'EnumConstantNotPresentException',
]);
/** A resource bundle's key as keys are written: dotted names (`strip-native-debug-symbols.iae`, `conn.closed`), no spaces. */
const BUNDLE_KEY = /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/;
/** A helper giving a message by its key (`getMessage`, `getString`, `localize`, `msg`, `text`). */
const MESSAGE_HELPER = /^(?:get|format|localize|localized)?(?:Message|String|Text|Msg|localize|localized|message|msg|text|string)?$/;
/** The end of a key whose start is known only at run time: `.invalidtag`, `.usage.title`. */
const KEY_END = /^\.[A-Za-z][\w-]*(?:\.[\w-]+)*$/;
const isLookup = (s: Template[number]): s is Extract<Template[number], { hole: unknown }> => 'hole' in s && !!s.hole.lookup;
/** Literal text, or a lookup whose entry will be text. */
const hasText = (t: Template | null): t is Template => !!t && t.some((s) => isLit(s) || isLookup(s));

/** Constants of one enum read as a message table, at most. */
const MAX_ENUM_ENTRIES = 500;
/** A constant's name (`OPTION_MAX_SIZE`). */
const CONSTANT = /^[A-Z][A-Z0-9_]*$/;
/** Constants of text a call's arguments are looked for, at most. */
const MAX_CONSTANT_NAMES = 200;
/** Calls passing text read per file at most (a generated file of thousands). */
const MAX_CALLS = 2000;

class JavaFile {
  private readonly sites: RawSite[] = [];
  private readonly classes: ClassInfo[] = [];
  /** `static final String NAME = "…"` (and any field given text) by name, across the file. */
  private readonly constants = new Map<string, Template>();
  /** Classes the file defines whose base (as written) is an error class, or that are named as one. */
  private readonly errorClasses = new Set<string>();
  private syntaxErrorLine: number | null = null;
  /** The constants of each class, for other files' `Class.NAME` (the table is named by the class). */
  private readonly tables = new Map<string, MessageTable>();
  /** Per function node (by id): its symbol, parameters and the local declarations of text in it. */
  private readonly fns = new Map<number, FnEntry>();

  /** The file's methods returning a `String`, by name (messageMethods); built on the first call looked up. */
  private stringMethods: Map<string, { node: SgNode; params: string[] }[]> | null = null;
  /** Methods being opened (messageMethod): a method whose return calls itself is not opened again. */
  private readonly opening = new Set<number>();

  /** Names the text declares as `String name(` (messageMethod), read on the first call looked up. */
  private declaresString: Set<string> | null = null;

  constructor(private readonly root: SgNode, private readonly source: string) {}

  // Two queries run in the grammar's own code (no JavaScript walk over every node, whose wrappers
  // would cost more than the parse): the declarations, then the sites, each climbing to its context.
  run(): FileAnalysis {
    const decls = this.root.findAll({ rule: { any: [{ kind: 'class_declaration' }, { kind: 'field_declaration' }, { kind: 'constant_declaration' }, { kind: 'ERROR' }] } });
    const classDecls: SgNode[] = [];
    for (const n of decls) {
      const kind = n.kind() as string;
      if (kind === 'ERROR') this.syntaxErrorLine ??= n.range().start.line + 1;
      else if (kind === 'class_declaration') classDecls.push(n);
      else this.fieldConstants(n);
    }
    // (twice: a class may extend one declared below it)
    for (let pass = 0; pass < 2; pass++) for (const c of classDecls) this.markErrorClass(c);
    for (const c of classDecls) this.classInfo(c, c.field('name')?.text() ?? '?');
    const names = [...this.errorClasses].map((n) => n.replace(/[$]/g, '\\$')).join('|');
    const types = `(?:Exception|Error|Throwable|Failure|Fault${names ? `|\\b(?:${names})` : ''})(?:<.*>)?$`;
    const found = this.root.findAll({
      rule: { any: [{ kind: 'object_creation_expression', has: { field: 'type', regex: types } }, { kind: 'method_invocation', has: { field: 'name', regex: CALLS } }] },
    });
    for (const n of found) {
      const at = this.contextAt(n);
      if (n.kind() === 'object_creation_expression') this.construction(n, at, n.parent()?.kind() !== 'throw_statement');
      else this.invocation(n, at);
    }
    // Calls passing text: the messages of helpers that build an error from what they are given (facts/callers.ts).
    const calls: CallInfo[] = [];
    // (a literal anywhere in an argument: `newIAE("illegal method \"" + m.replace(…) + "\"")` passes a concatenation;
    // or a constant of text: `validateOption(ops, OPTION_MAX_SIZE, MBeanUtils::size)`, `Keys.NAME`)
    // (only the file's own constants of text: a query for every constant-like argument read ~15 % more of java.desktop)
    const constantNames = [...this.constants.keys()].filter((k) => CONSTANT.test(k)).slice(0, MAX_CONSTANT_NAMES);
    const named = constantNames.length ? `^(?:${constantNames.join('|')})$` : null;
    const passesText = [
      { has: { kind: 'string_literal', stopBy: 'end' as const } },
      ...(named ? [{ has: { kind: 'identifier', regex: named } }, { has: { kind: 'field_access', has: { field: 'field', regex: named } } }] : []),
    ];
    for (const n of this.root.findAll({ rule: { kind: 'method_invocation', has: { field: 'arguments', any: passesText } } })) {
      const callee = n.field('name')?.text();
      if (!callee || calls.length >= MAX_CALLS) continue;
      const at = this.contextAt(n);
      const args = this.args(n.field('arguments'), at.fn);
      this.passedErrors(n.field('arguments'), args, at.fn);
      if (!args.some((a) => hasLiteral(a.template))) continue;
      calls.push({ callee, args, line: n.range().start.line + 1, symbol: at.fn.symbol, ...(at.fn.params.length ? { params: at.fn.params } : {}) });
    }
    const bundle = this.bundleTable(classDecls);
    const tables = [...this.tables.values(), ...(bundle ? [bundle] : []), ...this.enumTables()];
    const out: FileAnalysis = { sites: this.sites, classes: this.classes, ...(calls.length ? { calls } : {}), ...(tables.length ? { tables } : {}) };
    if (this.syntaxErrorLine !== null) out.syntaxErrorLine = this.syntaxErrorLine;
    return out;
  }

  /**
   * A resource bundle's messages (`class Resources extends ListResourceBundle` with its `Object[][]`
   * contents: `{ "provider.name.not.found", "Provider named \"%s\" not found" }`): a table looked up
   * by key (`rb.getString("provider.name.not.found")`, record/tables.ts), as a locale file's, under
   * no name (the lookup names the bundle by a string at run time). A translation (`Resources_de`)
   * is not read: its text is not the message of the bundle's own language.
   */
  private bundleTable(classDecls: SgNode[]): MessageTable | null {
    const bundles = classDecls.filter((c) => /\bListResourceBundle\b/.test(c.field('superclass')?.text() ?? '') && !LOCALE_SUFFIX.test(c.field('name')?.text() ?? ''));
    const found: { key: string; template: Template; line: number }[] = [];
    for (const c of bundles) {
      for (const pair of c.findAll({ rule: { kind: 'array_initializer', has: { kind: 'string_literal', nthChild: 1 } } })) {
        if (found.length >= MAX_BUNDLE_ENTRIES) break;
        const kids = pair.children().filter((k) => k.isNamed() && k.kind() !== 'line_comment' && k.kind() !== 'block_comment');
        if (kids.length !== 2 || kids[0].kind() !== 'string_literal') continue;
        const t = this.template(kids[1], null);
        if (!hasLiteral(t)) continue;
        found.push({ key: javaString(kids[0].text()), template: t, line: pair.range().start.line + 1 });
      }
    }
    if (!found.length) return null;
    const style = tableStyle(found.map((f) => f.template));
    return { name: '', entries: found.map((f) => ({ ...f, template: bundleEntry(f.template, style) })) };
  }

  private fieldConstants(n: SgNode): void {
    for (const d of n.children()) {
      if (d.kind() !== 'variable_declarator') continue;
      const name = d.field('name')?.text();
      const value = d.field('value');
      if (!name || !value) continue;
      const t = this.template(value, null);
      if (!hasLiteral(t) || this.constants.has(name)) continue;
      this.constants.set(name, t);
      // (a constant of a class is read by other files as `Class.NAME`: the class's table)
      const owner = n.parent()?.parent();
      const cls = owner && TYPE_DECLS.has(owner.kind() as string) ? owner.field('name')?.text() : null;
      if (cls && /^[A-Z][A-Z0-9_]*$/.test(name)) {
        let table = this.tables.get(cls);
        if (!table) this.tables.set(cls, (table = { name: cls, entries: [] }));
        table.entries.push({ key: name, template: t, line: d.range().start.line + 1 });
      }
    }
  }

  private markErrorClass(n: SgNode): void {
    const name = n.field('name')?.text();
    const base = n.field('superclass');
    const baseName = base ? typeName(base).replace(/^extends\s+/, '') : null;
    if (name && (EXC_NAME.test(name) || (baseName && (EXC_NAME.test(baseName) || this.errorClasses.has(lastSegment(baseName)))))) this.errorClasses.add(name);
  }

  private isErrorClass(name: string): boolean {
    const last = lastSegment(name);
    return EXC_NAME.test(last) || this.errorClasses.has(last);
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
      if (TYPE_DECLS.has(kind) || (kind === 'object_creation_expression' && child.kind() === 'class_body')) {
        classes.unshift(kind === 'object_creation_expression' ? '' : n.field('name')?.text() ?? '?');
        continue;
      }
      if (fnNode) continue;
      if (FUNCTIONS.has(kind) || kind === 'static_initializer') {
        fnNode = n;
        fnName = kind === 'method_declaration' ? n.field('name')?.text() ?? '?' : kind === 'static_initializer' ? '<clinit>' : '<init>';
        continue;
      }
      const line = n.range().start.line + 1;
      if (kind === 'if_statement') {
        const cond = n.field('condition');
        const text = cond ? conditionText(cond.text()) : '';
        if (n.field('consequence')?.id() === child.id()) guards.unshift({ kind: 'if', text, line });
        else if (n.field('alternative')?.id() === child.id()) guards.unshift({ kind: 'else', text: `!(${text})`, line });
      } else if (kind === 'catch_clause') {
        const param = n.children().find((c) => c.kind() === 'catch_formal_parameter');
        const name = param?.field('name')?.text();
        if (name) caught.add(name);
        guards.unshift({ kind: 'catch', text: oneLine(param?.children().find((c) => c.kind() === 'catch_type')?.text() ?? 'Throwable'), line });
      }
    }
    const cls = classes.filter(Boolean).join('.');
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
    entry.decls ??= entry.node.findAll({ rule: { kind: 'variable_declarator', inside: { kind: 'local_variable_declaration' } } }).flatMap((d) => {
      const name = d.field('name')?.text();
      const value = d.field('value') ?? null;
      const type = d.parent()?.field('type')?.text() ?? '';
      return name && (value || TEXT_TYPE.test(type)) ? [{ at: d.range().start.index, name, value, text: TEXT_TYPE.test(type) }] : [];
    });
    if (entry.decls.length === 0) return entry.fn;
    const locals = new Map<string, Template>();
    const fn: Fn = { ...entry.fn, locals };
    // (locals of a text type: where declared, and the text they were declared with, null for none or `null`)
    const declared = new Map<string, { at: number; t: Template | null }>();
    for (const d of entry.decls) {
      if (d.at >= offset) break;
      const t = d.value ? this.template(d.value, fn) : null;
      if (d.text) declared.set(d.name, { at: d.at, t: !d.value || d.value.kind() === 'null_literal' ? null : hasLiteral(t) ? t : this.valueHole(d.value) });
      else declared.delete(d.name);
      if (hasLiteral(t)) locals.set(d.name, t);
      else locals.delete(d.name);
    }
    // (`String message = null; if (…) { message = "Missing closing brackets"; } else { message = "Missing
    // opening bracket"; } throw new EOFError(-1, -1, message, …)`: an assignment in a block holding the use
    // is what the local holds from there on; one in a branch beside it is one text it may hold, as is the
    // declaration's)
    if (declared.size && (entry.assigns ??= this.assignments(entry.node)).length) {
      const texts = new Map<string, Template[]>();
      const built = new Set<string>();
      for (const a of entry.assigns) {
        if (a.at >= offset) break;
        const dcl = declared.get(a.name);
        if (!dcl || a.at < dcl.at || built.has(a.name)) continue;
        // (`s = s + " Red"`, `msg += …`: a text built up by parts, its start and then what run time adds)
        if (a.op !== '=' || new RegExp(`(?<![\\w$.])${a.name.replace(/\$/g, '\\$')}(?![\\w$])`).test(a.value.text())) {
          built.add(a.name);
          texts.delete(a.name);
          continue;
        }
        const t = this.template(a.value, fn);
        let block: SgNode | null = a.node.parent();
        while (block && block.kind() !== 'block' && block.kind() !== 'switch_block_statement_group' && block.kind() !== 'switch_rule') block = block.parent();
        const holdsUse = !!block && block.range().start.index <= offset && offset < block.range().end.index;
        const list = holdsUse ? [] : (texts.get(a.name) ?? (dcl.t ? [dcl.t] : []));
        list.push(hasLiteral(t) ? t! : this.valueHole(a.value));
        texts.set(a.name, list);
      }
      for (const name of built) locals.set(name, concat(locals.get(name) ?? [], [hole(name)]));
      for (const [name, list] of texts) {
        if (!list.some((t) => hasLiteral(t))) {
          locals.delete(name);
          continue;
        }
        // (several: an argument that is the local gives each, ArgInfo.alts; in a longer text it is a hole)
        locals.set(name, list.length > 1 ? [hole(name)] : list[0]);
        if (list.length > 1) (fn.branchTexts ??= new Map()).set(name, list.slice(0, MAX_CHOICES));
      }
    }
    return fn;
  }

  /** Assignments of a plain name (`message = …`) in a function, in order (at most MAX_ASSIGNMENTS). */
  private assignments(fnNode: SgNode): Assignment[] {
    const out: Assignment[] = [];
    for (const a of fnNode.findAll({ rule: { kind: 'assignment_expression' } })) {
      if (out.length >= MAX_ASSIGNMENTS) break;
      const left = a.field('left');
      const value = a.field('right');
      const op = a.field('operator')?.text() ?? '';
      if (left?.kind() !== 'identifier' || !value || (op !== '=' && op !== '+=')) continue;
      out.push({ at: a.range().start.index, name: left.text(), value, node: a, op });
    }
    return out;
  }

  /** Parameters declared with a class's type (`Problem problem`), by name; null when none is. */
  private paramTypes(fn: SgNode): Map<string, string> | null {
    let out: Map<string, string> | null = null;
    for (const p of fn.field('parameters')?.children() ?? []) {
      if (p.kind() !== 'formal_parameter') continue;
      const name = p.field('name')?.text();
      const type = p.field('type');
      const t = type ? lastSegment(typeName(type)) : '';
      if (name && /^[A-Z]\w*$/.test(t)) (out ??= new Map()).set(name, t);
    }
    return out;
  }

  /**
   * An enum whose constants carry text (`MISSING("Field '%s' is required")` with a constructor
   * `Problem(String pattern) { this.pattern = pattern; }`): a message table per String field the
   * constructor sets from a parameter (`Problem.pattern`), keyed by constant, its placeholders
   * opened as a table's; read by `problem.pattern`, `problem.getPattern()`, `problem.pattern()` of
   * a parameter of that type (any constant) or `Problem.MISSING.pattern` (that one), in any file.
   */
  private enumTables(): MessageTable[] {
    if (!/\benum\s/.test(this.source)) return [];
    const out: MessageTable[] = [];
    for (const e of this.root.findAll({ rule: { kind: 'enum_declaration' } })) {
      const name = e.field('name')?.text();
      const body = e.field('body');
      const ctor = body?.children().find((c) => c.kind() === 'enum_body_declarations')?.children().find((c) => c.kind() === 'constructor_declaration');
      if (!name || !body || !ctor) continue;
      const params = (ctor.field('parameters')?.children() ?? []).filter((p) => p.kind() === 'formal_parameter');
      const fields = new Map<number, string>();
      for (const a of ctor.findAll({ rule: { kind: 'assignment_expression' } })) {
        const l = a.field('left');
        const r = a.field('right');
        const field = l?.kind() === 'field_access' && l.field('object')?.text() === 'this' ? l.field('field')?.text() : l?.kind() === 'identifier' ? l.text() : undefined;
        const i = r?.kind() === 'identifier' ? params.findIndex((p) => p.field('name')?.text() === r.text()) : -1;
        if (field && i >= 0 && typeName(params[i].field('type')!) === 'String') fields.set(i, field);
      }
      for (const [i, field] of fields) {
        const found: MessageTable['entries'] = [];
        for (const c of body.children()) {
          if (c.kind() !== 'enum_constant' || found.length >= MAX_ENUM_ENTRIES) continue;
          const key = c.field('name')?.text();
          const arg = (c.field('arguments')?.children() ?? []).filter((a) => a.isNamed() && a.kind() !== 'line_comment' && a.kind() !== 'block_comment')[i];
          const t = arg ? this.template(arg, null) : null;
          if (key && hasLiteral(t)) found.push({ key, template: t, line: c.range().start.line + 1 });
        }
        if (!found.length) continue;
        const style = tableStyle(found.map((f) => f.template));
        out.push({ name: `${name}.${field}`, entries: found.map((f) => ({ ...f, template: openPlaceholders(f.template, style) })) });
      }
    }
    return out;
  }

  /**
   * An enum's text read through a parameter of its type or one of its constants (`problem.pattern`,
   * `problem.getPattern()`, `Problem.MISSING.pattern()`): a lookup into the enum's table of that
   * field (enumTables), with no key for a parameter. Null for anything else.
   */
  private enumText(object: SgNode | null, field: string, fn: Fn | null, expr: string): Template | null {
    if (!object || !/^[a-z]\w*$/.test(field)) return null;
    if (object.kind() === 'identifier') {
      const type = fn?.types?.()?.get(object.text());
      return type && !this.isErrorClass(type) && !fn!.locals.has(object.text()) ? [{ hole: { ...placeholder(expr), lookup: { table: `${type}.${field}`, key: null } } }] : null;
    }
    const m = object.kind() === 'field_access' ? /^(?:\w+\.)*([A-Z]\w*)\.([A-Z][A-Z0-9_]*)$/.exec(oneLine(object.text())) : null;
    return m ? [{ hole: { ...placeholder(expr), lookup: { table: `${m[1]}.${field}`, key: m[2] } } }] : null;
  }

  /** A constructor's parameters declared an error class (`Throwable cause`, `IOException e`); null when none is. */
  private causeParams(fn: SgNode): Set<string> | null {
    let out: Set<string> | null = null;
    for (const p of fn.field('parameters')?.children() ?? []) {
      const name = p.kind() === 'formal_parameter' ? p.field('name')?.text() : undefined;
      const type = p.field('type')?.text().replace(/<.*$/s, '') ?? '';
      if (name && EXC_NAME.test(lastSegment(type))) (out ??= new Set()).add(name);
    }
    return out;
  }

  private params(fn: SgNode): string[] {
    const list = fn.field('parameters');
    if (!list) return [];
    return list.children().flatMap((p) => {
      const name = p.kind() === 'formal_parameter' ? p.field('name')?.text() : p.kind() === 'spread_parameter' ? p.children().find((c) => c.kind() === 'variable_declarator')?.field('name')?.text() : undefined;
      return name ? [name] : [];
    });
  }

  private args(list: SgNode | null, fn: Fn | null): ArgInfo[] {
    if (!list) return [];
    return list.children().filter((c) => c.isNamed() && c.kind() !== 'line_comment' && c.kind() !== 'block_comment').map((a) => {
      const expr = oneLine(a.text());
      // (no `?`, no conditional: the common case costs no walk)
      const choices = expr.includes('?') ? this.choices(a, fn) : null;
      if (choices) return { name: null, template: choices[0], expr, alts: choices.slice(1) };
      const branches = a.kind() === 'identifier' ? fn?.branchTexts?.get(expr) : undefined;
      if (branches) return { name: null, template: branches[0], expr, alts: branches.slice(1) };
      const t = this.template(a, fn);
      return { name: null, template: t ?? [hole(expr)], expr };
    });
  }

  /**
   * The texts an argument holding a conditional chooses between (`closed ? "Stream closed" :
   * "Stream not open"`, `(target == null ? "target" : "methodName") + " should not be null"`, nested
   * ones opened), when one holds text: each is a message of the site (ArgInfo.alts), a branch of no
   * text a hole. Null for an expression holding no conditional.
   */
  private choices(n: SgNode, fn: Fn | null): Template[] | null {
    const all = this.variants(n, fn, 0);
    return all && all.some((t) => hasLiteral(t)) ? all : null;
  }

  private variants(n: SgNode, fn: Fn | null, depth: number): Template[] | null {
    while (n.kind() === 'parenthesized_expression' && n.child(1)) n = n.child(1)!;
    const one = (e: SgNode): Template[] => this.variants(e, fn, depth + 1) ?? [this.template(e, fn) ?? this.valueHole(e)];
    if (depth > 4) return null;
    if (n.kind() === 'ternary_expression') {
      const yes = n.field('consequence');
      const no = n.field('alternative');
      return yes && no ? [...one(yes), ...one(no)].slice(0, MAX_CHOICES) : null;
    }
    if (n.kind() === 'binary_expression' && n.field('operator')?.text() === '+') {
      const l = n.field('left');
      const r = n.field('right');
      if (!l || !r) return null;
      const lv = this.variants(l, fn, depth + 1);
      const rv = this.variants(r, fn, depth + 1);
      if (!lv && !rv) return null;
      return joinedChoices(lv ?? one(l), rv ?? one(r));
    }
    return null;
  }

  /** `new X(…)`: a site when X is thrown here or is an error class built to be thrown elsewhere. */
  private construction(n: SgNode, at: At, elsewhere: boolean): void {
    const type = n.field('type');
    if (!type) return;
    const cls = typeName(type);
    if (!this.isErrorClass(cls) || n.children().some((c) => c.kind() === 'class_body')) return;
    const argList = n.field('arguments');
    const args = this.args(argList, at.fn).map((a) => this.causeParam(a, at));
    const { start } = n.range();
    const site = makeSite(at, frameLine(n, argList), start.column + 1, { errorType: 'exception', errorClass: cls, template: messageOf(args), args });
    if (elsewhere) site.constructedOnly = true;
    // `catch (InstanceNotFoundException e) { throw new IllegalArgumentException(e); }`: Throwable(cause)
    // makes the message the cause's toString(), `javax.management.InstanceNotFoundException: <its message>`
    const causes = args.length === 1 && at.caught.has(args[0].expr) ? this.causeTexts(n, args[0].expr) : [];
    if (causes.length) {
      site.template = causes[0];
      if (causes.length > 1) site.alternatives = causes.slice(1);
    }
    const wraps = this.wrapsOf(n, site.template, causes.length ? args[0].expr : null);
    if (wraps) site.wraps = wraps;
    this.sites.push(site);
  }

  /**
   * A raise of a caught error's message (`catch (MalformedURLException e) { throw new
   * ConfigurationException(e.getMessage()); }`, `"bad: " + e.getMessage()`, `new X(e)`): the class its
   * catch names (null for several) and what the `try` body calls, whose raises of that class give the
   * messages (facts/raised.ts wrappedMessages). `cause` is the name of a cause passed whole.
   */
  private wrapsOf(n: SgNode, template: Template | null, cause: string | null): RawSite['wraps'] | undefined {
    const h = template?.find((s) => isHole(s) && s.hole.inner);
    // (`e.toString()`, `"…" + e`, `new X(e)` of a class not named: the caught class's name before the message, not its text alone)
    const name = cause ?? (h && isHole(h) ? MESSAGE_READ.exec(h.hole.expr ?? '')?.[1] : undefined);
    if (!name) return undefined;
    const clause = catchOf(n, name);
    const tryNode = clause?.parent();
    if (!clause || !tryNode) return undefined;
    const calls = [...new Set([tryNode.field('resources'), tryNode.field('body')].flatMap((b) => (b ? callsUnder(b) : [])))];
    if (!calls.length) return undefined;
    const types = clause.children().find((k) => k.kind() === 'catch_formal_parameter')?.children().find((k) => k.kind() === 'catch_type');
    const written = types ? oneLine(types.text()) : '';
    return { caught: written && !written.includes('|') ? written : null, calls };
  }

  /**
   * `new InvalidNameException(cause.getMessage())` in a helper given the cause (`NamingException
   * newNamingException(Throwable cause)`): the parameter's hole, so that a caller passing an error
   * it builds (`newNamingException(new IllegalArgumentException("invalid authority: " + a))`,
   * passedErrors) gives the helper's record that error's message.
   */
  private causeParam(a: ArgInfo, at: At): ArgInfo {
    const m = MESSAGE_READ.exec(a.expr);
    if (!m || !at.fn.params.includes(m[1]) || at.caught.has(m[1]) || at.fn.locals.has(m[1])) return a;
    return { ...a, template: [{ hole: { name: 'getMessage', expr: m[1], kind: 'any' } }] };
  }

  /** A call's arguments that build an error (`new IllegalArgumentException("bad: " + x)`), given that error's message as their text. */
  private passedErrors(list: SgNode | null, args: ArgInfo[], fn: Fn): void {
    if (!args.some((a) => a.expr.startsWith('new '))) return;
    const nodes = (list?.children() ?? []).filter((c) => c.isNamed() && c.kind() !== 'line_comment' && c.kind() !== 'block_comment');
    nodes.forEach((a, i) => {
      const type = a.kind() === 'object_creation_expression' ? a.field('type') : null;
      if (!type || !args[i] || !this.isErrorClass(typeName(type)) || a.children().some((c) => c.kind() === 'class_body')) return;
      const t = messageOf(this.args(a.field('arguments'), fn));
      if (hasLiteral(t)) args[i] = { ...args[i], template: t };
    });
  }

  /** The messages a caught exception's toString() gives (`a.b.X: {message}`), one per type its catch names, by their full names. */
  private causeTexts(n: SgNode, name: string): Template[] {
    const c = catchOf(n, name);
    const types = c?.children().find((k) => k.kind() === 'catch_formal_parameter')?.children().find((k) => k.kind() === 'catch_type');
    if (!types) return [];
    const out: Template[] = [];
    for (const t of oneLine(types.text()).split('|').map((s) => s.trim())) {
      const full = this.fullName(t);
      // (the caught message: read inside it, and given the messages the `try` body raises, as `e.getMessage()`)
      if (full) out.push([lit(`${full}: `), { hole: { name: 'message', kind: 'any', inner: true, caught: lastSegment(full)! } }]);
    }
    return out;
  }

  /** A class's full name from the file's imports and package (java.lang's own exceptions by name); null for a catch-all type or one a wildcard import may hold. */
  private fullName(type: string): string | null {
    if (type.includes('.')) return type;
    if (BROAD_CAUGHT.has(type)) return null;
    if (JAVA_LANG_EXCEPTIONS.has(type)) return `java.lang.${type}`;
    if (!this.imports) {
      const text = this.root.text();
      this.imports = new Map([...text.matchAll(/(?<=^|;)[ \t]*import\s+([\w.]+)\.(\w+)\s*;/gm)].map((m) => [m[2], `${m[1]}.${m[2]}`]));
      this.pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(text)?.[1] ?? null;
      this.wildcards = /^\s*import\s+[\w.]+\.\*\s*;/m.test(text);
    }
    const imported = this.imports.get(type);
    if (imported) return imported;
    return this.pkg && !this.wildcards ? `${this.pkg}.${type}` : null;
  }

  private imports: Map<string, string> | null = null;
  private pkg: string | null = null;
  private wildcards = false;

  private invocation(n: SgNode, at: At): void {
    const name = n.field('name')?.text();
    if (!name) return;
    const object = n.field('object');
    const receiver = object ? oneLine(object.text()) : null;
    const { start } = n.range();
    const line = start.line + 1;
    const column = start.column + 1;
    if (name === 'requireNonNull' && (receiver === null || lastSegment(receiver) === 'Objects')) {
      const args = this.args(n.field('arguments'), at.fn);
      if (args.length >= 2) {
        this.sites.push(makeSite(at, line, column, { errorType: 'exception', errorClass: 'NullPointerException', template: args[1].template, args: args.slice(1) }));
      }
      return;
    }
    if (Object.hasOwn(GUAVA_CHECKS, name) && (receiver === null || /^(?:Preconditions|Verify)$/.test(lastSegment(receiver)))) {
      const args = this.args(n.field('arguments'), at.fn);
      if (args.length < 2 || !hasLiteral(args[1].template)) return;
      const t = applyPercent(args[1].template, args.slice(2), true);
      const guards: Guard[] = name === 'checkNotNull' || name === 'verifyNotNull' ? at.guards : [...at.guards, { kind: 'if', text: `!(${args[0].expr})`, line }];
      this.sites.push(makeSite({ ...at, guards }, line, column, { errorType: 'exception', errorClass: GUAVA_CHECKS[name], template: t, args: [{ ...args[1], template: t }] }));
      return;
    }
    if (isLogger(receiver) && (Object.hasOwn(LOG_METHODS, name) || name === 'log')) {
      const args = this.args(n.field('arguments'), at.fn);
      let severity = LOG_METHODS[name];
      let rest = args;
      if (name === 'log') {
        const level = args[0] ? lastSegment(args[0].expr) : '';
        if (!Object.hasOwn(LOG_LEVELS, level)) return;
        severity = LOG_LEVELS[level];
        rest = args.slice(1);
      }
      const msg = rest[0];
      if (!msg || !hasLiteral(msg.template)) return;
      const fields = rest.slice(1);
      const t = name === 'log' ? applyBraces(msg.template, fields) : applyAnchors(msg.template, fields);
      this.sites.push(makeSite(at, line, column, { errorType: 'log', template: t, severity, args: [{ ...msg, template: t }] }));
    }
  }

  private classInfo(n: SgNode, name: string): void {
    const base = n.field('superclass');
    if (!name) return;
    const bases = base ? [typeName(base).replace(/^extends\s+/, '')] : [];
    if (!this.errorClasses.has(name)) return;
    const info: ClassInfo = { name, bases, line: n.range().start.line + 1, template: null, params: [] };
    const body = n.field('body');
    const ctors = body ? body.children().filter((c) => c.kind() === 'constructor_declaration') : [];
    const alts: Template[] = [];
    for (const ctor of ctors) {
      const params = this.params(ctor);
      const fn: Fn = { symbol: `${name}.<init>`, params, locals: new Map() };
      const call = ctor.field('body')?.children().find((c) => c.kind() === 'explicit_constructor_invocation');
      if (!call || !call.children().some((c) => c.kind() === 'super')) continue;
      const causes = /\.get(?:Localized)?Message\(\)/.test(call.text()) ? this.causeParams(ctor) : null;
      const given = this.args(call.field('arguments'), fn);
      // (`super("Job " + id + " failed: " + cause.getMessage(), cause)` of a `Throwable cause`: the caught error's message, sites.ts causeMessages)
      const args = causes ? given.map((a) => ({ ...a, template: causeMessages(a.template, causes) })) : given;
      const t = messageOf(args);
      if (!t) continue;
      const other = superText(info, t, params, args);
      if (other) alts.push(other);
    }
    const own = alts.filter((t) => hasLiteral(t));
    if (own.length) info.alts = own;
    // (`JVMCIError(String msg, Object... args) { super(format(msg, args)); }`: the class formats the text it
    // is given; a raise's `new JVMCIError("unimplemented: %s", what)` is a format string, its fields opened)
    const formatted = body && (info.template === null || (info.template.length === 1 && isHole(info.template[0]) && !info.template[0].hole.lookup)) ? this.formattedParam(ctors, body) : null;
    if (formatted) {
      info.template = [{ hole: { name: formatted.param, expr: formatted.param, kind: 'any', fmt: formatted.style } }];
      info.params = formatted.params;
      info.templateFrom = 'super';
      delete info.superArgs;
    }
    const written = body ? this.messageOverride(body, ctors) : null;
    if (written) {
      info.template = written.templates[0];
      info.params = written.params;
      info.templateFrom = 'str';
      delete info.superArgs;
      if (written.templates.length > 1) info.alts = written.templates.slice(1);
      else delete info.alts;
    }
    this.classes.push(info);
  }

  /**
   * The parameter a constructor formats into what it passes its base, `super(String.format(msg, args))`,
   * `super(String.format(Locale.ENGLISH, msg, args))`, `super(MessageFormat.format(pattern, args))`, or
   * through a method of the class whose body does (`super(format(msg, args))`); null when none does.
   */
  private formattedParam(ctors: SgNode[], body: SgNode): { param: string; params: string[]; style: 'percent' | 'brace' } | null {
    for (const ctor of ctors) {
      const call = ctor.field('body')?.children().find((c) => c.kind() === 'explicit_constructor_invocation');
      if (!call || !call.children().some((c) => c.kind() === 'super')) continue;
      const args = (call.field('arguments')?.children() ?? []).filter((c) => c.isNamed());
      const inv = args.length === 1 && args[0].kind() === 'method_invocation' ? args[0] : null;
      const name = inv?.field('name')?.text();
      if (!inv || !name) continue;
      let given = (inv.field('arguments')?.children() ?? []).filter((c) => c.isNamed());
      if (given[0] && /^(?:java\.util\.)?Locale\.\w+$/.test(given[0].text())) given = given.slice(1);
      const params = this.params(ctor);
      const param = given.length >= 2 && given[0].kind() === 'identifier' && params.includes(given[0].text()) ? given[0].text() : null;
      if (!param) continue;
      const object = inv.field('object')?.text() ?? null;
      if (name === 'format' && object && /^(?:java\.lang\.)?String$/.test(object)) return { param, params, style: 'percent' };
      if (name === 'format' && object && /^(?:java\.text\.)?MessageFormat$/.test(object)) return { param, params, style: 'brace' };
      if (object !== null) continue;
      // (a method of the class: the format it returns is of its first parameter)
      const helper = body.children().find((c) => c.kind() === 'method_declaration' && c.field('name')?.text() === name && this.params(c)[0] !== undefined);
      const first = helper ? this.params(helper)[0] : '';
      const text = helper?.field('body')?.text() ?? '';
      if (!helper || text.length > 4000) continue;
      if (new RegExp(`\\bString\\.format\\((?:(?:java\\.util\\.)?Locale\\.\\w+,\\s*)?${first}\\b`).test(text)) return { param, params, style: 'percent' };
      if (new RegExp(`\\bMessageFormat\\.format\\(${first}\\b`).test(text)) return { param, params, style: 'brace' };
    }
    return null;
  }

  /**
   * The text a class gives by overriding `getMessage()`: the text it returns, or, when it returns a
   * field (`return message;`), the text each constructor puts in that field (`message = "Syntax error
   * at line " + lineno + …`), one message per constructor, a raise taking the one its arguments use.
   */
  private messageOverride(body: SgNode, ctors: SgNode[]): { templates: Template[]; params: string[] } | null {
    const getter = body.children().find((c) => c.kind() === 'method_declaration' && /^(?:getMessage|getLocalizedMessage)$/.test(c.field('name')?.text() ?? '') && this.params(c).length === 0);
    const returns = getter?.field('body')?.findAll({ rule: { kind: 'return_statement' } }) ?? [];
    const value = returns.length === 1 ? returns[0].children().find((c) => c.isNamed()) : undefined;
    if (!value) return null;
    const field = /^(?:this\.)?([A-Za-z_$][\w$]*)$/.exec(oneLine(value.text()))?.[1];
    if (!field || this.constants.has(field)) {
      const t = this.template(value, { symbol: 'getMessage', params: [], locals: new Map() });
      return hasLiteral(t) ? { templates: [t], params: [] } : null;
    }
    const templates: Template[] = [];
    let params: string[] = [];
    for (const ctor of ctors) {
      const ps = this.params(ctor);
      const fn: Fn = { symbol: '<init>', params: ps, locals: new Map() };
      for (const a of ctor.field('body')?.findAll({ rule: { kind: 'assignment_expression' } }) ?? []) {
        const left = a.field('left');
        if (!left || oneLine(left.text()).replace(/^this\./, '') !== field) continue;
        const right = a.field('right');
        const t = right ? this.template(right, fn) : null;
        if (!hasLiteral(t)) continue;
        if (!templates.length) params = ps;
        templates.push(t);
      }
    }
    return templates.length ? { templates, params } : null;
  }

  /** The text an expression gives, as a template; null for an expression of no known text. */
  template(n: SgNode, fn: Fn | null, depth = 0): Template | null {
    if (depth > 60) return null;
    const kind = n.kind() as string;
    switch (kind) {
      case 'string_literal':
        return [lit(javaString(n.text()))];
      case 'character_literal':
        return [lit(javaString(n.text()))];
      case 'parenthesized_expression': {
        const inner = n.children().find((c) => c.isNamed());
        return inner ? this.template(inner, fn, depth + 1) : null;
      }
      case 'binary_expression': {
        if (n.field('operator')?.text() !== '+') return null;
        const l = n.field('left');
        const r = n.field('right');
        if (!l || !r) return null;
        const lt = this.template(l, fn, depth + 1);
        const rt = this.template(r, fn, depth + 1);
        // (no literal: text all the same when a side is a `String`, `message + constructFXMLTrace()` of a
        // `String message` parameter, whose callers give the text)
        if (!hasText(lt) && !hasText(rt) && !this.stringValued(l, fn) && !this.stringValued(r, fn)) return null;
        return concat(lt ?? this.valueHole(l), rt ?? this.valueHole(r));
      }
      case 'identifier': {
        const name = n.text();
        const local = fn?.locals.get(name);
        if (local) return local;
        if (fn?.params.includes(name)) return [hole(name)];
        return this.constants.get(name) ?? null;
      }
      case 'field_access': {
        // `Messages.NO_KEY`: this file's constant, else the table of the class named (record/tables.ts)
        const f = n.field('field')?.text();
        const owner = n.field('object');
        if (f && /^[a-z]/.test(f)) return this.enumText(owner, f, fn, oneLine(n.text()));
        if (!f || !/^[A-Z][A-Z0-9_]*$/.test(f)) return null;
        const own = this.constants.get(f);
        if (own) return own;
        const table = owner ? lastSegment(oneLine(owner.text())) : '';
        return /^[A-Z]\w*$/.test(table) ? [{ hole: { name: f, expr: f, kind: 'any', lookup: { table, key: f } } }] : null;
      }
      case 'ternary_expression':
        return null;
      case 'method_invocation':
        return this.invocationText(n, fn, depth);
    }
    return null;
  }

  /**
   * The text a method of this file returns when its body is one `return` of text (`private static
   * String unknownKey(String k) { return "Unknown key: " + k; }`), its parameters' holes given the
   * call's arguments; null for any other method, an overloaded name of that arity, or one already
   * being opened.
   */
  private messageMethod(name: string, argNodes: SgNode[], fn: Fn | null, depth: number): Template | null {
    // (the text first, read once: a query of the file's methods only when one may be it)
    this.declaresString ??= new Set(Array.from(this.source.matchAll(/\bString\s+([A-Za-z_$][\w$]*)\s*\(/g), (m) => m[1]));
    if (!this.declaresString.has(name)) return null;
    this.stringMethods ??= this.methodsReturningString();
    const found = (this.stringMethods.get(name) ?? []).filter((m) => m.params.length === argNodes.length);
    if (found.length !== 1 || this.opening.has(found[0].node.id())) return null;
    const { node: m, params } = found[0];
    const returns = m.field('body')?.findAll({ rule: { kind: 'return_statement' } }) ?? [];
    const value = returns.length === 1 ? returns[0].children().find((c) => c.isNamed()) : undefined;
    if (!value) return null;
    this.opening.add(m.id());
    try {
      const at = this.contextAt(value).fn;
      const t = this.template(value, at, depth + 1) ?? this.filledBuilder(m, value, at, depth);
      if (!hasLiteral(t)) return null;
      const args = argNodes.map((a) => this.template(a, fn, depth + 1) ?? this.valueHole(a));
      return concat(...t.map((s): Template => {
        const i = isHole(s) && !s.hole.fmt && !s.hole.lookup && !s.hole.inner && s.hole.expr !== undefined ? params.indexOf(s.hole.expr) : -1;
        return i >= 0 ? args[i] : [s];
      }));
    } finally {
      this.opening.delete(m.id());
    }
  }

  /** Methods declared `String name(…)`, by name. */
  private methodsReturningString(): Map<string, { node: SgNode; params: string[] }[]> {
    const out = new Map<string, { node: SgNode; params: string[] }[]>();
    for (const m of this.root.findAll({ rule: { kind: 'method_declaration', has: { field: 'type', regex: '^(?:java\\.lang\\.)?String$' } } })) {
      const name = m.field('name')?.text();
      if (name) out.set(name, [...(out.get(name) ?? []), { node: m, params: this.params(m) }]);
    }
    return out;
  }

  /**
   * Whether an expression is a `String` by its declaration: a parameter declared `String`, a call (without
   * a receiver, or on `this`) of a method of the file declared `String name(`, `toString()`, `getMessage()`.
   */
  private stringValued(n: SgNode, fn: Fn | null): boolean {
    const kind = n.kind();
    if (kind === 'identifier') return fn?.params.includes(n.text()) === true && fn.types?.()?.get(n.text()) === 'String';
    if (kind !== 'method_invocation') return false;
    const name = n.field('name')?.text() ?? '';
    const object = n.field('object');
    const argc = (n.field('arguments')?.children() ?? []).filter((c) => c.isNamed()).length;
    if (argc === 0 && /^(?:toString|getMessage|getLocalizedMessage)$/.test(name)) return true;
    if (object && object.kind() !== 'this') return false;
    this.declaresString ??= new Set(Array.from(this.source.matchAll(/\bString\s+([A-Za-z_$][\w$]*)\s*\(/g), (m) => m[1]));
    return this.declaresString.has(name);
  }

  private valueHole(n: SgNode): Template {
    const t = n.kind();
    const expr = oneLine(n.text());
    if (t === 'decimal_integer_literal' || t === 'true' || t === 'false' || t === 'null_literal') return [lit(expr === 'null' ? 'null' : expr.replace(/[lL]$/, ''))];
    return [hole(expr)];
  }

  /** `String.format`, `"…".formatted`, `MessageFormat.format`, `String.valueOf`, a StringBuilder chain's `toString()`. */
  private invocationText(n: SgNode, fn: Fn | null, depth: number): Template | null {
    const name = n.field('name')?.text();
    const object = n.field('object');
    const receiver = object ? oneLine(object.text()) : null;
    const argNodes = (n.field('arguments')?.children() ?? []).filter((c) => c.isNamed());
    const fieldArgs = (from: number): FieldArg[] => argNodes.slice(from).map((a) => ({ template: this.template(a, fn, depth + 1), expr: oneLine(a.text()) }));
    // (`format(…)` alone: `import static java.lang.String.format`)
    if (name === 'format' && (receiver === 'String' || receiver === null || receiver === 'MessageFormat' || receiver === 'java.text.MessageFormat') && argNodes.length) {
      // (`String.format(Locale.ROOT, fmt, …)`: a locale first)
      const skip = receiver !== 'MessageFormat' && argNodes.length > 1 && /^(?:Locale\.\w+|locale|l)$/.test(argNodes[0].text()) ? 1 : 0;
      const style = receiver === 'String' || receiver === null ? 'percent' : 'brace';
      const fmtNode = argNodes[skip];
      // a format string the enclosing method is given (`newIAE(String msg, Object... args)`): its callers' text is opened
      if (fmtNode.kind() === 'identifier' && fn?.params.includes(fmtNode.text()) && !fn.locals.has(fmtNode.text())) {
        return [{ hole: { name: fmtNode.text(), expr: fmtNode.text(), kind: 'any', fmt: style } }];
      }
      const fmt = this.template(fmtNode, fn, depth + 1);
      // (`String.format(rb.getString("k"), x)`: the entry's fields are opened once it is put in)
      if (fmt?.length === 1 && isLookup(fmt[0])) return [{ hole: { ...fmt[0].hole, fmt: style } }];
      if (!hasLiteral(fmt)) return null;
      return style === 'percent' ? applyPercent(fmt, fieldArgs(skip + 1)) : applyBraces(fmt, fieldArgs(skip + 1));
    }
    if (name === 'formatted' && object) {
      const fmt = this.template(object, fn, depth + 1);
      return hasLiteral(fmt) ? applyPercent(fmt, fieldArgs(0)) : null;
    }
    if (name === 'toString' && object) return this.builderText(object, fn, depth + 1);
    // (an enum's text through its accessor: `problem.getPattern()`, `Problem.MISSING.pattern()`)
    if (name && object && argNodes.length === 0) {
      const field = /^get[A-Z]/.test(name) ? name[3].toLowerCase() + name.slice(4) : name;
      const t = this.enumText(object, field, fn, oneLine(n.text()));
      if (t) return t;
    }
    // `rb.getString("key")` of a ResourceBundle: the entry of a bundle of the tree (bundleTable)
    if (BUNDLE_LOOKUP.has(name ?? '') && object && argNodes.length === 1 && argNodes[0].kind() === 'string_literal') {
      const key = javaString(argNodes[0].text());
      return [{ hole: { name: key, expr: oneLine(n.text()), kind: 'any', lookup: { table: '', key } } }];
    }
    // `unknownKey(k)`: a method of this file returning the text (messageMethod)
    if (name && (receiver === null || receiver === 'this')) {
      const t = this.messageMethod(name, argNodes, fn, depth);
      if (t) return t;
    }
    // `getMessage(NAME + ".iae", NAME, arg)`, `sm.getString("conn.closed", id)`: a helper given a
    // resource bundle's key (a dotted name, written or of constants) gives that entry of a bundle of
    // the tree, its fields the helper's to fill; a key no bundle has leaves the call a hole, as before
    if (name && argNodes.length && !BUNDLE_LOOKUP.has(name)) {
      const key = this.template(argNodes[0], fn, depth + 1);
      const text = key?.length === 1 && isLit(key[0]) ? key[0].lit : null;
      if (text && BUNDLE_KEY.test(text)) return [{ hole: { name: text, expr: oneLine(n.text()), kind: 'any', lookup: { table: '', key: text } } }];
      // (`getMessage(getName() + ".invalidtag")`: a key whose start is known at run time, the entries ending as it does)
      const end = key && key.length === 2 && isHole(key[0]) && !key[0].hole.lookup && isLit(key[1]) ? key[1].lit : null;
      if (end && KEY_END.test(end)) return [{ hole: { name: end.slice(1), expr: oneLine(n.text()), kind: 'any', lookup: { table: '', key: null, keySuffix: end } } }];
      // (`BadArgs(String key, Object... args) { super(getMessage(key, args)); }`: an error class's
      // constructor handing its key parameter to a message helper; a raise's `new BadArgs("err.unknown.option",
      // name)` is that entry, bound with the class (facts/classes.ts), its `{0}` fields opened)
      const param = argNodes[0].kind() === 'identifier' ? argNodes[0].text() : null;
      if (param && fn?.symbol?.endsWith('.<init>') && fn.params.includes(param) && MESSAGE_HELPER.test(name)) {
        return [{ hole: { name: param, expr: oneLine(n.text()), kind: 'any', lookup: { table: '', key: null, param }, fmt: 'brace' } }];
      }
    }
    if ((name === 'valueOf' && receiver === 'String') || name === 'concat') {
      if (name === 'concat' && object) {
        const l = this.template(object, fn, depth + 1);
        const r = argNodes[0] ? this.template(argNodes[0], fn, depth + 1) : null;
        return hasLiteral(l) || hasLiteral(r) ? concat(l ?? this.valueHole(object), r ?? (argNodes[0] ? this.valueHole(argNodes[0]) : [])) : null;
      }
    }
    return null;
  }

  /**
   * `return sb.toString();` of a local `StringBuilder sb = new StringBuilder("Children: ")` filled over the
   * method's statements (`sb.append(cause); sb.append(": parent = ").append(Parent.this);`): the text its
   * start and its appends give, in order; a statement of the method's body that names it otherwise (an
   * `if` or a loop appending) is a hole where it stands. Null when the value is no such local's `toString()`.
   */
  private filledBuilder(m: SgNode, value: SgNode, fn: Fn | null, depth: number): Template | null {
    if (value.kind() !== 'method_invocation' || value.field('name')?.text() !== 'toString') return null;
    const local = value.field('object');
    if (local?.kind() !== 'identifier' || (value.field('arguments')?.children() ?? []).some((c) => c.isNamed())) return null;
    const name = local.text();
    const statements = m.field('body')?.children().filter((c) => c.isNamed()) ?? [];
    const mentions = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])`);
    const parts: Template[] = [];
    let started = false;
    for (const st of statements.slice(0, 200)) {
      if (!started) {
        if (st.kind() !== 'local_variable_declaration') continue;
        const d = st.children().find((c) => c.kind() === 'variable_declarator' && c.field('name')?.text() === name);
        const init = d?.field('value');
        if (!d) continue;
        if (init?.kind() !== 'object_creation_expression') return null;
        const start = this.builderText(init, fn, depth + 1, true);
        if (!start) return null;
        parts.push(start);
        started = true;
        continue;
      }
      if (st.kind() === 'return_statement') break;
      if (!mentions.test(st.text())) continue;
      const e = st.kind() === 'expression_statement' ? st.children().find((c) => c.isNamed()) : undefined;
      const appended = e ? this.builderText(e, fn, depth + 1, true, name) : null;
      parts.push(appended ?? [hole(name)]);
    }
    const t = started ? concat(...parts) : null;
    return t && t.some(isLit) ? t : null;
  }

  /** `new StringBuilder("a").append(x).append("b")`: the text the chain appends. */
  private builderText(n: SgNode, fn: Fn | null, depth: number, any = false, root?: string): Template | null {
    const parts: Template[] = [];
    let cur: SgNode | null = n;
    for (let k = 0; cur && k < 100; k++) {
      // (the chain of a local filled over statements: `sb.append(": parent = ").append(Parent.this)`)
      if (root !== undefined && cur.kind() === 'identifier') {
        if (cur.text() !== root) return null;
        break;
      }
      if (cur.kind() === 'object_creation_expression') {
        const type = cur.field('type');
        if (!type || !/^(?:StringBuilder|StringBuffer)$/.test(typeName(type))) return null;
        const a = (cur.field('arguments')?.children() ?? []).filter((c) => c.isNamed())[0];
        if (a && a.kind() !== 'decimal_integer_literal') parts.unshift(this.template(a, fn, depth + 1) ?? this.valueHole(a));
        break;
      }
      if (cur.kind() !== 'method_invocation' || cur.field('name')?.text() !== 'append') return null;
      const a = (cur.field('arguments')?.children() ?? []).filter((c) => c.isNamed())[0];
      if (a) parts.unshift(this.template(a, fn, depth + 1) ?? this.valueHole(a));
      cur = cur.field('object');
    }
    if (root !== undefined && cur?.kind() !== 'identifier') return null;
    const t = concat(...parts);
    return any || t.some(isLit) ? t : null;
  }
}
