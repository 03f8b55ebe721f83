// The registry of language frontends. Adding a language is one file in this
// folder plus one line here (and its trace parser in query/).

import { javascript, typescript } from './javascript.js';
import { python } from './python.js';
import type { LanguageFrontend } from './types.js';

export const FRONTENDS: LanguageFrontend[] = [python, javascript, typescript];

const byExtension = new Map<string, LanguageFrontend>();
for (const f of FRONTENDS) for (const ext of f.extensions) byExtension.set(ext, f);

export function frontendFor(fileName: string): LanguageFrontend | undefined {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? undefined : byExtension.get(fileName.slice(dot + 1).toLowerCase());
}

export function languageFor(fileName: string): string | undefined {
  return frontendFor(fileName)?.name;
}

export function frontendByName(name: string): LanguageFrontend | undefined {
  return FRONTENDS.find((f) => f.name === name);
}
