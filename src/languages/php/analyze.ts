// The PHP frontend. One ast-grep query collects every candidate node (throws, object
// constructions, `trigger_error`/`user_error`, PSR-3 logger calls, class declarations, syntax
// errors) in a single traversal; each is then examined with a few node calls.
//
// Sites (PHP records an exception's file and line where the object is constructed, so the site
// of a thrown `new` is the `new`):
// - `throw new X(…)`: a site at the `new`, whatever X is; `new self(…)`/`new static(…)` name the
//   class around them.
// - `new X(…)` not thrown (`return new self(sprintf(…))` in a named constructor, `$e = new X(…)`
//   thrown later, `new X(…)` passed on): a site when X says it is an exception class (its short
//   name ends in Exception or Error, or it is a class of this file extending one).
// - `throw $e`, `throw $this->factory(…)`: no site of their own (the trace shows the `new`).
// - `trigger_error($msg, E_USER_…)` / `user_error`: a warning (E_USER_WARNING, E_USER_NOTICE,
//   E_USER_DEPRECATED) or an error (E_USER_ERROR).
// - `$logger->error|critical|alert|emergency|warning('… {name} …', $context)` (receiver naming a
//   log): a log site with the PSR-3 placeholders as holes.
// Lines and columns are 1-based.

import type { SgNode } from '@ast-grep/napi';
import { mapSiteTemplates, siteAt, type AltWhen, type ArgInfo, type CallInfo, type ClassInfo, type ErrorType, type FileAnalysis, type RawSite, type Severity, type SiteFields } from '../../core/site.js';
import { concat, hole, isHole, literalOf, markInner, normalize, passesParam, type Hole, type Template } from '../../template/ir.js';
import { markCaughtMessages } from '../shared/caught.js';
import { messagePosition } from '../shared/message-position.js';
import { constantTables, CONST_TEXT } from './tables.js';
import { FN_KINDS, inDeprecated, paramNames, siteContext, type SiteContext } from './context.js';
import { parsePhp } from './grammar.js';
import { argName, argNodes, build, exprOf, FileCtx, hookReturns, localArray, messageReturns, psr3, Scope, stringText } from './template.js';
import { W } from '../shared/rule-regex.js';

const LOG_METHODS: Record<string, Severity> = { emergency: 'critical', alert: 'critical', critical: 'critical', error: 'error', warning: 'warning' };
const LOG_RECEIVER = /log/i;
/** Base constructor calls of one constructor read as messages of the class, after the first. */
const MAX_SUPER_BRANCHES = 7;
/** A short class name that says it is an exception class. */
const EXC_NAME = /(?:Exception|Error|Failure)$/;
/** `$e->getMessage()`, `$e` (in a string or concatenation): a caught exception's message. */
const CAUGHT_TEXT = /^([A-Za-z_]\w*)(?:->getMessage\(\))?$/;

/**
 * An exception made with another one's file and line (`new ViewException($this->getMessage($e), 0, 1,
 * $e->getFile(), $e->getLine(), $e)`: ErrorException's `$filename, $line`): PHP reports it, and prints
 * it, at the other's place. Group 1 is the other's name.
 */
const RELOCATED = /\$([A-Za-z_]\w*)->getFile\(\)\s*,\s*\$\1->getLine\(\)/;
/** A hole reading an exception's message: the other's (`e->getMessage()`, through a helper too), or the other itself. */
const MESSAGE_READ = /^([A-Za-z_]\w*)->getMessage\(\)$/;
/** Raises longer than this are not searched for RELOCATED. */
const MAX_RELOCATED_TEXT = 2000;

/**
 * The site of an exception made at another's file and line (RELOCATED) with the holes that read an
 * exception's message marked as the other's (Hole.inner) and as placing the error there
 * (Hole.innerFrames): the message wraps the other's, and the other's raise is where PHP says it was,
 * so matching puts that raise first (match/wrap.ts).
 */
/** The entries of a table of classes read (`self::$errorResponses[$name]`) past which it is not one. */
const MAX_CLASS_TABLE = 64;

function relocatedToCause(node: SgNode, site: RawSite): RawSite {
  const text = node.text();
  const other = text.length <= MAX_RELOCATED_TEXT ? RELOCATED.exec(text)?.[1] : undefined;
  if (!other) return site;
  const reads = (h: Hole): boolean => !!h.expr && h.kind !== 'repr' && (h.expr === other || MESSAGE_READ.test(h.expr));
  const mark = (t: Template): Template =>
    markInner(t, (h) => !h.inner && reads(h)).map((x) => (isHole(x) && x.hole.inner && reads(x.hole) ? { hole: { ...x.hole, innerFrames: true as const } } : x));
  return mapSiteTemplates(site, mark);
}

/**
 * A method call whose first argument is a sentence (a quoted text with two words of letters, bare or in up to
 * two calls: `->error('An expression was expected.', $token)`, `->error(sprintf(Translator::gettext(
 * '%1$d values were expected, but found %2$d.'), …))`), or a heredoc or nowdoc whose first line is one
 * (`::semanticalError(sprintf(<<<'EXCEPTION'` then `The annotation "@%s" in %s was never imported.`):
 * the call may hand a message to a helper of another file. Found in the text (a tree rule testing
 * every call's arguments costs more than the rest of the file's analysis); group 1 is the method's name.
 */
const MESSAGE_ARGS = /^\(\s*(?:[\w\\]+(?:::|->)?\w*\(\s*){0,2}(?:['"][^'"\n]*?|<<<[ \t]*(?:'\w+'|"\w+"|\w+)\r?\n[^\n]*?)[A-Za-z]{2}\s+[A-Za-z]{2}/;
const MESSAGE_CALL = new RegExp(String.raw`(?:->|::)\s*([A-Za-z_]\w*)\s*` + MESSAGE_ARGS.source.slice(1), 'g');
const MAX_FOREIGN_CALLS = 64;
/** Two words of letters: a message, not a date, a key or a path. */
const SENTENCE = /[A-Za-z]{2}\s+[A-Za-z]{2}/;

const RULE = {
  rule: {
    any: [
      { kind: 'object_creation_expression' },
      { kind: 'class_declaration' },
      { kind: 'trait_declaration' },
      { kind: 'ERROR' },
      { kind: 'function_call_expression', has: { field: 'function', regex: '^\\\\?(?:trigger_error|user_error|throw_if|throw_unless)$' } },
      { kind: 'member_call_expression', has: { field: 'name', regex: '^(?:emergency|alert|critical|error|warning)$' } },
      { kind: 'nullsafe_member_call_expression', has: { field: 'name', regex: '^(?:emergency|alert|critical|error|warning)$' } },
    ],
  },
};


/** The short name of a class as written (`\Foo\BarException` → `BarException`). */
export const shortName = (name: string): string => name.slice(name.lastIndexOf('\\') + 1);

interface Site {
  node: SgNode;
  sc: SiteContext;
  scope: Scope;
}

class FileAnalyzer {
  readonly sites: RawSite[] = [];
  readonly classes: ClassInfo[] = [];
  /** Calls that may hand a sentence to another file's helper (foreignCall). */
  readonly foreign: SgNode[] = [];
  private readonly siteFns = new Map<RawSite, SgNode>();

  constructor(readonly ctx: FileCtx) {}

  newSite(node: SgNode): Site {
    const sc = siteContext(node, this.ctx.symbols);
    return { node, sc, scope: new Scope(this.ctx, sc.fn, sc.cls) };
  }

  push(s: Site, fields: SiteFields): void {
    const start = s.node.range().start;
    const r = siteAt(start.line + 1, start.column + 1, s.sc.symbol, s.sc.guards, fields);
    if (inDeprecated(s.node)) r.deprecated = true;
    if (s.sc.fn) {
      const params = paramNames(s.sc.fn);
      if (params.length) r.params = params;
      this.siteFns.set(r, s.sc.fn);
    }
    this.sites.push(relocatedToCause(s.node, markCaughtMessages(r, s.sc.caught, CAUGHT_TEXT)));
  }

  /** Whether a class name (short) is an exception class as far as this file tells. */
  isErrorClass(name: string, depth = 0): boolean {
    if (EXC_NAME.test(name) || name === 'Throwable') return true;
    const bases = this.ctx.classes.get(name);
    return !!bases && depth < 6 && bases.some((b) => this.isErrorClass(b, depth + 1));
  }

  argInfos(args: SgNode[], scope: Scope): ArgInfo[] {
    return args.map((a) => {
      const b = build(a, scope);
      const info: ArgInfo = { name: argName(a), template: b.t, expr: exprOf(a) };
      if (b.alts) info.alts = b.alts;
      return info;
    });
  }

  /** The message argument of an exception constructor: `message:` by name, else the first. */
  messageArg(args: SgNode[]): SgNode | undefined {
    return args.find((a) => argName(a) === 'message') ?? args.find((a) => argName(a) === null);
  }

  /** A construction's message argument: `message:` by name, else the positional one messagePosition picks. */
  constructionMessage(args: SgNode[], scope: Scope): SgNode | undefined {
    const named = args.find((a) => argName(a) === 'message');
    if (named) return named;
    const positional = args.filter((a) => argName(a) === null);
    return positional[messagePosition(positional.map((a) => build(a, scope)))];
  }

  construction(n: SgNode): void {
    const kids = n.namedChildren();
    const target = kids[0];
    if (!target || target.kind() === 'anonymous_class') return;
    const thrown = n.parent()?.kind() === 'throw_expression';
    const tk = target.kind() as string;
    const s = this.newSite(n);
    let cls: string | null = null;
    let classParam: string | null = null;
    if (tk === 'name' || tk === 'qualified_name' || tk === 'relative_name') {
      const written = target.text();
      cls = written === 'self' || written === 'static' ? s.sc.cls : written === 'parent' ? this.parentOf(s.sc.cls) : shortName(written);
      if (!cls) return;
      if (!thrown && !this.isErrorClass(cls)) return;
    } else if (tk === 'variable_name') {
      const v = target.text().slice(1);
      if (thrown && s.scope.params.has(v)) classParam = v;
      else {
        // (`$className = ClientException::class;` in branches, then `return new $className($message, …)`)
        cls = this.heldClass(v, n, s);
        if (!cls) return;
      }
    } else if (tk === 'member_access_expression') {
      // (`new $this->exception($message)` of a property declared with a class)
      cls = this.classesOf(target, s)?.find((c) => this.isErrorClass(c)) ?? null;
      if (!cls) return;
    } else return;
    const args = argNodes(n);
    const infos = this.argInfos(args, s.scope);
    const msg = this.constructionMessage(args, s.scope);
    let template: Template | null = null;
    if (msg) {
      const i = args.indexOf(msg);
      template = infos[i].template;
      if (!build(msg, s.scope).s && !(template.length === 1 && isHole(template[0]))) template = [hole(exprOf(msg))];
    }
    const fields: Partial<RawSite> & Pick<RawSite, 'errorType' | 'template'> = { errorType: 'exception', errorClass: cls, template, args: infos };
    if (classParam) fields.classParam = classParam;
    const code = args.find((a) => argName(a) === 'code') ?? (msg && args.indexOf(msg) === 0 ? args[1] : undefined);
    if (code && code.kind() === 'integer') fields.errorCode = code.text();
    this.push(s, fields);
  }

  /**
   * The class a local variable names when the function gives it only class names before `node`
   * (`$className = ClientException::class;`, `= __CLASS__`, `= self::class`, `= 'Foo\\BarException'`,
   * a ternary of those), one of them an exception class: the first such (its short name). A
   * branch giving a class known only at run time (`if (isset($this->exceptionMapping[$code])) {
   * $exceptionClass = $this->exceptionMapping[$code]; } elseif (500 <= $status) { $exceptionClass =
   * ServerException::class; } else …`) is passed over when another branch names one: a mapping with
   * fallbacks, whose classes share the message the fallback's constructor builds. Null when no value
   * names one, or when the value before the branches is unknown. A closure's variable taken in by
   * `use ($exceptionClass)` (an arrow function's, taken in without it) is the enclosing function's,
   * assigned before the closure.
   */
  heldClass(v: string, node: SgNode, s: Site): string | null {
    let fn = s.scope.fn;
    let at = node.range().start.index;
    if (fn && !this.ctx.assignsIn(fn).has(v) && ((fn.kind() === 'anonymous_function' && usesVar(fn, v)) || (fn.kind() === 'arrow_function' && !s.scope.params.has(v)))) {
      at = fn.range().start.index;
      fn = outerFn(fn);
    }
    const list = this.ctx.assignsIn(fn).get(v);
    if (!list) return null;
    const names: string[] = [];
    let unknown = false;
    for (const a of list) {
      if (a.at >= at) break;
      const got = a.append ? null : this.classesOf(a.value, s);
      if (!got) {
        // (a run-time class: only in a branch, beside branches naming classes)
        if (a.append || !a.nested) return null;
        unknown = true;
        continue;
      }
      names.push(...got);
    }
    const cls = names.find((c) => this.isErrorClass(c)) ?? null;
    return unknown && !names.length ? null : cls;
  }

  /**
   * The classes an expression names (short names): `Foo::class`, `self::class`, `__CLASS__`, a
   * string naming a class (`'Foo\\BarException'`), a ternary of those, `$this->exception` of a
   * property declared with one (`protected $exception = ValidationException::class;`). Null when
   * it is anything else.
   */
  classesOf(e: SgNode, s: Site, depth = 0): string[] | null {
    const k = e.kind() as string;
    if (depth > 3) return null;
    if (k === 'conditional_expression') {
      const kids = e.namedChildren().filter((c) => c.kind() !== 'comment');
      const a = kids.length === 3 ? this.classesOf(kids[1], s, depth + 1) : null;
      const b = a ? this.classesOf(kids[2], s, depth + 1) : null;
      return a && b ? [...a, ...b] : null;
    }
    if (k === 'parenthesized_expression') {
      const kids = e.namedChildren();
      return kids.length === 1 ? this.classesOf(kids[0], s, depth + 1) : null;
    }
    if (k === 'match_expression') {
      // (`match ($level) { 4 => ClientException::class, default => self::class }`: each arm's class; an arm that throws gives none)
      const block = e.field('body') ?? e.namedChildren().find((c) => c.kind() === 'match_block');
      const arms = block?.namedChildren().filter((c) => c.kind() === 'match_conditional_expression' || c.kind() === 'match_default_expression') ?? [];
      const out: string[] = [];
      for (const arm of arms) {
        const v = arm.namedChildren().filter((c) => c.kind() !== 'comment').at(-1);
        if (!v || v.kind() === 'throw_expression') continue;
        const got = this.classesOf(v, s, depth + 1);
        if (!got) return null;
        out.push(...got);
      }
      return out.length ? out : null;
    }
    if (k === 'binary_expression' && e.field('operator')?.text() === '??') {
      // (`self::$map[$code] ?? ServerException::class`: the table's classes, then the fallback's)
      const a = this.classesOf(e.field('left') ?? e.namedChildren()[0], s, depth + 1);
      const b = a ? this.classesOf(e.field('right') ?? e.namedChildren().at(-1)!, s, depth + 1) : null;
      return a && b ? [...new Set([...a, ...b])] : null;
    }
    if (k === 'subscript_expression') {
      // (`self::$errorResponses[$name]` of a table whose every value names a class, `[X::RESPONSE_OUT_OF_MEMORY
      // => ServerOutOfMemoryException::class, …]`: its classes, in order)
      const kids = e.namedChildren().filter((c) => c.kind() !== 'comment');
      const arr = kids.length === 2 ? this.classTable(kids[0], s) : null;
      if (!arr) return null;
      const out: string[] = [];
      let n = 0;
      for (const el of arr.namedChildren()) {
        if (el.kind() !== 'array_element_initializer') continue;
        if (++n > MAX_CLASS_TABLE) return null;
        const v = el.namedChildren().filter((c) => c.kind() !== 'comment').at(-1);
        const got = v ? this.classesOf(v, s, depth + 1) : null;
        if (!got) return null;
        out.push(...got);
      }
      return out.length ? [...new Set(out)] : null;
    }
    if (k === 'member_access_expression' && e.field('object')?.text() === '$this' && s.sc.cls) {
      const prop = e.field('name')?.text();
      const v = prop ? this.ctx.propertyDefault(s.sc.cls, prop) : undefined;
      return v ? this.classesOf(v, s, depth + 1) : null;
    }
    let name: string | null = null;
    if (k === 'class_constant_access_expression') {
      const m = /^(\\?[A-Za-z_][\w\\]*)\s*::\s*class$/i.exec(e.text());
      if (m) name = /^(?:self|static)$/i.test(m[1]) ? s.sc.cls : /^parent$/i.test(m[1]) ? this.parentOf(s.sc.cls) : shortName(m[1]);
    } else if (k === 'name' && e.text() === '__CLASS__') name = s.sc.cls;
    else if (k === 'string' || k === 'encapsed_string') {
      const t = stringText(e);
      if (t && /^\\?[A-Za-z_][\w\\]*$/.test(t)) name = shortName(t);
    }
    return name ? [name] : null;
  }

  /**
   * The array literal a table of classes is read from: a property of the class around the site
   * (`self::$map`, `static::$map`, `$this->map`) or a constant of it (`self::MAP`), declared in this
   * file, or the function's own variable given one (`$map = [...]`).
   */
  classTable(obj: SgNode, s: Site): SgNode | null {
    const k = obj.kind() as string;
    if (k === 'variable_name' && obj.text() !== '$this') {
      const found = s.scope.fn ? localArray(s.scope.fn, obj.text().slice(1), this.ctx) : undefined;
      return found && found.kind() === 'array_creation_expression' ? found : null;
    }
    const cls = s.sc.cls;
    if (!cls) return null;
    let found: SgNode | undefined;
    if (k === 'member_access_expression') {
      const name = obj.field('name');
      if (obj.field('object')?.text() === '$this' && name?.kind() === 'name') found = this.ctx.propertyArray(cls, name.text());
    } else if (k === 'scoped_property_access_expression' || k === 'class_constant_access_expression') {
      const parts = obj.namedChildren();
      if (parts.length !== 2 || !/^(?:self|static)$/i.test(parts[0].text())) return null;
      if (k === 'scoped_property_access_expression') found = parts[1].kind() === 'variable_name' ? this.ctx.propertyArray(cls, parts[1].text().slice(1)) : undefined;
      else found = this.ctx.constant(cls, parts[1].text());
    }
    return found && found.kind() === 'array_creation_expression' ? found : null;
  }

  /**
   * Laravel's raise helpers, `throw_if($condition, ValidationException::class, $this)` and
   * `throw_unless`: the exception is made inside the helper (another package), from the class and
   * the arguments after it, so the call is the site (the innermost location of the tree in a trace),
   * the arguments the construction's. A message given instead of a class is the helper's
   * `RuntimeException`'s.
   */
  raiseHelper(n: SgNode): void {
    const args = argNodes(n).filter((a) => argName(a) === null);
    const exc = args[1];
    if (!exc) return;
    const s = this.newSite(n);
    const classes = this.classesOf(exc, s);
    const cls = classes?.find((c) => this.isErrorClass(c));
    let params = args.slice(2);
    let errorClass: string;
    if (cls) errorClass = cls;
    else if (exc.kind() === 'string' || exc.kind() === 'encapsed_string') [errorClass, params] = ['RuntimeException', [exc]];
    else return;
    const infos = this.argInfos(params, s.scope);
    const msg = this.constructionMessage(params, s.scope);
    let template: Template | null = null;
    if (msg) {
      template = infos[params.indexOf(msg)].template;
      if (!build(msg, s.scope).s && !(template.length === 1 && isHole(template[0]))) template = [hole(exprOf(msg))];
    }
    this.push(s, { errorType: 'exception', errorClass, template, args: infos });
  }

  parentOf(cls: string | null): string | null {
    const bases = cls ? this.ctx.classes.get(cls) : undefined;
    return bases?.[0] ?? null;
  }

  triggerError(n: SgNode): void {
    const args = argNodes(n);
    if (!args[0]) return;
    const s = this.newSite(n);
    const level = args[1] ? args[1].text().replace(/^\\/, '') : 'E_USER_NOTICE';
    let errorType: ErrorType = 'warning';
    let severity: Severity = 'warning';
    if (level === 'E_USER_ERROR') [errorType, severity] = ['exception', 'critical'];
    else if (level === 'E_USER_NOTICE') severity = 'info';
    const b = build(args[0], s.scope);
    this.push(s, { errorType, severity, errorClass: null, template: b.t, args: this.argInfos(args.slice(0, 1), s.scope), ...(b.alts ? { alternatives: b.alts } : {}) });
  }

  logCall(n: SgNode): void {
    const method = n.field('name')?.text() ?? '';
    const recv = n.field('object');
    if (!recv || !LOG_RECEIVER.test(recv.text().slice(-40))) return;
    const args = argNodes(n);
    if (!args[0]) return;
    const s = this.newSite(n);
    const b = build(args[0], s.scope);
    if (!b.s) return;
    this.push(s, { errorType: 'log', severity: LOG_METHODS[method] ?? 'error', template: psr3(b.t) });
  }

  /**
   * Method calls handing a sentence to a method no class of this file declares (`$parser->error('An
   * expression was expected.', $token)` in a parser's component): the helper may raise it in another
   * file, so each is one of the file's `calls` (facts/callers.ts binds it to a helper of that name
   * whose site passes its parameter; the helper's own file's callers come first). Not a PSR-3 log call.
   */
  foreignCalls(source: string): void {
    const names = new Set<string>();
    for (const m of source.matchAll(MESSAGE_CALL)) {
      if (names.size >= MAX_FOREIGN_CALLS) break;
      if (!this.ctx.declaresMethod(m[1])) names.add(m[1]);
    }
    if (names.size === 0) return;
    const re = `^(?:${[...names].join('|')})$`;
    const rule = { rule: { any: ['member_call_expression', 'nullsafe_member_call_expression', 'scoped_call_expression'].map((kind) => ({ kind, has: { field: 'name', regex: re } })) } };
    for (const n of this.ctx.root.findAll(rule)) {
      if (this.foreign.length >= MAX_FOREIGN_CALLS) return;
      const recv = n.field('object')?.text() ?? '';
      if (Object.hasOwn(LOG_METHODS, n.field('name')!.text()) && LOG_RECEIVER.test(recv.slice(-40))) continue;
      if (MESSAGE_ARGS.test(n.field('arguments')?.text() ?? '')) this.foreign.push(n);
    }
  }

  classDecl(n: SgNode): void {
    const name = n.field('name')?.text();
    if (!name) return;
    const base = n.namedChildren().find((c) => c.kind() === 'base_clause');
    const bases = base ? base.namedChildren().filter((c) => c.kind() !== 'comment').map((c) => shortName(c.text())) : [];
    this.ctx.classes.set(name, bases);
  }

  /** What each class of the file fixes of its message: its constructor's `parent::__construct(…)` or `$this->message = …`, or a `$message` default. */
  classInfo(n: SgNode): void {
    const name = n.field('name')?.text();
    if (!name) return;
    const bases = this.ctx.classes.get(name) ?? [];
    const info: ClassInfo = { name, bases, line: n.range().start.line + 1, template: null, params: [] };
    const body = n.field('body');
    if (!body) return;
    let ctor: SgNode | null = null;
    let defaultMessage: SgNode | null = null;
    const traits: string[] = [];
    for (const m of body.namedChildren()) {
      if (m.kind() === 'use_declaration') traits.push(...usedTraits(m));
      else if (m.kind() === 'method_declaration' && m.field('name')?.text().toLowerCase() === '__construct') ctor = m;
      else if (m.kind() === 'property_declaration') {
        for (const p of m.namedChildren()) {
          if (p.kind() !== 'property_element') continue;
          if (p.field('name')?.text() === '$message') defaultMessage = p.field('default_value');
        }
      }
    }
    const scope = new Scope(this.ctx, ctor, name);
    if (ctor) {
      info.params = paramNames(ctor);
      const cbody = ctor.field('body');
      // (a constructor may call its base in several branches, one returning early: the first call's
      // message is the class's, each other's a message of every raise of it)
      const sups = cbody?.findAll({ rule: { kind: 'scoped_call_expression', all: [{ has: { field: 'scope', regex: '^parent$' } }, { has: { field: 'name', regex: '^__construct$' } }] } }) ?? [];
      const sup = sups[0];
      const assign = cbody?.find({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: '^\\$this->message$' } } });
      if (sup) {
        const args = argNodes(sup);
        info.superArgs = this.argInfos(args, scope);
        const msg = this.messageArg(args);
        if (msg) {
          const a = info.superArgs[args.indexOf(msg)];
          info.template = a.template;
          if (a.alts) info.alts = a.alts;
        }
        info.templateFrom = 'super';
        const others: Template[] = [];
        const forms: Template[][] = [];
        for (const other of sups.slice(1, 1 + MAX_SUPER_BRANCHES)) {
          const m = this.messageArg(argNodes(other));
          const b = m ? build(m, scope) : null;
          // (a parameter passed on bare, `if ($this->optionId) parent::__construct(sprintf('option %s: %s',
          // $this->optionId, $msg)); else parent::__construct($msg);`: the raise's own text, a message of
          // every raise, as the value that chooses may be empty whatever the raise passes)
          if (!b || (!b.s && !(b.t.length === 1 && isHole(b.t[0]) && info.params.includes(b.t[0].hole.expr ?? '')))) continue;
          others.push(b.t);
          forms.push(b.alts ?? []);
        }
        if (others.length) info.branches = others;
        if (forms.some((f) => f.length)) info.branchAlts = forms;
      }
      if (assign) {
        const right = assign.field('right');
        if (right) {
          const b = build(right, scope);
          info.template = b.t;
          if (b.alts) info.alts = b.alts;
          info.templateFrom = 'attr';
        }
      }
    }
    if (ctor && info.template) {
      // (`$this->reason = $reason; … $message .= ' with reason: ' . $this->reason;`: the parameter's value)
      const stored = storedParams(ctor);
      info.template = renameStored(info.template, stored);
      if (info.alts) info.alts = info.alts.map((t) => renameStored(t, stored));
      if (info.branches) info.branches = info.branches.map((t) => renameStored(t, stored));
      if (info.branchAlts) info.branchAlts = info.branchAlts.map((ts) => ts.map((t) => renameStored(t, stored)));
      if (info.superArgs) info.superArgs = info.superArgs.map((a) => ({ ...a, template: renameStored(a.template, stored), ...(a.alts ? { alts: a.alts.map((t) => renameStored(t, stored)) } : {}) }));
    }
    if (ctor && info.template && info.alts?.length) {
      // Forms a raise's arguments cannot choose between (the same parameters in each: phpdoc-parser's
      // `sprintf('… expected %s%s at offset %d', …, $value !== null ? sprintf(' (%s)', …) : '', …)`)
      // are each a message of every raise, as branches are; the others stay forms chosen by the arguments.
      const key = paramHoles(info.template, info.params);
      const same = info.alts.filter((t) => paramHoles(t, info.params) === key);
      if (same.length) {
        info.branches = [...(info.branches ?? []), ...same];
        info.alts = info.alts.filter((t) => paramHoles(t, info.params) !== key);
      }
    }
    if (ctor && info.template) {
      const alt = withDefaults(info.template, ctor, scope);
      if (alt) info.alts = [...(info.alts ?? []), alt];
    }
    if (ctor && info.alts?.length && info.templateFrom === 'super') {
      const when = conditionedForms(ctor, sups0(ctor), scope);
      if (when.size) {
        const out = info.alts.map((t) => when.get(JSON.stringify(t)) ?? null);
        if (out.some((w) => w)) info.altWhen = out;
      }
    }
    // (`parent::__construct($this->message, …)` after a method built it: what that method writes)
    const ownProperty = info.template?.length === 1 && isHole(info.template[0]) && info.template[0].hole.expr === 'this->message';
    if (!info.template || literalOf(info.template, '') === '' || ownProperty) {
      // `$this->message = sprintf(…, $this->key)` in a method the constructor calls (`updateRepr()`):
      // each such message one the class may fix, its fields named after the constructor's parameters
      const set = this.messageAssignments(body, ctor);
      const built = set.length ? null : builtMessage(body, ctor, this.ctx, name);
      if (set.length) {
        info.template = set[0];
        if (set.length > 1) info.branches = set.slice(1);
        delete info.branchAlts;
        info.templateFrom = 'attr';
      } else if (built) {
        info.template = built[0][0];
        if (built[0].length > 1) info.alts = built[0].slice(1);
        else delete info.alts;
        if (built.length > 1) {
          info.branches = built.slice(1).map((g) => g[0]);
          info.branchAlts = built.slice(1).map((g) => g.slice(1));
        } else {
          delete info.branches;
          delete info.branchAlts;
        }
        info.templateFrom = 'attr';
      }
    }
    if (!info.template && defaultMessage) {
      const b = build(defaultMessage, scope);
      if (b.s) {
        info.template = b.t;
        info.templateFrom = 'attr';
      }
    }
    // (a class without a constructor of its own takes its traits' (`use HttpExceptionTrait;`, whose
    // `__construct` builds the message): a trait's methods come before the parent's, so the traits
    // are its first bases; a trait fixing no message is no class of the table, and the walk goes on)
    if (!ctor && traits.length) info.bases = [...traits, ...bases];
    if (info.template || info.bases.length) this.classes.push(info);
  }

  /** `$this->message = …` in the class's methods, with `$this->x` holes renamed to the constructor parameter stored in `x`. */
  messageAssignments(body: SgNode, ctor: SgNode | null): Template[] {
    const stored = storedParams(ctor);
    const out: Template[] = [];
    for (const a of body.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: '^\\$this->message$' } } })) {
      if (out.length >= 8) break;
      const right = a.field('right');
      if (!right) continue;
      const sc = siteContext(a, this.ctx.symbols);
      const scope = new Scope(this.ctx, sc.fn, sc.cls);
      const b = build(right, scope);
      if (!b.s || !b.t.some((x) => 'lit' in x && x.lit.trim() !== '')) continue;
      for (const t of appendedForms(a, b.t, scope)) if (out.length < 8) out.push(renameStored(t, stored));
    }
    return out;
  }

  /**
   * Calls in this file of the functions whose sites take their message from a parameter
   * (`throw new X($message)` in `fail($message)`, a named constructor `forKey($key)`): each call
   * with text in its arguments, for the callers' messages (facts/callers.ts).
   */
  helperCalls(): CallInfo[] {
    const names = new Set<string>();
    for (const s of this.sites) {
      const t = s.template ?? [];
      if (!s.symbol || !s.params || !passesParam(t, s.params)) continue;
      names.add(s.symbol.slice(s.symbol.lastIndexOf('.') + 1));
    }
    const out: CallInfo[] = [];
    for (const call of this.foreign) {
      const c = this.callInfo(call, call.field('name')!);
      // (a sentence among the arguments: a message, not a key or a path)
      if (c && c.args.some((a) => a.template.some((seg) => 'lit' in seg && SENTENCE.test(seg.lit)))) out.push(c);
    }
    if (names.size === 0) return out;
    const re = `^(?:${[...names].join('|')})$`;
    const rule = {
      rule: {
        any: [
          { kind: 'function_call_expression', has: { field: 'function', regex: `(?:^|\\\\)(?:${[...names].join('|')})$` } },
          { kind: 'member_call_expression', has: { field: 'name', regex: re } },
          { kind: 'nullsafe_member_call_expression', has: { field: 'name', regex: re } },
          { kind: 'scoped_call_expression', has: { field: 'name', regex: re } },
        ],
      },
    };
    for (const call of this.ctx.root.findAll(rule)) {
      const fn = call.kind() === 'function_call_expression' ? call.field('function') : call.field('name');
      const c = fn ? this.callInfo(call, fn) : null;
      if (c && c.args.some((a) => a.template.some((seg) => 'lit' in seg))) out.push(c);
    }
    return out;
  }

  /** A call as its callers' binding reads it: the callee's short name, the arguments' texts, the enclosing function. */
  callInfo(call: SgNode, fn: SgNode): CallInfo {
    const sc = siteContext(call, this.ctx.symbols);
    const scope = new Scope(this.ctx, sc.fn, sc.cls);
    const args = this.argInfos(argNodes(call), scope);
    const c: CallInfo = { callee: shortName(fn.text()), args, line: call.range().start.line + 1, symbol: sc.symbol };
    if (sc.fn) c.params = paramNames(sc.fn);
    const recv = receiverClass(call, sc);
    if (recv) c.receiverClass = recv;
    return c;
  }
}

/**
 * The message with each constructor parameter that has a text default (`string $message = 'Invalid
 * password.'`) given that default: the message of a raise that leaves it out (`new
 * InvalidPasswordException()`; facts/classes.ts's chooseBound takes, among the class's messages,
 * the one that needs no parameter the raise does not pass). Null when no hole has such a default.
 */
function withDefaults(t: Template, ctor: SgNode, scope: Scope): Template | null {
  const defaults = new Map<string, Template>();
  for (const p of ctor.field('parameters')?.namedChildren() ?? []) {
    const name = p.field('name')?.text().replace(/^[&$]+/, '');
    const d = p.field('default_value');
    if (!name || !d || !t.some((x) => isHole(x) && x.hole.expr === name)) continue;
    const b = build(d, scope);
    if (b.s) defaults.set(name, b.t);
  }
  if (defaults.size === 0) return null;
  return normalize(t.flatMap((x) => (isHole(x) && x.hole.expr && defaults.has(x.hole.expr) ? defaults.get(x.hole.expr)! : [x])));
}

/**
 * The class a method call's receiver is known to be, by its short name: `$this`, `self::`, `static::`
 * the class around the call; `Name::` that name; `$x` a parameter of the enclosing function declared
 * with one class type (`Parser $parser`). Null otherwise (`parent::`, a union, a local).
 */
function receiverClass(call: SgNode, sc: SiteContext): string | null {
  const k = call.kind() as string;
  if (k === 'function_call_expression') return null;
  const recv = (k === 'scoped_call_expression' ? call.field('scope') : call.field('object'))?.text() ?? '';
  if (recv === '$this' || recv === 'self' || recv === 'static') return sc.cls;
  if (/^\\?[A-Za-z_][\w\\]*$/.test(recv) && recv !== 'parent') return shortName(recv);
  if (!/^\$\w+$/.test(recv) || !sc.fn) return null;
  for (const p of sc.fn.field('parameters')?.namedChildren() ?? []) {
    if (p.field('name')?.text() !== recv) continue;
    const type = p.field('type')?.text() ?? '';
    return /^\\?[A-Za-z_][\w\\]*$/.test(type) ? shortName(type) : null;
  }
  return null;
}

/** The constructor parameters a message's holes are, in order: what chooseBound tells forms apart by. */
function paramHoles(t: Template, params: string[]): string {
  return t.filter((x) => isHole(x) && x.hole.expr && params.includes(x.hole.expr)).map((x) => (isHole(x) ? x.hole.expr : '')).join('\0');
}

/**
 * `$this->x = $param` in a constructor: the property `x` → the parameter stored in it. A value shown
 * from the one parameter counts (`(string) $option`, `$snippet ? JsonLD::toString($snippet) : $snippet`).
 */
function storedParams(ctor: SgNode | null): Map<string, string> {
  const stored = new Map<string, string>();
  const cbody = ctor?.field('body');
  if (!ctor || !cbody) return stored;
  const params = new Set(paramNames(ctor));
  for (const a of cbody.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^\\$this->${W}+$` } } })) {
    const r = a.field('right');
    const l = a.field('left');
    if (!r || !l) continue;
    if (r.kind() === 'variable_name') stored.set(l.text().slice(7), r.text().slice(1));
    else {
      const p = shownParam(r, params);
      if (p) stored.set(l.text().slice(7), p);
    }
  }
  return stored;
}

/** The constructor's first `parent::__construct(…)` call. */
function sups0(ctor: SgNode): SgNode | null {
  return ctor.field('body')?.find({ rule: { kind: 'scoped_call_expression', all: [{ has: { field: 'scope', regex: '^parent$' } }, { has: { field: 'name', regex: '^__construct$' } }] } }) ?? null;
}

/** Assignments to the message variable read under a condition, at most. */
const MAX_CONDITIONED = 8;

/**
 * The forms of a constructor's message chosen by an argument compared with a literal: `$message =
 * "Token … not found."; if ($this->matchType === 'search') { $message = "Search for … returned no
 * results."; } else if ($this->matchType === 'identifier') { … }` before `parent::__construct($message)`.
 * Each assignment of the variable the base is given that an `if`/`elseif` on `$this->p === 'x'` (or
 * `$p == 'x'`, a constructor parameter or the property it is stored in) guards, by its text
 * (JSON of the template, as classInfo renames it) → the parameter and the literal.
 */
function conditionedForms(ctor: SgNode, sup: SgNode | null, scope: Scope): Map<string, AltWhen> {
  const out = new Map<string, AltWhen>();
  const arg = sup ? argNodes(sup)[0] : undefined;
  if (!arg || arg.kind() !== 'variable_name') return out;
  const params = new Set(paramNames(ctor));
  const stored = storedParams(ctor);
  const name = arg.text();
  let seen = 0;
  for (const a of ctor.field('body')!.findAll({ rule: { kind: 'assignment_expression', has: { field: 'left', regex: `^\\$${name.slice(1)}$` } } })) {
    if (++seen > MAX_CONDITIONED) break;
    const right = a.field('right');
    const when = right ? guard(a, params, stored) : null;
    if (!right || !when) continue;
    out.set(JSON.stringify(renameStored(build(right, scope).t, stored)), when);
  }
  return out;
}

/** The `if`/`elseif` condition `$this->p === 'x'` (`==`, either side) nearest above a statement, as the parameter and the literal. */
function guard(n: SgNode, params: Set<string>, stored: Map<string, string>): AltWhen | null {
  for (let p = n.parent(), i = 0; p && i < 6; p = p.parent(), i++) {
    const k = p.kind();
    if (k === 'method_declaration') return null;
    if (k !== 'if_statement' && k !== 'else_if_clause') continue;
    let c = p.field('condition');
    if (c?.kind() === 'parenthesized_expression') c = c.namedChildren()[0] ?? null;
    if (!c || c.kind() !== 'binary_expression' || !/^===?$/.test(c.field('operator')?.text() ?? '')) return null;
    const l = c.field('left');
    const r = c.field('right');
    if (!l || !r) return null;
    const [side, text] = stringText(r) !== null ? [l, stringText(r)] : [r, stringText(l)];
    if (text === null) return null;
    const t = side.text();
    const param = t.startsWith('$this->') ? stored.get(t.slice(7)) : t.startsWith('$') && params.has(t.slice(1)) ? t.slice(1) : undefined;
    return param ? { param, value: text } : null;
  }
  return null;
}

/** Parts appended under a condition to a message property, at most (their combinations are the forms). */
const MAX_MESSAGE_PARTS = 4;

/**
 * The forms of a message a method of the class builds in `$this->message` from what the constructor
 * stored (`updateMessage()`: `$this->message = $this->rawMessage;`, then `if ($this->snippet) {
 * $this->message .= sprintf(' (near %s)', $this->snippet); }`…), its `$this->x` named after the
 * constructor's parameters. Each combination of the parts appended under a condition is a form; a
 * trailing text cut under a test of it (`if ('.' === substr($this->message, -1)) { $this->message =
 * substr($this->message, 0, -1); $dot = true; }`) is cut from what the first assignment gives. Forms
 * come in groups, a group per combination of the conditional parts that name no parameter (`if ($dot)
 * { $this->message .= '.'; }`: every raise may give them); within a group a raise's arguments choose
 * (the parts naming what it passes). The first group's first form is the message, the other groups
 * are branches. Null when no method builds the message so.
 */
function builtMessage(body: SgNode, ctor: SgNode | null, ctx: FileCtx, cls: string): Template[][] | null {
  const isMsg = (n: SgNode | null | undefined) => n?.text().replace(/\s+/g, '') === '$this->message';
  if (!/\$this->message\s*\.=/.test(ctx.source)) return null;
  for (const m of body.namedChildren()) {
    if (m.kind() !== 'method_declaration') continue;
    const mbody = m.field('body');
    if (!mbody || !/\$this->message\s*\.=/.test(mbody.text())) continue;
    const scope = new Scope(ctx, m, cls);
    let base: Template | null = null;
    let trim: string | null = null;
    const parts: { t: Template; free: boolean }[] = [];
    let ok = true;
    /** An assignment or append to `$this->message` in a statement: its kind and value. */
    const assignOf = (st: SgNode): { append: boolean; value: SgNode } | null => {
      const e = st.kind() === 'expression_statement' ? st.namedChildren()[0] : null;
      if (!e || (e.kind() !== 'assignment_expression' && e.kind() !== 'augmented_assignment_expression') || !isMsg(e.field('left'))) return null;
      const append = e.kind() === 'augmented_assignment_expression';
      if (append && e.field('operator')?.text() !== '.=') return null;
      const value = e.field('right');
      return value ? { append, value } : null;
    };
    for (const st of mbody.namedChildren()) {
      if (st.kind() === 'comment') continue;
      const a = assignOf(st);
      if (a && !a.append) {
        if (a.value.text().includes('$this->message')) return null;
        base = build(a.value, scope).t;
        parts.length = 0;
        continue;
      }
      if (a && base) {
        parts.push({ t: build(a.value, scope).t, free: false });
        continue;
      }
      if (st.kind() !== 'if_statement' || !st.text().includes('$this->message')) continue;
      if (!base || st.field('alternative')) {
        ok = false;
        break;
      }
      const inner = st.field('body');
      const list = (inner?.kind() === 'compound_statement' ? inner.namedChildren() : inner ? [inner] : []).filter((x) => x.kind() !== 'comment');
      const sets = list.map(assignOf);
      const cut = sets.find((x) => x && !x.append && /^substr\(\s*\$this->message\s*,\s*0\s*,\s*-\d+\s*\)$/.test(x.value.text()));
      if (cut) {
        // (`'.' === substr($this->message, -1)`: the text tested is what the assignment cuts)
        const lit = st.field('condition')?.find({ rule: { kind: 'string' } });
        trim = lit ? stringText(lit) : null;
        if (!trim) {
          ok = false;
          break;
        }
        continue;
      }
      const appends = sets.filter((x): x is { append: boolean; value: SgNode } => !!x && x.append);
      if (appends.length !== sets.filter(Boolean).length || !appends.length) {
        ok = false;
        break;
      }
      const t = normalize(appends.flatMap((x) => build(x.value, scope).t));
      parts.push({ t, free: !t.some((x) => isHole(x)) });
    }
    if (!ok || !base || !parts.length || parts.length > MAX_MESSAGE_PARTS) continue;
    if (trim && base.length === 1 && isHole(base[0])) base = [{ hole: { ...base[0].hole, trim: { end: true, start: false, chars: trim } } }];
    const stored = storedParams(ctor);
    const groups = new Map<string, Template[]>();
    for (let mask = 0; mask < 1 << parts.length; mask++) {
      const t = renameStored(normalize([...base, ...parts.flatMap((p, i) => (mask & (1 << i) ? p.t : []))]), stored);
      const key = parts.map((p, i) => (p.free && mask & (1 << i) ? '1' : '0')).join('');
      groups.set(key, [...(groups.get(key) ?? []), t]);
    }
    return [...groups.values()];
  }
  return null;
}

/** Forms of a message the statements after its assignment append to, at most. */
const MAX_APPENDED_FORMS = 4;

/**
 * `$this->message = "No query results for model [{$model}]"; if (count($this->ids) > 0) {
 * $this->message .= ' '.implode(', ', $this->ids); } else { $this->message .= '.'; }` in a setter
 * (`throw (new ModelNotFoundException)->setModel($class, $id)`): the assignment's text with the
 * appends of the statements after it in its block, an append at the top taken always, an `if`
 * (with or without `else`) whose branches only append giving a form per branch (the `if`'s first).
 * Another statement naming the message ends the reading, and the text stays as assigned.
 */
function appendedForms(assign: SgNode, base: Template, scope: Scope): Template[] {
  const st = assign.parent();
  if (st?.kind() !== 'expression_statement' || !/\$this->message\s*\.=/.test(st.parent()?.text() ?? '')) return [base];
  const isMsg = (n: SgNode | null | undefined) => n?.text().replace(/\s+/g, '') === '$this->message';
  /** The value appended by a statement `$this->message .= …;`, else null. */
  const appendOf = (x: SgNode): SgNode | null => {
    const e = x.kind() === 'expression_statement' ? x.namedChildren()[0] : null;
    if (e?.kind() !== 'augmented_assignment_expression' || e.field('operator')?.text() !== '.=' || !isMsg(e.field('left'))) return null;
    return e.field('right');
  };
  /** The appends of a branch that only appends (a block or one statement), else null. */
  const branchAppends = (b: SgNode | null | undefined): SgNode[] | null => {
    if (!b) return null;
    const list = (b.kind() === 'compound_statement' ? b.namedChildren() : [b]).filter((x) => x.kind() !== 'comment');
    const vals = list.map(appendOf);
    return vals.every((v): v is SgNode => v !== null) ? vals : null;
  };
  let forms: Template[] = [base];
  for (let x = st.next(); x; x = x.next()) {
    if (!x.isNamed() || x.kind() === 'comment') continue;
    const v = appendOf(x);
    if (v) {
      const t = build(v, scope).t;
      forms = forms.map((f) => concat(f, t));
      continue;
    }
    if (!x.text().includes('$this->message')) continue;
    if (x.kind() !== 'if_statement') break;
    const body = branchAppends(x.field('body'));
    const alt = x.field('alternative');
    const other = alt ? (alt.kind() === 'else_clause' ? branchAppends(alt.field('body') ?? alt.namedChildren().at(-1)) : null) : [];
    if (!body || !other) break;
    const withBody = forms.map((f) => body.reduce((acc, n) => concat(acc, build(n, scope).t), f));
    const withOther = forms.map((f) => other.reduce((acc, n) => concat(acc, build(n, scope).t), f));
    forms = [...withBody, ...withOther].slice(0, MAX_APPENDED_FORMS);
  }
  return forms.map((f) => normalize(f));
}

/** The one parameter a value shows: a cast, a ternary or a call reading it and no other variable; else null. */
function shownParam(v: SgNode, params: Set<string>): string | null {
  const k = v.kind() as string;
  if (k !== 'cast_expression' && k !== 'conditional_expression' && k !== 'parenthesized_expression' && k !== 'function_call_expression' && k !== 'scoped_call_expression') return null;
  const names = new Set(v.findAll({ rule: { kind: 'variable_name' } }).map((n) => n.text().slice(1)));
  if (names.size !== 1) return null;
  const [only] = names;
  return params.has(only) ? only : null;
}

/** `$this->x` holes renamed to the constructor parameter stored in `x`, so a raise's argument binds to them. */
function renameStored(t: Template, stored: Map<string, string>): Template {
  if (stored.size === 0) return t;
  return t.map((x) => {
    if (!isHole(x) || !x.hole.expr?.startsWith('this->')) return x;
    const param = stored.get(x.hole.expr.slice(6));
    return param ? { hole: { ...x.hole, name: param, expr: param } } : x;
  });
}

export function analyzePhp(source: string): FileAnalysis {
  const root = parsePhp(source).root();
  const ctx = new FileCtx(root, source);
  const a = new FileAnalyzer(ctx);
  const found = root.findAll(RULE);
  let syntaxErrorLine: number | null = null;
  // classes first: `new self` and the file's exception classes need them
  for (const n of found) {
    const k = n.kind() as string;
    if (k === 'class_declaration') a.classDecl(n);
    else if (k === 'ERROR' && syntaxErrorLine === null) syntaxErrorLine = n.range().start.line + 1;
  }
  for (const n of found) {
    switch (n.kind() as string) {
      case 'class_declaration':
      case 'trait_declaration':
        a.classInfo(n);
        break;
      case 'object_creation_expression':
        a.construction(n);
        break;
      case 'function_call_expression':
        if (/throw_/.test(n.field('function')?.text() ?? '')) a.raiseHelper(n);
        else a.triggerError(n);
        break;
      case 'member_call_expression':
      case 'nullsafe_member_call_expression':
        a.logCall(n);
        break;
    }
  }
  a.foreignCalls(source);
  const out: FileAnalysis = { sites: a.sites, classes: a.classes };
  const calls = a.helperCalls();
  if (calls.length) out.calls = calls;
  if (syntaxErrorLine !== null) out.syntaxErrorLine = syntaxErrorLine;
  // (before the tables: a returned entry registers its class's array, FileCtx.arrays)
  const returns = [...messageReturns(ctx, source), ...hookReturns(ctx, source)];
  if (returns.length) out.returns = returns;
  const tables = constantTables(ctx);
  if (tables.length) out.tables = tables;
  return out;
}

/** The traits a class body's `use A, \\B\\C { … }` names (short names). */
function usedTraits(use: SgNode): string[] {
  return use.children().filter((c) => c.kind() === 'name' || c.kind() === 'qualified_name').map((c) => shortName(c.text()));
}

/** No word a site or class needs: analyzePhp would find nothing but syntax errors. */
export function phpCannotRaise(source: string): boolean {
  return !CONST_TEXT.test(source) && !/\bnew\b|\bclass\b|\btrait\b|_error\s*\(|\bthrow_(?:if|unless)\s*\(|->\s*(?:emergency|alert|critical|error|warning)\s*\(/i.test(source);
}

/** Whether a closure takes in variable `v` by `use ($v)` or `use (&$v)`. */
function usesVar(fn: SgNode, v: string): boolean {
  const clause = fn.children().find((c) => c.kind() === 'anonymous_function_use_clause');
  if (!clause) return false;
  return clause.namedChildren().some((c) => (c.kind() === 'by_ref' ? c.namedChildren()[0] : c)?.text() === `$${v}`);
}

/** The function around a closure (null at the file's top level). */
function outerFn(fn: SgNode): SgNode | null {
  for (let p = fn.parent(); p; p = p.parent()) if (FN_KINDS.has(p.kind() as string)) return p;
  return null;
}
