// Messages a runtime writes in its own code (LanguagePack.runtime): CPython's `'NoneType' object
// has no attribute 'x'`, V8's `Cannot read properties of undefined (reading 'x')`, the JVM's
// `Cannot invoke "Foo.bar()" because …`. No indexed source writes them, so the hits a message alone
// gets are other texts that share its words; which runtime wrote it, what it means and which line
// raises it (a call into the runtime) is the answer the message does hold.

import type { Runtime, RuntimeText } from '../core/pack.js';
import { PACKS, packForLanguage } from '../languages/registry.js';
import { isLit, lit, openFields, renderMessage } from '../template/ir.js';
import { MatchText, newCaptures, prepareTemplate, matchPrepared, type PreparedTemplate } from '../template/match.js';

export interface RuntimeTextOut {
  /** The runtime, as a sentence names it (`CPython`). */
  runtime: string;
  /** The language names of its pack (record `language` values). */
  languages: string[];
  /** The runtime's text the message is, `{name}` where a value goes. */
  text: string;
  meaning: string;
  /** The values the message gives the text's holes. */
  captures: Record<string, string>;
}

/** Characters of a value put into a meaning (the message is the input's: it may be anything). */
const MAX_VALUE = 80;

/** The meaning with the message's values in place of its `{name}`s. */
function fill(meaning: string, captures: Record<string, string>): string {
  return meaning.replace(/\{(\w+)\}/g, (m, k: string) => {
    const v = captures[k];
    return v === undefined ? m : v.length > MAX_VALUE ? `${v.slice(0, MAX_VALUE)}…` : v;
  });
}

/** A first line longer than this is no runtime's text (a runtime writes a short line; a log line may be long). */
const MAX_MESSAGE = 2000;

interface Prepared {
  packId: string;
  runtime: Runtime;
  languages: string[];
  text: RuntimeText;
  template: PreparedTemplate;
  /** Characters of the text outside its holes, spaces aside. */
  literal: number;
  /** The text's literal start (`anchor` 'start') or end ('end') a message must have, or none ('none'). */
  anchor: 'start' | 'end' | 'none';
  anchorText: string;
}

/**
 * The texts by what a message must start or end with: a text whose first literal is its longer end
 * is looked up by a message's first character, one whose last literal is by its last, the others
 * (holes at both ends) always. A message then meets a few texts, not every one (each a scan of it).
 */
interface Buckets {
  byFirst: Map<string, Prepared[]>;
  byLast: Map<string, Prepared[]>;
  open: Prepared[];
}

let buckets: Buckets | null = null;
const NONE: Prepared[] = [];
const NONE_OUT: never[] = [];

function prepare(): Buckets {
  if (buckets) return buckets;
  const b: Buckets = { byFirst: new Map(), byLast: new Map(), open: [] };
  const add = (m: Map<string, Prepared[]>, k: string, p: Prepared) => (m.get(k) ?? m.set(k, []).get(k)!).push(p);
  for (const pack of PACKS) {
    const runtime = pack.runtime;
    if (!runtime) continue;
    const languages = pack.languages.map((l) => l.name);
    for (const text of runtime.texts) {
      const template = openFields([lit(text.text)], 'brace');
      const first = template[0];
      const last = template[template.length - 1];
      const lead = isLit(first) ? first.lit : '';
      const trail = isLit(last) && template.length > 1 ? last.lit : '';
      const anchor = lead && lead.length >= trail.length ? 'start' : trail ? 'end' : 'none';
      const p: Prepared = {
        packId: pack.id, runtime, languages, text, template: prepareTemplate(template),
        literal: nonSpace(renderMessage(template.filter(isLit))), anchor, anchorText: anchor === 'start' ? lead : trail,
      };
      if (anchor === 'start') add(b.byFirst, lead[0], p);
      else if (anchor === 'end') add(b.byLast, trail[trail.length - 1], p);
      else b.open.push(p);
    }
  }
  return (buckets = b);
}

/** Characters of a text other than whitespace. */
export const nonSpace = (text: string): number => text.replace(/\s+/g, '').length;

/** A message's first line that is not blank, trimmed. */
export function firstLine(message: string): string {
  const nl = message.indexOf('\n');
  const line = (nl < 0 ? message : message.slice(0, nl)).trim();
  if (line || nl < 0) return line;
  const m = /\S[^\n]*/.exec(message);
  return m ? m[0].trim() : '';
}

/**
 * The runtime texts a message's first line is, whole: of the link's language's runtime when a
 * trace named it, else of every runtime (one message may read the same in two). Of one runtime's
 * texts the one with the most literal text is kept (`[Errno {errno}] {strerror}: {filename}` over
 * `[Errno {errno}] {strerror}`), and only texts with at least `minLiteral` characters outside
 * their holes (spaces aside) are.
 */
export function runtimeTextsOf(message: string, language: string | null, minLiteral = 0): RuntimeTextOut[] {
  // (the first line: a runtime may add lines under its text, V8 the path of a circular structure,
  // Ruby the line of code that raised)
  const text = firstLine(message);
  if (!text || text.length > MAX_MESSAGE) return [];
  const b = prepare();
  const id = language ? packForLanguage(language)?.id : undefined;
  let mt: MatchText | null = null;
  let best: { p: Prepared; captures: Record<string, string> }[] | null = null;
  for (const list of [b.byFirst.get(text[0]), b.byLast.get(text[text.length - 1]), b.open]) for (const p of list ?? NONE) {
    if ((id && p.packId !== id) || p.literal < minLiteral) continue;
    if (p.anchor === 'start' ? !text.startsWith(p.anchorText) : p.anchor === 'end' ? !text.endsWith(p.anchorText) : !text.includes(p.template.longest)) continue;
    const had = best?.findIndex((x) => x.p.packId === p.packId) ?? -1;
    if (had >= 0 && best![had].p.literal >= p.literal) continue;
    const captures = newCaptures();
    const m = matchPrepared(p.template, (mt ??= new MatchText(text)), captures);
    if (!m?.whole || (p.text.shape && !p.text.shape.test(text))) continue;
    if (had >= 0) best![had] = { p, captures };
    else (best ??= []).push({ p, captures });
  }
  return (best ?? NONE_OUT).map(({ p, captures }) => ({
    runtime: p.runtime.name, languages: p.languages, text: p.text.text, meaning: fill(p.text.meaning, captures), captures: { ...captures },
  }));
}
