// The code a PHP message names (Language.quotedCode): PHP 8 names the function whose parameter
// got a value it does not accept, and raises the TypeError (or ArgumentCountError) at that
// function's declaration: `Acme\Money::of(): Argument #1 ($amount) must be of type int, string
// given, called in … on line 5` has its file and line at `public static function of(int $amount)`.
// The lines answering it are the function's declarations in files declaring its class (or its
// namespace, for a function). As printed by the PHP 8 of this machine (test/languages/quoted-code.test.ts).

import type { QuotedCode } from '../../core/pack.js';

const FUNCTION = String.raw`(?:([\w\\]+)::)?([\w\\]+)\(\)`;
const NAMED = [
  new RegExp(String.raw`^${FUNCTION}: Argument #\d+ \(\$\w+\) must (?:be of type|implement interface) `),
  new RegExp(String.raw`^Too (?:few|many) arguments to function ${FUNCTION}, \d+ passed`),
];

/** Messages longer than this are not such a text (a name, a type, a path). */
const MAX_MESSAGE = 1000;

export function phpQuotedCode(message: string): QuotedCode | null {
  if (message.length > MAX_MESSAGE) return null;
  for (const re of NAMED) {
    const m = re.exec(message.trim());
    if (!m) continue;
    const [, cls, fn] = m;
    const name = fn.slice(fn.lastIndexOf('\\') + 1);
    // (a closure prints as `{closure}()`: no declaration to look for)
    if (!/^\w+$/.test(name)) return null;
    const owner = cls ? `class ${cls.slice(cls.lastIndexOf('\\') + 1)}` : fn.includes('\\') ? `namespace ${fn.slice(0, fn.lastIndexOf('\\'))}` : null;
    return { code: `function ${name}(`, ...(owner ? { holds: [owner] } : {}) };
  }
  return null;
}
