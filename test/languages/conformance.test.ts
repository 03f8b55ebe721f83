// The conformance suite of every language pack: annotated case files, one runner.
//
// Every folder src/languages/<pack>/cases/ holds real-looking source files whose
// comments say what the pack must report. The runner finds every such folder,
// picks each file's language by its name (languageForCase below: the one place it
// does), analyzes the file and checks its marks. A new pack gets the suite by
// adding a cases folder. The grammar (src/languages/CASES.md has it with examples):
//
// Where a mark points. A mark is one comment (`#` in .py files, `//` elsewhere)
// that starts with a mark word. Trailing code, it is about its own line; on a line
// of its own, about the next line that is neither blank nor only a comment (so
// several marks can stack above one line). A comment starting `...` on the line
// right after a mark (on its own, or trailing code) continues that mark.
//
// Mark words.
//   expect: <class> [<template>] [key: value]...         a site on that line (RawSite)
//   expect-class: <name> [<template>] [key: value]...    a class defined there (ClassInfo)
//   expect-call: <callee> [<first argument>] [key: value]...  a call of a raising helper (CallInfo)
//   expect-no-site[: why]                                 no site on that line
//   expect-syntax-error                                   syntaxErrorLine is that line
//   expect-file: allow-unmarked=sites,classes,calls       the file does not mark every one of these
//
// Values. A template is a JSON string of the message as renderMessage writes it
// (holes as `{name}`): "bad value {x}"; `""` is the empty template; `-` is null
// (also for the class: `expect: - "msg"` is a site without a class). A key comes
// as ` key: ` (not inside a "string"); its value runs to the next key.
//   site keys:  type (default: exception) severity code status column symbol
//               guards holes args exprs alts alternatives params class-param
//               constructed-only rethrow (default: no) pattern
//   class keys: bases params code status alts branches branch-holes from
//               super-args super-class attrs doc uses-doc holes exact
//   call keys:  args exprs symbol params
//   guards:     `kind text [@line]` items joined by ` | ` (`if x > 0 @12 | else not (y) @14`),
//               or `none`; an item without @line does not check the line
//   holes:      the template's holes as `expr[:kind]` joined by `, ` (`x:repr, obj.name`);
//               branch-holes: each branch's holes, the branches joined by ` | `
//   args, super-args: `[name=]"template"` items; attrs: `name="text"` items
//   alts (of the first argument), alternatives, branches: `"template"` items
//   exprs, params, bases: joined by `, `; doc, pattern: a JSON string
//   flags (rethrow, uses-doc, constructed-only, exact): yes / no
//   `none` is an empty list. exact: yes (classes) fails on any property the mark
//   does not state. Keys left out are not checked.
//
// What is checked. Each site/class/call mark is a test named by file and line: an
// item on that line must satisfy all it states (marks on one line pair with items
// in any order). A failing mark reports file:line, each key that differs, and the
// item found, written as a mark. One more test per file: the file is analyzed, its
// marks parse, every site, class and call found is claimed by a mark (unless
// expect-file allows it), expect-no-site lines have no site, and the syntax error
// line is the one marked (none when no mark says so).

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';
import type { LanguageAnalyzer } from '../../src/core/pack.js';
import { languageFor, loadAnalyzers } from '../../src/languages/registry.js';
import type { ArgInfo, CallInfo, ClassInfo, FileAnalysis, Guard, RawSite } from '../../src/core/site.js';
import { renderMessage, renderPattern, type Template } from '../../src/template/ir.js';

const analyzers = await loadAnalyzers();

/** The one place the runner picks the language of a case file: the registry, by extension. */
function languageForCase(file: string): LanguageAnalyzer | undefined {
  const language = languageFor(file);
  return language && analyzers.language(language.name);
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LANGUAGES = join(ROOT, 'src/languages');

// ---------------------------------------------------------------- marks

type MarkKind = 'site' | 'class' | 'call' | 'no-site' | 'syntax-error' | 'file';
const MARK_WORDS: Record<string, MarkKind> = {
  expect: 'site',
  'expect-class': 'class',
  'expect-call': 'call',
  'expect-no-site': 'no-site',
  'expect-syntax-error': 'syntax-error',
  'expect-file': 'file',
};

interface Mark {
  kind: MarkKind;
  /** The line the mark states something about. */
  line: number;
  /** The line of the comment, and its text (for messages). */
  at: number;
  text: string;
  /** Positional name (class, class name, callee) and template; undefined when left out. */
  name?: string | null;
  template?: string | null;
  keys: Map<string, string>;
}

const SITE_KEYS = ['type', 'severity', 'code', 'status', 'column', 'symbol', 'guards', 'holes', 'args', 'exprs', 'alts', 'alternatives', 'params', 'class-param', 'constructed-only', 'rethrow', 'pattern'];
const CLASS_KEYS = ['bases', 'params', 'code', 'status', 'alts', 'branches', 'branch-holes', 'from', 'super-args', 'super-class', 'attrs', 'doc', 'uses-doc', 'holes', 'exact'];
const CALL_KEYS = ['args', 'exprs', 'symbol', 'params'];
const KEYS: Partial<Record<MarkKind, string[]>> = { site: SITE_KEYS, class: CLASS_KEYS, call: CALL_KEYS };

class MarkError extends Error {}

/** A JSON string starting at `s[i]` (a `"`): its value and the index after it. */
function jsonString(s: string, i: number): [string, number] {
  let j = i + 1;
  while (j < s.length && s[j] !== '"') j += s[j] === '\\' ? 2 : 1;
  if (j >= s.length) throw new MarkError(`unterminated string: ${s.slice(i)}`);
  try {
    return [JSON.parse(s.slice(i, j + 1)) as string, j + 1];
  } catch {
    throw new MarkError(`bad JSON string: ${s.slice(i, j + 1)}`);
  }
}

/** `[name=]"text"` items (or `none`): [name|null, text] pairs. */
function stringItems(value: string, named: boolean): [string | null, string][] {
  const v = value.trim();
  if (v === 'none') return [];
  const out: [string | null, string][] = [];
  let i = 0;
  while (i < v.length) {
    if (/\s/.test(v[i])) {
      i++;
      continue;
    }
    let name: string | null = null;
    const m = named ? /^([A-Za-z_$][\w$]*)=/.exec(v.slice(i)) : null;
    if (m) {
      name = m[1];
      i += m[0].length;
    }
    if (v[i] !== '"') throw new MarkError(`expected a "string" at: ${v.slice(i)}`);
    const [text, next] = jsonString(v, i);
    out.push([name, text]);
    i = next;
  }
  return out;
}

function parseBody(kind: MarkKind, body: string): Pick<Mark, 'name' | 'template' | 'keys'> {
  const keys = new Map<string, string>();
  let rest = body.trim();
  let name: string | null | undefined;
  let template: string | null | undefined;
  if (kind === 'site' || kind === 'class' || kind === 'call') {
    const m = /^(\S+)/.exec(rest);
    if (!m) throw new MarkError('a name (or `-`) comes first');
    name = m[1] === '-' ? null : m[1];
    rest = rest.slice(m[0].length).trimStart();
    if (rest.startsWith('"')) {
      const [t, next] = jsonString(rest, 0);
      template = t;
      rest = rest.slice(next).trimStart();
    } else if (rest === '-' || rest.startsWith('- ')) {
      template = null;
      rest = rest.slice(1).trimStart();
    }
  }
  const known = KEYS[kind] ?? [];
  if (rest) {
    if (!known.length) return { name, template, keys: new Map([['', rest]]) };
    const re = new RegExp(`(?:^|\\s)(${known.map((k) => k.replace(/-/g, '\\-')).join('|')}):(?=\\s|$)`, 'g');
    // Keys are looked for outside "strings" (a template may say `status: `).
    const masked = rest.replace(/"(?:\\.|[^"\\])*"/g, (q) => '"' + '_'.repeat(q.length - 2) + '"');
    const found = [...masked.matchAll(re)];
    if (!found.length || rest.slice(0, found[0].index).trim()) {
      throw new MarkError(`unknown text \`${rest.slice(0, found[0]?.index ?? rest.length).trim()}\` (keys here: ${known.join(', ')})`);
    }
    found.forEach((f, i) => {
      const start = f.index! + f[0].length;
      const end = i + 1 < found.length ? found[i + 1].index! : rest.length;
      if (keys.has(f[1])) throw new MarkError(`key ${f[1]}: twice`);
      keys.set(f[1], rest.slice(start, end).trim());
    });
  }
  return { name, template, keys };
}

interface CaseFile {
  pack: string;
  /** Path from the repository root, for messages. */
  path: string;
  name: string;
  source: string;
  marks: Mark[];
  /** Marks that do not parse: `line: problem`. */
  problems: string[];
}

function readMarks(path: string, source: string): Pick<CaseFile, 'marks' | 'problems'> {
  const prefix = /\.(?:py|rb|rake)$/.test(path) ? '#' : '//';
  const esc = prefix.replace(/\//g, '\\/');
  // `expect:` needs its colon (a comment saying "expect that..." is no mark); `expect-<word>` need not.
  const markRe = new RegExp(`${esc}\\s*(expect(?=:)|expect-[a-z-]+(?=[\\s:]|$)):?(.*)$`);
  const contRe = new RegExp(`${esc}\\s*\\.\\.\\.(.*)$`);
  const commentOnly = new RegExp(`^\\s*(${esc}.*)?$`);
  const lines = source.split(/\r?\n/);
  const raw: { word: string; body: string; at: number; last: number; trailing: boolean }[] = [];
  const problems: string[] = [];
  lines.forEach((text, i) => {
    const cont = contRe.exec(text);
    const prev = raw[raw.length - 1];
    if (cont && prev && prev.last === i) {
      prev.body = prev.body.trimEnd() + ' ' + cont[1].trim();
      prev.last = i + 1;
      return;
    }
    const m = markRe.exec(text);
    if (!m) return;
    if (!(m[1] in MARK_WORDS)) {
      problems.push(`${i + 1}: unknown mark word ${m[1]} (${Object.keys(MARK_WORDS).join(', ')})`);
      return;
    }
    raw.push({ word: m[1], body: m[2], at: i + 1, last: i + 1, trailing: text.slice(0, m.index).trim() !== '' });
  });
  const marks: Mark[] = [];
  for (const r of raw) {
    let line = r.at;
    if (!r.trailing) {
      line = r.at + 1;
      while (line <= lines.length && commentOnly.test(lines[line - 1])) line++;
    }
    const kind = MARK_WORDS[r.word];
    const body = r.body;
    try {
      marks.push({ kind, line, at: r.at, text: `${r.word}${body.trim() ? ': ' + body.trim().replace(/^:\s*/, '') : ''}`, ...parseBody(kind, body) });
    } catch (e) {
      if (!(e instanceof MarkError)) throw e;
      problems.push(`${r.at}: ${r.word}: ${e.message}`);
    }
  }
  return { marks, problems };
}

function caseFiles(): CaseFile[] {
  const out: CaseFile[] = [];
  for (const pack of readdirSync(LANGUAGES).sort()) {
    const dir = join(LANGUAGES, pack, 'cases');
    if (!statSync(join(LANGUAGES, pack)).isDirectory() || !exists(dir)) continue;
    const walk = (d: string): string[] =>
      readdirSync(d)
        .sort()
        .flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
    for (const file of walk(dir)) {
      if (file.endsWith('.md')) continue;
      const source = readFileSync(file, 'utf8');
      out.push({ pack, path: relative(ROOT, file), name: relative(dir, file), source, ...readMarks(file, source) });
    }
  }
  return out;
}

function exists(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- rendering what was found

const NULL = '-';
const tpl = (t: Template | null | undefined): string => (t ? JSON.stringify(renderMessage(t)) : NULL);
const tplList = (ts: Template[] | undefined): string => (ts?.length ? ts.map(tpl).join(' ') : 'none');
const argList = (args: ArgInfo[]): string => (args.length ? args.map((a) => (a.name ? `${a.name}=` : '') + tpl(a.template)).join(' ') : 'none');
const holeList = (t: Template | null | undefined): string => {
  const hs = (t ?? []).flatMap((s) => ('hole' in s ? [s.hole] : []));
  return hs.length ? hs.map((h) => (h.expr ?? h.name) + (h.kind === 'any' ? '' : `:${h.kind}`)).join(', ') : 'none';
};
const commaList = (xs: string[] | undefined): string => (xs?.length ? xs.join(', ') : 'none');
const guardItem = (g: Guard, withLine = true): string => `${g.kind}${g.text ? ' ' + g.text : ''}${withLine ? ` @${g.line}` : ''}`;
const guardList = (gs: Guard[]): string => (gs.length ? gs.map((g) => guardItem(g)).join(' | ') : 'none');
const flag = (b: boolean | undefined): string => (b ? 'yes' : 'no');
const scalar = (v: string | number | null | undefined): string => (v === null || v === undefined ? NULL : String(v));

/** What each key reads from what was found, rendered as a mark writes it. */
const SITE_READ: Record<string, (s: RawSite) => string> = {
  type: (s) => s.errorType,
  severity: (s) => s.severity,
  code: (s) => scalar(s.errorCode),
  status: (s) => scalar(s.httpStatus),
  column: (s) => String(s.column),
  symbol: (s) => scalar(s.symbol),
  guards: (s) => guardList(s.guards),
  holes: (s) => holeList(s.template),
  args: (s) => argList(s.args),
  exprs: (s) => commaList(s.args.map((a) => a.expr)),
  alts: (s) => tplList(s.args[0]?.alts),
  alternatives: (s) => tplList(s.alternatives),
  params: (s) => commaList(s.params),
  'class-param': (s) => scalar(s.classParam),
  'constructed-only': (s) => flag(s.constructedOnly),
  rethrow: (s) => flag(s.rethrow),
  pattern: (s) => (s.template ? JSON.stringify(renderPattern(s.template)) : NULL),
};
const CLASS_READ: Record<string, (c: ClassInfo) => string> = {
  bases: (c) => commaList(c.bases),
  params: (c) => commaList(c.params),
  code: (c) => scalar(c.code),
  status: (c) => scalar(c.httpStatus),
  alts: (c) => tplList(c.alts),
  branches: (c) => tplList(c.branches),
  'branch-holes': (c) => (c.branches?.length ? c.branches.map(holeList).join(' | ') : 'none'),
  from: (c) => scalar(c.templateFrom),
  'super-args': (c) => argList(c.superArgs ?? []),
  'super-class': (c) => scalar(c.superClass),
  attrs: (c) => (c.attrs ? Object.entries(c.attrs).map(([k, v]) => `${k}=${JSON.stringify(v)}`).join(' ') || 'none' : 'none'),
  doc: (c) => (c.doc === undefined ? NULL : JSON.stringify(c.doc)),
  'uses-doc': (c) => flag(c.usesDoc),
  holes: (c) => holeList(c.template),
};
/** The ClassInfo property each class key states (for `exact: yes`). */
const CLASS_PROPERTY: Record<string, keyof ClassInfo> = {
  bases: 'bases', params: 'params', code: 'code', status: 'httpStatus', alts: 'alts', branches: 'branches', 'branch-holes': 'branches', from: 'templateFrom',
  'super-args': 'superArgs', 'super-class': 'superClass', attrs: 'attrs', doc: 'doc', 'uses-doc': 'usesDoc',
};
const CALL_READ: Record<string, (c: CallInfo) => string> = {
  args: (c) => argList(c.args),
  exprs: (c) => commaList(c.args.map((a) => a.expr)),
  symbol: (c) => scalar(c.symbol),
  params: (c) => commaList(c.params),
};

/** A mark's value in the form the reader renders, so the two compare as strings. */
function canonical(key: string, value: string): string {
  switch (key) {
    case 'args':
    case 'super-args':
    case 'attrs': {
      const items = stringItems(value, true);
      return items.length ? items.map(([n, t]) => (n ? `${n}=` : '') + JSON.stringify(t)).join(' ') : 'none';
    }
    case 'alts':
    case 'branches':
    case 'alternatives': {
      const items = stringItems(value, false);
      return items.length ? items.map(([, t]) => JSON.stringify(t)).join(' ') : 'none';
    }
    case 'rethrow':
    case 'constructed-only':
    case 'uses-doc':
    case 'exact':
      if (value !== 'yes' && value !== 'no') throw new MarkError(`${key}: is yes or no, not \`${value}\``);
      return value;
    case 'doc':
    case 'pattern':
      return value === NULL ? NULL : JSON.stringify(stringItems(value, false)[0]?.[1] ?? '');
    default:
      return value.replace(/\s+/g, ' ').trim();
  }
}

/** Guards compare item by item; an item without `@line` does not check the line. */
function guardDiff(value: string, found: Guard[]): string | null {
  const want = value.trim() === 'none' ? [] : value.split(' | ').map((item) => {
    const m = /^(\S+)(?:\s+(.*?))?(?:\s*@(\d+))?$/.exec(item.trim());
    if (!m) throw new MarkError(`bad guard: ${item}`);
    return { kind: m[1], text: (m[2] ?? '').replace(/\s+/g, ' ').trim(), line: m[3] ? Number(m[3]) : null };
  });
  const ok = want.length === found.length && want.every((w, i) => w.kind === found[i].kind && w.text === found[i].text && (w.line === null || w.line === found[i].line));
  if (ok) return null;
  const shown = found.length ? found.map((g, i) => guardItem(g, want[i]?.line !== null)).join(' | ') : 'none';
  return `guards: expected ${value.trim()}\n            found    ${shown}`;
}

function renderSite(s: RawSite): string {
  const parts = [`expect: ${scalar(s.errorClass)} ${tpl(s.template)}`];
  if (s.errorType !== 'exception') parts.push(`type: ${s.errorType}`);
  parts.push(`severity: ${s.severity}`);
  if (s.errorCode !== null) parts.push(`code: ${s.errorCode}`);
  if (s.httpStatus !== null) parts.push(`status: ${s.httpStatus}`);
  parts.push(`symbol: ${scalar(s.symbol)}`, `guards: ${guardList(s.guards)}`, `holes: ${holeList(s.template)}`, `args: ${argList(s.args)}`);
  if (s.args[0]?.alts?.length) parts.push(`alts: ${tplList(s.args[0].alts)}`);
  if (s.alternatives?.length) parts.push(`alternatives: ${tplList(s.alternatives)}`);
  if (s.params?.length) parts.push(`params: ${commaList(s.params)}`);
  if (s.classParam) parts.push(`class-param: ${s.classParam}`);
  if (s.constructedOnly) parts.push('constructed-only: yes');
  if (s.rethrow) parts.push('rethrow: yes');
  return parts.join(' ');
}
function renderClass(c: ClassInfo): string {
  const parts = [`expect-class: ${c.name} ${tpl(c.template)}`];
  for (const [key, read] of Object.entries(CLASS_READ)) {
    const v = read(c);
    if (v !== NULL && v !== 'none' && v !== 'no') parts.push(`${key}: ${v}`);
  }
  return parts.join(' ');
}
function renderCall(c: CallInfo): string {
  return `expect-call: ${c.callee} ${tpl(c.args[0]?.template)} args: ${argList(c.args)} symbol: ${scalar(c.symbol)} params: ${commaList(c.params)}`;
}

// ---------------------------------------------------------------- checking

function siteDiffs(m: Mark, s: RawSite): string[] {
  const out: string[] = [];
  const cmp = (key: string, want: string, found: string) => {
    if (want !== found) out.push(`${key}: expected ${want}, found ${found}`);
  };
  cmp('class', scalar(m.name), scalar(s.errorClass));
  if (m.template !== undefined) cmp('template', m.template === null ? NULL : JSON.stringify(m.template), tpl(s.template));
  const keys = new Map(m.keys);
  if (!keys.has('type')) keys.set('type', 'exception');
  if (!keys.has('rethrow')) keys.set('rethrow', 'no');
  for (const [key, value] of keys) {
    if (key === 'guards') {
      const d = guardDiff(value, s.guards);
      if (d) out.push(d);
    } else cmp(key, canonical(key, value), SITE_READ[key](s));
  }
  return out;
}

function classDiffs(m: Mark, c: ClassInfo): string[] {
  const out: string[] = [];
  const cmp = (key: string, want: string, found: string) => {
    if (want !== found) out.push(`${key}: expected ${want}, found ${found}`);
  };
  cmp('name', scalar(m.name), c.name);
  if (m.template !== undefined) cmp('template', m.template === null ? NULL : JSON.stringify(m.template), tpl(c.template));
  for (const [key, value] of m.keys) if (key !== 'exact') cmp(key, canonical(key, value), CLASS_READ[key](c));
  if (m.keys.has('exact') && canonical('exact', m.keys.get('exact')!) === 'yes') {
    const stated = new Set<string>(['name', 'line', ...(m.template !== undefined ? ['template'] : []), ...[...m.keys.keys()].map((k) => CLASS_PROPERTY[k] ?? k)]);
    for (const [prop, v] of Object.entries(c)) if (v !== undefined && !stated.has(prop)) out.push(`exact: ${prop} is ${JSON.stringify(v)}, which the mark does not state`);
  }
  return out;
}

function callDiffs(m: Mark, c: CallInfo): string[] {
  const out: string[] = [];
  const cmp = (key: string, want: string, found: string) => {
    if (want !== found) out.push(`${key}: expected ${want}, found ${found}`);
  };
  cmp('callee', scalar(m.name), c.callee);
  if (m.template !== undefined) cmp('first argument', m.template === null ? NULL : JSON.stringify(m.template), tpl(c.args[0]?.template));
  for (const [key, value] of m.keys) cmp(key, canonical(key, value), CALL_READ[key](c));
  return out;
}

interface Checked {
  file: CaseFile;
  analysis?: FileAnalysis;
  /** Why the file could not be analyzed. */
  failure?: string;
  /** Per mark (by index into file.marks): the problem, or null when it holds. */
  results: Map<Mark, string | null>;
  /** What was found that no mark claims, and other file-level problems. */
  fileProblems: string[];
}

/**
 * Pairs marks with what was found on their line: first every mark with an item that
 * satisfies it, then each mark left with the closest item left (to say what differs).
 */
function pair<T extends { line: number }>(
  marks: Mark[],
  found: T[],
  diffs: (m: Mark, x: T) => string[],
  render: (x: T) => string,
  what: string,
  results: Map<Mark, string | null>,
): Set<T> {
  const claimed = new Set<T>();
  const diffOf = (m: Mark, x: T): string[] => {
    try {
      return diffs(m, x);
    } catch (e) {
      if (e instanceof MarkError) return [`bad mark: ${e.message}`];
      throw e;
    }
  };
  const open: Mark[] = [];
  for (const m of marks) {
    const hit = found.find((x) => x.line === m.line && !claimed.has(x) && diffOf(m, x).length === 0);
    if (hit) {
      claimed.add(hit);
      results.set(m, null);
    } else open.push(m);
  }
  for (const m of open) {
    const here = found.filter((x) => x.line === m.line && !claimed.has(x));
    if (!here.length) {
      const lines = [...new Set(found.filter((x) => !claimed.has(x)).map((x) => x.line))].sort((a, b) => a - b);
      const near = lines.filter((l) => Math.abs(l - m.line) <= 3);
      results.set(m, `no ${what} found at line ${m.line}${near.length ? ` (unclaimed ones at lines ${near.join(', ')})` : ''}`);
      continue;
    }
    const scored = here.map((x) => ({ x, d: diffOf(m, x) })).sort((a, b) => a.d.length - b.d.length);
    claimed.add(scored[0].x);
    results.set(m, [...scored[0].d.map((d) => `  ${d}`), `  found: ${render(scored[0].x)}`, ...scored.slice(1).map((o) => `  also on this line: ${render(o.x)}`)].join('\n'));
  }
  return claimed;
}

function check(file: CaseFile): Checked {
  const out: Checked = { file, results: new Map(), fileProblems: [] };
  const frontend = languageForCase(file.name);
  if (!frontend) {
    out.failure = `no frontend claims ${file.name}`;
    return out;
  }
  const a = frontend.analyze(file.source, file.name);
  out.analysis = a;
  const of = (k: MarkKind) => file.marks.filter((m) => m.kind === k);
  const allow = new Set<string>();
  for (const m of of('file')) {
    const body = (m.keys.get('') ?? '').trim();
    const opt = /^allow-unmarked=([a-z,]+)$/.exec(body);
    if (!opt) out.fileProblems.push(`${file.path}:${m.at}: expect-file: unknown option \`${body}\` (allow-unmarked=sites,classes,calls)`);
    else for (const w of opt[1].split(',')) allow.add(w);
  }
  const calls = a.calls ?? [];
  const claimed = {
    sites: pair(of('site'), a.sites, siteDiffs, renderSite, 'site', out.results),
    classes: pair(of('class'), a.classes, classDiffs, renderClass, 'class', out.results),
    calls: pair(of('call'), calls, callDiffs, renderCall, 'call', out.results),
  };
  const unmarked = (what: 'sites' | 'classes' | 'calls', items: { line: number }[], render: (x: never) => string) => {
    if (allow.has(what)) return;
    for (const x of items) if (!(claimed[what] as Set<unknown>).has(x)) out.fileProblems.push(`${file.path}:${x.line}: unmarked: ${render(x as never)}`);
  };
  unmarked('sites', a.sites, renderSite);
  unmarked('classes', a.classes, renderClass);
  unmarked('calls', calls, renderCall);
  for (const m of of('no-site')) {
    for (const s of a.sites.filter((x) => x.line === m.line)) out.fileProblems.push(`${file.path}:${m.line}: expect-no-site, but found: ${renderSite(s)}`);
  }
  const syntax = of('syntax-error');
  if (syntax.length > 1) out.fileProblems.push(`${file.path}: more than one expect-syntax-error`);
  const wantSyntax = syntax[0]?.line;
  if (a.syntaxErrorLine !== wantSyntax) {
    out.fileProblems.push(
      `${file.path}: syntax error line: expected ${wantSyntax ?? 'none (no expect-syntax-error mark)'}, found ${a.syntaxErrorLine ?? 'none'}`,
    );
  }
  return out;
}

// ---------------------------------------------------------------- the tests

const FILES = caseFiles();

describe('conformance cases', () => {
  it('finds case files (src/languages/<pack>/cases/)', () => {
    if (!FILES.length) throw new Error(`no case files under ${LANGUAGES}/*/cases/`);
  });

  for (const file of FILES) {
    describe(file.path, () => {
      let checked: Checked | undefined;
      const get = (): Checked => (checked ??= check(file));

      it('is analyzed, its marks parse, and nothing is found that no mark states', () => {
        const c = get();
        const problems = [
          ...(c.failure ? [`${file.path}: ${c.failure}`] : []),
          ...file.problems.map((p) => `${file.path}:${p}`),
          ...c.fileProblems,
        ];
        if (problems.length) throw new Error(`${problems.length} problem(s):\n${problems.join('\n')}`);
      });

      for (const mark of file.marks.filter((m) => m.kind === 'site' || m.kind === 'class' || m.kind === 'call')) {
        it(`${file.name}:${mark.line} ${mark.text.length > 90 ? mark.text.slice(0, 87) + '...' : mark.text}`, () => {
          const c = get();
          if (c.failure) throw new Error(`${file.path}: ${c.failure}`);
          const r = c.results.get(mark);
          if (r) throw new Error(`${file.path}:${mark.line}: ${mark.text}\n${r}`);
        });
      }
    });
  }
});
