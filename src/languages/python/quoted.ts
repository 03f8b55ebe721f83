// The code a CPython message names (Language.quotedCode). The interpreter writes the name of the
// attribute it could not find and of the callable that refused its arguments into its own text,
// raised at the line that reads or calls it, which no source of any tree holds:
//   'int' object has no attribute 'startswith'              → `.startswith`
//   module 'os' has no attribute 'fsencodee'                 → `os.fsencodee`, else `.fsencodee`
//   Parser.feed() takes 2 positional arguments but 3 were given → `.feed(`
//   Parser.__init__() missing 1 required positional argument: 'x' → `Parser(`, else `.Parser(`
//   write() argument must be str, not bytes                  → `write(`, else `.write(`
//   list.remove(x): x not in list                            → `.remove(`
//   startswith first arg must be str or a tuple of str, not bytes → `.startswith(`
//   pop expected at least 1 argument, got 0                  → `pop(`, else `.pop(`
//   could not convert string to float: 'x'                   → `float(`
//   invalid literal for int() with base 10: 'x'              → `int(` (too short to look up: the
//                                                               explain's note says whose text it is)
// As printed by the python3 of this machine (3.11; test/languages/quoted-code.test.ts runs each
// form). A frequent name is on too many lines to answer (the core's cap, decision 0031); a rare one
// (a library's own method, a C function few modules call) is the line.

import type { QuotedCode } from '../../core/pack.js';

/** Messages longer than this are not such a text (a type, a name, a short reason). */
const MAX_MESSAGE = 500;

const NAME = String.raw`[A-Za-z_]\w*`;
const REPR = String.raw`'[^'\n]{1,200}'`;

/** `'T' object has no attribute 'x'` (and its `. Did you mean: 'y'?`); a module's or a class's. */
const ATTRIBUTE = new RegExp(String.raw`^(?:${REPR} object|module '([\w.]+)'|type object '(${NAME})') has no attribute '(${NAME})'(?:\. Did you mean: ${REPR}\?)?$`);
/** A callable refusing its arguments, named as Python 3.10+ names it: `f()`, `Class.method()`, `method()` of a C type. */
const CALLABLE = new RegExp(
  String.raw`^((?:${NAME}\.)*)(${NAME})\(\) (?:takes |missing \d+ required |got an unexpected keyword argument |got multiple values for argument |got some positional-only arguments |argument |arg \d+ must |expected |must be called with )`,
);
/** A sequence method's own message: `list.remove(x): x not in list`. */
const METHOD_OF = new RegExp(String.raw`^${NAME}\.(${NAME})\([^()\n]{0,40}\): `);
/** A C method naming itself without parentheses: `startswith first arg must be …`, `pop expected at least 1 argument, got 0`. */
const BARE_METHOD = new RegExp(String.raw`^(${NAME}) (?:first arg must be |expected (?:at (?:least|most) )?\d+ arguments?, got \d+$)`);
const FLOAT = /^could not convert string to float: /;
const INT = /^invalid literal for int\(\) with base \d+: /;

export function pythonQuotedCode(message: string): QuotedCode | null {
  if (message.length > MAX_MESSAGE) return null;
  const text = message.trim();
  let m = ATTRIBUTE.exec(text);
  if (m) {
    const [, module, type, attr] = m;
    const owner = module ? module.slice(module.lastIndexOf('.') + 1) : type;
    return owner ? { code: `${owner}.${attr}`, orElse: { code: `.${attr}` } } : { code: `.${attr}` };
  }
  m = CALLABLE.exec(text);
  if (m) {
    const [, qualifier, name] = m;
    const owner = qualifier.slice(0, -1).split('.').pop();
    // (a constructor's calls are its class's: `Parser(…)`, `module.Parser(…)`)
    if (owner && (name === '__init__' || name === '__new__')) return called(owner);
    return qualifier ? { code: `.${name}(` } : called(name);
  }
  m = METHOD_OF.exec(text);
  if (m) return { code: `.${m[1]}(` };
  m = BARE_METHOD.exec(text);
  if (m) return text.includes(' first arg ') ? { code: `.${m[1]}(` } : called(m[1]);
  if (FLOAT.test(text)) return { code: 'float(' };
  return INT.test(text) ? { code: 'int(' } : null;
}

/** A call of a name that is a function or a method: `name(` alone (not its `def` or `class`), else as a member (`x.name(`). */
const called = (name: string): QuotedCode => ({ code: `${name}(`, notAfter: DECLARES, orElse: { code: `.${name}(` } });
const DECLARES = ['def', 'class'];
