// One file through its language frontend. Runs inside a worker thread; a
// frontend crash on one file becomes a problem report, never a failed run.

import { frontendByName } from '../languages/index.js';

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

export function analyzeFile(job: FileJob): FileOutcome {
  const frontend = frontendByName(job.language);
  if (!frontend) return { rel: job.rel, error: `no frontend for ${job.language}` };
  try {
    const analysis = frontend.analyze(job.text, job.rel);
    // (beside the JSON, so the main thread reports it without parsing the analysis)
    return { rel: job.rel, json: JSON.stringify(analysis), syntaxErrorLine: analysis.syntaxErrorLine };
  } catch (e) {
    return { rel: job.rel, error: `analyzer failed: ${(e as Error).message}` };
  }
}
