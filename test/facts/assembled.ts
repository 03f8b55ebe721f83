// Records of a tree of in-memory files, assembled as the CLI does: the facts tests' view of what a
// mechanism made of a class and its raises.
import { assemble, type Assembled } from '../../src/record/assemble.js';
import { loadAnalyzers } from '../../src/languages/registry.js';

const analyzers = await loadAnalyzers();

/** Analyze files (path → source) of one language as one tree. */
export function assembleFiles(language: string, files: Record<string, string>): Assembled {
  const analyzer = analyzers.language(language)!;
  return assemble(
    { repo: 'x/y', sha: null, package: null, version: null, pathPrefix: '', analyzedAt: '2026-01-01T00:00:00Z' },
    Object.entries(files).map(([rel, text]) => ({ rel, language, text, analysis: analyzer.analyze(text, rel) })),
    analyzers,
  );
}

/** The messages of the records at each line (`file:line`) of the tree of these files. */
export function messagesByLine(language: string, files: Record<string, string>): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const r of assembleFiles(language, files).records) {
    for (const line of [r.lineNumber, ...(r.alsoAt ?? [])]) {
      const key = `${r.filePath}:${line}`;
      m.set(key, [...(m.get(key) ?? []), r.errorMessage]);
    }
  }
  return m;
}
