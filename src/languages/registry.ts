// The registry of language packs: the only list of languages. Adding one is a
// folder under src/languages/ plus one line here (docs/adding-a-language.md).

import type { ConditionSyntax } from '../core/condition.js';
import type { Analyzer, Language, LanguageAnalyzer, LanguagePack, QuotedCode } from '../core/pack.js';
import { javascriptPack } from './javascript/index.js';
import { goPack } from './go/index.js';
import { jvmPack } from './jvm/index.js';
import { phpPack } from './php/index.js';
import { pythonPack } from './python/index.js';
import { rubyPack } from './ruby/index.js';
import { rustPack } from './rust/index.js';
import { declareGrammars } from './shared/grammar-names.js';

export const PACKS: LanguagePack[] = [pythonPack, javascriptPack, goPack, jvmPack, phpPack, rubyPack, rustPack];
for (const pack of PACKS) declareGrammars(pack.grammars ?? []);

const byExtension = new Map<string, { pack: LanguagePack; language: Language }>();
const byName = new Map<string, { pack: LanguagePack; language: Language }>();
for (const pack of PACKS) {
  for (const language of pack.languages) {
    byName.set(language.name, { pack, language });
    for (const ext of language.extensions) byExtension.set(ext, { pack, language });
  }
}

const extensionOf = (fileName: string): string | undefined => {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? undefined : fileName.slice(dot + 1).toLowerCase();
};

/** The language of a file and the pack it belongs to, by the file's extension. */
export function fileLanguage(fileName: string): { pack: LanguagePack; language: Language } | undefined {
  const ext = extensionOf(fileName);
  return ext === undefined ? undefined : byExtension.get(ext);
}

/** The language of a file, by its extension. */
export const languageFor = (fileName: string): Language | undefined => fileLanguage(fileName)?.language;

/** The pack that analyzes a file, by its extension. */
export const packForFile = (fileName: string): LanguagePack | undefined => fileLanguage(fileName)?.pack;

/** A language by the name records store. */
export function languageByName(name: string): Language | undefined {
  return byName.get(name)?.language;
}

/** The pack of a language name (a record's `language`, a trace link's `language`). */
export function packForLanguage(name: string | null | undefined): LanguagePack | undefined {
  return name == null ? undefined : byName.get(name)?.pack;
}

/** Names of the languages whose `flag` is set (record `language` values). */
export function languagesWith(flag: 'compiled' | 'pathsFromPackageDir' | 'errorsAsValues' | 'messagesQuoteSource'): Set<string> {
  return new Set(PACKS.flatMap((p) => p.languages.filter((l) => l[flag]).map((l) => l.name)));
}

/** The languages that read the code a message names (Language.quotedCode), by the name records store, with their reader. */
export function codeQuoters(): [string, (message: string) => QuotedCode | null][] {
  return PACKS.flatMap((p) => p.languages.flatMap((l) => (l.quotedCode ? [[l.name, l.quotedCode] as [string, (message: string) => QuotedCode | null]] : [])));
}

/** Each language's internalPath or platformPath, by the name records store (the languages that have one). */
export function languagePaths(key: 'internalPath' | 'platformPath'): Map<string, RegExp> {
  return new Map(PACKS.flatMap((p) => p.languages.flatMap((l) => {
    const re = l[key];
    return re ? [[l.name, re] as [string, RegExp]] : [];
  })));
}

/** The analyzers of the packs loadAnalyzers loaded. */
export interface Analyzers {
  /** How a language is analyzed, by the name records store. */
  language(name: string): LanguageAnalyzer | undefined;
  /** How the language of a file writes conditions (its pack's syntax); null for a file no pack reads. */
  conditionsFor(file: string): ConditionSyntax | null;
}

/** Each pack's analyzer, once asked for (loadAnalyzers). */
const loadedPacks = new Map<LanguagePack, Analyzer>();
const loadingPacks = new Map<LanguagePack, Promise<void>>();

/** Answers for the packs loaded so far; asking for a language whose pack was not loaded is a caller's mistake. */
const loadedAnalyzers: Analyzers = {
  language: (name) => {
    const e = byName.get(name);
    return e && analyzerOf(e.pack).languages[e.language.name];
  },
  conditionsFor: (file) => {
    const pack = packForFile(file);
    return pack ? analyzerOf(pack).conditions : null;
  },
};

function analyzerOf(pack: LanguagePack): Analyzer {
  const a = loadedPacks.get(pack);
  if (!a) throw new Error(`the ${pack.id} pack's analyzer was not loaded (pass its languages to loadAnalyzers)`);
  return a;
}

/**
 * The analyzers of the packs of these language names (every pack's when none are given), imported
 * on the first call that names them: only what analyzes (the scan's workers, the pipeline's
 * prefilter and assembly) calls it. A tree of Python files loads the Python pack alone: each pack's
 * analysis modules cost a thread ~15-25 ms of CPU to load, in every worker and the main thread.
 */
export function loadAnalyzers(languages?: Iterable<string>): Promise<Analyzers> {
  const packs = languages === undefined ? PACKS : [...new Set([...languages].flatMap((n) => byName.get(n)?.pack ?? []))];
  const pending: Promise<void>[] = [];
  for (const pack of packs) {
    if (loadedPacks.has(pack)) continue;
    let p = loadingPacks.get(pack);
    if (!p) loadingPacks.set(pack, (p = pack.analyzer().then((a) => void loadedPacks.set(pack, a))));
    pending.push(p);
  }
  return pending.length ? Promise.all(pending).then(() => loadedAnalyzers) : Promise.resolve(loadedAnalyzers);
}
