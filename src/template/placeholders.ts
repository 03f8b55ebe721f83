// The placeholders of a library's message table. A table of messages is rendered
// by the library with one syntax (`{{#label}}` in joi-like validators, `{limit}` in
// Python's `str.format`, `%(name)s`, `:attribute` in Laravel-like ones), so the
// syntax is read from the table as a whole: the one its entries use. A literal
// `{x}` in an ordinary message stays literal; only a table's entries are opened.

import { isLit, openFields, type FieldStyle, type Template } from './ir.js';

/** The styles a table's entries are tested for, the most specific first (`{{x}}` also looks like `{x}`). */
const STYLES: { style: FieldStyle; re: RegExp }[] = [
  { style: 'mustache', re: /\{\{\{?\s*[#&]?[A-Za-z_$][\w$.]*\s*\}?\}\}/ },
  { style: 'dollar', re: /\$\{\s*[A-Za-z_$][\w$.]*\s*\}/ },
  { style: 'brace', re: /(?<![{%])\{(?:[A-Za-z_]\w*|\d+)(?:\.\w+|\[\w+\])*(?:![rsa])?(?::[^{}]*)?\}(?!\})/ },
  // (`%{name}`: the named fields of some languages' format and i18n functions; `%<name>s`: Ruby's format)
  { style: 'percent', re: /%(?:\([A-Za-z_]\w*\))?[#0\- +]*\d*(?:\.\d+)?[sdifrxeEgG]|%\{[A-Za-z_]\w*\}|%<[A-Za-z_]\w*>[#0\- +]*\d*(?:\.\d+)?[sdifxXeEgGbBop]/ },
  { style: 'index', re: /%\d/ },
  { style: 'colon', re: /(?<![\w:/\\]):[a-z_][a-z0-9_]*\b/ },
];

/** Entries a syntax must be seen in before a table is read with it, for the syntaxes ordinary prose also has. */
const MIN_ENTRIES: Partial<Record<FieldStyle, number>> = { colon: 2, percent: 1, brace: 1 };

/**
 * The placeholder syntax of a table's entries: the style the most entries use (at
 * least one, two for `:name`, which prose has too: `note:this`), or null when none
 * does.
 */
export function tableStyle(entries: Template[]): FieldStyle | null {
  let best: FieldStyle | null = null;
  let bestCount = 0;
  const texts = entries.map((t) => t.filter(isLit).map((s) => s.lit).join('\u0000'));
  for (const { style, re } of STYLES) {
    let n = 0;
    for (const t of texts) if (re.test(t)) n++;
    if (n > bestCount && n >= (MIN_ENTRIES[style] ?? 1)) {
      best = style;
      bestCount = n;
    }
  }
  return best;
}

/** A table's entry with its placeholders opened into holes, as the table's style reads them. */
export const openPlaceholders = (t: Template, style: FieldStyle | null): Template => (style ? openFields(t, style) : t);
