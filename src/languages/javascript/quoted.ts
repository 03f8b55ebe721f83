// The code a V8 message names (Language.quotedCode): a call of something that is not a function
// prints the callee as the code wrote it (`formatStr.match is not a function`; `o["a"].b` prints
// `o.a.b`, which no line writes, and is then not found), so the line that raised reads
// `formatStr.match(`. As printed by the Node 20 of this machine (test/languages/quoted-code.test.ts
// runs each form). A bare name (`cb is not a function`) is on too many lines to say anything.

import type { QuotedCode } from '../../core/pack.js';

/** A member chain as V8 prints it: `a.b`, `this.x.y`, `a?.b`; at least one member. */
const CHAIN = String.raw`[\w$]+(?:\??\.[\w$]+)+`;
const NOT_A = new RegExp(String.raw`^(${CHAIN}) is not (a function|a constructor|iterable)$`);

/** Fewer characters than this say too little (`e.t(` is on hundreds of lines of minified code). */
const MIN_CODE = 6;

export function v8QuotedCode(message: string): QuotedCode | null {
  if (message.length > 200) return null;
  const m = NOT_A.exec(message.trim());
  if (!m || m[1].length < MIN_CODE) return null;
  return { code: m[2] === 'a function' ? `${m[1]}(` : m[2] === 'a constructor' ? `new ${m[1]}` : m[1] };
}
