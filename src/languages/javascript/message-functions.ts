// Functions that turn an error's code into its text, for an error class built from an object's
// `message` field in another module: typebox's `DefaultErrorFunction(error)` (`switch
// (error.errorType) { case …ArrayMaxItems: return \`Expected array length to be less or equal to
// ${error.schema.maxItems}\`; … }`), whose result `errors.js` stores as `message:` of the error
// objects that `new AssertError(iterator)` reads (`super(error.message)`). Each returned text is
// kept as a held message of the tree (`returned:message`, facts/built.ts), which the constructions
// of such classes raise.

import type { SgNode } from '@ast-grep/napi';
import { namedKids } from './template.js';

/** A function named for messages or errors: `toMessage`, `DefaultErrorFunction`, `errorText`, `describeError`. */
const MESSAGE_NAME = /message|error/i;

/** At least this many texts returned: one returned text is a function's result, not a table of messages. */
const MIN_TEXTS = 3;

/** Returned texts read from one file at most (typebox's has 60). */
const MAX_TEXTS = 400;

const FUNCTION_KINDS = new Set(['function_declaration', 'function_expression', 'function', 'arrow_function', 'method_definition', 'generator_function_declaration']);

/** The name a function is declared or bound under (`function f`, `const f = () => …`, `f: function`, `f() {}`), or null. */
function functionName(fn: SgNode): string | null {
  const own = fn.field('name');
  if (own) return own.text();
  const p = fn.parent();
  if (p?.kind() === 'variable_declarator' || p?.kind() === 'pair') return (p.field('name') ?? p.field('key'))?.text() ?? null;
  if (p?.kind() === 'assignment_expression') return p.field('left')?.text().split('.').pop() ?? null;
  return null;
}

/** A declaration or binding of a name holding `message` or `error` (`function toMessage(`, `errorText =`, `errorFor:`). */
const MESSAGE_DECL = /(?:^|[\s,;{(])[\w$]*(?:[Mm]essage|[Ee]rror)[\w$]*\s*(?:\(|=|:)/;
const RETURNED_TEXT = /\breturn\s*[`'"]/g;

/**
 * Whether the text may hold a message function (cheap: the scan then parses a file that raises
 * nothing itself, as runtypes' FAILURE.js or a module of error texts).
 */
export function mayHoldMessageFunction(source: string): boolean {
  if (!MESSAGE_DECL.test(source)) return false;
  let n = 0;
  RETURNED_TEXT.lastIndex = 0;
  while (RETURNED_TEXT.exec(source)) if (++n >= MIN_TEXTS) return true;
  return false;
}

/** The text nodes (string or template literal) a message function of the file returns. */
export function messageFunctionTexts(root: SgNode, source: string): SgNode[] {
  if (!mayHoldMessageFunction(source)) return [];
  const out: SgNode[] = [];
  const returns = root.findAll({ rule: { kind: 'return_statement', has: { any: [{ kind: 'string' }, { kind: 'template_string' }] } } });
  // (returns grouped by the function they return from; a nested function's are its own)
  const byFn = new Map<number, { fn: SgNode; texts: SgNode[] }>();
  for (const r of returns) {
    const value = namedKids(r)[0];
    if (!value || (value.kind() !== 'string' && value.kind() !== 'template_string')) continue;
    if (value.kind() === 'template_string' && !value.children().some((c) => c.kind() === 'string_fragment')) continue;
    let fn: SgNode | null = r.parent();
    for (let i = 0; fn && i < 200 && !FUNCTION_KINDS.has(fn.kind() as string); i++) fn = fn.parent();
    if (!fn || !FUNCTION_KINDS.has(fn.kind() as string)) continue;
    const entry = byFn.get(fn.id()) ?? { fn, texts: [] };
    entry.texts.push(value);
    byFn.set(fn.id(), entry);
  }
  for (const { fn, texts } of byFn.values()) {
    if (texts.length < MIN_TEXTS) continue;
    const name = functionName(fn);
    if (!name || !MESSAGE_NAME.test(name)) continue;
    for (const t of texts) {
      if (out.length >= MAX_TEXTS) return out;
      out.push(t);
    }
  }
  return out;
}
