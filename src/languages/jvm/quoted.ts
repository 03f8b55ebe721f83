// The code a JVM message names (Language.quotedCode): Java 14+'s helpful NullPointerException
// (JEP 358) says which expression was null and what was done with it, in the code's own names:
// `Cannot invoke "java.awt.image.BufferedImage.getColorModel()" because "src" is null` was raised
// on a line reading `src.getColorModel(`. As printed by the JDK 17 of this machine
// (test/languages/quoted-code.test.ts compiles and runs each form).

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

export function javaQuotedCode(message: string): QuotedCode | null {
  if (message.length > MAX_MESSAGE || !message.startsWith('Cannot ')) return null;
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
    return { code: code(expr, m), ...(pkg ? { near: `${pkg}/` } : {}) };
  }
  return null;
}
