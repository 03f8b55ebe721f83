// The Kotlin frontend: one walk over the tree.
//
// Sites:
// - `throw X(args)`: the class as written, the message from the first text argument; `X(…)` of an
//   error class anywhere else is constructedOnly (the stack is filled in where it is built).
// - `require(c) { "…" }`, `check`, `requireNotNull`, `checkNotNull` (their default messages
//   without a lambda), `error("…")`, `TODO()` / `TODO("why")`: inline functions of the standard
//   library, so a trace names the caller's line.
// - Loggers at error and warning level, as in Java.
// Messages: literals and raw strings, `$x` and `${expr}` templates, `+`, `"…".format(args)`,
// `const val` / `val` constants and locals.
// Classes: `class X(msg: String) : Base("…$msg")` (the primary constructor's delegation), and
// secondary constructors' `: super(…)`.

import type { SgNode } from '@ast-grep/napi';
import type { ArgInfo, ClassInfo, FileAnalysis, Guard, RawSite } from '../../core/site.js';
import { concat, hole, lastSegment, lit, type Template } from '../../template/ir.js';
import { parseJvm } from './grammar.js';
import { unescape } from './strings.js';
import { applyAnchors, applyPercent, type FieldArg } from './template.js';
import { conditionText, EXC_NAME, hasLiteral, isLogger, KOTLIN_CHECKS, LOG_METHODS, makeSite, messageOf, NO_CAUGHT, oneLine, type At, type Fn } from './sites.js';

const TYPE_DECLS = new Set(['class_declaration', 'object_declaration']);

export function analyzeKotlin(source: string): FileAnalysis {
  const root = parseJvm('kotlin', source).root();
  return new KotlinFile(root).run();
}

const named = (n: SgNode): SgNode[] => n.children().filter((c) => c.isNamed());
const childOf = (n: SgNode, kind: string): SgNode | undefined => n.children().find((c) => c.kind() === kind);

/** A type as a class is named (`a.b.E<T>?` → `a.b.E`). */
const typeName = (n: SgNode): string => oneLine(n.text()).replace(/[<?].*$/, '').trim();

class KotlinFile {
  private readonly sites: RawSite[] = [];
  private readonly classes: ClassInfo[] = [];
  private readonly constants = new Map<string, Template>();
  private readonly errorClasses = new Set<string>();
  private syntaxErrorLine: number | null = null;

  constructor(private readonly root: SgNode) {}

  run(): FileAnalysis {
    this.collect(this.root, 0, true);
    const top: Fn = { symbol: null, params: [], locals: new Map() };
    this.visit(this.root, { fn: top, guards: [], caught: NO_CAUGHT, classes: [] });
    const out: FileAnalysis = { sites: this.sites, classes: this.classes };
    if (this.syntaxErrorLine !== null) out.syntaxErrorLine = this.syntaxErrorLine;
    return out;
  }

  /** Properties given text outside functions, and the error classes the file defines. */
  private collect(n: SgNode, depth: number, outside: boolean): void {
    if (depth > 200) return;
    const kind = n.kind() as string;
    if (kind === 'function_declaration' || kind === 'secondary_constructor' || kind === 'anonymous_initializer') outside = false;
    if (kind === 'property_declaration' && outside) {
      const name = childOf(n, 'variable_declaration')?.children().find((c) => c.kind() === 'simple_identifier')?.text();
      const value = named(n).at(-1);
      if (name && value) {
        const t = this.template(value, null);
        if (hasLiteral(t) && !this.constants.has(name)) this.constants.set(name, t);
      }
    }
    if (kind === 'class_declaration') {
      const name = childOf(n, 'type_identifier')?.text();
      const base = this.baseCall(n);
      const baseName = base ? typeName(childOf(base, 'user_type') ?? base) : null;
      if (name && (EXC_NAME.test(name) || (baseName && (EXC_NAME.test(baseName) || this.errorClasses.has(lastSegment(baseName)))))) this.errorClasses.add(name);
    }
    for (const c of n.children()) if (c.isNamed()) this.collect(c, depth + 1, outside);
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
    return /^[A-Z]/.test(last) && (EXC_NAME.test(last) || this.errorClasses.has(last));
  }

  private visit(n: SgNode, at: At): void {
    const kind = n.kind() as string;
    if (kind === 'ERROR' && this.syntaxErrorLine === null) this.syntaxErrorLine = n.range().start.line + 1;
    if (TYPE_DECLS.has(kind)) {
      const name = childOf(n, 'type_identifier')?.text() ?? '?';
      if (kind === 'class_declaration') this.classInfo(n, name);
      const classes = [...at.classes, name];
      return this.children(n, { fn: { symbol: classes.join('.'), params: [], locals: new Map() }, guards: [], caught: NO_CAUGHT, classes });
    }
    if (kind === 'companion_object') {
      const name = childOf(n, 'type_identifier')?.text() ?? 'Companion';
      const classes = [...at.classes, name];
      return this.children(n, { ...at, classes, fn: { symbol: classes.join('.'), params: [], locals: new Map() } });
    }
    if (kind === 'function_declaration' || kind === 'secondary_constructor') {
      const name = kind === 'function_declaration' ? childOf(n, 'simple_identifier')?.text() ?? '?' : '<init>';
      const cls = at.classes.join('.');
      const fn: Fn = { symbol: cls ? `${cls}.${name}` : name, params: this.params(n), locals: new Map() };
      return this.children(n, { fn, guards: [], caught: NO_CAUGHT, classes: at.classes });
    }
    if (kind === 'if_expression') return this.ifExpression(n, at);
    if (kind === 'catch_block') {
      const name = childOf(n, 'simple_identifier')?.text();
      const type = childOf(n, 'user_type')?.text() ?? 'Throwable';
      const guards: Guard[] = [...at.guards, { kind: 'catch', text: oneLine(type), line: n.range().start.line + 1 }];
      return this.children(n, { ...at, guards, caught: name ? new Set([...at.caught, name]) : at.caught });
    }
    if (kind === 'property_declaration' && at.fn.symbol !== null) {
      const name = childOf(n, 'variable_declaration')?.children().find((c) => c.kind() === 'simple_identifier')?.text();
      const value = named(n).at(-1);
      if (name && value && value.kind() !== 'variable_declaration') {
        const t = this.template(value, at.fn);
        if (hasLiteral(t)) at.fn.locals.set(name, t);
      }
    }
    if (kind === 'jump_expression' && n.text().startsWith('throw')) {
      const e = named(n)[0];
      if (e?.kind() === 'call_expression') {
        this.call(e, at, true);
        return this.children(e, at);
      }
    }
    if (kind === 'call_expression') this.call(n, at, false);
    this.children(n, at);
  }

  private children(n: SgNode, at: At): void {
    for (const c of n.children()) if (c.isNamed()) this.visit(c, at);
  }

  private params(fn: SgNode): string[] {
    const list = childOf(fn, 'function_value_parameters');
    if (!list) return [];
    return list.children().flatMap((p) => {
      const name = p.kind() === 'parameter' ? childOf(p, 'simple_identifier')?.text() : undefined;
      return name ? [name] : [];
    });
  }

  private ifExpression(n: SgNode, at: At): void {
    const parts = named(n);
    const cond = parts[0];
    if (!cond) return;
    const text = conditionText(cond.text());
    const line = n.range().start.line + 1;
    this.visit(cond, at);
    const bodies = parts.slice(1).filter((p) => p.kind() === 'control_structure_body');
    if (bodies[0]) this.visit(bodies[0], { ...at, guards: [...at.guards, { kind: 'if', text, line }] });
    if (bodies[1]) this.visit(bodies[1], { ...at, guards: [...at.guards, { kind: 'else', text: `!(${text})`, line }] });
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
    return nodes.map((a) => ({ name: null, template: this.template(a, fn) ?? [hole(oneLine(a.text()))], expr: oneLine(a.text()) }));
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
    this.sites.push(site);
  }

  private classInfo(n: SgNode, name: string): void {
    if (!this.errorClasses.has(name)) return;
    const base = this.baseCall(n);
    const bases = base ? [typeName(childOf(base, 'user_type') ?? base)] : [];
    const info: ClassInfo = { name, bases, line: n.range().start.line + 1, template: null, params: [] };
    const ctor = childOf(n, 'primary_constructor');
    const params = ctor ? ctor.children().filter((c) => c.kind() === 'class_parameter').map((p) => childOf(p, 'simple_identifier')?.text() ?? '?') : [];
    const fn: Fn = { symbol: `${name}.<init>`, params, locals: new Map() };
    if (base) {
      const list = childOf(base, 'value_arguments');
      const args = this.argInfos(list ? list.children().filter((c) => c.kind() === 'value_argument').map((v) => named(v).at(-1)!).filter(Boolean) : [], fn);
      const t = messageOf(args);
      if (t) {
        info.template = t;
        info.params = params;
        info.templateFrom = 'super';
        info.superArgs = args;
      }
    }
    this.classes.push(info);
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
        if (!hasLiteral(lt) && !hasLiteral(rt)) return null;
        return concat(lt ?? [hole(oneLine(l.text()))], rt ?? [hole(oneLine(r.text()))]);
      }
      case 'simple_identifier': {
        const name = n.text();
        const local = fn?.locals.get(name);
        if (local) return local;
        if (fn?.params.includes(name)) return [hole(name)];
        return this.constants.get(name) ?? null;
      }
      case 'navigation_expression': {
        const last = lastSegment(oneLine(n.text()));
        return /^[A-Z][A-Z0-9_]*$/.test(last) ? this.constants.get(last) ?? null : null;
      }
      case 'call_expression': {
        // `"…%s…".format(args)`, `String.format("…", args)`
        const parts = this.callParts(n);
        if (!parts || parts.callee.kind() !== 'navigation_expression') return null;
        const calleeText = oneLine(parts.callee.text());
        if (lastSegment(calleeText) !== 'format') return null;
        const fieldArgs = (nodes: SgNode[]): FieldArg[] => nodes.map((a) => ({ template: this.template(a, fn, depth + 1), expr: oneLine(a.text()) }));
        if (calleeText === 'String.format' && parts.args.length) {
          const fmt = this.template(parts.args[0], fn, depth + 1);
          return hasLiteral(fmt) ? applyPercent(fmt, fieldArgs(parts.args.slice(1))) : null;
        }
        const target = named(parts.callee)[0];
        const fmt = target ? this.template(target, fn, depth + 1) : null;
        return hasLiteral(fmt) ? applyPercent(fmt, fieldArgs(parts.args)) : null;
      }
    }
    return null;
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
        out.push(...(local ?? this.constants.get(c.text()) ?? [hole(c.text())]));
      } else if (k === 'interpolated_expression') {
        const inner = named(c)[0];
        const t = inner ? this.template(inner, fn) : null;
        out.push(...(t ?? [hole(oneLine(inner ? inner.text() : c.text().replace(/^\$\{|\}$/g, '')))]));
      }
    }
    return concat(out);
  }
}
