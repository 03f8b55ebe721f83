// Locale and message files shipped in a package (`locales/en.json`: `{"errors":
// {"required": "{{field}} is required"}}`) as message tables: nested keys joined by
// `.`, each string a template with the file's placeholders opened (tableStyle), at
// the line its key is written. Lookups by key (`t('errors.required')`) read them
// through record/tables.ts, every locale's entry an alternative. JSON.parse reads
// the text, a small reader the YAML subset locale files use (Rails' `en:\n  errors:\n
// blank: …`); nothing in it is run.

import type { MessageTable } from '../core/site.js';
import { lit, type Template } from '../template/ir.js';
import { lineAt, lineStarts } from '../languages/shared/text-index.js';
import { openPlaceholders, tableStyle } from '../template/placeholders.js';

const MAX_ENTRIES = 2000;
const MAX_DEPTH = 4;
/** Levels of a YAML locale file's keys kept, its locale code and Rails' scopes included (`en.activerecord.errors.models.user.attributes.name.blank`). */
const MAX_YAML_DEPTH = 9;
/** Lines a double-quoted YAML scalar may run over, at most. */
const MAX_QUOTED_LINES = 40;
/** YAML's escapes JSON does not know: `\_` (a no-break space), `\ `, `\/`, `\0`, `\e`, `\N`, `\L`, `\P`; an escaped
 * backslash is matched too, so that the character after it is not read as an escape. */
const YAML_ESCAPE = /\\([\\_ /0eNLP])/g;
const YAML_ESCAPED: Record<string, string> = { '\\': '\\\\', _: '\\u00a0', ' ': ' ', '/': '/', '0': '\\u0000', e: '\\u001b', N: '\\u0085', L: '\\u2028', P: '\\u2029' };
/** A value longer than this is prose (a page of help), not a message. */
const MAX_MESSAGE = 500;

/** The table a locale file holds (`name`: its file name, `.yml`/`.yaml` read as YAML); null when it is no object of strings. */
export function localeTable(text: string, name = ''): MessageTable | null {
  if (/\.ya?ml$/i.test(name)) return yamlLocaleTable(text);
  if (/\.properties$/i.test(name)) return propertiesTable(text);
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



/** A locale's code as the root key of a Rails-style YAML file (`en:`, `pt-BR:`, `zh_CN:`). */
const LOCALE_CODE = /^[a-z]{2,3}(?:[-_][A-Za-z]{2,4})?$/;
const YAML_KEY = /^([ ]*)(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s#'"{[\]}&*!|>%@`-][^:#]*?|-[^\s:#][^:#]*?))[ \t]*:(?:[ \t]+(.*))?$/;

/**
 * The table of a YAML locale file (`en:\n  errors:\n    blank: "can't be blank"`), read as the
 * subset locale files use: nested mappings by indentation, plain, quoted and block (`|`, `>`)
 * scalars; sequences, flow collections, anchors and tags are passed over. A root key that is a
 * locale code (`en:`) is not part of the keys (`I18n.t('errors.blank')` names what is below it).
 * Null when nothing in it is a message. Nothing in it is run.
 */
export function yamlLocaleTable(text: string): MessageTable | null {
  const lines = text.split('\n');
  const stack: { indent: number; key: string }[] = [];
  const found: { key: string; text: string; line: number }[] = [];
  for (let i = 0; i < lines.length && found.length < MAX_ENTRIES; i++) {
    const l = lines[i].replace(/\r$/, '');
    if (!l.trim() || /^\s*#/.test(l) || /^(?:---|\.\.\.)\s*$/.test(l) || l.length > 4000) continue;
    const m = YAML_KEY.exec(l);
    if (!m) continue;
    const indent = m[1].length;
    const key = (m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3] !== undefined ? m[3].replace(/''/g, "'") : m[4]).trim();
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    const raw = (m[5] ?? '').trim();
    const path = [...stack.map((s) => s.key), key];
    if (raw === '' || raw.startsWith('#')) {
      if (stack.length < MAX_YAML_DEPTH) stack.push({ indent, key });
      continue;
    }
    let value: string | null = null;
    if (/^[|>][+-]?\s*(?:#.*)?$/.test(raw)) {
      // a block scalar: the lines indented deeper than the key
      const body: string[] = [];
      let cut = -1;
      for (; i + 1 < lines.length; i++) {
        const next = lines[i + 1].replace(/\r$/, '');
        const ind = /^ */.exec(next)![0].length;
        if (next.trim() !== '' && ind <= indent) break;
        if (cut < 0 && next.trim() !== '') cut = ind;
        body.push(next.slice(Math.max(cut, 0)));
      }
      while (body.length && body[body.length - 1].trim() === '') body.pop();
      value = raw.startsWith('|') ? body.join('\n') : body.join(' ');
    } else if (raw.startsWith('"')) {
      let q = /^"((?:[^"\\]|\\.)*)"/.exec(raw);
      if (!q) {
        // (a double-quoted scalar over several lines: each break folds to a space, an empty line is a
        // newline, the next line's indentation is not part of it)
        let joined = raw.replace(/[ \t]+$/, '');
        const from = i;
        let blank = false;
        for (let n = 0; !q && n < MAX_QUOTED_LINES && i + 1 < lines.length; n++) {
          const next = lines[++i].replace(/\r$/, '').trim();
          // (a break escaped by a `\` at the line's end joins with nothing between, as does one after an empty line)
          const escaped = /(?:^|[^\\])(?:\\\\)*\\$/.test(joined);
          joined = next === '' ? joined + '\\n' : escaped ? joined.slice(0, -1) + next : blank ? joined + next : joined + ' ' + next;
          blank = next === '';
          q = /^"((?:[^"\\]|\\.)*)"/.exec(joined);
        }
        if (!q) i = from;
      }
      if (q) {
        const body = q[1].replace(YAML_ESCAPE, (_, c: string) => YAML_ESCAPED[c]);
        try {
          value = JSON.parse(`"${body}"`) as string;
        } catch {
          value = q[1];
        }
      }
    } else if (raw.startsWith("'")) {
      const q = /^'((?:[^']|'')*)'/.exec(raw);
      if (q) value = q[1].replace(/''/g, "'");
    } else if (!/^[[{&*!-]/.test(raw)) value = raw.replace(/\s+#.*$/, '');
    if (value !== null && value.length <= MAX_MESSAGE && /[A-Za-z]{2}/.test(value)) found.push({ key: path.join('.'), text: value, line: i + 1 });
  }
  if (!found.length) return null;
  // (`en.errors.blank` is looked up as `errors.blank`)
  const roots = new Set(found.map((f) => f.key.split('.')[0]));
  const [root] = roots;
  const strip = roots.size === 1 && LOCALE_CODE.test(root) && found.every((f) => f.key.includes('.'));
  const templates: Template[] = found.map((f) => [lit(f.text)]);
  const style = tableStyle(templates);
  return {
    name: '',
    entries: found.map((f, i) => ({ key: strip ? f.key.slice(root.length + 1) : f.key, template: openPlaceholders(templates[i], style), line: f.line })),
  };
}

/** `\t`, `\n`, `\uXXXX` and an escaped character of a `.properties` key or value. */
const PROPERTIES_ESCAPE = /\\(?:u([0-9A-Fa-f]{4})|(.))/g;
const unescapeProperty = (s: string): string =>
  s.replace(PROPERTIES_ESCAPE, (_, u: string | undefined, c: string | undefined) => (u ? String.fromCharCode(parseInt(u, 16)) : c === 't' ? '\t' : c === 'n' ? '\n' : c === 'r' ? '\r' : c === 'f' ? '\f' : c!));
/** A `{0}` / `{1,number}` field: the entry is a MessageFormat pattern, its `''` a quote and `'…'` quoted text. */
const INDEXED_FIELD = /\{\d+(?:,[^}]*)?\}/;

/** A MessageFormat pattern's literal text: `''` is a quote, `'…'` is quoted (printed without its quotes); fields are kept. */
function unquotePattern(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "'") {
      out += text[i];
      continue;
    }
    if (text[i + 1] === "'") {
      out += "'";
      i++;
      continue;
    }
    const close = text.indexOf("'", i + 1);
    if (close < 0) continue;
    out += text.slice(i + 1, close);
    i = close;
  }
  return out;
}

/**
 * The table of a `.properties` resource bundle (`query.no.value=Parameter ''{0}'' has no value`),
 * looked up by key as a locale file is (`bundle.getString("query.no.value")`): `key=value`, `key:
 * value` or `key value` lines, `#`/`!` comments, a value continued on the next line by a trailing
 * backslash, `\uXXXX` escapes. An entry with `{0}` fields is read as a MessageFormat pattern (its
 * `''` one quote). A value of one word (a setting's `true`) is no message. Null when nothing in it
 * is a message. Nothing in it is run.
 */
export function propertiesTable(text: string): MessageTable | null {
  const lines = text.split('\n');
  const found: { key: string; text: string; line: number }[] = [];
  for (let i = 0; i < lines.length && found.length < MAX_ENTRIES; i++) {
    const first = i;
    let l = lines[i].replace(/\r$/, '').replace(/^[ \t\f]+/, '');
    if (!l || l[0] === '#' || l[0] === '!') continue;
    // (a line ending in an odd number of backslashes goes on, the next line's leading blanks dropped)
    while (/(?:^|[^\\])(?:\\\\)*\\$/.test(l) && i + 1 < lines.length && l.length < 8000) l = l.slice(0, -1) + lines[++i].replace(/\r$/, '').replace(/^[ \t\f]+/, '');
    const m = /^((?:[^\\:=\s]|\\.)+)[ \t\f]*(?:[:=][ \t\f]*|(?=\S)|$)(.*)$/.exec(l);
    if (!m) continue;
    const key = unescapeProperty(m[1]);
    let value = unescapeProperty(m[2]);
    if (INDEXED_FIELD.test(value)) value = unquotePattern(value);
    // (words with a space between: a setting's `true`, `INFO` or `com.x.Impl` is no message)
    if (value.length <= MAX_MESSAGE && /[A-Za-z]{2}/.test(value) && /\S\s+\S/.test(value)) found.push({ key, text: value, line: first + 1 });
  }
  if (!found.length) return null;
  const templates: Template[] = found.map((f) => [lit(f.text)]);
  const style = tableStyle(templates);
  return { name: '', entries: found.map((f, i) => ({ key: f.key, template: openPlaceholders(templates[i], style), line: f.line })) };
}
