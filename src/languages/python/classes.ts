// Python class definitions → ClassInfo: bases as written, `__init__` parameters,
// and the message the class fixes. Sources of the message, first that yields
// string text wins:
//   1. `__str__` returning a message (`self.attr` resolved through `__init__`)
//   2. `super().__init__(msg)`, `super(X, self).__init__(msg)`, `Base.__init__(self, msg)`
//   3. a class attribute `message`/`msg`/`msg_template`/`fmt`/`default_message`/`default_detail`...
// Holes name constructor parameters (`expr`), so call arguments can be bound.

import type { SgNode } from '@ast-grep/napi';
import { isHole, isLit, literalOf, withOrigin, type Template } from '../../template/ir.js';
import type { ArgInfo, ClassInfo } from '../../core/site.js';
import { build, callArgs, mapSelfHoles, paramNames, Scope, type Built, type ClassScope, type FileCtx } from './template.js';
import { namedFieldTemplate, oneLine, splitTopLevel, stringTemplate } from './strings.js';

const MESSAGE_ATTRS = [
  'message',
  'msg',
  'msg_template',
  'message_template',
  'default_message',
  'default_msg',
  'default_detail',
  'fmt',
  'msg_fmt',
  'message_format',
  'error_message',
];
/** Other class attributes read as message templates through `self` (`self._template.format(...)`). */
const MESSAGE_ATTR_NAME = /(?:^|_)(?:msg|message|template|fmt|format)s?(?:_|$)/i;
/** Class attribute and docstring texts longer than this are not kept as messages. */
const MAX_LITERAL = 300;
const CODE_ATTRS = new Set(['code', 'error_code', 'errcode', 'err_code']);
const STATUS_ATTRS = new Set(['code', 'status_code', 'status', 'http_status', 'status_int']);
const MESSAGE_KWARGS = new Set(['message', 'msg', 'detail']);

/** An assignment to an attribute (`self.x = …` kept by its text: a rule's regular expression is compiled at every search). */
const SELF_ASSIGN = { rule: { kind: 'assignment', has: { field: 'left', kind: 'attribute' } } } as const;
const SELF_ATTR = /^self\.[A-Za-z_]\w*$/;
/** A method call (`….__init__(…)` kept by its name: a rule's regular expression is compiled at every search). */
const METHOD_CALL = { rule: { kind: 'call', has: { field: 'function', kind: 'attribute' } } } as const;
const RETURN = { rule: { kind: 'return_statement' } } as const;
/** Returns of `__str__` read, at most. */
const MAX_STR_RETURNS = 8;

function collectSelfAssigns(init: SgNode | null): Map<string, SgNode[]> {
  const m = new Map<string, SgNode[]>();
  if (!init) return m;
  for (const a of init.findAll(SELF_ASSIGN)) {
    const left = a.field('left');
    const right = a.field('right');
    const text = left?.text() ?? '';
    if (!right || !SELF_ATTR.test(text)) continue;
    const attr = text.slice(5);
    const list = m.get(attr) ?? [];
    list.push(right);
    m.set(attr, list);
  }
  return m;
}

/** The members of a class body that matter here, found by the file's single query. */
export interface ClassMembers {
  init: SgNode | null;
  str: SgNode | null;
}

const ATTR_NAMES = [...new Set([...MESSAGE_ATTRS, ...CODE_ATTRS, ...STATUS_ATTRS])].join('|');
/** A class attribute of interest, as the text of a body statement. */
const ATTR_RE = new RegExp(`^(${ATTR_NAMES})[ \\t]*(?::[^=\\n]*)?=(?!=)`);
/** The same, anywhere in the class text (an indented line): a cheap test before reading the body. */
const ATTR_LINE_RE = new RegExp(`\\n[ \\t]+(${ATTR_NAMES})[ \\t]*(?::[^=\\n]*)?=(?!=)`);

/** A class-level `name = "text"` line, anywhere in the class text: a cheap test before reading the body. */
const STRING_ATTR_LINE_RE = /\n[ \t]+[A-Za-z_]\w*[ \t]*(?::[^=\n]*)?=[ \t]*(?:\(\s*)?[rRuU]?["']/;
const stringAttrRes = new Map<number, RegExp>();
/** STRING_ATTR_LINE_RE for lines indented by exactly `column` characters. */
function stringAttrAt(column: number): RegExp {
  let re = stringAttrRes.get(column);
  if (!re) {
    re = new RegExp(`\\n[ \\t]{${column}}[A-Za-z_]\\w*[ \\t]*(?::[^=\\n]*)?=[ \\t]*(?:\\(\\s*)?[rRuU]?["']`);
    stringAttrRes.set(column, re);
  }
  return re;
}
const SIMPLE_ATTR_RE = /^([A-Za-z_]\w*)[ \t]*(?::[^=\n]*)?=(?!=)/;
const MAX_ATTRS = 24;

/**
 * Class attributes: those named in MESSAGE_ATTRS / CODE_ATTRS / STATUS_ATTRS, and
 * any other whose value is a string literal (`error = 'invalid_request'`), name → value node.
 */
function classAttributes(node: SgNode, text: string): Map<string, SgNode> {
  const attrs = new Map<string, SgNode>();
  const named = ATTR_LINE_RE.test(text);
  if (!named && !STRING_ATTR_LINE_RE.test(text)) return attrs;
  const body = node.field('body');
  if (!body) return attrs;
  // string assignments in methods do not count: only lines at the body's own indentation
  if (!named && !stringAttrAt(body.range().start.column).test(text)) return attrs;
  for (const st of body.namedChildren()) {
    if (st.kind() !== 'expression_statement') continue;
    const m = SIMPLE_ATTR_RE.exec(st.text());
    if (!m) continue;
    const a = st.child(0);
    const v = a && a.kind() === 'assignment' ? a.field('right') : null;
    if (!v) continue;
    if ((named && ATTR_RE.test(m[0])) || (isStringNode(v) && !m[1].startsWith('__') && attrs.size < MAX_ATTRS)) attrs.set(m[1], v);
  }
  return attrs;
}

/** A string literal, implicitly concatenated or not, parenthesized or not. */
function isStringNode(v: SgNode): boolean {
  const k = v.kind();
  if (k === 'string' || k === 'concatenated_string') return true;
  if (k !== 'parenthesized_expression') return false;
  const inner = v.namedChildren().filter((c) => c.kind() !== 'comment');
  return inner.length === 1 && isStringNode(inner[0]);
}

/** The class docstring: a string literal as the first statement of the body. */
function docstring(node: SgNode): string | null {
  const first = node.field('body')?.child(0);
  if (!first || first.kind() !== 'expression_statement') return null;
  const str = first.child(0);
  if (!str || str.kind() !== 'string') return null;
  return literalOf(stringTemplate(str.text()));
}

/** A local given `self` on a line of its own (`err = self`). */
const SELF_ALIAS = /^[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*self[ \t]*(?:#.*)?$/gm;

/**
 * `__str__`'s holes read through a local that starts as `self` (`err = self` / `while err.ctx is not
 * None: out += f'==> {err.ctx}\n'; err = err.error_msg` / `out += f'=====> {err.error_msg}'`: a walk
 * down a chain of wrapped errors whose last is the one raised with its own text) read as `self.…`:
 * what the constructor keeps, the raise's own argument when nothing wraps it.
 */
function selfAliased(b: Built, str: SgNode): Built {
  const text = str.text();
  if (!text.includes('= self')) return b;
  const names = new Set([...text.matchAll(SELF_ALIAS)].map((m) => m[1]).filter((n) => n !== 'self'));
  if (!names.size) return b;
  const map = (t: Template): Template =>
    t.map((seg) => {
      if (!isHole(seg) || !seg.hole.expr) return seg;
      const m = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(seg.hole.expr);
      return m && names.has(m[1]) ? { hole: { ...seg.hole, expr: `self.${m[2]}` } } : seg;
    });
  return b.alts ? { ...b, t: map(b.t), alts: b.alts.map(map) } : { ...b, t: map(b.t) };
}

/** The constructor parameters a template's holes name, as one key. */
function paramHoles(t: Template, params: string[]): string {
  const names = new Set<string>();
  for (const seg of t) if (isHole(seg) && seg.hole.expr && params.includes(seg.hole.expr)) names.add(seg.hole.expr);
  return [...names].sort().join(',');
}

/** Base classes from the text of a superclass list `(A, b.C, metaclass=M)`. */
export function splitBases(text: string): string[] {
  return splitTopLevel(text)
    .map(oneLine)
    .filter((t) => t && !/^\*|^[A-Za-z_]\w*\s*=[^=]/.test(t));
}

/** Positions of a constructor-less class's `self.args` read as its parameters, at most. */
const MAX_ARGS_PARAMS = 8;

/**
 * A class with no constructor whose message reads `self.args[i]` (`__str__` returning
 * `self.BAD_TIME_INPUT.format(*self.args)` or `'%s: bad offset value' % self.args[0]`): its
 * parameters are the positions read, `args[0]` … up to the last one, so a raise's positional
 * arguments bind them as a constructor's parameters would be bound (facts/classes.ts).
 */
function argsAsParams(info: ClassInfo, best: Built | null): void {
  if (!info.template || info.params.length) return;
  let last = -1;
  for (const t of [info.template, ...(best?.alts ?? [])]) {
    for (const seg of t) {
      const m = isHole(seg) ? /^args\[(\d+)\]$/.exec(seg.hole.expr ?? '') : null;
      if (m) last = Math.max(last, Number(m[1]));
    }
  }
  if (last >= 0) info.params = Array.from({ length: last + 1 }, (_, i) => `args[${i}]`);
}

export function analyzeClass(node: SgNode, ctx: FileCtx, name: string, members: ClassMembers): ClassInfo | null {
  const sup = node.field('superclasses');
  if (!sup) return null;
  const bases = splitBases(sup.text());
  if (!bases.length) return null;
  const { init, str } = members;
  const text = node.text();
  const attrs = classAttributes(node, text);

  const info: ClassInfo = {
    name,
    bases,
    line: node.range().start.line + 1,
    template: null,
    params: init ? paramNames(init, true) : [],
    code: null,
    httpStatus: null,
  };

  for (const [attr, v] of attrs) {
    const k = v.kind();
    if (CODE_ATTRS.has(attr) && k === 'string') {
      const t = build(v, ctx.moduleScope).t;
      const s = literalOf(t, '');
      if (s) info.code = s;
    }
    if (STATUS_ATTRS.has(attr) && k === 'integer') {
      const n = Number(v.text());
      if (n >= 100 && n <= 599) info.httpStatus = n;
    }
  }

  // self.attr assignments in __init__, looked up on first use
  let selfAssignMap: Map<string, SgNode[]> | null = null;
  const selfAssigns = (attr: string): SgNode[] | undefined => {
    if (!selfAssignMap) selfAssignMap = collectSelfAssigns(init);
    return selfAssignMap.get(attr);
  };
  const params = new Set(info.params);
  const attrTemplates = new Map<string, Built | null>();
  const classAttr = (attr: string, depth: number): Built | null => {
    if (attrTemplates.has(attr)) return attrTemplates.get(attr) ?? null;
    attrTemplates.set(attr, null); // cycle guard
    const v = attrs.get(attr);
    let b: Built | null = null;
    if (v) {
      const built = build(v, ctx.moduleScope, depth);
      // (`message_template = 'must be at most {limit}'`: the text is written at the attribute, raised
      // from elsewhere: its literals carry the line, the records' definedAt)
      const at = MESSAGE_ATTRS.includes(attr) || MESSAGE_ATTR_NAME.test(attr) ? { line: v.range().start.line + 1 } : null;
      if (built.s) b = { t: at ? withOrigin(namedFieldTemplate(built.t), at) : namedFieldTemplate(built.t), s: true };
    }
    attrTemplates.set(attr, b);
    return b;
  };
  const cls: ClassScope = {
    selfAttr(attr, depth) {
      const values = selfAssigns(attr);
      if (values && init) {
        for (let i = values.length - 1; i >= 0; i--) {
          const b = build(values[i], initScope, depth);
          if (b.s) return b;
        }
        for (const v of values) {
          if (v.kind() === 'identifier' && params.has(v.text())) return { t: [{ hole: { name: attr, expr: v.text(), kind: 'any' } }], s: false };
        }
      }
      const c = MESSAGE_ATTRS.includes(attr) || MESSAGE_ATTR_NAME.test(attr) ? classAttr(attr, depth) : null;
      if (c) return c;
      return null;
    },
    formattedAttr(attr, depth) {
      const v = attrs.get(attr);
      return v && isStringNode(v) ? classAttr(attr, depth) : null;
    },
  };
  const initScope = new Scope(ctx, init, cls);
  /** The constructor parameter `self.attr` holds (`self.msg = msg`), else null. */
  const paramOfSelf = (attr: string): string | null => {
    for (const v of selfAssigns(attr) ?? []) if (v.kind() === 'identifier' && params.has(v.text())) return v.text();
    return null;
  };

  let strT: Built | null = null;
  if (str) {
    const strScope = new Scope(ctx, str, cls);
    // (the returns after the first with text that say a constructor parameter, `return repr(self.msg)`
    // beside `return "At line {0!s}: {1!s}".format(self.lineNumber, self.msg)`: alternatives, which a
    // raise chooses by the arguments it passes)
    const others: Template[] = [];
    for (const r of str.findAll(RETURN).slice(0, MAX_STR_RETURNS)) {
      const e = r.namedChildren().find((c) => c.kind() !== 'comment');
      if (!e) continue;
      const b = build(e, strScope);
      if (strT?.s) {
        if (b.t.some((seg) => isHole(seg) && /^self\.\w+$/.test(seg.hole.expr ?? '') && params.has(paramOfSelf(seg.hole.expr!.slice(5)) ?? ''))) others.push(b.t, ...(b.alts ?? []));
        continue;
      }
      if (b.s) strT = b;
      else strT ??= b;
    }
    if (strT?.s && others.length) strT = { ...strT, alts: [...(strT.alts ?? []), ...others] };
    if (strT) strT = selfAliased(strT, str);
  }

  // (`if owner: message = '%s has no member named "%s"' … else: message = '"%s" not defined'`, then
  // `Base.__init__(self, message)`: each message the argument may hold, for the site to choose by its arguments)
  const argOf = (name: string | null, v: SgNode): ArgInfo => {
    const b = build(v, initScope);
    return b.alts?.length ? { name, template: b.t, expr: oneLine(v.text()), alts: b.alts } : { name, template: b.t, expr: oneLine(v.text()) };
  };
  let superT: Built | null = null;
  let superArgs: ArgInfo[] | null = null;
  let superClass: string | null = null;
  if (init && /\.__init__\s*\(/.test(init.text().slice(12))) {
    for (const call of init.findAll(METHOD_CALL)) {
      const fn = call.field('function');
      const obj = fn?.field('object');
      if (!obj || fn!.field('attribute')?.text() !== '__init__') continue;
      const objText = oneLine(obj.text());
      let skip: number;
      let target: string | null = null;
      if (/^super\s*\(/.test(objText)) skip = 0;
      else if (bases.includes(objText) || /^[A-Z]/.test(objText.split('.').pop() ?? '')) {
        skip = 1;
        target = objText;
      } else continue;
      const a = callArgs(call);
      const positional = a.positional.slice(skip);
      let chosen: Built | null = null;
      for (const p of positional) {
        const k = p.kind();
        if (k === 'list_splat' || k === 'dictionary_splat') break;
        const b = build(p, initScope);
        if (b.s) {
          chosen = b;
          break;
        }
      }
      if (!chosen) {
        const kw = a.keywords.find((k) => MESSAGE_KWARGS.has(k.name));
        if (kw) chosen = build(kw.value, initScope);
      }
      if (!chosen && positional[0] && !/^(list_|dictionary_)splat$/.test(positional[0].kind() as string)) chosen = build(positional[0], initScope);
      if (chosen) {
        superT = chosen;
        superArgs = [];
        for (const p of positional) {
          if (/^(list_|dictionary_)splat$/.test(p.kind() as string)) break;
          superArgs.push(argOf(null, p));
        }
        for (const kw of a.keywords) superArgs.push(argOf(kw.name, kw.value));
        superClass = target;
        break;
      }
    }
  }

  // (`def __init__(self, *args): try: a, b, c = args[:3] except …: return super().__init__(*args)`: what it is given, passed on)
  const splat = init ? /^\(\s*self\s*,\s*\*([A-Za-z_]\w*)\s*\)$/.exec(oneLine(init.field('parameters')?.text() ?? ''))?.[1] : undefined;
  if (splat && init!.findAll(METHOD_CALL).some((call) => {
    const fn = call.field('function');
    if (fn?.field('attribute')?.text() !== '__init__') return false;
    const obj = fn.field('object');
    const args = callArgs(call).positional;
    return !!obj && /^super\s*\(/.test(oneLine(obj.text())) && args.length === 1 && args[0].kind() === 'list_splat' && args[0].text().replace(/\s/g, '') === `*${splat}`;
  })) info.passesArgsOn = true;

  let attrT: Built | null = null;
  for (const attr of MESSAGE_ATTRS) {
    attrT = attrs.has(attr) ? classAttr(attr, 0) : null;
    if (attrT) break;
  }

  const candidates = [strT, superT, attrT];
  const paramFor = (attr: string): string | null => {
    // `self.args[i]`: what the base's `__init__` was given (`Exception.__init__(self, msg, token)`), else
    // the constructor's own arguments (BaseException keeps them)
    // `self.args[*]` (all of them, joined): the one argument the base was given, or the constructor's one parameter
    if (attr === 'args[*]') {
      const positional = superArgs ? superArgs.filter((a) => a.name === null) : null;
      const given = positional ? (positional.length === 1 ? positional[0].expr : undefined) : info.params.length === 1 ? info.params[0] : undefined;
      return given !== undefined && params.has(given) ? given : null;
    }
    const ix = /^args\[(\d+)\]$/.exec(attr);
    if (ix) {
      const i = Number(ix[1]);
      // (a class with no constructor keeps what its raise passes: `raise ISO8601SyntaxError("date",
      // date_string)`'s `self.args[0]` is `"date"`; the positions are its parameters, ARGS_PARAMS)
      if (!init && !superArgs) return i < MAX_ARGS_PARAMS ? `args[${i}]` : null;
      const given = superArgs ? superArgs.filter((a) => a.name === null)[i]?.expr : info.params[i];
      return given !== undefined && params.has(given) ? given : null;
    }
    for (const v of selfAssigns(attr) ?? []) if (v.kind() === 'identifier' && params.has(v.text())) return v.text();
    return null;
  };
  // (no text: one the constructor is given, `super().__init__(message, code, params)`, before one it is
  // not, Django's `__str__` returning `repr(list(self))`)
  const best = candidates.find((c) => c?.s)
    ?? candidates.find((c) => c && paramHoles(mapSelfHoles(c.t, paramFor), info.params) !== '')
    ?? candidates.find((c) => c && c.t.length) ?? null;
  info.template = best ? mapSelfHoles(best.t, paramFor) : null;
  if (!init && !superArgs) argsAsParams(info, best);
  if (best) {
    info.templateFrom = best === strT ? 'str' : best === superT ? 'super' : 'attr';
    if (best.alts) {
      const alts = best.alts.map((t) => mapSelfHoles(t, paramFor));
      // (what else `__str__` returns with the same constructor parameters is a branch it takes on the
      // object's state, `if self.filename: text += …`: each a message of every site raising the class;
      // the others are chosen by the parameters a site passes, as the constructor's are)
      const uses = (t: Template) => paramHoles(t, info.params);
      const branches = best === strT && info.template ? alts.filter((t) => uses(t) === uses(info.template!)) : [];
      const chosen = alts.filter((t) => !branches.includes(t));
      if (chosen.length) info.alts = chosen;
      if (branches.length) info.branches = branches;
    }
  }
  if (superArgs && !strT?.s) {
    info.superArgs = superArgs.map((a) => ({
      ...a,
      template: mapSelfHoles(a.template, paramFor),
      ...(a.alts ? { alts: a.alts.map((t) => mapSelfHoles(t, paramFor)) } : {}),
    }));
    if (superClass && superClass !== bases[0]) info.superClass = superClass;
  }
  markEmptyDefaults(info, init);

  // (`self.message = "(%s) is not a valid ISBN" % isbnlike` in a constructor that hands its base nothing:
  // the text a base's `__str__` returning `self.message` says, ClassInfo.initTexts)
  if (init && !strT?.s && !superT) {
    for (const [attr, values] of selfAssignMap ?? collectSelfAssigns(init)) {
      if (!(MESSAGE_ATTRS.includes(attr) || MESSAGE_ATTR_NAME.test(attr)) || values.length !== 1) continue;
      const b = build(values[0], initScope);
      if (b.s && b.t.some(isLit)) (info.initTexts ??= {})[attr] = mapSelfHoles(b.t, paramFor);
    }
  }

  // (a method's holes read through `self` name the constructor's parameters, bound at each raise as the class's own text's are)
  const props = textProperties(node, text, ctx, cls, (t) => mapSelfHoles(t, paramFor));
  if (props) info.props = props;

  const literals: Record<string, string> = {};
  let n = 0;
  for (const [attr, v] of attrs) {
    if (!isStringNode(v)) continue;
    const text = literalOf(build(v, ctx.moduleScope).t, '');
    if (text !== null && text.length <= MAX_LITERAL) {
      literals[attr] = text;
      n++;
    }
  }
  if (n) info.attrs = literals;
  const doc = docstring(node);
  if (doc !== null && doc.trim() && doc.length <= MAX_LITERAL) info.doc = doc;
  if (text.includes('__doc__') && ((init && init.text().includes('__doc__')) || (str && str.text().includes('__doc__')))) info.usesDoc = true;
  return info;
}

/** A parameter written with the empty text as its default (`extra_msg=""`, `hint: str = ''`). */
const EMPTY_DEFAULT_RE = /^\s*([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*(?:''|"")\s*$/;

/**
 * Marks the holes of the class's texts that are constructor parameters defaulting to the empty text
 * (Hole.emptyByDefault): pint's `f"…'{self.units2}'{dim2}{self.extra_msg}"` raised with no
 * `extra_msg` ends at `{dim2}`.
 */
function markEmptyDefaults(info: ClassInfo, init: SgNode | null): void {
  const list = init?.field('parameters')?.text().replace(/^\(|\)$/g, '');
  if (!list || !/=\s*(?:''|"")/.test(list)) return;
  const empty = new Set(splitTopLevel(list).map((p) => EMPTY_DEFAULT_RE.exec(p)?.[1]).filter((p): p is string => !!p));
  if (!empty.size) return;
  // (a text that is only such a parameter, `{message}`, stays a hole: it says nothing left empty)
  const mark = (t: Template): Template =>
    !t.some(isLit) ? t : t.map((seg) => (isHole(seg) && seg.hole.expr && empty.has(seg.hole.expr) ? { hole: { ...seg.hole, emptyByDefault: true } } : seg));
  if (info.template) info.template = mark(info.template);
  if (info.alts) info.alts = info.alts.map(mark);
  if (info.branches) info.branches = info.branches.map(mark);
  if (info.superArgs) info.superArgs = info.superArgs.map((a) => ({ ...a, template: mark(a.template), ...(a.alts ? { alts: a.alts.map(mark) } : {}) }));
}

/** `@property` on a line of the class text: the cheap test before reading the body's decorated methods. */
const PROPERTY_LINE_RE = /\n[ \t]+@property[ \t]*\n/;
/**
 * A method taking `self` alone whose name says it gives a message (`format_message`, `get_msg`,
 * `_message`), on a line of the class text: the cheap test before reading the body's methods.
 */
const MESSAGE_METHOD_LINE_RE = /\n[ \t]+def[ \t]+[A-Za-z_]*(?:msg|message)[A-Za-z_]*[ \t]*\(\s*self\s*\)/i;
/** The same name and parameters anywhere (a scan for the words, cheaper than the line's): tested first. */
const MESSAGE_METHOD_HINT = /(?:msg|message)\w*[ \t]*\(\s*self\s*\)/i;
/** A method name that says it gives a message (not a dunder: `__str__` is the class's own text). */
const MESSAGE_METHOD_NAME = /^(?!__)[A-Za-z_]*?(?:^|_)(?:msg|message)(?:_|$)/i;
/** A parameter list of `self` alone. */
const SELF_ONLY = /^\(\s*self\s*,?\s*\)$/;
/** Properties read per class, at most. */
const MAX_PROPS = 16;

/**
 * The texts the class's `@property` methods return (zope.interface's `_str_details`: `return "The %s
 * attribute was not provided" % (…)`), by name: a base's `__str__` reading `self._str_details` says
 * the most derived class's property, as it says a class attribute of that name (ClassInfo.props).
 * A property with several returns gives its last with text: the earlier ones are its early exits
 * (`if target is self._NOT_GIVEN: return "An object"`), the last what it says otherwise; one with no
 * text is a hole (it still hides a base's attribute of its name).
 */
function textProperties(node: SgNode, text: string, ctx: FileCtx, cls: ClassScope, mapMethod: (t: Template) => Template): Record<string, Template> | null {
  const properties = PROPERTY_LINE_RE.test(text);
  const methods = MESSAGE_METHOD_HINT.test(text) && MESSAGE_METHOD_LINE_RE.test(text);
  if (!properties && !methods) return null;
  let out: Record<string, Template> | null = null;
  let n = 0;
  for (const st of node.field('body')?.namedChildren() ?? []) {
    if (n >= MAX_PROPS) break;
    let fn: SgNode | null;
    let key: string | undefined;
    if (st.kind() === 'decorated_definition') {
      if (!properties) continue;
      const decorators = st.namedChildren().filter((c) => c.kind() === 'decorator');
      if (decorators.length !== 1 || decorators[0].text().trim() !== '@property') continue;
      fn = st.field('definition');
      key = fn?.kind() === 'function_definition' ? fn.field('name')?.text() : undefined;
    } else if (st.kind() === 'function_definition' && methods) {
      // (a method of `self` alone named for a message, `def format_message(self): return "Couldn't
      // find anything to import: {0}…".format(self.bad_name, …)`: what a base's `__str__` calling
      // `self.format_message()` says for this class, keyed with its call's parentheses)
      fn = st;
      const name = fn.field('name')?.text();
      key = name && MESSAGE_METHOD_NAME.test(name) && SELF_ONLY.test(fn.field('parameters')?.text() ?? '') ? `${name}()` : undefined;
    } else continue;
    const name = key?.replace(/\(\)$/, '');
    if (!fn || !key || !name) continue;
    n++;
    const scope = new Scope(ctx, fn, cls);
    // (a property returning no text, `'\n    ' + '\n    '.join(…)`, still shadows a base's attribute: its hole)
    let last: Template | null = null;
    let lastHole: Template | null = null;
    for (const r of fn.findAll(RETURN).slice(0, MAX_PROPS)) {
      const e = r.namedChildren().find((c) => c.kind() !== 'comment');
      if (!e) continue;
      const b = build(e, scope);
      if (b.s && b.t.some((seg) => !isHole(seg) && /\w/.test(seg.lit))) last = b.t;
      else lastHole = [{ hole: { name, expr: oneLine(e.text()), kind: 'any' } }];
    }
    const t = last ?? lastHole;
    if (t) (out ??= {})[key] = key === name ? t : mapMethod(t);
  }
  return out;
}
