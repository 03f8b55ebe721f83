// What both bench scripts (run.ts, match-loop.ts) time explain on, and how they summarize it.

import fs from 'node:fs';
import path from 'node:path';
import type { FileJob } from '../src/scan/analyze-file.js';
import { BatchFeeder, type Pool } from '../src/scan/pool.js';

/** Every evaluation case's printed trace and its message alone, in corpus order (none without the corpus). */
export function evaluationInputs(repo: string): string[] {
  const corpusDir = path.join(repo, 'eval/corpus');
  const inputs: string[] = [];
  if (!fs.existsSync(corpusDir)) return inputs;
  for (const f of fs.readdirSync(corpusDir).filter((x) => x.endsWith('.jsonl'))) {
    for (const l of fs.readFileSync(path.join(corpusDir, f), 'utf8').split('\n').filter(Boolean)) {
      const c = JSON.parse(l);
      inputs.push(c.trace, c.message);
    }
  }
  return inputs;
}

/** The p-th percentile of the values (nearest rank). */
export function pctl(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Hands every job to the pool batch by batch (BatchFeeder, as analyzeTree does) and waits for the last: the files and bytes fed. */
export async function feedAll(pool: Pool, jobs: Iterable<FileJob>): Promise<{ files: number; bytes: number }> {
  let files = 0, bytes = 0;
  const feeder = new BatchFeeder(pool, () => {});
  for (const job of jobs) {
    feeder.add(job);
    files++;
    bytes += Buffer.byteLength(job.text);
  }
  await feeder.done();
  return { files, bytes };
}
