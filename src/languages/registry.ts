// The registry of language packs: the only list of languages. Adding one is a
// folder under src/languages/ plus one line here (docs/adding-a-language.md).

import type { ConditionSyntax } from '../core/condition.js';
import type { Language, LanguageAnalyzer, LanguagePack } from '../core/pack.js';
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

/** Every pack's analyzer, loaded (loadAnalyzers). */
export interface Analyzers {
  /** How a language is analyzed, by the name records store. */
  language(name: string): LanguageAnalyzer | undefined;
  /** How the language of a file writes conditions (its pack's syntax); null for a file no pack reads. */
  conditionsFor(file: string): ConditionSyntax | null;
}

let analyzers: Promise<Analyzers> | undefined;

/**
 * Every pack's analyzer, imported on the first call: only what analyzes (the scan's workers, the
 * pipeline's prefilter and assembly) calls it, once, and then analyzes in step.
 */
export function loadAnalyzers(): Promise<Analyzers> {
  return (analyzers ??= Promise.all(PACKS.map((p) => p.analyzer())).then((loaded) => {
    const byPack = new Map(PACKS.map((p, i) => [p, loaded[i]]));
    return {
      language: (name) => {
        const e = byName.get(name);
        return e && byPack.get(e.pack)!.languages[e.language.name];
      },
      conditionsFor: (file) => {
        const pack = packForFile(file);
        return pack ? byPack.get(pack)!.conditions : null;
      },
    };
  }));
}
