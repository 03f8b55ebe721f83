// Locale and message files shipped in a package (`locales/en.json`: `{"errors":
// {"required": "{{field}} is required"}}`) as message tables: nested keys joined by
// `.`, each string a template with the file's placeholders opened (tableStyle), at
// the line its key is written. Lookups by key (`t('errors.required')`) read them
// through record/tables.ts, every locale's entry an alternative. JSON.parse reads
// the text: nothing in it is run.

import type { MessageTable } from '../core/site.js';
import { lit, type Template } from '../template/ir.js';
import { lineAt, lineStarts } from '../languages/shared/text-index.js';
import { openPlaceholders, tableStyle } from '../template/placeholders.js';

const MAX_ENTRIES = 2000;
const MAX_DEPTH = 4;
/** A value longer than this is prose (a page of help), not a message. */
const MAX_MESSAGE = 500;

/** The table a locale file holds; null when it is no JSON object of strings. */
export function localeTable(text: string): MessageTable | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const lines = lineStarts(text);
  const found: { key: string; text: string; line: number }[] = [];
  // (keys are found in the text in document order from a cursor: one pass over the text)
  let cursor = 0;
  const locate = (key: string): number => {
    const quoted = JSON.stringify(key);
    let at = text.indexOf(quoted, cursor);
    if (at < 0) at = text.indexOf(quoted);
    if (at < 0) return 1;
    cursor = at + quoted.length;
    return lineAt(lines, at);
  };
  const visit = (o: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [k, v] of Object.entries(o)) {
      if (found.length >= MAX_ENTRIES) return;
      const line = locate(k);
      if (typeof v === 'string') {
        if (v.length <= MAX_MESSAGE && /[A-Za-z]{2}/.test(v)) found.push({ key: prefix + k, text: v, line });
      } else if (v && typeof v === 'object' && !Array.isArray(v) && depth < MAX_DEPTH) visit(v as Record<string, unknown>, `${prefix}${k}.`, depth + 1);
    }
  };
  visit(data as Record<string, unknown>, '', 0);
  if (!found.length) return null;
  const templates: Template[] = found.map((f) => [lit(f.text)]);
  const style = tableStyle(templates);
  return { name: '', entries: found.map((f, i) => ({ key: f.key, template: openPlaceholders(templates[i], style), line: f.line })) };
}


