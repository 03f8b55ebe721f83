// The code a PHP message names (Language.quotedCode). PHP 8 names the function whose parameter
// got a value it does not accept, and raises the TypeError (or ArgumentCountError) at that
// function's declaration: `Acme\Money::of(): Argument #1 ($amount) must be of type int, string
// given, called in … on line 5` has its file and line at `public static function of(int $amount)`.
// The lines answering it are the function's declarations in files declaring its class (or its
// namespace, for a function). A function of the runtime (`str_replace()`, `SplFileInfo::__construct()`)
// has no declaration in the tree: PHP raises at its call, and so does every message an internal
// function prefixes with its name (`DateTimeZone::__construct(): Unknown or bad timezone (x)`,
// `file_get_contents(/x): Failed to open stream: …`); the answers are then the calls. As printed by
// the PHP 8 of this machine (test/languages/quoted-code.test.ts, test/e2e/quoted-code.test.ts).

import type { QuotedCode } from '../../core/pack.js';

const FUNCTION = String.raw`(?:([\w\\]+)::)?([\w\\]+)\(\)`;
const NAMED = [
  new RegExp(String.raw`^${FUNCTION}: Argument #\d+ \(\$\w+\) must (?:be of type|implement interface|be a valid) `),
  new RegExp(String.raw`^Too (?:few|many) arguments to function ${FUNCTION}, \d+ passed`),
];
/** An internal function's own message: its name, its first argument when it is a path or URL, then `): ` and the text. */
const PREFIXED = /^(?:([\w\\]+)::)?([\w\\]+)\([^()\n]{0,300}\): \S/;

/** A file declaring a namespace (`namespace A\B;` or `namespace A\B {`). */
const NAMESPACED = /^[ \t]*namespace\s+[A-Za-z_][\w\\]*\s*[;{]/m;

/** Messages longer than this are not such a text (a name, a type, a path). */
const MAX_MESSAGE = 1000;

export function phpQuotedCode(message: string): QuotedCode | null {
  if (message.length > MAX_MESSAGE) return null;
  const text = message.trim();
  for (const re of NAMED) {
    const m = re.exec(text);
    if (!m) continue;
    const [, cls, fn] = m;
    const name = lastName(fn);
    // (a closure prints as `{closure}()`: no declaration to look for)
    if (!/^\w+$/.test(name)) return null;
    const owner = cls ? `class ${lastName(cls)}` : fn.includes('\\') ? `namespace ${fn.slice(0, fn.lastIndexOf('\\'))}` : null;
    const calls = callsOf(cls, name);
    // (PHP names a class or function with its namespace: one without is declared in a file without one)
    const global = !(cls ?? fn).includes('\\');
    return { code: `function ${name}(`, ...(owner ? { holds: [owner] } : {}), ...(global ? { lacks: NAMESPACED } : {}), ...(calls ? { orElse: calls } : {}) };
  }
  const m = PREFIXED.exec(text);
  return m ? callsOf(m[1], lastName(m[2])) : null;
}

const lastName = (name: string) => name.slice(name.lastIndexOf('\\') + 1);

/** The calls of a function or method as code writes them: `new X(` is `X(` (after `new ` or `new \`), a method its name. */
function callsOf(cls: string | undefined, name: string): QuotedCode | null {
  if (!/^\w+$/.test(name)) return null;
  if (name === '__construct') {
    if (!cls) return null;
    const plain = { code: `${lastName(cls)}(` };
    // (a global class is written `new \X(` in a namespaced file, or imported: the lines writing `\X(`
    // call it for certain, those writing `X(` may call a namespaced class of that name)
    return cls.includes('\\') ? plain : { code: `\\${cls}(`, orElse: plain };
  }
  return { code: `${name}(` };
}
