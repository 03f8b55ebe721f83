// The code a JVM message names (Language.quotedCode): Java 14+'s helpful NullPointerException
// (JEP 358) says which expression was null and what was done with it, in the code's own names:
// `Cannot invoke "java.awt.image.BufferedImage.getColorModel()" because "src" is null` was raised
// on a line reading `src.getColorModel(`. And `Enum.valueOf`'s `No enum constant a.b.Kind.NAME`,
// which java.base writes and raises in the `valueOf` the compiler adds to every enum, whose frame
// is the enum's declaration line (`public enum Kind {`): the message names that declaration. As
// printed by the JDK 17 of this machine (test/e2e/quoted-code.test.ts compiles and runs each form).

import type { QuotedCode } from '../../core/pack.js';

/**
 * What was done with the null value, and the code that does it to an expression `e`; a group
 * named `cls` is the class of an invoked method.
 */
const ACTIONS: [RegExp, (e: string, m: RegExpMatchArray) => string][] = [
  // `Cannot invoke "N$P.get(int)"`: the method's name, then its call
  [/^Cannot invoke "(?<cls>[\w$.]+)\.([\w$]+)\([^"]*\)"$/, (e, m) => `${e}.${m[2]}(`],
  [/^Cannot (?:read|assign) field "([\w$]+)"$/, (e, m) => `${e}.${m[1]}`],
  [/^Cannot (?:load from|store to) [\w$.]+ array$/, (e) => `${e}[`],
  [/^Cannot read the array length$/, (e) => `${e}.length`],
];

/** `because "n.f" is null`, `because the return value of "N$P.get()" is null`. */
const BECAUSE = /^(.*) because (?:"([\w$.]+)"|the return value of "[\w$.]*?([\w$]+)\(\)") is null$/;

/** Messages longer than this are not a JEP 358 text (they name one expression). */
const MAX_MESSAGE = 400;

/** `No enum constant javax.tools.DocumentationTool.Location.X`: the enum's canonical name, then the constant asked for. */
const NO_ENUM_CONSTANT = /^No enum constant ((?:[\w$]+\.)+)[^.\s]*$/;

/** The declaration of the enum the message names: `enum Location`, in a file under its package (and holding its outer class, when nested). */
function enumDeclaration(message: string): QuotedCode | null {
  const m = NO_ENUM_CONSTANT.exec(message.trim());
  if (!m) return null;
  const names = m[1].slice(0, -1).split('.');
  const type = names[names.length - 1];
  const pkg = names.filter((s) => /^[a-z]/.test(s)).join('/');
  const outer = names.slice(0, -1).filter((s) => /^[A-Z]/.test(s));
  return { code: `enum ${type}`, ...(pkg ? { near: `${pkg}/` } : {}), ...(outer.length ? { holds: outer } : {}) };
}

/** A class's simple name as source declares it (`a.b.N$P` → `P`). */
const lastName = (cls: string): string => cls.split(/[.$]/).pop()!;

export function javaQuotedCode(message: string): QuotedCode | null {
  if (message.length > MAX_MESSAGE) return null;
  if (message.startsWith('No enum constant ')) return enumDeclaration(message);
  if (!message.startsWith('Cannot ')) return null;
  const b = BECAUSE.exec(message.trim());
  if (!b) return null;
  // (a static field prints with its class, `N.sp`, which code mostly leaves out; `this.` is
  // written or not: neither narrows anything)
  const expr = b[2] !== undefined ? b[2].replace(/^this\./, '').replace(/^(?:[A-Z][\w$]*\.)+(?=[\w$])/, '') : `${b[3]}()`;
  // (`<local4>`, `<parameter1>`: compiled without -g, the name is not in the class file)
  if (!expr || expr === 'null') return null;
  for (const [action, code] of ACTIONS) {
    const m = action.exec(b[1]);
    if (!m) continue;
    // (the invoked method's class names the package the code likely is in: `java.awt.image.BufferedImage`)
    const pkg = (m.groups?.cls ?? '').split('.').filter((s) => /^[a-z]/.test(s)).join('/');
    // (a bare name is a local or a parameter: a field prints as `this.f`, a static one as `N.f`;
    // the invoked method's class is the type it is declared with, `N$P` as `P`)
    const local = b[2] !== undefined && /^[\w$]+$/.test(b[2]) ? { name: b[2], type: m.groups?.cls ? lastName(m.groups.cls) : null } : null;
    return { code: code(expr, m), ...(pkg ? { near: `${pkg}/` } : {}), ...(local ? { local } : {}) };
  }
  return null;
}
