// Of the lines holding the code a helpful NullPointerException names (QuotedCode.local: a local or
// parameter `src` of type `BufferedImage`), the one that raised dereferenced the value first: a
// line reading `src.` again after an earlier `src.` of the same declaration ran with `src`
// non-null (java.awt.image.ColorConvertOp.filter reads `src.getColorModel()` three times; only the
// first can be the null one). Read on the file's text, between the nearest declaration of the
// name before the line and the line, so linear in what lies between.

/** `Type name` (or `var name`, `Type<…>[] name`): a declaration of `name`; group 1 the type's simple name. */
function declaration(name: string): RegExp {
  return new RegExp(`(?:\\b([A-Z][\\w$]*)(?:\\s*<[^;{}()]*>)?|\\b(var))(?:\\s*\\[\\s*\\])*\\s+${name}\\b(?!\\s*[.(\\[])`, 'g');
}

/** Characters looked back for the declaration: a method longer than this is not read. */
const MAX_BACK = 20_000;

/**
 * Whether the code at `at` in `text` can be the first dereference of the local `name` (of type
 * `type`, when known): the nearest declaration of the name before it has that type (or `var`), and
 * nothing between them dereferences or assigns it. False when no such declaration is found.
 */
export function firstDereference(text: string, at: number, local: { name: string; type: string | null }): boolean {
  if (!/^[A-Za-z_$][\w$]*$/.test(local.name)) return false;
  const from = Math.max(0, at - MAX_BACK);
  const before = text.slice(from, at);
  let last: RegExpExecArray | null = null;
  for (const m of before.matchAll(declaration(local.name))) last = m as RegExpExecArray;
  if (!last) return false;
  const type = last[1] ?? last[2];
  if (local.type !== null && type !== local.type && type !== 'var') return false;
  const between = before.slice(last.index + last[0].length);
  // (`src.x`, `src[i]`, `src = …`: read or reassigned since the declaration)
  return !new RegExp(`(?<![\\w$.])${local.name.replace(/\$/g, '\\$')}\\s*(?:\\.|\\[|=(?!=))`).test(between);
}
