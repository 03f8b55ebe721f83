// The registry of language packs: the only list of languages. Adding one is a
// folder under src/languages/ plus one line here (docs/adding-a-language.md).

import type { Language, LanguagePack } from '../core/pack.js';
import { javascriptPack } from './javascript/index.js';
import { pythonPack } from './python/index.js';

export const PACKS: LanguagePack[] = [pythonPack, javascriptPack];

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
export function languagesWith(flag: 'compiled' | 'pathsFromPackageDir'): Set<string> {
  return new Set(PACKS.flatMap((p) => p.languages.filter((l) => l[flag]).map((l) => l.name)));
}
