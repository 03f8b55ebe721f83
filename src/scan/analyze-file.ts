// One file through its language pack. Runs inside a worker thread; an
// analyzer crash on one file becomes a problem report, never a failed run.

import type { Analyzers } from '../languages/registry.js';

export interface FileJob {
  rel: string;
  language: string;
  text: string;
}

/**
 * The analysis comes back as JSON text: the form the file cache stores, and a
 * string crosses from a worker far cheaper than a structured clone of the objects.
 */
export type FileOutcome = { rel: string; json: string; syntaxErrorLine?: number | null } | { rel: string; error: string };

/** `analyzers`: loadAnalyzers(), awaited once by the caller. */
export function analyzeFile(analyzers: Analyzers, job: FileJob): FileOutcome {
  const language = analyzers.language(job.language);
  if (!language) return { rel: job.rel, error: `no language pack for ${job.language}` };
  try {
    const analysis = language.analyze(job.text, job.rel);
    // (beside the JSON, so the main thread reports it without parsing the analysis)
    return { rel: job.rel, json: JSON.stringify(analysis), syntaxErrorLine: analysis.syntaxErrorLine };
  } catch (e) {
    return { rel: job.rel, error: `analyzer failed: ${(e as Error).message}` };
  }
}
