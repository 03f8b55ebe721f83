// Hits the input cannot tell apart (the same text raised in several functions of a library, no
// frame on any: explain.ts `markTies`) are in an order that is no evidence (the class's package,
// then the shorter path). Where the records show which of two such raises runs first for one bad
// input, that one goes first: the other is reached only when the first is not (called some other
// way) or after it (rethrowing what it raised). Three readings of the records, all from what every
// language pack gives (guards, the enclosing symbol, the source window), none from a language:
//
// - handler: a record raised in a handler (`catch`/`except`/`rescue` guard) catching the class the
//   other raises rethrows what the other raised first (Rdn.readObject's `catch
//   (InvalidNameException)` around the parser's `throw new InvalidNameException`): the other is
//   the origin, and what a user who did not deserialize sees.
// - calls: a record whose function, after its check, calls the other's function (by its name,
//   qualified: `.remove(`, `::get(`, `->load(`) checks the input first (AbstractDocument.handleRemove
//   rejects an invalid range before `data.remove(...)` reaches GapContent.remove's check; PyJWT's
//   decode_complete before `api_jws.decode_complete(...)`); one that calls the other's function
//   before its own raise lets the other check first (Instantiator.instantiate calls
//   `Registry::getClassReflector` and raises its own error only after). A raise in a handler reads
//   no call before it: what the protected block called may be what the handler handles.
// - copy: a record in a class named after the package of the other (bson's `Long.divide`, long's
//   `divide`) is that package's code copied into another package: the package the code is named
//   after is its home, and goes first. (Hits of two libraries are compared for this reading only.)
// - helper: when neither of the above says, a record whose message a caller hands to a helper that
//   raises it (`callers`: rust_decimal's `tail_error("Invalid decimal: empty")`, a
//   `validation_error(msg)`) goes before a direct raise of the same text: a library that routes a
//   message through a helper does so on the path most of its entries share (its common parser, the
//   error path factored out of a hot function); the same text raised inline elsewhere is most often
//   a second, rarer path (another radix, a legacy entry). A prior, not a reading of the order:
//   measured on the evaluation (docs/decisions/0029-handed-message-first-among-ties.md).
// - deprecated: when none of the above says, a record whose function or class is marked deprecated
//   where it is declared (RawSite.deprecated: a legacy factory beside the class that replaced it,
//   writing the same text) goes after one that is not: the library's own code has moved to the other
//   (decision 0098).
//
// Only hits of one library (repository) are compared for the others, only within a run of tied hits, and only the
// hits explain returns: a few windows of ~37 lines each, read once per explain.

import type { ErrRecord } from '../record/schema.js';

interface TiedHit {
  record: ErrRecord;
  score: number;
  matchType: string;
  message: string;
  frame: unknown;
  why: string[];
}

const HANDLER_KINDS = new Set(['catch', 'except']);
const NAME = /^[A-Za-z_$][\w$]*$/;

const shape = (message: string): string => message.replace(/\{[^{}]*\}/g, '{}');

/** The hits, each run of tied hits reordered so that a raise that runs first for one input comes first. */
export function originFirst<H extends TiedHit>(hits: H[]): H[] {
  if (hits.length < 2) return hits;
  let out: H[] | null = null;
  for (let i = 0; i < hits.length;) {
    const a = hits[i];
    let j = i + 1;
    // (the shapes are compared only for hits of one score: most lists have none)
    let s: string | undefined;
    while (j < hits.length && !a.frame && !hits[j].frame && hits[j].score === a.score && hits[j].matchType === a.matchType
      && shape(hits[j].message) === (s ??= shape(a.message))) j++;
    if (j - i > 1) {
      const run = reorder(hits.slice(i, j));
      if (run) (out ??= hits.slice(0, i)).push(...run);
      else out?.push(...hits.slice(i, j));
    } else out?.push(a);
    i = j;
  }
  return out ?? hits;
}

/** What one record's window says about the order of its raise and calls (read once per hit). */
interface Reading {
  hit: TiedHit;
  name: string | null;
  /** For a function of no class or enclosing function: its file's name without extension, lower-cased (what calls it from elsewhere qualify it with). */
  module: string | null;
  classTail: string | null;
  caught: Set<string>;
  /** The package's name, lower-cased, in letters and digits only. */
  pkg: string | null;
  /** When the class (or module) the raise is in is named after a package other than its own: that name, as `pkg` is written. */
  copyOf: string | null;
  /** The lines of the raise's function before and after the raise line, as far as the window shows them. */
  before: string;
  after: string;
  /** Whether a caller hands the record's message to the helper that raises it (`callers`). */
  handed: boolean;
}

/** The run reordered, or null when the records say nothing of its order. */
function reorder<H extends TiedHit>(run: H[]): H[] | null {
  const readings = run.map(read);
  // first[a][b]: why a runs before b, or null.
  const first = readings.map((a) => readings.map((b) => (a === b ? null : runsBefore(a, b))));
  if (!first.some((row) => row.some(Boolean))) return null;
  // Repeatedly the earliest hit that no remaining hit runs before (stable; a cycle keeps the order).
  const left = run.map((_, k) => k);
  const out: H[] = [];
  while (left.length) {
    const at = left.findIndex((k) => !left.some((o) => o !== k && first[o][k] && !first[k][o]));
    const k = left.splice(at < 0 ? 0 : at, 1)[0];
    const reason = left.map((o) => first[k][o]).find((r) => r);
    out.push(reason ? { ...run[k], why: [...run[k].why, reason] } : run[k]);
  }
  return out;
}

/** Why `a`'s raise goes before `b`'s, or null when the records do not say. */
function runsBefore(a: Reading, b: Reading): string | null {
  if (b.copyOf && b.copyOf === a.pkg) return `the code of ${a.hit.record.package}, which ${b.hit.record.package} has a copy of`;
  if (a.hit.record.repo !== b.hit.record.repo) return null;
  const read = readsBefore(a, b);
  if (read) return read;
  // (the prior only where the windows read no order either way)
  if (a.handed && !b.handed && !readsBefore(b, a)) {
    return `raised by the helper ${a.hit.record.symbol ?? 'the other site'}, which the library routes this message through (${b.hit.record.symbol ?? 'the other site'} raises it inline)`;
  }
  if (!a.hit.record.deprecated && b.hit.record.deprecated && !(b.handed && !a.handed) && !readsBefore(b, a)) {
    return `${b.hit.record.symbol ?? 'the other site'} is marked deprecated, kept for old callers`;
  }
  return null;
}

/** Why `a`'s raise runs before `b`'s for one input (both of one library), as their windows read, or null. */
function readsBefore(a: Reading, b: Reading): string | null {
  const bs = b.hit.record.symbol ?? 'the other site';
  const as = a.hit.record.symbol ?? 'the other site';
  if (a.classTail && b.caught.has(a.classTail) && !(b.classTail && a.caught.has(b.classTail))) return `raised before ${bs}, which catches ${a.classTail} and raises again`;
  if (b.name && calls(a.after, b.name, b.module)) return `checked before ${bs}, which its function calls after the raise`;
  if (a.name && calls(b.before, a.name, a.module)) return `checked before ${bs}, whose function calls ${as} first`;
  return null;
}

/**
 * A qualified call of `name` (`x.name(`, `X::name(`, `$x->name(`) in the text, outside string
 * literals (`"use codecs.open() to handle arbitrary codecs"` calls nothing). A function of no class
 * or enclosing function (`module`: its file's name) is called through its module (`codecs.open(`),
 * not through another (`builtins.open(`, `self.open(`).
 */
function calls(text: string, name: string, module: string | null): boolean {
  // (a name absent from the text is absent without its strings too: such a pair is answered
  // without the replace, which copies the whole window)
  if (!text.includes(name)) return false;
  text = text.replace(QUOTED, '""');
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = text[at - 1];
    const sep = before === '.' ? 1 : at >= 2 && (text.slice(at - 2, at) === '::' || text.slice(at - 2, at) === '->') ? 2 : 0;
    if (!sep) continue;
    if (module !== null && qualifier(text, at - sep) !== module) continue;
    let k = at + name.length;
    while (text[k] === ' ' || text[k] === '\t') k++;
    if (text[k] === '(') return true;
  }
  return false;
}

/** A string literal of one line, in double or single quotes. */
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;

/** The name written just before `end` (`codecs` in `codecs.open(`), lower-cased. */
function qualifier(text: string, end: number): string {
  let k = end;
  while (k > 0 && /[\w$]/.test(text[k - 1])) k--;
  return text.slice(k, end).toLowerCase();
}

const lastName = (s: string): string => s.split(/\.|::|#|\\/).filter(Boolean).pop() ?? '';

function read(hit: TiedHit): Reading {
  const r = hit.record;
  const name = r.symbol ? lastName(r.symbol) : '';
  const handlers = (r.guards ?? []).filter((g) => HANDLER_KINDS.has(g.kind));
  const caught = new Set<string>();
  for (const g of handlers) for (const w of g.text.split(/[^\w$.:\\]+/)) if (w && NAME.test(lastName(w))) caught.add(lastName(w));
  const { before, after } = around(r, handlers.length > 0);
  const pkg = bare(r.package?.split('/').pop() ?? '');
  // (the symbol's first part: its class or module; a function alone names no class)
  const head = r.symbol && /\.|::|#/.test(r.symbol) ? bare(r.symbol.split(/\.|::|#/)[0]) : '';
  const copyOf = head.length >= 3 && head !== pkg ? head : null;
  const module = r.symbol && NAME.test(r.symbol) ? moduleName(r.filePath) : null;
  return { hit, name: NAME.test(name) ? name : null, module, classTail: r.errorClass ? lastName(r.errorClass) || null : null, caught, pkg: pkg || null, copyOf, before, after,
    handed: (r.callers?.length ?? 0) > 0 };
}

/**
 * What code elsewhere calls a function of this file through: the file's name without extension,
 * lower-cased; for a package's own file (`__init__.py`, `index.js`), the directory's.
 */
function moduleName(filePath: string): string {
  const parts = filePath.split('/');
  const stem = (parts.pop() ?? '').replace(/\.[^.]*$/, '');
  return (/^(?:__init__|index)$/.test(stem) && parts.length ? parts.pop()! : stem).toLowerCase();
}

const bare = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const indent = (s: string): number => s.length - s.trimStart().length;

/**
 * The window's lines of the raise's function around the raise line: outward from it while lines
 * are indented at least as deep as the raise and its guards (the function's body; its closing line
 * or the next definition is less indented). Before a raise in a handler: none.
 */
function around(r: ErrRecord, inHandler: boolean): { before: string; after: string } {
  const lines = r.sourceCode.split('\n');
  const at = r.lineNumber - r.sourceCodeStart;
  if (at < 0 || at >= lines.length) return { before: '', after: '' };
  let base = indent(lines[at]);
  for (const g of r.guards ?? []) {
    const k = g.line - r.sourceCodeStart;
    if (k >= 0 && k < at && lines[k].trim()) base = Math.min(base, indent(lines[k]));
  }
  const inBody = (s: string) => !s.trim() || indent(s) >= base;
  let lo = at;
  while (lo > 0 && inBody(lines[lo - 1])) lo--;
  let hi = at + 1;
  while (hi < lines.length && inBody(lines[hi])) hi++;
  return { before: inHandler ? '' : lines.slice(lo, at).join('\n'), after: lines.slice(at + 1, hi).join('\n') };
}
