// Generic decorations a library puts around an inner error's message: a position after it
// (`…, line 3, column 7`, `… (line 3)`, `… at 1:31`, `… (config.ini, line 2)`), a location or a
// name before it (`lib/a.js:3:7: …`, `Line 3: …`, `Error: …`, `TypeError: …`, `[Tag] …`), and an
// excerpt of the input with a caret under the column (or a block of `Line: 3` / `Column: 7`
// lines) on the lines after it. `peelDecorations` takes them off, outside in, so that the core can
// be ranked as a message of its own (match/wrap.ts).
//
// Hostile input: every rule reads a bounded window of the text (its start, its end, its first
// lines), so peeling costs O(text length) at most (one pass to find the lines), whatever the text.

export type Decoration = 'excerpt' | 'position' | 'location' | 'prefix';

export interface Peel {
  decoration: Decoration;
  /** The text taken off (trimmed). */
  text: string;
}

export interface Peeled {
  /** The message without its decorations. */
  core: string;
  /** What was taken off, outermost first. */
  layers: Peel[];
}

/** Layers taken off one message at most. */
export const MAX_PEELS = 4;
/** The window at either end of a line the position and prefix rules read. */
const WINDOW = 160;
/** Lines of a multi-line message the excerpt rule reads. */
const MAX_EXCERPT_LINES = 24;
/** A core shorter than this (non-space characters) says too little to be ranked on its own. */
const MIN_CORE = 4;

// The position rules, on the last WINDOW characters of one line (each anchored at the end, so a match
// starts inside the window; a window of bounded length keeps even backtracking bounded).
const NUM = String.raw`\d{1,9}`;
const COLUMN_WORDS = String.raw`(?:col(?:umn)?|char(?:acter)?|pos(?:ition)?|offset|index)`;
const LINE_POSITION = String.raw`\b(?:line|ln|row)\s*[:=#]?\s*${NUM}(?:\s*[,;:]?\s*(?:and\s+)?${COLUMN_WORDS}\s*[:=#]?\s*${NUM})*`;
const AT = String.raw`\b(?:at|on|in|near)\s+`;
const POSITION_SUFFIXES: RegExp[] = [
  // ` (config.ini, line 2)`, ` (<string>, line 2)`: Python's SyntaxError and friends
  new RegExp(String.raw`\s*\([^()\n]{1,120},\s*line\s+${NUM}\)\s*[.:]?\s*$`, 'i'),
  // ` (line 3)`, ` [line 3, column 7]`
  new RegExp(String.raw`\s*[([]\s*(?:${AT})?${LINE_POSITION}\s*[)\]]\s*[.:]?\s*$`, 'i'),
  // `, line 3, column 7`, ` at line 3 column 7`, ` on line 3:`, ` at row 1, col 24, pos 23:`
  new RegExp(String.raw`(?:\s*[,;-]\s*|\s+)(?:${AT})?${LINE_POSITION}\s*[.:]?\s*$`, 'i'),
  // ` at 1:31`, ` (3:7)`, ` at position 23`, ` at offset 5`, ` near character 23`
  new RegExp(String.raw`\s+(?:${AT}(?:${NUM}:${NUM}|${COLUMN_WORDS}\s*[:=#]?\s*${NUM})|\((?:${NUM}:${NUM}|${COLUMN_WORDS}\s*[:=#]?\s*${NUM})\))\s*[.:]?\s*$`, 'i'),
];

// The prefix rules, on the first WINDOW characters (each anchored at the start).
const PREFIXES: { decoration: Decoration; re: RegExp }[] = [
  // `lib/a.js:3:7: `, `<unknown>:1:20: `, `config.ini:3: `
  { decoration: 'location', re: new RegExp(String.raw`^(?:[^\s:()<>]{1,120}|<[^<>\n]{1,40}>):${NUM}(?::${NUM})?:\s+`) },
  // `Line 3: `, `line 3, column 7: `
  { decoration: 'location', re: new RegExp(String.raw`^(?:line|ln|row)\s+${NUM}(?:\s*[,:]?\s*${COLUMN_WORDS}\s+${NUM})?\s*[:,-]\s+`, 'i') },
  // `Error: `, `TypeError: `, `json5: `, `[Tag] `: a name or a tag joined to the message
  { decoration: 'prefix', re: /^(?:[A-Za-z_$][\w$.-]{0,60}\s*:|\[[^\][\n]{1,40}\])\s+/ },
];

/** A line of an excerpt's marker: a caret (or tildes) under a column, nothing else. */
const CARET_LINE = /^[ \t]*[\^~][\^~ \t]*$/;
/** A caret led by a rule from the margin (`------^`), under an excerpt of numbered lines. */
const RULED_CARET_LINE = /^-+\^[ \t]*$/;
/** A line of a numbered excerpt (`   2|   color: red;`, `  > 3|   li two`). */
const NUMBERED_LINE = /^[ \t]{0,16}>?[ \t]{0,16}\d{1,9}\|/;
/** A first line that is a location and nothing else (`stylus:4:1`, `Pug:2:9`). */
const BARE_LOCATION = /^[^\s:]{1,120}:\d{1,9}(?::\d{1,9})?$/;
/** A line of a position block (`Line: 3`, `Column: 7`, `Char: >`). */
const POSITION_LINE = /^[ \t]*(?:line|column|col|char|character|row|pos|position|offset|index)[ \t]*[:=]/i;

/** Characters a quoted line of code needs besides whitespace (`end`, `}` say nothing of where they are). */
const MIN_QUOTED = 8;

/**
 * The line of code a message quotes above a caret line, after an empty line, as written
 * (indentation kept), and the caret's column (1-based):
 * `undefined method 'each' for nil\n\n      tokens.each do |t|\n            ^^^^^` (Ruby's
 * error_highlight). Null when no later line of the message is a caret line under such a line with
 * enough to find it by. (An excerpt of the input under a position, `Line 1\n  {{/x}}\n  ^`, is
 * not code to look for: finding a line costs a scan of the sources.)
 */
export function quotedSourceLine(text: string): { code: string; column: number } | null {
  const lines = text.split('\n', MAX_EXCERPT_LINES);
  for (let k = 2; k < lines.length; k++) {
    if (lines[k].length > 4 * WINDOW || !CARET_LINE.test(lines[k])) continue;
    const code = lines[k - 1].replace(/\r$/, '');
    if (lines[k - 2].trim() !== '' || code.length > 4 * WINDOW || !hasNonSpace(code, MIN_QUOTED)) return null;
    return { code, column: lines[k].search(/[\^~]/) + 1 };
  }
  return null;
}

/** Whether `s` has at least `n` characters other than whitespace (`\s`); reads only as far as it needs. */
function hasNonSpace(s: string, n: number): boolean {
  let k = 0;
  for (let i = 0; i < s.length && k < n; i++) if (!SPACE.test(s[i])) k++;
  return k >= n;
}
const SPACE = /\s/;

/** `s` without a colon at its end (and the whitespace before it). */
function trimColon(s: string): string {
  if (!s.endsWith(':')) return s;
  let end = s.length - 1;
  while (end > 0 && SPACE.test(s[end - 1])) end--;
  return s.slice(0, end);
}

/** `s` without the whitespace, commas and semicolons at its end (a loop: `/[\s,;]+$/` tries every offset of a long line). */
function trimSeparators(s: string): string {
  let end = s.length;
  while (end > 0 && (SPACE.test(s[end - 1]) || s[end - 1] === ',' || s[end - 1] === ';')) end--;
  return s.slice(0, end);
}

/**
 * The message with its generic decorations taken off, or null when it has none (or when what
 * would remain is too short to say anything).
 */
export function peelDecorations(message: string): Peeled | null {
  let core = message.trim();
  const layers: Peel[] = [];
  const excerpt = peelExcerpt(core);
  if (excerpt) {
    layers.push({ decoration: 'excerpt', text: excerpt.taken });
    core = excerpt.core;
  }
  // A decoration is taken off one line: what is left of a multi-line message past the rules above is its own.
  while (layers.length < MAX_PEELS && !core.includes('\n')) {
    const p = peelSuffix(core) ?? peelPrefix(core);
    if (!p || !hasNonSpace(p.core, MIN_CORE)) break;
    layers.push(p.peel);
    core = p.core;
  }
  return layers.length > 0 ? { core, layers } : null;
}

/**
 * A message whose later lines are an excerpt of the input with a caret under a column, or a block
 * of position lines: the line that says what is wrong (the first; the last when the excerpt comes
 * first, as Python prints a SyntaxError) without them.
 */
function peelExcerpt(text: string): { core: string; taken: string } | null {
  const nl = text.indexOf('\n');
  if (nl < 0) return null;
  const lines: string[] = [];
  let caret = -1;
  let positions = 0;
  for (let at = 0, k = 0; at <= text.length && k < MAX_EXCERPT_LINES; k++) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end);
    lines.push(line);
    if (k > 0 && caret < 0 && line.length <= 4 * WINDOW && CARET_LINE.test(line)) caret = k;
    if (k > 0 && line.length <= WINDOW && POSITION_LINE.test(line)) positions++;
    if (end < 0) break;
    at = end + 1;
  }
  const complete = lines.join('\n').length >= text.length;
  const first = lines[0].trim();
  // `name:4:1`, the numbered lines around it with a ruled caret, then the message after an empty line
  // (the first line after the excerpt; what follows it is the message's own).
  if (BARE_LOCATION.test(first)) {
    const ruled = lines.findIndex((l, k) => k > 0 && l.length <= 4 * WINDOW && RULED_CARET_LINE.test(l));
    const after = ruled > 0 ? lines.slice(ruled + 1).findIndex((l) => l.trim() !== '' && !NUMBERED_LINE.test(l)) : -1;
    const line = after >= 0 ? lines[ruled + 1 + after].trim() : '';
    if (hasNonSpace(line, MIN_CORE) && lines.slice(1, ruled).every((l) => NUMBERED_LINE.test(l))) {
      const at = text.indexOf(line, lines.slice(0, ruled + 1 + after).join('\n').length);
      return { core: line, taken: (text.slice(0, at) + '\n' + text.slice(at + line.length)).trim() };
    }
  }
  if (caret > 0) {
    // The caret is under a line of the excerpt; the message is the first line, or the last after the caret.
    const after = lines.slice(caret + 1).filter((l) => l.trim() !== '');
    const useLast = caret === 2 && complete && after.length === 1 && /^\s*File\b|^\s/.test(lines[0]);
    const core = trimColon((useLast ? after[0] : first).trim());
    if (!hasNonSpace(core, MIN_CORE)) return null;
    return { core, taken: useLast ? lines.slice(0, caret + 1).join('\n').trim() : text.slice(nl + 1).trim() };
  }
  // Every later line a position (`\nLine: 0\nColumn: 27\nChar: >`).
  if (complete && positions > 0 && positions === lines.length - 1 && hasNonSpace(first, MIN_CORE)) {
    return { core: first, taken: text.slice(nl + 1).trim() };
  }
  return null;
}

function peelSuffix(line: string): { core: string; peel: Peel } | null {
  if (!endsWithNumber(line)) return null;
  const from = Math.max(0, line.length - WINDOW);
  const tail = line.slice(from);
  for (const re of POSITION_SUFFIXES) {
    const m = re.exec(tail);
    if (!m || m.index === 0 && from === 0) continue;
    const cut = from + m.index;
    return { core: trimSeparators(line.slice(0, cut)), peel: { decoration: 'position', text: line.slice(cut).trim() } };
  }
  return null;
}

/**
 * Whether the line ends with a digit and then only spaces, `)`, `]`, `.` and `:`, as every
 * position suffix does (its last number, then its closing): a line that does not is passed over
 * without trying the suffix rules, each tried at every start in the window (most messages: 14 µs
 * an explain over the evaluation inputs).
 */
function endsWithNumber(line: string): boolean {
  // (within the window the rules read)
  const stop = Math.max(0, line.length - WINDOW);
  let i = line.length - 1;
  while (i >= stop && TRAILING.test(line[i])) i--;
  const c = i >= stop ? line.charCodeAt(i) : -1;
  return c >= 48 && c <= 57;
}
const TRAILING = /[\s)\].:]/;

function peelPrefix(line: string): { core: string; peel: Peel } | null {
  const head = line.slice(0, WINDOW);
  for (const { decoration, re } of PREFIXES) {
    const m = re.exec(head);
    if (!m || m[0].length >= line.length) continue;
    return { core: line.slice(m[0].length).trimStart(), peel: { decoration, text: m[0].trim() } };
  }
  return null;
}
