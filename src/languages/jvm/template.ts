// Format strings of the JVM's messages, opened into holes bound to the arguments that fill them:
// `String.format`/`formatted` (`%s`, `%d`, `%1$s`, `%n`), `MessageFormat.format` and
// java.util.logging (`{0}`), SLF4J/Log4j (`{}`), Guava's Preconditions (`%s` only).

import { concat, hole, lit, normalize, isLit, type FieldStyle, type HoleKind, type Template } from '../../template/ir.js';
import { openPlaceholders } from '../../template/placeholders.js';


/** Texts one conditional message is read as at most (nested ternaries, `if`/`when` choices). */
export const MAX_CHOICES = 8;

/** A `+` of operands that choose: each text of the left followed by each of the right, at most MAX_CHOICES. */
export function joinedChoices(left: Template[], right: Template[]): Template[] {
  const out: Template[] = [];
  for (const a of left) for (const b of right) if (out.length < MAX_CHOICES) out.push(concat(a, b));
  return out;
}
/** An argument that fills a field: its template when it is text, and its source. */
export interface FieldArg {
  template: Template | null;
  expr: string;
}

const PERCENT = /%(?:(\d+)\$)?([-#+ 0,(<]*)(\d+)?(?:\.(\d+))?([a-zA-Z%])/g;
const KINDS: Record<string, HoleKind> = { d: 'int', x: 'int', X: 'int', o: 'int', f: 'float', e: 'float', E: 'float', g: 'float', G: 'float' };

/** The argument's own text in the message, else a hole of its expression. */
function filled(arg: FieldArg | undefined, kind: HoleKind): Template {
  if (!arg) return [hole(undefined, kind)];
  if (arg.template && kind === 'any') return arg.template;
  return [hole(arg.expr, kind)];
}

/** Rewrites each literal of `t` with `open` (each literal's fields, numbered across the whole template). */
function openLiterals(t: Template, open: (text: string, counter: { n: number }) => Template): Template {
  const counter = { n: 0 };
  return normalize(t.flatMap((s) => (isLit(s) ? open(s.lit, counter) : [s])));
}

/** `String.format(fmt, args)`: `%s` takes the next argument, `%2$s` the second, `%n` is a newline. */
export function applyPercent(fmt: Template, args: FieldArg[], guava = false): Template {
  return openLiterals(fmt, (text, counter) => {
    const out: Template = [];
    let last = 0;
    for (const m of text.matchAll(guava ? /%s/g : PERCENT)) {
      const conv = guava ? 's' : m[5];
      out.push(lit(text.slice(last, m.index)));
      last = m.index! + m[0].length;
      if (conv === '%') out.push(lit('%'));
      else if (conv === 'n') out.push(lit('\n'));
      else {
        const i = !guava && m[1] ? Number(m[1]) - 1 : counter.n++;
        const kind = KINDS[conv] ?? (conv === 'b' || conv === 'c' ? 'any' : 'any');
        out.push(...(conv === 's' || conv === 'S' ? filled(args[i], 'any') : filled(args[i], kind)));
      }
    }
    out.push(lit(text.slice(last)));
    return out;
  });
}

/** `MessageFormat.format(pattern, args)`: `{0}`, `{1,number}`; `''` is a quote and `'…'` quoted text. */
export function applyBraces(fmt: Template, args: FieldArg[]): Template {
  return openLiterals(fmt, (text) => {
    const out: Template = [];
    let buf = '';
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === "'") {
        if (text[i + 1] === "'") {
          buf += "'";
          i++;
          continue;
        }
        const close = text.indexOf("'", i + 1);
        if (close < 0) continue;
        buf += text.slice(i + 1, close);
        i = close;
        continue;
      }
      const m = c === '{' ? /^\{(\d+)(?:,[^}]*)?\}/.exec(text.slice(i)) : null;
      if (m) {
        out.push(lit(buf));
        buf = '';
        const arg = args[Number(m[1])];
        out.push(...(arg ? filled(arg, /,\s*number/.test(m[0]) ? 'int' : 'any') : [hole(undefined)]));
        i += m[0].length - 1;
        continue;
      }
      buf += c;
    }
    out.push(lit(buf));
    return out;
  });
}

/** SLF4J and Log4j: each `{}` takes the next argument (`\{}` stays as written). */
export function applyAnchors(fmt: Template, args: FieldArg[]): Template {
  return openLiterals(fmt, (text, counter) => {
    const out: Template = [];
    let last = 0;
    for (const m of text.matchAll(/\\?\{\}/g)) {
      if (m[0][0] === '\\') continue;
      out.push(lit(text.slice(last, m.index)));
      last = m.index! + 2;
      out.push(...filled(args[counter.n++], 'any'));
    }
    out.push(lit(text.slice(last)));
    return out;
  });
}

/** A `MessageFormat` field: `{0}`, `{1,number}`. */
const MESSAGE_FORMAT_FIELD = /\{\d+(?:,[^}]*)?\}/;

/**
 * A resource bundle's entry as its text prints: a `MessageFormat` pattern when it has `{0}` fields
 * (`Field ''{0}'' must be between {1} and {2}`: `''` prints one quote), else opened as the bundle's
 * other entries are (`%s`).
 */
export function bundleEntry(t: Template, style: FieldStyle | null): Template {
  return t.some((s) => isLit(s) && MESSAGE_FORMAT_FIELD.test(s.lit)) ? applyBraces(t, []) : openPlaceholders(t, style);
}
