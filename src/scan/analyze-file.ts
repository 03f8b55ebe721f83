// One file through its language frontend. Runs inside a worker thread; a
// frontend crash on one file becomes a problem report, never a failed run.

import { frontendByName } from '../languages/index.js';
import type { FileAnalysis } from '../languages/types.js';

export interface FileJob {
  rel: string;
  language: string;
  text: string;
}

export type FileOutcome = { rel: string; analysis: FileAnalysis } | { rel: string; error: string };

export function analyzeFile(job: FileJob): FileOutcome {
  const frontend = frontendByName(job.language);
  if (!frontend) return { rel: job.rel, error: `no frontend for ${job.language}` };
  try {
    return { rel: job.rel, analysis: frontend.analyze(job.text, job.rel) };
  } catch (e) {
    return { rel: job.rel, error: `analyzer failed: ${(e as Error).message}` };
  }
}
