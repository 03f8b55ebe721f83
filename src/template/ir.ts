// The template IR: every message a site can produce is a list of literal
// segments and holes. Frontends build it from the AST; everything downstream
// (errorMessage, messagePattern, matching) reads only this type.

export type HoleKind = 'any' | 'int' | 'float' | 'repr';
export type Hole = {
  name: string;
  expr?: string;
  kind: HoleKind;
  /**
   * The value is itself a format string filled at run time (`msg.format(**args)`: `brace`,
   * `fmt % args`: `percent`, `fmt.replace(/%(\d)/g, …)`: `index`); text bound to this hole gets its
   * fields opened into holes.
   */
  fmt?: FieldStyle;
  /**
   * The value is looked up in a message table (`Messages.UnexpectedToken`, `messages[code]`,
   * `self.error_messages['invalid']`) the file could not read itself (the table is imported):
   * record/ puts the table's entry in, or one record per entry when the key is not known.
   */
  lookup?: Lookup;
  /**
   * The value is another error's message: a caught exception's text (`except E as e: raise X(f"…: {e}")`,
   * `catch (err) { throw new Error(`…: ${err.message}`) }`). Set by the packs (markInner); matching
   * reads the text such a hole captures as a message of its own (match/wrap.ts).
   */
  inner?: true;
  /**
   * With inner: the class of the error caught, when the handler names one (`except error as e`), as
   * written less its module path. A re-raise of that class's message ranks above the raise it
   * catches (match/wrap.ts reraiseAbove).
   */
  caught?: string;
  /**
   * With inner: the error made takes the inner error's backtrace (`set_backtrace($!.backtrace)`
   * in the class's constructor), so a trace shows the inner raise's frames: match/wrap.ts puts the
   * inner raise first.
   */
  innerFrames?: true;
  /**
   * When the class `caught` names is one of the tree's: the tree's classes deriving from it (their
   * names less module paths, at most 32). A raise of another class of the tree is no error the
   * handler caught (match/wrap.ts: its message is not lifted above the wrapper's).
   */
  caughtAlso?: string[];
  /**
   * The value is what a method of another module returns given these arguments (`self.message('integer',
   * state)` with `message` defined on a base class elsewhere): record/ binds the template that method
   * returns (FileAnalysis.returns) to them. Dropped once record/ has read it.
   */
  call?: {
    callee: string;
    args: { name: string | null; expr: string; template: Template }[];
    /**
     * A method the class's subclasses may override, with the text the class's own method gives: that text
     * in its place, and each override's (the other files' `hook` returns) as another message.
     */
    hook?: Template;
  };
  /**
   * The value is a text with these characters cut from its end (`rtrim($message, '.')`, `msg.rstrip('.')`) or
   * start: a template bound to the hole loses them from its last (first) literal (trimTemplate).
   */
  trim?: Trim;
  /**
   * The value is a rest parameter's arguments joined by this separator (`...args` then
   * `args.join(' ')`): a caller's arguments from the parameter's position on fill it, joined.
   */
  rest?: string;
  /**
   * The value is the parameter joined by this separator when it is an array (`if (Array.isArray(message))
   * message = message.join(' ')`): a caller's array literal fills it with its elements, joined.
   */
  join?: string;
  /**
   * The text leaves this part out when the value is written as `value` (`None`): a part of a joined
   * text added only for a value that is there (`if self.context is not None: lines.append(self.context)`).
   * An argument written so binds no text, and the separator `sep` that joins the part goes with it.
   */
  absent?: { value: string; sep: string };
  /**
   * The value is a constructor's parameter whose default is the empty text (`extra_msg=""`): a call
   * that leaves it out binds it empty (facts/classes.ts bindTemplate).
   */
  emptyByDefault?: true;
  /** The value is printed dedented (`textwrap.dedent(self.note)`): a text bound to the hole loses its lines' common indentation (dedentTemplate). */
  dedent?: true;
};
export interface Trim {
  end: boolean;
  start: boolean;
  /** The characters cut, every one of them as often as it repeats. */
  chars: string;
}
export interface Lookup {
  /** The table's name as the lookup writes it (`Messages`, `error_messages`), its last segment. */
  table: string;
  /** The key, when it is written (or passed) as a literal; null when any entry may be taken. */
  key: string | null;
  /** The parameter of the enclosing function that holds the key (`code` of `messages[code]`): its callers' literal keys pick the entry. */
  param?: string;
  /**
   * With no key: the key's written end, its start known only at run time (`getName() + ".invalidtag"`):
   * only the entries whose key ends with it.
   */
  keySuffix?: string;
  /**
   * With no key: the key's written start, its end a parameter (`"errors.messages." + key`): the
   * caller's literal key is put after it once bound (facts/classes.ts bindTemplate); unbound, only
   * the entries whose key starts with it.
   */
  keyPrefix?: string;
  /**
   * Files of the tree defining a table of this name a lookup from another file is read from, at
   * most, when not the usual few (record/tables.ts): a pack's own table of methods' returned texts
   * (an overridden method, one definition per subclass file) sets it.
   */
  definers?: number;
  /**
   * A message-named attribute read through `self` in a method of this class (its name as written):
   * with no key, the entries the tree's classes deriving from it file under the attribute, in any
   * file, are read too (record/tables.ts): a base's method raising the text each subclass sets.
   */
  owner?: string;
  /**
   * With owner: only the entries of the owner's subclasses in other files (an alternative of a read
   * whose own file's texts the pack gave already); it stands for those entries alone and is dropped
   * once they are put in (record/tables.ts).
   */
  subclassesOnly?: true;
}
/**
 * How a format string marks its fields: `{name}`/`{0}` (`brace`), `%(name)s`/`%s` (`percent`),
 * `%0` (`index`); and the placeholders of libraries' message tables, rendered by the library:
 * `{{#label}}`/`{{label}}` (`mustache`), `${path}` in a plain string (`dollar`), `:attribute` (`colon`);
 * printf verbs of any letter with flags, widths and `[n]` indexes (`%v`, `%-8q`, `%[2]d`: `printf`).
 */
export type FieldStyle = 'brace' | 'percent' | 'index' | 'mustache' | 'dollar' | 'colon' | 'printf' | 'hash';
/**
 * `at`: where a literal's text is written when that is not at the raise (a message table's
 * entry): its line, and its file once record/ knows it (records' `definedAt`).
 */
export type Segment = { lit: string; at?: Origin } | { hole: Hole };
export interface Origin {
  line: number;
  file?: string;
}
export type Template = Segment[];

export const lit = (text: string): Segment => ({ lit: text });

export function hole(expr: string | undefined, kind: HoleKind = 'any'): Segment {
  return { hole: { name: placeholderName(expr), expr, kind } };
}

export const isLit = (s: Segment): s is { lit: string } => 'lit' in s;
export const isHole = (s: Segment): s is { hole: Hole } => 'hole' in s;

/**
 * Placeholder name rule from DESIGN.md: the expression itself when it is an
 * identifier, else its last identifier (`self._server_process.poll()` → `poll`),
 * else `value`.
 */
export function placeholderName(expr: string | undefined): string {
  if (!expr) return 'value';
  const e = expr.trim();
  if (/^[A-Za-z_$][\w$]*$/.test(e)) return e;
  // Identifiers only: words inside string literals (`d.get("id")`) are not names.
  const ids = e.replace(/(["'`])(?:\\.|(?!\1)[^\\])*\1/g, '""').match(/[A-Za-z_$][\w$]*/g);
  if (!ids) return 'value';
  // Skip trailing keywords/literals that are not names ("x or None" → x is wrong, but
  // taking the last real identifier is the documented, predictable rule).
  const skip = new Set(['None', 'True', 'False', 'null', 'undefined', 'true', 'false', 'this', 'self']);
  for (let i = ids.length - 1; i >= 0; i--) if (!skip.has(ids[i])) return ids[i];
  return 'value';
}

/**
 * The template with the holes whose source expression gives a caught error's message marked
 * (Hole.inner); `isInner` is the pack's reading of its syntax (`e`, `str(e)`, `err.message` for a
 * caught `e` or `err`). The same object when none is (templates may be shared: none is changed).
 */
export function markInner(t: Template, isInner: (h: Hole) => boolean, caughtOf?: (h: Hole) => string | null): Template {
  const marks = (s: Segment) => isHole(s) && !s.hole.inner && isInner(s.hole);
  if (!t.some(marks)) return t;
  const marked = (h: Hole): Hole => {
    const caught = caughtOf?.(h);
    return caught ? { ...h, inner: true, caught } : { ...h, inner: true };
  };
  return t.map((s) => (marks(s) ? { hole: marked((s as { hole: Hole }).hole) } : s));
}

/** The first hole holding another error's message (Hole.inner), or null. */
export function innerHole(t: Template): Hole | null {
  for (const s of t) if (isHole(s) && s.hole.inner) return s.hole;
  return null;
}

/**
 * A template as a trimming function gives it back (Hole.trim): the characters cut from its last
 * literal when it ends with one (and from its first when it starts with one). A hole at that end
 * keeps its text: its value is not known.
 */
export function trimTemplate(t: Template, trim: Trim): Template {
  const cut = (text: string, fromEnd: boolean): string => {
    let a = 0;
    let b = text.length;
    if (fromEnd) while (b > a && trim.chars.includes(text[b - 1])) b--;
    else while (a < b && trim.chars.includes(text[a])) a++;
    return text.slice(a, b);
  };
  const out = t.slice();
  const last = out.length - 1;
  if (trim.end && last >= 0 && isLit(out[last])) out[last] = { ...(out[last] as { lit: string }), lit: cut((out[last] as { lit: string }).lit, true) };
  if (trim.start && out.length && isLit(out[0])) out[0] = { ...(out[0] as { lit: string }), lit: cut((out[0] as { lit: string }).lit, false) };
  return normalize(out);
}

/** Merge adjacent literals and drop empty ones; two adjacent holes stay two holes. */
export function normalize(t: Template): Template {
  const out: Template = [];
  for (const s of t) {
    if (isLit(s)) {
      if (s.lit === '') continue;
      const prev = out[out.length - 1];
      // (merged literals keep the first origin either had)
      const at = prev && isLit(prev) ? prev.at ?? s.at : s.at;
      const text = prev && isLit(prev) ? prev.lit + s.lit : s.lit;
      const merged: Segment = at ? { lit: text, at } : { lit: text };
      if (prev && isLit(prev)) out[out.length - 1] = merged;
      else out.push(merged);
    } else out.push({ hole: { ...s.hole } });
  }
  return out;
}

export function concat(...parts: Template[]): Template {
  return normalize(parts.flat());
}

/** The last part of a dotted name (`json.decoder.JSONDecodeError` → `JSONDecodeError`, `Parser.fail` → `fail`). */
export const lastSegment = <T extends string | null>(s: T): T => (s === null ? s : (s.slice(s.lastIndexOf('.') + 1) as T));

/**
 * Whether a template has a hole bound to one of these parameters: its message is
 * written at the function's callers (facts/callers.ts binds them; the frontends
 * look for the calls).
 */
export const passesParam = (t: Template, params: string[]): boolean =>
  t.some((s) => isHole(s) && !!boundExpr(s.hole) && params.includes(boundExpr(s.hole)!));

/**
 * The key an enum member or a namespace's constant is filed under in a message table and passed
 * under by a caller (`[Errors.UnexpectedToken]: '…'`, `report(parser, Errors.UnexpectedToken)`): its
 * last two segments (`Errors.X` of `errors_1.Errors.X`, a compiled import), the first of them
 * capitalized as an enum's or namespace's name is; null for any other text (`self.name`).
 */
export function memberKey(text: string): string | null {
  if (!/^(?:[A-Za-z_$][\w$]*\.)+[A-Za-z_$][\w$]*$/.test(text)) return null;
  const m = /([A-Z][\w$]*\.[A-Za-z_$][\w$]*)$/.exec(text);
  return m && (m.index === 0 || text[m.index - 1] === '.') ? m[1] : null;
}

/**
 * Whether constructing a class whose message is `clsTemplate` (holes naming its constructor's
 * `clsParams`) with these arguments hands the message one of `params` (the enclosing function's):
 * `report(parser, type)` → `new ParseError(…, type)` with `errorMessages[type]` in the constructor.
 * Such a site's callers fill its message, as a helper's do.
 */
export function classPassesParam(clsTemplate: Template, clsParams: string[], args: { name: string | null; template: Template }[], params: string[]): boolean {
  const positional = args.filter((a) => a.name === null);
  return clsTemplate.some((s) => {
    const e = isHole(s) ? boundExpr(s.hole) : undefined;
    if (!e) return false;
    const i = clsParams.indexOf(e);
    const arg = args.find((a) => a.name === e) ?? (i >= 0 ? positional[i] : undefined);
    return !!arg && passesParam(arg.template, params);
  });
}

/** What a caller binds in a hole: the parameter holding a lookup's key, else the hole's expression. */
export const boundExpr = (h: Hole): string | undefined => (h.lookup && h.lookup.key === null && h.lookup.param) || h.expr;

/** The text of a template that is one literal; `empty` for the empty template, null when it has holes. */
export function literalOf(t: Template, empty: string | null = null): string | null {
  if (t.length === 0) return empty;
  return t.length === 1 && isLit(t[0]) ? t[0].lit : null;
}

/** `errorMessage`: literals as written, holes as `{name}`. */
export function renderMessage(t: Template): string {
  return t.map((s) => (isLit(s) ? s.lit : `{${s.hole.name}}`)).join('');
}

/** Escapes what RegExp needs escaped (not `/`: the seed's pattern leaves it bare). */
export const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `messagePattern`: each literal regex-escaped, each hole `(.+?)`, unanchored. */
export function renderPattern(t: Template): string {
  return t.map((s) => (isLit(s) ? escapeRegex(s.lit) : '(.+?)')).join('');
}

/** Characters of literal text: the evidence a template carries. */
export function literalWeight(t: Template): number {
  let n = 0;
  for (const s of t) if (isLit(s)) n += s.lit.replace(/\s+/g, '').length;
  return n;
}

/**
 * A template too thin to identify anything: no literal word of 3+ letters beyond
 * a leading "Error:"-style prefix. Kept, but can only win with other evidence.
 */
export function isGeneric(t: Template): boolean {
  const text = t.filter(isLit).map((s) => s.lit).join(' ');
  const words = (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !GENERIC_WORDS.has(w.toLowerCase()));
  return words.length === 0 || literalWeight(t) < 6;
}
const GENERIC_WORDS = new Set(['error', 'err', 'exception', 'warning', 'failed', 'fatal', 'the']);

/** Placeholders of a template: name → source expression (first one wins on duplicate names). */
export function placeholders(t: Template): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of t) if (isHole(s) && !(s.hole.name in out)) out[s.hole.name] = s.hole.expr ?? s.hole.name;
  return out;
}

const FIELD_RE: Record<FieldStyle, RegExp> = {
  brace: /\{\{|\}\}|\{([^{}]*)\}/g,
  // (`%{name}`: the named fields of some languages' format and i18n functions)
  // (`%<name>s`: a format naming a hash argument's key, with a conversion)
  percent: /%%|%(?:\(([^)]*)\))?[#0\- +]*(?:\*|\d+)?(?:\.(?:\*|\d*))?[hlL]?[diouxXeEfFgGcrsa]|%\{([A-Za-z_]\w*)\}|%<([A-Za-z_]\w*)>[#0\- +]*\d*(?:\.\d+)?[diouxXeEfgGcsbBp]/g,
  // Numbered markers a message table leaves for `.replace` (esprima: 'Unexpected token %0').
  index: /%(\d)/g,
  mustache: /\{\{\{?\s*[#&]?([A-Za-z_$][\w$.]*)\s*\}?\}\}/g,
  dollar: /\$\{\s*([A-Za-z_$][\w$.]*)\s*\}/g,
  colon: /(?<![\w:/\\]):([a-z_][a-z0-9_]*)\b/g,
  // (`#{this}`, `#{exp}`: markers an assertion library fills when it raises: chai)
  hash: /#\{([A-Za-z_$][\w$]*)\}/g,
  printf: /%%|%[-+# 0]*(?:\[\d+\])?(?:\*|\d+)?(?:\.(?:\[\d+\])?(?:\*|\d+)?)?(?:\[\d+\])?[a-zA-Z]/g,
};

/**
 * The literals of a format string with their fields opened into holes (`{name}`,
 * `{0!r}`, `%(key)s`, `%d`); escaped braces and `%%` become the character.
 */
export function openFields(t: Template, style: FieldStyle): Template {
  return rewriteLiterals(t, FIELD_RE[style], (m) => {
    if (m[0] === '{{' || m[0] === '}}' || m[0] === '%%') return [lit(m[0][0])];
    const name = (m[1] ?? m[2] ?? m[3] ?? '').split(/[!:.[]/)[0].trim();
    return [hole(name && !/^\d+$/.test(name) ? name : undefined, fieldKind(style, m[0]))];
  });
}

/**
 * A field that prints its value quoted as code writes it (`{!r}`, `{name!a}`, `%r`, `%(name)r`,
 * `%<name>p`, a printf `%q`): a `repr` hole, whose quotes count as text when matched, as the packs
 * make for such fields written at the raise.
 */
function fieldKind(style: FieldStyle, field: string): HoleKind {
  if (style === 'brace') return /![ra](?::[^{}]*)?\}$/.test(field) ? 'repr' : 'any';
  if (style === 'percent') return /^%(?:\([^)]*\))?[#0\- +*\d.hlL]*[ra]$|^%<\w+>[^%]*p$/.test(field) ? 'repr' : 'any';
  if (style === 'printf') return field.endsWith('q') ? 'repr' : 'any';
  return 'any';
}

/**
 * Rewrite each match of `re` (a global regex) inside the literal segments of a
 * template; `replace` gives the segments for a match, or null to leave it as text.
 */
export function rewriteLiterals(t: Template, re: RegExp, replace: (m: RegExpMatchArray, text: string) => Template | null): Template {
  const out: Template = [];
  for (const s of t) {
    if (!isLit(s)) {
      out.push(s);
      continue;
    }
    let last = 0;
    // (the pieces keep the literal's origin)
    const piece = (text: string): Segment => (s.at ? { lit: text, at: s.at } : lit(text));
    for (const m of s.lit.matchAll(re)) {
      const segs = replace(m, s.lit);
      if (!segs) continue;
      const at = m.index ?? 0;
      out.push(piece(s.lit.slice(last, at)), ...segs.map((g) => (s.at && isLit(g) && !g.at ? piece(g.lit) : g)));
      last = at + m[0].length;
    }
    out.push(piece(s.lit.slice(last)));
  }
  return normalize(out);
}

/** Where the first literal of a template that is written elsewhere (a table's entry) is written; null when none is. */
export function originOf(t: Template): Origin | null {
  for (const s of t) if (isLit(s) && s.at) return s.at;
  return null;
}

/** The template with every literal marked as written at `at` (a table entry's line), holes as they are. */
export function withOrigin(t: Template, at: Origin): Template {
  return t.map((s) => (isLit(s) ? { lit: s.lit, at } : s));
}

/** The template without origins (what is stored for matching); the same array when it has none. */
export function withoutOrigins(t: Template): Template {
  if (!t.some((s) => isLit(s) && s.at)) return t;
  return t.map((s) => (isLit(s) && s.at ? { lit: s.lit } : s));
}

const keyedLookup = (s: Segment): boolean => isHole(s) && !!s.hole.lookup && s.hole.lookup.key !== null;

/** Whether a template looks a message up by a key written or passed as a literal (`messages['string.min']`, a caller's `30`). */
export const hasKeyedLookup = (t: Template): boolean => t.some(keyedLookup);

/** Whether a template looks its message up by a parameter's value (`messages[code]`): its callers' keys pick the entries. */
export const hasParamLookup = (t: Template): boolean => t.some((s) => isHole(s) && !!s.hole.lookup && s.hole.lookup.key === null && !!s.hole.lookup.param);

/** Whether a template says something: literal text, or a keyed lookup into a message table (its entry's text, once read). */
export const hasText = (t: Template): boolean => t.some((s) => isLit(s) || keyedLookup(s));

/** renderPattern, with templates that differ only in the keys of their lookups told apart. */
export function textKey(t: Template): string {
  const p = renderPattern(t);
  if (!t.some(keyedLookup)) return p;
  return p + '\0' + t.filter(keyedLookup).map((s) => (isHole(s) ? `${s.hole.lookup!.table}[${s.hole.lookup!.key}]` : '')).join('\0');
}

/**
 * A template dedented: the whitespace every line that holds something starts with taken off (a hole
 * counts as something, and a line that starts with one has no margin), and lines of whitespace alone
 * made empty (a dedent call of the language's library: a message written as an indented multi-line string
 * prints without its indentation).
 */
export function dedentTemplate(t: Template): Template {
  const lines: Segment[][] = [[]];
  for (const s of t) {
    if (!isLit(s)) {
      lines[lines.length - 1].push(s);
      continue;
    }
    s.lit.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([]);
      if (part) lines[lines.length - 1].push(lit(part));
    });
  }
  const blank = (l: Segment[]) => l.every((s) => isLit(s) && !s.lit.trim());
  const lead = (l: Segment[]) => (l.length && isLit(l[0]) ? /^[ \t]*/.exec(l[0].lit)![0] : '');
  let margin: string | null = null;
  for (const l of lines) {
    if (blank(l)) continue;
    const w = lead(l);
    if (margin === null) margin = w;
    else {
      let i = 0;
      while (i < margin.length && i < w.length && margin[i] === w[i]) i++;
      margin = margin.slice(0, i);
    }
  }
  const out: Template = [];
  lines.forEach((l, i) => {
    if (i > 0) out.push(lit('\n'));
    if (blank(l)) return;
    l.forEach((s, k) => out.push(k === 0 && isLit(s) && margin ? lit(s.lit.slice(margin.length)) : s));
  });
  return normalize(out);
}
