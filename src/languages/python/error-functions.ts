// Functions named as error classes that return the error they build (`def InvalidHashError(handler=None):
// return ValueError("not a valid %s hash" % _get_name(handler))`, passlib's exc.py): raised like a
// class (`raise uh.exc.InvalidHashError(cls)`, from any module of the tree), so each is reported as one.

import type { SgNode } from '@ast-grep/napi';
import type { ClassInfo } from '../../core/site.js';
import { ERROR_NAME } from './built.js';
import { build, callArgs, paramNames, Scope, type FileCtx } from './template.js';

/** A module-level function named as an error class (`def InvalidHashError(`). */
const ERROR_FUNCTION_DEF = /^def[ \t]+([A-Z]\w*(?:Error|Exception|Warning))[ \t]*\(/gm;
/** Such functions read per file, at most. */
const MAX_ERROR_FUNCTIONS = 64;
const RETURN = { rule: { kind: 'return_statement' } } as const;

/** Does the text define such a function (pythonCannotRaise: a file holding only these is analyzed)? */
export const mayDefineErrorFunctions = (source: string): boolean => new RegExp(ERROR_FUNCTION_DEF.source, 'm').test(source);

/**
 * The module-level functions named as error classes (and no class of the file) whose return
 * constructs an error-named class given text: a class of the function's name, based on the class
 * built, its message the text the construction is given first, its holes naming the function's
 * parameters (a raise binds its arguments to them as to a constructor's), a text assigned in
 * branches each an alternative (`text = "malformed %s hash" % …` / `if reason: text = "%s (%s)" % …`).
 * A text test first: most files define none.
 */
export function errorFunctions(root: SgNode, source: string, ctx: FileCtx): ClassInfo[] {
  const names = new Set<string>();
  for (const m of source.matchAll(ERROR_FUNCTION_DEF)) if (names.size < MAX_ERROR_FUNCTIONS && !ctx.localClasses.has(m[1])) names.add(m[1]);
  if (!names.size) return [];
  const out: ClassInfo[] = [];
  for (const fn of root.children()) {
    const name = fn.kind() === 'function_definition' ? fn.field('name')?.text() : undefined;
    if (!name || !names.has(name)) continue;
    const scope = new Scope(ctx, fn);
    for (const r of fn.findAll(RETURN)) {
      const e = r.namedChildren().find((c) => c.kind() !== 'comment');
      const built = e?.kind() === 'call' ? e.field('function')?.text() : undefined;
      if (!e || !built || !ERROR_NAME.test(built)) continue;
      const first = callArgs(e).positional[0];
      const b = first && !/splat$/.test(first.kind() as string) ? build(first, scope) : null;
      if (!b?.s) continue;
      out.push({
        name,
        bases: [built],
        line: fn.range().start.line + 1,
        template: b.t,
        params: paramNames(fn, false),
        ...(b.alts?.length ? { alts: b.alts } : {}),
      });
      break;
    }
  }
  return out;
}
