// Which positional argument of an error construction is its message, when nothing says: the
// class's constructor is not in the tree (facts/classes.ts binds the arguments when it is, and
// the site's own template is only its fallback). Frameworks' HTTP and validation errors put a
// status or the failing values first: `new HttpException(405, "Method … is not allowed")`,
// `new MethodNotAllowedHttpException($allowed, sprintf('The %s method is not supported …'))`.

import { isLit, type Template } from '../../template/ir.js';

/** An argument as a pack built it: its template, and whether the expression is text. */
export interface BuiltArg {
  t: Template;
  s: boolean;
}

/** Literal text of two words or more: a sentence, where a code or key (`'system'`, `'E_PARSE'`) is one word. */
const SENTENCE = /\S\s+\S/;
const readsAsSentence = (t: Template): boolean => t.some((p) => isLit(p) && SENTENCE.test(p.lit));

/**
 * The index of the message among `args` (positional, in order): the first, unless it is no text
 * (a number, a variable, a list) and a later one reads as a sentence. A later one-word text stays
 * an argument: `new FetchError(message, 'system')` passes a type after its message.
 */
export function messagePosition(args: readonly BuiltArg[]): number {
  if (args.length < 2 || args[0].s) return 0;
  const later = args.findIndex((a, i) => i > 0 && a.s && readsAsSentence(a.t));
  return later > 0 ? later : 0;
}
